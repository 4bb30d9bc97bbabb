"""keras3's utilities that are not wrapper families (r/keras3/R/keras-data-utils.R,
keras-images.R, keras-datasets.R, keras-serialization.R, keras-preprocessing.R,
keras-config.R, keras-flags.R, keras-dotty.R, zzz-aliases.R,
keras-losses-metrics-optimizers.R): data helpers, images, datasets offline,
serialization and the registry, configuration, the backend, training flags,
`.` and TensorBoard (tensorflow's, re-exported)."""
import os

import pytest

from helpers import ROOT
from helpers.scripts import run_labelled

DIGIT = os.path.join(ROOT, "tests", "keras", "data", "digit.png")

SCRIPT = r'''
suppressPackageStartupMessages(library(keras3))
library(pyreticulate)
check("library_does_not_import_keras", py_eval("'keras' in __import__('sys').modules"))
dir <- tempfile("utilities-"); dir.create(dir)

# ---- sequences and datasets from arrays --------------------------------------------------
check("pad_sequences", as.vector(pad_sequences(list(list(1), list(1, 2), list(1, 2, 3)))))
check("pad_sequences_post", as.vector(t(pad_sequences(list(1:4, 1:2), maxlen = 3,
                                                      padding = "post", truncating = "post"))))
check("pad_sequences_type", c(typeof(pad_sequences(list(1:2))), dim(pad_sequences(list(1:2)))))
check("pad_sequences_needs_a_list", pad_sequences(1:3))
windows <- iterate(timeseries_dataset_from_array(
  0:20, NULL, sequence_length = 4, sampling_rate = 2, batch_size = 3, sequence_stride = 5,
  shuffle = FALSE)$as_numpy_iterator(), simplify = FALSE)
check("timeseries_windows", c(length(windows), dim(windows[[1]]), windows[[1]][2, ]))
paired <- iterate(timeseries_dataset_from_array(
  (1:10) * 1.5, 1:10, sequence_length = 3, batch_size = 20)$as_numpy_iterator(), simplify = FALSE)
check("timeseries_targets", c(dim(paired[[1]][[1]]), paired[[1]][[2]][1:3]))
halves <- split_dataset(matrix(as.numeric(1:20), 10), left_size = 0.8)
check("split_dataset", c(length(halves), halves[[1]]$cardinality()$numpy(),
                         halves[[2]]$cardinality()$numpy()))
check("split_dataset_sizes", split_dataset(matrix(1:4, 2), left_size = -1))
check("directory_must_exist", image_dataset_from_directory(file.path(dir, "missing")))

# ---- R list helpers ---------------------------------------------------------------------
check("zip_lists_positional", unlist(zip_lists(list(1, 2), list("a", "b"))[[2]]))
check("zip_lists_argument_names", names(zip_lists(x = 1:2, y = 3:4)[[1]]))
check("zip_lists_by_name", {
  z <- zip_lists(list(a = 1, b = 2), list(b = "B", a = "A"))
  c(names(z), unlist(z$b))
})
check("zip_lists_names_differ", zip_lists(list(a = 1, b = 2), list(a = 1, c = 2)))
check("zip_lists_lengths_differ", zip_lists(1:2, 1:3))
units <- 4
check("named_list", names(named_list(units, rate = 0.5)))
check("named_list_homonyms", named_list(units, units = 5))
check("newaxis", is.null(newaxis))

# ---- `.` ---------------------------------------------------------------------------------
.[rows, cols] <- dim(mtcars)
check("dot_positions", c(rows, cols))
.[first, .., last] <- letters
check("dot_skip", c(first, last))
.[total = sum(values)] <- list(values = 1:4)
check("dot_expression", total)
.[p, .[q, r]] <- list(1, list(2, 3))
check("dot_nested", c(p, q, r))
.[t1, t2] <- tuple(10, 20)
check("dot_python_tuple", c(t1, t2))
check("dot_too_many_names", { .[a, b, c] <- 1:2 })

# ---- images ------------------------------------------------------------------------------
img <- image_load("DIGIT")
pixels <- image_to_array(img)
check("image_to_array", c(dim(pixels), typeof(pixels)))
check("image_load_target_size", dim(image_to_array(image_load("DIGIT", target_size = c(8, 6),
                                                               color_mode = "grayscale"))))
check("image_to_array_integer", typeof(image_to_array(img, dtype = "integer")))
saved <- file.path(dir, "copy.png")
check("image_array_save", c(withVisible(image_array_save(pixels, saved))$visible, file.exists(saved)))
check("image_round_trip", isTRUE(all.equal(image_to_array(image_load(saved)), pixels)))
check("image_from_array", py_to_r(image_from_array(pixels)$size))
check("image_load_missing_file", image_load(file.path(dir, "none.png")))
check("image_smart_resize", dim(image_smart_resize(array(runif(40 * 20 * 3), c(40, 20, 3)), c(8, 8))))

# ---- datasets and downloads without the network -------------------------------------------
Sys.setenv(KERAS_HOME = file.path(dir, "keras-home"))
check("dataset_offline", dataset_mnist())
check("dataset_word_index_offline", dataset_imdb_word_index())
check("get_file_offline", get_file("logo.svg", origin = "https://invalid.example/logo.svg"))
check("get_file_needs_origin", get_file())

# ---- serialization and the registry --------------------------------------------------------
config <- serialize_keras_object(layer_dense(units = 3, name = "d3"))
check("serialize_keras_object", c(config$class_name, config$config$units))
check("deserialize_keras_object", c(class(deserialize_keras_object(config))[[1]],
                                    deserialize_keras_object(config)$units))
layer_twice <- Layer("Twice", call = function(x) x * 2)
check("register_layer_returns_the_function",
      identical(register_keras_serializable(layer_twice, package = "Tests"), layer_twice))
check("get_registered_name", get_registered_name(layer_twice))
check("get_registered_object", py_to_r(py_get_attr(get_registered_object("Tests>Twice"), "__name__")))
peak <- function(y_true, y_pred) op_max(op_abs(y_true - y_pred))
peak_py <- register_keras_serializable(peak)
check("register_r_function", c(get_registered_name(peak_py), "Custom>peak" %in% names(get_custom_objects())))
previous <- set_custom_objects(list(extra = peak_py))
check("set_custom_objects", c("Tests>Twice" %in% names(previous), names(get_custom_objects())))
set_custom_objects(previous)
check("set_custom_objects_restores", sort(names(get_custom_objects())))
metric_mean_pred <- custom_metric("mean_pred", function(y_true, y_pred) op_mean(y_pred))
check("custom_metric", py_to_r(py_get_attr(metric_mean_pred, "__name__")))
check("custom_metric_needs_a_function", custom_metric("m", 1))

# ---- preprocessing state -------------------------------------------------------------------
lookup <- layer_string_lookup()
set_vocabulary(lookup, c("cat", "dog"))
check("vocabulary", get_vocabulary(lookup))
check("vocabulary_without_special_tokens", get_vocabulary(lookup, include_special_tokens = FALSE))
check("as_array_of_rank_0", c(as.array(op_convert_to_tensor(3)), dim(as.array(op_convert_to_tensor(3)))))
integer_vocabulary <- get_vocabulary(layer_integer_lookup(vocabulary = c(12L, 36L)))
check("integer_vocabulary", c(class(integer_vocabulary), unlist(integer_vocabulary)))

# ---- configuration and the backend -------------------------------------------------------
unset <- is.null(config_max_epochs())
config_set_max_epochs(2)
check("config_max_epochs", c(as.character(unset), config_max_epochs()))
config_set_max_epochs(NULL)
check("config_logging", {
  config_disable_interactive_logging()
  off <- config_is_interactive_logging_enabled()
  config_enable_interactive_logging()
  c(off, config_is_interactive_logging_enabled())
})
default_policy <- config_dtype_policy()$name
config_set_dtype_policy("mixed_float16")
check("config_dtype_policy", c(default_policy, config_dtype_policy()$name))
config_set_dtype_policy("float32")
check("config_traceback_filtering", is.logical(config_is_traceback_filtering_enabled()))
check("use_backend_same", use_backend("tensorflow"))
check("use_backend_unknown", use_backend("theano"))
check("use_backend_not_installed", use_backend("openvino"))
check("config_set_backend_not_installed", config_set_backend("openvino"))
set_random_seed(7); a <- c(runif(1), as.numeric(as.array(keras$random$uniform(shape(1)))))
set_random_seed(7); b <- c(runif(1), as.numeric(as.array(keras$random$uniform(shape(1)))))
check("set_random_seed", identical(a, b))
check("install_keras", capture.output(installed <- install_keras(), type = "message"))
check("install_keras_value", installed)

# ---- training flags -----------------------------------------------------------------------
flag_defs <- list(flag_integer("epochs", 10, "Epochs"), flag_numeric("learning_rate", 0.01),
                  flag_boolean("augment", FALSE), flag_string("name", "run"))
defaults <- flags(flag_defs, arguments = character())
check("flags_defaults", c(class(defaults), vapply(defaults, typeof, "")))
cli <- flags(flag_defs, arguments = c("--epochs=3", "--learning-rate", "0.5", "--augment", "true",
                                      "--args", "--ignored", "1"))
check("flags_command_line", c(cli$epochs, cli$learning_rate, cli$augment, typeof(cli$epochs)))
writeLines(c("default:", "  epochs: 4", "fast:", "  epochs: 1", "  name: quick"),
           file.path(dir, "flags.yml"))
from_file <- flags(flag_defs, file = file.path(dir, "flags.yml"), config = "fast",
                   arguments = character())
check("flags_file_section", c(from_file$epochs, from_file$name))
check("flags_unknown", flags(flag_defs, arguments = c("--epoks", "3")))
check("flags_bad_value", flags(flag_defs, arguments = c("--epochs", "2.5")))
check("run_dir", identical(run_dir(), getwd()))

# ---- TensorBoard --------------------------------------------------------------------------
url <- tensorboard(file.path(dir, "logs"), launch_browser = FALSE, port = 6123)
check("tensorboard_start", url)
check("tensorboard_stop", is.null(tensorboard(action = "stop")))
check("py_require_is_reticulates", identical(keras3::py_require, reticulate::py_require))
'''.replace("DIGIT", DIGIT)


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_utilities"), SCRIPT)


