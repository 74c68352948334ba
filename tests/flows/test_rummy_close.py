"""Closing a rummy set by the gesture, and who went out (issue 11 item 1; R4, R6, R7).

docs/rummy.md: a complete set whose cards all leave its owner's zone in one gesture
(consecutive removals, as the table reports a set picked up at once) is asked about:
one press closes it (CloseSet), BACK says it went back into the hand (TakeBack);
Undo takes the closing back. Table events are fed to the flow directly.
"""

from __future__ import annotations

from typing import Any

from companion.flows.base import NoticeKind
from companion.flows.commands import CloseSet, CountHands, EndRound, TakeBack, Undo
from companion.flows.registry import make_flow
from companion.flows.status import Closing, SetState
from companion.table.cards import TableCard


def card(key: str, notation: str, x: float, y: float, seat: int = 0) -> TableCard:
    return TableCard(key, "rummy21", notation, f"meld-{seat}", (x, y))


def flow() -> Any:
    return make_flow("rummy21", ["Ana", "Ben"], [], options={})


def _b8_set(game: Any, seat: int = 0, x: float = 0.2) -> list[TableCard]:
    """The complete set B8 13 in ``seat``'s zone (R2), and B5 (open) beside it."""
    cards = [card(f"b8-{seat}", "B8", x, 0.3, seat), card(f"13-{seat}", "13", x, 0.35, seat)]
    for one in [*cards, card(f"b5-{seat}", "B5", x + 0.2, 0.3, seat)]:
        game.placed(one)
    return cards


def test_a_complete_set_leaving_at_once_is_asked_and_one_press_closes_it() -> None:
    """R4: B8 13 taken off at once in Ana's turn asks "close?"; CloseSet closes it, it
    counts as closed (R7) and the question goes."""
    game = flow()
    gone = _b8_set(game)
    game.placed(card("ben", "21", 0.2, 0.3, seat=1))  # Ben laid the last card
    assert game.status().turn == 1
    for one in gone:
        assert game.removed(one) == []
    status = game.status()
    assert status.closing == Closing(0, "B8")
    assert status.turn == 0  # taking a set off the table is the owner's turn (R4)
    notices = game.command(CloseSet(0, "B8"))
    assert notices[0].kind is NoticeKind.INFO and "closed the set on B8" in notices[0].message
    status = game.status()
    assert status.closing is None and status.closed == (1, 0)
    assert [s.state for s in status.sets] == [SetState.CLOSED, SetState.OPEN]


def test_back_means_the_cards_went_back_into_the_hand() -> None:
    """R4: TakeBack answers the question: nothing is closed and the cards are off the
    table (a hand is counted only at the end of the round, R6)."""
    game = flow()
    for one in _b8_set(game):
        game.removed(one)
    assert game.command(TakeBack(0, "8")) == []
    status = game.status()
    assert status.closing is None and status.closed == (0, 0)
    assert [s.base for s in status.sets] == ["B5"]
    refused = game.command(TakeBack(0, "8"))  # nothing left to answer
    assert refused[0].kind is NoticeKind.REFUSED and refused[0].rule == "R4"


def test_undo_takes_a_closing_back_and_asks_again() -> None:
    """R4, docs/rummy.md: Undo last after a closing: the set is no longer closed and the
    question is back, to be answered BACK."""
    game = flow()
    for one in _b8_set(game):
        game.removed(one)
    game.command(CloseSet(0, "B8"))
    game.command(Undo())
    assert game.status().closed == (0, 0)
    assert game.status().closing == Closing(0, "B8")


def test_part_of_a_set_or_an_open_set_leaving_is_no_closing() -> None:
    """R4: only whole complete sets: one card of B8 13 taken back, or the open B5, or a
    run that takes a complete set and one card more, asks nothing."""
    game = flow()
    b8, thirteen = _b8_set(game)
    game.removed(thirteen)
    assert game.status().closing is None
    game.placed(thirteen)
    game.removed(card("b5-0", "B5", 0.4, 0.3))
    assert game.status().closing is None
    game.placed(card("b5-0", "B5", 0.4, 0.3))
    for one in (b8, thirteen, card("b5-0", "B5", 0.4, 0.3)):
        game.removed(one)
    assert game.status().closing is None


def test_removals_apart_are_no_gesture() -> None:
    """A card put down between two removals ends the gesture: no question."""
    game = flow()
    b8, thirteen = _b8_set(game)
    game.removed(thirteen)
    game.placed(card("ben", "21", 0.2, 0.3, seat=1))
    game.removed(b8)
    assert game.status().closing is None


def test_cards_put_back_withdraw_the_question() -> None:
    """The set gathered and laid down again in the zone: nothing to ask."""
    game = flow()
    gone = _b8_set(game)
    for one in gone:
        game.removed(one)
    game.placed(gone[0])
    assert game.status().closing is None


def test_two_sets_gathered_are_asked_one_after_the_other() -> None:
    """R4: both of Ana's complete sets taken at once: each is asked, the oldest first."""
    game = flow()
    gone = _b8_set(game)
    top = card("top", "21", 0.6, 0.3)
    game.placed(top)
    for one in (*gone, top):
        game.removed(one)
    assert game.status().closing == Closing(0, "B8")
    game.command(CloseSet(0, "B8"))
    assert game.status().closing == Closing(0, "21")
    game.command(CloseSet(0, "21"))
    assert game.status().closed == (2, 0)


def test_the_top_card_closed_by_the_gesture_scores_as_closed() -> None:
    """R2, R7: the top card alone is a complete set; taken off and confirmed it is a
    closed set of the round's record."""
    game = flow()
    top = card("top", "21", 0.2, 0.3)
    for one in (top, card("b8", "B8", 0.4, 0.3), card("b5", "B5", 0.6, 0.3)):
        game.placed(one)
    game.placed(card("b3", "B3", 0.8, 0.3))  # the opening (R3)
    game.removed(top)
    game.command(CloseSet(0, "21"))
    game.command(CountHands())
    game.command(EndRound(None))
    tables = game.record()["rounds"][0]["tables"]
    assert tables[0]["closed"] == [["21"]] and len(tables[0]["open"]) == 3
