# The Python side of a session: declaring Python requirements (reticulate's
# py_require(), which R's keras3 re-exports) and TensorBoard (tensorflow's
# tensorboard(), which R's keras3 re-exports).

#' Declare the Python packages a script needs
#'
#' @description
#' R's keras3 re-exports reticulate's `py_require()`; this is it: it calls the
#' `py_require()` of the reticulate package in use, with the same arguments.
#' With pyreticulate, Python is already running when R starts, so requirements
#' are checked against its environment rather than installed (see
#' reticulate's `py_require()` page).
#'
#' @param ... The arguments of reticulate's `py_require()` (`packages`,
#'   `python_version`, `action`, ...).
#'
#' @returns What reticulate's `py_require()` returns.
#' @md
#' @examples
#' \dontrun{
#' py_require("pillow")
#' }
py_require <- function(...) {
  require_fn <- get0("py_require", envir = asNamespace("reticulate"), inherits = FALSE)
  if (!is.function(require_fn))
    stop("py_require() is not available: the reticulate package in use does not provide it",
         call. = FALSE)
  require_fn(...)
}

.tensorboard_state <- new.env(parent = emptyenv())

#' Run TensorBoard
#'
#' @description
#' `tensorboard()` starts a TensorBoard server (the Python package
#' tensorboard, run by pyreticulate's Python) showing the logs written by
#' [callback_tensorboard()] in `log_dir`, and prints its address; with
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
#' @seealso [callback_tensorboard()]
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
  port <- .keras_integer(port, "port")
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
