"""The examples in the views' docstrings run and say what the code does."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion.views

MODULES = sorted(info.name for info in pkgutil.iter_modules(companion.views.__path__))


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    imported = importlib.import_module(f"companion.views.{module}")
    failures, _ = doctest.testmod(imported, optionflags=doctest.ELLIPSIS)
    assert failures == 0
