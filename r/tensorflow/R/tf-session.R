# TF1 graph-mode sessions: sess$run(fetches, feed_dict) where fetches may be
# one fetch or (named, nested) R lists of them, returned with the same
# structure. The fetches are flattened in R, run as one Python list, each
# value converted by the registry, then put back into the R structure.

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
