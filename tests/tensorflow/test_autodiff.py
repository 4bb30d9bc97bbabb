"""Automatic differentiation from R: the eager linear regression and the
hand-checked computational graph (examples/tensorflow), GradientTape
through with()/%as%, persistent tapes and watch()."""
import pytest

from helpers.scripts import example, labelled, run_code, run_r


@pytest.fixture(scope="module")
def regression():
    return labelled(run_r(example("tensorflow", "linear_regression_eager.R")))


@pytest.fixture(scope="module")
def graph():
    return labelled(run_r(example("tensorflow", "computational_graph.R")))


@pytest.fixture(scope="module")
def tapes(tmp_path_factory):
    return labelled(run_code(tmp_path_factory.mktemp("tapes"), """
        library(pyreticulate)
        x <- tf$Variable(3)
        with(tf$GradientTape(persistent = TRUE) %as% tape, {
          y <- x^2
          z <- y * 2
        })
        cat("persistent dy/dx:", as.numeric(tape$gradient(y, x)), "\\n")
        cat("persistent dz/dx:", as.numeric(tape$gradient(z, x)), "\\n")
        k <- tf$constant(4)
        with(tf$GradientTape() %as% tape, {
          tape$watch(k)
          s <- sqrt(k)
        })
        cat("watched constant:", as.numeric(tape$gradient(s, k)), "\\n")
        with(tf$GradientTape() %as% tape, s <- sqrt(k))
        cat("unwatched constant is NULL:", is.null(tape$gradient(s, k)), "\\n")
        for (i in 1:3) {
          with(tf$GradientTape() %as% tape, loss <- x * i)
          last <- as.numeric(tape$gradient(loss, x))
        }
        cat("tape in a loop:", last, "\\n")
        g <- tf_function(function(v) {
          with(tf$GradientTape() %as% tape, {
            tape$watch(v)
            out <- sum(v^3)
          })
          tape$gradient(out, v)
        }, autograph = FALSE)
        cat("gradient inside tf_function:", as.numeric(g(tf$constant(c(1, 2)))), "\\n")
        """))


def test_eager_regression_recovers_slope(regression):
    assert float(regression["w"]) == pytest.approx(3, abs=0.05)


def test_eager_regression_recovers_intercept(regression):
    assert float(regression["b"]) == pytest.approx(2, abs=0.05)


def test_eager_regression_reaches_the_noise_level(regression):
    assert float(regression["loss"]) < 0.02


def test_computational_graph_forward_value_is_hand_computed(graph):
    assert graph["f"] == "100"


def test_computational_graph_gradient_in_x_is_hand_computed(graph):
    assert graph["df/dx"] == "140"


def test_computational_graph_gradient_in_y_is_hand_computed(graph):
    assert graph["df/dy"] == "40"


def test_persistent_tape_gives_a_first_gradient(tapes):
    assert tapes["persistent dy/dx"] == "6"


def test_persistent_tape_gives_a_second_gradient(tapes):
    assert tapes["persistent dz/dx"] == "12"


def test_watch_makes_a_constant_differentiable(tapes):
    assert float(tapes["watched constant"]) == pytest.approx(0.25)


def test_unwatched_constant_has_no_gradient(tapes):
    assert tapes["unwatched constant is NULL"] == "TRUE"


def test_as_binding_is_the_tape_of_the_latest_block(tapes):
    assert tapes["tape in a loop"] == "3"


def test_tape_works_inside_tf_function(tapes):
    assert tapes["gradient inside tf_function"] == "3 12"
