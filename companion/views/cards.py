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

from companion.games.faces import Face
from companion.games.fibonachos.cards import Suit
from companion.games.i18n import N_
from companion.games.registry import card_face
from companion.games.trump.cards import SYMBOL_INDICATOR, TRUMP_INDICATOR, Colour, Symbol
from companion.views.i18n import _, pgettext

#: A numbered face by its kind (:mod:`companion.games.faces`: F1, T1, R1, H5).
NUMBERED = {
    "red": N_("Red {number}"),
    "green": N_("Green {number}"),
    "yellow": N_("Yellow {number}"),
    "blue": N_("Blue {number}"),
    "purple": N_("Purple {number}"),
    "spicy": N_("Spicy {number}"),
    "base": N_("Base {number}"),
    "standard": N_("Standard {number}"),
    "top": N_("Top {number}"),
    "move": N_("Move card {number}"),
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
USES = {TRUMP_INDICATOR: N_("{card} (trump)"), SYMBOL_INDICATOR: N_("{card} (symbol)")}


def face_of(notation: str) -> str:
    """The notation without its serial: ``R13#1`` -> ``R13``."""
    return notation.split("#", 1)[0]


def card_name(notation: str, deck: str) -> str:
    """The card ``notation`` of ``deck`` (a game's name) as its face prints it.

    A notation the deck does not know is shown as it is, without its serial.
    """
    return _face_name(card_face(notation, deck))


def _face_name(face: Face) -> str:
    if face.kind == "wild":
        if face.number is None:
            return _("Wild")
        return _("Wild {number}").format(number=face.number)
    if face.kind == "bonus":
        return _("Bonus")
    words = NUMBERED.get(face.kind or "")
    if words is None or face.number is None:
        return face.face
    return _(words).format(number=face.number)


def _short_colours() -> dict[str, str]:
    """Each colour's short form, three letters at most (a catalogue test checks it)."""
    return {
        "red": pgettext("short colour", "Red"),
        "green": pgettext("short colour", "Grn"),
        "yellow": pgettext("short colour", "Yel"),
        "blue": pgettext("short colour", "Blu"),
        "purple": pgettext("short colour", "Pur"),
        "spicy": pgettext("short colour", "Spi"),
    }


def card_short(notation: str, deck: str) -> str:
    """The card ``notation`` of ``deck`` in a few letters, for a list of cards: the
    colour's short form and the number ("Yel 16"); a rummy Standard card "Std 13"; a
    card whose name is short already by its name ("Base 5", "Wild 8")."""
    face = card_face(notation, deck)
    short = _short_colours().get(face.kind or "")
    if short is not None and face.number is not None:
        return f"{short} {face.number}"
    if face.kind == "standard":
        return pgettext("short card", "Std {number}").format(number=face.number)
    return _face_name(face)


def colour_name(colour: Suit | Colour) -> str:
    """A Fibonachos suit or a Trump colour by itself: "Red"."""
    letter = colour.value if isinstance(colour, Suit) else colour.name
    return _(COLOURS[letter])


def symbol_name(symbol: Symbol) -> str:
    """A Trump symbol as the face words it: "circled plus", "star"."""
    return _(SYMBOLS[symbol])
