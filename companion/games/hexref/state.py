"""The referee of a hex game played without the board being read (buttons only).

    >>> state = HexRefereeState()
    >>> state.apply(MoveMade())                   # turn 1 allows one move: it ends
    >>> state.turn
    CountedTurn(number=2, side=<Side.WHITE: 'white'>, strikes=0, card=None, moves=0)
    >>> state.apply(MoveMade()); state.apply(Strikes(1))   # a correction mid-turn
    >>> state.turns[1]                             # 2 - 1 allowed, 1 made: it ended
    CountedTurn(number=2, side=<Side.WHITE: 'white'>, strikes=1, card=None, moves=1)
    >>> state.turn.number, state.turn.allowed
    (3, 3)

What the engine knows is what the table tells it: a move made, the enemy strike pieces
on the mover's centre, the end of a turn, the move card turned up, who won. Rules:

- H2: turns 1-5 allow 1-5 moves, later ones 6, less one per enemy strike piece on the
  mover's centre, never below 0. The count may be set or corrected at any time during
  the turn (the referee learns it from the players); the moves left follow, and a
  count that would leave fewer moves allowed than already made is refused (H2). A new
  turn starts with the count its side had last (the pieces seldom all move at once).
- H2 "a player may make fewer moves than allowed": :class:`EndTurn` ends a turn at
  any time, even before its first move. A turn also ends by itself once it has made a
  move and has none left (its last allowed move, or a count that used up the rest);
  a turn that allows 0 waits for :class:`EndTurn`, so that the count can be corrected.
- H5 (variant ``cards``): chance turns up each turn's move card first
  (:class:`Draw`, from the side's pile of 12, reshuffled when used up); the card is
  the allowance and strike pieces do not count.
- H4 / H5: the players declare the winner (:class:`Win`); RULES.md knows no draw.

Variants ``friendly-groups`` (H3) and ``edge-surround`` (H4) change how the pieces move
and win on the board; the referee only records that the table plays them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Self

from companion.games.base import CHANCE, TERMINAL, GameState, Outcome, Termination, check_variants
from companion.games.errors import GameError, IllegalActionError
from companion.games.hex.cards import CARD_VALUES, Pile
from companion.games.hex.pieces import Side
from companion.games.hex.turn import SavedTurns
from companion.games.hexref.actions import Draw, EndTurn, MoveMade, RefereeAction, Strikes, Win
from companion.games.hexref.record import read_record, report, write_record
from companion.games.hexref.report import HexRefereeReport
from companion.games.hexref.turn import MAX_STRIKES, CountedTurn, allowance_with

DEFAULT_PLAYERS: Final = ("Black", "White")


class HexRefereeState(GameState[RefereeAction]):
    """The move count of a hex game between Black (seat 0, first) and White (seat 1)."""

    name: ClassVar[str] = "hex-referee"
    known_variants: ClassVar[frozenset[str]] = frozenset(
        {"friendly-groups", "edge-surround", "cards"}
    )

    def __init__(
        self, players: Sequence[str] = DEFAULT_PLAYERS, variants: Sequence[str] = ()
    ) -> None:
        super().__init__()
        if len(players) != 2:
            raise GameError(f"{self.name}: the game is for two players, not {len(players)}")
        self.players: tuple[str, ...] = tuple(players)
        self.variants = check_variants(self.name, variants, self.known_variants)
        self.cards = "cards" in self.variants
        self._reset()

    # -- the engine ----------------------------------------------------------------

    def _reset(self) -> None:
        self._turns: list[CountedTurn] = []
        self._turn_open = False
        self._piles = {side: Pile() for side in Side}
        self._winner: Side | None = None
        self._saved: list[SavedTurns[CountedTurn]] = []  # one per action, for undo
        if not self.cards:
            self._begin_turn(None)

    def _begin_turn(self, card: int | None) -> None:
        side = self._next_side()
        strikes = 0 if card is not None else self._last_strikes(side)
        self._turns.append(CountedTurn(len(self._turns) + 1, side, strikes, card))
        self._turn_open = True

    def _last_strikes(self, side: Side) -> int:
        """The count ``side`` had on its last turn: a new turn starts from it (H2)."""
        for turn in reversed(self._turns):
            if turn.side is side:
                return turn.strikes
        return 0

    def _check(self, action: RefereeAction) -> None:
        if self._winner is not None:
            won = f"{self._winner.value} won"
            raise IllegalActionError(f"{action}: the game is over, {won}", self.end_rule)
        if isinstance(action, Win):
            if not isinstance(action.side, Side):
                raise IllegalActionError(f"{action!r}: the winner is black or white", "H4")
            return
        if isinstance(action, Draw):
            self._check_draw(action)
            return
        if isinstance(action, Strikes) and self.cards:
            raise IllegalActionError(f"{action}: the card variant has no strike reduction", "H5")
        turn = self.turn
        if turn is None:
            who = self._next_side().value
            raise IllegalActionError(f"{action}: {who}'s move card is not turned up", "H5")
        if isinstance(action, MoveMade):
            if not turn.moves_left:
                raise IllegalActionError(f"{action}: {_all_made(turn)}", self.count_rule)
        elif isinstance(action, Strikes):
            _check_strikes(turn, action)
        elif not isinstance(action, EndTurn):
            raise IllegalActionError(f"{action!r} is not an action of the hex referee", "H2")

    def _check_draw(self, draw: Draw) -> None:
        if not self.cards:
            raise IllegalActionError(f"{draw}: move cards need the variant cards", "H5")
        side = self._next_side()
        if self._turn_open:
            raise IllegalActionError(f"{draw}: {side.value}'s card is already turned up", "H5")
        if isinstance(draw.card, bool) or draw.card not in CARD_VALUES:
            raise IllegalActionError(f"{draw.card!r} is not a move card (M1 ... M6)", "H5")
        if not self._piles[side].count(draw.card):
            raise IllegalActionError(
                f"{draw}: both {draw} of {side.value}'s pile are turned up already; "
                "the pile is reshuffled only when all 12 cards are used",
                "H5",
            )

    def _do(self, action: RefereeAction) -> None:
        self._saved.append(SavedTurns.of(self._turns, self._turn_open, self._piles, self._winner))
        if isinstance(action, Win):
            self._winner = action.side
        elif isinstance(action, Draw):
            side = self._next_side()
            self._piles[side] = self._piles[side].turned(action.card)
            self._begin_turn(action.card)
        elif isinstance(action, EndTurn):
            self._close_turn()
        else:
            turn = self._turns[-1]
            if isinstance(action, MoveMade):
                turn = CountedTurn(turn.number, turn.side, turn.strikes, turn.card, turn.moves + 1)
            else:
                turn = CountedTurn(turn.number, turn.side, action.count, turn.card, turn.moves)
            self._turns[-1] = turn
            if turn.moves and not turn.moves_left:
                self._close_turn()

    def _undo(self, action: RefereeAction) -> None:
        saved = self._saved.pop()
        self._piles = saved.put_back(self._turns)
        self._turn_open, self._winner = saved.turn_open, saved.winner

    def _close_turn(self) -> None:
        self._turn_open = False
        if not self.cards:
            self._begin_turn(None)

    def current_player(self) -> int:
        if self._winner is not None:
            return TERMINAL
        if not self._turn_open:
            return CHANCE
        return self._turns[-1].side.seat

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
                if count != turn.strikes and turn.moves <= allowance_with(turn.number, count)
            ]
        actions += [Win(Side.BLACK), Win(Side.WHITE)]
        return actions

    def sample_chance(self, rng: random.Random) -> Draw:
        if self.current_player() != CHANCE:
            raise GameError(
                f"{self.name}: chance turns up a move card only before a turn of the card variant"
            )
        return Draw(rng.choice(self._piles[self._next_side()].cards()))

    def outcome(self) -> Outcome | None:
        if self._winner is None:
            return None
        return Outcome(Termination.DECLARED, (self._winner.seat,))

    # -- what the table asks ---------------------------------------------------------

    @property
    def turns(self) -> tuple[CountedTurn, ...]:
        """Every turn begun, the one in progress (or the one the win was declared in) last."""
        return tuple(self._turns)

    @property
    def turn(self) -> CountedTurn | None:
        """The turn in progress; ``None`` before a move card is turned up and once over."""
        if self._winner is not None or not self._turn_open:
            return None
        return self._turns[-1]

    def side_to_act(self) -> Side:
        """The side to move, or whose move card comes next (the last mover once over)."""
        return self._next_side()

    def _next_side(self) -> Side:
        if not self._turns:
            return Side.BLACK
        last = self._turns[-1].side
        return last if self._turn_open else last.other

    def moves_left(self) -> int:
        """Moves the side to move may still make this turn (0 between turns and once over)."""
        turn = self.turn
        return turn.moves_left if turn else 0

    def card_pending(self) -> bool:
        """Card variant: the last turn is over and the next card is not turned up."""
        return self.cards and not self._turn_open

    def pile(self, side: Side) -> Pile:
        """``side``'s move cards still face down (card variant, H5)."""
        return self._piles[side]

    @property
    def winner(self) -> Side | None:
        return self._winner

    @property
    def end_rule(self) -> str:
        """The rule that ends the game: H5 in the card variant, else H4."""
        return "H5" if self.cards else "H4"

    @property
    def count_rule(self) -> str:
        """The rule that sets the moves of a turn: H5 in the card variant, else H2."""
        return "H5" if self.cards else "H2"

    # -- records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return write_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        return read_record(cls, record)

    def report(self) -> HexRefereeReport:
        return report(self)

    def __repr__(self) -> str:
        return f"HexRefereeState(turns={len(self._turns)}, winner={self._winner})"


def _all_made(turn: CountedTurn) -> str:
    plural = "" if turn.allowed == 1 else "s"
    return f"{turn.side.value} may make {turn.allowed} move{plural} this turn and made them all"


def _check_strikes(turn: CountedTurn, strikes: Strikes) -> None:
    count = strikes.count
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_STRIKES:
        raise IllegalActionError(
            f"{count!r} is not a count of strike pieces on a centre (0-{MAX_STRIKES})", "H2"
        )
    allowed = allowance_with(turn.number, count)
    if turn.moves > allowed:
        made = f"{turn.moves} move{'' if turn.moves == 1 else 's'}"
        raise IllegalActionError(
            f"{strikes}: {turn.side.value} made {made} in turn {turn.number}, "
            f"more than the {allowed} that leaves",
            "H2",
        )
