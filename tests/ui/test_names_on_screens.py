"""Players' names in Chinese, Korean and Japanese on every screen (issues 25/26 with the
phone names of docs/phone.md): their syllables apart where there is room, and never a
cut or a smaller font that the same name run together would not have had."""

from __future__ import annotations

from dataclasses import replace

import every_screen
import pytest
from PIL import Image, ImageChops

from companion.ui.draw import TEXT, printable, recording_cuts, recording_texts
from companion.ui.screens import View, message_pages, render, wrap
from companion.views import MessageView, RummyView, ScoresView, TrickView, TrickWonView
from companion.views.i18n import speaking

#: Names a phone may send: run together, the first is as long as the longest name the
#: buttons type (10 letters), the last is longer; the others are shorter.
NAMES = ("李小明", "김민수", "王明", "이서", "山田さくら")
SIZES = ((128, 64), (128, 32))


def _same(one: Image.Image, other: Image.Image) -> bool:
    return ImageChops.difference(one, other).getbbox() is None


def _cuts(
    names: tuple[str, ...], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> dict[str, int]:
    """How many texts each screen cuts with ``names`` at the table."""
    monkeypatch.setattr(every_screen, "NAMES", names)
    found: dict[str, int] = {}
    for name, view in every_screen.every_screen():
        with recording_cuts() as cuts:
            render(view, size)
        found[name] = len(cuts)
    return found


def test_no_screen_cuts_a_name_more_for_its_syllables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25/26: every screen, at 128x64 and 128x32, with names in Chinese, Korean
    and Japanese cuts no more texts than with the same names run together
    ("LiXiaoMing", as before)."""
    together = tuple(printable(name, spaced=False) for name in NAMES)
    spaced = tuple(printable(name) for name in NAMES)  # Latin names: no space to drop
    more: set[str] = set()
    wider: set[str] = set()
    with speaking("en"):
        for size in SIZES:
            apart = _cuts(NAMES, size, monkeypatch)
            before = _cuts(together, size, monkeypatch)
            latin = _cuts(spaced, size, monkeypatch)
            more |= {f"{screen} {size}" for screen in apart if apart[screen] > before[screen]}
            wider |= {f"{screen} {size}" for screen in latin if latin[screen] > before[screen]}
    assert more == set()
    assert wider != set()  # the check can fail: names as wide as the spaced ones are cut more


@pytest.mark.parametrize(
    ("view", "drawn", "size"),
    [
        # "Wang Ming to play" leaves no room for LARGE: run together it keeps LARGE
        (
            TrickView("Fibonachos", 1, 2, "王明"),
            TrickView("Fibonachos", 1, 2, "WangMing"),
            (128, 64),
        ),
        (TrickView("Fibonachos", 1, 2, "이서"), TrickView("Fibonachos", 1, 2, "I Seo"), (128, 64)),
        # the short panel keeps the winner beside the card that won, run together
        (TrickWonView("王明", "Red 3", 3), TrickWonView("WangMing", "Red 3", 3), (128, 32)),
        (
            TrickWonView("김민수", "Yellow 10", 3, "Spicy 5"),
            TrickWonView("Gim Min Su", "Yellow 10", 3, "Spicy 5"),
            (128, 32),
        ),
        # two players a row on the short panel, as with the name run together
        (
            ScoresView("Round 1", ("王明", "Ana", "Ben", "Cy"), (12, 3, 4, 5)),
            ScoresView("Round 1", ("WangMing", "Ana", "Ben", "Cy"), (12, 3, 4, 5)),
            (128, 32),
        ),
        (
            ScoresView("Round 1", ("王小明", "김민수", "Ana"), (1, 2, 3)),
            ScoresView("Round 1", ("Wang Xiao Ming", "Gim Min Su", "Ana"), (1, 2, 3)),
            (128, 32),
        ),
    ],
)
def test_a_name_is_drawn_apart_where_it_fits_and_run_together_where_not(
    view: View, drawn: View, size: tuple[int, int]
) -> None:
    """Issue 25/26: the screen with a name in Chinese or Korean is the screen of that
    name in Latin letters: its syllables apart where they fit, else run together in the
    font the name had before (never a smaller one for the spaces)."""
    with speaking("en"), recording_cuts() as cuts:
        assert _same(render(view, size), render(drawn, size))
    assert cuts == []


def test_a_rummy_seat_keeps_its_total_in_the_bar() -> None:
    """Issue 26 (rummy's short panel), phone names: a seat's total goes in the bar
    beside its name whenever the name run together leaves room for it ("ISeoYeon  -5
    pts  9/9" fits 128 pixels, "I Seo Yeon  -5 pts  9/9" does not); the name is then
    drawn apart if the bar's own count leaves room."""
    view = RummyView("rummy21", 1, "이서연", (), score=-5, seats=3)
    with speaking("en"), recording_texts() as texts, recording_cuts() as cuts:
        render(view, (128, 32))
    assert "이서연  -5 pts" in texts
    assert cuts == []


def test_a_long_name_in_a_message_wraps_between_its_syllables() -> None:
    """Issue 25/26, phone names: a name longer than a row of a message (eight Chinese
    characters, 33 letters drawn) breaks between its syllables, never cut."""
    view = MessageView("Names from a phone", ("欧阳娜娜小明明王, 김민수",))
    assert wrap(view.lines, TEXT, 126) == ["Ou Yang Na Na Xiao", "Ming Ming Wang,", "김민수"]
    with speaking("en"), recording_cuts() as cuts:
        for page in range(message_pages(view, (128, 64))):
            render(replace(view, page=page), (128, 64))
    assert cuts == []


@pytest.mark.parametrize(
    ("view", "drawn", "size"),
    [
        # doubled 6x13B run together, rather than 9x15B once with its spaces
        (
            TrickView("Fibonachos", 1, 2, "李小明"),
            TrickView("Fibonachos", 1, 2, "LiXiaoMing"),
            (128, 64),
        ),
        (TrickWonView("李小明", "Red 3", 3), TrickWonView("LiXiaoMing", "Red 3", 3), (128, 64)),
        (TrickWonView("李小明", "Red 3", 3), TrickWonView("LiXiaoMing", "Red 3", 3), (128, 32)),
        # the short panel: beside "to play", 6x13B has room for the spaces ...
        (
            TrickView("Fibonachos", 1, 2, "李小明"),
            TrickView("Fibonachos", 1, 2, "Li Xiao Ming"),
            (128, 32),
        ),
        # ... 9x15B has not: run together, not smaller, nor over "to play"
        (
            TrickView("Fibonachos", 1, 2, "김민수"),
            TrickView("Fibonachos", 1, 2, "GimMinSu"),
            (128, 32),
        ),
        (
            TrickView("Fibonachos", 1, 2, "김민수"),
            TrickView("Fibonachos", 1, 2, "Gim Min Su"),
            (128, 64),
        ),
    ],
)
def test_large_type_keeps_a_name_as_large_as_it_was(
    view: View, drawn: View, size: tuple[int, int]
) -> None:
    """Issue 25/26 (large type, issue 12 s5): a name doubled run together
    ("LiXiaoMing" in 6x13B twice) is not drawn smaller for its spaces; where the
    spaces fit at the same size, they show ("Gim Min Su")."""
    with speaking("en"), recording_cuts() as cuts:
        assert _same(render(view, size, large=True), render(drawn, size, large=True))
    assert cuts == []


def test_large_type_splits_a_two_word_name_by_its_letters_drawn() -> None:
    """Issue 25/26 (large type): a name of two words doubled on two lines takes the size
    of its wider word as drawn ("WangXiaoMing", not the shorter "Christel" by the
    characters typed), so neither line is cut."""
    with speaking("en"), recording_cuts() as cuts:
        render(TrickWonView("Christel 王小明", "Red 3", 3), (128, 64), large=True)
    assert cuts == []
