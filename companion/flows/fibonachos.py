"""The Fibonachos flow: nacho cards are plays, a spicy card is the trick's prize.

Each round is dealt unseen (``Deal()``: the companion never sees hands, F3). A card's
deck says what it is, wherever it lies on the table (issue 10): a spicy card put
down before a lead is the trick's prize (F6), on the ``spicy`` spot or any other,
and every nacho card is the next play in seat order (F8, F4). A card the engine
refuses (a card already played, a play before the spicy card, a spicy card after
the lead) is refused with its rule; a proven revoke is a FLAG, not a refusal (F5).

    >>> flow = FibonachosFlow(["Ana", "Ben", "Cy"], [], dealer=None)
    >>> _ = flow.placed(TableCard("f/1/S3#1", "fibonachos", "S3#1", "spicy"))
    >>> [n.kind.value for n in flow.placed(TableCard("f/1/R1", "fibonachos", "R1", "play"))]
    []
    >>> status = flow.status()
    >>> status.spicy, status.to_play, status.plays
    ('S3#1', 1, (Played(seat=0, card='R1'),))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, overload

from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.errors import RefusedError
from companion.flows.notices import report_totals, scores
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, FlowStatus, Played, TrickStatus, TrickWon
from companion.flows.tricks import TrickFlow, seat_check
from companion.games.errors import IllegalActionError, NotationError
from companion.games.fibonachos import (
    SPEC,
    Deal,
    FibonachosState,
    Nacho,
    Play,
    Reveal,
    Spicy,
    winner_index,
)
from companion.games.fibonachos.cards import RANKS, SUITS
from companion.games.fibonachos.round import Round, Trick
from companion.games.fibonachos.scoring import round_points
from companion.games.game_options import GameOptions
from companion.table.cards import TableCard

#: Every nacho card's face (F1), for the choices of a missing card.
NACHOS = tuple(dict.fromkeys(f"{suit.value}{rank}" for suit in SUITS for rank in RANKS))


class FibonachosFlow(TrickFlow):
    """Fibonachos at a real table (module docstring)."""

    game = SPEC.name
    deck = SPEC.name
    deck_rule = "F1"
    trick_uses: ClassVar[frozenset[str]] = frozenset({"play", "spicy"})
    order_rule = "F8"
    engine: FibonachosState

    def __init__(
        self, players: Sequence[str], variants: Sequence[str], *, dealer: int | None
    ) -> None:
        self.dealer = dealer
        super().__init__(players, variants)

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: GameOptions,
    ) -> GameFlow:
        return cls(players, variants, dealer=options.seat("dealer"))

    def _reset(self) -> None:
        self.engine = FibonachosState(self.players, self.variants, first_dealer=self.dealer)

    # -- cards ------------------------------------------------------------------------------

    def _role(self, card: TableCard, kept: str | None) -> str:
        """F1, F6: a spicy card can only be a trick's prize, a nacho card only a play."""
        try:
            Spicy.parse(card.notation)
        except NotationError:
            return "play"
        return "spicy"

    def _needs_deal(self) -> bool:
        rounds = self.engine.rounds
        return not self.engine.is_terminal() and (not rounds or rounds[-1].finished)

    def _accept(self, card: TableCard, use: str, seat: int | None) -> None:
        if self.engine.is_terminal():
            raise RefusedError(
                "the match is over: three rounds were played", "F8", Said(Say.GAME_IS_OVER)
            )
        action: Reveal | Play
        if use == "spicy":
            action = Reveal(_parse(card.notation, Spicy))
        else:
            action = Play(_parse(card.notation, Nacho))
            if seat is not None and not self._needs_deal():
                current = self.engine.rounds[-1]
                trick = current.open_trick()
                if trick is not None or current.spicy_left() == 0:
                    played = trick.seats if trick else []
                    seat_check(self.names, seat, current.to_act(), played, self.order_rule)
        dealt = self._needs_deal()
        if dealt:
            self.engine.apply(Deal())
        try:
            self.engine.apply(action)
        except IllegalActionError as exc:
            if dealt:
                self.engine.undo()
            said = _ENGINE_SAYS.get((exc.rule, use), Said(Say.AGAINST_RULE))
            raise RefusedError(exc.what, exc.rule, said) from None

    # -- progress ---------------------------------------------------------------------------

    def _round_number(self) -> int:
        return len(self.engine.rounds) + (1 if self._needs_deal() else 0)

    def _tricks_done(self) -> int:
        return sum(1 for r in self.engine.rounds for t in r.tricks if t.winner is not None)

    def _open_plays(self) -> int:
        if self._needs_deal():
            return 0
        trick = self.engine.rounds[-1].open_trick()
        return len(trick.cards) if trick else 0

    def _trick_size(self) -> int:
        return self.engine.layout.trick_size

    def _won_notice(self) -> Notice:
        trick = self.engine.rounds[-1].tricks[-1]
        seat = trick.winner if trick.winner is not None else 0
        card = trick.cards[winner_index(trick.cards)]
        prize = () if trick.spicy is None else (str(trick.spicy),)
        takes = f", takes {prize[0]}" if prize else ""
        return Notice(
            NoticeKind.TRICK_WON,
            f"{self.names[seat]} wins trick {trick.number} with {card}{takes}",
            "F4",
            seat=seat,
            detail=TrickWon(seat, str(card), trick.number, prize),
            said=Said(Say.TRICK_WON, card=str(card), seat=seat, number=trick.number),
        )

    # -- where the game stands ----------------------------------------------------------------

    def _legal_plays(self) -> tuple[str, ...]:
        return tuple(face for face in NACHOS if self.engine.is_legal(Play(Nacho.parse(face))))

    def _table_status(self) -> FlowStatus:
        if self.engine.is_terminal():
            report = self.engine.report()
            return scores(self.game, None, report.totals, None, report.winners)
        totals = report_totals(self.engine.report())
        if self._needs_deal():
            number = len(self.engine.rounds) + 1
            dealer = (self.engine.first_dealer + number - 1) % len(self.players)
            leader = (dealer + 1) % len(self.players)
            return TrickStatus(
                self.game,
                number,
                1,
                leader,
                awaiting=Awaiting.SPICY,
                totals=totals,
                recorded=self._recorded(),
            )
        current = self.engine.rounds[-1]
        trick = current.open_trick()
        number = trick.number if trick else len(current.tricks) + 1
        spicy = trick is None and current.spicy_left() > 0
        taken, won = current.spicy_totals(), current.tricks_won()
        done = [t for t in current.tricks if t.winner is not None]
        last = done[-1] if done else None
        return TrickStatus(
            self.game,
            current.number,
            number,
            current.to_act(),
            plays=_plays(current),
            lead=trick.lead if trick else None,
            spicy=str(trick.spicy) if trick and trick.spicy else None,
            spicy_spent=(trick.spicy is None) if trick else not spicy,
            awaiting=Awaiting.SPICY if spicy else Awaiting.NOTHING,
            totals=totals,
            points=round_points(taken, won, frozenset(self.variants)),
            taken=taken,
            tricks=won,
            last=() if last is None else _cards(last),
            last_winner=None if last is None else last.winner,
            recorded=self._recorded(),
        )


