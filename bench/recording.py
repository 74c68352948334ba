"""What a recording of the camera costs (``[record]``, hardware.camera_record): the size
of one frame as the recorder writes it, and the CPU to encode it.

    PYTHONPATH=$PWD .venv/bin/python bench/recording.py

The real photos of tables in ../shared/bench/qr-photos (read from there, never copied)
are resized to 1920x1080 and encoded as the recorder does (JPEG, quality 95), and so
is a synthetic frame of the hex board at the docs' camera (3.3 px a mm, sensor noise).
Printed: the median and largest frame, what an hour at 5 frames a second takes, and
the median encoding time (one thread).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import cv2
import numpy as np

from companion.games.hex import START
from companion.synthetic.hex_scene import HexScene, Hold

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "bench" / "qr-photos"
SIZE = (1920, 1080)
QUALITY = 95
FPS = 5


def _encoded(image: np.ndarray) -> tuple[int, float]:
    began = time.process_time()
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    spent = (time.process_time() - began) * 1000
    assert ok
    return len(data), spent


def main() -> None:
    cv2.setNumThreads(1)
    sizes, times = [], []
    for path in sorted(PHOTOS.glob("*/*")):
        image = cv2.imread(str(path))
        if image is None:
            continue
        size, spent = _encoded(cv2.resize(image, SIZE, interpolation=cv2.INTER_AREA))
        sizes.append(size)
        times.append(spent)
    if not sizes:
        raise SystemExit(f"bench/recording.py: no photos in {PHOTOS}")
    median = statistics.median(sizes)
    hour = median * FPS * 3600 / 1e9
    print(
        f"{len(sizes)} photos at {SIZE[0]}x{SIZE[1]}, JPEG {QUALITY}: median "
        f"{median / 1024:.0f} KB, largest {max(sizes) / 1024:.0f} KB a frame; "
        f"{hour:.1f} GB an hour at {FPS} a second; encoding median "
        f"{statistics.median(times):.1f} ms"
    )
    scene = HexScene(SIZE, 3.3, seed=1, frames_per_step=1, noise=3.0)
    *_, frame = scene.frames(START, [Hold(1)])
    size, spent = _encoded(frame)
    print(f"synthetic hex board: {size / 1024:.0f} KB, {spent:.1f} ms")


if __name__ == "__main__":
    main()
