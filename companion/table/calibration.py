"""Checking the camera before a game: which codes one frame shows, where, and how sharp.

``companion calibrate`` grabs one frame, and this module finds every code in it,
says which zone each card lies in, measures how many pixels a code's module spans
(the decoder wants about two; fewer and cards are missed, worst for the corner codes
of overlapped rummy cards) and how sharp the codes are, and draws it all on the
frame for a person to look at.

    check = analyse(image, default_layout())
    cv2.imwrite("check.png", draw(image, default_layout(), check))
    print("\\n".join(summary_lines(check)))
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from companion.games.json_types import JSONObject
from companion.table.layout import Layout, centre_of

Image = npt.NDArray[np.uint8]
Corners = tuple[tuple[float, float], ...]

#: Our payloads are QR version 1: 21 modules a side (docs/payload.md).
MODULES = 21
#: Pixels per module below which codes are missed (README "Reading QR codes").
MIN_MODULE_PX = 3.0
#: :func:`sharpness` below which a code is called blurred. Measured on synthetic
#: tables (bench/sharpness.py): a sharp code scores 18000-22000; a 2-3 px motion blur
#: 7000-14000, still read; at 4 px almost no code is read (the one read scored 5500).
MIN_SHARPNESS = 8000.0

CARD_COLOUR = (60, 220, 60)  # BGR: our cards, in a zone
OUTSIDE_COLOUR = (0, 200, 255)  # our cards outside every zone (ignored: held in a hand)
REJECTED_COLOUR = (40, 40, 255)  # codes that are not our cards
ZONE_COLOUR = (255, 200, 0)


@dataclass(frozen=True)
class CodeSeen:
    """One code in the frame: our card (``card`` set) or a rejected one (``reason``)."""

    corners: Corners
    card: str | None = None
    reason: str | None = None
    zone: str | None = None
    module_px: float = 0.0
    sharpness: float = 0.0

    def as_json(self) -> JSONObject:
        return {
            "card": self.card,
            "reason": self.reason,
            "zone": self.zone,
            "module_px": round(self.module_px, 2),
            "sharpness": round(self.sharpness, 1),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
        }


@dataclass
class Calibration:
    """What one frame shows: the codes, and the advice that follows."""

    size: tuple[int, int]
    codes: list[CodeSeen] = field(default_factory=list)
    advice: list[str] = field(default_factory=list)

    @property
    def cards(self) -> list[CodeSeen]:
        return [code for code in self.codes if code.card is not None]

    @property
    def rejected(self) -> list[CodeSeen]:
        return [code for code in self.codes if code.card is None]

    def module_px(self) -> tuple[float, float] | None:
        """The smallest and the median pixels per module of our cards' codes."""
        sizes = [code.module_px for code in self.cards]
        if not sizes:
            return None
        return min(sizes), statistics.median(sizes)

    def as_json(self) -> JSONObject:
        sizes = self.module_px()
        return {
            "size": list(self.size),
            "cards": [code.as_json() for code in self.cards],
            "rejected": [code.as_json() for code in self.rejected],
            "module_px": None if sizes is None else {"min": sizes[0], "median": sizes[1]},
            "advice": list(self.advice),
        }


def module_px(corners: Corners, modules: int = MODULES) -> float:
    """The mean side of the code's quadrilateral over its module count."""
    sides = [math.dist(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))]
    return sum(sides) / len(sides) / modules


def sharpness(grey: Image, corners: Corners) -> float:
    """How sharp a code is: the variance of the Laplacian inside its bounding box,
    made independent of the code's size (times pixels per module, over 2) and of the
    light (over the patch's contrast, squared, as a share of 255)."""
    import cv2

    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    h, w = grey.shape[:2]
    x0, x1 = max(0, int(min(xs))), min(w, math.ceil(max(xs)))
    y0, y1 = max(0, int(min(ys))), min(h, math.ceil(max(ys)))
    if x1 - x0 < 3 or y1 - y0 < 3:
        return 0.0
    patch = grey[y0:y1, x0:x1]
    low, high = np.percentile(patch, [5, 95])
    contrast = max(float(high - low), 1.0) / 255.0
    variance = float(cv2.Laplacian(patch, cv2.CV_64F).var())
    return variance * module_px(corners) / 2.0 / (contrast * contrast)


def _zone(layout: Layout, corners: Corners, size: tuple[int, int]) -> str | None:
    """The zone of a code's centre, as the tracker decides it."""
    width, height = size
    return layout.zone_of(centre_of([(x / width, y / height) for x, y in corners]))


