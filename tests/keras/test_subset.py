"""op_subset(), op_subset_set() and `op_subset<-`() (r/keras3/R/keras-subset.R):
R's `[` idioms on tensors with keras3's rules."""
import pytest

from helpers.scripts import run_labelled

SCRIPT = r'''
x <- op_reshape(op_arange(1, 13), c(3, 4))
v <- function(t) as.vector(t(as.array(t)))
d <- function(t) unlist(op_shape(t))
check("row", v(op_subset(x, 1)))
check("row_drops", d(op_subset(x, 1)))
check("column", v(op_subset(x, , 2)))
check("element", v(op_subset(x, 2, 3)))
check("negative_from_end", v(op_subset(x, -1, -1)))
check("slice_inclusive", v(op_subset(x, 2:3, 1)))
check("slice_na_end", v(op_subset(x, 1, 2:NA)))
check("slice_step", v(op_subset(x, 1, 1:NA:2)))
check("slice_decreasing", v(op_subset(x, 3:1, 1)))
check("vector_positions", v(op_subset(x, c(1, 3), 1)))
check("logical_vector", v(op_subset(x, c(TRUE, FALSE, TRUE), 4)))
check("two_vectors_intersect", d(op_subset(x, c(1, 2), c(2, 4))))
check("newaxis", d(op_subset(x, NULL, 1)))
check("ellipsis", v(op_subset(x, .., 4)))
check("logical_array", v(op_subset(x, as.array(x) > 10)))
check("position_matrix", v(op_subset(x, rbind(c(1, 1), c(3, 4)))))
check("zero_is_an_error", op_subset(x, 0))
check("too_many", op_subset(x, 1, 1, 1))
y <- x
op_subset(y, 1, 1) <- 100
check("replace_element", v(op_subset(y, 1)))
check("replace_keeps_original", v(op_subset(x, 1, 1)))
check("subset_set_column", v(op_subset(op_subset_set(x, , 2, value = 0), , 2)))
kt <- keras_input(shape = c(4, 5))
check("keras_tensor", shape_of(op_subset(kt, , 2)))
'''


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return run_labelled(tmp_path_factory.mktemp("keras_subset"), SCRIPT)


def test_one_position_is_a_row(out):
    assert out["row"] == "1 2 3 4"
    assert out["row_drops"] == "4"


def test_a_missing_argument_is_the_whole_axis(out):
    assert out["column"] == "2 6 10"


def test_positions_are_one_based(out):
    assert out["element"] == "7"


def test_negative_positions_count_from_the_end(out):
    assert out["negative_from_end"] == "12"


def test_slices_include_their_end(out):
    assert out["slice_inclusive"] == "5 9"


def test_slice_with_na_end_runs_to_the_end(out):
    assert out["slice_na_end"] == "2 3 4"


def test_slice_with_a_step(out):
    assert out["slice_step"] == "1 3"


def test_decreasing_slice_runs_backwards(out):
    assert out["slice_decreasing"] == "9 5 1"


def test_a_vector_of_positions_gathers(out):
    assert out["vector_positions"] == "1 9"


def test_a_logical_vector_selects(out):
    assert out["logical_vector"] == "4 12"


def test_two_vectors_select_their_intersection(out):
    assert out["two_vectors_intersect"] == "2 2"


def test_null_adds_an_axis(out):
    assert out["newaxis"] == "1 4"


def test_dotdot_stands_for_the_other_axes(out):
    assert out["ellipsis"] == "4 8 12"


def test_a_logical_array_selects_in_row_major_order(out):
    assert out["logical_array"] == "11 12"


def test_a_matrix_of_positions_selects_elements(out):
    assert out["position_matrix"] == "1 12"


def test_position_zero_is_an_error(out):
    assert "0 is not one" in out["zero_is_an_error"]


def test_more_indices_than_axes_is_an_error(out):
    assert "3 indices for a tensor of rank 2" in out["too_many"]


def test_replacement_changes_the_selected_elements(out):
    assert out["replace_element"] == "100 2 3 4"
    assert out["replace_keeps_original"] == "1"


def test_op_subset_set_replaces(out):
    assert out["subset_set_column"] == "0 0 0"


def test_op_subset_on_a_keras_tensor(out):
    assert out["keras_tensor"] == "None 5"
