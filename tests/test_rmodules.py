"""R packages as Python modules (importr, packages) and R objects by name (pr.r.<name>)."""
import inspect

import numpy as np
import pytest

import pyreticulate as pr
from pyreticulate.rmodules import attribute_names


def test_importr_function_called_with_python_arguments():
    value = pr.importr("stats").median([1.0, 2.0, 3.0])
    assert (type(value), value) == (float, 2.0)


def test_importr_median_of_python_ints_is_r_integer_median():
    # [1, 2, 3] is an R integer vector (docs/conversions.md §4); R's median(1:3) is 2L
    value = pr.importr("stats").median([1, 2, 3])
    assert (type(value), value) == (int, 2)


def test_packages_attribute_is_importr():
    assert pr.packages.stats is pr.importr("stats")
    assert pr.packages["utils"] is pr.importr("utils")


def test_dotted_names_are_attributes_with_underscores_and_items_by_r_name():
    utils = pr.importr("utils")
    assert utils.read_csv is utils["read.csv"]


def test_exact_name_wins_over_the_underscore_spelling():
    names = attribute_names({"a.b", "a_b", "c.d", "%in%"})
    assert names == {"a_b": "a_b", "c_d": "c.d"}


def test_dotted_base_names_are_attributes():
    base = pr.importr("base")
    assert base.as_Date is base["as.Date"]


def test_keywords_with_underscores_reach_dotted_r_arguments():
    assert pr.importr("stats").median([1.0, None, 3.0], na_rm=True) == 2.0


def test_signature_shows_r_argument_names():
    signature = inspect.signature(pr.importr("stats").median)
    assert list(signature.parameters) == ["x", "na_rm", "args", "kwargs"]
    assert signature.parameters["kwargs"].kind is inspect.Parameter.VAR_KEYWORD
    assert repr(signature.parameters["na_rm"].default) == "FALSE"


def test_signature_of_a_primitive_comes_from_args():
    assert "na_rm" in inspect.signature(pr.importr("base").sum).parameters


def test_non_function_exports_are_values():
    assert pr.importr("base").pi == np.pi
    assert pr.importr("base").letters[:2] == ["a", "b"]


def test_datasets_are_reachable():
    assert list(pr.importr("datasets").iris.columns)[:2] == ["Sepal.Length", "Sepal.Width"]


def test_a_missing_package_raises_naming_it():
    with pytest.raises(pr.RPackageNotFoundError, match="'pyrNoSuchPkg'.*there is no package"):
        pr.importr("pyrNoSuchPkg")


def test_a_missing_package_is_an_import_error():
    assert issubclass(pr.RPackageNotFoundError, ImportError)


def test_an_unknown_export_names_the_package():
    with pytest.raises(AttributeError, match="'stats' exports no 'no_such'.*'no.such'"):
        pr.importr("stats").no_such


def test_importr_rejects_a_name_that_is_not_a_string():
    with pytest.raises(TypeError, match="non-empty str"):
        pr.importr(3)


def test_packages_are_read_only():
    with pytest.raises(AttributeError, match="read-only"):
        pr.importr("stats").median = None


def test_dir_lists_python_spellings():
    assert "read_csv" in dir(pr.importr("utils"))


def test_r_attribute_looks_up_the_search_path():
    assert pr.r.pi == np.pi


def test_r_attribute_sees_globals():
    pr.r("pyr_rmodules_value <- 41")
    assert pr.r.pyr_rmodules_value == 41.0


def test_r_attribute_functions_have_signatures():
    assert "na_rm" in inspect.signature(pr.r.median).parameters


def test_r_item_for_names_that_are_not_identifiers():
    assert pr.r["is.numeric"](1.5) is True


def test_r_attribute_missing_name_raises_attribute_error():
    with pytest.raises(AttributeError, match="no R object 'pyr_nothing_here'"):
        pr.r.pyr_nothing_here


def test_r_is_still_callable():
    assert pr.r("1 + 1") == 2.0
