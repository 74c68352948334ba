"""``companion score`` prints exactly what it printed before the typed reports (issue 9).

The score object of every valid example record is pinned byte for byte: the
``--json`` line as printed (key order included), the same object after
``json.dumps(..., sort_keys=True)``, and the text table for people. The typed
reports of :mod:`companion.games.report` must not change a character of them
(DESIGN.md "The command line"). Regenerate only for a deliberate format change:
``PYTHONPATH=. python tests/cli/test_score_golden.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden" / "score.json"


def _valid_examples() -> list[str]:
    names = []
    for expected_file in sorted(EXAMPLES.glob("*/expected.json")):
        expected = json.loads(expected_file.read_text(encoding="utf-8"))
        for name, want in sorted(expected.items()):
            if "error" not in want:
                names.append(f"{expected_file.parent.name}/{name}")
    return names


def _printed(argv: list[str], capsys: pytest.CaptureFixture[str] | None = None) -> str:
    if capsys is None:
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(argv) == 0
        return out.getvalue()
    assert main(argv) == 0
    return capsys.readouterr().out


def _golden() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


EXAMPLE_NAMES = _valid_examples()


def test_every_valid_example_is_pinned() -> None:
    assert sorted(_golden()) == sorted(EXAMPLE_NAMES)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_score_json_is_byte_for_byte_as_pinned(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN.md "The command line": the ``--json`` object, key order and all."""
    pinned = _golden()[name]
    printed = _printed(["score", str(EXAMPLES / name), "--json"], capsys)
    assert printed == pinned["json"]
    assert json.dumps(json.loads(printed), sort_keys=True) == pinned["sorted"]


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_score_text_is_as_pinned(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The table for people reads the same typed report: not a character moves."""
    assert _printed(["score", str(EXAMPLES / name)], capsys) == _golden()[name]["text"]


def _regenerate() -> None:
    pinned = {}
    for name in _valid_examples():
        printed = _printed(["score", str(EXAMPLES / name), "--json"])
        pinned[name] = {
            "json": printed,
            "sorted": json.dumps(json.loads(printed), sort_keys=True),
            "text": _printed(["score", str(EXAMPLES / name)]),
        }
    GOLDEN.write_text(json.dumps(pinned, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(pinned)} examples)", file=sys.stderr)


if __name__ == "__main__":
    _regenerate()
