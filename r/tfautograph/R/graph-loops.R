# Loops on tensors being traced: `while` and `for` over a tensor become
# tf$while_loop(), `for` over a dataset a reduction of the dataset. The loop
# carries the variables its body assigns that have a value before the loop
# (ag_loop_vars() changes the set); a variable the body assigns that is not
# carried is undefined after the loop.

# The names of the variables a statement assigns in its own frame: targets of
# `<-`, `=`, `%<>%`, zeallot's `%<-%` and `%->%`, assign() of a literal name,
# and the variables of `for` loops; not inside function definitions.
.assigned_names <- function(expr) {
  found <- character()
  walk <- function(e) {
    if (!is.call(e)) return()
    head <- if (is.symbol(e[[1L]])) as.character(e[[1L]]) else ""
    if (head == "function") return()
    parts <- as.list(e)[-1L]
    if (head %in% c("<-", "=", "%<>%") && length(e) == 3L) {
      found <<- c(found, .target(e[[2L]]))
      parts <- parts[-1L]
    } else if (head == "%<-%" && length(e) == 3L) {
      found <<- c(found, all.vars(e[[2L]]))
      parts <- parts[-1L]
    } else if (head == "%->%" && length(e) == 3L) {
      found <<- c(found, all.vars(e[[3L]]))
      parts <- parts[-2L]
    } else if (head == "for" && is.symbol(e[[2L]])) {
      found <<- c(found, as.character(e[[2L]]))
    } else if (head == "assign" && length(e) >= 3L && is.character(e[[2L]])) {
      found <<- c(found, e[[2L]])
    }
    for (part in parts) if (!identical(part, quote(expr = ))) walk(part)
  }
  walk(expr)
  unique(found)
}

# The variable a (complex) assignment target changes: x in `x`, `x$a[[1]]`,
# `names(x)`, `add(x)`.
.target <- function(lhs) {
  while (is.call(lhs) && length(lhs) >= 2L) lhs <- lhs[[2L]]
  if (is.symbol(lhs)) as.character(lhs) else if (is.character(lhs)) lhs
}

# The loop variables: the hint's list, or the assigned names that have a value
# tf$while_loop() can carry before the loop. `also` (a `for` loop's variable)
# is carried only when it is bound in the loop's own frame: the body never
# reads the value it had before the loop, so a global of the same name (an `e`
# or an `i` of the session) stays out of the loop.
.loop_var_names <- function(body, env, hint, also = character()) {
  if (length(hint$list)) {
    absent <- Filter(function(name) !.is_carried(.lookup(name, env)), hint$list)
    if (length(absent))
      stop(sprintf("ag_loop_vars(): %s must have a value a graph loop can carry before the loop",
                   paste0("`", absent, "`", collapse = ", ")), call. = FALSE)
    return(setdiff(hint$list, hint$exclude))
  }
  also <- Filter(function(name) exists(name, envir = env, inherits = FALSE), also)
  candidates <- unique(c(.assigned_names(body), also, hint$include))
  setdiff(Filter(function(name) .is_carried(.lookup(name, env)), candidates), hint$exclude)
}

.may_break <- function(body) "break" %in% all.names(body)

# The body of a graph loop, as the graph loop traces it: function(loop_vars,
# did_break) runs `body` in a new frame under `env` with the loop variables
# bound and gives list(loop_vars =, did_break =): the variables' new values,
# or those of the first exit (break / next) whose condition holds.
.loop_body <- function(body, env, names, can_break, undefined, call, unchecked = character()) {
  function(loop_vars, did_break = NULL) {
    entry <- .push_context("graph_loop", names, can_break)
    on.exit(.pop_context(entry))
    holder <- new.env(parent = emptyenv())
    outcome <- .with_jump_restart(entry, function() .run(body, env, loop_vars, holder))
    if (!is.null(outcome) && !outcome$completed)
      stop("return() cannot be used in the body of a loop traced into the graph: ",
           "assign the result and break out of the loop instead", call. = FALSE)
    frame <- holder$frame
    after <- mget(names, envir = frame, inherits = TRUE)
    info <- attr(frame, .undefined_attribute, exact = TRUE)
    for (name in union(setdiff(names(frame), names), undefined)) {
      own <- info[[name]]
      .undefine(name, env, own$call %||% call, own$where %||% "loop")
    }
    if (!tf$executing_eagerly()) .warn_uncarried(loop_vars, after, unchecked)
    result <- list(loop_vars = after)
    if (can_break) result$did_break <- did_break
    for (exit in rev(entry$exits)) result <- .take_exit(exit, result, can_break)
    result
  }
}

