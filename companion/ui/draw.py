"""Drawing on a 1-bit OLED image: bitmap fonts, clipped text, bars, lists.

Everything is drawn with the public-domain X11 fixed fonts in ``fonts/`` (crisp
at one pixel, identical on every machine), so golden images are stable. They hold
ISO 8859-1, so French is drawn with its accents (é è à ç ê î ô û ë ï ü); the few
letters outside it (œ, typographic quotes) are written as the fonts can draw them, and
a name in another script in Latin letters, a Chinese or Korean syllable apart
(:func:`printable`: "王小明" as "Wang Xiao Ming"; where those spaces leave no room, as
"WangXiaoMing"); a control or format character (a bidi override, a zero-width space, a
BEL) is no letter and is left out (:func:`drawable`: a staff message or a name comes
from outside). A text too long for its place is cut and ends in "."; the tests
record every cut, and every text drawn over another (:func:`recording_cuts`), and
allow none.

    >>> img = blank((128, 64))
    >>> pen = Pen(img)
    >>> pen.text((0, 0), "Trick 3", TEXT)  # returns where the text ends
    42
    >>> fit("Guacamole wins", TEXT, 48)
    'Guacamo.'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from companion.views.romanised import romanised

FONT_DIR = Path(__file__).with_name("fonts")
WHITE = 255  # mode "1" stores lit pixels as 255 (what a saved PNG reads back)
BLACK = 0


@dataclass(frozen=True)
class Font:
    """A fixed-width bitmap font: its file name, cell width and height."""

    name: str
    width: int
    height: int

    @property
    def face(self) -> ImageFont.ImageFont:
        return _load(self.name)

    def measure(self, text: str) -> int:
        """The width of ``text`` in pixels, as the font draws it (its bounding box)."""
        return _width(self.name, printable(text))

    def narrowest(self, text: str) -> int:
        """The width of ``text`` drawn without the spaces :func:`printable` puts between
        the syllables of a name in Chinese or Korean (as :func:`fit` draws it where the
        spaces leave no room); :meth:`measure`'s width for any other text."""
        return _width(self.name, printable(text, spaced=False))


@lru_cache(maxsize=4096)
def _width(name: str, shown: str) -> int:
    """The width of ``shown`` in font ``name``: a screen measures the same few texts
    each frame (names, scores, labels), so they are measured once."""
    return int(_load(name).getbbox(shown)[2])


@cache
def _load(name: str) -> ImageFont.ImageFont:
    return ImageFont.load(str(FONT_DIR / f"{name}.pil"))


SMALL = Font("5x7", 5, 7)
TEXT = Font("6x10", 6, 10)
BOLD = Font("6x13B", 6, 13)
LARGE = Font("9x15B", 9, 15)
HUGE = Font("10x20", 10, 20)


#: Letters the Latin-1 fonts lack, written with the ones they have.
_SPELLED = str.maketrans(
    {"œ": "oe", "Œ": "OE", "’": "'", "‘": "'", "“": '"', "”": '"', "…": "...", "\u202f": " "}
)


#: The kinds of character (Unicode's general categories) that are no letter to draw:
#: controls (C0, DEL, C1), format characters (bidi marks, embeddings, overrides and
#: isolates, zero-width spaces and joiners, the soft hyphen, the byte order mark,
#: tags), lone surrogates, line and paragraph separators.
_UNDRAWN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def drawable(text: str) -> str:
    """``text`` without the characters that are no letter: one that spaces (a tab, a
    new line) as a space, any other (BEL, ESC, a bidi override or isolate, a zero-width
    space or joiner) left out. The panel draws one glyph a character, left to right in
    the order typed, and a name in another script in Latin letters: no character
    there has anything to turn, join or hide (a staff message's U+202E was drawn as
    "?", a BEL as nothing; docs/security.md, "What the OLED draws").

    >>> drawable("Pizza \\u202eis ready!\\x07"), drawable("A\\u200bna\\tBen")
    ('Pizza is ready!', 'Ana Ben')
    """
    if text.isprintable():
        return text
    shown = []
    for char in text:
        if unicodedata.category(char) not in _UNDRAWN:
            shown.append(char)
        elif char.isspace():
            shown.append(" ")
    return "".join(shown)


