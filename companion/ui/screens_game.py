"""The game screens: a trick in play, a trick won, scores, rummy sets, the hex referee.

Laid out for 128x64 and, more tersely, 128x32 panels. Card serials (``R13#1``) are
left off the screen: the face is what players read on the card.

    >>> face("R13#1"), face("S3")
    ('R13', 'S3')
"""

from __future__ import annotations

from PIL import Image

from companion.ui.draw import BLACK, BOLD, HUGE, LARGE, SMALL, TEXT, Font, Pen, blank, fit
from companion.ui.layout import ROW, bar, tall
from companion.views import HexView, RummyView, ScoresView, TrickView, TrickWonView


def face(notation: str) -> str:
    """A card's face without its serial."""
    return notation.split("#", 1)[0]


def short_name(name: str, room: int = 5) -> str:
    """A player's name in ``room`` characters: "Seat 2" -> "Seat2", "Bartholomew" -> "Barth".

    >>> short_name("Seat 12"), short_name("Ana")
    ('Sea12', 'Ana')
    """
    if len(name) <= room:
        return name
    squeezed = name.replace(" ", "")
    digits = len(squeezed) - len(squeezed.rstrip("0123456789"))
    if digits and len(squeezed) > room:  # keep a seat's number whole
        return squeezed[: max(1, room - digits)] + squeezed[-digits:]
    return squeezed[:room]


def _plays_line(view: TrickView, width: int, font: Font) -> str:
    """The trick so far on one line: with the players' names if they fit, else cards only."""
    named = "  ".join(f"{p.player} {face(p.card)}" for p in view.plays)
    if font.measure(named) <= width:
        return named
    return " ".join(face(p.card) for p in view.plays)


