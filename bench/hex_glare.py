"""What a lamp's glare on a glossy board does to the hex referee, and what the reader makes of it.

    PYTHONPATH=$PWD .venv/bin/python bench/hex_glare.py              # every part
    PYTHONPATH=$PWD .venv/bin/python bench/hex_glare.py --plain      # glare not looked for
    PYTHONPATH=$PWD .venv/bin/python bench/hex_glare.py --no-start   # the start never taken
                                                                     # through glare (before)

The synthetic board (companion.synthetic.hex_scene) under a lamp mirrored in a glossy
print (companion.synthetic.glare: a patch fixed in the picture, flat at its heart,
soft at its edge; strength 0.9 leaves a tenth of the contrast at its heart, 1 none
at its very heart, 1.5 none over most of it), 40 and 80 mm across.

1. One frame of H1's start, the glare over Black's pieces by b2, over White's by j5,
   and over a corner square, at 1280x720 (2.3 px a mm) and 1920x1080 (3.3): the
   pieces not read, those read on a wrong cell, the corner squares seen.
2. The reader (companion.table.hex_reader.BoardReader, 5 frames a second): the board
   seen whole, then pushed 108 mm so that Black's pieces by a1 come under the glare,
   and left there 6 s: the pieces said missing (the screen tells the players to put
   them back on their cells), kept under a "hand", and kept in glare.
3. The referee: the endgame video (companion.synthetic.hex_games: 8 moves, a refusal,
   a turn of 0 moves, Black's win) replayed with the glare fixed over the board's
   middle, where its moves are made, or over White's side: the pieces taken on their
   start cells in glare (companion.table.hex_start), and the record: as the video's,
   or how many of its moves were read before it differs.

4. No glare: the cells the camera check (companion.table.hex_calibration) calls in
   glare on boards without any, H1's start and 3 positions of the pieces on random
   cells, under the light, noise, tilt and paper the other benches use.

5. The start not made up: the endgame's start with White's strike piece on j5 knocked
   off the board before the first position, the glare over White's side: a piece
   taken on j5 in glare (made up), or nothing taken.

``--plain`` looks at the cells as before glare was known (companion.table.hex_cover:
a cell in glare judged by its neighbours, as a hand or something small, and a cell
with no detail left matched with its print all the same). ``--no-start`` takes no
piece of the start in glare (as before companion.table.hex_start).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from itertools import takewhile

import numpy as np

from card_codes.hex_board import CELL_CENTRES, FIDUCIALS
from companion.games.hex import START, Position, new_game
from companion.games.json_types import JSON
from companion.synthetic.curl import Curl
from companion.synthetic.glare import Glare
from companion.synthetic.hex_games import endgame_video, scattered
from companion.synthetic.hex_scene import (
    HexScene,
    HexStep,
    Hold,
    Knock,
    Light,
    Nudge,
    Rest,
    markers_of,
)
from companion.synthetic.optics import Flicker
from companion.synthetic.raised import Raised
from companion.table import hex_camera, hex_cover
from companion.table.hex_board import read_board
from companion.table.hex_calibration import check_board
from companion.table.hex_camera import HexCamera
from companion.table.hex_reader import BoardReader

SIZES = {"1280x720": ((1280, 720), 2.3), "1920x1080": ((1920, 1080), 3.3)}
GLARES = ((0.9, 40.0), (0.9, 80.0), (1.0, 40.0), (1.0, 80.0), (1.5, 40.0), (1.5, 80.0))
FPS = 5.0


def one_frame() -> None:
    """Part 1 (module docstring)."""
    truth = markers_of(START)
    corner = next((x, y) for marker, x, y in FIDUCIALS if marker == 0)
    print("1. one frame of the start: pieces not read / read on a wrong cell / corner squares")
    for size_name, (size, scale) in SIZES.items():
        places = {"b2": CELL_CENTRES["b2"], "j5": CELL_CENTRES["j5"], "corner": corner}
        for strength, mm in GLARES:
            cells = []
            for name, (x, y) in places.items():
                centre = HexScene(size, scale).where(x, y)
                scene = HexScene(size, scale, seed=2, glare=Glare(centre, mm, strength))
                *_, frame = scene.frames(START, [Hold(1)])
                reading = read_board(frame)
                lost = sum(reading.pieces.get(m) is None for m in truth)
                wrong = sum(reading.pieces.get(m) not in (c, None) for m, c in truth.items())
                cells.append(f"{name} {lost}/{wrong}/{reading.fiducials}")
            print(f"  {size_name}, glare {strength} {mm:.0f} mm: " + ", ".join(cells))


def nudged() -> None:
    """Part 2 (module docstring)."""
    size, scale = SIZES["1280x720"]
    print("2. the reader, the board pushed under the glare: said missing / hand / glare")
    for strength, mm in GLARES:
        probe = HexScene(size, scale)
        centre = probe.where(*CELL_CENTRES["a2"])
        scene = HexScene(size, scale, seed=4, frames_per_step=1, glare=Glare(centre, mm, strength))
        scene.pose = (size[0] / 2 + 90 * scale, size[1] / 2 + 60 * scale, 0.0)
        steps: list[HexStep] = [Hold(6), Nudge(-90.0, -60.0, 0.0), Hold(round(6 * FPS))]
        reader = BoardReader()
        missing: set[int] = set()
        hidden: set[int] = set()
        glared: set[int] = set()
        for index, frame in enumerate(scene.frames(START, steps)):
            reader.feed(frame, index / FPS)
            missing |= {m.marker for m in reader.missing}
            hidden |= set(reader.hidden)
            glared |= set(reader.glared)
        assert reader.reading is not None
        unread = sum(cell is None for cell in _cells(reader.reading.pieces, markers_of(START)))
        print(
            f"  glare {strength} {mm:.0f} mm: {unread} not read at the end; "
            f"{len(missing)} said missing, {len(hidden)} kept as under a hand, "
            f"{len(glared)} kept in glare"
        )


def _cells(pieces: dict[int, str | None], truth: dict[int, str]) -> Iterable[str | None]:
    return (pieces.get(marker) for marker in truth)


def refereed() -> None:
    """Part 3 (module docstring)."""
    video = endgame_video()
    truth = _moves(video.record["turns"])
    print("3. the endgame video replayed under the glare: pieces taken in glare at the start;")
    print("   the record")
    for where, cell in (("the middle (f6)", "f6"), ("White's side (j6)", "j6")):
        for strength, mm in GLARES:
            camera = _replay(video.start, video.script.steps, Glare(_at(cell), mm, strength))
            turns = camera.game.to_record()["turns"]
            read = _moves(turns)
            pairs = zip(read, truth, strict=False)
            same = len(list(takewhile(lambda pair: pair[0] == pair[1], pairs)))
            taken = sorted(camera.watch.glared_start.values())
            start = f"{len(taken)} ({', '.join(taken)})" if taken else "none"
            if camera.watch.last is None:
                start = "no position taken"
            result = "exact" if turns == video.record["turns"] else f"{same} of 8 moves read"
            print(f"  {where}, glare {strength} {mm:.0f} mm: start: {start}; record: {result}")


def _moves(turns: JSON) -> list[JSON]:
    """The moves of a record's ``turns``, in order."""
    moves: list[JSON] = []
    for turn in turns if isinstance(turns, list) else []:
        moves += turn if isinstance(turn, list) else []
    return moves


