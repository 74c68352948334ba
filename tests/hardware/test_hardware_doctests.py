"""The examples in the hardware ports' docstrings run (they are the ports' short manual)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import hardware

#: Every hardware module that shows an example; a new one is picked up by itself.
MODULES = sorted(
    path.stem
    for path in Path(hardware.__file__).parent.glob("*.py")
    if ">>>" in path.read_text(encoding="utf-8")
)
#: The vendor library a module's examples use (skipped where it is not installed).
NEEDS = {"camera_replay": "cv2", "display_luma": "luma.core"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    module = importlib.import_module(f"hardware.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
