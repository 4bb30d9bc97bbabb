# keras 2.x's deprecations: a warning of class deprecatedWarning that names the
# replacement, for the names and arguments keras 2.x kept working.

.keras2_deprecation <- function(message, call = NULL) {
  structure(class = c("deprecatedWarning", "warning", "condition"),
            list(message = message, call = if (is.call(call)) call))
}
