"""The README's ``scan`` and ``replay`` examples run as written, on the sample photo and
the short recorded table shipped in examples/table (issue 12 section 7)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
#: The largest a shipped sample may be (the photo; the recording's frames in all).
PHOTO_BYTES = 200_000
RECORDING_BYTES = 600_000


def readme_commands(command: str) -> list[list[str]]:
    """The README's command lines ``companion <command> examples/...``, comments cut."""
    found = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if not line.strip().startswith("companion "):
            continue
        words = shlex.split(line.strip(), comments=True)
        if words[:2] == ["companion", command] and words[2].startswith("examples/"):
            found.append(words[1:])
    return found


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_the_readme_scans_the_sample_photo(capsys: pytest.CaptureFixture[str]) -> None:
    commands = readme_commands("scan")
    assert commands, "the README has a scan example on examples/"
    for args in commands:
        assert main(args) == 0, args
        out = capsys.readouterr().out
        assert "5 cards, 0 rejected" in out or '"notation": "S0#1"' in out
    assert (ROOT / "examples/table/photo.jpg").stat().st_size < PHOTO_BYTES


def test_the_readme_replays_the_short_recorded_table(capsys: pytest.CaptureFixture[str]) -> None:
    (args,) = readme_commands("replay")
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert record["players"] == ["Ana", "Ben", "Cy"]
    (only,) = record["rounds"][0]["tricks"]
    assert only == {"spicy": "S0#1", "plays": ["R16", "G16", "Y16"]}
    frames = sorted((ROOT / args[1]).glob("*.jpg"))
    assert 0 < len(frames) <= 20
    assert sum(frame.stat().st_size for frame in frames) < RECORDING_BYTES
