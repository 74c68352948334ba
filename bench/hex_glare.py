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
   glare on boards without any, and those a piece's code is seen on but not read
   (companion.table.hex_board.faint_codes), H1's start and 3 positions of the pieces on random
   cells, under the light, noise, tilt and paper the other benches use.

5. The start not made up: the endgame's start with White's strike piece on j5 knocked
   off the board before the first position, the glare over White's side (j6), then
   over j5 itself: a piece taken on j5 in glare (made up), or nothing taken; and of
   the cells with little detail left (companion.table.hex_cover.FAINT_DETAIL to
   MIN_DETAIL), how well those a piece lies on match their print, and bare j5 (the
   glare over j5, j6, f6 and b2).

6. A piece put down in the glare: Black's strike piece moved b2-c2, the glare over c2,
   at both sizes: the piece read or not, and the lamp found on the board with it
   (companion.table.hex_lamp: the cells named, c2 among them), the CPU time of
   that look (median of 20, one thread) and how white c2's outline is (its darkest
   fiftieth: 235 up, a reflection's heart); then the boards of part 4, without glare,
   and a white piece code down in a light too bright: the cells it names (none
   wanted) and the whitest outline.

7. A reflection's heart over one cell, told from an empty cell and from a piece turned
   code down by the cell's outline (companion.table.hex_cover): the darkest fiftieth
   of the band along the outline of every cell white all over with no piece read, on
   the boards of part 4 (highest) and in the hearts of the reflections of part 3
   (lowest), and, under the brightest light (gain 1.25 and 1.4), for a white piece
   turned code down on its cell.

``--plain`` looks at the cells as before glare was known (companion.table.hex_cover:
a cell in glare judged by its neighbours, as a hand or something small, and a cell
with no detail left matched with its print all the same). ``--no-start`` takes no
piece of the start in glare (as before companion.table.hex_start).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterable, Iterator
from itertools import takewhile

import cv2
import numpy as np
import numpy.typing as npt

from card_codes.hex_board import CELL_CENTRES, FIDUCIALS
from companion.games.hex import START, Position, new_game
from companion.games.json_types import JSON
from companion.synthetic.curl import Curl
from companion.synthetic.glare import Glare
from companion.synthetic.hex_games import endgame_video, scattered
from companion.synthetic.hex_scene import (
    Away,
    Flip,
    HexScene,
    HexStep,
    Hold,
    Knock,
    Lift,
    Light,
    Nudge,
    Put,
    Rest,
    markers_of,
)
from companion.synthetic.optics import Flicker
from companion.synthetic.raised import Raised
from companion.table import hex_camera, hex_cover
from companion.table.hex_board import BoardReading, read_board
from companion.table.hex_calibration import check_board
from companion.table.hex_camera import HexCamera
from companion.table.hex_lamp import lamp_cells, outline_level
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
    print("5. White's strike piece knocked off j5 before the start, the glare over j6 (j5):")
    for where, strength, mm in [*(("j6", *g) for g in GLARES), *(("j5", *g) for g in GLARES)]:
        camera = _replay(video.start, [Knock(knocked), Hold(12)], Glare(_at(where), mm, strength))
        taken = camera.watch.glared_start
        said = "j5 made up" if "j5" in taken.values() else "nothing made up"
        if camera.watch.last is None:
            said += ", no position taken"
        print(f"  over {where}, glare {strength} {mm:.0f} mm: {said}")
    pieces, bare = _faint_prints(video.start, knocked)
    print(
        f"  cells with little detail ({hex_cover.FAINT_DETAIL}-{hex_cover.MIN_DETAIL}) "
        f"matching their print: a piece's {pieces:.2f} at most, bare j5's {bare}"
    )


