"""library(tfdatasets) (r/tfdatasets): the tf$data wrappers R users pipe with
%>%, checked for the values they produce. One script runs the eager checks;
a second, small one the TF1 iterators, which need graph mode."""
import textwrap

import pytest

from helpers.scripts import run_labelled


# The names R's tfdatasets exports (its NAMESPACE), all 106 of them.
EXPORTS = set('''
    %>% all_nominal all_numeric as_array_iterator as_iterator as_tensor as_tf_dataset
    choose_from_datasets contains csv_record_spec dataset_batch
    dataset_bucket_by_sequence_length dataset_cache dataset_collect dataset_concatenate
    dataset_decode_delim dataset_enumerate dataset_filter dataset_flat_map
    dataset_group_by_window dataset_interleave dataset_map dataset_map_and_batch
    dataset_options dataset_padded_batch dataset_prefetch dataset_prefetch_to_device
    dataset_prepare dataset_rebatch dataset_reduce dataset_rejection_resample dataset_repeat
    dataset_scan dataset_shard dataset_shuffle dataset_shuffle_and_repeat dataset_skip
    dataset_snapshot dataset_take dataset_take_while dataset_unbatch dataset_unique
    dataset_use_spec dataset_window delim_record_spec dense_features ends_with everything
    feature_spec file_list_dataset fit fixed_length_record_dataset has_type install_tensorflow
    iter_next iterate iterator_get_next iterator_initializer iterator_make_initializer
    iterator_string_handle layer_input_from_dataset make_csv_dataset
    make_iterator_from_string_handle make_iterator_from_structure make_iterator_initializable
    make_iterator_one_shot matches next_batch num_range one_of out_of_range_handler
    output_shapes output_types random_integer_dataset range_dataset read_files
    sample_from_datasets scaler_min_max scaler_standard shape sparse_tensor_slices_dataset
    sql_dataset sql_record_spec sqlite_dataset starts_with step_bucketized_column
    step_categorical_column_with_hash_bucket step_categorical_column_with_identity
    step_categorical_column_with_vocabulary_file step_categorical_column_with_vocabulary_list
    step_crossed_column step_embedding_column step_indicator_column step_numeric_column
    step_remove_column step_shared_embeddings_column tensor_slices_dataset tensors_dataset
    text_line_dataset tf tfrecord_dataset tsv_record_spec tuple until_out_of_range with_dataset
    zip_datasets
'''.split())


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tfdatasets")
    return run_labelled(directory, textwrap.dedent(r"""
        suppressPackageStartupMessages(library(tfdatasets))
        arrays <- function(ds) iterate(as_array_iterator(ds), simplify = FALSE)
        values <- function(ds) unlist(arrays(ds))
        strings <- function(ds) vapply(dataset_collect(ds), as.character, "")
        check("exports", sort(getNamespaceExports("tfdatasets")))

        # ---- sources ---------------------------------------------------------------
        check("slices of a vector", values(tensor_slices_dataset(c(1, 2, 3))))
        check("slices of a matrix are rows", arrays(tensor_slices_dataset(matrix(1:6, 3)))[[1]])
        tuple_ds <- tensor_slices_dataset(list(c(1, 2, 3), c(10, 20, 30)))
        check("slices of an unnamed list are tuples", arrays(tuple_ds)[[2]])
        df_ds <- tensor_slices_dataset(data.frame(a = 1:2, b = c(0.5, 1.5)))
        check("slices of a data frame are dicts", {
          first <- arrays(df_ds)[[1]]
          c(names(first), first$a, first$b)
        })
        check("slices of a partly named list", sprintf("'%s'", sort(names(output_types(
          tensor_slices_dataset(list(1:2, b = 3:4)))))))
        check("tensors_dataset is one element", {
          all <- arrays(tensors_dataset(1:3))
          c(length(all), all[[1]])
        })
        check("sparse_tensor_slices_dataset", {
          sparse <- tf$sparse$SparseTensor(indices = list(c(0L, 1L), c(1L, 2L)),
                                           values = c(5, 7), dense_shape = c(2L, 3L))
          lapply(dataset_collect(sparse_tensor_slices_dataset(sparse)),
                 function(s) as.numeric(tf$sparse$to_dense(s)))
        })
        check("range_dataset from to", values(range_dataset(1, 5)))
        check("range_dataset to by", values(range_dataset(to = 6, by = 2)))
        check("range_dataset dtype", output_types(range_dataset(0, 3, dtype = tf$int32))$name)
        check("range_dataset needs whole numbers", range_dataset(0, 2.5))
        check("random_integer_dataset repeats with a seed", {
          a <- values(random_integer_dataset(seed = 4) %>% dataset_take(5))
          b <- values(random_integer_dataset(seed = 4) %>% dataset_take(5))
          c(identical(a, b), length(a), length(random_integer_dataset(1)))
        })
        a <- range_dataset(0, 3)
        b <- range_dataset(10, 13)
        check("zip_datasets of datasets", unlist(arrays(zip_datasets(a, b))[[2]]))
        check("zip_datasets of a list", unlist(arrays(zip_datasets(list(a, b)))[[3]]))
        check("zip_datasets of a tuple", unlist(arrays(zip_datasets(tuple(a, b)))[[1]]))
        check("zip_datasets with names", {
          first <- arrays(zip_datasets(x = a, y = b))[[1]]
          c(names(first), unlist(first))
        })
        check("zip_datasets needs datasets", zip_datasets(a, 1:3))
        check("sample_from_datasets follows the weights",
              values(sample_from_datasets(list(a, b), weights = c(0, 1), seed = 1)))
        check("choose_from_datasets", {
          words <- list(tensors_dataset("foo") %>% dataset_repeat(),
                        tensors_dataset("bar") %>% dataset_repeat())
          choices <- range_dataset(0, 2) %>% dataset_repeat(2)
          strings(choose_from_datasets(words, choices))
        })

        # ---- files -----------------------------------------------------------------
        files <- file.path(getwd(), "files")
        dir.create(files)
        writeLines(c("first line", "second line"), file.path(files, "a.txt"))
        writeLines("third line", file.path(files, "b.txt"))
        check("file_list_dataset", basename(strings(
          file_list_dataset(file.path(files, "*.txt"), shuffle = FALSE))))
        check("text_line_dataset", strings(text_line_dataset(file.path(files, "a.txt"))))
        check("text_line_dataset of several files", length(text_line_dataset(
          file.path(files, c("a.txt", "b.txt"))) %>% dataset_collect()))
        record_file <- file.path(files, "data.tfrecord")
        writer <- tf$io$TFRecordWriter(record_file)
        writer$write("record one")
        writer$write("record two")
        writer$close()
        check("tfrecord_dataset", strings(tfrecord_dataset(record_file)))
        binary <- file.path(files, "data.bin")
        writeBin(c(1L, 2L, 3L), binary, size = 4, endian = "little")
        check("fixed_length_record_dataset", {
          ds <- fixed_length_record_dataset(binary, record_bytes = 4) %>%
            dataset_map(~ tf$io$decode_raw(.x, tf$int32))
          values(ds)
        })

        cars <- file.path(files, "cars.csv")
        write.csv(data.frame(mpg = c(21, 22.8, 21.4), cyl = c(6L, 4L, 6L), name = c("a", "b", "c")),
                  cars, row.names = FALSE)
        spec <- csv_record_spec(cars)
        check("csv_record_spec reads names and types", c(spec$names, spec$types, spec$skip))
        check("text_line_dataset with a record_spec", {
          batch <- arrays(dataset_batch(text_line_dataset(cars, record_spec = spec), 3))[[1]]
          c(names(batch), round(batch$mpg, 1), batch$cyl)
        })
        check("tsv_record_spec with dataset_decode_delim", {
          tsv <- file.path(files, "data.tsv")
          writeLines(c("1\tx", "2\ty"), tsv)
          tsv_spec <- tsv_record_spec(tsv, names = c("n", "s"))
          ds <- dataset_decode_delim(text_line_dataset(tsv), tsv_spec)
          c(tsv_spec$types, values(dataset_map(ds, ~ .x$n)), strings(dataset_map(ds, ~ .x$s)))
        })
        check("delim_record_spec without a file", {
          semi_spec <- delim_record_spec(names = c("a", "b"), types = "di", delim = ";")
          semi <- file.path(files, "semi.txt")
          writeLines(c("1.5;2", "3;4"), semi)
          ds <- text_line_dataset(semi, record_spec = semi_spec)
          c(semi_spec$types, unlist(arrays(dataset_batch(ds, 2))))
        })
        check("delim_record_spec bad types", csv_record_spec(cars, types = "dx"))
        check("make_csv_dataset", {
          batch <- iter_next(as_iterator(make_csv_dataset(cars, batch_size = 2, label_name = "mpg",
                                                          shuffle = FALSE, num_epochs = 1)))
          c(names(batch[[1]]), round(as.numeric(batch[[2]]), 1))
        })
        check("read_files of several files", length(dataset_collect(
          read_files(c(cars, cars), text_line_dataset, record_spec = spec))))
        check("read_files of a pattern", length(dataset_collect(
          read_files(file.path(files, "*.csv"), text_line_dataset, record_spec = spec,
                     parallel_files = 2))))
        database <- file.path(files, "cars.sqlite")
        py_run_string(sprintf(paste(
          "import sqlite3",
          "with sqlite3.connect(%s) as db:",
          "    db.execute('create table cars (name text, mpg real, cyl integer)')",
          "    rows = [('a', 21.0, 6), ('b', 22.8, 4)]",
          "    db.executemany('insert into cars values (?, ?, ?)', rows)",
          sep = "\n"), shQuote(database)))
        check("sqlite_dataset", {
          ds <- sqlite_dataset(database, "select name, mpg, cyl from cars order by name",
                               sql_record_spec(c("name", "mpg", "cyl"),
                                               list(tf$string, tf$float64, "int32")))
          rows <- dataset_collect(ds)
          c(names(rows[[1]]), vapply(rows, function(r) as.character(r$name), ""),
            vapply(rows, function(r) as.numeric(r$mpg), 1), rows[[2]]$cyl$dtype$name)
        })
        check("sql_record_spec needs a type per name", sql_record_spec(c("a", "b"), list(tf$int32)))

        # ---- reordering, selecting, repeating, buffering ---------------------------
        ten <- range_dataset(0, 10)
        check("dataset_batch sizes", vapply(arrays(dataset_batch(ten, 4)), length, 1L))
        check("dataset_batch drop_remainder sizes",
              vapply(arrays(dataset_batch(ten, 4, drop_remainder = TRUE)), length, 1L))
        check("dataset_batch shapes", c(
          format(output_shapes(dataset_batch(ten, 4))),
          format(output_shapes(dataset_batch(ten, 4, drop_remainder = TRUE)))))
        check("dataset_batch parallel", values(dataset_batch(
          ten, 5, num_parallel_calls = tf$data$AUTOTUNE, deterministic = TRUE)))
        check("dataset_batch needs a whole batch size", dataset_batch(ten, 2.5))
        check("dataset_shuffle is a permutation", {
          shuffled <- values(dataset_shuffle(ten, 10, seed = 42))
          c(identical(sort(shuffled), 0:9 + 0), identical(shuffled, 0:9 + 0))
        })
        check("dataset_shuffle without reshuffling repeats its order", {
          ds <- dataset_shuffle(ten, 10, seed = 1, reshuffle_each_iteration = FALSE)
          identical(values(ds), values(ds))
        })
        check("dataset_shuffle reshuffles each iteration", {
          ds <- dataset_shuffle(ten, 10, seed = 1, reshuffle_each_iteration = TRUE)
          identical(values(ds), values(ds))
        })
        check("dataset_repeat", values(dataset_repeat(range_dataset(0, 3), 2)))
        check("dataset_repeat forever", length(dataset_repeat(ten)))
        check("dataset_shuffle_and_repeat", {
          ds <- dataset_shuffle_and_repeat(range_dataset(0, 3), 3, count = 2, seed = 7)
          sort(values(ds))
        })
        check("dataset_take", values(dataset_take(ten, 3)))
        check("dataset_skip", values(dataset_skip(ten, 7)))
        check("dataset_shard", values(dataset_shard(ten, num_shards = 3, index = 1)))
        check("dataset_concatenate", values(dataset_concatenate(
          range_dataset(0, 2), range_dataset(5, 7), range_dataset(9, 10))))
        check("dataset_cache in memory", values(dataset_cache(range_dataset(0, 3))))
        check("dataset_cache to a file", {
          cache <- file.path(getwd(), "cache")
          ds <- dataset_cache(range_dataset(0, 3), cache)
          first <- values(ds)
          c(first, length(list.files(getwd(), pattern = "^cache")) > 0L)
        })
        check("dataset_cache needs a string", dataset_cache(ten, 3))
        check("dataset_prefetch", values(dataset_prefetch(range_dataset(0, 3))))
        check("dataset_prefetch buffer", values(dataset_prefetch(range_dataset(0, 3), 2)))
        check("dataset_prefetch_to_device", values(
          dataset_prefetch_to_device(range_dataset(0, 3), "/cpu:0", 1)))
        check("dataset_snapshot", values(dataset_snapshot(range_dataset(0, 4),
                                                         file.path(getwd(), "snapshot"))))
        check("dataset_options sets", {
          ds <- dataset_options(ten, deterministic = FALSE,
                                threading.private_threadpool_size = 3)
          c(format(ds$options()$deterministic), ds$options()$threading$private_threadpool_size,
            values(ds)[1:2])
        })
        check("dataset_options from a list", {
          ds <- dataset_options(ten, list(threading.max_intra_op_parallelism = 1))
          ds$options()$threading$max_intra_op_parallelism
        })
        check("dataset_options from an Options object", {
          options <- tf$data$Options()
          options$deterministic <- FALSE
          isFALSE(dataset_options(ten, options)$options()$deterministic)
        })
        check("dataset_options gets", inherits(dataset_options(ten),
                                               "tensorflow.python.data.ops.options.Options"))
        check("dataset_options unknown option", dataset_options(ten, no_such_option = 1))

        # ---- functions traced by tf.data -------------------------------------------
        check("dataset_map with an R function", values(dataset_map(range_dataset(1, 4),
                                                                  function(x) x * 10L)))
        check("dataset_map with a formula", values(dataset_map(range_dataset(1, 4), ~ .x + 1L)))
        check("dataset_map on a tuple passes the components as arguments",
              values(dataset_map(tuple_ds, function(x, y) x + y)))
        check("dataset_map formula on a tuple uses .x and .y",
              values(dataset_map(tuple_ds, ~ .y - .x)))
        check("dataset_map returning a list gives a tuple", {
          swapped <- dataset_map(tuple_ds, function(x, y) list(y, x))
          c(length(output_types(swapped)), unlist(arrays(swapped)[[1]]))
        })
        check("dataset_map on a dict passes a named list", values(dataset_map(df_ds, function(row) {
          stopifnot(identical(names(row), c("a", "b")))
          tf$cast(row$a, tf$float32) + row$b
        })))
        check("dataset_map returning a named list gives a dict", {
          ds <- dataset_map(df_ds, function(row) list(twice = row$b * 2, a = row$a))
          c(names(output_types(ds)), values(ds))
        })
        check("dataset_map parallel", values(dataset_map(
          range_dataset(0, 4), ~ -.x, num_parallel_calls = tf$data$AUTOTUNE, deterministic = TRUE)))
        calls <- 0
        traced <- dataset_map(range_dataset(0, 100), function(x) {
          calls <<- calls + 1
          gc()
          x + 1L
        }, num_parallel_calls = 8)
        check("dataset_map traces the R function once", c(calls, sum(values(traced)), calls))
        check("dataset_map with a Python function", values(dataset_map(range_dataset(1, 3),
                                                                      tf$negative)))
        check("dataset_map R error",
              dataset_map(range_dataset(0, 3), function(x) stop("bad value")))
        check("dataset_map R error class", class(tryCatch(
          dataset_map(range_dataset(0, 3), function(x) stop("bad value")),
          error = function(e) e))[1])
        check("dataset_map error of a tf op", dataset_map(tuple_ds, function(x, y)
          tf$concat(list(x, y), axis = 5L)))
        check("dataset_map too many arguments",
              dataset_map(range_dataset(0, 3), function(x, y) x + y))
        check("dataset_map needs a function", dataset_map(ten, 3))
        check("dataset_map needs a dataset", dataset_map(1:3, ~ .x))
        check("dataset_map_and_batch", arrays(dataset_map_and_batch(
          range_dataset(1, 100), ~ -.x, batch_size = 32, drop_remainder = TRUE))[[1]][1:3])
        check("dataset_map_and_batch batches", length(dataset_map_and_batch(
          range_dataset(1, 100), ~ -.x, batch_size = 32, drop_remainder = TRUE,
          num_parallel_batches = 2)))
        check("dataset_filter", values(dataset_filter(ten, ~ .x %% 3L == 0L)))
        check("dataset_filter with an R function", values(dataset_filter(tuple_ds,
                                                                         function(x, y) y > 15)))
        check("dataset_take_while", values(dataset_take_while(ten, ~ .x < 4L)))
        check("dataset_flat_map", values(dataset_flat_map(range_dataset(0, 3), function(x)
          tensors_dataset(x) %>% dataset_repeat(2))))
        check("dataset_interleave", values(dataset_interleave(
          tensor_slices_dataset(c(1, 2, 3)), function(x) tensors_dataset(x) %>% dataset_repeat(3),
          cycle_length = 2, block_length = 2)))
        check("dataset_interleave parallel", sort(values(dataset_interleave(
          range_dataset(0, 3), ~ range_dataset(0, 2) %>% dataset_map(function(i) i + .x * 10L),
          cycle_length = 3, num_parallel_calls = tf$data$AUTOTUNE, deterministic = FALSE))))
        check("dataset_scan", values(dataset_scan(range_dataset(0, 6), as_tensor(0, "int64"),
                                                  function(state, i) list(state + i, state + i))))
        check("dataset_reduce", {
          sum_count <- dataset_reduce(tensor_slices_dataset(c(1.5, 2.5, 5)), list(0, 0),
                                      function(state, x) list(state[[1]] + x, state[[2]] + 1))
          vapply(sum_count, function(t) as.numeric(t), 1)
        })
        check("dataset_reduce formula", as.numeric(dataset_reduce(
          range_dataset(1, 5), as_tensor(1, "int64"), ~ .x * .y)))
        check("dataset_enumerate", arrays(dataset_enumerate(
          tensor_slices_dataset(c(100L, 101L)), start = 5))[[2]])
        check("dataset_unique", sort(values(dataset_unique(tensor_slices_dataset(
          c(0L, 37L, 2L, 37L, 2L, 1L))))))
        check("dataset_group_by_window", lapply(arrays(dataset_group_by_window(ten,
          key_func = function(x) x %% 2L, reduce_func = function(key, ds) dataset_batch(ds, 5),
          window_size = 5)), paste, collapse = ","))
        check("dataset_group_by_window window_size_func", length(dataset_collect(
          dataset_group_by_window(ten, ~ .x %% 2L, function(key, ds) dataset_batch(ds, 10),
                                  window_size_func = function(key) as_tensor(2, "int64")))))
        check("dataset_group_by_window needs one window size", dataset_group_by_window(
          ten, ~ .x %% 2L, function(key, ds) ds))
        check("dataset_rejection_resample", {
          data <- tensor_slices_dataset(rep(c(0L, 1L), 50))
          resampled <- dataset_rejection_resample(data, function(x) x, target_dist = c(0, 1),
                                                  initial_dist = c(0.5, 0.5), seed = 3)
          classes <- vapply(arrays(resampled), function(e) e[[1]], 1L)
          c(format(length(classes) > 0L), unique(classes))
        })

        # ---- batches and windows ---------------------------------------------------
        check("dataset_unbatch", values(dataset_unbatch(dataset_batch(range_dataset(0, 5), 2))))
        check("dataset_rebatch", vapply(arrays(dataset_rebatch(
          dataset_batch(range_dataset(0, 8), 4), c(2, 1, 1))), length, 1L))
        check("dataset_rebatch drop_remainder", vapply(arrays(dataset_rebatch(
          dataset_batch(range_dataset(0, 7), 2), 3, drop_remainder = TRUE)), length, 1L))
        filled <- range_dataset(1, 5) %>% dataset_map(function(x) tf$fill(list(x), x))
        check("dataset_padded_batch pads to the longest",
              lapply(arrays(dataset_padded_batch(filled, 2)),
                     function(m) paste(dim(m), collapse = "x")))
        check("dataset_padded_batch values", arrays(dataset_padded_batch(filled, 2))[[1]])
        check("dataset_padded_batch to a fixed shape",
              dim(arrays(dataset_padded_batch(filled, 2, padded_shapes = 5))[[2]]))
        check("dataset_padded_batch with an R padding value",
              arrays(dataset_padded_batch(dataset_take(filled, 2), 2, padded_shapes = 3,
                                           padding_values = -1))[[1]])
        check("dataset_padded_batch of a tuple", {
          batch <- arrays(dataset_padded_batch(zip_datasets(filled, filled), 2,
                                               padding_values = -1L))[[1]]
          c(length(batch), batch[[2]])
        })
        check("dataset_window", lapply(arrays(dataset_flat_map(
          dataset_window(range_dataset(0, 7), 3, shift = 2, drop_remainder = TRUE),
          function(window) dataset_batch(window, 3))), paste, collapse = ","))
        check("dataset_bucket_by_sequence_length", {
          sequences <- list(c(0), c(1, 2, 3, 4), c(5, 6, 7), c(7, 8, 9, 10, 11), c(21, 22))
          ds <- Reduce(dataset_concatenate, lapply(sequences, function(s)
            tensors_dataset(as_tensor(as.array(s), "int32"))))
          lapply(arrays(dataset_bucket_by_sequence_length(ds, function(e) tf$shape(e)[1],
                                                          bucket_boundaries = c(3, 5),
                                                          bucket_batch_sizes = c(2, 2, 2))),
                 function(m) paste(dim(m), collapse = "x"))
        })

        # ---- reading a dataset -----------------------------------------------------
        check("as_array_iterator gives R arrays", class(iter_next(as_array_iterator(
          dataset_batch(range_dataset(0, 4), 2)))))
        check("as_iterator gives tensors", class(iter_next(as_iterator(ten)))[1])
        check("iterate a dataset", unlist(iterate(range_dataset(0, 3), as.numeric)))
        check("dataset_collect", length(dataset_collect(ten)))
        check("dataset_collect iter_max", vapply(dataset_collect(ten, 3), as.numeric, 1))
        check("next_batch puts x first", names(next_batch(zip_datasets(y = a, x = b))))
        check("output_types of a tuple", vapply(output_types(tuple_ds), function(t) t$name, ""))
        check("output_types of a dict", vapply(output_types(df_ds), function(t) t$name, ""))
        check("output_shapes of a batched dict", vapply(output_shapes(dataset_batch(df_ds, 2)),
                                                        format, ""))
        check("output_types of a tensor", output_types(ten)$name)
        check("length known", length(ten))
        check("length infinite", length(dataset_repeat(ten)))
        check("length unknown", length(dataset_filter(ten, ~ .x > 2L)))
        check("length of a tf$data dataset", length(tf$data$Dataset$range(6L)))
        four <- dataset_batch(range_dataset(0, 4), 4)
        check("as_tensor of a dataset", as.numeric(as_tensor(four)))
        check("as_tensor of a dataset with a dtype", as_tensor(four, "float32")$dtype$name)
        check("as.array of a dataset",
              as.array(dataset_batch(tensor_slices_dataset(matrix(1:6, 3)), 3)))
        check("as_tf_dataset", c(inherits(as_tf_dataset(tf$data$Dataset$range(2L)), "tf_dataset"),
                                 inherits(ten, "tf_dataset")))
        check("make_iterator_one_shot", {
          it <- make_iterator_one_shot(range_dataset(0, 2))
          seen <- c()
          with_dataset(repeat seen <- c(seen, as.numeric(iterator_get_next(it))))
          seen
        })
        check("until_out_of_range", {
          it <- make_iterator_one_shot(range_dataset(0, 3))
          seen <- c()
          until_out_of_range(seen <- c(seen, as.numeric(iterator_get_next(it))))
          seen
        })
        check("until_out_of_range break", {
          n <- 0
          until_out_of_range({ n <- n + 1; if (n == 4) break })
          n
        })
        check("with_dataset passes other errors", with_dataset(stop("not the end")))

        # ---- re-exports --------------------------------------------------------------
        check("re-exports", c(
          identical(tfdatasets::`%>%`, magrittr::`%>%`),
          identical(tfdatasets::fit, generics::fit),
          identical(tfdatasets::iterate, reticulate::iterate),
          identical(tfdatasets::iter_next, reticulate::iter_next),
          identical(tfdatasets::as_iterator, reticulate::as_iterator),
          identical(tfdatasets::tuple, reticulate::tuple),
          identical(tfdatasets::shape, tensorflow::shape),
          identical(tfdatasets::as_tensor, tensorflow::as_tensor),
          identical(tfdatasets::tf, tensorflow::tf)))
        check("re-exported shape", format(tfdatasets::shape(NA, 3)))

        # ---- dataset_prepare ---------------------------------------------------------
        cars <- tensor_slices_dataset(mtcars[1:4, c("mpg", "cyl", "disp")])
        check("dataset_prepare with a formula", {
          first <- arrays(dataset_prepare(cars, mpg ~ cyl + disp))[[1]]
          c(names(first), first$x, first$y)
        })
        check("dataset_prepare with x and y", {
          first <- arrays(dataset_prepare(cars, x = c(cyl, disp), y = mpg, named = FALSE))[[1]]
          c(length(first), first[[1]], first[[2]])
        })
        check("dataset_prepare with a dot and a batch", {
          batch <- arrays(dataset_prepare(cars, mpg ~ ., batch_size = 3))[[1]]
          c(dim(batch$x), round(batch$y, 1))
        })
        check("dataset_prepare named features", {
          first <- arrays(dataset_prepare(cars, x = -mpg, y = "mpg", named_features = TRUE))[[1]]
          names(first$x)
        })
        check("dataset_prepare unknown column", dataset_prepare(cars, mpg ~ wt))
        check("dataset_prepare needs columns", dataset_prepare(ten, x = 1))

        # ---- fit ---------------------------------------------------------------------
        set.seed(1)
        x <- matrix(runif(200 * 3), ncol = 3)
        y <- x %*% c(1, 2, 3)
        train <- tensor_slices_dataset(list(x, y)) %>% dataset_shuffle(100) %>% dataset_batch(32)
        check("training batches", length(train))
        model <- keras_model_sequential(input_shape = 3) %>% layer_dense(1)
        model %>% compile(optimizer = optimizer_adam(learning_rate = 0.1), loss = "mse")
        history <- model %>% fit(train, epochs = 5, verbose = 0)
        check("fit from a dataset", c(class(history)[1], length(history$metrics$loss),
                                      history$metrics$loss[5] < history$metrics$loss[1]))
        check("evaluate on a dataset", is.numeric(unlist(model %>% evaluate(train, verbose = 0))))
        """))


