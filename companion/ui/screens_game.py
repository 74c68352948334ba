"""The game screens: a trick in play, a trick won, scores, rummy sets, the hex referee.

Laid out for 128x64 and, more tersely, 128x32 panels. Card serials (``R13#1``) are
left off the screen: the face is what players read on the card.

    >>> face("R13#1"), face("S3")
    ('R13', 'S3')
"""

from __future__ import annotations

from PIL import Image

from companion.games.i18n import N_
from companion.ui.draw import BLACK, BOLD, HUGE, LARGE, SMALL, TEXT, Font, Pen, blank, fit, fitting
from companion.ui.layout import ROW, bar, bar_height, tall
from companion.views import HexView, RummyView, ScoresView, TrickView, TrickWonView
from companion.views.i18n import _


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
    title = _("R{round} Trick {trick}").format(round=view.round, trick=view.trick)
    spot = face(view.spicy) if view.spicy else (view.trump or "")
    trump = _("trump {colour}").format(colour=view.trump)
    if view.trump and TEXT.measure(f"{title}  {trump}") <= size[0]:
        spot = trump
    top = bar(pen, size, title, spot)
    width = size[0]
    if view.waiting_for:
        # What to show is the headline; who shows it is secondary.
        leads = _("{name} leads").format(name=view.to_play)
        if tall(size):
            pen.text((0, top + 1), _("Show the"), TEXT)
            pen.text((0, top + 12), view.waiting_for, BOLD)
            pen.text((0, top + 27), leads, TEXT)
        else:
            show = _("Show: {what}").format(what=view.waiting_for)
            pen.text((0, top + 1), show, fitting(show, width, TEXT, SMALL))
            pen.text((0, size[1] - SMALL.height), leads, SMALL)
        return image
    tail = " " + _("to play")
    room = width - TEXT.measure(tail)
    font = fitting(view.to_play, room, LARGE, TEXT) if tall(size) else TEXT
    end = pen.text((0, top + 1), view.to_play, font, width=room)
    pen.text((end, top + 1 + font.height - TEXT.height), tail, TEXT)
    if not tall(size):
        line = _plays_line(view, width, SMALL) or _("no card yet")
        pen.text((0, size[1] - SMALL.height), line, SMALL)
        return image
    y = top + LARGE.height + 2
    lead = _("Lead {colour}").format(colour=view.lead) if view.lead else _("No card yet")
    pen.text((0, y), lead, SMALL)
    if view.symbol:
        pen.right(y, _("symbol {symbol}").format(symbol=view.symbol), SMALL, margin=1)
    y += SMALL.height + 2
    for index, play in enumerate(view.plays[:4]):
        col, row = index % 2, index // 2
        label = f"{short_name(play.player)} {face(play.card)}"
        pen.text((col * 64, y + row * ROW), label, TEXT, width=62)
    return image


