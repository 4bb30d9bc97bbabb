# When the package loads: the keras 2.x names keras3 spells differently
# become active bindings to keras3's objects (keras2-deprecated.R).

.onLoad <- function(libname, pkgname) {
  ns <- asNamespace(pkgname)
  for (old in names(.renamed))
    makeActiveBinding(old, .renamed_binding(old, .renamed[[old]]), ns)
  invisible()
}
