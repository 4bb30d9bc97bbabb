"""Each R package under r/ exports no name that the real package does not
export: reticulate, tensorflow, keras3, tfdatasets and tfautograph against the
names the real packages export (peer_exports/<package>.txt, read from their
NAMESPACE files), keras against keras3's plus the keras 2.x names that
docs/keras-r-code.md lists, and those two lists agree. tensorflow and
tfautograph also export every name the real ones do."""
import os
import re

import pytest

import pyreticulate as pr
from helpers import ROOT

PEER_EXPORTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer_exports")


def exports(library, package):
    """The names a NAMESPACE file exports, as R reads it."""
    return set(pr.r(f'unique(parseNamespaceFile("{package}", "{library}")$exports)'))


def ours(package):
    return exports(os.path.join(ROOT, "r"), package)


def real(package):
    """The names the real package exports."""
    with open(os.path.join(PEER_EXPORTS, f"{package}.txt"), encoding="utf-8") as handle:
        return {line.strip() for line in handle if line.strip() and not line.startswith("#")}


def documented_keras_2x_names():
    """The first column of the keras 2.x table in docs/keras-r-code.md."""
    with open(os.path.join(ROOT, "docs", "keras-r-code.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text[text.index("## keras 2.x names"):]
    names = set()
    for row in re.findall(r"^\| (.+?) \|", section, flags=re.M):
        names.update(re.findall(r"`([A-Za-z0-9_.]+)(?:\(\))?`", row))
    return names


@pytest.mark.parametrize("package", ["reticulate", "tensorflow", "keras3", "tfdatasets",
                                     "tfautograph"])
def test_a_package_exports_only_names_the_real_package_exports(package):
    assert sorted(ours(package) - real(package)) == []


@pytest.mark.parametrize("package", ["tensorflow", "tfautograph"])
def test_a_package_exports_every_name_the_real_package_exports(package):
    assert sorted(real(package) - ours(package)) == []


def test_keras_exports_only_keras3s_names_and_the_documented_2x_names():
    assert sorted(ours("keras") - real("keras3") - documented_keras_2x_names()) == []


def test_every_documented_keras_2x_name_is_exported():
    assert sorted(documented_keras_2x_names() - ours("keras")) == []


def test_the_documented_keras_2x_names_are_not_keras3_names():
    assert sorted(documented_keras_2x_names() & real("keras3")) == []
