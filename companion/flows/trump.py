"""The Fibonacci's Trump flow: indicator cards deal a round, played cards are plays.

A round starts when both indicator cards are read (T2): the card on the Trump
indicator gives the trump colour, the one on the Symbol indicator the scored
symbol; the hands are unseen (``Deal(hands=None)``). Which indicator a card is,
by the boards under it or the spot it lies on: :mod:`companion.flows.trump_boards`.

The last card put on an indicator before the deal counts (a card put down by
mistake is simply covered or replaced); a card on an indicator during a round is
refused (T2).

Round 1's leader is the holder of the lowest trump-colour card not on an indicator
(T3): the table says who, or leads the card (:mod:`companion.flows.trump_leader`).
Later leaders are derived.

    >>> flow = TrumpFlow(["Ana", "Ben", "Cy"], [], leader=None)
    >>> _ = flow.placed(TableCard("t/R1", "trump", "R1", "trump-indicator"))
    >>> flow.status().awaiting
    <Awaiting.SYMBOL_INDICATOR: 'symbol-indicator'>
    >>> _ = flow.placed(TableCard("t/G7", "trump", "G7", "symbol-indicator"))
    >>> status = flow.status()
    >>> status.awaiting, status.leader_card
    (<Awaiting.LEADER: 'leader'>, 'R2')
    >>> _ = flow.placed(TableCard("t/R2", "trump", "R2", "play-2"))
    >>> status = flow.status()
    >>> status.to_play, status.trump, status.awaiting
    (0, <Colour.R: 0>, <Awaiting.NOTHING: 'nothing'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import FlowCommand, Leader, Missing, Replace, Undo
from companion.flows.errors import RefusedError
from companion.flows.notices import report_totals, scores
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, FlowStatus, Played, TrickStatus, TrickWon
from companion.flows.tricks import seat_check
from companion.flows.trump_boards import AWAITED, INDICATORS, SPOTS, board_under
from companion.flows.trump_leader import RoundOneLeader
from companion.games.base import CHANCE
from companion.games.errors import IllegalActionError, NotationError
from companion.games.game_options import GameOptions
from companion.games.trump import SPEC, Card, Deal, Play, TrumpState, parse_card, winning_play
from companion.games.trump.cards import BOARDS, DECK, SYMBOL_INDICATOR, TRUMP_INDICATOR
from companion.games.trump.round import Round
from companion.games.trump.scoring import count_symbols, points_for
from companion.table.cards import TableCard

#: The engine's refusals of a play the screen says more precisely than by their rule.
_ENGINE_SAYS = {"T1": Said(Say.PLAYED_ALREADY), "T4": Said(Say.FOLLOW)}


class TrumpFlow(RoundOneLeader):
    """Fibonacci's Trump at a real table (module docstring)."""

    game = SPEC.name
    deck = SPEC.name
    deck_rule = "T1"
    order_rule = "T4"
    engine: TrumpState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset({Undo, Replace, Missing, Leader})

    def __init__(
        self, players: Sequence[str], variants: Sequence[str], *, leader: int | None
    ) -> None:
        self._lead(leader)
        #: Where each indicator board was last seen (they stay on the table all game).
        self.boards: dict[str, tuple[float, float]] = {}
        super().__init__(players, variants)

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: GameOptions,
    ) -> GameFlow:
        return cls(players, variants, leader=options.seat("leader"))

    def _reset(self) -> None:
        self.engine = TrumpState(self.players, self.variants)
        self.pending: dict[str, Card] = {}
        #: Round 1's leader as the named card's own play spot showed it (T3).
        self.shown: int | None = None
        #: The named card led in the shared play area, until the table says who led it.
        self.led: TableCard | None = None

    def _table_state(self) -> object:
        return dict(self.pending), self.shown, self.led

    def _restore(self, state: object) -> None:
        pending, self.shown, self.led = cast(
            tuple[dict[str, Card], int | None, TableCard | None], state
        )
        self.pending = dict(pending)

    # -- what a card is -----------------------------------------------------------------------

    def _equipment(self, card: TableCard) -> bool:
        """An indicator board: noted where it lies, never a play (T2)."""
        use = BOARDS.get(card.notation) if card.deck == self.deck else None
        if use is None:
            return False
        if card.position is not None:
            self.boards[use] = card.position
        return True

    def _role(self, card: TableCard, kept: str | None) -> str:
        on_board = board_under(card, self.boards)
        if on_board is not None:
            return on_board
        if kept is not None:
            return kept
        if card.zone == "play" or self._seat_of(card.zone) is not None:
            return "play"
        if card.zone in SPOTS:
            return SPOTS[card.zone]
        lacking = [use for use in INDICATORS if use not in self.pending]
        return lacking[0] if lacking and self._between_rounds() else TRUMP_INDICATOR

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
            raise RefusedError(exc.what, "T1", Said(Say.UNKNOWN_CARD)) from None
        if use in INDICATORS:
            self._indicator(use, face)
            return
        if self._between_rounds() and not self._first_play(card, face, seat):
            return
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
        if self.led is not None:
            raise RefusedError(
                f"{self.led.notation} was led on these indicators: undo it to change them",
                "T2",
                Said(Say.LED_ON_INDICATORS, other=self.led.notation),
            )
        other = self.pending.get(SYMBOL_INDICATOR if use == TRUMP_INDICATOR else TRUMP_INDICATOR)
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
        first = not self.engine.rounds
        if len(self.pending) < 2 or (first and self._first_leader() is None):
            return
        leader = self._first_leader() if first else None
        deal = Deal(self.pending[TRUMP_INDICATOR], self.pending[SYMBOL_INDICATOR], leader=leader)
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

    # -- progress ---------------------------------------------------------------------------

    def _round_number(self) -> int:
        extra = 1 if self._between_rounds() else 0
        return len(self.engine.rounds) + extra

    def _tricks_done(self) -> int:
        """Every round before the last was played out (T2): only the last is counted."""
        rounds = self.engine.rounds
        if not rounds:
            return 0
        n = len(self.players)
        done = sum(1 for t in rounds[-1].tricks if len(t) == n)
        return (len(rounds) - 1) * self.engine.tricks + done

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
        seat = _winner(current, index)
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

    def _legal_plays(self) -> tuple[str, ...]:
        return tuple(card.notation for card in DECK if self.engine.is_legal(Play(card)))

    def _table_status(self) -> FlowStatus:
        if self.engine.is_terminal():
            report = self.engine.report()
            return scores(self.game, None, report.totals, None, report.winners)
        if self._between_rounds():
            return self._deal_status()
        n = len(self.players)
        current = self.engine.rounds[-1]
        led = current.led()
        plays: tuple[Played, ...] = ()
        if led is not None:
            plays = _trick(current, len(current.tricks) - 1)
        complete = len(current.tricks) - (1 if led is not None else 0)
        last = _trick(current, complete - 1) if complete else ()
        scored = current.deal.symbol.symbol
        taken = tuple(count_symbols(pile, scored) for pile in current.piles)
        to_act = current.to_act()
        named = current.lowest_trump if current.number == 1 and not current.plays() else None
        return TrickStatus(
            self.game,
            current.number,
            current.trick_number(),
            to_act if to_act is not None else 0,
            plays=plays,
            lead=led,
            trump=current.trump,
            symbol=scored,
            totals=report_totals(self.engine.report()),
            points=tuple(points_for(count) for count in taken),
            taken=taken,
            tricks=tuple(len(pile) // n for pile in current.piles),
            last=last,
            last_winner=_winner(current, complete - 1) if complete else None,
            leader_card=None if named is None else str(named),
            recorded=self._recorded(),
        )

    def _deal_status(self) -> TrickStatus:
        """Between rounds: the indicators read so far, what the deal still needs."""
        number = len(self.engine.rounds) + 1
        last = self.engine.rounds[-1].result if self.engine.rounds else None
        leader = last.last_winner if last is not None else self._first_leader()
        trump = self.pending.get(TRUMP_INDICATOR)
        symbol = self.pending.get(SYMBOL_INDICATOR)
        missing = self._deal_missing()
        named = self._leader_card()
        if missing is not None:
            awaiting = AWAITED[missing]
        else:
            awaiting = Awaiting.LEADER if self.led is None else Awaiting.LEADER_SHOWN
        return TrickStatus(
            self.game,
            number,
            1,
            leader,
            trump=None if trump is None else trump.colour,
            symbol=None if symbol is None else symbol.symbol,
            awaiting=awaiting,
            totals=report_totals(self.engine.report()),
            leader_card=None if named is None else str(named),
            recorded=self._recorded(),
        )


def _trick(current: Round, index: int) -> tuple[Played, ...]:
    """The plays of trick ``index`` (from 0) of the round, with their seats."""
    leader = current.trick_leaders[index]
    n = current.players
    return tuple(Played((leader + i) % n, str(c)) for i, c in enumerate(current.tricks[index]))


def _winner(current: Round, index: int) -> int:
    best = winning_play(current.tricks[index], current.trump)
    return (current.trick_leaders[index] + best) % current.players
