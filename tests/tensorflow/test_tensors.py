"""Tensors as R values (r/tensorflow/R/tf-tensors.R, tf-extract.R, tf-shape.R),
in the session R: the class filter, operators with R numbers cast to the
tensor's dtype, no dispatch warnings for mixed operands, Math and Summary
methods with 1-based axes, R-style indexing, shapes and conversions."""
import os

import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import pyreticulate as pr  # noqa: E402
from helpers import r_true  # noqa: E402


def values(code):
    """An R expression's value as a Python list."""
    value = pr.r(code)
    return value if isinstance(value, list) else [value]


@pytest.fixture(scope="module", autouse=True)
def tensors():
    pr.r("""
        m <- tf$reshape(tf$range(1, 7), c(2L, 3L))   # [[1,2,3],[4,5,6]], float32
        v <- tf$constant(c(10, 20, 30, 40, 50))
        i <- tf$constant(c(7L, -7L))
        np <- import("numpy", convert = FALSE)
        count_warnings <- function(expr) {
          n <- 0L
          withCallingHandlers(expr, warning = function(w) {
            n <<- n + 1L
            invokeRestart("muffleWarning")
          })
          n
        }
        traced_ops <- function(f) {
          fn <- tf_function(f, autograph = FALSE)
          graph <- fn$get_concrete_function(tf$TensorSpec(shape(3L), tf$float32))$graph
          vapply(graph$get_operations(), function(op) op$type, character(1))
        }
    """)
    yield


# ---- class filter --------------------------------------------------------------------

def test_eager_tensor_class_starts_with_tensorflow_tensor():
    r_true('class(tf$constant(1))[[1]] == "tensorflow.tensor"')


def test_variable_is_a_tensor():
    r_true('inherits(tf$Variable(1), "tensorflow.tensor")')


def test_ragged_tensor_is_a_tensor():
    r_true('inherits(tf$ragged$constant(list(list(1), list(2, 3))), "tensorflow.tensor")')


def test_sparse_tensor_is_a_tensor():
    r_true('inherits(tf$sparse$from_dense(tf$eye(2L)), "tensorflow.tensor")')


def test_ndarray_is_not_a_tensor():
    r_true('!inherits(np$zeros(2L), "tensorflow.tensor")')


def test_class_filter_applies_to_tensors_from_a_separate_import():
    r_true('inherits(import("tensorflow")$ones(2L), "tensorflow.tensor")')


# ---- operators ----------------------------------------------------------------------------

@pytest.mark.parametrize("expr, expected", [
    ("v + 1", [11, 21, 31, 41, 51]),
    ("1 + v", [11, 21, 31, 41, 51]),
    ("v - 5", [5, 15, 25, 35, 45]),
    ("100 - v", [90, 80, 70, 60, 50]),
    ("v * 2", [20, 40, 60, 80, 100]),
    ("v / 10", [1, 2, 3, 4, 5]),
    ("-v", [-10, -20, -30, -40, -50]),
    ("+v", [10, 20, 30, 40, 50]),
    ("v + v", [20, 40, 60, 80, 100]),
])
def test_arithmetic_operator(expr, expected):
    assert values(f"as.numeric({expr})") == expected


def test_bare_r_double_is_cast_to_an_integer_tensors_dtype():
    r_true('x <- tf$constant(2L) + 1.7; x$dtype$name == "int32" && as.integer(x) == 3L')


def test_bare_r_integer_is_cast_to_a_float_tensors_dtype():
    r_true('(tf$constant(1.5) * 2L)$dtype$name == "float32"')


def test_bare_number_on_the_left_is_cast_to_the_tensors_dtype():
    r_true('(2 - tf$constant(1L))$dtype$name == "int32"')


def test_modulo_follows_r_for_negative_numbers():
    assert values("as.integer(i %% 2L)") == [7 % 2, -7 % 2] == [1, 1]


def test_integer_division_floors_like_r():
    assert values("as.integer(i %/% 2L)") == [3, -4]


