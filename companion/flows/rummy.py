"""The rummy flow (Fibonacci 21 / 13 / 8 / 89): meld zones read into sets, rounds scored.

Each seat has a meld zone (``meld-0`` ... ``meld-3``). The cards lying there are
grouped into sets by where they lie, on whichever side the seat sits
(:func:`companion.table.seats.group_sets`; a long set folded into a second column,
its next column headed by a standard card, is one set again: ``fold_sets``), and each set
is judged by the engine's referee (``check_set``, R2, R5): complete, open (with what
it lacks) or illegal (with the reason). A wild card's number is inferred when only
one number completes its set, otherwise asked: command :class:`Wild` (key, number).

- Closing (R4), docs/rummy.md: a complete set whose cards all leave its owner's zone
  in one gesture is asked about (:mod:`companion.flows.rummy_close`, the status's
  ``closing``): command :class:`CloseSet` (seat, base) closes it, :class:`TakeBack`
  says it went back into the hand. A complete set whose cards are all turned face
  down (placed events with ``face_down``) in its owner's zone is closed too. A closed
  set never changes.
- A wild card lying in a set whose number one number alone does not complete is
  asked (the status's ``wilds``, R5), with the numbers that keep its set legal; command
  :class:`Wild` gives it.
- The end of a round: command :class:`CountHands`, then every player lays out their
  hand in their own zone, apart from the sets: cards placed in a meld zone after it
  are that seat's hand. Command :class:`EndRound` (out: a seat or None) then scores
  the round through the engine (R6, R7; a fault is refused with its rule, fix and
  repeat), and the zones start empty for the next round.
- A printed Deck 21 card at Fibonacci 13 or 8 is read as that game's card, and one
  the game takes out is refused (R1, :mod:`companion.flows.rummy_cards`).
- :class:`Undo` takes back the last table event or command; :class:`Replace` corrects
  a misread card (:mod:`companion.flows.rummy_inputs`); :class:`Page` shows another seat.
- Sets are judged by :mod:`companion.flows.rummy_sets`.

The record is the engine's (rounds of ``{"out", "tables"}``); R9 sets no end, so the
game is never over by itself.

    >>> flow = RummyFlow("rummy8", ["Ana", "Ben"], [])
    >>> _ = flow.placed(TableCard("a", "rummy8", "B3", "meld-0", (0.2, 0.3)))
    >>> _ = flow.placed(TableCard("b", "rummy8", "W", "meld-0", (0.2, 0.35)))
    >>> judged = flow.status().sets[0]
    >>> judged.base, judged.state, judged.wild
    ('B3', <SetState.COMPLETE: 'complete'>, 'W=5')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import (
    CloseSet,
    CountHands,
    EndRound,
    FlowCommand,
    Page,
    Replace,
    TakeBack,
    Undo,
    Wild,
)
from companion.flows.errors import RefusedError
from companion.flows.notices import info, refusal, refused_command, report_notices, report_totals
from companion.flows.rummy_cards import as_played
from companion.flows.rummy_close import ClosingSets, Gathering
from companion.flows.rummy_inputs import Round, RummyInput
from companion.flows.rummy_sets import Judge, lacks
from companion.flows.said import Said, Say
from companion.flows.status import Lack, MeldSet, Recorded, RummyStatus, SetState, WildCard
from companion.games.errors import IllegalActionError
from companion.games.registry import OptionValue, seat_option
from companion.games.rummy import (
    STANDARD_START,
    Card,
    Kind,
    RoundEnd,
    SeatTable,
    wild_fits,
)
from companion.games.rummy.state import STATES, RummyState
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved
from companion.table.seats import fold_sets, group_sets

_ZONE = re.compile(r"meld-([0-9])")


class RummyFlow(ClosingSets):
    """One of the rummy games at a real table (module docstring)."""

    engine: RummyState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset(
        {Undo, Replace, Page, Wild, CloseSet, TakeBack, CountHands, EndRound}
    )

    def __init__(
        self, game: str, players: Sequence[str], variants: Sequence[str], dealer: int | None = None
    ) -> None:
        self.game, self.dealer = game, dealer  # who deals round 1 (R4; None: the last seat)
        self.state_class = {state.name: state for state in STATES}[game]
        self.deck = self.state_class.deck
        self._name(players)
        self.variants = tuple(variants)
        self.standard_start = STANDARD_START in self.variants
        self.judge = Judge(self.deck, self.standard_start)
        self._keep()
        self.page = 0
        self._reset()

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: Mapping[str, OptionValue],
    ) -> GameFlow:
        return cls(game, players, variants, seat_option(options, "dealer"))

    def _reset(self) -> None:
        self.engine = self.state_class(
            self.players, self.variants, rounds=None, first_dealer=self.dealer
        )
        self._new_round()

    def _new_round(self) -> None:
        self.round = Round.new(len(self.players), Gathering())

    @property
    def closed(self) -> Mapping[int, Sequence[tuple[Card, ...]]]:
        """Each seat's closed sets this round (a phone page shows every seat's:
        :mod:`companion.views.live_sections`)."""
        return self.round.closed

    # -- inputs: recorded, then fed -------------------------------------------------------------

    def command(self, command: FlowCommand) -> list[Notice]:
        match command:
            case Undo():
                return self.undo()
            case Page(step=step):  # UP shows the seat before, DOWN the one after
                self.page = (self.page + step) % len(self.players)
                return []
            case Replace():
                try:
                    return self._replace(command)
                except RefusedError as exc:
                    return [refused_command(command, exc)]
            case _:
                return self._input(command)

    def _feed(self, item: RummyInput) -> list[Notice]:
        if not isinstance(item, CardRemoved):
            self.round.gathering.broken()
        try:
            match item:
                case CardPlaced(card=card):
                    notices = self._placed(card)
                    self.round.refused.pop(card.key, None)
                    return notices
                case CardRemoved(card=card):
                    self._removed(card)
                    return []
                case command:
                    return self._command(command)
        except RefusedError as exc:
            if not isinstance(item, CardPlaced | CardRemoved):
                return [refused_command(item, exc)]
            if exc.said is None or exc.said.say is not Say.LEFT_OUT:  # that goes in the box
                self.round.refused[item.card.key] = item.card  # a misread, to correct where it lies
            return [refusal(item.card, exc)]

    # -- cards ----------------------------------------------------------------------------------

    def _seat(self, zone: str) -> int | None:
        match = _ZONE.fullmatch(zone)
        if match is None or int(match[1]) >= len(self.players):
            return None
        return int(match[1])

    def _placed(self, card: TableCard) -> list[Notice]:
        seat = self._seat(card.zone)
        if seat is None:  # seen outside the meld zones: one card, one place (R4)
            for cards in (*self.round.table.values(), *self.round.hands.values()):
                cards.pop(card.key, None)
            return []
        card = as_played(card, self.game)
        if card.face_down:
            return self._turned_down(seat, card)
        self.judge.parse(card.notation)
        self.round.gathering.placed(card.key)
        for other in (
            s for s in self.round.table if s != seat
        ):  # one card, one place: it moved (R4)
            self.round.table[other].pop(card.key, None)
            self.round.hands[other].pop(card.key, None)
        if self.round.counting:
            self.round.hands[seat][card.key] = card
            return []
        self.round.known[card.key] = card
        self.round.table[seat][card.key] = card
        self.round.turn = seat
        return self._set_notices(seat, card.key)

    def _removed(self, card: TableCard) -> None:
        self.round.refused.pop(card.key, None)
        for seat, cards in self.round.table.items():
            lying = cards.get(card.key)
            if lying is None or self.round.counting:
                continue
            groups = self._groups(cards.values())
            if self.round.gathering.removed(seat, lying, groups, self._complete):
                self.round.turn = seat  # the set left the table in its owner's turn (R4)
        for cards in (*self.round.table.values(), *self.round.hands.values()):
            cards.pop(card.key, None)

    def _groups(self, cards: Iterable[TableCard]) -> list[list[TableCard]]:
        """A seat's sets as they lie, long sets folded into columns joined again."""
        return fold_sets(group_sets(cards), self._continues)

    def _continues(self, before: Sequence[TableCard], first: TableCard) -> bool:
        """Whether ``first``, heading the column beside a full one, goes on with that
        set: a standard card, which starts no set (R2), as long as the set stays within
        its number with it (so a set over the top stays apart, and with the variant
        ``standard-start`` a set started by a standard card beside a set that is
        already complete is a set of its own)."""
        try:
            kind = self.judge.parse(first.notation).kind
        except RefusedError:
            return False
        if kind is not Kind.STANDARD:
            return False
        return self._judge([*before, first])[1].state is not SetState.ILLEGAL

    def _complete(self, group: Sequence[TableCard]) -> bool:
        return self._judge(group)[1].state is SetState.COMPLETE

    # -- judging sets ---------------------------------------------------------------------------

    def _judge(self, group: Sequence[TableCard]) -> tuple[tuple[Card, ...], MeldSet]:
        """The set's cards (wild cards declared or inferred) and the referee's verdict."""
        return self.judge(group, self.round.wilds)

    def _set_notices(self, seat: int, key: str) -> list[Notice]:
        for group in self._groups(self.round.table[seat].values()):
            if key in {c.key for c in group}:
                _, line = self._judge(group)
                if line.state is SetState.ILLEGAL:
                    said = Said(Say.SET_ILLEGAL, card=line.base, other=line.fault, seat=seat)
                    message = f"set on {line.base}: {lacks(line)}"
                    return [Notice(NoticeKind.INFO, message, line.rule, seat=seat, said=said)]
        return []

    def sets(self, seat: int) -> list[tuple[tuple[Card, ...], MeldSet]]:
        """The open sets of ``seat``'s zone, judged."""
        return [self._judge(group) for group in self._groups(self.round.table[seat].values())]

    # -- commands ---------------------------------------------------------------------------------

    def _command(self, command: FlowCommand) -> list[Notice]:
        match command:
            case Wild(key=key, number=number):
                if number not in self.deck.numbers:
                    numbers = ", ".join(map(str, self.deck.numbers))
                    raise RefusedError(
                        f"a wild card stands for one of {numbers}",
                        "R5",
                        Said(Say.WILD_NUMBER, number=number),
                    )
                self.round.wilds[key] = number
                return []
            case CloseSet(seat=seat, base=base):
                return self._close_set(seat, base)
            case TakeBack(seat=seat, base=base):
                if self.round.gathering.take(seat, self._on(base)) is None:
                    raise self._no_set(seat, base)
                return []
            case CountHands():
                self.round.counting = True
                message = "lay out every hand in its zone, apart from the sets"
                return [info(message, Said(Say.COUNT_HANDS))]
            case EndRound(out=out):
                return self._end_round(out)
            case _:
                raise RefusedError(
                    f"unknown command for {self.game}", said=Said(Say.UNKNOWN_COMMAND)
                )

    def _end_round(self, out: int | None) -> list[Notice]:
        tables = []
        for seat in range(len(self.players)):
            judged = self.sets(seat)
            for _, line in judged:
                if line.lack is Lack.WILD_NUMBER:
                    raise RefusedError(
                        f"{self.names[seat]}: declare the wild card on {line.base}",
                        "R5",
                        Said(Say.WILD_UNDECLARED, card=line.base, seat=seat),
                    )
            hand = tuple(
                self.judge.parse(c.notation).in_hand for c in self.round.hands[seat].values()
            )
            tables.append(
                SeatTable(tuple(self.round.closed[seat]), tuple(c for c, _ in judged), hand)
            )
        rounds = len(self.engine.report().rounds)
        try:
            self.engine.apply(RoundEnd(out, tuple(tables)))
        except IllegalActionError as exc:
            at = None if exc.where is None else exc.where.number("seat")
            said = Said(Say.AGAINST_RULE, seat=at)
            raise RefusedError(exc.reason, exc.rule, said) from None
        self._new_round()
        return report_notices(self.game, self.engine.report(), rounds, self.names, over=False)

    # -- what the session reads -----------------------------------------------------------------

    def status(self) -> RummyStatus:
        seat = self.page % len(self.players)
        lines = [MeldSet(str(cards[0]), SetState.CLOSED) for cards in self.round.closed[seat]]
        lines += [line for _, line in self.sets(seat)]
        number = len(self.engine.results) + 1
        seats = range(len(self.players))
        complete = tuple(
            sum(1 for _, line in self.sets(s) if line.state is SetState.COMPLETE) for s in seats
        )
        closed = tuple(len(self.round.closed[s]) for s in seats)
        return RummyStatus(
            self.game,
            number,
            seat,
            tuple(lines),
            self.page,
            self.round.counting,
            totals=report_totals(self.engine.report()),
            turn=self.round.turn,
            starts=self.engine.starter(number),
            complete=complete,
            closed=closed,
            recorded=self._recorded(),
            closing=self._closing(),
            wilds=self._wilds(),
        )

    def _wilds(self) -> tuple[WildCard, ...]:
        """Every wild card lying in a set, the newest first: its number (None: to ask)
        and the numbers that fit its set (R5)."""
        out = []
        for seat in range(len(self.players)):
            for group in self._groups(self.round.table[seat].values()):
                cards, line = self._judge(group)
                for index, member in enumerate(group):
                    if cards[index].kind is not Kind.WILD:
                        continue
                    # the set's other blanks may take any numbers (two blanks: W 3 2 W 8)
                    fits = wild_fits(cards, index, self.deck, standard_start=self.standard_start)
                    fits = fits or self.deck.numbers  # none fits: the set is wrong anyway
                    out.append(WildCard(member.key, seat, line.base, cards[index].number, fits))
        laid = self._placed_order()
        return tuple(sorted(out, key=lambda wild: -laid.get(wild.key, -1)))

    def _recorded(self) -> tuple[Recorded, ...]:
        """The refused cards still lying in a zone, then the cards in the zones (sets
        and hands), the newest first: what a correction may name."""
        lying = {
            key: c
            for cards in (*self.round.table.values(), *self.round.hands.values())
            for key, c in cards.items()
        }
        out = [
            Recorded(c.key, c.notation, c.zone, refused=True)
            for c in reversed(self.round.refused.values())
        ]
        seen = set(self.round.refused)
        for item in reversed(self.inputs):
            if not isinstance(item, CardPlaced):
                continue
            value = item.card
            if value.key in lying and value.key not in seen:
                seen.add(value.key)
                card = self.round.known.get(value.key, lying[value.key])
                out.append(Recorded(card.key, card.notation, card.zone))
        return tuple(out)
