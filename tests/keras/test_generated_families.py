"""keras3's generated families beyond layers, losses, metrics and ops
(initializer_*, constraint_*, regularizer_*, random_*, learning_rate_schedule_*,
application_*, op_image_*), keras3's aliases, the per-endpoint conventions,
what ops give R, keras3's shape(), and KerasTensors under R's operators."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
check("initializer_class", class(initializer_glorot_uniform(seed = 1))[[1]])
dense <- layer_dense(units = 2, kernel_initializer = initializer_ones())
dense(matrix(0, 1, 3))
check("initializer_in_layer", as.vector(as.array(dense$kernel)))
check("initializer_seed_fraction", initializer_he_normal(seed = 1.5))
check("initializer_count", sum(grepl("^initializer_", getNamespaceExports("keras3"))))
check("constraint_axis", py_to_r(constraint_maxnorm(axis = 1)$axis))
check("constraint_default_axis", formals(constraint_unitnorm)$axis)
check("constraint_in_layer", class(layer_dense(units = 2, kernel_constraint = constraint_nonneg())
  $kernel_constraint)[[1]])
check("regularizer_value", py_to_r(regularizer_l1_l2(l1 = 0.25)$l1))
reg <- layer_dense(units = 1, kernel_initializer = "ones", kernel_regularizer = regularizer_l2(0.5))
reg(matrix(1, 1, 2))
check("regularizer_loss", round(as.numeric(as.array(reg$losses[[1]])), 4))
check("random_normal_shape", dim(as.array(random_normal(c(3, 4), seed = 1))))
check("random_integer_dtype", random_integer(c(5), 0, 10, seed = 2)$dtype$name)
check("random_seed_fraction", random_uniform(c(2), seed = 0.5))
check("random_shuffle_axis", formals(random_shuffle)$axis)
check("seed_generator", class(random_seed_generator(seed = 3))[[1]])
schedule <- learning_rate_schedule_exponential_decay(1, decay_steps = 10, decay_rate = 0.5)
check("schedule_value", as.numeric(as.array(schedule(10L))))
check("schedule_steps_fraction", learning_rate_schedule_cosine_decay(0.1, decay_steps = 2.5))
check("image_resize", shape_of(op_image_resize(array(0, c(1, 8, 8, 3)), size = c(4, 4))))
check("image_crop", shape_of(op_image_crop(array(0, c(1, 8, 8, 3)), top_cropping = 1,
                                           left_cropping = 1, target_height = 2, target_width = 3)))
check("alias_pmax", as.vector(as.array(op_pmax(c(1, 5), c(3, 2)))))
check("alias_hard_swish", identical(environment(activation_hard_swish)$.spec$fun, "hard_silu"))
check("alias_bidirectional", identical(bidirectional, layer_bidirectional))
check("alias_time_distributed", identical(time_distributed, layer_time_distributed))
x <- op_zeros(c(2, 3, 4))
check("swapaxes_one_based", unlist(op_shape(op_swapaxes(x, 1, 3))))
check("moveaxis_one_based", unlist(op_shape(op_moveaxis(x, 1, 3))))
check("diagonal_axes_one_based", unlist(op_shape(op_diagonal(x, axis1 = 2, axis2 = 3))))
check("trace_axes_one_based", unlist(op_shape(op_trace(x, axis1 = 2, axis2 = 3))))
check("axis_default_shown_one_based", c(formals(op_concatenate)$axis, formals(op_stack)$axis))
check("is_tensor_logical", class(op_is_tensor(x)))
check("op_shape_class", class(op_shape(x)))
check("convert_to_array", class(op_convert_to_array(op_ones(c(2, 2)))))
check("convert_to_numpy", class(op_convert_to_numpy(op_ones(c(2, 2))))[[1]])
check("top_k_list", names(op_top_k(c(1, 3, 2), k = 2)))
check("shape_identical", identical(shape(NULL, 28), structure(list(NULL, 28L), class = "keras_shape")))
check("shape_flattens", format(shape(1, c(2, 3), 4)))
check("shape_unknowns", format(shape(NA, -1, NULL, 5)))
check("shape_of_tensor", format(shape(x)))
check("shape_of_array", format(shape(array(0, c(2, 5)))))
check("shape_as_integer", as.integer(shape(NULL, 3)))
check("shape_equal", c(shape(2, 3) == c(2, 3), shape(2, 3) != shape(2, 4)))
check("shape_subset", format(shape(1, 2, 3)[2:3]))
check("shape_to_python", py_repr(r_to_py(shape(NULL, 3))))
check("shape_in_keras_input", shape_of(keras_input(shape = shape(28, 28))))
check("shape_bad", shape("a"))
kt <- keras_input(shape = 3)
kb <- keras_input(shape = 3, dtype = "bool")
check("kt_equal", class(kt == kt)[[1]])
check("kt_arith", shape_of(kt * 2 + kt))
check("kt_not", class(!kb)[[1]])
check("kt_negate", class(-kt)[[1]])
check("kt_math", class(sqrt(abs(kt)))[[1]])
check("kt_log_base", class(log(kt, base = 2))[[1]])
check("kt_summary", shape_of(sum(kt)))
model <- keras_model(kt, exp(kt) - 1)
check("kt_math_in_model", round(as.vector(as.array(model(matrix(c(0, 1, 2), 1)))), 4))
check("kt_int_scalar_keeps_dtype", (keras_input(shape = 2, dtype = "int32") + 1)$dtype)
lstm <- layer_lstm(units = 2)
seq_model <- keras_model_sequential(input_shape = c(5, 3))
returned <- withVisible(seq_model %>% lstm())
check("instance_added", length(seq_model$layers))
check("instance_added_invisibly", returned$visible)
app <- application_mobilenet_v3_small(weights = NULL, input_shape = c(32, 32, 3),
                                      include_top = FALSE)
check("application_model", inherits(app, "keras.src.models.model.Model"))
check("application_preprocess", dim(application_preprocess_inputs(app, array(100, c(1, 32, 32, 3)))))
check("application_preprocess_fn", is.function(application_preprocess_inputs(app)))
check("application_not_made_here", application_preprocess_inputs(keras_model(kt, kt), 1))
Sys.setenv(KERAS_HOME = file.path(tempdir(), "keras-home"))
check("application_weights_offline", application_mobilenet_v3_small(input_shape = c(32, 32, 3),
                                                                    include_top = FALSE))
check("application_decode_offline", application_decode_predictions(app, matrix(0, 1, 1000)))
Sys.unsetenv("KERAS_HOME")
fs <- layer_feature_space(features = list(a = feature_float_normalized(),
                                          b = feature_string_categorical()))
fs %>% adapt(tensorflow::tf$data$Dataset$from_tensor_slices(
  dict(a = c(1, 2, 3), b = c("x", "y", "x"))))
check("feature_space", dim(as.array(fs(dict(a = as_tensor(c(1, 3)), b = as_tensor(c("x", "y")))))))
check("feature_count_fraction", feature_string_hashed(num_bins = 2.5))
check("shape_as_tensor", as.integer(as_tensor(shape(NA, 3))))
v <- op_convert_to_tensor(c(3, 9, 1, 7))
value <- function(t) as.vector(as.array(t))
check("argmax_one_based", value(op_argmax(v)))
check("argmax_zero_indexed", value(op_argmax(v, zero_indexed = TRUE)))
check("argsort_one_based", value(op_argsort(v)))
check("take_one_based", value(op_take(v, c(1, 2))))
check("take_negative_from_end", value(op_take(v, -1)))
check("take_zero_indexed", value(op_take(v, c(0, 1), zero_indexed = TRUE)))
check("take_of_argmax", value(op_take(v, op_argmax(v))))
check("take_zero", value(op_take(v, 0)))
check("top_k_indices", value(op_top_k(v, k = 2)$indices))
check("one_hot_one_based", value(op_one_hot(c(1, 3), num_classes = 3)))
check("segment_ids_one_based", value(op_segment_sum(v, c(1, 1, 2, 2))))
check("index_default_shown_one_based", formals(op_ctc_loss)$mask_index)
check("verbose_logical", c(keras3:::.keras_argument("verbose", FALSE),
                           keras3:::.keras_argument("verbose", TRUE),
                           keras3:::.keras_argument("verbose", 2), keras3:::.keras_argument("verbose", "auto")))
check("verbose_fraction", keras3:::.keras_argument("verbose", 0.5))
check("imagenet_preprocess", round(as.vector(imagenet_preprocess_input(array(255, c(1, 1, 1, 3)),
                                                                        mode = "tf")), 4))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_families"), SCRIPT)


def test_initializer_wrapper_makes_the_keras_initializer(out):
    assert out["initializer_class"] == \
        "keras.src.initializers.random_initializers.GlorotUniform"


def test_initializer_sets_a_layers_kernel(out):
    assert out["initializer_in_layer"] == "1 1 1 1 1 1"


def test_initializer_seed_must_be_whole(out):
    assert "`seed` must be a whole number, not 1.5" in out["initializer_seed_fraction"]


def test_all_sixteen_initializers_are_exported(out):
    assert out["initializer_count"] == "16"


def test_constraint_axis_is_one_based(out):
    assert out["constraint_axis"] == "0"


def test_constraint_default_axis_is_shown_one_based(out):
    assert out["constraint_default_axis"] == "1"


def test_constraint_reaches_the_layer(out):
    assert out["constraint_in_layer"] == "keras.src.constraints.constraints.NonNeg"


def test_regularizer_takes_its_factors(out):
    assert out["regularizer_value"] == "0.25"


def test_regularizer_adds_its_loss_to_the_layer(out):
    assert out["regularizer_loss"] == "1"


def test_random_normal_takes_an_r_shape(out):
    assert out["random_normal_shape"] == "3 4"


def test_random_integer_is_keras_randint(out):
    assert out["random_integer_dtype"] == "int32"


def test_random_seed_must_be_whole(out):
    assert "`seed` must be a whole number, not 0.5" in out["random_seed_fraction"]


def test_random_shuffle_axis_default_is_one_based(out):
    assert out["random_shuffle_axis"] == "1"


def test_random_seed_generator_is_keras_seed_generator(out):
    assert out["seed_generator"] == "keras.src.random.seed_generator.SeedGenerator"


def test_learning_rate_schedule_gives_the_rate_at_a_step(out):
    assert out["schedule_value"] == "0.5"


def test_learning_rate_schedule_steps_must_be_whole(out):
    assert "`decay_steps` must be a whole number, not 2.5" in out["schedule_steps_fraction"]


def test_image_ops_take_r_sizes(out):
    assert out["image_resize"] == "1 4 4 3"
    assert out["image_crop"] == "1 2 3 3"


def test_op_pmax_is_the_elementwise_maximum(out):
    assert out["alias_pmax"] == "3 5"


def test_activation_hard_swish_is_hard_silu(out):
    assert out["alias_hard_swish"] == "TRUE"


def test_bidirectional_and_time_distributed_are_the_layer_wrappers(out):
    assert out["alias_bidirectional"] == "TRUE"
    assert out["alias_time_distributed"] == "TRUE"


def test_swapaxes_axes_are_one_based(out):
    assert out["swapaxes_one_based"] == "4 3 2"


def test_moveaxis_axes_are_one_based(out):
    assert out["moveaxis_one_based"] == "3 4 2"


def test_diagonal_axes_are_one_based(out):
    assert out["diagonal_axes_one_based"] == "2 3"


def test_trace_axes_are_one_based(out):
    assert out["trace_axes_one_based"] == "2"


def test_axis_defaults_are_shown_one_based(out):
    assert out["axis_default_shown_one_based"] == "1 1"


def test_op_is_tensor_gives_an_r_logical(out):
    assert out["is_tensor_logical"] == "logical"


def test_op_shape_gives_a_keras_shape(out):
    assert out["op_shape_class"] == "keras_shape"


def test_op_convert_to_array_gives_an_r_array(out):
    assert out["convert_to_array"] == "matrix array"


def test_op_convert_to_numpy_gives_a_numpy_array(out):
    assert out["convert_to_numpy"] == "numpy.ndarray"


def test_op_returning_a_tuple_gives_a_list(out):
    assert out["top_k_list"] == "values indices"


def test_shape_is_a_keras_shape_list(out):
    assert out["shape_identical"] == "TRUE"


def test_shape_flattens_its_arguments(out):
    assert out["shape_flattens"] == "shape(1, 2, 3, 4)"


def test_shape_unknown_dimensions(out):
    assert out["shape_unknowns"] == "shape(NA, NA, NA, 5)"


def test_shape_of_a_tensor_and_of_an_array(out):
    assert out["shape_of_tensor"] == "shape(2, 3, 4)"
    assert out["shape_of_array"] == "shape(2, 5)"


def test_shape_as_integer_has_na_for_unknown(out):
    assert out["shape_as_integer"] == "NA 3"


def test_shape_comparisons(out):
    assert out["shape_equal"] == "TRUE TRUE"


def test_shape_subset_keeps_the_class(out):
    assert out["shape_subset"] == "shape(2, 3)"


def test_shape_is_a_tuple_in_python(out):
    assert out["shape_to_python"] == "(None, 3)"


def test_shape_goes_to_keras_input(out):
    assert out["shape_in_keras_input"] == "None 28 28"


def test_shape_of_a_string_is_an_error(out):
    assert "shape() dimensions must be whole numbers" in out["shape_bad"]


def test_keras_tensor_equality_is_symbolic(out):
    assert out["kt_equal"] == "keras.src.backend.common.keras_tensor.KerasTensor"


def test_keras_tensor_arithmetic(out):
    assert out["kt_arith"] == "None 3"


def test_keras_tensor_unary_operators(out):
    assert out["kt_not"] == "keras.src.backend.common.keras_tensor.KerasTensor"
    assert out["kt_negate"] == "keras.src.backend.common.keras_tensor.KerasTensor"


def test_keras_tensor_math_group_generics(out):
    assert out["kt_math"] == "keras.src.backend.common.keras_tensor.KerasTensor"
    assert out["kt_log_base"] == "keras.src.backend.common.keras_tensor.KerasTensor"


def test_keras_tensor_summary_group_generics(out):
    assert out["kt_summary"] == ""


def test_keras_tensor_math_runs_in_a_model(out):
    assert out["kt_math_in_model"] == "0 1.7183 6.3891"


def test_r_number_beside_an_int_keras_tensor_keeps_its_dtype(out):
    assert out["kt_int_scalar_keeps_dtype"] == "int32"


def test_layer_instance_piped_onto_a_sequential_model_is_added(out):
    assert out["instance_added"] == "1"
    assert out["instance_added_invisibly"] == "FALSE"


def test_application_builds_without_weights_offline(out):
    assert out["application_model"] == "TRUE"


def test_application_preprocess_inputs_uses_the_models_family(out):
    assert out["application_preprocess"] == "1 32 32 3"
    assert out["application_preprocess_fn"] == "TRUE"


def test_application_preprocess_of_another_model_is_an_error(out):
    assert "was not made by an application_*() function" in out["application_not_made_here"]


def test_application_weights_offline_name_the_missing_file_and_the_way_out(out):
    message = out["application_weights_offline"]
    assert 'application_mobilenet_v3_small(weights = "imagenet"): the data are not in Keras\'s cache' in message
    assert "keras-home/models; offline, copy weights_mobilenet_v3_small" in message
    assert "or use weights = NULL for an untrained model." in message


def test_application_decoding_offline_names_the_class_index(out):
    assert "offline, copy imagenet_class_index.json there." in out["application_decode_offline"]


def test_imagenet_preprocess_input_scales(out):
    assert out["imagenet_preprocess"] == "1 1 1"


def test_feature_space_adapts_and_encodes_named_features(out):
    assert out["feature_space"] == "2 4"


def test_feature_counts_must_be_whole(out):
    assert "`num_bins` must be a whole number, not 2.5" in out["feature_count_fraction"]


def test_a_keras_shape_as_a_tensor_has_minus_one_for_unknown(out):
    assert out["shape_as_tensor"] == "-1 3"


def test_op_argmax_gives_a_one_based_position(out):
    assert out["argmax_one_based"] == "2"


def test_zero_indexed_true_counts_from_zero(out):
    assert out["argmax_zero_indexed"] == "1"
    assert out["take_zero_indexed"] == "3 9"


def test_op_argsort_gives_one_based_positions(out):
    assert out["argsort_one_based"] == "3 1 4 2"


def test_op_take_indices_are_one_based(out):
    assert out["take_one_based"] == "3 9"


def test_a_negative_index_counts_from_the_end(out):
    assert out["take_negative_from_end"] == "7"


def test_a_tensor_of_one_based_positions_is_shifted(out):
    assert out["take_of_argmax"] == "9"


def test_index_zero_stays_zero_as_keras3_converts_it(out):
    assert out["take_zero"] == "3"


def test_op_top_k_indices_are_one_based(out):
    assert out["top_k_indices"] == "2 4"


def test_op_one_hot_classes_are_one_based(out):
    assert out["one_hot_one_based"] == "1 0 0 0 0 1"


def test_segment_ids_are_one_based(out):
    assert out["segment_ids_one_based"] == "12 8"


def test_index_defaults_are_shown_one_based(out):
    assert out["index_default_shown_one_based"] == "1"


def test_verbose_false_and_true_are_zero_and_one(out):
    assert out["verbose_logical"] == "0 1 2 auto"


def test_verbose_must_be_whole(out):
    assert "`verbose` must be a whole number, not 0.5" in out["verbose_fraction"]
