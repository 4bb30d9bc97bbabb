"""pyreticulate's operator extension point (r/pyreticulate/R/py-operators.R):
register_operator_handler(class, handler) gives a Python class its own R
operator semantics through the one Ops method every proxy class shares, so
mixed operands still never make R 4.2 warn "Incompatible methods"."""
import pytest

import pyreticulate as pr
from helpers import r_true


@pytest.fixture(scope="module", autouse=True)
def money():
    pr.r('''
        py_run_string("class Money:\\n    def __init__(self, cents): self.cents = cents")
        register_operator_handler("__main__.Money", function(op, e1, e2) {
          cents <- function(v) if (inherits(v, "__main__.Money")) py_to_r(v$cents) else v * 100
          if (missing(e2)) return(paste("unary", op, cents(e1)))
          paste(op, cents(e1), cents(e2))
        })
    ''')


def test_a_binary_operator_on_a_registered_class_reaches_its_handler():
    r_true('identical(py$Money(250L) + 1, "+ 250 100")')


def test_the_handler_gets_the_operands_in_order_when_the_class_is_on_the_right():
    r_true('identical(2 * py$Money(5L), "* 200 5")')


def test_a_unary_operator_reaches_the_handler_without_e2():
    r_true('identical(-py$Money(7L), "unary - 7")')


def test_other_python_objects_keep_pythons_operators():
    r_true('py_to_r(r_to_py(2L) * 21L) == 42L')


def test_mixing_a_registered_class_with_an_ndarray_gives_no_dispatch_warning():
    r_true('''
        np <- import("numpy", convert = FALSE)
        seen <- list()
        value <- withCallingHandlers(py$Money(1L) == np$array(c(1, 2)),
                                     warning = function(w) seen[[length(seen) + 1L]] <<- w)
        length(seen) == 0L && is.character(value)
    ''')


def test_a_handler_must_take_op_e1_e2():
    with pytest.raises(pr.RError, match=r"an operator handler must be a function\(op, e1, e2\)"):
        pr.r('register_operator_handler("__main__.Money", function(x, y) NULL)')


def test_the_class_must_be_one_string():
    with pytest.raises(pr.RError, match="`class` must be a single non-empty string"):
        pr.r('register_operator_handler(c("a", "b"), function(op, e1, e2) NULL)')
