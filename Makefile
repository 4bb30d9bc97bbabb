# make demo   runs examples/quickstart.R and examples/keras_regression.R
# make test   runs the test suite, then the conversion, crossing and libR tests
#             again on the pure-Python path (PYRETICULATE_PURE_PYTHON=1)
# make stress runs the stress suite (tests/stress; not part of make test):
#             threads, memory, gctorture, sigint, fuzz and the issue-11 cases,
#             each family ending with one line "family: N passed, M failed"
# make bench  runs the benchmarks against reticulate (bench/README.md) and
#             writes the table into README.md; bench/setup.sh adds reticulate
#             and its Python (bench/.venv-reticulate)
# make wrappers  regenerates keras3's wrapper files (r/keras3/R/layers-*.R,
#             ops-*.R, losses.R, ...) from the installed Keras; commit the diff
# make guides runs keras3's published guides and examples as written through
#             the bridge (tools/keras3_guides.py; not part of make test) and lists
#             each: ran, needs a download, needs package X, fails; GUIDES_ARGS
#             passes options (--stand-in-data, --newer-base-r, --keras2 for keras 2.15's
#             guides with library(keras), guide names); KERAS3_REPO names
#             keras3's repository (default: the mirror at /work/.mirror)
# make keras2  regenerates library(keras)'s family files and NAMESPACE (r/keras) from
#             tools/keras2 (exports.tsv and families/*.py); commit the diff
# make conformance  runs the peers' own test suites (reticulate, keras3,
#             tensorflow, keras 2.x, tfdatasets) with the kit at ../shared/conformance (not part of the
#             repository) and ends with their five final lines
# Each does the whole set-up first (tools/setup.sh): R from Debian when missing,
# .venv at the repository root, pyreticulate installed with its test extras.

VENV := .venv
# make test spreads the tests over two processes (pytest-xdist; a module's tests, and an R
# package's testthat files, stay together): PYTEST_PARALLEL= runs them in one
PYTEST_PARALLEL ?= -n 2 --dist loadgroup
STAMP := $(VENV)/.setup-done

.PHONY: setup demo test stress bench wrappers guides keras2 conformance

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py tools/setup.sh pyreticulate/libr/_fast.c pyreticulate/libr/_fast.h pyreticulate/libr/cdef.py pyreticulate/libr/fast_build.py pyreticulate/bridge/_crossing.c pyreticulate/bridge/crossing_build.py
	./tools/setup.sh
	touch $(STAMP)

demo: setup
	$(VENV)/bin/python -m pyreticulate run examples/quickstart.R
	$(VENV)/bin/python -m pyreticulate run examples/keras_regression.R

test: setup
	$(VENV)/bin/python -m pytest $(PYTEST_PARALLEL)
	PYRETICULATE_PURE_PYTHON=1 $(VENV)/bin/python -m pytest -q $(PYTEST_PARALLEL) tests/convert tests/bridge tests/libr

stress: setup
	$(VENV)/bin/python -m pytest tests/stress

bench: setup
	MAIN_PY=$(VENV)/bin/python ./bench/setup.sh
	$(VENV)/bin/python bench/run.py --rounds 2 --readme README.md

wrappers: setup
	$(VENV)/bin/python -m pyreticulate.keras.wrappers r/keras3/R

guides: setup
	$(VENV)/bin/python tools/keras3_guides.py $(GUIDES_ARGS)

keras2: setup
	$(VENV)/bin/python tools/keras2/generate.py r/keras

CONFORMANCE_KIT := ../shared/conformance

conformance: setup
	@test -x $(CONFORMANCE_KIT)/run.sh || { echo "make conformance: no conformance kit at $(CONFORMANCE_KIT) (it lives beside the repository, not in it)" >&2; exit 2; }
	$(CONFORMANCE_KIT)/run.sh all
