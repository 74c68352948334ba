"""A rummy seat's page (R4, R6, R7): its total and who is at play share one line, and a
long name or a large total drew one over the other ("-40 pts" under "Anne-Sophie
Lefebvre plays"). Each is now drawn whole: the total moves into the title beside the
seat, who plays gives way to the name alone."""

from __future__ import annotations

import pytest
from PIL import Image

from companion.ui.draw import SMALL, Pen, recording_cuts, recording_texts
from companion.ui.screens import render
from companion.views import RummyView, SetLine
from companion.views.i18n import speaking

SETS = (SetLine("Base 5", "open", "8 missing"), SetLine("Top 21", "closed"))
NAMES = ("Ana", "Bartholomew W", "Anne-Sophie Lefebvre")
TOTALS = (None, 0, 200, -40, -1340)
SIZES = ((128, 64), (128, 32))


def _page(turn: str, score: int | None, counting: bool) -> RummyView:
    return RummyView("rummy21", 2, "Ana", SETS, seats=2, score=score, turn=turn, counting=counting)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("counting", [False, True])
def test_the_total_and_who_plays_never_overlap(lang: str, counting: bool) -> None:
    """Every name the phone may give (up to 20 letters) and every total: nothing cut or
    drawn over another text, the total always shown, and who plays (or that the hands
    are counted) too."""
    for turn in NAMES:
        for score in TOTALS:
            for size in SIZES:
                with speaking(lang), recording_cuts() as cuts, recording_texts() as texts:
                    render(_page(turn, score, counting), size)
                case = (turn, score, size)
                assert cuts == [], case
                drawn = " | ".join(texts)
                assert score is None or f"{score} pts" in drawn, (case, drawn)
                said = ("Counting hands", "Décompte des mains")[lang == "fr"]
                assert (said if counting else turn) in drawn, (case, drawn)


def test_the_check_sees_an_overlap() -> None:
    """The check can fail: two texts drawn on one place are a cut."""
    with recording_cuts() as cuts:
        pen = Pen(Image.new("1", (128, 64)))
        pen.text((0, 0), "-1340 pts", SMALL)
        pen.right(0, "Anne-Sophie Lefebvre plays", SMALL)
    assert cuts