.take_exit <- function(exit, result, can_break) {
  taken <- list(loop_vars = exit$loop_vars)
  if (can_break) taken$did_break <- exit$is_break
  if (isTRUE(exit$cond)) return(taken)
  tf$cond(.as_bool(exit$cond), function() taken, function() result)
}

.warn_uncarried <- function(before, after, unchecked) {
  names <- setdiff(names(before), unchecked)
  same <- names[vapply(names, function(name) identical(before[[name]], after[[name]]), NA)]
  if (!length(same)) return(invisible())
  changed <- setdiff(names, same)
  warning(sprintf(paste0(
    "%s appears to be unnecessarily captured as a loop variable: the loop does not change it. ",
    "Name the loop variables with ag_loop_vars(%s), or leave it out with ag_loop_vars(%s)"),
    paste0("`", same, "`", collapse = " and "), paste(changed, collapse = ", "),
    paste0("-", same, collapse = ", ")), call. = FALSE)
}

# tf$while_loop()'s options from ag_while_opts() and ag_name(); `shapes` puts
# the user's shape invariants (by variable) into the loop state's structure.
.while_options <- function(options, name, shapes) {
  if (!is.null(options$shape_invariants)) options$shape_invariants <- shapes(options$shape_invariants)
  if (!is.null(name)) options$name <- name
  options
}

.scalar_shape <- function() tf$TensorShape(list())

# ---- while ----------------------------------------------------------------------------------

.graph_while <- function(cond_expr, body, env, call) {
  hint <- next_loop_vars$pop()
  options <- next_while_loop_opts$pop()
  name <- next_ag_name$pop()
  names <- .loop_var_names(body, env, hint)
  if (!length(names))
    stop("a `while` loop on a tensor being traced must carry a variable that has a value ",
         "before the loop and that its body changes (its condition can depend only on such ",
         "variables); name it with ag_loop_vars()", call. = FALSE)
  can_break <- .may_break(body)
  run_body <- .loop_body(body, env, names, can_break, hint$undef, call)
  condition <- function(loop_vars, did_break = NULL) {
    more <- .as_bool(.run(cond_expr, env, loop_vars)$value)
    if (is.null(did_break)) more else tf$logical_and(tf$logical_not(did_break), more)
  }
  step <- function(loop_vars, did_break = NULL) unname(run_body(loop_vars, did_break))
  state <- list(mget(names, envir = env, inherits = TRUE))
  if (can_break) state <- c(state, list(FALSE))
  shapes <- function(s) if (can_break) list(s, .scalar_shape()) else list(s)
  result <- do.call(tf$while_loop, c(list(cond = condition, body = step, loop_vars = state),
                                     .while_options(options, name, shapes)))
  list2env(result[[1L]], envir = env)
  invisible()
}

# ---- for over a tensor ----------------------------------------------------------------------

