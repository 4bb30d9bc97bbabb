"""The R packages scripts load (r/<package>/): each attaches alone as R users
write it (library(keras3), library(keras), library(tensorflow),
library(tfautograph)), every
exported name resolves, re-exports are the other package's own objects, and a
package the project does not provide fails with R's own error. One script per
scenario: TensorFlow's start-up dominates."""
import os
import re

import pytest

from helpers import ROOT
from helpers.scripts import HELPERS, run_code, run_labelled

# A small regression, the same for keras3 and keras: build with %>%, compile,
# fit, predict and plot the history to a png device in the session's tempdir.
SEQUENTIAL = r'''
set.seed(1)
x <- matrix(runif(200 * 4), 200, 4)
y <- x %*% c(1, -2, 3, 0.5)
model <- keras_model_sequential(input_shape = 4) %>%
  layer_dense(units = 16, activation = "relu") %>%
  layer_dense(units = 1)
model %>% compile(optimizer = optimizer_adam(learning_rate = 0.01), loss = "mse")
history <- model %>% fit(x, y, epochs = 5, batch_size = 32, verbose = 0)
predictions <- predict(model, x[1:10, ], verbose = 0)
plot_file <- file.path(tempdir(), "history.png")
png(plot_file)
plot(history)
invisible(dev.off())
check("fitted_epochs", length(history$metrics$loss))
check("loss_decreased", history$metrics$loss[[5]] < history$metrics$loss[[1]])
check("prediction_dim", dim(predictions))
check("history_plotted", file.exists(plot_file) && file.size(plot_file) > 0)
check("tf_visible", exists("tf"))
check("attached", grep("^package:(keras|keras3|tensorflow|tfdatasets|reticulate|pyreticulate)$",
                       search(), value = TRUE))
'''

KERAS3_ONLY = "library(keras3)\n" + HELPERS + SEQUENTIAL

# keras 2.x on tf_keras: a Sequential model from a list of layers, keras 2.x's `lr`,
# evaluate() as a named vector; keras3 loaded next to it stays on Keras 3.
KERAS_ONLY = "library(keras)\n" + HELPERS + r'''
set.seed(1)
x <- matrix(runif(200 * 4), 200, 4)
y <- x %*% c(1, -2, 3, 0.5)
model <- keras_model_sequential(list(layer_dense(units = 16, activation = "relu", input_shape = 4),
                                     layer_dense(units = 1)))
lr_warning <- tryCatch(optimizer_rmsprop(lr = 0.01), deprecatedWarning = conditionMessage)
model %>% compile(optimizer = suppressWarnings(optimizer_rmsprop(lr = 0.01)), loss = "mse",
                  metrics = "mae")
history <- model %>% fit(x, y, epochs = 5, batch_size = 32, verbose = 0)
check("fitted_epochs", length(history$metrics$loss))
check("loss_decreased", history$metrics$loss[[5]] < history$metrics$loss[[1]])
check("prediction_dim", dim(predict(model, x[1:10, ], verbose = 0)))
check("evaluate_names", names(evaluate(model, x, y, verbose = 0)))
check("lr_warning", lr_warning)
check("model_class", class(model)[1:2])
check("tf_visible", exists("tf"))
check("attached", grep("^package:(keras|keras3|tensorflow|tfdatasets|reticulate|pyreticulate)$",
                       search(), value = TRUE))
check("tf_keras_routed", tensorflow::tf$keras$layers$Dense$`__module__`)
check("keras3_stays_on_keras_3", class(keras3::layer_dense(units = 1))[[1]])
'''

