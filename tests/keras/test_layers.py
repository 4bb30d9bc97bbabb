"""layer_* wrappers (r/keras3/R/keras-wrappers.R, keras-layers.R): every layer the
issue lists builds and runs in a model; R conventions for arguments; the
first argument decides between layer, in-place add and application."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
set.seed(3)
vec <- matrix(runif(2 * 12), 2, 12)
seq3 <- array(runif(2 * 6 * 4), c(2, 6, 4))
img <- array(runif(2 * 8 * 8 * 3), c(2, 8, 8, 3))
ids <- matrix(c(1, 2, 3, 4, 5, 5, 4, 3, 2, 1), 2, byrow = TRUE)
run <- function(model, x) shape_of(model(x))

check("dense", run(keras_model_sequential(input_shape = 12) %>% layer_dense(units = 3), vec))
check("activation", run(keras_model_sequential(input_shape = 12) %>% layer_activation("relu"), vec))
check("dropout", run(keras_model_sequential(input_shape = 12) %>% layer_dropout(rate = 0.5), vec))
check("flatten", run(keras_model_sequential(input_shape = c(6, 4)) %>% layer_flatten(), seq3))
check("reshape", run(keras_model_sequential(input_shape = 12) %>%
  layer_reshape(target_shape = c(NA, 3)), vec))
check("conv_1d", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_conv_1d(filters = 5, kernel_size = 3), seq3))
check("conv_2d", run(keras_model_sequential(input_shape = c(8, 8, 3)) %>%
  layer_conv_2d(filters = 4, kernel_size = c(3, 3), padding = "same"), img))
check("max_pooling", run(keras_model_sequential(input_shape = c(8, 8, 3)) %>%
  layer_max_pooling_2d(pool_size = c(2, 2)) %>% layer_max_pooling_2d(pool_size = 2), img))
check("average_pooling", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_average_pooling_1d(pool_size = 3), seq3))
check("global_pooling", run(keras_model_sequential(input_shape = c(8, 8, 3)) %>%
  layer_conv_2d(filters = 2, kernel_size = 3) %>% layer_global_average_pooling_2d(), img))
check("global_max_pooling", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_global_max_pooling_1d(), seq3))
check("batch_normalization", run(keras_model_sequential(input_shape = 12) %>%
  layer_batch_normalization(), vec))
check("layer_normalization", run(keras_model_sequential(input_shape = 12) %>%
  layer_layer_normalization(axis = -1), vec))
check("embedding", run(keras_model_sequential(input_shape = 5) %>%
  layer_embedding(input_dim = 10, output_dim = 4), ids))
check("lstm", run(keras_model_sequential(input_shape = c(6, 4)) %>% layer_lstm(units = 3), seq3))
check("gru", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_gru(units = 3, return_sequences = TRUE), seq3))
check("simple_rnn", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_simple_rnn(units = 2), seq3))
check("bidirectional", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_bidirectional(layer = layer_lstm(units = 2)), seq3))
check("time_distributed", run(keras_model_sequential(input_shape = c(6, 4)) %>%
  layer_time_distributed(layer = layer_dense(units = 2)), seq3))

a <- keras_input(shape = 4)
b <- keras_input(shape = 4)
check("concatenate", run(keras_model(list(a, b), layer_concatenate(list(a, b))),
                         list(vec[, 1:4], vec[, 5:8])))
check("concatenate_dots", shape_of(layer_concatenate(a, b, axis = 2)))
added <- keras_model(list(a, b), layer_add(list(a, b)))(list(vec[, 1:4], vec[, 5:8]))
check("add", isTRUE(all.equal(as.array(added), vec[, 1:4] + vec[, 5:8],
                              tolerance = 1e-6, check.attributes = FALSE)))
product <- keras_model(list(a, b), layer_multiply(a, b))(list(vec[, 1:4], vec[, 5:8]))
check("multiply", isTRUE(all.equal(as.array(product), vec[, 1:4] * vec[, 5:8],
                                   tolerance = 1e-6, check.attributes = FALSE)))
doubled <- keras_model_sequential(input_shape = 12) %>% layer_lambda(function(x) x * 2)
check("lambda", isTRUE(all.equal(as.array(doubled(vec)), vec * 2,
                                 tolerance = 1e-6, check.attributes = FALSE)))
check("rescaling", isTRUE(all.equal(
  as.array((keras_model_sequential(input_shape = 12) %>% layer_rescaling(scale = 0.5))(vec)),
  vec * 0.5, tolerance = 1e-6, check.attributes = FALSE)))
norm <- layer_normalization(axis = -1)
adapt(norm, rbind(c(1, 10), c(3, 30)))
check("normalization", as.vector(round(as.array(norm(rbind(c(1, 10), c(3, 30)))), 4)))

check("units_string", layer_dense(units = "a"))
check("units_fraction", layer_dense(units = 2.5))
check("kernel_size_fraction", layer_conv_2d(filters = 2, kernel_size = c(3, 2.5)))
check("units_whole_double", py_to_r(layer_dense(units = 2)$units))
check("units_is_int", class(py_to_r(layer_dense(units = 2)$units)))
check("axis_zero", layer_concatenate(axis = 0))
check("axis_one_based", py_to_r(layer_concatenate(axis = 2)$axis))
check("axis_negative", py_to_r(layer_concatenate(axis = -1)$axis))
check("shape_na", shape_of(keras_input(shape = c(NA, 3))))
check("reshape_na", unlist(py_to_r(layer_reshape(target_shape = c(NA, 3))$target_shape)))
check("supplied_only", py_to_r(layer_dense(units = 2)$get_config()$kernel_initializer$class_name))
check("named_dots", layer_flatten(NULL, "channels_last", "extra"))
check("layer_without_object", class(layer_dense(units = 2))[[1]])
model <- keras_model_sequential(input_shape = 3)
returned <- withVisible(model %>% layer_dense(units = 2))
check("in_place", length(model$layers))
check("returned_invisibly", c(returned$visible, identical(py_id(returned$value), py_id(model))))
model |> layer_dense(units = 1)
check("native_pipe", length(model$layers))
check("applied_to_tensor", shape_of(keras_input(shape = 4) %>% layer_dense(units = 6)))
check("applied_to_array", shape_of(layer_dense(vec, units = 5)))
check("callable_layer", shape_of(layer_dense(units = 7)(vec)))
check("callable_layer_takes_factor_codes", shape_of(layer_embedding(input_dim = 3, output_dim = 2)(
  factor(c("a", "b", "c")))))
check("callable_model_casts_r_data", shape_of((keras_model_sequential(input_shape = 2) %>%
  layer_dense(units = 1))(matrix(1:4, 2))))
check("callable_layer_formals", paste(names(formals(layer_dense(units = 1))), collapse = ","))
check("first_layer_input_shape", run(keras_model_sequential() %>%
  layer_dense(units = 2, input_shape = 12), vec))
check("activation_function", run(keras_model_sequential(input_shape = 12) %>%
  layer_dense(units = 2, activation = activation_relu), vec))
check("activation_r_function", run(keras_model_sequential(input_shape = 12) %>%
  layer_dense(units = 2, activation = function(x) keras$ops$relu(x)), vec))
halved <- keras_model_sequential(input_shape = 2) %>%
  layer_dense(units = 1, kernel_constraint = function(w) w * 0 + 1, use_bias = FALSE)
halved %>% compile(loss = "mse", optimizer = optimizer_sgd(learning_rate = 0.1))
halved %>% fit(matrix(1, 4, 2), c(0, 0, 0, 0), epochs = 1, verbose = 0)
check("constraint_r_function", as.vector(get_weights(halved)[[1]]))
check("signature_formals", paste(names(formals(layer_dense))[1:3], collapse = ","))
check("merge_formals", paste(names(formals(layer_concatenate)), collapse = ","))
check("rnn_cell", class(rnn_cell_lstm(units = 2))[[1]])
query <- keras_input(shape = c(4, 8))
value <- keras_input(shape = c(6, 8))
check("multi_head_attention", shape_of(layer_multi_head_attention(list(query, value),
                                                                  num_heads = 2, key_dim = 4)))
check("attention", shape_of(layer_attention(list(query, value))))
check("lambda_input_shape", run(keras_model_sequential() %>%
  layer_lambda(function(x) x + 1, input_shape = 12), vec))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_layers"), SCRIPT)


@pytest.mark.parametrize("label, shape", [
    ("dense", "2 3"), ("activation", "2 12"), ("dropout", "2 12"), ("flatten", "2 24"),
    ("reshape", "2 4 3"), ("conv_1d", "2 4 5"), ("conv_2d", "2 8 8 4"),
    ("max_pooling", "2 2 2 3"), ("average_pooling", "2 2 4"), ("global_pooling", "2 2"),
    ("global_max_pooling", "2 4"), ("batch_normalization", "2 12"),
    ("layer_normalization", "2 12"), ("embedding", "2 5 4"), ("lstm", "2 3"),
    ("gru", "2 6 3"), ("simple_rnn", "2 2"), ("bidirectional", "2 4"),
    ("time_distributed", "2 6 2"), ("concatenate", "2 8"),
])
def test_listed_layer_builds_and_runs_in_a_model(out, label, shape):
    assert out[label] == shape


def test_merge_layer_takes_inputs_as_separate_arguments(out):
    assert out["concatenate_dots"] == "None 8"


def test_add_layer_adds_its_inputs(out):
    assert out["add"] == "TRUE"


def test_multiply_layer_multiplies_its_inputs(out):
    assert out["multiply"] == "TRUE"


def test_lambda_layer_runs_an_r_function(out):
    assert out["lambda"] == "TRUE"


def test_rescaling_layer_scales(out):
    assert out["rescaling"] == "TRUE"


def test_normalization_layer_adapts_to_data(out):
    assert out["normalization"] == "-1 1 -1 1"


def test_non_numeric_count_is_an_error_naming_the_argument(out):
    assert out["units_string"] == (
        'ERROR in layer_dense(units = "a"): `units` must be a whole number, not the string "a"')


def test_fractional_count_is_an_error_naming_the_argument(out):
    assert out["units_fraction"] == (
        "ERROR in layer_dense(units = 2.5): `units` must be a whole number, not 2.5")


def test_fractional_size_in_a_vector_is_an_error(out):
    assert "`kernel_size` must be a whole number, not c(3, 2.5)" in out["kernel_size_fraction"]


def test_whole_double_count_reaches_python_as_int(out):
    assert out["units_whole_double"] == "2"
    assert out["units_is_int"] == "integer"


def test_axis_zero_is_an_error(out):
    assert "`axis` is 1-based" in out["axis_zero"]


def test_axis_is_one_based(out):
    assert out["axis_one_based"] == "1"


def test_negative_axis_is_kept(out):
    assert out["axis_negative"] == "-1"


def test_na_in_shape_is_none(out):
    assert out["shape_na"] == "None None 3"


def test_na_in_reshape_target_is_minus_one(out):
    assert out["reshape_na"] == "-1 3"


def test_python_defaults_apply_to_arguments_not_given(out):
    assert out["supplied_only"] == "GlorotUniform"


def test_unnamed_extra_argument_is_an_error(out):
    assert "must be named" in out["named_dots"]


def test_layer_without_object_is_the_layer(out):
    assert out["layer_without_object"] == "keras.src.layers.core.dense.Dense"


def test_sequential_model_gets_the_layer_in_place(out):
    assert out["in_place"] == "1"


def test_sequential_model_is_returned_invisibly(out):
    assert out["returned_invisibly"] == "FALSE TRUE"


def test_native_pipe_adds_layers(out):
    assert out["native_pipe"] == "2"


def test_layer_is_applied_to_a_tensor(out):
    assert out["applied_to_tensor"] == "None 6"


def test_layer_is_applied_to_an_r_array(out):
    assert out["applied_to_array"] == "2 5"


def test_layer_is_callable_from_r(out):
    assert out["callable_layer"] == "2 7"


def test_layer_called_on_a_factor_gets_its_codes(out):
    assert out["callable_layer_takes_factor_codes"] == "3 2"


def test_model_called_on_integer_r_data_casts_it_to_the_input_dtype(out):
    assert out["callable_model_casts_r_data"] == "2 1"


def test_layer_closure_takes_object_first(out):
    assert out["callable_layer_formals"] == "object,..."


def test_input_shape_on_first_layer_starts_the_model(out):
    assert out["first_layer_input_shape"] == "2 2"


def test_activation_wrapper_is_the_keras_function(out):
    assert out["activation_function"] == "2 2"


def test_r_function_as_activation(out):
    assert out["activation_r_function"] == "2 2"


def test_r_function_as_constraint(out):
    assert out["constraint_r_function"] == "1 1"


def test_wrapper_formals_follow_the_python_signature(out):
    assert out["signature_formals"] == "object,units,activation"


def test_merge_wrapper_takes_inputs_first(out):
    assert out["merge_formals"] == "inputs,...,axis"


def test_rnn_cell_wrapper_builds_the_cell(out):
    assert out["rnn_cell"] == "keras.src.layers.rnn.lstm.LSTMCell"


def test_multi_head_attention_takes_its_inputs_first(out):
    assert out["multi_head_attention"] == "None 4 8"


def test_attention_takes_a_list_of_inputs_first(out):
    assert out["attention"] == "None 4 8"


def test_lambda_as_first_layer_takes_input_shape(out):
    assert out["lambda_input_shape"] == "2 12"
