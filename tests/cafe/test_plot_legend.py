"""The plots' legends name the players whole (issue 15's plots on a phone; left by the
pages pass: pygal cut "Maximilienne-Charlot" to "Maximilienne-C..." at a phone's width,
so two players named alike could not be told apart), and every row of a legend lies
inside the picture (pygal keeps room for names // columns rows)."""

from __future__ import annotations

import re
from math import sqrt

import pytest

from companion.web.plot import legend_layout, per_round_svg, totals_svg

LONG = ["Jean-Baptiste Moreau", "Jean-Baptiste Martin", "Anne-Sophie Duvallon", "Bartholomew Fitz"]
PHONE, DESK = (400, 300), (720, 360)


def _legend(svg: str) -> list[str]:
    part = svg[svg.index('class="legends"') :]
    return re.findall(r'<text[^>]*class="title"[^>]*>([^<]*)</text>', part) or re.findall(
        r"<text[^>]*>([^<]*)</text>", part
    )


@pytest.mark.parametrize("size", [PHONE, DESK])
def test_the_legend_names_every_player_whole(size: tuple[int, int]) -> None:
    rounds = [[3, 5, 8, 13], [21, 2, 1, 1]]
    for svg in (
        totals_svg(LONG, rounds, "Totals by round", size),
        per_round_svg(LONG, rounds, "Spicy taken", "Round {number}", size),
    ):
        shown = _legend(svg)
        for name in LONG:
            assert name in shown, (name, shown)
        assert not any("…" in text for text in shown)


def test_the_columns_divide_the_names_and_the_plot_keeps_its_height() -> None:
    """pygal's room is names // columns rows: the columns always divide the names; a
    legend of more rows than pygal's own (ceil(sqrt(names))) makes the picture taller
    by as many rows, so the plot itself keeps its height."""
    for count in range(1, 9):
        for width in (320, 400, 720, 1200):
            names = ["Maximilienne-Charlot"[: 3 + (count * width) % 18]] * count
            columns, taller = legend_layout(names, width)
            assert count % columns == 0
            rows = count // columns
            assert taller == 24 * max(0, rows - int(-(-sqrt(count) // 1)))
    assert legend_layout(LONG, PHONE[0]) == (1, 48)
