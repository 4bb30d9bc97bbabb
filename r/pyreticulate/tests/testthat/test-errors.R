my_error <- function(message = "Hello", extra = 42)
  structure(class = c("my_error", "error", "condition"),
            list(message = message, call = quote(my_step(1)), extra = extra))

python_exception_classes <- c("python.builtin.RuntimeError", "python.builtin.Exception",
                              "python.builtin.BaseException", "python.builtin.object")

test_that("an R error that crossed Python is still caught by its own class", {
  f <- py_func(function() stop(my_error()))
  expect_identical(tryCatch(f(), my_error = function(e) e$extra), 42)
})

test_that("an R error that crossed Python is also the RuntimeError reticulate signals", {
  f <- py_func(function() stop(my_error()))
  e <- tryCatch(f(), error = identity)
  for (cls in c(python_exception_classes, "error", "condition")) expect_s3_class(e, cls)
  expect_identical(tryCatch(f(), python.builtin.RuntimeError = function(e) "caught"), "caught")
})

test_that("its own classes come first and error, condition last", {
  f <- py_func(function() stop(my_error()))
  classes <- class(tryCatch(f(), error = identity))
  expect_identical(classes[1L], "my_error")
  expect_identical(tail(classes, 2L), c("error", "condition"))
  expect_true(all(match(python_exception_classes, classes) > 1L))
})

test_that("it keeps the message, call and fields of the original condition", {
  f <- py_func(function() stop(my_error()))
  e <- tryCatch(f(), error = identity)
  expect_identical(conditionMessage(e), "Hello")
  expect_identical(conditionCall(e), quote(my_step(1)))
  expect_identical(e$extra, 42)
})

test_that("it has the fields reticulate puts on it: r_class and an rlang trace", {
  f <- py_func(function() stop(my_error()))
  e <- tryCatch(f(), error = identity)
  expect_identical(e$r_class, c("my_error", "error", "condition"))
  expect_s3_class(e$trace, "rlang_trace")
  expect_s3_class(e$trace, "data.frame")
})

test_that("a field of its own named r_class is kept", {
  cnd <- my_error()
  cnd$r_class <- "mine"
  f <- py_func(function() stop(cnd))
  expect_identical(tryCatch(f(), error = function(e) e$r_class), "mine")
})

test_that("the Python exception behind it answers $ and r_to_py()", {
  f <- py_func(function() stop(my_error()))
  e <- tryCatch(f(), error = identity)
  expect_identical(e$args, list("Hello"))
  builtins <- import_builtins()
  expect_true(builtins$isinstance(r_to_py(e), builtins$RuntimeError))
})

test_that("an R error stays both however many Python calls it crossed", {
  f1 <- py_func(function() stop(my_error()))
  f2 <- py_func(function() f1())
  f3 <- py_func(function() f2())
  e <- tryCatch(f3(), error = identity)
  expect_identical(class(e)[1L], "my_error")
  expect_s3_class(e, "python.builtin.RuntimeError")
  expect_identical(e$extra, 42)
})

test_that("through a Python exception raised from it, it has that exception's classes", {
  wrap <- py_run_string("
def wrap_with_cause(f):
    try:
        f()
    except Exception as e:
        raise ValueError('wrapped') from e
", local = TRUE)$wrap_with_cause
  e <- tryCatch(wrap(function() stop(my_error())), error = identity)
  expect_identical(class(e)[1L], "my_error")
  expect_s3_class(e, "python.builtin.ValueError")
  expect_false(inherits(e, "python.builtin.RuntimeError"))
  expect_identical(conditionMessage(e), "Hello")
  expect_identical(e$args, list("wrapped"))
})

test_that("an R error whose text alone survived a Python wrapper comes back as both", {
  wrap <- py_run_string("
def wrap_text_only(f):
    try:
        f()
    except Exception as e:
        raise KeyError('pipeline failed: ' + str(e)) from None
", local = TRUE)$wrap_text_only
  e <- tryCatch(wrap(function() stop(my_error())), error = identity)
  expect_identical(e$extra, 42)
  expect_s3_class(e, "python.builtin.KeyError")
})

test_that("the abort restart with a condition brings that condition back as both", {
  f <- py_func(function() invokeRestart("abort", my_error("cancelled")))
  e <- tryCatch(f(), my_error = identity)
  expect_identical(conditionMessage(e), "cancelled")
  expect_s3_class(e, "python.builtin.RuntimeError")
})

test_that("a condition without a trace gets the trace of where it reached R", {
  f <- py_func(function() invokeRestart("abort", my_error("cancelled")))
  e <- tryCatch(f(), error = identity)
  expect_s3_class(e$trace, "rlang_trace")
})

test_that("a condition with a trace keeps it", {
  cnd <- my_error()
  cnd$trace <- "where it was raised"
  f <- py_func(function() stop(cnd))
  expect_identical(tryCatch(f(), error = function(e) e$trace), "where it was raised")
})

test_that("py_last_error() describes the R error and the Python exception", {
  f <- py_func(function() stop(my_error()))
  try(f(), silent = TRUE)
  last <- py_last_error()
  expect_identical(last$r_class, c("my_error", "error", "condition"))
  expect_identical(last$r_call, quote(my_step(1)))
  expect_identical(last$type, "RError")
  expect_match(last$message, "Hello", fixed = TRUE)
})

test_that("stop() of it in R code that Python called raises its Python exception again", {
  f <- py_func(function() stop(my_error()))
  first <- tryCatch(f(), error = identity)
  catch <- py_run_string("
def catch(f):
    try:
        f()
    except Exception as e:
        return e
", local = TRUE, convert = FALSE)$catch
  again <- catch(function() stop(first))
  expect_true(py_eval("lambda a, b: a is b")(again, r_to_py(first)))
})

test_that("a Python exception raised in Python has only its Python classes", {
  e <- tryCatch(py_run_string("raise KeyError('k')"), error = identity)
  expect_identical(class(e), c("python.builtin.KeyError", "python.builtin.LookupError",
                               "python.builtin.Exception", "python.builtin.BaseException",
                               "python.builtin.object", "error", "condition"))
})
