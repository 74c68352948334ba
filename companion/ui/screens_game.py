"""The trick games' screens: a trick in play, a trick won, and the scores.

Laid out for 128x64 and, more tersely, 128x32 panels. Cards come named as their faces
print them ("Yellow 16"), with a short form for a crowded row ("Yel 16",
:func:`companion.views.cards.card_short`); a list of cards takes the longest form that
fits it whole (docs/ui.md, "Cards in a list"). The rummy sets and the hex referee
have their own modules (:mod:`companion.ui.screens_rummy`, :mod:`companion.ui.screens_hex`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from companion.ui.draw import (
    BLACK,
    BOLD,
    HUGE,
    LARGE,
    SMALL,
    TEXT,
    Font,
    Pen,
    blank,
    fit,
    fitting,
    printable,
)
from companion.ui.layout import ROW, bar, bar_height, bar_room, round_trick, tall
from companion.views import Play, ScoresView, TrickView, TrickWonView
from companion.views.i18n import _


def short_name(name: str, room: int = 5) -> str:
    """A player's name in ``room`` characters: "Seat 2" -> "Seat2", "Bartholomew" -> "Barth".

    Counted in the letters drawn: a name in another script in its Latin letters.

    >>> short_name("Seat 12"), short_name("Ana"), short_name("王小明")
    ('Sea12', 'Ana', 'WangX')
    """
    name = printable(name)
    if len(name) <= room:
        return name
    squeezed = name.replace(" ", "")
    digits = len(squeezed) - len(squeezed.rstrip("0123456789"))
    if digits and len(squeezed) > room:  # keep a seat's number whole
        return squeezed[: max(1, room - digits)] + squeezed[-digits:]
    return squeezed[:room]


def _play_rows(plays: Sequence[Play], width: int, fonts: Sequence[Font]) -> tuple[Font, list[str]]:
    """One row a card with its player ("Ana Yellow 16"), each within ``width``: in the
    first of ``fonts`` that holds every row, with the cards' names, else their short
    forms ("Ana Yel 16"); one form for the whole list."""
    forms = (
        [f"{short_name(p.player)} {p.card}" for p in plays],
        [f"{short_name(p.player)} {p.brief}" for p in plays],
    )
    for font in fonts:
        for rows in forms:
            if all(font.measure(row) <= width for row in rows):
                return font, rows
    return fonts[-1], forms[-1]


def _plays_line(plays: Sequence[Play], width: int, font: Font, winner: str | None = None) -> str:
    """Cards on one line, in the longest form that fits: with the players' names, the
    cards' names or short forms ("Yel 16", squeezed "Yel16"); else the card of
    ``winner`` alone (the last trick's: the line before names who won it); else none."""
    lines = (
        "  ".join(f"{p.player} {p.card}" for p in plays),
        "  ".join(f"{p.player} {p.brief}" for p in plays),
        " ".join(p.card for p in plays),
        " ".join(p.brief for p in plays),
        " ".join(p.brief.replace(" ", "") for p in plays),
        *(p.brief for p in plays if p.player == winner),
        "",
    )
    return next((line for line in lines if font.measure(line) <= width), lines[-1])


def _facts(view: TrickView) -> tuple[str, str, str]:
    """What the round and the trick are played for, labelled: the stake (Trump's
    trump colour, Fibonachos' spicy card, or that none is left), the lead and, in
    Trump, the scored symbol."""
    if view.trump is not None:
        stake = _("Trump {colour}").format(colour=view.trump)
    elif view.spicy:
        stake = _("{card} at stake").format(card=view.spicy)
    elif view.no_spicy:
        stake = _("No spicy card left")  # F6: said, so the gap is not read as a misread
    else:
        stake = ""
    lead = _("Lead {colour}").format(colour=view.lead) if view.lead else _("No card yet")
    symbol = _("Symbol {symbol}").format(symbol=view.symbol) if view.symbol else ""
    return stake, lead, symbol


def _leads(view: TrickView) -> str:
    """'Ana leads'; nothing while the leader is not known (Trump's round 1, T3: the
    table is asked once the indicators lie)."""
    return "" if view.to_play == "?" else _("{name} leads").format(name=view.to_play)


def _whose_turn(pen: Pen, y: int, view: TrickView, big: Font) -> None:
    """'Ana to play': the name in ``big`` (BOLD when a long name leaves no room)."""
    tail = _(" to play")
    font = big if big.narrowest(view.to_play) + TEXT.measure(tail) <= pen.width else BOLD
    if font.narrowest(view.to_play) + TEXT.measure(tail) > pen.width:
        tail = ""  # a name longer than any the buttons type: the name comes first
    room = pen.width - (TEXT.measure(tail) if tail else 0)
    end = pen.text((0, y), view.to_play, font, width=room)
    if tail:
        pen.text((end, y + font.height - TEXT.height), tail, TEXT)


def _last_trick(pen: Pen, y: int, view: TrickView) -> None:
    """Who won the round's last trick, then its cards (two lines of the small font)."""
    if view.last_winner is None:
        return
    pen.text((0, y), _("Last trick: {name}").format(name=view.last_winner), SMALL)
    cards = _plays_line(view.last, pen.width, SMALL, view.last_winner)
    pen.text((0, y + SMALL.height + 1), cards, SMALL)


def trick_screen(view: TrickView, size: tuple[int, int]) -> Image.Image:
    """Whose turn (largest), the stake and the lead labelled, the trick so far; before a
    trick's first card, the last trick and who won it."""
    image = blank(size)
    pen = Pen(image)
    stake, lead, symbol = _facts(view)
    if view.missing:
        return _missing_trick(pen, image, view, size)
    if view.question:
        return _question_trick(pen, image, view, size)
    if not tall(size):
        return _short_trick(pen, image, view, (stake, lead, symbol))
    title = _("Round {round}, trick {trick}").format(round=view.round, trick=view.trick)
    top = bar(pen, size, title)
    if view.waiting_for:
        # What to show is the headline; who shows it is secondary.
        pen.text((0, top), _("Show the"), TEXT)
        pen.text((0, top + 10), view.waiting_for, BOLD)
        pen.text((0, top + 23), _leads(view), TEXT)
        if view.last_winner is not None:
            _last_trick(pen, top + 34, view)
        else:
            pen.text((0, top + 34), "  ".join(filter(None, (stake, symbol))), SMALL)
        return image
    _whose_turn(pen, top, view, LARGE)
    y = top + LARGE.height + 1
    pen.text((0, y), stake, SMALL)
    if view.trump is not None:
        pen.right(y, lead, SMALL)
        pen.text((0, y + SMALL.height + 1), symbol, SMALL)
    else:
        pen.text((0, y + SMALL.height + 1), lead, SMALL)
    y += 2 * (SMALL.height + 1) + 1
    if not view.plays:
        _last_trick(pen, y, view)
    plays = view.plays[:4]
    # Two cards a row; a second row that would fall off the panel takes the small font.
    rows = -(-len(plays) // 2)
    tall_rows = y + (rows - 1) * ROW + TEXT.height <= size[1]
    font, labels = _play_rows(plays, 62, (TEXT, SMALL) if tall_rows else (SMALL,))
    step = ROW if font is TEXT else 8
    for index, label in enumerate(labels):
        col, row = index % 2, index // 2
        pen.text((col * 64, min(y + row * step, size[1] - font.height)), label, font, width=62)
    return image


def _missing_trick(
    pen: Pen, image: Image.Image, view: TrickView, size: tuple[int, int]
) -> Image.Image:
    """A trick cleared before its last card was read (issue 10): the game waits for it."""
    if tall(size):
        title = _("Round {round}, trick {trick}").format(round=view.round, trick=view.trick)
        top = bar(pen, size, title)
        pen.text((0, top + 1), _("Missing card of"), TEXT)
        pen.text((0, top + 13), view.missing, BOLD, width=size[0])
    else:
        top = bar(pen, size, _("Missing card of"))
        pen.text((0, top + 1), view.missing, TEXT)
    pen.text((0, size[1] - SMALL.height), _("SELECT: which card"), SMALL)
    return image


def _question_trick(
    pen: Pen, image: Image.Image, view: TrickView, size: tuple[int, int]
) -> Image.Image:
    """Trump T3: the table names round 1's leader ("Who has Red 2?"); SELECT answers (the
    short panel has room for the question alone)."""
    stake = _("Trump {colour}").format(colour=view.trump) if view.trump else ""
    right = stake if not tall(size) else ""
    font = TEXT if tall(size) else SMALL
    title = round_trick(view.round, view.trick, bar_room(size, right), font)
    top = bar(pen, size, title, right)
    width = size[0]
    if tall(size):
        pen.text((0, top + 1), view.question[0], BOLD, width=width)
        pen.text((0, top + 16), " ".join(view.question[1:]), TEXT, width=width)
        if stake:
            pen.text((0, top + 29), stake, SMALL)
    else:
        pen.text((0, top + 1), view.question[0], TEXT, width=width)
    pen.text((0, size[1] - SMALL.height), _("SELECT: say who"), SMALL)
    return image


def _short_trick(
    pen: Pen, image: Image.Image, view: TrickView, facts: tuple[str, str, str]
) -> Image.Image:
    """The trick on a 128x32 panel: the stake in the bar, whose turn, a line of facts,
    a line of cards (the trick so far, or the last trick before a first card)."""
    stake, lead, symbol = facts
    short_stake = view.spicy or (_("No spicy") if view.no_spicy else stake)
    title = round_trick(view.round, view.trick, bar_room(image.size, short_stake), SMALL)
    top = bar(pen, image.size, title, short_stake)
    y = top - 1  # the font's own top row is blank
    if view.waiting_for:
        show = _("Show {what}").format(what=view.waiting_for)
        pen.text((0, y), show, fitting(show, pen.width, TEXT, SMALL))
        line = _leads(view)
    else:
        pen.text((0, y), view.to_play, TEXT)
        pen.text((TEXT.measure(view.to_play), y), _(" to play"), TEXT)
        line = symbol if view.trump is not None else lead
        if view.trump is not None and SMALL.measure(f"{symbol}  {lead}") <= pen.width:
            line = f"{symbol}  {lead}"
    pen.text((0, pen.height - 2 * SMALL.height), line, SMALL)  # clear of a descender
    cards = view.plays
    if not cards and view.last_winner is not None:
        last = _("Last: {name}").format(name=view.last_winner)
        room = pen.width - SMALL.measure(last + " ")
        cards_line = _plays_line(view.last, room, SMALL, view.last_winner)
        pen.text((0, pen.height - SMALL.height), f"{last} {cards_line}".strip(), SMALL)
    elif cards:
        pen.text((0, pen.height - SMALL.height), _plays_line(cards, pen.width, SMALL), SMALL)
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
    if LARGE.narrowest(view.winner) + 4 + side <= size[0]:
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


def _bottom_line(view: ScoresView, width: int) -> tuple[str, str]:
    """The footer (who won) and the hint (what to press), as many as fit one line; the
    hint goes first on a screen that waits (the stars still mark the leaders)."""
    footer, hint = view.footer, view.hint
    if SMALL.measure(f"{footer}  {hint}") <= width or not (footer and hint):
        return footer, hint
    return "", hint


def scores_screen(view: ScoresView, size: tuple[int, int]) -> Image.Image:
    image = blank(size)
    if not tall(size):
        _short_scores(image, view, size)
        return image
    pen = Pen(image)
    heads = view.heads if view.totals is not None else view.heads[:1]
    column = 5 * TEXT.width  # a column of points: " 1234"
    reserve = (len(heads) - 1) * column + SMALL.measure(heads[0]) + 3
    top = bar(pen, size, fit(view.title, TEXT, size[0] - reserve))
    # Column heads in the small font, black on the bar, over their columns.
    for index, head in enumerate(reversed(heads)):
        pen.right(2, head, SMALL, margin=index * column + 1, fill=BLACK)
    footer, hint = _bottom_line(view, size[0])
    room = size[1] - top
    players = len(view.players)
    row = ROW if room >= players * ROW + SMALL.height else 9
    for seat, name in enumerate(view.players):
        y = top + seat * row
        marker = "*" if seat in view.leaders else " "
        pen.text((0, y), f"{marker}{name}", TEXT, width=size[0] - 9 * TEXT.width)
        if view.totals is not None:
            pen.right(y, f"{view.points[seat]:>4} {view.totals[seat]:>4}", TEXT)
        else:
            pen.right(y, f"{view.points[seat]:>4}", TEXT)
    if room >= players * row + SMALL.height:
        pen.text((0, size[1] - SMALL.height), footer, SMALL)
        if hint:
            pen.right(size[1] - SMALL.height, hint, SMALL)
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
    if all(SMALL.narrowest(f"{name} {total}") <= half - 2 for name, total in cells):
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
