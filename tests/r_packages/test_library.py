"""The R packages scripts load (r/<package>/): each attaches alone as R users
write it (library(keras3), library(keras), library(tensorflow)), every
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

# keras 2.x's names: the same flow, then each deprecated name once, with the
# deprecation warnings it gives.
KERAS_ONLY = "library(keras)\n" + HELPERS + SEQUENTIAL + r'''
deprecations <- function(expr) {
  messages <- character()
  withCallingHandlers(expr, deprecatedWarning = function(w) {
    messages <<- c(messages, conditionMessage(w))
    invokeRestart("muffleWarning")
  })
  if (length(messages)) messages else "none"
}
same <- function(a, b) isTRUE(all.equal(a, b, tolerance = 1e-5))
batches <- function() list(x[1:32, ], y[1:32, , drop = FALSE])
check("fit_generator", deprecations(fit_generator(model, batches, steps_per_epoch = 2, verbose = 0)))
check("evaluate_generator", deprecations(evaluate_generator(model, batches, steps = 2, verbose = 0)))
check("predict_generator", deprecations(predict_generator(model, function() list(x[1:8, ]),
                                                          steps = 1, verbose = 0)))
trained <- predict(model, x[1:10, ], verbose = 0)
model_file <- file.path(tempdir(), "model.hdf5")
check("save_model_hdf5", deprecations(save_model_hdf5(model, model_file)))
check("load_model_hdf5", deprecations(reloaded <- load_model_hdf5(model_file, compile = FALSE)))
check("hdf5_model_predicts_the_same", same(predict(reloaded, x[1:10, ], verbose = 0), trained))
weights_file <- file.path(tempdir(), "weights.h5")
check("save_model_weights_hdf5", deprecations(save_model_weights_hdf5(model, weights_file)))
fresh <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 16, activation = "relu") %>%
  layer_dense(units = 1)
check("load_model_weights_hdf5", deprecations(load_model_weights_hdf5(fresh, weights_file)))
check("hdf5_weights_predict_the_same", same(predict(fresh, x[1:10, ], verbose = 0), trained))
saved_model <- file.path(tempdir(), "saved_model")
check("save_model_tf", deprecations(save_model_tf(model, saved_model)))
check("load_model_tf", deprecations(served <- load_model_tf(saved_model)))
check("saved_model_predicts_the_same", same(predict(served, x[1:10, ], verbose = 0), trained))
check("model_to_json", deprecations(json <- model_to_json(model)))
check("model_from_json", deprecations(from_json <- model_from_json(json)))
check("json_model_has_the_layers", length(from_json$layers))
check("keras_model_custom", deprecations(keras_model_custom(function(self) {
  self$dense <- layer_dense(units = 1)
  function(inputs, mask = NULL, training = NULL) self$dense(inputs)
})))
check("callback_progbar_logger", deprecations(callback_progbar_logger()))
check("callback_terminate_on_naan", deprecations(callback_terminate_on_naan()))
check("layer_lstm_cell", deprecations(layer_lstm_cell(units = 2)))
check("loss_logcosh", deprecations(logcosh <- loss_logcosh))
check("renamed_name_is_keras3s_object", identical(logcosh, keras3::loss_log_cosh))
check("k_sum", deprecations(total <- k_sum(matrix(1:6, 2, 3), axis = 1)))
check("k_sum_axis_is_one_based", as.array(total))
check("k_floatx", deprecations(k_floatx()))
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

# pkg::name for every export of every package, and which are the same objects.
RESOLVE = HELPERS + r'''
packages <- c("pyreticulate", "reticulate", "tensorflow", "keras3", "keras", "tfdatasets",
              "pyreticulate.legacy")
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
    "use_python", "use_virtualenv"), rep("reticulate", 10)))
keras3_from <- c(import = "reticulate", np_array = "reticulate", tuple = "reticulate",
  iterate = "reticulate", iter_next = "reticulate", as_iterator = "reticulate",
  "%as%" = "reticulate", py_to_r = "reticulate", r_to_py = "reticulate", py_help = "reticulate",
  array_reshape = "reticulate", use_python = "reticulate", use_virtualenv = "reticulate",
  as_tensor = "tensorflow", all_dims = "tensorflow",
  evaluate = "tensorflow", compile = "generics", fit = "generics", generate = "generics",
  "%>%" = "magrittr", "%<>%" = "magrittr")
check("keras3_reexports", differing("keras3", names(keras3_from), keras3_from))
kept <- intersect(getNamespaceExports("keras"), getNamespaceExports("keras3"))
check("keras_reexports", differing("keras", kept, rep("keras3", length(kept))))
tfdatasets_from <- c(tf = "tensorflow", shape = "tensorflow", as_tensor = "tensorflow",
  tuple = "reticulate", iterate = "reticulate", iter_next = "reticulate",
  as_iterator = "reticulate", fit = "generics", "%>%" = "magrittr")
check("tfdatasets_reexports", differing("tfdatasets", names(tfdatasets_from), tfdatasets_from))
'''

ATTACH = HELPERS + r'''
library(pyreticulate)
check("search", head(search(), 5))
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


def test_a_keras_script_plots_its_history(keras_only):
    assert keras_only["history_plotted"] == "TRUE"


def test_library_keras_attaches_keras_only(keras_only):
    assert keras_only["attached"] == "package:keras"
    assert keras_only["tf_visible"] == "FALSE"


@pytest.mark.parametrize("name, replacement", [
    ("fit_generator", "fit()"),
    ("evaluate_generator", "evaluate()"),
    ("predict_generator", "predict()"),
    ("save_model_hdf5", "save_model()"),
    ("load_model_hdf5", "load_model()"),
    ("save_model_weights_hdf5", "save_model_weights()"),
    ("load_model_weights_hdf5", "load_model_weights()"),
    ("save_model_tf", "save_model() (a .keras file); this writes a SavedModel for inference"),
    ("load_model_tf", "load_model() (a .keras file); a SavedModel loads for inference only"),
    ("model_to_json", "save_model_config() (the same JSON, in a file)"),
    ("model_from_json", "load_model_config()"),
    ("keras_model_custom", "new_model_class()"),
    ("callback_progbar_logger", "fit(verbose = 1), which shows the progress bar"),
    ("callback_terminate_on_naan", "callback_terminate_on_nan()"),
    ("layer_lstm_cell", "rnn_cell_lstm()"),
    ("loss_logcosh", "loss_log_cosh()"),
    ("k_sum", "op_sum()"),
    ("k_floatx", "config_floatx()"),
])
def test_a_keras_2x_name_warns_once_per_use_naming_its_replacement(keras_only, name, replacement):
    assert keras_only[name] == f"{name}() is deprecated: use {replacement}"


def test_hdf5_models_round_trip_under_any_file_name(keras_only):
    assert keras_only["hdf5_model_predicts_the_same"] == "TRUE"


def test_hdf5_weights_round_trip(keras_only):
    assert keras_only["hdf5_weights_predict_the_same"] == "TRUE"


def test_a_saved_model_reloads_as_a_model_that_predicts_the_same(keras_only):
    assert keras_only["saved_model_predicts_the_same"] == "TRUE"


def test_model_from_json_rebuilds_the_layers(keras_only):
    assert keras_only["json_model_has_the_layers"] == "2"


def test_a_renamed_2x_name_is_keras3s_object(keras_only):
    assert keras_only["renamed_name_is_keras3s_object"] == "TRUE"


def test_k_functions_keep_2x_one_based_axes(keras_only):
    assert keras_only["k_sum_axis_is_one_based"] == "3 7 11"


# ---- library(tensorflow) ------------------------------------------------------------------

def test_a_tensorflow_script_runs_a_gradient_tape_regression(tensorflow_only):
    assert tensorflow_only["slope"] == "3"
    assert tensorflow_only["intercept"] == "2"


def test_library_tensorflow_attaches_tensorflow_only(tensorflow_only):
    assert tensorflow_only["attached"] == "package:tensorflow"
    assert tensorflow_only["keras_visible"] == "FALSE"


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

def test_library_pyreticulate_attaches_tensorflow_then_keras3_then_the_first_releases_names(
        attached):
    assert attached["search"] == (".GlobalEnv package:pyreticulate.legacy package:keras3 "
                                  "package:tensorflow package:pyreticulate")


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
