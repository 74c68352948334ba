"""A table whose clock is set after it started says so to the cafe's server (DESIGN
"Durability"; docs/cafe.md "What goes over the bus": the ``state``'s ``at``).

A Raspberry Pi has no real-time clock: the daemon starts with the time of the last
shutdown, and NTP sets the clock later, often hours later. The ``state`` was offered
only when it changed apart from its time and idle seconds, so a table left alone kept
the server's last state, timed by the clock before it was set: the dashboard, which
works out when the table went idle from the state's ``at``, said "idle 10 h 00" of a
table idle for a minute, until someone played at it.
"""

from __future__ import annotations

import queue
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from companion.bus.contract import TableState, Topics
from companion.cafe.batch import Incoming
from companion.cafe.ingest import Ingest
from companion.cafe.server import card_of
from companion.cafe.sqlite import SqliteStore
from companion.daemon.parts import TableNow
from companion.daemon.remote import Remote
from companion.web.i18n import idle_text

CAFE, TABLE = "corner", "t1"
#: The clock at start: the last shutdown's time, ten hours behind.
STALE = 1_700_000_000.0
BEHIND = 10 * 3600.0


class IdleTable:
    """A table left alone since the daemon started (a :class:`StaffTable`): its wall
    clock the journal's, its loop's clock monotonic."""

    def __init__(self) -> None:
        self.wall = STALE

    @property
    def now(self) -> float:
        return 0.0

    def state(self, now: float) -> TableNow:
        return TableNow(self.wall, None, None, (), None, None, {"camera": "ok"}, now)

    def reset(self, now: float) -> None: ...

    def message(self, text: str, now: float) -> None: ...

    def rename(self, names: Sequence[str]) -> bool:
        return False

    def offer(self, names: Sequence[str], now: float) -> str:
        return ""


def test_the_state_is_offered_again_when_the_tables_clock_is_set() -> None:
    """The wall clock jumps forward ten hours a minute after the start (NTP): the next
    turn offers the state again, and the dashboard says the table has been idle for a
    minute, not ten hours; an unchanged clock offers nothing new."""
    table, offered = IdleTable(), list[TableState]()
    bus: Any = SimpleNamespace(
        settings=SimpleNamespace(topics=Topics(CAFE, TABLE)),
        commands=queue.Queue(),
        offer_state=offered.append,
        wake=lambda: None,
    )
    remote = Remote(table, bus)
    for second in range(61):  # a minute with the clock of the last shutdown
        table.wall = STALE + second
        remote.turn(float(second), changed=False)
    assert len(offered) == 1
    table.wall = STALE + BEHIND + 61.5  # NTP sets the clock
    for second in range(61, 64):
        remote.turn(float(second), changed=False)
        table.wall += 1.0
    assert len(offered) == 2
    last = offered[-1]
    ingest = Ingest(SqliteStore(":memory:"), CAFE, clock=lambda: STALE + BEHIND + 64)
    ingest.apply([Incoming(TABLE, "state", last.payload(Topics(CAFE, TABLE)))])
    card = card_of(ingest.tables[TABLE], 1)
    assert card.idle_since is not None
    assert idle_text(STALE + BEHIND + 64 - card.idle_since) == "1 min"
