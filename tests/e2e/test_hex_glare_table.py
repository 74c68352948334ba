"""A lamp's glare on the board at a table the daemon referees (issue 24: "a piece hidden
under a hand keeps its cell until seen elsewhere"; companion.table.hex_cover): pieces
pushed under the glare keep their cells, the players are told nothing, the log names
them as in glare, not under a hand, and the game goes on."""

from __future__ import annotations

import logging

import pytest
from hex_table import play

from card_codes.hex_board import CELL_CENTRES
from companion.games.hex import START
from companion.synthetic.glare import Glare
from companion.synthetic.hex_scene import Away, HexScene, HexStep, Hold, Lift, Nudge, Put

SIZE = (1280, 720)
SCALE = 2.3


def test_pieces_pushed_under_glare_are_logged_in_glare_and_not_said_missing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24: the board, seen whole, is pushed so that Black's pieces on a1-a3 lie
    under a lamp's white reflection for 6 s; none of them is said "not seen" (a4's, at
    the glare's soft edge, may be), the log says they are in glare, not under a hand,
    and White's next move is refereed as ever."""
    glare = Glare(HexScene(SIZE, SCALE).where(*CELL_CENTRES["a2"]), 80.0, 1.5)
    scene = HexScene(SIZE, SCALE, seed=4, frames_per_step=1, glare=glare)
    scene.pose = (SIZE[0] / 2 + 90 * SCALE, SIZE[1] / 2 + 60 * SCALE, 0.0)
    steps: list[HexStep] = [Hold(6), Lift(16), Put(16, "c2"), Away(), Hold(4)]
    steps += [Nudge(-90.0, -60.0, 0.0), Hold(30), Lift(24), Put(24, "i6"), Away(), Hold(6)]
    with caplog.at_level(logging.DEBUG, logger="companion.daemon.board_camera"):
        table = play(START, steps, scene=scene)
    messages = [record.getMessage() for record in caplog.records]
    glared = [m for m in messages if m.startswith("hex board: in glare: black")]
    assert glared and all(f"on {cell}" in glared[0] for cell in ("a1", "a2", "a3"))
    in_glare = ("(marker 10)", "(marker 11)", "(marker 12)")  # on a1, a2, a3
    assert not [m for m in messages if "not seen" in m and any(g in m for g in in_glare)]
    hands = [m for m in messages if m.startswith("hex board: under a hand")]
    assert not [m for m in hands if any(g in m for g in in_glare)]
    assert table.record()["turns"] == [["b2-c2"], ["j6-i6"]]
