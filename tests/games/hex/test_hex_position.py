"""H1 start position and the board string; H3 moves, groups and displacement."""

from __future__ import annotations

import pytest
from hex_boards import board, cells
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.hex import START, Cell, HexNotationError, Kind, Piece, Position, Side

START_DIAGRAM = """
      X x x x x x
     . x . . . . .
    . . . . . . . .
   . . . . . . . . t
  . . u . . . t t t .
 . . . u . . . t . . .
  . u u u . . . t . .
   u . . . . . . . .
    . . . . . . . .
     . . . . . w .
      w w w w w W
"""


def test_h1_start_position_is_the_diagram_of_003() -> None:
    rows = ["".join(line.split()) for line in START_DIAGRAM.strip().splitlines()]
    assert START.board() == "/".join(rows)
    assert START.board().startswith("Xxxxxx/.x...../......../")


def test_h1_each_side_has_a_centre_six_strike_and_six_support_pieces() -> None:
    for piece, count in [("X", 1), ("x", 6), ("t", 6), ("W", 1), ("w", 6), ("u", 6)]:
        assert len(START.cells_of(Piece(piece))) == count
    assert START.centre(Side.BLACK) == Cell.parse("a1")
    assert START.centre(Side.WHITE) == Cell.parse("k6")
    assert cells("a2 a3 a4 a5 a6 b2") == set(START.cells_of(Piece.BLACK_STRIKE))
    assert cells("d9 e7 e8 e9 f8 g8") == set(START.cells_of(Piece.BLACK_SUPPORT))
    assert cells("k1 k2 k3 k4 k5 j6") == set(START.cells_of(Piece.WHITE_STRIKE))
    assert cells("e3 f4 g2 g3 g4 h1") == set(START.cells_of(Piece.WHITE_SUPPORT))


def test_h1_the_board_string_is_black_and_white_by_letter() -> None:
    assert Piece("X").side is Side.BLACK and Piece("x").kind is Kind.STRIKE
    assert Piece("t").kind is Kind.SUPPORT and Piece("u").side is Side.WHITE
    assert Piece.of(Side.WHITE, Kind.CENTRE) is Piece.WHITE_CENTRE


@settings(max_examples=50)
@given(st.permutations(START.cells))
def test_h1_board_string_round_trips(shuffled: list[Piece | None]) -> None:
    position = Position(tuple(shuffled))
    assert Position.parse(position.board()) == position
    assert str(position) == position.board()


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("Xxxxxx/.x.....", "11 rows"),
        (START.board().replace("Xxxxxx", "Xxxxx"), "row a has 6 cells"),
        (START.board().replace("Xxxxxx", "Xxxxxq"), "'q' is none of"),
        (START.board().replace("Xxxxxx", ".xxxxx"), "a side has exactly 1"),
        (START.board().replace(".x.....", ".x....x"), "a side has at most 6"),
    ],
)
def test_h1_bad_board_strings_say_what_is_wrong(text: str, fault: str) -> None:
    with pytest.raises(HexNotationError, match=fault):
        Position.parse(text)


def test_h3_a_lone_piece_moves_to_its_neighbours_only() -> None:
    position = board(X="a1", W="k6", t="f6")
    assert set(position.destinations(Cell.parse("f6"))) == cells("f5 f7 e5 e6 g5 g6")


def test_h3_a_group_piece_moves_next_to_any_piece_of_its_group() -> None:
    """003's example: 1, 2, 3 connected, 4 apart; 1 reaches every cell around 1-2-3."""
    position = board(X="a1", W="k6", t="f5 e5 e6 f8")  # 1=f5, 2=e5, 3=e6 and 4=f8 apart
    reach = set(position.destinations(Cell.parse("f5")))
    around = set().union(*(set(c.neighbours()) for c in cells("f5 e5 e6"))) - cells("f5")
    assert reach == around
    assert Cell.parse("f8") not in reach and Cell.parse("f7") in reach
    assert position.group(Cell.parse("f5")) == cells("f5 e5 e6")


def test_h3_the_group_is_of_the_same_kind_unless_friendly_groups() -> None:
    position = board(X="f6", W="k6", x="f5", t="f7 f8 f9")
    base = set(position.destinations(Cell.parse("f5")))
    assert base == set(Cell.parse("f5").neighbours())
    friendly = set(position.destinations(Cell.parse("f5"), friendly=True))
    chain = cells("f5 f6 f7 f8 f9")
    assert friendly == set().union(*(set(c.neighbours()) for c in chain)) - cells("f5")
    assert position.group(Cell.parse("f5"), friendly=True) == chain


def test_h3_opposing_pieces_do_not_join_a_group() -> None:
    position = board(X="a1", W="k6", t="f5", u="f6", w="f7")
    assert position.group(Cell.parse("f5"), friendly=True) == cells("f5")


def test_h3_a_displaced_piece_goes_to_the_cell_the_mover_came_from() -> None:
    position = board(X="a1", W="k6", t="f5 f6", w="f7")
    after = position.after(Cell.parse("f5"), Cell.parse("f7"))
    assert after[Cell.parse("f7")] is Piece.BLACK_SUPPORT
    assert after[Cell.parse("f5")] is Piece.WHITE_STRIKE
    assert after[Cell.parse("f6")] is Piece.BLACK_SUPPORT


def test_h3_a_centre_is_displaced_like_any_piece() -> None:
    """Centres never move by themselves, but one landed on goes to the mover's cell."""
    after = START.after(Cell.parse("b2"), Cell.parse("a1"))
    assert after.centre(Side.BLACK) == Cell.parse("b2")
    assert after[Cell.parse("a1")] is Piece.BLACK_STRIKE


def test_h3_rulebook_displacement_example_reduces_the_opponents_allowance() -> None:
    """002 "Déplacement": support (a) moves onto strike piece (b), which goes to (a)'s
    cell beside the enemy centre; moved itself, (b) only reaches its neighbours."""
    position = board(X="a1", W="f6", t="f5 f4 f3", x="e2")
    a, b = Cell.parse("f5"), Cell.parse("e2")
    assert b in position.destinations(a)
    after = position.after(a, b)
    assert after.strikers_around(Side.WHITE) == (a,)
    assert set(position.destinations(b)) == set(b.neighbours())


def test_h2_strikers_around_counts_only_opposing_strike_pieces() -> None:
    position = board(X="f6", W="k6", w="f5 e5", u="e6", x="f7")
    assert set(position.strikers_around(Side.BLACK)) == cells("f5 e5")
    assert position.strikers_around(Side.WHITE) == ()
