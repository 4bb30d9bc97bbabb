# This package has no code of its own: when it loads, every name of
# reticulate's API that pyreticulate implements is bound to pyreticulate's
# implementation, so library(reticulate) inside pyreticulate attaches
# pyreticulate's API instead of the real reticulate. The exports are the
# names the real reticulate exports; the names below are the real
# reticulate's internals that pyreticulate implements (reticulate:::name).

.pyreticulate_stand_in <- TRUE

.internal_api <- c("py_has_convert", "py_has_method", "py_is_module_proxy")

.onLoad <- function(libname, pkgname) {
  here <- asNamespace(pkgname)
  implementation <- asNamespace("pyreticulate")
  for (name in c(parseNamespaceFile(pkgname, libname)$exports, .internal_api)) {
    if (bindingIsActive(name, implementation))
      makeActiveBinding(name, activeBindingFunction(name, implementation), here)
    else
      assign(name, get(name, envir = implementation), envir = here)
  }
}
