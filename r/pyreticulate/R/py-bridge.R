# The R half of the crossing between R and Python.
#
# The Python host starts R, then loads this namespace with the bridge entry
# points in options(pyreticulate.bridge); every call into Python goes through
# .py(), which re-signals what came back as a `.pyr_signal` (a Python
# exception as an R condition, an R condition that crossed Python as the
# original condition made also that Python exception, an interrupt, R warnings
# raised on the way).

.ops <- new.env(parent = emptyenv())
.state <- new.env(parent = emptyenv())

# Call the bridge entry `name`; re-signal whatever came back as a signal.
.py <- function(name, ...) {
  result <- .External(.ops[[name]], ...)
  if (inherits(result, ".pyr_signal")) .pyr_raise(result, sys.call(-1L)) else result
}

# .py() when R CMD INSTALL loads this namespace to install a package that
# imports reticulate (package.R): there is no Python host to call.
.py_unavailable <- function(name, ...)
  stop("pyreticulate is loaded without its Python host here (by R CMD INSTALL, to ",
       "install a package built on it): Python cannot be called", call. = FALSE)

.pyr_result <- function(result) {
  if (inherits(result, ".pyr_signal"))
    result <- .pyr_raise(result, sys.call(-1L))
  if (is.null(result)) invisible(result) else result
}

.pyr_raise <- function(signal, call = NULL) {
  for (w in signal$warnings) if (inherits(w, ".pyr_deferred")) .pyr_resignal(w) else warning(w)
  kind <- signal$kind
  if (identical(kind, "value"))
    return(signal$value)
  if (identical(kind, "interrupt")) {
    signalCondition(structure(list(message = "", call = call),
                              class = c("interrupt", "condition")))
    invokeRestart("abort")
  }
  condition <- signal$condition
  exception <- attr(condition, "py_object", exact = TRUE)
  from_r <- is.null(exception)
  if (from_r) {
    # The original R condition of an R error that crossed Python: signalled as also the
    # Python exception that brought it back, with its own call. Where it cannot be (not a
    # list), as it is: the handler of the evaluation this returns to knows it (Python has
    # its exception), so it need not read the R call stack again.
    both <- .pyr_both(condition)
    if (is.null(both)) {
      .state$resignalled <- condition
    } else {
      condition <- both
      exception <- attr(both, "py_object", exact = TRUE)
    }
  }
  if (!is.null(exception)) {
    # A Python exception: the call that reached Python, and the R trace of the first
    # time it reached R (kept on the exception, so a re-raise keeps the deepest one);
    # an R condition keeps the trace of where it was raised when it has one.
    classes <- class(condition)
    condition <- unclass(condition)
    if (!from_r && is.null(condition$call)) condition$call <- .pyr_generic_call(call)
    if (!from_r || is.null(.subset2(condition, "trace"))) {
      bottom <- sys.frame(max(sys.nframe() - 2L, 0L))
      trace <- .External(.ops$exception_trace, exception,
                         function() .pyr_trace_back(bottom, cached = TRUE))
      condition["trace"] <- list(if (!inherits(trace, ".pyr_signal")) trace)
    }
    class(condition) <- classes
  }
  # The R calls where the error first reached R: read once per error (sys.calls() costs
  # the square of the stack's depth), not at each crossing it goes back up through.
  last <- .state$last_signal
  origin <- signal$origin
  if (!is.null(origin) && !is.null(last) && identical(last$origin, origin)) {
    calls <- last$calls
  } else {
    calls <- sys.calls()
    calls <- calls[seq_len(max(length(calls) - 2L, 0L))]
  }
  .state$last_signal <- list(condition = condition, calls = calls, origin = origin)
  stop(condition)
}

# An R condition that came back to R from Python, as also the Python exception that
# brought it back (an RError, or one raised from it), as reticulate has it: its own
# classes first (so handlers for them match), then the exception's, which end in "error"
# and "condition"; its fields, and `r_class` (its own classes) unless it has that field;
# the exception behind it (`py_object`), for `$`, py_last_error() and stop(). NULL when
# Python has no such exception or the condition is not a list.
.pyr_both <- function(condition) {
  if (!is.list(condition)) return(NULL)
  exception <- .External(.ops$resignalled_exception, condition)
  if (inherits(exception, ".pyr_signal"))
    exception <- if (identical(exception$kind, "error")) NULL else .pyr_raise(exception)
  if (is.null(exception)) return(NULL)
  own <- class(condition)
  both <- unclass(condition)
  if (is.null(.subset2(both, "r_class"))) both[["r_class"]] <- own
  attr(both, "py_object") <- attr(exception, "py_object", exact = TRUE)
  class(both) <- unique(c(setdiff(own, c("error", "condition")), class(exception)))
  both
}

