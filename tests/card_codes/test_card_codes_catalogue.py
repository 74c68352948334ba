"""Deck catalogues (issue 3, section 2), cross-checked against the rules engines (F1, T1, R1, H5).

card_codes must not import companion; these tests may, to show that both read RULES.md alike.
"""

from __future__ import annotations

from collections import Counter

import pytest

from card_codes import catalogue, faces
from card_codes.catalogue import (
    DECKS,
    MAX_COPY,
    CardIdentity,
    card,
    card_at,
    card_index,
    deck_cards,
    face_description,
    staff_cards,
)
from card_codes.errors import CardCodeError, UnknownCardError
from companion.games.fibonachos import cards as fib_cards
from companion.games.fibonachos.deck import nacho_deck, spicy_deck
from companion.games.hex import cards as hex_cards
from companion.games.rummy import deck as rummy_deck
from companion.games.rummy.notation import parse_card as rummy_parse
from companion.games.trump import cards as trump_cards

COUNTS = {
    "fibonachos": 66,
    "trump": 52,
    "rummy21": 89,
    "rummy13": 73,
    "rummy8": 67,
    "rummy89": 89,
    "hex": 24,
    "control": 9,
}


@pytest.mark.parametrize(("deck", "count"), COUNTS.items())
def test_deck_sizes_issue_3_section_2(deck: str, count: int) -> None:
    cards = deck_cards(deck)
    assert len(cards) == count
    assert len({c.key for c in cards}) == count
    assert all(c.deck == deck and c.copy == 1 for c in cards)


def test_deck_order_is_stable_and_copies_differ_only_in_copy() -> None:
    for deck in DECKS:
        first, second = deck_cards(deck, 1), deck_cards(deck, 2)
        assert [c.notation for c in first] == [c.notation for c in second]
        assert not {c.key for c in first} & {c.key for c in second}


def test_fibonachos_matches_the_engine_F1() -> None:
    cards = deck_cards("fibonachos")
    engine = Counter(str(c) for c in [*nacho_deck(), *spicy_deck()])
    assert Counter(c.face for c in cards) == engine
    for c in cards:
        parsed = fib_cards.parse_card(c.notation)
        assert str(parsed) == c.notation
    assert [c.notation for c in cards if c.face in ("R1", "S3")] == [
        "R1#1",
        "R1#2",
        "S3#1",
        "S3#2",
        "S3#3",
    ]


def test_fibonacho_mark_F2() -> None:
    for c in deck_cards("fibonachos"):
        face = face_description(c)
        if c.face.startswith("S"):
            assert face.marks == {"spicy"}
        else:
            assert ("fibonacho" in face.marks) == fib_cards.Nacho.parse(c.face).is_fibonacho


def test_trump_matches_the_engine_and_symbols_T1() -> None:
    cards = deck_cards("trump")
    boards = [c.notation for c in cards if "board" in face_description(c).marks]
    assert boards == ["TRUMP-BOARD", "SYMBOL-BOARD"]
    playing = [c for c in cards if c.notation not in boards]
    assert len(playing) == 50
    for c in playing:
        engine = trump_cards.parse_card(c.notation)
        face = face_description(c)
        assert face.symbol == engine.symbol.name.lower()
        assert face.colour == engine.colour.title
        assert face.number == engine.number


@pytest.mark.parametrize("deck", ["rummy21", "rummy13", "rummy8", "rummy89"])
def test_rummy_matches_the_engine_R1(deck: str) -> None:
    engine = rummy_deck.DECKS[deck]
    cards = deck_cards(deck)
    assert Counter(c.face for c in cards) == Counter(str(c) for c in engine.contents)
    for c in cards:
        assert str(rummy_parse(c.notation, engine)) == c.notation


def test_rummy_faces_rabbit_wild_bonus_R1() -> None:
    assert face_description(card("rummy21", "B5#3")).marks == {"rabbit"}
    assert face_description(card("rummy21", "21#1")).marks == {"top"}
    # Decks 13 and 8: the top card is physically a base card, so it carries the rabbit.
    assert face_description(card("rummy13", "13#4")).marks == {"top", "rabbit"}
    assert face_description(card("rummy8", "8#4")).marks == {"top", "rabbit"}
    assert face_description(card("rummy8", "8#5")).marks == {"standard"}
    assert "8#17" not in {c.notation for c in deck_cards("rummy8")}
    bonus = face_description(card("rummy21", "X#2"))
    assert bonus.number == 8 and "bonus" in bonus.marks and "2 + 3 + 3" in bonus.note
    assert face_description(card("rummy89", "X#1")).number == 34
    assert "X#1" not in {c.notation for c in deck_cards("rummy8")}
    assert face_description(card("rummy89", "W#3")).marks == {"wild"}


