"""The referee watching the hex board: from one stable position to the next, the moves.

:class:`BoardReferee` holds the game (a :class:`~companion.games.hex.HexState`) and is
shown each stable position the camera takes (:mod:`companion.table.hex_watch`). It
finds the fewest moves of the player to move that turn the game's position into the
one seen (a move is a swap of two cells, H3: a single step, a group move, or a
displacement with the displaced piece on the mover's start cell), each checked by
the engine, and plays them: the turn's allowance (H2) counts down, the turn ends by
itself with its last allowed move, a win (H4, or H5 in the card variant) ends the game.

When no legal moves explain the change, nothing is played: the verdict is a
:class:`Refused` naming the fault (``CANNOT_REACH`` with the cell, ``NOT_YOURS``,
``CENTRE``, ``TOO_MANY``, ``DISPLACED`` with the cell the displaced piece belongs on,
``CARD_FIRST``, ``GAME_OVER``, ``TOO_MUCH``) and the players put the pieces back: the
next position equal to the game's is :class:`PutBack`. A change of the other side's
pieces alone, or one move of theirs landing on the mover's piece (H3), is
``NOT_YOUR_TURN``: its player moved in the mover's turn, before the
mover ended it (a player who makes fewer moves than allowed ends the turn with a
button, H2), or again after their own turn ended.

The first position the camera takes after a restart (``see(position, first=True)``
once the game, replayed from the journal, has seen positions before) is not read as
moves: nobody saw what happened while the table was off. If it is not the game's,
it is refused (``NOT_AS_LEFT``, naming one piece out of place: the cell it belongs
on and the cell it stands on) and every position after it too, until the board is
put back as the game left it. The first position of a new game is judged as ever.

    >>> from companion.games.hex import START, new_game
    >>> referee = BoardReferee(new_game())
    >>> referee.see(START.after(Cell.parse("b2"), Cell.parse("c2"))).moves
    (Move(src=Cell('b2'), dst=Cell('c2')),)
    >>> referee.see(START).fault  # Black's turn is over: b2-c2 stands
    <Fault.NOT_YOUR_TURN: 'not-your-turn'>
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Final

from companion.games.errors import IllegalActionError
from companion.games.hex import Cell, EndTurn, HexState, Kind, Move, Position, Side

#: More changed cells than this are not searched: the board was upset, not played.
MOST_CHANGED: Final = 12
#: Moves tried at most in the search for the moves a change shows (0.12 s CPU at most here:
#: bench/hex_referee.py).
MOST_TRIED: Final = 5000


class Fault(Enum):
    """Why a change on the board is refused."""

    CANNOT_REACH = "cannot-reach"  # cell: the piece moved there is not allowed there (H3)
    NOT_YOURS = "not-yours"  # an opponent's piece moved with the mover's (H3)
    NOT_YOUR_TURN = "not-your-turn"  # only the other side's pieces moved: not its turn (H2)
    CENTRE = "centre"  # a centre moved by itself (H3)
    TOO_MANY = "too-many"  # more moves than the turn allows (H2, H5)
    DISPLACED = "displaced"  # cell: the displaced piece belongs on the mover's start (H3)
    CARD_FIRST = "card-first"  # card variant: the move card is not turned up (H5)
    GAME_OVER = "game-over"  # a piece moved after the game ended (H4, H5)
    TOO_MUCH = "too-much"  # too many cells changed at once to be moves
    NOT_AS_LEFT = "not-as-left"  # cell, source: the board first seen is not the game's


@dataclass(frozen=True)
class Played:
    """The moves seen, played in order; ``turn_over``: they ended the turn (H2);
    ``skipped``: the turns after it that allowed no move, ended at once (H2)."""

    moves: tuple[Move, ...]
    turn_over: bool
    winner: Side | None
    skipped: int = 0


@dataclass(frozen=True)
class Refused:
    """No legal moves explain the change: ``side`` to move, the ``fault``, the ``cell``
    it is about (if one), the engine's ``reason`` (English, for the log) and ``rule``.
    A board not as the game left it (``NOT_AS_LEFT``) names a piece out of place: its
    ``side``, the ``cell`` it belongs on, the cell it stands on (``source``), and how
    many cells differ from the game's (``differ``)."""

    side: Side
    fault: Fault
    cell: Cell | None
    reason: str
    rule: str
    moves: tuple[Move, ...] = ()
    source: Cell | None = None
    differ: int = 0


@dataclass(frozen=True)
class PutBack:
    """The board is back at the game's position after a refused change."""


@dataclass(frozen=True)
class Unchanged:
    """The position seen is the game's (nothing to do)."""


Verdict = Played | Refused | PutBack | Unchanged


def _changed(a: Position, b: Position) -> list[Cell]:
    return [Cell(i) for i, (x, y) in enumerate(zip(a.cells, b.cells, strict=True)) if x != y]


