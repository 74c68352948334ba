"""A rename takes nothing again (issue 23 item 2, "the session replays a journal once").

The players of a game in play renamed (the cafe's staff, a phone's names confirmed):
the engines keep names in one place, the players, and word their flags from facts,
so the flow is told the names (``GameFlow.rename``) and the game is the one its
journal replayed under the new names would give: the same record, scores and flags
(their messages naming the new names), without the journal being read again.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import companion.session.game as session_game
from companion.flows.base import GameFlow
from companion.flows.registry import check_options
from companion.games.fibonachos.state import FibonachosState
from companion.games.trump.state import TrumpState
from companion.journal import Journal
from companion.session import Session, replay
from companion.table.cards import TableCard
from companion.table.events import CardPlaced

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def card(face: str, zone: str) -> TableCard:
    """A card of round 1 (each face once: its key is its face)."""
    return TableCard(f"trump/1/{face}", "trump", face, zone)


def example(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / game / name).read_text(encoding="utf-8"))
    return data


def renamed_record(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {**record, "players": names}


@pytest.mark.parametrize(
    ("state", "game"), [(TrumpState, "trump"), (FibonachosState, "fibonachos")]
)
def test_an_engine_renamed_is_the_game_played_under_the_new_names(state: Any, game: str) -> None:
    """T4, T3, F5: a game with flags renamed gives the record, the report and the flags
    (their messages) of the same record read under the new names; its history stays."""
    record = example(game, "revoke.json")
    played = state.from_record(record)
    assert played.flags(), "the example proves a revoke"
    names = [f"New{i}" for i in range(len(record["players"]))]
    history = played.history
    played.rename(names)
    again = state.from_record(renamed_record(record, names))
    assert played.to_record() == again.to_record() == renamed_record(record, names)
    assert played.report() == again.report()
    assert [f.message for f in played.flags()] == [f.message for f in again.flags()]
    assert any("New" in f.message for f in played.flags())
    assert played.history == history


@pytest.mark.parametrize("state", [TrumpState, FibonachosState])
def test_an_engine_refuses_names_for_another_number_of_seats(state: Any) -> None:
    """T2, F8: a rename keeps the seats; another number of names is an error."""
    engine = state(["Ana", "Ben", "Cy"])
    with pytest.raises(ValueError, match="2 names for 3 seats"):
        engine.rename(["Ana", "Ben"])


def trump_session(tmp_path: Path) -> Session:
    """A 3-player Trump game in play with a revoke (examples/trump/revoke.json's
    first tricks), journaled."""
    record = example("trump", "revoke.json")
    session = Session(Journal.open(tmp_path / "j.db"), clock=itertools.count(1.0).__next__)
    first = record["rounds"][0]
    options = check_options("trump", {"leader": first["leader"]}, len(record["players"]))
    session.start_game("trump", record["players"], [], options)
    session.table(CardPlaced(card(first["trump"], "trump-indicator")))
    session.table(CardPlaced(card(first["symbol"], "symbol-indicator")))
    for trick in first["tricks"][:-1]:
        for text in trick:
            session.table(CardPlaced(card(text, "play")))
    return session


def test_a_session_renames_its_game_without_replaying_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14 (the staff rename a game in play), issue 23 item 2: the journal's row
    and the flow take the names; the flow is the same object, never rebuilt, and it is
    what the journal replayed under the names gives (status, record, score, flags)."""
    session = trump_session(tmp_path)
    flow = session.flow
    assert flow is not None and flow.report().flags, "a revoke is flagged"

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("a rename replayed the journal")

    monkeypatch.setattr(session_game, "replay", no_replay)
    session.rename(["Zoe", "Yan", "Xi"])
    monkeypatch.undo()
    assert session.flow is flow
    assert session.game_id is not None
    entry = session.journal.game(session.game_id)
    assert list(entry.players) == ["Zoe", "Yan", "Xi"]
    again = replay(session.journal, entry).flow
    assert again is not None
    assert flow.record() == again.record() and flow.record()["players"] == ["Zoe", "Yan", "Xi"]
    assert flow.report() == again.report()
    assert flow.status() == again.status()
    assert all(
        "Zoe" in f.message or "Yan" in f.message or "Xi" in f.message for f in flow.report().flags
    )


def test_a_flow_that_cannot_rename_itself_is_rebuilt_from_its_journal(tmp_path: Path) -> None:
    """Issue 14: a flow without its own rename (``GameFlow.rename`` False) still gets
    the names, from its journal replayed under them."""
    session = trump_session(tmp_path)
    flow = session.flow
    assert flow is not None
    type(flow).rename = GameFlow.rename  # type: ignore[method-assign]
    try:
        session.rename(["Zoe", "Yan", "Xi"])
    finally:
        del type(flow).rename
    assert session.flow is not flow and session.flow is not None
    assert session.flow.record()["players"] == ["Zoe", "Yan", "Xi"]


@pytest.mark.parametrize(("game", "name"), [("hex", "full.json"), ("hex-referee", "full.json")])
def test_a_hex_engine_renamed_is_the_game_played_under_the_new_names(game: str, name: str) -> None:
    """H1: Black and White renamed mid-game give the record of the same game under the
    new names; the moves, the turns and the ending (worded by side) stay."""
    from companion.games.registry import get_game

    record = example(game, name)
    spec = get_game(game)
    played: Any = spec.from_record(record)
    history = played.history
    played.rename(["Zoe", "Yan"])
    again = spec.from_record(renamed_record(record, ["Zoe", "Yan"]))
    assert played.to_record() == again.to_record() == renamed_record(record, ["Zoe", "Yan"])
    assert played.report() == again.report()
    assert played.history == history
    with pytest.raises(ValueError, match="3 names for the game's two players"):
        played.rename(["A", "B", "C"])


@pytest.mark.parametrize("mode", ["camera", "referee", "board"])
def test_a_hex_game_renamed_keeps_its_flow_and_the_camera_judges_the_next_move(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24 (the camera referee), issue 14 (the staff rename): the flow is the same
    object after a rename, so the board camera keeps its reader and the next position
    the camera takes is judged as a move (H3), not compared as a restart's would be."""
    from companion.flows.hex_camera import HexCameraFlow
    from companion.games.hex import START, Cell
    from companion.table.hex_events import BoardSeen

    session = Session(Journal.open(":memory:"), clock=itertools.count(1.0).__next__)
    session.start_game("hex", ["Ana", "Ben"], [], check_options("hex", {"mode": mode}, 2))
    flow = session.flow
    assert flow is not None
    camera = isinstance(flow, HexCameraFlow)
    if camera:
        session.table(BoardSeen(START, first=True))  # the camera has seen the board

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("a rename replayed the journal")

    monkeypatch.setattr(session_game, "replay", no_replay)
    session.rename(["Zoe", "Yan"])
    monkeypatch.undo()
    assert session.flow is flow and flow.record()["players"] == ["Zoe", "Yan"]
    assert vars(flow)["names"] == ("Zoe", "Yan")  # the names its notices give
    if camera:  # the same reader goes on: its next position is no restart's first
        session.table(BoardSeen(START.after(Cell.parse("b2"), Cell.parse("c2"))))
        assert flow.record()["turns"] == [["b2-c2"], []]  # the opening's turn 1: 1 move
