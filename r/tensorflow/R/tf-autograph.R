# Autograph for tf_function(autograph = TRUE): R's `if`, `while`, `for`, `&&`
# and `||` in the function are replaced (through a new enclosing environment
# of the function, so the function's code is not rewritten) by versions that
# do what R does for R values and eager tensors, and build graph control flow
# for the tensors being traced: `if` becomes tf.cond, `while` and `for` over a
# tensor become tf.while_loop. The variables a branch or loop body assigns are
# found in its code; they are what tf.cond and tf.while_loop carry, and are
# bound in the function's frame afterwards.

# f with the control-flow functions masked.
.autograph <- function(f) {
  if (is.primitive(f)) return(f)
  masks <- new.env(parent = environment(f))
  masks$`if` <- .ag_if
  masks$`while` <- .ag_while
  masks$`for` <- .ag_for
  masks$`&&` <- .ag_and
  masks$`||` <- .ag_or
  environment(f) <- masks
  f
}

# A tensor without a value yet: traced (or in a TF1 graph).
.is_symbolic <- function(x) {
  if (!.is_tensor(x)) return(FALSE)
  if (inherits(x, "tensorflow.python.framework.ops.EagerTensor")) return(FALSE)
  !(py_has_attr(x, "numpy") && .tf()$executing_eagerly())
}

# An R condition from an R value or an eager tensor, as R's `if` takes it.
.truth <- function(value, what) {
  if (.is_tensor(value)) value <- as.vector(.tensor_value(value))
  if (length(value) != 1L)
    stop(sprintf("the condition of %s has length %d, not 1", what, length(value)), call. = FALSE)
  value <- as.logical(value)
  if (is.na(value)) stop(sprintf("the condition of %s is NA", what), call. = FALSE)
  value
}

.as_bool <- function(x) {
  if (identical(.dtype_name(x), "bool")) x else .tf()$cast(x, "bool")
}

# ---- what code assigns ----------------------------------------------------------------

# The names an expression assigns in its own frame (`x <- `, `x[i] <- `,
# `x$a <- `, `assign("x", ...)`, a for loop's variable), not looking inside
# function definitions.
.assigned_names <- function(expr) {
  found <- character()
  walk <- function(e) {
    if (!is.call(e)) return()
    head <- e[[1L]]
    if (identical(head, quote(`function`))) return()
    if ((identical(head, quote(`<-`)) || identical(head, quote(`=`))) && length(e) == 3L) {
      target <- .assignment_target(e[[2L]])
      if (!is.null(target)) found <<- c(found, target)
    } else if (identical(head, quote(`for`)) && is.symbol(e[[2L]])) {
      found <<- c(found, as.character(e[[2L]]))
    } else if (identical(head, quote(assign)) && length(e) >= 3L && is.character(e[[2L]]) &&
               length(e) == 3L) {
      found <<- c(found, e[[2L]])
    }
    parts <- as.list(e)[-1L]
    for (k in seq_along(parts)) if (!.is_empty_arg(parts[[k]])) walk(parts[[k]])
  }
  walk(expr)
  unique(found)
}

.assignment_target <- function(lhs) {
  while (is.call(lhs)) lhs <- lhs[[2L]]
  if (is.symbol(lhs)) as.character(lhs) else if (is.character(lhs)) lhs
}

# Whether code uses return(), break or next outside nested loops and functions.
.has_jump <- function(expr, jumps = c("return", "break", "next")) {
  if (!is.call(expr)) return(FALSE)
  head <- expr[[1L]]
  if (is.symbol(head)) {
    name <- as.character(head)
    if (name %in% jumps) return(TRUE)
    if (name == "function") return(FALSE)
    if (name %in% c("for", "while", "repeat")) jumps <- setdiff(jumps, c("break", "next"))
  }
  parts <- as.list(expr)[-1L]
  for (k in seq_along(parts))
    if (!.is_empty_arg(parts[[k]]) && .has_jump(parts[[k]], jumps)) return(TRUE)
  FALSE
}

.is_empty_arg <- function(x) identical(x, quote(expr = ))

# The value a name has outside a branch or loop (NULL when none, or a function).
.outer_value <- function(name, frame) {
  value <- get0(name, envir = frame, inherits = TRUE)
  if (is.function(value)) NULL else value
}

