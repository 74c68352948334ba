"""Large type for the in-game screens: read across the table (``[ui] large_type``).

The one fact a player a metre away needs is drawn at twice a font's size: who is to
play, who won the trick, how many moves are left. The largest doubled font that fits
the panel's width is used (10x20, else 9x15B, else 6x13B, so a ten-letter name still
fits; a longer text, such as "symbol indicator", goes on two lines or at its font's own
size); the rest (the stake, the trick so far) is one line of the small font, for the
players next to the panel. Why these sizes: docs/hardware.md, "Reading the screen".

    >>> [(font.name, scale) for font, scale in (headline_font("Ana", 128),
    ...                                         headline_font("Bartholome", 128))]
    [('10x20', 2), ('6x13B', 2)]
    >>> headline_font("Ana", 128, 32)[0].name   # a 128x32 panel: 9x15B, 30 pixels high
    '9x15B'
"""

from __future__ import annotations

from PIL import Image

from companion.ui.draw import BOLD, HUGE, LARGE, SMALL, TEXT, Font, Pen, blank, fit
from companion.ui.layout import round_trick, tall
from companion.views import HexView, TrickView, TrickWonView
from companion.views.i18n import _

#: A headline's fonts and scales, the largest first: doubled while one fits, else as is.
HEADLINES = ((HUGE, 2), (LARGE, 2), (BOLD, 2), (LARGE, 1), (BOLD, 1), (TEXT, 1))


def headline_font(text: str, width: int, height: int = 64) -> tuple[Font, int]:
    """The largest font and scale that fit ``text`` in ``width`` by ``height`` pixels (a
    name in Chinese or Korean run together if need be: a size larger, not its spaces)."""
    for font, scale in HEADLINES:
        if scale * font.narrowest(text) <= width and scale * font.height <= height:
            return font, scale
    return HEADLINES[-1]