def _faint_prints(start: Position, knocked: int) -> tuple[float, str]:
    """Of the cells no piece is read on, with detail left between FAINT_DETAIL and
    MIN_DETAIL (companion.table.hex_cover), in the frames of part 5 at both sizes (and
    with the glare over the middle, f6, and Black's side, b2): the best match with its
    print of one a piece lies on, and bare j5's matches."""
    pieces, bare = 0.0, []
    occupied = {cell for marker, cell in markers_of(start).items() if marker != knocked}
    for size, scale in SIZES.values():
        for where in ("j5", "j6", "f6", "b2"):
            for strength, mm in GLARES:
                glare = Glare(HexScene(size, scale).where(*CELL_CENTRES[where]), mm, strength)
                scene = HexScene(size, scale, seed=7, frames_per_step=1, glare=glare)
                *_, frame = scene.frames(start, [Knock(knocked), Hold(1)])
                reading = read_board(frame)
                assert reading.view is not None
                read = {cell for cell in reading.pieces.values() if cell is not None}
                for cell in CELL_CENTRES.keys() - read:
                    detail, match = _detail(frame, reading, cell)
                    if hex_cover.FAINT_DETAIL <= detail < hex_cover.MIN_DETAIL:
                        if cell in occupied:
                            pieces = max(pieces, match)
                        elif cell == "j5":
                            bare.append(f"{match:.2f}")
    return pieces, ", ".join(bare) or "none"


def _detail(frame: npt.NDArray[np.uint8], reading: BoardReading, cell: str) -> tuple[float, float]:
    """``cell``'s detail left once the light is taken out (root mean square) and its
    match with its print, however little detail is left."""
    assert reading.view is not None
    shift = hex_cover._shift(reading.view, cell, reading.parallax)
    printed = hex_cover._print(cell, shift, hex_cover._down(reading.view, cell, shift))
    values = hex_cover._patch(frame, reading.view, cell, shift).ravel()[printed.runs[0]]
    light = printed.lights[0]
    rest = values - light @ (light.T @ values)
    length = float(np.sqrt(rest @ rest))
    match = float(rest @ printed.prints[0]) / length if length else 0.0
    return length / np.sqrt(len(rest)), match


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
    print("4. boards without glare: cells the camera check calls in glare / with a faint code")
    for name in NO_GLARE:
        frames = list(_without_glare(name))
        called = sum(len(check_board(frame).glare) for frame in frames)
        faint = sum(len(read_board(frame).faint) for frame in frames)
        print(f"  {name}: {called} / {faint} of {91 * BOARDS} cells")


#: The positions each board of part 4 is shown with.
BOARDS = 4


def _without_glare(name: str) -> Iterator[npt.NDArray[np.uint8]]:
    """The frames of the board ``name`` of :data:`NO_GLARE`: H1's start and 3 positions
    of the pieces on random cells."""
    size, scale, options, steps = NO_GLARE[name]
    rng = np.random.default_rng(9)
    for position in [START, *(scattered(rng) for _ in range(BOARDS - 1))]:
        scene = HexScene(size, scale, seed=6, frames_per_step=1, **options)  # type: ignore[arg-type]
        *_, frame = scene.frames(position, [*steps, Hold(1)])
        yield frame


def put_in_glare() -> None:
    """Part 6 (module docstring)."""
    cv2.setNumThreads(1)
    print("6. b2-c2 into the glare: the piece read / the lamp found (cells, c2 in them) / ms")
    steps: list[HexStep] = [Hold(1), Lift(16), Put(16, "c2"), Away(), Hold(2)]
    for size_name, (size, scale) in SIZES.items():
        for strength, mm in GLARES:
            glare = Glare(HexScene(size, scale).where(*CELL_CENTRES["c2"]), mm, strength)
            scene = HexScene(size, scale, seed=4, frames_per_step=1, glare=glare)
            *_, frame = scene.frames(START, steps)
            reading = read_board(frame)
            assert reading.view is not None
            times = []
            for _ in range(20):
                began = time.process_time()
                cells = lamp_cells(frame, reading.view)
                times.append((time.process_time() - began) * 1000)
            read = "read" if reading.pieces.get(16) == "c2" else "not read"
            found = f"{len(cells)} cells, c2 {'in' if 'c2' in cells else 'not in'}"
            level = outline_level(frame, reading.view, "c2")
            print(
                f"  {size_name}, glare {strength} {mm:.0f} mm: {read}; "
                f"{found if cells else 'no lamp'}; {statistics.median(times):.1f} ms; "
                f"c2's outline {level:.0f}"
            )
    named, whitest = 0, 0.0
    for frame in (frame for name in NO_GLARE for frame in _without_glare(name)):
        reading = read_board(frame)
        assert reading.view is not None
        named += len(lamp_cells(frame, reading.view))
        whitest = max(whitest, *(outline_level(frame, reading.view, c) for c in CELL_CENTRES))
    print(
        f"  the {len(NO_GLARE) * BOARDS} boards without glare: {named} cells named; "
        f"the whitest outline {whitest:.0f}"
    )
    white = next(m for m, cell in markers_of(START).items() if cell == "j6")
    for gain in (1.25, 1.4):
        scene = HexScene(SIZES["1280x720"][0], 2.3, seed=6, frames_per_step=1)
        *_, frame = scene.frames(START, [Light(gain, 0.0, frames=1), Flip(white), Hold(1)])
        reading = read_board(frame)
        assert reading.view is not None
        cells = lamp_cells(frame, reading.view)
        level = outline_level(frame, reading.view, "j6")
        print(
            f"  white strike code down on j6, light {gain}: {len(cells)} cells named; {level:.0f}"
        )