# ---- sources ----------------------------------------------------------------------------


def test_exports_are_names_r_tfdatasets_exports(out):
    assert set(out["exports"].split()) == EXPORTS


def test_tensor_slices_of_a_vector_are_its_values(out):
    assert out["slices of a vector"] == "1 2 3"


def test_tensor_slices_of_a_matrix_are_its_rows(out):
    assert out["slices of a matrix are rows"] == "1 4"


def test_tensor_slices_of_an_unnamed_list_are_tuples(out):
    assert out["slices of an unnamed list are tuples"] == "2 20"


def test_tensor_slices_of_a_data_frame_are_named_rows(out):
    assert out["slices of a data frame are dicts"] == "a b 1 0.5"


def test_tensor_slices_of_a_partly_named_list_is_a_dict_keyed_by_its_names(out):
    assert out["slices of a partly named list"] == "'' 'b'"


def test_tensors_dataset_has_the_whole_value_as_one_element(out):
    assert out["tensors_dataset is one element"] == "1 1 2 3"


def test_sparse_tensor_slices_dataset_slices_rows(out):
    assert out["sparse_tensor_slices_dataset"] == "0 5 0 0 0 7"


def test_range_dataset_from_to_excludes_to(out):
    assert out["range_dataset from to"] == "1 2 3 4"


