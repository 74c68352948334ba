"""The referee mode of the hex game: the board is not read, the buttons tell the count.

    >>> state = HexRefereeState()
    >>> state.apply(MoveMade())                   # turn 1 allows one move: it ends
    >>> state.turn
    Turn(number=2, side=<Side.WHITE: 'white'>, strikes=0, card=None, moves=())
    >>> state.apply(MoveMade()); state.apply(Strikes(1))   # a correction mid-turn
    >>> state.turns[1].strikes, state.turns[1].made   # 2 - 1 allowed, 1 made: it ended
    (1, 1)
    >>> state.turn.number, state.turn.allowed
    (3, 3)

What the engine knows is what the table tells it: a move made, the enemy strike pieces
on the mover's centre, the end of a turn, the move card turned up, who won. The turns,
their allowance and the move cards are :mod:`companion.games.hex.game`'s; here:

- H2: the count of strike pieces may be set or corrected at any time during the turn
  (the referee learns it from the players); the moves left follow, and a count that
  would leave fewer moves allowed than already made is refused (H2). A new turn starts
  with the count its side had last (the pieces seldom all move at once).
- H5 (variant ``cards``): the card is the allowance and strike pieces do not count.
- H4 / H5: the players declare the winner (:class:`Win`); RULES.md knows no draw.

Variants ``friendly-groups`` (H3) and ``edge-surround`` (H4) change how the pieces move
and win on the board; the referee only records that the table plays them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar, Self

from companion.games.base import Termination
from companion.games.errors import IllegalActionError
from companion.games.hex.actions import EndTurn, MoveMade, RefereeAction, Strikes, Win
from companion.games.hex.game import DEFAULT_PLAYERS, HexGame
from companion.games.hex.pieces import Side
from companion.games.hex.referee_record import read_referee_record, write_referee_record
from companion.games.hex.report import REFEREE_GAME, HexReport, HexTurnReport
from companion.games.hex.rules import MAX_STRIKES, allowance_with
from companion.games.hex.turn import Turn, too_many
from companion.games.json_types import JSON, JSONObject


class HexRefereeState(HexGame[RefereeAction, MoveMade]):
    """The move count of a hex game between Black (seat 0, first) and White (seat 1)."""

    name: ClassVar[str] = REFEREE_GAME

    def __init__(
        self, players: Sequence[str] = DEFAULT_PLAYERS, variants: Sequence[str] = ()
    ) -> None:
        super().__init__(players, variants)
        self._reset()

    # -- the mode --------------------------------------------------------------------

    def _strikes_at_start(self, side: Side) -> int:
        """The count ``side`` had on its last turn: a new turn starts from it (H2)."""
        for turn in reversed(self._turns):
            if turn.side is side:
                return turn.strikes
        return 0

    def _check_play(self, action: RefereeAction) -> None:
        if isinstance(action, Win):
            if not isinstance(action.side, Side):
                raise IllegalActionError(f"{action!r}: the winner is black or white", "H4")
            return
        if isinstance(action, Strikes) and self.cards:
            raise IllegalActionError(f"{action}: the card variant has no strike reduction", "H5")
        turn = self._open_turn(action)
        if isinstance(action, MoveMade):
            if not turn.moves_left:
                raise IllegalActionError(f"{action}: {too_many(turn)}", self.count_rule)
        elif isinstance(action, Strikes):
            _check_strikes(turn, action)
        elif not isinstance(action, EndTurn):
            raise IllegalActionError(f"{action!r} is not an action of the hex referee", "H2")

    def _play(self, action: RefereeAction) -> None:
        if isinstance(action, Win):
            self._end(action.side, Termination.DECLARED, f"{action.side.value} won")
        elif isinstance(action, MoveMade):
            self._set_turn(self._turns[-1].after(action))
        elif isinstance(action, Strikes):
            self._set_turn(replace(self._turns[-1], strikes=action.count))

    def legal_actions(self) -> list[RefereeAction]:
        turn = self.turn
        if turn is None:
            return []
        actions: list[RefereeAction] = [MoveMade()] if turn.moves_left else []
        actions.append(EndTurn())
        if not self.cards:
            actions += [
                Strikes(count)
                for count in range(MAX_STRIKES + 1)
                if count != turn.strikes and turn.made <= allowance_with(turn.number, count)
            ]
        actions += [Win(Side.BLACK), Win(Side.WHITE)]
        return actions

    # -- what the table asks ---------------------------------------------------------

    def side_to_act(self) -> Side:
        """The side to move, or whose move card comes next (the last mover once over)."""
        return self._next_side()

    # -- records -------------------------------------------------------------------

    def to_record(self) -> JSONObject:
        return write_referee_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, JSON]) -> Self:
        return read_referee_record(cls, record)

    def report(self) -> HexReport:
        """The counted turns and the declared winner (docs/notation.md)."""
        turns = tuple(
            HexTurnReport(turn.side, turn.allowed, turn.made, turn.strikes, turn.card)
            for turn in self._turns
        )
        return HexReport.counted(self.players, turns, self._winner)

    def __repr__(self) -> str:
        return f"HexRefereeState(turns={len(self._turns)}, winner={self._winner})"


def _check_strikes(turn: Turn[MoveMade], strikes: Strikes) -> None:
    count = strikes.count
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_STRIKES:
        raise IllegalActionError(
            f"{count!r} is not a count of strike pieces on a centre (0-{MAX_STRIKES})", "H2"
        )
    allowed = allowance_with(turn.number, count)
    if turn.made > allowed:
        made = f"{turn.made} move{'' if turn.made == 1 else 's'}"
        raise IllegalActionError(
            f"{strikes}: {turn.side.value} made {made} in turn {turn.number}, "
            f"more than the {allowed} that leaves",
            "H2",
        )
