"""A rummy layout from a picture of the empty table with one marker card per seat.

The markers are the control cards ``SEAT1`` ... ``SEAT5`` (card_codes prints them
with every control deck): each player puts their seat's card down in front of them,
at the edge of the table where they sit, and ``companion calibrate --write-layout``
reads one picture. Seat ``SEATn`` becomes ``meld-(n-1)``; the picture's edge nearest
its marker is its side (:func:`companion.table.layout.nearest_side`), and its zone
is that side's band of :func:`companion.table.layout.rummy_layout`. Seats sharing a
side share its band, cut half-way between their markers. The markers' middle codes
give the card's size in the picture (``card_size``).

Refused, each in one line (:class:`MarkerError`): no marker, the same seat twice,
seats not numbered from SEAT1 without a gap, and a player count that disagrees.

    layout = layout_from_codes(codes, (1920, 1080))
    Path("rummy.toml").write_text(layout_toml(layout), encoding="utf-8")
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from companion.errors import UsageError
from companion.table.layout import Layout, Point, meld_band, nearest_side, rect
from companion.table.tracks import CARD_PER_CODE

SEAT_MARKER = re.compile(r"SEAT([1-5])(?:#\d+)?")
#: Codes of one seat farther apart than this many of their card's diagonals are two cards.
SAME_CARD = 1.0


class MarkerError(UsageError):
    """Seat markers that do not make a layout (the message says what to change)."""


class SeatTwiceError(MarkerError):
    """One seat's marker card in two places: ``seat`` (0 for SEAT1)."""

    def __init__(self, message: str, seat: int) -> None:
        super().__init__(message)
        self.seat = seat


class SeatProblem(Enum):
    """Why a picture of SEAT cards makes no layout (the OLED words it for the players)."""

    NONE = "none"  # no SEAT card seen
    TOO_FEW = "too-few"  # fewer SEAT cards than players
    TOO_MANY = "too-many"  # more SEAT cards than players
    TWICE = "twice"  # one seat's card in two places
    GAP = "gap"  # SEAT1, SEAT3 but no SEAT2


@dataclass(frozen=True)
class SeatReading:
    """What one picture of the SEAT cards gave: the layout, or the problem. ``count``:
    the SEAT cards seen; ``seat``: the seat a TWICE or GAP problem is about (0 for SEAT1)."""

    layout: Layout | None
    problem: SeatProblem | None = None
    count: int = 0
    seat: int = 0

    @property
    def sides(self) -> tuple[str, ...]:
        """Each seat's side of the picture, in seat order (none without a layout)."""
        if self.layout is None:
            return ()
        return tuple(self.layout.facing(name) or "" for name in self.layout.names())


@dataclass(frozen=True)
class Marker:
    """One seat's marker card: its seat (0 for SEAT1), centre and middle code's side,
    both in pixels."""

    seat: int
    centre: Point
    code_side: float


def seat_of(deck: str, notation: str) -> int | None:
    """The seat a card marks (0 for SEAT1), or None for any other card."""
    match = SEAT_MARKER.fullmatch(notation) if deck == "control" else None
    return int(match[1]) - 1 if match else None


def markers(codes: Sequence[tuple[str, str, Sequence[Point]]]) -> list[Marker]:
    """The seat markers among ``codes`` ((deck, notation, corners in pixels) each): the
    codes of one card are one marker, at its biggest code (the card's middle)."""
    found: list[Marker] = []
    by_size = sorted(codes, key=lambda code: -_side(code[2]))
    for deck, notation, corners in by_size:
        seat = seat_of(deck, notation)
        if seat is None:
            continue
        centre = _centre(corners)
        twin = next((m for m in found if m.seat == seat), None)
        if twin is None:
            found.append(Marker(seat, centre, _side(corners)))
            continue
        reach = SAME_CARD * twin.code_side * (CARD_PER_CODE[0] ** 2 + CARD_PER_CODE[1] ** 2) ** 0.5
        if _distance(centre, twin.centre) > reach:
            raise SeatTwiceError(
                f"SEAT{seat + 1} is in the picture twice (at {_at(twin.centre)} and "
                f"{_at(centre)} px): put one marker card per seat",
                seat,
            )
    return sorted(found, key=lambda m: m.seat)


