"""The plots: server-side SVG drawn by pygal (pure Python, no script and no font from
the internet in what it writes). The dashboard's game page draws the totals by round;
the players' page (issue 15) adds Fibonachos' spicy taken and Trump's symbols per
round (the summary picture to share is a PNG: :mod:`companion.web.summary`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from math import ceil, sqrt
from typing import Any

PALETTE = ("#1b6ca8", "#d1495b", "#2e8b57", "#edae49", "#6a4c93", "#00798c", "#8d6a9f")
#: At most this many graduations on the value axis (pygal's own 16 crowd a phone's plot).
GRADUATIONS = 8
#: The legend's width of a character and of a colour box with its gap, in pixels (its
#: 16 px DejaVu Sans), and the height of a row of the legend.
LEGEND_CHAR, LEGEND_BOX, LEGEND_ROW = 9.5, 34, 24


def legend_layout(names: Sequence[str], width: int) -> tuple[int, int]:
    """The legend's columns and the pixels added to keep the plot's height: as many
    columns as the longest name fits whole (pygal cut "Maximilienne-Charlot" to
    "Maximilienne-C..." on a phone, and two names alike cut alike could not be told
    apart), a number that divides the names (pygal keeps room for names // columns
    rows: a last row short of names was drawn below the picture's edge).

    >>> legend_layout(["Ana", "Ben", "Cy"], 400)
    (3, 0)
    >>> legend_layout(["Maximilienne-Charlot", "Bartholomew Fitzroy", "Anne", "Jean"], 400)
    (1, 48)
    >>> legend_layout(["Maximilienne-Charlot", "Bartholomew Fitzroy", "Anne", "Jean"], 720)
    (2, 0)
    """
    count = max(1, len(names))
    longest = max((len(name) for name in names), default=1)
    fits = max(1, min(count, int(width // (longest * LEGEND_CHAR + LEGEND_BOX))))
    columns = max(c for c in range(1, fits + 1) if count % c == 0)
    rows, before = count // columns, ceil(sqrt(count))  # pygal's own rows: its ceil(sqrt)
    return columns, LEGEND_ROW * max(0, rows - before)


def _chart(
    kind: str,
    title: str,
    names: Sequence[str],
    size: tuple[int, int] = (720, 360),
    *,
    locale: str = "en",
    **more: Any,
) -> Any:
    """A pygal chart in the project's style, its legend the players' ``names`` whole;
    its values written as ``locale`` writes numbers ("-1 000" in French)."""
    import pygal
    from babel.numbers import format_decimal
    from pygal.style import Style

    style = Style(
        background="white",
        plot_background="white",
        foreground="#222",
        foreground_strong="#111",
        foreground_subtle="#888",
        colors=PALETTE,
        font_family="DejaVu Sans, Arial, sans-serif",
        title_font_size=18,
        legend_font_size=16,
        label_font_size=14,
        major_label_font_size=14,
        value_font_size=16,
    )
    width, height = size
    columns, taller = legend_layout(names, width)
    return getattr(pygal, kind)(
        style=style,
        width=width,
        height=height + taller,
        js=[],  # pygal's interactive script is fetched from the internet: none
        disable_xml_declaration=True,
        legend_at_bottom=True,
        legend_at_bottom_columns=columns,
        truncate_legend=-1,
        title=title,
        x_title="",
        max_scale=GRADUATIONS,
        value_formatter=lambda value: format_decimal(value, locale=locale),
        **more,
    )


def _svg(chart: Any) -> str:
    svg: str = chart.render(is_unicode=True)
    # pygal always writes the configuration of its (absent) tooltip script: not needed.
    return re.sub(r"<script.*?</script>", "", svg, flags=re.S)


def totals_svg(
    players: Sequence[str],
    rounds: Sequence[Sequence[int]],
    title: str,
    size: tuple[int, int] = (720, 360),
    *,
    locale: str = "en",
) -> str:
    """A line per player: the running total after each round (round 0: nothing yet).
    ``size`` in pixels: the phone's page asks a narrow one, so its words stay legible."""
    chart = _chart("Line", title, players, size, locale=locale, show_dots=True, dots_size=3)
    chart.x_labels = [str(n) for n in range(len(rounds) + 1)]
    for seat, name in enumerate(players):
        running = [0, *accumulate(r[seat] for r in rounds)]
        chart.add(name, running)
    return _svg(chart)


def per_round_svg(
    players: Sequence[str],
    rounds: Sequence[Sequence[int]],
    title: str,
    label: str,
    size: tuple[int, int] = (720, 360),
    *,
    locale: str = "en",
) -> str:
    """Bars per round, one per player: what each took that round (Fibonachos' spicy
    values, Trump's cards of the scored symbol). ``label`` words a round ("Round {number}")."""
    chart = _chart("Bar", title, players, size, locale=locale)
    chart.x_labels = [label.format(number=n) for n in range(1, len(rounds) + 1)]
    for seat, name in enumerate(players):
        chart.add(name, [r[seat] for r in rounds])
    return _svg(chart)


#: Plots kept drawn, by what they are drawn from (:func:`kept_svg`).
KEPT = 64


def kept_svg(
    kind: str,
    players: Sequence[str],
    rounds: Sequence[Sequence[int]],
    *,
    title: str,
    label: str = "",
    size: tuple[int, int] = (720, 360),
    locale: str = "en",
) -> str:
    """:func:`totals_svg` (``kind`` "totals") or :func:`per_round_svg`, drawn once for
    the same players, rounds and words: a plot takes tens of milliseconds of the event
    loop, and a phone asking one again and again on 32 connections held every other
    page of the site for seconds (docs/security.md, "The web")."""
    rows = tuple(tuple(r) for r in rounds)
    return _kept(kind, tuple(players), rows, words=(title, label), size=size, locale=locale)


@lru_cache(maxsize=KEPT)
def _kept(
    kind: str,
    players: tuple[str, ...],
    rounds: tuple[tuple[int, ...], ...],
    *,
    words: tuple[str, str],
    size: tuple[int, int],
    locale: str,
) -> str:
    title, label = words
    if kind == "totals":
        return totals_svg(players, rounds, title, size, locale=locale)
    return per_round_svg(players, rounds, title, label, size, locale=locale)
