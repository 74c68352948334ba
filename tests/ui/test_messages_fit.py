"""Every message fits, proven (issue 12 section 2): no text is cut or drawn past the edge.

Every screen the OLED can show (tests/ui/every_screen.py: each notice the flows can
give, each fault, each menu walked from its root, each game screen) is drawn with
the longest player names (10 W, the widest letter) and the longest card names, in
every language of the catalogue, at 128x64 and 128x32, every page of a long
message. The drawing records each text it had to cut or could not place
(:func:`companion.ui.draw.recording_cuts`); the test allows none.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from every_screen import every_screen

from companion.ui.draw import recording_cuts
from companion.ui.screens import View, message_pages, render
from companion.views import MessageView, TrickView
from companion.views.i18n import LANGUAGES, speaking

SIZES = ((128, 64), (128, 32))


def _pages(view: View, size: tuple[int, int]) -> Iterator[View]:
    if isinstance(view, MessageView):
        for page in range(message_pages(view, size)):
            yield MessageView(view.title, view.lines, view.tone, view.hint, page)
    else:
        yield view


def cuts_in(view: View, size: tuple[int, int]) -> list[str]:
    """The texts cut (or drawn past an edge) while drawing every page of ``view``."""
    with recording_cuts() as cuts:
        for page in _pages(view, size):
            render(page, size)
    return cuts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_fits_with_the_longest_names(lang: str, size: tuple[int, int]) -> None:
    cut: dict[str, list[str]] = {}
    with speaking(lang):
        for name, view in every_screen():
            found = cuts_in(view, size)
            if found:
                cut.setdefault(name, []).extend(found)
    assert cut == {}


def test_the_fit_test_sees_a_cut_name() -> None:
    """The test above can fail: a name too wide for the big line is recorded."""
    view = TrickView("Fibonachos", 1, 1, "W" * 30)
    assert cuts_in(view, (128, 64)) == ["W" * 30]


def test_a_long_message_turns_pages_instead_of_ending_in_dots() -> None:
    """A message longer than the panel is paged: every word is on some page."""
    words = [f"word{n}" for n in range(60)]
    view = MessageView("Title", (" ".join(words),))
    pages = message_pages(view, (128, 32))
    assert pages > 1
    assert cuts_in(view, (128, 32)) == []
