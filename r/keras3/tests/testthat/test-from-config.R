# from_config() of R classes is a class method (the class as `cls`), as keras3
# makes it, so Keras rebuilds models with custom layers from their config, as
# keras3's guide on serialization does.

layer_scaled <- register_keras_serializable(package = "from_config_test", object = Layer(
  "Scaled",
  initialize = function(inner, factor = 2, ...) {
    super$initialize(...)
    self$inner <- inner
    self$factor <- factor
  },
  get_config = function() {
    modifyList(super$get_config(), list(inner = self$inner, factor = self$factor))
  },
  from_config = function(config) {
    config$inner <- deserialize_keras_object(config$inner)
    cls(!!!config)
  },
  call = function(inputs) self$inner(inputs) * self$factor
))

test_that("from_config() rebuilds a model whose R layer deserializes a nested layer", {
  inputs <- keras_input(4)
  model <- keras_model(inputs, inputs |> layer_scaled(inner = layer_dense(units = 3),
                                                      factor = 3))
  copy <- from_config(get_config(model))
  expect_equal(copy$layers[[2]]$factor, 3)
  expect_equal(dim(as.array(copy(op_ones(c(2, 4))))), c(2L, 3L))
})

test_that("an R class's from_config() gets the class as cls, added when missing", {
  Echo <- Layer("Echo", call = function(x) x,
                from_config = function(config) list(cls, config$name))
  layer <- Echo(name = "echo")
  made <- py_get_attr(layer, "__class__")$from_config(list(name = "copy"))
  expect_true(py_to_r(py_get_attr(made[[1]], "__name__")) == "Echo")
  expect_equal(made[[2]], "copy")
})

test_that("a from_config() whose first argument is cls keeps it", {
  Echo <- Layer("EchoCls", call = function(x) x,
                from_config = function(cls, config) py_to_r(py_get_attr(cls, "__name__")))
  expect_equal(py_get_attr(Echo(), "__class__")$from_config(list()), "EchoCls")
})

test_that("methods see their class by its name", {
  Named <- new_model_class("NamedModel", call = function(x) x,
                           whoami = function() NamedModel)
  model <- Named()
  expect_true(py_to_r(py_eval("lambda m: m.whoami() is type(m)")(model)))
})
