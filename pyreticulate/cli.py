"""The command line.

    pyreticulate run FILE.R [ARGS...]   run a script (commandArgs(trailingOnly = TRUE) is ARGS)
    pyreticulate launch [--workers N] FILE.R [ARGS...]
                                         run a script as N workers of a distributed job (launch.py)
    pyreticulate -e EXPR [-e EXPR ...]   evaluate R expressions
    pyreticulate render DOC.Rmd [--to html|md|pdf] [--output FILE] [--params NAME=VALUE ...]
                                         render an R Markdown document (rmarkdown)
    pyreticulate kernel install [--user | --sys-prefix | --prefix DIR] [--name NAME]
                                         register the Jupyter kernel (notebooks/kernelspec.py)
    pyreticulate                         an interactive R console with the bridge
    pyreticulate diagnose                versions and paths of R, rpy2, Python and numpy, and
                                         what is set for TensorFlow's start-up logs

A script that fails prints R's error message on stderr and exits with status 1; one
stopped by Ctrl-C (during start-up included) prints "Interrupted" and exits with 130.
"""
import argparse
import os
import sys

from . import __version__, api, launch
from .notebooks import kernelspec
from .tensorflow import quiet as tensorflow_quiet
from .runtime import embedded, errors, evaluation
from .libr import capi, vectors
from .runtime.handles import RObject
from .libr.protect import protected

USAGE = __doc__.split("\n\n")[1]


