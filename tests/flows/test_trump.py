"""The Trump flow (issue 4 section 3): indicators deal a round, plays, refusals, corrections."""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import load, play_trump

from companion.cli.score import score_record
from companion.flows.base import NoticeKind
from companion.flows.commands import Leader, Replace
from companion.flows.registry import make_flow
from companion.flows.status import Awaiting, Scores, TrickStatus, TrickWon
from companion.games.trump.cards import Colour, Symbol
from companion.table.cards import TableCard


def card(notation: str, zone: str = "play", key: str | None = None) -> TableCard:
    return TableCard(key or f"trump/1/{notation}", "trump", notation, zone)


def flow(leader: int | None = 0, players: int = 3) -> Any:
    options = {} if leader is None else {"leader": leader}
    return make_flow("trump", ["Ana", "Ben", "Cy", "Dee"][:players], [], options=options)


def dealt(leader: int | None = 0) -> Any:
    game = flow(leader)
    game.placed(card("R7", "trump-indicator"))
    game.placed(card("G4", "symbol-indicator"))
    return game


@pytest.mark.parametrize(
    "name", ["full-game-2p.json", "full-game-4p.json", "revoke.json", "short.json"]
)
def test_example_records_replay_through_the_table(name: str) -> None:
    """T1-T7: every example played card by card gives `companion score`'s result."""
    record = load("trump", name)
    game = flow(record["rounds"][0]["leader"], len(record["players"]))
    notices = play_trump(game, record)
    assert not [n for n in notices if n.kind is NoticeKind.REFUSED]
    expected = score_record(record)
    assert game.report() == expected
    assert game.record() == record
    assert game.is_over() == expected.complete
    over = [n for n in notices if n.kind is NoticeKind.GAME_OVER]
    assert len(over) == (1 if expected.complete else 0)
    if expected.complete:
        final = game.status()
        assert isinstance(final, Scores) and final.round is None
        assert final.winners == expected.winners


def test_the_round_waits_for_both_indicators_and_the_leader() -> None:
    """T2, T3: no play before the deal; round 1's leader comes from the table."""
    game = flow(leader=None)
    assert game.status().awaiting is Awaiting.TRUMP_INDICATOR
    early = game.placed(card("B3"))
    assert early[0].kind is NoticeKind.REFUSED and early[0].rule == "T2"
    game.placed(card("R7", "trump-indicator"))
    game.placed(card("G4", "symbol-indicator"))
    waiting = game.status()
    assert waiting.awaiting is Awaiting.LEADER and waiting.to_play is None
    assert (waiting.trump, waiting.symbol) == (Colour.R, Symbol.WAVES)
    refused = game.placed(card("B3", key="k2"))[0]
    assert refused.rule == "T2" and "the leader of round 1" in refused.message
    assert game.command(Leader(1))[0].kind is NoticeKind.INFO
    status = game.status()
    assert isinstance(status, TrickStatus)
    assert (status.to_play, status.awaiting) == (1, Awaiting.NOTHING)
    assert (status.trump, status.symbol) == (Colour.R, Symbol.WAVES)


def test_the_leader_cannot_change_once_round_1_has_begun() -> None:
    game = dealt()
    game.placed(card("B3"))
    notice = game.command(Leader(2))[0]
    assert notice.kind is NoticeKind.REFUSED and notice.rule == "T3"
    assert game.command(Leader(9))[0].kind is NoticeKind.REFUSED


def test_same_card_on_both_indicators_and_an_indicator_mid_round_are_refused() -> None:
    """T2: two different indicator cards, read at the start of a round only."""
    game = flow()
    game.placed(card("R7", "trump-indicator"))
    same = game.placed(card("R7", "symbol-indicator", key="other"))
    assert same[0].kind is NoticeKind.REFUSED and same[0].rule == "T2"
    game.placed(card("G4", "symbol-indicator"))
    late = game.placed(card("B1", "trump-indicator"))
    assert late[0].rule == "T2" and "start of a round" in late[0].message


def test_an_indicator_card_played_is_refused() -> None:
    """T2: the indicator cards are not in any hand."""
    game = dealt()
    refused = game.placed(card("R7", key="copy"))
    assert refused[0].kind is NoticeKind.REFUSED and refused[0].rule == "T2"


def test_a_trick_shows_its_winner_and_a_revoke_is_flagged() -> None:
    """T4: the only trump wins; a colour not followed then played is a FLAG."""
    game = dealt(0)
    game.placed(card("B3"))
    game.placed(card("B9"))
    notices = game.placed(card("R2"))  # Cy trumps
    won = [n for n in notices if n.kind is NoticeKind.TRICK_WON]
    assert won[0].detail == TrickWon(2, "R2", 1, ())
    game.placed(card("G8"))
    game.placed(card("G9"))
    game.placed(card("G10"))
    game.placed(card("Y1"))  # Ben won with G10 and leads
    flags = [n for n in game.placed(card("B5")) if n.kind is NoticeKind.FLAG]  # Cy: blue
    assert flags and flags[0].rule == "T4" and flags[0].seat == 2


def test_undo_takes_back_a_play_and_then_the_deal() -> None:
    game = dealt()
    game.placed(card("B3"))
    game.undo()
    assert game.record()["rounds"][0]["tricks"] == []
    game.undo()  # the symbol indicator: no deal any more
    assert game.record()["rounds"] == []
    assert game.status().awaiting is Awaiting.SYMBOL_INDICATOR


def test_replace_a_misread_indicator_rebuilds_the_round() -> None:
    game = dealt()
    game.placed(card("B3"))
    notice = game.command(Replace("trump/1/R7", "Y7"))[0]
    assert notice.kind is NoticeKind.INFO
    assert game.record()["rounds"][0]["trump"] == "Y7"
    assert game.record()["rounds"][0]["tricks"] == [["B3"]]
    bad = game.command(Replace("trump/1/B3", "G4"))[0]
    assert bad.kind is NoticeKind.REFUSED and bad.rule == "T2"


def test_the_same_inputs_give_the_same_state() -> None:
    record = load("trump", "full-game-2p.json")
    a, b = flow(record["rounds"][0]["leader"], 2), flow(record["rounds"][0]["leader"], 2)
    play_trump(a, record)
    play_trump(b, record)
    assert a.record() == b.record() and a.status() == b.status() and a.report() == b.report()
