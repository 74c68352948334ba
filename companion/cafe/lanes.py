"""The cafe writer's queue: one lane per table, taken in turn, each bounded (issue 22).

One FIFO for the whole cafe let one table starve the others: a table's account
flooding valid messages at QoS 0 (the broker's in-flight window bounds only QoS 1)
put 700,000 of them ahead of every other table's in 70 seconds, the server's memory
grew by 500 MB, and another table's game was not stored within a minute. Here each
table has a lane; a batch takes one message from each lane in turn, so a quiet
table's message goes in the next batch whatever a busy one sends. A lane holds at
most :data:`LANE_MESSAGES` messages and :data:`LANE_BYTES` bytes, and all lanes
together :data:`TOTAL_BYTES` (past that, only a table holding less than an even share
is let in): what comes past these bounds is dropped, and ``dropped`` is called with
it (the server acknowledges it to the broker, so it holds no slot of the in-flight
window). Nothing the contract needs is lost: a table sends one ``events`` message at
a time and sends it again until the ack covers it, and its ``state`` on every change,
so only a table sending far beyond the contract ever reaches a bound.

    >>> lanes = Lanes(dropped=lambda item: None, lane_messages=2)
    >>> for n in range(3):
    ...     lanes.put(Incoming("t1", "events", b"%d" % n))
    True
    True
    False
    >>> lanes.put(Incoming("t2", "events", b"x"))
    True
    >>> [(item.table, item.payload) for item in lanes.take(3)]
    [('t1', b'0'), ('t2', b'x'), ('t1', b'1')]
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable

from companion.cafe.batch import Incoming, LostSession

log = logging.getLogger("companion.cafe")

#: A lane's bounds: far above what a table following the contract ever has waiting
#: (its status, a state or two and one events message), far below a flood.
LANE_MESSAGES = 1000
LANE_BYTES = 8 * 1024 * 1024
#: All lanes together (the server's memory for what waits to be stored).
TOTAL_BYTES = 128 * 1024 * 1024

Item = Incoming | LostSession


class Lanes:
    """A queue of a cafe's messages, fair between tables and bounded; thread-safe.

    ``put`` from the MQTT thread, ``take`` and ``done`` from the writer's."""

    def __init__(
        self,
        *,
        dropped: Callable[[Incoming], None],
        lane_messages: int = LANE_MESSAGES,
        lane_bytes: int = LANE_BYTES,
        total_bytes: int = TOTAL_BYTES,
    ) -> None:
        self._dropped = dropped
        self._most = (lane_messages, lane_bytes, total_bytes)
        #: The tables with messages waiting, the next to take from first.
        self._lanes: dict[str, deque[Incoming]] = {}
        self._bytes: dict[str, int] = {}
        self._total = 0
        #: Messages not of a table (the broker lost the session): taken first.
        self._first: deque[LostSession] = deque()
        #: Messages dropped per table since its lane last emptied (for the log).
        self.drops: dict[str, int] = {}
        #: Taken and not yet done, for :meth:`join`.
        self._busy = 0
        self._closed = False
        self._changed = threading.Condition()

    def put(self, item: Item) -> bool:
        """Queue ``item``; False when it was dropped (a bound reached)."""
        with self._changed:
            if isinstance(item, LostSession):
                self._first.append(item)
                self._changed.notify_all()
                return True
            if self._fits(item):
                self._lanes.setdefault(item.table, deque()).append(item)
                size = len(item.payload)
                self._bytes[item.table] = self._bytes.get(item.table, 0) + size
                self._total += size
                self._changed.notify_all()
                return True
            drops = self.drops[item.table] = self.drops.get(item.table, 0) + 1
            waiting = len(self._lanes.get(item.table, ()))
        if drops == 1:
            log.warning(
                "cafe: %s sends faster than the server stores (%d messages waiting): "
                "its messages are dropped until it slows down (a table sends its "
                "events again until they are acknowledged)",
                item.table,
                waiting,
            )
        self._dropped(item)
        return False

    def _fits(self, item: Incoming) -> bool:
        most_messages, most_bytes, most_total = self._most
        size = len(item.payload)
        held = self._bytes.get(item.table, 0) + size
        if len(self._lanes.get(item.table, ())) >= most_messages or held > most_bytes:
            return False
        if self._total + size <= most_total:
            return True
        return held <= most_total // (len(self._lanes) + 1)  # less than an even share

    def take(self, most: int) -> list[Item]:
        """Up to ``most`` messages, one from each table in turn (waits for one);
        empty once :meth:`close` was called and nothing is left."""
        with self._changed:
            while not (self._first or self._lanes or self._closed):
                self._changed.wait()
            taken: list[Item] = list(self._first)
            self._first.clear()
            lanes = self._lanes
            while len(taken) < most and lanes:
                table = next(iter(lanes))
                lane = lanes.pop(table)
                item = lane.popleft()
                taken.append(item)
                self._bytes[table] -= len(item.payload)
                self._total -= len(item.payload)
                if lane:
                    lanes[table] = lane  # to the back: the next table's turn
                else:
                    del self._bytes[table]
                    self._emptied(table)
            self._busy += len(taken)
            return taken

    def _emptied(self, table: str) -> None:
        drops = self.drops.pop(table, 0)
        if drops:
            log.warning("cafe: %s slowed down: %d of its messages were dropped", table, drops)

    def done(self, count: int) -> None:
        """``count`` messages taken are stored (or given up)."""
        with self._changed:
            self._busy -= count
            self._changed.notify_all()

    def join(self) -> None:
        """Wait until every message queued so far is taken and done."""
        with self._changed:
            while self._first or self._lanes or self._busy:
                self._changed.wait()

    def close(self) -> None:
        """No more waiting: :meth:`take` gives what is left, then nothing."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def waiting(self) -> int:
        """How many messages wait (all tables)."""
        with self._changed:
            return len(self._first) + sum(len(lane) for lane in self._lanes.values())
