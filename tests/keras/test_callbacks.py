"""Callbacks from R (r/keras3/R/keras-callbacks.R, pyreticulate/keras/callbacks.py):
callback_lambda() and Callback() classes (keras3, 1-based, returned lists merged into the
history), built-in callbacks, errors in hooks, stop_training, and Ctrl-C during fit().
keras 2.x's KerasCallback (library(keras), on tf_keras) is tested in r/keras/tests/testthat."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from helpers import ROOT
from helpers.scripts import ENV, PRELUDE, run_labelled

SCRIPT = r'''
suppressPackageStartupMessages(library(keras3))
set.seed(3)
keras$utils$set_random_seed(3L)
x <- matrix(rnorm(40 * 3), 40, 3)
y <- as.vector(x %*% c(1, -1, 0.5))
model <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
model %>% compile(optimizer = optimizer_sgd(learning_rate = 0.01), loss = "mse", metrics = "mae")
train <- function(callbacks, epochs = 3, ...)
  fit(model, x, y, epochs = epochs, batch_size = 10, verbose = 0, callbacks = callbacks, ...)
overridden <- py_eval("lambda cb: ' '.join(sorted(n for n in dir(type(cb)) if n.startswith('on_') and not getattr(getattr(cb, n), '_is_default', False)))")

# ---- callback_lambda (keras3: 1-based, merges) ----------------------------------------------
lambda_epochs <- integer(); lambda_batches <- integer(); lambda_logs <- list()
lambda <- callback_lambda(
  on_epoch_begin = function(epoch, logs) lambda_epochs <<- c(lambda_epochs, epoch),
  on_epoch_end = function(epoch, logs) {
    lambda_logs[[epoch]] <<- logs
    list(double_loss = 2 * logs$loss)
  },
  on_train_batch_end = function(batch, logs) lambda_batches <<- c(lambda_batches, batch))
history <- train(list(lambda))
check("lambda_epochs", lambda_epochs)
check("lambda_batches", unique(lambda_batches))
check("lambda_logs_match_history",
      isTRUE(all.equal(vapply(lambda_logs, function(l) l$loss, 1), history$metrics$loss)))
check("lambda_logs_are_named_doubles",
      c(names(lambda_logs[[1]]), vapply(lambda_logs[[1]], typeof, "")))
check("lambda_merges_into_history",
      isTRUE(all.equal(history$metrics$double_loss, 2 * history$metrics$loss)))
check("lambda_hooks_registered", overridden(lambda))
check("lambda_other_hooks_by_name",
      overridden(callback_lambda(on_test_begin = function(logs) NULL)))
check("lambda_unnamed_hook", callback_lambda(NULL, NULL, NULL, NULL, NULL, NULL, function(logs) 1))

# ---- Callback() classes (keras3: 1-based, merges) -------------------------------------------
EpochLogger <- Callback("EpochLogger",
  on_train_begin = function(logs = NULL) {
    private$seen <- integer()
    self$planned <- self$params$epochs
  },
  on_epoch_end = function(epoch, logs = NULL) {
    private$seen <- c(private$seen, epoch)
    self$last_loss <- logs$loss
    list(epoch_squared = epoch^2)
  },
  seen = function() private$seen)
logger <- EpochLogger()
history <- train(list(logger))
check("class_epochs", logger$seen())
check("class_is_a_keras_callback", c(class(logger)[[1]], inherits(logger, "keras.src.callbacks.callback.Callback")))
check("class_params", logger$planned)
check("class_logs_match_history", isTRUE(all.equal(logger$last_loss, history$metrics$loss[[3]])))
check("class_merges_into_history", history$metrics$epoch_squared)
check("class_hooks_registered", overridden(logger))
check("class_private_per_instance", { other <- EpochLogger(); length(other$seen()) })
ChildLogger <- Callback("ChildLogger", inherit = EpochLogger,
  on_epoch_end = function(epoch, logs = NULL) {
    private$child_epochs <- c(private$child_epochs, epoch)
    super$on_epoch_end(epoch, logs)
  },
  child_epochs = function() private$child_epochs)
child <- ChildLogger()
history <- train(list(child))
check("subclass_hook_calls_super", c(child$child_epochs(), "|", child$seen(), "|",
                                     history$metrics$epoch_squared))
check("new_callback_class_alias", identical(new_callback_class, Callback))
check("class_hooks_must_be_functions", Callback("NotAFunction", on_epoch_end = "x"))
check("class_hook_signature", py_str(import("inspect")$signature(logger$on_epoch_end)))

# ---- stop_training ---------------------------------------------------------------------------
Stopper <- Callback("Stopper", on_train_batch_end = function(batch, logs = NULL) {
  if (batch == 2) self$model$stop_training <- TRUE
})
check("stop_training_in_class", length(train(list(Stopper()), epochs = 5)$metrics$loss))
check("model_assignment_other_than_same_model_fails", {
  cb <- Stopper()
  cb$model <- keras_model_sequential(input_shape = 2)
})

# ---- errors in hooks --------------------------------------------------------------------------
describe <- function(expr) tryCatch({ expr; "no error" }, error = function(e) c(
  class(e)[[1]], conditionMessage(e), deparse(conditionCall(e)),
  if (is.null(e$keras_hook)) "NULL" else e$keras_hook,
  if (is.null(e$keras_epoch)) "NULL" else e$keras_epoch,
  if (is.null(e$keras_batch)) "NULL" else e$keras_batch))
custom_error <- function() stop(structure(class = c("custom_error", "error", "condition"),
  list(message = "hook failed", call = quote(my_hook(epoch)))))
Failing <- Callback("Failing", on_epoch_end = function(epoch, logs = NULL) if (epoch == 2) custom_error())
check("error_in_class_hook", describe(train(list(Failing()), epochs = 4)))
check("error_keeps_its_class", tryCatch(train(list(Failing()), epochs = 4), error = function(e) class(e)))
check("error_in_lambda_train_begin",
      describe(train(list(callback_lambda(on_train_begin = function(logs) stop("no start"))))))
check("error_in_test_hook", describe(evaluate(model, x, y, verbose = 0, callbacks = list(
  callback_lambda(on_test_batch_end = function(batch, logs) stop("eval failed"))))))
check("model_usable_after_errors",
      lengths(train(NULL, epochs = 2, validation_split = 0.25)$metrics))
check("not_a_callback", train(list(function() 1)))

# ---- Ctrl-C (a SIGINT sent from inside a hook) ------------------------------------------------
batches_seen <- 0L
ctrl_c <- callback_lambda(on_train_batch_end = function(batch, logs) {
  batches_seen <<- batches_seen + 1L
  if (batches_seen == 6L) tools::pskill(Sys.getpid(), tools::SIGINT)
})
before <- get_weights(model)[[1]]
interrupted <- tryCatch({ train(list(ctrl_c), epochs = 10); NULL }, interrupt = function(e) e)
check("interrupt_is_an_r_interrupt", class(interrupted))
check("interrupt_stops_at_the_next_batch", batches_seen)
check("interrupt_keeps_the_partial_history",
      c(class(interrupted$history), lengths(interrupted$history$metrics)))
check("interrupt_partial_epoch_is_its_last_batch",
      interrupted$history$metrics$loss[[2]] > 0)
check("interrupt_keeps_the_weights", !identical(get_weights(model)[[1]], before))
check("interrupt_history_on_the_model", lengths(py_to_r(model$history$history)))
check("usable_after_interrupt", length(train(NULL, epochs = 2)$metrics$loss))
reached <- "no"
twice <- callback_lambda(on_train_batch_end = function(batch, logs) {
  if (batch == 3) {
    tools::pskill(Sys.getpid(), tools::SIGINT)
    py_eval("None")
    tools::pskill(Sys.getpid(), tools::SIGINT)
    py_eval("None")
    reached <<- "yes"
  }
})
second <- tryCatch({ train(list(twice), epochs = 10); NULL }, interrupt = function(e) e)
check("second_ctrl_c_interrupts_at_once", c(class(second)[[1]], reached))
check("usable_after_second_ctrl_c", length(train(NULL, epochs = 1)$metrics$loss))

# ---- built-in callbacks --------------------------------------------------------------------------
dir <- tempfile("callbacks-"); dir.create(dir)
stopping <- callback_early_stopping(monitor = "loss", patience = 2, min_delta = 0.01,
                                    start_from_epoch = 1)
check("early_stopping_integers", c(class(py_to_r(stopping$patience)), class(py_to_r(stopping$start_from_epoch))))
check("early_stopping_min_delta_not_truncated", py_to_r(stopping$min_delta))
plateau <- callback_reduce_lr_on_plateau(monitor = "loss", patience = 3, cooldown = 1,
                                         min_delta = 0.001, verbose = 1)
check("reduce_lr_integers", vapply(list(plateau$patience, plateau$cooldown, plateau$verbose),
                                   function(v) class(py_to_r(v)), ""))
check("reduce_lr_min_delta_not_truncated", py_to_r(plateau$min_delta))
check("integer_argument_must_be_whole", callback_early_stopping(patience = 1.5))
schedule_epochs <- integer()
scheduler <- callback_learning_rate_scheduler(function(epoch, lr) {
  schedule_epochs <<- c(schedule_epochs, epoch)
  lr / 2
})
board <- callback_tensorboard(file.path(dir, "tb"), histogram_freq = 1, update_freq = 5)
check("tensorboard_arguments", c(py_to_r(board$log_dir) == file.path(dir, "tb"),
                                 class(py_to_r(board$histogram_freq)), class(py_to_r(board$update_freq))))
history <- train(list(
  stopping,
  callback_model_checkpoint(file.path(dir, "model-{epoch:02d}.keras"), monitor = "loss"),
  callback_csv_logger(file.path(dir, "log.csv")),
  callback_terminate_on_nan(),
  plateau, scheduler,
  callback_backup_and_restore(file.path(dir, "backup")),
  board), epochs = 3)
check("builtins_train", length(history$metrics$loss))
check("scheduler_epochs_zero_based", schedule_epochs)
check("scheduler_sets_the_rate", as.numeric(model$optimizer$learning_rate))
check("checkpoint_files", list.files(dir, pattern = "^model"))
check("csv_logger_rows", read.csv(file.path(dir, "log.csv"))$epoch)
check("backup_removed_after_training", dir.exists(file.path(dir, "backup")))
check("tensorboard_writes_event_files",
      length(list.files(file.path(dir, "tb"), pattern = "^events", recursive = TRUE)) > 0)
check("builtin_classes", vapply(list(callback_terminate_on_nan(),
                                     callback_csv_logger(file.path(dir, "other.csv"))),
                                function(cb) class(cb)[[1]], ""))
check("builtin_verbose_logical", py_to_r(callback_early_stopping(verbose = TRUE)$verbose))
check("remote_monitor", c(class(callback_remote_monitor(root = "http://localhost:1"))[[1]],
                          py_to_r(callback_remote_monitor(send_as_json = TRUE)$send_as_json)))
check("swap_ema_weights", py_to_r(callback_swap_ema_weights(swap_on_epoch = TRUE)$swap_on_epoch))

# ---- R6 classes inheriting keras$callbacks$Callback, through r_to_py() (keras3) ---------------
Tracker <- R6::R6Class("Tracker", inherit = keras$callbacks$Callback, public = list(
  epochs = NULL, losses = NULL,
  on_epoch_end = function(epoch, logs = NULL) {
    self$epochs <- c(self$epochs, epoch)
    list(ignored = 1)
  },
  on_train_batch_end = function(batch, logs = list()) self$losses <- c(self$losses, logs[["loss"]])))
tracker <- r_to_py(Tracker)()
tracked <- train(list(tracker), epochs = 2)
check("r6_python_callback_is_callable_class", inherits(tracker, "keras.src.callbacks.callback.Callback"))
check("r6_python_callback_epochs_from_zero", tracker$epochs)
check("r6_python_callback_return_ignored", names(tracked$metrics))
check("r6_python_callback_batch_logs", c(as.character(is.numeric(tracker$losses)), length(tracker$losses)))

# ---- Callback() values logged as integers stay integers in the history ------------------------
EpochLogger <- Callback("EpochLogger", on_epoch_end = function(epoch, logs) list(seen = epoch))
logged <- train(list(EpochLogger()), epochs = 2)
check("callback_integer_log_stays_integer", c(typeof(logged$metrics$seen), logged$metrics$seen))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_callbacks"), SCRIPT)


def test_builtin_callback_verbose_takes_true(out):
    assert out["builtin_verbose_logical"] == "1"


def test_callback_remote_monitor(out):
    assert out["remote_monitor"] == "keras.src.callbacks.remote_monitor.RemoteMonitor TRUE"


def test_callback_swap_ema_weights(out):
    assert out["swap_ema_weights"] == "TRUE"


def test_r6_class_inheriting_keras_callback_converts_to_a_callback_class(out):
    assert out["r6_python_callback_is_callable_class"] == "TRUE"


def test_r6_python_callback_counts_epochs_from_zero(out):
    assert out["r6_python_callback_epochs_from_zero"] == "0 1"


def test_r6_python_callback_return_value_is_ignored(out):
    assert out["r6_python_callback_return_ignored"] == "loss mae"


def test_r6_python_callback_gets_batch_logs(out):
    assert out["r6_python_callback_batch_logs"] == "TRUE 8"


def test_integer_logged_by_a_callback_stays_integer_in_history(out):
    assert out["callback_integer_log_stays_integer"] == "integer 1 2"


def test_lambda_sees_every_epoch_from_one(out):
    assert out["lambda_epochs"] == "1 2 3"


def test_lambda_sees_batches_from_one(out):
    assert out["lambda_batches"] == "1 2 3 4"


def test_lambda_logs_match_the_history(out):
    assert out["lambda_logs_match_history"] == "TRUE"


def test_lambda_logs_are_a_named_list_of_doubles(out):
    assert out["lambda_logs_are_named_doubles"] == "loss mae double double"


def test_lambda_returned_list_reaches_the_history(out):
    assert out["lambda_merges_into_history"] == "TRUE"


def test_lambda_registers_only_its_hooks(out):
    assert out["lambda_hooks_registered"] == "on_epoch_begin on_epoch_end on_train_batch_end"


def test_lambda_takes_other_hooks_by_name(out):
    assert out["lambda_other_hooks_by_name"] == "on_test_begin"


def test_lambda_needs_named_hooks(out):
    assert "name every hook" in out["lambda_unnamed_hook"]


def test_callback_class_sees_every_epoch_from_one(out):
    assert out["class_epochs"] == "1 2 3"


def test_callback_class_is_a_real_keras_callback(out):
    assert out["class_is_a_keras_callback"] == "__main__.EpochLogger TRUE"


def test_callback_class_has_params(out):
    assert out["class_params"] == "3"


def test_callback_class_logs_match_the_history(out):
    assert out["class_logs_match_history"] == "TRUE"


def test_callback_class_returned_list_reaches_the_history(out):
    assert out["class_merges_into_history"] == "1 4 9"


def test_callback_class_registers_only_its_hooks(out):
    assert out["class_hooks_registered"] == "on_epoch_end on_train_begin"


def test_callback_class_private_is_per_instance(out):
    assert out["class_private_per_instance"] == "0"


def test_callback_subclass_hook_calls_the_parent_hook_with_the_same_epoch(out):
    assert out["subclass_hook_calls_super"] == "1 2 3 | 1 2 3 | 1 4 9"


def test_callback_class_hooks_must_be_functions(out):
    assert '`on_epoch_end` must be an R function, not the string "x"' in out["class_hooks_must_be_functions"]


def test_new_callback_class_is_callback(out):
    assert out["new_callback_class_alias"] == "TRUE"


def test_callback_class_hook_has_a_python_signature(out):
    assert out["class_hook_signature"] == "(index, logs=None)"


def test_stop_training_from_a_callback_class(out):
    assert out["stop_training_in_class"] == "1"


def test_assigning_another_model_to_a_callback_fails(out):
    assert out["model_assignment_other_than_same_model_fails"].startswith("ERROR")


def test_error_in_a_hook_is_the_original_condition_with_hook_and_epoch(out):
    assert out["error_in_class_hook"] == "custom_error hook failed my_hook(epoch) on_epoch_end 2 NULL"


def test_error_in_a_hook_keeps_its_class_first_and_is_also_the_python_exception(out):
    assert out["error_keeps_its_class"] == (
        "custom_error pyreticulate.runtime.errors.RError python.builtin.RuntimeError "
        "python.builtin.Exception python.builtin.BaseException python.builtin.object "
        "error condition")


def test_error_before_the_first_epoch_has_no_epoch(out):
    assert out["error_in_lambda_train_begin"].startswith("simpleError no start")
    assert out["error_in_lambda_train_begin"].endswith("on_train_begin NULL NULL")


def test_error_in_an_evaluate_hook(out):
    assert out["error_in_test_hook"].startswith("simpleError eval failed")
    assert out["error_in_test_hook"].endswith("on_test_batch_end NULL 1")


def test_model_is_usable_after_errors_in_hooks(out):
    assert out["model_usable_after_errors"] == "2 2 2 2"


def test_callbacks_must_be_keras_callbacks(out):
    assert "callbacks must be Keras callbacks" in out["not_a_callback"]


def test_ctrl_c_is_an_r_interrupt(out):
    assert out["interrupt_is_an_r_interrupt"] == "interrupt condition"


def test_ctrl_c_stops_at_the_next_batch(out):
    assert out["interrupt_stops_at_the_next_batch"] == "6"


def test_ctrl_c_keeps_the_partial_history(out):
    assert out["interrupt_keeps_the_partial_history"] == "keras_training_history 2 2"
    assert out["interrupt_partial_epoch_is_its_last_batch"] == "TRUE"


def test_ctrl_c_keeps_the_trained_weights(out):
    assert out["interrupt_keeps_the_weights"] == "TRUE"


def test_ctrl_c_history_is_also_on_the_model(out):
    assert out["interrupt_history_on_the_model"] == "2 2"


def test_model_is_usable_after_ctrl_c(out):
    assert out["usable_after_interrupt"] == "2"


def test_second_ctrl_c_interrupts_at_once(out):
    assert out["second_ctrl_c_interrupts_at_once"] == "interrupt no"
    assert out["usable_after_second_ctrl_c"] == "1"


def test_builtin_integer_arguments_are_integers(out):
    assert out["early_stopping_integers"] == "integer integer"
    assert out["reduce_lr_integers"] == "integer integer integer"


def test_builtin_min_delta_is_not_truncated(out):
    assert out["early_stopping_min_delta_not_truncated"] == "0.01"
    assert out["reduce_lr_min_delta_not_truncated"] == "0.001"


def test_builtin_integer_argument_must_be_whole(out):
    assert "`patience` must be a whole number, not 1.5" in out["integer_argument_must_be_whole"]


def test_builtin_callbacks_train_together(out):
    assert out["builtins_train"] == "3"


def test_learning_rate_schedule_gets_zero_based_epochs(out):
    assert out["scheduler_epochs_zero_based"] == "0 1 2"


def test_learning_rate_schedule_sets_the_rate(out):
    assert float(out["scheduler_sets_the_rate"]) == pytest.approx(0.01 / 8)


def test_model_checkpoint_writes_each_epoch(out):
    assert out["checkpoint_files"] == "model-01.keras model-02.keras model-03.keras"


def test_csv_logger_writes_each_epoch(out):
    assert out["csv_logger_rows"] == "0 1 2"


def test_backup_and_restore_cleans_up(out):
    assert out["backup_removed_after_training"] == "FALSE"


def test_tensorboard_arguments(out):
    assert out["tensorboard_arguments"] == "TRUE integer integer"


def test_tensorboard_writes_event_files(out):
    assert out["tensorboard_writes_event_files"] == "TRUE"


def test_builtins_are_keras_callbacks(out):
    assert out["builtin_classes"] == (
        "keras.src.callbacks.terminate_on_nan.TerminateOnNaN "
        "keras.src.callbacks.csv_logger.CSVLogger")


CTRL_C_SCRIPT = r'''
set.seed(4)
x <- matrix(rnorm(200 * 3), 200, 3)
y <- as.vector(x %*% c(1, -1, 0.5))
model <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
model %>% compile(optimizer = "sgd", loss = "mse")
ready <- callback_lambda(on_train_batch_end = function(batch, logs) {
  if (batch == 3) file.create("ready")
  Sys.sleep(0.005)
})
result <- tryCatch(fit(model, x, y, epochs = 1000, batch_size = 10, verbose = 0,
                       callbacks = list(ready)),
                   interrupt = function(e) e)
check("external_interrupt", class(result))
epochs <- length(result$history$metrics$loss)
check("external_interrupt_history", epochs >= 1 && epochs < 1000)
check("external_interrupt_usable", length(fit(model, x, y, epochs = 1, verbose = 0)$metrics$loss))
'''


def test_ctrl_c_from_outside_stops_fit_and_the_process_stays_usable(tmp_path):
    script = tmp_path / "ctrl_c.R"
    script.write_text(PRELUDE + textwrap.dedent(CTRL_C_SCRIPT))
    env = {**os.environ, "PYTHONPATH": ROOT, **ENV}
    proc = subprocess.Popen([sys.executable, "-m", "pyreticulate", "run", str(script)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=str(tmp_path))
    deadline = time.monotonic() + 240
    while not (tmp_path / "ready").exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "training never started"
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=240)
    assert proc.returncode == 0, stderr[-3000:]
    assert "external_interrupt: interrupt condition" in stdout
    assert "external_interrupt_history: TRUE" in stdout
    assert "external_interrupt_usable: 1" in stdout
