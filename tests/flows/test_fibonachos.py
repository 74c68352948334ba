"""The Fibonachos flow (issue 4 section 3): table cards to plays, refusals, undo, replace."""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import load, play_fibonachos

from companion.flows.base import EngineFlow, NoticeKind
from companion.flows.commands import Replace, Undo
from companion.flows.registry import make_flow
from companion.flows.status import Awaiting, Scores, TrickStatus, TrickWon
from companion.flows.tricks import TrickFlow
from companion.games import CardGameReport
from companion.games.scoring import score_record
from companion.table.cards import TableCard

EXAMPLES = [
    "full-2p.json",
    "full-3p.json",
    "full-4p-zero-scores-34.json",
    "full-5p-no-tricks-only.json",
    "revoke.json",
    "shared-win.json",
    "short.json",
]


def flow_for(record: dict[str, Any]) -> Any:
    dealer = record["rounds"][0].get("dealer")
    options = {} if dealer is None else {"dealer": dealer}
    return make_flow("fibonachos", record["players"], record.get("variants", []), options=options)


def card(notation: str, zone: str = "play", key: str | None = None) -> TableCard:
    return TableCard(key or f"fibonachos/1/{notation}", "fibonachos", notation, zone)


def three() -> Any:
    return make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_records_replay_through_the_table(name: str) -> None:
    """F1-F8: every example played card by card gives `companion score`'s result."""
    record = load("fibonachos", name)
    flow = flow_for(record)
    notices = play_fibonachos(flow, record)
    assert not [n for n in notices if n.kind is NoticeKind.REFUSED]
    expected = score_record(record)
    assert flow.report() == expected
    assert score_record(flow.record()) == expected
    assert flow.is_over() == expected.complete
    rounds = sum(1 for n in notices if n.kind is NoticeKind.ROUND_OVER)
    assert isinstance(expected, CardGameReport) and rounds == len(expected.rounds)
    assert any(n.kind is NoticeKind.GAME_OVER for n in notices) == expected.complete


def test_a_full_trick_shows_its_winner_and_prize() -> None:
    """F4, F6: two fibonachos in the trick, the highest (R13) takes the spicy card."""
    flow = three()
    flow.placed(card("S3#1", "spicy"))
    flow.placed(card("R13"))
    flow.placed(card("G2"))
    notices = flow.placed(card("Y16"))
    won = [n for n in notices if n.kind is NoticeKind.TRICK_WON]
    assert len(won) == 1 and won[0].seat == 0
    assert won[0].detail == TrickWon(0, "R13", 1, ("S3#1",))
    status = flow.status()
    assert isinstance(status, TrickStatus)
    assert (status.trick, status.to_play, status.awaiting) == (2, 0, Awaiting.SPICY)


def test_a_play_before_the_spicy_card_is_refused_and_the_flow_waits() -> None:
    """F6: the leader reveals the spicy card before leading."""
    flow = three()
    notices = flow.placed(card("R13"))
    assert [n.kind for n in notices] == [NoticeKind.REFUSED]
    assert notices[0].rule == "F6" and "R13" in notices[0].message
    assert flow.record()["rounds"] == []
    flow.removed(card("R13"))  # picked up again: ignored
    flow.placed(card("S0", "spicy"))
    assert flow.placed(card("R13")) == []
    assert flow.record()["rounds"][0]["tricks"] == [{"spicy": "S0", "plays": ["R13"]}]


def test_a_card_already_played_is_refused_naming_it() -> None:
    """F1: a physical card is played once a round (same key, or one copy too many)."""
    flow = three()
    flow.placed(card("S0", "spicy"))
    for text in ("R5", "R6", "R7"):
        flow.placed(card(text))
    flow.placed(card("S1", "spicy"))
    again = flow.placed(card("R5", key="fibonachos/1/R5"))
    assert again == []  # the last trick's card found again: the same play, ignored
    copy = flow.placed(card("R5", key="fibonachos/2/R5"))
    assert copy[0].kind is NoticeKind.REFUSED and copy[0].rule == "F1"
    assert "R5" in copy[0].message and "more often than the deck holds" in copy[0].message


def test_wrong_deck_is_refused_and_a_card_is_what_its_deck_says() -> None:
    """F1, F6, issue 10 item 2: a Trump card is refused; a card's identity decides its use
    wherever it lies on the table: a nacho card on the spicy spot is a play (refused
    before the spicy card, F6), a spicy card in the play area or on any spot of the left
    column is the trick's prize."""
    flow = three()
    trump = flow.placed(TableCard("trump/1/B7", "trump", "B7", "play"))
    assert trump[0].kind is NoticeKind.REFUSED and trump[0].rule == "F1"
    nacho = flow.placed(card("R3", "spicy"))
    assert nacho[0].rule == "F6" and "before the spicy card" in nacho[0].message
    for zone in ("play", "trump-indicator", "symbol-indicator", "play-2"):
        assert flow.placed(card("S2", zone, key=f"s/{zone}")) == []
        status = flow.status()
        assert isinstance(status, TrickStatus) and status.spicy == "S2"
        assert status.awaiting is Awaiting.NOTHING
        flow.undo()
    flow.placed(card("S2", "trump-indicator"))
    assert flow.placed(card("R3", "spicy", key="r3")) == []
    late = flow.placed(card("S3", "play"))
    assert late[0].rule == "F6" and "S3" in late[0].message
    assert flow.placed(card("R17"))[0].kind is NoticeKind.REFUSED
    assert flow.record()["rounds"][0]["tricks"] == [{"spicy": "S2", "plays": ["R3"]}]


