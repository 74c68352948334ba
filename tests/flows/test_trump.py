"""The Trump flow (issue 4 section 3): indicators deal a round, plays, refusals, corrections."""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import load, play_trump

from companion.flows.base import NoticeKind
from companion.flows.commands import Leader, Replace
from companion.flows.registry import make_flow
from companion.flows.status import Awaiting, Scores, TrickStatus, TrickWon
from companion.games.scoring import score_record
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
    assert refused.rule == "T3" and "the holder of R1 leads round 1" in refused.message
    assert game.command(Leader(1))[0].kind is NoticeKind.INFO
    status = game.status()
    assert isinstance(status, TrickStatus)
    assert (status.to_play, status.awaiting) == (1, Awaiting.NOTHING)
    assert (status.trump, status.symbol) == (Colour.R, Symbol.WAVES)


def test_the_leader_is_corrected_while_round_1_lasts_not_after() -> None:
    """T3, issue 10 item 3: the Leader command stays for corrections: round 1's plays
    are seated anew; once round 1 is over its leader is on record."""
    game = dealt()
    game.placed(card("B3"))
    notice = game.command(Leader(2))[0]
    assert notice.kind is NoticeKind.INFO
    record = game.record()["rounds"][0]
    assert (record["leader"], record["tricks"]) == (2, [["B3"]])
    assert game.status().to_play == 0
    assert game.command(Leader(9))[0].kind is NoticeKind.REFUSED
    rounds = load("trump", "short.json")
    full = flow(rounds["rounds"][0]["leader"], len(rounds["players"]))
    play_trump(full, rounds)
    late = full.command(Leader(0))[0]
    assert late.kind is NoticeKind.REFUSED and late.rule == "T3"


def test_a_leader_correction_refused_keeps_every_play() -> None:
    """T3, issue 23 item 2 (the conformance table trump-3, seed 5): a leader named
    whose seating the plays on the seats' own spots refuse changes nothing. Before,
    the plays after the first refused one were lost from the record."""
    game = dealt()
    game.placed(card("B3", "play-0"))
    game.placed(card("B5", "play-1"))
    before = (game.status(), game.record())
    refused = game.command(Leader(2))[0]
    assert refused.kind is NoticeKind.REFUSED
    assert (game.status(), game.record()) == before
    assert game.record()["rounds"][0]["tricks"] == [["B3", "B5"]]


def test_the_status_names_the_card_whose_holder_leads_round_1() -> None:
    """T3: the lowest trump-colour card not on an indicator, once both lie, until the
    first play; not for later rounds (their leader is derived)."""
    game = flow(leader=None)
    game.placed(card("R1", "trump-indicator"))
    assert game.status().leader_card is None
    game.placed(card("R2", "symbol-indicator"))
    status = game.status()
    assert (status.awaiting, status.leader_card) == (Awaiting.LEADER, "R3")
    game.command(Leader(1))
    assert game.status().leader_card == "R3"
    game.placed(card("B5"))
    assert game.status().leader_card is None


def test_the_named_card_on_a_seats_own_spot_makes_that_seat_the_leader() -> None:
    """T3, issue 10 item 3: no question needed: R1 led on Cy's spot, Cy leads round 1."""
    game = flow(leader=None)
    game.placed(card("R7", "trump-indicator"))
    game.placed(card("G4", "symbol-indicator"))
    other = game.placed(card("B3", "play-1"))[0]
    assert other.rule == "T3" and "the holder of R1" in other.message
    assert game.placed(card("R1", "play-2")) == []
    assert game.record()["rounds"][0]["leader"] == 2
    assert game.status().to_play == 0
    game.undo()  # the leader came from the card: undone with it
    assert game.status().awaiting is Awaiting.LEADER


def test_the_named_card_in_the_shared_area_waits_for_who_led_it() -> None:
    """T3: R1 led in the shared play area is held (the table says who led it), then
    the round is dealt with that leader and R1 is its first play."""
    game = flow(leader=None)
    game.placed(card("R7", "trump-indicator"))
    game.placed(card("G4", "symbol-indicator"))
    assert game.placed(card("R1")) == []
    status = game.status()
    assert (status.awaiting, status.leader_card, status.to_play) == (
        Awaiting.LEADER_SHOWN,
        "R1",
        None,
    )
    assert [r.card for r in status.recorded] == ["R1", "G4", "R7"]
    waiting = game.placed(card("B3"))[0]
    assert waiting.rule == "T3" and "who led R1" in waiting.message
    game.command(Leader(1))
    record = game.record()["rounds"][0]
    assert (record["leader"], record["tricks"]) == (1, [["R1"]])
    assert game.status().to_play == 2


def test_indicator_boards_say_which_indicator_lies_on_them_anywhere() -> None:
    """T2, issue 10 item 2: TRUMP-BOARD and SYMBOL-BOARD are the deck's, not refused;
    a card put on one is that indicator whatever spot it is on (here the boards lie on
    the column's top and middle spots, the Symbol board over the trump spot)."""
    game = flow()
    boards = [
        TableCard("trump/1/TRUMP-BOARD", "trump", "TRUMP-BOARD", "spicy", (0.12, 0.22)),
        TableCard("trump/1/SYMBOL-BOARD", "trump", "SYMBOL-BOARD", "trump-indicator", (0.12, 0.5)),
    ]
    for board in boards:
        assert game.placed(board) == []
    game.removed(boards[0])  # covered by its card: still where it was
    game.placed(TableCard("trump/1/G4", "trump", "G4", "trump-indicator", (0.13, 0.52)))
    game.placed(TableCard("trump/1/P3", "trump", "P3", "spicy", (0.11, 0.24)))
    record = game.record()["rounds"][0]
    assert (record["trump"], record["symbol"]) == ("P3", "G4")
    assert game.placed(TableCard("trump/1/B3", "trump", "B3", "play", (0.5, 0.5))) == []
    assert game.record()["rounds"][0]["tricks"] == [["B3"]]


def test_without_boards_the_column_top_takes_the_indicator_still_missing() -> None:
    """T2, issue 10 item 2: the default layout's top spot (Fibonachos' spicy spot) holds
    the Trump indicator when it lies first, the Symbol one when the Trump one lies."""
    game = flow()
    game.placed(card("R7", "spicy"))
    game.placed(card("G4", "symbol-indicator"))
    game2 = flow()
    game2.placed(card("R7", "trump-indicator"))
    game2.placed(card("G4", "spicy"))
    for played in (game, game2):
        record = played.record()["rounds"][0]
        assert (record["trump"], record["symbol"]) == ("R7", "G4")


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
