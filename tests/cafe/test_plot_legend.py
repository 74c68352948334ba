"""The plots' legends name the players whole (issue 15's plots on a phone; left by the
pages pass: pygal cut "Maximilienne-Charlot" to "Maximilienne-C..." at a phone's width,
so two players named alike could not be told apart), and every row of a legend lies
inside the picture (pygal keeps room for names // columns rows)."""

from __future__ import annotations

import re

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


def _legend_rows_inside(svg: str) -> list[tuple[float, float]]:
    """Each legend text's baseline in the picture, and the picture's height."""
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg).group(1))
    part = svg[svg.index('class="legends"') - 60 :]
    top = float(re.search(r"translate\([\d.]+, ([\d.]+)\)", part).group(1))
    return [(top + float(y), height) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', part)]


def test_every_row_of_the_legend_lies_inside_the_picture() -> None:
    """pygal keeps room for names // columns rows: with columns that do not divide the
    names, the last row was drawn below the picture's edge. Two to eight players, long
    and short names, at a phone's width and a page's."""
    for count in range(2, 9):
        for name in ("Cy", "Anne-Sophie", "Maximilienne-Charlot"):
            names = [f"{name}{seat}" for seat in range(count)]
            rounds = [list(range(count))]
            for size in (PHONE, DESK):
                rows = _legend_rows_inside(totals_svg(names, rounds, "Totals", size))
                assert len(rows) == count
                for baseline, height in rows:
                    assert baseline < height, (count, name, size, baseline, height)
    assert legend_layout(LONG, PHONE[0]) == (1, 48)
