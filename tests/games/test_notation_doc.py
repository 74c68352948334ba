"""docs/notation.md's Python example of the typed report runs as written (issue 9)."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_typed_report_example_in_notation_md_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the example reads examples/ from the project's root
    result = doctest.testfile(os.fspath(ROOT / "docs" / "notation.md"), module_relative=False)
    assert result.attempted >= 10 and result.failed == 0
