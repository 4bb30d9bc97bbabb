"""R packages' testthat files as pytest items, run through the bridge.

With the ini option ``r_testthat = true``, pytest collects every ``test*.R`` file in a
``tests/testthat`` directory of an R package (a directory holding ``DESCRIPTION``): one
item per top-level ``test_that()`` block, named by its description, and one item
``(file)`` for what runs outside the blocks (helpers, top-level code, blocks whose names
are computed). The files of one package run together in one fresh ``pyreticulate run``
process (``testthat.R``), as ``test_check()`` runs them: the package attached, each
file's tests in an environment over its namespace; each item then reports its block:
passed, failed or errored with testthat's messages, or skipped with its reason.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from .. import api
from ..rmodules import r as _evaluator

DRIVER = Path(__file__).with_name("testthat.R")
FILE_ITEM = "(file)"
_RESULTS = pytest.StashKey[dict[str, dict[str, Any]]]()


def add_options(parser: pytest.Parser) -> None:
    parser.addini("r_testthat", "collect R packages' tests/testthat/test*.R files", type="bool",
                  default=False)
    parser.addini("r_testthat_timeout", "seconds one package's testthat files may take",
                  default="1200")


def collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not parent.config.getini("r_testthat"):
        return None
    if package_of(file_path) is None:
        return None
    return RTestFile.from_parent(parent, path=file_path)


def package_of(file_path: Path) -> str | None:
    """The package whose ``tests/testthat`` holds ``file_path`` (a test file), or None."""
    if not (file_path.suffix == ".R" and file_path.name.startswith("test")):
        return None
    testthat = file_path.parent
    if testthat.name != "testthat" or testthat.parent.name != "tests":
        return None
    description = testthat.parent.parent / "DESCRIPTION"
    if not description.is_file():
        return None
    match = re.search(r"^Package:\s*(\S+)", description.read_text(), re.MULTILINE)
    return match.group(1) if match else None


class RTestFailure(Exception):
    """A testthat block that failed or errored: its expectations' messages."""


class RTestFile(pytest.File):
    """A testthat file: its top-level blocks, found by R's parser."""

    def collect(self) -> Iterator[pytest.Item]:
        yield RTestBlock.from_parent(self, name=FILE_ITEM, test=None, index=0, line=0)
        seen: dict[str, int] = {}
        for test, line in _static_blocks(self.path):
            index = seen.get(test, 0)
            seen[test] = index + 1
            name = test if index == 0 else f"{test} [{index + 1}]"
            yield RTestBlock.from_parent(self, name=name, test=test, index=index, line=line)

    def record(self) -> dict[str, Any]:
        """This file's results, running its package's collected files on first use."""
        results = self.config.stash.setdefault(_RESULTS, {})
        key = str(self.path.resolve())
        if key not in results:
            results.update(_run_package(self, self.config))
        return results[key]


class RTestBlock(pytest.Item):
    """One ``test_that()`` block of a testthat file, or ``(file)``: the code around them."""

    def __init__(self, *, test: str | None, index: int, line: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.test, self.index, self.line = test, index, line

    def runtest(self) -> None:
        assert isinstance(self.parent, RTestFile)
        record = self.parent.record()
        if self.test is None:
            self._check_file(record)
            return
        matches = [b for b in record["blocks"] if b["test"] == self.test]
        if len(matches) <= self.index:
            raise RTestFailure(f"the block did not run{_aborted(record)}")
        self._report(matches[self.index])

    def _check_file(self, record: dict[str, Any]) -> None:
        if record.get("aborted"):
            raise RTestFailure(f"the file stopped: {record['aborted']}")
        named = {test for test, _ in _static_blocks(self.path)}
        others = [b for b in record["blocks"]
                  if b["test"] not in named and b["outcome"] in ("failed", "error")]
        if others:
            raise RTestFailure("\n\n".join(_describe(b) for b in others))

    def _report(self, block: dict[str, Any]) -> None:
        if block["outcome"] in ("failed", "error"):
            raise RTestFailure(_describe(block))
        if block["outcome"] == "skipped":
            reason = "; ".join(m["message"] for m in block["messages"])
            raise pytest.skip.Exception(reason, _use_item_location=True)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, RTestFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, max(self.line - 1, 0), f"testthat: {self.name}"


def _describe(block: dict[str, Any]) -> str:
    lines = [f"{block['test']}: {block['outcome']} ({block['passed']} expectations passed)"]
    for message in block["messages"]:
        where = f" (line {message['line']})" if message.get("line") else ""
        lines.append(f"- {message['kind']}{where}: {message['message']}")
    return "\n".join(lines)


def _aborted(record: dict[str, Any]) -> str:
    return f": the file stopped: {record['aborted']}" if record.get("aborted") else ""


_BLOCKS: dict[Path, list[tuple[str, int]]] = {}


def _static_blocks(path: Path) -> list[tuple[str, int]]:
    """The top-level ``test_that("description", ...)`` calls of a file, with their lines."""
    if path not in _BLOCKS:
        api.start()
        found = _evaluator(r"""function(path) {
          exprs <- parse(path, keep.source = TRUE)
          refs <- attr(exprs, "srcref")
          is_block <- function(e) is.call(e) && length(e) >= 2L && is.character(e[[2L]]) &&
            (identical(e[[1L]], as.name("test_that")) ||
             identical(e[[1L]], quote(testthat::test_that)))
          keep <- vapply(exprs, is_block, TRUE)
          list(vapply(exprs[keep], function(e) e[[2L]], ""),
               vapply(refs[keep], function(r) as.integer(r[[1L]]), 0L))
        }""")(str(path))
        tests, lines = found
        tests = [tests] if isinstance(tests, str) else list(tests or [])
        lines = [lines] if isinstance(lines, int) else list(lines or [])
        _BLOCKS[path] = list(zip(tests, lines))
    return _BLOCKS[path]


def _run_package(item: RTestFile, config: pytest.Config) -> dict[str, dict[str, Any]]:
    """Runs the collected files of ``item``'s package in one process; results by file."""
    package = package_of(item.path)
    files = sorted({str(i.path.resolve()) for i in item.session.items
                    if isinstance(i.parent, RTestFile) and package_of(i.path) == package
                    and i.path.parent == item.path.parent} | {str(item.path.resolve())})
    with tempfile.TemporaryDirectory(prefix="pyr-testthat-") as scratch:
        out = Path(scratch) / "results.json"
        command = [sys.executable, "-m", "pyreticulate", "run", str(DRIVER), str(package),
                   str(out), *files]
        try:
            done = subprocess.run(command, capture_output=True, text=True,
                                  timeout=float(config.getini("r_testthat_timeout")),
                                  cwd=str(item.path.parent), env={**os.environ})
        except subprocess.TimeoutExpired as e:
            failure = f"{package}'s testthat files took more than {e.timeout:.0f} s"
            return {f: {"aborted": failure, "blocks": []} for f in files}
        if done.returncode != 0 or not out.exists():
            failure = (f"`pyreticulate run` of {package}'s testthat files ended with status "
                       f"{done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
            return {f: {"aborted": failure, "blocks": []} for f in files}
        records = json.loads(out.read_text())
    return {str(Path(r["file"]).resolve()): r for r in records}
