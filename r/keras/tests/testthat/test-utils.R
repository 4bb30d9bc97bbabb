# keras 2.x's utilities and the functions it re-exports for its users.

test_that("to_categorical() one-hot encodes labels", {
  onehot <- to_categorical(c(0, 2, 1), num_classes = 4)
  expect_equal(onehot, rbind(c(1, 0, 0, 0), c(0, 0, 1, 0), c(0, 1, 0, 0)))
  expect_equal(dim(to_categorical(matrix(c(0, 3), ncol = 1))), c(2L, 4L))
  expect_error(to_categorical(1, num_classes = 2.5), "`num_classes` must be whole numbers")
})

test_that("normalize() divides by the norm along a 1-based axis", {
  x <- matrix(c(3, 4, 6, 8), 2, byrow = TRUE)
  expect_equal(normalize(x), rbind(c(0.6, 0.8), c(0.6, 0.8)))
  expect_equal(normalize(x, axis = 1, order = 1), rbind(c(1, 1) / 3, c(2, 2) / 3))
})

test_that("get_file() copies a file into the cache and returns its path", {
  source <- tempfile(fileext = ".txt")
  writeLines("hello", source)
  cache <- tempfile("cache")
  dir.create(cache)
  on.exit(unlink(c(source, cache), recursive = TRUE))
  path <- get_file("hello.txt", origin = paste0("file://", source), cache_dir = cache,
                   cache_subdir = "files")
  expect_equal(normalizePath(path), normalizePath(file.path(cache, "files", "hello.txt")))
  expect_identical(readLines(path), "hello")
})

test_that("get_file() fails naming the URL when the download fails", {
  cache <- tempfile("cache")
  on.exit(unlink(cache, recursive = TRUE))
  expect_error(get_file("missing.bin", origin = "http://127.0.0.1:9/missing.bin",
                        cache_dir = cache),
               "URL fetch failure on http://127.0.0.1:9/missing.bin", fixed = TRUE)
})

test_that("hdf5_matrix() says that TensorFlow removed HDF5Matrix", {
  expect_error(hdf5_matrix("test.h5", "data"), "removed in TensorFlow 2.4")
})

test_that("with_custom_object_scope() names custom objects for Keras while it runs", {
  mean_pred <- function(y_true, y_pred) y_pred
  registered <- function(name) keras$utils$get_registered_object(name)
  seen <- with_custom_object_scope(list(mean_pred = mean_pred, keras$layers$Dense), {
    list(mean_pred = registered("mean_pred"), dense = registered("Dense"))
  })
  expect_true(is.function(seen$mean_pred))
  expect_identical(seen$dense, keras$layers$Dense)
  expect_null(registered("mean_pred"))
  expect_error(with_custom_object_scope(list(function(x) x), NULL), "cannot be inferred: name it")
})

test_that("zip_lists() zips by position, or by name", {
  expect_identical(zip_lists(list(1, 2), list("a", "b")), list(list(1, "a"), list(2, "b")))
  expect_identical(zip_lists(g = list(1, 2), w = list("a", "b")),
                   list(list(g = 1, w = "a"), list(g = 2, w = "b")))
  expect_identical(zip_lists(list(x = 1, y = 2), list(y = "b", x = "a")),
                   list(x = list(1, "a"), y = list(2, "b")))
  expect_error(zip_lists(list(x = 1), list(z = 2)), "names of all the lists must match")
})

test_that("%<-% unpacks values as zeallot's does", {
  c(a, b) %<-% list(1, 2)
  expect_equal(a + b, 3)
  expect_identical(`%<-%`, zeallot::`%<-%`)
})

test_that("the flags functions and use_session_with_seed() are tensorflow's", {
  for (name in c("flags", "flag_numeric", "flag_integer", "flag_string", "flag_boolean",
                 "run_dir", "use_session_with_seed"))
    expect_identical(getExportedValue("keras", name), getExportedValue("tensorflow", name))
  expect_identical(flags(flag_integer("units", 16))$units, 16L)
})

test_that("install_keras() installs tf-keras of TensorFlow's version with TensorFlow", {
  packages <- .keras2_install_packages("2.21")
  expect_identical(packages[["tf-keras"]], "tf-keras==2.21.*")
  expect_true(all(c("Pillow", "h5py", "scipy", "pandas") %in% names(packages)))
  expect_identical(.keras2_install_packages("default")[["tf-keras"]], "tf-keras")
})
