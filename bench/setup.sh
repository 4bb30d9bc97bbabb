#!/bin/sh
# Set up the reticulate side of the benchmarks (after tools/setup.sh): reticulate
# from Debian when missing, and bench/.venv-reticulate, a Python with numpy<2
# (reticulate 1.28 does not load NumPy 2), pandas, and the TensorFlow and Keras
# versions of the main .venv, so both sides run the same Keras. Safe to run
# again; it reinstalls only when the wanted versions change. Also bench/.venv-rpy2,
# the rpy2 side of the Python rows (bench/rpy2_side.py).
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
