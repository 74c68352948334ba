"""Stop-and-wait over the outbox: one message out until the server's ack covers it.

The contract's ack is the highest seq the server holds, on the promise that the table
sends in order. A server that missed a message (it was restarting, or subscribed
again after the broker's restart) and got the next one would ack past the one it
missed, and the table would never send it again. So the table never has more than
one message out: the next goes once the ack covers the last. On a LAN a round trip
through the broker and the server is a few milliseconds, far quicker than a table
plays, and a table back from an outage sends its backlog at that pace.

A message the ack does not cover after ``resend_after`` seconds (the server away, it
missed it, or it holds the table's events back: its share of storage used up) is sent
again from the ack, then after twice as long, up to :data:`RESEND_MAX`: with no server
at all, one message a minute. An ack whose ``resend`` asks for it (the staff stored
the table's games again) has the table send again from it at once (:meth:`Sender.again`).

The ack's ``games`` cannot show an end row the server missed once it holds a later
game, so the ack lists the games held open: one of those the journal has ended has
its end sent again (:meth:`Sender.lost_ends`).

    >>> from companion.bus.contract import Ack
    >>> from companion.bus.outbox import Outgoing
    >>> class Box:
    ...     cursor = 0
    ...     def next_batch(self): return [Outgoing(b"e1", 1, 1), Outgoing(b"e2", 1, 2)], False
    ...     def restart(self, ack): pass
    >>> sent = []
    >>> sender = Sender(Box(), sent.append, resend_after=5.0, clock=lambda: 0.0)
    >>> sender.step(Ack(0, 1)), sent        # e1 out; e2 waits for its ack
    (5.0, [b'e1'])
    >>> sender.step(Ack(1, 1)), sent        # acked: e2 out
    (5.0, [b'e1', b'e2'])
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import Protocol

from companion.bus.contract import Ack
from companion.bus.outbox import Outgoing
from hardware.backoff import Backoff

log = logging.getLogger(__name__)

#: Seconds the first resend waits for, by default, and the longest wait.
RESEND_SECONDS = 5.0
RESEND_MAX = 60.0
#: Seconds between two looks at the journal when nothing wakes the bus.
POLL_SECONDS = 1.0


class Source(Protocol):
    """What the sender needs of :class:`~companion.bus.outbox.Outbox`."""

    @property
    def cursor(self) -> int: ...
    def next_batch(self) -> tuple[list[Outgoing], bool]: ...
    def restart(self, ack: Ack) -> None: ...
    def ended_row(self, game_id: int) -> Outgoing | None: ...


class Sender:
    """Sends the outbox's messages one at a time, each once the last is acknowledged."""

    def __init__(
        self,
        outbox: Source,
        publish: Callable[[bytes], None],
        *,
        resend_after: float = RESEND_SECONDS,
        clock: Callable[[], float],
    ) -> None:
        self.outbox = outbox
        self.publish = publish
        self.first = resend_after
        #: The wait for an ack: ``resend_after``, twice as long after each resend.
        self.backoff = Backoff(initial=resend_after, maximum=max(RESEND_MAX, resend_after))
        self.clock = clock
        self._queue: deque[Outgoing] = deque()
        self._out: Outgoing | None = None
        self._before = Ack()
        self._due = 0.0
        #: Games the ack holds open but the journal has ended: when to send the end.
        self._ends: dict[int, float] = {}
        self._ends_ack: Ack | None = None
        self._ends_look = 0.0

    @property
    def delay(self) -> float:
        """The seconds a message sent now waits for its ack."""
        return self.backoff.wait

    def restart(self, ack: Ack) -> None:
        """Send from ``ack`` on (a new connection, or a resend)."""
        self.outbox.restart(ack)
        self._queue.clear()
        self._out = None
        self._ends.clear()
        self._ends_ack = None  # look at once: the lost ends go first

    def again(self, ack: Ack) -> None:
        """Send from ``ack`` now, at the first pace again: the server asked (its ack's
        ``resend``), it will store what it held back, so no message waits out the
        slowing resends of a server that was away."""
        self.backoff.succeeded()
        self.restart(ack)

    def lost_ends(self, ack: Ack) -> float:
        """Send again the end of each game the ack holds open (and acknowledged) while
        the journal has it ended: the ack's ``games`` cannot show a lost end row. An
        end row on its way is given ``resend_after`` seconds to be acknowledged; the
        seconds until the next look."""
        now = self.clock()
        if not ack.open and not self._ends:
            self._ends_ack = ack
            return RESEND_MAX
        if ack != self._ends_ack or now >= self._ends_look:
            eager = self._ends_ack is None
            self._ends_ack, self._ends_look = ack, now + self.first
            held = [g for g in ack.open if g <= ack.games]
            self._ends = {g: due for g, due in self._ends.items() if g in held}
            for game in held:
                if game not in self._ends and self.outbox.ended_row(game) is not None:
                    self._ends[game] = now if eager else now + self.first
        for game, due in sorted(self._ends.items()):
            if now >= due:
                row = self.outbox.ended_row(game)
                if row is not None:
                    log.info("cafe: the server holds game %d open: its end again", game)
                    self.publish(row.payload)
                self._ends[game] = now + self.delay
        return min([self._ends_look, *self._ends.values()]) - now

    def step(self, ack: Ack) -> float:
        """Send what may go now; the seconds until something is due again (the bus
        waits that long at most, or until an ack or the journal's news wakes it)."""
        return min(self._step(ack), self.lost_ends(ack))

    def _step(self, ack: Ack) -> float:
        while True:
            now = self.clock()
            out = self._out
            if out is not None and not out.covered(ack, self._before):
                if now < self._due:
                    return self._due - now
                log.info("cafe: event %s not acknowledged: sending from the ack again", out.seq)
                self.backoff.failed(now=now)
                self.restart(ack)
            elif out is not None:
                self._out = None
                self.backoff.succeeded()
            if not self._queue:
                batch, _ = self.outbox.next_batch()
                self._queue.extend(batch)
            if not self._queue:
                return POLL_SECONDS
            self._out = self._queue.popleft()
            self._before, self._due = ack, now + self.delay
            self.publish(self._out.payload)
            if not self._out.covered(ack, ack):
                return self.delay
            # Covered as it goes (a row of a game the ack holds, first of every resend):
            # not an ack the sender waited for, so the resends' wait does not start over.
            self._out = None
