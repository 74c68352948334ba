"""The referee of one hex game: whose turn, how many moves are left, who has won.

    >>> state = HexState()
    >>> state.turn
    Turn(number=1, side=<Side.BLACK: 'black'>, allowed=1, card=None, moves=())
    >>> state.apply(Move.parse("b2-c2"))  # Black's one move ends turn 1
    >>> state.turn.side.value, state.turn.allowed, state.moves_left()
    ('white', 2, 2)
    >>> state.apply(Move.parse("j6-i6")); state.apply(EndTurn())  # White passes one
    >>> state.turn.number, state.turn.allowed
    (3, 3)

A turn starts with its allowance fixed (H2; in the card variant chance first turns up
the move card, H5). The turn ends by itself with its last allowed move, or earlier by
:class:`EndTurn` (fewer moves, even none). The game ends at once when a move wins
(H4 / H5) or a player resigns.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

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
from companion.games.hex.actions import Draw, EndTurn, HexAction, Move, Resign
from companion.games.hex.board import Cell
from companion.games.hex.cards import CARD_VALUES, Pile
from companion.games.hex.pieces import Kind, Side
from companion.games.hex.position import START, Position
from companion.games.hex.record import read_record, write_record
from companion.games.hex.report import HexReport, HexTurnReport
from companion.games.hex.rules import allowance, winner_after_move
from companion.games.hex.turn import SavedTurns, Turn, too_many

DEFAULT_PLAYERS: Final = ("Black", "White")


@dataclass(frozen=True)
class _Saved(UndoNote):
    """The game as an action found it: its turns, the board and how it ended."""

    turns: SavedTurns[Turn]
    position: Position
    termination: Termination | None
    ending: str


class HexState(GameState[HexAction]):
    """Naylor's Fibonacci between Black (seat 0, first) and White (seat 1)."""

    name: ClassVar[str] = "hex"
    known_variants: ClassVar[frozenset[str]] = frozenset(
        {"friendly-groups", "edge-surround", "cards"}
    )

    def __init__(
        self,
        players: Sequence[str] = DEFAULT_PLAYERS,
        variants: Sequence[str] = (),
        *,
        start: Position = START,
    ) -> None:
        super().__init__()
        if len(players) != 2:
            raise GameError(f"hex: the game is for two players, not {len(players)}")
        self.players: tuple[str, ...] = tuple(players)
        self.variants = check_variants(self.name, variants, self.known_variants)
        self.start = start
        self.cards = "cards" in self.variants
        self.friendly = "friendly-groups" in self.variants
        self._reset()

    # -- the engine ----------------------------------------------------------------

    def _reset(self) -> None:
        self._position = self.start
        self._turns: list[Turn] = []
        self._turn_open = False
        self._piles = {side: Pile() for side in Side}
        self._winner: Side | None = None
        self._termination: Termination | None = None
        self._ending = ""
        self._saved: list[_Saved] = []  # one per action, for undo
        if not self.cards:
            self._begin_turn(None)

    def _begin_turn(self, card: int | None) -> None:
        side, number = self._next_side(), len(self._turns) + 1
        allowed = card if card is not None else allowance(self._position, side, number)
        self._turns.append(Turn(number, side, allowed, card))
        self._turn_open = True

    def _check(self, action: HexAction) -> None:
        if self._winner is not None:
            raise IllegalActionError(f"{action}: the game is over, {self._ending}", self.end_rule)
        if isinstance(action, Resign):
            return
        if isinstance(action, Draw):
            self._check_draw(action)
            return
        turn = self.turn
        if turn is None:
            who = self._next_side()
            raise IllegalActionError(f"{action}: {who.value}'s move card is not turned up", "H5")
        if isinstance(action, Move):
            self._check_move(turn, action)
        elif not isinstance(action, EndTurn):
            raise IllegalActionError(f"{action!r} is not an action of the hex game", "H3")

    def _check_draw(self, draw: Draw) -> None:
        if not self.cards:
            raise IllegalActionError(f"{draw}: move cards need the variant cards", "H5")
        side = self._next_side()
        if self._turn_open:
            raise IllegalActionError(f"{draw}: {side.value}'s card is already turned up", "H5")
        if draw.card not in CARD_VALUES or isinstance(draw.card, bool):
            raise IllegalActionError(f"{draw.card!r} is not a move card (M1 ... M6)", "H5")
        if not self._piles[side].count(draw.card):
            raise IllegalActionError(
                f"{draw}: both {draw} of {side.value}'s pile are turned up already; "
                f"the pile is reshuffled only when all 12 cards are used",
                "H5",
            )

    def _check_move(self, turn: Turn, move: Move) -> None:
        side = turn.side
        if not turn.moves_left:
            raise IllegalActionError(f"{move}: {too_many(turn)}", "H5" if self.cards else "H2")
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

    def _do(self, action: HexAction) -> None:
        turns = SavedTurns.of(self._turns, self._turn_open, self._piles, self._winner)
        self._saved.append(_Saved(turns, self._position, self._termination, self._ending))
        if isinstance(action, Move):
            turn = self._turns[-1]
            self._position = self._position.after(action.src, action.dst)
            moves = (*turn.moves, action)
            self._turns[-1] = Turn(turn.number, turn.side, turn.allowed, turn.card, moves)
            winner = winner_after_move(self._position, turn.side, self.variants)
            if winner is not None:
                how = "the card-variant win" if self.cards else "encirclement"
                place = f"turn {turn.number}, move {len(turn.moves) + 1}"
                won = Termination.CARD_WIN if self.cards else Termination.ENCIRCLEMENT
                self._end(winner, won, f"{winner.value} won by {how} at {place}")
            elif not self._turns[-1].moves_left:
                self._close_turn()
        elif isinstance(action, EndTurn):
            self._close_turn()
        elif isinstance(action, Draw):
            side = self._next_side()
            self._piles[side] = self._piles[side].turned(action.card)
            self._begin_turn(action.card)
        else:
            self._end(action.side.other, Termination.RESIGNATION, f"{action.side.value} resigned")

    def _undo(self, action: HexAction) -> None:
        saved = self._saved.pop()
        self._piles = saved.turns.put_back(self._turns)
        self._turn_open, self._winner = saved.turns.turn_open, saved.turns.winner
        self._position, self._termination = saved.position, saved.termination
        self._ending = saved.ending

    def _close_turn(self) -> None:
        """The turn is over: its last allowed move was made, or the player ended it."""
        self._turn_open = False
        if not self.cards:
            self._begin_turn(None)

    def _end(self, winner: Side, termination: Termination, how: str) -> None:
        self._winner = winner
        self._termination = termination
        self._ending = how

    def current_player(self) -> int:
        if self._winner is not None:
            return TERMINAL
        if not self._turn_open:
            return CHANCE
        return self._turns[-1].side.seat

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

    def sample_chance(self, rng: random.Random) -> Draw:
        if self.current_player() != CHANCE:
            raise GameError(
                "hex: chance turns up a move card only before a turn of the card variant"
            )
        side = self._next_side()
        return Draw(rng.choice(self._piles[side].cards()))

    def outcome(self) -> Outcome | None:
        if self._winner is None or self._termination is None:
            return None
        return Outcome(self._termination, (self._winner.seat,))

    # -- what the referee asks -------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._position

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn begun, the one in progress last."""
        return tuple(self._turns)

    @property
    def turn(self) -> Turn | None:
        """The turn in progress; ``None`` before a move card is turned up and once over."""
        if self._winner is not None or not self._turn_open:
            return None
        return self._turns[-1]

    def side_to_act(self) -> Side | None:
        """The side to move, or whose move card comes next; ``None`` once the game is over."""
        return None if self._winner is not None else self._next_side()

    def _next_side(self) -> Side:
        if not self._turns:
            return Side.BLACK
        last = self._turns[-1].side
        return last if self._turn_open else last.other

    def moves_left(self) -> int:
        """Moves the side to move may still make this turn (0 between turns)."""
        turn = self.turn
        return turn.moves_left if turn else 0

    def strikers_around(self, side: Side) -> tuple[Cell, ...]:
        """The opposing strike pieces next to ``side``'s centre: each costs a move (H2)."""
        return self._position.strikers_around(side)

    def destinations(self, cell: Cell) -> tuple[Cell, ...]:
        """Where the piece on ``cell`` may go under the variants in play (H3)."""
        return self._position.destinations(cell, friendly=self.friendly)

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

    def pile(self, side: Side) -> Pile:
        """``side``'s move cards still face down (card variant, H5)."""
        return self._piles[side]

    def card_pending(self) -> bool:
        """Card variant: the last turn is over and the next card is not turned up."""
        return self.cards and not self._turn_open

    # -- records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return write_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        return read_record(cls, record)

    def report(self) -> HexReport:
        """The turns begun, the winner and the board (``companion score --json``)."""
        turns = tuple(HexTurnReport(t.side, t.allowed, t.moves) for t in self._turns)
        return HexReport(turns, self._winner, self._position)

    def __repr__(self) -> str:
        return f"HexState(turns={len(self._turns)}, board={self._position.board()!r})"
