"""The text in a card's QR code, and reading any text back into a card or a rejection.

Version 1 (docs/payload.md) is 13 characters of the QR alphanumeric set, so an ordinary
card's code is a version-1 QR code at level M (20 characters fit); a staff card adds a
16-character HMAC and needs version 2 (29 of 38)::

    TC 1 F 01 01 RZBTL        magic, version, deck, copy, card index, check value
    TC 1 K 01 09 <16 sig> <5 check>   a staff card

    >>> from card_codes.catalogue import card
    >>> text = encode_payload(card("fibonachos", "R1#2"))
    >>> text[:8], len(text), parse_payload(text) == card("fibonachos", "R1#2")
    ('TC1F0101', 13, True)
    >>> parse_payload("https://menu.example").reason
    'not a Table Companion code (a URL)'

The check value is a polynomial hash of every character before it modulo a prime: any
single changed character and any two exchanged characters change it (tests show it
for every card), and a random string passes it once in sixty million tries.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import cast

from card_codes.catalogue import DECKS, CardIdentity, card_at, card_index, check_copy
from card_codes.errors import SigningError
from card_codes.geometry import Corners
from card_codes.keys import check_key, generate_key, load_key, save_key

__all__ = [
    "ALPHANUMERIC",
    "CardIdentity",
    "Rejection",
    "code_text",
    "encode_payload",
    "generate_key",
    "load_key",
    "parse_code",
    "parse_payload",
    "save_key",
]

MAGIC = "TC"
VERSION = "1"
#: The payload's deck letters, in the order of :data:`card_codes.catalogue.DECKS`.
DECK_LETTERS: dict[str, str] = dict(zip(DECKS, "FTABCDHK", strict=True))
_DECK_OF_LETTER = {letter: deck for deck, letter in DECK_LETTERS.items()}
#: QR's alphanumeric mode; a character's index is its value in the check value.
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_VALUE = {char: index for index, char in enumerate(ALPHANUMERIC)}
DIGITS = ALPHANUMERIC[:36]
BODY_LENGTH = 8
SIGNATURE_LENGTH = 16
SIGNATURE_BYTES = 10
CHECK_LENGTH = 5
#: The largest prime below 36**5, and the hash base (its order modulo PRIME is > 200).
PRIME = 60_466_169
BASE = 45
LENGTH = BODY_LENGTH + CHECK_LENGTH
STAFF_LENGTH = BODY_LENGTH + SIGNATURE_LENGTH + CHECK_LENGTH


@dataclass(frozen=True)
class Rejection:
    """A code that is not one of our cards, with the reason in words for people."""

    payload: str
    reason: str
    corners: Corners | None = None

    def __str__(self) -> str:
        return f"{self.payload!r}: {self.reason}"


def _base36(value: int, width: int) -> str:
    digits = []
    for _ in range(width):
        value, digit = divmod(value, 36)
        digits.append(DIGITS[digit])
    if value:
        raise ValueError(f"{value} does not fit {width} base-36 digits")
    return "".join(reversed(digits))


def _number(text: str) -> int | None:
    """Base-36 digits -> int, or None when a character is not a digit 0-9 A-Z."""
    if any(char not in DIGITS for char in text):
        return None
    return int(text, 36)


def check_value(text: str) -> str:
    """The 5-character check value of ``text`` (alphanumeric characters only)."""
    total = 0
    for char in text:
        total = (total * BASE + _VALUE[char] + 1) % PRIME
    return _base36(total, CHECK_LENGTH)


def _signature(body: str, key: bytes) -> str:
    digest = hmac.new(key, body.encode("ascii"), hashlib.sha256).digest()
    return _base36(int.from_bytes(digest[:SIGNATURE_BYTES], "big"), SIGNATURE_LENGTH)


def encode_payload(card: CardIdentity, *, staff_key: bytes | None = None) -> str:
    """The QR text of ``card``; a staff card needs the installation key (SigningError).

    Raises :class:`UnknownCardError` for a card no catalogue holds.
    """
    check_copy(card.copy)
    index = card_index(card)  # names an unknown deck or card
    body = f"{MAGIC}{VERSION}{DECK_LETTERS[card.deck]}{_base36(card.copy, 2)}{_base36(index, 2)}"
    if card.is_staff:
        if staff_key is None:
            raise SigningError(f"{card.notation} is a staff card: it is signed with a staff key")
        body += _signature(body, check_key(staff_key))
    return body + check_value(body)


def _foreign(text: str) -> Rejection:
    lowered = text.lower()
    if "://" in lowered or lowered.startswith(("www.", "mailto:", "tel:")):
        what = "a URL"
    elif lowered.startswith(("wifi:", "begin:vcard", "mecard:", "smsto:", "geo:")):
        what = f"a {text.split(':', 1)[0].upper()} code"
    elif not text:
        what = "empty"
    else:
        shown = text if len(text) <= 20 else text[:17] + "..."
        what = f"it reads {shown!r}"
    return Rejection(text, f"not a Table Companion code ({what})")


def parse_payload(text: str, *, staff_key: bytes | None = None) -> CardIdentity | Rejection:
    """The card ``text`` names, or a :class:`Rejection` saying why not; never raises.

    >>> parse_payload("TC9F0101ABCDE").reason
    'unknown payload version 9'
    """
    value = cast(object, text)  # callers may hand in anything a decoder returned
    if not isinstance(value, str):
        return Rejection(repr(value), f"not a Table Companion code ({type(value).__name__})")
    if not text.startswith(MAGIC) or len(text) < 3 or not text[2].isdigit():
        return _foreign(text)
    if text[2] != VERSION:
        return Rejection(text, f"unknown payload version {text[2]}")
    if len(text) not in (LENGTH, STAFF_LENGTH):
        return Rejection(
            text,
            f"damaged code: {len(text)} characters, version 1 has {LENGTH} "
            f"({STAFF_LENGTH} for staff cards)",
        )
    if any(char not in _VALUE for char in text):
        return Rejection(text, "damaged code: a character outside the QR alphanumeric set")
    head, check = text[:-CHECK_LENGTH], text[-CHECK_LENGTH:]
    if check_value(head) != check:
        return Rejection(text, "damaged code: check value does not match")
    return _identity(text, head, staff_key)


def code_text(data: bytes) -> str:
    """A code's bytes as text: UTF-8 (a byte-order mark kept, as any other character),
    else Latin-1, so any bytes give a text to show.

    >>> code_text(b"\\xef\\xbb\\xbfTC1"), code_text(b"\\xe9")
    ('\\ufeffTC1', 'é')
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_code(data: bytes, *, staff_key: bytes | None = None) -> CardIdentity | Rejection:
    """The card whose payload is exactly the bytes ``data`` of a QR code, or why not.

    The one acceptance rule, whichever decoder read the code (docs/payload.md): the
    bytes become text by :func:`code_text` alone, which keeps every byte (UTF-8 keeps
    a byte-order mark; bytes that are not UTF-8 become Latin-1 characters above 127),
    and a card's payload is ASCII, so only its exact bytes name a card.

    >>> from card_codes.catalogue import card
    >>> payload = encode_payload(card("trump", "B7")).encode("ascii")
    >>> parse_code(payload) == card("trump", "B7")
    True
    >>> print(parse_code(b"\\xef\\xbb\\xbf" + payload).reason)
    not a Table Companion code (it reads '\\ufeffTC1T010QQ5SPZ')
    """
    return parse_payload(code_text(data), staff_key=staff_key)


