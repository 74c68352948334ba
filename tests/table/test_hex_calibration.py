"""Checking the camera over the printed hex board (issue 24 part 2: the board from its
fiducials, each piece's cell; RULES.md H1's start) before a game is refereed."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from bench_modules import bench
from hex_pasted import on_cell, paste

from companion.cli import main
from companion.games.hex import START
from companion.synthetic.hex_scene import Away, HexScene, HexStep, Hold, Lift, Put, markers_of
from companion.table.hex_board import read_board
from companion.table.hex_calibration import (
    BoardCheck,
    Hidden,
    PieceSeen,
    board_advice,
    board_line,
    board_lines,
    check_board,
)
from companion.table.hex_check_picture import (
    COPY_COLOUR,
    CORNER_COLOUR,
    HIDDEN_COLOUR,
    OFF_COLOUR,
    PIECE_COLOUR,
    draw_board,
)
from companion.table.hex_sharpness import BLURRED

Frame = np.ndarray


def _scene(
    size: tuple[int, int] = (1920, 1080),
    scale: float = 3.3,
    *,
    tilt: float = 12.0,
    defocus: float = 0.0,
    shift: tuple[float, float] = (7.0, -5.0),
) -> HexScene:
    scene = HexScene(size, scale, seed=3, tilt=tilt, frames_per_step=1, defocus=defocus)
    scene.pose = (size[0] / 2 + shift[0], size[1] / 2 + shift[1], 8.0)
    scene.scale_board(0.9)
    return scene


def _frame(scene: HexScene, *steps: HexStep) -> Frame:
    *_, frame = scene.frames(START, [*steps, Hold(1)])
    return frame


@functools.cache
def _start_frame() -> Frame:
    """The recommended camera (1920x1080, 3 px a mm, slanted 12 degrees) over H1's start."""
    return _frame(_scene())


def test_a_well_placed_camera_reads_every_piece_on_its_start_cell() -> None:
    """H1: the 26 pieces on their start cells, the whole board seen, no advice."""
    check = check_board(_start_frame())
    assert check.found and check.inside and check.corners == (0, 1, 2, 3, 4, 5)
    assert {piece.marker: piece.cell for piece in check.pieces} == markers_of(START)
    assert check.position == START and check.not_seen == [] and check.advice == []
    smallest, median = check.px_per_mm
    assert 2.6 < smallest < median < 3.1  # 3.3 px a mm at 0.9 of the size, slanted
    assert check.sharpness > 0.55
    lines = board_lines(check)
    assert "pieces: 26 of 26 read on cells: as the game starts" in lines
    assert lines[-1] == "advice: none, the camera looks right"


def test_the_scale_is_the_boards_millimetres_in_the_picture() -> None:
    """A board drawn flat at 2.5 px a mm spans 2.5 px a mm at every cell."""
    from card_codes.hex_pictures import board_image

    check = check_board(board_image(2.5))
    assert check.px_per_mm == pytest.approx((2.5, 2.5), abs=0.02)


def test_a_camera_too_high_is_told_to_come_lower() -> None:
    """At 2 px a mm the pieces are missed under a slant (README "The hex board")."""
    check = check_board(_frame(_scene((1280, 720), 2.3, tilt=0.0)))
    assert check.px_per_mm[0] == pytest.approx(2.07, abs=0.05)
    assert any(
        "small in the picture" in line and "lower the camera" in line for line in check.advice
    )


def test_a_camera_out_of_focus_is_told_to_focus() -> None:
    """Below the blur threshold no move is judged: the check says so, with the figures."""
    soft = check_board(_frame(_scene(defocus=1.9)))
    assert soft.sharpness < BLURRED
    assert any("too soft to judge moves" in line for line in soft.advice)
    assert any("focus the camera" in line for line in soft.advice)
    a_little = check_board(_frame(_scene(defocus=0.9)))
    assert a_little.sharpness >= BLURRED
    assert any("a little soft" in line for line in a_little.advice)


def test_a_piece_in_a_hand_is_not_seen_and_one_set_aside_is_off_the_board() -> None:
    """A piece taken away is named as not seen; a token lying on the table beside
    the board is read off the board and named."""
    scene = _scene()
    frame = _frame(scene, Lift(11), Away(), Lift(12), Away()).copy()
    token, mask = scene.tokens[11], scene.mask  # strike 1 set down on the table
    frame[40 : 40 + token.shape[0], 40 : 40 + token.shape[1]][mask] = token[mask]
    check = check_board(frame)
    assert check.not_seen == ["black strike 2"]
    assert check.off_board == ["black strike 1"]
    assert check.position is None
    advice = " / ".join(check.advice)
    assert "1 piece not seen (black strike 2)" in advice
    assert "1 piece off the board (black strike 1)" in advice
    assert "pieces: 24 of 26 read on cells" in board_lines(check)


