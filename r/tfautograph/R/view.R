#' Show the graph of a traced function in TensorBoard
#'
#' @description
#' `view_function_graph()` writes the graph of a `tf_function()` (traced with
#' `args`) to a new log directory and starts TensorBoard on it, with
#' `tensorflow::tensorboard()`. Executing eagerly, it calls the function with
#' `args` while TensorFlow records graphs (and, with `profiler = TRUE`, a
#' profile); in a TF1 graph, it writes `graph`.
#'
#' @param fn A traced function (`tf_function()`'s result).
#' @param args The arguments to call it with, a list.
#' @param ... Passed on to `tensorflow::tensorboard()` (`port`,
#'   `launch_browser`, ...).
#' @param name The name of the graph in TensorBoard.
#' @param profiler Whether to record a profile too (executing eagerly).
#' @param concrete_fn The concrete function whose graph to write (TF1 graphs
#'   only).
#' @param graph The graph to write (TF1 graphs only).
#'
#' @returns What `tensorflow::tensorboard()` returns: the address of
#'   TensorBoard, invisibly.
#' @md
#' @examples
#' \dontrun{
#' fn <- tf_function(function(x) autograph(if (x > 0) x * x else x))
#' view_function_graph(fn, list(tf$constant(5)))
#' }
view_function_graph <- function(fn, args, ..., name = deparse(substitute(fn)), profiler = FALSE,
                                concrete_fn = do.call(fn$get_concrete_function, args),
                                graph = concrete_fn$graph) {
  force(name)
  if (!is.list(args)) stop("view_function_graph(): `args` must be a list of arguments", call. = FALSE)
  log_dir <- tempfile(pattern = "tflogdir")
  if (tf$executing_eagerly()) {
    if (!missing(concrete_fn) || !missing(graph))
      warning("view_function_graph(): `concrete_fn` and `graph` are ignored when executing ",
              "eagerly", call. = FALSE)
    writer <- tf$summary$create_file_writer(log_dir)
    tf$summary$trace_on(graph = TRUE, profiler = profiler,
                        profiler_outdir = if (isTRUE(profiler)) log_dir)
    do.call(fn, args)
    with(writer$as_default(), tf$summary$trace_export(name = name, step = 0L))
    writer$close()
  } else {
    writer <- tf$compat$v1$summary$FileWriter(log_dir, graph = graph)
    writer$close()
  }
  names(log_dir) <- name
  tensorflow::tensorboard(log_dir = log_dir, ..., reload_interval = 0L)
}