def test_library_keras3_does_not_import_keras(out):
    assert out["library_does_not_import_keras"] == "FALSE"


def test_pad_sequences_pads_at_the_start(out):
    assert out["pad_sequences"] == "0 0 1 0 1 2 1 2 3"


def test_pad_sequences_post_padding_and_truncating(out):
    assert out["pad_sequences_post"] == "1 2 3 1 2 0"


def test_pad_sequences_gives_an_integer_matrix(out):
    assert out["pad_sequences_type"] == "integer 1 2"


def test_pad_sequences_needs_a_list(out):
    assert "`sequences` must be a list of sequences" in out["pad_sequences_needs_a_list"]


def test_timeseries_dataset_windows(out):
    assert out["timeseries_windows"] == "1 3 4 5 7 9 11"


def test_timeseries_dataset_with_targets(out):
    assert out["timeseries_targets"] == "8 3 1 2 3"


def test_split_dataset_in_two(out):
    assert out["split_dataset"] == "2 8 2"


def test_split_dataset_sizes_are_checked(out):
    assert "`left_size` must be a fraction below 1 or a number of samples" in out["split_dataset_sizes"]


def test_directory_datasets_need_an_existing_directory(out):
    assert "`directory` must be an existing directory" in out["directory_must_exist"]


def test_zip_lists_by_position(out):
    assert out["zip_lists_positional"] == "2 b"


