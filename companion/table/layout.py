"""Table zones: where on the table a card lies decides what it means.

A layout is a set of named polygons in frame fractions (0-1, x to the right, y
down), so the same file works at any camera resolution. The flows give the zones
their meaning: ``play`` (the trick), ``spicy`` (the trick's prize),
``trump-indicator`` and ``symbol-indicator`` (Trump's round cards), ``meld-0`` ...
``meld-4`` (each seat's rummy sets). A code outside every zone is a card in a
hand and is ignored.

A meld zone belongs to a seat on one *side* of the picture (``bottom``, ``top``,
``left``, ``right``): the player's own "down", along which their sets grow
(:mod:`companion.table.seats`). A zone may name it (``side = "top"``); otherwise the
picture's edge nearest the zone's middle is its side. ``seats`` makes the meld zones
without polygons (:func:`rummy_layout`): ``seats = 4`` or ``seats = ["bottom", "top"]``.

The file (docs/layout.md):

    card_size = [0.06, 0.13]          # optional: a card's size in frame fractions

    [[zone]]
    name = "play"
    polygon = [[0.24, 0.08], [0.94, 0.08], [0.94, 0.92], [0.24, 0.92]]

    layout = load_layout(Path("table.toml"))
    layout.zone_of((0.5, 0.5))        # "play"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.errors import ConfigError, InputError
from companion.inputs import load_toml
from companion.settings_decoder import TOMLValue

Point = tuple[float, float]
#: A box in frame fractions: (x0, y0, x1, y1), x0 <= x1, y0 <= y1.
Box = tuple[float, float, float, float]

ZONE_NAMES: tuple[str, ...] = (
    "play",
    "spicy",
    "trump-indicator",
    "symbol-indicator",
    *(f"meld-{seat}" for seat in range(5)),
)

#: The sides of the picture a seat may sit on, clockwise from the bottom (the picture's
#: y runs down, so bottom, left, top, right turns as a clock's hand from 6 to 3).
SIDES: tuple[str, ...] = ("bottom", "left", "top", "right")
#: Where the seats of ``n`` players sit when nothing says: clockwise from the bottom,
#: two players face each other across the picture's long sides.
SEATING: dict[int, tuple[str, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "top"),
    4: ("bottom", "left", "top", "right"),
}
#: How deep a bottom or top seat's meld zone reaches into the picture (frame heights),
#: and how wide a left or right seat's is (frame widths): the middle stays free for the
#: draw and discard piles, whose cards lie outside every zone and are ignored. With
#: cards 190 px wide (docs/rummy.md "The camera"), at 2560 x 1440 a side band holds a set
#: of four cards lying across and the bottom band six sets side by side between the side
#: bands; at 2304 x 1296 a bottom band holds a set of four cards.
MELD_DEPTH = 0.4
MELD_WIDTH = 0.2


@dataclass(frozen=True)
class Zone:
    """A named polygon of the table, its corners in frame fractions."""

    name: str
    polygon: tuple[Point, ...]
    #: The side of the picture its seat sits on (None: the nearest edge, for meld zones).
    side: str | None = None

    def contains(self, point: Point) -> bool:
        """True when ``point`` lies inside the polygon (even-odd rule; edges count)."""
        x, y = point
        x0, y0, x1, y1 = self.bounds()
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        inside = False
        corners = self.polygon
        for i, (ax, ay) in enumerate(corners):
            bx, by = corners[i - 1]
            if (ay > y) != (by > y):
                cross = ax + (y - ay) * (bx - ax) / (by - ay)
                if x < cross:
                    inside = not inside
        return inside or self._on_edge(point)

    def _on_edge(self, point: Point) -> bool:
        x, y = point
        corners = self.polygon
        for i, (ax, ay) in enumerate(corners):
            bx, by = corners[i - 1]
            cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            within = min(ax, bx) <= x <= max(ax, bx) and min(ay, by) <= y <= max(ay, by)
            if within and abs(cross) < 1e-12:
                return True
        return False

    def bounds(self) -> Box:
        xs = [x for x, _ in self.polygon]
        ys = [y for _, y in self.polygon]
        return (min(xs), min(ys), max(xs), max(ys))

    def middle(self) -> Point:
        """The mean of the corners: where the zone lies, to find its nearest edge."""
        return centre_of(self.polygon)

    def area(self) -> float:
        """The polygon's area (shoelace), so the smallest zone holding a point wins."""
        corners = self.polygon
        twice = sum(
            ax * by - bx * ay
            for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True)
        )
        return abs(twice) / 2


