"""The pytest plugin of pyreticulate (registered through the ``pytest11`` entry point
``pyreticulate``, so installing the package is enough).

Fixtures:

- ``r``: the R evaluator, ``r("expr")`` → the converted value (``pyreticulate.r``;
  ``r.pi`` looks an R object up by name);
- ``r_env``: a fresh R environment per test, a child of the global environment,
  emptied after the test (``pyreticulate.testing.REnvironment``);
- ``r_converter``: a converter scope; rules registered in the test (through it or
  through ``pyreticulate.register_*``) are undone after it
  (``pyreticulate.testing.ConverterScope``).

R starts on first use, in the process running pytest.

With the ini option ``r_testthat = true``, R packages' ``tests/testthat/test*.R`` files
are collected too, one item per ``test_that()`` block (``pyreticulate.testing.testthat``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from .. import api
from ..rmodules import REvaluator, r as _evaluator
from . import ConverterScope, REnvironment, testthat


def pytest_addoption(parser: pytest.Parser) -> None:
    testthat.add_options(parser)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    return testthat.collect_file(file_path, parent)


@pytest.fixture
def r() -> REvaluator:
    """The R evaluator: ``r("1 + 1")`` is 2.0; ``r("x", convert=False)`` an ``RObject``."""
    api.start()
    return _evaluator


@pytest.fixture
def r_env() -> Iterator[REnvironment]:
    """A fresh R environment (child of the global one), emptied after the test."""
    api.start()
    env = REnvironment()
    yield env
    env.clear()


@pytest.fixture
def r_converter() -> Iterator[ConverterScope]:
    """Register conversion rules for this test only; they are undone after it."""
    scope = ConverterScope()
    yield scope
    scope.close()