def _at(cell: str) -> tuple[float, float]:
    """Where ``cell`` lies in the picture (fractions), the board in its middle."""
    size, scale = SIZES["1280x720"]
    return HexScene(size, scale).where(*CELL_CENTRES[cell])


def _replay(start: Position, steps: list[HexStep], glare: Glare) -> HexCamera:
    """The endgame's camera (seed 7, 1280x720) over ``steps`` under ``glare``."""
    size, scale = SIZES["1280x720"]
    scene = HexScene(size, scale, seed=7, frames_per_step=1, glare=glare)
    camera = HexCamera(new_game(start=start), still_frames=3)
    for frame in scene.frames(start, steps):
        camera.frame(frame)
    return camera


def made_up() -> None:
    """Part 5 (module docstring)."""
    video = endgame_video()
    knocked = next(m for m, cell in markers_of(video.start).items() if cell == "j5")
    print("5. White's strike piece knocked off j5 before the start, the glare over j6:")
    for strength, mm in GLARES:
        camera = _replay(video.start, [Knock(knocked), Hold(12)], Glare(_at("j6"), mm, strength))
        taken = camera.watch.glared_start
        said = "j5 made up" if "j5" in taken.values() else "nothing made up"
        if camera.watch.last is None:
            said += ", no position taken"
        print(f"  glare {strength} {mm:.0f} mm: {said}")


NO_GLARE: dict[str, tuple[tuple[int, int], float, dict[str, object], list[HexStep]]] = {
    "1280x720": ((1280, 720), 2.3, {}, []),
    "1920x1080": ((1920, 1080), 3.3, {}, []),
    "1920x1080 tilted 12": ((1920, 1080), 3.3, {"tilt": 12.0}, []),
    "bright": ((1280, 720), 2.3, {}, [Light(1.25, -0.3, frames=1)]),
    "dim": ((1280, 720), 2.3, {}, [Light(0.55, 0.4, frames=1)]),
    "noisy": ((1280, 720), 2.3, {"noise": 6.0}, []),
    "flickering": ((1280, 720), 2.3, {"flicker": Flicker(0.3)}, []),
    "edges curled 20 mm, slanted": (
        (1920, 1080),
        3.3,
        {"curl": Curl(edge=20.0), "raised": Raised(0.0, (0.5, 1.0))},
        [],
    ),
    "hand on e5": ((1280, 720), 2.3, {}, [Rest("e5")]),
}


def no_glare() -> None:
    """Part 4 (module docstring)."""
    print("4. boards without glare: cells the camera check calls in glare")
    rng = np.random.default_rng(9)
    positions = [START, *(scattered(rng) for _ in range(3))]
    for name, (size, scale, options, steps) in NO_GLARE.items():
        called = 0
        for position in positions:
            scene = HexScene(size, scale, seed=6, frames_per_step=1, **options)  # type: ignore[arg-type]
            *_, frame = scene.frames(position, [*steps, Hold(1)])
            called += len(check_board(frame).glare)
        print(f"  {name}: {called} of {91 * len(positions)} cells")


def _no_glare(*_: object) -> bool:
    return False


def _nothing_taken(*_: object) -> dict[int, str]:
    return {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plain", action="store_true", help="glare not looked for")
    parser.add_argument("--no-start", action="store_true", help="no start taken in glare")
    parser.add_argument("--part", type=int, choices=(1, 2, 3, 4, 5), help="one part only")
    args = parser.parse_args()
    if args.plain:
        setattr(hex_cover, "_glare", _no_glare)  # noqa: B010
        setattr(hex_cover, "MIN_DETAIL", 0.0)  # noqa: B010
    if args.no_start:
        setattr(hex_camera, "glared_start", _nothing_taken)  # noqa: B010
    parts = {1: one_frame, 2: nudged, 3: refereed, 4: no_glare, 5: made_up}
    for number, part in parts.items():
        if args.part in (None, number):
            part()


if __name__ == "__main__":
    main()