@lru_cache(maxsize=4096)
def printable(text: str, *, spaced: bool = True) -> str:
    """``text`` in the letters the bitmap fonts hold (ISO 8859-1): without controls and
    format characters (:func:`drawable`), œ as oe, a letter with an accent the fonts
    lack without it, a letter or digit of another script in Latin letters (a player's
    name typed on the phone page: :func:`~companion.views.romanised.romanised`), a
    Chinese or Korean syllable apart from the letters beside it unless ``spaced`` is
    false, anything else (a symbol, an emoji) as '?'. Every text a screen measures or
    draws goes through here: the one place a text from outside (a staff message, a
    name from a phone) enters the panel.

    >>> printable("cœur d’Élise"), printable("Łukasz, Дмитрий")
    ("coeur d'Élise", 'Lukasz, Dmitriy')
    >>> printable("王小明"), printable("김민수", spaced=False)
    ('Wang Xiao Ming', 'GimMinSu')
    >>> printable("\\u2067محمد\\u2069")
    'mhmd'
    """
    text = drawable(text)
    if text.isascii():
        return text
    text = text.translate(_SPELLED)
    if all(ord(char) < 256 for char in text):
        return text
    return romanised(text, _latin1, spaced=spaced)


def _latin1(char: str) -> bool:
    """Whether the fonts hold ``char``."""
    return ord(char) < 256


_recorders: list[list[str]] = []


@contextmanager
def recording_cuts() -> Iterator[list[str]]:
    """Inside the block, every text drawn cut or past the panel's edge is listed."""
    with _recording(_recorders) as cuts:
        yield cuts


_readers: list[list[str]] = []


@contextmanager
def recording_texts() -> Iterator[list[str]]:
    """Inside the block, every text drawn is listed as drawn, without what is not
    drawn (:func:`drawable`; the tests read the screens' words so:
    tests/flows/test_players_words.py)."""
    with _recording(_readers) as texts:
        yield texts


@contextmanager
def _recording(listeners: list[list[str]]) -> Iterator[list[str]]:
    """A new list among ``listeners`` while the block runs."""
    got: list[str] = []
    listeners.append(got)
    try:
        yield got
    finally:
        listeners.remove(got)


def _cut(text: str) -> None:
    for cuts in _recorders:
        cuts.append(text)


def blank(size: tuple[int, int]) -> Image.Image:
    return Image.new("1", size, BLACK)