def outlines() -> None:
    """Part 7 (module docstring)."""
    print(
        f"7. the outline's darkest fiftieth in cells white all over (glare: {hex_cover.WHITE} up)"
    )
    highest = max(
        ring for name in NO_GLARE for frame in _without_glare(name) for ring in _rings(frame)
    )
    print(f"  the {len(NO_GLARE) * BOARDS} boards without glare: {highest:.0f} at most")
    video = endgame_video()
    lowest = 255.0
    for size, scale in SIZES.values():
        for cell in ("f6", "j6"):
            for strength, mm in GLARES[2:]:  # strength 1 and 1.5: white hearts
                glare = Glare(HexScene(size, scale).where(*CELL_CENTRES[cell]), mm, strength)
                scene = HexScene(size, scale, seed=7, frames_per_step=1, glare=glare)
                *_, frame = scene.frames(video.start, [Hold(1)])
                lowest = min([lowest, *_rings(frame, [cell])])
    print(f"  the reflections' hearts (f6, j6; 40 and 80 mm, 1 and 1.5): {lowest:.0f} at least")
    white = next(m for m, cell in markers_of(START).items() if cell == "j6")
    for gain in (1.25, 1.4):
        scene = HexScene(SIZES["1280x720"][0], 2.3, seed=6, frames_per_step=1)
        *_, frame = scene.frames(START, [Light(gain, 0.0, frames=1), Flip(white), Hold(1)])
        reading = read_board(frame)
        assert reading.view is not None
        read = {cell for cell in reading.pieces.values() if cell is not None}
        seen = hex_cover.look(frame, reading.view, "j6", read, reading.parallax)
        ring = _rings(frame, ["j6"], white_only=False)
        print(f"  white strike code down on j6, light {gain}: {seen.cover.value}, {ring[0]:.0f}")


def _rings(
    frame: npt.NDArray[np.uint8], cells: list[str] | None = None, *, white_only: bool = True
) -> list[float]:
    """The outline band's darkest fiftieth of ``cells`` (None: every cell no piece is
    read on) white all over in ``frame``."""
    reading = read_board(frame)
    assert reading.view is not None
    view, parallax = reading.view, reading.parallax
    read = {cell for cell in reading.pieces.values() if cell is not None}
    found = []
    for cell in cells if cells is not None else [c for c in CELL_CENTRES if c not in read]:
        shift = hex_cover._shift(view, cell, parallax)
        printed = hex_cover._print(cell, shift, hex_cover._down(view, cell, shift))
        patch = hex_cover._patch(frame, view, cell, shift).ravel()
        if not white_only or hex_cover._white(patch[printed.runs[0]]):
            found.append(float(np.percentile(patch[printed.ring], 2)))
    return found


def _no_glare(*_: object) -> bool:
    return False


def _nothing_taken(*_: object) -> dict[int, str]:
    return {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plain", action="store_true", help="glare not looked for")
    parser.add_argument("--no-start", action="store_true", help="no start taken in glare")
    parser.add_argument("--part", type=int, choices=range(1, 8), help="one part only")
    args = parser.parse_args()
    if args.plain:
        setattr(hex_cover, "_glare", _no_glare)  # noqa: B010
        setattr(hex_cover, "MIN_DETAIL", 0.0)  # noqa: B010
    if args.no_start:
        setattr(hex_camera, "glared_start", _nothing_taken)  # noqa: B010
    parts = {
        1: one_frame,
        2: nudged,
        3: refereed,
        4: no_glare,
        5: made_up,
        6: put_in_glare,
        7: outlines,
    }
    for number, part in parts.items():
        if args.part in (None, number):
            part()


if __name__ == "__main__":
    main()
