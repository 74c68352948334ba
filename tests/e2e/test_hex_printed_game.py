"""A game played on the printed sheets replays into its exact record (issue 24's "done",
as near as a machine without a camera comes: RULES.md H2, H3).

The board's and the pieces' PDF pages, as ``companion cards sheet hex-board`` /
``hex-pieces`` print them, are rendered (100 dpi), the A3 page laid on a wooden table
(or the four A4 tiles taped by their crosses), the 26 tokens cut out of their page and
put down on their cells as a hand leaves them; the opening of
:func:`companion.synthetic.hex_games.opening_video` is played move by move on them (a
piece lifted is out of the picture until it is put down; the board nudged between
turns), each frame photographed by the docs' camera (1920 x 1080, tilted, soft, with
sensor noise), written as a recording, and read by ``companion replay --game hex
--expect`` against the game played, as docs/hex-referee.md section 6 tells a table to.
The moves the synthetic board videos test are read here from the very pictures the
printer makes.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "card_codes"))

from card_pages import render_written

from card_codes.hex_sheet import write_board, write_pieces
from companion.cli import main
from companion.synthetic.hex_games import HexVideo, endgame_video, opening_video
from companion.synthetic.hex_print import (
    CAMERAS,
    Camera,
    Cutout,
    Placed,
    Sheet,
    Taping,
    a3_sheet,
    by_hand,
    cut_pieces,
    photograph,
    taped_sheet,
)
from companion.synthetic.hex_scene import Away, Hold, Lift, Nudge, Put, markers_of

pytestmark = pytest.mark.slow

DPI = 100
SCALE = DPI / 25.4
FPS = 5.0


@pytest.fixture(scope="module")
def tokens() -> dict[int, Cutout]:
    return cut_pieces(render_written(write_pieces, DPI)[0], SCALE)


@pytest.fixture(scope="module")
def a3() -> Sheet:
    return a3_sheet(render_written(lambda out: write_board(out, paper="a3"), DPI)[0], SCALE)


def _frames(
    video: HexVideo, sheet: Sheet, cutouts: Mapping[int, Cutout], camera: Camera
) -> Iterator[npt.NDArray[np.uint8]]:
    """Every frame of ``video`` played on ``sheet`` with ``cutouts``: each piece keeps
    where a hand left it until it is lifted; a Hold is that many frames of the board
    left alone; a Nudge pushes and turns the sheet under the camera."""
    rng = np.random.default_rng(24)
    laid: dict[int, Placed] = {
        piece.marker: piece for piece in by_hand(markers_of(video.start), rng)
    }
    for step in video.script.steps:
        frames = 1
        if isinstance(step, Lift):
            laid.pop(step.marker)
        elif isinstance(step, Put):
            laid[step.marker] = by_hand({step.marker: step.cell}, rng)[0]
        elif isinstance(step, Hold):
            frames = step.frames
        elif isinstance(step, Nudge):
            x, y = camera.offset
            scale = camera.px_per_mm
            offset = (x + step.dx * scale, y + step.dy * scale)
            camera = replace(camera, offset=offset, turned=camera.turned + step.degrees)
        else:
            assert isinstance(step, Away), step  # the hand leaves: nothing moves
        image = sheet.lay(list(laid.values()), cutouts)
        for _ in range(frames):
            yield photograph(sheet, image, camera, rng)


def _replayed(
    tmp_path: Path, video: HexVideo, sheet: Sheet, cutouts: Mapping[int, Cutout]
) -> tuple[int, str, str]:
    folder = tmp_path / "board"
    folder.mkdir()
    for index, frame in enumerate(_frames(video, sheet, cutouts, CAMERAS["1920x1080"])):
        assert cv2.imwrite(str(folder / f"{index:05d}.jpg"), frame)
    played = tmp_path / "played.json"
    played.write_text(json.dumps(video.record), encoding="utf-8")
    argv = ["replay", str(folder), "--game", "hex", "--players", "Black,White"]
    argv += ["--fps", str(FPS), "--expect", str(played)]
    if "start" in video.record:
        argv += ["--start", str(video.record["start"])]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_the_opening_on_the_printed_a3_page_replays_into_its_record(
    tmp_path: Path, a3: Sheet, tokens: dict[int, Cutout], caplog: pytest.LogCaptureFixture
) -> None:
    """H2, H3: single steps, group moves, displacements, a move that cannot reach put
    back, the sheet nudged twice: played on the printed A3 page with the printed tokens,
    filmed, and replayed by ``companion replay --expect``, the record is the game played
    and the one illegal move is refused."""
    status, out, err = _replayed(tmp_path, opening_video(), a3, tokens)
    assert status == 0, err + caplog.text
    assert "1 refused; the same game as" in out, out + err


def test_the_opening_on_the_taped_a4_tiles_replays_into_its_record(
    tmp_path: Path, tokens: dict[int, Cutout], caplog: pytest.LogCaptureFixture
) -> None:
    """H2, H3: the same game on the four A4 tiles taped by their crosses, one of them a
    millimetre and a half off and turned a little, as a hand tapes them (within the
    docs' 2 mm)."""
    pages = render_written(lambda out: write_board(out, paper="a4"), DPI)
    tapings = [Taping(dx=1.5, angle=0.2), Taping(), Taping(dy=-1.0), Taping()]
    sheet = taped_sheet(pages, SCALE, tapings)
    status, out, err = _replayed(tmp_path, opening_video(), sheet, tokens)
    assert status == 0, err + caplog.text
    assert "1 refused; the same game as" in out, out + err


def test_an_endgame_with_the_printed_stickers_replays_into_its_win(
    tmp_path: Path, a3: Sheet, caplog: pytest.LogCaptureFixture
) -> None:
    """H2, H4: the endgame (a turn cut by a strike piece on the centre, two moves over
    the allowance refused, a turn allowed no move, Black's encirclement) played with the
    stickers of the pieces' page stuck on plain round pieces, replayed from its start
    (``--start``) into its record, the win included."""
    page = render_written(lambda out: write_pieces(out, stickers=True), DPI)[0]
    stickers = cut_pieces(page, SCALE, stickers=True)
    status, out, err = _replayed(tmp_path, endgame_video(), a3, stickers)
    assert status == 0, err + caplog.text
    assert "1 refused; the same game as" in out, out + err
    assert "\nblack wins\n" in out  # the score: the side whose pieces encircle
