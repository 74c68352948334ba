"""The Fibonacci's Trump game state: rounds to 144 (T1-T7).

    >>> import random
    >>> state = TrumpState(["Ana", "Ben", "Cy"])
    >>> state.apply(state.sample_chance(random.Random(7)))     # T2: the deal
    >>> len(state.legal_actions()) == 16                          # the leader's whole hand
    True

The hands may be dealt openly (random play, tests) or unseen (a real table,
records): see :class:`~companion.games.trump.actions.Deal`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Self

from companion.games.base import (
    CHANCE,
    TERMINAL,
    Flag,
    GameState,
    Outcome,
    Termination,
    check_variants,
)
from companion.games.errors import GameError, IllegalActionError
from companion.games.json_types import JSON, JSONObject
from companion.games.report import CardGameReport, TrumpRound
from companion.games.trump.actions import Action, Deal, Play
from companion.games.trump.cards import Card
from companion.games.trump.deal import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    deal_cards,
    first_leader,
    tricks_per_round,
)
from companion.games.trump.record import read_record, write_record
from companion.games.trump.round import Round
from companion.games.trump.scoring import TARGET, winner_at_end


class TrumpState(GameState[Action]):
    """A game of Fibonacci's Trump; seats count from 0 clockwise."""

    name: ClassVar[str] = "trump"
    known_variants: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, players: Sequence[str], variants: Sequence[str] = ()) -> None:
        super().__init__()
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise GameError(
                f"trump: Fibonacci's Trump is for 2-4 players, not {len(players)}", "T2"
            )
        self.players = tuple(players)
        self.variants = check_variants(self.name, variants, self.known_variants)
        self.tricks = tricks_per_round(len(players))
        self._reset()

    def _reset(self) -> None:
        self.rounds: list[Round] = []
        self.totals = [0] * len(self.players)
        self.winner: int | None = None
        self._flags: list[Flag] = []

    # -- whose turn, and what may be done ---------------------------------------------

    def current_player(self) -> int:
        seat = self.rounds[-1].to_act() if self.rounds else None
        if seat is not None:
            return seat
        return TERMINAL if self.winner is not None else CHANCE

    def legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat < 0:
            return []
        return [Play(card) for card in self.rounds[-1].options(seat)]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.current_player() != CHANCE:
            raise IllegalActionError("only the deal is chance's, between rounds", "T2")
        # T3: the last trick's winner deals; the deal starts at the dealer's left.
        dealer = self._next_leader()
        dealt = deal_cards(rng, len(self.players), 0 if dealer is None else dealer + 1)
        return Deal(dealt.trump, dealt.symbol, dealt.hands)

    def _next_leader(self) -> int | None:
        """T3: the winner of the previous round's last trick, ``None`` before round 1."""
        if not self.rounds or self.rounds[-1].result is None:
            return None
        return self.rounds[-1].result.last_winner

    # -- checking and carrying out ------------------------------------------------------

    def _check(self, action: Action) -> None:
        if isinstance(action, Deal):
            self._check_deal(action)
        else:
            self._check_play(action.card)

    def _check_deal(self, deal: Deal) -> None:
        number = len(self.rounds) + 1
        seat = self.current_player()
        if seat == TERMINAL:
            raise IllegalActionError(
                f"the game ended after round {number - 1}: {self._who(self.winner)} won "
                f"with {max(self.totals)} (at least {TARGET}, highest alone)",
                "T7",
            )
        if seat != CHANCE:
            done = self.rounds[-1].trick_number() - 1
            raise IllegalActionError(
                f"round {number - 1} is not over: {done} of {self.tricks} tricks taken", "T2"
            )
        if deal.trump.face == deal.symbol.face:
            raise IllegalActionError(
                f"{deal.trump} cannot lie on both the trump and the symbol indicator", "T2"
            )
        if deal.hands is not None:
            self._check_hands(deal)
        expected = self._derived_leader(deal)
        if deal.leader is None:
            if expected is None:
                raise IllegalActionError(
                    "the first round's leader must be given: the holder of the lowest "
                    "trump leads and shows it",
                    "T3",
                )
        elif not 0 <= deal.leader < len(self.players):
            raise IllegalActionError(
                f"leader {deal.leader} is not a seat (0-{len(self.players) - 1})", "T3"
            )
        elif expected is not None and deal.leader != expected:
            why = "won the last trick" if number > 1 else "holds the lowest trump"
            raise IllegalActionError(
                f"leader {deal.leader}, but {self._who(expected)} {why} and leads", "T3"
            )

    def _check_hands(self, deal: Deal) -> None:
        hands = deal.hands or ()
        if len(hands) != len(self.players):
            raise IllegalActionError(
                f"{len(hands)} hands dealt for {len(self.players)} players", "T2"
            )
        seen = {deal.trump.face, deal.symbol.face}
        for seat, hand in enumerate(hands):
            if len(hand) != self.tricks:
                raise IllegalActionError(
                    f"{self._who(seat)} was dealt {len(hand)} cards, not {self.tricks}", "T2"
                )
            for card in hand:
                if card.face in seen:
                    raise IllegalActionError(f"{card} dealt more often than the deck holds", "T1")
                seen.add(card.face)

    def _check_play(self, card: Card) -> None:
        seat = self.current_player()
        if seat == TERMINAL:
            raise IllegalActionError(f"{card} played after the game ended", "T7")
        if seat == CHANCE:
            what = f"round {len(self.rounds)} ended" if self.rounds else "the game has not begun"
            raise IllegalActionError(
                f"{card} played but {what}: a round is {self.tricks} tricks and starts with a deal",
                "T2",
            )
        current = self.rounds[-1]
        place = current.indicators.get(card.face)
        if place is not None:
            raise IllegalActionError(
                f"{card} lies on the {place} indicator this round and cannot be played", "T2"
            )
        if card.face in current.played:
            raise IllegalActionError(
                f"{card} played more often than the deck holds (already in trick "
                f"{current.played[card.face]} of this round)",
                "T1",
            )
        if current.hands is None:
            return
        if card.face not in current.hands[seat]:
            raise IllegalActionError(f"{card} is not in {self._who(seat)}'s hand", "T2")
        if card.face not in current.options(seat):
            led = current.led()
            colour = led.title if led is not None else "the led colour"
            raise IllegalActionError(
                f"{self._who(seat)} played {card} but holds {colour} and must follow", "T4"
            )

    def _do(self, action: Action) -> None:
        if isinstance(action, Deal):
            self._start_round(action)
            return
        current = self.rounds[-1]
        self._flags.extend(current.play(action.card))
        if current.result is not None:
            for seat, points in enumerate(current.result.points):
                self.totals[seat] += points
            self.winner = winner_at_end(self.totals)

    def _derived_leader(self, deal: Deal) -> int | None:
        """T3: the leader that follows from the game, ``None`` when it must be given."""
        previous = self._next_leader()
        if previous is None and deal.hands is not None:
            return first_leader(deal.hands, deal.trump.colour)
        return previous

    def _start_round(self, deal: Deal) -> None:
        leader = self._derived_leader(deal)
        if leader is None:
            leader = deal.leader
        if leader is None:
            raise IllegalActionError("the first round's leader must be given", "T3")
        number = len(self.rounds) + 1
        self.rounds.append(Round(number, self.players, deal, leader, self.tricks))

    def _undo(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.rounds.pop()
            return
        current = self.rounds[-1]
        if current.result is not None:
            for seat, points in enumerate(current.result.points):
                self.totals[seat] -= points
            self.winner = None  # a play is made only while nobody has won (T7)
        flags = current.unplay()
        if flags:
            del self._flags[-flags:]

    def rename(self, players: Sequence[str]) -> None:
        """The same seats under new names (a table renamed mid-game): the record and
        the flags' messages name them, as if the game had been played under them. No
        action is replayed; the history stays as it is."""
        if len(players) != len(self.players):
            raise GameError(f"trump: {len(players)} names for {len(self.players)} seats", "T2")
        self.players = tuple(players)
        self._flags = [flag for r in self.rounds for flag in r.rename(self.players)]

    def _who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return f"{self.players[seat]} (seat {seat})"

    # -- the end and the score -----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(Termination.TARGET_REACHED, (self.winner,))

    def flags(self) -> list[Flag]:
        return list(self._flags)

    def report(self) -> CardGameReport[TrumpRound]:
        """The score: the rounds played out (T6), winners once one has won (T7)."""
        rounds = tuple(
            TrumpRound(r.result.points, r.result.symbols) for r in self.rounds if r.result
        )
        return CardGameReport(
            self.name,
            self.players,
            rounds,
            complete=self.winner is not None,
            flags=tuple(self._flags),
        )

    def to_record(self) -> JSONObject:
        return write_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, JSON]) -> Self:
        return read_record(cls, record)
