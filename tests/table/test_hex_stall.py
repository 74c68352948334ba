"""A hex board that never settles, every piece read: found and told why (issue 24 item 3).

The referee takes a position only once the board has looked the same for a moment
(H2's allowance is counted down, H3's moves found, between positions). A camera on a
shaking stand, a piece on the line between two cells, two pieces on one cell left so
by a displacement (H3) keep it from ever settling, and the game stalled in silence.
:class:`~companion.table.hex_stall.StallWatch` finds them after 10 s, and never takes
players at work (a hand over the board) for one. Readings are made by hand here, five
a second, through the real :class:`~companion.table.hex_watch.HexWatch`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import numpy as np

from card_codes.hex_board import FIDUCIALS
from companion.games.hex import START
from companion.synthetic.hex_scene import markers_of
from companion.table.hex_board import BoardReading
from companion.table.hex_sharpness import BLURRED
from companion.table.hex_stall import STALL_SECONDS, Stall, StallWatch
from companion.table.hex_view import BoardView
from companion.table.hex_watch import HexWatch

FPS = 5
CELLS = markers_of(START)
OUTLINE = ((100.0, 100.0), (900.0, 100.0), (900.0, 600.0), (100.0, 600.0))
SQUARES = tuple(number for number, _, _ in FIDUCIALS)  # the board's six corner squares
MOVER = next(m for m, cell in CELLS.items() if cell == "b2")  # Black strike piece on b2


def reading(
    cells: Mapping[int, str | None] = CELLS,
    dx: float = 0.0,
    *,
    sharpness: float = 1.0,
    found: bool = True,
    squares: Iterable[int] = SQUARES,
) -> BoardReading:
    """A frame's reading: ``cells`` by marker, the board ``dx`` px aside, found by its
    corner ``squares``."""
    if not found:
        return BoardReading(None)
    outline = tuple((x + dx, y) for x, y in OUTLINE)
    quads = {square: np.zeros((4, 2), np.float32) for square in squares}
    return BoardReading(BoardView(np.eye(3)), dict(cells), outline, sharpness, quads)


def with_(**moved: str | None) -> dict[int, str | None]:
    """START's cells with pieces (``m<marker>=cell``) elsewhere."""
    cells: dict[int, str | None] = dict(CELLS)
    cells.update({int(name[1:]): cell for name, cell in moved.items()})
    return cells


def run(frames: Iterable[BoardReading], seconds: float = 0.0) -> Iterator[Stall | None]:
    """The stall after each frame (taken at ``FPS``), starting ``seconds`` in."""
    watch, stalls = HexWatch(still_frames=2, still_seconds=0.5), StallWatch()
    for index, frame in enumerate(frames):
        at = seconds + index / FPS
        watch.feed(frame, at)
        stalls.feed(frame, at, settled=watch.settled)
        yield stalls.stall


def seconds(count: float) -> int:
    return round(count * FPS)


def test_a_shaking_camera_is_a_moving_board_after_10_s_and_settling_ends_it() -> None:
    """H2: every piece read, the board 5 px aside and back each frame (over the 4 px of
    stillness): no position, and after 10 s the board is said moving; still again, the
    stall ends at once."""
    shaking = [reading(dx=5.0 * (index % 2)) for index in range(seconds(12))]
    stalls = list(run([reading()] * seconds(1) + shaking + [reading()] * seconds(1)))
    # The board last settles at 1.0 s (the first shaking frame is still in place).
    first = next(index for index, stall in enumerate(stalls) if stall)
    assert first == seconds(1 + STALL_SECONDS)
    stall = stalls[first]
    assert stall is not None and stall.since == 1.0
    assert stall.moving and not stall.flicker and not stall.shared
    assert stalls[-1] is None


def test_a_shaking_camera_is_said_though_its_frames_lose_pieces() -> None:
    """H2: a shaking camera blurs; half its frames too blurred or with a piece unread
    still make a moving board (where the board lies is known in each)."""
    cycle = [
        reading(dx=5.0, sharpness=BLURRED / 2),  # too blurred to judge
        reading({}),  # nothing read
        reading({m: cell for m, cell in CELLS.items() if m != MOVER}, 5.0),  # one unread
        reading(),
    ]
    stall = list(run(cycle * seconds(3)))[-1]
    assert stall is not None and stall.moving


