"""``repl_python()``: Python's interactive loop fed line by line from R.

R reads the lines (from the console or from ``input``) and hands each to
``Repl.push``; a complete statement runs in ``__main__`` in Python's
interactive mode, so the value of an expression is printed as Python's REPL
prints it. An error prints its traceback and the loop goes on. ``exit`` and
``quit`` (alone on a line, with or without ``()``) end the loop.
"""
import codeop
import subprocess
import sys
import traceback

EXIT_WORDS = frozenset({"exit", "quit", "exit()", "quit()"})


class Repl:
    """The state of one ``repl_python()`` loop."""

    def __init__(self):
        self.compiler = codeop.CommandCompiler()
        self.lines = []

    @property
    def prompt(self):
        return "... " if self.lines else ">>> "

    def push(self, line):
        """Take one line: "exit", "more" (the statement goes on) or "done"."""
        if not self.lines and line.strip() in EXIT_WORDS:
            return "exit"
        if not self.lines and line.lstrip().startswith("!"):
            subprocess.run(line.lstrip()[1:], shell=True, check=False)
            return "done"
        self.lines.append(line)
        source = "\n".join(self.lines)
        try:
            code = self.compiler(source, "<python-input>", "single")
        except (SyntaxError, OverflowError, ValueError):
            self.lines = []
            traceback.print_exc(limit=0)
            return "done"
        if code is None:
            return "more"
        self.lines = []
        try:
            exec(code, sys.modules["__main__"].__dict__)
        except SystemExit:
            return "exit"
        except BaseException:
            kind, value, tb = sys.exc_info()
            traceback.print_exception(kind, value, tb.tb_next if tb is not None else None)
        return "done"

    def finish(self):
        """End of input: run what is pending, as an empty line would."""
        if self.lines:
            return self.push("")
        return "done"