def trick_won_screen(view: TrickWonView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    title = _("Trick {number}").format(number=view.trick)
    with_card = _("with {card}").format(card=view.card)
    takes = _("takes {prize}").format(prize=view.prize) if view.prize else ""
    if tall(size):
        top = bar(pen, size, title, _("won by"))
        pen.centre(top + 2, view.winner, fitting(view.winner, size[0], HUGE, LARGE))
        pen.centre(top + 24, with_card, fitting(with_card, size[0], TEXT, SMALL))
        if takes:
            pen.centre(top + 36, takes, fitting(takes, size[0], TEXT, SMALL))
        return image
    side = max(SMALL.measure(with_card), SMALL.measure(takes))
    if LARGE.measure(view.winner) + 4 + side <= size[0]:
        # The winner, and beside it the card that won and the prize.
        top = bar(pen, size, title, _("won by"))
        end = pen.text((0, top + 1), view.winner, LARGE, width=size[0] - side - 4)
        x = max(end + 4, size[0] - side)
        pen.text((x, top + 2), with_card, SMALL)
        if takes:
            pen.text((x, top + 2 + SMALL.height + 1), takes, SMALL)
        return image
    # A long name: the card that won in the bar, the prize under the name.
    top = bar(pen, size, title, with_card)
    pen.text((0, top), view.winner, fitting(view.winner, size[0], LARGE, TEXT))
    if takes:
        pen.text((0, size[1] - SMALL.height), takes, SMALL)
    return image


def scores_screen(view: ScoresView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    if not tall(size):
        _short_scores(image, view, size)
        return image
    pen = Pen(image)
    heads = (_("pts"), _("tot")) if view.totals is not None else (_("pts"),)
    column = 5 * TEXT.width  # a column of points: " 1234"
    reserve = (len(heads) - 1) * column + SMALL.measure(heads[0]) + 3
    top = bar(pen, size, fit(view.title, TEXT, size[0] - reserve))
    # Column heads in the small font, black on the bar, over their columns.
    for index, head in enumerate(reversed(heads)):
        pen.right(2, head, SMALL, margin=index * column + 1, fill=BLACK)
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


def _short_scores(image: Image.Image, view: ScoresView, size: tuple[int, int]) -> None:
    """A short panel: name and total only, two players a row when the names are short,
    else one a row, a page of them at a time (``view.page``, the count in the bar)."""
    pen = Pen(image)
    totals = view.totals if view.totals is not None else view.points
    cells = [
        (f"{'*' if seat in view.leaders else ' '}{name}", str(totals[seat]))
        for seat, name in enumerate(view.players)
    ]
    row = SMALL.height + 1
    rows = (size[1] - bar_height(size) - 1 - SMALL.height) // row + 1
    half = size[0] // 2
    if all(SMALL.measure(f"{name} {total}") <= half - 2 for name, total in cells):
        columns, width = 2, half - 2
    else:
        columns, width = 1, size[0]
    per_page = rows * columns
    pages = -(-len(cells) // per_page)
    page = view.page % pages
    count = f"{page + 1}/{pages}" if pages > 1 else ""
    top = bar(pen, size, view.title, count)
    for index, (name, total) in enumerate(cells[page * per_page : (page + 1) * per_page]):
        x, y = (index % columns) * half, top + (index // columns) * row
        end = x + width
        pen.text((x, y), name, SMALL, width=width - SMALL.measure(f" {total}"))
        pen.text((end - SMALL.measure(total), y), total, SMALL)


_STATE_MARK = {"open": "..", "complete": "ok", "closed": "##", "illegal": "!!"}
#: A set's state in words, when nothing more is to be said of it.
_STATE_WORDS = {
    "open": N_("open"),
    "complete": N_("complete"),
    "closed": N_("closed"),
    "illegal": N_("illegal"),
}


def rummy_screen(view: RummyView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    pen = Pen(image)
    top = bar(pen, size, view.seat, _("R{round}").format(round=view.round))
    row_height = ROW if tall(size) else SMALL.height + 1
    rows = max(1, (size[1] - top) // row_height)
    pages = max(1, -(-len(view.sets) // rows))
    first = (view.page % pages) * rows  # pages wrap round: the next page after the last
    shown = view.sets[first : first + rows]
    width = size[0] - (3 if len(view.sets) > rows else 0)
    if not shown:
        pen.text((0, top + 1), _("no set yet"), TEXT if tall(size) else SMALL)
    for index, line in enumerate(shown):
        y = top + index * row_height
        mark = _STATE_MARK.get(line.state, "??")
        detail = line.detail or _(_STATE_WORDS.get(line.state, line.state))
        text = f"{mark} {face(line.base):<3} {detail}"
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
    top = bar(pen, size, _("Turn {number}").format(number=view.turn), view.player)
    if view.winner:
        wins = _("{name} wins").format(name=view.winner)
        pen.centre(top + (8 if tall(size) else 3), wins, LARGE)
        return image
    note = _("card {number}").format(number=view.card) if view.card is not None else ""
    if view.reduction:
        note = _("-{number} centre").format(number=view.reduction)
    if not tall(size):
        # The moves left in the huge font, the rest beside it.
        width = _big_number(image, str(view.left), (2, top), 1)
        x = width + 8
        pen.text((x, top + 1), _("of {number} moves left").format(number=view.allowed), SMALL)
        if note:
            pen.text((x, top + 2 + SMALL.height + 1), note, SMALL)
        return image
    # The moves left, at twice the largest font: readable from across the table.
    number = str(view.left)
    _big_number(image, number, ((60 - 2 * HUGE.measure(number)) // 2, top + 6), 2)
    pen.text((62, top + 4), _("of {number}").format(number=view.allowed), LARGE)
    pen.text((62, top + 22), _("moves left"), TEXT)
    if note:
        pen.text((62, top + 36), note, SMALL)
    return image