def test_zip_lists_names_elements_by_argument(out):
    assert out["zip_lists_argument_names"] == "x y"


def test_zip_lists_matches_names(out):
    assert out["zip_lists_by_name"] == "a b 2 B"


def test_zip_lists_different_names_are_an_error(out):
    assert "named differently" in out["zip_lists_names_differ"]


def test_zip_lists_different_lengths_are_an_error(out):
    assert "must have the same length, not 2, 3" in out["zip_lists_lengths_differ"]


def test_named_list_names_every_element(out):
    assert out["named_list"] == "units rate"


def test_named_list_refuses_a_name_twice(out):
    assert "ERROR" in out["named_list_homonyms"]


def test_newaxis_is_null(out):
    assert out["newaxis"] == "TRUE"



def test_dot_assigns_by_position(out):
    assert out["dot_positions"] == "32 11"


def test_dot_skips_with_dotdot(out):
    assert out["dot_skip"] == "a z"


def test_dot_evaluates_named_expressions_in_the_value(out):
    assert out["dot_expression"] == "10"


def test_dot_unpacks_nested_values(out):
    assert out["dot_nested"] == "1 2 3"


def test_dot_unpacks_python_tuples(out):
    assert out["dot_python_tuple"] == "10 20"


def test_dot_with_more_names_than_values_is_an_error(out):
    assert "3 names but the value has 2 elements" in out["dot_too_many_names"]


def test_image_to_array_gives_a_double_array(out):
    assert out["image_to_array"] == "12 10 3 double"


def test_image_load_resizes_and_converts(out):
    assert out["image_load_target_size"] == "8 6 1"


def test_image_to_array_integer(out):
    assert out["image_to_array_integer"] == "integer"


def test_image_array_save_writes_the_file(out):
    assert out["image_array_save"] == "FALSE TRUE"


def test_image_saved_and_loaded_again_is_the_same(out):
    assert out["image_round_trip"] == "TRUE"


def test_image_from_array(out):
    assert out["image_from_array"] == "10 12"


def test_image_load_of_a_missing_file_is_an_error(out):
    assert "image_load(): no file" in out["image_load_missing_file"]


def test_image_smart_resize(out):
    assert out["image_smart_resize"] == "8 8 3"


