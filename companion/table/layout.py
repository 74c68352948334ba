"""Table zones: where on the table a card lies decides what it means.

A layout is a set of named polygons in frame fractions (0-1, x to the right, y
down), so the same file works at any camera resolution. The flows give the zones
their meaning: ``play`` (the trick), ``spicy`` (the trick's prize),
``trump-indicator`` and ``symbol-indicator`` (Trump's round cards), ``meld-0`` ...
``meld-4`` (each seat's rummy sets). A code outside every zone is a card in a
hand and is ignored.

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
from typing import Any

from companion.errors import ConfigError, InputError
from companion.inputs import load_toml

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


@dataclass(frozen=True)
class Zone:
    """A named polygon of the table, its corners in frame fractions."""

    name: str
    polygon: tuple[Point, ...]

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


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{where} must be a number, not {type(value).__name__}")
    number = float(value)
    if not 0.0 <= number <= 1.0:
        raise ConfigError(f"{where} must be a frame fraction from 0 to 1, not {number:g}")
    return number


def _pair(value: Any, where: str) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise ConfigError(f"{where} must be a pair [x, y]")
    return (_number(value[0], f"{where}[0]"), _number(value[1], f"{where}[1]"))


def _zone(raw: Any, where: str) -> Zone:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table with name and polygon")
    unknown = set(raw) - {"name", "polygon"}
    if unknown:
        raise ConfigError(f"{where}: unknown key {sorted(unknown)[0]} (known: name, polygon)")
    name = raw.get("name")
    if not isinstance(name, str):
        raise ConfigError(f"{where}.name is missing or not a string")
    if name not in ZONE_NAMES:
        raise ConfigError(f"{where}.name {name!r} is not a zone (known: {', '.join(ZONE_NAMES)})")
    polygon = raw.get("polygon")
    if not isinstance(polygon, list) or len(polygon) < 3:
        raise ConfigError(f"{where}.polygon must list at least 3 corners [x, y]")
    zone = Zone(name, tuple(_pair(p, f"{where}.polygon[{i}]") for i, p in enumerate(polygon)))
    if zone.area() <= 0:
        raise ConfigError(f"{where}.polygon has no area")
    return zone


def parse_layout(data: Mapping[str, Any], source: str = "(layout)") -> Layout:
    """Build a Layout from parsed TOML; every error names the source and the key."""
    unknown = set(data) - {"zone", "card_size"}
    if unknown:
        raise ConfigError(f"{source}: unknown key {sorted(unknown)[0]} (known: card_size, zone)")
    raw_zones = data.get("zone")
    if not isinstance(raw_zones, list) or not raw_zones:
        raise ConfigError(f"{source}: zone must be one or more [[zone]] tables")
    zones = [_zone(raw, f"{source}: zone[{i}]") for i, raw in enumerate(raw_zones)]
    seen: set[str] = set()
    for i, zone in enumerate(zones):
        if zone.name in seen:
            raise ConfigError(f"{source}: zone[{i}].name {zone.name!r} is given twice")
        seen.add(zone.name)
    card_size = None
    if "card_size" in data:
        w, h = _pair(data["card_size"], f"{source}: card_size")
        if w <= 0 or h <= 0:
            raise ConfigError(f"{source}: card_size must be more than 0 both ways")
        card_size = (w, h)
    return Layout(tuple(zones), card_size)


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