def test_part_of_the_board_outside_the_picture() -> None:
    """A board half out of the picture: found from the corner squares seen, and said."""
    check = check_board(_frame(_scene(tilt=0.0, shift=(800.0, 0.0))))
    assert check.found and not check.inside
    assert 2 <= check.corners_seen < 6
    advice = " / ".join(check.advice)
    assert "outside the picture" in advice and "(top right, right, bottom right)" in advice
    assert "the left and right squares are each taped from two halves" in advice


def test_no_board_says_what_to_look_for() -> None:
    check = check_board(np.full((720, 1280, 3), 120, dtype=np.uint8))
    assert not check.found and check.corners_seen == 0
    assert check.advice[0].startswith("the board is not found: 0 of its 6 corner squares seen")
    assert board_lines(check)[1] == "board: not found (0 of 6 corner squares)"


def test_the_drawing_marks_the_board_its_corner_squares_and_each_piece() -> None:
    """What a person looks at: each piece's marker outlined in green with its cell, a
    piece off the board in orange, the corner squares in blue."""
    frame = _start_frame()
    check = check_board(frame)
    picture = draw_board(frame, check)
    assert picture.shape == frame.shape

    def coloured(colour: tuple[int, int, int]) -> int:
        return int(np.all(picture == colour, axis=2).sum())

    assert coloured(PIECE_COLOUR) > 26 * 40
    assert coloured(CORNER_COLOUR) > 6 * 40
    assert coloured(OFF_COLOUR) == 0
    assert np.array_equal(draw_board(frame, check), picture)  # the frame itself is untouched


def test_as_json_for_scripts() -> None:
    check = check_board(_start_frame())
    data = json.loads(json.dumps(check.as_json()))
    assert data["board_found"] is True and data["start_position"] is True
    assert data["pieces"]["white centre"] == "k6" and data["not_seen"] == []
    assert data["judged_from"] == BLURRED and data["advice"] == []


def test_calibrate_board_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``companion calibrate --board``: the summary, the picture, and JSON."""
    source, out = tmp_path / "board.png", tmp_path / "check.png"
    cv2.imwrite(str(source), _start_frame())
    assert main(["calibrate", "--board", "--source", str(source), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[:2] == [
        "frame: 1920x1080",
        "board: found, 6 of 6 corner squares, all of it in the picture",
    ]
    assert printed[-2:] == ["advice: none, the camera looks right", f"wrote {out}"]
    assert cv2.imread(str(out)).shape == (1080, 1920, 3)
    assert main(["calibrate", "--board", "--source", str(source), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["start_position"] is True and data["out"] is None


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--layout", "t.toml"], "--layout is for the cards' table; --board checks the hex board"),
        (["--players", "2"], "--players is for the cards' table; --board checks the hex board"),
        (["--out", "x.jpg"], "--out x.jpg: write a .png"),
    ],
)
def test_calibrate_board_refuses_the_cards_options_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    source = tmp_path / "board.png"
    cv2.imwrite(str(source), np.zeros((10, 10, 3), dtype=np.uint8))
    assert main(["calibrate", "--board", "--source", str(source), *extra]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"companion calibrate: {message}"]


def test_board_check_of_a_greyscale_frame() -> None:
    grey = np.asarray(cv2.cvtColor(_start_frame(), cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    check: BoardCheck = check_board(grey)
    assert check.position == START
    assert draw_board(grey, check).shape == (1080, 1920, 3)


def test_the_cameras_part_of_the_advice_leaves_the_pieces_out() -> None:
    """The daemon's log at a position taken: every piece was seen over the frames, so
    only the camera's advice (size, sharpness) is given, and the line has no count."""
    scene = _scene((1280, 720), 2.3, tilt=0.0)
    check = check_board(_frame(scene, Lift(11), Away()))
    assert [line for line in check.advice if "not seen" in line]
    camera = board_advice(check, pieces=False)
    assert len(camera) == 1 and camera[0].startswith("the board is small in the picture")
    assert board_line(check, pieces=False).endswith("sharpness 0.59 (judged from 0.30)")
    assert board_line(check).endswith("pieces read on cells in this frame")


