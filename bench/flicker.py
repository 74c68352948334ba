"""How many card codes each decoder reads under a lamp flickering with the mains.

    PYTHONPATH=$PWD .venv/bin/python bench/flicker.py

LED and fluorescent lamps flicker at twice the mains' frequency; a camera's rolling
shutter, with a short exposure, films that as bands of light and shade across the
picture (companion.synthetic.optics.Flicker: the bands 30% or 50% brighter and darker,
3.3 of them over the picture's height as a sensor read out in 1/30 s films a 100 Hz
flicker, or 6 for a slower read-out). The frames of the example trick
(examples/table/trick, 640x360) are banded so, each at another point of the bands'
drift, and every card code read is counted (corner codes and large ones: detections,
not cards), per decoder (card_codes.decode). The remedy is the camera's: a Pi camera's
``mains_hz`` (docs/camera.md) keeps each exposure to whole periods of the flicker.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.decode import decode_image
from companion.synthetic.optics import Flicker, banded

FRAMES = Path(__file__).resolve().parent.parent / "examples" / "table" / "trick"
LIGHTS = {
    "steady": None,
    "bands 30%, 3.3": Flicker(0.3),
    "bands 30%, 6": Flicker(0.3, 6.0),
    "bands 50%, 3.3": Flicker(0.5),
    "bands 50%, 6": Flicker(0.5, 6.0),
}


def main() -> None:
    frames: list[npt.NDArray[np.uint8]] = [
        np.asarray(cv2.imread(str(path)), dtype=np.uint8) for path in sorted(FRAMES.glob("*.jpg"))
    ]
    print(f"{len(frames)} frames {frames[0].shape[1]}x{frames[0].shape[0]}: codes read")
    print(f"{'light':<16} {'zxing':>6} {'pyzbar':>7}")
    for name, flicker in LIGHTS.items():
        counts = []
        for backend in ("zxing", "pyzbar"):
            read = 0
            for index, frame in enumerate(frames):
                shown = frame if flicker is None else banded(frame, flicker, index)
                read += len(decode_image(shown, backend=backend).cards)
            counts.append(read)
        print(f"{name:<16} {counts[0]:>6} {counts[1]:>7}")


if __name__ == "__main__":
    main()
