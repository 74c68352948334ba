"""The hex game's referee from buttons alone: the flow of the ``hex-referee`` engine.

The board is not read: the table tells the referee what happens and the engine (the
hex game's referee mode, :mod:`companion.games.hex.referee`) keeps the count of H2 (1,
2, 3, 4, 5, then 6 moves, less one per enemy strike piece on the mover's centre, never
below 0). Commands:

- :class:`~companion.flows.commands.Move`: one move made; the turn ends by itself
  with its last allowed move; a turn allowing 0 waits for ``EndTurn``;
- ``EndTurn``: the turn ends with moves left (H2 allows fewer);
- ``Strikes(n)``: n enemy strike pieces touch the mover's centre. The
  table may set or correct it at any time in the turn: the moves left follow, a
  count that allows fewer moves than already made is refused (H2), and one that
  leaves none after a move ends the turn. A side's count carries to its next turn
  (the pieces rarely move all at once) and is on the screen to correct;
- ``Winner(side)`` (``black`` or ``white``): the table says who won (H4);
- ``Undo``: back one command (a move, an end of turn, a strike count, a card).

Card variant (H5): the companion turns up each turn's card from piles it shuffles
itself (:mod:`companion.flows.hex_cards`), or, with the option ``move-cards`` set to
``camera``, reads the card a player turns up (a card of the ``hex`` deck in any zone);
no strike reduction applies.

The record and the score are the engine's (``{"game": "hex-referee", ...}``,
docs/notation.md). The flow serves the game ``hex-referee`` and, for the tables and
journals that start it so, the game ``hex`` in mode ``referee``; mode ``board``
(:mod:`companion.flows.hex_board`) takes every move instead.

    >>> flow = HexRefereeFlow(["Black", "White"], [], seed=0, camera=False)
    >>> _ = flow.command(cmd.Move())        # turn 1 allows one move
    >>> flow.status().side, flow.status().allowed
    (<Side.WHITE: 'white'>, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from companion.flows import commands as cmd
from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import FlowCommand
from companion.flows.errors import RefusedError
from companion.flows.hex_board import HexBoardFlow
from companion.flows.hex_cards import MoveCardFlow
from companion.flows.notices import info, refused, refused_command
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, HexStatus
from companion.games.errors import NotationError
from companion.games.hex import (
    MAX_STRIKES,
    Draw,
    EndTurn,
    HexRefereeState,
    MoveMade,
    Side,
    Strikes,
    Turn,
    Win,
    card_name,
    parse_card,
)
from companion.games.hex import SPEC as HEX
from companion.games.registry import OptionValue, seed_option
from companion.table.cards import TableCard


class HexRefereeFlow(MoveCardFlow):
    """The move-count referee (module docstring)."""

    engine: HexRefereeState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset(
        {cmd.Undo, cmd.Move, cmd.EndTurn, cmd.Strikes, cmd.Winner}
    )

    def __init__(
        self,
        players: Sequence[str],
        variants: Sequence[str],
        *,
        seed: int,
        camera: bool,
        game: str = HEX.name,
    ) -> None:
        self.game = game
        engine = HexRefereeState(tuple(players), variants)
        super().__init__(players, engine, seed=seed, camera=camera)

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: Mapping[str, OptionValue],
    ) -> GameFlow:
        """The referee of ``game``; the game ``hex`` with the option ``mode`` ``board`` is
        the flow that takes every move (:class:`~companion.flows.hex_board.HexBoardFlow`)."""
        camera, seed = options["move-cards"] == "camera", seed_option(options)
        if options.get("mode") == "board":
            return HexBoardFlow(players, variants, seed=seed, camera=camera)
        return cls(players, variants, seed=seed, camera=camera, game=game)

    # -- inputs -------------------------------------------------------------------------------

    def placed(self, card: TableCard) -> list[Notice]:
        """A move card turned up in front of the camera (card variant, ``camera``)."""
        if card.deck != HEX.name or not self.camera:
            return []
        side = self.engine.side_to_act()
        try:
            value = parse_card(card.notation)
            self._apply(Draw(value))
        except NotationError as exc:
            return [refused(card, exc.what, "H5", Said(Say.UNKNOWN_CARD))]
        except RefusedError as exc:
            return [refused(card, exc.what, exc.rule or "H5", exc.said)]
        said = Said(Say.CARD_TURNED_UP, seat=side.seat, number=value)
        return [info(f"{self.names[side.seat]}: {card_name(value)}", said)]

    def command(self, command: FlowCommand) -> list[Notice]:
        if isinstance(command, cmd.Undo):
            return self.undo()
        try:
            return self._command(command)
        except RefusedError as exc:
            return [refused_command(command, exc)]

    def _command(self, command: FlowCommand) -> list[Notice]:
        winner = self.engine.winner
        if isinstance(command, cmd.Move | cmd.EndTurn | cmd.Strikes | cmd.Winner) and winner:
            raise RefusedError(
                f"the game is over: {winner.value} won", "H4", Said(Say.GAME_IS_OVER)
            )
        match command:
            case cmd.Move():
                return self._move()
            case cmd.EndTurn():
                turn = self._turn()
                self._apply(EndTurn())
                said = Said(Say.TURN_ENDED, seat=turn.side.seat, number=turn.number)
                return [info(f"{self.names[turn.side.seat]} ends turn {turn.number}", said)]
            case cmd.Strikes(n=n):
                return self._strikes(n)
            case cmd.Winner(side=name):
                side = {s.value: s for s in Side}.get(name)
                if side is None:
                    raise RefusedError(
                        'winner needs "side": black or white', said=Said(Say.NOT_A_SEAT)
                    )
                self._apply(Win(side))
                message = f"{self.names[side.seat]} ({side.value}) wins"
                said = Said(Say.GAME_OVER, seat=side.seat)
                return [Notice(NoticeKind.GAME_OVER, message, "H4", seat=side.seat, said=said)]
            case _:
                raise RefusedError(
                    "unknown command for the hex referee", said=Said(Say.UNKNOWN_COMMAND)
                )

    def _turn(self) -> Turn[MoveMade]:
        """The turn in progress; in the card variant its card must be turned up (H5)."""
        turn = self.engine.turn
        if turn is None:
            raise RefusedError("turn up the move card first", "H5", Said(Say.MOVE_CARD_FIRST))
        return turn

    def _move(self) -> list[Notice]:
        turn = self._turn()
        if not turn.moves_left:
            side = turn.side.value
            raise RefusedError(
                f"{side} has no moves left: end the turn",
                self.engine.count_rule,
                Said(Say.NO_MOVES_LEFT, seat=turn.side.seat),
            )
        self._apply(MoveMade())
        return self._if_over(turn.number)

    def _strikes(self, value: object) -> list[Notice]:
        if self.cards:
            raise RefusedError(
                "the card variant has no strike reduction", "H5", Said(Say.NO_STRIKES_WITH_CARDS)
            )
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_STRIKES:
            raise RefusedError(
                f"strikes is a count 0-{MAX_STRIKES}, not {value!r}",
                "H2",
                Said(Say.BAD_STRIKES, number=MAX_STRIKES),
            )
        turn = self._turn()
        self._apply(Strikes(value))
        now = self.engine.turns[turn.number - 1]
        allowed = now.allowed
        plural = "" if allowed == 1 else "s"
        said = info(
            f"{self.names[turn.side.seat]} may make {allowed} move{plural}",
            Said(Say.MOVES_ALLOWED, seat=turn.side.seat, number=allowed, strikes=now.strikes),
        )
        return [said, *self._if_over(turn.number)]

    def _if_over(self, number: int) -> list[Notice]:
        """The turn ``number`` ended by itself (no move left): say so."""
        turn = self.engine.turn
        if turn is not None and turn.number == number:
            return []
        return [info(f"turn {number} over", Said(Say.TURN_OVER, number=number))]

    # -- what the session reads -----------------------------------------------------------------

    def status(self) -> HexStatus:
        engine = self.engine
        winner = engine.winner
        if engine.card_pending():  # the next card is not turned up (camera), or the end
            side, number = engine.side_to_act(), len(engine.turns) + 1
            allowed = left = strikes = 0
            card = None
        else:  # the turn in progress, or the one the win was declared in
            turn = engine.turns[-1]
            side, number, card = turn.side, turn.number, turn.card
            allowed, left, strikes = turn.allowed, turn.moves_left, turn.strikes
        card_due = self.cards and engine.turn is None and winner is None
        return HexStatus(
            side=side,
            turn=number,
            allowed=allowed,
            left=left,
            reduction=strikes,
            card=card,
            winner=winner,
            awaiting=Awaiting.MOVE_CARD if card_due else Awaiting.NOTHING,
        )