@functools.cache
def _copied_frame() -> Frame:
    """H1's start with a copy of Black's strike piece 6 (on b2) put down on e5."""
    frame = _start_frame().copy()
    paste(_scene(), frame, 16, on_cell(_scene(), "e5"))
    return frame


def test_a_copy_of_a_token_on_a_cell_is_named_with_its_two_cells() -> None:
    """H1's start with a copy of Black's strike piece 6 (on b2) put down on e5: the
    check names the piece and both cells, and asks for the copy to be taken away
    (before, it was one of the pieces "not seen", to be put on the board)."""
    check = check_board(_copied_frame())
    assert check.twice == {"black strike 6": ("b2", "e5")}
    assert check.not_seen == [] and check.hidden == {} and check.position is None
    lines = board_lines(check)
    assert "pieces: 25 of 26 read on cells, black strike 6 seen twice (b2 and e5)" in lines
    assert check.advice == [
        "black strike 6 seen on b2 and e5: a copy of its token; take the copy away"
    ]
    data = json.loads(json.dumps(check.as_json()))
    assert data["twice"] == {"black strike 6": ["b2", "e5"]} and data["not_seen"] == []


def test_the_drawing_marks_a_piece_seen_twice_at_both_its_cells() -> None:
    """What a person looks at with the copy of Black's strike piece 6 on e5 (H1's
    start): the piece's code outlined on b2 and on e5 in the copies' own colour, the
    places joined (before: neither drawn, though the summary named both cells)."""
    scene, frame = _scene(), _copied_frame()
    picture = draw_board(frame, check_board(frame))
    plain = draw_board(_start_frame(), check_board(_start_frame()))
    assert not np.all(plain == COPY_COLOUR, axis=2).any()

    def coloured(cell: str, colour: tuple[int, int, int]) -> int:
        x, y = (round(v) for v in on_cell(scene, cell))
        return int(np.all(picture[y - 20 : y + 20, x - 20 : x + 20] == colour, axis=2).sum())

    for cell in ("b2", "e5"):
        assert coloured(cell, COPY_COLOUR) > 4 * 25, cell  # its code's outline
        assert coloured(cell, PIECE_COLOUR) == 0, cell
    assert coloured("c3", COPY_COLOUR) > 0  # on the line from b2 to e5


def test_a_token_put_down_over_its_neighbour_is_named_with_the_piece_it_hides() -> None:
    """H1's start with White's support piece 2 pushed 4.5 mm over White's support piece 1
    on e3 (bench/hex_overlap.py: from 3.5 mm the token underneath loses its code): the
    check says which piece lies over which, to move them apart (before: "1 piece not
    seen (white support 1): put every piece on the board, code up", though it was)."""
    off = bench("hex_overlap").towards("f4", "e3", 4.5)
    check = check_board(_frame(_scene(), Lift(31), Put(31, "f4", off=off), Away()))
    assert check.not_seen == ["white support 1"]
    assert check.hidden == {"white support 1": Hidden("e3", "white support 2")}
    lines = board_lines(check)
    assert "pieces: 25 of 26 read on cells, white support 1 hidden under white support 2" in lines
    assert check.advice == [
        "white support 2 lies over white support 1's cell e3 and hides its code: move them "
        "apart, each piece in the middle of its cell"
    ]
    data = json.loads(json.dumps(check.as_json()))
    assert data["hidden"] == {"white support 1": {"cell": "e3", "under": "white support 2"}}
    assert data["not_seen"] == ["white support 1"]


def test_a_hidden_piece_of_a_kind_with_two_not_read_is_not_named_as_either() -> None:
    """H1's start with Black's support piece 1 (d9) taken away, support piece 3's token
    put on d9 in its place and support piece 4 pushed 4.5 mm over it from e9: two black
    supports are not read and which lies on d9 cannot be told, so neither is named for
    it (before: "black support 4 lies over black support 1's cell d9" and "1 piece not
    seen (black support 3)", both the wrong way round: the tokens were matched to the
    start cells in marker order)."""
    off = bench("hex_overlap").towards("e9", "d9", 4.5)
    steps = (Lift(17), Away(), Lift(19), Put(19, "d9"), Away(), Lift(20), Put(20, "e9", off=off))
    check = check_board(_frame(_scene(), *steps, Away()))
    assert check.not_seen == ["black support 1", "black support 3"] and check.hidden == {}
    assert set(check.hidden_cells) == {"d9"}  # outlined in the picture
    assert check.hidden_one_of == [
        Hidden("d9", "black support 4", ("black support 1", "black support 3"))
    ]
    lines = board_lines(check)
    assert (
        "pieces: 24 of 26 read on cells, black support 1 or 3 hidden under black support 4" in lines
    )
    assert check.advice == [
        "black support 4 lies over d9 and hides the code of black support 1 or 3, whichever "
        "is there: move them apart, each piece in the middle of its cell",
        "1 piece not seen (black support 1 or 3): put every piece on the board, code up; if "
        "they are there, the camera is too high, soft, or the light glares on them",
    ]
    data = json.loads(json.dumps(check.as_json()))
    assert data["hidden"] == {} and data["not_seen"] == ["black support 1", "black support 3"]
    assert data["hidden_one_of"] == [
        {"cell": "d9", "under": "black support 4", "one_of": ["black support 1", "black support 3"]}
    ]