def _plays(current: Round) -> tuple[Played, ...]:
    trick = current.open_trick()
    return () if trick is None else _cards(trick)


def _cards(trick: Trick) -> tuple[Played, ...]:
    return tuple(Played(s, str(c)) for s, c in zip(trick.seats, trick.cards, strict=True))


#: The engine's refusals the screen says more precisely than by their rule, by
#: (rule, what the card was put down as).
_ENGINE_SAYS = {
    ("F1", "play"): Said(Say.PLAYED_ALREADY),
    ("F1", "spicy"): Said(Say.PLAYED_ALREADY),
    ("F6", "play"): Said(Say.SPICY_FIRST),
    ("F6", "spicy"): Said(Say.SPICY_NOT_NOW),
}


@overload
def _parse(text: str, kind: type[Nacho]) -> Nacho: ...
@overload
def _parse(text: str, kind: type[Spicy]) -> Spicy: ...
def _parse(text: str, kind: type[Nacho] | type[Spicy]) -> Nacho | Spicy:
    """The card ``text`` as ``kind``; F1/F6 name the other kind's place for it."""
    other: type[Nacho] | type[Spicy] = Spicy if kind is Nacho else Nacho
    try:
        return kind.parse(text)
    except NotationError as exc:
        try:
            other.parse(text)
        except NotationError:
            raise RefusedError(exc.what, "F1", Said(Say.UNKNOWN_CARD)) from None
        if kind is Spicy:
            raise RefusedError(
                f"{text} is a nacho card: play it in the play area",
                "F6",
                Said(Say.NACHO_ON_SPICY),
            ) from None
        raise RefusedError(
            f"{text} is a spicy card: put it on the spicy spot", "F1", Said(Say.SPICY_IN_PLAY)
        ) from None
