"""Card notation (DESIGN.md "Card notation") and the four decks (R1)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import NotationError
from companion.games.rummy import (
    BONUS,
    DECK_8,
    DECK_13,
    DECK_21,
    DECK_89,
    DECKS,
    WILD,
    Card,
    Deck,
    Kind,
    UnknownCardError,
    parse_card,
)


def _counts(deck: Deck) -> Counter[str]:
    return Counter(str(card) for card in deck.contents)


def test_r1_deck_21_holds_89_cards() -> None:
    counts = _counts(DECK_21)
    assert DECK_21.size == 89
    assert all(counts[f"B{n}"] == 4 for n in (2, 3, 5, 8, 13))
    assert counts["21"] == 4
    assert all(counts[str(n)] == 12 for n in (2, 3, 5, 8, 13))
    assert (counts["W"], counts["X"]) == (3, 2)


def test_r1_deck_13_is_deck_21_less_the_21s_and_standard_13s() -> None:
    counts = _counts(DECK_13)
    assert DECK_13.size == 73 == 89 - 4 - 12
    assert counts["13"] == 4 and "B13" not in counts and "21" not in counts
    assert [counts[f"B{n}"] for n in (2, 3, 5, 8)] == [4, 4, 4, 4]
    assert (counts["W"], counts["X"]) == (3, 2)


def test_r1_deck_8_has_67_cards_and_its_standard_8s() -> None:
    """R1: the stated count 67 keeps the twelve standard 8s beside the four top cards 8."""
    counts = _counts(DECK_8)
    assert DECK_8.size == 67 == 73 - 4 - 2
    assert counts["8"] == 16 and "X" not in counts and "B8" not in counts
    kinds = Counter(card.kind for card in DECK_8.contents if card.number == 8)
    assert kinds == {Kind.TOP: 4, Kind.STANDARD: 12}
    assert DECK_8.copies(parse_card("8", DECK_8)) == 16


def test_r1_deck_89_follows_the_pattern() -> None:
    counts = _counts(DECK_89)
    assert DECK_89.size == 89
    assert all(counts[f"B{n}"] == 4 for n in (8, 13, 21, 34, 55))
    assert counts["89"] == 4 and all(counts[str(n)] == 12 for n in (8, 13, 21, 34, 55))
    assert DECK_89.bonus is not None and DECK_89.bonus.worth == 34


def test_r2_r3_what_each_game_asks() -> None:
    rows = [(d.target, d.max_sets, d.opening_bases) for d in (DECK_21, DECK_13, DECK_8, DECK_89)]
    assert rows == [(21, 6, 3), (13, 5, 2), (8, 4, 1), (89, 6, 3)]


@pytest.mark.parametrize(
    ("text", "deck", "kind", "number"),
    [
        ("21", DECK_21, Kind.TOP, 21),
        ("21", DECK_89, Kind.STANDARD, 21),
        ("13", DECK_13, Kind.TOP, 13),
        ("13", DECK_21, Kind.STANDARD, 13),
        ("8", DECK_8, Kind.TOP, 8),
        ("B55", DECK_89, Kind.BASE, 55),
        ("W", DECK_21, Kind.WILD, None),
        ("W=21", DECK_21, Kind.WILD, 21),
        ("X", DECK_89, Kind.BONUS, None),
    ],
)
def test_r1_notation_depends_on_the_deck(
    text: str, deck: Deck, kind: Kind, number: int | None
) -> None:
    card = parse_card(text, deck)
    assert (card.kind, card.number, str(card)) == (kind, number, text)


@pytest.mark.parametrize(
    ("text", "deck", "needle", "rule"),
    [
        ("B13", DECK_13, "the top card is written '13'", "R1"),
        ("B21", DECK_21, "the top card is written '21'", "R1"),
        ("21", DECK_13, "unknown card '21' in rummy13", "R1"),
        ("X", DECK_8, "rummy8 has no bonus card", "R1"),
        ("B2", DECK_89, "its base cards are B8 B13 B21 B34 B55", "R1"),
        ("W=4", DECK_21, "a wild card stands for a card number of rummy21", "R5"),
        ("W=21", DECK_13, "(2, 3, 5, 8, 13)", "R5"),
        ("3#13", DECK_21, "the deck holds 12 3, serials 1-12", "R1"),
        ("W#4", DECK_21, "serials 1-3", "R1"),
        ("R5", DECK_21, "unknown card 'R5'", "R1"),
        ("05", DECK_21, "unknown card '05'", "R1"),
        ("", DECK_21, "unknown card ''", "R1"),
    ],
)
def test_r1_r5_unknown_cards_name_the_text_and_rule(
    text: str, deck: Deck, needle: str, rule: str
) -> None:
    with pytest.raises(UnknownCardError) as caught:
        parse_card(text, deck)
    assert needle in str(caught.value)
    assert caught.value.rule == rule
    assert isinstance(caught.value, NotationError)


def test_r1_card_that_is_not_text() -> None:
    with pytest.raises(UnknownCardError, match="written as text"):
        parse_card(21, DECK_21)


def test_r5_serial_of_a_declared_wild_reads_either_way() -> None:
    assert parse_card("W#2=13", DECK_21) == parse_card("W=13#2", DECK_21)
    assert str(parse_card("W#2=13", DECK_21)) == "W=13#2"


def test_r1_serials_run_to_the_copies_of_deck_8s_sixteen_8s() -> None:
    assert str(parse_card("8#16", DECK_8)) == "8#16"
    with pytest.raises(UnknownCardError):
        parse_card("8#13", DECK_21)


def test_r5_a_wild_in_hand_loses_its_number_and_only_wilds_are_declared() -> None:
    card = WILD.declared(13)
    assert card.in_hand == WILD and card.physical == WILD
    with pytest.raises(NotationError):
        BONUS.declared(3)
    with pytest.raises(NotationError):
        Card(Kind.BASE)


def _card_texts(deck: Deck) -> st.SearchStrategy[str]:
    """Every card text of a deck: faces, declared wilds, serials within the copies."""
    faces = sorted({card for card in deck.contents}, key=Card.sort_key)
    plain = st.sampled_from(faces)
    wild = st.sampled_from(deck.numbers).map(WILD.declared)

    def with_serial(card: Card, draw: int | None) -> str:
        if draw is None:
            return str(card)
        serial = draw % deck.copies(card) + 1
        return str(Card(card.kind, card.number, serial))

    return st.builds(with_serial, st.one_of(plain, wild), st.none() | st.integers(0, 99))


@settings(max_examples=150)
@given(
    st.sampled_from(sorted(DECKS)).flatmap(
        lambda game: st.tuples(st.just(DECKS[game]), _card_texts(DECKS[game]))
    )
)
def test_r1_notation_round_trips(case: tuple[Deck, str]) -> None:
    """Every parser has its serialiser: str(parse(text)) == text, parse(str(card)) == card."""
    deck, text = case
    card = parse_card(text, deck)
    assert str(card) == text
    assert parse_card(str(card), deck) == card


def test_r1_every_card_of_every_deck_round_trips_by_its_notation() -> None:
    """Deck 8's standard 8s read back as the card 8 (the notation cannot tell them apart)."""
    for deck in DECKS.values():
        for card in set(deck.contents):
            again = parse_card(str(card), deck)
            assert str(again) == str(card)
            if not (deck is DECK_8 and card.kind is Kind.STANDARD and card.number == 8):
                assert again == card
