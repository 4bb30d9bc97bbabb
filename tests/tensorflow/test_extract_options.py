"""Tensor extraction with R's tensorflow rules (r/tensorflow/R/tf-extract.R):
ranges (decreasing ones with a positive step too, open ends as NULL or NA),
the tensorflow.extract.* options and tf_extract_opts(), the count of
indices, the errors for indices that are not indices, and the one-time
warnings for negative and tensor indices."""
import os

import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import pyreticulate as pr  # noqa: E402


def values(code):
    """An R expression's value as a Python list."""
    value = pr.r(code)
    return value if isinstance(value, list) else [value]


@pytest.fixture(scope="module", autouse=True)
def tensors():
    pr.r("""
        rows <- tf$constant(array(1:40, c(20, 2)))    # rows[i, 1] is i
        v <- tf$constant(c(10, 20, 30, 40, 50))
        cube <- tf$constant(array(1:27, c(3, 3, 3)))
        extract_error <- function(expr) tryCatch({ expr; "no error" }, error = conditionMessage)
        extract_warnings <- function(expr) {
          found <- character()
          withCallingHandlers(expr, warning = function(w) {
            found <<- c(found, conditionMessage(w))
            invokeRestart("muffleWarning")
          })
          found
        }
        reset_extract <- function() {
          opts <- options()
          opts[grepl("^tensorflow[.]extract", names(opts))] <- list(NULL)
          options(opts)
          assign("negative_indices", FALSE, envir = tensorflow:::warned_about)
          assign("tensors_passed_asis", FALSE, envir = tensorflow:::warned_about)
        }
    """)
    yield
    pr.r("reset_extract()")


@pytest.fixture(autouse=True)
def default_options():
    pr.r("reset_extract()")
    yield
    pr.r("reset_extract()")


# ---- ranges -------------------------------------------------------------------------------

def test_decreasing_range_with_positive_step_steps_backwards():
    assert values("as.vector(rows[6:2:2, 1])") == [6, 4, 2]


def test_decreasing_range_as_one_name_with_positive_step():
    assert values("as.vector(rows[`6:2:2`, 1])") == [6, 4, 2]


def test_decreasing_range_with_negative_step():
    assert values("as.vector(rows[6:2:-2, 1])") == [6, 4, 2]


def test_decreasing_range_reaches_the_first_element():
    assert values("as.vector(rows[3:1, 1])") == [3, 2, 1]


def test_range_with_na_stop_is_open():
    assert values("length(rows[17:NA, 1])") == [4]


def test_range_with_null_start_and_step():
    assert values("as.vector(rows[NULL:NULL:5, 1])") == [1, 6, 11, 16]


def test_range_parts_are_evaluated_in_the_caller():
    assert values("k <- 2; as.vector(rows[k:(k + 2), 1])") == [2, 3, 4]


def test_range_part_that_is_not_a_number_is_an_error():
    assert "whole number" in pr.r('extract_error(rows["a":3, 1])')


# ---- options -----------------------------------------------------------------------------------

def test_one_based_false_makes_indices_zero_based():
    assert values("options(tensorflow.extract.one_based = FALSE); as.vector(v[0])") == [10]


def test_one_based_false_keeps_the_stop_of_a_range_inclusive():
    assert values("options(tensorflow.extract.one_based = FALSE); as.vector(v[1:2])") == [20, 30]


def test_one_based_false_with_a_vector_of_indices():
    assert values("options(tensorflow.extract.one_based = FALSE); as.vector(v[c(0, 2, 4)])") == [
        10, 30, 50]


def test_inclusive_stop_false_excludes_the_stop():
    assert values("options(tensorflow.extract.inclusive_stop = FALSE); as.vector(v[2:4])") == [
        20, 30]


def test_zero_index_error_names_the_one_based_option():
    assert "tensorflow.extract.one_based = FALSE" in pr.r("extract_error(v[0])")


def test_disallow_out_of_bounds_false_leaves_ranges_to_tensorflow():
    assert values("options(tensorflow.extract.disallow_out_of_bounds = FALSE); "
                  "as.vector(v[4:9])") == [40, 50]


def test_the_misspelt_out_of_bounds_option_of_r_tensorflow_is_read_too():
    assert values("options(tensorflow.extract.dissallow_out_of_bounds = FALSE); "
                  "as.vector(v[4:9])") == [40, 50]


def test_out_of_bounds_error_names_the_option():
    assert "tensorflow.extract.disallow_out_of_bounds" in pr.r("extract_error(v[2:9])")


