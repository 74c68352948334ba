"""T1: the deck, the symbol layout and the card notation."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import NotationError
from companion.games.trump import DECK, Card, Colour, Symbol, parse_card, symbol_of


def test_t1_deck_holds_fifty_cards_five_colours_one_to_ten() -> None:
    """T1 and the rulebook: 50 cards, 5 coloured suits numbered 1-10, one of each."""
    assert len(DECK) == 50
    assert len(set(DECK)) == 50
    assert Counter(c.colour for c in DECK) == {colour: 10 for colour in Colour}
    assert {c.number for c in DECK} == set(range(1, 11))
    assert [c.name for c in Colour] == ["R", "G", "B", "Y", "P"]


def test_t1_each_colour_holds_each_symbol_twice() -> None:
    """T1 / rulebook: 'The 5 symbols each appear twice in each color suit'."""
    for colour in Colour:
        counts = Counter(c.symbol for c in DECK if c.colour == colour)
        assert counts == {symbol: 2 for symbol in Symbol}, colour


def test_t1_one_number_never_shows_the_same_symbol_in_two_colours() -> None:
    """T1: the rulebook's 'no two numbers have the same symbol', read across colours."""
    for number in range(1, 11):
        symbols = [symbol_of(colour, number) for colour in Colour]
        assert sorted(symbols) == list(Symbol), number


def test_t1_symbol_layout_is_the_formula() -> None:
    """T1: SYMBOLS[(n - 1 + c) mod 5] with PLUS CIRCLE SQUARE STAR WAVES, R0 G1 B2 Y3 P4."""
    assert [s.name for s in Symbol] == ["PLUS", "CIRCLE", "SQUARE", "STAR", "WAVES"]
    assert [parse_card(f"R{n}").symbol for n in range(1, 6)] == list(Symbol)
    assert parse_card("R6").symbol is Symbol.PLUS
    assert parse_card("G1").symbol is Symbol.CIRCLE
    assert parse_card("G7").symbol is Symbol.SQUARE
    assert parse_card("B7").symbol is Symbol.STAR
    assert parse_card("P1").symbol is Symbol.WAVES
    assert parse_card("P10").symbol is Symbol.STAR
    assert len({s.glyph for s in Symbol}) == 5


def test_t1_each_symbol_is_on_ten_cards() -> None:
    """T1, T6: ten cards carry each symbol, so a round scores 0-10 symbols."""
    assert Counter(c.symbol for c in DECK) == {symbol: 10 for symbol in Symbol}


cards = st.builds(
    Card, st.sampled_from(list(Colour)), st.integers(1, 10), st.sampled_from([None, 1])
)


@settings(max_examples=100)
@given(cards)
def test_t1_notation_round_trips(card: Card) -> None:
    """T1 notation: serialise then parse gives the same card, serial included."""
    assert parse_card(str(card)) == card
    assert str(parse_card(str(card))) == str(card)


@settings(max_examples=200)
@given(
    st.one_of(st.text(max_size=6), st.from_regex(r"[RGBYPX][0-9]{1,2}(#[0-9])?", fullmatch=True))
)
def test_t1_any_text_is_a_card_or_a_notation_error(text: str) -> None:
    """T1 notation: a parser never fails with anything but NotationError."""
    try:
        card = parse_card(text)
    except NotationError:
        return
    assert str(card) == text


@pytest.mark.parametrize(
    "text", ["R0", "R11", "X1", "r1", "R01", "R1#0", "R1#2", "R1#", " R1", "R1 ", "", "10R"]
)
def test_t1_cards_that_do_not_exist_are_rejected(text: str) -> None:
    """T1: R0, R11, a sixth colour, lower case, leading zeros, a second R1 (#2)."""
    with pytest.raises(NotationError, match="T1"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 5, ["R1"], b"R1"])
def test_t1_non_text_is_a_notation_error(value: object) -> None:
    with pytest.raises(NotationError, match="as text"):
        parse_card(value)


def test_t1_serial_is_kept_and_face_drops_it() -> None:
    """DESIGN.md notation: 'R1#1' is kept as written; rules compare the face."""
    card = parse_card("R1#1")
    assert str(card) == "R1#1"
    assert card.face == parse_card("R1") != card
    assert card.symbol is Symbol.PLUS
    assert card.colour.title == "red"


def test_t1_card_constructor_checks_the_number() -> None:
    with pytest.raises(NotationError, match="1-10"):
        Card(Colour.B, 11)
