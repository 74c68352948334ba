"""Synthetic table scenes: card codes on felt or wood, turned, tilted, blurred, badly lit.

Tests and bench/decoders.py read codes from these instead of a camera; they know where
every code lies, so a reading can be checked card by card. The levels of difficulty are
those of /work/shared/bench/README.md (L0 easy ... L3 hard).

    >>> import numpy as np
    >>> scene = table_scene(["TC1F0101RZBTL"], rng=np.random.default_rng(1), size=(320, 240))
    >>> scene.image.shape, len(scene.codes)
    ((240, 320, 3), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import cos, radians, sin

import numpy as np

from card_codes.geometry import Corners
from card_codes.qr import QUIET_ZONE, code_matrix, code_pixels

Span = tuple[float, float]


@dataclass(frozen=True)
class Level:
    """Ranges drawn from for one scene: tilt in degrees, blur sigma in pixels, the
    darkest corner's light (1 = even light), noise sigma, JPEG quality."""

    name: str
    tilt: Span
    blur: Span
    darkest: Span
    noise: Span
    jpeg: Span


LEVELS: dict[str, Level] = {
    "L0": Level("L0", (0, 5), (0, 0.3), (0.9, 1.0), (0, 1), (85, 90)),
    "L1": Level("L1", (0, 15), (0.3, 0.8), (0.75, 0.95), (1, 3), (75, 90)),
    "L2": Level("L2", (10, 25), (0.6, 1.3), (0.6, 0.85), (2, 5), (60, 80)),
    "L3": Level("L3", (20, 35), (1.2, 2.0), (0.4, 0.7), (4, 8), (50, 65)),
}


@dataclass(frozen=True)
class PlacedCode:
    """A code drawn into a scene: its text and its true corners (TL TR BR BL)."""

    payload: str
    corners: Corners


@dataclass(frozen=True)
class Scene:
    """A BGR ``uint8`` image and the codes in it."""

    image: np.ndarray
    codes: tuple[PlacedCode, ...]


def background(size: tuple[int, int], kind: str, rng: np.random.Generator) -> np.ndarray:
    """A ``felt`` (green, fine noise) or ``wood`` (brown, grain) BGR table top."""
    width, height = size
    if kind == "wood":
        rows = np.arange(height, dtype=np.float32)[:, None]
        grain = np.sin(
            rows / rng.uniform(3, 7)
            + rng.uniform(0, 6)
            * np.sin(np.arange(width, dtype=np.float32)[None, :] / rng.uniform(80, 200))
        )
        base = np.array([40, 85, 140], np.float32)  # BGR brown
        image = base[None, None, :] * (0.85 + 0.15 * grain[..., None])
    else:
        base = np.array([45, 110, 35], np.float32)  # BGR green
        image = np.broadcast_to(base, (height, width, 3)).astype(np.float32)
    image = image + rng.normal(0, 6, (height, width, 1))
    table: np.ndarray = np.clip(image, 0, 255).astype(np.uint8)
    return table


def card_picture(payload: str, module_px: int = 8, margin_modules: int = 3) -> np.ndarray:
    """A white card (grey ``uint8``) around the code, ``margin_modules`` past its quiet zone."""
    return code_pixels(
        code_matrix(payload, border=QUIET_ZONE + margin_modules), module_px, light=245
    )


def _projected(side: float, angle: float, tilt: float, axis: float) -> np.ndarray:
    """The corners of a square of ``side`` turned by ``angle``, tilted by ``tilt`` about an
    in-plane axis at ``axis`` (radians), seen by a camera at 4 x side: centred at 0."""
    half = side / 2
    square = np.array([[-half, -half, 0], [half, -half, 0], [half, half, 0], [-half, half, 0]])
    turn = np.array([[cos(angle), -sin(angle), 0], [sin(angle), cos(angle), 0], [0, 0, 1]])
    ax = np.array([cos(axis), sin(axis), 0.0])
    k = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    tilt_m = np.eye(3) + sin(tilt) * k + (1 - cos(tilt)) * (k @ k)
    points = square @ turn.T @ tilt_m.T
    distance = 4 * side
    scale = distance / (distance + points[:, 2])
    return np.asarray(points[:, :2] * scale[:, None])


