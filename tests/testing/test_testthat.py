"""The plugin's testthat collection: an R package's tests/testthat files run through the
bridge by a plain pytest run, one item per block with testthat's outcome."""
import textwrap
import xml.etree.ElementTree as ElementTree

import pytest

from helpers import plain_pytest
from pyreticulate.testing import testthat

# The package is the bridge's own core, so `load_package = "installed"` finds it.
DESCRIPTION = "Package: pyreticulate\nVersion: 1.0\n"
TESTS = r'''
test_that("a passing block", {
  expect_equal(py_eval("1 + 1"), 2L)
})

test_that("a failing block", {
  expect_equal(1, 2)
})

test_that("an erroring block", {
  stop("boom in R")
})

test_that("a skipped block", {
  skip("not here")
})

test_that("a passing block", {
  expect_true(TRUE)
})

for (i in 1:2) test_that(paste("computed", i), expect_equal(i, 1))
'''


def write_project(directory, ini="[pytest]\nr_testthat = true\n"):
    package = directory / "pkg"
    (package / "tests" / "testthat").mkdir(parents=True)
    (package / "DESCRIPTION").write_text(DESCRIPTION)
    (package / "tests" / "testthat" / "test-blocks.R").write_text(textwrap.dedent(TESTS))
    (directory / "pytest.ini").write_text(ini)
    return package


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Each item of the run by name: ("passed" | "failed" | "skipped", its message)."""
    directory = tmp_path_factory.mktemp("testthat")
    write_project(directory)
    result = plain_pytest(directory, "--junitxml=report.xml", "pkg")
    report = ElementTree.parse(directory / "report.xml")
    found = {}
    for case in report.iter("testcase"):
        outcome, message = "passed", ""
        for kind in ("failure", "error", "skipped"):
            element = case.find(kind)
            if element is not None:
                outcome = "skipped" if kind == "skipped" else "failed"
                message = (element.get("message") or "") + (element.text or "")
        found[case.get("name")] = (outcome, message)
    assert found, result.stdout + result.stderr
    return found


def test_a_passing_block_passes(outcomes):
    assert outcomes["a passing block"] == ("passed", "")


def test_a_failing_block_fails_with_testthats_message(outcomes):
    outcome, message = outcomes["a failing block"]
    assert (outcome, "1 not equal to 2" in message) == ("failed", True)


def test_an_erroring_block_fails_with_the_r_error(outcomes):
    outcome, message = outcomes["an erroring block"]
    assert (outcome, "boom in R" in message) == ("failed", True)


def test_a_skipped_block_is_a_skip_with_its_reason(outcomes):
    outcome, message = outcomes["a skipped block"]
    assert (outcome, "not here" in message) == ("skipped", True)


def test_a_repeated_description_gets_a_numbered_item(outcomes):
    assert outcomes["a passing block [2]"] == ("passed", "")


def test_blocks_with_computed_names_are_checked_by_the_file_item(outcomes):
    outcome, message = outcomes[testthat.FILE_ITEM]
    assert (outcome, "computed 2" in message, "computed 1" in message) == ("failed", True, False)


def test_without_the_ini_option_r_files_are_not_collected(tmp_path):
    write_project(tmp_path, ini="[pytest]\n")
    result = plain_pytest(tmp_path, "--collect-only", "pkg")
    assert "no tests collected" in result.stdout, result.stdout


def test_a_test_file_outside_a_package_is_not_collected(tmp_path):
    (tmp_path / "tests" / "testthat").mkdir(parents=True)
    path = tmp_path / "tests" / "testthat" / "test-a.R"
    path.write_text("test_that('a', expect_true(TRUE))\n")
    assert testthat.package_of(path) is None


def test_the_package_is_named_by_its_description(tmp_path):
    package = write_project(tmp_path)
    assert testthat.package_of(package / "tests" / "testthat" / "test-blocks.R") == "pyreticulate"
