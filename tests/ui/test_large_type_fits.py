"""Large type ([ui] large_type, docs/ui.md "Readable from your chair"): every screen of
the gallery, with the longest names the buttons type, at 128x64 and 128x32, in English
and French, draws each text whole. "Show it: Bartholomew leads" lost its last word on
the screen that asks for the spicy card or an indicator (F6, T2): a long name now says
"Bartholomew leads"."""

from __future__ import annotations

import every_screen
import pytest

from companion.ui.draw import recording_cuts, recording_texts
from companion.ui.screens import render
from companion.views import TrickView
from companion.views.i18n import speaking


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(128, 64), (128, 32)])
def test_no_screen_in_large_type_cuts_a_text(lang: str, size: tuple[int, int]) -> None:
    cut: list[tuple[str, list[str]]] = []
    with speaking(lang):
        for name, view in every_screen.every_screen():
            with recording_cuts() as cuts:
                render(view, size, large=True)
            cut += [(name, cuts)] if cuts else []
    assert cut == []


@pytest.mark.parametrize("name", ["Ana", "Bartholomew"])
def test_who_leads_is_said_whole(name: str) -> None:
    """F6: the table is asked for the spicy card and told who shows it, whole."""
    view = TrickView("Fibonachos", 1, 2, name, waiting_for="spicy card")
    with speaking("en"), recording_texts() as texts, recording_cuts() as cuts:
        render(view, (128, 64), large=True)
    assert cuts == [] and f"{name} leads" in " ".join(texts)
