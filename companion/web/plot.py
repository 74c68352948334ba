"""The plot of a game's totals by round: server-side SVG drawn by pygal (pure Python,
no script and no font from the internet in what it writes)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate

PALETTE = ("#1b6ca8", "#d1495b", "#2e8b57", "#edae49", "#6a4c93", "#00798c", "#8d6a9f")


def totals_svg(players: Sequence[str], rounds: Sequence[Sequence[int]], title: str) -> str:
    """A line per player: the running total after each round (round 0: nothing yet)."""
    import pygal
    from pygal.style import Style

    style = Style(
        background="white",
        plot_background="white",
        foreground="#222",
        foreground_strong="#111",
        foreground_subtle="#888",
        colors=PALETTE,
        font_family="DejaVu Sans, Arial, sans-serif",
    )
    chart = pygal.Line(
        style=style,
        width=720,
        height=360,
        js=[],  # pygal's interactive script is fetched from the internet: none
        disable_xml_declaration=True,
        show_dots=True,
        dots_size=3,
        legend_at_bottom=True,
        title=title,
        x_title="",
    )
    chart.x_labels = [str(n) for n in range(len(rounds) + 1)]
    for seat, name in enumerate(players):
        running = [0, *accumulate(r[seat] for r in rounds)]
        chart.add(name, running)
    svg: str = chart.render(is_unicode=True)
    # pygal always writes the configuration of its (absent) tooltip script: not needed.
    return re.sub(r"<script.*?</script>", "", svg, flags=re.S)
