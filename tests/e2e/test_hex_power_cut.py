"""A camera-refereed hex game through a power cut (issue 24; DESIGN.md, "a power cut at
any moment loses no confirmed event; restart resumes the game exactly"): the real
daemon films the board until the cut, a new one resumes from the journal alone and
the camera sees the board where the players left it (or not)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hex_table import FPS, Table, run
from power_cut import FrameRange

from companion.daemon.links import TableClock
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import Cell, HexState, Position
from companion.journal import Journal
from companion.session import Session, replay
from companion.synthetic.hex_games import HexScript, opening_video
from companion.synthetic.hex_scene import HexScene
from companion.views import HexView, MessageView

pytestmark = pytest.mark.slow

#: The opening video's frame the power is cut at: Black's turn 3, c2-d2 played, 2
#: moves left of 3 (H2), the board still; d9 is lifted next.
CUT = 54
#: Frames of the board as it was left while the table starts again (1.2 s).
WAIT = 6
PLAYERS = ["Black", "White"]


def _frames(start: Position, script: HexScript) -> list[np.ndarray]:
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    return list(scene.frames(start, script.steps))


def _run(frames: Sequence[np.ndarray], start: int, stop: int, journal: Path) -> Table:
    """The daemon on ``frames[start:stop]`` (frame i at i / FPS): a new game at frame 0,
    else the journal's game resumed."""
    clock = TableClock()
    clock.now = start / FPS
    camera = FrameRange(frames.__getitem__, start, stop, FPS)
    if start == 0:
        session = Session(Journal.open(journal), clock=clock)
        table = run(session, camera, clock, (PLAYERS, []))
    else:
        table = run(Session.resume(Journal.open(journal), clock=clock), camera, clock)
    table.daemon.links.close()
    return table


def _lines(table: Table) -> list[str]:
    return [line for s in table.screens if isinstance(s, MessageView) for line in s.lines]


def _countdown(table: Table) -> list[tuple[int, str, int, int]]:
    return [(s.turn, s.player, s.allowed, s.left) for s in table.screens if isinstance(s, HexView)]


def _cut(tmp_path: Path) -> tuple[list[np.ndarray], Path, Position]:
    """The opening filmed until the cut: its frames, the journal, the game's position."""
    video = opening_video()
    frames = _frames(video.start, video.script)
    journal = tmp_path / "journal.db"
    before = _run(frames, 0, CUT, journal)
    assert before.record()["turns"] == [["b2-c2"], ["j6-i6", "k5-j5"], ["c2-d2"]]
    assert isinstance(before.flow, HexCameraFlow)
    position = before.flow.engine.position
    before.journal.close()
    return frames, journal, position


def test_a_restarted_table_goes_on_from_the_board_where_the_players_left_it(
    tmp_path: Path,
) -> None:
    """Issue 24, H2: after the cut the journal replays the game, the camera sees the board
    as the players left it (they wait for the table to start), and the game goes on
    from there: Black's turn 3 with 2 moves
    left (not H1's turn 1, no board called wrong, no piece said missing); the record is
    the whole video's, and the journal replays into it."""
    video = opening_video()
    frames, journal, _ = _cut(tmp_path)
    frames[CUT:CUT] = [frames[CUT - 1]] * WAIT  # the players wait for the table
    after = _run(frames, CUT, len(frames), journal)
    assert _countdown(after)[0] == (3, "Black", 3, 2)
    assert after.record() == video.record
    lines = _lines(after)
    assert not [line for line in lines if "not as the game" in line or "not seen" in line]
    assert not [s for s in after.screens if isinstance(s, MessageView) and s.title != "Moves"]
    game = after.journal.games()[0]
    assert len(after.journal.games()) == 1
    rows = [row for row in after.journal.events(game.id) if row.kind == "board"]
    firsts = [row for row in rows if row.payload.get("first")]
    assert len(firsts) == 2  # the game's first position, and the first after the cut
    assert replay(after.journal, game).flow.record() == video.record


def test_a_board_changed_while_the_power_was_off_is_said_not_adopted(tmp_path: Path) -> None:
    """Issue 24, H1: a piece moved while the table was off (Black's strike piece from d2
    to e1) is not read as Black's move: the screen says what differs in the players'
    words and counts nothing; once it is put back the game goes on (Black: 2 moves
    left) and its moves are read as ever. The journal replays into the same state."""
    frames, journal, left = _cut(tmp_path)
    moved = left.after(Cell.parse("d2"), Cell.parse("e1"))
    script = HexScript(moved, still=4).wait().move("e1-d2").moves("d9-d7", "a2-a1")
    frames[CUT:] = _frames(moved, script)
    after = _run(frames, CUT, len(frames), journal)
    lines = _lines(after)
    said = "The board is not as the game left it: Black's piece on e1 goes on d2."
    assert lines[: lines.index(said) + 2] == [
        said,
        "The board is as it was: Black has 2 moves left.",
    ]
    differs = next(s for s in after.screens if isinstance(s, MessageView) and said in s.lines)
    assert (differs.title, differs.hint) == ("Board differs", "Put the pieces back")
    turns = after.record()["turns"]
    assert turns[2] == ["c2-d2", "d9-d7", "a2-a1"]
    game = after.journal.games()[0]
    rebuilt = replay(after.journal, game).flow
    assert isinstance(rebuilt, HexCameraFlow) and rebuilt.record()["turns"] == turns
    assert isinstance(after.flow, HexCameraFlow)
    assert HexState.from_record(after.record()).position == after.flow.engine.position
