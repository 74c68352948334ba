"""docs/rummy.md quotes the screens as they are (issue 11: "the docs page shows a newcomer
what to do at the table without reading anything else").

The page writes in **bold**, in "double quotes" and in ``text`` code blocks only what
the OLED shows: menu entries, questions, notes and refusals, in English. Each must be a
message of the catalogue (companion/views/locale/companion.pot) with its placeholders
filled by the kind of fact they stand for (a name, a number, a card), or a text the
screens draw that the catalogue does not hold (the numbers of a wild card, "W = 3"),
taken from every screen of the gallery (companion/ui/gallery.py). So a screen whose
words change fails here until the page follows.

The sections "The camera" and "Checking a recorded game" quote commands and files, not
screens: they are left out.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from companion.ui.draw import recording_texts
from companion.ui.gallery import gallery
from companion.ui.screens import render
from companion.views.i18n import LOCALE, speaking

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rummy.md"
#: The page's sections that quote no screen.
NOT_SCREENS = ("The camera", "Checking a recorded game")
_NAME = r"(?:[A-Z][a-z]+|Seat \d)"
_NUMBER = r"-?\d+"
_CARD = r"[A-Z][a-z]+(?: \d+)?"
#: What each placeholder of the catalogue stands for on a screen; another is a card.
_FILLERS = {
    "name": _NAME,
    "whose": _NAME,
    "player": _NAME,
    "": _NAME,
    "number": _NUMBER,
    "n": _NUMBER,
    "count": _NUMBER,
    "points": _NUMBER,
    "total": _NUMBER,
    "round": _NUMBER,
    "trick": _NUMBER,
    "last": _NUMBER,
    "numbers": r"\d+(?:, \d+)*(?: or \d+)?",
}
#: Placeholders that stand for a whole message of the catalogue ("{name}: {reason}").
_SENTENCES = ("reason", "action")
_FIELD = re.compile(r"\{([a-z_]*)\}")


def _messages() -> list[str]:
    with (LOCALE / "companion.pot").open("rb") as handle:
        catalog = read_po(handle)
    out: list[str] = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        out += [str(text) for text in ids if text]
    return out


def _pattern(message: str, plain: str) -> re.Pattern[str]:
    parts = _FIELD.split(message)  # text, field, text, field, ...
    regex = ""
    for index, part in enumerate(parts):
        if index % 2 == 0:
            regex += re.escape(part)
        elif part in _SENTENCES:
            regex += plain
        else:
            regex += _FILLERS.get(part, _CARD)
    return re.compile(regex)


@cache
def _screens() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """Every text the English gallery draws, and every catalogue message as a pattern."""
    messages = _messages()
    plain = "(?:" + "|".join(re.escape(m) for m in messages if not _FIELD.search(m)) + ")"
    patterns = tuple(_pattern(message, plain) for message in messages)
    with speaking("en"), recording_texts() as drawn:
        for _name, view in gallery(["en"]):
            render(view, (128, 64))
    return frozenset(drawn), patterns


def on_screen(text: str) -> bool:
    drawn, patterns = _screens()
    return text in drawn or any(p.fullmatch(text) for p in patterns)


def page_quotes(page: str) -> list[str]:
    """The bold, the double-quoted and each line of the ``text`` blocks, outside the
    sections that quote no screen; other code blocks and code spans are not quotes."""
    sections = re.split(r"^(?=## )", page, flags=re.M)
    kept = "".join(s for s in sections if not s.startswith(tuple(f"## {t}" for t in NOT_SCREENS)))
    quotes: list[str] = []
    block = re.compile(r"^( *)```(\w*)\n(.*?)^\1```[^\n]*$", re.M | re.S)
    for match in block.finditer(kept):
        if match[2] == "text":
            quotes += [line.strip() for line in match[3].splitlines() if line.strip()]
    prose = re.sub(r"`[^`\n]*`", "", block.sub("", kept))
    found = re.findall(r"\*\*(.+?)\*\*", prose, re.S) + re.findall(r'"([^"]+)"', prose)
    return quotes + [" ".join(text.split()) for text in found]


def test_the_rummy_page_quotes_only_what_the_screens_say() -> None:
    """Issue 11: every menu entry, question, note and refusal docs/rummy.md quotes is
    the OLED's English wording (the rummy menus, the closing and wild card questions,
    who went out, the refusals of an end of round, the end of the match)."""
    quotes = page_quotes(PAGE.read_text(encoding="utf-8"))
    assert len(quotes) > 40, quotes  # the page does quote the screens
    for needed in ("Close this set?", "Count hands", "End round", "Wild card", "End game"):
        assert needed in quotes, needed
    assert [quote for quote in quotes if not on_screen(quote)] == []


def test_words_no_screen_says_are_refused() -> None:
    """The check is not empty: a question worded otherwise than the screen's (the issue's
    "Close Ana's set on base 5?"), a menu entry that is not one, prose in bold, and
    bold left in a code block's neighbour are caught; code is not a quote."""
    for text in ("Close Ana's set on base 5?", "Undo", "W = 3 or 8", "hold BACK for undo"):
        assert on_screen(text) is (text == "Undo"), text  # "Undo" is a notice's title
    page = (
        "## Play\n\n**Close Ana's set on base 5?** `**Count hands**`\n\n"
        '```sh\n"companion run"\n```\n\n```text\nW = 3 or 8\n```\n\n'
        "## The camera\n\n**about 190 pixels**\n"
    )
    assert page_quotes(page) == ["W = 3 or 8", "Close Ana's set on base 5?"]
