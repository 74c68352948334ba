"""The examples in the engine's docstrings run and say what the code does."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "__init__",
    "cards",
    "deal",
    "deck",
    "errors",
    "record",
    "scoring",
    "state",
    "trick",
    "actions",
]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    name = "companion.games.fibonachos" + ("" if module == "__init__" else f".{module}")
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
