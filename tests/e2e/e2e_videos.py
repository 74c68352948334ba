"""Helpers for the end-to-end tests: a game played at a synthetic table, replayed by the CLI.

The frames are drawn as the reader asks for them and handed to it from memory (the
synthetic camera), through ``companion replay``'s own code (the CLI's ``replay_from``):
no file between the drawing and the reading, so a whole round costs the memory of one
frame. One test still writes its frames to a folder and one to a video file
(:meth:`TableVideo.write`), so ``companion replay`` over files stays covered end to end.

    video = table_video(record, mess=BUSY)
    out = replay(video, capsys)                                  # drawn in memory
    out = replay(video, capsys, source=video.write(tmp_path / "game.avi"))  # from a file
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.cli import build_parser, main
from companion.cli.expect import without_copies
from companion.cli.replay import replay_from
from companion.synthetic.scene import Scene, Step
from companion.synthetic.scripts import CALM, Mess, TableScript, table_script
from companion.synthetic.sprites import Image
from companion.synthetic.video import write_video
from hardware.camera import Camera, open_camera

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FPS = 10.0


def example(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / game / f"{name}.json").read_text("utf-8"))
    return data


@dataclass(frozen=True)
class TableVideo:
    """A game played at a synthetic table: the script, and the scene that draws it."""

    script: TableScript
    scene: Scene = field(default_factory=lambda: Scene((1280, 720), seed=1))
    fps: float = FPS

    def images(self) -> Iterator[Image]:
        """The frames, drawn one at a time as they are asked for."""
        return (frame.image for frame in self.scene.frames(self.script.steps, fps=self.fps))

    def camera(self) -> Camera:
        """The synthetic camera filming the game: the drawn frames on the video's timeline
        (frame i at i / fps, as the replay camera stamps a recording's)."""
        return open_camera("synthetic", frames=self.images(), fps=self.fps)

    def write(self, out: Path, suffix: str = ".jpg") -> Path:
        """The frames written to ``out`` (a folder of ``suffix`` images, or a .avi/.mp4)."""
        write_video(self.script, out, scene=self.scene, fps=self.fps, image_suffix=suffix)
        return out


def table_video(
    record: Mapping[str, Any],
    *,
    mess: Mess = CALM,
    scene: Scene | None = None,
    extra: Sequence[Step] = (),
    spots: Sequence[str] = (),
    boards: bool = False,
) -> TableVideo:
    """``record`` played at a table (``extra`` steps first); ``spots`` and ``boards`` are
    :func:`table_script`'s (where the spicy cards or indicators go)."""
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
    return TableVideo(script) if scene is None else TableVideo(script, scene)


def replay_cli(
    args: Sequence[str], capsys: pytest.CaptureFixture[str], camera: Callable[[], Camera] | None
) -> tuple[int, str, str]:
    """``companion replay ARGS`` (ARGS start with the source): through main() over the
    source's files, or, with ``camera``, through the CLI's replay over that camera (the
    source is then only a name). The exit status, stdout and stderr."""
    if camera is None:
        status = main(["replay", *args])
    else:
        status = replay_from(build_parser().parse_args(["replay", *args]), camera)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def replay(
    video: TableVideo,
    capsys: pytest.CaptureFixture[str],
    *more: str,
    source: Path | None = None,
) -> dict[str, Any]:
    """``companion replay ... --json`` of ``video`` (drawn in memory, or read from the
    file ``source`` it was written to); the parsed object, with ``stderr`` (the
    refusals) and ``summary`` (stderr's last line: frames, events...)."""
    name = str(source) if source is not None else "drawn-table"
    args = [name, *video.script.replay_args(), "--fps", str(video.fps), *more, "--json"]
    status, out, err = replay_cli(args, capsys, None if source is not None else video.camera)
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    *lines, summary = err.splitlines()
    assert summary.startswith("replayed "), err
    data["stderr"] = "".join(f"{line}\n" for line in lines)
    data["summary"] = summary
    return data


def without_serials(value: Any) -> Any:
    """A record with the ``#n`` serials taken off its cards (records may leave them out)."""
    return without_copies(value)


def rummy_normalised(record: Mapping[str, Any]) -> Any:
    """A rummy record without serials, each seat's open sets in one order (R7 scores
    neither)."""
    plain = without_serials(dict(record))
    for rnd in plain["rounds"]:
        for table in rnd["tables"]:
            table["open"] = sorted(table["open"])
    return plain