def place(
    canvas: np.ndarray,
    payload: str,
    centre: tuple[float, float],
    code_px: float,
    *,
    angle: float = 0.0,
    tilt: float = 0.0,
    tilt_axis: float = 0.0,
) -> PlacedCode:
    """Draw ``payload``'s card on ``canvas`` (BGR, in place); return the code's corners.

    ``code_px`` is the side of the code without its quiet zone; angles in degrees.
    """
    import cv2

    module_px = 8
    picture = card_picture(payload, module_px)
    side_modules = picture.shape[0] // module_px
    symbol_modules = side_modules - 2 * (QUIET_ZONE + 3)
    card_px = code_px * side_modules / symbol_modules
    card_corners = _projected(card_px, radians(angle), radians(tilt), radians(tilt_axis))
    card_corners += np.array(centre)
    high, wide = picture.shape
    source = np.array([[0, 0], [wide, 0], [wide, high], [0, high]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, card_corners.astype(np.float32))
    height, width = canvas.shape[:2]
    warped = cv2.warpPerspective(picture, matrix, (width, height), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full(picture.shape, 255, np.uint8), matrix, (width, height))
    alpha = (mask.astype(np.float32) / 255)[..., None]
    canvas[:] = (canvas * (1 - alpha) + warped[..., None] * alpha).astype(np.uint8)
    offset = (QUIET_ZONE + 3) * module_px
    inner = np.array(
        [
            [[offset, offset]],
            [[wide - offset, offset]],
            [[wide - offset, high - offset]],
            [[offset, high - offset]],
        ],
        np.float32,
    )
    corners = cv2.perspectiveTransform(inner, matrix)[:, 0, :]
    return PlacedCode(payload, tuple((float(x), float(y)) for x, y in corners))  # type: ignore[arg-type]


def light_and_lens(image: np.ndarray, level: Level, rng: np.random.Generator) -> np.ndarray:
    """Uneven light (a gradient to the darkest corner), blur, noise and JPEG, per ``level``."""
    import cv2

    height, width = image.shape[:2]
    darkest = rng.uniform(*level.darkest)
    direction = rng.uniform(0, 2 * np.pi)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    ramp = (xs / width - 0.5) * cos(direction) + (ys / height - 0.5) * sin(direction)
    ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
    light = 1 - (1 - darkest) * ramp
    out = image.astype(np.float32) * light[..., None]
    sigma = rng.uniform(*level.blur)
    if sigma > 0.05:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out = out + rng.normal(0, rng.uniform(*level.noise), out.shape)
    out = np.clip(out, 0, 255).astype(np.uint8)
    quality = int(rng.uniform(*level.jpeg))
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    return np.asarray(decoded) if decoded is not None else out


def table_scene(
    payloads: Sequence[str],
    *,
    rng: np.random.Generator,
    size: tuple[int, int] = (1280, 720),
    code_px: Span = (60, 120),
    level: Level = LEVELS["L0"],
    table: str = "felt",
) -> Scene:
    """The cards of ``payloads`` laid apart on a table (one per grid cell, random turn)."""
    width, height = size
    canvas = background(size, table, rng)
    count = len(payloads)
    columns = int(np.ceil(np.sqrt(count * width / height))) or 1
    rows = int(np.ceil(count / columns)) or 1
    cell_w, cell_h = width / columns, height / rows
    cells = rng.permutation(columns * rows)[:count]
    placed = []
    for payload, cell in zip(payloads, cells, strict=True):
        row, column = divmod(int(cell), columns)
        side = rng.uniform(*code_px)
        slack_x = max(cell_w - side * 1.7, 0) / 2
        slack_y = max(cell_h - side * 1.7, 0) / 2
        centre = (
            (column + 0.5) * cell_w + rng.uniform(-slack_x, slack_x),
            (row + 0.5) * cell_h + rng.uniform(-slack_y, slack_y),
        )
        placed.append(
            place(
                canvas,
                payload,
                centre,
                side,
                angle=rng.uniform(0, 360),
                tilt=rng.uniform(*level.tilt),
                tilt_axis=rng.uniform(0, 180),
            )
        )
    return Scene(light_and_lens(canvas, level, rng), tuple(placed))
