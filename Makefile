# make demo   runs examples/quickstart.R through the bridge
# make test   runs the test suite
# Both do the whole set-up first (tools/setup.sh): R from Debian when missing,
# .venv at the repository root, pyreticulate installed with its test extras.

VENV := .venv
STAMP := $(VENV)/.setup-done

.PHONY: setup demo test

setup: $(STAMP)

$(STAMP): pyproject.toml tools/setup.sh
	./tools/setup.sh
	touch $(STAMP)

demo: setup
	$(VENV)/bin/python -m pyreticulate run examples/quickstart.R

test: setup
	$(VENV)/bin/python -m pytest
