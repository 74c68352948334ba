"""The hex board the camera saw, as journaled inputs (issue 24 item 1): a typed
``BoardSeen`` in rows of the kind ``board``; a game rebuilt from its journal plays the
moves again; journals without such rows replay as before."""

from __future__ import annotations

import pytest

from companion.flows.hex_camera import HexCameraFlow
from companion.flows.registry import check_options
from companion.games.hex import START, Cell, Position
from companion.games.json_types import JSONObject
from companion.journal import Journal
from companion.session import Session
from companion.session.codec import KINDS, decode, encode
from companion.table.errors import EventError
from companion.table.hex_events import BoardSeen

CAMERA = {"mode": "camera"}


def _after(position: Position, *moves: str) -> Position:
    for text in moves:
        src, dst = (Cell.parse(part) for part in text.split("-"))
        position = position.after(src, dst)
    return position


def test_a_board_row_reads_back_as_itself() -> None:
    """Issue 24: encode then decode gives the same position; the row is the diagram
    `companion score --json` prints as ``board`` (H1), under the kind ``board``."""
    seen = BoardSeen(_after(START, "b2-c2"), 3.5)
    kind, payload = encode(seen)
    assert kind == "board" and kind in KINDS
    assert payload == {"event": "seen", "board": seen.position.board()}
    assert decode(kind, payload, at=3.5) == seen


@pytest.mark.parametrize(
    ("payload", "says"),
    [
        ({"event": "seen"}, "'board' is None"),
        ({"event": "seen", "board": "Xx/.."}, "board event"),
        ({"event": "moved", "board": START.board()}, "is not board/seen"),
    ],
)
def test_a_damaged_board_row_is_refused_naming_it(payload: JSONObject, says: str) -> None:
    """A row the game cannot read raises EventError (a ValueError) naming what is wrong:
    the session sets it and what follows aside."""
    with pytest.raises(EventError, match=says):
        decode("board", payload)


def test_a_camera_refereed_game_resumes_from_its_journal() -> None:
    """Issue 24 item 1: the positions are journaled before the flow plays them, so a
    restarted table has the same game: the moves (H3), the turn and its allowance (H2)."""
    journal = Journal.open(":memory:")
    clock = iter(float(t) for t in range(100))
    session = Session(journal, clock=lambda: next(clock))
    session.start_game("hex", ["Ana", "Ben"], [], check_options("hex", CAMERA, 2))
    first = _after(START, "b2-c2")
    session.table(BoardSeen(first))
    session.table(BoardSeen(_after(first, "a2-e5")))  # refused (H3), then put back
    session.table(BoardSeen(first))
    session.table(BoardSeen(_after(first, "j6-i6")))
    assert [row.kind for row in journal.events(session.game_id or 0)] == ["board"] * 4
    live = session.flow
    assert isinstance(live, HexCameraFlow)
    resumed = Session.resume(journal, clock=lambda: next(clock))
    assert isinstance(resumed.flow, HexCameraFlow)
    assert resumed.flow.record() == live.record()
    assert resumed.flow.record()["turns"] == [["b2-c2"], ["j6-i6"]]
    assert resumed.flow.status() == live.status()
    assert (resumed.flow.status().allowed, resumed.flow.status().left) == (2, 1)


def test_a_game_without_board_rows_ignores_the_board() -> None:
    """A flow that does not read the board takes a board row as nothing (journals of
    other games never hold one; a hex game by buttons is not moved by it)."""
    session = Session(Journal.open(":memory:"), clock=lambda: 0.0)
    session.start_game("hex-referee", ["Black", "White"], [])
    assert session.flow is not None
    before = session.flow.record()
    assert session.table(BoardSeen(_after(START, "b2-c2"))) == []
    assert session.flow.record() == before