@dataclass(frozen=True)
class Layout:
    """The zones of one table, and optionally the size of a card in frame fractions."""

    zones: tuple[Zone, ...]
    card_size: tuple[float, float] | None = None

    def zone_of(self, point: Point) -> str | None:
        """The zone a card centred at ``point`` lies in, or None (a card in a hand).

        Where zones overlap the smallest wins, so a spot drawn inside the play area
        keeps its cards:

            default_layout().zone_of((0.5, 0.5))   # "play"
        """
        best: Zone | None = None
        for zone in self.zones:
            if zone.contains(point) and (best is None or zone.area() < best.area()):
                best = zone
        return best.name if best is not None else None

    def names(self) -> tuple[str, ...]:
        return tuple(zone.name for zone in self.zones)

    def facing(self, name: str) -> str | None:
        """The side of the picture the seat of meld zone ``name`` sits on: the zone's
        ``side``, else the edge nearest its middle; None for other zones (no seat)."""
        for zone in self.zones:
            if zone.name == name:
                if zone.side is not None:
                    return zone.side
                return nearest_side(zone.middle()) if name.startswith("meld-") else None
        return None


def nearest_side(point: Point) -> str:
    """The edge of the picture nearest ``point`` (frame fractions): where a player
    sitting there would be. Ties go to the earlier of :data:`SIDES`."""
    x, y = point
    gaps = {"bottom": 1.0 - y, "left": x, "top": y, "right": 1.0 - x}
    return min(SIDES, key=lambda side: gaps[side])


#: A card's (width, height) in frame fractions for a camera at the usual height over the
#: table (a 63 x 88 mm card about 110 px wide in a 1280 x 720 frame).
DEFAULT_CARD_SIZE = (0.086, 0.21)


def _rect(name: str, x0: float, y0: float, x1: float, y1: float) -> Zone:
    return Zone(name, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def default_layout() -> Layout:
    """The zones used when no layout file is given: enough for the trick games.

    The play area is the middle of the frame (x 0.24-0.94, y 0.08-0.92), with a
    margin on three sides where players' hands are. The three spots sit in a column
    on the left, top to bottom: ``spicy``, ``trump-indicator``, ``symbol-indicator``
    (x 0.03-0.21). Rummy needs a file with a ``meld-N`` zone per seat. The card size
    is DEFAULT_CARD_SIZE: a camera that sees a card about a twelfth of the frame wide.
    """
    return Layout(
        (
            _rect("play", 0.24, 0.08, 0.94, 0.92),
            _rect("spicy", 0.03, 0.08, 0.21, 0.36),
            _rect("trump-indicator", 0.03, 0.36, 0.21, 0.64),
            _rect("symbol-indicator", 0.03, 0.64, 0.21, 0.92),
        ),
        card_size=DEFAULT_CARD_SIZE,
    )


def rummy_layout(
    seats: int | Sequence[str], card_size: tuple[float, float] | None = None
) -> Layout:
    """Meld zones by seat, no polygons to write: ``seats`` is a number of players (sat
    as :data:`SEATING` says) or each seat's side in seat order.

    A bottom or top seat's zone is a band :data:`MELD_DEPTH` deep along that edge, a
    left or right seat's a band :data:`MELD_WIDTH` wide (the full height; the bands
    along the top and bottom stop short of it). Seats sharing a side share its band,
    cut in equal parts in clockwise order (left to right for a top seat, right to left
    for a bottom one).

        rummy_layout(2).facing("meld-1")      # "top"
    """
    sides = SEATING.get(seats, ()) if isinstance(seats, int) else tuple(seats)
    if not sides or len(sides) > 5:
        raise ConfigError(f"seats {seats!r}: rummy seats 1 to 4 players (meld-0 ... meld-4)")
    for side in sides:
        if side not in SIDES:
            raise ConfigError(f"seats: {side!r} is not a side (known: {', '.join(SIDES)})")
    zones = []
    for seat, side in enumerate(sides):
        sharing = [s for s, other in enumerate(sides) if other == side]
        part, parts = sharing.index(seat), len(sharing)
        x0, y0, x1, y1 = meld_band(side, sides)
        if side in ("bottom", "right"):  # clockwise runs right to left, bottom to top
            part = parts - 1 - part
        if side in ("bottom", "top"):
            step = (x1 - x0) / parts
            x0, x1 = x0 + part * step, x0 + (part + 1) * step
        else:
            step = (y1 - y0) / parts
            y0, y1 = y0 + part * step, y0 + (part + 1) * step
        zones.append(rect(f"meld-{seat}", (x0, y0, x1, y1), side))
    return Layout(tuple(zones), card_size)


def meld_band(side: str, sides: Sequence[str]) -> Box:
    """The band along ``side`` that its seats' meld zones share, when ``sides`` are
    taken: along the top and bottom it stops short of the left and right bands."""
    left = MELD_WIDTH if "left" in sides else 0.0
    right = 1.0 - MELD_WIDTH if "right" in sides else 1.0
    bands = {
        "bottom": (left, 1.0 - MELD_DEPTH, right, 1.0),
        "top": (left, 0.0, right, MELD_DEPTH),
        "left": (0.0, 0.0, MELD_WIDTH, 1.0),
        "right": (1.0 - MELD_WIDTH, 0.0, 1.0, 1.0),
    }
    return bands[side]


def rect(name: str, box: Box, side: str | None = None) -> Zone:
    """A rectangular zone from a box (frame fractions)."""
    x0, y0, x1, y1 = box
    return Zone(name, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), side)


