"""Which table floods: each table's messages measured as they arrive, against what
the contract lets a table send.

The writer's lanes (:mod:`companion.cafe.lanes`) keep one table's flood from starving
the others *in the server*; they cannot help at the broker, which keeps one queue for
the server in arrival order: a table's account publishing as fast as it can puts its
messages ahead of every other table's, and the server receives the others' only once
it has read through them (docs/security.md). What stops that is the broker shutting
the account out (:mod:`companion.cafe.broker_admin`); this module says when.

A table keeping the contract sends its ``events`` stop-and-wait: the next once the
server's ack covers the last (:mod:`companion.bus.sender`). Back from an outage it sends
its backlog at the pace of the server's acks (779 a second here, bench/cafe_flood.py),
and faster on a quicker server: no rate tells that from a flood. So each ack the server
publishes to a table invites its next ``events`` message (:meth:`FloodWatch.acked`), and
only what comes uninvited is measured: its ``status`` when it connects, a ``state`` on
each change at the table, its log lines, an ``events`` message sent again after 5 s
without an ack; a few messages a second. Each table has a token bucket for them:
:attr:`Limits.burst` messages (and :attr:`Limits.byte_burst` bytes) at once, refilled at
:attr:`Limits.rate` a second (:attr:`Limits.byte_rate`). A table that empties one
floods.

Right after the server connects, the broker hands it everything it kept while the
server was away (up to ``max_queued_messages``) as fast as the server reads: a busy
table's states of an hour's play arrive in a second. So nothing is measured for
:attr:`Limits.grace` seconds after each connection.

    >>> now = [0.0]
    >>> watch = FloodWatch(Limits(rate=10, burst=20, grace=5), clock=lambda: now[0])
    >>> watch.connected()
    >>> now[0] = 6.0
    >>> [watch.arrived("t1", "state", 100) for _ in range(20)].count(None)
    20
    >>> watch.arrived("t1", "state", 100)
    Flood(table='t1', messages=21, size=2100, seconds=0.0)
    >>> watch.arrived("t1", "state", 100) is None  # said once, until the table is let in
    True
    >>> watch.acked("t2")                           # invited: not measured
    >>> [watch.arrived("t2", "events", 100) for _ in range(21)].count(None)
    21
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

#: Bytes in a mebibyte, for the limits.
MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """How much a table may send before it is said to flood."""

    #: Uninvited messages a second a table may send for as long as it likes.
    rate: float = 50.0
    #: Uninvited messages it may send at once over that rate.
    burst: float = 2000.0
    #: Bytes a second, and at once over that (a state is at most 256 KB).
    byte_rate: float = 2 * MB
    byte_burst: float = 32 * MB
    #: Seconds after the server connects during which nothing is measured: the broker
    #: hands over what it kept while the server was away.
    grace: float = 120.0
    #: The most ``events`` messages invited at once (acks that came close together).
    invited: int = 4


@dataclass(frozen=True)
class Flood:
    """A table that passed its limits: how much it sent since it last had its full
    allowance, and in how many seconds."""

    table: str
    messages: int
    size: int
    seconds: float

    def words(self) -> str:
        """The flood for a log line and the staff's page."""
        rate = self.messages / self.seconds if self.seconds > 0 else float(self.messages)
        return (
            f"{self.messages:,} messages ({self.size / MB:.1f} MB) in {self.seconds:.1f} s, "
            f"{rate:,.0f} a second"
        )


@dataclass
class _Bucket:
    messages: float
    size: float
    at: float
    #: Since the bucket was last full: what came, and from when.
    sent: int = 0
    sent_size: int = 0
    since: float = 0.0


class FloodWatch:
    """Token buckets per table; :meth:`arrived` from the MQTT thread, the rest from any."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic):
        self.limits = limits or Limits()
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}
        #: The tables said to flood (not measured again until :meth:`cleared`).
        self._flooding: set[str] = set()
        self._measured_from = float("inf")  # nothing measured before the first connection
        #: Per table, the ``events`` messages the server's acks invited.
        self._invited: dict[str, int] = {}
        self._lock = threading.Lock()

    def connected(self) -> None:
        """The server (re)connected: the broker's backlog comes first, unmeasured."""
        with self._lock:
            self._measured_from = self.clock() + self.limits.grace
            self._buckets.clear()

    def cleared(self, table: str) -> None:
        """``table`` was let in again: measured afresh, with its whole allowance."""
        with self._lock:
            self._flooding.discard(table)
            self._buckets.pop(table, None)

    def flooding(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._flooding)

    def acked(self, table: str) -> None:
        """The server published a new ack to ``table``: its next ``events`` may come."""
        with self._lock:
            self._invited[table] = min(self._invited.get(table, 0) + 1, self.limits.invited)

    def arrived(self, table: str, leaf: str, size: int) -> Flood | None:
        """A message of ``size`` bytes from ``table`` on its ``leaf`` topic: the flood,
        the first time it passes its limits (None otherwise, and while it is said to
        flood)."""
        now = self.clock()
        limits = self.limits
        with self._lock:
            if leaf == "events" and self._invited.get(table, 0) > 0:
                self._invited[table] -= 1
                return None
            if now < self._measured_from or table in self._flooding:
                return None
            bucket = self._buckets.get(table)
            if bucket is None:
                bucket = self._buckets[table] = _Bucket(limits.burst, limits.byte_burst, now)
            elapsed = now - bucket.at
            bucket.at = now
            bucket.messages = min(limits.burst, bucket.messages + elapsed * limits.rate)
            bucket.size = min(limits.byte_burst, bucket.size + elapsed * limits.byte_rate)
            if bucket.messages >= limits.burst and bucket.size >= limits.byte_burst:
                bucket.sent, bucket.sent_size, bucket.since = 0, 0, now
            bucket.messages -= 1
            bucket.size -= size
            bucket.sent += 1
            bucket.sent_size += size
            if bucket.messages >= 0 and bucket.size >= 0:
                return None
            self._flooding.add(table)
            return Flood(table, bucket.sent, bucket.sent_size, now - bucket.since)
