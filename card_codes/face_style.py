"""What a printed face says in words and colour, worked out from a card's :class:`CardFace`.

The catalogue says what a card *is* (``marks``, ``colour``, ``suit``, ``symbol``); this
module decides how that reads on paper: the band colour, the line of words that names
the colour or the kind of card (for colour-blind players and for anyone who does not
know the pictures), a short note, and which picture to draw.

    >>> from card_codes.catalogue import card, face_description
    >>> style = face_style(face_description(card("trump", "B7")))
    >>> style.kind, style.note, style.mark
    ('BLUE', 'symbol: star', 'star')
"""

from __future__ import annotations

from dataclasses import dataclass

from card_codes.faces import RGB, CardFace

#: Band colours of the cards whose catalogue face has no colour.
KIND_COLOURS: dict[str, RGB] = {
    "spicy": (225, 95, 20),
    "top": (185, 135, 15),
    "rabbit": (135, 85, 45),
    "standard": (25, 115, 125),
    "wild": (45, 45, 45),
    "bonus": (185, 135, 15),
    "board": (110, 110, 110),
    "control": (45, 70, 100),
    "staff": (150, 0, 45),
}
WHITE: RGB = (255, 255, 255)
INK: RGB = (20, 20, 20)

#: What each control card does, in words on its face.
CONTROL_ACTIONS: dict[str, str] = {
    "NEW GAME": "start a new game",
    "NEXT ROUND": "go on to the next round",
    "UNDO": "take back the last reading",
    "CONFIRM": "confirm what the screen asks",
    "STAFF SETTINGS": "staff only: open the settings",
    "STAFF RESET": "staff only: reset this table",
}


@dataclass(frozen=True)
class FaceStyle:
    """How one face is drawn: band colour, the words, the picture (a marks.DRAWERS key)."""

    band: RGB
    kind: str
    note: str
    mark: str | None

    @property
    def luminance(self) -> float:
        """The band's brightness, 0 (black) to 255 (white)."""
        red, green, blue = self.band
        return 0.299 * red + 0.587 * green + 0.114 * blue

    @property
    def on_band(self) -> RGB:
        """Ink that reads on the band: black on light colours, white on dark ones."""
        return INK if self.luminance > 150 else WHITE

    @property
    def light(self) -> bool:
        """A band so light that it needs an outline to show on white paper."""
        return self.luminance > 200


def _mark(face: CardFace) -> str | None:
    if face.symbol is not None:
        return face.symbol
    for mark in ("wild", "bonus", "rabbit", "fibonacho", "spicy"):
        if mark in face.marks:
            return mark
    return None


def _band(face: CardFace) -> RGB:
    rgb = face.rgb
    if rgb is not None:
        return rgb
    for kind in ("staff", "control", "board", "wild", "bonus", "top", "rabbit", "spicy"):
        if kind in face.marks:
            return KIND_COLOURS[kind]
    return KIND_COLOURS["standard"]


def _words(face: CardFace) -> tuple[str, str]:
    marks = face.marks
    if "staff" in marks:
        return "STAFF ONLY", CONTROL_ACTIONS.get(face.label, face.title)
    if "seat" in marks:
        return "CONTROL", "put it where a player sits"
    if "control" in marks:
        return "CONTROL", CONTROL_ACTIONS.get(face.label, face.title)
    if "move" in marks:
        count = face.number or 0
        return f"{(face.colour or '').upper()}'S PILE", f"{count} move{'s' if count != 1 else ''}"
    if "board" in marks:
        return "INDICATOR", face.note
    if "wild" in marks:
        return "WILD", face.note or "any number"
    if "bonus" in marks:
        return "BONUS", face.note
    if "top" in marks:
        return "TOP CARD", face.note
    if "rabbit" in marks:
        return "BASE · RABBIT", "starts a set"
    if "standard" in marks:
        return "STANDARD", ""
    if "spicy" in marks:
        return "SPICY", f"worth {face.number}"
    if face.symbol is not None:
        symbol = "circled plus" if face.symbol == "plus" else face.symbol
        return (face.colour or "").upper(), f"symbol: {symbol}"
    kind = " · ".join(part.upper() for part in (face.colour, face.suit) if part)
    return kind, "FIBONACHO" if "fibonacho" in marks else ""


def face_style(face: CardFace) -> FaceStyle:
    """The band colour, words and picture of ``face``."""
    kind, note = _words(face)
    return FaceStyle(band=_band(face), kind=kind, note=note, mark=_mark(face))