def _number(value: TOMLValue, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{where} must be a number, not {type(value).__name__}")
    number = float(value)
    if not 0.0 <= number <= 1.0:
        raise ConfigError(f"{where} must be a frame fraction from 0 to 1, not {number:g}")
    return number


def _pair(value: TOMLValue, where: str) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise ConfigError(f"{where} must be a pair [x, y]")
    return (_number(value[0], f"{where}[0]"), _number(value[1], f"{where}[1]"))


def _zone(raw: TOMLValue, where: str) -> Zone:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table with name and polygon")
    unknown = set(raw) - {"name", "polygon", "side"}
    if unknown:
        raise ConfigError(f"{where}: unknown key {sorted(unknown)[0]} (known: name, polygon, side)")
    name = raw.get("name")
    if not isinstance(name, str):
        raise ConfigError(f"{where}.name is missing or not a string")
    if name not in ZONE_NAMES:
        raise ConfigError(f"{where}.name {name!r} is not a zone (known: {', '.join(ZONE_NAMES)})")
    polygon = raw.get("polygon")
    if not isinstance(polygon, list) or len(polygon) < 3:
        raise ConfigError(f"{where}.polygon must list at least 3 corners [x, y]")
    side = raw.get("side")
    if side is not None and (not isinstance(side, str) or side not in SIDES):
        raise ConfigError(f"{where}.side {side!r} is not a side (known: {', '.join(SIDES)})")
    corners = tuple(_pair(p, f"{where}.polygon[{i}]") for i, p in enumerate(polygon))
    zone = Zone(name, corners, side)
    if zone.area() <= 0:
        raise ConfigError(f"{where}.polygon has no area")
    return zone


def parse_layout(data: Mapping[str, TOMLValue], source: str = "(layout)") -> Layout:
    """Build a Layout from parsed TOML; every error names the source and the key."""
    unknown = set(data) - {"zone", "card_size", "seats"}
    if unknown:
        raise ConfigError(
            f"{source}: unknown key {sorted(unknown)[0]} (known: card_size, seats, zone)"
        )
    raw_zones = data.get("zone", [] if "seats" in data else None)
    if not isinstance(raw_zones, list) or not (raw_zones or "seats" in data):
        raise ConfigError(f"{source}: zone must be one or more [[zone]] tables (or give seats)")
    zones = [_zone(raw, f"{source}: zone[{i}]") for i, raw in enumerate(raw_zones)]
    if "seats" in data:
        zones += _seat_zones(data["seats"], source)
    seen: set[str] = set()
    for i, zone in enumerate(zones):
        if zone.name in seen:
            where = f"zone[{i}].name" if i < len(raw_zones) else "seats: the zone"
            raise ConfigError(f"{source}: {where} {zone.name!r} is given twice")
        seen.add(zone.name)
    card_size = None
    if "card_size" in data:
        w, h = _pair(data["card_size"], f"{source}: card_size")
        if w <= 0 or h <= 0:
            raise ConfigError(f"{source}: card_size must be more than 0 both ways")
        card_size = (w, h)
    return Layout(tuple(zones), card_size)


def _seat_zones(raw: TOMLValue, source: str) -> list[Zone]:
    """``seats = N`` or ``seats = ["bottom", ...]``: the meld zones of :func:`rummy_layout`."""
    if isinstance(raw, bool) or not isinstance(raw, int | list):
        raise ConfigError(f"{source}: seats must be a number of players or a list of sides")
    seats: int | list[str] = raw if isinstance(raw, int) else []
    if isinstance(raw, list):
        seats = [side for side in raw if isinstance(side, str)]
        if len(seats) != len(raw):
            raise ConfigError(f"{source}: seats must list sides ({', '.join(SIDES)})")
    try:
        return list(rummy_layout(seats).zones)
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None


def load_layout(path: Path | str) -> Layout:
    """Read a layout file (docs/layout.md); a ConfigError names the file and the key."""
    try:
        data = load_toml(path, what="layout file")
    except InputError as exc:
        raise ConfigError(str(exc)) from None
    return parse_layout(data, str(path))


def box_of(points: Iterable[Point]) -> Box:
    """The bounding box of some points (a code's corners)."""
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def centre_of(points: Sequence[Point]) -> Point:
    """The mean of some points: a code's centre from its four corners."""
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
