.onLoad <- function(libname, pkgname) {
  stop("reticulate cannot be loaded inside pyreticulate: this R session already runs in ",
       "a Python process, and the two bridges would fight over it. pyreticulate provides ",
       "reticulate's API (import(), py_run_string(), r_to_py(), ...): use ",
       "library(pyreticulate) instead of library(reticulate)", call. = FALSE)
}
