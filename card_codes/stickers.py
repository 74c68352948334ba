"""Sticker sheets: the codes alone, to stick on a deck a player already owns.

Each label gets one code (its quiet zone inside the label, 1 mm clear of the die-cut
edge for the printer's drift where the label has room; never smaller than a card's
corner code, 0.71 mm a module: on a 21.2 mm label it keeps 0.35 mm) and, beside it,
the card's notation in words so the right sticker goes on the right card. Layouts are
those of common label sheets; measure yours against :data:`LABELS` before printing a
whole deck.

    >>> from io import BytesIO
    >>> from card_codes.catalogue import deck_cards
    >>> write_stickers(deck_cards("trump"), BytesIO(), label="avery-l7160")
    3
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from card_codes.catalogue import CardIdentity, face_description
from card_codes.errors import CardCodeError
from card_codes.face_image import CORNER_BOX_MM, QUIET_MODULES
from card_codes.payload import encode_payload
from card_codes.pdf import PAPERS, MmPage, Target
from card_codes.qr import code_matrix

#: A label's code keeps this far from the label's edge, where the label has room: a
#: corner code is never drawn smaller than a card's (CORNER_BOX_MM, modules of 0.71 mm,
#: the floor docs/cards.md explains), so a label under 22.5 mm keeps less.
LABEL_INSET_MM = 1.0
POINT_MM = 25.4 / 72


@dataclass(frozen=True)
class LabelSheet:
    """A sheet of labels: sizes, how many, where the first one is, and the pitches (mm)."""

    name: str
    paper: str
    label: tuple[float, float]
    columns: int
    rows: int
    margin: tuple[float, float]
    pitch: tuple[float, float]

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def label_box(self, slot: int) -> tuple[float, float, float, float]:
        """(left, top, width, height) of label ``slot`` (0 ... per_page - 1, by rows)."""
        row, column = divmod(slot, self.columns)
        return (
            self.margin[0] + column * self.pitch[0],
            self.margin[1] + row * self.pitch[1],
            *self.label,
        )


#: Common label sheets (the makers' templates; other brands sell the same layouts).
LABELS: dict[str, LabelSheet] = {
    sheet.name: sheet
    for sheet in (
        # A4, 65 labels 38.1 x 21.2 mm: small codes for the corner of a card.
        LabelSheet("avery-l7651", "a4", (38.1, 21.2), 5, 13, (4.75, 10.7), (40.6, 21.2)),
        # A4, 21 labels 63.5 x 38.1 mm: a large code across the top of a card.
        LabelSheet("avery-l7160", "a4", (63.5, 38.1), 3, 7, (7.25, 15.15), (66.0, 38.1)),
        # US Letter, 30 address labels 2 5/8 x 1 in.
        LabelSheet("avery-5160", "letter", (66.675, 25.4), 3, 10, (4.7625, 12.7), (69.85, 25.4)),
    )
}


def label_sheet(name: str) -> LabelSheet:
    """The label sheet called ``name``; raise CardCodeError for an unknown one."""
    try:
        return LABELS[name.lower()]
    except KeyError:
        raise CardCodeError(
            f"label sheet {name!r}: the label sheets are {', '.join(LABELS)}"
        ) from None


def _fitted(text: str, width_mm: float, size: float, *, bold: bool = False) -> float:
    """``size`` points, or less so that ``text`` is at most ``width_mm`` wide."""
    font = "Helvetica-Bold" if bold else "Helvetica"
    width = stringWidth(text, font, size) * POINT_MM
    return size if width <= width_mm else max(3.0, size * width_mm / width)


def draw_sticker(
    page: MmPage,
    card: CardIdentity,
    box: tuple[float, float, float, float],
    *,
    staff_key: bytes | None,
) -> float:
    """One label: the code on the left, the notation and face beside it; the module in mm."""
    left, top, width, height = box
    room = min(height, width)
    side = max(room - 2 * LABEL_INSET_MM, min(room, CORNER_BOX_MM))
    inset = (room - side) / 2
    matrix = code_matrix(encode_payload(card, staff_key=staff_key), border=QUIET_MODULES)
    module = page.code(matrix, left + inset, top + inset, side)
    text_left = left + inset + side + 0.5
    room = left + width - LABEL_INSET_MM - text_left
    if room < 5.0:
        return module
    face = face_description(card)
    lines = (
        (card.notation, 9.0, True),
        (face.title, 5.5, False),
        (f"{card.deck} {card.copy}", 5.0, False),
    )
    baseline = top + height / 2 - 2.0
    for text, size, bold in lines:
        fitted = _fitted(text, room, size, bold=bold)
        page.text(text_left, baseline, text, size=fitted, bold=bold)
        baseline += fitted * POINT_MM + 1.0
    return module


def write_stickers(
    cards: Sequence[CardIdentity],
    out: Target,
    *,
    label: str = "avery-l7651",
    staff_key: bytes | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write one sticker per card on ``label`` sheets to ``out``; return the page count."""
    sheet = label_sheet(label)
    page = MmPage.open(out, PAPERS[sheet.paper], title=f"Table Companion stickers ({sheet.name})")
    pages = max(1, -(-len(cards) // sheet.per_page))
    for number in range(pages):
        chunk = cards[number * sheet.per_page : (number + 1) * sheet.per_page]
        for slot, card in enumerate(chunk):
            draw_sticker(page, card, sheet.label_box(slot), staff_key=staff_key)
            if progress is not None:
                progress(number * sheet.per_page + slot + 1, len(cards))
        page.next_page()
    page.save()
    return pages
