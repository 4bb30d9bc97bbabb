"""The stress suite (``make stress``; not part of ``make test``).

Each module ``test_<family>.py`` is one family; at the end of the run every
family prints one line ``<family>: N passed, M failed``. A case that errors in
set-up or tear-down, or is skipped, counts as failed (a stress case that did
not run has not passed), and the run then exits non-zero.

Everything is bounded: in-process cases wait on threads with time limits, and
whatever could crash or hang runs in a fresh process with a time limit
(``helpers.processes``). As a last resort a case still running after
CASE_LIMIT seconds ends the run with every thread's traceback (faulthandler).
"""
import faulthandler
import os
import sys

import pytest

FAMILIES = ("threads", "memory", "gctorture", "sigint", "fuzz", "issue11")
CASE_LIMIT = 600
HERE = os.path.dirname(os.path.abspath(__file__))

_outcomes = {}


def family_of(path):
    """The family of a test file in this directory (``test_threads.py`` → ``threads``)."""
    path = os.path.abspath(str(path))
    if os.path.dirname(path) != HERE:
        return None
    name = os.path.splitext(os.path.basename(path))[0]
    return name[len("test_"):] if name.startswith("test_") else None


def pytest_collection_finish(session):
    if session.config.option.collectonly:
        return
    for item in session.items:
        family = family_of(item.path)
        if family is not None:
            _outcomes[item.nodeid] = [family, "not run"]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    faulthandler.dump_traceback_later(CASE_LIMIT, exit=True, file=sys.__stderr__)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def pytest_runtest_logreport(report):
    entry = _outcomes.get(report.nodeid)
    if entry is None:
        return
    if report.failed or report.skipped:
        entry[1] = "failed"
    elif report.when == "call" and entry[1] == "not run":
        entry[1] = "passed"


def _counts():
    counts = {}
    for family, outcome in _outcomes.values():
        passed, failed = counts.get(family, (0, 0))
        counts[family] = (passed + (outcome == "passed"), failed + (outcome != "passed"))
    return counts


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter):
    counts = _counts()
    order = [f for f in FAMILIES if f in counts] + sorted(set(counts) - set(FAMILIES))
    if order:
        terminalreporter.section("stress families")
    for family in order:
        passed, failed = counts[family]
        terminalreporter.write_line(f"{family}: {passed} passed, {failed} failed")


def pytest_sessionfinish(session, exitstatus):
    if any(failed for _, failed in _counts().values()) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
