"""docs/python-api.md's complete pytest example, extracted from the markdown and run with a
plain pytest in a subprocess (the fixtures come from the plugin, not from a conftest)."""
import pathlib
import re

from helpers import ROOT, plain_pytest

DOC = pathlib.Path(ROOT) / "docs" / "python-api.md"


def example():
    text = DOC.read_text()
    section = text[text.index("### A complete example"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_documented_example_passes_under_plain_pytest(tmp_path):
    (tmp_path / "test_with_r.py").write_text(example())
    result = plain_pytest(tmp_path, "test_with_r.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "9 passed" in result.stdout