def test_integer_tensors_divide_to_a_float():
    r_true('identical(as.numeric(tf$constant(7L) / 2L), 3.5)')


def test_square_power_traces_to_square():
    r_true('ops <- traced_ops(function(x) x^2); "Square" %in% ops && !"Pow" %in% ops')


def test_half_power_traces_to_sqrt():
    r_true('ops <- traced_ops(function(x) x^0.5); "Sqrt" %in% ops && !"Pow" %in% ops')


def test_other_powers_use_pow():
    assert values("as.numeric(tf$constant(c(2, 3))^3)") == [8, 27]


@pytest.mark.parametrize("expr, expected", [
    ("v > 30", [False, False, False, True, True]),
    ("v >= 30", [False, False, True, True, True]),
    ("v < 20", [True, False, False, False, False]),
    ("v <= 20", [True, True, False, False, False]),
    ("v == 30", [False, False, True, False, False]),
    ("v != 30", [True, True, False, True, True]),
])
def test_comparison_gives_a_bool_tensor(expr, expected):
    assert values(f"as.logical({expr})") == expected


def test_and_casts_operands_to_bool():
    assert values("as.logical(tf$constant(c(1, 0, 2)) & tf$constant(c(1, 1, 0)))") == [
        True, False, False]


def test_or_casts_operands_to_bool():
    assert values("as.logical(tf$constant(c(1, 0, 0)) | c(FALSE, FALSE, TRUE))") == [
        True, False, True]


def test_not_casts_to_bool():
    assert values("as.logical(!tf$constant(c(0, 3)))") == [True, False]


def test_tensor_and_ndarray_operands_never_warn():
    r_true('a <- np$array(c(1, 2, 3, 4, 5)); '
           'count_warnings({v + a; a + v; a * v; v == a; a > v; v - a}) == 0L')


def test_tensor_and_ndarray_operators_compute_with_the_tensors_dtype():
    r_true('a <- np$array(c(1, 2, 3, 4, 5)); x <- a + v; '
           'x$dtype$name == "float32" && identical(as.numeric(x), c(11, 22, 33, 44, 55))')


def test_tensor_and_other_proxy_operands_never_warn():
    r_true('p <- py_eval("2.0", convert = FALSE); count_warnings({v * p; p * v}) == 0L')


def test_tensor_and_tensorshape_operands_never_warn():
    r_true('count_warnings(shape(2, 3) == shape(2, 3)) == 0L')


def test_matrix_product_uses_matmul_where_r_dispatches_it():
    # R 4.2 has no S3 dispatch for %*%: there tf$matmul is the documented way.
    r_true('''
        a <- tf$constant(matrix(c(1, 2, 3, 4), 2))
        expected <- as.array(tf$matmul(a, a))
        if (getRversion() >= "4.3.0") {
          identical(as.array(a %*% a), expected)
        } else {
          inherits(try(a %*% a, silent = TRUE), "try-error") &&
            identical(expected, matrix(c(1, 2, 3, 4), 2) %*% matrix(c(1, 2, 3, 4), 2))
        }
    ''')


# ---- Math -----------------------------------------------------------------------------------

@pytest.mark.parametrize("fn", [
    "abs", "sign", "sqrt", "floor", "ceiling", "round", "trunc", "exp", "expm1", "log",
    "log2", "log10", "log1p", "sin", "cos", "tan", "sinpi", "cospi", "tanpi", "asin",
    "acos", "atan", "sinh", "cosh", "tanh", "lgamma", "digamma"])
def test_math_function_matches_r(fn):
    data = "c(-0.25, 0.1, 0.25)" if fn == "tanpi" else "c(0.25, 0.5, 0.75)" if fn in ("asin", "acos", "atan", "lgamma", "digamma",
                                           "log", "log2", "log10", "log1p", "sqrt") \
        else "c(-1.5, 0.5, 2.5)"
    r_true(f'x <- {data}; isTRUE(all.equal(as.numeric({fn}(tf$constant(x, dtype = "float64"))), '
           f'{fn}(x), tolerance = 1e-6))')


