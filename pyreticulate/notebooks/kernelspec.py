"""``pyreticulate kernel install``: registers the Jupyter kernel (``kernel``) with
Jupyter, so ``jupyter kernelspec list`` shows it and notebooks can use it.

The kernel runs as ``<this Python> -m pyreticulate.notebooks.kernel``, so it
starts the Python (and its R) that installed it. Installing also installs the
bundled R packages into their cache when they are not there yet, so that the
kernel's first start stays within Jupyter's start-up timeout. Where it goes is
jupyter_client's choice for each flag: the system's kernels by default,
``--user`` the user's, ``--sys-prefix`` this environment's, ``--prefix DIR``
``DIR/share/jupyter/kernels``.
"""
import argparse
import json
import os
import sys
import tempfile

from ..runtime import embedded, rpackages

NAME = "pyreticulate"
DISPLAY_NAME = "R (pyreticulate)"
NEEDS = "the Jupyter kernel needs ipykernel and jupyter_client: pip install 'pyreticulate[notebooks]'"


def kernel_json(display_name=DISPLAY_NAME):
    """The kernel's spec (``kernel.json``)."""
    return {
        "argv": [sys.executable, "-m", "pyreticulate.notebooks.kernel", "-f", "{connection_file}"],
        "display_name": display_name,
        "language": "R",
        "interrupt_mode": "signal",
    }


def install(user=False, prefix=None, name=NAME, display_name=DISPLAY_NAME):
    """Install the kernel's spec; the directory it was installed in."""
    from jupyter_client.kernelspec import KernelSpecManager
    with tempfile.TemporaryDirectory() as directory:
        with open(os.path.join(directory, "kernel.json"), "w", encoding="utf-8") as handle:
            json.dump(kernel_json(display_name), handle, indent=2)
        return KernelSpecManager().install_kernel_spec(directory, name, user=user, prefix=prefix)


def main(argv):
    """``pyreticulate kernel install [--user | --sys-prefix | --prefix DIR] [--name NAME]``."""
    parser = argparse.ArgumentParser(prog="pyreticulate kernel",
                                     description="The Jupyter kernel that runs R with the bridge.")
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("install", help="register the kernel with Jupyter")
    where = command.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="for this user only")
    where.add_argument("--sys-prefix", action="store_true", help="in this Python environment")
    where.add_argument("--prefix", metavar="DIR", help="under DIR/share/jupyter/kernels")
    command.add_argument("--name", default=NAME, help=f"the kernel's name (default {NAME})")
    command.add_argument("--display-name", default=DISPLAY_NAME,
                         help=f"its name in menus (default {DISPLAY_NAME!r})")
    try:
        options = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code
    prefix = sys.prefix if options.sys_prefix else options.prefix
    try:
        home = embedded.r_home()
        rpackages.ensure_installed(home, embedded.r_version(home))
        path = install(options.user, prefix, options.name, options.display_name)
    except ImportError:
        print(f"pyreticulate kernel: {NEEDS}", file=sys.stderr)
        return 1
    except (OSError, ValueError, rpackages.RPackageInstallError) as exc:
        print(f"pyreticulate kernel install: {exc}", file=sys.stderr)
        return 1
    print(f"Installed the kernel {options.name!r} ({options.display_name}) in {path}")
    return 0
