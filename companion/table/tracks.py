"""The tracker's view of one card: a sighting (one decode's code) and a track (a card at
one place over time), with the geometry they need.

Distances are in frame widths both ways (a *spot*: x, y over the frame's aspect), so a
card's length is the same whichever way it lies. A track keeps an estimate of its
card's outline (:func:`card_quad`: from the code that placed it, the card's middle code,
and the layout's card size when known), so a card lying under the next card of its
set can be told from a card taken away (:func:`covered_share`).
"""

from __future__ import annotations

import math
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Protocol

from companion.table.cards import TableCard
from companion.table.events import CardPlaced, Coverage, TableEvent
from companion.table.layout import Box, Point

#: A card's outline: four corners in spot units (frame widths both ways).
Quad = tuple[Point, Point, Point, Point]
#: A poker card (63 x 88 mm) over its large middle code (21 modules of 37/29 mm:
#: card_codes.face_image): how many code sides wide and high a card is.
CARD_PER_CODE = (63.0 / (21 * 37.0 / 29), 88.0 / (21 * 37.0 / 29))
#: The share of a card's outline that cards put down after it must cover for it to
#: count as covered, not gone: a rummy set shows a quarter of every card but the last.
COVERED = 0.5
#: A card seen missing is still covered by a card first seen this soon after (seconds):
#: the next card of a set whose code was not read in the first frames it lay there.
GRACE = 0.3
#: The zone of the control cards lying outside every zone (``anywhere_decks``).
OUTSIDE = "outside"
#: Points sampled per side of a card's outline to measure how much of it is covered.
SAMPLES = 6

_order = count()