# The rlang trace (a data.frame of class rlang_trace, as rlang::trace_back() makes) of
# the R call stack up to the frame `bottom` (none for the global environment), from the
# frame after rlang's top (the option rlang_trace_top_env, which testthat sets) on. It
# is built here, without rlang's per-frame work, so that errors stay cheap (also under
# gctorture()); `full_call` keeps the calls as they were (in `call`, an inlined function
# shows as `<fn>`). The last trace made is kept: with `cached`, a trace that is the start
# of it gives the kept one instead (a Python exception raised after Python caught an
# exception from deeper R code, as reticulate does).
.pyr_trace_back <- function(bottom, cached = FALSE) {
  frames <- sys.frames()
  n <- 0L
  for (i in seq_along(frames)) if (identical(frames[[i]], bottom)) { n <- i; break }
  first <- 1L
  top <- getOption("rlang_trace_top_env")
  if (is.environment(top))
    for (i in seq_len(n)) if (identical(frames[[i]], top)) { first <- i + 1L; break }
  keep <- if (first <= n) first:n else integer()
  calls <- sys.calls()[keep]
  parents <- sys.parents()[keep] - (first - 1L)
  parents[parents < 0L | parents >= seq_along(parents)] <- 0L
  info <- lapply(keep, .pyr_frame_scope)
  trace <- structure(
    list(call = lapply(calls, .pyr_zap_inline), parent = as.integer(parents),
         visible = rep(TRUE, length(keep)),
         namespace = vapply(info, `[[`, "", 1L), scope = vapply(info, `[[`, "", 2L),
         full_call = as.list(calls)),
    row.names = c(NA, -length(keep)), version = 2L,
    class = c("rlang_trace", "rlib_trace", "tbl", "data.frame"))
  last <- .state$last_trace
  if (cached && !is.null(last) && nrow(trace) < nrow(last) &&
      identical(trace$full_call, last$full_call[seq_len(nrow(trace))]) &&
      identical(trace$parent, last$parent[seq_len(nrow(trace))]))
    return(last)
  .state$last_trace <- trace
  trace
}

# The namespace and scope rlang shows for frame `i`: "pkg" and "::" for a package's
# function, NA and "global" for one defined in the global environment, else "local".
.pyr_frame_scope <- function(i) {
  fn <- sys.function(i)
  if (is.primitive(fn)) return(c("base", "::"))
  env <- topenv(environment(fn))
  if (identical(env, globalenv())) return(c(NA_character_, "global"))
  if (isNamespace(env)) return(c(getNamespaceName(env), "::"))
  c(NA_character_, "local")
}

.pyr_zap_inline <- function(cl) {
  if (is.call(cl) && is.function(cl[[1L]])) cl[[1L]] <- as.name("<fn>")
  cl
}

# The calls of an R trace as py_last_error()$r_trace shows them: deparsed, without the
# bridge's own frames.
.pyr_trace_calls <- function(trace) {
  calls <- trace$full_call
  if (is.null(calls)) calls <- trace$call
  keep <- vapply(calls, function(cl) {
    if (.pyr_internal_frame(cl)) return(FALSE)
    head <- cl[[1L]]
    !is.function(head) && !(is.symbol(head) && startsWith(as.character(head), ".pyr_"))
  }, logical(1L))
  vapply(calls[keep], .pyr_deparse, character(1L))
}

# The trace of an R error for the handler running in frame `n + 1`: up to the frame that
# signalled it (stop(), or the function a C-level error came from).
.pyr_error_trace <- function(n, cached = FALSE) {
  if (n >= 1L && identical(sys.call(n)[[1L]], quote(.handleSimpleError))) n <- n - 1L
  .pyr_trace_back(sys.frame(max(n, 0L)), cached)
}

# `$.python.builtin.object`(m, name) reported as m$name: a call of one of our
# S3 methods shows the generic.
.pyr_generic_call <- function(call) {
  if (!is.call(call) || !is.name(call[[1L]])) return(call)
  generic <- sub("^(.*?)\\.(python\\.builtin|numpy|pandas|scipy)\\..*$", "\\1",
                 as.character(call[[1L]]))
  if (identical(generic, as.character(call[[1L]]))) return(call)
  call[[1L]] <- as.name(generic)
  call
}