def test_python_style_turns_every_rule_off():
    assert values('o <- unlist(unclass(tf_extract_opts("python"))); paste(names(o), o)') == [
        "one_based FALSE", "inclusive_stop FALSE", "disallow_out_of_bounds FALSE",
        "warn_tensors_passed_asis FALSE", "warn_negatives_pythonic FALSE"]


def test_r_style_keeps_the_rules_and_turns_the_warnings_off():
    assert values('o <- unlist(unclass(tf_extract_opts("R"))); paste(names(o), o)') == [
        "one_based TRUE", "inclusive_stop TRUE", "disallow_out_of_bounds TRUE",
        "warn_tensors_passed_asis FALSE", "warn_negatives_pythonic FALSE"]


def test_options_argument_applies_to_one_call():
    assert values("as.vector(v[0:1, options = tf_extract_opts(one_based = FALSE, "
                  "inclusive_stop = FALSE)])") == [10]


def test_options_argument_must_come_from_tf_extract_opts():
    assert "tf_extract_opts()" in pr.r("extract_error(v[1, options = list(one_based = TRUE)])")


def test_an_option_that_is_not_true_or_false_is_an_error():
    assert "one_based" in pr.r('extract_error(tf_extract_opts(one_based = "yes"))')


def test_unknown_style_is_an_error():
    assert "\"R\" or \"python\"" in pr.r('extract_error(v[1, style = "julia"])')


# ---- number of indices -----------------------------------------------------------------------------

def test_too_many_indices_is_an_error():
    assert "Incorrect number of dimensions" in pr.r("extract_error(cube[1, 1, 1, 1])")


def test_too_few_indices_is_a_warning():
    assert "Incorrect number of dimensions" in pr.r("extract_warnings(cube[1, 1])")


def test_all_dims_allows_fewer_indices():
    assert values("length(extract_warnings(cube[1, all_dims()]))") == [0]


def test_null_index_is_not_counted():
    assert values("c(length(extract_warnings(x <- cube[1, NULL, 1, 1])), dim(x))") == [0, 1]


# ---- what is not an index -------------------------------------------------------------------------------

@pytest.mark.parametrize("index, named", [
    ("NA", "NA"), ("Inf", "Inf"), ('"apple"', "character"), ("mean", "function"),
    ("TRUE", "logical"), ("1.5", "fraction")])
def test_an_index_that_is_not_an_index_is_named_in_the_error(index, named):
    message = pr.r(f"extract_error(cube[1, {index}, 1])")
    assert named in message and "index 2" in message


def test_matrix_index_is_not_currently_supported():
    assert "not currently supported" in pr.r(
        "extract_error(cube[rbind(c(1, 2), c(0, 1))])")


def test_negative_vector_index_must_be_positive():
    assert "positive" in pr.r("extract_error(v[-(1:2)])")


def test_unevenly_spaced_vector_names_tf_gather():
    assert "tf$gather()" in pr.r("extract_error(v[c(1, 3, 4)])")


def test_names_of_indices_are_ignored_with_a_warning():
    assert "ignored" in pr.r("extract_warnings(x <- v[i = 2])")
    assert values("suppressWarnings(as.vector(v[i = 2]))") == [20]


# ---- warnings --------------------------------------------------------------------------------------

def test_negative_index_warns_once():
    assert values("""c(length(extract_warnings(v[-1])), length(extract_warnings(v[-2])))""") == [
        1, 0]


def test_negative_index_warning_can_be_turned_off():
    assert values("options(tensorflow.extract.warn_negatives_pythonic = FALSE); "
                  "length(extract_warnings(v[-1]))") == [0]


def test_tensor_index_warns_once_that_options_are_ignored():
    assert "ignored" in pr.r("extract_warnings(v[tf$constant(1L)])")
    assert values("length(extract_warnings(v[tf$constant(1L)]))") == [0]


def test_tensor_index_is_zero_based():
    assert values("suppressWarnings(as.vector(v[tf$constant(1L)]))") == [20]


def test_range_of_tensors_warns_and_excludes_its_stop():
    assert "ignored" in pr.r("extract_warnings(x <- v[tf$constant(1L):tf$constant(3L)])")
    assert values("suppressWarnings(as.vector(v[tf$constant(1L):tf$constant(3L)]))") == [20, 30]


def test_tensor_index_warning_can_be_turned_off():
    assert values("options(tensorflow.extract.warn_tensors_passed_asis = FALSE); "
                  "length(extract_warnings(v[tf$constant(1L)]))") == [0]


def test_r_style_gives_neither_warning():
    assert values('options(tensorflow.extract.style = "R"); '
                  "length(extract_warnings({v[-1]; v[tf$constant(1L)]}))") == [0]
