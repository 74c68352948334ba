"""Print-and-play PDF sheets: poker-size faces, three by three, with crop marks.

Cards sit edge to edge (one cut serves two cards) in a grid centred on the page;
crop marks in the margin show every cut line, a title line names the deck, the copy,
what the deck plays where its name does not say it (``PLAYS``: Deck 21 plays Rummy 21,
13 and 8) and the page, and a 50 mm bar lets a player check the print was at 100 %: at
the foot of an A4 page, along the right-hand margin of a Letter page, whose margins
above and below the cards (7.7 mm) are mostly in a printer's unprinted edge. Nothing is
drawn within 5 mm of the paper's edge.
The faces are embedded as 300 dpi images without their codes, and the codes are drawn
on top as vectors (crisp at any printer resolution; equal cards share one image, so a
whole deck stays small). Sticker sheets are in :mod:`card_codes.stickers`.

    >>> from io import BytesIO
    >>> from card_codes.catalogue import deck_cards
    >>> write_sheet(deck_cards("hex")[:10], BytesIO(), paper="letter")
    2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from card_codes.catalogue import PLAYS, CardIdentity
from card_codes.face_image import (
    CARD_MM,
    IDENTITY_AT_MM,
    IDENTITY_BOX_MM,
    QUIET_MODULES,
    code_places,
    face_background,
    identity_text,
)
from card_codes.payload import encode_payload
from card_codes.pdf import MmPage, Target, paper_size
from card_codes.qr import code_matrix
from card_codes.stickers import LABELS, write_stickers

__all__ = ["LABELS", "SheetLayout", "sheet_layout", "write_sheet", "write_stickers"]

#: A function told (cards done, cards in all) as the work goes on.
Progress = Callable[[int, int], None]
#: Crop marks start this far outside the grid and are at most this long.
CROP_GAP_MM = 1.0
CROP_LENGTH_MM = 5.0
#: What a home printer leaves unprinted along each edge of the paper: nothing is drawn
#: nearer the edge than this (a scale bar cut off cannot check the scale).
UNPRINTED_MM = 5.0
#: Room for the title or the scale bar between the unprinted edge and the crop marks.
FURNITURE_MM = 3.0
#: A margin above and below the grid this deep holds the title and the scale bar (A4's
#: 16.5 mm); a shallower one (Letter's 7.7 mm) has them turned along the side margins.
FOOT_MM = 12.0


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards of one page go, in mm from the page's top-left corner."""

    page: tuple[float, float]
    columns: int = 3
    rows: int = 3

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """The top-left corner of the grid: the grid is centred on the page."""
        width, height = CARD_MM
        return (
            (self.page[0] - self.columns * width) / 2,
            (self.page[1] - self.rows * height) / 2,
        )

    @property
    def furniture_at_foot(self) -> bool:
        """Whether the title and the scale bar go above and below the grid (else they go
        along the left and right margins)."""
        return self.origin[1] >= FOOT_MM

    def card_box(self, slot: int) -> tuple[float, float, float, float]:
        """(left, top, width, height) of the card in ``slot`` (0 ... per_page - 1, by rows)."""
        row, column = divmod(slot, self.columns)
        left, top = self.origin
        width, height = CARD_MM
        return (left + column * width, top + row * height, width, height)

    def cuts(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The x of every vertical cut and the y of every horizontal one."""
        left, top = self.origin
        xs = tuple(left + k * CARD_MM[0] for k in range(self.columns + 1))
        ys = tuple(top + k * CARD_MM[1] for k in range(self.rows + 1))
        return xs, ys

    def crop_lengths(self) -> tuple[float, float]:
        """How long the crop marks above and below the grid are, and those at its sides:
        they stop short of the unprinted edge, and of the title and the bar."""
        margin_x, margin_y = self.origin
        room_x = margin_x - CROP_GAP_MM - UNPRINTED_MM
        room_y = margin_y - CROP_GAP_MM - UNPRINTED_MM
        if self.furniture_at_foot:
            room_y -= FURNITURE_MM
        else:
            room_x -= FURNITURE_MM
        return min(CROP_LENGTH_MM, room_y), min(CROP_LENGTH_MM, room_x)


def sheet_layout(paper: str = "a4") -> SheetLayout:
    """The 3 x 3 layout on ``paper`` (a4 or letter)."""
    return SheetLayout(paper_size(paper))


def _crop_marks(page: MmPage, layout: SheetLayout) -> None:
    xs, ys = layout.cuts()
    long_x, long_y = layout.crop_lengths()
    for x in xs:
        page.line(x, ys[0] - CROP_GAP_MM, x, ys[0] - CROP_GAP_MM - long_x)
        page.line(x, ys[-1] + CROP_GAP_MM, x, ys[-1] + CROP_GAP_MM + long_x)
    for y in ys:
        page.line(xs[0] - CROP_GAP_MM, y, xs[0] - CROP_GAP_MM - long_y, y)
        page.line(xs[-1] + CROP_GAP_MM, y, xs[-1] + CROP_GAP_MM + long_y, y)


def _title(cards: Sequence[CardIdentity]) -> str:
    decks = sorted({(card.deck, card.copy) for card in cards})
    titles = [f"{deck} copy {copy}" for deck, copy in decks]
    plays = [PLAYS[deck] for deck in sorted({deck for deck, _ in decks}) if deck in PLAYS]
    return " - ".join([", ".join(titles), *plays])


#: The scale bar's words, after its end.
BAR_TEXT = "50 mm at 100 % scale"


def _furniture(page: MmPage, layout: SheetLayout, title: str, number: int, pages: int) -> None:
    """The title line and the 50 mm scale bar, inside the printable part of the page:
    above and below the grid where that margin is deep enough (A4), else turned along
    the left and the right margins (Letter); then the crop marks."""
    xs, ys = layout.cuts()
    width, height = layout.page
    heading = f"{title} - page {number}/{pages}"
    if layout.furniture_at_foot:
        page.text(width / 2, ys[0] / 2 + 1.0, heading, size=7, align="centre")
        bar_left, bar_y = xs[1] + 6.5, ys[-1] + (height - ys[-1]) / 2
        page.line(bar_left, bar_y, bar_left + 50.0, bar_y, width=0.4)
        for end in (bar_left, bar_left + 50.0):
            page.line(end, bar_y - 1.0, end, bar_y + 1.0, width=0.4)
        page.text(bar_left + 51.0, bar_y + 0.9, BAR_TEXT, size=5)
    else:
        # Reading up the page: the letters' tops towards the page's left edge.
        baseline = UNPRINTED_MM + 2.3
        page.text(baseline, height / 2, heading, size=7, align="centre", angle=90)
        bar_x, bar_top = width - UNPRINTED_MM - 1.5, height / 2 - 16.0
        page.line(bar_x, bar_top, bar_x, bar_top + 50.0, width=0.4)
        for end in (bar_top, bar_top + 50.0):
            page.line(bar_x - 1.0, end, bar_x + 1.0, end, width=0.4)
        page.text(bar_x + 0.9, bar_top - 1.0, BAR_TEXT, size=5, angle=90)
    _crop_marks(page, layout)


def draw_card(
    page: MmPage,
    card: CardIdentity,
    box: tuple[float, float, float, float],
    *,
    dpi: int,
    staff_key: bytes | None,
) -> None:
    """One face at ``box``: its background image, then its codes as vectors."""
    left, top, width, height = box
    page.image(face_background(card, dpi=dpi), left, top, width, height)
    matrix = code_matrix(encode_payload(card, staff_key=staff_key), border=QUIET_MODULES)
    for place in code_places():
        page.code(matrix, left + place.left, top + place.top, place.side, turned=place.turned)
    right, text_top = IDENTITY_AT_MM
    baseline = text_top + IDENTITY_BOX_MM[1] * 0.75
    identity = identity_text(card)
    for x, y, turned in ((right, baseline, False), (width - right, height - baseline, True)):
        page.text(left + x, top + y, identity, size=6, align="right", turned=turned, grey=0.27)


def write_sheet(
    cards: Sequence[CardIdentity],
    out: Target,
    *,
    paper: str = "a4",
    dpi: int = 300,
    staff_key: bytes | None = None,
    progress: Progress | None = None,
) -> int:
    """Write ``cards`` as print-and-play pages to ``out`` (a path or a binary file).

    Returns the number of pages. Staff cards need ``staff_key``.
    """
    layout = sheet_layout(paper)
    title = _title(cards)
    page = MmPage.open(out, layout.page, title=f"Table Companion cards: {title}")
    pages = max(1, -(-len(cards) // layout.per_page))
    for number in range(pages):
        chunk = cards[number * layout.per_page : (number + 1) * layout.per_page]
        _furniture(page, layout, title, number + 1, pages)
        for slot, card in enumerate(chunk):
            draw_card(page, card, layout.card_box(slot), dpi=dpi, staff_key=staff_key)
            if progress is not None:
                progress(number * layout.per_page + slot + 1, len(cards))
        page.next_page()
    page.save()
    return pages
