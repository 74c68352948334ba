"""The rummy flow (Fibonacci 21 / 13 / 8 / 89): meld zones read into sets, rounds scored.

Each seat has a meld zone (``meld-0`` ... ``meld-3``). The cards lying there are
grouped into sets by where they lie (:mod:`companion.flows.rummy_sets`), and each set
is judged by the engine's referee (``check_set``, R2, R5): complete, open (with what
it lacks) or illegal (with the reason). A wild card's number is inferred when only
one number completes its set, otherwise asked: command ``wild`` ``{"key", "number"}``.

- Closing (R4): a complete set whose cards are all turned face down (placed events
  with ``face_down``) in its owner's zone is recorded as closed and never changes;
  command ``close-set`` ``{"seat", "base"}`` does the same from the buttons.
- The end of a round: command ``count-hands``, then every player lays out their hand
  in their own zone, apart from the sets: cards placed in a meld zone after it are
  that seat's hand. Command ``end-round`` ``{"out": seat or null}`` then scores the
  round through the engine (R6, R7; a fault is refused with its rule, fix and
  repeat), and the zones start empty for the next round.
- ``undo`` takes back the last table event or command; ``replace`` ``{"key", "card"}``
  corrects a misread card; ``page`` shows the next seat. The state is the replay of
  these inputs, which is how undo and replace work.

The record is the engine's (rounds of ``{"out", "tables"}``); R9 sets no end, so the
game is never over by itself.

    >>> flow = RummyFlow("rummy8", ["Ana", "Ben"], [])
    >>> _ = flow.placed(TableCard("a", "rummy8", "B3", "meld-0", (0.2, 0.3)))
    >>> _ = flow.placed(TableCard("b", "rummy8", "W", "meld-0", (0.2, 0.35)))
    >>> flow.view().sets[0]
    SetLine(base='B3', state='complete', detail='W=5')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from companion.flows.base import EngineFlow, FlowCommand, Notice, NoticeKind, seat_names
from companion.flows.errors import RefusedError
from companion.flows.notices import info, refused, refused_command, replacement, report_notices
from companion.flows.rummy_sets import group_sets
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
    wild_numbers,
)
from companion.games.rummy.state import STATES, RummyState
from companion.table.cards import TableCard
from companion.views import RummyView, SetLine

_ZONE = re.compile(r"meld-([0-9])")
Input = tuple[str, Any]


class RummyFlow(EngineFlow):
    """One of the rummy games at a real table (module docstring)."""

    engine: RummyState

    def __init__(self, game: str, players: Sequence[str], variants: Sequence[str]) -> None:
        self.game = game
        self.state_class = {state.name: state for state in STATES}[game]
        self.deck = self.state_class.deck
        self.players = tuple(players)
        self.names = seat_names(players)
        self.variants = tuple(variants)
        self.standard_start = STANDARD_START in self.variants
        self.inputs: list[Input] = []
        self.page = 0
        self._reset()

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

    # -- inputs: recorded, then fed -------------------------------------------------------------

    def placed(self, card: TableCard) -> list[Notice]:
        return self._input(("placed", card))

    def removed(self, card: TableCard) -> list[Notice]:
        return self._input(("removed", card))

    def command(self, command: FlowCommand) -> list[Notice]:
        if command.name == "undo":
            return self.undo()
        if command.name == "page":  # UP shows the seat before, DOWN the one after
            step = command.args.get("step", 1)
            if not isinstance(step, int):
                return [refused_command(command, RefusedError("page: step must be a number"))]
            self.page = (self.page + step) % len(self.players)
            return []
        if command.name == "replace":
            try:
                return self._replace(command)
            except RefusedError as exc:
                return [refused_command(command, exc)]
        return self._input(("command", command))

    def _input(self, item: Input) -> list[Notice]:
        self.inputs.append(item)
        return self._feed(item)

    def _replay(self, inputs: Sequence[Input]) -> None:
        self._reset()
        self.inputs = list(inputs)
        for item in self.inputs:
            self._feed(item)

    def undo(self) -> list[Notice]:
        if not self.inputs:
            return [Notice(NoticeKind.REFUSED, "nothing to undo")]
        self._replay(self.inputs[:-1])
        return [info("undone")]

    def _replace(self, command: FlowCommand) -> list[Notice]:
        key = command.args.get("key")
        for index in range(len(self.inputs) - 1, -1, -1):
            kind, value = self.inputs[index]
            if kind == "placed" and value.key == key:
                new = replacement(value, command.args)
                changed = [*self.inputs[:index], ("placed", new), *self.inputs[index + 1 :]]
                self._replay(changed)
                return [info(f"{value.notation} replaced by {new.notation}")]
        raise RefusedError(f"no card {key!r} was placed")

    def _feed(self, item: Input) -> list[Notice]:
        kind, value = item
        try:
            if kind == "placed":
                return self._placed(value)
            if kind == "removed":
                self._removed(value)
                return []
            return self._command(value)
        except RefusedError as exc:
            if kind == "command":
                return [refused_command(value, exc)]
            return [refused(value, exc.reason, exc.rule)]

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
        if card.deck != self.game:
            raise RefusedError(f"a card of the {card.deck} deck, not of {self.game}", "R1")
        if card.face_down:
            return self._turned_down(seat, card)
        self._parse(card.notation)
        if self.counting:
            self.hands[seat][card.key] = card
            return []
        self.known[card.key] = card
        self.table[seat][card.key] = card
        return self._set_notices(seat, card.key)

    def _removed(self, card: TableCard) -> None:
        for cards in (*self.table.values(), *self.hands.values()):
            cards.pop(card.key, None)

    def _parse(self, notation: str) -> Card:
        try:
            return parse_card(notation, self.deck)
        except UnknownCardError as exc:
            raise RefusedError(exc.what, exc.rule) from None

    def _turned_down(self, seat: int, card: TableCard) -> list[Notice]:
        """R4: a set is closed once all its cards lie face down, if it is complete."""
        seen = self.known.get(card.key)
        if seen is None or self.counting:
            return []
        self.table[seat][card.key] = TableCard(
            seen.key, seen.deck, seen.notation, seen.zone, card.position or seen.position, True
        )
        for group in group_sets(self.table[seat].values()):
            if card.key in {c.key for c in group} and all(c.face_down for c in group):
                return self._close(seat, group)
        return []

    def _close(self, seat: int, group: list[TableCard]) -> list[Notice]:
        cards, line = self._judge(group)
        if line.state != "complete":
            for member in group:
                self.table[seat][member.key] = self.known[member.key]
            raise RefusedError(f"the set on {line.base} is not complete: {line.detail}", "R4")
        self.closed[seat].append(cards)
        for member in group:
            del self.table[seat][member.key]
        return [info(f"{self.names[seat]} closed the set on {line.base}")]

    # -- judging sets ---------------------------------------------------------------------------

    def _judge(self, group: Sequence[TableCard]) -> tuple[tuple[Card, ...], SetLine]:
        """The set's cards (wild cards declared or inferred) and its line on the screen."""
        cards = [self._parse(c.notation) for c in group]
        for index, member in enumerate(group):
            if cards[index].kind is Kind.WILD and cards[index].number is None:
                number = self.wilds.get(member.key)
                if number is not None:
                    cards[index] = cards[index].declared(number)
        blanks = [i for i, c in enumerate(cards) if c.kind is Kind.WILD and c.number is None]
        detail = ""
        if len(blanks) == 1:
            fits = wild_numbers(cards, self.deck, standard_start=self.standard_start)
            if len(fits.completes) == 1:
                cards[blanks[0]] = cards[blanks[0]].declared(fits.completes[0])
                detail = str(cards[blanks[0]])
        if any(c.kind is Kind.WILD and c.number is None for c in cards):
            base = str(cards[0])
            return tuple(cards), SetLine(base, "open", "wild card: which number?")
        verdict = check_set(cards, self.deck, standard_start=self.standard_start)
        base = str(cards[0])
        if verdict.complete:
            return tuple(cards), SetLine(base, "complete", detail)
        if not verdict.legal:
            return tuple(cards), SetLine(base, "illegal", f"{verdict.reason} ({verdict.rule})")
        lacks = f"{verdict.missing} missing" if verdict.completions else "cannot complete"
        return tuple(cards), SetLine(base, "open", lacks)

    def _set_notices(self, seat: int, key: str) -> list[Notice]:
        for group in group_sets(self.table[seat].values()):
            if key in {c.key for c in group}:
                _, line = self._judge(group)
                if line.state == "illegal":
                    return [
                        Notice(NoticeKind.INFO, f"set on {line.base}: {line.detail}", seat=seat)
                    ]
                if line.detail == "wild card: which number?":
                    message = f"{self.names[seat]}: which number is the wild card on {line.base}?"
                    return [Notice(NoticeKind.INFO, message, "R5", seat=seat)]
        return []

    def sets(self, seat: int) -> list[tuple[tuple[Card, ...], SetLine]]:
        """The open sets of ``seat``'s zone, judged."""
        return [self._judge(group) for group in group_sets(self.table[seat].values())]

    # -- commands ---------------------------------------------------------------------------------

    def _command(self, command: FlowCommand) -> list[Notice]:
        args = command.args
        if command.name == "wild":
            number = args.get("number")
            if not isinstance(number, int) or number not in self.deck.numbers:
                numbers = ", ".join(map(str, self.deck.numbers))
                raise RefusedError(f"a wild card stands for one of {numbers}", "R5")
            self.wilds[str(args.get("key"))] = number
            return []
        if command.name == "close-set":
            seat, base = args.get("seat"), str(args.get("base"))
            if not isinstance(seat, int) or seat not in self.table:
                raise RefusedError(f"{seat!r} is not a seat", "R4")
            for group in group_sets(self.table[seat].values()):
                cards, _ = self._judge(group)
                if str(cards[0].number) == base or str(cards[0]) == base:
                    return self._close(seat, group)
            raise RefusedError(f"{self.names[seat]} has no open set on {base}", "R4")
        if command.name == "count-hands":
            self.counting = True
            return [info("lay out every hand in its zone, apart from the sets")]
        if command.name == "end-round":
            return self._end_round(args.get("out"))
        raise RefusedError(f"unknown command for {self.game}")

    def _end_round(self, out: object) -> list[Notice]:
        if out is not None and (isinstance(out, bool) or not isinstance(out, int)):
            raise RefusedError(f"out is a seat or nobody, not {out!r}", "R6")
        tables = []
        for seat in range(len(self.players)):
            judged = self.sets(seat)
            for _, line in judged:
                if line.detail == "wild card: which number?":
                    raise RefusedError(
                        f"{self.names[seat]}: declare the wild card on {line.base}", "R5"
                    )
            hand = tuple(self._parse(c.notation).in_hand for c in self.hands[seat].values())
            tables.append(SeatTable(tuple(self.closed[seat]), tuple(c for c, _ in judged), hand))
        rounds = len(self.engine.report().rounds)
        try:
            self.engine.apply(RoundEnd(out, tuple(tables)))
        except IllegalActionError as exc:
            raise RefusedError(exc.reason, exc.rule) from None
        self._new_round()
        return report_notices(self.engine.report(), rounds, self.names, over=False)

    # -- what the session reads -----------------------------------------------------------------

    def view(self) -> RummyView:
        seat = self.page % len(self.players)
        lines = [SetLine(str(cards[0]), "closed") for cards in self.closed[seat]]
        lines += [line for _, line in self.sets(seat)]
        number = len(self.engine.results) + 1
        return RummyView(self.game, number, self.names[seat], tuple(lines), self.page)

    def expected(self) -> str:
        return "hands to count, then end-round" if self.counting else "melds"
