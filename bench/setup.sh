#!/bin/sh
# Set up the reticulate side of the benchmarks (after tools/setup.sh): reticulate
# from Debian when missing, and bench/.venv-reticulate, a Python with numpy<2
# (reticulate 1.28 does not load NumPy 2), pandas, and the TensorFlow and Keras
# versions of the main .venv, so both sides run the same Keras. Safe to run
# again; it reinstalls only when the wanted versions change. Also bench/.venv-rpy2,
# the rpy2 side of the Python rows (bench/rpy2_side.py).
#
# BENCH_RETICULATE_SRC=<an extracted reticulate source tree> also builds that
# reticulate (R CMD INSTALL; its dependencies from Debian's r-cran-* packages)
# into bench/.r-lib-reticulate-src, and run.py then adds its columns.
set -eu
cd "$(dirname "$0")/.."

MAIN_PY=${MAIN_PY:-.venv/bin/python}
RET_VENV=bench/.venv-reticulate

if ! dpkg-query -W -f='${Status}' r-cran-reticulate 2>/dev/null | grep -q "install ok installed"; then
  if [ "$(id -u)" != "0" ]; then
    echo "bench/setup: r-cran-reticulate is missing; install it as root (apt-get install r-cran-reticulate) and run again" >&2
    exit 1
  fi
  echo "bench/setup: installing r-cran-reticulate"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends r-cran-reticulate
fi

install_debs() {
  missing=""
  for deb in "$@"; do
    dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q "install ok installed" || missing="$missing $deb"
  done
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" != "0" ]; then
    echo "bench/setup: these Debian packages are missing:$missing; install them as root and run again" >&2
    exit 1
  fi
  echo "bench/setup: installing$missing"
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

SRC_LIB=bench/.r-lib-reticulate-src
if [ -n "${BENCH_RETICULATE_SRC:-}" ]; then
  if [ ! -f "$BENCH_RETICULATE_SRC/DESCRIPTION" ]; then
    echo "bench/setup: BENCH_RETICULATE_SRC=$BENCH_RETICULATE_SRC is not a reticulate source tree (no DESCRIPTION)" >&2
    exit 1
  fi
  install_debs r-base-dev r-cran-rcpp r-cran-rcpptoml r-cran-here r-cran-jsonlite r-cran-png \
    r-cran-rappdirs r-cran-withr r-cran-matrix r-cran-rlang
  source_version=$(sed -n 's/^Version: *//p' "$BENCH_RETICULATE_SRC/DESCRIPTION")
  if [ "$(cat "$SRC_LIB/.setup-done" 2>/dev/null)" != "$source_version" ]; then
    echo "bench/setup: building reticulate $source_version from $BENCH_RETICULATE_SRC into $SRC_LIB"
    rm -rf "$SRC_LIB"
    mkdir -p "$SRC_LIB"
    R CMD INSTALL --no-docs --no-html --no-multiarch --library="$SRC_LIB" "$BENCH_RETICULATE_SRC"
    echo "$source_version" > "$SRC_LIB/.setup-done"
  fi
fi

version() {
  "$MAIN_PY" -c "import importlib.metadata as m; print(m.version('$1'))"
}
# install_venv DIR "REQUIREMENTS": a venv at DIR with them, reinstalled only when they change
install_venv() {
  if [ -f "$1/.setup-done" ] && [ "$(cat "$1/.setup-done")" = "$2" ]; then
    return 0
  fi
  if [ ! -x "$1/bin/python" ]; then
    python3 -m venv "$1"
  fi
  echo "bench/setup: installing into $1: $2"
  "$1/bin/python" -m pip install -q --upgrade pip
  # shellcheck disable=SC2086
  "$1/bin/python" -m pip install -q $2
  echo "$2" > "$1/.setup-done"
}

install_venv "$RET_VENV" "numpy<2 pandas<3 tensorflow-cpu==$(version tensorflow-cpu) keras==$(version keras)"

# The Python rows' other side (bench/rpy2_side.py): rpy2-robjects of the main .venv's
# rpy2-rinterface release, with its numpy and pandas.
RPY2="rpy2-rinterface==$(version rpy2-rinterface) rpy2-robjects==$(version rpy2-rinterface)"
install_venv bench/.venv-rpy2 "$RPY2 numpy==$(version numpy) pandas==$(version pandas)"
