"""Card notation (DESIGN.md "Card notation") and the decks of F1 and F2."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.errors import NotationError
from companion.games.fibonachos import (
    Nacho,
    Spicy,
    Suit,
    layout,
    nacho_deck,
    parse_card,
    spicy_deck,
)
from companion.games.fibonachos.cards import RANKS, SPICY_VALUES


def test_f1_deck_is_51_nachos_and_15_spicy_66_in_all() -> None:
    """F1 and the rulebook's components: 51 nacho cards, 15 spicy cards."""
    nachos, spicies = nacho_deck(), spicy_deck()
    assert len(nachos) == 51 and len(spicies) == 15
    assert len(nachos) + len(spicies) == 66
    per_suit = Counter(card.suit for card in nachos)
    assert per_suit == {Suit.RED: 17, Suit.GREEN: 17, Suit.YELLOW: 17}
    assert Counter(card.rank for card in nachos if card.suit is Suit.RED)[1] == 2
    assert Counter(card.value for card in spicies) == {0: 3, 1: 3, 2: 3, 3: 3, 5: 3}


def test_f2_fibonachos_are_1_2_3_5_8_13_of_every_suit() -> None:
    """F2: both 1s of every suit count, 4 and 16 do not."""
    fibonachos = [card for card in nacho_deck() if card.is_fibonacho]
    assert len(fibonachos) == 3 * 7  # 1, 1, 2, 3, 5, 8, 13 per suit
    assert {card.rank for card in fibonachos} == {1, 2, 3, 5, 8, 13}


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("R1", Nacho(Suit.RED, 1)),
        ("G16", Nacho(Suit.GREEN, 16)),
        ("Y13", Nacho(Suit.YELLOW, 13)),
        ("R1#2", Nacho(Suit.RED, 1, 2)),
        ("S0", Spicy(0)),
        ("S5#3", Spicy(5, 3)),
    ],
)
def test_f1_notation_reads_and_writes_back(text: str, card: Nacho | Spicy) -> None:
    assert parse_card(text) == card
    assert str(card) == text


@pytest.mark.parametrize(
    "text",
    ["R0", "R17", "B3", "r3", "R01", "S4", "S6", "R1#3", "R5#2", "S3#4", "R1#0", "", " R3", "R3 "],
)
def test_f1_unknown_cards_are_notation_errors(text: str) -> None:
    """Serials count 1 up to the copies the deck holds: R1#2 exists, R5#2 does not."""
    with pytest.raises(NotationError, match="F1"):
        parse_card(text)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Rouge13", "nacho cards are R1 ... R16, G1 ... G16, Y1 ... Y16"),
        ("r3", "nacho cards are R1 ... R16, G1 ... G16, Y1 ... Y16"),
        ("s3", "nacho cards are R1 ... R16, G1 ... G16, Y1 ... Y16"),
        ("S", "spicy cards are S0 S1 S2 S3 S5"),
    ],
)
def test_f1_an_unknown_card_says_what_the_cards_are(text: str, names: str) -> None:
    """F1, and a message says what to do: a card written another way (a French name, a
    small letter) is refused with the names a record takes, as Trump's T1 says them."""
    with pytest.raises(NotationError) as caught:
        parse_card(text)
    assert str(caught.value) == f"unknown card {text!r}: {names} (F1)"


def test_f1_serial_is_not_part_of_the_face() -> None:
    card = Nacho.parse("R1#2")
    assert card.face == Nacho.parse("R1") and card != card.face
    assert Spicy.parse("S3#1").face == Spicy(3)


def test_f3_layout_per_player_count() -> None:
    """F3: 51 // N cards and tricks for 3-5 players; 9 + 11 and 8 tricks of 4 for two."""
    assert [(layout(n).hand, layout(n).tricks, layout(n).trick_size) for n in (3, 4, 5)] == [
        (17, 17, 3),
        (12, 12, 4),
        (10, 10, 5),
    ]
    two = layout(2)
    assert (two.hand, two.draw_deck, two.tricks, two.trick_size) == (9, 11, 8, 4)


nachos = st.builds(
    lambda suit, rank, serial: Nacho(
        suit, rank, None if serial is None else min(serial, 2 if rank == 1 else 1)
    ),
    st.sampled_from(list(Suit)),
    st.sampled_from(sorted(set(RANKS))),
    st.none() | st.integers(1, 2),
)
spicies = st.builds(Spicy, st.sampled_from(SPICY_VALUES), st.none() | st.integers(1, 3))


@settings(max_examples=200)
@given(nachos | spicies)
def test_notation_round_trips(card: Nacho | Spicy) -> None:
    """Every card written and read back is the same card (serial included)."""
    assert parse_card(str(card)) == card


@settings(max_examples=200)
@given(st.text(max_size=8))
def test_parsing_any_text_gives_a_card_or_a_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError:
        return
    assert str(card) == text