def test_log_with_a_base():
    r_true('isTRUE(all.equal(as.numeric(log(tf$constant(c(8, 64)), base = 4)), c(1.5, 3), '
           'tolerance = 1e-6))')


def test_round_to_digits():
    r_true('isTRUE(all.equal(as.numeric(round(tf$constant(c(2.567, -1.234)), 2)), '
           'c(2.57, -1.23), tolerance = 1e-6))')


def test_is_finite_infinite_nan():
    r_true('x <- tf$constant(c(1, Inf, NaN)); '
           'identical(as.logical(is.finite(x)), c(TRUE, FALSE, FALSE)) && '
           'identical(as.logical(is.infinite(x)), c(FALSE, TRUE, FALSE)) && '
           'identical(as.logical(is.nan(x)), c(FALSE, FALSE, TRUE))')


def test_complex_parts():
    r_true('z <- tf$constant(c(3+4i, -1+0i)); '
           'identical(as.numeric(Re(z)), c(3, -1)) && identical(as.numeric(Im(z)), c(4, 0)) && '
           'identical(as.numeric(Mod(z)), c(5, 1)) && '
           'identical(as.vector(Conj(z)), c(3-4i, -1+0i)) && '
           'isTRUE(all.equal(as.numeric(Arg(z)), Arg(c(3+4i, -1+0i))))')


# ---- Summary (1-based axis) -----------------------------------------------------------------------

def test_sum_of_all_elements():
    assert pr.r("as.numeric(sum(m))") == 21


def test_sum_axis_1_reduces_the_first_axis():
    assert values("as.numeric(sum(m, axis = 1))") == [5, 7, 9]


def test_sum_axis_2_reduces_the_second_axis():
    assert values("as.numeric(sum(m, axis = 2))") == [6, 15]


def test_negative_axis_counts_from_the_last():
    assert values("as.numeric(max(m, axis = -1))") == [3, 6]


def test_axis_0_is_an_error():
    r_true('grepl("1-based", tryCatch(sum(m, axis = 0), error = conditionMessage))')


def test_keepdims_keeps_the_reduced_axis():
    assert values("dim(mean(m, axis = 2, keepdims = TRUE))") == [2, 1]


@pytest.mark.parametrize("fn, expected", [
    ("prod", 720), ("min", 1), ("max", 6), ("mean", 3.5)])
def test_summary_of_all_elements(fn, expected):
    assert pr.r(f"as.numeric({fn}(m))") == expected


def test_all_and_any_cast_to_bool():
    r_true('isTRUE(as.logical(any(tf$constant(c(0, 2))))) && '
           '!as.logical(all(tf$constant(c(0, 2))))')


def test_range_stacks_min_and_max():
    assert values("as.numeric(range(m))") == [1, 6]


def test_summary_of_several_tensors():
    assert pr.r("as.numeric(sum(m, tf$constant(c(1, 2))))") == 24


# ---- indexing ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("expr, expected", [
    ("v[1]", [10]),
    ("v[5]", [50]),
    ("v[2:4]", [20, 30, 40]),
    ("v[c(1, 3, 5)]", [10, 30, 50]),
    ("v[1:5:2]", [10, 30, 50]),
    ("v[`::2`]", [10, 30, 50]),
    ("v[`3:`]", [30, 40, 50]),
    ("v[4:2]", [40, 30, 20]),
    ("v[]", [10, 20, 30, 40, 50]),
])
def test_vector_indexing_is_one_based_and_inclusive(expr, expected):
    assert values(f"as.numeric({expr})") == expected


def test_matrix_row_drops_to_a_vector():
    assert values("dim(m[2, ])") == [3]


def test_matrix_element():
    assert pr.r("as.numeric(m[2, 3])") == 6


def test_drop_false_keeps_dimensions():
    assert values("dim(m[2, , drop = FALSE])") == [1, 3]


def test_negative_index_counts_from_the_end_with_a_warning_once():
    r_true('''
        assign("negative_indices", FALSE, envir = tensorflow:::warned_about)
        first <- count_warnings(a <- v[-1])
        second <- count_warnings(b <- v[-2])
        as.numeric(a) == 50 && as.numeric(b) == 40 && first == 1L && second == 0L
    ''')


