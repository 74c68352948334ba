"""Make docs/rummy.md's pictures from the project's own synthetic rummy tables.

Each picture is a moment of a game of ``companion.synthetic.rummy_games`` played as
docs/rummy.md says (``companion.synthetic.rummy``), seen by the camera, with each
seat's zone outlined and named and an arrow the way its sets grow. Run from the
repository root (deterministic; small palette PNGs):

    .venv/bin/python docs/images/make_rummy_pictures.py
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
from PIL import Image as PILImage

from companion.synthetic.rummy import RummyTable, rummy_table
from companion.synthetic.rummy_games import TABLE_GAMES
from companion.synthetic.rummy_seats import picture_for
from companion.synthetic.scene import Place, Remove, Scene, Step
from companion.table.layout import rummy_layout

HERE = Path(__file__).resolve().parent
#: The pictures' width in the docs, and their colours (a palette keeps them small).
WIDTH = 960
COLOURS = 96
ZONE = (80, 220, 255)  # BGR: a warm yellow that reads on felt


def _table(name: str) -> tuple[RummyTable, Scene]:
    players = len(TABLE_GAMES[name]["players"])
    size = picture_for(players)
    scene = Scene(size, seed=7, card_width=190, noise=0.0)
    return rummy_table(TABLE_GAMES[name], scene), scene


def _annotate(image: np.ndarray, table: RummyTable, scene: Scene) -> np.ndarray:
    """Each zone outlined (as ``companion calibrate --write-layout`` or ``seats = N``
    makes it), its player named, an arrow from a set's base the way it grows."""
    width, height = scene.size
    out = image.copy()
    layout = rummy_layout([seat.side for seat in table.seats], scene.card_fraction())
    for seat, geometry in enumerate(table.seats):
        x0, y0, x1, y1 = layout.zones[seat].bounds()
        corners = (round(x0 * width) + 3, round(y0 * height) + 3)
        far = (round(x1 * width) - 3, round(y1 * height) - 3)
        cv2.rectangle(out, corners, far, ZONE, 4)
        bx, by = geometry.card(-0.42, 0)
        tx, ty = geometry.card(-0.42, 3)
        tail = (round(bx * width), round(by * height))
        tip = (round(tx * width), round(ty * height))
        cv2.arrowedLine(out, tail, tip, ZONE, 6, tipLength=0.3)
        name = f"{table.script.players[seat]}'s sets"
        label = _label_place(name, (corners[0] + 14, corners[1] + 44), (tail, tip))
        cv2.putText(out, name, label, _FONT, _SCALE, (0, 0, 0), 8, cv2.LINE_AA)
        cv2.putText(out, name, label, _FONT, _SCALE, ZONE, 3, cv2.LINE_AA)
    return out


_FONT, _SCALE = cv2.FONT_HERSHEY_SIMPLEX, 1.3


def _label_place(
    name: str, at: tuple[int, int], arrow: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[int, int]:
    """Where a zone's label goes (its baseline's left end): ``at``, or just below the
    zone's arrow when the label would be drawn across it (a left seat's arrow runs
    along the top of its zone, where the label is)."""
    (w, h), _base = cv2.getTextSize(name, _FONT, _SCALE, 8)
    xs, ys = [p[0] for p in arrow], [p[1] for p in arrow]
    reach = 30  # the arrow's line and head on either side of its ends
    apart = (
        at[0] + w < min(xs) - reach
        or at[0] > max(xs) + reach
        or at[1] < min(ys) - reach
        or at[1] - h > max(ys) + reach
    )
    return at if apart else (at[0], max(ys) + reach + h + 10)


def _save(image: np.ndarray, name: str) -> None:
    height = round(image.shape[0] * WIDTH / image.shape[1])
    small = cv2.resize(image, (WIDTH, height), interpolation=cv2.INTER_AREA)
    rgb = PILImage.fromarray(cv2.cvtColor(small, cv2.COLOR_BGR2RGB))
    rgb.quantize(COLOURS, method=PILImage.Quantize.MEDIANCUT).save(HERE / name, optimize=True)


def _until(steps: Sequence[Step], count: int, kind: type) -> list[Step]:
    """The steps up to (not including) the ``count``-th step of ``kind``."""
    seen = 0
    for index, step in enumerate(steps):
        if isinstance(step, kind):
            seen += 1
            if seen == count:
                return list(steps[:index])
    return list(steps)


def _frame_in(scene: Scene, steps: Sequence[Step], step: Step, at: int) -> np.ndarray:
    """Frame ``at`` of ``step`` played after ``steps`` (a hand mid-gesture)."""
    first = scene.count_frames(steps)
    for frame in scene.frames([*steps, step]):
        if frame.index == first + at:
            return frame.image
    raise ValueError("no such frame")


def main() -> None:
    two, scene2 = _table("rummy21-2p")
    steps2 = list(two.script.steps)
    playing = _until(steps2, 5, Remove)  # both seats opened, sets growing, some closed
    _save(_annotate(scene2.still(playing), two, scene2), "rummy-2p-sets.png")
    closing = _until(steps2, 2, Remove)  # Ana gathers her set on the bonus card
    gesture = steps2[len(closing)]
    assert isinstance(gesture, Remove)
    frame = _frame_in(scene2, closing, gesture, scene2.hand_frames - 1)
    _save(_annotate(frame, two, scene2), "rummy-closing.png")

    four, scene4 = _table("rummy21-4p")
    steps4 = list(four.script.steps)
    closings = sum(len(t["closed"]) for t in four.record["rounds"][0]["tables"])
    last = _until(steps4, closings, Remove)  # before Ana closes her last set and goes out
    _save(_annotate(scene4.still(last), four, scene4), "rummy-4p-sets.png")
    first_round = steps4[: four.round_starts[1]]
    last_card = max(i for i, s in enumerate(first_round) if isinstance(s, Place))
    counted = steps4[: last_card + 1]  # the hands laid out, before the table is cleared
    _save(_annotate(scene4.still(counted), four, scene4), "rummy-count.png")


if __name__ == "__main__":
    main()
