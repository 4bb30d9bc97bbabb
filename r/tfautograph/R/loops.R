# for, while and repeat: R's own loops for R values, loops over the values of
# eager tensors, datasets and Python iterables, and graph loops for tensors
# being traced (graph-loops.R).

ag_for <- function(var, seq, body) {
  name <- substitute(var)
  body <- substitute(body)
  env <- parent.frame()
  values <- seq
  if (.is_dataset(values) || .is_tensor(values)) {
    graph <- if (.is_dataset(values)) !tf$executing_eagerly() else .is_graph_tensor(values)
    if (graph && .is_dataset(values))
      return(.graph_for_dataset(as.character(name), values, body, env, sys.call()))
    if (graph) return(.graph_for_tensor(as.character(name), values, body, env, sys.call()))
    .drop_loop_hints()
    return(.iterate(as.character(name), values, body, env))
  }
  if (.is_py(values)) {
    if (.is_endless_in_graph(values) && !tf$executing_eagerly())
      stop("a `for` loop over a tf.data iterator or a distributed dataset cannot be traced ",
           "into the graph (its end is known only when the graph runs): loop over a tf.data ",
           "dataset itself, or outside the traced function", call. = FALSE)
    return(.iterate(as.character(name), values, body, env))
  }
  .run_r_loop(as.call(list(base::`for`, name, values, body)), env)
}

# Python iterables whose elements, while a graph is traced, never run out: R
# would unroll them forever.
.is_endless_in_graph <- function(x) {
  any(grepl("^tensorflow[.]python[.](data[.]ops[.]iterator_ops|distribute[.].*input_lib)[.]",
            class(x)))
}

ag_while <- function(cond, body) {
  env <- parent.frame()
  cond_expr <- substitute(cond)
  body <- substitute(body)
  first <- cond
  if (.is_graph_tensor(first)) return(.graph_while(cond_expr, body, env, sys.call()))
  if (.is_tensor(first)) .drop_loop_hints()
  pending <- TRUE
  test <- function() {
    value <- if (pending) first else eval(cond_expr, env)
    pending <<- FALSE
    if (.is_graph_tensor(value))
      stop("the condition of a `while` loop became a tensor being traced after the loop ",
           "had started: make it a tensor before the loop", call. = FALSE)
    .truth(value)
  }
  .run_r_loop(as.call(list(base::`while`, as.call(list(test)), body)), env)
}

ag_repeat <- function(body) {
  .run_r_loop(as.call(list(base::`repeat`, substitute(body))), parent.frame())
}

# R runs the loop `loop` in `env` (so break, next and return() in it are R's).
.run_r_loop <- function(loop, env) {
  entry <- .push_context("r_loop")
  on.exit(.pop_context(entry))
  .evaluate_in(loop, env)
  invisible(NULL)
}

# A loop over the elements of an iterable (a Python iterable, a dataset or an
# eager tensor, along its first dimension) that R runs.
.iterate <- function(name, iterable, body, env) {
  iterator <- as_iterator(iterable)
  done <- new.env(parent = emptyenv())
  advance <- function() {
    value <- iter_next(iterator, completed = done)
    if (identical(value, done)) return(FALSE)
    assign(name, value, envir = env)
    TRUE
  }
  .run_r_loop(as.call(list(base::`while`, as.call(list(advance)), body)), env)
}

.drop_loop_hints <- function() {
  next_loop_vars$pop()
  next_while_loop_opts$pop()
  next_ag_name$pop()
  invisible()
}
