"""The hex game with every move entered (mode ``board``): the engine referees, records.

For a table that wants the game's record: command :class:`Move` ``("d9-e9")``
plays a move through the engine (H3 checked, H4/H5 wins found by the engine),
:class:`EndTurn` ends a turn early, :class:`Winner` (side) records that the other
side resigned, :class:`Undo` takes back the last command. In the card variant the move
cards come from the companion's shuffled piles (:mod:`companion.flows.hex_cards`) or,
with ``move-cards`` ``camera``, from the card of the ``hex`` deck a player shows.

    >>> flow = HexBoardFlow(["Black", "White"], [], seed=0, camera=False)
    >>> _ = flow.command(Move("b2-c2"))
    >>> flow.record()["turns"]
    [['b2-c2'], []]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import EndTurn, FlowCommand, Move, Undo, Winner
from companion.flows.errors import RefusedError
from companion.flows.hex_cards import MoveCardFlow
from companion.flows.notices import info, refused, refused_command
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, HexStatus
from companion.games.errors import GameError
from companion.games.hex import SPEC, Draw, HexState, Resign, Side, card_name, parse_card
from companion.games.hex.actions import EndTurn as EndTurnAction
from companion.games.hex.actions import Move as MoveAction
from companion.table.cards import TableCard


class HexBoardFlow(MoveCardFlow):
    """Every move through the engine (module docstring)."""

    game = SPEC.name
    engine: HexState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset({Undo, Move, EndTurn, Winner})

    def __init__(
        self, players: Sequence[str], variants: Sequence[str], *, seed: int, camera: bool
    ) -> None:
        super().__init__(players, HexState(tuple(players), variants), seed=seed, camera=camera)

    def placed(self, card: TableCard) -> list[Notice]:
        if card.deck != SPEC.name or not self.camera:
            return []
        try:
            value = parse_card(card.notation)
            self._apply(Draw(value))
        except RefusedError as exc:
            return [refused(card, exc.reason, exc.rule, exc.said)]
        except GameError as exc:
            return [refused(card, str(exc), "H5", Said(Say.UNKNOWN_CARD))]
        side = self.engine.turns[-1].side if self.engine.turns else Side.BLACK
        said = Said(Say.CARD_TURNED_UP, seat=side.seat, number=value)
        return [info(f"{card_name(value)} turned up", said)]

    def command(self, command: FlowCommand) -> list[Notice]:
        match command:
            case Undo():
                return self.undo()
        try:
            return self._command(command)
        except RefusedError as exc:
            return [refused_command(command, exc)]
        except GameError as exc:  # a move written wrong (H1 notation)
            return [refused_command(command, RefusedError(str(exc), said=Said(Say.BAD_MOVE)))]

    def _command(self, command: FlowCommand) -> list[Notice]:
        match command:
            case Move(move=move):
                self._apply(MoveAction.parse(move))
            case EndTurn():
                self._apply(EndTurnAction())
            case Winner(side=name):
                side = {s.value: s for s in Side}.get(name)
                if side is None:
                    raise RefusedError(
                        'winner needs "side": black or white', said=Said(Say.NOT_A_SEAT)
                    )
                self._apply(Resign(side.other))
            case _:
                raise RefusedError(
                    "unknown command for the hex board", said=Said(Say.UNKNOWN_COMMAND)
                )
        winner = self.engine.winner
        if winner is not None:
            message = f"{self.names[winner.seat]} ({winner.value}) wins: {self.engine.ending}"
            said = Said(Say.GAME_OVER, seat=winner.seat)
            notice = Notice(
                NoticeKind.GAME_OVER, message, self.engine.end_rule, seat=winner.seat, said=said
            )
            return [notice]
        return []

    def status(self) -> HexStatus:
        engine = self.engine
        side = engine.side_to_act() or Side.BLACK
        turn = engine.turn
        winner = engine.winner
        card_due = turn is None and winner is None
        return HexStatus(
            side=side,
            turn=turn.number if turn else len(engine.turns) + 1,
            allowed=turn.allowed if turn else 0,
            left=engine.moves_left(),
            reduction=turn.strikes if turn else 0,
            card=turn.card if turn else None,
            winner=winner,
            awaiting=Awaiting.MOVE_CARD if card_due else Awaiting.NOTHING,
            board=engine.position,
            moved=engine.last_moves(),
        )
