"""bench/profile.py: the profile of the two hot crossings runs and writes its report.
Speed is never asserted."""
import os
import subprocess
import sys

from helpers import ROOT


def test_profile_reports_floors_and_both_sides_of_both_crossings(tmp_path):
    out = tmp_path / "profile.md"
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "profile.py"),
                           "--calls", "200", "--out", str(out)],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": ROOT})
    assert proc.returncode == 0, proc.stderr
    report = out.read_text()
    assert "| one libR call through cffi (TYPEOF) |" in report
    for section in ("R calls Python: Python side (pyinstrument)",
                    "R calls Python: R side (Rprof, self time)",
                    "Python calls R: Python side (pyinstrument)",
                    "Python calls R: R side (Rprof, self time)"):
        assert f"### {section}" in report
    assert "call_formals" in report