def analyse(image: Image, layout: Layout, *, staff_key: bytes | None = None) -> Calibration:
    """Find every code in ``image`` and judge it (card_codes' decoder, as the reader uses)."""
    from card_codes.decode import decode_image, to_grey

    size = (int(image.shape[1]), int(image.shape[0]))
    grey = np.asarray(to_grey(image), dtype=np.uint8)
    result = decode_image(image, staff_key=staff_key)
    check = Calibration(size)
    for detection in result.cards:
        corners = tuple((float(x), float(y)) for x, y in detection.corners)
        check.codes.append(
            CodeSeen(
                corners,
                card=detection.card.notation,
                zone=_zone(layout, corners, size),
                module_px=module_px(corners),
                sharpness=sharpness(grey, corners),
            )
        )
    for rejection in result.rejected:
        corners = tuple((float(x), float(y)) for x, y in rejection.corners or ())
        zone = _zone(layout, corners, size) if corners else None
        check.codes.append(CodeSeen(corners, reason=rejection.reason, zone=zone))
    check.advice = advice(check)
    return check


def advice(check: Calibration) -> list[str]:
    """What a person should change, in words; empty when the frame looks right."""
    sizes = check.module_px()
    if sizes is None:
        return [
            "no card codes found: put a few cards in the play area, check the camera "
            "sees the table, is focused, and the light is even"
        ]
    lines = []
    smallest, median = sizes
    if smallest < MIN_MODULE_PX:
        lines.append(
            f"codes are small ({smallest:.1f} px per module at the smallest, "
            f"{median:.1f} median; aim for {MIN_MODULE_PX:.0f} or more): lower the camera, "
            "zoom in, or use a higher resolution"
        )
    blurred = [code for code in check.cards if code.sharpness < MIN_SHARPNESS]
    if blurred:
        lines.append(
            f"{len(blurred)} of {len(check.cards)} codes look soft (sharpness "
            f"{min(code.sharpness for code in blurred):.0f} < {MIN_SHARPNESS:.0f}): "
            "focus the camera, steady its mount, add light"
        )
    outside = [code for code in check.cards if code.zone is None]
    if outside:
        lines.append(
            f"{len(outside)} codes lie outside every zone and will be ignored: "
            "move the cards, or the zones in the layout file"
        )
    return lines


def summary_lines(check: Calibration) -> list[str]:
    """The summary ``companion calibrate`` prints."""
    width, height = check.size
    cards = check.cards
    distinct = sorted({code.card for code in cards if code.card is not None})
    zones: dict[str, int] = {}
    for code in cards:
        name = code.zone or "outside every zone"
        zones[name] = zones.get(name, 0) + 1
    lines = [f"frame: {width}x{height}"]
    where = ", ".join(f"{count} in {name}" for name, count in sorted(zones.items()))
    lines.append(
        f"codes found: {len(cards)} of {len(distinct)} cards" + (f" ({where})" if where else "")
    )
    if distinct:
        lines.append("cards: " + " ".join(distinct))
    for code in check.rejected:
        lines.append(f"rejected: {code.reason}")
    sizes = check.module_px()
    if sizes is not None:
        lines.append(f"px per module: {sizes[0]:.1f} smallest, {sizes[1]:.1f} median")
    lines += [f"advice: {line}" for line in check.advice] or [
        "advice: none, the camera looks right"
    ]
    return lines


def draw(image: Image, layout: Layout, check: Calibration) -> Image:
    """The frame with the zones, every card code labelled and rejected codes marked."""
    import cv2

    canvas: Image = np.asarray(
        image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR),
        dtype=np.uint8,
    )
    width, height = check.size
    scale = max(0.4, width / 1800)
    thick = max(1, round(width / 640))
    for zone in layout.zones:
        points = np.array([[x * width, y * height] for x, y in zone.polygon], dtype=np.int32)
        cv2.polylines(canvas, [points], True, ZONE_COLOUR, thick)
        x0, y0 = points.min(axis=0)
        draw_label(
            canvas,
            zone.name,
            (int(x0) + 4, int(y0) + 4),
            colour=ZONE_COLOUR,
            scale=scale,
            thick=thick,
        )
    for code in check.codes:
        if not code.corners:
            continue
        if code.card is not None:
            colour = CARD_COLOUR if code.zone is not None else OUTSIDE_COLOUR
            text = f"{code.card} {code.module_px:.1f}px"
        else:
            colour = REJECTED_COLOUR
            text = _short(code.reason or "rejected")
        points = np.array(code.corners, dtype=np.int32)
        cv2.polylines(canvas, [points], True, colour, thick + 1)
        x0, y1 = points[:, 0].min(), points[:, 1].max()
        draw_label(canvas, text, (int(x0), int(y1) + 4), colour=colour, scale=scale, thick=thick)
    return canvas


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def draw_label(
    canvas: Image,
    text: str,
    top_left: Sequence[int],
    *,
    colour: tuple[int, int, int],
    scale: float,
    thick: int,
) -> None:
    """Text on a dark box, so it reads on felt, wood and card faces alike."""
    import cv2

    font = cv2.FONT_HERSHEY_SIMPLEX
    (w, h), base = cv2.getTextSize(text, font, scale, thick)
    x, y = int(top_left[0]), int(top_left[1])
    cv2.rectangle(canvas, (x, y), (x + w + 4, y + h + base + 4), (20, 20, 20), -1)
    cv2.putText(canvas, text, (x + 2, y + h + 2), font, scale, colour, thick, cv2.LINE_AA)