def test_negative_range_end_is_inclusive():
    assert values("suppressWarnings(as.numeric(v[2:-2]))") == [20, 30, 40]


def test_out_of_bounds_index_is_an_error():
    r_true('grepl("out of bounds", tryCatch(v[6], error = conditionMessage))')


def test_zero_index_is_an_error():
    r_true('grepl("1-based", tryCatch(v[0], error = conditionMessage))')


def test_irregular_index_vector_is_an_error_naming_tf_gather():
    r_true('grepl("tf\\\\$gather", tryCatch(v[c(1, 2, 5)], error = conditionMessage))')


def test_all_dims_stands_for_the_remaining_axes():
    assert values("dim(tf$zeros(shape(2, 3, 4))[all_dims(), 1])") == [2, 3]


def test_null_adds_an_axis():
    assert values("dim(m[NULL, , ])") == [1, 2, 3]


def test_tf_newaxis_adds_an_axis():
    assert values("dim(m[, tf$newaxis, ])") == [2, 1, 3]


def test_python_style_option_is_zero_based_and_exclusive():
    r_true('''
        options(tensorflow.extract.style = "python")
        result <- identical(as.numeric(v[0:2]), c(10, 20)) && as.numeric(v[0]) == 10
        options(tensorflow.extract.style = NULL)
        result
    ''')


def test_python_style_argument():
    assert pr.r('as.numeric(v[1, style = "python"])') == 20


def test_assignment_into_a_tensor_gives_a_new_tensor():
    r_true('x <- v; x[2] <- 0; identical(as.numeric(x), c(10, 0, 30, 40, 50)) && '
           'identical(as.numeric(v), c(10, 20, 30, 40, 50))')


def test_assignment_into_a_variable_is_in_place():
    r_true('w <- tf$Variable(c(1, 2, 3)); alias <- w; w[2:3] <- c(8, 9); '
           'identical(as.numeric(alias), c(1, 8, 9))')


def test_assignment_fills_a_region_column_major():
    r_true('x <- tf$zeros(shape(2, 2)); x[1:2, 1:2] <- 1:4; '
           'identical(as.array(x), matrix(c(1, 2, 3, 4), 2))')


def test_assignment_recycles_a_scalar_over_a_row():
    r_true('x <- m; x[1, ] <- 0; identical(as.array(x)[1, ], c(0, 0, 0))')


# ---- shape, printing, reshaping ------------------------------------------------------------------------

def test_dim_of_a_matrix():
    assert values("dim(m)") == [2, 3]


def test_dim_of_a_scalar_is_empty():
    r_true('identical(dim(tf$constant(1)), integer(0))')


def test_length_is_the_number_of_elements():
    assert pr.r("length(m)") == 6


def test_unknown_dimensions_are_na_while_tracing():
    r_true('''
        seen <- NULL
        f <- tf_function(function(x) { seen <<- list(dim(x), length(x)); x },
                         input_signature = list(tf$TensorSpec(shape(NA, 3L))), autograph = FALSE)
        invisible(f(tf$ones(shape(2, 3))))
        identical(seen, list(c(NA, 3L), NA_integer_))
    ''')


def test_print_strips_the_trailing_comma_of_a_vector_shape():
    r_true('any(grepl("shape=(5), dtype=float32", capture.output(print(v)), fixed = TRUE))')


def test_str_is_one_line():
    r_true('out <- capture.output(str(m)); length(out) == 1L && '
           'startsWith(out, "<tf.Tensor: shape=(2, 3), dtype=float32")')


def test_t_transposes_a_matrix():
    assert values("dim(t(m))") == [3, 2]


def test_t_of_a_vector_is_a_row():
    assert values("dim(t(v))") == [1, 5]


def test_aperm_permutation_is_one_based():
    assert values("dim(aperm(tf$zeros(shape(2, 3, 4)), c(3, 1, 2)))") == [4, 2, 3]