.has_outer_value <- function(name, frame) !is.null(.outer_value(name, frame))

# ---- if -------------------------------------------------------------------------------

.ag_if <- function(cond, yes, no) {
  value <- cond
  if (!.is_symbolic(value)) {
    if (.truth(value, "if")) return(yes)
    if (missing(no)) return(invisible(NULL))
    return(no)
  }
  .ag_cond(value, substitute(yes), if (missing(no)) NULL else substitute(no), parent.frame())
}

# Whether a branch ends in a value (not an assignment): then both branches'
# values are part of the tf.cond, and are the value of the `if`.
.gives_value <- function(expr) {
  if (is.null(expr)) return(FALSE)
  while (is.call(expr) && identical(expr[[1L]], quote(`{`))) {
    if (length(expr) == 1L) return(FALSE)
    expr <- expr[[length(expr)]]
  }
  !(is.call(expr) && is.symbol(expr[[1L]]) &&
      as.character(expr[[1L]]) %in% c("<-", "=", "<<-", "assign", "print", "cat", "message",
                                      "invisible", "stopifnot", "for", "while", "repeat"))
}

.ag_cond <- function(pred, yes, no, frame) {
  tf <- .tf()
  for (branch in list(yes, no))
    if (.has_jump(branch))
      stop("return(), break and next cannot be used in an `if` on a tensor inside ",
           "tf_function(): assign the result to a variable instead", call. = FALSE)
  in_yes <- .assigned_names(yes)
  in_no <- .assigned_names(no)
  outputs <- Filter(function(name) (name %in% in_yes && name %in% in_no) ||
                      .has_outer_value(name, frame), union(in_yes, in_no))
  with_value <- .gives_value(yes) && .gives_value(no)
  branch_fn <- function(expr) function() {
    env <- new.env(parent = frame)
    value <- eval(expr, env)
    result <- lapply(outputs, function(name) {
      if (exists(name, envir = env, inherits = FALSE)) get(name, envir = env)
      else .outer_value(name, frame)
    })
    if (with_value) {
      if (is.null(value))
        stop("an `if` on a tensor used for its value needs a value in both branches ",
             "inside tf_function()", call. = FALSE)
      result <- c(result, list(value))
    }
    if (length(result)) result else NULL
  }
  result <- tf$cond(.as_bool(pred), .tf_callable(branch_fn(yes)), .tf_callable(branch_fn(no)))
  if (!is.null(result) && !is.list(result)) result <- list(result)
  for (i in seq_along(outputs)) assign(outputs[[i]], result[[i]], envir = frame)
  if (with_value) result[[length(outputs) + 1L]] else invisible(NULL)
}

# ---- while ----------------------------------------------------------------------------

.ag_while <- function(cond, expr) {
  frame <- parent.frame()
  cond_expr <- substitute(cond)
  body <- substitute(expr)
  first <- eval(cond_expr, frame)
  if (.is_symbolic(first)) return(.ag_while_loop(cond_expr, body, frame, first))
  # An R loop, evaluated in the caller's frame so that break and next work;
  # the first condition is not evaluated twice.
  pending <- list(first)
  test <- function() {
    value <- if (length(pending)) pending[[1L]] else eval(cond_expr, frame)
    pending <<- list()
    if (.is_symbolic(value))
      stop("the condition of a while loop became a tensor being traced after the loop had ",
           "started: make it a tensor before the loop", call. = FALSE)
    .truth(value, "while")
  }
  loop <- as.call(list(base::`repeat`, as.call(list(
    base::`{`, as.call(list(base::`if`, as.call(list(base::`!`, as.call(list(test)))),
                            quote(break))), body))))
  eval(loop, frame)
  invisible(NULL)
}

# The variables a loop carries: those its body assigns that exist before it.
.loop_vars <- function(body, frame, exclude = character()) {
  names <- setdiff(.assigned_names(body), exclude)
  Filter(function(name) .has_outer_value(name, frame), names)
}

