"""What is faint under a lamp's reflection (issue 24; RULES.md H1): a piece's code at its
soft edge, seen but too faint to read (companion.table.hex_board.faint_codes,
companion.table.hex_start): the start is taken when every piece not seen has its code
seen on its start cell, and never when one of those cells may be bare; and a bare
cell's print under a reflection that leaves a tenth of the contrast
(companion.table.hex_cover): empty, no piece made up there (bench/hex_glare.py parts 3
and 5)."""

from __future__ import annotations

from card_codes.hex_board import CELL_CENTRES
from companion.games.hex import START, new_game
from companion.synthetic.glare import Glare
from companion.synthetic.hex_games import endgame_video
from companion.synthetic.hex_scene import Flip, HexScene, HexStep, Hold, Knock, Light, markers_of
from companion.table.hex_board import read_board
from companion.table.hex_camera import HexCamera
from companion.table.hex_cover import Cover, look

SIZE = (1280, 720)
SCALE = 2.3


def _camera(cell: str, mm: float, strength: float, steps: list[HexStep]) -> HexCamera:
    """The endgame's camera (seed 7, as bench/hex_glare.py) over ``steps`` from its start
    under a reflection ``mm`` across over ``cell``."""
    video = endgame_video()
    glare = Glare(HexScene(SIZE, SCALE).where(*CELL_CENTRES[cell]), mm, strength)
    scene = HexScene(SIZE, SCALE, seed=7, frames_per_step=1, glare=glare)
    camera = HexCamera(new_game(start=video.start), still_frames=3)
    for frame in scene.frames(video.start, steps):
        camera.frame(frame)
    return camera


def test_the_endgame_under_a_faint_4_cm_reflection_starts_and_replays_exactly() -> None:
    """Issue 24, H1-H4 (bench/hex_glare.py part 3): a reflection 4 cm across that leaves a
    tenth of the contrast (strength 0.9) over White's side fades the codes of White's
    pieces on j7 and k5: never read, their cells neither bare nor white, so the start
    was never taken (no position, nothing refereed). Their codes are seen there, not
    read: the start is taken with both on their cells, and every move, the refusal,
    the turn of 0 moves and Black's win are refereed into the video's exact record."""
    video = endgame_video()
    camera = _camera("j6", 40.0, 0.9, video.script.steps)
    assert sorted(camera.watch.glared_start.values()) == ["j7", "k5"]
    assert camera.game.to_record()["turns"] == video.record["turns"]


def test_a_faint_code_is_found_on_its_cell_and_a_piece_code_down_is_none() -> None:
    """Issue 24: under that reflection the codes on j7 and k5 are seen, not read; on a
    board without glare, a black and a white piece turned code down on their cells, in
    a plain and a too bright light, show no code there (their backs are no marker's
    square; in the too bright light the code of White's piece on k4, not read, is
    seen)."""
    glare = Glare(HexScene(SIZE, SCALE).where(*CELL_CENTRES["j6"]), 40.0, 0.9)
    scene = HexScene(SIZE, SCALE, seed=7, frames_per_step=1, glare=glare)
    *_, frame = scene.frames(endgame_video().start, [Hold(1)])
    assert {"j7", "k5"} <= set(read_board(frame).faint)
    cells = markers_of(START)
    black, white = (next(m for m, cell in cells.items() if cell == at) for at in ("b2", "j6"))
    for gain in (1.0, 1.4):
        plain = HexScene(SIZE, SCALE, seed=6, frames_per_step=1)
        steps: list[HexStep] = [Light(gain, 0.0, frames=1), Flip(black), Flip(white), Hold(1)]
        *_, frame = plain.frames(START, steps)
        reading = read_board(frame)
        assert reading.pieces.get(black) is None and reading.pieces.get(white) is None
        assert not {"b2", "j6"} & set(reading.faint)


def test_a_start_cell_emptied_under_a_reflections_heart_is_not_filled_by_faint_codes() -> None:
    """Issue 24, H1 (bench/hex_glare.py part 5): White's strike piece is knocked off j5
    under a reflection 4 cm across whose white heart lies on j5; the codes round it
    (j6, k4, k5) are faint. Bare, j5 is as white as a piece's cell there: faint codes
    take the start only when every piece not seen has its code seen, so nothing is
    taken and no piece is made up on j5."""
    knocked = next(m for m, cell in markers_of(endgame_video().start).items() if cell == "j5")
    camera = _camera("j5", 40.0, 1.0, [Knock(knocked), Hold(12)])
    assert camera.watch.last is None
    assert camera.watch.glared_start == {}


def test_a_start_cell_emptied_under_a_faint_reflection_shows_its_print() -> None:
    """Issue 24, H1 (bench/hex_glare.py part 5): White's strike piece is knocked off j5
    under a reflection 8 cm across centred on j5 that leaves a tenth of the contrast
    (strength 0.9). The bare cell keeps too little detail to be matched as it was
    (taken for glare: the start was taken with a piece made up on j5), but what is
    left is its print (companion.table.hex_cover.FAINT_MATCH): empty, so nothing is
    taken and no piece is made up."""
    knocked = next(m for m, cell in markers_of(endgame_video().start).items() if cell == "j5")
    glare = Glare(HexScene(SIZE, SCALE).where(*CELL_CENTRES["j5"]), 80.0, 0.9)
    scene = HexScene(SIZE, SCALE, seed=7, frames_per_step=1, glare=glare)
    *_, frame = scene.frames(endgame_video().start, [Knock(knocked), Hold(1)])
    reading = read_board(frame)
    assert reading.view is not None
    read = {cell for cell in reading.pieces.values() if cell is not None}
    assert look(frame, reading.view, "j5", read).cover is Cover.EMPTY
    camera = _camera("j5", 80.0, 0.9, [Knock(knocked), Hold(12)])
    assert "j5" not in camera.watch.glared_start.values()
    assert camera.watch.last is None
