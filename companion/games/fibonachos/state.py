"""The Fibonachos game state: three rounds of tricks for 2-5 players (F1-F8).

    >>> import random
    >>> state = FibonachosState(["Ana", "Ben", "Cy"])
    >>> state.apply(Deal())                  # hands unseen, as at a real table
    >>> state.apply(Reveal(Spicy.parse("S3")))
    >>> state.current_player()               # seat 2 dealt round 1; seat 0 leads
    0

Chance deals each round and reveals a spicy card before each lead while the spicy
deck lasts; the seats play in turn from the leader. Whether a play is legal depends
on the deal: with hands unseen any card not yet seen this round may be played and a
proven revoke becomes a flag (F5); with hands known the engine enforces them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, Literal, Self

from companion.games.base import (
    CHANCE,
    TERMINAL,
    Flag,
    GameState,
    Outcome,
    Termination,
    check_variants,
)
from companion.games.errors import Place
from companion.games.fibonachos.actions import Action, Deal, Play, Reveal
from companion.games.fibonachos.cards import Nacho, Spicy
from companion.games.fibonachos.deal import deal_fault, shuffled_deal
from companion.games.fibonachos.deck import Layout, layout, nacho_deck, spicy_deck
from companion.games.fibonachos.errors import FibonachosActionError, SetupError
from companion.games.fibonachos.round import Revoke, Round, find_in_hand
from companion.games.fibonachos.scoring import VARIANTS, round_points
from companion.games.fibonachos.trick import playable
from companion.games.json_types import JSON, JSONObject
from companion.games.report import CardGameReport, FibonachosRound

#: F8: a match is three rounds.
ROUNDS: Final = 3
#: Every nacho face once (the deck holds two of each 1), in suit and rank order.
FACES: Final = tuple(dict.fromkeys(nacho_deck()))
SPICY_FACES: Final = tuple(dict.fromkeys(spicy_deck()))

Phase = Literal["deal", "reveal", "play", "over"]


class FibonachosState(GameState[Action]):
    """A game of Fibonachos; see the module docstring."""

    name: ClassVar[str] = "fibonachos"
    known_variants: ClassVar[frozenset[str]] = VARIANTS

    def __init__(
        self,
        players: Sequence[str],
        variants: Sequence[str] = (),
        *,
        first_dealer: int | None = None,
    ) -> None:
        super().__init__()
        self.layout: Layout = layout(len(players))
        self.players = tuple(players)
        self.variants = tuple(dict.fromkeys(variants))
        self._variant_set = check_variants(self.name, self.variants, VARIANTS)
        count = len(self.players)
        dealer = count - 1 if first_dealer is None else first_dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < count:
            raise SetupError(f"dealer {dealer!r} is not a seat of {count} players", "F8")
        self.first_dealer = dealer
        self._reset()

    # -- the engine's parts ------------------------------------------------------

    def _reset(self) -> None:
        self._rounds: list[Round] = []
        self._flags: list[Flag] = []
        #: What each flag proves, with its round, in step with ``_flags`` (a rename
        #: words them again).
        self._proofs: list[tuple[int, Revoke]] = []

    def _round(self) -> Round:
        return self._rounds[-1]

    def _phase(self) -> Phase:
        if not self._rounds or self._round().finished:
            return "over" if len(self._rounds) == ROUNDS else "deal"
        current = self._round()
        if current.open_trick() is None and current.spicy_left() > 0:
            return "reveal"
        return "play"

    def where(self, *, spicy: bool = False) -> Place:
        """The place of the next action: round 2, or round 2, trick 5, play 3.

        ``spicy``: the place of a spicy card, the trick without the play.
        """
        phase = self._phase()
        if phase in ("deal", "over"):
            return Place.of("round", len(self._rounds) + 1)
        current = self._round()
        trick = current.open_trick()
        number = trick.number if trick else len(current.tricks) + 1
        place = Place.of("round", current.number).then("trick", number)
        if phase == "reveal" or spicy:
            return place
        return place.then("play", len(trick.cards) + 1 if trick else 1)

    def _illegal(self, what: str, rule: str, *, spicy: bool = False) -> FibonachosActionError:
        return FibonachosActionError(what, rule, where=self.where(spicy=spicy))

    def _check(self, action: Action) -> None:
        phase = self._phase()
        if phase == "over":
            raise self._illegal("the match is over: three rounds were played", "F8")
        if isinstance(action, Deal):
            if phase != "deal":
                raise self._illegal("a deal in the middle of a round", "F3")
            fault = deal_fault(action, self.layout)
            if fault is not None:
                raise self._illegal(*fault)
        elif isinstance(action, Reveal):
            self._check_reveal(action, phase)
        elif isinstance(action, Play):
            self._check_play(action, phase)
        else:
            raise self._illegal(f"not a Fibonachos action: {action!r}", "F3")

    def _check_reveal(self, reveal: Reveal, phase: Phase) -> None:
        card: object = reveal.card
        if phase == "deal":
            raise self._illegal("no round is dealt: deal before revealing", "F3")
        if phase == "play":
            if self._round().spicy_left() == 0:
                raise self._illegal(
                    f"{card} revealed but the spicy deck is empty", "F6", spicy=True
                )
            raise self._illegal(f"{card} revealed after the lead", "F6", spicy=True)
        if not isinstance(card, Spicy):
            raise self._illegal(f"{card} is not a spicy card", "F6")
        fault = self._round().spicies.fault(card, "revealed")
        if fault is not None:
            raise self._illegal(fault, "F6")

    def _check_play(self, play: Play, phase: Phase) -> None:
        card: object = play.card
        if phase == "deal":
            raise self._illegal(f"{card} played before the deal", "F3")
        if phase == "reveal":
            raise self._illegal(f"{card} played before the spicy card is revealed", "F6")
        if not isinstance(card, Nacho):
            raise self._illegal(f"{card} is a spicy card, not a nacho card", "F1")
        current = self._round()
        fault = current.nachos.fault(card, "played")
        if fault is not None:
            raise self._illegal(fault, "F1")
        if current.hands is None:
            return
        seat = current.to_act()
        hand = current.hands[seat]
        if find_in_hand(hand, card) is None:
            raise self._illegal(f"{card} is not in {self.players[seat]}'s hand", "F3")
        trick = current.open_trick()
        lead = trick.lead if trick else None
        if lead is not None and card.suit is not lead and any(h.suit is lead for h in hand):
            raise self._illegal(
                f"{card} does not follow the lead suit {lead.title} "
                f"and {self.players[seat]} holds {lead.title}",
                "F5",
            )

    def _do(self, action: Action) -> None:
        if isinstance(action, Deal):
            number = len(self._rounds) + 1
            dealer = (self.first_dealer + number - 1) % len(self.players)
            self._rounds.append(Round(number, dealer, self.layout, action))
        elif isinstance(action, Reveal):
            self._round().start_trick(action.card)
        else:
            number = self._round().number
            proofs = self._round().play(action.card)
            self._proofs += [(number, proof) for proof in proofs]
            self._flags += [self._revoke_flag(number, proof) for proof in proofs]

    def _undo(self, action: Action) -> None:
        if isinstance(action, Deal):
            self._rounds.pop()
        elif isinstance(action, Reveal):
            self._round().unreveal()
        else:
            proofs = self._round().unplay()
            if proofs:
                del self._flags[-proofs:]
                del self._proofs[-proofs:]

    def rename(self, players: Sequence[str]) -> None:
        """The same seats under new names (a table renamed mid-game): the record and
        the flags' messages name them, as if the game had been played under them. No
        action is replayed; the history stays as it is."""
        if len(players) != len(self.players):
            raise SetupError(
                f"fibonachos: {len(players)} names for {len(self.players)} seats", "F8"
            )
        self.players = tuple(players)
        self._flags = [self._revoke_flag(number, proof) for number, proof in self._proofs]

    def _revoke_flag(self, number: int, proof: Revoke) -> Flag:
        who = self.players[proof.seat]
        message = (
            f"{who} played {proof.card} but did not follow {proof.suit.title} "
            f"in trick {proof.earlier_trick} (played {proof.earlier_card}): a revoke"
        )
        card = str(proof.card)
        return Flag(number, proof.trick, proof.seat, "F5", message, card, proof.earlier_trick)

    # -- what the table asks -----------------------------------------------------

    def current_player(self) -> int:
        phase = self._phase()
        if phase == "over":
            return TERMINAL
        if phase == "play":
            return self._round().to_act()
        return CHANCE

    def legal_actions(self) -> list[Action]:
        if self._phase() != "play":
            return []
        current = self._round()
        if current.hands is None:
            return [Play(face) for face in FACES if current.nachos.left(face) > 0]
        trick = current.open_trick()
        hand = current.hands[current.to_act()]
        cards = playable(hand, trick.lead if trick else None)
        return [Play(card) for card in sorted(set(cards), key=Nacho.sort_key)]

    def sample_chance(self, rng: random.Random) -> Action:
        """The deal (hands known, shuffled with ``rng``) or the next spicy card."""
        phase = self._phase()
        if phase == "deal":
            return shuffled_deal(self.layout, rng)
        if phase == "reveal":
            spicies = self._round().spicies
            faces = [face for face in SPICY_FACES for _ in range(spicies.left(face))]
            return Reveal(rng.choice(faces))
        raise self._illegal("chance does not act now", "F3")

    def spicy_left(self) -> int:
        """Spicy cards not yet revealed this round (F6); 15 before a round starts."""
        if not self._rounds or self._round().finished:
            return len(spicy_deck())
        return self._round().spicy_left()

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The rounds dealt so far, the last maybe under way (read, do not change)."""
        return tuple(self._rounds)

    def _round_scores(self) -> tuple[FibonachosRound, ...]:
        scores = []
        for played in self._rounds:
            if played.finished:
                spicy, won = played.spicy_totals(), played.tricks_won()
                points = round_points(spicy, won, self._variant_set)
                scores.append(FibonachosRound(points, spicy, won))
        return tuple(scores)

    def outcome(self) -> Outcome | None:
        if self._phase() != "over":
            return None
        return Outcome(Termination.LAST_ROUND, self.report().winners)

    def report(self) -> CardGameReport[FibonachosRound]:
        """The score: finished rounds only (F7 scores a whole round), winners after F8."""
        return CardGameReport(
            self.name,
            self.players,
            self._round_scores(),
            complete=self._phase() == "over",
            flags=tuple(self._flags),
        )

    def flags(self) -> list[Flag]:
        return list(self._flags)

    def to_record(self) -> JSONObject:
        from companion.games.fibonachos.record import write_record

        return write_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, JSON]) -> Self:
        from companion.games.fibonachos.record import read_record

        return read_record(cls, record)