TENSORFLOW_ONLY = "library(tensorflow)\n" + HELPERS + r'''
x <- as_tensor(seq(-1, 1, length.out = 64), dtype = "float32")
y <- 3 * x + 2
w <- tf$Variable(0, dtype = "float32")
b <- tf$Variable(0, dtype = "float32")
for (step in 1:200) {
  with(tf$GradientTape() %as% tape, {
    loss <- mean((w * x + b - y)^2)
  })
  gradients <- tape$gradient(loss, list(w, b))
  w$assign_sub(0.1 * gradients[[1]])
  b$assign_sub(0.1 * gradients[[2]])
}
check("slope", round(as.numeric(w), 2))
check("intercept", round(as.numeric(b), 2))
check("attached", grep("^package:(keras|keras3|tensorflow|tfdatasets|reticulate|pyreticulate)$",
                       search(), value = TRUE))
check("keras_visible", exists("layer_dense") || exists("keras"))
'''

TFAUTOGRAPH_ONLY = "library(tfautograph)\n" + HELPERS + r'''
tf <- tensorflow::tf
odd_total <- tf$`function`(autograph(function(n) {
  total <- tf$constant(0L)
  for (i in tf$range(n)) {
    if (i %% 2L == 0L) next
    total <- total + i
  }
  total
}), autograph = FALSE)
check("odd_total", as.integer(odd_total(tf$constant(7L))$numpy()))
check("attached", grep(
  "^package:(keras|keras3|tensorflow|tfautograph|tfdatasets|reticulate|pyreticulate)$",
  search(), value = TRUE))
'''

# pkg::name for every export of every package, and which are the same objects.
RESOLVE = HELPERS + r'''
packages <- c("pyreticulate", "reticulate", "tensorflow", "keras3", "keras", "tfdatasets",
              "tfautograph")
unresolved <- unlist(lapply(packages, function(package) {
  failing <- Filter(function(name) inherits(
    tryCatch(suppressWarnings(getExportedValue(package, name)), error = function(e) e), "error"),
    getNamespaceExports(package))
  if (length(failing)) paste0(package, "::", failing)
}))
check("unresolved", if (length(unresolved)) unresolved else "none")
check("layer_dense", is.function(keras3::layer_dense))
check("tf", class(tensorflow::tf)[[1]])
check("import", identical(reticulate::import, pyreticulate::import))
differing <- function(package, names, from) {
  names(from) <- NULL
  bad <- names[!vapply(seq_along(names), function(i)
    identical(getExportedValue(package, names[[i]]), getExportedValue(from[[i]], names[[i]])), NA)]
  if (length(bad)) paste0(package, "::", bad) else "none"
}
# `py` is an active binding (each use gives a new proxy of __main__): the
# binding's function is the shared object.
reticulate_names <- setdiff(getNamespaceExports("reticulate"), "py")
check("reticulate_is_pyreticulate", differing("reticulate", reticulate_names,
                                              rep("pyreticulate", length(reticulate_names))))
check("reticulate_py_binding", identical(activeBindingFunction("py", asNamespace("reticulate")),
                                         activeBindingFunction("py", asNamespace("pyreticulate"))))
check("tensorflow_reexports", differing("tensorflow",
  c("%as%", "array_reshape", "dict", "import", "iterate", "np_array", "tuple", "use_condaenv",
    "use_python", "use_virtualenv", "py_require"), rep("reticulate", 11)))
keras3_from <- c(import = "reticulate", np_array = "reticulate", tuple = "reticulate",
  iterate = "reticulate", iter_next = "reticulate", as_iterator = "reticulate",
  "%as%" = "reticulate", py_to_r = "reticulate", r_to_py = "reticulate", py_help = "reticulate",
  array_reshape = "reticulate", use_python = "reticulate", use_virtualenv = "reticulate",
  as_tensor = "tensorflow", all_dims = "tensorflow",
  evaluate = "tensorflow", compile = "generics", fit = "generics", generate = "generics",
  "%>%" = "magrittr", "%<>%" = "magrittr", flags = "tensorflow", flag_numeric = "tensorflow",
  flag_integer = "tensorflow", flag_boolean = "tensorflow", flag_string = "tensorflow",
  run_dir = "tensorflow")
check("keras3_reexports", differing("keras3", names(keras3_from), keras3_from))
keras_from <- c("%>%" = "magrittr", "%<>%" = "magrittr", compile = "generics", fit = "generics",
  evaluate = "tensorflow", as_tensor = "tensorflow", shape = "tensorflow",
  export_savedmodel = "tensorflow", tensorboard = "tensorflow", tuple = "reticulate",
  array_reshape = "reticulate", use_python = "reticulate", use_virtualenv = "reticulate",
  use_condaenv = "reticulate")
check("keras_reexports", differing("keras", names(keras_from), keras_from))
tfdatasets_from <- c(tf = "tensorflow", shape = "tensorflow", as_tensor = "tensorflow",
  tuple = "reticulate", iterate = "reticulate", iter_next = "reticulate",
  as_iterator = "reticulate", fit = "generics", "%>%" = "magrittr")
check("tfdatasets_reexports", differing("tfdatasets", names(tfdatasets_from), tfdatasets_from))
'''

