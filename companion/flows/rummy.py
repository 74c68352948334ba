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
  a misread card; :class:`Page` shows another seat. The state is the replay of these
  inputs, which is how undo and replace work.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from companion.flows.base import EngineFlow, GameFlow, Notice, NoticeKind, seat_names
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
from companion.flows.corrections import Corrections
from companion.flows.errors import RefusedError
from companion.flows.notices import (
    info,
    nothing_to_undo,
    refusal,
    refused_command,
    replacement,
    report_notices,
    report_totals,
)
from companion.flows.rummy_cards import as_played
from companion.flows.rummy_close import Gathering
from companion.flows.said import Said, Say
from companion.flows.status import (
    Closing,
    Lack,
    MeldSet,
    Recorded,
    RummyStatus,
    SetState,
    WildCard,
)
from companion.games.errors import IllegalActionError
from companion.games.rummy import (
    STANDARD_START,
    Card,
    Kind,
    RoundEnd,
    SeatTable,
    UnknownCardError,
    check_set,
    parse_card,
    wild_fits,
    wild_numbers,
)
from companion.games.rummy.state import STATES, RummyState
from companion.table.cards import TableCard
from companion.table.seats import fold_sets, group_sets

_ZONE = re.compile(r"meld-([0-9])")
Input = tuple[str, Any]