# The calling handler in place during every evaluation Python asks of R: it
# reports the condition to Python, then leaves (errors, interrupts) or muffles
# the warning. See pyreticulate/evaluation.py.
.pyr_capture_condition <- function(cond) {
  if (inherits(cond, "error")) {
    exception <- attr(cond, "py_object", exact = TRUE)
    if (!is.null(exception) || identical(cond, .state$resignalled)) {
      # A Python exception (stop(<exception>) raises it from here), or a condition
      # .pyr_raise() re-signalled: Python has the exception, no R calls are needed.
      if (!is.null(exception)) {
        n <- sys.nframe() - 1L
        .External(.ops$exception_trace, exception, function() .pyr_error_trace(n, TRUE))
      } else {
        .state$resignalled <- NULL
      }
      .External(.ops$capture_error, cond, NULL)
      invokeRestart("abort")
    }
    calls <- sys.calls()
    if (is.list(cond) && is.null(.subset2(cond, "trace"))) {
      classes <- oldClass(cond)
      cond <- unclass(cond)
      cond$trace <- .pyr_error_trace(length(calls) - 1L)
      class(cond) <- classes
    }
    .External(.ops$capture_error, cond, calls[-length(calls)])
    invokeRestart("abort")
  }
  if (inherits(cond, "interrupt")) {
    .External(.ops$capture_interrupt)
    invokeRestart("abort")
  }
  if (inherits(cond, "warning")) {
    .External(.ops$capture_warning, cond)
    tryInvokeRestart("muffleWarning")
  } else if (!inherits(cond, "message") && !inherits(cond, "interrupt")) {
    # Any other condition (signalCondition(): a test expectation, a custom signal) goes
    # on here as usual, and is signalled again for the R caller's handlers when the
    # Python call returns, with the restarts it was signalled with.
    restarts <- vapply(computeRestarts(cond), function(r) as.character(r[[1L]]), "")
    restarts <- setdiff(unique(restarts), "abort")
    .External(.ops$capture_condition,
              structure(list(condition = cond, restarts = restarts), class = ".pyr_deferred"))
  }
}

# Signal a condition from R code that Python called again here, for the handlers of
# the R caller (see .pyr_capture_condition).
.pyr_resignal <- function(deferred) {
  cond <- deferred$condition
  specs <- rep(list(function(...) NULL), length(deferred$restarts))
  names(specs) <- deferred$restarts
  invisible(do.call(withRestarts, c(list(call("signalCondition", cond)), specs)))
}

# R functions that Python code calls run inside this (pyreticulate/evaluation.py): an
# `abort` restart of their own, so that invokeRestart("abort", condition) reaches Python
# with its condition (the handler above leaves through it too). The restart returns
# its arguments from this frame, which on.exit() hands to Python.
# R signals a stack overflow (C stack, or expressions nested too deeply) to exiting
# handlers only, so one here catches it: R returns list(condition, ...) from this frame,
# handed to Python like the arguments of the restart.
.pyr_guarded <- function(expr) {
  on.exit(if (!done) {
    arguments <- returnValue(.pyr_missing)
    if (!identical(arguments, .pyr_missing)) .External(.ops$capture_abort, arguments)
  })
  done <- FALSE
  here <- environment()
  # .Internal(environment(NULL)) here is parent.frame(), without its closure call
  .Internal(.addRestart(list("abort", here)))
  .Internal(.addCondHands("stackOverflowError", list(identity), .Internal(environment(NULL)),
                          here, FALSE))
  value <- expr
  done <- TRUE
  value
}

# The guard of the compiled call of R functions (_fast.c's pyr_r_call): evaluate's
# condition handler, .pyr_guarded's restart and handler, and a mark in C of a normal
# return (a return without it is the restart's arguments). pyr_r_call_install gives it
# its body, built with its pieces inlined so that nothing is looked up (_fast.c shows it).
.pyr_guarded_compiled <- function(expr)
  stop("the compiled module has not given .pyr_guarded_compiled its body")

.pyr_deparse <- function(call)
  paste(deparse(call, nlines = 1L, width.cutoff = 500L), collapse = "")

# message, deparsed call, class, R call stack and `trace` field of a condition, for RError:
# always one string for the message and at most one for the call, whatever the condition
# holds or its conditionMessage() method does.
.pyr_condition_info <- function(cond, trace) {
  call <- tryCatch(.pyr_reported_call(cond), error = function(e) NULL)
  frames <- if (is.null(trace)) list() else trace
  frames <- frames[!vapply(frames, .pyr_internal_frame, logical(1L))]
  list(.pyr_condition_message(cond),
       if (is.null(call)) character() else .pyr_deparse(call),
       as.character(class(cond)),
       vapply(frames, .pyr_deparse, character(1L)),
       if (is.list(cond)) .subset2(cond, "trace"))
}