def test_range_dataset_to_by(out):
    assert out["range_dataset to by"] == "0 2 4"


def test_range_dataset_dtype(out):
    assert out["range_dataset dtype"] == "int32"


def test_range_dataset_needs_whole_numbers(out):
    assert out["range_dataset needs whole numbers"].endswith("`to` must be a whole number, not 2.5")


def test_random_integer_dataset_repeats_with_a_seed_and_is_infinite(out):
    assert out["random_integer_dataset repeats with a seed"] == "1 5 Inf"


def test_zip_datasets_of_datasets_gives_tuples(out):
    assert out["zip_datasets of datasets"] == "1 11"


def test_zip_datasets_of_a_list_gives_tuples(out):
    assert out["zip_datasets of a list"] == "2 12"


def test_zip_datasets_of_a_tuple_zips_its_datasets(out):
    assert out["zip_datasets of a tuple"] == "0 10"


def test_zip_datasets_with_names_gives_dicts(out):
    assert out["zip_datasets with names"] == "x y 0 10"


def test_zip_datasets_needs_datasets(out):
    assert "`..2` must be a TensorFlow Dataset" in out["zip_datasets needs datasets"]


def test_sample_from_datasets_follows_the_weights(out):
    assert out["sample_from_datasets follows the weights"] == "10 11 12"


