# TF1 graph-mode sessions: sess$run(fetches, feed_dict) where fetches may be
# one fetch or (named, nested) R lists of them, returned with the same
# structure. The fetches are flattened in R, run as one Python list, each
# value converted by the registry, then put back into the R structure.

#' Run TF1 sessions with R structures of fetches
#'
#' @description
#' In graph mode ([use_compat()]), `sess$run(fetches, feed_dict = NULL,
#' options = NULL, run_metadata = NULL)` takes one fetch (a tensor or an
#' operation) or an R list of them, named or not and nested to any depth, and
#' returns their values in the same structure, each converted to R (an
#' operation's value is `NULL`). The fetches run together, in one call of the
#' session. Make `feed_dict` with [dict()]: a name bound to a placeholder in
#' the calling environment stands for the placeholder. Any other name is the
#' session's attribute.
#'
#' @param x A TensorFlow session.
#' @param name The attribute's name.
#'
#' @returns For `run`, a function `function(fetches, feed_dict = NULL,
#'   options = NULL, run_metadata = NULL)`; otherwise the attribute.
#' @examples
#' \dontrun{
#' library(tensorflow)
#' use_compat("v1")
#' x <- tf$placeholder(tf$float32, shape(NULL))
#' sess <- tf$Session()
#' sess$run(list(double = x * 2, parts = list(x + 1, x - 1)),
#'          feed_dict = dict(x = c(1, 2)))
#' }
#' @name session-run
#' @md
`$.tensorflow.python.client.session.BaseSession` <- function(x, name) {
  if (identical(name, "run")) return(.session_run(x))
  NextMethod()
}

.session_run <- function(session) {
  force(session)
  function(fetches, feed_dict = NULL, options = NULL, run_metadata = NULL) {
    run <- py_get_attr(session, "run")
    extra <- list(feed_dict = feed_dict, options = options, run_metadata = run_metadata)
    extra <- extra[!vapply(extra, is.null, logical(1L))]
    if (!.is_fetch_list(fetches))
      return(py_to_r(do.call(py_call, c(list(run, fetches), extra))))
    leaves <- .flatten_fetches(fetches)
    values <- do.call(py_call, c(list(run, r_to_py(leaves)), extra))
    converted <- lapply(seq_along(leaves) - 1L, function(i) py_to_r(py_get_item(values, i)))
    .unflatten_fetches(fetches, converted)$value
  }
}

.is_fetch_list <- function(x) is.list(x) && !is_py_object(x)

.flatten_fetches <- function(fetches) {
  if (!.is_fetch_list(fetches)) return(list(fetches))
  unlist(lapply(fetches, .flatten_fetches), recursive = FALSE, use.names = FALSE)
}

# Rebuild `template` from `values`, starting at values[[offset + 1]]; returns
# the value and how many values it took.
.unflatten_fetches <- function(template, values, offset = 0L) {
  if (!.is_fetch_list(template)) return(list(value = values[[offset + 1L]], used = 1L))
  out <- vector("list", length(template))
  used <- 0L
  for (i in seq_along(template)) {
    part <- .unflatten_fetches(template[[i]], values, offset + used)
    out[i] <- list(part$value)
    used <- used + part$used
  }
  names(out) <- names(template)
  list(value = out, used = used)
}
