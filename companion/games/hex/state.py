"""The board mode of the hex game: every move read as ``from-to``, checked, and won.

    >>> state = HexState()
    >>> state.turn
    Turn(number=1, side=<Side.BLACK: 'black'>, strikes=0, card=None, moves=())
    >>> state.apply(Move.parse("b2-c2"))  # Black's one move ends turn 1
    >>> state.turn.side.value, state.turn.allowed, state.moves_left()
    ('white', 2, 2)
    >>> state.apply(Move.parse("j6-i6")); state.apply(EndTurn())  # White passes one
    >>> state.turn.number, state.turn.allowed
    (3, 3)

The turns, their allowance and the move cards are :mod:`companion.games.hex.game`'s;
here a turn's strike pieces are counted on the board when it starts (H2), a move
follows H3, and the game ends at once when a move wins (H4 / H5) or a player resigns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self

from companion.games.base import Termination
from companion.games.errors import IllegalActionError
from companion.games.hex.actions import EndTurn, HexAction, Move, Resign
from companion.games.hex.board import Cell, HexNotationError
from companion.games.hex.game import DEFAULT_PLAYERS, HexGame
from companion.games.hex.pieces import Kind, Side
from companion.games.hex.position import START, Position
from companion.games.hex.record import read_board_record, write_board_record
from companion.games.hex.report import BOARD_GAME, HexReport, HexTurnReport, last_made
from companion.games.hex.rules import has_won, winner_after_move
from companion.games.hex.turn import Turn, too_many
from companion.games.json_types import JSON, JSONObject


class HexState(HexGame[HexAction, Move]):
    """Naylor's Fibonacci between Black (seat 0, first) and White (seat 1), board read."""

    name: ClassVar[str] = BOARD_GAME

    def __init__(
        self,
        players: Sequence[str] = DEFAULT_PLAYERS,
        variants: Sequence[str] = (),
        *,
        start: Position = START,
    ) -> None:
        super().__init__(players, variants)
        won = [side.value for side in Side if has_won(start, side, self.variants)]
        if won:  # H4 (H5): no game left to play (both centres encircled: no move ever)
            raise HexNotationError(
                f"the start position is already won by {' and by '.join(won)}: nothing to play",
                "H5" if "cards" in self.variants else "H4",
            )
        self.start = start
        self.friendly = "friendly-groups" in self.variants
        self._reset()

    # -- the mode --------------------------------------------------------------------

    def _reset(self) -> None:
        self._position = self.start
        super()._reset()

    def _strikes_at_start(self, side: Side) -> int:
        return len(self._position.strikers_around(side))

    def _board(self) -> Position:
        return self._position

    def _put_board_back(self, position: Position | None) -> None:
        if position is not None:
            self._position = position

    def _check_play(self, action: HexAction) -> None:
        if isinstance(action, Resign):
            return
        turn = self._open_turn(action)
        if isinstance(action, Move):
            self._check_move(turn, action)
        elif not isinstance(action, EndTurn):
            raise IllegalActionError(f"{action!r} is not an action of the hex game", "H3")

    def _check_move(self, turn: Turn[Move], move: Move) -> None:
        side = turn.side
        if not turn.moves_left:
            raise IllegalActionError(f"{move}: {too_many(turn)}", self.count_rule)
        piece = self._position[move.src]
        if piece is None:
            raise IllegalActionError(f"{move}: there is no piece on {move.src}", "H3")
        if piece.side is not side:
            raise IllegalActionError(
                f"{move}: {move.src} holds {piece.describe()}, and it is {side.value}'s turn", "H3"
            )
        if piece.kind is Kind.CENTRE:
            raise IllegalActionError(f"{move}: a centre never moves by itself", "H3")
        if move.dst == move.src:
            raise IllegalActionError(f"{move}: a move leaves its cell", "H3")
        if move.dst not in self.destinations(move.src):
            raise IllegalActionError(
                f"{move}: {move.dst} is next to neither {move.src} nor its group", "H3"
            )

    def _play(self, action: HexAction) -> None:
        if isinstance(action, Resign):
            self._end(action.side.other, Termination.RESIGNATION, f"{action.side.value} resigned")
            return
        if not isinstance(action, Move):  # checked: only moves are left
            return
        turn = self._turns[-1]
        self._position = self._position.after(action.src, action.dst)
        winner = winner_after_move(self._position, turn.side, self.variants)
        if winner is None:
            self._set_turn(turn.after(action))
            return
        self._turns[-1] = turn.after(action)
        how = "the card-variant win" if self.cards else "encirclement"
        place = f"turn {turn.number}, move {len(turn.moves) + 1}"
        won = Termination.CARD_WIN if self.cards else Termination.ENCIRCLEMENT
        self._end(winner, won, f"{winner.value} won by {how} at {place}")

    def legal_actions(self) -> list[HexAction]:
        turn = self.turn
        if turn is None:
            return []
        actions: list[HexAction] = []
        if turn.moves_left:
            for cell, piece in self._position.occupied():
                if piece.side is turn.side and piece.kind is not Kind.CENTRE:
                    actions.extend(Move(cell, dst) for dst in self.destinations(cell))
        actions += [EndTurn(), Resign(turn.side)]
        return actions

    # -- what the referee asks -------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._position

    def last_moves(self) -> tuple[Move, ...]:
        """The moves of the latest turn that made any (:func:`~.report.last_made`)."""
        return last_made(turn.moves for turn in self._turns)

    def side_to_act(self) -> Side | None:
        """The side to move, or whose move card comes next; ``None`` once the game is over."""
        return None if self._winner is not None else self._next_side()

    def strikers_around(self, side: Side) -> tuple[Cell, ...]:
        """The opposing strike pieces next to ``side``'s centre: each costs a move (H2)."""
        return self._position.strikers_around(side)

    def destinations(self, cell: Cell) -> tuple[Cell, ...]:
        """Where the piece on ``cell`` may go under the variants in play (H3)."""
        return self._position.destinations(cell, friendly=self.friendly)

    # -- records -------------------------------------------------------------------

    def to_record(self) -> JSONObject:
        return write_board_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, JSON]) -> Self:
        return read_board_record(cls, record)

    def report(self) -> HexReport:
        """The turns begun, the winner and the board (``companion score --json``)."""
        turns = tuple(HexTurnReport(t.side, t.allowed, t.moves) for t in self._turns)
        return HexReport(turns, self._winner, self._position)

    def __repr__(self) -> str:
        return f"HexState(turns={len(self._turns)}, board={self._position.board()!r})"
