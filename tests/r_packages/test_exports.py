"""Each R package under r/ exports no name that the real package does not
export: reticulate, tensorflow, keras3, tfdatasets and tfautograph against the
names the real packages export (peer_exports/<package>.txt, read from their
NAMESPACE files); tensorflow and tfautograph also export every name the real
ones do. keras against keras 2.15's exports: tests/tools/test_keras2_generate.py."""
import os

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


@pytest.mark.parametrize("package", ["reticulate", "tensorflow", "keras3", "tfdatasets",
                                     "tfautograph"])
def test_a_package_exports_only_names_the_real_package_exports(package):
    assert sorted(ours(package) - real(package)) == []


@pytest.mark.parametrize("package", ["tensorflow", "tfautograph"])
def test_a_package_exports_every_name_the_real_package_exports(package):
    assert sorted(real(package) - ours(package)) == []