def test_choose_from_datasets_follows_the_choices(out):
    assert out["choose_from_datasets"] == "foo bar foo bar"


# ---- files ----------------------------------------------------------------------------


def test_file_list_dataset_lists_matching_files(out):
    assert out["file_list_dataset"] == "a.txt b.txt"


def test_text_line_dataset_reads_lines(out):
    assert out["text_line_dataset"] == "first line second line"


def test_text_line_dataset_reads_several_files(out):
    assert out["text_line_dataset of several files"] == "3"


def test_tfrecord_dataset_reads_records(out):
    assert out["tfrecord_dataset"] == "record one record two"


def test_fixed_length_record_dataset_reads_records(out):
    assert out["fixed_length_record_dataset"] == "1 2 3"


def test_csv_record_spec_reads_names_and_types_and_skips_the_header(out):
    assert out["csv_record_spec reads names and types"] == \
        "mpg cyl name double integer character 1"


def test_text_line_dataset_with_a_record_spec_decodes_columns(out):
    assert out["text_line_dataset with a record_spec"] == "mpg cyl name 21 22.8 21.4 6 4 6"


def test_tsv_record_spec_and_dataset_decode_delim(out):
    assert out["tsv_record_spec with dataset_decode_delim"] == "integer character 1 2 x y"


