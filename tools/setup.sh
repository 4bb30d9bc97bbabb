#!/bin/sh
# Set up a fresh Debian 12 machine (as root) or an existing one: R, the R
# packages, Graphviz (keras3's plot(model)) and pandoc (R Markdown) from Debian
# when missing, then .venv with pyreticulate and its test extras. Safe to run again; it only
# installs what is missing.
set -eu
cd "$(dirname "$0")/.."

R_DEBS="r-base-core r-base-dev r-cran-r6 r-cran-magrittr r-cran-rlang r-cran-generics r-cran-testthat r-cran-matrix r-cran-ggplot2 r-cran-reticulate r-cran-roxygen2 r-cran-png r-cran-yaml r-cran-knitr r-cran-rmarkdown r-cran-tidyselect"
OTHER_DEBS="graphviz pandoc"

missing=""
for deb in $R_DEBS $OTHER_DEBS; do
  dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q "install ok installed" || missing="$missing $deb"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "setup: these Debian packages are missing:$missing" >&2
    echo "setup: install them as root (apt-get install$missing) and run again" >&2
    exit 1
  fi
  echo "setup: installing$missing"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
# the compiled module (pyreticulate/libr/_fast.c; setup.py builds it in place):
# rebuilt here when the editable install kept an old one or none
if ! ls pyreticulate/libr/_rapi*.so >/dev/null 2>&1 || \
   [ -n "$(find pyreticulate/libr/_fast.c pyreticulate/libr/cdef.py -newer "$(ls pyreticulate/libr/_rapi*.so | head -1)")" ]; then
  .venv/bin/python pyreticulate/libr/fast_build.py >/dev/null || echo "setup: the compiled module was not built; the pure-Python path will be used" >&2
fi
