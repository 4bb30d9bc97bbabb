"""Custom models, layers, losses and metrics from R (r/keras3/R/keras-custom.R,
pyreticulate/keras/classes.py, pyobjects/classes.py): Model(),
Layer(), Loss(), Metric() and %py_class%, with Python signatures Keras can
inspect, super, private, a custom train_step, and saving and loading. The layers compute with
``op_*()`` (every backend); the custom train_step records with ``tf$GradientTape()`` (the
tensorflow backend's only)."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
suppressPackageStartupMessages(library(keras3))
set.seed(5)
keras$utils$set_random_seed(5L)
x <- matrix(rnorm(64 * 3), 64, 3)
y <- matrix(as.vector(x %*% c(1, -1, 0.5)))
dir <- tempfile("custom-"); dir.create(dir)
signature <- function(f) py_str(import("inspect")$signature(f))
same_predictions <- function(a, b)
  isTRUE(all.equal(predict(a, x[1:5, ], verbose = 0), predict(b, x[1:5, ], verbose = 0)))

# ---- Layer() (keras3) ----------------------------------------------------------------------
Scale <- Layer("Scale",
  initialize = function(units, ...) {
    super$initialize(...)
    self$units <- units
  },
  build = function(input_shape) {
    "Create the kernel."
    private$input_shape <- deparse(input_shape)
    self$kernel <- self$add_weight(shape = shape(input_shape[[2]], self$units),
                                   initializer = "ones", name = "kernel")
  },
  call = function(inputs, training = NULL, mask = NULL) {
    private$calls <- c(private$calls, 1)
    op_matmul(inputs, self$kernel)
  },
  calls = function() length(private$calls),
  seen_shape = function() private$input_shape,
  get_config = function() {
    config <- super$get_config()
    config$units <- self$units
    config
  })
layer <- Scale(units = 2)
check("layer_is_a_keras_layer", c(class(layer)[[1]], inherits(layer, "keras.src.layers.layer.Layer")))
check("layer_call_signature", signature(layer$call))
check("layer_build_signature", signature(layer$build))
check("layer_count_argument_is_an_integer", class(layer$units))
check("layer_on_a_tensor", dim(as.array(layer(op_ones(c(4, 3))))))
check("layer_build_gets_the_input_shape", {
  symbolic <- Scale(units = 2)
  invisible(symbolic(keras_input(shape = 3)))
  symbolic$seen_shape()
})
check("layer_docstring", py_to_r(py_get_attr(layer$build, "__doc__")))
check("layer_pipes_into_a_sequential_model", {
  model <- keras_model_sequential(input_shape = 3) %>% Scale(units = 2)
  c(length(model$layers), class(model$layers[[1]])[[1]])
})
check("layer_pipes_a_tensor", dim(as.array(op_ones(c(2, 3)) %>% Scale(units = 4))))
check("layer_without_object_is_the_layer", class(Scale(units = 1))[[1]])
check("layer_private_is_per_instance", {
  a <- Scale(units = 1); b <- Scale(units = 1)
  a(op_ones(c(1, 3))); a(op_ones(c(1, 3))); b(op_ones(c(1, 3)))
  c(a$calls(), b$calls())
})
Doubled <- Layer("Doubled", inherit = layer_dense,
                 call = function(inputs) super$call(inputs) * 2)
check("layer_inherits_layer_dense",
      as.vector(as.array(Doubled(units = 1, kernel_initializer = "ones")(op_ones(c(1, 3))))))
Shifted <- Layer("Shifted", inherit = Scale,
                 call = function(inputs, training = NULL, mask = NULL) super()$call(inputs) + 1)
check("layer_inherits_a_layer", as.vector(as.array(Shifted(units = 1)(op_ones(c(1, 3))))))
check("layer_inherit_must_be_a_class", Layer("Bad", inherit = 1)())
check("new_layer_class_alias", identical(new_layer_class, Layer))
check("layer_methods_must_be_functions", Layer("NotAFunction", call = 1))

# ---- Model() (keras3) -------------------------------------------------------------------------
Regressor <- Model("Regressor",
  initialize = function(units = 8L, ...) {
    super$initialize(...)
    self$units <- units
    self$hidden <- layer_dense(units = units, activation = "relu")
    self$out <- Scale(units = 1)
  },
  call = function(inputs, training = NULL) inputs %>% self$hidden() %>% self$out(),
  get_config = function() {
    config <- super$get_config()
    config$units <- self$units
    config
  })
regressor <- Regressor(units = 8L)
check("model_is_a_keras_model", c(class(regressor)[[1]], inherits(regressor, "keras.src.models.model.Model")))
check("model_call_signature", signature(regressor$call))
regressor %>% compile(optimizer = optimizer_adam(learning_rate = 0.05), loss = "mse")
invisible(fit(regressor, x, y, epochs = 1, batch_size = 16, verbose = 0))
save_model(regressor, file.path(dir, "regressor.keras"))
restored <- load_model(file.path(dir, "regressor.keras"),
                       custom_objects = list(Regressor = Regressor, Scale = Scale))
check("model_reloads", c(class(restored)[[1]], restored$units, same_predictions(restored, regressor)))
check("model_reload_needs_custom_objects",
      tryCatch({ load_model(file.path(dir, "regressor.keras")); "loaded" },
               error = function(e) "error"))
check("new_model_class_alias", identical(new_model_class, Model))

# ---- Loss(), Metric(), %py_class% -----------------------------------------------------------
DoubleMSE <- Loss("DoubleMSE", call = function(y_true, y_pred)
  keras$ops$mean(keras$ops$square(y_true - y_pred)) * 2)
MeanAbs <- Metric("MeanAbs",
  initialize = function(name = "mean_abs", ...) {
    super$initialize(name = name, ...)
    self$total <- self$add_weight(name = "total", initializer = "zeros")
    self$count <- self$add_weight(name = "count", initializer = "zeros")
  },
  update_state = function(y_true, y_pred, sample_weight = NULL) {
    self$total$assign_add(keras$ops$sum(keras$ops$abs(y_true - y_pred)))
    self$count$assign_add(keras$ops$cast(keras$ops$size(y_true), "float32"))
  },
  result = function() keras$ops$divide(self$total, self$count))
plain <- keras_model_sequential(input_shape = 3) %>% layer_dense(units = 1)
plain %>% compile(optimizer = "sgd", loss = DoubleMSE(), metrics = list(MeanAbs()))
check("loss_and_metric_classes", names(fit(plain, x, y, epochs = 1, verbose = 0)$metrics))
Doubler(keras$layers$Layer) %py_class% {
  "Doubles its input."
  call <- function(inputs) inputs * 2
}
check("py_class_keras_layer", c(class(Doubler())[[1]], as.vector(as.array(Doubler()(op_ones(c(1, 2)))))))
check("py_class_docstring", py_to_r(py_get_attr(Doubler, "__doc__")))
Point %py_class% {
  initialize <- function(x) self$x <- x
  norm <- function() abs(self$x)
  private <- list(secret = 42)
  reveal <- function() private$secret
}
check("py_class_plain", c(Point(-3)$norm(), Point(1)$reveal()))
Thermometer %py_class% {
  initialize <- function(celsius) private$celsius <- celsius
  fahrenheit %<-active% function(value) {
    if (missing(value)) private$celsius * 9 / 5 + 32 else private$celsius <- (value - 32) * 5 / 9
  }
}
thermometer <- Thermometer(100)
check("py_class_active_binding_is_a_property", thermometer$fahrenheit)
thermometer$fahrenheit <- 32
check("py_class_property_setter", thermometer$fahrenheit)
Counted <- keras3::Model("Counted",
  initialize = function(...) {
    super$initialize(...)
    self$dense <- layer_dense(units = 1)
  },
  call = function(x) self$dense(x),
  layer_count = keras3::active_property(function() length(self$layers)))
check("active_property_getter", Counted()$layer_count)
check("mark_active_alias", identical(mark_active, keras3::active_property))

# ---- R6 classes through r_to_py() -------------------------------------------------------------
Plain6 <- R6::R6Class("Plain6",
  public = list(
    initialize = function() private$count <- 1,
    bump = function(by = 1) { private$count <- private$count + by; invisible(NULL) },
    update_dict = function(x = NULL) { x[["seen"]] <- TRUE; x }
  ),
  private = list(count = NULL),
  active = list(doubled = function(value) private$count * 2))
Plain6Py <- r_to_py(Plain6)
one <- Plain6Py(); two <- Plain6Py()
one$bump(); one$bump(by = 2)
check("r6_class_is_a_python_class", c(class(Plain6Py)[[1]], py_to_r(py_get_attr(Plain6Py, "__name__"))))
check("r6_privates_per_instance", c(one$doubled, two$doubled))
check("r6_method_gets_converted_arguments", names(one$update_dict(py_eval("{'a': 1}", convert = FALSE))))
check("r6_clone_left_out", py_has_attr(Plain6Py, "clone"))
Dense6 <- R6::R6Class("Dense6",
  inherit = keras$layers$Layer,
  public = list(
    units = NULL,
    initialize = function(units, ...) {
      super$initialize(...)
      self$units <- as.integer(units)
    },
    build = function(input_shape) {
      self$kernel <- self$add_weight(shape = list(input_shape[[2]], self$units), name = "kernel")
    },
    call = function(x, mask = NULL) keras$ops$matmul(x, self$kernel)
  ))
layer_dense6 <- function(object, units) keras3:::create_layer(Dense6, object, list(units = units))
check("r6_layer_in_a_sequential_model", {
  m <- keras_model_sequential(input_shape = 4) %>% layer_dense6(units = 3)
  c(length(m$layers), dim(predict(m, x[1:2, c(1, 2, 3, 1)], verbose = 0)))
})
Scaled6 <- R6::R6Class("Scaled6", inherit = Dense6,
  public = list(call = function(x, mask = NULL) super$call(x) * 10))
check("r6_class_inheriting_an_r6_class", {
  layer <- r_to_py(Scaled6)(units = 2L)
  c(as.character(inherits(layer, "keras.src.layers.layer.Layer")),
    length(layer(op_ones(c(1, 3)))$shape))
})

# ---- formals of R-defined classes, constraints and schedules -----------------------------
Sized(keras$layers$Layer) %py_class% {
  initialize <- function(units, activation = NULL) {
    super$initialize()
    self$units <- units
  }
}
check("init_signature_without_dots", signature(Sized))
check("create_layer_wrapper_formals", names(formals(keras3:::create_layer_wrapper(Sized))))
Dotted(keras$layers$Layer) %py_class% {
  initialize <- function(units, ...) super$initialize(...)
}
check("init_signature_with_dots", signature(Dotted))
NonNegative <- keras3::Constraint("NonNegative",
  call = function(w) w * keras$ops$cast(w >= 0, dtype = w$dtype))
check("constraint_class", c(as.character(inherits(NonNegative(), "keras.src.constraints.constraints.Constraint")),
                            as.vector(as.array(NonNegative()(op_array(c(-1, 2)))))))
Halving <- new_learning_rate_schedule_class("Halving",
  initialize = function(start) self$start <- start,
  call = function(step) self$start / (1 + keras$ops$cast(step, "float32")))
check("learning_rate_schedule_class", as.numeric(Halving(0.5)(3L)))
check("new_loss_and_metric_class_aliases",
      c(identical(new_loss_class, keras3::Loss), identical(new_metric_class, keras3::Metric)))

# ---- a custom train_step with tf$GradientTape() (the tensorflow backend's own) -------------
if (keras3::config_backend() == "tensorflow") {
  Stepped <- Model("Stepped", inherit = Regressor,
    train_step = function(data) {
      c(x, y) %<-% data
      with(tf$GradientTape() %as% tape, {
        y_pred <- self(x, training = TRUE)
        loss <- self$compute_loss(y = y, y_pred = y_pred)
      })
      gradients <- tape$gradient(loss, self$trainable_variables)
      self$optimizer$apply(gradients, self$trainable_variables)
      list(loss = loss, twice = loss * 2)
    })
  stepped <- Stepped(units = 8L)
  check("model_train_step_signature", signature(stepped$train_step))
  stepped %>% compile(optimizer = optimizer_adam(learning_rate = 0.05), loss = "mse")
  history <- fit(stepped, x, y, epochs = 6, batch_size = 16, verbose = 0)
  check("model_train_step_metrics", names(history$metrics))
  check("model_train_step_learns", history$metrics$loss[[6]] < history$metrics$loss[[1]])
  check("model_train_step_returned_values",
        isTRUE(all.equal(history$metrics$twice, 2 * history$metrics$loss)))
  save_model(stepped, file.path(dir, "stepped.keras"))
  restored <- load_model(file.path(dir, "stepped.keras"),
                         custom_objects = list(Stepped = Stepped, Regressor = Regressor, Scale = Scale))
  check("model_with_train_step_reloads",
        c(class(restored)[[1]], restored$units, same_predictions(restored, stepped)))
}
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_custom"), SCRIPT)










def test_layer_makes_a_real_keras_layer(out):
    assert out["layer_is_a_keras_layer"] == "__main__.Scale TRUE"


def test_layer_call_has_the_python_signature_keras_inspects(out):
    assert out["layer_call_signature"] == "(inputs, training=None, mask=None, **kwargs)"
    assert out["layer_build_signature"] == "(input_shape, **kwargs)"


def test_layer_count_arguments_become_integers(out):
    assert out["layer_count_argument_is_an_integer"] == "integer"


def test_layer_applies_to_a_tensor(out):
    assert out["layer_on_a_tensor"] == "4 2"


def test_layer_build_gets_the_input_shape_as_a_list(out):
    assert out["layer_build_gets_the_input_shape"] == "list(NULL, 3L)"


def test_layer_method_docstring_from_a_leading_string(out):
    assert out["layer_docstring"] == "Create the kernel."


def test_layer_pipes_into_a_sequential_model(out):
    assert out["layer_pipes_into_a_sequential_model"] == "1 __main__.Scale"


def test_layer_pipes_a_tensor(out):
    assert out["layer_pipes_a_tensor"] == "2 4"


def test_layer_without_object_returns_the_layer(out):
    assert out["layer_without_object_is_the_layer"] == "__main__.Scale"


def test_layer_private_is_per_instance(out):
    assert out["layer_private_is_per_instance"] == "2 1"


def test_layer_inherits_a_generated_layer_and_calls_super(out):
    assert out["layer_inherits_layer_dense"] == "6"


def test_layer_inherits_another_layer_and_calls_super(out):
    assert out["layer_inherits_a_layer"] == "4"


def test_layer_inherit_must_be_a_class(out):
    assert "`inherit` must be a Python class" in out["layer_inherit_must_be_a_class"]


def test_layer_methods_must_be_functions(out):
    assert "`call` must be an R function, not 1" in out["layer_methods_must_be_functions"]


def test_new_layer_class_is_layer(out):
    assert out["new_layer_class_alias"] == "TRUE"


def test_model_makes_a_real_keras_model(out):
    assert out["model_is_a_keras_model"] == "__main__.Regressor TRUE"


def test_model_call_has_the_python_signature(out):
    assert out["model_call_signature"] == "(inputs, training=None, **kwargs)"


def test_model_train_step_has_the_python_signature(out):
    assert out["model_train_step_signature"] == "(data, **kwargs)"


def test_custom_train_step_with_gradient_tape_trains(out):
    assert out["model_train_step_metrics"] == "loss twice"
    assert out["model_train_step_learns"] == "TRUE"
    assert out["model_train_step_returned_values"] == "TRUE"


def test_custom_model_saves_and_reloads_with_custom_objects(out):
    assert out["model_reloads"] == "__main__.Regressor 8 TRUE"


def test_custom_model_with_a_train_step_saves_and_reloads(out):
    assert out["model_with_train_step_reloads"] == "__main__.Stepped 8 TRUE"


def test_custom_model_reload_without_custom_objects_fails(out):
    assert out["model_reload_needs_custom_objects"] == "error"


def test_new_model_class_is_model(out):
    assert out["new_model_class_alias"] == "TRUE"


def test_loss_and_metric_classes_from_r(out):
    assert out["loss_and_metric_classes"] == "loss mean_abs"


def test_py_class_operator_makes_a_keras_layer(out):
    assert out["py_class_keras_layer"] == "__main__.Doubler 2 2"
    assert out["py_class_docstring"] == "Doubles its input."


def test_py_class_operator_makes_a_plain_class_with_private(out):
    assert out["py_class_plain"] == "3 42"


def test_py_class_active_binding_becomes_a_property(out):
    assert out["py_class_active_binding_is_a_property"] == "212"


def test_py_class_property_setter_takes_the_value(out):
    assert out["py_class_property_setter"] == "32"


def test_active_property_member_is_a_property(out):
    assert out["active_property_getter"] == "1"


def test_mark_active_is_active_property(out):
    assert out["mark_active_alias"] == "TRUE"


def test_r_to_py_of_an_r6_class_is_a_python_class(out):
    assert out["r6_class_is_a_python_class"] == "python.builtin.type Plain6"


def test_r6_class_privates_are_per_instance_and_active_bindings_properties(out):
    assert out["r6_privates_per_instance"] == "8 2"


def test_r6_class_methods_get_converted_arguments(out):
    assert out["r6_method_gets_converted_arguments"] == "a seen"


def test_r6_class_clone_method_is_left_out(out):
    assert out["r6_clone_left_out"] == "FALSE"


def test_r6_class_inheriting_a_keras_layer_works_with_create_layer(out):
    assert out["r6_layer_in_a_sequential_model"] == "1 2 3"


def test_r6_class_can_inherit_another_r6_class(out):
    assert out["r6_class_inheriting_an_r6_class"] == "TRUE 2"


def test_r_initialize_without_dots_shows_its_own_signature(out):
    assert out["init_signature_without_dots"] == "(units, activation=None)"


def test_create_layer_wrapper_takes_the_initialize_formals(out):
    assert out["create_layer_wrapper_formals"] == "object units activation"


def test_r_initialize_with_dots_keeps_kwargs(out):
    assert out["init_signature_with_dots"] == "(units, *args, **kwargs)"


def test_constraint_class(out):
    assert out["constraint_class"] == "TRUE 0 2"


def test_learning_rate_schedule_class(out):
    assert out["learning_rate_schedule_class"] == "0.125"


def test_new_loss_class_and_new_metric_class_are_loss_and_metric(out):
    assert out["new_loss_and_metric_class_aliases"] == "TRUE TRUE"
