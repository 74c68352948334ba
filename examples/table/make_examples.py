"""Make the README's sample table: a photo for ``companion scan`` and a short recorded
table for ``companion replay``, drawn by the project's synthetic table (our own printed
cards, as ``companion demo`` draws them). Run from the repository root:

    .venv/bin/python examples/table/make_examples.py

``photo.jpg``: one trick of Fibonachos on the table (the spicy card and three plays)
and a Trump card beside it. ``trick/``: the first trick of
``examples/fibonachos/short.json`` put down card by card (15 JPEG frames), read back by
``companion replay examples/table/trick --game fibonachos --players Ana,Ben,Cy --dealer 3
--fps 5``. Both are deterministic (fixed seeds) and small.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2

from companion.synthetic.scene import Place, Scene, Wait
from companion.synthetic.scripts import table_script
from companion.synthetic.sprites import CardRef

HERE = Path(__file__).resolve().parent
RECORD = HERE.parent / "fibonachos" / "short.json"
#: The frames' size, the cards' width and the JPEG quality: codes of about 50 pixels.
SIZE = (640, 360)
CARD_WIDTH = 80
QUALITY = 80
#: Frames per second the recording is replayed at (a card lies still 3 frames).
FPS = 5


def first_tricks(count: int) -> dict[str, object]:
    """``short.json`` cut after its first ``count`` tricks (a record may stop there)."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    first = record["rounds"][0]
    first["tricks"] = first["tricks"][:count]
    record["rounds"] = [first]
    return dict(record)


def write_jpeg(path: Path, image: Any) -> None:
    if not cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY]):
        raise OSError(f"cannot write {path}")


def make_photo(scene: Scene) -> None:
    script = table_script(first_tricks(1))
    steps: list[Place | Wait] = [step for step in script.steps if isinstance(step, Place)]
    steps.append(Place(CardRef("trump", "B7"), 0.88, 0.75, 12.0, zone="", hand=False))
    write_jpeg(HERE / "photo.jpg", scene.still(steps))


def make_recording(scene: Scene) -> None:
    folder = HERE / "trick"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.jpg"):
        old.unlink()
    script = table_script(first_tricks(1))
    # Each card put down by a hand out of the picture (a few frames, not a film).
    steps = [replace(s, hand=False) for s in script.steps if isinstance(s, Place)]
    for frame in scene.frames([*steps, Wait(3)], fps=FPS):
        write_jpeg(folder / f"frame-{frame.index:04d}.jpg", frame.image)


def main() -> None:
    scene = Scene(SIZE, seed=12, card_width=CARD_WIDTH, settle=3, noise=1.0)
    make_photo(scene)
    make_recording(scene)


if __name__ == "__main__":
    main()
