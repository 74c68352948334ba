"""What the camera check of the hex board says (:mod:`companion.table.hex_calibration`
measures it): the summary ``companion calibrate --board`` prints (:func:`board_lines`),
the daemon's one log line (:func:`board_line`), and the advice, in words, on what a
person should change (:func:`board_advice`), with the figures that decide it.

    >>> lens_words(-12.3)
    "bends the picture's corners 12% in (barrel), straightened"
    >>> tops_words(0.4)
    'flat, seen on their cells'
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from card_codes.hex_board import PIECES
from companion.games.hex import START
from companion.table.hex_sharpness import BLURRED

if TYPE_CHECKING:  # the check's module fills its advice from here
    from companion.table.hex_calibration import BoardCheck

#: Pixels a millimetre the pieces' codes want at the board's far side, and below which
#: some are missed under a slant (docs/hex-referee-measured.md, README "The hex board").
AIM_PX_PER_MM: Final = 3.0
MIN_PX_PER_MM: Final = 2.5
#: The corner squares, once the lens is straightened, lie within this of their print
#: (mm, root mean square; a flat sheet in a sharp frame: 0.3 or less).
FLAT_MM: Final = 1.0
#: A lens bending the picture's corners less than this (percent) is called straight.
STRAIGHT_PERCENT: Final = 1.0
#: Pieces whose tops are seen this far off their cells (mm) are called tall for the
#: camera: the reader allows for it from the frame's own pieces up to about half a
#: cell, with the players' off-centre placing on top (bench/hex_parallax.py).
TALL_MM: Final = 10.0
#: Tops seen less than this far off (mm) are called flat.
FLAT_TOPS_MM: Final = 1.0
#: Pieces named in one line of advice, at most (the rest are counted).
NAMED: Final = 6
#: A sharpness below this (but judged) is said soft: sharp frames score 0.59 or more
#: (:mod:`companion.table.hex_sharpness`), so focusing gains a margin against blur.
SOFT: Final = 0.45
#: Where each of the six corner squares lies, as the sheet lies with Black at the top.
CORNER_PLACES: Final = dict(
    enumerate(("top left", "top right", "right", "bottom right", "bottom left", "left"))
)


def board_advice(check: BoardCheck, *, pieces: bool = True) -> list[str]:
    """What a person should change, in words; empty when the frame looks right.
    Without ``pieces``, only the camera's part (the board's place, size and
    sharpness): what the pieces in this one frame show is left out."""
    if not check.found:
        return [
            f"the board is not found: {check.corners_seen} of its 6 corner squares "
            "seen (2 needed): check the camera sees the whole board, the light is even "
            "and the camera is focused"
        ]
    lines = []
    doubled = [CORNER_PLACES[m] for m in check.doubled]
    if doubled:
        lines.append(
            f"the {_and(doubled)} corner {'square is' if len(doubled) == 1 else 'squares are'}"
            " seen twice (another board, or a copy of its sheet, in the picture): the board "
            "is found from the others; take the other one out of the picture"
        )
    missing = [CORNER_PLACES[m] for m in CORNER_PLACES if m not in (*check.corners, *check.doubled)]
    if missing:
        lines.append(
            f"{_count(len(missing), 'corner square')} of the board not seen "
            f"({', '.join(missing)}): "
            "keep all six uncovered, flat, out of any lamp's glare and inside the "
            "picture: the board is found "
            "most steadily from all six"
            + (
                "; on the four A4 tiles the left and right squares are each taped from "
                "two halves: make the halves meet"
                if {"left", "right"} & set(missing)
                else ""
            )
        )
    if not check.inside:
        lines.append("part of the board lies outside the picture: centre the camera over it")
    if check.corner_fit > FLAT_MM:
        lines.append(
            f"the board is not flat: its corner squares lie {check.corner_fit:.1f} mm from "
            "where a flat sheet has them: weigh its corners down, lay it under glass, or "
            "tape it to the table; on the four A4 tiles, make the crosses meet"
        )
    if check.glare:
        lines.append(
            f"a lamp glares on the board ({_count(len(check.glare), 'cell')}: "
            f"{_names(list(check.glare))}): pieces there cannot be read; move the lamp or "
            "the camera until the glare is off the board, or use a matte print"
        )
    smallest, median = check.px_per_mm
    if smallest < MIN_PX_PER_MM:
        lines.append(
            f"the board is small in the picture ({smallest:.1f} px a mm at its far side, "
            f"{median:.1f} median; aim for {AIM_PX_PER_MM:.0f} or more): lower the camera, "
            "zoom in, use 1920x1080, or look more straight down"
        )
    if check.sharpness < BLURRED:
        lines.append(
            f"the picture is too soft to judge moves (sharpness {check.sharpness:.2f}; "
            f"the referee needs {BLURRED:.2f}, a focused camera gives about 0.6): focus "
            "the camera on the board and hold it still"
        )
    elif check.sharpness < SOFT:
        lines.append(
            f"the picture is a little soft (sharpness {check.sharpness:.2f}; the referee "
            f"needs {BLURRED:.2f}, a focused camera gives about 0.6): focus the camera on "
            "the board for a margin against moving hands"
        )
    if pieces:
        lines += _piece_advice(check)
    return lines


def _tall_advice(check: BoardCheck) -> list[str]:
    if check.tops_off is None or check.tops_off <= TALL_MM:
        return []
    return [
        f"the pieces' tops are seen up to {check.tops_off:.0f} mm off their cells (a cell "
        "is 24 mm across): the pieces are tall for a camera this slanted; put the camera "
        "more nearly above the board's centre, or use flatter pieces"
    ]


def _piece_advice(check: BoardCheck) -> list[str]:
    lines = _tall_advice(check)
    lines += [
        f"{name} seen on {_and(list(cells))}: a copy of its token; take the copy away"
        for name, cells in check.twice.items()
    ]
    lines += [
        f"{hidden.under} lies over {name}'s cell {hidden.cell} and hides its code: "
        "move them apart, each piece in the middle of its cell"
        for name, hidden in check.hidden.items()
    ]
    lines += [
        f"{hidden.under} lies over {hidden.cell} and hides the code of "
        f"{_either(hidden.one_of)}, whichever is there: move them apart, each piece in "
        "the middle of its cell"
        for hidden in check.hidden_one_of
    ]
    count, unread = _unread(check)
    if unread:
        lines.append(
            f"{_count(count, 'piece')} not seen ({_names(unread)}): "
            "put every piece on the board, code up; if they are there, the camera is too "
            "high, soft, or the light glares on them"
        )
    if check.off_board:
        lines.append(
            f"{_count(len(check.off_board), 'piece')} off the board "
            f"({_names(check.off_board)}): "
            "put each one on a cell; if they are on cells, they stand too tall for a "
            "camera this slanted: put it more nearly above the board's centre"
        )
    if check.shared:
        lines.append(
            f"two pieces are read on one cell ({', '.join(check.shared)}): "
            "each piece stands on its own cell"
        )
    return lines


def _unread(check: BoardCheck) -> tuple[int, list[str]]:
    """How many pieces are not seen and not said hidden, and which, by name: of a kind
    some of whose pieces not read are hidden (``hidden_one_of``), which of them are
    the rest cannot be told either ("black support 1 or 3", "2 of black support 1, 3
    and 5")."""
    names = [name for name in check.not_seen if name not in check.hidden]
    count = len(names) - len(check.hidden_one_of)
    for kind, hidden in Counter(hid.one_of for hid in check.hidden_one_of).items():
        at, left = names.index(kind[0]), len(kind) - hidden
        names = [name for name in names if name not in kind]
        if left:
            names.insert(at, _either(kind) if left == 1 else f"{left} of {_either(kind, 'and')}")
    return count, names


def _either(names: tuple[str, ...], word: str = "or") -> str:
    """Pieces of one kind: ``black support 1 or 3``, ``black support 1, 3 or 5``."""
    kind = names[0].rsplit(" ", 1)[0]
    numbers = [name.rsplit(" ", 1)[1] for name in names]
    return f"{kind} {', '.join(numbers[:-1])} {word} {numbers[-1]}"


def _names(names: list[str]) -> str:
    """The first :data:`NAMED` names, and how many more."""
    shown = ", ".join(names[:NAMED])
    return shown if len(names) <= NAMED else f"{shown} and {len(names) - NAMED} more"


def _and(names: list[str]) -> str:
    """``b2``, ``b2 and e5``, ``b2, e5 and g3``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def board_line(check: BoardCheck, *, pieces: bool = True) -> str:
    """The check in one line, for the daemon's log (``pieces``: with the pieces read)."""
    if not check.found:
        return f"board not found ({check.corners_seen} of 6 corner squares)"
    smallest, median = check.px_per_mm
    line = (
        f"{check.corners_seen} of 6 corner squares, {smallest:.1f} px a mm at the far side "
        f"({median:.1f} median), lens {lens_words(check.lens_percent)}, "
        f"sharpness {check.sharpness:.2f} (judged from {BLURRED:.2f})"
    )
    if not pieces:
        return line
    on_cells = sum(piece.cell is not None for piece in check.pieces)
    line = f"{line}, {on_cells} of {len(PIECES)} pieces read on cells in this frame"
    if check.tops_off is None or check.tops_off < FLAT_TOPS_MM:
        return line
    return f"{line}, their tops seen up to {check.tops_off:.0f} mm off their cells"


def lens_words(percent: float) -> str:
    """The lens's bend in words: straight, or how much it bends the corners, which way."""
    if abs(percent) < STRAIGHT_PERCENT:
        return "straight"
    way = "in (barrel)" if percent < 0 else "out (pincushion)"
    return f"bends the picture's corners {abs(percent):.0f}% {way}, straightened"


def tops_words(off: float) -> str:
    """How far the pieces' tops are seen off their cells, in words."""
    if off < FLAT_TOPS_MM:
        return "flat, seen on their cells"
    return f"seen up to {off:.0f} mm off their cells (the pieces stand up), allowed for"


def _odd(check: BoardCheck) -> str:
    """The pieces seen twice and those hidden under another, for the pieces' line."""
    twice = [f", {name} seen twice ({_and(list(cells))})" for name, cells in check.twice.items()]
    hidden = [f", {name} hidden under {hid.under}" for name, hid in check.hidden.items()]
    hidden += [f", {_either(hid.one_of)} hidden under {hid.under}" for hid in check.hidden_one_of]
    return "".join(twice + hidden)


def board_lines(check: BoardCheck) -> list[str]:
    """The summary ``companion calibrate --board`` prints."""
    width, height = check.size
    lines = [f"frame: {width}x{height}"]
    if check.found:
        lines.append(
            f"board: found, {check.corners_seen} of 6 corner squares, "
            + ("all of it in the picture" if check.inside else "partly outside the picture")
        )
        smallest, median = check.px_per_mm
        lines.append(f"px per mm: {smallest:.1f} at the far side, {median:.1f} median")
        lines.append(f"lens: {lens_words(check.lens_percent)}")
        lines.append(f"sharpness: {check.sharpness:.2f} (moves are judged from {BLURRED:.2f})")
        position = check.position
        where = ""
        if position is not None:
            where = ": as the game starts" if position == START else ": a game in progress"
        elif check.start_glare or check.start_glare_one_of:
            glared = len(check.start_glare) + len(check.start_glare_one_of)
            where = f": as the game starts, {glared} in glare on their cells"
        on_cells = sum(piece.cell is not None for piece in check.pieces)
        lines.append(f"pieces: {on_cells} of {len(PIECES)} read on cells{where}{_odd(check)}")
        if check.tops_off is not None:
            lines.append(f"pieces' tops: {tops_words(check.tops_off)}")
        lines.append(f"glare: {_names(list(check.glare)) if check.glare else 'none'}")
    else:
        lines.append(f"board: not found ({check.corners_seen} of 6 corner squares)")
    lines += [f"advice: {line}" for line in check.advice] or [
        "advice: none, the camera looks right"
    ]
    return lines