def test_sort_decreasing():
    assert values("as.numeric(sort(tf$constant(c(2, 9, 4)), decreasing = TRUE))") == [9, 4, 2]


def test_rep_repeats_a_vector():
    assert values("as.numeric(rep(tf$constant(c(1, 2)), 2))") == [1, 2, 1, 2]


def test_cbind_makes_vectors_columns():
    r_true('identical(as.array(cbind(tf$constant(c(1, 2)), c(3, 4))), cbind(c(1, 2), c(3, 4)))')


def test_rbind_makes_vectors_rows_and_recycles_scalars():
    r_true('identical(as.array(rbind(tf$constant(c(1, 2)), 3)), rbind(c(1, 2), 3))')


# ---- conversion to R --------------------------------------------------------------------------------------

def test_as_array_keeps_the_layout():
    r_true('identical(as.array(m), matrix(c(1, 4, 2, 5, 3, 6), 2))')


def test_as_array_of_a_vector_has_a_dim():
    r_true('identical(dim(as.array(v)), 5L)')


def test_as_matrix_of_a_vector_is_a_column():
    r_true('identical(dim(as.matrix(v)), c(5L, 1L))')


def test_as_vector_drops_dimensions():
    r_true('identical(as.vector(m), c(1, 4, 2, 5, 3, 6))')


def test_as_numeric():
    r_true('identical(as.numeric(tf$constant(c(1L, 2L))), c(1, 2))')


def test_as_integer():
    r_true('identical(as.integer(tf$constant(c(1.9, 2.2))), c(1L, 2L))')


def test_as_logical():
    r_true('identical(as.logical(tf$constant(c(TRUE, FALSE))), c(TRUE, FALSE))')


def test_as_character_decodes_strings():
    r_true('identical(as.character(tf$constant(c("a", "\\u00e9t\\u00e9"))), c("a", "\\u00e9t\\u00e9"))')


def test_as_array_of_a_variable():
    r_true('identical(as.numeric(tf$Variable(c(1, 2))), c(1, 2))')


def test_as_array_of_a_sparse_tensor_is_dense():
    r_true('identical(as.array(tf$sparse$from_dense(tf$eye(2L))), diag(2))')


# ---- TensorShape ---------------------------------------------------------------------------------------------
# (tensorflow::shape: after library(pyreticulate), keras3's shape() comes first, as after
# library(tensorflow); library(keras3), and gives a keras_shape.)

def test_shape_with_na_is_an_unknown_dimension():
    assert pr.r("py_repr(tensorflow::shape(NA, 3))") == "TensorShape([None, 3])"


def test_shape_with_null_dims_has_unknown_rank():
    r_true('is.na(length(tensorflow::shape(dims = NULL)))')


def test_shape_length_is_its_rank():
    assert pr.r("length(shape(2, 3, 4))") == 3


def test_shape_equals_an_r_vector():
    r_true('shape(2, 3) == c(2, 3) && !(shape(2, 3) == c(3, 2))')


def test_shape_not_equal():
    r_true('shape(2, 3) != shape(2, 4)')


def test_shape_double_bracket_is_a_one_based_dimension():
    assert pr.r("shape(2, 3, 4)[[2]]") == 3


def test_shape_single_bracket_is_a_shape():
    assert pr.r("py_repr(tensorflow::shape(2, 3, 4)[2:3])") == "TensorShape([3, 4])"


def test_shape_replacement():
    assert pr.r("s <- tensorflow::shape(2, 3); s[[1]] <- NA; py_repr(s)") == "TensorShape([None, 3])"


def test_shape_as_integer_has_na_for_unknown():
    r_true('identical(as.integer(shape(NA, 3)), c(NA, 3L))')


def test_shape_concatenates_with_c():
    assert pr.r("py_repr(c(tensorflow::shape(1), tensorflow::shape(2, 3)))") == "TensorShape([1, 2, 3])"


def test_tensor_shape_attribute_is_a_tensorshape():
    r_true('identical(as.integer(m$shape), c(2L, 3L))')
