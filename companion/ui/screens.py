"""Screens: pure functions from a view to a 1-bit image of the display's size.

Laid out for 128x64 panels and, more tersely, for 128x32 ones; the most important
thing (whose turn, how many moves, who won) is always the largest text. This module
draws the menus, messages and the idle screen and dispatches the game screens
(:mod:`companion.ui.screens_game`, ``screens_rummy``, ``screens_hex``).

    >>> render(HexView(player="Black", turn=3, allowed=3, left=2), (128, 64)).size
    (128, 64)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from companion.ui import screens_large
from companion.ui.draw import (
    BLACK,
    BOLD,
    LARGE,
    SMALL,
    TEXT,
    WHITE,
    Font,
    Pen,
    blank,
    fitting,
    printable,
)
from companion.ui.layout import ROW, bar, bar_height, tall
from companion.ui.qr import qr_screen
from companion.ui.screens_game import scores_screen, trick_screen, trick_won_screen
from companion.ui.screens_hex import hex_screen
from companion.ui.screens_rummy import rummy_screen
from companion.views import (
    HexView,
    IdleView,
    MenuView,
    MessageView,
    NameView,
    QrView,
    RummyView,
    ScoresView,
    Tone,
    TrickView,
    TrickWonView,
)


def menu_screen(view: MenuView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = bar(pen, size, view.title, f"{view.selected + 1}/{len(view.items)}")
    bottom = size[1] - (SMALL.height + 1 if view.hint and tall(size) else 0)
    rows = max(1, (bottom - top) // ROW)
    first = min(max(0, view.selected - rows + 1), max(0, len(view.items) - rows))
    for row, index in enumerate(range(first, min(len(view.items), first + rows))):
        y = top + row * ROW
        label = view.items[index]
        if view.marks and view.marks[index] is not None:
            label = ("[x] " if view.marks[index] else "[ ] ") + label
        if index == view.selected:
            pen.box((0, y - 1, size[0] - 4, y + ROW - 2), fill=True)
        ink = BLACK if index == view.selected else WHITE
        pen.text((2, y), label, TEXT, width=size[0] - 6, fill=ink)
    pen.scrollbar(top, bottom - 1, first, rows, len(view.items))
    if view.hint and tall(size):
        pen.text((0, size[1] - SMALL.height), view.hint, SMALL)
    return image


def wrap(lines: tuple[str, ...], font: Font, width: int) -> list[str]:
    """``lines`` broken at spaces into rows no wider than ``width`` pixels (a word too
    long for a row is broken where it must be; a name in another script, in the Latin
    letters drawn: "欧阳娜娜" between its syllables "Ou Yang Na Na")."""
    rows: list[str] = []
    for line in lines:
        row = ""
        for word in line.split(" "):
            joined = f"{row} {word}" if row else word
            if font.measure(joined) <= width:
                row = joined
                continue
            if row:
                rows.append(row)
            rest = word
            if font.measure(rest) > width and printable(rest) != rest:
                *whole, rest = wrap((printable(rest),), font, width)
                rows.extend(whole)
            while font.measure(rest) > width:
                cut = max(1, width // font.width)
                rows.append(rest[:cut])
                rest = rest[cut:]
            row = rest
        rows.append(row)
    return rows


@dataclass(frozen=True)
class MessageLayout:
    """Where a message's rows go on a panel: its pages of rows and the hint row."""

    top: int
    inset: int
    font: Font
    row: int
    pages: list[list[str]]
    hint_y: int | None