def fit(text: str, font: Font, width: int) -> str:
    """``text`` as drawn within ``width`` pixels: as it is when it fits; else without the
    spaces between the syllables of a name in Chinese or Korean (:func:`printable`),
    cut if that is still too wide, ending in '.' so it shows it was cut (the drawn
    letters are cut, not the typed ones: "王小明" is drawn "WangXiaoMing").

    >>> fit("王小明", TEXT, 84), fit("王小明", TEXT, 72), fit("王小明", TEXT, 48)
    ('王小明', 'WangXiaoMing', 'WangXia.')
    """
    if font.measure(text) <= width:
        return text
    shown = printable(text, spaced=False)
    if font.measure(shown) <= width:
        return shown
    _cut(text)
    room = max(0, width // font.width)
    if room <= 1:
        return shown[:room]
    return shown[: room - 1] + "."


def fitting(text: str, width: int, *fonts: Font) -> Font:
    """The first of ``fonts`` (largest first) that draws ``text`` within ``width`` (a
    name in Chinese or Korean without the spaces between its syllables, if need be);
    the last one if none does (a long name drops to a smaller font rather than losing
    its end)."""
    for font in fonts:
        if font.narrowest(text) <= width:
            return font
    return fonts[-1]


def _meet(one: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    """Whether two boxes (left, top, right, bottom; right and bottom outside) share a pixel."""
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


class Pen:
    """Draws text and shapes on one image, never past its edges."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.width, self.height = image.size
        self._draw = ImageDraw.Draw(image)
        #: While the tests record: the texts' pixels so far, and each text's box.
        self._ink: Image.Image | None = None
        self._boxes: list[tuple[int, int, int, int]] = []

    def _place(self, text: str, x: int, y: int, font: Font) -> None:
        """While cuts are recorded, a text whose pixels fall on another's is one too.

        Only a text whose box meets an earlier text's box has its pixels compared (a
        glyph never draws outside its box: every Latin-1 glyph of the fonts checked)."""
        for texts in _readers:
            texts.append(drawable(text))
        if not _recorders:
            return
        shown = printable(text)
        left, top, right, bottom = font.face.getbbox(shown)
        box = (x + left, y + top, x + right, y + bottom)
        if self._ink is None:
            self._ink = blank(self.image.size)
        if any(_meet(box, other) for other in self._boxes):
            ink = blank(self.image.size)
            ImageDraw.Draw(ink).text((x, y), shown, font=font.face, fill=WHITE)
            if ImageChops.logical_and(ink, self._ink).getbbox() is not None:
                _cut(text)
        self._boxes.append(box)
        ImageDraw.Draw(self._ink).text((x, y), shown, font=font.face, fill=WHITE)

    def text(
        self,
        at: tuple[int, int],
        text: str,
        font: Font,
        *,
        width: int | None = None,
        fill: int = WHITE,
    ) -> int:
        """Draw ``text`` clipped to ``width`` (default: to the right edge); return its end x."""
        x, y = at
        room = (self.width - x) if width is None else width
        shown = fit(text, font, room)
        if y + font.height > self.height:
            _cut(text)  # below the panel's edge
        self._place(shown, x, y, font)
        self._draw.text((x, y), printable(shown), font=font.face, fill=fill)
        return x + font.measure(shown)

    def right(self, y: int, text: str, font: Font, *, margin: int = 0, fill: int = WHITE) -> int:
        """Draw ``text`` flush right; return its start x."""
        x = self.width - margin - font.measure(text)
        if x < 0 or y + font.height > self.height:
            _cut(text)  # past the left or the bottom edge
        self._place(text, x, y, font)
        self._draw.text((x, y), printable(text), font=font.face, fill=fill)
        return x

    def centre(self, y: int, text: str, font: Font, *, fill: int = WHITE) -> None:
        shown = fit(text, font, self.width)
        x = (self.width - font.measure(shown)) // 2
        if y + font.height > self.height:
            _cut(text)
        self._place(shown, x, y, font)
        self._draw.text((x, y), printable(shown), font=font.face, fill=fill)

    def bar(self, y: int, height: int, left: str, right: str = "", font: Font = TEXT) -> None:
        """An inverted title bar: ``left`` and ``right`` in black on white."""
        self._draw.rectangle((0, y, self.width - 1, y + height - 1), fill=WHITE)
        top = y + (height - font.height) // 2
        right_x = self.width
        if right:
            right_x = self.right(top, right, font, margin=1, fill=BLACK)
        self.text((1, top), left, font, width=right_x - 2, fill=BLACK)

    def box(self, xy: tuple[int, int, int, int], *, fill: bool = False) -> None:
        self._draw.rectangle(xy, outline=WHITE, fill=WHITE if fill else None)

    def line(self, xy: tuple[int, int, int, int]) -> None:
        self._draw.line(xy, fill=WHITE)

    def scrollbar(self, top: int, bottom: int, first: int, shown: int, total: int) -> None:
        """A thin bar on the right edge when a list holds more rows than it shows."""
        if total <= shown:
            return
        x = self.width - 2
        span = bottom - top
        start = top + span * first // total
        end = top + max(2, span * (first + shown) // total)
        self._draw.line((x, top, x, bottom), fill=BLACK)
        self._draw.rectangle((x, start, x + 1, min(end, bottom)), fill=WHITE)
