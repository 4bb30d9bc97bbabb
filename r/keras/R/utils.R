# keras 2.x's utilities on tf_keras.utils: one-hot labels, downloads into the
# Keras cache, normalization, custom-object scopes, zip_lists(), and the
# re-exports keras 2.x made part of its API: zeallot's `%<-%` and tfruns' flags
# (which tensorflow provides here).
#
# NAMESPACE: importFrom(zeallot, "%<-%")
# NAMESPACE: importFrom(tensorflow, flags, flag_numeric, flag_integer, flag_string, flag_boolean)
# NAMESPACE: importFrom(tensorflow, run_dir)

#' Objects keras re-exports for its users
#'
#' @description
#' \describe{
#'   \item{zeallot}{\code{\%<-\%}: unpacking assignment, `c(x, y) \%<-\% list(1, 2)`.}
#'   \item{tensorflow}{`flags()`, `flag_numeric()`, `flag_integer()`, `flag_string()`,
#'     `flag_boolean()`, `run_dir()`: training flags and the run directory (tfruns'
#'     functions, which the tensorflow package provides here).}
#' }
#' @name utils-reexports
#' @aliases %<-% flags flag_numeric flag_integer flag_string flag_boolean run_dir
#' @keywords internal
#' @docType import
NULL

.keras2_utils <- function() py_get_attr(keras, "utils")

# A whole number (several: a tuple) for Python, or an error naming the argument.
.keras2_int <- function(name, value) .keras2_argument(name, value, convention = "integer")

# A call of a Python function whose result comes back converted to R (arrays,
# lists, strings); Python objects R has no type for stay proxies. (The
# arguments are spliced: py_call()'s own first formal is `x`.)
.keras2_py_call <- function(f, ...) py_to_r(py_call(f, !!!list2(...)))

#' Integer class labels as one-hot rows
#'
#' @description
#' Each label (a whole number from 0) becomes a row with a 1 in the label's
#' column (tf_keras's `utils.to_categorical()`).
#'
#' @param y Class labels: a vector, or a matrix of one column.
#' @param num_classes The number of classes, or `NULL` for the largest label
#'   plus one.
#' @param dtype The type of the result, `"float32"` by default.
#' @returns A matrix with one row per label and `num_classes` columns.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' to_categorical(c(0, 2, 1), num_classes = 3)
#' }
to_categorical <- function(y, num_classes = NULL, dtype = "float32") {
  .keras2_py_call(py_get_attr(.keras2_utils(), "to_categorical"), y = y,
                  num_classes = .keras2_int("num_classes", num_classes),
                  dtype = dtype)
}

#' Download a file into the Keras cache
#'
#' @description
#' Returns the path of `fname` in the cache (`~/.keras/<cache_subdir>` by
#' default), downloading it from `origin` first when it is not there yet or its
#' hash does not match `file_hash` (tf_keras's `utils.get_file()`). A download
#' that fails is an error naming the URL.
#'
#' @param fname The file's name in the cache (a path makes it that path).
#' @param origin The URL to download it from.
#' @param file_hash The expected SHA-256 or MD5 hash of the file, or `NULL`
#'   not to check it.
#' @param cache_subdir The subdirectory of the cache the file goes into.
#' @param hash_algorithm `"sha256"`, `"md5"` or `"auto"` (found from the hash).
#' @param extract Whether to extract the file as an archive.
#' @param archive_format The archive formats tried with `extract`: `"auto"`,
#'   `"tar"`, `"zip"`, or `NULL` for none.
#' @param cache_dir The cache's folder, or `NULL` for `~/.keras`.
#' @param untar Whether to extract the file as a tar archive (the old way of
#'   saying `extract`).
#' @returns The path of the file.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' path <- get_file("mnist.npz",
#'                  "https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz")
#' }
get_file <- function(fname, origin, file_hash = NULL, cache_subdir = "datasets",
                     hash_algorithm = "auto", extract = FALSE, archive_format = "auto",
                     cache_dir = NULL, untar = FALSE) {
  .keras2_py_call(py_get_attr(.keras2_utils(), "get_file"), fname = fname, origin = origin,
                  file_hash = file_hash, cache_subdir = cache_subdir,
                  hash_algorithm = hash_algorithm, extract = extract,
                  archive_format = archive_format,
                  cache_dir = .keras2_path(cache_dir), untar = untar)
}

# A path as keras 2.x passed it to Python: `~` expanded, absolute; NULL stays.
.keras2_path <- function(path) {
  if (is.null(path)) return(NULL)
  normalizePath(path.expand(path), mustWork = FALSE)
}

#' A dataset of an HDF5 file as model input
#'
#' @description
#' Keras's `HDF5Matrix` was removed in TensorFlow 2.4, and tf_keras does not have
#' it: this function is an error, as it is in keras 2.x on TensorFlow 2.4 or
#' later. Read the data with an HDF5 reader instead.
#'
#' @param datapath The HDF5 file.
#' @param dataset The name of the dataset in the file.
#' @param start,end The rows to read.
#' @param normalizer A function applied to the data read.
#' @returns Nothing: always an error.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' hdf5_matrix("data.h5", "images")  # an error naming the TensorFlow version
#' }
hdf5_matrix <- function(datapath, dataset, start = 0, end = NULL, normalizer = NULL) {
  stop(sprintf(paste0("hdf5_matrix() is not available: Keras's HDF5Matrix was removed in ",
                      "TensorFlow 2.4 (this is TensorFlow %s)"),
               as.character(tf_version())), call. = FALSE)
}

