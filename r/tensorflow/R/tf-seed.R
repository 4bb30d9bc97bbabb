# Reproducible runs: the seeds of R, Python, NumPy and TensorFlow.

#' Set the random seeds of R, Python, NumPy and TensorFlow
#'
#' @description
#' `set_random_seed()` sets R's seed ([set.seed()]), Python's and NumPy's
#' ([py_set_seed()]) and TensorFlow's global seed
#' (`tf$random$set_seed()`), so that the random numbers a script draws, and
#' the weights Keras initializes, are the same each run. Setting TensorFlow's
#' seed again restarts its sequence. With `disable_gpu = TRUE` it also sets
#' `CUDA_VISIBLE_DEVICES` to `"-1"`, which hides GPUs (a source of
#' nondeterminism) from TensorFlow if it has not used a device yet in this
#' session.
#'
#' @param seed The seed, a single whole number.
#' @param disable_gpu Whether to hide GPUs from TensorFlow.
#'
#' @returns `NULL`, invisibly.
#' @seealso [use_session_with_seed()] for TF1 graph sessions.
#' @md
#' @examples
#' \dontrun{
#' set_random_seed(42)
#' tf$random$uniform(shape(2))
#' }
set_random_seed <- function(seed, disable_gpu = TRUE) {
  seed <- .seed(seed)
  if (is.null(tf_version())) stop(.tensorflow_missing(), call. = FALSE)
  set.seed(seed)
  py_set_seed(seed)
  .tf()$random$set_seed(seed)
  if (isTRUE(disable_gpu)) Sys.setenv(CUDA_VISIBLE_DEVICES = "-1")
  invisible(NULL)
}

.seed <- function(seed) {
  if (!is.numeric(seed) || length(seed) != 1L || is.na(seed) || seed != trunc(seed))
    stop("`seed` must be a single whole number", call. = FALSE)
  as.integer(seed)
}

#' A TF1 session with random seeds set
#'
#' @description
#' `use_session_with_seed()` is TensorFlow 1's way to a reproducible run: it
#' resets the default graph, sets the seeds of R, Python, NumPy and the graph,
#' and makes a session with GPUs and parallel CPU threads turned off (both are
#' sources of nondeterminism). R's tensorflow refuses it from TensorFlow 2.3
#' on; here it works in TF1 graph mode (after `use_compat("v1")`), and when
#' TensorFlow executes eagerly (TensorFlow 2's default, where there are no
#' sessions) it is an error that names [set_random_seed()], the function to
#' use instead.
#'
#' Hooks set with [setHook()] on `"tensorflow.on_before_use_session"` (called
#' with `quiet`) and `"tensorflow.on_use_session"` (called with the session and
#' `quiet`) run before and after.
#'
#' @param seed The seed, a single whole number.
#' @param disable_gpu Whether to hide GPUs (`CUDA_VISIBLE_DEVICES = "-1"` and
#'   no GPU in the session).
#' @param disable_parallel_cpu Whether to run the session's operations on one
#'   thread.
#' @param quiet Whether to leave out the message saying what was set.
#'
#' @returns The session, invisibly.
#' @md
#' @examples
#' \dontrun{
#' use_compat("v1")
#' sess <- use_session_with_seed(42)
#' sess$run(tf$random_uniform(shape(2)))
#' }
use_session_with_seed <- function(seed, disable_gpu = TRUE, disable_parallel_cpu = TRUE,
                                  quiet = FALSE) {
  seed <- .seed(seed)
  tf <- .tf()
  if (isTRUE(tf$executing_eagerly()))
    stop(sprintf(paste0("use_session_with_seed(): TensorFlow %s executes eagerly and has no ",
                        "sessions; use set_random_seed(%d) instead (or use_compat(\"v1\") first ",
                        "for a TF1 graph session)"), tf_version(), seed), call. = FALSE)
  v1 <- tf$compat$v1
  .call_hooks("tensorflow.on_before_use_session", quiet)
  v1$reset_default_graph()
  disabled <- character()
  config <- list()
  if (isTRUE(disable_gpu)) {
    Sys.setenv(CUDA_VISIBLE_DEVICES = "-1")
    config$device_count <- dict(GPU = 0L)
    disabled <- c(disabled, "GPU")
  }
  if (isTRUE(disable_parallel_cpu)) {
    config$intra_op_parallelism_threads <- 1L
    config$inter_op_parallelism_threads <- 1L
    disabled <- c(disabled, "CPU parallelism")
  }
  set.seed(seed)
  py_set_seed(seed)
  v1$set_random_seed(seed)
  session <- v1$Session(graph = v1$get_default_graph(), config = do.call(v1$ConfigProto, config))
  if (!isTRUE(quiet))
    message("Set session seed to ", seed,
            if (length(disabled)) paste0(" (disabled ", paste(disabled, collapse = ", "), ")"))
  .call_hooks("tensorflow.on_use_session", session, quiet)
  invisible(session)
}

.call_hooks <- function(name, ...) {
  hooks <- getHook(name)
  if (is.function(hooks)) hooks <- list(hooks)
  for (hook in hooks) hook(...)
  invisible()
}