# conditionMessage() as one string: a character vector's elements joined by newlines
# (NA as "NA"), other atomic vectors as their text, else a placeholder naming the problem.
.pyr_condition_message <- function(cond) {
  text <- tryCatch({
    message <- conditionMessage(cond)
    if (is.null(message) || (is.character(message) && !length(message))) ""
    else if (is.character(message) || is.atomic(message))
      paste(ifelse(is.na(message), "NA", as.character(message)), collapse = "\n")
    else
      sprintf("<the condition's message is %s, not a string>",
              if (is.list(message)) "a list" else paste("of type", typeof(message)))
  }, error = function(e) {
    detail <- tryCatch(paste(as.character(conditionMessage(e)), collapse = "\n"),
                       error = function(e2) "its message could not be read either")
    sprintf("<conditionMessage() failed: %s>", detail)
  })
  if (!is.character(text) || length(text) != 1L || is.na(text)) "" else text
}

# Frames of the bridge's own machinery, left out of an RError's R trace.
.pyr_internal_frame <- function(cl) {
  if (!is.call(cl)) return(TRUE)
  head <- cl[[1L]]
  if (is.function(head))
    return(identical(head, withCallingHandlers) || identical(head, .pyr_guarded) ||
             identical(head, .pyr_guarded_compiled))
  identical(cl, quote(eval(.pyr_expr, .pyr_env))) ||
    (is.symbol(head) && as.character(head) %in% c("withCallingHandlers", ".handleSimpleError"))
}

# The call a condition reports, NULL for code at the top level of a script
# or evaluated from Python.
.pyr_reported_call <- function(cond) {
  call <- conditionCall(cond)
  if (identical(call, quote(eval(expr, envir))) ||
      identical(call, quote(eval(.pyr_expr, .pyr_env)))) NULL else call
}

# R's own format for an error reaching the top level.
.pyr_error_text <- function(cond) {
  message <- .pyr_condition_message(cond)
  call <- .pyr_reported_call(cond)
  if (is.null(call))
    return(paste0("Error: ", message))
  dcall <- .pyr_deparse(call)
  first_line <- strsplit(message, "\n", fixed = TRUE)[[1L]][1L]
  if (is.na(first_line)) first_line <- ""
  if (nchar(dcall) + nchar(first_line) + 12L > 77L)
    paste0("Error in ", dcall, " : \n  ", message)
  else
    paste0("Error in ", dcall, " : ", message)
}

# Stands for a formal argument the caller did not supply, in the closures of
# Python callables (their bodies are built by pyreticulate/proxies.py).
.pyr_missing <- new.env(parent = emptyenv())

# Can a call of a callable's closure take the fast path? Not when it names an
# argument by a prefix of a formal (R's partial matching, which reticulate does
# not do) nor when it may use list2's `!!!` or `:=` outside `...`.
.pyr_plain_call <- function(call, formal_names) {
  supplied <- names(call)
  if (!is.null(supplied) && anyNA(match(supplied, formal_names))) return(FALSE)
  symbols <- all.names(call, functions = TRUE)
  !(match("!", symbols, 0L) || match(":=", symbols, 0L))
}

# The slow path of a callable's closure: the call replayed through list2.
.pyr_call_replayed <- function(callable, call, envir) {
  call[[1L]] <- list2
  .pyr_result(.External(.ops$call_list, callable, eval(call, envir)))
}

.pyr_apply_class_filters <- function(classes) {
  for (filter in .state$class_filters)
    classes <- filter(classes)
  classes
}

# Top-level evaluation for scripts, the console and notebook cells: print visible
# values (unless `autoprint` is FALSE) and report warnings the way R's REPL does;
# the value, invisibly.
.pyr_toplevel <- function(expr, envir = globalenv(), autoprint = TRUE) {
  seen <- list()
  on.exit(.pyr_print_warnings(seen))
  result <- withCallingHandlers(
    withVisible(eval(expr, envir)),
    warning = function(w) {
      seen[[length(seen) + 1L]] <<- w
      tryInvokeRestart("muffleWarning")
    })
  if (autoprint && result$visible) {
    if (isS4(result$value)) methods::show(result$value) else print(result$value)
  }
  invisible(result$value)
}

.pyr_print_warnings <- function(seen) {
  if (!length(seen)) return(invisible())
  text <- vapply(seen, function(w) {
    call <- .pyr_reported_call(w)
    if (is.null(call)) conditionMessage(w)
    else paste0("In ", .pyr_deparse(call), " : ", conditionMessage(w))
  }, character(1L))
  if (length(text) == 1L)
    message("Warning message:\n", text)
  else
    message("Warning messages:\n", paste0(seq_along(text), ": ", text, collapse = "\n"))
}

# parse() for the console: "complete" with expressions, "incomplete", or "error".
.pyr_parse_status <- function(text) {
  tryCatch(
    list(status = "complete", exprs = parse(text = text, keep.source = FALSE)),
    error = function(e) {
      message <- conditionMessage(e)
      if (grepl("unexpected end of input|unexpected INCOMPLETE_STRING", message))
        list(status = "incomplete")
      else
        list(status = "error", message = message)
    })
}