def test_hex_move_cards_two_piles_H5() -> None:
    cards = deck_cards("hex")
    assert Counter(hex_cards.parse_card(c.face) for c in cards) == Counter(
        {value: 4 for value in hex_cards.CARD_VALUES}
    )
    piles = Counter((face_description(c).colour, c.face) for c in cards)
    assert set(piles.values()) == {hex_cards.COPIES}
    assert face_description(card("hex", "M4#2")).colour == "black"
    assert face_description(card("hex", "M4#3")).colour == "white"


def test_control_and_staff_cards() -> None:
    names = [c.notation for c in deck_cards("control")]
    assert names == ["NEW-GAME", "NEXT-ROUND", "UNDO", "CONFIRM"] + [
        f"SEAT{n}" for n in range(1, 6)
    ]
    assert not any(c.is_staff for c in deck_cards("control"))
    staff = staff_cards(2)
    assert [c.notation for c in staff] == ["STAFF-SETTINGS", "STAFF-RESET"]
    assert all(c.is_staff and c.copy == 2 for c in staff)
    assert card("control", "STAFF-RESET").is_staff
    assert face_description(card("control", "SEAT3")).number == 3
    assert face_description(staff[0]).marks == {"control", "staff"}


def test_identity_properties() -> None:
    c = CardIdentity("rummy21", 4, "W#2")
    assert (c.face, c.key, str(c)) == ("W", "rummy21/4/W#2", "rummy21/4/W#2")
    assert CardIdentity("trump", 1, "B7").face == "B7"
    assert (
        sorted([CardIdentity("trump", 2, "B7"), CardIdentity("fibonachos", 9, "R1#1")])[0].deck
        == "fibonachos"
    )


def test_card_accepts_serial_one_for_a_unique_card() -> None:
    assert card("trump", "B7#1") == CardIdentity("trump", 1, "B7")
    assert card("fibonachos", "R13#1", copy=2) == CardIdentity("fibonachos", 2, "R13")


@pytest.mark.parametrize(
    ("deck", "notation", "words"),
    [
        ("fibonachos", "R1", "names 2 cards"),
        ("rummy21", "3", "names 12 cards"),
        ("fibonachos", "R17", "no card"),
        ("fibonachos", "R1#3", "no card"),
        ("trump", "B7#2", "no card"),
        ("rummy8", "X#1", "no card"),
        ("control", "SEAT6", "no card"),
        ("poker", "AS", "unknown deck"),
    ],
)
def test_card_refuses(deck: str, notation: str, words: str) -> None:
    with pytest.raises(UnknownCardError, match=words):
        card(deck, notation)


@pytest.mark.parametrize("copy", [0, -1, MAX_COPY + 1, True])
def test_copies_are_bounded(copy: int) -> None:
    with pytest.raises(CardCodeError, match="copies count"):
        deck_cards("trump", copy)


def test_index_round_trip_and_face_description_errors() -> None:
    for deck in DECKS:
        for identity in (*deck_cards(deck, 5), *(staff_cards(5) if deck == "control" else ())):
            assert card_at(deck, card_index(identity), 5) == identity
        assert card_at(deck, len(catalogue.entries(deck)), 1) is None
    with pytest.raises(UnknownCardError):
        face_description(CardIdentity("trump", 1, "B11"))


def test_payload_order_is_pinned() -> None:
    """The index of a card in its deck is written in its code (docs/payload.md): never reorder."""
    pinned = {
        "fibonachos": ["R1#1", "R1#2", "R2"],
        "trump": ["R1", "R2", "R3"],
        "rummy21": ["21#1", "21#2", "21#3"],
        "hex": ["M1#1", "M1#2", "M2#1"],
    }
    for deck, first in pinned.items():
        assert [c.notation for c in deck_cards(deck)[:3]] == first
    assert card_index(card("fibonachos", "S5#3")) == 65
    assert card_index(card("trump", "SYMBOL-BOARD")) == 51
    assert card_index(card("rummy21", "X#2")) == 88
    assert card_index(card("hex", "M6#4")) == 23
    assert card_index(card("control", "STAFF-RESET")) == 10
    assert faces.CONTROL_NOTATIONS[-1] == "SEAT5"