def test_delim_record_spec_from_names_and_types(out):
    assert out["delim_record_spec without a file"] == "double integer 1.5 3 2 4"


def test_delim_record_spec_refuses_unknown_types(out):
    assert 'column types must be "integer", "double" or "character"' in \
        out["delim_record_spec bad types"]


def test_make_csv_dataset_splits_features_and_label(out):
    assert out["make_csv_dataset"] == "cyl name 21 22.8"


def test_read_files_reads_every_file(out):
    assert out["read_files of several files"] == "6"


def test_read_files_of_a_glob_pattern(out):
    assert out["read_files of a pattern"] == "3"


def test_sqlite_dataset_reads_the_rows_of_a_query(out):
    assert out["sqlite_dataset"] == "name mpg cyl a b 21 22.8 int32"


def test_sql_record_spec_needs_a_type_per_name(out):
    assert out["sql_record_spec needs a type per name"].endswith("1 types for 2 names")


# ---- reordering, selecting, repeating, buffering --------------------------------------


def test_dataset_batch_takes_a_double_batch_size(out):
    assert out["dataset_batch sizes"] == "4 4 2"


def test_dataset_batch_drop_remainder(out):
    assert out["dataset_batch drop_remainder sizes"] == "4 4"


def test_dataset_batch_drop_remainder_makes_the_batch_dimension_known(out):
    assert out["dataset_batch shapes"] == "(NA) (4)"


