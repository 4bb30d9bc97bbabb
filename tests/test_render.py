"""``pyreticulate render DOC.Rmd`` (cli.py, r/pyreticulate/R/render.R): R Markdown
rendered by rmarkdown in the bridge's R, Python chunks in the same Python, a failing chunk
named; and ``rmarkdown::render()`` from a script doing the same."""
import base64
import os
import re
import subprocess
import sys
import textwrap

import pytest

from helpers import ROOT, run_script

QUIET = {"TF_CPP_MIN_LOG_LEVEL": "2"}

DOCUMENT = '''\
---
title: "shared"
output: md_document
params:
  n: 2
---

```{r setup}
library(reticulate)
x <- 21
```

```{python share}
y = r.x * 2
print(f"python sees {r.x}")
```

```{r back}
cat("R sees", py$y, "\\n")
py_run_string("print('printed by Python in an R chunk')")
plot(1:3)
```

```{python figure}
import matplotlib.pyplot as plt
plt.plot([1, 2, 3]);
```

```{python failing, error = TRUE}
1 / 0
print("still running")
```

```{r param}
cat("n is", params$n, "\\n")
```
'''


def render(directory, *args, env=None):
    environment = {**os.environ, "PYTHONPATH": ROOT, **QUIET, **(env or {})}
    return subprocess.run([sys.executable, "-m", "pyreticulate", "render", *args],
                          capture_output=True, text=True, timeout=600, env=environment,
                          cwd=str(directory))


def write(directory, name, text):
    (directory / name).write_text(textwrap.dedent(text))
    return directory / name


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """The document rendered once, to Markdown, with a parameter and an output path."""
    directory = tmp_path_factory.mktemp("render")
    write(directory, "shared.Rmd", DOCUMENT)
    (directory / "out").mkdir()
    proc = render(directory, "shared.Rmd", "--to", "md", "--output", "out/result.md",
                  "--params", "n=3")
    assert proc.returncode == 0, proc.stderr
    return directory, proc, (directory / "out" / "result.md").read_text()


def test_render_writes_the_output_file_it_names(rendered):
    directory, proc, _ = rendered
    assert f"Output created: {directory / 'out' / 'result.md'}" in proc.stderr


def test_a_python_chunk_reads_r_values_and_prints_into_the_document(rendered):
    assert "## python sees 21.0" in rendered[2]


def test_an_r_chunk_reads_python_values(rendered):
    assert "## R sees 42" in rendered[2]


def test_python_output_of_an_r_chunk_is_in_the_document(rendered):
    assert "## printed by Python in an R chunk" in rendered[2]


def test_r_and_matplotlib_figures_are_images_of_the_document(rendered):
    directory, _, text = rendered
    images = re.findall(r'(?:!\[\]\(|<img src=")([^")]+\.png)', text)
    assert [os.path.basename(path) for path in images] == ["back-1.png", "figure-1.png"]
    assert all(open(directory / "out" / path, "rb").read(4) == b"\x89PNG" for path in images)


def test_a_chunk_with_error_true_shows_the_traceback_and_goes_on(rendered):
    text = rendered[2]
    assert "## Error: Traceback (most recent call last):" in text
    assert "ZeroDivisionError: division by zero" in text
    assert text.index("ZeroDivisionError") < text.index("## still running")


def test_params_given_on_the_command_line_are_read_as_yaml(rendered):
    assert "## n is 3" in rendered[2]


def test_an_r_chunk_error_stops_the_render_naming_the_chunk_and_lines(tmp_path):
    write(tmp_path, "bad.Rmd", '''\
        ---
        title: bad
        ---

        ```{r fine}
        x <- 1
        ```

        ```{r boom}
        f <- function() stop("it broke")
        f()
        ```
        ''')
    proc = render(tmp_path, "bad.Rmd")
    assert proc.returncode == 1
    assert ("Error: chunk 'boom' (lines 10-12 of bad.Rmd) stopped the document:\n"
            "Error in f() : it broke\nExecution halted") in proc.stderr
    assert not (tmp_path / "bad.html").exists()


def test_a_python_chunk_error_stops_the_render_naming_the_chunk_and_line(tmp_path):
    write(tmp_path, "bad.Rmd", '''\
        ---
        title: bad
        ---

        ```{python prep}
        values = [1, 2]
        values[5]
        ```
        ''')
    proc = render(tmp_path, "bad.Rmd")
    assert proc.returncode == 1
    assert "Error: chunk 'prep' (line 7 of bad.Rmd) stopped the document:" in proc.stderr
    assert "IndexError: list index out of range" in proc.stderr


def test_a_missing_document_is_an_error_naming_it(tmp_path):
    proc = render(tmp_path, "absent.Rmd")
    assert proc.returncode == 1
    assert "no R Markdown document 'absent.Rmd'" in proc.stderr


def test_rmarkdown_render_from_a_script_runs_python_chunks_the_same(tmp_path):
    write(tmp_path, "shared.Rmd", DOCUMENT)
    proc = run_script(tmp_path, 'rmarkdown::render("shared.Rmd", quiet = TRUE)\n', env=QUIET)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "shared.md").read_text()
    assert "## python sees 21.0" in text
    assert "## printed by Python in an R chunk" in text
    assert "## n is 2" in text


def test_the_example_report_renders_outputs_and_the_history_plot(tmp_path):
    environment = {name: value for name, value in os.environ.items()
                   if not name.startswith("TF_")}
    proc = subprocess.run(
        [sys.executable, "-m", "pyreticulate", "render", os.path.join(ROOT, "examples", "report.Rmd"),
         "--output", str(tmp_path / "report.html")],
        capture_output=True, text=True, timeout=900, env={**environment, "PYTHONPATH": ROOT})
    assert proc.returncode == 0, proc.stderr
    html = (tmp_path / "report.html").read_text()
    assert "600 points, 49% of them in class 1" in html                 # the Python chunk
    assert re.search(r"Epoch 15/15\s*\n## 15/15 - ", html)                # the R chunk's fit()
    assert "validation accuracy after 15 epochs" in html                 # Python reading R
    image = re.search(r'<img src="data:image/png;base64,([^"]+)"', html)
    assert image is not None
    assert base64.b64decode(image.group(1))[:4] == b"\x89PNG"
    assert re.findall(r"^[IWEF]\d{4} \d\d:\d\d:", proc.stderr, flags=re.M) == []
