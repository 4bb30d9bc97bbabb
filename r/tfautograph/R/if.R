# `if`: R's own for R values and tensors with a value; tf$cond() for a tensor
# being traced. What tf$cond() carries out is planned by tracing both branches
# first (or given by ag_if_vars()): the variables each assigns (a variable one
# branch does not assign takes its value from before the `if`; one without such
# a value is left undefined), the value of the `if` when both branches end in
# values of the same structure and dtypes, and the exits (break / next) each
# meets.

ag_if <- function(cond, true, false) {
  if (.is_graph_tensor(cond))
    return(.graph_if(cond, substitute(true), if (!missing(false)) substitute(false),
                     parent.frame(), sys.call()))
  if (.is_tensor(cond)) {
    next_if_vars$pop()
    next_ag_name$pop()
  }
  if (.truth(cond)) true else if (!missing(false)) false
}

.graph_if <- function(pred, yes, no, env, call) {
  hint <- next_if_vars$pop()
  name <- next_ag_name$pop()
  hints <- .saved_hints()
  on.exit(.restore_hints(hints))
  branches <- list(.branch(yes, env, hints), .branch(no, env, hints))
  plan <- if (is.null(hint)) .plan(lapply(branches, .traced), env) else .plan_from_hint(hint)
  result <- tf$cond(.as_bool(pred),
                    function() .branch_result(branches[[1L]](), plan, env),
                    function() .branch_result(branches[[2L]](), plan, env), name = name)
  for (exit in result$exits) .emit_exit(exit)
  for (variable in names(result$assigned)) .assign_merged(variable, result$assigned[[variable]], env)
  for (variable in plan$undefined) .undefine(variable, env, call, "if")
  if (plan$returns) .return_from(env, result$value)
  if (plan$value) result$value else invisible(NULL)
}

# A branch as a function that runs it and gives its outcome: what it assigned
# (as graph outputs), the names it left undefined, its value, how it ended
# ("end", "return" or "jump" for a break / next), the exits it met.
.branch <- function(expr, env, hints) {
  function() {
    .restore_hints(hints)
    entry <- .push_context("branch")
    on.exit(.pop_context(entry))
    holder <- new.env(parent = emptyenv())
    outcome <- .with_jump_restart(entry, function() .run(expr, env, holder = holder))
    list(assigned = .assigned(holder$frame, env), undefined = .undefined_in(holder$frame),
         value = outcome$value,
         ended = if (is.null(outcome)) "jump" else if (outcome$completed) "end" else "return",
         exits = entry$exits, loop = entry$loop, frame = holder$frame)
  }
}

# A branch's outcome, from tracing it into a graph that is thrown away.
.traced <- function(branch) {
  hints <- .saved_hints()
  on.exit(.restore_hints(hints))
  outcome <- NULL
  trace <- function() {
    outcome <<- branch()
    NULL
  }
  tf$`function`(py_func(trace), autograph = FALSE)$get_concrete_function()
  outcome
}

.same_structure <- function(x, y) {
  tryCatch({
    tf$nest$assert_same_structure(x, y)
    TRUE
  }, error = function(e) FALSE)
}

# Whether two values make outputs tf$cond() can join: the same structure, and
# leaves of the same dtypes (R values as TensorFlow converts them: a number
# alone is int32 or float32, a vector a NumPy array of R's type).
.same_signature <- function(x, y) {
  .same_structure(x, y) && identical(.leaf_types(x), .leaf_types(y))
}

.leaf_types <- function(x) vapply(tf$nest$flatten(x), .leaf_type, "")

.leaf_type <- function(x) {
  if (.is_tensor(x)) return(x$dtype$name)
  if (.is_tensor_array(x)) return(paste("TensorArray", x$dtype$name))
  if (is.double(x)) return(if (length(x) == 1L) "float32" else "float64")
  switch(typeof(x), integer = "int32", logical = "bool", character = "string", typeof(x))
}

.has_value <- function(x) {
  .is_tensor(x) || .is_tensor_array(x) || (.is_carried(x) && length(x) > 0L)
}

.path_keys <- function(paths) vapply(paths, paste, "", collapse = "$")

.plan <- function(outcomes, env) {
  a <- outcomes[[1L]]
  b <- outcomes[[2L]]
  paths <- c(.leaves(a$assigned), .leaves(b$assigned))
  paths <- paths[!duplicated(.path_keys(paths))]
  in_both <- .path_keys(paths) %in% intersect(.path_keys(.leaves(a$assigned)),
                                                .path_keys(.leaves(b$assigned)))
  from_outside <- vapply(seq_along(paths), function(i) {
    if (in_both[[i]]) return(FALSE)
    outside <- .pluck_from(env, paths[[i]])
    inside <- .pluck(a$assigned, paths[[i]]) %||% .pluck(b$assigned, paths[[i]])
    .has_value(outside) && .same_signature(outside, inside)
  }, NA)
  kept <- in_both | from_outside
  lost <- paths[!kept]
  undefined <- union(unlist(lost[lengths(lost) == 1L]), union(a$undefined, b$undefined))
  ended <- c(a$ended, b$ended)
  returns <- all(ended == "return")
  if (any(ended == "return") && !returns)
    stop("return() in one branch of an `if` on a tensor being traced needs return() at the end ",
         "of the other branch too; otherwise assign the result to a variable", call. = FALSE)
  value <- all(ended %in% c("end", "return")) && .has_value(a$value) && .has_value(b$value) &&
    .same_signature(a$value, b$value)
  if (returns && !value)
    stop("the two branches of an `if` on a tensor being traced return values of different ",
         "structures or dtypes", call. = FALSE)
  list(assigned = paths[kept], undefined = setdiff(undefined, vapply(paths[kept], `[[`, "", 1L)),
       value = value, returns = returns, exits = max(length(a$exits), length(b$exits)))
}

.plan_from_hint <- function(hint) {
  list(assigned = hint$modified, undefined = as.character(unlist(hint$undefs)),
       value = isTRUE(hint$return), returns = FALSE, exits = hint$control_flow)
}

# The outputs of a branch for tf$cond(), laid out by the plan: the same
# structure for both branches.
.branch_result <- function(outcome, plan, env) {
  assigned <- list()
  for (path in plan$assigned) {
    value <- .pluck(outcome$assigned, path) %||% .pluck_from(env, path)
    if (is.null(value))
      stop(sprintf("`%s` has no value after one branch of an `if` on a tensor being traced",
                   paste(path, collapse = "$")), call. = FALSE)
    assigned <- .plant(assigned, path, value)
  }
  result <- list(assigned = assigned)
  if (plan$value) result$value <- outcome$value
  exits <- outcome$exits
  if (length(exits) > plan$exits)
    stop(sprintf(paste0("an `if` on a tensor being traced met %d break/next but ag_if_vars() ",
                        "allowed %d (its `control_flow`)"), length(exits), plan$exits),
         call. = FALSE)
  while (length(exits) < plan$exits) exits <- c(exits, list(.no_exit(outcome)))
  if (length(exits)) result$exits <- exits
  if (!length(assigned) && !plan$value && !length(exits)) result$placeholder <- FALSE
  result
}

# The exit a branch that does not break gives in place of the other branch's:
# never taken.
.no_exit <- function(outcome) {
  loop <- outcome$loop
  if (is.null(loop)) .no_loop()
  if (loop$kind == "r_loop") .r_loop_error("break/next")
  .exit(loop, FALSE, FALSE, outcome$frame)
}
