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


def _turn_words(view: RummyView, room: int) -> str:
    """Who is at play in ``room`` pixels ("Ana plays", else the name alone); once the
    round is over and its hands laid out, that they are being counted (R6)."""
    if view.counting:
        forms = [_("Counting hands")]
    elif view.turn is not None:
        forms = [_("{name} plays").format(name=view.turn), view.turn]
    else:
        return ""
    return next((form for form in forms if SMALL.measure(form) <= room), forms[-1])


def _rummy_info(view: RummyView, size: tuple[int, int]) -> tuple[str, str, str]:
    """The title (the seat), the seat's total so far and who is at play, the last two
    left and right of one line. The total goes into the title beside the seat on a
    short panel, and on a tall one when who plays would not fit beside it (a long name,
    a large total: they were drawn one over the other); who plays gives way last."""
    seat, width = view.seat, size[0]
    score = "" if view.score is None else _("{points} pts").format(points=view.score)
    beside = width - (SMALL.measure(score) + 2 * SMALL.width if score else 0)
    whole = _turn_words(view, width)
    moved = not tall(size) or SMALL.measure(whole) > beside
    if score and moved and TEXT.narrowest(f"{seat}  {score}  9/9") <= width:
        return f"{seat}  {score}", "", whole
    turn = _turn_words(view, beside)
    return seat, score, turn if SMALL.measure(turn) <= beside else ""


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
    seat, score, turn = _rummy_info(view, size)
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
