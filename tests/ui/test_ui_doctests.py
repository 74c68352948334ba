"""The examples in the interface's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "app",
    "commands",
    "deck_choices",
    "draw",
    "gallery",
    "keys",
    "layout",
    "overlays",
    "pages",
    "screens",
    "screens_game",
    "setup",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"companion.ui.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
