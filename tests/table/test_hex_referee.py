"""The board referee: the moves between two stable positions (issue 24 part 3, H2-H5)."""

from __future__ import annotations

from hang_guard import hang_guard

from companion.games.hex import START, Cell, Move, Position, Side, new_game
from companion.table.hex_referee import BoardReferee, Fault, Played, PutBack, Refused, Unchanged


def _after(position: Position, *moves: str) -> Position:
    for text in moves:
        src, dst = (Cell.parse(part) for part in text.split("-"))
        position = position.after(src, dst)
    return position


def _played(referee: BoardReferee, position: Position) -> list[str]:
    verdict = referee.see(position)
    assert isinstance(verdict, Played), verdict
    return [str(move) for move in verdict.moves]


def test_single_step_and_several_moves_between_two_positions() -> None:
    """H3, H2: one step ends Black's turn 1; White's two moves seen at once both count."""
    referee = BoardReferee(new_game())
    assert _played(referee, _after(START, "b2-c2")) == ["b2-c2"]
    two = _after(referee.game.position, "j6-i6", "k5-j5")
    assert sorted(_played(referee, two)) == ["j6-i6", "k5-j5"]
    assert referee.game.to_record()["turns"] == [["b2-c2"], ["j6-i6", "k5-j5"], []]


def test_group_move_and_displacement_onto_a_centre() -> None:
    """H3: a support piece goes next to its group, far from itself; a strike piece onto
    its own centre sends the centre to the mover's start cell."""
    referee = BoardReferee(new_game())
    _played(referee, _after(START, "b2-c2"))
    _played(referee, _after(referee.game.position, "j6-i6", "k5-j5"))
    group = _after(referee.game.position, "d9-d7")  # d7 touches e7, not d9
    assert _played(referee, group) == ["d9-d7"]
    displaced = _after(referee.game.position, "a2-a1")
    assert _played(referee, displaced) == ["a2-a1"]
    assert referee.game.position.centre(Side.BLACK) == Cell.parse("a2")


def test_a_piece_that_cannot_reach_is_refused_and_put_back() -> None:
    """H3: the fault names the cell; the game is unchanged until the board is put back."""
    referee = BoardReferee(new_game())
    verdict = referee.see(_after(START, "a2-e5"))
    assert isinstance(verdict, Refused)
    assert (verdict.side, verdict.fault, verdict.cell, verdict.rule) == (
        Side.BLACK,
        Fault.CANNOT_REACH,
        Cell.parse("e5"),
        "H3",
    )
    assert referee.game.position == START
    assert isinstance(referee.see(START), PutBack)
    assert isinstance(referee.see(START), Unchanged)


def test_opponents_piece_and_centre_are_refused() -> None:
    """H3: only the mover's strike and support pieces move: an opponent's piece moved
    with the mover's is not the mover's; a centre never moves by itself."""
    referee = BoardReferee(new_game())
    for moves in (["b2-c2"], ["j6-i6", "k5-j5"]):
        referee.see(_after(referee.game.position, *moves))
    verdict = referee.see(_after(referee.game.position, "a3-b3", "k1-j1"))  # turn 3: 3 moves
    assert isinstance(verdict, Refused) and verdict.fault is Fault.NOT_YOURS
    assert verdict.moves == (Move.parse("a3-b3"),) and verdict.rule == "H3"
    referee.see(_after(START, "b2-c2", "j6-i6", "k5-j5"))  # put back
    verdict = referee.see(_after(referee.game.position, "a1-b1"))
    assert isinstance(verdict, Refused) and verdict.fault is Fault.CENTRE


def test_the_other_side_alone_moving_is_not_its_turn() -> None:
    """H2: White moves while Black's turn has moves left (Black made fewer and did not
    end the turn): not White's turn yet, said with no cell; nothing is played."""
    referee = BoardReferee(new_game())
    verdict = referee.see(_after(START, "k1-j1"))
    assert isinstance(verdict, Refused) and verdict.fault is Fault.NOT_YOUR_TURN
    assert (verdict.side, verdict.cell, verdict.rule) == (Side.BLACK, None, "H2")
    assert verdict.reason == "white moved in black's turn, 1 move left"
    assert referee.game.position == START