def test_hands_at_work_for_a_minute_are_no_stall() -> None:
    """H3: a player slides Black's strike piece about (b2, c2, d2, c2, b2...) for 60 s
    while thinking, the hand hiding three pieces in most frames: the board rightly
    never settles, and nothing is said."""
    path = ("b2", "c2", "d2", "c2")
    frames = []
    for index in range(seconds(60)):
        cells = with_(**{f"m{MOVER}": path[index % len(path)]})
        if index % 5:
            for marker in [m for m in cells if m != MOVER][:3]:  # under the hand
                del cells[marker]
        frames.append(reading(cells))
    assert not any(run(frames))


def test_an_arm_over_a_corner_square_at_work_is_no_moving_board() -> None:
    """H3: a player reaching across the board for 20 s, pieces moved about under the
    hand, a sleeve on a corner square's edge (the square found in one frame, not in
    the next): the board, found from five squares, lies 5 px aside then; that is no
    camera shaking."""
    path = ("b2", "c2", "d2", "c2")
    frames = []
    for index in range(seconds(20)):
        covered = index % 2 == 1  # a sleeve on the square's edge: found, then not
        squares = SQUARES[1:] if covered else SQUARES
        cells = with_(**{f"m{MOVER}": path[index % len(path)]})
        if index % 5:
            for marker in [m for m in cells if m != MOVER][:3]:  # under the arm
                del cells[marker]
        frames.append(reading(cells, 5.0 if covered else 0.0, squares=squares))
    assert not any(run(frames))


def test_a_piece_on_the_line_between_two_cells_is_named_with_both() -> None:
    """H3: Black's strike piece read on b2, then c2, then b2... every piece read,
    the board still: after 10 s, the piece is named with its two cells."""
    frames = [reading(with_(**{f"m{MOVER}": ("b2", "c2")[index % 2]})) for index in range(60)]
    stalls = list(run(frames))
    assert not any(stalls[: seconds(STALL_SECONDS)])
    stall = stalls[-1]
    assert stall is not None and not stall.moving and not stall.shared
    assert stall.flicker == {MOVER: ("b2", "c2")}


def test_a_piece_on_the_edge_is_read_on_and_off_the_board() -> None:
    """H1: a piece at the board's edge read on it, then off it: named, off as None."""
    frames = [reading(with_(**{f"m{MOVER}": ("b2", None)[index % 2]})) for index in range(60)]
    stall = list(run(frames))[-1]
    assert stall is not None and stall.flicker == {MOVER: ("b2", None)}


def test_a_move_then_a_shaking_camera_names_no_piece() -> None:
    """H3: a piece moved once (b2 to c2) changes its cell once: not a piece on a line."""
    cells = with_(**{f"m{MOVER}": "c2"})
    frames = [reading(dx=5.0 * (index % 2)) for index in range(seconds(2))]
    frames += [reading(cells, 5.0 * (index % 2)) for index in range(seconds(10))]
    stall = list(run(frames))[-1]
    assert stall is not None and stall.moving and stall.flicker == {}


def test_two_pieces_on_one_cell_are_named_with_it() -> None:
    """H3: a displacement left half done: the displaced White piece pushed aside on its
    cell, both read there, the position never whole. After 10 s both are named."""
    white = next(m for m, cell in CELLS.items() if cell == "k1")
    frames = [reading(with_(**{f"m{MOVER}": "k1"}))] * seconds(11)
    stall = list(run(frames))[-1]
    assert stall is not None and stall.shared == {"k1": tuple(sorted((MOVER, white)))}
    assert not stall.moving and not stall.flicker


def test_a_piece_off_the_board_alone_is_no_stall() -> None:
    """H1: a piece read off the board (set aside) is said as not seen, not here."""
    frames = [reading(with_(**{f"m{MOVER}": None}))] * seconds(12)
    assert not any(run(frames))


def test_a_board_out_of_sight_or_blurred_is_no_stall() -> None:
    """H2: frames without the board, or all too blurred, are said in their own way."""
    assert not any(run([reading(found=False)] * seconds(12)))
    assert not any(run([reading(sharpness=BLURRED / 2)] * seconds(12)))


