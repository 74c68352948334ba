"""H1: the 91 cells, their names and the neighbour relation of the hexagonal board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.errors import NotationError
from companion.games.hex import CELLS, Cell, HexNotationError, Move
from companion.games.hex.board import NEIGHBOURS, ROW_LENGTHS, ROW_LETTERS


def _names(cells: tuple[Cell, ...]) -> set[str]:
    return {cell.name for cell in cells}


def test_h1_91_cells_in_rows_a_to_k_of_6_to_11_to_6() -> None:
    assert ROW_LENGTHS == (6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6)
    assert len(CELLS) == 91 == len({cell.name for cell in CELLS})
    assert CELLS[0].name == "a1" and CELLS[5].name == "a6" and CELLS[-1].name == "k6"
    assert [c.name for c in CELLS if c.row == 5][-1] == "f11"
    assert list(CELLS) == sorted(CELLS)


def _expected_neighbours(row: int, place: int) -> set[tuple[int, int]]:
    """The rule read off the diagram, independently of the axial coordinates:
    rows a-e touch the row below at the same place and the next, rows f-j at the same
    place and the one before; the relation is symmetric."""
    out = {(row, place - 1), (row, place + 1)}
    if row < 5:
        out |= {(row + 1, place), (row + 1, place + 1)}
    elif row < 10:
        out |= {(row + 1, place - 1), (row + 1, place)}
    if row > 5:
        out |= {(row - 1, place), (row - 1, place + 1)}
    elif row > 0:
        out |= {(row - 1, place - 1), (row - 1, place)}
    return {(r, p) for r, p in out if 0 <= r < 11 and 1 <= p <= ROW_LENGTHS[r]}


def test_h1_neighbours_follow_the_diagram_rows_grow_then_shrink() -> None:
    for cell in CELLS:
        got = {(n.row, n.place) for n in cell.neighbours()}
        assert got == _expected_neighbours(cell.row, cell.place), cell


def test_h1_neighbour_counts_corners_3_edges_4_interior_6() -> None:
    counts = [len(n) for n in NEIGHBOURS]
    assert counts.count(3) == 6 and counts.count(4) == 24 and counts.count(6) == 61
    corners = {cell.name for cell in CELLS if len(cell.neighbours()) == 3}
    assert corners == {"a1", "a6", "f1", "f11", "k1", "k6"}
    assert sum(cell.is_edge() for cell in CELLS) == 30


def test_h1_neighbours_are_symmetric_and_never_the_cell_itself() -> None:
    for cell in CELLS:
        for near in cell.neighbours():
            assert cell in near.neighbours()
            assert near != cell
            assert cell.distance(near) == 1


def test_h1_known_neighbourhoods() -> None:
    assert _names(Cell.parse("a1").neighbours()) == {"a2", "b1", "b2"}
    assert _names(Cell.parse("k6").neighbours()) == {"k5", "j6", "j7"}
    assert _names(Cell.parse("f6").neighbours()) == {"f5", "f7", "e5", "e6", "g5", "g6"}
    assert _names(Cell.parse("d9").neighbours()) == {"d8", "c8", "e9", "e10"}
    assert _names(Cell.parse("g1").neighbours()) == {"f1", "f2", "g2", "h1"}


def test_h1_distance_across_the_board() -> None:
    assert Cell.parse("a1").distance(Cell.parse("k6")) == 10
    assert Cell.parse("f1").distance(Cell.parse("f11")) == 10
    assert Cell.parse("a1").distance(Cell.parse("f6")) == 5


@pytest.mark.parametrize("text", ["a0", "a7", "f12", "k7", "l1", "A1", "a01", "", "a", "1a", " a1"])
def test_h1_bad_cell_names_are_notation_errors(text: str) -> None:
    with pytest.raises(HexNotationError) as caught:
        Cell.parse(text)
    assert isinstance(caught.value, NotationError) and isinstance(caught.value, ValueError)
    assert caught.value.rule == "H1" and str(caught.value).endswith("(H1)")


def test_h1_a_cell_out_of_its_row_names_the_row_length() -> None:
    with pytest.raises(HexNotationError, match="row a has places 1-6"):
        Cell.parse("a7")


@given(st.sampled_from(CELLS))
def test_h1_cell_names_round_trip(cell: Cell) -> None:
    assert Cell.parse(cell.name) is cell
    assert str(cell) == f"{ROW_LETTERS[cell.row]}{cell.place}"


@given(st.text(alphabet="abcdefghijkl0123456789-", max_size=4))
def test_h1_any_text_parses_to_its_own_name_or_fails_cleanly(text: str) -> None:
    try:
        cell = Cell.parse(text)
    except HexNotationError:
        return
    assert cell.name == text


@given(st.sampled_from(CELLS), st.sampled_from(CELLS))
def test_h1_move_notation_round_trips(src: Cell, dst: Cell) -> None:
    move = Move(src, dst)
    assert Move.parse(str(move)) == move
    assert str(move) == f"{src.name}-{dst.name}"


@given(st.text(alphabet="abk0169-", max_size=7))
def test_h1_any_move_text_parses_to_itself_or_fails_cleanly(text: str) -> None:
    try:
        move = Move.parse(text)
    except HexNotationError as exc:
        assert exc.rule == "H1"
        return
    assert str(move) == text


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("d9e9", "is not a move"),
        ("d9-e9-f9", "is not a move"),
        ("d9-z9", "d9-z9: 'z9' is not a cell"),
    ],
)
def test_h1_bad_moves_name_the_text(text: str, fault: str) -> None:
    with pytest.raises(HexNotationError, match=fault):
        Move.parse(text)
