"""The Fibonacci's Trump flow: indicator cards deal a round, played cards are plays.

A round starts when both indicator cards are read (T2): the card on the
``trump-indicator`` spot gives the trump colour, the one on ``symbol-indicator`` the
scored symbol; the hands are unseen (``Deal(hands=None)``). Round 1's leader is the
holder of the lowest trump (T3), whom only the table knows: it comes from the option
``leader`` or the command :class:`~companion.flows.commands.Leader`; later leaders
are derived. The last placed card on a spot before the deal counts (a card put down
by mistake is simply covered or replaced); a card on a spot during a round is
refused (T2).

    >>> flow = TrumpFlow(["Ana", "Ben", "Cy"], [], leader=2)
    >>> _ = flow.placed(TableCard("t/R1", "trump", "R1", "trump-indicator"))
    >>> flow.status().awaiting
    <Awaiting.SYMBOL_INDICATOR: 'symbol-indicator'>
    >>> _ = flow.placed(TableCard("t/G7", "trump", "G7", "symbol-indicator"))
    >>> status = flow.status()
    >>> status.to_play, status.trump, status.awaiting
    (2, <Colour.R: 0>, <Awaiting.NOTHING: 'nothing'>)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import FlowCommand, Leader, Replace, Undo
from companion.flows.errors import RefusedError
from companion.flows.notices import info, scores
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, FlowStatus, Played, TrickStatus, TrickWon
from companion.flows.tricks import TrickFlow, seat_check
from companion.games.base import CHANCE
from companion.games.errors import IllegalActionError, NotationError
from companion.games.trump import Card, Deal, Play, TrumpState, parse_card, winning_play
from companion.table.cards import TableCard

INDICATORS: dict[str, str] = {"trump": "trump indicator", "symbol": "symbol indicator"}
#: The engine's refusals of a play the screen says more precisely than by their rule.
_ENGINE_SAYS = {"T1": Said(Say.PLAYED_ALREADY), "T4": Said(Say.FOLLOW)}
#: What a deal awaits while an indicator spot's card is missing.
AWAITED: dict[str, Awaiting] = {
    "trump": Awaiting.TRUMP_INDICATOR,
    "symbol": Awaiting.SYMBOL_INDICATOR,
}


class TrumpFlow(TrickFlow):
    """Fibonacci's Trump at a real table (module docstring)."""

    game = "trump"
    deck = "trump"
    deck_rule = "T1"
    spots: ClassVar[Mapping[str, str]] = {
        "trump-indicator": "trump",
        "symbol-indicator": "symbol",
    }
    order_rule = "T4"
    engine: TrumpState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset({Undo, Replace, Leader})

    def __init__(
        self, players: Sequence[str], variants: Sequence[str], *, leader: int | None
    ) -> None:
        self.leader = leader
        super().__init__(players, variants)

    @classmethod
    def start(
        cls, game: str, players: Sequence[str], variants: Sequence[str], options: Mapping[str, Any]
    ) -> GameFlow:
        return cls(players, variants, leader=options["leader"])

    def _reset(self) -> None:
        self.engine = TrumpState(self.players, self.variants)
        self.pending: dict[str, Card] = {}

    # -- cards ------------------------------------------------------------------------------

    def _between_rounds(self) -> bool:
        return self.engine.current_player() == CHANCE

    def _accept(self, card: TableCard, use: str, seat: int | None) -> None:
        if self.engine.is_terminal():
            raise RefusedError(
                "the game is over (144 reached, highest alone)", "T7", Said(Say.GAME_IS_OVER)
            )
        try:
            face = parse_card(card.notation)
        except NotationError as exc:
            raise RefusedError(
                str(exc).removesuffix(" (T1)"), "T1", Said(Say.UNKNOWN_CARD)
            ) from None
        if use in INDICATORS:
            self._indicator(use, face)
            return
        if self._between_rounds():
            missing = self._deal_missing()
            words = "the leader of round 1 (T3)" if missing is None else INDICATORS[missing]
            awaiting = Awaiting.LEADER if missing is None else AWAITED[missing]
            raise RefusedError(
                f"{words} first: a round starts with its deal",
                "T2",
                Said(Say.DEAL_FIRST, awaiting=awaiting),
            )
        current = self.engine.rounds[-1]
        to_act = current.to_act()
        if seat is not None and to_act is not None:
            trick = current.tricks[-1] if current.led() is not None else []
            leader = current.trick_leaders[-1] if trick else to_act
            played = [(leader + i) % len(self.players) for i in range(len(trick))]
            seat_check(self.names, seat, to_act, played, self.order_rule)
        try:
            self.engine.apply(Play(face))
        except IllegalActionError as exc:
            said = _ENGINE_SAYS.get(exc.rule, Said(Say.AGAINST_RULE))
            raise RefusedError(exc.reason, exc.rule, said) from None

    def _indicator(self, use: str, face: Card) -> None:
        if not self._between_rounds():
            raise RefusedError(
                f"the {INDICATORS[use]} is read at the start of a round, not during one",
                "T2",
                Said(Say.INDICATOR_NOT_NOW),
            )
        other = self.pending.get("symbol" if use == "trump" else "trump")
        if other is not None and other.face == face.face:
            raise RefusedError(
                f"{face} cannot lie on both indicators", "T2", Said(Say.BOTH_INDICATORS)
            )
        self.pending[use] = face
        self._deal()

    def _deal_missing(self) -> str | None:
        """The indicator a deal still needs; None once only round 1's leader is missing."""
        return next((use for use in INDICATORS if use not in self.pending), None)

    def _deal(self) -> None:
        if len(self.pending) < 2 or (not self.engine.rounds and self.leader is None):
            return
        first = not self.engine.rounds
        deal = Deal(
            self.pending["trump"], self.pending["symbol"], leader=self.leader if first else None
        )
        try:
            self.engine.apply(deal)
        except IllegalActionError as exc:
            raise RefusedError(exc.reason, exc.rule) from None
        self.pending = {}

    def _command(self, command: FlowCommand) -> list[Notice]:
        match command:
            case Leader(seat=seat):
                return self._leader(seat)
            case _:
                return super()._command(command)

    def _leader(self, seat: int) -> list[Notice]:
        if not 0 <= seat < len(self.players):
            raise RefusedError(
                f"leader {seat!r} is not a seat (0-{len(self.players) - 1})",
                "T3",
                Said(Say.NOT_A_SEAT),
            )
        rounds = self.engine.rounds
        if len(rounds) > 1 or (rounds and rounds[0].plays()):
            raise RefusedError(
                "round 1 has begun: undo its plays to change its leader",
                "T3",
                Said(Say.LEADER_TOO_LATE),
            )
        before = self.leader
        self.leader = seat
        try:
            self._rebuild(self.steps)
        except RefusedError:
            self.leader = before
            self._rebuild(self.steps)
            raise
        return [info(f"{self.names[seat]} leads round 1", Said(Say.LEADS, seat=seat))]

    # -- progress ---------------------------------------------------------------------------

    def _round_number(self) -> int:
        extra = 1 if self._between_rounds() else 0
        return len(self.engine.rounds) + extra

    def _tricks_done(self) -> int:
        n = len(self.players)
        return sum(1 for r in self.engine.rounds for t in r.tricks if len(t) == n)

    def _open_plays(self) -> int:
        if self._between_rounds() or not self.engine.rounds[-1].tricks:
            return 0
        return len(self.engine.rounds[-1].tricks[-1]) % len(self.players)

    def _trick_size(self) -> int:
        return len(self.players)

    def _won_notice(self) -> Notice:
        current = self.engine.rounds[-1]
        index = len(current.tricks) - 1
        cards = current.tricks[index]
        best = winning_play(cards, current.trump)
        seat = (current.trick_leaders[index] + best) % len(self.players)
        last = index + 1 == current.length
        prize = (str(current.deal.trump), str(current.deal.symbol)) if last else ()
        takes = f" and the indicators {' '.join(prize)}" if prize else ""
        return Notice(
            NoticeKind.TRICK_WON,
            f"{self.names[seat]} wins trick {index + 1} with {cards[best]}{takes}",
            "T4",
            seat=seat,
            detail=TrickWon(seat, str(cards[best]), index + 1, prize),
            said=Said(Say.TRICK_WON, card=str(cards[best]), seat=seat, number=index + 1),
        )

    # -- where the game stands ----------------------------------------------------------------

    def status(self) -> FlowStatus:
        if self.engine.is_terminal():
            report = self.engine.report()
            return scores(self.game, None, report["totals"], None, report.get("winners", ()))
        n = len(self.players)
        if self._between_rounds():
            number = len(self.engine.rounds) + 1
            leader = (
                self.engine.rounds[-1].result.last_winner
                if self.engine.rounds and self.engine.rounds[-1].result
                else self.leader
            )
            trump = self.pending.get("trump")
            symbol = self.pending.get("symbol")
            missing = self._deal_missing()
            return TrickStatus(
                self.game,
                number,
                1,
                leader,
                trump=None if trump is None else trump.colour,
                symbol=None if symbol is None else symbol.symbol,
                awaiting=Awaiting.LEADER if missing is None else AWAITED[missing],
            )
        current = self.engine.rounds[-1]
        led = current.led()
        plays: tuple[Played, ...] = ()
        if led is not None:
            leader = current.trick_leaders[-1]
            plays = tuple(
                Played((leader + i) % n, str(c)) for i, c in enumerate(current.tricks[-1])
            )
        to_act = current.to_act()
        return TrickStatus(
            self.game,
            current.number,
            current.trick_number(),
            to_act if to_act is not None else 0,
            plays=plays,
            lead=led,
            trump=current.trump,
            symbol=current.deal.symbol.symbol,
        )