.ag_while_loop <- function(cond_expr, body, frame, first) {
  if (.has_jump(body))
    stop("return(), break and next cannot be used in a while loop on a tensor inside ",
         "tf_function(): put the stopping rule in the loop's condition", call. = FALSE)
  vars <- .loop_vars(body, frame)
  if (!length(vars))
    stop("a while loop on a tensor must change a variable that exists before the loop ",
         "(its condition can only depend on such variables)", call. = FALSE)
  bind <- function(values) {
    env <- new.env(parent = frame)
    for (i in seq_along(vars)) assign(vars[[i]], values[[i]], envir = env)
    env
  }
  cond_fn <- function(...) .as_bool(eval(cond_expr, bind(list(...))))
  body_fn <- function(...) {
    env <- bind(list(...))
    eval(body, env)
    lapply(vars, get, envir = env)
  }
  initial <- lapply(vars, get, envir = frame)
  result <- .tf()$while_loop(.tf_callable(cond_fn), .tf_callable(body_fn), loop_vars = initial)
  if (!is.list(result)) result <- list(result)
  for (i in seq_along(vars)) assign(vars[[i]], result[[i]], envir = frame)
  invisible(NULL)
}

# ---- for ------------------------------------------------------------------------------

.ag_for <- function(var, seq, expr) {
  frame <- parent.frame()
  name <- substitute(var)
  if (!is.symbol(name)) stop("the variable of a for loop must be a name", call. = FALSE)
  body <- substitute(expr)
  values <- seq
  if (.is_symbolic(values)) return(.ag_for_tensor(as.character(name), values, body, frame))
  if (.is_tensor(values)) {
    n <- dim(values)[[1L]]
    values <- lapply(seq_len(n) - 1L, function(i) py_get_item(values, i))
  } else if (is_py_object(values)) {
    if (!.tf()$executing_eagerly())
      stop("a for loop over a Python iterable (such as a dataset) cannot be traced into a ",
           "graph by tf_function(): iterate over a tensor, or use the dataset's own methods ",
           "(dataset_map(), dataset_reduce())", call. = FALSE)
    values <- iterate(values, simplify = FALSE)
  }
  eval(as.call(list(base::`for`, name, values, body)), frame)
  invisible(NULL)
}

# for (x in tensor) while tracing: a tf.while_loop over the first dimension.
.ag_for_tensor <- function(name, values, body, frame) {
  tf <- .tf()
  if (.has_jump(body))
    stop("return(), break and next cannot be used in a for loop over a tensor inside ",
         "tf_function()", call. = FALSE)
  vars <- .loop_vars(body, frame, exclude = name)
  n <- py_get_item(tf$shape(values), 0L)
  bind <- function(i, values_of_vars) {
    env <- new.env(parent = frame)
    for (k in seq_along(vars)) assign(vars[[k]], values_of_vars[[k]], envir = env)
    assign(name, tf$gather(values, i), envir = env)
    env
  }
  cond_fn <- function(i, ...) tf$less(i, n)
  body_fn <- function(i, ...) {
    env <- bind(i, list(...))
    eval(body, env)
    c(list(i + 1L), lapply(vars, get, envir = env))
  }
  initial <- c(list(tf$constant(0L)), lapply(vars, get, envir = frame))
  result <- tf$while_loop(.tf_callable(cond_fn), .tf_callable(body_fn), loop_vars = initial)
  for (k in seq_along(vars)) assign(vars[[k]], result[[k + 1L]], envir = frame)
  invisible(NULL)
}

# ---- && and || --------------------------------------------------------------------------

.ag_and <- function(x, y) {
  a <- x
  if (.is_symbolic(a)) return(.tf()$logical_and(.as_bool(a), .as_bool(.ag_operand(y))))
  if (!.truth(a, "&&")) return(FALSE)
  b <- y
  if (.is_symbolic(b)) .as_bool(b) else .truth(b, "&&")
}

.ag_or <- function(x, y) {
  a <- x
  if (.is_symbolic(a)) return(.tf()$logical_or(.as_bool(a), .as_bool(.ag_operand(y))))
  if (.truth(a, "||")) return(TRUE)
  b <- y
  if (.is_symbolic(b)) .as_bool(b) else .truth(b, "||")
}

.ag_operand <- function(value) if (.is_tensor(value)) value else .tf()$constant(value)