def test_the_other_side_landing_on_the_movers_piece_is_not_its_turn() -> None:
    """H3, H2: a lone Black strike piece on j1, by White's support pieces (k1-k5); in
    Black's turn White's k5 moves onto j1 (a group move), Black's piece sent to k5.
    Black's piece could not have gone to k5 by itself: it is White moving too soon,
    not Black's piece failing to reach."""
    start = _after(START, "b2-j1")
    referee = BoardReferee(new_game(start=start))
    verdict = referee.see(_after(start, "k5-j1"))
    assert isinstance(verdict, Refused) and verdict.fault is Fault.NOT_YOUR_TURN
    assert (verdict.side, verdict.rule) == (Side.BLACK, "H2")
    assert referee.game.position == start


def test_more_moves_than_allowed_are_refused() -> None:
    """H2: turn 1 allows Black one move; two seen at once are over the allowance."""
    referee = BoardReferee(new_game())
    verdict = referee.see(_after(START, "b2-c2", "a3-b3"))
    assert isinstance(verdict, Refused) and verdict.fault is Fault.TOO_MANY
    assert verdict.cell is None and verdict.rule == "H2"


def test_displaced_piece_put_elsewhere_names_the_start_cell() -> None:
    """H3: the displaced piece goes to the mover's start cell, not anywhere else."""
    referee = BoardReferee(new_game())
    wrong = _after(START, "a2-a1", "a2-b1")  # the centre, sent to a2, moved on to b1
    verdict = referee.see(wrong)
    assert isinstance(verdict, Refused) and verdict.fault is Fault.DISPLACED
    assert verdict.cell == Cell.parse("a2")


#: One black strike piece (e5) next to White's centre (f6) from the start.
NEAR = (
    "X.tttt/.....tt/...xxx../...xx..../....x...../.....W...../"
    "........../........./u......./uu..www/uuuwww"
)


def test_strike_reduced_turns_empty_turns_and_the_win() -> None:
    """H2: White's turn 2 allows 2 - 1; turn 4, 4 - 4 = 0, ends by itself; H4: Black wins."""
    game = new_game(start=NEAR)
    referee = BoardReferee(game)
    _played(referee, _after(game.position, "a3-b3"))
    assert game.turn is not None and game.turn.allowed == 1
    verdict = referee.see(_after(game.position, "j5-i5"))
    assert isinstance(verdict, Played) and verdict.turn_over
    three = _after(game.position, "c4-f5", "c5-e6", "c6-g5")
    verdict = referee.see(three)
    assert isinstance(verdict, Played) and verdict.skipped == 1 and len(verdict.moves) == 3
    assert game.position == three
    assert game.turns[3].allowed == 0 and game.turn is not None and game.turn.number == 5
    verdict = referee.see(_after(game.position, "d4-f7", "d5-g6"))
    assert isinstance(verdict, Played) and verdict.winner is Side.BLACK
    verdict = referee.see(_after(game.position, "k4-i4"))
    assert isinstance(verdict, Refused) and verdict.fault is Fault.GAME_OVER
    assert new_game(start=NEAR).from_record(game.to_record()).winner is Side.BLACK


def test_card_variant_waits_for_the_move_card() -> None:
    """H5: no move before the turn's move card is turned up."""
    referee = BoardReferee(new_game(variants=["cards"]))
    verdict = referee.see(_after(START, "b2-c2"))
    assert isinstance(verdict, Refused) and verdict.fault is Fault.CARD_FIRST