def test_cards_outside_the_zones_are_ignored() -> None:
    flow = three()
    assert flow.placed(card("S2", "meld-0")) == []
    assert flow.placed(card("R2", "hand")) == []
    assert flow.record()["rounds"] == []


def test_a_revoke_is_flagged_not_refused() -> None:
    """F5: Ben did not follow red, then plays red in the same round: a FLAG naming him."""
    flow = three()
    flow.placed(card("S0", "spicy"))
    flow.placed(card("R16"))
    flow.placed(card("G4"))  # Ben does not follow red
    flow.placed(card("R15"))
    flow.placed(card("S1", "spicy"))  # Ana won with R16 and leads
    flow.placed(card("Y4"))
    notices = flow.placed(card("R4"))  # Ben plays red: proven revoke
    flags = [n for n in notices if n.kind is NoticeKind.FLAG]
    assert len(flags) == 1 and flags[0].rule == "F5" and flags[0].seat == 1
    assert "Ben" in flags[0].message
    assert flow.report().flags[0].rule == "F5"


def test_undo_takes_back_the_last_play_then_the_reveal() -> None:
    flow = three()
    flow.placed(card("S3", "spicy"))
    flow.placed(card("R13"))
    assert flow.command(Undo())[0].kind is NoticeKind.INFO
    assert flow.record()["rounds"][0]["tricks"] == [{"spicy": "S3", "plays": []}]
    flow.undo()
    assert flow.record()["rounds"] == []
    assert flow.undo()[0].kind is NoticeKind.REFUSED  # nothing left


def test_undo_across_a_round_end() -> None:
    """F3: the last play of round 1 undone, the round's scores are gone again."""
    record = load("fibonachos", "short.json")
    flow = flow_for(record)
    play_fibonachos(flow, record)
    assert len(flow.report().rounds) == 1
    flow.undo()
    assert flow.report().rounds == ()
    assert flow.record()["rounds"][0]["tricks"][-1]["plays"] == ["R1", "G1"]


def test_replace_corrects_a_misread_card_and_checks_it() -> None:
    flow = three()
    flow.placed(card("S3", "spicy"))
    flow.placed(card("R13", key="k1"))
    flow.placed(card("G2", key="k2"))
    notices = flow.command(Replace("k1", "R12"))
    assert notices[0].kind is NoticeKind.INFO
    assert flow.record()["rounds"][0]["tricks"][0]["plays"] == ["R12", "G2"]
    # The same checks apply: G2 is already in the trick.
    bad = flow.command(Replace("k1", "G2"))
    assert bad[0].kind is NoticeKind.REFUSED and bad[0].rule == "F1"
    assert flow.record()["rounds"][0]["tricks"][0]["plays"] == ["R12", "G2"]
    unknown = flow.command(Replace("nope", "G3"))
    assert unknown[0].kind is NoticeKind.REFUSED


def test_replace_a_refused_card_places_the_right_one() -> None:
    flow = three()
    flow.placed(card("S3", "spicy"))
    flow.placed(card("R13", key="k1"))
    refused = flow.placed(card("R13", key="k2"))  # misread: R13 was played already
    assert refused[0].kind is NoticeKind.REFUSED
    flow.command(Replace("k2", "R11"))
    assert flow.record()["rounds"][0]["tricks"][0]["plays"] == ["R13", "R11"]


def test_per_seat_play_spots_refuse_a_card_out_of_turn() -> None:
    """Issue 4 section 3: with one play spot per seat, a second card of a seat is refused."""
    flow = three()
    flow.placed(card("S3", "spicy"))
    assert flow.placed(card("R13", "play-0")) == []
    twice = flow.placed(card("R12", "play-0"))
    assert twice[0].kind is NoticeKind.REFUSED and "Ana already played" in twice[0].message
    early = flow.placed(card("R11", "play-2"))
    assert "Ben's turn" in early[0].message
    assert flow.placed(card("R11", "play-1")) == []


def test_the_same_inputs_give_the_same_state() -> None:
    record = load("fibonachos", "full-3p.json")
    a, b = flow_for(record), flow_for(record)
    play_fibonachos(a, record)
    play_fibonachos(b, record)
    assert a.record() == b.record() and a.status() == b.status()
    final = a.status()
    assert isinstance(final, Scores) and final.round is None
    assert final.points == a.report().totals
    assert final.winners == a.report().winners


@pytest.mark.parametrize("game", ["fibonachos", "trump"])
def test_trick_flows_are_engine_flows(game: str) -> None:
    """Issue 9: the trick flows' record, score and end are EngineFlow's, over their engine."""
    flow = make_flow(game, ["Ana", "Ben", "Cy"], [], options={})
    assert isinstance(flow, EngineFlow) and isinstance(flow, TrickFlow)
    for name in ("record", "report", "is_over"):
        assert getattr(type(flow), name) is getattr(EngineFlow, name)
    assert flow.record() == flow.engine.to_record() and flow.report() == flow.engine.report()
