"""tf_function() with autograph = TRUE, which gives the function to
tfautograph::autograph() (r/tfautograph): R's `if`, `while`, `for`, `break`,
`next`, `&&` and `||` on traced tensors become tf.cond and tf.while_loop,
carrying the variables their code assigns; on R values and eager tensors they
are R's own; what cannot be traced is a clear error. tfautograph's own tests
are in r/tfautograph/tests/testthat."""
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
def functions():
    pr.r("""
        # The operation types of a tf_function's graph for one scalar float32 input.
        graph_ops <- function(fn, dtype = tf$float32)
          unique(vapply(fn$get_concrete_function(tf$TensorSpec(shape(), dtype))$graph$get_operations(),
                        function(op) op$type, ""))
        call_error <- function(expr) tryCatch({ expr; "no error" }, error = conditionMessage)
        relu <- tf_function(function(x) if (x > 0) x else tf$zeros_like(x))
        raise_when_positive <- tf_function(function(x) {
          y <- tf$constant(0)
          if (x > 0) y <- x * 2
          y
        })
        sign_of <- tf_function(function(x) {
          if (x > 0) {
            label <- tf$constant(1)
          } else {
            label <- tf$constant(-1)
          }
          label
        })
        count_down <- tf_function(function(n) {
          steps <- tf$constant(0L)
          while (n > 0L) {
            n <- n - 1L
            steps <- steps + 1L
          }
          steps
        })
        total_of <- tf_function(function(x) {
          total <- tf$constant(0)
          for (element in x) total <- total + element
          total
        })
        in_range <- tf_function(function(x) if (x > 0 && x < 10) tf$constant(1) else tf$constant(0))
        outside <- tf_function(function(x) if (x < 0 || x > 10) tf$constant(1) else tf$constant(0))
    """)
    yield


# ---- if ----------------------------------------------------------------------------------------

def test_if_on_a_tensor_gives_the_value_of_its_branch():
    assert values("c(as.numeric(relu(tf$constant(-2))), as.numeric(relu(tf$constant(3))))") == [
        0, 3]


def test_if_on_a_tensor_is_a_tf_cond():
    assert "StatelessIf" in values("graph_ops(relu)")


def test_if_without_else_keeps_the_outer_value():
    assert values("c(as.numeric(raise_when_positive(tf$constant(-2))), "
                  "as.numeric(raise_when_positive(tf$constant(3))))") == [0, 6]


def test_variable_assigned_in_both_branches_is_bound_after_the_if():
    assert values("c(as.numeric(sign_of(tf$constant(-5))), as.numeric(sign_of(tf$constant(5))))"
                  ) == [-1, 1]


def test_if_on_an_r_value_is_decided_while_tracing():
    assert "If" not in " ".join(values(
        "graph_ops(tf_function(function(x) if (TRUE) x + 1 else x - 1))"))


def test_if_on_an_eager_tensor_is_r_if():
    assert pr.r('tfautograph::autograph(function(x) if (x > 0) "pos" else "neg")(tf$constant(1))'
                ) == "pos"


def test_return_in_an_if_on_an_r_value_returns_from_the_function():
    assert values("f <- tfautograph::autograph(function(x) { if (x > 0) return(1); 2 }); "
                  "c(f(1), f(-1))") == [1, 2]


def test_return_in_an_if_on_a_tensor_is_an_error():
    assert "return()" in pr.r(
        "call_error(tf_function(function(x) { if (x > 0) return(x); x })(tf$constant(1)))")


# ---- while and for ----------------------------------------------------------------------------------

def test_while_on_a_tensor_carries_its_variables():
    assert values("as.numeric(count_down(tf$constant(5L)))") == [5]


def test_while_on_a_tensor_is_a_tf_while_loop():
    assert "StatelessWhile" in values("graph_ops(count_down, tf$int32)")


def test_for_over_a_tensor_iterates_its_first_dimension():
    assert values("as.numeric(total_of(tf$constant(c(1, 2, 3))))") == [6]


def test_for_over_a_tensor_of_unknown_length_is_traced_once():
    assert values("f <- tf_function(function(x) { n <- tf$constant(0); for (e in x) n <- n + 1; n },"
                  " input_signature = list(tf$TensorSpec(shape(NA), tf$float32))); "
                  "c(as.numeric(f(tf$constant(c(1, 2)))), as.numeric(f(tf$constant(c(1, 2, 3, 4)))))"
                  ) == [2, 4]


def test_r_loops_with_break_and_next_run_while_tracing():
    assert values("""as.numeric(tf_function(function(x) {
        for (i in 1:3) { if (i == 2) next; x <- x + i }
        k <- 0
        while (TRUE) { k <- k + 1; if (k > 2) break }
        x + k
      })(tf$constant(0)))""") == [7]


def test_break_in_a_while_on_a_tensor_stops_the_loop():
    assert values("""as.numeric(tf_function(function(n) {
        while (n > 0) { n <- n - 1; if (n == 2) break }
        n
      })(tf$constant(5)))""") == [2]


def test_while_on_a_tensor_without_variables_is_an_error():
    assert "must carry a variable" in pr.r("""call_error(tf_function(function(n) {
        while (n > 0) tf$print(n)
        n
      })(tf$constant(5)))""")


def test_for_over_a_python_iterable_in_eager_code():
    assert values("f <- tfautograph::autograph(function(it) { s <- 0; for (e in it) s <- s + e; s }); "
                  'f(import_builtins()$range(4L))') == [6]


# ---- && and || ---------------------------------------------------------------------------------------

def test_and_on_tensors():
    assert values("sapply(c(5, 50, -5), function(v) as.numeric(in_range(tf$constant(v))))") == [
        1, 0, 0]


def test_or_on_tensors():
    assert values("sapply(c(5, 50, -5), function(v) as.numeric(outside(tf$constant(v))))") == [
        0, 1, 1]


def test_and_on_r_values_short_circuits():
    assert pr.r("tfautograph::autograph(function() FALSE && stop('evaluated'))()") is False


# ---- autograph = FALSE ------------------------------------------------------------------------------

def test_without_autograph_if_on_a_traced_tensor_is_an_error():
    assert pr.r("call_error(tf_function(function(x) if (x > 0) x else -x, autograph = FALSE)"
                "(tf$constant(1)))") != "no error"


def test_autograph_must_be_true_or_false():
    assert pr.r('call_error(tf_function(function(x) x, autograph = "yes"))') == (
        "`autograph` must be TRUE or FALSE")
