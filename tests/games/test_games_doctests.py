"""The examples in the engines' docstrings run: every module of companion.games, so a new
one cannot be missed (the hex and trump modules and the typed reports had examples no
test ran)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion.games

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(companion.games.__path__, prefix="companion.games.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