def test_the_drawing_outlines_the_cell_of_a_hidden_piece() -> None:
    """What a person looks at when the check says "white support 1 hidden under white
    support 2" (support 2 pushed 4.5 mm over e3): e3's hexagon outlined in the hidden
    colour, with its label (before: nothing drawn at e3, though the summary named it)."""
    scene, off = _scene(), bench("hex_overlap").towards("f4", "e3", 4.5)
    frame = _frame(scene, Lift(31), Put(31, "f4", off=off), Away())
    check = check_board(frame)
    assert check.hidden and set(check.hidden_cells) == {"e3"}
    picture = draw_board(frame, check)
    plain = draw_board(_start_frame(), check_board(_start_frame()))
    assert not np.all(plain == HIDDEN_COLOUR, axis=2).any()
    hexagon = np.array(check.hidden_cells["e3"])
    x, y = (round(v) for v in on_cell(scene, "e3"))
    reach = round(float(np.abs(hexagon - (x, y)).max())) + 4
    around = picture[y - reach : y + reach, x - reach : x + reach]
    assert np.all(around == HIDDEN_COLOUR, axis=2).sum() > 6 * 30  # its six sides
    assert np.all(picture == HIDDEN_COLOUR, axis=2).sum() > 6 * 30 + 40  # and "e3 hidden"


def test_the_pieces_not_seen_of_a_kind_partly_hidden_are_counted_not_named() -> None:
    """Three black supports not read, one of them hidden on d9 (H1's start cell of one
    of them): the other two are counted among the three, not named."""
    unread = ("black support 1", "black support 3", "black support 5")
    read = [PieceSeen(m, c, ()) for m, c in markers_of(START).items() if m not in (17, 19, 21)]
    check = BoardCheck((1920, 1080), found=True, inside=True, pieces=read)
    check.px_per_mm, check.sharpness = (3.0, 3.0), 0.6
    check.hidden_one_of = [Hidden("d9", "black support 4", unread)]
    assert board_advice(check)[-1].startswith(
        "2 pieces not seen (2 of black support 1, 3 and 5): put every piece on the board"
    )


def test_a_piece_taken_away_is_not_said_hidden() -> None:
    """A piece lifted off H1's start: its start cell is bare, nothing lies over it, and
    it is said not seen, as before."""
    check = check_board(_frame(_scene(), Lift(30), Away()))
    assert check.hidden == {} and check.twice == {}
    assert check.advice[0].startswith("1 piece not seen (white support 1): put every piece")


def test_a_corner_square_seen_twice_is_not_counted() -> None:
    """A copy of the top left corner square at the picture's edge (another board in
    sight): the reader leaves it out of the board's view, and the check counts the five
    others and says why (before: "6 of 6 corner squares", and the copy drawn as the
    board's)."""
    frame = _start_frame().copy()
    quad = read_board(frame).quads[0].astype(int)
    (left, top), (right, bottom) = quad.min(axis=0) - 6, quad.max(axis=0) + 6
    square = cv2.resize(frame[top:bottom, left:right], None, fx=0.7, fy=0.7)
    height, width = square.shape[:2]
    frame[1080 - height - 10 : 1070, 20 : 20 + width] = square
    check = check_board(frame)
    assert check.corners == (1, 2, 3, 4, 5) and check.doubled == (0,)
    assert check.position == START
    assert "board: found, 5 of 6 corner squares, all of it in the picture" in board_lines(check)
    assert check.advice == [
        "the top left corner square is seen twice (another board, or a copy of its sheet, "
        "in the picture): the board is found from the others; take the other one out of "
        "the picture"
    ]
    assert check.as_json()["corner_squares_seen_twice"] == [0]
