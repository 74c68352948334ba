"""Who takes a trick (F4) and which cards may follow (F5)."""

from __future__ import annotations

import pytest

from companion.games.fibonachos import Nacho, Suit, winner_index
from companion.games.fibonachos.trick import playable


def cards(*texts: str) -> list[Nacho]:
    return [Nacho.parse(text) for text in texts]


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["R13", "G2", "Y16"], 0),  # two fibonachos: the highest, R13, over a 16
        (["R4", "G8", "Y3"], 1),  # off-suit fibonachos trump the lead suit
        (["R16", "G1", "Y1"], 2),  # two 1s only: still a trump, the later 1
        (["G5", "G8", "R1"], 1),  # three fibonachos: G8
    ],
)
def test_f4_two_or_more_fibonachos_the_highest_wins(plays: list[str], winner: int) -> None:
    assert winner_index(cards(*plays)) == winner


def test_f4_equal_fibonachos_later_card_wins() -> None:
    """F4 and the rulebook: two fibonachos tied for the highest, the last one wins."""
    assert winner_index(cards("R8", "G8", "Y2")) == 1
    assert winner_index(cards("R13", "G13", "Y13")) == 2
    assert winner_index(cards("R8", "G8", "Y7", "Y16")) == 1


def test_f4_one_fibonacho_is_no_trump_the_lead_suit_wins() -> None:
    assert winner_index(cards("R7", "R12", "G13")) == 1
    assert winner_index(cards("R13", "R14", "G4")) == 1


def test_f4_off_suit_card_that_is_not_a_fibonacho_never_wins() -> None:
    assert winner_index(cards("R4", "G16", "Y15")) == 0
    assert winner_index(cards("Y6", "R16", "G16", "Y7")) == 3


def test_f4_equal_ranks_of_the_lead_suit_go_to_the_later_card() -> None:
    """The only equal nacho cards are the two 1s of a suit (one fibonacho each)."""
    assert winner_index(cards("R1", "R1#2", "G4")) == 1
    # R1, R1: two fibonachos, tied; the later one wins.
    assert winner_index(cards("G4", "R1", "R1")) == 2


def test_f5_must_follow_the_lead_suit_if_able() -> None:
    hand = cards("R3", "G9", "G1", "Y16")
    assert playable(hand, Suit.GREEN) == cards("G9", "G1")
    assert playable(hand, None) == hand


def test_f5_any_card_when_unable_to_follow() -> None:
    hand = cards("R3", "Y16")
    assert playable(hand, Suit.GREEN) == hand
