# The optimizers' kind of wrapper (families/optimizers.py): keras 2.x's `lr`,
# deprecated since keras 2.3 for `learning_rate`, is still taken, as
# `learning_rate`, with a deprecation warning (tf_keras itself would drop it
# with only a log message and train at the default rate).

.keras2_kind_optimizer <- function(spec, args, frame, call) {
  if ("lr" %in% names(args)) {
    if ("learning_rate" %in% names(call)[-1L])
      stop(simpleError("give `learning_rate` only: `lr` is its deprecated name", call))
    warning(.keras2_deprecation(sprintf("the `lr` argument of %s() is deprecated: use `learning_rate`",
                                        spec$name), call))
    args$learning_rate <- args$lr
    args$lr <- NULL
  }
  py_call(.keras2_py_object(spec, "class"), !!!args)
}
