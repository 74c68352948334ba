"""Every physical card of every deck, and its identity: deck, copy of the deck, notation.

Two copies of one deck at a cafe are told apart by ``copy``; two equal cards of one
deck by the serial in their notation (docs/notation.md): ``R1#1`` and ``R1#2`` are the
two red 1s of Fibonachos, while a card the deck holds once has no serial (``R13``,
Trump's ``B7``). ``face`` drops the serial, and is what the rules engines read.

    >>> red = card("fibonachos", "R1#2", copy=3)
    >>> red.face, red.key, red.is_staff
    ('R1', 'fibonachos/3/R1#2', False)
    >>> len(deck_cards("rummy21")), face_description(card("trump", "B7")).symbol
    (89, 'star')

:func:`card` accepts ``#1`` after a unique card and drops it (``B7#1`` is ``B7``), as
the Trump engine does; a bare face that names several cards (``R1``) is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from card_codes import faces
from card_codes.errors import UnknownCardError
from card_codes.faces import CardFace, Entry

#: The deck designs, in the order of the payload's deck letters (docs/payload.md).
DECKS: tuple[str, ...] = (
    "fibonachos",
    "trump",
    "rummy21",
    "rummy13",
    "rummy8",
    "rummy89",
    "hex",
    "control",
)
#: What a deck plays, where its name does not say it all (printed on its sheets' title
#: line): the rulebook plays Fibonacci 13 and 8 with Deck 21, cards taken out (R1).
PLAYS: dict[str, str] = {
    "rummy21": "Deck 21: plays Rummy 21, and Rummy 13 and 8 with cards taken out",
    "rummy13": "Rummy 13 only (Deck 21 plays it too)",
    "rummy8": "Rummy 8 only (Deck 21 plays it too)",
}
#: The deck holding the staff cards (listed by :func:`staff_cards`, not :func:`deck_cards`).
STAFF_DECK = "control"
#: Copies of a deck count 1 ... MAX_COPY (two base-36 digits in the payload).
MAX_COPY = 36 * 36 - 1

_SERIAL = re.compile(r"(.+)#([1-9][0-9]*)")


@dataclass(frozen=True, order=True)
class CardIdentity:
    """One physical card at a table: ``copy`` of ``deck``, card ``notation`` (with serial)."""

    deck: str
    copy: int
    notation: str

    @property
    def face(self) -> str:
        """The notation without its ``#n`` serial: ``R1#2`` -> ``R1``."""
        match = _SERIAL.fullmatch(self.notation)
        return match.group(1) if match else self.notation

    @property
    def key(self) -> str:
        """Unique per physical card at a table: ``"fibonachos/1/R1#2"``."""
        return f"{self.deck}/{self.copy}/{self.notation}"

    @property
    def is_staff(self) -> bool:
        """Staff cards unlock settings; their payload must carry the installation's HMAC."""
        return self.deck == STAFF_DECK and self.notation in faces.STAFF_NOTATIONS

    def __str__(self) -> str:
        return self.key


@cache
def entries(deck: str) -> tuple[Entry, ...]:
    """``(notation, face)`` of every card of ``deck`` in payload order (staff cards last)."""
    if deck == "fibonachos":
        return faces.fibonachos()
    if deck == "trump":
        return faces.trump()
    if deck in faces.RUMMY_DECKS:
        return faces.rummy(faces.RUMMY_DECKS[deck])
    if deck == "hex":
        return faces.hex_moves()
    if deck == "control":
        return faces.control() + faces.staff()
    raise UnknownCardError(f"unknown deck {deck!r}: the decks are {', '.join(DECKS)}")


@cache
def _faces(deck: str) -> dict[str, CardFace]:
    return dict(entries(deck))


def check_copy(copy: int) -> None:
    """Raise :class:`UnknownCardError` unless ``copy`` is a deck copy 1 ... MAX_COPY."""
    if isinstance(copy, bool) or not isinstance(copy, int) or not 1 <= copy <= MAX_COPY:
        raise UnknownCardError(f"deck copy {copy!r}: copies count 1 ... {MAX_COPY}")


def deck_cards(deck: str, copy: int = 1) -> tuple[CardIdentity, ...]:
    """Every physical card of one copy of ``deck`` in a stable order (no staff cards).

    >>> [c.notation for c in deck_cards("hex")][:3]
    ['M1#1', 'M1#2', 'M2#1']
    """
    check_copy(copy)
    return tuple(
        CardIdentity(deck, copy, notation)
        for notation, face in entries(deck)
        if "staff" not in face.marks
    )


def staff_cards(copy: int = 1) -> tuple[CardIdentity, ...]:
    """The staff cards (``STAFF-SETTINGS``, ``STAFF-RESET``) of one control deck."""
    check_copy(copy)
    return tuple(CardIdentity(STAFF_DECK, copy, name) for name in faces.STAFF_NOTATIONS)


def card(deck: str, notation: str, copy: int = 1) -> CardIdentity:
    """The card of ``deck`` written ``notation``; raise :class:`UnknownCardError`.

    >>> card("trump", "B7#1").notation
    'B7'
    """
    check_copy(copy)
    known = _faces(deck)
    if notation in known:
        return CardIdentity(deck, copy, notation)
    match = _SERIAL.fullmatch(notation) if isinstance(notation, str) else None
    if match and match.group(2) == "1" and match.group(1) in known:
        return CardIdentity(deck, copy, match.group(1))
    if isinstance(notation, str) and f"{notation}#1" in known:
        holds = [name for name in known if _SERIAL.sub(r"\1", name) == notation]
        raise UnknownCardError(
            f"{notation} names {len(holds)} cards of the {deck} deck: write the serial, "
            f"{holds[0]} ... {holds[-1]} (docs/notation.md)"
        )
    raise UnknownCardError(f"no card {notation!r} in the {deck} deck (docs/notation.md)")


def face_description(identity: CardIdentity) -> CardFace:
    """What is printed on ``identity``'s card (same for every copy of the deck)."""
    try:
        return _faces(identity.deck)[identity.notation]
    except KeyError:
        raise UnknownCardError(
            f"no card {identity.notation!r} in the {identity.deck} deck (docs/notation.md)"
        ) from None


def card_index(identity: CardIdentity) -> int:
    """The card's place in its deck's payload order (staff cards after the control cards)."""
    for index, (notation, _face) in enumerate(entries(identity.deck)):
        if notation == identity.notation:
            return index
    raise UnknownCardError(f"no card {identity.notation!r} in the {identity.deck} deck")


def card_at(deck: str, index: int, copy: int) -> CardIdentity | None:
    """The card at ``index`` of ``deck``'s payload order, or None past its end."""
    known = entries(deck)
    if not 0 <= index < len(known):
        return None
    return CardIdentity(deck, copy, known[index][0])
