# break and next. Inside R's own loops they are R's. Inside a loop traced into
# the graph they cannot jump (the graph runs later), so they record an *exit*
# (the loop variables' values at that point, whether it breaks, and the
# condition under which it happens) and end the code traced at once; the body
# of the graph loop then selects, in the order the exits were met, the values
# of the first exit whose condition holds (graph-loops.R). An exit met in a
# branch of an `if` on a tensor becomes an output of the tf$cond(), its
# condition that of the branch, and is recorded again after the tf$cond()
# (if.R).
#
# What is being traced or run is a stack of contexts: "graph_loop" (the body of
# a graph loop), "branch" (a branch of a tf$cond()) and "r_loop" (a loop R
# runs). A graph loop's body and a branch establish a restart
# "tfautograph_jump" whose description is the context's id, which a jump
# invokes. R code that Python calls from inside another context cannot see that
# context's restart (R starts each call from Python with no restarts), so a
# jump never crosses Python's frames: there, break and next are errors.

.push_context <- function(kind, names = character(), can_break = FALSE) {
  .state$counter <- .state$counter + 1L
  entry <- new.env(parent = emptyenv())
  entry$kind <- kind
  entry$id <- paste0("tfautograph-context-", .state$counter)
  entry$names <- names
  entry$can_break <- can_break
  entry$exits <- list()
  if (kind == "branch") entry$loop <- .enclosing_loop()
  .state$contexts <- c(.state$contexts, list(entry))
  entry
}

.pop_context <- function(entry) {
  ids <- vapply(.state$contexts, function(e) e$id, "")
  .state$contexts <- .state$contexts[ids != entry$id]
}

.top_context <- function() {
  n <- length(.state$contexts)
  if (n) .state$contexts[[n]]
}

.enclosing_loop <- function() {
  for (entry in rev(.state$contexts)) if (entry$kind != "branch") return(entry)
  NULL
}

# Runs `run()` with the context's restart established; the handler's value
# (NULL) is the value after a jump.
.with_jump_restart <- function(entry, run) {
  withRestarts(run(), tfautograph_jump = list(handler = function() NULL, description = entry$id))
}

.jump_restart <- function(entry) {
  for (restart in computeRestarts())
    if (identical(restart$name, "tfautograph_jump") && identical(restart$description, entry$id))
      return(restart)
  NULL
}

ag_break <- function() .jump("break", parent.frame())

ag_next <- function() .jump("next", parent.frame())

.no_loop <- function() stop("no loop for break/next, jumping to top level", call. = FALSE)

.r_loop_error <- function(type) {
  stop(sprintf(paste0(
    "`%s` in an `if` on a tensor being traced cannot leave a loop that R runs (a loop over ",
    "R values): make the loop a graph loop too, over a tensor such as tf$range(n)"), type),
    call. = FALSE)
}

.jump <- function(type, env) {
  # R's own loops first: a loop run in `env` takes it (this call does not return).
  tryCatch(eval(as.call(list(if (type == "break") base::`break` else base::`next`)), env),
           error = function(e) NULL)
  entry <- .top_context()
  restart <- if (!is.null(entry) && entry$kind != "r_loop") .jump_restart(entry)
  if (is.null(restart)) .no_loop()
  loop <- if (entry$kind == "graph_loop") entry else entry$loop
  if (is.null(loop)) .no_loop()
  if (loop$kind == "r_loop") .r_loop_error(type)
  .record_exit(entry, .exit(loop, type == "break", TRUE, env))
  invokeRestart(restart)
}

# An exit of `loop`: its variables as seen from `env`.
.exit <- function(loop, is_break, condition, env) {
  exit <- list(cond = condition, loop_vars = mget(loop$names, envir = env, inherits = TRUE))
  if (loop$can_break) exit$is_break <- is_break
  exit
}

.record_exit <- function(entry, exit) entry$exits <- c(entry$exits, list(exit))

# Records an exit that came out of a tf$cond() in the context around it.
.emit_exit <- function(exit) {
  entry <- .top_context()
  if (!is.null(entry) && entry$kind == "r_loop") .r_loop_error("break/next")
  if (is.null(entry) || is.null(.jump_restart(entry))) .no_loop()
  .record_exit(entry, exit)
}
