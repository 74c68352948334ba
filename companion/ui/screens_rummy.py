"""The rummy screen: one seat's sets, each a row (its marker, base, what it lacks).

Laid out for 128x64 and 128x32 panels: every set first, then the notes (the seat's
total, who is at play, the markers' legend), then the larger font (R2, R4).
"""

from __future__ import annotations

from PIL import Image

from companion.ui.draw import SMALL, TEXT, Font, Pen, blank
from companion.ui.layout import ROW, bar, tall
from companion.views import RummyView
from companion.views.i18n import _

_STATE_MARK = {"open": "..", "complete": "ok", "closed": "##", "illegal": "!!"}


def _legend(view: RummyView, width: int) -> list[str]:
    """The markers on the page and their words, packed into lines of ``width``."""
    lines: list[str] = []
    for state, word in view.legend:
        entry = f"{_STATE_MARK.get(state, '??')} {word}"
        if lines and SMALL.measure(f"{lines[-1]}·{entry}") <= width:
            lines[-1] = f"{lines[-1]}·{entry}"
        else:
            lines.append(entry)
    return lines


def _rummy_info(view: RummyView) -> tuple[str, str]:
    """The seat's total so far and who is at play (left and right of one line); once
    the round is over and its hands laid out, that they are being counted (R6)."""
    score = "" if view.score is None else _("{points} pts").format(points=view.score)
    turn = "" if view.turn is None else _("{name} plays").format(name=view.turn)
    if view.counting:
        turn = _("Counting hands")
    return score, turn


def _set_layout(count: int, room: int, notes: int, large: bool) -> tuple[Font, int, int, int]:
    """How ``count`` set rows and up to ``notes`` lines of notes share ``room`` pixels:
    (font, row height, columns, notes kept). Every set comes first, then the notes,
    then the larger font; past one column's room the sets go in two columns."""
    fonts = [(TEXT, ROW)] if large else []
    fonts += [(SMALL, SMALL.height + 1), (SMALL, SMALL.height)]
    for kept in range(notes, -1, -1):
        for font, row in fonts:
            if count * row + kept * (SMALL.height + 1) <= room + 1:
                return font, row, 1, kept
    return SMALL, SMALL.height, 2, 0


def rummy_screen(view: RummyView, size: tuple[int, int]) -> Image.Image:
    """One seat's sets: the seat and its place ("2/3") in the bar; its total so far and
    who is at play; a row a set (marker, base, what it lacks); the markers' legend."""
    image = blank(size)
    pen = Pen(image)
    score, turn = _rummy_info(view)
    seat = view.seat
    if not tall(size) and score and TEXT.narrowest(f"{seat}  {score}  9/9") <= size[0]:
        seat, score = f"{seat}  {score}", ""  # the short panel's total in the bar
    top = bar(pen, size, seat, f"{view.number}/{view.seats}")
    notes = _legend(view, size[0])
    if tall(size):
        pen.text((0, top), score, SMALL)
        if turn:
            pen.right(top, turn, SMALL)
        top += SMALL.height + 1
    elif score or turn:
        notes.insert(0, f"{score}  {turn}".strip())
    words = dict(view.legend)
    room = size[1] - top
    font, row, columns, kept = _set_layout(max(1, len(view.sets)), room, len(notes), tall(size))
    if not view.sets:
        pen.text((0, top), _("no set yet"), font)
    per_column = max(1, (room + 1) // row)
    width = size[0] // columns
    bases = max((len(line.base) for line in view.sets), default=0)
    rows = [
        f"{_STATE_MARK.get(line.state, '??')} {line.base:<{bases}} "
        f"{line.detail or words.get(line.state, line.state)}"
        for line in view.sets
    ]
    if font is TEXT and any(TEXT.measure(text) > width - 2 for text in rows):
        font, row = SMALL, SMALL.height + 1  # the details before the larger font
    for index, line in enumerate(view.sets[: per_column * columns]):
        text = rows[index]
        if columns > 1 or font.measure(text) > width - 2:
            text = f"{_STATE_MARK.get(line.state, '??')} {line.base}"  # the details give way
        x, y = (index // per_column) * width, top + (index % per_column) * row
        pen.text((x, y), text, font, width=width - 2)
    for index, note in enumerate(reversed(notes[:kept])):
        pen.text((0, size[1] - (index + 1) * (SMALL.height + 1) + 1), note, SMALL)
    return image