def test_dataset_batch_in_parallel(out):
    assert out["dataset_batch parallel"] == "0 1 2 3 4 5 6 7 8 9"


def test_dataset_batch_needs_a_whole_batch_size(out):
    assert out["dataset_batch needs a whole batch size"].endswith(
        "`batch_size` must be a whole number, not 2.5")


def test_dataset_shuffle_permutes(out):
    assert out["dataset_shuffle is a permutation"] == "TRUE FALSE"


def test_dataset_shuffle_without_reshuffling_repeats_its_order(out):
    assert out["dataset_shuffle without reshuffling repeats its order"] == "TRUE"


def test_dataset_shuffle_reshuffles_each_iteration(out):
    assert out["dataset_shuffle reshuffles each iteration"] == "FALSE"


def test_dataset_repeat_count(out):
    assert out["dataset_repeat"] == "0 1 2 0 1 2"


def test_dataset_repeat_without_count_is_infinite(out):
    assert out["dataset_repeat forever"] == "Inf"


def test_dataset_shuffle_and_repeat(out):
    assert out["dataset_shuffle_and_repeat"] == "0 0 1 1 2 2"


def test_dataset_take(out):
    assert out["dataset_take"] == "0 1 2"


def test_dataset_skip(out):
    assert out["dataset_skip"] == "7 8 9"


def test_dataset_shard(out):
    assert out["dataset_shard"] == "1 4 7"


def test_dataset_concatenate_several(out):
    assert out["dataset_concatenate"] == "0 1 5 6 9"


def test_dataset_cache_in_memory(out):
    assert out["dataset_cache in memory"] == "0 1 2"


def test_dataset_cache_to_a_file_writes_it(out):
    assert out["dataset_cache to a file"] == "0 1 2 1"


def test_dataset_cache_needs_a_string(out):
    assert "`filename` must be a single string" in out["dataset_cache needs a string"]


def test_dataset_prefetch(out):
    assert out["dataset_prefetch"] == "0 1 2"
    assert out["dataset_prefetch buffer"] == "0 1 2"


def test_dataset_prefetch_to_device(out):
    assert out["dataset_prefetch_to_device"] == "0 1 2"


def test_dataset_snapshot(out):
    assert out["dataset_snapshot"] == "0 1 2 3"


def test_dataset_options_sets_dotted_names(out):
    assert out["dataset_options sets"] == "FALSE 3 0 1"


def test_dataset_options_from_a_list(out):
    assert out["dataset_options from a list"] == "1"


def test_dataset_options_from_an_options_object(out):
    assert out["dataset_options from an Options object"] == "TRUE"


def test_dataset_options_without_values_gets_them(out):
    assert out["dataset_options gets"] == "TRUE"


def test_dataset_options_unknown_option_is_an_error(out):
    assert "no_such_option" in out["dataset_options unknown option"]


# ---- functions traced by tf.data -------------------------------------------------------


def test_dataset_map_with_an_r_function(out):
    assert out["dataset_map with an R function"] == "10 20 30"


def test_dataset_map_with_a_formula(out):
    assert out["dataset_map with a formula"] == "2 3 4"


def test_dataset_map_on_a_tuple_passes_the_components_as_arguments(out):
    assert out["dataset_map on a tuple passes the components as arguments"] == "11 22 33"


def test_dataset_map_formula_on_a_tuple_uses_dot_x_and_dot_y(out):
    assert out["dataset_map formula on a tuple uses .x and .y"] == "9 18 27"


