"""Stop-and-wait over the outbox: one message out until the server's ack covers it.

The contract's ack is the highest seq the server holds, on the promise that the table
sends in order. A server that missed a message (it was restarting, or subscribed
again after the broker's restart) and got the next one would ack past the one it
missed, and the table would never send it again. So the table never has more than
one message out: the next goes once the ack covers the last. On a LAN a round trip
through the broker and the server is a few milliseconds, far quicker than a table
plays, and a table back from an outage sends its backlog at that pace.

A message the ack does not cover after ``resend_after`` seconds (the server away, or
it missed it) is sent again from the ack, then after twice as long, up to
:data:`RESEND_MAX`: with no server at all, one message a minute.

    >>> from companion.bus.messages import Ack
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

from companion.bus.messages import Ack
from companion.bus.outbox import Outgoing

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
        self.delay = resend_after
        self.clock = clock
        self._queue: deque[Outgoing] = deque()
        self._out: Outgoing | None = None
        self._before = Ack()
        self._due = 0.0

    def restart(self, ack: Ack) -> None:
        """Send from ``ack`` on (a new connection, or a resend)."""
        self.outbox.restart(ack)
        self._queue.clear()
        self._out = None

    def step(self, ack: Ack) -> float:
        """Send what may go now; the seconds until something is due again (the bus
        waits that long at most, or until an ack or the journal's news wakes it)."""
        while True:
            now = self.clock()
            out = self._out
            if out is not None and not out.covered(ack, self._before):
                if now < self._due:
                    return self._due - now
                log.info("cafe: event %s not acknowledged: sending from the ack again", out.seq)
                self.delay = min(self.delay * 2, RESEND_MAX)
                self.restart(ack)
            elif out is not None:
                self._out, self.delay = None, self.first
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
