"""Cards named as their faces print them, in the table's language.

A card's notation (``R13#1``, ``B5``, ``W=8#2``) is for records and logs: the serial
tells two physical copies apart, the letters are the notation's. A player reads the
printed face: its colour or kind and its big number (card_codes/faces.py and
face_style.py print ``RED · SALSA`` over ``13``, ``SPICY`` over ``3``, ``BASE ·
RABBIT`` over ``5``). So the screens say "Red 13", "Spicy 3", "Base 5", "Wild",
never the serial.

    >>> card_name("R13#1", "fibonachos"), card_name("S3#2", "fibonachos")
    ('Red 13', 'Spicy 3')
    >>> card_name("B7", "trump"), card_name("B5#3", "rummy21"), card_name("W=8#1", "rummy21")
    ('Blue 7', 'Base 5', 'Wild 8')

A list of cards with their players (the trick so far, the last trick, a rummy seat's
sets) has a few letters a card: there a card is its colour's short form, as players
abbreviate the word on the face, with the big number (:func:`card_short`, docs/ui.md
"Cards in a list"): "Yel 16", "Grn 2", in French "Jau 16", "Ver 2".

    >>> card_short("Y16#1", "fibonachos"), card_short("B13", "rummy21")
    ('Yel 16', 'Base 13')
"""

from __future__ import annotations

import re

from companion.games.fibonachos.cards import Suit
from companion.games.i18n import N_
from companion.games.rummy.deck import DECKS
from companion.games.trump.cards import Colour, Symbol
from companion.views.i18n import _, pgettext

#: The Fibonachos suits and the spicy cards, by their notation letter (F1).
FIBONACHOS = {
    "R": N_("Red {number}"),
    "G": N_("Green {number}"),
    "Y": N_("Yellow {number}"),
    "S": N_("Spicy {number}"),
}
#: The Trump colours, by their notation letter (T1).
TRUMP = {
    "R": N_("Red {number}"),
    "G": N_("Green {number}"),
    "B": N_("Blue {number}"),
    "Y": N_("Yellow {number}"),
    "P": N_("Purple {number}"),
}
#: The colours alone (a suit led, the trump colour), as the faces print them.
COLOURS = {
    "R": N_("Red"),
    "G": N_("Green"),
    "B": N_("Blue"),
    "Y": N_("Yellow"),
    "P": N_("Purple"),
}
#: The Trump symbols (T1), as face_style.py words them.
SYMBOLS = {
    Symbol.PLUS: N_("circled plus"),
    Symbol.CIRCLE: N_("circle"),
    Symbol.SQUARE: N_("square"),
    Symbol.STAR: N_("star"),
    Symbol.WAVES: N_("waves"),
}
#: What a card on record is used as, where its face does not say it (Trump's indicators).
USES = {"trump": N_("{card} (trump)"), "symbol": N_("{card} (symbol)")}
_NOTATION = re.compile(r"([A-Z]?)([0-9]*)(?:=([0-9]+))?")
#: Deck 8's top cards are the serials 1-4 of its ``8`` (R1, card_codes/faces.py).
_TOP_COPIES = 4


def face_of(notation: str) -> str:
    """The notation without its serial: ``R13#1`` -> ``R13``."""
    return notation.split("#", 1)[0]


def _serial(notation: str) -> int | None:
    serial = notation.partition("#")[2]
    return int(serial) if serial.isdigit() else None


def card_name(notation: str, deck: str) -> str:
    """The card ``notation`` of ``deck`` (a game's name) as its face prints it.

    A notation the deck does not know is shown as it is, without its serial.
    """
    face = face_of(notation)
    match = _NOTATION.fullmatch(face)
    if match is None:
        return face
    letter, digits, declared = match.groups()
    number = int(digits) if digits else None
    if deck == "fibonachos" and letter in FIBONACHOS and number is not None:
        return _(FIBONACHOS[letter]).format(number=number)
    if deck == "trump" and letter in TRUMP and number is not None:
        return _(TRUMP[letter]).format(number=number)
    if deck in DECKS:
        return _rummy_name(letter, number, declared, deck, _serial(notation)) or face
    if deck in ("hex", "hex-referee") and letter == "M" and number is not None:
        return _("Move card {number}").format(number=number)
    return face


def _rummy_name(
    letter: str, number: int | None, declared: str | None, deck: str, serial: int | None
) -> str | None:
    if letter == "W" and number is None:
        return _("Wild {number}").format(number=declared) if declared else _("Wild")
    if letter == "X" and number is None:
        return _("Bonus")
    if number is None:
        return None
    if letter == "B":
        return _("Base {number}").format(number=number)
    if letter:
        return None
    target = DECKS[deck].target
    standard = number != target or (deck == "rummy8" and (serial or 0) > _TOP_COPIES)
    if standard:
        return _("Standard {number}").format(number=number)
    return _("Top {number}").format(number=number)


def _short_colours() -> dict[str, str]:
    """Each colour's short form, three letters at most (a catalogue test checks it)."""
    return {
        "R": pgettext("short colour", "Red"),
        "G": pgettext("short colour", "Grn"),
        "Y": pgettext("short colour", "Yel"),
        "B": pgettext("short colour", "Blu"),
        "P": pgettext("short colour", "Pur"),
        "S": pgettext("short colour", "Spi"),
    }


def card_short(notation: str, deck: str) -> str:
    """The card ``notation`` of ``deck`` in a few letters, for a list of cards: the
    colour's short form and the number ("Yel 16"); a rummy Standard card "Std 13"; a
    card whose name is short already by its name ("Base 5", "Wild 8")."""
    face = face_of(notation)
    match = _NOTATION.fullmatch(face)
    letter, digits = match.groups()[:2] if match else ("", "")
    colours = FIBONACHOS if deck == "fibonachos" else TRUMP if deck == "trump" else {}
    if letter in colours and digits:
        return f"{_short_colours()[letter]} {int(digits)}"
    name = card_name(notation, deck)
    if deck in DECKS and digits and name == _("Standard {number}").format(number=int(digits)):
        return pgettext("short card", "Std {number}").format(number=int(digits))
    return name


def colour_name(colour: Suit | Colour) -> str:
    """A Fibonachos suit or a Trump colour by itself: "Red"."""
    letter = colour.value if isinstance(colour, Suit) else colour.name
    return _(COLOURS[letter])


def symbol_name(symbol: Symbol) -> str:
    """A Trump symbol as the face words it: "circled plus", "star"."""
    return _(SYMBOLS[symbol])
