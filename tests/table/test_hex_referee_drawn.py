"""The board referee shown any board the camera may take (issue 24 part 3, H2-H4).

The camera takes a position only when every piece has a cell (``hex_watch``), so a
board seen is the game's pieces on any cells: here the game's own position after a
few legal moves of the side to move, then pieces swapped anywhere (centres, either
side's, empty cells). Whatever it is, the referee gives a verdict, in bounded time:
moves the engine played reaching exactly that board, or a refusal that leaves the
game as it was and names a cell that changed; the game's board put back ends it.
"""

from __future__ import annotations

import random
from itertools import islice

from hang_guard import hang_guard
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.hex import Cell, HexState, new_game
from companion.games.hex.board import CELLS
from companion.synthetic.hex_play import random_moves
from companion.table.hex_referee import BoardReferee, Played, PutBack, Refused, Unchanged

CELL = st.integers(0, len(CELLS) - 1)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32),
    turns=st.integers(0, 12),
    moves=st.integers(0, 3),
    swaps=st.lists(st.tuples(st.integers(0, 25), CELL), max_size=4),
)
def test_any_board_gets_a_verdict_that_plays_it_or_leaves_the_game(
    seed: int, turns: int, moves: int, swaps: list[tuple[int, int]]
) -> None:
    """H3, H2: a board is reached by the engine's legal moves or refused whole."""
    rng = random.Random(seed)
    referee = BoardReferee(game := new_game())
    for _ in range(turns):  # a game under way, played through the referee
        if game.winner is not None:
            break
        if isinstance(referee.see(random_moves(game, rng, rng.randint(1, 6))[0]), Refused):
            referee.see(game.position)  # a search given up: the pieces put back
        if game.turn is not None and game.turn.moves_left:
            referee.end_turn()
            referee.skip_empty_turns()
    before, record = game.position, game.to_record()
    board = random_moves(game, rng, moves)[0]
    for piece, cell in swaps:  # the piece-th piece in reading order swapped with a cell
        board = board.after(next(islice(board.occupied(), piece, None))[0], Cell(cell))
    with hang_guard(30, f"the referee's verdict on {board.board()}"):
        verdict = referee.see(board)
    if isinstance(verdict, Played):
        assert game.position == board
        assert len(verdict.moves) <= 6
        replayed = HexState.from_record(game.to_record())  # every move legal to the engine
        assert replayed.position == board
    else:
        assert game.position == before and game.to_record() == record
        assert isinstance(verdict, Refused) == (board != before)
        assert isinstance(verdict, Unchanged) == (board == before)
    if isinstance(verdict, Refused):
        changed = {c for c in range(len(CELLS)) if board.cells[c] != before.cells[c]}
        assert verdict.cell is None or verdict.cell.index in changed, verdict
        assert isinstance(referee.see(before), PutBack)
        assert referee.refused is None