def test_five_legal_steps_and_one_impossible_name_the_impossible_one() -> None:
    """H3: five strike pieces stepped down a row and a sixth sent across the board:
    the search (every order of the five meets at the same positions) names k3."""
    game = new_game()
    referee = BoardReferee(game)
    for _ in range(6):  # the opening passed: turn 7 allows Black 6 moves (H2)
        referee.end_turn()
    assert game.turn is not None and game.turn.allowed == 6
    moved = _after(game.position, "a2-b3", "a3-b4", "a4-b5", "a5-b6", "a6-b7", "b2-k3")
    verdict = referee.see(moved)
    assert isinstance(verdict, Refused) and verdict.fault is Fault.CANNOT_REACH
    assert verdict.cell == Cell.parse("k3") and len(verdict.moves) == 5


def test_a_piece_two_steps_ahead_is_two_moves_when_the_turn_has_them() -> None:
    """H3, H2: White's strike piece on j6 set down on h7, beyond one move's reach, the
    cell it passed never seen taken (a hand over it the while): two steps, turn 2's
    two moves, and Black's turn. With one move left the same is refused at h7."""
    referee = BoardReferee(game := new_game())
    _played(referee, _after(START, "b2-c2"))
    assert _played(referee, _after(START, "b2-c2", "j6-h7")) == ["j6-i6", "i6-h7"]
    assert game.turn is not None and (game.turn.number, game.turn.side) == (3, Side.BLACK)

    referee = BoardReferee(game := new_game())
    _played(referee, _after(START, "b2-c2"))
    _played(referee, _after(START, "b2-c2", "k1-j1"))
    verdict = referee.see(_after(START, "b2-c2", "k1-j1", "j6-h7"))
    assert isinstance(verdict, Refused)
    assert (verdict.fault, verdict.cell) == (Fault.CANNOT_REACH, Cell.parse("h7"))


def test_pieces_of_one_kind_shuffled_among_five_cells_are_refused() -> None:
    """H3: Black's support pieces leave e9 and g8 for e3 and f11, White's one on e3 goes
    to f2: no legal moves explain it. Telling why once took a Black support piece off
    a cell that wanted one to put it on another, and back, for ever: the table's loop
    hung, its memory growing until the system killed it."""
    referee = BoardReferee(new_game())
    moved = Position.parse(
        "Xxxxxx/.x...../......../........t/..t...tt../.u.u...t..t/.uuu....../"
        "u......../......../.....w./wwwwwW"
    )
    with hang_guard(30, "the referee's verdict on five changed cells"):
        verdict = referee.see(moved)
    assert isinstance(verdict, Refused)
    assert (verdict.fault, verdict.cell, verdict.rule) == (
        Fault.CANNOT_REACH,
        Cell.parse("f11"),
        "H3",
    )
    assert referee.game.position == START
    assert isinstance(referee.see(START), PutBack)


def test_the_first_board_after_a_restart_is_compared_not_read_as_moves() -> None:
    """Issue 24, H1: once the game has seen the board, the first position a restarted
    camera takes is compared with the game's: a legal-looking change (Black's b2-c2) is
    refused as not as the game left it, naming the piece out of place, and so is every
    board after it until the game's is seen again; then moves are read as ever."""
    referee = BoardReferee(new_game())
    assert isinstance(referee.see(START, first=True), Unchanged)
    moved = _after(START, "b2-c2")
    verdict = referee.see(moved, first=True)
    assert isinstance(verdict, Refused) and verdict.fault is Fault.NOT_AS_LEFT
    assert (verdict.side, verdict.cell, verdict.source) == (
        Side.BLACK,
        Cell.parse("b2"),
        Cell.parse("c2"),
    )
    assert verdict.differ == 2 and verdict.rule == "H1"
    again = referee.see(_after(START, "b2-c2", "k5-j5"))  # not first, still unsettled
    assert isinstance(again, Refused) and again.fault is Fault.NOT_AS_LEFT and again.differ == 4
    assert isinstance(referee.see(START), PutBack)
    assert _played(referee, moved) == ["b2-c2"]


def test_the_first_board_of_a_new_game_is_judged_as_ever() -> None:
    """H3: a new game's first position is read as moves (nothing was seen before it)."""
    referee = BoardReferee(new_game())
    verdict = referee.see(_after(START, "b2-c2"), first=True)
    assert isinstance(verdict, Played)