.graph_for_tensor <- function(var, values, body, env, call) {
  hint <- next_loop_vars$pop()
  options <- next_while_loop_opts$pop()
  name <- next_ag_name$pop()
  names <- .loop_var_names(body, env, hint, also = var)
  can_break <- .may_break(body)
  run_body <- .loop_body(body, env, union(names, var), can_break,
                         c(hint$undef, if (!var %in% names) var), call, unchecked = var)
  size <- py_get_item(tf$shape(values, out_type = tf$int32), 0L)
  elements <- tf$TensorArray(values$dtype, size = size)$unstack(values)
  carries <- length(names) > 0L
  unpack <- function(state) list(
    index = state[[1L]], loop_vars = if (carries) state[[2L]] else list(),
    did_break = if (can_break) state[[length(state)]])
  condition <- function(...) {
    state <- unpack(list(...))
    more <- tf$less(state$index, size)
    if (can_break) tf$logical_and(tf$logical_not(state$did_break), more) else more
  }
  step <- function(...) {
    state <- unpack(list(...))
    loop_vars <- state$loop_vars
    loop_vars[[var]] <- elements$read(state$index)
    result <- run_body(loop_vars, state$did_break)
    out <- list(tf$add(state$index, 1L))
    if (carries) out <- c(out, list(result$loop_vars[names]))
    if (can_break) out <- c(out, list(result$did_break))
    out
  }
  state <- list(tf$constant(0L))
  if (carries) state <- c(state, list(mget(names, envir = env, inherits = TRUE)))
  if (can_break) state <- c(state, list(FALSE))
  shapes <- function(s) c(list(.scalar_shape()), if (carries) list(s),
                          if (can_break) list(.scalar_shape()))
  result <- do.call(tf$while_loop, c(list(cond = condition, body = step, loop_vars = state),
                                     .while_options(options, name, shapes)))
  if (carries) list2env(result[[2L]], envir = env)
  invisible()
}

# ---- for over a dataset ---------------------------------------------------------------------

# The state of a dataset reduction must hold something: a loop that carries no
# variable carries this.
.placeholder <- "tfautograph_placeholder"

.graph_for_dataset <- function(var, dataset, body, env, call) {
  hint <- next_loop_vars$pop()
  next_while_loop_opts$pop()
  name <- next_ag_name$pop()
  names <- .loop_var_names(body, env, hint, also = var)
  can_break <- .may_break(body)
  run_body <- .loop_body(body, env, union(names, var), can_break,
                         c(hint$undef, if (!var %in% names) var), call, unchecked = var)
  initial <- mget(names, envir = env, inherits = TRUE)
  if (!length(initial)) initial <- structure(list(FALSE), names = .placeholder)
  advance <- function(loop_vars, element, did_break = NULL) {
    bound <- loop_vars[setdiff(names(loop_vars), .placeholder)]
    bound[[var]] <- element
    result <- run_body(bound, did_break)
    list(loop_vars = if (length(names)) result$loop_vars[names] else loop_vars,
         did_break = result$did_break)
  }
  options <- if (!is.null(name)) list(name = name)
  final <- if (can_break) .reduce_until_break(dataset, initial, advance, options)
           else do.call(dataset$reduce, c(list(initial, .data_function(function(loop_vars, element)
             advance(loop_vars, element)$loop_vars)), options))
  if (length(names)) list2env(final[names], envir = env)
  invisible()
}

# A reduction that stops after the element whose body breaks: a scan carries
# (variables, did_break) and gives each element's state with the did_break of
# the element before; the elements after a break are cut off, the last state
# kept.
.reduce_until_break <- function(dataset, initial, advance, options) {
  scan <- function(state, element) {
    loop_vars <- state[[1L]]
    broke <- state[[2L]]
    after <- tf$cond(broke, function() list(loop_vars, broke), function() {
      result <- advance(loop_vars, element, broke)
      list(result$loop_vars, result$did_break)
    })
    tuple(tuple(after[[1L]], after[[2L]]), tuple(after[[1L]], after[[2L]], broke))
  }
  before_break <- function(loop_vars, broke, broke_before) tf$logical_not(broke_before)
  states <- dataset$scan(tuple(initial, FALSE), .data_function(scan))
  states <- states$take_while(.data_function(before_break))
  last <- do.call(states$reduce, c(list(tuple(initial, FALSE, FALSE),
                                        .data_function(function(previous, state) state)), options))
  last[[1L]]
}
