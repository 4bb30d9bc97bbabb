# Tools around models that R's tensorflow package provides for the packages
# built on it: exporting a model for serving (a generic; keras3 has the
# method for Keras models) and TensorBoard.

#' Export a model for serving
#'
#' @description
#' `export_savedmodel()` writes a model in a form that serving systems load
#' (a TensorFlow SavedModel). It is a generic: packages add methods for their
#' models (keras3 does for Keras models).
#'
#' @param object A model.
#' @param export_dir_base The directory to write.
#' @param ... Arguments of the method.
#'
#' @returns What the method returns (keras3's: `object`, invisibly).
#' @md
#' @examples
#' \dontrun{
#' export_savedmodel(model, "exported")
#' }
export_savedmodel <- function(object, export_dir_base, ...) UseMethod("export_savedmodel")

.tensorboard_state <- new.env(parent = emptyenv())

#' Run TensorBoard
#'
#' @description
#' `tensorboard()` starts a TensorBoard server (the Python package
#' tensorboard, run by pyreticulate's Python) showing the logs written by
#' \code{callback_tensorboard()} of keras3 in `log_dir`, and prints its address; with
#' `launch_browser = TRUE` it opens it in a web browser.
#' `tensorboard(action = "stop")` stops the servers this session started. The
#' servers are child processes of the session and stop with it.
#'
#' @param log_dir The directory of the logs (several directories are shown
#'   side by side, named by the names of the vector, else by their paths).
#' @param action `"start"` or `"stop"`.
#' @param host The address to serve on (`"127.0.0.1"`: this machine only).
#' @param port The port, or `"auto"` for the first free one from 6006.
#' @param launch_browser Whether to open the address in a browser.
#' @param reload_interval How often TensorBoard reads the logs again, in
#'   seconds.
#' @param purge_orphaned_data Whether to drop data of restarted runs.
#'
#' @returns The address (`"http://host:port"`), invisibly; `NULL` for `"stop"`.
#' @seealso \code{callback_tensorboard()} of keras3
#' @md
#' @examples
#' \dontrun{
#' model %>% fit(x, y, callbacks = list(callback_tensorboard("logs")))
#' tensorboard("logs")
#' tensorboard(action = "stop")
#' }
tensorboard <- function(log_dir, action = c("start", "stop"), host = "127.0.0.1", port = "auto",
                        launch_browser = getOption("tensorflow.tensorboard.browser", interactive()),
                        reload_interval = 5, purge_orphaned_data = TRUE) {
  action <- match.arg(action)
  if (action == "stop") {
    for (process in .tensorboard_state$processes) py_call(py_get_attr(process, "terminate"))
    .tensorboard_state$processes <- list()
    return(invisible(NULL))
  }
  if (!py_module_available("tensorboard"))
    stop("tensorboard() needs the Python package tensorboard, which is not installed ",
         "(pip install tensorboard)", call. = FALSE)
  if (missing(log_dir)) log_dir <- "logs"
  dirs <- path.expand(log_dir)
  for (d in dirs) if (!dir.exists(d)) dir.create(d, recursive = TRUE)
  if (identical(port, "auto")) port <- .free_port(6006L)
  if (!is.numeric(port) || length(port) != 1L || is.na(port) || port != trunc(port) ||
      port < 1 || port > 65535)
    stop("`port` must be \"auto\" or a whole number from 1 to 65535", call. = FALSE)
  port <- as.integer(port)
  spec <- if (length(dirs) > 1L || !is.null(names(dirs))) {
    labels <- if (is.null(names(dirs))) dirs else ifelse(nzchar(names(dirs)), names(dirs), dirs)
    c("--logdir_spec", paste(paste0(labels, ":", dirs), collapse = ","))
  } else c("--logdir", dirs)
  python <- py_to_r(import("sys")$executable)
  command <- c(python, "-m", "tensorboard.main", spec, paste0("--host=", host),
               paste0("--port=", port), paste0("--reload_interval=", reload_interval),
               paste0("--purge_orphaned_data=", tolower(as.character(isTRUE(purge_orphaned_data)))))
  subprocess <- import("subprocess", convert = FALSE)
  process <- py_call(py_get_attr(subprocess, "Popen"), as.list(command),
                     stdout = py_get_attr(subprocess, "DEVNULL"),
                     stderr = py_get_attr(subprocess, "DEVNULL"))
  .tensorboard_state$processes <- c(.tensorboard_state$processes, list(process))
  url <- sprintf("http://%s:%d", host, port)
  message("Started TensorBoard at ", url)
  if (isTRUE(launch_browser)) utils::browseURL(url)
  invisible(url)
}

# The first port from `from` nothing listens on.
.free_port <- function(from) {
  socket <- import("socket", convert = FALSE)
  for (port in from + 0:99) {
    s <- py_call(py_get_attr(socket, "socket"))
    free <- tryCatch({
      py_call(py_get_attr(s, "bind"), tuple("127.0.0.1", port))
      TRUE
    }, error = function(e) FALSE)
    py_call(py_get_attr(s, "close"))
    if (free) return(port)
  }
  stop("tensorboard(): no free port from ", from, call. = FALSE)
}

#' View a SavedModel's graph in TensorBoard
#'
#' @description
#' `view_savedmodel()` writes the graph of the SavedModel in `model_dir` (the
#' directory holding its one `saved_model.pb`, as written by
#' `tf$saved_model$save()` or keras3's `export_savedmodel()`) to a new log
#' directory and starts TensorBoard on it ([tensorboard()]). A SavedModel with
#' more than one graph is refused, as by R's tensorflow.
#'
#' @param model_dir The directory of the SavedModel.
#'
#' @returns The address of TensorBoard, invisibly.
#' @md
#' @examples
#' \dontrun{
#' export_savedmodel(model, "exported")
#' view_savedmodel("exported")
#' }
view_savedmodel <- function(model_dir) {
  files <- list.files(model_dir, pattern = "^saved_model[.]pb$", full.names = TRUE, recursive = TRUE)
  if (length(files) != 1L)
    stop("Failed to find 'pb' file under ", model_dir, call. = FALSE)
  tf <- .tf()
  model <- import("tensorflow.core.protobuf.saved_model_pb2")$SavedModel()
  model$ParseFromString(tf$io$gfile$GFile(files, "rb")$read())
  graphs <- py_get_attr(model, "meta_graphs")
  if (py_len(graphs) > 1L) stop("Saved model contains more than one graph", call. = FALSE)
  graph_def <- py_get_attr(py_get_item(graphs, 0L), "graph_def")
  log_dir <- tempfile("tfsavedmodel")
  if (isTRUE(tf$executing_eagerly())) {
    writer <- tf$summary$create_file_writer(log_dir)
    with(writer$as_default(), tf$summary$graph(graph_def))
  } else {
    graph <- tf$Graph()
    with(graph$as_default(), tf$compat$v1$import_graph_def(graph_def, name = ""))
    writer <- tf$compat$v1$summary$FileWriter(log_dir, graph = graph)
  }
  writer$close()
  tensorboard(log_dir = log_dir)
}
