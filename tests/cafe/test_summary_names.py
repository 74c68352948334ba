"""The summary picture to share (issue 15) draws every player's name: a name in a
script its font has no glyphs for (Chinese, Korean, Japanese, Devanagari) is written in
Latin letters as on the OLED (phone names: docs/phone.md), never as boxes."""

from __future__ import annotations

import io

from PIL import Image

from companion.web.summary import drawable, shown, summary_png

ROUNDS = [[21, 8, 5], [13, 13, 3]]


def _picture(players: list[str], title: str) -> bytes:
    return summary_png(players, [34, 21, 8], ROUNDS, title=title, plot_title="Totals by round")


def test_a_name_the_font_cannot_draw_is_drawn_in_latin_letters() -> None:
    """Issue 15: "王小明", "김민수" and "राम" are drawn as "Wang Xiao Ming", "Gim Min Su"
    and "ram" (the same picture as with those names typed), in the rows and the
    title."""
    typed = _picture(["王小明", "김민수", "राम"], "Fibonachos · 王小明 won")
    latin = _picture(["Wang Xiao Ming", "Gim Min Su", "ram"], "Fibonachos · Wang Xiao Ming won")
    assert typed == latin
    assert Image.open(io.BytesIO(typed)).size[0] == 720


def test_letters_the_font_draws_are_kept_as_typed() -> None:
    """Issue 15: accented Latin, Greek and Cyrillic letters are the font's own: a name
    written in them is drawn as typed."""
    for name in ("Zoé", "Łukasz", "Ελένη", "Дмитрий"):
        assert all(drawable(char) for char in name)
        assert shown(name) == name
    assert not drawable("王") and not drawable("김")
