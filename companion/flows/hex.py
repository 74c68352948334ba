"""The hex game's referee from buttons alone (mode ``referee``, issue 5 section 3).

The board is not read: the flow knows whose turn it is and how many moves it allows
(H2: 1, 2, 3, 4, 5, then 6, less one per enemy strike piece on the mover's centre,
never below 0), and counts them down. Commands:

- ``move``: one move made; the turn ends by itself with its last allowed move (as
  the engine's turns do); a turn allowing 0 waits for ``end-turn``;
- ``end-turn``: the turn ends with moves left (H2 allows fewer);
- ``strikes`` ``{"n": k}``: k enemy strike pieces touch the mover's centre. H2
  counts them when the turn starts, so it is refused after the turn's first move.
  The count a side entered carries to its next turns (the pieces rarely move all at
  once) and is on the screen to correct;
- ``winner`` ``{"side": "black" | "white"}``: the table says who won (H4);
- ``undo``: back one command (a move, an end of turn, a strike count, a card).

Card variant (H5): the companion turns up each turn's card from piles it shuffles
itself (:mod:`companion.flows.hex_cards`), or, with the option ``move-cards`` set to
``camera``, reads the card a player turns up (a card of the ``hex`` deck in any zone);
no strike reduction applies.

Record and report: the referee never sees the moves, so it cannot write the hex
record of DESIGN.md. :meth:`HexRefereeFlow.record` is ``{"game": "hex", "mode":
"referee", "players", "variants", "turns": [{"player", "allowed", "moves": count,
"strikes", "card"}], "winner"}``; :meth:`report` is the score object with each turn's
``moves`` a count and ``board`` null. Mode ``board`` (:mod:`companion.flows.hex_board`)
takes every move and writes the real record.

    >>> flow = HexRefereeFlow(["Black", "White"], [], seed=0, camera=False)
    >>> _ = flow.command(FlowCommand("move"))        # turn 1 allows one move
    >>> flow.view().player, flow.view().allowed
    ('White', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.flows.base import FlowCommand, GameFlow, Notice, NoticeKind, seat_names
from companion.flows.errors import RefusedError
from companion.flows.hex_cards import MoveCards
from companion.flows.notices import info, refused, refused_command
from companion.games.errors import NotationError
from companion.games.hex.cards import Pile, card_name, parse_card
from companion.games.hex.pieces import Side
from companion.games.hex.report import HexReport, HexTurnReport
from companion.games.hex.rules import opening_allowance
from companion.table.cards import TableCard
from companion.views import HexView

#: H2: at most six enemy strike pieces can touch a centre.
MAX_STRIKES = 6


@dataclass(frozen=True)
class TurnLog:
    """One turn as the referee saw it."""

    side: Side
    allowed: int
    moves: int
    strikes: int
    card: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.side.value,
            "allowed": self.allowed,
            "moves": self.moves,
            "strikes": self.strikes,
            "card": self.card,
        }


@dataclass(frozen=True)
class Referee:
    """The whole referee state: small and frozen, so undo keeps the previous one."""

    number: int = 1
    made: int = 0
    strikes: tuple[int, int] = (0, 0)
    card: int | None = None
    piles: tuple[Pile, Pile] = (Pile(), Pile())
    log: tuple[TurnLog, ...] = ()
    winner: Side | None = None

    @property
    def side(self) -> Side:
        return Side.BLACK if self.number % 2 else Side.WHITE


class HexRefereeFlow(GameFlow):
    """The move-count referee (module docstring)."""

    game = "hex"

    def __init__(
        self, players: Sequence[str], variants: Sequence[str], *, seed: int, camera: bool
    ) -> None:
        self.players = tuple(players)
        self.names = seat_names(players)
        self.variants = tuple(variants)
        self.cards = "cards" in self.variants
        self.camera = camera and self.cards
        self.deal = MoveCards(seed)
        self.state = self._turn_up(Referee())
        self.past: list[Referee] = []

    # -- the rules of the count ---------------------------------------------------------------

    def allowed(self, state: Referee | None = None) -> int:
        """H2 (or the card turned up, H5) for the turn in progress."""
        state = state or self.state
        if self.cards:
            return state.card or 0
        return max(0, opening_allowance(state.number) - state.strikes[state.side.seat])

    def left(self) -> int:
        return max(0, self.allowed() - self.state.made)

    def _turn_up(self, state: Referee) -> Referee:
        if not self.cards or self.camera:
            return state
        index = (state.number - 1) // 2
        return replace(state, card=self.deal.card(state.side, index))

    def _log(self, state: Referee) -> TurnLog:
        """The turn in progress as the log keeps it."""
        strikes = state.strikes[state.side.seat]
        return TurnLog(state.side, self.allowed(state), state.made, strikes, state.card)

    def _close(self, state: Referee) -> Referee:
        log = self._log(state)
        following = replace(
            state, number=state.number + 1, made=0, card=None, log=(*state.log, log)
        )
        return self._turn_up(following)

    # -- inputs -------------------------------------------------------------------------------

    def placed(self, card: TableCard) -> list[Notice]:
        """A move card turned up in front of the camera (card variant, ``camera``)."""
        if card.deck != "hex" or not self.camera:
            return []
        try:
            value = parse_card(card.notation)
            self._step(self._read_card(value))
        except (NotationError, RefusedError) as exc:
            return [refused(card, exc.what, exc.rule)]
        return [info(f"{self.names[self.state.side.seat]}: {card_name(value)}")]

    def _read_card(self, value: int) -> Referee:
        state = self.state
        if state.winner is not None:
            raise RefusedError("the game is over", "H4")
        if state.card is not None:
            raise RefusedError(f"{card_name(state.card)} is already turned up this turn", "H5")
        pile = state.piles[state.side.seat]
        if not pile.count(value):
            raise RefusedError(
                f"both {card_name(value)} of {state.side.value}'s pile are turned up already; "
                "the pile is reshuffled only when all 12 are used",
                "H5",
            )
        piles = list(state.piles)
        piles[state.side.seat] = pile.turned(value)
        return replace(state, card=value, piles=(piles[0], piles[1]))

    def command(self, command: FlowCommand) -> list[Notice]:
        if command.name == "undo":
            return self.undo()
        try:
            return self._command(command)
        except RefusedError as exc:
            return [refused_command(command, exc)]

    def _command(self, command: FlowCommand) -> list[Notice]:
        state = self.state
        if command.name in ("move", "end-turn", "strikes", "winner") and state.winner:
            raise RefusedError(f"the game is over: {state.winner.value} won", "H4")
        if command.name == "move":
            return self._move()
        if command.name == "end-turn":
            self._step(self._close(state))
            return [info(f"{self.names[state.side.seat]} ends turn {state.number}")]
        if command.name == "strikes":
            return self._strikes(command.args.get("n"))
        if command.name == "winner":
            side = {s.value: s for s in Side}.get(str(command.args.get("side")))
            if side is None:
                raise RefusedError('winner needs "side": black or white')
            log = (*state.log, self._log(state))
            self._step(replace(state, winner=side, log=log))
            message = f"{self.names[side.seat]} ({side.value}) wins"
            return [Notice(NoticeKind.GAME_OVER, message, "H4", seat=side.seat)]
        raise RefusedError("unknown command for the hex referee")

    def _move(self) -> list[Notice]:
        state = self.state
        if self.cards and state.card is None:
            raise RefusedError("turn up the move card first", "H5")
        if not self.left():
            rule = "H5" if self.cards else "H2"
            raise RefusedError(f"{state.side.value} has no moves left: end the turn", rule)
        counted = replace(state, made=state.made + 1)
        if counted.made >= self.allowed(counted):
            self._step(self._close(counted))
            return [info(f"turn {state.number} over")]
        self._step(counted)
        return []

    def _strikes(self, value: object) -> list[Notice]:
        state = self.state
        if self.cards:
            raise RefusedError("the card variant has no strike reduction", "H5")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_STRIKES:
            raise RefusedError(f"strikes is a count 0-{MAX_STRIKES}, not {value!r}", "H2")
        if state.made:
            raise RefusedError("strike pieces are counted when the turn starts", "H2")
        strikes = list(state.strikes)
        strikes[state.side.seat] = value
        self._step(replace(state, strikes=(strikes[0], strikes[1])))
        return [info(f"{self.names[state.side.seat]} may make {self.allowed()} moves")]

    def _step(self, state: Referee) -> None:
        self.past.append(self.state)
        self.state = state

    def undo(self) -> list[Notice]:
        if not self.past:
            return [Notice(NoticeKind.REFUSED, "nothing to undo")]
        self.state = self.past.pop()
        return [info("undone")]

    # -- what the session reads -----------------------------------------------------------------

    def view(self) -> HexView:
        state = self.state
        return HexView(
            player=self.names[state.side.seat],
            turn=state.number,
            allowed=self.allowed(),
            left=self.left(),
            reduction=0 if self.cards else state.strikes[state.side.seat],
            card=state.card,
            winner=None if state.winner is None else self.names[state.winner.seat],
        )

    def expected(self) -> str:
        state = self.state
        if state.winner is not None:
            return f"{self.names[state.winner.seat]} won"
        who = self.names[state.side.seat]
        if self.cards and state.card is None:
            return f"{who}'s move card"
        return f"{who}: {self.left()} moves left"

    def _turns(self) -> list[TurnLog]:
        state = self.state
        if state.winner is not None:
            return list(state.log)
        return [*state.log, self._log(state)]

    def record(self) -> dict[str, Any]:
        return {
            "game": "hex",
            "mode": "referee",
            "players": list(self.players),
            "variants": sorted(self.variants),
            "turns": [turn.to_json() for turn in self._turns()],
            "winner": None if self.state.winner is None else self.state.winner.value,
        }

    def report(self) -> HexReport:
        turns = tuple(HexTurnReport(t.side, t.allowed, t.moves) for t in self._turns())
        return HexReport(turns, self.state.winner, board=None)

    def is_over(self) -> bool:
        return self.state.winner is not None
