"""The Python side of knitr's Python chunks (pyreticulate/notebooks/chunks.py): statements
run one by one in ``__main__``, their output after the lines that printed it, figures saved
when shown, errors ending the chunk unless it keeps going."""
import sys

from pyreticulate.notebooks.chunks import run_chunk


def kinds(pieces):
    return [piece["kind"] for piece in pieces]


def test_output_follows_the_statements_that_printed_it():
    pieces = run_chunk("a = 1\nprint(a)\nb = 2\nprint(a + b)")
    assert pieces == [{"kind": "source", "text": "a = 1\nprint(a)"},
                      {"kind": "output", "text": "1\n"},
                      {"kind": "source", "text": "b = 2\nprint(a + b)"},
                      {"kind": "output", "text": "3\n"}]


def test_expression_values_are_printed_unless_the_statement_ends_with_a_semicolon():
    pieces = run_chunk("6 * 7\n6 * 8;")
    assert pieces == [{"kind": "source", "text": "6 * 7"},
                      {"kind": "output", "text": "42\n"},
                      {"kind": "source", "text": "6 * 8;"}]


def test_names_a_chunk_defines_are_in_main_for_the_next_chunk():
    run_chunk("chunk_test_shared = [1, 2]")
    pieces = run_chunk("len(chunk_test_shared)")
    assert pieces[-1] == {"kind": "output", "text": "2\n"}
    assert sys.modules["__main__"].chunk_test_shared == [1, 2]


def test_stderr_is_part_of_the_output():
    pieces = run_chunk("import sys\nprint('to stderr', file=sys.stderr)")
    assert pieces[-1] == {"kind": "output", "text": "to stderr\n"}


def test_an_error_ends_the_chunk_with_the_line_it_points_at():
    pieces = run_chunk("x = 1\ndef f():\n    return 1 / 0\nf()\nprint('never')", label="boom")
    assert kinds(pieces) == ["source", "error"]
    assert pieces[1]["line"] == 3
    assert pieces[1]["text"].endswith("ZeroDivisionError: division by zero\n")
    assert 'File "<chunk boom>", line 4, in <module>' in pieces[1]["text"]


def test_keep_going_shows_the_error_and_runs_the_next_statements():
    pieces = run_chunk("print('before')\n1 / 0\nprint('after')", keep_going=True)
    assert kinds(pieces) == ["source", "output", "source", "error", "source", "output"]
    assert pieces[-1] == {"kind": "output", "text": "after\n"}


def test_a_syntax_error_is_an_error_at_its_line():
    pieces = run_chunk("x = 1\ny = (\n", label="bad")
    assert kinds(pieces) == ["source", "error"]
    assert pieces[1]["line"] == 2
    assert "SyntaxError" in pieces[1]["text"]


def test_echo_false_leaves_the_source_out():
    assert run_chunk("print(5)", echo=False) == [{"kind": "output", "text": "5\n"}]


def test_hold_puts_the_whole_source_first():
    pieces = run_chunk("print(1)\nprint(2)", hold=True)
    assert pieces == [{"kind": "source", "text": "print(1)\nprint(2)"},
                      {"kind": "output", "text": "1\n"}, {"kind": "output", "text": "2\n"}]


def test_warnings_can_be_silenced():
    code = "import warnings\nwarnings.warn('careful', UserWarning)"
    shown = run_chunk(code)
    silenced = run_chunk(code, warnings_shown=False)
    assert "UserWarning: careful" in shown[-1]["text"]
    assert kinds(silenced) == ["source"]


def test_shown_and_open_figures_are_saved_as_numbered_pngs(tmp_path):
    code = ("import matplotlib.pyplot as plt\nplt.plot([1, 2]);\nplt.show()\n"
            "plt.figure()\nplt.plot([2, 1]);")
    pieces = run_chunk(code, figure_prefix=str(tmp_path / "fig" / "plots"))
    figures = [piece["path"] for piece in pieces if piece["kind"] == "figure"]
    assert figures == [str(tmp_path / "fig" / "plots-1.png"), str(tmp_path / "fig" / "plots-2.png")]
    assert all(open(path, "rb").read(4) == b"\x89PNG" for path in figures)
    assert kinds(pieces).index("figure") == 1   # the first after plt.show()'s lines


def test_show_is_matplotlibs_own_again_after_the_chunk(tmp_path):
    import matplotlib.pyplot as plt
    original = plt.show
    run_chunk("import matplotlib.pyplot as plt\nplt.figure();", figure_prefix=str(tmp_path / "f"))
    assert plt.show is original
    assert plt.get_fignums() == []
