"""Who leads round 1 of Fibonacci's Trump (T3): the holder of the lowest trump.

Once both indicators lie, the status names the card whose holder leads round 1
(``leader_card``); the leader comes from the option ``leader``, the command
:class:`~companion.flows.commands.Leader` (also a correction while round 1 lasts: its
plays are seated anew), or the named card itself: led on a seat's own play spot it
names its seat; led in the shared play area it is held until the table says who
played it. Undo takes the leader named last back first when nothing was put down or
corrected since. Later leaders are derived.
"""

from __future__ import annotations

from abc import abstractmethod

from companion.flows.base import Notice
from companion.flows.errors import RefusedError
from companion.flows.notices import info
from companion.flows.said import Said, Say
from companion.flows.tricks import TrickFlow
from companion.flows.trump_boards import AWAITED, INDICATORS
from companion.games.trump import Card, TrumpState
from companion.games.trump.cards import SYMBOL_INDICATOR, TRUMP_INDICATOR, lowest_trump
from companion.table.cards import TableCard


class RoundOneLeader(TrickFlow):
    """Round 1's leader, for :class:`~companion.flows.trump.TrumpFlow` (module docstring)."""

    engine: TrumpState
    pending: dict[str, Card]
    #: Round 1's leader as the named card's own play spot showed it.
    shown: int | None
    #: The named card led in the shared play area, until the table says who led it.
    led: TableCard | None

    def _lead(self, leader: int | None) -> None:
        """Start with round 1's leader ``leader`` (None: the table says)."""
        self.leader = leader
        #: Each leader the table named: the one before, and how many steps and
        #: corrections were on record then, so that undo takes the newest back first.
        self.named: list[tuple[int | None, int, int]] = []

    @abstractmethod
    def _deal_missing(self) -> str | None:
        """The indicator a deal still needs; None once only round 1's leader is missing."""

    @abstractmethod
    def _deal(self) -> None:
        """The round dealt, once its indicators (and round 1's leader) are known."""

    def _first_play(self, card: TableCard, face: Card, seat: int | None) -> bool:
        """A play before the deal: refused unless it is round 1's named card (T3).

        Led on a seat's own spot it names round 1's leader and the round is dealt
        (True: play it); led in the shared area it is held (False).
        """
        missing = self._deal_missing()
        if missing is not None:
            raise RefusedError(
                f"{INDICATORS[missing]} first: a round starts with its deal",
                "T2",
                Said(Say.DEAL_FIRST, awaiting=AWAITED[missing]),
            )
        if self.led is not None:
            raise RefusedError(
                f"who led {self.led.notation}? Say who leads round 1 first",
                "T3",
                Said(Say.SAY_WHO_LED, other=self.led.notation),
            )
        named = self._leader_card()
        if named is None:
            raise RefusedError("a round starts with its deal", "T2", Said(Say.AGAINST_RULE))
        if face.face != named:
            raise RefusedError(
                f"the holder of {named} leads round 1: say who, or lead it",
                "T3",
                Said(Say.LEADER_CARD_FIRST, other=str(named)),
            )
        if seat is None:
            self.led = card
            return False
        self.shown = seat
        self._deal()
        return True

    def _leader_card(self) -> Card | None:
        """T3: the card whose holder leads round 1, once both indicators lie."""
        if self.engine.rounds or self._deal_missing() is not None:
            return None
        return lowest_trump(self.pending[TRUMP_INDICATOR], self.pending[SYMBOL_INDICATOR])

    def _first_leader(self) -> int | None:
        return self.leader if self.leader is not None else self.shown

    def _leader(self, seat: int) -> list[Notice]:
        """T3: round 1's leader from the table; while round 1 lasts, a correction too
        (its plays are seated anew)."""
        if not 0 <= seat < len(self.players):
            raise RefusedError(
                f"leader {seat!r} is not a seat (0-{len(self.players) - 1})",
                "T3",
                Said(Say.NOT_A_SEAT),
            )
        rounds = self.engine.rounds
        if len(rounds) > 1 or (rounds and rounds[0].result is not None):
            raise RefusedError(
                "round 1 is over: its leader is on record", "T3", Said(Say.LEADER_TOO_LATE)
            )
        before, steps = self.leader, list(self.steps)
        self.leader = seat
        try:
            self._again(steps)
        except RefusedError:  # the rebuild stopped at a play: all of them come back
            self.leader = before
            self._again(steps)
            raise
        self.named.append((before, len(self.steps), len(self.corrections.done)))
        return [info(f"{self.names[seat]} leads round 1", Said(Say.LEADS, seat=seat))]

    def undo(self) -> list[Notice]:
        """The leader named last (T3) is taken back first when nothing was put down or
        corrected since: it was the last thing the table did."""
        while self.named and self.named[-1][1] > len(self.steps):
            self.named.pop()  # the plays it was named after were undone
        if self.named and not self.held:
            before, steps, corrections = self.named[-1]
            if steps == len(self.steps) and len(self.corrections.done) <= corrections:
                self.named.pop()
                self.leader = before
                self._again(list(self.steps))
                return [info("undone: the leader named", Said(Say.UNDONE))]
        return super().undo()
