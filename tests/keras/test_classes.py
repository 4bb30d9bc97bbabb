"""pyreticulate/keras/classes.py for keras 2.x (library(keras), tf_keras bases): the R
methods of a class are marked for TensorFlow's AutoGraph to call unconverted, so building a
model with the layer logs no "could not transform" warning for them."""
from helpers.scripts import run_code

SCRIPT = r'''
suppressPackageStartupMessages(library(keras))
Doubler(keras$layers$Layer) %py_class% {
  call <- function(inputs) inputs * 2
}
input <- layer_input(shape = 3)
model <- keras_model(input, Doubler()(input))
cat("output shape:", unlist(model$output_shape), "\n")
'''


def test_tf_keras_layer_from_r_builds_without_autograph_warnings(tmp_path):
    proc = run_code(tmp_path, SCRIPT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "output shape: 3" in proc.stdout
    assert "AutoGraph could not transform" not in proc.stderr
