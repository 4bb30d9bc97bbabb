#!/bin/sh
# Set up the reticulate side of the benchmarks (after tools/setup.sh): reticulate
# from Debian when missing, and bench/.venv-reticulate, a Python with numpy<2
# (reticulate 1.28 does not load NumPy 2), pandas, and the TensorFlow and Keras
# versions of the main .venv, so both sides run the same Keras. Safe to run
# again; it reinstalls only when the wanted versions change.
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
WANTED="numpy<2 pandas<3 tensorflow-cpu==$(version tensorflow-cpu) keras==$(version keras)"

if [ -f "$RET_VENV/.setup-done" ] && [ "$(cat "$RET_VENV/.setup-done")" = "$WANTED" ]; then
  exit 0
fi
if [ ! -x "$RET_VENV/bin/python" ]; then
  python3 -m venv "$RET_VENV"
fi
echo "bench/setup: installing into $RET_VENV: $WANTED"
"$RET_VENV/bin/python" -m pip install -q --upgrade pip
# shellcheck disable=SC2086
"$RET_VENV/bin/python" -m pip install -q $WANTED
echo "$WANTED" > "$RET_VENV/.setup-done"