def test_a_game_that_settles_now_and_then_never_stalls() -> None:
    """H2: a board shaking for 8 s, still for a second, shaking 8 s again: no stall."""
    shaking = [reading(dx=5.0 * (index % 2)) for index in range(seconds(8))]
    frames = (shaking + [reading()] * seconds(1)) * 3
    assert not any(run(frames))


def run_with(
    frames: Iterable[tuple[BoardReading, frozenset[int]]],
) -> Iterator[Stall | None]:
    """:func:`run` with the pieces kept as read though not (in glare) for each frame."""
    watch, stalls = HexWatch(still_frames=2, still_seconds=0.5), StallWatch()
    for index, (frame, kept) in enumerate(frames):
        at = index / FPS
        watch.feed(frame, at)
        stalls.feed(frame, at, settled=watch.settled, kept=kept)
        yield stalls.stall


def on_line(index: int) -> dict[int, str | None]:
    """START with Black's strike piece read on b2, then c2, and so on."""
    return with_(**{f"m{MOVER}": ("b2", "c2")[index % 2]})


def test_a_stall_is_found_10_s_after_its_cause_whatever_came_before() -> None:
    """H2: 40 s of hands at work (the board never settling: a piece slid about, pieces
    under the hand), then the piece left on a line: said 10 s after, not 40 s later."""
    path = ("b2", "c2", "d2", "c2")
    frames = []
    for index in range(seconds(40)):
        cells = with_(**{f"m{MOVER}": path[index % len(path)]})
        if index % 5:
            for marker in [m for m in cells if m != MOVER][:3]:
                del cells[marker]
        frames.append(reading(cells))
    frames += [reading(on_line(index)) for index in range(seconds(12))]
    stalls = list(run(frames))
    first = next(index for index, stall in enumerate(stalls) if stall)
    assert seconds(40) < first <= seconds(50.4)
    stall = stalls[-1]
    assert stall is not None and stall.since == 0.0 and set(stall.flicker) == {MOVER}


def test_a_stall_stays_while_hands_mend_it_until_the_board_settles() -> None:
    """H3: a piece on a line said; a hand comes for 3 s, over Black's support pieces,
    the piece still read on each cell in turn: the stall is still said, until the
    board settles."""
    support = range(17, 23)  # Black's support pieces' markers
    frames = [reading(on_line(index)) for index in range(seconds(11))]
    frames += [
        reading({m: c for m, c in on_line(i).items() if m not in support}) for i in range(15)
    ]
    frames += [reading()] * seconds(1)
    stalls = list(run(frames))
    assert all(stalls[seconds(11) - 1 : seconds(14)])
    assert stalls[-1] is None


def test_a_faint_code_missed_now_and_then_or_a_piece_in_glare_still_lets_it_be_said() -> None:
    """H1: White's centre's code missed one frame in four, or never read (in a lamp's
    glare, kept), while a piece lies on a line: still said; the same piece unread for
    good, not in glare, is players at work: not said."""
    centre = next(m for m, cell in CELLS.items() if cell == "k6")
    faint = [
        reading({m: c for m, c in on_line(i).items() if m != centre or i % 4}) for i in range(60)
    ]
    assert list(run(faint))[-1] is not None
    glared = [{m: c for m, c in on_line(i).items() if m != centre} for i in range(60)]
    kept = frozenset({centre})
    assert list(run_with((reading(cells), kept) for cells in glared))[-1] is not None
    assert list(run_with((reading(cells), frozenset()) for cells in glared))[-1] is None


def test_a_piece_pushed_aside_quivering_keeps_its_shared_cell() -> None:
    """H3: the displaced White piece read on k1 with Black's, then on j1, in turn (a
    piece half pushed aside): the shared cell stays one of the reasons throughout."""
    white = next(m for m, cell in CELLS.items() if cell == "k1")
    frames = [
        reading(with_(**{f"m{MOVER}": "k1", f"m{white}": ("k1", "j1")[index % 2]}))
        for index in range(seconds(14))
    ]
    stalls = [stall for stall in run(frames) if stall is not None]
    assert len(stalls) > seconds(3)
    assert all(stall.shared == {"k1": tuple(sorted((MOVER, white)))} for stall in stalls)
