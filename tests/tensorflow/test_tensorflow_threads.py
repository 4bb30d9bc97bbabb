"""TensorFlow and the threads R is called from (runtime/threads.py): Python calls R
makes stay on the thread running R, with TensorFlow imported too; tf.data runs R
functions on its own threads while R's iter_next() waits in C (from_generator,
py_function in a map); TensorFlow's thread-local state (device scopes, graphs,
tapes) set by one call is seen by the next and restored when its scope ends, and
R code TensorFlow calls while it traces sees the graph being traced."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
tf$constant(1)
check("python_thread", import("threading")$current_thread()$name)
collect <- function(dataset) {
  it <- as_iterator(dataset)
  values <- c()
  while (!is.null(value <- iter_next(it))) values <- c(values, as.numeric(value))
  values
}

# ---- tf.data calling R from its own threads ----------------------------------------------
produced <- 0
counter <- function() {
  i <- 0
  py_iterator(function() {
    i <<- i + 1
    if (i > 10) return(NULL)
    produced <<- produced + i
    i
  })
}
generated <- collect(tf$data$Dataset$from_generator(
  counter, output_signature = tf$TensorSpec(shape(), tf$float64)))
check("from_generator_values", generated)
check("from_generator_sum_matches_what_r_produced", c(sum(generated), produced))

doubled <- 0
r_double <- function(x) {
  value <- as.numeric(x) * 2
  doubled <<- doubled + value
  value
}
mapped <- collect(tf$data$Dataset$range(6L)$map(
  function(x) tf$py_function(r_double, list(x), "float32")))
check("py_function_map_values", mapped)
check("py_function_map_sum_matches_what_r_produced", c(sum(mapped), doubled))
mapped_twice <- collect(tf$data$Dataset$range(4L)$map(
  function(x) tf$py_function(r_double, list(x), "float32"))$map(
  function(x) tf$py_function(r_double, list(x), "float32")))
check("py_function_map_twice_values", mapped_twice)

# ---- TensorFlow's thread-local state across top-level calls ---------------------------------
py_run_string("
from tensorflow.python.eager import context
def current_device():
    return context.context().device_name
")
check("device_outside_a_scope", nchar(py$current_device()))
with(tf$device("/CPU:0"), {
  check("device_inside_a_scope", py$current_device())
  on_cpu <- tf$ones(shape(2))
})
check("device_after_the_scope", nchar(py$current_device()))
check("tensor_made_in_the_scope", grepl("CPU:0$", on_cpu$device))

g <- tf$Graph()
with(g$as_default(), {
  check("graph_scope_is_not_eager", tf$executing_eagerly())
  symbolic <- tf$constant(1)
  check("tensor_made_in_the_graph_scope", identical(py_id(symbolic$graph), py_id(g)))
})
check("eager_after_the_graph_scope", tf$executing_eagerly())

x <- tf$constant(3)
with(tf$GradientTape() %as% tape, {
  tape$watch(x)
  y <- x * x
  z <- tf$multiply(y, 2)
})
check("tape_records_ops_of_later_calls", as.numeric(tape$gradient(z, x)))
with(tf$GradientTape() %as% outer_tape, {
  outer_tape$watch(x)
  with(tf$GradientTape() %as% inner_tape, {
    inner_tape$watch(x)
    cube <- x * x * x
  })
  first <- inner_tape$gradient(cube, x)
})
check("nested_tapes_record_ops_of_later_calls",
      c(as.numeric(first), as.numeric(outer_tape$gradient(first, x))))

# ---- R code TensorFlow calls while it traces ---------------------------------------------
eager_seen <- logical()
traced <- tf_function(function(v) {
  eager_seen <<- c(eager_seen, tf$executing_eagerly())
  v * 2
}, autograph = FALSE)
check("traced_value", as.numeric(traced(tf$constant(5))))
check("r_code_traced_sees_graph_mode", eager_seen)
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("tf_context"), SCRIPT)


def test_python_calls_from_r_stay_on_the_main_thread_with_tensorflow_imported(out):
    assert out["python_thread"] == "MainThread"


def test_from_generator_with_an_r_function_iterates_to_the_end(out):
    assert out["from_generator_values"] == "1 2 3 4 5 6 7 8 9 10"


def test_from_generator_gives_what_the_r_function_produced(out):
    assert out["from_generator_sum_matches_what_r_produced"] == "55 55"


def test_py_function_in_a_map_runs_the_r_function_for_every_element(out):
    assert out["py_function_map_values"] == "0 2 4 6 8 10"


def test_py_function_in_a_map_gives_what_the_r_function_produced(out):
    assert out["py_function_map_sum_matches_what_r_produced"] == "30 30"


def test_two_maps_with_r_py_functions_compose(out):
    assert out["py_function_map_twice_values"] == "0 4 8 12"


def test_no_device_outside_a_device_scope(out):
    assert out["device_outside_a_scope"] == "0"


def test_device_scope_is_seen_by_a_later_call_inside_it(out):
    assert out["device_inside_a_scope"].endswith("device:CPU:0")


def test_device_scope_ends_with_its_with_block(out):
    assert out["device_after_the_scope"] == "0"


def test_tensor_made_inside_a_device_scope_is_on_that_device(out):
    assert out["tensor_made_in_the_scope"] == "TRUE"


def test_graph_scope_is_seen_by_later_calls(out):
    assert out["graph_scope_is_not_eager"] == "FALSE"
    assert out["tensor_made_in_the_graph_scope"] == "TRUE"


def test_eager_again_after_a_graph_scope(out):
    assert out["eager_after_the_graph_scope"] == "TRUE"


def test_gradient_tape_records_the_ops_of_later_calls(out):
    assert out["tape_records_ops_of_later_calls"] == "12"


def test_nested_gradient_tapes_record_the_ops_of_later_calls(out):
    assert out["nested_tapes_record_ops_of_later_calls"] == "27 18"


def test_tf_function_of_an_r_function_gives_its_value(out):
    assert out["traced_value"] == "10"


def test_r_code_tensorflow_calls_while_tracing_sees_graph_mode(out):
    assert out["r_code_traced_sees_graph_mode"] == "FALSE"
