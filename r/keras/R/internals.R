# keras 2.x internals that its code and test files call unqualified or through
# `keras:::` and that no family defines (package.R has the platform and module
# helpers: is_mac_arm64(), have_h5py(), is_keras_tensor(), ...).

# `x` made a NumPy array (keras_array(): R numbers of the default float type)
# and passed to an application's preprocessing function, as keras 2.x's
# *_preprocess_input() functions do.
preprocess_input <- function(x, preprocessor, ...) {
  if (!is.function(preprocessor))
    stop(simpleError("`preprocessor` must be a function (an application's preprocess_input)",
                     sys.call()))
  preprocessor(keras_array(x), ...)
}
