"""Training from R (r/keras3/R/keras-training.R, keras-data.R, keras-history.R,
keras-losses-metrics-optimizers.R): compile/fit/evaluate/predict and the
batch methods, R data, the training history, losses, metrics, optimizers
and progress output."""
import os
import pty
import re
import subprocess
import sys

import pytest

from helpers import ROOT
from helpers.scripts import ENV, run_labelled

SCRIPT = r'''
set.seed(11)
x <- matrix(rnorm(80 * 3), 80, 3)
y <- as.vector(x %*% c(1, -1, 0.5))
labels <- factor(ifelse(x[, 1] > 0, "up", "down"), levels = c("down", "up"))

model <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 4) %>%
  layer_dense(units = 1)
check("compile_invisible", withVisible(model %>% compile(
  optimizer = optimizer_adam(learning_rate = 0.01), loss = "mse", metrics = "mae"))$visible)
cat("<<fit output>>\n")
history <- model %>% fit(x, y, epochs = 3, batch_size = 16, validation_split = 0.25)
cat("<<end fit output>>\n")
check("history_class", class(history))
check("history_names", names(history))
check("history_params", unlist(history$params[c("epochs", "steps")]))
check("history_metric_names", names(history$metrics))
check("history_lengths", vapply(history$metrics, length, 1L))
check("history_doubles", vapply(history$metrics, is.double, TRUE))
check("history_print", grepl("val_mae:", paste(capture.output(print(history)), collapse = "\n")))
frame <- as.data.frame(history)
check("history_frame_names", names(frame))
check("history_frame_rows", nrow(frame))
check("history_frame_data", levels(frame$data))
check("history_frame_metric", levels(frame$metric))
base_png <- file.path(tempdir(), "history-base.png")
png(base_png); plot(history, method = "base"); invisible(dev.off())
check("plot_base_png", c(file.exists(base_png), readBin(base_png, "raw", 4)[2:4] == charToRaw("PNG")))
gg_png <- file.path(tempdir(), "history-gg.png")
png(gg_png); print(plot(history, method = "ggplot2")); invisible(dev.off())
check("plot_ggplot_png", c(file.exists(gg_png), readBin(gg_png, "raw", 4)[2:4] == charToRaw("PNG")))
check("plot_auto_class", class(plot(history))[[1]])
check("plot_unknown_metric", plot(history, metrics = "nope", method = "base"))

check("evaluate_named_list", {
  scores <- model %>% evaluate(x, y, verbose = 0)
  c(is.list(scores), names(scores))
})
predicted <- predict(model, x, verbose = 0)
check("predict_matrix", c(is.matrix(predicted), dim(predicted), typeof(predicted)))
check("predict_native_pipe", dim(x[1:4, ] |> predict(object = model, verbose = 0)))
check("train_on_batch", names(train_on_batch(model, x[1:10, ], y[1:10])))
check("test_on_batch", names(test_on_batch(model, x[1:10, ], y[1:10])))
check("predict_on_batch", dim(predict_on_batch(model, x[1:10, ])))
single <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
single %>% compile(loss = "mse")
check("train_on_batch_single", paste(is.list(train_on_batch(single, x, y)),
                                     length(train_on_batch(single, x, y))))

identity_model <- keras_model_sequential(input_shape = c(3, 4)) %>% layer_identity()
cube <- array(as.numeric(1:24), c(2, 3, 4))
check("element_order_kept", isTRUE(all.equal(predict(identity_model, cube, verbose = 0), cube,
                                             check.attributes = FALSE)))
prepared <- keras3:::.keras_x(identity_model, cube)
check("prepared_c_order_float32", c(py_to_r(prepared$flags$c_contiguous),
                                    py_to_r(prepared$dtype$name)))
check("integer_data_cast_to_input_dtype",
      py_to_r(keras3:::.keras_x(identity_model, array(1:24, c(2, 3, 4)))$dtype$name))
check("vector_target", py_to_r(keras3:::.keras_data(c(1.5, 2))$shape))
codes <- keras3:::.keras_data(labels)
check("factor_codes", c(identical(as.vector(py_to_r(codes)), as.integer(labels) - 1L),
                        py_to_r(codes$dtype$name)))

classifier <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 2, activation = "softmax")
classifier %>% compile(loss = "sparse_categorical_crossentropy", metrics = "accuracy")
fitted <- classifier %>% fit(x, labels, epochs = 2, verbose = 0,
                             validation_data = list(x[1:20, ], labels[1:20]))
check("factor_target_and_validation_data", names(fitted$metrics))
weighted <- classifier %>% fit(x, labels, epochs = 1, verbose = 0,
                               class_weight = list("0" = 0, "1" = 0))
check("class_weight", weighted$metrics$loss)
check("class_weight_bad_names", fit(classifier, x, labels, verbose = 0,
                                    class_weight = list(down = 1, up = 2)))
later <- classifier %>% fit(x, labels, epochs = 3, initial_epoch = 2, verbose = 0)
check("initial_epoch_one_based", length(later$metrics$loss))

custom <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
custom %>% compile(
  optimizer = optimizer_sgd(learning_rate = 0.01),
  loss = function(y_true, y_pred) keras$ops$mean(keras$ops$square(y_true - y_pred)),
  metrics = list(abs_error = function(y_true, y_pred) keras$ops$mean(keras$ops$abs(y_true - y_pred)),
                 metric_mean_absolute_error(), loss_mean_squared_error))
check("custom_loss_and_metrics", names(fit(custom, x, y, epochs = 1, verbose = 0)$metrics))
named_loss <- function(y_true, y_pred) keras$ops$mean(keras$ops$abs(y_true - y_pred))
attr(named_loss, "py_function_name") <- "my_loss"
check("custom_loss_name", py_to_r(keras3:::.as_loss(named_loss, character())$`__name__`))

check("loss_object", class(loss_binary_crossentropy(from_logits = TRUE))[[1]])
check("loss_value", as.array(loss_mean_squared_error(c(1, 2), c(1, 4))))
check("loss_needs_both", loss_mean_squared_error(y_true = c(1, 2)))
check("metric_object", class(metric_auc(num_thresholds = 50))[[1]])
check("float_with_int_default", py_to_r(metric_binary_crossentropy(label_smoothing = 0.1)$label_smoothing))
check("metric_value", as.array(metric_binary_accuracy(c(1, 0), c(0.9, 0.8))))
check("optimizer_object", c(class(optimizer_rmsprop())[[1]],
                            as.numeric(optimizer_adam(learning_rate = 0.1)$learning_rate)))
check("activation_value", as.vector(as.array(activation_relu(c(-1, 2)))))

dataset <- tf$data$Dataset$from_tensor_slices(tuple(x, matrix(y)))$batch(20L)
check("fit_dataset", length(fit(single, dataset, epochs = 2, verbose = 0)$metrics$loss))
check("dataset_with_batch_size", fit(single, dataset, batch_size = 10L, verbose = 0))

inp <- keras_input(shape = 3)
two <- keras_model(inp, list(layer_dense(inp, units = 1, name = "first"),
                             layer_dense(inp, units = 2, name = "second")))
check("predict_several_outputs", c(length(predict(two, x[1:5, ], verbose = 0)),
                                   as.character(is.null(names(predict(two, x[1:5, ], verbose = 0))))))
named_two <- keras_model(inp, list(a = layer_dense(inp, units = 1), b = layer_dense(inp, units = 2)))
check("predict_named_outputs", names(predict(named_two, x[1:5, ], verbose = 0)))
two %>% compile(loss = list(first = "mse", second = "mse"),
                metrics = list(first = "mae", second = list("mae")))
check("per_output_losses_and_metrics",
      names(fit(two, x, list(first = y, second = cbind(y, -y)), epochs = 1, verbose = 0)$metrics))
quiet <- capture.output(logical_fit <- fit(single, x, y, epochs = 1, verbose = FALSE))
check("verbose_false_is_silent", c(length(quiet), logical_fit$params$verbose))
check("verbose_true_is_one", {
  shown <- capture.output(loud <- fit(single, x, y, epochs = 1, verbose = TRUE))
  loud$params$verbose
})
check("verbose_false_evaluate_predict", c(length(capture.output(scores <- evaluate(single, x, y, verbose = FALSE))),
                                          dim(predict(single, x[1:2, ], verbose = FALSE))))
check("verbose_na_is_an_error", fit(single, x, y, verbose = NA))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_training"), SCRIPT)


def fit_output(out):
    text = out.proc.stdout
    return text[text.index("<<fit output>>\n") + 15:text.index("<<end fit output>>")]


def test_compile_returns_the_model_invisibly(out):
    assert out["compile_invisible"] == "FALSE"


def test_fit_returns_a_keras_training_history(out):
    assert out["history_class"] == "keras_training_history"
    assert out["history_names"] == "params metrics"


def test_history_params_hold_epochs_and_steps(out):
    assert out["history_params"] == "3 4"


def test_history_has_loss_and_metrics_with_validation(out):
    assert out["history_metric_names"] == "loss mae val_loss val_mae"


def test_history_has_one_entry_per_epoch(out):
    assert out["history_lengths"] == "3 3 3 3"
    assert out["history_doubles"] == "TRUE TRUE TRUE TRUE"


def test_history_prints_the_final_values(out):
    assert out["history_print"] == "TRUE"


def test_history_as_data_frame(out):
    assert out["history_frame_names"] == "epoch value metric data"
    assert out["history_frame_rows"] == "12"
    assert out["history_frame_data"] == "training validation"
    assert out["history_frame_metric"] == "loss mae"


def test_history_plots_to_png_with_base_graphics(out):
    assert out["plot_base_png"] == "TRUE TRUE TRUE TRUE"


def test_history_plots_to_png_with_ggplot2(out):
    assert out["plot_ggplot_png"] == "TRUE TRUE TRUE TRUE"


def test_history_plot_uses_ggplot2_when_installed(out):
    assert out["plot_auto_class"] == "gg"


def test_history_plot_of_unknown_metric_is_an_error(out):
    assert 'no metric named "nope"' in out["plot_unknown_metric"]


def test_fit_prints_one_line_per_epoch_when_output_is_not_a_terminal(out):
    lines = fit_output(out).splitlines()
    assert [line for line in lines if line.startswith("Epoch")] == [
        "Epoch 1/3", "Epoch 2/3", "Epoch 3/3"]
    assert len([line for line in lines if re.match(r"^\d+/\d+ - .*loss: ", line)]) == 3
    assert "\r" not in fit_output(out) and "\b" not in fit_output(out)


def test_evaluate_returns_a_named_list(out):
    assert out["evaluate_named_list"] == "TRUE loss mae"


def test_predict_returns_an_r_matrix(out):
    assert out["predict_matrix"] == "TRUE 80 1 double"


def test_predict_works_with_the_native_pipe(out):
    assert out["predict_native_pipe"] == "4 1"


def test_train_on_batch_returns_named_metrics(out):
    assert out["train_on_batch"] == "loss mae"


def test_test_on_batch_returns_named_metrics(out):
    assert out["test_on_batch"] == "loss mae"


def test_predict_on_batch_returns_an_array(out):
    assert out["predict_on_batch"] == "10 1"


def test_batch_method_with_one_value_returns_it_alone(out):
    assert out["train_on_batch_single"] == "FALSE 1"


def test_array_element_order_is_kept(out):
    assert out["element_order_kept"] == "TRUE"


def test_data_is_c_order_in_the_model_float_dtype(out):
    assert out["prepared_c_order_float32"] == "TRUE float32"


def test_integer_data_is_cast_to_the_input_dtype(out):
    assert out["integer_data_cast_to_input_dtype"] == "float32"


def test_plain_vector_becomes_a_one_dimensional_array(out):
    assert out["vector_target"] == "2"


def test_factor_becomes_zero_based_codes(out):
    assert out["factor_codes"] == "TRUE int32"


def test_factor_target_and_validation_data(out):
    assert out["factor_target_and_validation_data"] == (
        "accuracy loss val_accuracy val_loss")


def test_class_weight_named_list_weights_the_loss(out):
    assert out["class_weight"] == "0"


def test_class_weight_must_be_named_by_class_index(out):
    assert "`class_weight` must be named by class index" in out["class_weight_bad_names"]


def test_initial_epoch_is_one_based(out):
    assert out["initial_epoch_one_based"] == "2"


def test_r_functions_as_loss_and_metrics(out):
    assert out["custom_loss_and_metrics"] == "abs_error loss mean_absolute_error mean_squared_error"


def test_custom_loss_is_named_by_py_function_name(out):
    assert out["custom_loss_name"] == "my_loss"


def test_loss_without_data_is_the_loss_object(out):
    assert out["loss_object"] == "keras.src.losses.losses.BinaryCrossentropy"


def test_loss_with_data_computes_it(out):
    assert out["loss_value"] == "2"


def test_loss_with_only_one_of_the_data_is_an_error(out):
    assert "give both `y_true` and `y_pred`" in out["loss_needs_both"]


def test_metric_without_data_is_the_metric_object(out):
    assert out["metric_object"] == "keras.src.metrics.confusion_metrics.AUC"


def test_float_argument_with_an_int_python_default_is_not_coerced(out):
    assert out["float_with_int_default"] == "0.1"


def test_metric_with_data_computes_it(out):
    assert out["metric_value"] == "1 0"


def test_optimizer_wrappers_build_optimizers(out):
    assert out["optimizer_object"].startswith("keras.src.optimizers.rmsprop.RMSprop 0.1")


def test_activation_wrapper_computes(out):
    assert out["activation_value"] == "0 2"


def test_fit_takes_a_dataset(out):
    assert out["fit_dataset"] == "2"


def test_batch_size_with_a_dataset_is_an_error(out):
    assert "`batch_size` cannot be used with a tf.data.Dataset" in out["dataset_with_batch_size"]


def test_predict_with_a_list_of_outputs_is_an_unnamed_list(out):
    assert out["predict_several_outputs"] == "2 TRUE"


def test_predict_with_named_outputs_is_a_named_list(out):
    assert out["predict_named_outputs"] == "a b"


def test_losses_and_metrics_per_output(out):
    assert out["per_output_losses_and_metrics"] == "first_loss first_mae loss second_loss second_mae"


PROGRESS_SCRIPT = '''
library(pyreticulate)
model <- keras_model_sequential(input_shape = 2) %>% layer_dense(units = 1)
model %>% compile(loss = "mse")
model %>% fit(matrix(runif(40), 20, 2), runif(20), epochs = 2, batch_size = 5)
'''


def test_fit_shows_the_live_progress_bar_in_a_terminal(tmp_path):
    path = tmp_path / "progress.R"
    path.write_text(PROGRESS_SCRIPT)
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": ROOT, **ENV}
    proc = subprocess.Popen([sys.executable, "-m", "pyreticulate", "run", str(path)],
                            stdin=subprocess.DEVNULL, stdout=follower, stderr=subprocess.DEVNULL,
                            env=env, cwd=str(tmp_path))
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert proc.wait(timeout=300) == 0
    text = b"".join(chunks).decode("utf-8", "replace")
    assert "Epoch 1/2" in text
    assert "\r" in text.split("Epoch 1/2", 1)[1]
    assert "━" in text


def test_verbose_false_is_zero(out):
    assert out["verbose_false_is_silent"] == "0 0"


def test_verbose_true_is_one(out):
    assert out["verbose_true_is_one"] == "1"


def test_verbose_false_in_evaluate_and_predict(out):
    assert out["verbose_false_evaluate_predict"] == "0 2 1"


def test_verbose_na_is_an_error(out):
    assert "`verbose` must be a whole number" in out["verbose_na_is_an_error"]
