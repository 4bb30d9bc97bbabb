"""How much of R's C stack is left, read from Python without running R."""
import pyreticulate as pr
from pyreticulate.libr import cstack


def test_stack_pointer_can_be_read_here():
    assert cstack.room() is not None


def test_limit_is_rs_own():
    assert cstack.limit() == pr.r('Cstack_info()[["size"]]')


def test_room_left_is_what_r_reports_left():
    used_by_r = pr.r('Cstack_info()[["current"]]')
    room = cstack.room()
    # R measures inside its evaluation, some frames deeper than this test.
    assert 0 < room - (cstack.limit() - used_by_r) < 256 * 1024, (room, used_by_r)


def test_room_shrinks_in_python_called_from_r_called_from_python():
    pr.r('py_run_string("from pyreticulate.libr import cstack\\n'
         'def room_here():\\n    return cstack.room()\\n")')
    nested = pr.r("py$room_here()")
    assert nested < cstack.room()