class RummyFlow(EngineFlow):
    """One of the rummy games at a real table (module docstring)."""

    engine: RummyState
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset(
        {Undo, Replace, Page, Wild, CloseSet, TakeBack, CountHands, EndRound}
    )

    def __init__(self, game: str, players: Sequence[str], variants: Sequence[str]) -> None:
        self.game = game
        self.state_class = {state.name: state for state in STATES}[game]
        self.deck = self.state_class.deck
        self.players = tuple(players)
        self.names = seat_names(players)
        self.variants = tuple(variants)
        self.standard_start = STANDARD_START in self.variants
        self.inputs: list[Input] = []
        self.corrections = Corrections[Input]()
        self.page = 0
        self._reset()

    @classmethod
    def start(
        cls, game: str, players: Sequence[str], variants: Sequence[str], options: Mapping[str, Any]
    ) -> GameFlow:
        return cls(game, players, variants)

    def _reset(self) -> None:
        self.engine = self.state_class(self.players, self.variants, rounds=None)
        self._new_round()

    def _new_round(self) -> None:
        seats = range(len(self.players))
        self.table: dict[int, dict[str, TableCard]] = {seat: {} for seat in seats}
        self.hands: dict[int, dict[str, TableCard]] = {seat: {} for seat in seats}
        self.closed: dict[int, list[tuple[Card, ...]]] = {seat: [] for seat in seats}
        self.known: dict[str, TableCard] = {}
        self.wilds: dict[str, int] = {}
        self.counting = False
        #: The seat that laid the round's last card or took a set off (R4).
        self.turn: int | None = None
        self.gathering = Gathering()
        #: Cards refused and still lying in a zone (a misread is corrected there).
        self.refused: dict[str, TableCard] = {}

    # -- inputs: recorded, then fed -------------------------------------------------------------

    def placed(self, card: TableCard) -> list[Notice]:
        return self._input(("placed", card))

    def removed(self, card: TableCard) -> list[Notice]:
        return self._input(("removed", card))

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
                return self._input(("command", command))

    def _input(self, item: Input) -> list[Notice]:
        self.inputs.append(item)
        return self._feed(item)

    def _replay(self, inputs: Sequence[Input], watch: int = -1) -> list[Notice]:
        """The state as ``inputs`` make it; the notices of input ``watch``."""
        self._reset()
        self.inputs = list(inputs)
        watched: list[Notice] = []
        for index, item in enumerate(self.inputs):
            notices = self._feed(item)
            if index == watch:
                watched = notices
        return watched

    def undo(self) -> list[Notice]:
        """The last thing the table did taken back: a correction (the card as it was
        read again), else the newest input."""
        correction = self.corrections.take(length=len(self.inputs))
        if correction is not None:
            changed = list(self.inputs)
            changed[correction.index] = correction.old
            self._replay(changed)
            read = correction.old[1].notation
            return [info(f"correction undone: {read} as read", Said(Say.UNCORRECTED, card=read))]
        if not self.inputs:
            return [nothing_to_undo()]
        kind, value = self.inputs[-1]
        self._replay(self.inputs[:-1])
        card = value.notation if kind in ("placed", "removed") else None
        return [info("undone", Said(Say.UNDONE, card=card))]

    def _replace(self, command: Replace) -> list[Notice]:
        """A misread card corrected: the inputs replayed with it read right. A correction
        the rules refuse changes nothing."""
        key = command.key
        for index in range(len(self.inputs) - 1, -1, -1):
            kind, value = self.inputs[index]
            if kind == "placed" and value.key == key:
                new = replace(replacement(value, command), deck=self.game)  # its notation
                saved = list(self.inputs)
                changed = [*saved[:index], ("placed", new), *saved[index + 1 :]]
                refusals = [n for n in self._replay(changed, index) if n.kind is NoticeKind.REFUSED]
                if refusals:
                    self._replay(saved)
                    raise RefusedError(
                        f"{new.notation} cannot replace {value.notation}: {refusals[0].message}",
                        refusals[0].rule,
                        Said(Say.CANNOT_REPLACE, card=new.notation, other=value.notation),
                    )
                self.corrections.made(index, saved[index], length=len(saved))
                said = Said(Say.REPLACED, card=value.notation, other=new.notation)
                return [info(f"{value.notation} replaced by {new.notation}", said)]
        raise RefusedError(f"no card {key!r} was placed", said=Said(Say.NO_SUCH_CARD))

    def _feed(self, item: Input) -> list[Notice]:
        kind, value = item
        if kind != "removed":
            self.gathering.broken()
        try:
            if kind == "placed":
                notices = self._placed(value)
                self.refused.pop(value.key, None)
                return notices
            if kind == "removed":
                self._removed(value)
                return []
            return self._command(value)
        except RefusedError as exc:
            if kind == "command":
                return [refused_command(value, exc)]
            if exc.said is None or exc.said.say is not Say.LEFT_OUT:  # that goes in the box
                self.refused[value.key] = value  # a misread, to correct where it lies
            return [refusal(value, exc)]

    # -- cards ----------------------------------------------------------------------------------

    def _seat(self, zone: str) -> int | None:
        match = _ZONE.fullmatch(zone)
        if match is None or int(match[1]) >= len(self.players):
            return None
        return int(match[1])

    def _placed(self, card: TableCard) -> list[Notice]:
        seat = self._seat(card.zone)
        if seat is None:
            return []
        card = as_played(card, self.game)
        if card.face_down:
            return self._turned_down(seat, card)
        self._parse(card.notation)
        self.gathering.placed(card.key)
        for other in (s for s in self.table if s != seat):  # one card, one place: it moved (R4)
            self.table[other].pop(card.key, None)
            self.hands[other].pop(card.key, None)
        if self.counting:
            self.hands[seat][card.key] = card
            return []
        self.known[card.key] = card
        self.table[seat][card.key] = card
        self.turn = seat
        return self._set_notices(seat, card.key)

    def _removed(self, card: TableCard) -> None:
        self.refused.pop(card.key, None)
        for seat, cards in self.table.items():
            lying = cards.get(card.key)
            if lying is None or self.counting:
                continue
            groups = self._groups(cards.values())
            if self.gathering.removed(seat, lying, groups, self._complete):
                self.turn = seat  # the set left the table in its owner's turn (R4)
        for cards in (*self.table.values(), *self.hands.values()):
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
            kind = self._parse(first.notation).kind
        except RefusedError:
            return False
        if kind is not Kind.STANDARD:
            return False
        return self._judge([*before, first])[1].state is not SetState.ILLEGAL

    def _complete(self, group: Sequence[TableCard]) -> bool:
        return self._judge(group)[1].state is SetState.COMPLETE

    def _parse(self, notation: str) -> Card:
        try:
            return parse_card(notation, self.deck)
        except UnknownCardError as exc:
            said = Said(Say.UNKNOWN_CARD if exc.rule == "R1" else Say.AGAINST_RULE)
            raise RefusedError(exc.what, exc.rule, said) from None

    def _turned_down(self, seat: int, card: TableCard) -> list[Notice]:
        """R4: a set is closed once all its cards lie face down, if it is complete."""
        seen = self.known.get(card.key)
        if seen is None or self.counting:
            return []
        self.table[seat][card.key] = replace(
            seen, position=card.position or seen.position, face_down=True
        )
        for group in self._groups(self.table[seat].values()):
            if card.key in {c.key for c in group} and all(c.face_down for c in group):
                return self._close(seat, group)
        return []

    def _close(self, seat: int, group: list[TableCard]) -> list[Notice]:
        cards, line = self._judge(group)
        if line.state is not SetState.COMPLETE:
            for member in group:
                self.table[seat][member.key] = self.known[member.key]
            raise RefusedError(
                f"the set on {line.base} is not complete: {_lacks(line)}",
                "R4",
                Said(Say.SET_NOT_COMPLETE, card=line.base, seat=seat),
            )
        self.closed[seat].append(cards)
        for member in group:
            self.table[seat].pop(member.key, None)
        said = Said(Say.SET_CLOSED, card=line.base, seat=seat)
        return [info(f"{self.names[seat]} closed the set on {line.base}", said)]

    # -- judging sets ---------------------------------------------------------------------------

    def _judge(self, group: Sequence[TableCard]) -> tuple[tuple[Card, ...], MeldSet]:
        """The set's cards (wild cards declared or inferred) and the referee's verdict."""
        cards = [self._parse(c.notation) for c in group]
        for index, member in enumerate(group):
            if cards[index].kind is Kind.WILD and cards[index].number is None:
                number = self.wilds.get(member.key)
                if number is not None:
                    cards[index] = cards[index].declared(number)
        blanks = [i for i, c in enumerate(cards) if c.kind is Kind.WILD and c.number is None]
        wild = None
        if len(blanks) == 1:
            fits = wild_numbers(cards, self.deck, standard_start=self.standard_start)
            if len(fits.completes) == 1:
                cards[blanks[0]] = cards[blanks[0]].declared(fits.completes[0])
                wild = str(cards[blanks[0]])
        base = str(cards[0])
        if any(c.kind is Kind.WILD and c.number is None for c in cards):
            return tuple(cards), MeldSet(base, SetState.OPEN, Lack.WILD_NUMBER)
        verdict = check_set(cards, self.deck, standard_start=self.standard_start)
        if verdict.complete:
            return tuple(cards), MeldSet(base, SetState.COMPLETE, wild=wild)
        if not verdict.legal:
            fault = None if verdict.card is None else str(cards[verdict.card])
            judged = MeldSet(
                base, SetState.ILLEGAL, reason=verdict.reason, rule=verdict.rule, fault=fault
            )
            return tuple(cards), judged
        if not verdict.completions:
            return tuple(cards), MeldSet(base, SetState.OPEN, Lack.IMPOSSIBLE)
        return tuple(cards), MeldSet(base, SetState.OPEN, Lack.POINTS, verdict.missing)

    def _set_notices(self, seat: int, key: str) -> list[Notice]:
        for group in self._groups(self.table[seat].values()):
            if key in {c.key for c in group}:
                _, line = self._judge(group)
                if line.state is SetState.ILLEGAL:
                    said = Said(Say.SET_ILLEGAL, card=line.base, other=line.fault, seat=seat)
                    message = f"set on {line.base}: {_lacks(line)}"
                    return [Notice(NoticeKind.INFO, message, line.rule, seat=seat, said=said)]
        return []

    def sets(self, seat: int) -> list[tuple[tuple[Card, ...], MeldSet]]:
        """The open sets of ``seat``'s zone, judged."""
        return [self._judge(group) for group in self._groups(self.table[seat].values())]

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
                self.wilds[key] = number
                return []
            case CloseSet(seat=seat, base=base):
                return self._close_set(seat, base)
            case TakeBack(seat=seat, base=base):
                if self.gathering.take(seat, self._on(base)) is None:
                    raise self._no_set(seat, base)
                return []
            case CountHands():
                self.counting = True
                message = "lay out every hand in its zone, apart from the sets"
                return [info(message, Said(Say.COUNT_HANDS))]
            case EndRound(out=out):
                return self._end_round(out)
            case _:
                raise RefusedError(
                    f"unknown command for {self.game}", said=Said(Say.UNKNOWN_COMMAND)
                )

    def _close_set(self, seat: int, base: str) -> list[Notice]:
        if seat not in self.table:
            raise RefusedError(f"{seat!r} is not a seat", "R4", Said(Say.NOT_A_SEAT))
        matches = self._on(base)
        group = self.gathering.take(seat, matches)
        if group is not None:
            return self._close(seat, group)
        for group in self._groups(self.table[seat].values()):
            if matches(group):
                return self._close(seat, group)
        raise self._no_set(seat, base)

    def _on(self, base: str) -> Callable[[Sequence[TableCard]], bool]:
        """Whether a set starts with ``base`` (its first card, or that card's number)."""

        def matches(group: Sequence[TableCard]) -> bool:
            first = self._judge(group)[0][0]
            return base in (str(first.number), str(first), str(first).partition("#")[0])

        return matches

    def _no_set(self, seat: int, base: str) -> RefusedError:
        return RefusedError(
            f"{self.names[seat]} has no open set on {base}",
            "R4",
            Said(Say.NO_OPEN_SET, card=base, seat=seat),
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
            hand = tuple(self._parse(c.notation).in_hand for c in self.hands[seat].values())
            tables.append(SeatTable(tuple(self.closed[seat]), tuple(c for c, _ in judged), hand))
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
        lines = [MeldSet(str(cards[0]), SetState.CLOSED) for cards in self.closed[seat]]
        lines += [line for _, line in self.sets(seat)]
        number = len(self.engine.results) + 1
        seats = range(len(self.players))
        complete = tuple(
            sum(1 for _, line in self.sets(s) if line.state is SetState.COMPLETE) for s in seats
        )
        closed = tuple(len(self.closed[s]) for s in seats)
        return RummyStatus(
            self.game,
            number,
            seat,
            tuple(lines),
            self.page,
            self.counting,
            totals=report_totals(self.engine.report()),
            turn=self.turn,
            complete=complete,
            closed=closed,
            recorded=self._recorded(),
            closing=self._closing(),
            wilds=self._wilds(),
        )

    def _closing(self) -> Closing | None:
        """The first set that left its zone at once, to close or take back."""
        if not self.gathering.pending:
            return None
        seat, group = self.gathering.pending[0]
        return Closing(seat, str(self._judge(group)[0][0]))

    def _wilds(self) -> tuple[WildCard, ...]:
        """Every wild card lying in a set, the newest first: its number (None: to ask)
        and the numbers that fit its set (R5)."""
        out = []
        for seat in range(len(self.players)):
            for group in self._groups(self.table[seat].values()):
                cards, line = self._judge(group)
                for index, member in enumerate(group):
                    if cards[index].kind is not Kind.WILD:
                        continue
                    # the set's other blanks may take any numbers (two blanks: W 3 2 W 8)
                    fits = wild_fits(cards, index, self.deck, standard_start=self.standard_start)
                    fits = fits or self.deck.numbers  # none fits: the set is wrong anyway
                    out.append(WildCard(member.key, seat, line.base, cards[index].number, fits))
        laid = {value.key: i for i, (kind, value) in enumerate(self.inputs) if kind == "placed"}
        return tuple(sorted(out, key=lambda wild: -laid.get(wild.key, -1)))

    def _recorded(self) -> tuple[Recorded, ...]:
        """The refused cards still lying in a zone, then the cards in the zones (sets
        and hands), the newest first: what a correction may name."""
        lying = {
            key: c
            for cards in (*self.table.values(), *self.hands.values())
            for key, c in cards.items()
        }
        out = [
            Recorded(c.key, c.notation, c.zone, refused=True)
            for c in reversed(self.refused.values())
        ]
        seen = set(self.refused)
        for kind, value in reversed(self.inputs):
            if kind == "placed" and value.key in lying and value.key not in seen:
                seen.add(value.key)
                card = self.known.get(value.key, lying[value.key])
                out.append(Recorded(card.key, card.notation, card.zone))
        return tuple(out)


def _lacks(line: MeldSet) -> str:
    """A set's fault in a notice's message (the screen's words are companion.views')."""
    if line.state is SetState.ILLEGAL:
        return f"{line.reason} ({line.rule})"
    if line.lack is Lack.WILD_NUMBER:
        return "wild card: which number?"
    return f"{line.missing} missing" if line.lack is Lack.POINTS else "cannot complete"