def main(argv=None):
    try:
        return _dispatch(list(sys.argv[1:] if argv is None else argv))
    except embedded.StartupError as exc:
        print(f"pyreticulate: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:   # a Ctrl-C during start-up, delivered once R is up
        sys.stdout.flush()
        print("Interrupted", file=sys.stderr)
        return 130


def _dispatch(argv):
    if not argv:
        return console()
    if argv[0] in ("-h", "--help"):
        print("usage:\n" + USAGE)
        return 0
    if argv[0] == "--version":
        print(f"pyreticulate {__version__}")
        return 0
    if argv[0] == "run":
        if len(argv) < 2:
            print("pyreticulate run: missing the R script to run\nusage:\n" + USAGE,
                  file=sys.stderr)
            return 2
        return run_file(argv[1], argv[2:])
    if argv[0] == "launch":
        return launch.main(argv[1:])
    if argv[0] in ("-e", "--expr"):
        return run_expressions(_expressions(argv))
    if argv[0] == "diagnose":
        return diagnose()
    if argv[0] == "render":
        return render(argv[1:])
    if argv[0] == "kernel":
        return kernelspec.main(argv[1:])
    print(f"pyreticulate: unknown command {argv[0]!r}\nusage:\n" + USAGE, file=sys.stderr)
    return 2


def _expressions(argv):
    exprs, args = [], iter(argv)
    for flag in args:
        if flag in ("-e", "--expr"):
            exprs.append(next(args, ""))
    return exprs


def run_file(path, args):
    if not os.path.isfile(path):
        print(f"pyreticulate: cannot open file '{path}': No such file", file=sys.stderr)
        return 2
    api.start(interactive=False, args=(f"--file={path}", "--args", *args))
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:  # R judges the bytes
        source = handle.read()
    return _run_source(source, attach=False)


def run_expressions(exprs):
    api.start(interactive=False)
    return _run_source("\n".join(exprs), attach=True)


def _run_source(source, attach):
    try:
        if attach:
            _attach_pyreticulate()
        exprs = evaluation.parse(source)
    except errors.RError as exc:
        print(f"Error: {exc.r_message}\nExecution halted", file=sys.stderr)
        return 1
    for i in range(capi.lib.LENGTH(exprs.sexp)):
        status = _toplevel(capi.lib.VECTOR_ELT(exprs.sexp, i))
        if status is not None:
            print("Execution halted", file=sys.stderr)
            return status
    return 0


def _attach_pyreticulate():
    """``library(pyreticulate)`` quietly, as R's top level."""
    evaluation.eval_text("suppressPackageStartupMessages(library(pyreticulate))")


def _toplevel(expr):
    """Evaluate one top-level expression; None, or the exit status after an error."""
    return _at_top_level(lambda keep: evaluation.call_function(
        evaluation.function(".pyr_toplevel"), [expr], keep=keep))


def _at_top_level(run):
    """``run(keep)`` as R's top level; None, or the exit status after an error."""
    try:
        with protected() as keep:
            run(keep)
        return None
    except KeyboardInterrupt:
        sys.stdout.flush()
        print("Interrupted", file=sys.stderr)
        return 130
    except BaseException as exc:  # every error reaches the user as R's message
        sys.stdout.flush()
        print(evaluation.error_text(exc), file=sys.stderr)
        return 1


def render(argv):
    """``pyreticulate render``: an R Markdown document rendered by rmarkdown in this R,
    whose Python chunks run in this Python (r/pyreticulate/R/render.R)."""
    parser = argparse.ArgumentParser(
        prog="pyreticulate render", description="Render an R Markdown document with rmarkdown.")
    parser.add_argument("document", help="the .Rmd file")
    parser.add_argument("--to", choices=("html", "md", "pdf"),
                        help="the output format (default: the document's own, else html)")
    parser.add_argument("--output", "-o", metavar="FILE", help="the output file")
    parser.add_argument("--params", nargs="+", action="extend", default=[],
                        metavar="NAME=VALUE", help="the document's parameters (values as YAML)")
    try:
        options = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code
    api.start(interactive=False)
    lib = capi.lib

    def text(value, keep):
        return lib.R_NilValue if value is None else keep(capi.mkstring(value))

    def run(keep):
        params = keep(vectors.str_vector(options.params)) if options.params else lib.R_NilValue
        evaluation.call_function(
            evaluation.function(".pyr_render"), [text(options.document, keep)],
            kwargs=[("to", text(options.to, keep)), ("output", text(options.output, keep)),
                    ("params", params)], keep=keep)

    status = _at_top_level(run)
    if status is not None:
        print("Execution halted", file=sys.stderr)
    return status or 0


def console():
    """An interactive R console whose R can use Python through the bridge."""
    import readline  # noqa: F401  (line editing and history for input())
    api.start(interactive=True)
    _attach_pyreticulate()
    print(f"R {embedded.r_version_string()} embedded in Python {sys.version.split()[0]} "
          "(pyreticulate). Type q() to quit.")
    pending = []
    while True:
        try:
            line = input("+ " if pending else "> ")
        except EOFError:
            print()
            return 0
        except KeyboardInterrupt:
            print()
            pending = []
            continue
        pending.append(line)
        with protected() as keep:
            parsed = evaluation.call_function(evaluation.function(".pyr_parse_status"),
                                              [keep(capi.mkstring("\n".join(pending)))],
                                              keep=keep)
            status = vectors.strings(capi.lib.VECTOR_ELT(parsed, 0))[0]
            if status == "incomplete":
                continue
            pending = []
            if status == "error":
                message = vectors.strings(capi.lib.VECTOR_ELT(parsed, 1))[0]
                print(f"Error: {message}", file=sys.stderr)
                continue
            exprs = RObject(capi.lib.VECTOR_ELT(parsed, 1))
        for i in range(capi.lib.LENGTH(exprs.sexp)):
            if _toplevel(capi.lib.VECTOR_ELT(exprs.sexp, i)) is not None:
                break


def diagnose():
    """Print what the bridge runs on: R, libR, rpy2, cffi mode, Python, numpy, library paths."""
    import platform
    home = embedded.r_home()
    print(f"{'Python':<16} {platform.python_version()} ({sys.executable})")
    print(f"{'R':<16} {embedded.r_version(home)} (R_HOME={home})")
    print(f"{'libR':<16} {os.path.join(home, 'lib', 'libR.so')}")
    for dist in ("rpy2-rinterface", "cffi", "numpy", "pandas", "tensorflow-cpu", "keras"):
        print(f"{dist:<16} {embedded.installed_version(dist) or 'not installed'}")
    api.start()
    from rpy2.rinterface_lib import openrlib
    mode = "API" if hasattr(openrlib._rinterface_cffi, "lib") else "ABI"
    print(f"{'rpy2 cffi':<16} {mode} mode")
    print(f"{'pyreticulate':<16} libR through {capi.mode()}")
    paths = vectors.strings(evaluation.eval_text(".libPaths()").sexp)
    print(f"{'R libraries':<16} " + ("\n" + " " * 17).join(paths))
    for name, text in tensorflow_quiet.describe():
        print(f"{name:<16} {text}")
    return 0
