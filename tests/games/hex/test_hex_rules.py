"""H2 the move allowance, H4 the encirclement win and its variant, H5 the card-variant win."""

from __future__ import annotations

from hex_boards import board

from companion.games.hex import START, Side, allowance, card_win, encircled, opening_allowance
from companion.games.hex.rules import winner_after_move

NONE: frozenset[str] = frozenset()


def test_h2_opening_schedule_1_to_5_then_6() -> None:
    assert [opening_allowance(turn) for turn in range(1, 10)] == [1, 2, 3, 4, 5, 6, 6, 6, 6]
    sides = [Side.BLACK, Side.WHITE] * 3
    assert [allowance(START, side, t) for t, side in enumerate(sides, 1)] == [1, 2, 3, 4, 5, 6]


def test_h2_one_move_less_per_opposing_strike_piece_on_the_centre() -> None:
    """002: "si Vert a quatre pions d'attaque adjacents au pion central rouge, Rouge n'a
    droit qu'à deux" moves."""
    position = board(X="f6", W="k6", w="f5 f7 e5 e6", x="g5")
    assert allowance(position, Side.BLACK, 12) == 2
    assert allowance(position, Side.WHITE, 12) == 6


def test_h2_own_and_support_pieces_do_not_reduce() -> None:
    position = board(X="f6", W="k6", x="f5 f7", u="e5 e6", t="g5")
    assert allowance(position, Side.BLACK, 8) == 6


def test_h2_never_below_zero() -> None:
    position = board(X="f6", W="k6", w="f5 f7 e5")
    assert allowance(position, Side.BLACK, 1) == 0
    assert allowance(position, Side.BLACK, 3) == 0
    assert allowance(position, Side.BLACK, 4) == 1


def test_h4_six_opposing_strike_pieces_around_a_centre_win() -> None:
    position = board(X="f6", W="k6", w="f5 f7 e5 e6 g5 g6")
    assert encircled(position, Side.BLACK)
    assert winner_after_move(position, Side.WHITE, NONE) is Side.WHITE
    assert winner_after_move(position, Side.BLACK, NONE) is Side.WHITE


def test_h4_five_strikers_and_a_support_piece_do_not_win() -> None:
    assert not encircled(board(X="f6", W="k6", w="f5 f7 e5 e6 g5", u="g6"), Side.BLACK)
    assert not encircled(board(X="f6", W="k6", w="f5 f7 e5 e6 g5", x="g6"), Side.BLACK)
    assert winner_after_move(board(X="f6", W="k6", w="f5 f7 e5 e6 g5"), Side.WHITE, NONE) is None


def test_h4_a_centre_on_the_edge_cannot_be_encircled() -> None:
    position = board(X="f1", W="k6", w="f2 e1 g1")
    assert not encircled(position, Side.BLACK)
    assert winner_after_move(position, Side.WHITE, NONE) is None


def test_h4_variant_edge_surround_counts_the_on_board_neighbours() -> None:
    corner = board(X="f1", W="k6", w="f2 e1 g1")
    assert encircled(corner, Side.BLACK, edge_surround=True)
    assert winner_after_move(corner, Side.WHITE, frozenset({"edge-surround"})) is Side.WHITE
    edge = board(X="a3", W="k6", w="a2 a4 b3")  # b4 free
    assert not encircled(edge, Side.BLACK, edge_surround=True)


def test_h4_one_move_completing_both_encirclements_wins_for_the_mover() -> None:
    both = board(X="f6", W="c4", w="f5 f7 e5 e6 g5 g6", x="b3 b4 c3 c5 d4 d5")
    assert encircled(both, Side.BLACK) and encircled(both, Side.WHITE)
    assert winner_after_move(both, Side.BLACK, NONE) is Side.BLACK
    assert winner_after_move(both, Side.WHITE, NONE) is Side.WHITE


def test_h5_six_connected_strikers_three_on_the_centre_win_the_card_variant() -> None:
    position = board(X="a1", W="f6", x="f5 e5 e6 d5 d6 c5")
    assert card_win(position, Side.BLACK)
    assert winner_after_move(position, Side.WHITE, frozenset({"cards"})) is Side.BLACK
    # H4 does not apply in the card variant's place: three strikers are no encirclement.
    assert winner_after_move(position, Side.WHITE, NONE) is None


def test_h5_disconnected_strikers_or_two_on_the_centre_do_not_win() -> None:
    apart = board(X="a1", W="f6", x="f5 e5 e6 d5 d6 b1")
    assert not card_win(apart, Side.BLACK)
    two = board(X="a1", W="f6", x="f5 e5 d5 d6 c5 c6")
    assert not card_win(two, Side.BLACK)


def test_h5_an_edge_centre_can_lose_the_card_variant() -> None:
    position = board(X="f1", W="k6", w="f2 e1 g1 e2 d2 c2")
    assert card_win(position, Side.WHITE)
