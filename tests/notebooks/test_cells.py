"""R code run as a notebook cell (pyreticulate/notebooks/cells.py), as the kernel and the
%%R magic run it: expressions at R's top level, plots as PNG data, the first error ends it."""
import pyreticulate as pr
from pyreticulate.notebooks.cells import PlotSize, run_cell


def test_visible_values_are_printed_as_the_console_prints_them(capsys):
    cell = run_cell("a <- 2\na * 21\ninvisible(7)")
    assert (cell.error, capsys.readouterr().out) == (None, "[1] 42\n")


def test_each_page_drawn_is_a_png_of_the_plot_size():
    cell = run_cell("plot(1:3)\nhist(c(1, 2, 2, 3))", size=PlotSize(width=4, height=3, res=50))
    assert len(cell.images) == 2
    assert [(int.from_bytes(image[16:20], "big"), int.from_bytes(image[20:24], "big"))
            for image in cell.images] == [(200, 150), (200, 150)]


def test_the_cells_device_is_closed_after_it():
    before = pr.r("as.integer(grDevices::dev.list())")
    run_cell("plot(1)")
    assert pr.r("as.integer(grDevices::dev.list())") == before


def test_the_first_error_ends_the_cell(capsys):
    cell = run_cell("cat('one\\n')\nstop('halt')\ncat('two\\n')")
    assert capsys.readouterr().out == "one\n"
    assert (cell.error_name(), cell.error_message(), cell.error_text()) == (
        "simpleError", "halt", "Error: halt")


def test_plots_drawn_before_an_error_are_kept():
    cell = run_cell("plot(1)\nstop('after the plot')")
    assert (len(cell.images), cell.error_message()) == (1, "after the plot")


def test_a_parse_error_is_the_cells_error():
    cell = run_cell("x <- (1 +")
    assert isinstance(cell.error, pr.RError)
    assert "unexpected end of input" in cell.error_message()


def test_without_autoprint_nothing_is_printed_and_the_last_value_is_returned(capsys):
    cell = run_cell("b <- 5\nb * 2", autoprint=False)
    assert (cell.value, capsys.readouterr().out) == (10.0, "")
