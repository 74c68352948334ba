"""One round being played: tricks, won piles, what was seen, and what it proves.

A :class:`Round` only carries out plays already checked by the state; it knows
what a check needs (who acts, the led colour, the hands when dealt openly) and
notices what is not an error but a flag: a proven revoke (T4) and, in the first
round, a leader who did not hold the lowest trump (T3). :meth:`Round.unplay` takes
the last play back exactly, in constant time; each play keeps the little it needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.base import Flag, UndoNote
from companion.games.errors import GameError
from companion.games.trump.actions import Deal
from companion.games.trump.cards import DECK, Card, Colour, lowest_trump
from companion.games.trump.scoring import count_symbols, points_for
from companion.games.trump.trick import playable, winning_play


@dataclass(frozen=True)
class _Played(UndoNote):
    """What taking a play back needs that the round no longer shows: the tricks in
    which the seat had not followed the card's colour (proven by it, T4), whether the
    card was in a hand dealt openly, and how many flags the play raised."""

    missed: tuple[int, ...]
    in_hand: bool
    flags: int


@dataclass(frozen=True)
class _Noticed(UndoNote):
    """A flag as a fact, without the words that name the seats (a rename words it
    again): the ``rule``, the seat, the card that proves it, the trick it was played
    in and the trick it flags (T4: the trick not followed)."""

    rule: str
    seat: int
    face: Card
    trick: int
    flagged: int


@dataclass(frozen=True)
class RoundResult:
    """The end of a round: matching symbols won and points per seat (T5, T6)."""

    symbols: tuple[int, ...]
    points: tuple[int, ...]
    last_winner: int


class Round:
    """The play of one round from its deal; ``number`` counts from 1."""

    def __init__(
        self, number: int, names: Sequence[str], deal: Deal, leader: int, tricks: int
    ) -> None:
        self.number = number
        self.names = tuple(names)
        self.players = players = len(names)
        self.deal = deal
        self.leader = leader
        self.length = tricks
        self.trump = deal.trump.colour
        self.indicators = {deal.trump.face: "trump", deal.symbol.face: "symbol"}
        self.hands: list[set[Card]] | None = (
            None if deal.hands is None else [{c.face for c in hand} for hand in deal.hands]
        )
        self.tricks: list[list[Card]] = []
        self.trick_leaders: list[int] = []
        self.piles: list[list[Card]] = [[] for _ in range(players)]
        self.played: dict[Card, int] = {}
        #: Per seat, per colour: the tricks it did not follow that colour in, unproven.
        self.voids: list[dict[Colour, list[int]]] = [{} for _ in range(players)]
        self.result: RoundResult | None = None
        self.lowest_trump = lowest_trump(deal.trump, deal.symbol)
        self._played: list[_Played] = []
        #: The flags raised this round, as facts, in the order raised.
        self.noticed: list[_Noticed] = []

    # -- what checks and legal actions ask -------------------------------------------

    def to_act(self) -> int | None:
        """The seat to play, or ``None`` once the last trick is taken."""
        if self.result is not None:
            return None
        if not self.tricks or len(self.tricks[-1]) == self.players:
            return self._next_leader()
        return (self.trick_leaders[-1] + len(self.tricks[-1])) % self.players

    def led(self) -> Colour | None:
        """The colour led in the trick under way, ``None`` when a trick is to be led."""
        if not self.tricks or len(self.tricks[-1]) == self.players:
            return None
        return self.tricks[-1][0].colour

    def trick_number(self) -> int:
        """The trick the next play goes into, from 1."""
        complete = not self.tricks or len(self.tricks[-1]) == self.players
        return len(self.tricks) + 1 if complete else len(self.tricks)

    def rename(self, names: Sequence[str]) -> list[Flag]:
        """The same seats under ``names``: the round's flags worded with them."""
        self.names = tuple(names)
        return [self.flag(n) for n in self.noticed]

    def who(self, seat: int) -> str:
        """A seat as its flags name it: the player's name, ``Cy`` (the flag carries the
        seat; a number beside the name would read as the command line's, counted from 1)."""
        return self.names[seat]

    def plays(self) -> int:
        """How many cards have been played this round."""
        return len(self.played)

    def unseen(self) -> list[Card]:
        """The faces nobody has seen this round: neither played nor on an indicator."""
        return [c for c in DECK if c not in self.played and c not in self.indicators]

    def options(self, seat: int) -> list[Card]:
        """The faces ``seat`` may play now: T4 on a known hand, else any unseen card."""
        if self.hands is None:
            return self.unseen()
        return playable(self.hands[seat], self.led())

    # -- carrying out a play ---------------------------------------------------------

    def play(self, card: Card) -> list[Flag]:
        """Put ``card`` into the trick for the player to act; return what it proves."""
        seat = self.to_act()
        if seat is None:
            raise GameError(f"round {self.number} is over: a round is {self.length} tricks", "T2")
        led = self.led()
        if led is None:
            self.trick_leaders.append(seat)
            self.tricks.append([])
        trick = len(self.tricks)
        self.tricks[-1].append(card)
        face = card.face
        self.played[face] = trick
        in_hand = self.hands is not None and face in self.hands[seat]
        if self.hands is not None:
            self.hands[seat].discard(face)
        missed = self.voids[seat].pop(face.colour, [])
        flags = self._notice(seat, face, led, trick, missed)
        self._played.append(_Played(tuple(missed), in_hand, len(flags)))
        if len(self.tricks[-1]) == self.players:
            self._take_trick()
        return flags

    def unplay(self) -> int:
        """Take the last play back, exactly; return how many flags it had raised."""
        note = self._played.pop()
        index = len(self.tricks) - 1
        trick = self.tricks[index]
        if len(trick) == self.players:
            taken = self.players + (len(self.indicators) if self.result is not None else 0)
            del self.piles[self._trick_winner(index)][-taken:]
            self.result = None
        face = trick.pop().face
        seat = (self.trick_leaders[index] + len(trick)) % self.players
        del self.played[face]
        if self.hands is not None and note.in_hand:
            self.hands[seat].add(face)
        led = trick[0].colour if trick else None
        if led is not None and face.colour != led:
            voids = self.voids[seat][led]
            voids.pop()
            if not voids:
                del self.voids[seat][led]
        if note.missed:
            self.voids[seat][face.colour] = list(note.missed)
        if not trick:
            self.tricks.pop()
            self.trick_leaders.pop()
        if note.flags:
            del self.noticed[-note.flags :]
        return note.flags

    def _notice(
        self, seat: int, face: Card, led: Colour | None, trick: int, missed: list[int]
    ) -> list[Flag]:
        noticed = [_Noticed("T4", seat, face, trick, revoked) for revoked in missed]
        if led is not None and face.colour != led:
            self.voids[seat].setdefault(led, []).append(trick)
        if self.number == 1 and face == self.lowest_trump and seat != self.leader:
            noticed.append(_Noticed("T3", seat, face, trick, trick))
        self.noticed += noticed
        return [self.flag(n) for n in noticed]

    def flag(self, noticed: _Noticed) -> Flag:
        """The flag of ``noticed``, its message naming the seats by the round's names."""
        seat, face, trick = noticed.seat, noticed.face, noticed.trick
        if noticed.rule == "T3":
            message = (
                f"{self.who(seat)} held {face}, the lowest trump, so should have led "
                f"round 1, not {self.who(self.leader)}"
            )
            return Flag(self.number, trick, seat, "T3", message, str(face))
        revoked = noticed.flagged
        message = (
            f"{self.who(seat)} did not follow {face.colour.title} in trick {revoked} "
            f"and played {face} in trick {trick}: a revoke"
        )
        return Flag(self.number, revoked, seat, "T4", message, str(face), revoked)

    def _next_leader(self) -> int:
        if not self.tricks:
            return self.leader
        return self._trick_winner(len(self.tricks) - 1)

    def _trick_winner(self, index: int) -> int:
        offset = winning_play(self.tricks[index], self.trump)
        return (self.trick_leaders[index] + offset) % self.players

    def _take_trick(self) -> None:
        winner = self._trick_winner(len(self.tricks) - 1)
        self.piles[winner].extend(c.face for c in self.tricks[-1])
        if len(self.tricks) < self.length:
            return
        # T5: the last trick's winner also takes both indicator cards.
        self.piles[winner].extend(self.indicators)
        symbol = self.deal.symbol.symbol
        symbols = tuple(count_symbols(pile, symbol) for pile in self.piles)
        self.result = RoundResult(symbols, tuple(points_for(s) for s in symbols), winner)
