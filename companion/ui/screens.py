"""Screens: pure functions from a view to a 1-bit image of the display's size.

Laid out for 128x64 panels and, more tersely, for 128x32 ones; the most important
thing (whose turn, how many moves, who won) is always the largest text.

    >>> render(HexView(player="Black", turn=3, allowed=3, left=2), (128, 64)).size
    (128, 64)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from PIL import Image

from companion.ui.draw import BOLD, HUGE, LARGE, SMALL, TEXT, Pen, blank, fit
from companion.ui.views import (
    HexView,
    IdleView,
    MenuView,
    MessageView,
    RummyView,
    ScoresView,
    Tone,
    TrickView,
    TrickWonView,
)

BAR = 11  # the title bar's height on a 64-pixel panel
ROW = 10  # a row of TEXT


def _tall(size: tuple[int, int]) -> bool:
    return size[1] >= 64


def _bar_height(size: tuple[int, int]) -> int:
    return BAR if _tall(size) else 8


def _bar(pen: Pen, size: tuple[int, int], left: str, right: str = "") -> int:
    """Draw the title bar; return the first free y below it."""
    height = _bar_height(size)
    pen.bar(0, height, left, right, TEXT if _tall(size) else SMALL)
    return height + 1


def menu_screen(view: MenuView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = _bar(pen, size, view.title, f"{view.selected + 1}/{len(view.items)}")
    bottom = size[1] - (SMALL.height + 1 if view.hint and _tall(size) else 0)
    rows = max(1, (bottom - top) // ROW)
    first = min(max(0, view.selected - rows + 1), max(0, len(view.items) - rows))
    for row, index in enumerate(range(first, min(len(view.items), first + rows))):
        y = top + row * ROW
        label = view.items[index]
        if view.marks and view.marks[index] is not None:
            label = ("[x] " if view.marks[index] else "[ ] ") + label
        if index == view.selected:
            pen.box((0, y - 1, size[0] - 4, y + ROW - 2), fill=True)
        pen.text((2, y), label, TEXT, width=size[0] - 6, fill=int(index != view.selected))
    pen.scrollbar(top, bottom - 1, first, rows, len(view.items))
    if view.hint and _tall(size):
        pen.text((0, size[1] - SMALL.height), view.hint, SMALL)
    return image


def message_screen(view: MessageView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    inset = 0
    if view.tone is Tone.ALERT:
        pen.box((0, 0, size[0] - 1, size[1] - 1))
        pen.centre(2, view.title, BOLD if _tall(size) else TEXT)
        top = (BOLD.height if _tall(size) else TEXT.height) + 3
        inset = 3
    elif view.tone is Tone.INFO:
        pen.text((0, 0), view.title, BOLD if _tall(size) else TEXT)
        top = (BOLD.height if _tall(size) else TEXT.height) + 1
    else:
        mark = "!" if view.tone is Tone.ERROR else "?"
        top = _bar(pen, size, view.title, mark)
    hint = view.hint if (size[1] - top - inset) >= ROW + SMALL.height + 1 else ""
    room = max(1, (size[1] - top - inset - (SMALL.height + 1 if hint else 0)) // ROW)
    columns = (size[0] - 2 * inset) // TEXT.width
    wrapped = [piece for line in view.lines for piece in (textwrap.wrap(line, columns) or [""])]
    if len(wrapped) > room:
        wrapped = wrapped[:room]
        wrapped[-1] = fit(wrapped[-1] + "...", TEXT, size[0] - 2 * inset)
    for row, line in enumerate(wrapped):
        pen.text((inset, top + row * ROW), line, TEXT, width=size[0] - 2 * inset)
    if hint:
        pen.text((inset, size[1] - SMALL.height - inset), hint, SMALL)
    return image


def _spot(view: TrickView) -> str:
    if view.trump is not None:
        return f"{view.trump} {view.symbol or ''}".strip()
    if view.spicy is not None:
        return view.spicy
    return ""


def trick_screen(view: TrickView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = _bar(pen, size, f"R{view.round} Trick {view.trick}", _spot(view))
    if view.waiting_for:
        headline, tail = "Show", view.waiting_for
    else:
        headline, tail = view.to_play, "to play"
    font = LARGE if _tall(size) else TEXT
    end = pen.text((0, top + 1), headline, font, width=size[0] - TEXT.measure(" " + tail))
    pen.text((end + TEXT.width, top + 1 + font.height - TEXT.height), tail, TEXT)
    plays = "  ".join(f"{p.player[:4]} {p.card}" for p in view.plays)
    if not _tall(size):
        pen.text((0, size[1] - SMALL.height), plays or "no card yet", SMALL)
        return image
    y = top + LARGE.height + 3
    pen.text((0, y), f"Lead {view.lead}" if view.lead else "No card yet", SMALL)
    y += SMALL.height + 2
    for index, play in enumerate(view.plays[:6]):
        col, row = index % 2, index // 2
        pen.text((col * 64, y + row * 9), f"{play.player[:5]} {play.card}", TEXT, width=62)
    return image


def trick_won_screen(view: TrickWonView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = _bar(pen, size, f"Trick {view.trick}", "won")
    if _tall(size):
        pen.centre(top + 2, view.winner, HUGE)
        pen.centre(top + 24, f"with {view.card}", TEXT)
        if view.prize:
            pen.centre(top + 36, f"takes {view.prize}", TEXT)
    else:
        prize = f", takes {view.prize}" if view.prize else ""
        pen.text((0, top + 1), view.winner, TEXT)
        pen.text((0, top + 12), f"with {view.card}{prize}", SMALL)
    return image


def scores_screen(view: ScoresView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    header = "pts  tot" if view.totals is not None else "pts"
    top = _bar(pen, size, view.title, header if _tall(size) else "")
    if not _tall(size):
        # Two players a row on a short panel: name and total only.
        totals = view.totals if view.totals is not None else view.points
        for seat, name in enumerate(view.players):
            x, y = (seat % 2) * 64, top + (seat // 2) * (SMALL.height + 1)
            marker = "*" if seat in view.leaders else " "
            pen.text((x, y), f"{marker}{name}", SMALL, width=40)
            pen.text((x + 40, y), f"{totals[seat]:>4}", SMALL, width=22)
        return image
    row_height, font = ROW, TEXT
    for seat, name in enumerate(view.players):
        y = top + seat * row_height
        if y + font.height > size[1]:
            break
        marker = "*" if seat in view.leaders else " "
        pen.text((0, y), f"{marker}{name}", font, width=size[0] - 9 * font.width)
        if view.totals is not None:
            pen.right(y, f"{view.points[seat]:>4} {view.totals[seat]:>4}", font)
        else:
            pen.right(y, f"{view.points[seat]:>4}", font)
    if view.footer and _tall(size):
        pen.text((0, size[1] - SMALL.height), view.footer, SMALL)
    return image


_STATE_MARK = {"open": "..", "complete": "ok", "closed": "##", "illegal": "!!"}


def rummy_screen(view: RummyView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = _bar(pen, size, view.seat, f"R{view.round}")
    row_height = ROW if _tall(size) else SMALL.height + 1
    font = TEXT if _tall(size) else SMALL
    rows = max(1, (size[1] - top) // row_height)
    first = view.page * rows
    shown = view.sets[first : first + rows]
    if not shown:
        pen.text((0, top + 1), "no set yet", font)
    for index, line in enumerate(shown):
        y = top + index * row_height
        mark = _STATE_MARK.get(line.state, "??")
        pen.text((0, y), f"{mark} {line.base:<4} {line.detail or line.state}", font)
    pen.scrollbar(top, size[1] - 1, first, rows, len(view.sets))
    return image


def hex_screen(view: HexView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = _bar(pen, size, f"Turn {view.turn}", view.player)
    if view.winner:
        pen.centre(top + (8 if _tall(size) else 1), f"{view.winner} wins", LARGE)
        return image
    if not _tall(size):
        pen.text((0, top + 1), f"{view.left}", LARGE)
        pen.text((24, top + 5), f"of {view.allowed} moves left", SMALL)
        return image
    # The moves left, at twice the largest font: readable from across the table.
    number = str(view.left)
    big = blank((HUGE.measure(number), HUGE.height))
    Pen(big).text((0, 0), number, HUGE)
    big = big.resize((big.width * 2, big.height * 2), Image.Resampling.NEAREST)
    image.paste(big, ((60 - big.width) // 2, top + 6))
    pen.text((62, top + 4), f"of {view.allowed}", LARGE)
    pen.text((62, top + 22), "moves left", TEXT)
    note = f"card {view.card}" if view.card is not None else ""
    if view.reduction:
        note = f"-{view.reduction} centre"
    if note:
        pen.text((62, top + 36), note, SMALL)
    return image


def idle_screen(view: IdleView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    pen.centre(0, view.title, BOLD if _tall(size) else TEXT)
    y = (BOLD.height if _tall(size) else TEXT.height) + 2
    for line in view.last_result[: 3 if _tall(size) else 1]:
        pen.centre(y, line, TEXT if _tall(size) else SMALL)
        y += ROW if _tall(size) else SMALL.height + 1
    pen.centre(size[1] - SMALL.height, view.hint, SMALL)
    return image


_SCREENS: dict[type[Any], Callable[[Any, tuple[int, int]], Image.Image]] = {
    MenuView: menu_screen,
    MessageView: message_screen,
    TrickView: trick_screen,
    TrickWonView: trick_won_screen,
    ScoresView: scores_screen,
    RummyView: rummy_screen,
    HexView: hex_screen,
    IdleView: idle_screen,
}

View = (
    MenuView | MessageView | TrickView | TrickWonView | ScoresView | RummyView | HexView | IdleView
)


def render(view: View, size: tuple[int, int] = (128, 64)) -> Image.Image:
    """The image of ``view`` on a panel of ``size`` (mode "1")."""
    return _SCREENS[type(view)](view, size)
