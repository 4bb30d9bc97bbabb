"""The R API with real TensorFlow objects (one script, TensorFlow imported once):
dict() keys taken from placeholders in the caller's frame (feed_dict), and
operators mixing tensors with NumPy arrays under options(warn = 2), where an
"Incompatible methods" warning would be an error."""
import pytest

from helpers import run_script

pytest.importorskip("tensorflow")

SCRIPT = """
library(pyreticulate)
options(warn = 2)
tf <- import("tensorflow")
v1 <- tf$compat$v1
g <- tf$Graph()
fed <- with(g$as_default(), {
  x <- v1$placeholder(tf$float32, shape = list())
  y <- x * 2
  sess <- v1$Session(graph = g)
  sess$run(y, feed_dict = dict(x = 3))
})
cat("feed_dict:", fed, "\\n")
mixed <- tf$constant(c(1, 2)) + np_array(c(10, 20))
cat("mixed:", is_py_object(mixed), as.array(mixed$numpy()), "\\n")
"""


@pytest.fixture(scope="module")
def output(tmp_path_factory):
    proc = run_script(tmp_path_factory.mktemp("tf"), SCRIPT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_dict_key_is_the_placeholder_in_the_callers_frame(output):
    assert "feed_dict: 6 \n" in output


def test_tensor_plus_ndarray_does_not_warn_incompatible_methods(output):
    assert "mixed: TRUE 11 22 \n" in output