def layout_from_codes(
    codes: Sequence[tuple[str, str, Sequence[Point]]],
    size: tuple[int, int],
    players: int | None = None,
) -> Layout:
    """The rummy layout the seat markers among ``codes`` make in a picture of ``size``."""
    found = markers(codes)
    if not found:
        raise MarkerError(
            "no seat marker in the picture: put the control card SEAT1, SEAT2 ... where "
            "each player sits, at the table's edge, face up"
        )
    seats = [m.seat for m in found]
    if seats != list(range(len(found))):
        gap = next(seat for seat in range(len(found) + 1) if seat not in seats)
        raise MarkerError(
            f"no SEAT{gap + 1} marker but SEAT{max(seats) + 1}: number the seats from SEAT1"
        )
    if players is not None and players != len(found):
        raise MarkerError(f"{len(found)} seat markers in the picture, but --players {players}")
    width, height = size
    spots = [(m.centre[0] / width, m.centre[1] / height) for m in found]
    sides = [nearest_side(spot) for spot in spots]
    zones = []
    for seat, side in enumerate(sides):
        x0, y0, x1, y1 = meld_band(side, sides)
        axis = 0 if side in ("bottom", "top") else 1
        mine = spots[seat][axis]
        others = [spots[s][axis] for s, other in enumerate(sides) if other == side and s != seat]
        low = max([(mine + o) / 2 for o in others if o < mine], default=(x0, y0)[axis])
        high = min([(mine + o) / 2 for o in others if o >= mine], default=(x1, y1)[axis])
        box = (low, y0, high, y1) if axis == 0 else (x0, low, x1, high)
        zones.append(rect(f"meld-{seat}", box, side))
    side_px = sum(m.code_side for m in found) / len(found)
    card_size = (CARD_PER_CODE[0] * side_px / width, CARD_PER_CODE[1] * side_px / height)
    return Layout(tuple(zones), card_size)


def read_seats(
    codes: Sequence[tuple[str, str, Sequence[Point]]], size: tuple[int, int], players: int
) -> SeatReading:
    """The layout ``players`` SEAT cards make, or why they make none (never raises):
    what the OLED's "Set up the table" shows.

        read_seats(codes, (1920, 1080), 4).sides     # ("bottom", "left", "top", "right")
    """
    try:
        found = markers(codes)
    except SeatTwiceError as exc:
        return SeatReading(None, SeatProblem.TWICE, seat=exc.seat)
    seats = [m.seat for m in found]
    if not found:
        return SeatReading(None, SeatProblem.NONE)
    if seats != list(range(len(found))):
        gap = next(seat for seat in range(len(found) + 1) if seat not in seats)
        return SeatReading(None, SeatProblem.GAP, len(found), gap)
    if len(found) != players:
        problem = SeatProblem.TOO_FEW if len(found) < players else SeatProblem.TOO_MANY
        return SeatReading(None, problem, len(found))
    return SeatReading(layout_from_codes(codes, size, players), count=len(found))


def layout_toml(layout: Layout, note: str = "") -> str:
    """``layout`` as a layout file (docs/layout.md) that :func:`load_layout` reads back."""
    lines = [f"# {line}" for line in note.splitlines()]
    if layout.card_size is not None:
        w, h = layout.card_size
        lines.append(f"card_size = [{w:.4f}, {h:.4f}]")
    for zone in layout.zones:
        corners = ", ".join(f"[{x:.4f}, {y:.4f}]" for x, y in zone.polygon)
        lines += ["", "[[zone]]", f'name = "{zone.name}"']
        if zone.side is not None:
            lines.append(f'side = "{zone.side}"')
        lines.append(f"polygon = [{corners}]")
    return "\n".join(lines) + "\n"


def _side(corners: Sequence[Point]) -> float:
    return sum(_distance(corners[i - 1], corners[i]) for i in range(len(corners))) / len(corners)


def _centre(corners: Sequence[Point]) -> Point:
    return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def _distance(a: Point, b: Point) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def _at(point: Point) -> str:
    return f"({point[0]:.0f}, {point[1]:.0f})"