class CardLike(Protocol):
    """What the tracker needs of card_codes' CardIdentity."""

    @property
    def deck(self) -> str: ...
    @property
    def notation(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def copy(self) -> int: ...


class DetectionLike(Protocol):
    """What the tracker needs of card_codes' Detection: the card and its code's corners."""

    @property
    def card(self) -> CardLike: ...
    @property
    def corners(self) -> Sequence[tuple[float, float]]: ...


@dataclass(frozen=True)
class Sighting:
    """One card's code in one decode, placed in the layout."""

    key: str
    deck: str
    notation: str
    zone: str
    position: Point
    box: Box
    radius: float  # same-place tolerance, in frame widths
    spot: Point  # the position in frame widths both ways, for distances
    quad: Quad  # the card's outline, estimated (spot units)
    facing: str | None = None  # the side of the zone's seat
    extent: Point | None = None  # the card's span in frame fractions (TableCard.extent)


@dataclass
class Track:
    """A card at one place: a candidate until confirmed. ``order`` grows with every
    track made: a card put down later lies on top of one put down before."""

    seen: Sighting
    first_seen: float
    last_seen: float
    hits: int = 1
    misses: int = 0
    confirmed: bool = False
    absent_since: float | None = None
    moving: Track | None = None
    assumed: bool = False  # confirmed by a tracker before a restart, not seen since
    anchor_area: float = field(default=0.0, init=False)  # of the code placing it
    order: int = field(default_factory=lambda: next(_order), init=False)
    under: tuple[str, ...] = field(default=(), init=False)  # the cards last found over it

    def __post_init__(self) -> None:
        self.anchor_area = area(self.seen.box)

    def same_place(self, other: Sighting) -> bool:
        """Within the tolerance in the same zone, or a code inside the card's outline
        (a covered card's corner code may lie across a zone's edge)."""
        near = distance(other.spot, self.seen.spot) <= max(self.seen.radius, other.radius)
        return (near and other.zone == self.seen.zone) or in_quad(other.spot, self.seen.quad)

    def card(self) -> TableCard:
        return card_of(self.seen)


def card_of(s: Sighting) -> TableCard:
    return TableCard(
        s.key, s.deck, s.notation, s.zone, s.position, facing=s.facing, extent=s.extent
    )


def diagonal(box: Box, aspect: float) -> float:
    """A box's diagonal in frame widths (``aspect``: the frame's width over height)."""
    return math.hypot(box[2] - box[0], (box[3] - box[1]) / aspect)


#: The two corner codes of one card face opposite ways (the bottom strip is the top one
#: turned 180 degrees) and lie some 5.3 code sides apart on a poker card (77.7 mm; a
#: symbol is 14.8 mm without its quiet zone, docs/cards.md). Two codes of one identity
#: that face opposite ways within this many code sides are that card's corners,
#: whatever size the layout gives a card (issue 26).
CORNER_PAIR_SIDES = 6.0


def one_card(a: Sighting, b: Sighting, aspect: float) -> bool:
    """Whether two codes of one identity are of one card: within a card of each other
    (the same-place tolerance), or its two corner codes (:func:`corner_pair`)."""
    return distance(a.spot, b.spot) <= max(a.radius, b.radius) or corner_pair(a, b, aspect)


def corner_pair(a: Sighting, b: Sighting, aspect: float) -> bool:
    """Whether ``a`` and ``b`` are the two corner codes of one card: turned half a turn
    from each other, and near enough for their size. A card larger in the picture than
    the layout's card size, its middle code hidden by a hand, showed its corners farther
    apart than a card's length: two copies, said the table, with none on it.

        >>> up = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
        >>> down = ((1.0, 1.0), (0.0, 1.0), (0.0, 0.0), (1.0, 0.0))
        >>> _turn(up, down), _turn(up, up)
        (180.0, 0.0)
    """
    side = max(diagonal(s.box, aspect) for s in (a, b)) / math.sqrt(2)
    near = distance(a.spot, b.spot) <= CORNER_PAIR_SIDES * side
    return near and _turn(a.quad, b.quad) > 135.0


def _turn(a: Quad, b: Quad) -> float:
    """How far (degrees, 0-180) the top edge of ``b`` is turned from that of ``a``."""
    angles = [math.atan2(q[1][1] - q[0][1], q[1][0] - q[0][0]) for q in (a, b)]
    turn = abs(math.degrees(angles[1] - angles[0])) % 360.0
    return round(min(turn, 360.0 - turn), 6)


def area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def card_quad(corners: Sequence[Point], card: tuple[float, float] | None) -> Quad:
    """A card's outline from its code's corners (spot units, the QR's order TL TR BR
    BL), taken as its middle code: centred on it, turned as it is. ``card`` is the
    card's (width, height) in spot units when known, else :data:`CARD_PER_CODE`
    times the code's side."""
    (x0, y0), (x1, y1), _, (x3, y3) = corners[:4]
    across, down = math.hypot(x1 - x0, y1 - y0), math.hypot(x3 - x0, y3 - y0)
    if across == 0 or down == 0:
        across = down = 1e-9
        ux, uy = 1.0, 0.0
    else:
        ux, uy = (x1 - x0) / across, (y1 - y0) / across
    vx, vy = -uy, ux  # the code's down, a quarter turn from its right (y runs down)
    side = (across + down) / 2
    width, height = card if card is not None else (c * side for c in CARD_PER_CODE)
    cx = sum(x for x, _ in corners[:4]) / 4
    cy = sum(y for _, y in corners[:4]) / 4
    hw, hh = width / 2, height / 2
    return (
        (cx - ux * hw - vx * hh, cy - uy * hw - vy * hh),
        (cx + ux * hw - vx * hh, cy + uy * hw - vy * hh),
        (cx + ux * hw + vx * hh, cy + uy * hw + vy * hh),
        (cx - ux * hw + vx * hh, cy - uy * hw + vy * hh),
    )


def in_quad(point: Point, quad: Quad) -> bool:
    """Whether ``point`` lies in the convex ``quad`` (edges count)."""
    signs = set()
    for i in range(4):
        (ax, ay), (bx, by) = quad[i - 1], quad[i]
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        if cross:
            signs.add(cross > 0)
    return len(signs) < 2


def _bounds(quad: Quad) -> Box:
    xs, ys = [x for x, _ in quad], [y for _, y in quad]
    return (min(xs), min(ys), max(xs), max(ys))


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covered_by(quad: Quad, over: Sequence[tuple[str, Quad]]) -> tuple[float, tuple[str, ...]]:
    """The share of ``quad`` that the outlines ``over`` ((key, outline) each) cover,
    sampled on a grid, and the keys of those covering some of it."""
    bounds = _bounds(quad)
    near = [(key, q) for key, q in over if _overlaps(bounds, _bounds(q))]
    if not near:
        return 0.0, ()
    a, b, c, d = quad
    hits = 0
    keys: set[str] = set()
    for i in range(SAMPLES):
        s = (i + 0.5) / SAMPLES
        top = (a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s)
        bottom = (d[0] + (c[0] - d[0]) * s, d[1] + (c[1] - d[1]) * s)
        for j in range(SAMPLES):
            t = (j + 0.5) / SAMPLES
            point = (top[0] + (bottom[0] - top[0]) * t, top[1] + (bottom[1] - top[1]) * t)
            key = next((key for key, q in near if in_quad(point, q)), None)
            if key is not None:
                hits += 1
                keys.add(key)
    return hits / (SAMPLES * SAMPLES), tuple(sorted(keys))


def covered_keys(tracks: Mapping[str, Track], seen: Container[str], coverage: Coverage) -> set[str]:
    """The confirmed cards of seats' zones not read now that lie under cards put down
    after them which are still there: read now, not looked at, or covered in turn.

    A card already seen missing is not brought back by a card put down later over its
    place (the last card taken away, another put where it lay: a trick game's spicy
    spot, a rummy card swapped), only by one first seen within :data:`GRACE` of it
    going missing. A card found covered keeps the keys of the cards over it: while
    they are all there it is still covered, without measuring again."""
    there: list[tuple[str, Quad, float]] = []
    present: set[str] = set()
    covered: set[str] = set()
    for key, track in sorted(tracks.items(), key=lambda item: -item[1].order):
        if key in seen or not coverage.sees(track.seen.box):
            there.append((key, track.seen.quad, track.first_seen))
            present.add(key)
            continue
        if not track.confirmed or track.seen.facing is None:
            continue
        if not (track.under and all(k in present for k in track.under)):
            since = track.absent_since
            over = [
                (k, quad) for k, quad, first in there if since is None or first <= since + GRACE
            ]
            share, track.under = covered_by(track.seen.quad, over)
            if share < COVERED:
                track.under = ()
                continue
        covered.add(key)
        there.append((key, track.seen.quad, track.first_seen))
        present.add(key)
    return covered


def superseded(tracks: Mapping[str, Track], placed: Sequence[TableEvent]) -> list[str]:
    """Keys of the confirmed cards in zones of no seat found missing since before a card
    of their deck ``placed`` now was first seen: the table moved on (issue 22 item 6)."""
    first: dict[str, float] = {}
    for event in placed:
        if isinstance(event, CardPlaced):
            deck, seen = event.card.deck, tracks[event.card.key].first_seen
            first[deck] = min(first.get(deck, seen), seen)
    return [
        key
        for key, track in tracks.items()
        if track.confirmed
        and track.seen.facing is None
        and track.seen.zone != OUTSIDE
        and track.absent_since is not None
        and track.absent_since <= first.get(track.seen.deck, -math.inf)
    ]


@dataclass
class TrackerStats:
    """Counts for the log: codes ignored outside the zones, duplicates flagged."""

    updates: int = 0
    sightings: int = 0
    outside: int = 0
    duplicates: int = 0
    placed: int = 0
    removed: int = 0
    sighted: int = 0
