"""H5: the move cards, two piles of 12 (two each of 1-6), reshuffled when used up."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.hex import HexNotationError, Pile, card_name, parse_card


def test_h5_a_pile_holds_twelve_cards_two_each_of_1_to_6() -> None:
    pile = Pile()
    assert pile.size == 12
    assert Counter(pile.cards()) == {n: 2 for n in range(1, 7)}
    assert pile.faces() == (1, 2, 3, 4, 5, 6)


def test_h5_a_used_up_pile_is_reshuffled() -> None:
    pile = Pile()
    order = [n for n in range(1, 7) for _ in range(2)]
    random.Random(3).shuffle(order)
    for turned, card in enumerate(order, start=1):
        pile = pile.turned(card)
        assert pile.size == (12 - turned if turned < 12 else 12)
    assert pile == Pile()


def test_h5_a_third_copy_before_the_reshuffle_is_refused() -> None:
    pile = Pile().turned(4).turned(4)
    assert pile.count(4) == 0 and 4 not in pile.cards()
    with pytest.raises(HexNotationError, match="M4 is not left"):
        pile.turned(4)


@given(st.sampled_from([1, 2, 3, 4, 5, 6]))
def test_h5_card_notation_round_trips(card: int) -> None:
    assert parse_card(card_name(card)) == card
    assert card_name(card) == f"M{card}"


@given(st.sampled_from([1, 2, 3, 4, 5, 6]), st.integers(1, 4))
def test_h5_a_printed_copy_reads_as_its_card(card: int, copy: int) -> None:
    """H5, DESIGN.md card notation ("a physical card's serial may follow as #n"): the
    camera's ``M4#2`` is the card 4, read by the one reader (the flows cut the serial
    off by another way first, each of the three its own)."""
    assert parse_card(f"{card_name(card)}#{copy}") == card


@pytest.mark.parametrize("text", ["M0", "M7", "4", "m4", "M44", "", "M7#1", "M4#", "M4#0", "M4#x"])
def test_h5_bad_card_names_are_notation_errors(text: str) -> None:
    with pytest.raises(HexNotationError) as caught:
        parse_card(text)
    assert caught.value.rule == "H5"
