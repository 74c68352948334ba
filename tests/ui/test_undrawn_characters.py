"""Control and format characters in players' names never reach the panel (docs/security.md,
"What the OLED draws"; issue 22 kept control characters out of names at the bus's
edge, here out of every text the panel draws, whatever way it came): a
zero-width space, a bidi override or isolate, a BEL are left out where the names are
drawn (:func:`companion.ui.draw.drawable`, through :func:`~companion.ui.draw.printable`),
and a name in Arabic, Hebrew or Persian is drawn as before, its Latin letters in the
order typed. The staff's messages: tests/daemon/test_staff_message_drawn.py."""

from __future__ import annotations

import every_screen
import pytest
from PIL import Image, ImageChops

from companion.ui.draw import recording_texts
from companion.ui.screens import render
from companion.views import ScoresView, TrickView
from companion.views.i18n import speaking

#: Each hostile name and the name it is drawn as.
HOSTILE = {
    "Ana\u200b": "Ana",  # ZERO WIDTH SPACE
    "\u202eBen": "Ben",  # RIGHT-TO-LEFT OVERRIDE
    "C\u2066y\u2069": "Cy",  # LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE
    "Dee\x07": "Dee",  # BEL
    "E\u200dd": "Ed",  # ZERO WIDTH JOINER
}
#: Names in Arabic, Hebrew and Persian as a phone's keyboard may give them (a bidi
#: mark or isolate around them, a Persian zero-width non-joiner), and without.
RIGHT_TO_LEFT = {
    "\u2067محمد\u2069": "محمد",
    "حسین\u200f": "حسین",
    "\u200fיוסף": "יוסף",
    "علی\u200cرضا": "علیرضا",
}


def _same(one: Image.Image, other: Image.Image) -> bool:
    return ImageChops.difference(one, other).getbbox() is None


def _screens(names: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> list[Image.Image]:
    """Every screen of the OLED (tests/ui/every_screen.py) with ``names`` at the table."""
    monkeypatch.setattr(every_screen, "NAMES", names)
    with speaking("en"):
        return [render(view, (128, 64)) for _, view in every_screen.every_screen()]


def test_every_screen_draws_a_hostile_name_as_the_name_without_its_controls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 22: each screen with names holding a zero-width space, a bidi override or
    isolate, a BEL or a zero-width joiner is the very screen of the names without them
    (before: each drawn as "?", the BEL as nothing: "A?na", "?Ben", "C?y?")."""
    hostile = _screens(tuple(HOSTILE), monkeypatch)
    plain = _screens(tuple(HOSTILE.values()), monkeypatch)
    assert len(hostile) == len(plain) > 100  # every screen, most of them with the names
    pairs = enumerate(zip(hostile, plain, strict=True))
    assert [index for index, (one, other) in pairs if not _same(one, other)] == []


def test_a_name_in_a_right_to_left_script_keeps_its_letters() -> None:
    """Issue 22 with the phone names of issues 25/26: an Arabic, Hebrew or Persian name
    with the bidi marks, isolates or non-joiner a keyboard puts in is drawn as the same
    name without them, and that, as before, in the Latin letters of the name typed
    (before: "?mhmd?", "hsyn?", "?yvsf", "`ly?rd?")."""
    hostile = ScoresView("Round 1", tuple(RIGHT_TO_LEFT), (1, 2, 3, 4))
    plain = ScoresView("Round 1", tuple(RIGHT_TO_LEFT.values()), (1, 2, 3, 4))
    latin = ScoresView("Round 1", ("mhmd", "hsyn", "yvsf", "علیرضا"), (1, 2, 3, 4))
    with speaking("en"), recording_texts() as texts:
        drawn = render(hostile, (128, 64))
    assert _same(drawn, render(plain, (128, 64)))
    assert _same(drawn, render(latin, (128, 64)))
    assert [text.strip() for text in texts][2:9:2] == list(RIGHT_TO_LEFT.values())


def test_a_name_of_controls_alone_draws_nothing_and_nothing_else() -> None:
    """Issue 22: a name that is all controls leaves its place empty; the screen is the
    one of an empty name, its other texts where they were (before: "????")."""
    with speaking("en"):
        hostile = render(TrickView("Fibonachos", 1, 2, "\u202e\u200b\u2066\x1b"), (128, 64))
        assert _same(hostile, render(TrickView("Fibonachos", 1, 2, ""), (128, 64)))


#: Names whose letters anyascii writes as nothing or the fonts' "?": Arabic's alef
#: (and its tatweel, a stretch), Persian's, a Hebrew geresh and maqaf; and the Latin
#: letters each is drawn in.
NO_QUESTION_MARKS = {
    "سارا": "sara",
    "امیر": "amyr",
    "فاطمه": "fatmh",
    "عـلـي": "`ly",
    "ג׳ורג׳": "g'vrg'",
    "בן־גוריון": "vn-gvryvn",
}


def test_every_screen_draws_arabic_alef_and_hebrew_punctuation_as_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Session 31: an Arabic or Persian name's alef was drawn "?" on every screen
    ("سارا" as "s?r?", "امیر" as "?myr"): anyascii writes alef as nothing, and nothing
    was '?'. Alef is now "a", as anyascii writes its presentation forms and alef with
    madda ("آرش": "arsh"); a tatweel (a stretch) is nothing; a Hebrew geresh and maqaf
    are "'" and "-". Each screen with these names is, pixel for pixel, the screen of
    the Latin letters they are drawn in."""
    names = tuple(NO_QUESTION_MARKS)
    with recording_texts() as texts:
        drawn = _screens(names, monkeypatch)
    latin = _screens(tuple(NO_QUESTION_MARKS.values()), monkeypatch)
    pairs = enumerate(zip(drawn, latin, strict=True))
    assert [index for index, (one, other) in pairs if not _same(one, other)] == []
    assert any(name in text for text in texts for name in names)  # the names were drawn
