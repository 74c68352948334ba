"""A copy of a piece's token put down on the board, and a token put down over its
neighbour, through the daemon's own loop (issue 24 item 3: "said at once in the
players' words on the OLED and in the log").

The players printed the pieces' sheet twice and a spare token lies on a cell: the
camera sees Black's strike piece 6 on b2 and on e5. The OLED names the piece and its
two cells and asks for the copy to be taken away, the log names its marker; the
referee keeps the piece on b2 and takes no move meanwhile. Once the copy is gone the
screen's words go, and the next move is refereed as any.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest
from hex_table import play_frames, said_lines

from companion.games.hex import START
from companion.synthetic.hex_scene import Away, HexScene, HexStep, Hold, Lift, Put
from companion.views import HexView

sys.path.insert(0, str(Path(__file__).parents[1] / "table"))
from bench_modules import bench
from hex_pasted import on_cell, paste

pytestmark = pytest.mark.slow

SAID = "Black strike piece 6 is seen on b2, e5: take the copy away."


def test_a_copy_on_a_cell_is_said_with_its_cells_and_no_move_is_taken_meanwhile(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """H3: 6 s with a copy of the black strike piece on b2 (marker 16) lying on e5:
    said on the OLED once, logged, never said missing; no move taken. The copy taken
    away, the words go; Black's one move of turn 1 (b2 to c2) is then taken."""
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    steps: list[HexStep] = [Hold(4), Hold(30), Hold(4), Lift(16), Put(16, "c2"), Away(), Hold(6)]
    frames = list(scene.frames(START, steps))
    for frame in frames[4:34]:
        paste(scene, frame, 16, on_cell(scene, "e5"))
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        table = play_frames(START, frames)
    lines = said_lines(table.screens)
    assert {line for line in lines if "seen on" in line} == {SAID}  # on its pages
    assert not [line for line in lines if "not seen" in line]
    messages = [r.getMessage() for r in caplog.records]
    (logged,) = [m for m in messages if "a copy of its token" in m]
    assert logged == "hex board: black strike 6 (marker 16) seen on b2, e5: a copy of its token"
    assert "hex board: no piece seen twice now" in messages
    last = max(i for i, s in enumerate(table.screens) if SAID in getattr(s, "lines", ()))
    assert isinstance(table.screens[last + 1], HexView)  # the words go with the copy
    assert table.record()["turns"][0] == ["b2-c2"]


def test_a_token_put_over_its_neighbour_is_said_with_the_piece_over_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24 item 3: Black's strike piece 6 moved from b2 to b3 (H3, turn 1's one
    move) and put down 4.5 mm over the token of Black's strike piece 2 on a3 hides its
    code (bench/hex_overlap.py): the move is taken, and 3 s later the OLED names both
    and asks to move them apart (not "put it on its cell": it is on it), the log names
    the markers; moved apart, the words go, and the game goes on to White's turn."""
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    off = bench("hex_overlap").towards("b3", "a3", 4.5)
    steps: list[HexStep] = [Hold(4), Lift(16), Put(16, "b3", off=off), Away(), Hold(25)]
    steps += [Lift(16), Put(16, "b3"), Away(), Hold(6)]
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        table = play_frames(START, scene.frames(START, steps))
    said = {line for line in said_lines(table.screens) if "seen" in line or "hidden" in line}
    over = "Black strike piece 2 is hidden by Black strike piece 6: move them apart."
    assert said == {over}
    (logged,) = {r.getMessage() for r in caplog.records if "lies under" in r.getMessage()}
    assert logged.endswith("; black strike 2 lies under black strike 6 (marker 16)")
    assert isinstance(table.screens[-1], HexView) and table.screens[-1].turn == 2
    assert table.record()["turns"][0] == ["b2-b3"]