def big_text(image: Image.Image, text: str, at: tuple[int, int], font: Font, scale: int) -> int:
    """Paste ``text`` in ``font`` enlarged ``scale`` times (square pixels), cut (and so
    seen by the fit checks) at the image's edge; return its width."""
    big = _enlarged(text, font, scale, (image.width - at[0]) // scale)
    image.paste(big, at)
    return big.width


def _enlarged(text: str, font: Font, scale: int, room: int) -> Image.Image:
    """``text`` as drawn within ``room`` pixels (:func:`~companion.ui.draw.fit`: a name
    run together, or cut), enlarged ``scale`` times."""
    shown = fit(text, font, room)
    small = blank((max(1, font.measure(shown)), font.height))
    Pen(small).text((0, 0), shown, font)
    return small.resize((small.width * scale, small.height * scale), Image.Resampling.NEAREST)


def _headline(image: Image.Image, text: str, y: int, *, centre: bool = False) -> int:
    """``text`` as large as it fits at ``y`` (left or centred); a text of two words that
    is not doubled on one line is doubled on two, if they fit. Return the y below it."""
    font, scale = headline_font(text, image.width)
    first, _space, second = text.partition(" ")
    if scale == 1 and second:
        two, twice = headline_font(max(first, second, key=TEXT.narrowest), image.width)
        if twice > 1 and 2 * twice * two.height <= image.height - TEXT.height:
            for word in (first, second):  # one size for both lines
                x = max(0, (image.width - twice * two.measure(word)) // 2) if centre else 0
                big_text(image, word, (x, y), two, twice)
                y += twice * two.height
            return y
    big = _enlarged(text, font, scale, image.width // scale)
    image.paste(big, (max(0, (image.width - big.width) // 2) if centre else 0, y))
    return y + scale * font.height


def _short(image: Image.Image, text: str, notes: list[str]) -> Image.Image:
    """A 128x32 panel: ``text`` doubled on the left, ``notes`` in the small font stacked
    on the right (they give way when the headline needs the whole width)."""
    pen = Pen(image)
    notes = [note for note in notes if note]
    room = image.width - max((SMALL.measure(note) for note in notes), default=0) - 4
    font, scale = headline_font(text, room, image.height)
    if scale * font.narrowest(text) > room:
        notes, room = [], image.width
        font, scale = headline_font(text, room, image.height)
    big = _enlarged(text, font, scale, room // scale)
    image.paste(big, (0, (image.height - scale * font.height) // 2))
    for index, note in enumerate(reversed(notes)):
        pen.right(image.height - (index + 1) * (SMALL.height + 1) + 1, note, SMALL)
    return image


def _stake(view: TrickView) -> str:
    if view.trump is not None:
        return _("Trump {colour}").format(colour=view.trump)
    if view.spicy:
        return view.spicy
    return _("No spicy") if view.no_spicy else ""  # F6: the spicy deck is used up


def trick_screen(view: TrickView, size: tuple[int, int]) -> Image.Image:
    """Who is to play (or what the table must show) doubled; then the stake."""
    image = blank(size)
    if view.waiting_for:
        headline = view.waiting_for
        under = "" if view.to_play == "?" else _("Show it: {name} leads").format(name=view.to_play)
        if under and TEXT.measure(under) > size[0]:  # a long name: who leads, whole
            under = _("{name} leads").format(name=view.to_play)
    else:
        headline = view.to_play
        under = _("to play")
    stake = _stake(view)
    if not tall(size):
        notes = [stake, under] if not view.waiting_for else [stake]
        return _short(image, headline, notes)
    pen = Pen(image)
    y = _headline(image, headline, 0)
    font = LARGE if LARGE.measure(under) <= size[0] and y + LARGE.height <= size[1] else TEXT
    pen.text((0, y), under, font)
    if y + font.height <= size[1] - SMALL.height:
        # The round and the trick in words when they fit beside the stake, else the trick.
        room = size[0] - (SMALL.measure(f"  {stake}") if stake else 0)
        line = f"{round_trick(view.round, view.trick, room, SMALL)}  {stake}".strip()
        pen.text((0, size[1] - SMALL.height), line, SMALL)
    return image


def trick_won_screen(view: TrickWonView, size: tuple[int, int]) -> Image.Image:
    """The trick's winner doubled, centred; the winning card under it."""
    image = blank(size)
    card = _("wins with {card}").format(card=view.card)
    if not tall(size):
        return _short(image, view.winner, [card])
    pen = Pen(image)
    y = _headline(image, view.winner, 0, centre=True)
    pen.centre(y, card, LARGE if LARGE.measure(card) <= size[0] else TEXT)
    if view.prize:
        takes = _("takes {prize}").format(prize=view.prize)
        pen.centre(size[1] - SMALL.height, takes, SMALL)
    return image


def hex_screen(view: HexView, size: tuple[int, int]) -> Image.Image:
    """The moves left at three times the huge font (twice 9x15B on a short panel), the
    mover's name and the allowance beside it."""
    image = blank(size)
    if view.winner:
        if not tall(size):
            return _short(image, view.winner, [_("wins")])
        y = _headline(image, view.winner, 0, centre=True)
        Pen(image).centre(min(y, size[1] - LARGE.height), _("wins"), LARGE)
        return image
    if view.card_due:  # the card variant: the name, and the card to turn up (H5)
        if not tall(size):
            return _short(image, view.player, [_("move card")])
        y = _headline(image, view.player, 0, centre=True)
        Pen(image).centre(min(y, size[1] - TEXT.height), _("Turn up a move card"), TEXT)
        return image
    pen = Pen(image)
    font, scale = (HUGE, 3) if tall(size) else (LARGE, 2)
    number = str(view.left)
    width = big_text(image, number, (0, (size[1] - scale * font.height) // 2), font, scale)
    x = width + 6
    room = size[0] - x
    name = next((f for f in (LARGE, BOLD, TEXT) if f.measure(view.player) <= room), SMALL)
    pen.text((x, 0), view.player, name, width=room)
    of = LARGE if tall(size) else TEXT
    pen.text((x, name.height + 2), _("of {n}").format(n=view.allowed), of)
    if tall(size):
        pen.text((x, name.height + 2 + of.height), _("moves left"), TEXT)
    return image
