"""Which marker the hex pieces carry: OpenCV's ArUco 4x4 or the cards' own QR codes.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_markers.py           # 30 frames a case
    PYTHONPATH=$PWD .venv/bin/python bench/hex_markers.py --frames 6

A piece is a token of 22 mm (a cell of the printed board is 24 mm across), so its
marker can be at most 11-12 mm wide with a light margin. Each frame lays 26 such
markers, 12 mm with their quiet zone, on a grey table at random angles, in a
1920x1080 picture at a scale in pixels per mm (3.3: the A3 board filling the
picture's height, the camera height docs/hex-referee.md recommends; 2.5 and 2.0: a
camera higher up), tilted (the camera 0 or 20 degrees off the vertical), blurred
and noisy as a webcam is; with ``hand`` a skin-coloured blob covers a third of the
markers' area. The same layouts are drawn once with ArUco ``DICT_4X4_50`` markers
(6 x 6 modules with their border, 1.5 mm modules) and once with QR codes of the cards'
payloads (version 1 or 2 with a 2-module margin, 0.41-0.48 mm modules), read with
``cv2.aruco.ArucoDetector`` and with the project's ``decode_image`` (zxing-cpp and
its 2x second pass). Reported: the share of markers read, wrong reads, and the
milliseconds per 1920x1080 frame (median), one thread.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from card_codes.catalogue import deck_cards
from card_codes.decode import decode_image
from card_codes.hex_board import MARKER_MODULES, marker_matrix
from card_codes.payload import encode_payload
from card_codes.qr import code_matrix
from companion.table import hex_board

SIZE = (1920, 1080)
SCALES = (3.3, 2.5, 2.0)
TILTS = (0.0, 20.0)
MARKER_MM = 12.0  # a token's marker with its quiet zone


def _layout(rng: np.random.Generator, scale: float) -> list[tuple[float, float, float]]:
    """26 non-overlapping (x, y, angle) in pixels, inside the frame's middle."""
    spots: list[tuple[float, float, float]] = []
    gap = MARKER_MM * scale * 1.8
    while len(spots) < 26:
        x, y = rng.uniform(200, SIZE[0] - 200), rng.uniform(120, SIZE[1] - 120)
        if all((x - a) ** 2 + (y - b) ** 2 > gap**2 for a, b, _ in spots):
            spots.append((x, y, float(rng.uniform(0, 360))))
    return spots


def _stamp(
    frame: np.ndarray, matrix: np.ndarray, spot: tuple[float, float, float], px: float
) -> None:
    """Draw ``matrix`` (True dark, quiet zone included) ``px`` wide, turned, at ``spot``."""
    tile = np.where(matrix, 20, 235).astype(np.uint8)
    big = cv2.resize(tile, (64 * tile.shape[0],) * 2, interpolation=cv2.INTER_NEAREST)
    side = big.shape[0]
    x, y, angle = spot
    rot = cv2.getRotationMatrix2D((side / 2, side / 2), angle, px / side)
    rot[0, 2] += x - side / 2
    rot[1, 2] += y - side / 2
    mask = cv2.warpAffine(np.full_like(big, 255), rot, SIZE, flags=cv2.INTER_NEAREST)
    warped = cv2.warpAffine(big, rot, SIZE, flags=cv2.INTER_AREA)
    frame[mask > 0] = warped[mask > 0]


def _frame(
    rng: np.random.Generator,
    matrices: list[np.ndarray],
    spots: list[tuple[float, float, float]],
    view: tuple[float, float, bool],
) -> np.ndarray:
    """The markers at ``spots`` seen at ``view``: (px per mm, tilt, a hand over a third)."""
    scale, tilt, hand = view
    frame = np.full((SIZE[1], SIZE[0]), 120, np.uint8)
    for matrix, spot in zip(matrices, spots, strict=True):
        _stamp(frame, matrix, spot, MARKER_MM * scale)
    if hand:  # a blob over a third of the markers, like a forearm across the board
        for x, y, _ in spots[: len(spots) // 3]:
            cv2.circle(
                frame,
                (int(x + rng.uniform(-15, 15)), int(y)),
                int(MARKER_MM * scale * 0.45),
                150,
                -1,
            )
    if tilt:
        w, h = SIZE
        shrink = np.tan(np.radians(tilt)) * 0.25 * w
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        dst = np.float32([[shrink, 0], [w - shrink, 0], [w, h], [0, h]])
        frame = cv2.warpPerspective(
            frame, cv2.getPerspectiveTransform(src, dst), SIZE, borderValue=120
        )
    frame = cv2.GaussianBlur(frame, (0, 0), 0.7)
    noise = rng.normal(0, 3, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=30)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    detector = hex_board.detector()
    aruco = [np.pad(marker_matrix(10 + i), 1, constant_values=False) for i in range(26)]
    cards = deck_cards("fibonachos")[:26]
    payloads = [encode_payload(card) for card in cards]
    qr = [code_matrix(p, border=2) for p in payloads]  # a 2-module margin: 12 mm in all
    print(
        f"ArUco {MARKER_MODULES}x{MARKER_MODULES}+quiet: {MARKER_MM / 8:.2f} mm modules; "
        f"QR {qr[0].shape[0]} modules: {MARKER_MM / qr[0].shape[0]:.2f} mm modules"
    )
    print(
        f"{'px/mm':>5} {'tilt':>4} {'hand':>5} | {'ArUco read':>10} {'wrong':>5} {'ms':>5} | "
        f"{'QR read':>8} {'wrong':>5} {'ms':>5}"
    )
    for scale in SCALES:
        for tilt in TILTS:
            for hand in (False, True):
                rng = np.random.default_rng(int(scale * 10 + tilt))
                got = {"aruco": [0, 0, []], "qr": [0, 0, []]}
                visible = 0
                for _ in range(args.frames):
                    spots = _layout(rng, scale)
                    visible += 26 - (26 // 3 if hand else 0)
                    frame = _frame(rng, aruco, spots, (scale, tilt, hand))
                    start = time.perf_counter()
                    _, ids, _ = detector.detectMarkers(frame)
                    got["aruco"][2].append((time.perf_counter() - start) * 1000)
                    found = set() if ids is None else set(ids.ravel().tolist())
                    clear = set(range(10 + (26 // 3 if hand else 0), 36))
                    got["aruco"][0] += len(found & clear)
                    got["aruco"][1] += len(found - set(range(10, 36)))
                    frame = _frame(rng, qr, spots, (scale, tilt, hand))
                    start = time.perf_counter()
                    result = decode_image(frame)
                    got["qr"][2].append((time.perf_counter() - start) * 1000)
                    read = {d.payload for d in result.cards}
                    got["qr"][0] += len(read & set(payloads[26 // 3 if hand else 0 :]))
                    got["qr"][1] += len(read - set(payloads))
                row = f"{scale:5.1f} {tilt:4.0f} {'yes' if hand else 'no':>5} |"
                for name in ("aruco", "qr"):
                    count, wrong, times = got[name]
                    width = 10 if name == "aruco" else 8
                    median = statistics.median(times)
                    row += f" {count / visible:>{width}.0%} {wrong:5d} {median:5.1f} |"
                print(row.rstrip(" |"))


if __name__ == "__main__":
    main()
