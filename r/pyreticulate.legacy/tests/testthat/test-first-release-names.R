# library(pyreticulate) keeps the scripts of pyreticulate's first release
# working: every name it exported then resolves (the names of its NAMESPACE, as
# commit 9cfbb29^ had it), on Keras 3 as then.

first_release_exports <- c(
  "%<-%", "%>%", "%as%", "%py_class%", "adapt", "all_dims", "array_reshape", "as_iterator",
  "as_tensor", "Callback", "callback_backup_and_restore", "callback_csv_logger",
  "callback_early_stopping", "callback_lambda", "callback_learning_rate_scheduler",
  "callback_model_checkpoint", "callback_progbar_logger", "callback_reduce_lr_on_plateau",
  "callback_tensorboard", "callback_terminate_on_naan", "callback_terminate_on_nan",
  "clone_model", "compile", "count_params", "dict", "evaluate", "evaluate_generator",
  "fit", "fit_generator", "freeze_weights", "from_config", "get_config", "get_layer",
  "get_weights", "import", "import_builtins", "import_from_path", "import_main",
  "is_py_object", "iter_next", "iterate", "keras", "keras_input", "keras_model",
  "keras_model_custom", "keras_model_sequential", "KerasCallback", "Layer", "load_model",
  "load_model_config", "load_model_weights", "Loss", "Metric", "Model", "model_from_json",
  "model_to_json", "new_callback_class", "new_layer_class", "new_model_class", "normalize",
  "np_array", "pop_layer", "predict_generator", "predict_on_batch", "py", "py_available",
  "py_bool", "py_call", "py_capture_output", "py_clear_last_error", "py_config",
  "py_del_attr", "py_del_item", "py_dict", "py_ellipsis", "py_eval", "py_exe", "py_func",
  "py_function_docs", "py_function_wrapper", "py_get_attr", "py_get_item", "py_has_attr",
  "py_has_convert", "py_has_method", "py_help", "py_id", "py_is_module_proxy",
  "py_is_null_xptr", "py_iterator", "py_last_error", "py_len", "py_list_attributes",
  "py_load_object", "py_main_thread_func", "py_module_available", "py_none",
  "py_numpy_available", "py_register_load_hook", "py_repr", "py_run_file", "py_run_string",
  "py_save_object", "py_set_attr", "py_set_item", "py_set_seed", "py_str",
  "py_suppress_warnings", "py_to_r", "py_to_r_wrapper", "py_unicode", "py_validate_xptr",
  "py_version", "PyClass", "r_to_py", "register_class_filter",
  "register_suppress_warnings_handler", "save_model", "save_model_config",
  "save_model_weights", "set_weights", "shape", "source_python", "test_on_batch", "tf",
  "tf_devices", "tf_function", "tf_gpu_configured", "tf_version", "to_categorical",
  "train_on_batch", "tuple", "unfreeze_weights", "use_compat", "use_condaenv",
  "use_python", "use_virtualenv", "with_custom_object_scope")

test_that("library(pyreticulate) attaches this package with tensorflow and keras3", {
  library(pyreticulate)
  expected <- c("package:pyreticulate.legacy", "package:keras3", "package:tensorflow")
  expect_equal(intersect(expected, search()), expected)
})

test_that("every name the first release exported resolves after library(pyreticulate)", {
  library(pyreticulate)
  found <- vapply(first_release_exports, exists, NA, envir = globalenv())
  expect_equal(first_release_exports[!found], character())
})

test_that("a first-release script's KerasCallback (library(pyreticulate)) trains a keras3 model", {
  library(pyreticulate)
  script <- new.env(parent = globalenv())
  evalq({
    EpochCounter <- R6::R6Class("EpochCounter", inherit = KerasCallback, public = list(
      epochs = NULL,
      on_epoch_end = function(epoch, logs = list()) self$epochs <- c(self$epochs, epoch)))
    counter <- EpochCounter$new()
    model <- keras_model_sequential(input_shape = 2) |> layer_dense(1)
    model |> compile(loss = "mse", optimizer = "sgd")
    model |> fit(matrix(runif(16), 8), runif(8), epochs = 2, verbose = 0,
                 callbacks = list(counter))
  }, script)
  expect_identical(get("KerasCallback", envir = script), pyreticulate.legacy::KerasCallback)
  expect_equal(script$counter$epochs, c(0, 1))
})