def _identity(text: str, head: str, staff_key: bytes | None) -> CardIdentity | Rejection:
    """The card of a payload whose check value matched."""
    letter = head[3]
    deck = _DECK_OF_LETTER.get(letter)
    if deck is None:
        return Rejection(text, f"unknown deck {letter!r}")
    copy, index = _number(head[4:6]), _number(head[6:8])
    if copy is None or index is None or copy < 1:
        return Rejection(text, f"damaged code: no deck copy and card in {head[4:8]!r}")
    identity = card_at(deck, index, copy)
    if identity is None:
        return Rejection(text, f"unknown card {index} of the {deck} deck")
    signed = len(head) > BODY_LENGTH
    if not identity.is_staff:
        if signed:
            return Rejection(
                text, f"{identity.notation} is not a staff card but the code is signed"
            )
        return identity
    if not signed:
        return Rejection(text, "staff card not signed")
    if staff_key is None:
        return Rejection(text, "staff card but no staff key configured")
    try:
        expected = _signature(head[:BODY_LENGTH], check_key(staff_key))
    except SigningError as exc:
        return Rejection(text, f"staff card but the staff key is unusable: {exc}")
    if not hmac.compare_digest(expected, head[BODY_LENGTH:]):
        return Rejection(text, "staff card not signed by this installation")
    return identity
