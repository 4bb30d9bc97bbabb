"""R where people write documents (docs/notebooks.md): the Python chunks of R
Markdown documents (``chunks``), R code run as in a notebook cell, with its
plots (``cells``), the Jupyter kernel (``kernel``, ``kernelspec``) and IPython's
``%R`` / ``%%R`` magics (``magic``). Importing this package imports neither
IPython nor Jupyter; only ``kernel`` and ``magic`` do.
"""
