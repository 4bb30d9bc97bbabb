"""The TensorFlow entry points (r/tensorflow/R/tf-api.R): `tf` imported on first
use, tf_version(), as_tensor(), tf_function() (traced on the main thread),
device information and the message for a GPU that is not there."""
import pytest

from helpers.scripts import labelled, run_code


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return labelled(run_code(tmp_path_factory.mktemp("tensorflow"), """
        library(pyreticulate)
        sys <- import("sys")
        cat("imported before use:", "tensorflow" %in% names(sys$modules), "\\n")
        invisible(tf$constant(1))
        cat("imported after use:", "tensorflow" %in% names(sys$modules), "\\n")
        cat("tf_version:", class(tf_version())[1], as.character(tf_version()),
            py_to_r(tf$version$VERSION), "\\n")

        cat("as_tensor double:", as_tensor(c(1, 2))$dtype$name, "\\n")
        cat("as_tensor integer dtype:", as_tensor(c(1.7, 2), dtype = "int32")$dtype$name,
            as.integer(as_tensor(c(1.7, 2), dtype = "int32")), "\\n")
        cat("as_tensor shape is row-major:", as.numeric(as_tensor(1:6, shape = c(2, 3))[1, ]), "\\n")
        cat("as_tensor fills a scalar:", dim(as_tensor(7, shape = c(2, 2))),
            as.numeric(sum(as_tensor(7, shape = c(2, 2)))), "\\n")
        cat("as_tensor of a shape:", as.integer(as_tensor(shape(NA, 3))), "\\n")
        cat("as_tensor NA to integer:",
            tryCatch(as_tensor(NA_real_, dtype = "int32"), error = conditionMessage), "\\n")

        traces <- 0L
        f <- tf_function(function(x) {
          traces <<- traces + 1L
          x * 2
        }, autograph = FALSE)
        first <- as.numeric(f(tf$constant(c(1, 2))))
        second <- as.numeric(f(tf$constant(c(3, 4))))
        cat("tf_function values:", first, second, "\\n")
        cat("tf_function traces once:", traces, "\\n")
        cat("tf_function class:", inherits(f, "tensorflow.python.eager.polymorphic_function.polymorphic_function.Function"), "\\n")
        cat("tf_function signature:", as.numeric(tf_function(function(x) x + 1,
            input_signature = list(tf$TensorSpec(shape(NULL), tf$float32)),
            autograph = FALSE)(tf$constant(c(1, 2, 3)))), "\\n")
        cat("tf_function autograph default:",
            as.numeric(tf_function(function(x) x * 3)(tf$constant(2))), "\\n")
        cat("tf_function needs a function:",
            tryCatch(tf_function(3, autograph = FALSE), error = conditionMessage), "\\n")

        thread_of_r <- NULL
        g <- tf_function(function(x) {
          thread_of_r <<- as.integer(basename(Sys.readlink("/proc/thread-self"))) == Sys.getpid()
          thread_of_python <<- py_eval("__import__('threading').current_thread().name")
          x + 1
        }, autograph = FALSE)
        py$g <- g
        py_run_string(paste(
          "import threading, tensorflow as tf",
          "box = {}",
          "def work():",
          "    box['caller'] = threading.current_thread().name",
          "    box['value'] = float(g(tf.constant(1.0)))",
          "t = threading.Thread(target=work, name='tf-worker')",
          "t.start()",
          "while t.is_alive():",
          "    t.join(0.05)",
          sep = "\\n"))
        cat("traced from thread:", py$box$caller, "\\n")
        cat("R body ran on the main thread:", thread_of_r, "\\n")
        cat("Python calls of the R body ran on:", thread_of_python, "\\n")
        cat("value from thread:", py$box$value, "\\n")

        devices <- tf$config$list_physical_devices()
        cat("physical devices:", vapply(devices, function(d) d$device_type, ""), "\\n")
        cat("tf_devices:", paste(tensorflow:::tf_devices()$device_type, collapse = ","), "\\n")
        cat("gpu configured matches the devices:", identical(tf_gpu_configured(verbose = FALSE),
            length(tf$config$list_physical_devices("GPU")) > 0L), "\\n")
        cat("gpu request:", tryCatch(with(tf$device("/GPU:99"), tf$constant(1)),
                                     error = conditionMessage), "\\n")
        cat("cpu request:", as.numeric(with(tf$device("/CPU:0"), tf$constant(5) + 1)), "\\n")
        """))


def test_tf_is_imported_on_first_use(out):
    assert out["imported before use"] == "FALSE"
    assert out["imported after use"] == "TRUE"


def test_tf_version_is_major_minor(out):
    cls, short, full = out["tf_version"].split()
    assert cls == "package_version"
    assert full.startswith(short + ".")


def test_as_tensor_keeps_r_doubles_as_float64(out):
    assert out["as_tensor double"] == "float64"


def test_as_tensor_casts_to_an_integer_dtype(out):
    assert out["as_tensor integer dtype"] == "int32 1 2"


def test_as_tensor_shape_fills_row_major(out):
    assert out["as_tensor shape is row-major"] == "1 2 3"


def test_as_tensor_shape_fills_a_scalar(out):
    assert out["as_tensor fills a scalar"] == "2 2 28"


def test_as_tensor_of_a_shape_marks_unknown_dimensions(out):
    assert out["as_tensor of a shape"] == "-1 3"


def test_as_tensor_refuses_na_for_integers(out):
    assert "NA cannot be converted" in out["as_tensor NA to integer"]


def test_tf_function_computes(out):
    assert out["tf_function values"] == "2 4 6 8"


def test_tf_function_traces_the_r_body_once(out):
    assert out["tf_function traces once"] == "1"


def test_tf_function_is_a_tf_function(out):
    assert out["tf_function class"] == "TRUE"


def test_tf_function_accepts_an_input_signature(out):
    assert out["tf_function signature"] == "2 3 4"


def test_tf_function_with_default_autograph_traces_a_function_without_control_flow(out):
    assert out["tf_function autograph default"] == "6"


def test_tf_function_needs_an_r_function(out):
    assert out["tf_function needs a function"] == "tf_function() needs an R function"


def test_tf_function_called_from_another_thread_traces_r_on_that_thread(out):
    """R goes to the thread that needs it (docs/architecture.md, Threads)."""
    assert out["traced from thread"] == "tf-worker"
    assert out["R body ran on the main thread"] == "FALSE"


def test_tf_function_traced_on_another_thread_runs_python_calls_of_r_on_that_thread(out):
    assert out["Python calls of the R body ran on"] == "tf-worker"


def test_tf_function_called_from_another_thread_returns_its_value(out):
    assert out["value from thread"] == "2"


def test_physical_devices_are_listed_from_r(out):
    assert "CPU" in out["physical devices"].split()


def test_tf_devices_is_a_data_frame_of_devices(out):
    assert "CPU" in out["tf_devices"].split(",")


def test_tf_gpu_configured_reports_whether_tensorflow_sees_a_gpu(out):
    assert out["gpu configured matches the devices"] == "TRUE"


def test_requesting_an_absent_gpu_is_a_clear_error(out):
    assert out["gpu request"].startswith("a GPU was requested (/GPU:99) but it is not available")


def test_requesting_the_cpu_works(out):
    assert out["cpu request"] == "6"