ATTACH = HELPERS + r'''
library(pyreticulate)
check("search", head(search(), 4))
check("keras_attached", "package:keras" %in% search())
check("tf_visible", exists("tf"))
check("tensorflow_imported", py_eval("'tensorflow' in __import__('sys').modules"))
'''


@pytest.fixture(scope="module")
def keras3_only(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras3_only"), KERAS3_ONLY, prelude="")


@pytest.fixture(scope="module")
def keras_only(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_only"), KERAS_ONLY, prelude="")


@pytest.fixture(scope="module")
def tensorflow_only(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("tensorflow_only"), TENSORFLOW_ONLY, prelude="")


@pytest.fixture(scope="module")
def tfautograph_only(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("tfautograph_only"), TFAUTOGRAPH_ONLY, prelude="")


@pytest.fixture(scope="module")
def resolved(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("resolve"), RESOLVE, prelude="")


@pytest.fixture(scope="module")
def attached(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("attach"), ATTACH, prelude="")


# ---- library(keras3) ----------------------------------------------------------------------

def test_a_keras3_script_builds_compiles_fits_and_predicts_a_sequential_model(keras3_only):
    assert keras3_only["fitted_epochs"] == "5"
    assert keras3_only["loss_decreased"] == "TRUE"
    assert keras3_only["prediction_dim"] == "10 1"


def test_a_keras3_script_plots_its_history(keras3_only):
    assert keras3_only["history_plotted"] == "TRUE"


def test_library_keras3_attaches_keras3_only(keras3_only):
    assert keras3_only["attached"] == "package:keras3"


def test_tf_is_not_visible_after_only_library_keras3(keras3_only):
    assert keras3_only["tf_visible"] == "FALSE"


# ---- library(keras) -----------------------------------------------------------------------

def test_a_keras_script_builds_compiles_fits_and_predicts_a_sequential_model(keras_only):
    assert keras_only["fitted_epochs"] == "5"
    assert keras_only["loss_decreased"] == "TRUE"
    assert keras_only["prediction_dim"] == "10 1"
    assert keras_only["evaluate_names"] == "loss mae"


def test_library_keras_attaches_keras_only(keras_only):
    assert keras_only["attached"] == "package:keras"
    assert keras_only["tf_visible"] == "FALSE"


def test_library_keras_runs_on_tf_keras_with_keras_2x_class_names(keras_only):
    assert keras_only["model_class"] == ("tf_keras.src.engine.sequential.Sequential "
                                         "keras.engine.sequential.Sequential")
    assert keras_only["tf_keras_routed"] == "tf_keras.src.layers.core.dense"


def test_keras_2x_lr_is_deprecated_for_learning_rate(keras_only):
    assert keras_only["lr_warning"] == "the `lr` argument of optimizer_rmsprop() is deprecated: use `learning_rate`"


def test_keras3_next_to_keras_stays_on_keras_3(keras_only):
    assert keras_only["keras3_stays_on_keras_3"] == "keras.src.layers.core.dense.Dense"


# ---- library(tensorflow) ------------------------------------------------------------------

def test_a_tensorflow_script_runs_a_gradient_tape_regression(tensorflow_only):
    assert tensorflow_only["slope"] == "3"
    assert tensorflow_only["intercept"] == "2"


def test_library_tensorflow_attaches_tensorflow_only(tensorflow_only):
    assert tensorflow_only["attached"] == "package:tensorflow"
    assert tensorflow_only["keras_visible"] == "FALSE"


def test_a_tfautograph_script_autographs_a_loop_with_next(tfautograph_only):
    assert tfautograph_only["odd_total"] == "9"


def test_library_tfautograph_attaches_tfautograph_only(tfautograph_only):
    assert tfautograph_only["attached"] == "package:tfautograph"


# ---- pkg::name and re-exports -------------------------------------------------------------

def test_every_exported_name_of_every_package_resolves(resolved):
    assert resolved["unresolved"] == "none"


def test_reticulate_py_is_pyreticulates_binding(resolved):
    assert resolved["reticulate_py_binding"] == "TRUE"


def test_keras3_layer_dense_tensorflow_tf_and_reticulate_import_resolve(resolved):
    assert resolved["layer_dense"] == "TRUE"
    assert resolved["tf"] == "python.builtin.module"
    assert resolved["import"] == "TRUE"


@pytest.mark.parametrize("package", ["reticulate_is_pyreticulate", "tensorflow_reexports",
                                     "keras3_reexports", "keras_reexports",
                                     "tfdatasets_reexports"])
def test_reexported_names_are_the_same_objects(resolved, package):
    assert resolved[package] == "none"


# ---- library(pyreticulate) ----------------------------------------------------------------

def test_library_pyreticulate_attaches_tensorflow_then_keras3(attached):
    assert attached["search"] == ".GlobalEnv package:keras3 package:tensorflow package:pyreticulate"


def test_library_pyreticulate_does_not_attach_keras_2x(attached):
    assert attached["keras_attached"] == "FALSE"


def test_library_pyreticulate_makes_tf_visible_without_importing_tensorflow(attached):
    assert attached["tf_visible"] == "TRUE"
    assert attached["tensorflow_imported"] == "FALSE"


# ---- packages the project does not provide ------------------------------------------------

@pytest.mark.parametrize("code", ["library(nonexistent)", "nonexistent::foo()"])
def test_a_package_the_project_does_not_provide_fails_with_rs_error(tmp_path, code):
    proc = run_code(tmp_path, code)
    assert proc.returncode == 1
    assert "there is no package called \u2018nonexistent\u2019" in proc.stderr


def test_require_namespace_of_a_package_the_project_does_not_provide_is_false(tmp_path):
    proc = run_code(tmp_path, 'cat(requireNamespace("nonexistent", quietly = TRUE), "\\n")')
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "FALSE \n"


# ---- the core and the exports (no R needed) -----------------------------------------------

def test_the_core_package_names_neither_tensorflow_nor_keras():
    core = os.path.join(ROOT, "r", "pyreticulate")
    named = []
    for folder, _, files in os.walk(core):
        for name in files:
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    if re.search(r"tensor|keras", line, flags=re.I):
                        named.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    assert named == []


HELP = r'''
library(keras3)
library(tensorflow)
help("fit")
cat("---\n")
?tf_function
cat("---\n")
?import
'''


@pytest.fixture(scope="module")
def help_pages(tmp_path_factory):
    proc = run_code(tmp_path_factory.mktemp("help"), HELP)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.split("---\n")


def test_help_fit_shows_the_generic_and_points_to_keras3s_method(help_pages):
    page = help_pages[0]
    assert "package:generics" in page
    assert "fit.keras.src.models.model.Model" in page


def test_help_on_tf_function_shows_tensorflows_page(help_pages):
    page = help_pages[1]
    assert "tf_function" in page and "package:tensorflow" in page
    assert "autograph" in page


def test_help_on_import_shows_pyreticulates_page(help_pages):
    page = help_pages[2]
    assert "package:pyreticulate" in page
    assert "Import a Python module" in page
