# The applications' kind of wrapper (families/applications.py): a model of
# tf_keras.applications, made with `weights` as the caller's R value (keras
# 2.x's NULL is random weights, never tf_keras's default "imagenet"; the
# mechanism would drop a NULL `weights` as it does for layers). Weights files
# are HDF5: h5py is needed to read them.

.keras2_kind_application <- function(spec, args, frame, call) {
  weights <- get("weights", envir = frame)
  if (is.character(weights) && !have_h5py())
    stop(sprintf(paste0("%s(): the Python package h5py is needed to load the model's weights ",
                        "(pip install h5py)"),
                 spec$name), call. = FALSE)
  args["weights"] <- list(weights)
  py_call(.keras2_py_object(spec, "class"), !!!args)
}