def test_dataset_offline_names_the_missing_file(out):
    message = out["dataset_offline"]
    assert "dataset_mnist(): the data are not in Keras's cache and could not be downloaded" in message
    assert "keras-home/datasets; offline, copy mnist.npz there" in message


def test_dataset_word_index_offline_names_the_missing_file(out):
    assert "copy imdb_word_index.json there" in out["dataset_word_index_offline"]


def test_get_file_offline_names_the_missing_file(out):
    message = out["get_file_offline"]
    assert 'get_file("logo.svg"): the data are not in Keras\'s cache' in message
    assert "keras-home/datasets; offline, copy logo.svg there" in message


def test_get_file_needs_an_origin(out):
    assert "give `origin`" in out["get_file_needs_origin"]


def test_serialize_keras_object(out):
    assert out["serialize_keras_object"] == "Dense 3"


def test_deserialize_keras_object(out):
    assert out["deserialize_keras_object"] == "keras.src.layers.core.dense.Dense 3"


def test_register_keras_serializable_returns_a_layer_function(out):
    assert out["register_layer_returns_the_function"] == "TRUE"


def test_get_registered_name(out):
    assert out["get_registered_name"] == "Tests>Twice"


def test_get_registered_object(out):
    assert out["get_registered_object"] == "Twice"


def test_register_an_r_function(out):
    assert out["register_r_function"] == "Custom>peak TRUE"


def test_set_custom_objects_replaces_and_returns_the_previous(out):
    assert out["set_custom_objects"] == "TRUE extra"


def test_set_custom_objects_restores_previous_contents(out):
    assert out["set_custom_objects_restores"] == "Custom>peak Tests>Twice"


def test_custom_metric_is_a_named_python_function(out):
    assert out["custom_metric"] == "mean_pred"


def test_custom_metric_needs_a_function(out):
    assert "`metric_fn` must be an R function" in out["custom_metric_needs_a_function"]


def test_set_and_get_vocabulary(out):
    assert out["vocabulary"] == "[UNK] cat dog"


def test_as_array_of_a_rank_0_tensor_is_keras3s_array_of_dim_1(out):
    assert out["as_array_of_rank_0"] == "3 1"


def test_get_vocabulary_of_an_integer_lookup_is_a_list_with_the_oov_token(out):
    assert out["integer_vocabulary"] == "list -1 12 36"


def test_get_vocabulary_without_special_tokens(out):
    assert out["vocabulary_without_special_tokens"] == "cat dog"


def test_config_max_epochs(out):
    assert out["config_max_epochs"] == "TRUE 2"


def test_config_interactive_logging_switches(out):
    assert out["config_logging"] == "FALSE TRUE"


def test_config_dtype_policy(out):
    assert out["config_dtype_policy"] == "float32 mixed_float16"


def test_config_traceback_filtering(out):
    assert out["config_traceback_filtering"] == "TRUE"


def test_use_backend_of_the_running_backend(out):
    assert out["use_backend_same"] == "tensorflow"


def test_use_backend_unknown_is_an_error(out):
    assert '`backend` must be one of "tensorflow", "jax"' in out["use_backend_unknown"]


def test_use_backend_not_installed_is_an_error(out):
    assert "the openvino backend needs the Python package openvino, which is not installed" \
        in out["use_backend_not_installed"]


def test_config_set_backend_not_installed_is_an_error(out):
    assert "needs the Python package openvino" in out["config_set_backend_not_installed"]


def test_set_random_seed_makes_r_and_keras_repeat(out):
    assert out["set_random_seed"] == "TRUE"


def test_install_keras_says_nothing_is_installed(out):
    assert "install_keras(): nothing to install. pyreticulate runs R inside its own Python" \
        in out["install_keras"]
    assert out["install_keras_value"] == "FALSE"


def test_flags_defaults_and_types(out):
    assert out["flags_defaults"] == "tfruns_flags integer double logical character"


def test_flags_from_the_command_line(out):
    assert out["flags_command_line"] == "3 0.5 TRUE integer"


def test_flags_from_a_file_section(out):
    assert out["flags_file_section"] == "1 quick"


def test_flags_unknown_flag_is_an_error(out):
    assert '"epoks" is not a defined flag' in out["flags_unknown"]


def test_flags_value_of_the_wrong_type_is_an_error(out):
    assert 'flag "epochs" (integer): 2.5 is not a valid value' in out["flags_bad_value"]


def test_run_dir_is_the_working_directory(out):
    assert out["run_dir"] == "TRUE"


def test_tensorboard_starts_and_stops(out):
    assert out["tensorboard_start"] == "http://127.0.0.1:6123"
    assert out["tensorboard_stop"] == "TRUE"


def test_py_require_is_reticulates_own_function(out):
    assert out["py_require_is_reticulates"] == "TRUE"
