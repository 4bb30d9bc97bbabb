"""``pyreticulate kernel install`` (pyreticulate/notebooks/kernelspec.py): the kernel's spec
where Jupyter looks, so ``jupyter kernelspec list`` shows it."""
import json
import os
import subprocess
import sys

from helpers import ROOT
from pyreticulate.notebooks import kernelspec

JUPYTER = os.path.join(os.path.dirname(sys.executable), "jupyter")


def command(*args, env=None):
    return subprocess.run([sys.executable, "-m", "pyreticulate", *args], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": ROOT, **env})


def listed(env):
    proc = subprocess.run([JUPYTER, "kernelspec", "list", "--json"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, **env})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["kernelspecs"]


def test_the_spec_starts_this_python_on_the_kernel_module():
    spec = kernelspec.kernel_json()
    assert spec["argv"] == [sys.executable, "-m", "pyreticulate.notebooks.kernel",
                            "-f", "{connection_file}"]
    assert (spec["language"], spec["interrupt_mode"]) == ("R", "signal")


def test_install_user_makes_jupyter_kernelspec_list_show_it(tmp_path):
    env = {"JUPYTER_DATA_DIR": str(tmp_path)}
    proc = command("kernel", "install", "--user", env=env)
    assert proc.returncode == 0, proc.stderr
    found = listed(env)["pyreticulate"]
    assert found["resource_dir"] == str(tmp_path / "kernels" / "pyreticulate")
    assert found["spec"]["display_name"] == "R (pyreticulate)"
    assert found["spec"]["argv"][0] == sys.executable


def test_install_takes_a_name_and_a_display_name(tmp_path):
    env = {"JUPYTER_PATH": str(tmp_path / "share" / "jupyter")}
    proc = command("kernel", "install", "--prefix", str(tmp_path), "--name", "r-bridge",
                   "--display-name", "R bridge", env=env)
    assert proc.returncode == 0, proc.stderr
    assert listed(env)["r-bridge"]["spec"]["display_name"] == "R bridge"


def test_kernel_without_a_subcommand_is_a_usage_error():
    proc = command("kernel", env={})
    assert proc.returncode == 2
    assert "usage: pyreticulate kernel" in proc.stderr
