"""The plots: server-side SVG drawn by pygal (pure Python, no script and no font from
the internet in what it writes). The dashboard's game page draws the totals by round;
the players' page (issue 15) adds Fibonachos' spicy taken and Trump's symbols per
round (the summary picture to share is a PNG: :mod:`companion.web.summary`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

PALETTE = ("#1b6ca8", "#d1495b", "#2e8b57", "#edae49", "#6a4c93", "#00798c", "#8d6a9f")
#: At most this many graduations on the value axis (pygal's own 16 crowd a phone's plot).
GRADUATIONS = 8


def _chart(
    kind: str, title: str, width: int = 720, height: int = 360, locale: str = "en", **more: Any
) -> Any:
    """A pygal chart in the project's style; its values written as ``locale`` writes
    numbers ("-1 000" in French)."""
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
    return getattr(pygal, kind)(
        style=style,
        width=width,
        height=height,
        js=[],  # pygal's interactive script is fetched from the internet: none
        disable_xml_declaration=True,
        legend_at_bottom=True,
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
    chart = _chart("Line", title, *size, locale=locale, show_dots=True, dots_size=3)
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
    chart = _chart("Bar", title, *size, locale=locale)
    chart.x_labels = [label.format(number=n) for n in range(1, len(rounds) + 1)]
    for seat, name in enumerate(players):
        chart.add(name, [r[seat] for r in rounds])
    return _svg(chart)