def test_dataset_map_returning_a_list_gives_a_tuple(out):
    assert out["dataset_map returning a list gives a tuple"] == "2 10 1"


def test_dataset_map_on_a_dict_passes_a_named_list(out):
    assert out["dataset_map on a dict passes a named list"] == "1.5 3.5"


def test_dataset_map_returning_a_named_list_gives_a_dict(out):
    assert out["dataset_map returning a named list gives a dict"] == "twice a 1 1 3 2"


def test_dataset_map_parallel_with_autotune(out):
    assert out["dataset_map parallel"] == "0 -1 -2 -3"


def test_dataset_map_runs_the_r_function_once_while_tracing_not_per_element(out):
    assert out["dataset_map traces the R function once"] == "1 5050 1"


def test_dataset_map_with_a_python_function(out):
    assert out["dataset_map with a Python function"] == "-1 -2"


def test_dataset_map_r_error_names_the_transformation_and_the_message(out):
    assert out["dataset_map R error"] == (
        'ERROR in dataset_map(range_dataset(0, 3), function(x) stop("bad value")): '
        "in the function given as `map_func` to dataset_map(): bad value")


def test_dataset_map_r_error_is_an_r_condition(out):
    assert out["dataset_map R error class"] == "tfdatasets_function_error"


def test_dataset_map_error_of_a_tf_op_inside_the_function(out):
    text = out["dataset_map error of a tf op"]
    assert "in the function given as `map_func` to dataset_map():" in text
    assert "axis" in text.lower()


def test_dataset_map_function_with_too_many_arguments(out):
    text = out["dataset_map too many arguments"]
    assert text.startswith("ERROR") and "map_func" in text and '"y" is missing' in text


def test_dataset_map_needs_a_function(out):
    assert out["dataset_map needs a function"].endswith(
        "`map_func` must be a function or a formula such as ~ .x + 1")


def test_dataset_map_needs_a_dataset(out):
    assert "`dataset` must be a TensorFlow Dataset, not an object of class integer" in \
        out["dataset_map needs a dataset"]


def test_dataset_map_and_batch(out):
    assert out["dataset_map_and_batch"] == "-1 -2 -3"


def test_dataset_map_and_batch_with_parallel_batches(out):
    assert out["dataset_map_and_batch batches"] == "3"


def test_dataset_filter_with_a_formula(out):
    assert out["dataset_filter"] == "0 3 6 9"


def test_dataset_filter_on_a_tuple(out):
    assert out["dataset_filter with an R function"] == "2 20 3 30"


def test_dataset_take_while(out):
    assert out["dataset_take_while"] == "0 1 2 3"


def test_dataset_flat_map(out):
    assert out["dataset_flat_map"] == "0 0 1 1 2 2"


def test_dataset_interleave_cycles_blocks(out):
    assert out["dataset_interleave"] == "1 1 2 2 1 2 3 3 3"


def test_dataset_interleave_parallel(out):
    assert out["dataset_interleave parallel"] == "0 1 10 11 20 21"


def test_dataset_scan_accumulates(out):
    assert out["dataset_scan"] == "0 1 3 6 10 15"


def test_dataset_reduce_with_a_tuple_state(out):
    assert out["dataset_reduce"] == "9 3"


def test_dataset_reduce_with_a_formula(out):
    assert out["dataset_reduce formula"] == "24"


def test_dataset_enumerate_from_start(out):
    assert out["dataset_enumerate"] == "6 101"


def test_dataset_unique(out):
    assert out["dataset_unique"] == "0 1 2 37"


def test_dataset_group_by_window(out):
    assert out["dataset_group_by_window"] == "0,2,4,6,8 1,3,5,7,9"


def test_dataset_group_by_window_with_a_window_size_function(out):
    assert out["dataset_group_by_window window_size_func"] == "6"


def test_dataset_group_by_window_needs_one_window_size(out):
    assert "exactly one of `window_size` and `window_size_func`" in \
        out["dataset_group_by_window needs one window size"]


def test_dataset_rejection_resample_reaches_the_target(out):
    assert out["dataset_rejection_resample"] == "TRUE 1"


# ---- batches and windows --------------------------------------------------------------


def test_dataset_unbatch(out):
    assert out["dataset_unbatch"] == "0 1 2 3 4"


def test_dataset_rebatch_cycles_sizes(out):
    assert out["dataset_rebatch"] == "2 1 1 2 1 1"


def test_dataset_rebatch_drop_remainder(out):
    assert out["dataset_rebatch drop_remainder"] == "3 3"


def test_dataset_padded_batch_pads_to_the_longest_in_each_batch(out):
    assert out["dataset_padded_batch pads to the longest"] == "2x2 2x4"


def test_dataset_padded_batch_pads_with_zeros(out):
    # the matrix [[1, 0], [2, 2]], column by column
    assert out["dataset_padded_batch values"] == "1 2 0 2"


def test_dataset_padded_batch_to_a_fixed_shape(out):
    assert out["dataset_padded_batch to a fixed shape"] == "2 5"


def test_dataset_padded_batch_casts_an_r_padding_value(out):
    assert out["dataset_padded_batch with an R padding value"] == "1 2 -1 2 -1 -1"


def test_dataset_padded_batch_of_a_tuple(out):
    assert out["dataset_padded_batch of a tuple"] == "2 1 2 -1 2"


def test_dataset_window_slides(out):
    assert out["dataset_window"] == "0,1,2 2,3,4 4,5,6"


def test_dataset_bucket_by_sequence_length(out):
    assert out["dataset_bucket_by_sequence_length"] == "2x4 2x2 1x5"


# ---- reading a dataset ----------------------------------------------------------------


def test_as_array_iterator_gives_r_arrays(out):
    assert out["as_array_iterator gives R arrays"] == "array"


def test_as_iterator_gives_tensors(out):
    assert out["as_iterator gives tensors"] == "tensorflow.tensor"


def test_iterate_a_dataset(out):
    assert out["iterate a dataset"] == "0 1 2"


def test_dataset_collect_collects_every_element(out):
    assert out["dataset_collect"] == "10"


