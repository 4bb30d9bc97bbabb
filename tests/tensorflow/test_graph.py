"""TF1 graph mode from R: use_compat("v1"), placeholders, variables,
optimizers, Session$run() with single, list, named-list and nested fetches
(returned with the same structure), feed_dict = dict(...) keyed by the
placeholders in the caller's frame, and the graph-mode regression."""
import pytest

from helpers.scripts import example, labelled, run_code, run_r


@pytest.fixture(scope="module")
def regression():
    return labelled(run_r(example("tensorflow", "linear_regression_graph.R")))


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    return labelled(run_code(tmp_path_factory.mktemp("session"), """
        library(reticulate)
        library(tensorflow)
        use_compat("v1")
        cat("eager after use_compat:", tf$executing_eagerly(), "\\n")
        cat("tf is compat.v1:", py_to_r(tf$`__name__`), "\\n")
        x <- tf$placeholder(tf$float32, shape(NULL))
        a <- tf$constant(2)
        b <- tf$Variable(5)
        total <- sum(x * a)
        sess <- tf$Session()
        invisible(sess$run(tf$global_variables_initializer()))
        single <- sess$run(a)
        cat("single fetch:", single, class(single), "\\n")
        listed <- sess$run(list(a, b))
        cat("list fetch:", class(listed), length(listed), unlist(listed), "\\n")
        one <- sess$run(list(a))
        cat("list of one stays a list:", is.list(one), length(one), "\\n")
        named <- sess$run(list(a = a, b = b))
        cat("named fetch:", paste(names(named), unlist(named), sep = "=", collapse = ","), "\\n")
        nested <- sess$run(list(outer = list(a, inner = list(b, a)), last = b))
        cat("nested names:", paste(names(nested), collapse = ","), "|",
            paste(names(nested$outer), collapse = ","), "\\n")
        cat("nested values:", nested$outer[[1]], nested$outer$inner[[1]],
            nested$outer$inner[[2]], nested$last, "\\n")
        fed <- sess$run(total, feed_dict = dict(x = c(1, 2, 3)))
        cat("fed by placeholder key:", fed, "\\n")
        update <- b$assign_add(1)
        with_op <- sess$run(list(op = update$op, value = b))
        cat("operation fetch is NULL:", is.null(with_op$op), "names:", names(with_op), "\\n")
        vector <- sess$run(x * 2, feed_dict = dict(x = c(1, 2)))
        cat("vector fetch:", vector, "\\n")
        cat("graph tensor class:", inherits(x, "tensorflow.tensor"), "\\n")
        cat("graph tensor indexing:", sess$run(x[2:3], feed_dict = dict(x = c(7, 8, 9))), "\\n")
        cat("graph tensor value error:", tryCatch(as.array(x), error = conditionMessage), "\\n")
        cat("graph tensor dim:", dim(x), "\\n")
        sess$close()
        library(tfautograph)
        y <- tf$placeholder(tf$float32, shape())
        autograph(if (y > 0) z <- y * 2 else z <- -y)
        branches <- tf$Session()
        cat("autograph if in a graph:", branches$run(z, feed_dict = dict(y = 3)),
            branches$run(z, feed_dict = dict(y = -4)), "\n")
        w <- tf$placeholder(tf$float32, shape())
        fed <- w
        checked <- autograph({
          stopifnot(w > 0)
          w * 10
        })
        cat("stopifnot in a graph passes:", branches$run(checked, feed_dict = dict(fed = 2)), "\n")
        cat("stopifnot in a graph fails:", tryCatch(branches$run(checked, feed_dict = dict(fed = -1)),
            error = function(e) grepl("w > 0", conditionMessage(e), fixed = TRUE)), "\n")
        seeded <- use_session_with_seed(3, quiet = TRUE)
        first <- seeded$run(tf$random_uniform(shape(2)))
        seeded <- use_session_with_seed(3, quiet = TRUE)
        cat("seeded sessions draw the same:", identical(first, seeded$run(tf$random_uniform(shape(2)))),
            "\n")
        cat("seeded session runs on one thread:",
            seeded$`_config`$intra_op_parallelism_threads, "\n")
        """))


def test_graph_regression_recovers_slope(regression):
    assert float(regression["w"]) == pytest.approx(3, abs=0.05)


def test_graph_regression_recovers_intercept(regression):
    assert float(regression["b"]) == pytest.approx(2, abs=0.05)


def test_graph_regression_loss_is_fetched_by_name(regression):
    assert float(regression["loss"]) < 0.02


def test_graph_regression_nested_fetch_keeps_names(regression):
    assert regression["structure"] == "loss,params"


def test_autograph_if_on_a_placeholder_builds_a_cond(session):
    assert session["autograph if in a graph"] == "6 4"


def test_autograph_stopifnot_in_a_graph_makes_the_result_depend_on_the_assertion(session):
    assert session["stopifnot in a graph passes"] == "20"
    assert session["stopifnot in a graph fails"] == "TRUE"


def test_use_session_with_seed_gives_sessions_that_draw_the_same_numbers(session):
    assert session["seeded sessions draw the same"] == "TRUE"
    assert session["seeded session runs on one thread"] == "1"


def test_use_compat_disables_eager_execution(session):
    assert session["eager after use_compat"] == "FALSE"


def test_use_compat_rebinds_tf_to_compat_v1(session):
    assert session["tf is compat.v1"] == "tensorflow._api.v2.compat.v1"


def test_single_fetch_is_an_r_number(session):
    assert session["single fetch"] == "2 numeric"


def test_list_fetch_is_an_r_list(session):
    assert session["list fetch"] == "list 2 2 5"


def test_list_of_one_fetch_stays_a_list(session):
    assert session["list of one stays a list"] == "TRUE 1"


def test_named_list_fetch_keeps_names(session):
    assert session["named fetch"] == "a=2,b=5"


def test_nested_fetch_keeps_names_at_every_level(session):
    assert session["nested names"] == "outer,last | ,inner"


def test_nested_fetch_puts_each_value_in_its_place(session):
    assert session["nested values"] == "2 5 2 5"


def test_feed_dict_is_keyed_by_the_placeholder_in_the_callers_frame(session):
    assert session["fed by placeholder key"] == "12"


def test_operation_fetch_is_null_in_its_place(session):
    assert session["operation fetch is NULL"] == "TRUE names: op value"


def test_vector_fetch_converts_to_r_values(session):
    assert session["vector fetch"] == "2 4"


def test_graph_tensors_are_tensors(session):
    assert session["graph tensor class"] == "TRUE"


def test_graph_tensor_indexing_is_one_based(session):
    assert session["graph tensor indexing"] == "8 9"


def test_graph_tensor_has_no_value_outside_a_session(session):
    assert "use sess$run(x)" in session["graph tensor value error"]


def test_graph_tensor_unknown_dimension_is_na(session):
    assert session["graph tensor dim"] == "NA"
