"""Models from R (r/keras3/R/keras-models.R, package.R, keras-data.R):
construction, layers of a model, summary, weights, configuration,
persistence and the data helpers."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
check("tf_before_use", py_eval("'tensorflow' in __import__('sys').modules"))
exported <- getNamespaceExports("keras3")
check("wrapper_names", c("layer_conv_2d_transpose", "layer_upsampling_2d", "layer_simple_rnn",
                         "layer_activation_leaky_relu", "layer_global_average_pooling_1d",
                         "rnn_cell_gru", "optimizer_rmsprop", "optimizer_adam_w",
                         "loss_kl_divergence", "metric_r2_score", "metric_mean_iou",
                         "metric_sparse_top_k_categorical_accuracy", "activation_gelu") %in% exported)
check("alias_names_left_out", c("layer_max_pool_2d", "layer_convolution_2d", "layer_layer",
                                "layer_input_layer") %in% exported)
check("tf_before_wrapper_names", py_eval("'tensorflow' in __import__('sys').modules"))
check("keras_module", class(keras)[[1]])
check("tf_after_use", py_eval("'tensorflow' in __import__('sys').modules"))

set.seed(5)
x <- matrix(rnorm(60 * 4), 60, 4)
y <- x[, 1] - 2 * x[, 2]

seq_model <- keras_model_sequential(input_shape = 4, name = "seq") %>%
  layer_dense(units = 3, name = "hidden") %>%
  layer_dense(units = 1, name = "out")
check("sequential_name", seq_model$name)
check("sequential_input", shape_of(seq_model$inputs[[1]]))
input_model <- keras_model_sequential(input_shape = c(5, 2), input_batch_size = 8,
                                      input_dtype = "float64") %>% layer_dense(units = 1)
check("sequential_input_args", c(shape_of(input_model$inputs[[1]]), input_model$inputs[[1]]$dtype))
check("sequential_layers_arg", length(keras_model_sequential(
  input_shape = 2, layers = list(layer_dense(units = 2), layer_dense(units = 1)))$layers))
check("sequential_unnamed_dots", keras_model_sequential(NULL, NULL, layer_dense(units = 1)))
check("keras_input_shape", shape_of(keras_input(shape = c(3, NA))))
check("layer_input_alias", identical(layer_input, keras_input))

a <- keras_input(shape = 2, name = "a")
b <- keras_input(shape = 3, name = "b")
joined <- layer_concatenate(a, b) %>% layer_dense(units = 1, name = "y")
named_model <- keras_model(inputs = list(a = a, b = b), outputs = joined)
check("named_inputs_dict", py_to_r(py_call(import_builtins()$isinstance,
                                           py_get_attr(named_model, "_inputs_struct"),
                                           import_builtins()$dict)))
check("named_inputs_predict", dim(predict(named_model, list(b = x[1:5, 1:3], a = x[1:5, 1:2]),
                                          verbose = 0)))
single <- keras_model(list(a), list(layer_dense(a, units = 2)))
check("length_one_lists_unwrapped",
      c(class(py_get_attr(single, "_inputs_struct"))[[1]],
        class(py_get_attr(single, "_outputs_struct"))[[1]]))

check("summary_unbuilt", grepl("unbuilt", paste(capture.output(summary(
  keras_model_sequential() %>% layer_dense(units = 2))), collapse = "\n")))
summary_text <- capture.output(summary(seq_model))
check("summary_lines", c(any(grepl("Total params: 19", summary_text)),
                         any(grepl("hidden (Dense)", summary_text, fixed = TRUE))))
check("print_model", grepl("Model: \"seq\"", paste(capture.output(print(seq_model)), collapse = "\n")))
check("print_layer", capture.output(print(layer_dense(units = 2, name = "shown"))))

check("get_layer_index", get_layer(seq_model, index = 1)$name)
check("get_layer_negative_index", get_layer(seq_model, index = -1)$name)
check("get_layer_name", get_layer(seq_model, name = "out")$name)
check("count_params", count_params(seq_model))
weights <- get_weights(seq_model)
check("get_weights", unlist(lapply(weights, function(w) paste(dim(w), collapse = "x"))))
check("get_trainable_weights", length(get_weights(seq_model, trainable = TRUE)))
set_weights(seq_model, lapply(weights, function(w) w * 0 + 1))
check("set_weights", unique(unlist(get_weights(seq_model))))
set_weights(seq_model, weights)
check("set_weights_wrong_count", set_weights(seq_model, weights[1:2]))

freeze_weights(seq_model)
check("freeze_all", paste(seq_model$trainable, length(seq_model$trainable_weights)))
unfreeze_weights(seq_model)
check("unfreeze_all", vapply(seq_model$layers, function(l) l$trainable, TRUE))
freeze_weights(seq_model, from = 1, to = "hidden")
check("freeze_range", vapply(seq_model$layers, function(l) l$trainable, TRUE))
unfreeze_weights(seq_model)
freeze_weights(seq_model, which = 2)
check("freeze_which", vapply(seq_model$layers, function(l) l$trainable, TRUE))
unfreeze_weights(seq_model)

seq_model %>% compile(optimizer = "adam", loss = "mse")
seq_model %>% fit(x, y, epochs = 2, batch_size = 20, verbose = 0)
before <- predict(seq_model, x, verbose = 0)
file <- file.path(tempdir(), "model.keras")
save_model(seq_model, file)
check("save_returns_invisibly", withVisible(save_model(seq_model, file, overwrite = TRUE))$visible)
check("save_needs_overwrite", save_model(seq_model, file))
check("same_predictions_after_load", isTRUE(all.equal(before, predict(load_model(file), x, verbose = 0))))
bytes <- save_model(seq_model)
check("raw_round_trip", c(is.raw(bytes),
                          isTRUE(all.equal(before, predict(load_model(bytes), x, verbose = 0)))))
weights_file <- file.path(tempdir(), "model.weights.h5")
save_model_weights(seq_model, weights_file)
fresh <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 3) %>% layer_dense(units = 1)
load_model_weights(fresh, weights_file)
check("weights_file_round_trip", isTRUE(all.equal(before, predict(fresh, x, verbose = 0))))
config_file <- file.path(tempdir(), "model.json")
save_model_config(seq_model, config_file)
check("config_file_round_trip", length(load_model_config(config_file)$layers))

config <- get_config(seq_model)
check("get_config", c(config$name, length(config$layers)))
rebuilt <- from_config(config)
check("from_config_sequential", c(class(rebuilt)[[1]], length(rebuilt$layers)))
check("from_config_functional", class(from_config(get_config(named_model)))[[1]])
check("clone_model", length(clone_model(seq_model)$layers))
pop_layer(rebuilt)
check("pop_layer", length(rebuilt$layers))

triple <- function(x) x * 3
tripled <- keras_model_sequential(input_shape = 4) %>% layer_dense(units = 1, activation = triple)
tripled_file <- file.path(tempdir(), "tripled.keras")
save_model(tripled, tripled_file)
expected <- predict(tripled, x, verbose = 0)
check("load_needs_custom_objects", load_model(tripled_file))
check("load_with_custom_objects", isTRUE(all.equal(expected, predict(
  load_model(tripled_file, custom_objects = list(triple = triple)), x, verbose = 0))))
check("custom_object_scope", isTRUE(all.equal(expected, predict(
  with_custom_object_scope(list(triple = triple), load_model(tripled_file)), x, verbose = 0))))
check("custom_objects_names", paste(names(py_to_r(keras3:::.custom_objects(
  list(plus = function(x) x, loss_mean_squared_error)))), collapse = ","))

check("to_categorical", as.vector(to_categorical(c(0, 2, 1))))
check("to_categorical_dim", dim(to_categorical(c(0, 2, 1), num_classes = 4)))
check("to_categorical_factor", as.vector(to_categorical(factor(c("b", "a")))))
check("normalize", as.vector(normalize(matrix(c(3, 4, 0, 2), 2, byrow = TRUE))))
check("normalize_axis", as.vector(normalize(matrix(c(3, 4, 0, 2), 2, byrow = TRUE), axis = 1)))

dots_model <- keras_model_sequential(input_shape = c(10, 16), batch_size = 32, dtype = "float64",
                                     name = "dots") %>% layer_lstm(units = 2, stateful = TRUE)
check("sequential_dots_reach_the_input", c(shape_of(dots_model$inputs[[1]]),
                                           dots_model$inputs[[1]]$dtype, dots_model$name))
check("sequential_input_argument_twice", keras_model_sequential(input_batch_size = 2, batch_size = 3))
check("sequential_layer_as_input_shape", keras_model_sequential(layer_dense(units = 1)))
reset_state(dots_model$layers[[1]])
check("reset_state_returns_the_object", withVisible(reset_state(dots_model))$visible)
check("reset_state_without_state", reset_state(layer_dense(units = 1)))

trainable <- function(model) vapply(model$layers, function(l) l$trainable, TRUE)
three <- keras_model_sequential(input_shape = 4) %>% layer_dense(3, name = "a") %>%
  layer_dense(3, name = "b") %>% layer_dense(1, name = "c")
freeze_weights(three, which = 1)
freeze_weights(three, from = "b")
check("freeze_range_unfreezes_the_others", trainable(three))
unfreeze_weights(three, to = 2)
check("unfreeze_range_freezes_the_others", trainable(three))
freeze_weights(three, which = ~ .x$name != "b")
check("freeze_which_formula", trainable(three))
unfreeze_weights(three, which = list(3, "a"))
check("unfreeze_which_freezes_the_others", trainable(three))
check("freeze_which_function_must_be_logical", freeze_weights(three, which = function(l) "yes"))
unfreeze_weights(three)

three %>% compile(optimizer = "adam", loss = "mse")
state <- get_state_tree(three, "r_array")
check("get_state_tree", c(names(state), dim(state$trainable_variables[[1]]$a$kernel)))
state$trainable_variables[[1]]$a$kernel[] <- 0.5
set_state_tree(three, state)
check("set_state_tree", unique(as.vector(get_weights(three)[[1]])))
check("get_source_inputs", identical(py_id(get_source_inputs(three$outputs[[1]])[[1]]),
                                     py_id(three$inputs[[1]])))
counter <- keras_variable(c(1, 2), trainable = FALSE)
check("keras_variable", c(counter$dtype, counter$trainable, as.vector(as.array(counter))))
check("keras_variable_from_initializer", as.vector(as.array(
  keras_variable("ones", shape = c(2, 2)))))
quantize_weights(three$layers[[1]], "int8")
check("quantize_weights", three$layers[[1]]$kernel$dtype)
check("quantize_weights_mode", quantize_weights(three, 8))

exported <- file.path(tempdir(), "exported")
check("export_savedmodel", c(withVisible(export_savedmodel(seq_model, exported, verbose = FALSE))$visible,
                             file.exists(file.path(exported, "saved_model.pb"))))
plot_file <- file.path(tempdir(), "model.png")
check("plot_to_file", c(is.null(plot(seq_model, show_shapes = TRUE, to_file = plot_file)),
                        file.exists(plot_file), file.size(plot_file) > 1000))
device_file <- file.path(tempdir(), "device.png")
grDevices::png(device_file)
check("plot_to_device", is.null(plot(seq_model)))
grDevices::dev.off()
check("plot_to_device_drew", file.size(device_file) > 1000)
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_models"), SCRIPT)


def test_loading_the_package_does_not_import_tensorflow(out):
    assert out["tf_before_use"] == "FALSE"


def test_wrappers_are_named_as_in_keras3(out):
    assert out["wrapper_names"] == " ".join(["TRUE"] * 13)


def test_aliases_and_base_classes_get_no_wrapper(out):
    assert out["alias_names_left_out"] == "FALSE FALSE FALSE FALSE"


def test_listing_the_wrappers_does_not_import_tensorflow(out):
    assert out["tf_before_wrapper_names"] == "FALSE"


def test_keras_is_imported_on_first_use(out):
    assert out["keras_module"] == "python.builtin.module"
    assert out["tf_after_use"] == "TRUE"


def test_sequential_model_takes_a_name(out):
    assert out["sequential_name"] == "seq"


def test_sequential_input_shape_adds_an_input(out):
    assert out["sequential_input"] == "None 4"


def test_sequential_input_arguments_reach_the_input(out):
    assert out["sequential_input_args"] == "8 5 2 float64"


def test_sequential_layers_argument(out):
    assert out["sequential_layers_arg"] == "2"


def test_sequential_layers_only_through_layers_argument(out):
    assert "layers must be passed as `layers = list(...)`" in out["sequential_unnamed_dots"]


def test_keras_input_shape_with_na(out):
    assert out["keras_input_shape"] == "None 3 None"


def test_layer_input_is_keras_input(out):
    assert out["layer_input_alias"] == "TRUE"


def test_named_inputs_become_a_dict(out):
    assert out["named_inputs_dict"] == "TRUE"


def test_named_list_data_goes_to_inputs_by_name(out):
    assert out["named_inputs_predict"] == "5 1"


def test_length_one_input_and_output_lists_are_unwrapped(out):
    assert out["length_one_lists_unwrapped"] == (
        "keras.src.backend.common.keras_tensor.KerasTensor "
        "keras.src.backend.common.keras_tensor.KerasTensor")


def test_summary_of_unbuilt_model_says_unbuilt(out):
    assert out["summary_unbuilt"] == "TRUE"


def test_summary_shows_layers_and_params(out):
    assert out["summary_lines"] == "TRUE TRUE"


def test_print_of_model_is_its_summary(out):
    assert out["print_model"] == "TRUE"


def test_print_of_layer(out):
    assert out["print_layer"] == "<Dense name=shown, built=False>"


def test_get_layer_index_is_one_based(out):
    assert out["get_layer_index"] == "hidden"


def test_get_layer_negative_index_counts_from_the_end(out):
    assert out["get_layer_negative_index"] == "out"


def test_get_layer_by_name(out):
    assert out["get_layer_name"] == "out"


def test_count_params(out):
    assert out["count_params"] == "19"


def test_get_weights_returns_r_arrays(out):
    assert out["get_weights"] == "4x3 3 3x1 1"


def test_get_weights_trainable_only(out):
    assert out["get_trainable_weights"] == "4"


def test_set_weights(out):
    assert out["set_weights"] == "1"


def test_set_weights_with_wrong_count_is_an_error(out):
    assert "`weights` has 2 arrays but the model has 4 weights" in out["set_weights_wrong_count"]


def test_freeze_weights_freezes_the_model(out):
    assert out["freeze_all"] == "FALSE 0"


def test_unfreeze_weights_unfreezes_every_layer(out):
    assert out["unfreeze_all"] == "TRUE TRUE"


def test_freeze_weights_range_by_index_and_name(out):
    assert out["freeze_range"] == "FALSE TRUE"


def test_freeze_weights_which(out):
    assert out["freeze_which"] == "TRUE FALSE"


def test_save_model_returns_the_model_invisibly(out):
    assert out["save_returns_invisibly"] == "FALSE"


def test_save_model_does_not_overwrite_without_asking(out):
    assert "already exists; use `overwrite = TRUE`" in out["save_needs_overwrite"]


def test_loaded_model_predicts_the_same(out):
    assert out["same_predictions_after_load"] == "TRUE"


def test_save_model_without_path_gives_raw_bytes_load_model_reads(out):
    assert out["raw_round_trip"] == "TRUE TRUE"


def test_model_weights_file_round_trip(out):
    assert out["weights_file_round_trip"] == "TRUE"


def test_model_config_file_round_trip(out):
    assert out["config_file_round_trip"] == "2"


def test_get_config_is_an_r_list(out):
    assert out["get_config"] == "seq 3"


def test_from_config_rebuilds_a_sequential_model(out):
    assert out["from_config_sequential"] == "keras.src.models.sequential.Sequential 2"


def test_from_config_rebuilds_a_functional_model(out):
    assert out["from_config_functional"] == "keras.src.models.functional.Functional"


def test_clone_model(out):
    assert out["clone_model"] == "2"


def test_pop_layer(out):
    assert out["pop_layer"] == "1"


def test_custom_objects_named_by_list_names_or_python_names(out):
    assert out["custom_objects_names"] == "plus,mean_squared_error"


def test_to_categorical_takes_zero_based_ids(out):
    assert out["to_categorical"] == "1 0 0 0 0 1 0 1 0"


def test_to_categorical_num_classes(out):
    assert out["to_categorical_dim"] == "3 4"


def test_to_categorical_of_factor_uses_codes(out):
    assert out["to_categorical_factor"] == "0 1 1 0"


def test_normalize_rows(out):
    assert out["normalize"] == "0.6 0 0.8 1"


def test_normalize_axis_is_one_based(out):
    assert out["normalize_axis"] == "1 0 0.894427190999916 0.447213595499958"


def test_loading_a_model_with_an_r_function_needs_it_as_custom_object(out):
    assert "Could not locate function 'triple'" in out["load_needs_custom_objects"]


def test_load_model_with_custom_objects(out):
    assert out["load_with_custom_objects"] == "TRUE"


def test_with_custom_object_scope(out):
    assert out["custom_object_scope"] == "TRUE"


def test_sequential_named_dots_reach_the_input_layer(out):
    assert out["sequential_dots_reach_the_input"] == "32 10 16 float64 dots"


def test_sequential_input_argument_given_twice_is_an_error(out):
    assert "the input layer's `batch_size` is given twice" in out["sequential_input_argument_twice"]


def test_sequential_layer_given_as_input_shape_is_an_error(out):
    assert "not as `input_shape`" in out["sequential_layer_as_input_shape"]


def test_reset_state_of_a_model_resets_its_layers_and_returns_it_invisibly(out):
    assert out["reset_state_returns_the_object"] == "FALSE"


def test_reset_state_of_a_layer_without_state_is_an_error(out):
    assert "reset_state(): a keras.src.layers.core.dense.Dense has no state to reset" \
        in out["reset_state_without_state"]


def test_freeze_weights_range_unfreezes_the_other_layers(out):
    assert out["freeze_range_unfreezes_the_others"] == "TRUE FALSE FALSE"


def test_unfreeze_weights_range_freezes_the_other_layers(out):
    assert out["unfreeze_range_freezes_the_others"] == "TRUE TRUE FALSE"


def test_freeze_weights_which_takes_a_formula(out):
    assert out["freeze_which_formula"] == "FALSE TRUE FALSE"


def test_unfreeze_weights_which_freezes_the_other_layers(out):
    assert out["unfreeze_which_freezes_the_others"] == "TRUE FALSE TRUE"


def test_freeze_weights_which_function_must_return_true_or_false(out):
    assert "the function must return TRUE or FALSE" in out["freeze_which_function_must_be_logical"]


def test_get_state_tree_as_r_arrays(out):
    assert out["get_state_tree"] == (
        "trainable_variables non_trainable_variables optimizer_variables metrics_variables 4 3")


def test_set_state_tree_assigns_r_arrays(out):
    assert out["set_state_tree"] == "0.5"


def test_get_source_inputs_gives_the_model_input(out):
    assert out["get_source_inputs"] == "TRUE"


def test_keras_variable_from_r_values(out):
    assert out["keras_variable"] == "float32 FALSE 1 2"


def test_keras_variable_from_an_initializer(out):
    assert out["keras_variable_from_initializer"] == "1 1 1 1"


def test_quantize_weights(out):
    assert out["quantize_weights"] == "int8"


def test_quantize_weights_mode_must_be_a_string(out):
    assert "`mode` must be a quantization mode" in out["quantize_weights_mode"]


def test_export_savedmodel_writes_a_saved_model(out):
    assert out["export_savedmodel"] == "FALSE TRUE"


def test_plot_model_to_a_file(out):
    assert out["plot_to_file"] == "TRUE TRUE TRUE"


def test_plot_model_on_the_graphics_device(out):
    assert out["plot_to_device"] == "TRUE"
    assert out["plot_to_device_drew"] == "TRUE"
