"""The hex game refereed from the board the camera reads (issue 24): positions in, notices out.

The table layer takes a position each time the board is still with every piece on a
cell (:mod:`companion.table.hex_watch`); :meth:`HexCameraFlow.seen` hands it to the
:class:`~companion.table.hex_referee.BoardReferee`, which plays the moves that explain
it through the engine or refuses the change. The notices say it in the players'
words (:mod:`companion.views.words`): whose turn and how many moves when a turn
begins (H2), the fault of a refused change ("Ana: that piece cannot reach f4.") until
the pieces are put back, the winner (H4, H5). The buttons stay for what the board
cannot show: :class:`EndTurn` ends a turn early, :class:`Winner` records a
resignation. In the card variant (H5) each turn's move card is read as a card put
down, as the button referee reads it (``move-cards camera``).

    >>> from companion.games.hex import START, Cell
    >>> flow = HexCameraFlow(["Ana", "Ben"], [])
    >>> notices = flow.seen(START.after(Cell.parse("b2"), Cell.parse("c2")))
    >>> [(n.message, n.said and n.said.say.value) for n in notices]
    [('moves seen: b2-c2', None), ('turn 2: white may make 2 moves', 'moves-allowed')]
    >>> flow.record()["turns"]
    [['b2-c2'], []]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from companion.flows.base import EngineFlow, GameFlow, Notice, NoticeKind
from companion.flows.commands import EndTurn, FlowCommand, Winner
from companion.flows.notices import info, nothing_to_undo, refused
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, HexStatus
from companion.games.errors import GameError, IllegalActionError
from companion.games.hex import SPEC as HEX
from companion.games.hex import (
    Draw,
    HexState,
    Position,
    Resign,
    Side,
    parse_card,
)
from companion.games.registry import OptionValue
from companion.table.cards import TableCard
from companion.table.hex_events import BoardSeen
from companion.table.hex_referee import BoardReferee, Fault, Played, PutBack, Refused

#: What each fault says on the screen.
_SAYS = {
    Fault.CANNOT_REACH: Say.CANNOT_REACH,
    Fault.NOT_YOURS: Say.NOT_YOUR_PIECE,
    Fault.NOT_YOUR_TURN: Say.TURN_NOT_OVER,
    Fault.CENTRE: Say.CENTRE_MOVED,
    Fault.TOO_MANY: Say.MOVES_USED,
    Fault.DISPLACED: Say.DISPLACED_THERE,
    Fault.CARD_FIRST: Say.MOVE_CARD_FIRST,
    Fault.GAME_OVER: Say.GAME_IS_OVER,
    Fault.TOO_MUCH: Say.BOARD_UPSET,
    Fault.NOT_AS_LEFT: Say.BOARD_DIFFERS,
}


class HexCameraFlow(EngineFlow):
    """The referee of a hex game whose moves the camera reads (module docstring)."""

    game = HEX.name
    engine: HexState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset({EndTurn, Winner})

    def __init__(
        self, players: Sequence[str], variants: Sequence[str], *, start: Position | None = None
    ) -> None:
        self._name(players)
        engine = HexState(tuple(players), variants, **({"start": start} if start else {}))
        self.referee = BoardReferee(engine)
        self.engine = engine

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: Mapping[str, OptionValue],
    ) -> GameFlow:
        """The camera referee of the game ``hex`` in mode ``camera``: from H1's start;
        in the card variant it reads each move card the camera sees (H5)."""
        return cls(players, variants)

    def board_seen(self, seen: BoardSeen) -> list[Notice]:
        """The board the camera took (a journaled input): :meth:`seen`."""
        return self.seen(seen.position, first=seen.first)

    def seen(self, position: Position, *, first: bool = False) -> list[Notice]:
        """A stable position of the board: the moves it shows, or why they are refused.
        The ``first`` a restarted camera took (the game had seen the board before the
        cut) is compared with the game's: a board not as the game left it is said,
        never read as moves."""
        verdict = self.referee.see(position, first=first)
        if isinstance(verdict, Refused):
            return [self._refused(verdict)]
        if isinstance(verdict, PutBack):
            side = self.engine.side_to_act() or Side.BLACK
            left = self.engine.moves_left()
            waiting = self.engine.turn is None  # the card variant: the card comes first
            said = Said(Say.PUT_BACK, seat=side.seat, number=None if waiting else left)
            return [info(f"board put back: {side.value} to move, {left} left", said)]
        if isinstance(verdict, Played):
            moves = " ".join(str(move) for move in verdict.moves)
            notices = [Notice(NoticeKind.INFO, f"moves seen: {moves}", "H3")]
            return notices + (self._skipped(verdict.skipped) or self._after())
        return []

    def _refused(self, verdict: Refused) -> Notice:
        side = verdict.side
        number = self.engine.turn.allowed if self.engine.turn else None
        if verdict.fault is Fault.NOT_YOUR_TURN:  # what is left, once the turn is begun
            turn = self.engine.turn
            number = turn.moves_left if turn is not None and turn.moves else None
        cell = verdict.cell.name if verdict.cell else None
        said = Said(_SAYS[verdict.fault], seat=side.seat, number=number, cell=cell, board=True)
        if verdict.fault is Fault.NOT_AS_LEFT:  # whose piece, where it is, what else differs
            there = verdict.source.name if verdict.source else None
            more = max(verdict.differ - 2, 0)  # the piece's own two cells aside
            said = replace(said, say=Say.BOARD_DIFFERS, number=more, there=there)
        message = f"{side.value}: board change refused: {verdict.reason}"
        return Notice(NoticeKind.REFUSED, message, verdict.rule, seat=side.seat, said=said)

    def _skipped(self, count: int) -> list[Notice]:
        """The turns that allowed no move and ended at once (H2: the enemy strike pieces
        on the centre took them all), each said with its allowance of 0 (the turn that
        follows shows on the screen: a second passing note would not)."""
        turns = self.engine.turns
        ended = turns[:-1] if self.engine.turn is not None else turns
        return [
            info(
                f"turn {turn.number}: {turn.side.value} may make 0 moves (H2): it ends at once",
                Said(Say.MOVES_ALLOWED, seat=turn.side.seat, number=0, strikes=turn.strikes),
            )
            for turn in ended[len(ended) - count :]
            if count
        ]

    def _after(self) -> list[Notice]:
        """The game over, or the turn to play and its allowance (H2)."""
        engine = self.engine
        winner = engine.winner
        if winner is not None:
            message = f"{self.names[winner.seat]} ({winner.value}) wins: {engine.ending}"
            said = Said(Say.GAME_OVER, seat=winner.seat)
            return [Notice(NoticeKind.GAME_OVER, message, engine.end_rule, winner.seat, said=said)]
        turn = engine.turn
        if turn is None or turn.moves:
            return []
        message = f"turn {turn.number}: {turn.side.value} may make {turn.allowed} moves"
        said = Said(
            Say.MOVES_ALLOWED, seat=turn.side.seat, number=turn.allowed, strikes=turn.strikes
        )
        return [info(message, said)]

    def placed(self, card: TableCard) -> list[Notice]:
        """Card variant (H5): the move card a player turns up, read as the card flows do."""
        if card.deck != HEX.name or not self.engine.cards:
            return []
        side = self.engine.side_to_act() or Side.BLACK
        try:
            value = parse_card(card.notation)
            self.engine.apply(Draw(value))
        except IllegalActionError as exc:
            return [refused(card, exc.reason, exc.rule)]
        except GameError as exc:
            return [refused(card, str(exc), "H5", Said(Say.UNKNOWN_CARD))]
        said = Said(Say.CARD_TURNED_UP, seat=side.seat, number=value)
        return [info(f"{card.notation} turned up: {side.value} may make {value} moves", said)]

    def command(self, command: FlowCommand) -> list[Notice]:
        try:
            match command:
                case EndTurn():
                    self.referee.end_turn()
                    return self._skipped(self.referee.skip_empty_turns()) or self._after()
                case Winner(side=name) if name in ("black", "white"):
                    self.engine.apply(Resign(Side(name).other))
                    return self._after()
        except IllegalActionError as exc:
            said = Said(Say.AGAINST_RULE)
            return [
                Notice(NoticeKind.REFUSED, f"{command.name}: {exc.reason}", exc.rule, said=said)
            ]
        said = Said(Say.UNKNOWN_COMMAND)
        return [Notice(NoticeKind.REFUSED, f"{command.name}: not taken", said=said)]

    def undo(self) -> list[Notice]:
        """Moves are taken back by putting the pieces back, not by a button."""
        return [nothing_to_undo()]

    def status(self) -> HexStatus:
        engine = self.engine
        side = engine.side_to_act() or Side.BLACK
        turn = engine.turn
        return HexStatus(
            side=side,
            turn=turn.number if turn else len(engine.turns) + 1,
            allowed=turn.allowed if turn else 0,
            left=engine.moves_left(),
            reduction=turn.strikes if turn else 0,
            card=turn.card if turn else None,
            winner=engine.winner,
            awaiting=Awaiting.MOVE_CARD
            if turn is None and engine.winner is None
            else Awaiting.NOTHING,
            board=engine.position,
            moved=engine.last_moves(),
            put_back=self.referee.refused is not None,
        )