#' Normalize an array along an axis
#'
#' @description
#' Divides `x` by its `order`-norm along `axis` (tf_keras's `utils.normalize()`).
#'
#' @param x A matrix or array.
#' @param axis The axis to normalize along, 1-based (`-1`: the last).
#' @param order The order of the norm (2: Euclidean).
#' @returns An array of the shape of `x`.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' normalize(matrix(c(3, 4, 6, 8), 2, byrow = TRUE))
#' }
normalize <- function(x, axis = -1, order = 2) {
  .keras2_py_call(py_get_attr(.keras2_utils(), "normalize"), x = x,
                  axis = .keras2_argument("axis", axis, convention = "axis"),
                  order = .keras2_int("order", order))
}

#' Evaluate code with custom objects known to Keras by name
#'
#' @description
#' While `expr` is evaluated, Keras finds `objects` by their names when it
#' deserializes a model (loading it, or cloning it): custom layers, losses,
#' metrics, activations. Objects without a name in the list are named by
#' their Python `__name__`, an R6 class by its class name, an R function by its
#' `py_function_name` attribute.
#'
#' @param objects A named list of custom objects (or a single object).
#' @param expr The code to evaluate.
#' @returns The value of `expr`.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' with_custom_object_scope(list(mean_pred = metric_mean_pred), {
#'   model <- load_model_hdf5("model.h5")
#' })
#' }
with_custom_object_scope <- function(objects, expr) {
  scope <- .keras2_py_call(py_get_attr(.keras2_utils(), "custom_object_scope"),
                           .keras2_custom_objects(objects))
  .keras2_py_call(py_get_attr(scope, "__enter__"))
  on.exit(.keras2_py_call(py_get_attr(scope, "__exit__"), NULL, NULL, NULL), add = TRUE)
  force(expr)
}

#' Zip lists element by element
#'
#' @description
#' Turns lists of equal length into one list whose i-th element holds the i-th
#' element of each (`zip()` in Python). Named lists are matched by name (the
#' first one's order), unnamed ones by position.
#'
#' @param ... The lists, or a single list of them; named arguments name the
#'   parts of each element.
#' @returns A list.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' zip_lists(list(1, 2), list("a", "b"))
#' zip_lists(gradient = list(0.1, 0.2), weight = list("w1", "w2"))
#' }
zip_lists <- function(...) {
  lists <- list(...)
  if (length(lists) == 1L) lists <- lists[[1L]]
  keys <- names(lists[[1L]])
  if (is.character(keys) && (anyNA(keys) || !all(nzchar(keys)) || anyDuplicated(keys)))
    stop("zip_lists(): the names of the lists must be unique and not empty; ",
         "call unname() on them for matching by position", call. = FALSE)
  for (i in seq_along(lists)[-1L]) {
    other <- names(lists[[i]])
    if (identical(keys, other)) next
    if (!is.null(keys) && !is.null(other) && setequal(keys, other) && !anyDuplicated(other)) {
      lists[[i]] <- lists[[i]][keys]
      next
    }
    stop("zip_lists(): the names of all the lists must match; ",
         "call unname() on each of them for matching by position", call. = FALSE)
  }
  zipped <- .mapply(list, lists, NULL)
  names(zipped) <- keys
  zipped
}

#' Install TensorFlow and Keras 2 into a Python environment
#'
#' @description
#' keras 2.x's installer: TensorFlow (`tensorflow::install_tensorflow()`) with
#' tf-keras of the same version (Keras 2, which library(keras) uses) and the
#' Python packages keras 2.x's functions use (SciPy, Pillow, h5py, pandas,
#' pydot, requests, TensorFlow Hub and Datasets). Run in pyreticulate's own
#' Python (no `envname`), it installs there, with pip.
#'
#' @param method,conda How to install (see `tensorflow::install_tensorflow()`).
#' @param version,tensorflow The TensorFlow version: `"default"`, `"cpu"`,
#'   `"gpu"`, or a version such as `"2.21"`.
#' @param extra_packages More Python packages (a requirement given here wins
#'   over the default one for the same package).
#' @param ... Passed on to `tensorflow::install_tensorflow()` (`envname`, ...).
#' @returns What `tensorflow::install_tensorflow()` returns, invisibly.
#' @family utils
#' @export
#' @md
#' @examples
#' \dontrun{
#' install_keras()
#' }
install_keras <- function(method = c("auto", "virtualenv", "conda"), conda = "auto",
                          version = "default", tensorflow = version, extra_packages = NULL,
                          ...) {
  method <- match.arg(method)
  packages <- .keras2_install_packages(tensorflow)
  if (!is.null(extra_packages))
    packages[sub("[=<>~!]=?.*$", "", extra_packages)] <- extra_packages
  if (tensorflow %in% c("cpu", "gpu")) tensorflow <- paste0("default-", tensorflow)
  tensorflow::install_tensorflow(method = method, conda = conda, version = tensorflow,
                                 extra_packages = unname(packages), ...)
}

# The Python packages install_keras() adds to TensorFlow, by name: tf-keras
# of TensorFlow's version, and what keras 2.x's functions use.
.keras2_install_packages <- function(tensorflow) {
  names <- c("tf-keras", "tensorflow-hub", "tensorflow-datasets", "scipy", "requests",
             "Pillow", "h5py", "pandas", "pydot")
  packages <- stats::setNames(names, names)
  version <- regmatches(tensorflow, regexpr("[0-9]+\\.[0-9]+", tensorflow))
  if (length(version)) packages[["tf-keras"]] <- sprintf("tf-keras==%s.*", version)
  packages
}
