"""What both modes of the hex game referee alike: the turns, their allowance, the move
cards, the end, and undo.

A turn starts with its allowance (H2: the opening 1-5, then 6, less the enemy strike
pieces on the mover's centre; in the card variant chance first turns up the move card,
H5). It ends by itself once it has made a move and has none left, or earlier by
:class:`EndTurn` (fewer moves, even none, H2); a turn allowing 0 waits for
:class:`EndTurn`. The modes differ in what a move is and where the strike pieces come
from: :class:`~companion.games.hex.state.HexState` reads the board,
:class:`~companion.games.hex.referee.HexRefereeState` is told.

Undo is a stack: each action pushes the turns as it found them (immutable values) and
pops them back, in constant time.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from companion.games.base import (
    CHANCE,
    TERMINAL,
    GameState,
    Outcome,
    Termination,
    UndoNote,
    check_variants,
)
from companion.games.errors import GameError, IllegalActionError
from companion.games.hex.actions import Draw, EndTurn, HexAction, RefereeAction
from companion.games.hex.cards import CARD_VALUES, Pile
from companion.games.hex.pieces import Side
from companion.games.hex.position import Position
from companion.games.hex.turn import M, SavedTurns, Turn

DEFAULT_PLAYERS: Final = ("Black", "White")
#: The variants of RULES.md both modes accept (the referee only records that the table
#: plays ``friendly-groups`` and ``edge-surround``: they act on the board).
VARIANTS: Final = frozenset({"friendly-groups", "edge-surround", "cards"})

#: The mode's actions: the board mode's or the referee mode's.
A = TypeVar("A", HexAction, RefereeAction)


@dataclass(frozen=True)
class Saved(UndoNote, Generic[M]):
    """The game as an action found it: its turns, how it ended, and the board (board mode)."""

    turns: SavedTurns[Turn[M]]
    termination: Termination | None
    ending: str
    position: Position | None


class HexGame(GameState[A], Generic[A, M]):
    """A hex game between Black (seat 0, first) and White (seat 1), in either mode."""

    known_variants = VARIANTS

    def __init__(self, players: Sequence[str], variants: Sequence[str]) -> None:
        super().__init__()
        if len(players) != 2:
            raise GameError(f"{self.name}: the game is for two players, not {len(players)}")
        self.players: tuple[str, ...] = tuple(players)
        self.variants = check_variants(self.name, variants, self.known_variants)
        self.cards = "cards" in self.variants

    def rename(self, players: Sequence[str]) -> None:
        """The same sides under new names (a table renamed mid-game): the record names
        them as if the game had been played under them. Nothing is replayed: the
        engine words its endings by side, not by name."""
        if len(players) != 2:
            raise GameError(f"{self.name}: {len(players)} names for the game's two players")
        self.players = tuple(players)

    # -- what a mode gives ---------------------------------------------------------

    @abstractmethod
    def _strikes_at_start(self, side: Side) -> int:
        """The enemy strike pieces on ``side``'s centre as its turn starts (H2)."""

    @abstractmethod
    def _check_play(self, action: A) -> None:
        """Check an action of the mode's own (not a move card)."""

    @abstractmethod
    def _play(self, action: A) -> None:
        """Carry out an action of the mode's own (not a move card nor an end of turn)."""

    @abstractmethod
    def side_to_act(self) -> Side | None:
        """The side to move, or whose move card comes next."""

    def _board(self) -> Position | None:
        """The position to keep for an undo (the board mode's)."""
        return None

    def _put_board_back(self, position: Position | None) -> None:
        """Undo: the position as the action found it (the board mode's)."""

    # -- the turns -----------------------------------------------------------------

    def _reset(self) -> None:
        self._turns: list[Turn[M]] = []
        self._turn_open = False
        self._piles = {side: Pile() for side in Side}
        self._winner: Side | None = None
        self._termination: Termination | None = None
        self._ending = ""
        self._saved: list[Saved[M]] = []  # one per action, for undo
        if not self.cards:
            self._begin_turn(None)

    def _begin_turn(self, card: int | None) -> None:
        side = self._next_side()
        strikes = 0 if card is not None else self._strikes_at_start(side)
        self._turns.append(Turn(len(self._turns) + 1, side, strikes, card))
        self._turn_open = True

    def _close_turn(self) -> None:
        """The turn is over: its last allowed move was made, or the player ended it."""
        self._turn_open = False
        if not self.cards:
            self._begin_turn(None)

    def _set_turn(self, turn: Turn[M]) -> None:
        """The turn in progress is now ``turn``; it ends once it made a move and has none
        left (a turn allowing 0 waits for the end of the turn, to be corrected)."""
        self._turns[-1] = turn
        if turn.moves and not turn.moves_left:
            self._close_turn()

    def _end(self, winner: Side, termination: Termination, how: str) -> None:
        self._winner = winner
        self._termination = termination
        self._ending = how

    def _next_side(self) -> Side:
        if not self._turns:
            return Side.BLACK
        last = self._turns[-1].side
        return last if self._turn_open else last.other

    # -- the engine ----------------------------------------------------------------

    def _check(self, action: A) -> None:
        if self._winner is not None:
            raise IllegalActionError(f"{action}: the game is over, {self._ending}", self.end_rule)
        if isinstance(action, Draw):
            self._check_draw(action)
        else:
            self._check_play(action)

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

    def _open_turn(self, action: object) -> Turn[M]:
        """The turn in progress, for ``action``; refused before its move card (H5)."""
        turn = self.turn
        if turn is None:
            who = self._next_side().value
            raise IllegalActionError(f"{action}: {who}'s move card is not turned up", "H5")
        return turn

    def _do(self, action: A) -> None:
        turns = SavedTurns.of(self._turns, self._turn_open, self._piles, self._winner)
        self._saved.append(Saved(turns, self._termination, self._ending, self._board()))
        if isinstance(action, Draw):
            side = self._next_side()
            self._piles[side] = self._piles[side].turned(action.card)
            self._begin_turn(action.card)
        elif isinstance(action, EndTurn):
            self._close_turn()
        else:
            self._play(action)

    def _undo(self, action: A) -> None:
        saved = self._saved.pop()
        self._piles = saved.turns.put_back(self._turns)
        self._turn_open, self._winner = saved.turns.turn_open, saved.turns.winner
        self._termination, self._ending = saved.termination, saved.ending
        self._put_board_back(saved.position)

    def current_player(self) -> int:
        if self._winner is not None:
            return TERMINAL
        if not self._turn_open:
            return CHANCE
        return self._turns[-1].side.seat

    def sample_chance(self, rng: random.Random) -> Draw:
        if self.current_player() != CHANCE:
            raise GameError(
                f"{self.name}: chance turns up a move card only before a turn of the card variant"
            )
        return Draw(rng.choice(self._piles[self._next_side()].cards()))

    def outcome(self) -> Outcome | None:
        if self._winner is None or self._termination is None:
            return None
        return Outcome(self._termination, (self._winner.seat,))

    # -- what the table asks -------------------------------------------------------

    @property
    def turns(self) -> tuple[Turn[M], ...]:
        """Every turn begun, the one in progress (or the one the game ended in) last."""
        return tuple(self._turns)

    @property
    def turn(self) -> Turn[M] | None:
        """The turn in progress; ``None`` before a move card is turned up and once over."""
        if self._winner is not None or not self._turn_open:
            return None
        return self._turns[-1]

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
    def ending(self) -> str:
        """How the game ended, e.g. ``"black won by encirclement at turn 9, move 4"``."""
        return self._ending

    @property
    def end_rule(self) -> str:
        """The rule that ends the game: H5 in the card variant, else H4."""
        return "H5" if self.cards else "H4"

    @property
    def count_rule(self) -> str:
        """The rule that sets the moves of a turn: H5 in the card variant, else H2."""
        return "H5" if self.cards else "H2"
