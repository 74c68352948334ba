"""The summary picture to share after a game (issue 15): a PNG a phone can send on, drawn
on the server with Pillow (already the OLED's dependency; no browser, no SVG renderer).

The game and its winners on top; the final totals, best first, each player with the
colour of their line; under them the totals by round. The font is DejaVu Sans where
the system has it (:data:`TRUETYPE`), else Pillow's own. A letter the font has no
glyph for (Chinese, Japanese, Korean, Devanagari ...: it would show as a box) is
written in Latin letters, as the OLED does (:mod:`companion.views.romanised`):
"王小明" as "Wang Xiao Ming".

    >>> png = summary_png(["Ana", "Ben"], [34, 21], [[21, 8], [13, 13]],
    ...                   title="Fibonachos · Ana won", plot_title="Totals by round")
    >>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import accumulate

from babel.numbers import format_decimal
from PIL import Image, ImageDraw, ImageFont

from companion.views.romanised import romanised
from companion.web.plot import PALETTE

WIDTH = 720
MARGIN = 32
ROW = 56
PLOT_HEIGHT = 360
INK = "#222222"
FAINT = "#8a8a8a"
WON = "#fff3c4"


#: The font, when the system has it (Debian's ``fonts-dejavu-core``): every letter of
#: the players' names. Pillow's own font stands in without it (no accented letters).
TRUETYPE = "DejaVuSans.ttf"


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(TRUETYPE, size)
    except OSError:
        return ImageFont.load_default(size=size)


#: A code point no font draws (the last of the private use planes): its glyph is the
#: font's missing-glyph box.
_NOWHERE = "\U0010fffd"


@cache
def _probe() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font laid out letter by letter (no shaping: a vowel sign of a script the
    font lacks is its box, not a box on a dotted circle)."""
    try:
        return ImageFont.truetype(TRUETYPE, 30, layout_engine=ImageFont.Layout.BASIC)
    except OSError:
        return _font(30)


def _glyph(char: str) -> tuple[tuple[int, int], bytes]:
    mask = _probe().getmask(char)
    return mask.size, bytes(mask)


@cache
def drawable(char: str) -> bool:
    """Whether the font draws ``char`` (not its missing-glyph box)."""
    return char.isspace() or _glyph(char) != _glyph(_NOWHERE)


def shown(text: str) -> str:
    """``text`` as the picture can draw it (module docstring).

    >>> shown("王小明 · Zoé, Дмитрий")
    'Wang Xiao Ming · Zoé, Дмитрий'
    """
    return romanised(text, drawable)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """``text`` as the font can draw it, cut with an ellipsis to ``width`` pixels at
    ``size``."""
    text = shown(text)
    font = _font(size)
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def summary_png(
    players: Sequence[str],
    totals: Sequence[int],
    rounds: Sequence[Sequence[int]],
    *,
    title: str,
    plot_title: str,
    number: Callable[[int], str] = str,
) -> bytes:
    """The picture: ``title`` (the game, its winners), the totals best first, and the
    running totals by round (no plot for a game without rounds); ``number`` writes a
    score in the page's language ("-1 034" in French)."""
    order = sorted(range(len(players)), key=lambda seat: -totals[seat])
    best = max(totals, default=0)
    table_top = MARGIN + 64
    plot_top = table_top + ROW * len(players) + MARGIN
    height = plot_top + (PLOT_HEIGHT + MARGIN if rounds else 0)
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), _fit(draw, title, 34, WIDTH - 2 * MARGIN), INK, _font(34))
    for row, seat in enumerate(order):
        y = table_top + row * ROW
        if totals[seat] == best:
            draw.rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + ROW - 8), fill=WON)
        colour = PALETTE[seat % len(PALETTE)]
        draw.rectangle((MARGIN, y + 14, MARGIN + 20, y + 34), fill=colour)
        name = _fit(draw, players[seat], 30, WIDTH - 2 * MARGIN - 200)
        draw.text((MARGIN + 36, y + 8), name, INK, _font(30))
        total = number(totals[seat])
        font = _font(34)
        draw.text((WIDTH - MARGIN - draw.textlength(total, font=font), y + 6), total, INK, font)
    if rounds:
        _plot(draw, players, rounds, plot_top, plot_title, number=number)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def kept_png(
    players: Sequence[str],
    totals: Sequence[int],
    rounds: Sequence[Sequence[int]],
    *,
    title: str,
    plot_title: str,
    locale: str,
) -> bytes:
    """:func:`summary_png`, its numbers written as ``locale`` writes them, drawn once for
    the same game and words: a picture takes about 100 ms of the event loop, and a phone
    asking it again and again on 32 connections held every other page of the cafe's
    site for 12 to 14 s (docs/security.md, "The web")."""
    rows = tuple(tuple(r) for r in rounds)
    return _kept(tuple(players), tuple(totals), rows, titles=(title, plot_title), locale=locale)


@lru_cache(maxsize=16)
def _kept(
    players: tuple[str, ...],
    totals: tuple[int, ...],
    rounds: tuple[tuple[int, ...], ...],
    *,
    titles: tuple[str, str],
    locale: str,
) -> bytes:
    title, plot_title = titles

    def number(value: int) -> str:
        return format_decimal(value, locale=locale)

    return summary_png(players, totals, rounds, title=title, plot_title=plot_title, number=number)


def _plot(
    draw: ImageDraw.ImageDraw,
    players: Sequence[str],
    rounds: Sequence[Sequence[int]],
    top: int,
    title: str,
    *,
    number: Callable[[int], str],
) -> None:
    """A line per player: the running total after each round (round 0: nothing yet)."""
    lines = [[0, *accumulate(r[seat] for r in rounds)] for seat in range(len(players))]
    low = min(0, *(min(line) for line in lines))
    high = max(1, *(max(line) for line in lines))
    draw.text((MARGIN, top), _fit(draw, title, 24, WIDTH - 2 * MARGIN), INK, _font(24))
    left, right = MARGIN + 56, WIDTH - MARGIN
    upper, lower = top + 44, top + PLOT_HEIGHT - 30
    small = _font(20)

    def x_of(index: int) -> float:
        return left + (right - left) * index / max(1, len(rounds))

    def y_of(value: int) -> float:
        return lower - (lower - upper) * (value - low) / (high - low)

    for value in sorted({low, 0, high}):
        y = y_of(value)
        draw.line((left, y, right, y), fill="#dddddd", width=1)
        text = number(value)
        draw.text((left - 8 - draw.textlength(text, font=small), y - 11), text, FAINT, small)
    for index in range(len(rounds) + 1):
        text = str(index)
        x = x_of(index) - draw.textlength(text, font=small) / 2
        draw.text((x, lower + 6), text, FAINT, small)
    for seat, line in enumerate(lines):
        colour = PALETTE[seat % len(PALETTE)]
        points = [(x_of(i), y_of(v)) for i, v in enumerate(line)]
        draw.line(points, fill=colour, width=4, joint="curve")
        for x, y in points:
            draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=colour)
