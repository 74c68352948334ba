"""Helpers for the end-to-end tests: record a synthetic table video, replay it with the CLI.

video, script = record_video(record, tmp_path / "game", mess=BUSY)
out = replay(video, script, capsys)     # companion replay ... --json, parsed
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.synthetic.scene import Scene, Step
from companion.synthetic.scripts import CALM, Mess, TableScript, table_script
from companion.synthetic.video import write_video

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FPS = 10.0


def example(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / game / f"{name}.json").read_text("utf-8"))
    return data


def record_video(
    record: Mapping[str, Any],
    out: Path,
    *,
    mess: Mess = CALM,
    scene: Scene | None = None,
    extra: Sequence[Step] = (),
    suffix: str = ".jpg",
    spots: Sequence[str] = (),
    boards: bool = False,
) -> tuple[Path, TableScript]:
    """Render ``record`` played at a table into ``out`` (a folder or .avi/.mp4); ``spots``
    and ``boards`` are :func:`table_script`'s (where the spicy cards or indicators go)."""
    script = table_script(record, mess, spots=spots, boards=boards)
    if extra:
        script = TableScript(
            script.game,
            script.players,
            script.variants,
            (*extra, *script.steps),
            script.options,
            script.record,
        )
    scene = scene if scene is not None else Scene((1280, 720), seed=1)
    write_video(script, out, scene=scene, fps=FPS, image_suffix=suffix)
    return out, script


def replay(
    video: Path, script: TableScript, capsys: pytest.CaptureFixture[str], *more: str
) -> dict[str, Any]:
    """``companion replay VIDEO ... --json`` through the CLI's main(); the parsed object,
    with ``stderr`` (the refusals) and ``summary`` (stderr's last line: frames, events...)."""
    args = [str(video), *script.replay_args(), "--fps", str(FPS), *more]
    status = main(["replay", *args, "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    data: dict[str, Any] = json.loads(captured.out)
    *lines, summary = captured.err.splitlines()
    assert summary.startswith("replayed "), captured.err
    data["stderr"] = "".join(f"{line}\n" for line in lines)
    data["summary"] = summary
    return data


_SERIAL = re.compile(r"#\d+")


def without_serials(value: Any) -> Any:
    """A record with the ``#n`` serials taken off its cards (records may leave them out)."""
    if isinstance(value, str):
        return _SERIAL.sub("", value)
    if isinstance(value, list):
        return [without_serials(item) for item in value]
    if isinstance(value, dict):
        return {key: without_serials(item) for key, item in value.items()}
    return value


def rummy_normalised(record: Mapping[str, Any]) -> Any:
    """A rummy record without serials, each seat's open sets in one order (R7 scores
    neither)."""
    plain = without_serials(dict(record))
    for rnd in plain["rounds"]:
        for table in rnd["tables"]:
            table["open"] = sorted(table["open"])
    return plain
