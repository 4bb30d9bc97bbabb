"""Run keras3's published guides and examples through the bridge, as written.

``make guides`` (or ``.venv/bin/python tools/keras3_guides.py``) takes the R
Markdown sources of keras3's guides (``vignettes-src/*.Rmd``) and examples
(``vignettes-src/examples/<domain>/*.Rmd``; the index page is not one) from a
keras3 repository, extracts each one's R code with ``knitr::purl()`` (chunks
with ``eval = FALSE`` stay comments, as the guide shows but does not run them),
runs it with ``pyreticulate run`` in a scratch directory of its own, and lists
each guide with what happened:

* ``ran``: the script ran to its end;
* ``needs package X``: it uses an R package (``library()``, ``X::``) or a Python
  module that is not installed (the note says whether Debian has the R one);
  such a script is not run;
* ``needs a download``: it stopped where it fetches data from the network (a
  Keras dataset not in Keras's cache, ``get_file()``, ``download.file()``), or
  where it reads a file the guide tells the reader to download;
* ``fails``: it stopped on another error (the first lines of its message);
* ``does not parse on this R``, ``needs R >= x``: it uses syntax or base
  functions of a newer R than the one here (R 4.3's ``_[[1]]`` after a pipe, R 4.4's
  ``%||%``);
* ``timed out``.

With ``--stand-in-data`` each script first replaces the Keras datasets the
guides load (``keras.datasets.mnist``, ``cifar10``, ...) by random data of the
real shapes and types, so the code behind a dataset download runs too (the
results are then meaningless; the behaviour is what is looked at). With
``--newer-base-r`` each script first defines, in the global environment, the
functions of a newer base R the guides use that this R lacks (R 4.4's ``%||%``),
so the code after them runs too.

With ``--keras2`` it runs keras 2.15's guides instead, for ``library(keras)``:
those of keras3's repository at tag v2.15.0 (``vignettes/*.Rmd``,
``vignettes/new-guides/*.Rmd`` and the R scripts ``vignettes/examples/*.R``);
``--stand-in-data`` then replaces tf_keras's datasets, once ``library(keras)``
has loaded.

The scripts, their output (``<guide>.log``) and the table (``summary.md``) go to
``guides-out/`` in the working directory. It is a development tool, not a test:
``make test`` does not run it.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REPO = "/work/.mirror/rstudio+keras3/repo"


@dataclass(frozen=True)
class Edition:
    """Where one package's guides are: the revision, their folder and its subfolders that hold
    guides too (besides the folder's own .Rmd files), and the subfolders whose guides are R
    scripts (``*.R``: keras 2.15's examples, whose .Rmd pages only knit the script);
    ``index.Rmd`` files are the website's lists, not guides. ``datasets`` is the module whose
    datasets the stand-in data replaces; with ``datasets_after``, only once that R package has
    loaded (importing tf_keras sooner would choose Keras 2 for ``tf$keras``)."""
    title: str
    ref: str
    folder: str
    sections: tuple
    script_sections: tuple = ()
    datasets: str = "keras.datasets"
    datasets_after: str = None


KERAS3 = Edition("keras3 guides", "HEAD", "vignettes-src", ("examples",))
KERAS2 = Edition("keras 2.15 guides", "v2.15.0", "vignettes", ("new-guides",), ("examples",),
                 datasets="tf_keras.datasets", datasets_after="keras")

BASE_PACKAGES = {"base", "stats", "utils", "methods", "graphics", "grDevices", "datasets",
                 "tools", "grid", "parallel", "compiler", "splines", "stats4", "tcltk"}
# What a Keras dataset loader needs from the network, by its R name.
DOWNLOADING_CALLS = ("application_\\w+", "dataset_mnist", "dataset_fashion_mnist", "dataset_cifar10",
                     "dataset_cifar100", "dataset_imdb", "dataset_reuters",
                     "dataset_boston_housing", "dataset_california_housing", "get_file",
                     r"download\.file")
DOWNLOAD_ERRORS = re.compile(
    r"could not be downloaded|cannot open URL|URL fetch failure|urlopen error|"
    r"Could not resolve host|Temporary failure in name resolution|Name or service not known|"
    r"Network is unreachable|does not exist in current working directory", re.IGNORECASE)
# Functions base R gained after 4.2 (the R of Debian 12), which the guides use:
# the R version that has each, and its definition there.
NEWER_BASE_R = {"%||%": "4.4.0"}
NEWER_BASE_R_DEFINITIONS = {"%||%": "function(x, y) if (is.null(x)) y else x"}
MISSING_FUNCTION = re.compile(r'could not find function "([^"]+)"')
MISSING_R_PACKAGE = re.compile(r"there is no package called [‘'\"]([^’'\"]+)[’'\"]")
MISSING_PY_MODULE = re.compile(r"No module named '([^']+)'")
STOPPED_AT = re.compile(r"\[guide stopped at (line \d+ of \d+)\]")
ANSI = re.compile(r"\x1b\[[0-9;]*m|\[[0-9;]*m(?=\S)")

# Random data of the shapes and dtypes of the Keras datasets the guides load
# (x_train, y_train, x_test, y_test per dataset: sample counts, item shapes,
# number of classes), put in place of their load_data().
STAND_IN_DATA = r'''
import importlib as _importlib
import numpy as _np
_datasets = _importlib.import_module("%s")

def _stand_in(name, n_train, n_test, item, classes, label_shape):
    def load_data(*args, **kwargs):
        rng = _np.random.default_rng(0)
        def part(n):
            x = rng.integers(0, 256, size=(n, *item), dtype=_np.uint8)
            y = rng.integers(0, classes, size=(n, *label_shape), dtype=_np.uint8)
            return x, y
        return part(n_train), part(n_test)
    getattr(_datasets, name).load_data = load_data

_stand_in("mnist", 60000, 10000, (28, 28), 10, ())
_stand_in("fashion_mnist", 60000, 10000, (28, 28), 10, ())
_stand_in("cifar10", 50000, 10000, (32, 32, 3), 10, (1,))
_stand_in("cifar100", 50000, 10000, (32, 32, 3), 100, (1,))
'''


@dataclass
class Guide:
    source: str                      # path in the keras3 repository
    name: str = ""                   # source without vignettes-src/ and .Rmd
    script: Path = None
    packages: list = field(default_factory=list)
    downloads: list = field(default_factory=list)
    result: str = ""
    detail: str = ""
    seconds: float = 0.0


# ---- the sources -----------------------------------------------------------------------

def _git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def _work_tree(repo, edition):
    """Whether the guides are read from ``repo``'s files (a work tree of keras3's HEAD) rather
    than from its history."""
    return edition.ref == "HEAD" and (Path(repo) / edition.folder).is_dir()


def list_guides(repo, edition=KERAS3):
    """The guides' and examples' paths in ``repo`` (a work tree or a bare git directory)."""
    folder = edition.folder
    if _work_tree(repo, edition):
        paths = [str(p.relative_to(repo)) for p in sorted((Path(repo) / folder).rglob("*"))
                 if p.is_file()]
    else:
        paths = _git(repo, "ls-tree", "-r", "--name-only", edition.ref, folder).split()
    documents = [p for p in paths if p.endswith(".Rmd") and not p.endswith("/index.Rmd")]
    chosen = sorted(p for p in documents if p.count("/") == 1)
    for section in edition.sections:
        chosen += sorted(p for p in documents if p.startswith(f"{folder}/{section}/"))
    for section in edition.script_sections:
        chosen += sorted(p for p in paths if p.startswith(f"{folder}/{section}/")
                         and p.endswith(".R"))
    return [Guide(p, name=p[len(folder) + 1:].rsplit(".", 1)[0]) for p in chosen]


def read_source(repo, path, edition=KERAS3):
    if _work_tree(repo, edition):
        return (Path(repo) / path).read_text()
    return _git(repo, "show", f"{edition.ref}:{path}")


def extract(guides, repo, out, edition=KERAS3):
    """Each guide's R code, by knitr::purl() (an R script as it is), into
    ``out/scripts/<name>.R``."""
    rmd_dir = out / "rmd"
    pairs = []
    for guide in guides:
        guide.script = out / "scripts" / f"{guide.name}.R"
        guide.script.parent.mkdir(parents=True, exist_ok=True)
        if guide.source.endswith(".R"):
            guide.script.write_text(read_source(repo, guide.source, edition))
            continue
        rmd = rmd_dir / f"{guide.name}.Rmd"
        rmd.parent.mkdir(parents=True, exist_ok=True)
        rmd.write_text(read_source(repo, guide.source, edition))
        pairs.append((rmd, guide.script))
    if not pairs:
        return
    calls = "\n".join(f"knitr::purl({str(rmd)!r}, output = {str(script)!r}, quiet = TRUE)"
                      for rmd, script in pairs)
    done = subprocess.run(["Rscript", "-e", "invisible({\n" + calls + "\n})"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("keras3_guides: knitr::purl() failed (is knitr installed? apt-get install "
                 f"r-cran-knitr):\n{done.stderr}")


# ---- what a script uses ----------------------------------------------------------------

def _code_lines(script):
    return [line.split("#", 1)[0] for line in script.read_text().splitlines()]


def packages_used(script):
    """The R packages a script loads or calls with ``::``, in order of first use."""
    found = []
    pattern = re.compile(r"(?:library|require|requireNamespace)\(\s*[\"']?([A-Za-z][\w.]*)|"
                         r"\b([A-Za-z][\w.]*):::?")
    for line in _code_lines(script):
        for m in pattern.finditer(line):
            name = m.group(1) or m.group(2)
            if name not in found and name not in BASE_PACKAGES:
                found.append(name)
    return found


def downloads_used(script):
    """The calls in a script that fetch data from the network when it is not cached."""
    found = []
    for line in _code_lines(script):
        for call in DOWNLOADING_CALLS:
            for m in re.finditer(rf"(?<![\w.])({call})\(", line):
                if m.group(1) not in found:
                    found.append(m.group(1))
        if "tensorflow_datasets" in line and "tensorflow_datasets" not in found:
            found.append("tensorflow_datasets")
    return found


def project_packages():
    return {p.name for p in (ROOT / "r").iterdir() if (p / "DESCRIPTION").is_file()}


def installed(packages):
    """Which of the R packages are installed (the project's own always are)."""
    if not packages:
        return {}
    names = ", ".join(repr(p) for p in packages)
    done = subprocess.run(
        ["Rscript", "-e", f"p <- c({names}); cat(p[nzchar(vapply(p, function(x) "
                          "system.file(package = x), ''))], sep = '\\n')"],
        capture_output=True, text=True, check=True)
    present = set(done.stdout.split())
    return {p: p in present for p in packages}


def debian_package(package):
    """Debian's package of an R package, when apt knows one, else None."""
    name = f"r-cran-{package.lower()}"
    done = subprocess.run(["apt-cache", "policy", name], capture_output=True, text=True)
    candidate = re.search(r"Candidate:\s*(\S+)", done.stdout)
    return name if candidate and candidate.group(1) != "(none)" else None


# ---- running -----------------------------------------------------------------------------

# Runs a guide's script one top-level expression at a time, as Rscript does
# (visible values printed), saying at which line it stopped.
RUN_SCRIPT = r"""local({
  exprs <- parse(file = %s, keep.source = TRUE)
  lines <- vapply(attr(exprs, "srcref"), function(ref) ref[[1L]], 1L)
  for (i in seq_along(exprs)) withCallingHandlers({
    shown <- withVisible(eval(exprs[[i]], globalenv()))
    if (shown$visible) print(shown$value)
  }, error = function(e) cat(sprintf("[guide stopped at line %%d of %%d]\n", lines[[i]],
                                     %d), file = stderr()))
})
"""


def newer_base_r_preamble():
    """R code defining the newer base R functions of NEWER_BASE_R where this R lacks them."""
    return "".join(f'if (getRversion() < "{version}") assign("{name}", '
                   f'{NEWER_BASE_R_DEFINITIONS[name]}, envir = globalenv())\n'
                   for name, version in NEWER_BASE_R.items())


def stand_in_preamble(edition):
    """R code putting the stand-in data in place of the edition's datasets: at once, or once
    the R package ``datasets_after`` has loaded."""
    run = f"reticulate::py_run_string({STAND_IN_DATA % edition.datasets!r})"
    if edition.datasets_after:
        return (f'setHook(packageEvent("{edition.datasets_after}", "onLoad"), '
                f'function(...) {run})\n')
    return run + "\n"


def runnable_script(guide, out, stand_in, newer_base_r=False, edition=KERAS3):
    """The file to run: the guide's code (after the stand-in data and the newer base R
    functions, when asked)."""
    path = out / "scripts" / f"{guide.name}.run.R"
    preamble = stand_in_preamble(edition) if stand_in else ""
    preamble += newer_base_r_preamble() if newer_base_r else ""
    total = len(guide.script.read_text().splitlines())
    path.write_text(preamble + RUN_SCRIPT % (repr(str(guide.script)), total))
    return path


def error_text(output):
    """The last R error in a run's output: its lines up to ``Execution halted``."""
    lines = output.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Error")]
    if not starts:
        return ""
    block = []
    for line in lines[starts[-1]:]:
        if line.startswith(("Execution halted", "[guide stopped")):
            break
        block.append(line)
    return "\n".join(block)


def classify(returncode, output):
    """(result, detail) of a run, from its exit status and output."""
    if returncode == 0:
        return "ran", ""
    error = error_text(output) or "\n".join(output.splitlines()[-5:])
    where = STOPPED_AT.search(output)
    where = f"{where.group(1)}: " if where else ""
    if error.startswith("Error in parse(file ="):
        return "does not parse on this R", _first_lines(error, 2).split(" / ", 1)[-1]
    function = MISSING_FUNCTION.search(error)
    if function and function.group(1) in NEWER_BASE_R:
        name = function.group(1)
        return f"needs R >= {NEWER_BASE_R[name]}", f"{where}base R's {name}"
    package = MISSING_R_PACKAGE.search(error)
    if package:
        return f"needs package {package.group(1)}", ""
    module = MISSING_PY_MODULE.search(error)
    if module:
        return f"needs Python module {module.group(1)}", ""
    if DOWNLOAD_ERRORS.search(error):
        return "needs a download", where + _first_lines(error, 1)
    return "fails", where + _first_lines(error, 3)


def _first_lines(text, n, width=240):
    lines = [ANSI.sub("", line).strip() for line in text.splitlines() if line.strip()]
    joined = " / ".join(lines[:n])
    return joined if len(joined) <= width else joined[:width - 3] + "..."


def run_guide(guide, out, runner, timeout, stand_in, newer_base_r=False, edition=KERAS3):
    work = out / "work" / guide.name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    script = runnable_script(guide, out, stand_in, newer_base_r, edition)
    log = out / "logs" / f"{guide.name}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    try:
        done = subprocess.run([runner, "run", str(script)], cwd=work, capture_output=True,
                              text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        output = done.stdout + done.stderr
        guide.result, guide.detail = classify(done.returncode, output)
    except subprocess.TimeoutExpired as e:
        output = _text(e.stdout) + _text(e.stderr)
        guide.result, guide.detail = "timed out", f"after {timeout} s"
    guide.seconds = time.monotonic() - start
    log.write_text(output)


def _text(value):
    if value is None:
        return ""
    return value.decode(errors="replace") if isinstance(value, bytes) else value


# ---- the table ---------------------------------------------------------------------------

def summary(guides, stand_in, newer_base_r=False, edition=KERAS3):
    changes = (["with stand-in data for Keras's datasets"] if stand_in else []) + \
        (["with newer base R functions defined"] if newer_base_r else [])
    head = ", ".join(changes) or "as written"
    lines = [f"{edition.title}, {head}", "",
             "| guide | result | detail | downloads in the code | s |", "|---|---|---|---|---|"]
    for g in guides:
        detail = g.detail.replace("|", "\\|")
        lines.append(f"| {g.name} | {g.result} | {detail} | {', '.join(g.downloads)} | "
                     f"{g.seconds:.0f} |")
    counts = {}
    for g in guides:
        key = "needs a package" if g.result.startswith("needs package") else g.result
        counts[key] = counts.get(key, 0) + 1
    lines += ["", "guides: " + ", ".join(f"{n} {k}" for k, n in counts.items())]
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", default=os.environ.get("KERAS3_REPO", DEFAULT_REPO),
                        help="keras3's repository: a work tree or a git directory "
                             "(default: $KERAS3_REPO, else %(default)s)")
    parser.add_argument("--out", default="guides-out", help="output directory")
    parser.add_argument("--runner", default=str(ROOT / ".venv" / "bin" / "pyreticulate"))
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per guide")
    parser.add_argument("--stand-in-data", action="store_true",
                        help="replace Keras's datasets by random data of their shapes")
    parser.add_argument("--newer-base-r", action="store_true",
                        help="define the newer base R functions the guides use (R 4.4's %%||%%) "
                             "where this R lacks them")
    parser.add_argument("--keras2", action="store_true",
                        help="run keras 2.15's guides (tag v2.15.0) with library(keras)")
    parser.add_argument("only", nargs="*", help="run only guides whose name contains one of these")
    args = parser.parse_args(argv)
    edition = KERAS2 if args.keras2 else KERAS3
    if not Path(args.repo).exists():
        sys.exit(f"keras3_guides: no keras3 repository at {args.repo} (give --repo or "
                 "KERAS3_REPO)")
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    guides = [g for g in list_guides(args.repo, edition)
              if not args.only or any(word in g.name for word in args.only)]
    extract(guides, args.repo, out, edition)
    ours = project_packages()
    for guide in guides:
        guide.packages = packages_used(guide.script)
        guide.downloads = downloads_used(guide.script)
    present = installed(sorted({p for g in guides for p in g.packages} - ours))
    for guide in guides:
        missing = [p for p in guide.packages if p not in ours and not present.get(p, False)]
        if missing:
            debian = {p: debian_package(p) for p in missing}
            guide.result = "needs package " + ", ".join(missing)
            guide.detail = "; ".join(f"{p}: Debian has {d}" if d else f"{p}: not in Debian"
                                     for p, d in debian.items())
        else:
            run_guide(guide, out, args.runner, args.timeout, args.stand_in_data,
                      args.newer_base_r, edition)
        print(f"{guide.name}: {guide.result} {guide.detail}".rstrip(), flush=True)
    table = summary(guides, args.stand_in_data, args.newer_base_r, edition)
    suffix = ("-keras2" if args.keras2 else "") + ("-stand-in" if args.stand_in_data else "") + \
        ("-newer-base-r" if args.newer_base_r else "")
    (out / f"summary{suffix}.md").write_text(table)
    print("\n" + table)


if __name__ == "__main__":
    main()
