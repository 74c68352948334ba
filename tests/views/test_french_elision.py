"""French elision around names (DESIGN.md, player-facing text): never "de Ana".

French elides de, que, le, la, je, ne, se, jusque, lorsque, puisque before a vowel or
a mute h ("d'Ana", "qu'Éloi"). A name is not known when the catalogue is written, so
the French catalogue never puts a name (or any word a placeholder may hold) after one
of those words: it says "À {name} de jouer", "la carte jouée par {name}", "{name} :
combinaison sur ...". Then no name needs to be told vowel or consonant, h muet or h
aspiré: the sentence reads right for Ana, Éloi, Hugo, Yves and Ben alike.

The walk fills every placeholder of every French message (the OLED's and voice's
catalogue, and the phone page's and dashboard's) with vowel-initial and h-initial
names, and looks for an eliding word before them. Counts are filled with a number,
cards with a card: every French card name starts with a consonant (checked below), so
"de {card}" and "le {card}" stay right.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games.i18n import N_
from companion.views.cards import NUMBERED
from companion.views.i18n import LOCALE, _, speaking

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = (
    LOCALE / "fr" / "LC_MESSAGES" / "companion.po",
    ROOT / "companion" / "web" / "locale" / "fr" / "LC_MESSAGES" / "messages.po",
)
#: The words French elides before a vowel or a mute h.
ELIDING = ("de", "que", "le", "la", "je", "me", "te", "ne", "se", "jusque", "lorsque", "puisque")
#: An eliding word, then a word that starts with a vowel or an h ("h" counts: most first
#: names with an h are h muet in French, "d'Hugo", "d'Hélène").
_ELIDED = re.compile(
    rf"(?<![\w'’-])({'|'.join(ELIDING)})\s+([aeiouyhàâäéèêëîïôöûüœæ][\w-]*)", re.IGNORECASE
)
_FIELD = re.compile(r"\{(\w*)\}|%\((\w+)\)[sd]")
#: Placeholders that hold a count, a number or an amount.
NUMBERS = {
    "number",
    "count",
    "n",
    "num",
    "round",
    "trick",
    "points",
    "total",
    "chars",
    "minutes",
    "days",
    "left",
    "allowed",
    "free",
    "numbers",
    "last_number",
}
#: Placeholders that hold a card's name (all French card names start with a consonant).
CARDS = {"card", "other", "prize"}
NAMES = ("Ana", "Éloi", "Hugo", "Yves", "Inès", "Ulysse")


def _messages(path: Path) -> Iterator[tuple[str, str]]:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            yield str(ids[0]), str(string)


def _filled(text: str, name: str) -> str:
    def value(match: re.Match[str]) -> str:
        field = match.group(1) if match.group(1) is not None else match.group(2)
        if field in NUMBERS:
            return "3"
        if field in CARDS:
            return "Rouge 5"
        return name

    return _FIELD.sub(value, text)


def _elisions(name: str) -> list[tuple[str, str]]:
    found = []
    for path in CATALOGUES:
        for msgid, string in _messages(path):
            filled = _filled(string, name)
            found += [(msgid, hit.group(0)) for hit in _ELIDED.finditer(filled)]
    return found


@pytest.mark.parametrize("name", NAMES)
def test_no_french_message_needs_an_elision_before_a_name(name: str) -> None:
    """Player-facing text (DESIGN.md): no "de Ana", "que Éloi", "le Hugo" in any French
    message of the OLED, the voice, the phone page or the dashboard."""
    assert _elisions(name) == []


def test_the_walk_finds_an_unelided_name() -> None:
    """The walk itself: the wording the audit found ("C'est le tour de {name}") is caught."""
    assert _ELIDED.findall(_filled("C'est le tour de {name}", "Ana")) == [("de", "Ana")]
    assert _ELIDED.findall(_filled("avant que %(name)s joue", "Hugo")) == [("que", "Hugo")]
    assert _ELIDED.findall(_filled("Combinaison de {name}", "Ben")) == []
    assert _ELIDED.findall(_filled("la carte d'{name}", "Ana")) == []


def test_no_french_label_ends_on_a_word_a_name_would_follow() -> None:
    """A screen that draws a label and then a name below it ("Missing card of" / "Ana")
    would read "Carte manquante de Ana": no French message ends with an eliding word."""
    ending = re.compile(rf"(?<![\w'’-])({'|'.join(ELIDING)})\s*$", re.IGNORECASE)
    endings = [
        (msgid, string)
        for path in CATALOGUES
        for msgid, string in _messages(path)
        if ending.search(string)
    ]
    assert endings == []


def test_every_french_card_name_starts_with_a_consonant() -> None:
    """F1, T1, R1, H5 faces: "de {card}" and "le {card}" need no elision, for any card."""
    words = [*NUMBERED.values(), N_("Wild {number}"), N_("Wild"), N_("Bonus")]
    with speaking("fr"):
        names = [_(word).format(number=5) for word in words]
    assert [name for name in names if _ELIDED.search(f"de {name}")] == []
