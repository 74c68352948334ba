"""The examples in card_codes' docstrings run: every module, so a new one cannot be missed."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import card_codes

#: Modules without examples (the exception tree).
WITHOUT_EXAMPLES = {"errors"}
MODULES = sorted(info.name for info in pkgutil.iter_modules(card_codes.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(f"card_codes.{name}"))
    assert result.failed == 0
    assert (result.attempted > 0) == (name not in WITHOUT_EXAMPLES)
