# This package has no code of its own: when it loads, every name it exports
# is bound to pyreticulate's implementation, so library(reticulate) inside
# pyreticulate attaches pyreticulate's API instead of the real reticulate.

.pyreticulate_stand_in <- TRUE

.onLoad <- function(libname, pkgname) {
  here <- asNamespace(pkgname)
  implementation <- asNamespace("pyreticulate")
  for (name in parseNamespaceFile(pkgname, libname)$exports) {
    if (bindingIsActive(name, implementation))
      makeActiveBinding(name, activeBindingFunction(name, implementation), here)
    else
      assign(name, get(name, envir = implementation), envir = here)
  }
}
