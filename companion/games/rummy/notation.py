"""Reading card text for one deck: every parser has its serialiser (``str(card)``).

    >>> from companion.games.rummy.deck import DECK_21, DECK_89
    >>> parse_card("21", DECK_21).kind.name, parse_card("21", DECK_89).kind.name
    ('TOP', 'STANDARD')
    >>> str(parse_card("W=13#2", DECK_21)), str(parse_card("W#2=13", DECK_21))
    ('W=13#2', 'W=13#2')
    >>> try:
    ...     parse_card("B34", DECK_21)
    ... except UnknownCardError as exc:
    ...     print(exc)
    unknown card 'B34' in rummy21: its base cards are B2 B3 B5 B8 B13 (R1)

A serial counts from 1 up to the copies the deck holds (``3#12`` exists, ``3#13``
does not); a wild card's declared number must be a card number of the deck (R5).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from companion.games.faces import Face, FaceReader, split, unknown
from companion.games.rummy.cards import BONUS, WILD, Card, Kind
from companion.games.rummy.deck import TOP_COPIES, Deck
from companion.games.rummy.errors import UnknownCardError

_NUMBER = r"[1-9][0-9]{0,2}"


def _serial(name: str) -> str:
    return rf"(?:#(?P<{name}>{_NUMBER}))?"


_CARD = re.compile(
    rf"B(?P<base>{_NUMBER}){_serial('s1')}"
    rf"|W(?:=(?P<wild>{_NUMBER}))?{_serial('s2')}"
    rf"|W#(?P<s3>{_NUMBER})=(?P<wild2>{_NUMBER})"
    rf"|(?P<bonus>X){_serial('s4')}"
    rf"|(?P<plain>{_NUMBER}){_serial('s5')}"
)


def parse_card(text: object, deck: Deck) -> Card:
    """Read one card of ``deck``; raise :class:`UnknownCardError` naming the text."""
    if not isinstance(text, str):
        raise UnknownCardError(f"a card is written as text like 'B5' or 'W=13', not {text!r}")
    return _parse(text, deck)


@lru_cache(maxsize=4096)
def _parse(text: str, deck: Deck) -> Card:
    """:func:`parse_card` of a text, kept: a game reads the same few cards again and
    again (a meld is read back at each of its checks)."""
    match = _CARD.fullmatch(text)
    if match is None:
        raise UnknownCardError(f"unknown card {text!r} in {deck.game}")
    groups = match.groupdict()
    serials = [groups[f"s{i}"] for i in range(1, 6)]
    serial = next((int(text) for text in serials if text is not None), None)
    card = _card(text, groups, deck)
    if serial is not None:
        copies = deck.copies(card)
        if serial > copies:
            raise UnknownCardError(
                f"unknown card {text!r} in {deck.game}: the deck holds {copies} "
                f"{card.physical}, serials 1-{copies}"
            )
        card = Card(card.kind, card.number, serial)
    return card


def _card(text: str, groups: dict[str, str | None], deck: Deck) -> Card:
    if groups["base"] is not None:
        number = int(groups["base"])
        if number in deck.bases:
            return Card(Kind.BASE, number)
        bases = " ".join(f"B{n}" for n in deck.bases)
        why = (
            f"the top card is written '{number}'"
            if number == deck.target
            else f"its base cards are {bases}"
        )
        raise UnknownCardError(f"unknown card {text!r} in {deck.game}: {why}")
    wild = groups["wild"] or groups["wild2"]
    if text.startswith("W"):
        if wild is None:
            return WILD
        if int(wild) not in deck.numbers:
            numbers = ", ".join(map(str, deck.numbers))
            raise UnknownCardError(
                f"{text!r}: a wild card stands for a card number of {deck.game} ({numbers})", "R5"
            )
        return WILD.declared(int(wild))
    if groups["bonus"] is not None:
        if deck.bonus is None:
            raise UnknownCardError(f"unknown card {text!r}: {deck.game} has no bonus card")
        return BONUS
    number = int(groups["plain"] or 0)
    if number == deck.target:
        return deck.top
    if number in deck.standards:
        return Card(Kind.STANDARD, number)
    raise UnknownCardError(f"unknown card {text!r} in {deck.game}")


def parse_cards(texts: Sequence[object], deck: Deck) -> tuple[Card, ...]:
    """Read a list of cards (a set, a hand)."""
    return tuple(parse_card(text, deck) for text in texts)


def face_reader(deck: Deck) -> FaceReader:
    """What the faces of ``deck`` print (R1), for the views: a top card is the first
    printings of the target number in a deck whose standard cards share it (deck 8's
    ``8#1``-``8#4``; ``8#5`` on are standard).

        >>> from companion.games.rummy.deck import DECK_8, DECK_21
        >>> [face_reader(DECK_21)(n).kind for n in ("21", "B5", "13", "W=8#1", "X", "R5")]
        ['top', 'base', 'standard', 'wild', 'bonus', None]
        >>> face_reader(DECK_8)("8#4").kind, face_reader(DECK_8)("8#5").kind
        ('top', 'standard')
    """
    shared = deck.target in deck.standards

    def read(notation: str) -> Face:
        parts = split(notation)
        if parts is None:
            return unknown(notation)
        letter, number = parts.letter, parts.number
        if letter == "W" and number is None:
            return Face(parts.face, "wild", parts.declared)
        if letter == "X" and number is None:
            return Face(parts.face, "bonus")
        if number is None or (letter and letter != "B"):
            return Face(parts.face)
        if letter == "B":
            return Face(parts.face, "base", number)
        standard = number != deck.target or (shared and (parts.serial or 0) > TOP_COPIES)
        return Face(parts.face, "standard" if standard else "top", number)

    return read