class BoardReferee:
    """Plays the moves the board shows into ``game`` (module docstring)."""

    def __init__(self, game: HexState) -> None:
        self.game = game
        self.refused: Refused | None = None
        self._dead: dict[Position, int] = {}  # searched in vain with this many moves left
        self._budget = MOST_TRIED
        self._looked = False  # a position was seen in this game (before a restart too)
        self.skip_empty_turns()

    @property
    def looked(self) -> bool:
        """A position of the board was seen in this game (before a restart too)."""
        return self._looked

    def skip_empty_turns(self) -> int:
        """End at once every turn that allows no move (H2: strike pieces took them all);
        return how many. A card turn always allows at least one move (H5)."""
        skipped = 0
        while self.game.turn is not None and self.game.turn.allowed == 0:
            self.game.apply(EndTurn())
            skipped += 1
        return skipped

    def see(self, position: Position, *, first: bool = False) -> Verdict:
        """Take a stable position: play the moves that explain it, or refuse it; the
        ``first`` position the camera took of the game is compared, not judged."""
        if position == self.game.position:
            self._looked = True
            was, self.refused = self.refused, None
            return PutBack() if was is not None else Unchanged()
        resumed, self._looked = first and self._looked, True
        unsettled = self.refused is not None and self.refused.fault is Fault.NOT_AS_LEFT
        if resumed or unsettled:
            self.refused = _not_as_left(self.game.position, position)
            return self.refused
        verdict = self._judge(position)
        self.refused = verdict if isinstance(verdict, Refused) else None
        return verdict

    def end_turn(self) -> None:
        """A button ends the turn early (H2)."""
        self.game.apply(EndTurn())

    def _judge(self, position: Position) -> Verdict:
        game = self.game
        side = game.side_to_act() or Side.BLACK
        changed = _changed(game.position, position)
        if game.winner is not None:
            return Refused(
                side, Fault.GAME_OVER, None, f"the game is over: {game.ending}", game.end_rule
            )
        if game.turn is None:
            return Refused(
                side, Fault.CARD_FIRST, None, f"{side.value}'s move card is not turned up", "H5"
            )
        if len(changed) > MOST_CHANGED:
            return Refused(
                side, Fault.TOO_MUCH, None, f"{len(changed)} cells changed at once", "H3"
            )
        turn = game.turn
        self._dead, self._budget = {}, MOST_TRIED
        for depth in range(1, turn.moves_left + 1):
            for moves in self._legal(game.clone(), position, depth):
                for move in moves:
                    game.apply(move)
                over = game.turn is None or game.turn.number != turn.number
                return Played(moves, over, game.winner, self.skip_empty_turns())
        return self._diagnose(position, changed, side)

    def _legal(self, game: HexState, target: Position, depth: int) -> Iterator[tuple[Move, ...]]:
        """Every sequence of ``depth`` legal moves reaching ``target``, all in the turn in
        progress. A position already searched with as many moves left or fewer is not
        searched again (moves made in another order meet there), and the search gives
        up after :data:`MOST_TRIED` moves tried."""
        cells = _changed(game.position, target)
        if len(cells) > 2 * depth or self._budget <= 0:  # a move changes two cells at most
            return
        if self._dead.get(game.position, 0) >= depth:
            return
        number = game.turn.number if game.turn else 0
        for move in self._moves(game, target, cells, detours=depth > 1):
            self._budget -= 1
            if not game.is_legal(move):
                continue
            game.apply(move)
            if game.position == target:
                yield (move,)
            elif depth > 1 and game.turn is not None and game.turn.number == number:
                for rest in self._legal(game, target, depth - 1):
                    yield (move, *rest)
            game.undo()
        if self._budget > 0:  # searched to the end: nothing here within depth moves
            self._dead[game.position] = depth

    @staticmethod
    def _moves(
        game: HexState, target: Position, cells: list[Cell], *, detours: bool
    ) -> Iterator[Move]:
        """The moves worth trying: first the swaps of two changed cells that put the right
        piece on ``dst``, movers first; then, with moves to spare (``detours``), the
        mover's pieces not where they belong stepping anywhere they may reach: a piece
        moved twice, or a piece displaced and moved on, passes a cell that does not
        change (a strike piece two steps ahead with the hand over it the while)."""
        position = game.position
        for src in cells:
            piece = position[src]
            if piece is None:
                continue
            for dst in cells:
                if dst != src and target[dst] is piece and position[dst] is not piece:
                    yield Move(src, dst)
        if not detours or game.turn is None:
            return
        side = game.turn.side
        for src in cells:
            piece = position[src]
            if piece is None or piece.side is not side or piece.kind is Kind.CENTRE:
                continue
            for dst in game.destinations(src):
                if target[dst] is not piece and position[dst] is not piece:
                    yield Move(src, dst)

    def _diagnose(self, position: Position, changed: list[Cell], side: Side) -> Refused:
        """Say what is wrong: the other side moving in this turn, or the first illegal
        step of the simplest swaps explaining it."""
        before = self.game.position
        sides = {p.side for c in changed for p in (before[c], position[c]) if p is not None}
        if sides == {side.other} or self._displaced_by(side.other, position, changed):
            left = self.game.moves_left()
            moves = f"{left} move{'' if left == 1 else 's'} left"
            reason = f"{side.other.value} moved in {side.value}'s turn, {moves}"
            return Refused(side, Fault.NOT_YOUR_TURN, None, reason, "H2")
        game = self.game.clone()
        number = game.turn.number if game.turn else 0
        steps = self._any_swaps(game.position, position, changed, side)
        played: list[Move] = []
        displacing = False
        for move in steps:
            displaced = played and move.src == played[-1].src and displacing
            if displaced and not game.is_legal(move):
                reason = f"{move}: the piece {played[-1]} displaced goes on {move.src}"
                return Refused(side, Fault.DISPLACED, move.src, reason, "H3", tuple(played))
            displacing = game.position[move.dst] is not None
            try:
                game.apply(move)
            except IllegalActionError as exc:
                fault = self._fault(game, move, number)
                if fault is Fault.TOO_MANY:
                    rule = "H5" if game.cards else "H2"
                    reason = f"{move}: {side.value} made every move the turn allows"
                    return Refused(side, fault, None, reason, rule, tuple(played))
                return Refused(side, fault, move.dst, exc.reason, exc.rule, tuple(played))
            played.append(move)
        return Refused(side, Fault.TOO_MUCH, None, "the change is no sequence of moves", "H3")

    def _displaced_by(self, other: Side, position: Position, changed: list[Cell]) -> bool:
        """True if the change is one move of ``other``'s, its piece landing on the
        mover's (H3: the mover's piece sent to where it came from)."""
        if len(changed) != 2:
            return False
        before = self.game.position
        for src, dst in (changed, changed[::-1]):
            piece = before[src]
            if (
                piece is not None
                and piece.side is other
                and piece.kind is not Kind.CENTRE
                and position[dst] is piece
                and dst in self.game.destinations(src)
            ):
                return True
        return False

    @staticmethod
    def _fault(game: HexState, move: Move, number: int) -> Fault:
        turn, piece = game.turn, game.position[move.src]
        if turn is None or turn.number != number or not turn.moves_left:
            return Fault.TOO_MANY
        if piece is not None and piece.side is not turn.side:
            return Fault.NOT_YOURS
        if piece is not None and piece.kind is Kind.CENTRE:
            return Fault.CENTRE
        return Fault.CANNOT_REACH

    @staticmethod
    def _any_swaps(start: Position, target: Position, cells: list[Cell], side: Side) -> list[Move]:
        """Swaps turning ``start`` into ``target``, ignoring the rules: each puts the
        right piece on a cell, the mover's own pieces first. A piece already on a cell
        that wants it is never taken off it, so every swap rights a cell and leaves no
        cell wrong that was right: there are at most as many swaps as ``cells`` (taking
        a piece of a kind off a cell its kind belongs on, to right another, could undo
        itself and go round for ever)."""
        position, moves = start, []
        while position != target:
            options = [
                Move(src, dst)
                for src in cells
                for dst in cells
                if src != dst
                and position[src] is not None
                and position[src] is not target[src]
                and target[dst] is position[src]
                and position[dst] is not target[dst]
            ]
            if not options:
                break
            move = min(options, key=functools.partial(_rank, position, target, side=side))
            moves.append(move)
            position = position.after(move.src, move.dst)
        return moves


def _not_as_left(game: Position, board: Position) -> Refused:
    """The board is not the game's position: the first cell (in reading order) whose
    piece is elsewhere, and where a piece of that kind stands out of place (the cells
    differ by whole pieces: every piece is on the board)."""
    changed = _changed(game, board)
    cell, piece = next((c, p) for c in changed if (p := game[c]) is not None)
    source = next((c for c in changed if board[c] is piece), None)
    names = ", ".join(c.name for c in changed)
    reason = f"the board differs from the game on {len(changed)} cells ({names})"
    return Refused(piece.side, Fault.NOT_AS_LEFT, cell, reason, "H1", (), source, len(changed))


def _rank(position: Position, target: Position, move: Move, *, side: Side) -> tuple[int, int]:
    """The mover's own pieces first, then swaps that put both cells right."""
    piece = position[move.src]
    mine = piece is not None and piece.side is side and piece.kind is not Kind.CENTRE
    fixes_both = target[move.src] is position[move.dst]
    return (0 if mine else 1, 0 if fixes_both else 1)