def message_layout(view: MessageView, size: tuple[int, int]) -> MessageLayout:
    """The message's rows in pages that fit under its title (above the hint row)."""
    inset = 0
    if view.tone is Tone.ALERT:
        top = (BOLD.height + 3) if tall(size) else TEXT.height + 1
        inset = 3 if tall(size) else 2
    elif view.tone is Tone.INFO:
        top = (BOLD.height if tall(size) else TEXT.height) + 1
    else:
        top = bar_height(size) + 1
    width = size[0] - 2 * inset
    bottom = size[1] - inset
    font, row = (TEXT, ROW) if tall(size) else (SMALL, SMALL.height + 1)
    wrapped = wrap(view.lines, font, width)

    def rows_in(height: int) -> int:  # the last row needs only the font's height
        return max(1, (height - font.height) // row + 1)

    room = rows_in(bottom - top)
    hint_y: int | None = None
    with_hint = rows_in(bottom - top - SMALL.height - 1)
    if view.hint or len(wrapped) > room:  # the hint row also holds the page count
        room, hint_y = with_hint, bottom - SMALL.height
    pages = [wrapped[start : start + room] for start in range(0, len(wrapped), room)]
    return MessageLayout(top, inset, font, row, pages or [[]], hint_y)


def message_pages(view: MessageView, size: tuple[int, int]) -> int:
    """How many pages ``view`` takes on a panel of ``size``."""
    return len(message_layout(view, size).pages)


def message_screen(view: MessageView, size: tuple[int, int]) -> Image.Image:
    """A title and lines; on a short panel the lines drop to the small font to fit. A
    message longer than the panel shows page ``view.page`` (wrapped round) of its pages,
    and the count ("1/2") on the hint row."""
    image = blank(size)
    pen = Pen(image)
    layout = message_layout(view, size)
    if view.tone is Tone.ALERT:
        pen.box((0, 0, size[0] - 1, size[1] - 1))
        pen.centre(2 if tall(size) else 1, view.title, BOLD if tall(size) else TEXT)
    elif view.tone is Tone.INFO:
        pen.text((0, 0), view.title, BOLD if tall(size) else TEXT)
    else:
        bar(pen, size, view.title, "!" if view.tone is Tone.ERROR else "?")
    inset, width = layout.inset, size[0] - 2 * layout.inset
    pages = layout.pages
    page = view.page % len(pages)
    for index, line in enumerate(pages[page]):
        pen.text((inset, layout.top + index * layout.row), line, layout.font, width=width)
    if layout.hint_y is None:
        return image
    count = f"{page + 1}/{len(pages)}" if len(pages) > 1 else ""
    room = width - (SMALL.measure(count) + SMALL.width if count else 0)
    hint = view.hint if SMALL.measure(view.hint) <= room else ""
    if not hint and view.hint and page == len(pages) - 1:
        hint, count = view.hint, ""  # the last page says what to do rather than its count
    if hint:
        pen.text((inset, layout.hint_y), hint, SMALL, width=width)
    if count:
        pen.text((inset + width - SMALL.measure(count), layout.hint_y), count, SMALL)
    return image


def name_screen(view: NameView, size: tuple[int, int]) -> Image.Image:
    """The name so far with a cursor, and the wheel: the item under the cursor in the
    middle, inverted, its neighbours either side (the wheel wraps round)."""
    image = blank(size)
    pen = Pen(image)
    title = view.note if view.note and not tall(size) else view.title  # no room for a hint
    top = bar(pen, size, title, f"{len(view.name)}/{view.limit}")
    font = LARGE if tall(size) else TEXT
    end = pen.text((2, top + 1), view.name, font)
    if len(view.name) < view.limit:
        pen.line((end + 1, top + font.height - 1, end + font.width - 1, top + font.height - 1))
    cell = 2 * font.width  # "OK" is the widest item
    shown = (size[0] // cell) | 1  # an odd number of cells: the selected one in the middle
    y = top + font.height + (4 if tall(size) else 2)
    left = (size[0] - shown * cell) // 2
    for index in range(shown):
        item = view.wheel[(view.selected + index - shown // 2) % len(view.wheel)]
        x = left + index * cell
        middle = index == shown // 2
        if middle:
            pen.box((x, y - 1, x + cell - 1, y + font.height - 1), fill=True)
        shown_item = "_" if item == " " else item
        inset = (cell - font.measure(shown_item)) // 2
        pen.text((x + inset, y), shown_item, font, width=cell, fill=BLACK if middle else WHITE)
    if tall(size):
        lines = (view.note,) if view.note else view.hint
        for row, line in enumerate(reversed(lines[:2])):
            pen.text((0, size[1] - (row + 1) * (SMALL.height + 1) + 1), line, SMALL)
    return image


def idle_screen(view: IdleView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    pen.centre(0, view.title, BOLD if tall(size) else TEXT)
    if tall(size):
        y = BOLD.height + 2
        for line in view.last_result[:3]:
            pen.centre(y, line, fitting(line, size[0], TEXT, SMALL))
            y += ROW
    elif view.last_result:
        # One line of room: the result itself (the winner) rather than the game's name.
        pen.centre(TEXT.height + 1, view.last_result[-1], SMALL)
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
    NameView: name_screen,
    QrView: qr_screen,
}

View = (
    MenuView
    | MessageView
    | TrickView
    | TrickWonView
    | ScoresView
    | RummyView
    | HexView
    | IdleView
    | NameView
    | QrView
)


#: The in-game screens' large-type layouts (:mod:`companion.ui.screens_large`).
_LARGE: dict[type[Any], Callable[[Any, tuple[int, int]], Image.Image]] = {
    TrickView: screens_large.trick_screen,
    TrickWonView: screens_large.trick_won_screen,
    HexView: screens_large.hex_screen,
}


def has_large(view: View) -> bool:
    """Whether ``view`` has a large-type layout (a trick missing a card, or Trump asking
    who leads round 1, has none: the question is the screen, in the normal layout)."""
    if isinstance(view, TrickView) and (view.missing or view.question):
        return False
    return type(view) in _LARGE


def render(view: View, size: tuple[int, int] = (128, 64), *, large: bool = False) -> Image.Image:
    """The image of ``view`` on a panel of ``size`` (mode "1"); ``large``: the large-type
    layout of an in-game screen (whose turn, a trick's winner, the moves left)."""
    screen = _LARGE.get(type(view)) if large and has_large(view) else None
    return (screen or _SCREENS[type(view)])(view, size)
