"""Every flow the table plays renames its game in place, or says it cannot (issue 23).

``GameFlow.rename`` is one implementation for every flow over an engine
(:class:`~companion.flows.base.EngineFlow`): the engine and the flow's notices take
the new names and nothing is replayed. Names for another number of seats are refused
with False and change nothing; a flow that cannot rename at all (``GameFlow``'s
default) is rebuilt from its journal by the session (tests/session/test_rename.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.flows.base import EngineFlow, GameFlow, seat_names
from companion.flows.registry import game_options, make_flow
from companion.games import all_games

OLD = ("Ana", "Ben", "Cy")
NEW = ("Zoe", "", "Xi")  # an empty name: the notices say "Seat 2"


def _setups() -> list[tuple[str, dict[str, Any], int]]:
    """Each game in each of its table modes, at the fewest seats that name two players."""
    setups: list[tuple[str, dict[str, Any], int]] = []
    for spec in all_games():
        seats = max(spec.min_players, 2)
        modes = [o.choices for o in game_options(spec.name) if o.name == "mode"]
        for mode in modes[0] if modes else (None,):
            setups.append((spec.name, {} if mode is None else {"mode": mode}, seats))
    return setups


SETUPS = _setups()


def _flow(game: str, options: dict[str, Any], seats: int) -> GameFlow:
    return make_flow(game, OLD[:seats], [], options=options)


def test_the_setups_cover_every_flow_the_table_plays() -> None:
    """Issue 23: the rename checks below run over every flow class the registry starts."""
    kinds = {type(_flow(*setup)).__name__ for setup in SETUPS}
    assert {"FibonachosFlow", "TrumpFlow", "RummyFlow", "HexRefereeFlow"} <= kinds
    assert {"HexBoardFlow", "HexCameraFlow"} <= kinds


@pytest.mark.parametrize(("game", "options", "seats"), SETUPS, ids=str)
def test_every_flow_renames_in_place(
    game: str, options: dict[str, Any], seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 item 2: every game the table plays takes names, so its flow renames
    itself (an engine's flow): the record names the new players and the notices their
    seat names, and the same engine keeps its history (no action is applied again)."""
    flow = _flow(game, options, seats)
    before = flow.record()
    assert isinstance(flow, EngineFlow), "a flow that cannot rename would be rebuilt"
    engine, history = flow.engine, flow.engine.history

    def no_replay(action: object) -> None:
        raise AssertionError(f"a rename applied {action!r} again")

    monkeypatch.setattr(engine, "apply", no_replay)
    assert flow.rename(NEW[:seats]) is True
    assert flow.engine is engine and engine.history == history
    assert flow.record() == {**before, "players": list(NEW[:seats])}
    assert flow.players == NEW[:seats]
    assert flow.names == seat_names(NEW[:seats]) and "Seat 2" in flow.names


@pytest.mark.parametrize(("game", "options", "seats"), SETUPS, ids=str)
def test_names_for_another_number_of_seats_are_refused_cleanly(
    game: str, options: dict[str, Any], seats: int
) -> None:
    """Issue 23: a rename keeps the seats; one name more is refused with False, and
    the flow, its record and its notices' names stay as they were."""
    flow = _flow(game, options, seats)
    before, status = flow.record(), flow.status()
    assert flow.rename([*OLD[:seats], "Extra"]) is False
    assert flow.record() == before and flow.status() == status
    assert vars(flow)["names"] == seat_names(OLD[:seats])