def trick_screen(view: TrickView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    title = f"R{view.round} Trick {view.trick}"
    spot = face(view.spicy) if view.spicy else (view.trump or "")
    if view.trump and TEXT.measure(f"{title}  trump {view.trump}") <= size[0]:
        spot = f"trump {view.trump}"
    top = bar(pen, size, title, spot)
    width = size[0]
    if view.question:
        # Trump T3: the table names round 1's leader; SELECT answers.
        if tall(size):
            pen.text((0, top + 1), view.question[0], BOLD, width=width)
            pen.text((0, top + 16), " ".join(view.question[1:]), TEXT, width=width)
            pen.text((0, size[1] - SMALL.height), "SELECT: say who", SMALL)
        else:
            pen.text((0, top + 1), " ".join(view.question), TEXT, width=width)
            pen.text((0, size[1] - SMALL.height), "SELECT: say who", SMALL)
        return image
    if view.waiting_for:
        # What to show is the headline; who shows it is secondary.
        if tall(size):
            pen.text((0, top + 1), "Show the", TEXT)
            pen.text((0, top + 12), view.waiting_for, BOLD)
            pen.text((0, top + 27), f"{view.to_play} leads", TEXT)
        else:
            pen.text((0, top + 1), f"Show {view.waiting_for}", TEXT)
            pen.text((0, size[1] - SMALL.height), f"{view.to_play} leads", SMALL)
        return image
    font = LARGE if tall(size) else TEXT
    tail = " to play"
    end = pen.text((0, top + 1), view.to_play, font, width=width - TEXT.measure(tail))
    pen.text((end, top + 1 + font.height - TEXT.height), tail, TEXT)
    if not tall(size):
        line = _plays_line(view, width, SMALL) or "no card yet"
        pen.text((0, size[1] - SMALL.height), line, SMALL)
        return image
    y = top + LARGE.height + 2
    lead = f"Lead {view.lead}" if view.lead else "No card yet"
    pen.text((0, y), lead, SMALL)
    if view.symbol:
        pen.right(y, f"symbol {view.symbol}", SMALL, margin=1)
    y += SMALL.height + 2
    for index, play in enumerate(view.plays[:4]):
        col, row = index % 2, index // 2
        label = f"{short_name(play.player)} {face(play.card)}"
        pen.text((col * 64, y + row * ROW), label, TEXT, width=62)
    return image


def trick_won_screen(view: TrickWonView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = bar(pen, size, f"Trick {view.trick}", "won by")
    card = face(view.card)
    prize = " ".join(face(p) for p in view.prize.split()) if view.prize else ""
    if tall(size):
        pen.centre(top + 2, view.winner, HUGE)
        pen.centre(top + 24, f"with {card}", TEXT)
        if prize:
            pen.centre(top + 36, f"takes {prize}", TEXT)
    else:
        end = pen.text((0, top + 1), view.winner, LARGE, width=size[0] - 12 * SMALL.width)
        x = max(end + 4, size[0] - 12 * SMALL.width)
        pen.text((x, top + 2), f"with {card}", SMALL)
        if prize:
            pen.text((x, top + 2 + SMALL.height + 1), f"takes {prize}", SMALL)
    return image


def scores_screen(view: ScoresView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    heads = ("pts", "tot") if view.totals is not None else ("pts",)
    column = 5 * TEXT.width  # a column of points: " 1234"
    reserve = (len(heads) - 1) * column + SMALL.measure("pts") + 3 if tall(size) else 0
    top = bar(pen, size, fit(view.title, TEXT, size[0] - reserve))
    if tall(size):
        # Column heads in the small font, black on the bar, over their columns.
        for index, head in enumerate(reversed(heads)):
            pen.right(2, head, SMALL, margin=index * column + 1, fill=BLACK)
    if not tall(size):
        # Two players a row on a short panel: name and total only.
        totals = view.totals if view.totals is not None else view.points
        for seat, name in enumerate(view.players):
            x, y = (seat % 2) * 64, top + (seat // 2) * (SMALL.height + 1)
            marker = "*" if seat in view.leaders else " "
            pen.text((x, y), f"{marker}{name}", SMALL, width=40)
            pen.text((x + 40, y), f"{totals[seat]:>4}", SMALL, width=22)
        return image
    room = size[1] - top
    footer = view.footer if room >= (len(view.players) * ROW + SMALL.height) else ""
    row = ROW if room >= len(view.players) * ROW else 9
    for seat, name in enumerate(view.players):
        y = top + seat * row
        marker = "*" if seat in view.leaders else " "
        pen.text((0, y), f"{marker}{name}", TEXT, width=size[0] - 9 * TEXT.width)
        if view.totals is not None:
            pen.right(y, f"{view.points[seat]:>4} {view.totals[seat]:>4}", TEXT)
        else:
            pen.right(y, f"{view.points[seat]:>4}", TEXT)
    if footer:
        pen.text((0, size[1] - SMALL.height), footer, SMALL)
    return image


_STATE_MARK = {"open": "..", "complete": "ok", "closed": "##", "illegal": "!!"}


def rummy_screen(view: RummyView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = bar(pen, size, view.seat, f"R{view.round}")
    row_height = ROW if tall(size) else SMALL.height + 1
    rows = max(1, (size[1] - top) // row_height)
    pages = max(1, -(-len(view.sets) // rows))
    first = (view.page % pages) * rows  # pages wrap round: the next page after the last
    shown = view.sets[first : first + rows]
    width = size[0] - (3 if len(view.sets) > rows else 0)
    if not shown:
        pen.text((0, top + 1), "no set yet", TEXT if tall(size) else SMALL)
    for index, line in enumerate(shown):
        y = top + index * row_height
        mark = _STATE_MARK.get(line.state, "??")
        text = f"{mark} {face(line.base):<3} {line.detail or line.state}"
        # A long detail drops to the small font rather than losing its end.
        font = TEXT if tall(size) and TEXT.measure(text) <= width else SMALL
        pen.text((0, y + (1 if font is SMALL and tall(size) else 0)), text, font, width=width)
    pen.scrollbar(top, size[1] - 1, first, rows, len(view.sets))
    return image


def _big_number(image: Image.Image, number: str, at: tuple[int, int], scale: int) -> int:
    """Paste ``number`` in the huge font, ``scale`` times; return its width."""
    big = blank((HUGE.measure(number), HUGE.height))
    Pen(big).text((0, 0), number, HUGE)
    if scale > 1:
        big = big.resize((big.width * scale, big.height * scale), Image.Resampling.NEAREST)
    image.paste(big, at)
    return big.width


def hex_screen(view: HexView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = bar(pen, size, f"Turn {view.turn}", view.player)
    if view.winner:
        pen.centre(top + (8 if tall(size) else 3), f"{view.winner} wins", LARGE)
        return image
    note = f"card {view.card}" if view.card is not None else ""
    if view.reduction:
        note = f"-{view.reduction} centre"
    if not tall(size):
        # The moves left in the huge font, the rest beside it.
        width = _big_number(image, str(view.left), (2, top), 1)
        x = width + 8
        pen.text((x, top + 1), f"of {view.allowed} moves left", SMALL)
        if note:
            pen.text((x, top + 2 + SMALL.height + 1), note, SMALL)
        return image
    # The moves left, at twice the largest font: readable from across the table.
    number = str(view.left)
    _big_number(image, number, ((60 - 2 * HUGE.measure(number)) // 2, top + 6), 2)
    pen.text((62, top + 4), f"of {view.allowed}", LARGE)
    pen.text((62, top + 22), "moves left", TEXT)
    if note:
        pen.text((62, top + 36), note, SMALL)
    return image
