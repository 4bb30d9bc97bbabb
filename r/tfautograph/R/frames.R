# Running code for autograph and reading what it assigned: the code runs in a
# new frame (the frame of a call of a function made for it, so that return()
# ends the code and R's loops in it behave as in a function), and what it
# assigned there is carried out (as graph outputs, or assigned in the frame the
# code came from). A variable that cannot be carried out is left *undefined*
# there: an active binding that errors when read and becomes a plain variable
# when assigned.

# Runs `expr` in a new frame under `parent`, `bindings` assigned in the frame
# first. holder$frame is the frame from the moment the code starts, so callers
# that unwind the code (break, next) still find what it assigned. The outcome:
# the value, its visibility, and whether the code ran to its end (FALSE after
# return(), whose value is the value).
.run <- function(expr, parent, bindings = list(), holder = new.env(parent = emptyenv())) {
  holder$completed <- FALSE
  start <- function(frame) {
    holder$frame <- frame
    if (length(bindings)) list2env(bindings, envir = frame)
    invisible()
  }
  finish <- function(result) {
    force(result)
    holder$completed <- TRUE
    result
  }
  body <- as.call(list(base::`{`, as.call(list(start, as.call(list(base::environment)))),
                       as.call(list(finish, as.call(list(base::withVisible, expr))))))
  result <- as.function(list(body), envir = parent)()
  if (holder$completed) list(value = result$value, visible = result$visible, completed = TRUE)
  else list(value = result, visible = TRUE, completed = FALSE)
}

# Evaluates `expr` in `env` as a promise: no eval() context stands between
# the code and the function whose frame `env` is, so return() in it returns
# from that function and break / next reach R's loops in that frame.
.evaluate_in <- function(expr, env) {
  holder <- new.env(parent = emptyenv())
  eval(call("delayedAssign", "value", expr, env, holder))
  holder$value
}

# Returns `value` from the function whose frame is `env`.
.return_from <- function(env, value) .evaluate_in(call("return", value), env)

# ---- what a frame holds -----------------------------------------------------------------------

.undefined_attribute <- "tfautograph_undefined"

# The names left undefined in `env` (active bindings made by .undefine()).
.undefined_in <- function(env) {
  info <- attr(env, .undefined_attribute, exact = TRUE)
  Filter(function(name) exists(name, envir = env, inherits = FALSE) && bindingIsActive(name, env),
         names(info))
}

# The plain (not active) bindings of a frame, as a named list.
.frame_values <- function(frame) {
  names <- names(frame)
  plain <- names[!vapply(names, bindingIsActive, logical(1L), env = frame)]
  mget(plain, envir = frame)
}

# What a branch assigned, as graph outputs: for each variable, the parts of a
# named list that differ from the variable's value outside, and only the
# values tf$cond() can carry.
.assigned <- function(frame, env) {
  values <- .frame_values(frame)
  for (name in names(values)) values[[name]] <- .changed_parts(values[[name]], .lookup(name, env))
  carried <- list()
  for (path in .leaves(values)) {
    value <- .pluck(values, path)
    if (.is_carried(value)) carried <- .plant(carried, path, value)
  }
  carried
}

.is_plain_named_list <- function(x) .is_named_list(x) && all(nzchar(names(x)))

# The parts of the named list `x` that differ from those of `original`.
.changed_parts <- function(x, original) {
  if (!.is_plain_named_list(x) || !.is_plain_named_list(original)) return(x)
  for (name in intersect(names(x), names(original))) {
    if (identical(x[[name]], original[[name]])) x[[name]] <- NULL
    else x[[name]] <- .changed_parts(x[[name]], original[[name]])
  }
  x
}

# The paths (character vectors of names) to the leaves of a nest of named
# lists; anything else, unnamed lists too, is a leaf.
.leaves <- function(x, prefix = character()) {
  paths <- list()
  for (name in names(x)) {
    path <- c(prefix, name)
    paths <- c(paths, if (.is_plain_named_list(x[[name]])) .leaves(x[[name]], path) else list(path))
  }
  paths
}

.pluck <- function(x, path) {
  for (name in path) {
    if (!.is_plain_named_list(x) || !name %in% names(x)) return(NULL)
    x <- x[[name]]
  }
  x
}

.pluck_from <- function(env, path) {
  .pluck(structure(list(.lookup(path[[1L]], env)), names = path[[1L]]), path)
}

.plant <- function(x, path, value) {
  if (length(path) == 1L) {
    x[path] <- list(value)
    return(x)
  }
  inner <- if (.is_plain_named_list(x[[path[[1L]]]])) x[[path[[1L]]]] else list()
  x[[path[[1L]]]] <- .plant(inner, path[-1L], value)
  x
}

.merge <- function(x, y) {
  for (name in names(y))
    x[name] <- list(if (.is_plain_named_list(x[[name]]) && .is_plain_named_list(y[[name]]))
      .merge(x[[name]], y[[name]]) else y[[name]])
  x
}

# Assigns a graph output in `env`: a named list is merged into the named list
# the variable holds (only changed parts are carried).
.assign_merged <- function(name, value, env) {
  current <- .lookup(name, env)
  if (.is_plain_named_list(value) && .is_plain_named_list(current)) value <- .merge(current, value)
  assign(name, value, envir = env)
}

# Assigns in `env` every binding `frame` holds (an expression autographed in
# place): values as they are, undefined symbols as undefined, and functions
# made in the frame with the mask as their environment.
.export_frame <- function(frame, env, mask) {
  info <- attr(frame, .undefined_attribute, exact = TRUE)
  for (name in .undefined_in(frame)) .undefine(name, env, info[[name]]$call, info[[name]]$where)
  values <- .frame_values(frame)
  for (name in names(values)) {
    value <- values[[name]]
    if (is.function(value) && identical(environment(value), frame)) environment(value) <- mask
    assign(name, value, envir = env)
  }
}

# ---- undefined symbols ------------------------------------------------------------------------

# Leaves `name` undefined in `env` after the autographed statement `call`
# (`where`: "if" or "loop").
.undefine <- function(name, env, call, where) {
  if (exists(name, envir = env, inherits = FALSE)) rm(list = name, envir = env)
  makeActiveBinding(name, .undefined_binding(name, env, call, where), env)
  info <- attr(env, .undefined_attribute, exact = TRUE) %||% list()
  info[[name]] <- list(call = call, where = where)
  attr(env, .undefined_attribute) <- info
  invisible()
}

.undefined_binding <- function(name, env, call, where) {
  force(name); force(env); force(call); force(where)
  function(value) {
    if (missing(value)) stop(.undefined_condition(name, call, where))
    rm(list = name, envir = env)
    info <- attr(env, .undefined_attribute, exact = TRUE)
    info[[name]] <- NULL
    attr(env, .undefined_attribute) <- info
    assign(name, value, envir = env)
  }
}

.undefined_condition <- function(name, call, where) {
  text <- deparse(call, width.cutoff = 80L)
  if (length(text) > 6L) text <- c(text[1:6], "...")
  rule <- if (identical(where, "if"))
    "before the `if` statement, or in all branches of the `if` statement"
  else "before the loop body"
  message <- paste0(
    sprintf("Symbol `%s` is *undefined* after autographing the expression:\n", name),
    paste0("\t", text, collapse = "\n"), "\n",
    "The expression was traced into a TensorFlow graph, which can carry a variable out only ",
    "if it has a value on every path. To use it afterwards, TensorFlow requires that an ",
    "object with the same dtype and shape be assigned to the symbol ", rule, ".")
  structure(class = c("access_undefined", "error", "condition"),
            list(message = message, call = call))
}