def test_dataset_collect_stops_at_iter_max(out):
    assert out["dataset_collect iter_max"] == "0 1 2"


def test_next_batch_puts_x_before_y(out):
    assert out["next_batch puts x first"] == "x y"


def test_output_types_of_a_tuple(out):
    assert out["output_types of a tuple"] == "float32 float32"


def test_output_types_of_a_dict(out):
    assert out["output_types of a dict"] == "int32 float32"


def test_output_shapes_of_a_batched_dict(out):
    assert out["output_shapes of a batched dict"] == "(NA) (NA)"


def test_output_types_of_a_single_tensor(out):
    assert out["output_types of a tensor"] == "int64"


def test_length_is_the_cardinality(out):
    assert out["length known"] == "10"


def test_length_of_an_infinite_dataset_is_inf(out):
    assert out["length infinite"] == "Inf"


def test_length_when_unknown_is_na(out):
    assert out["length unknown"] == "NA"


def test_length_of_a_dataset_from_tf_data(out):
    assert out["length of a tf$data dataset"] == "6"


def test_as_tensor_of_a_dataset_is_its_single_element(out):
    assert out["as_tensor of a dataset"] == "0 1 2 3"


def test_as_tensor_of_a_dataset_with_a_dtype(out):
    assert out["as_tensor of a dataset with a dtype"] == "float32"


def test_as_array_of_a_dataset(out):
    assert out["as.array of a dataset"] == "1 2 3 4 5 6"


def test_as_tf_dataset_marks_datasets(out):
    assert out["as_tf_dataset"] == "TRUE TRUE"


def test_one_shot_iterator_until_the_end(out):
    assert out["make_iterator_one_shot"] == "0 1"


def test_until_out_of_range_stops_at_the_end(out):
    assert out["until_out_of_range"] == "0 1 2"


def test_until_out_of_range_stops_at_break(out):
    assert out["until_out_of_range break"] == "4"


def test_with_dataset_passes_other_errors_on(out):
    assert out["with_dataset passes other errors"].endswith("not the end")


# ---- re-exports, dataset_prepare, fit ----------------------------------------------------


def test_reexports_are_the_functions_of_their_packages(out):
    assert out["re-exports"] == " ".join(["TRUE"] * 9)


def test_reexported_shape(out):
    assert out["re-exported shape"] == "(NA, 3)"


def test_dataset_prepare_with_a_formula(out):
    assert out["dataset_prepare with a formula"] == "x y 6 160 21"


def test_dataset_prepare_with_x_and_y_unnamed(out):
    assert out["dataset_prepare with x and y"] == "2 6 160 21"


def test_dataset_prepare_with_a_dot_and_a_batch(out):
    assert out["dataset_prepare with a dot and a batch"] == "3 2 21 21 22.8"


def test_dataset_prepare_named_features(out):
    assert out["dataset_prepare named features"] == "cyl disp"


def test_dataset_prepare_unknown_column(out):
    assert "wt" in out["dataset_prepare unknown column"]


def test_dataset_prepare_needs_named_columns(out):
    assert "no named columns" in out["dataset_prepare needs columns"]


def test_training_dataset_has_seven_batches(out):
    assert out["training batches"] == "7"


def test_fit_trains_a_keras_model_from_a_dataset(out):
    assert out["fit from a dataset"] == "keras_training_history 5 TRUE"


def test_evaluate_on_a_dataset(out):
    assert out["evaluate on a dataset"] == "TRUE"


# ---- TF1 iterators, in graph mode -------------------------------------------------------


@pytest.fixture(scope="module")
def graph(tmp_path_factory):
    directory = tmp_path_factory.mktemp("tfdatasets-graph")
    return run_labelled(directory, textwrap.dedent(r"""
        suppressPackageStartupMessages(library(tfdatasets))
        tf$compat$v1$disable_eager_execution()
        sess <- tf$compat$v1$Session()
        ds <- range_dataset(0, 3)
        it <- make_iterator_initializable(ds)
        element <- iterator_get_next(it)
        check("initializable iterator", {
          sess$run(iterator_initializer(it))
          seen <- c()
          with_dataset(repeat seen <- c(seen, sess$run(element)))
          seen
        })
        check("initializable iterator starts again", {
          sess$run(iterator_initializer(it))
          sess$run(element)
        })
        check("iterator from a structure", {
          generic <- make_iterator_from_structure(output_types(ds), output_shapes(ds))
          following <- iterator_get_next(generic)
          sess$run(iterator_make_initializer(generic, range_dataset(5, 7)))
          c(sess$run(following), sess$run(following))
        })
        check("iterator from a string handle", {
          run_raw <- py_get_attr(r_to_py(sess, convert = FALSE), "run")
          handle <- py_call(run_raw, iterator_string_handle(it))
          placeholder <- tf$compat$v1$placeholder(tf$string, shape = shape())
          feedable <- make_iterator_from_string_handle(placeholder, output_types(ds),
                                                       output_shapes(ds))
          following <- iterator_get_next(feedable)
          sess$run(iterator_initializer(it))
          seen <- c()
          feed <- py_dict(list(placeholder), list(handle))
          until_out_of_range(seen <- c(seen, sess$run(following, feed_dict = feed)))
          seen
        })
        check("next_batch gives the next batch at each run", {
          batch <- next_batch(dataset_batch(ds, 2))
          c(sess$run(batch), "|", sess$run(batch))
        })
        """))


def test_initializable_iterator_runs_to_the_end(graph):
    assert graph["initializable iterator"] == "0 1 2"


def test_initializable_iterator_starts_again_when_initialized(graph):
    assert graph["initializable iterator starts again"] == "0"


def test_iterator_from_a_structure_takes_a_dataset_of_that_structure(graph):
    assert graph["iterator from a structure"] == "5 6"


def test_iterator_from_a_string_handle_reads_the_iterator_it_names(graph):
    assert graph["iterator from a string handle"] == "0 1 2"


def test_next_batch_in_graph_mode_is_the_next_element_tensor(graph):
    assert graph["next_batch gives the next batch at each run"] == "0 1 | 2"
