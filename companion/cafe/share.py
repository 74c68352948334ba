"""Each table's share of the cafe's storage, and the disk's reserve (docs/security.md).

A table that keeps to the protocol (each message waits for the ack of the one before)
is never said to flood (:mod:`companion.cafe.flood`), however many games it sends: a
table's account could fill the server's disk with valid games, or with distinct
malformed messages set aside one by one. So every table has a share of what is
stored, counted in bytes of what it sent: ``[database] table_mb_per_day`` (250 MB by
default; a whole 3-round Fibonachos game of three players sends 1.15 MB, so some 200
games a day: bench/game_bytes.py). It is a bucket that holds a day's share and fills
again at a day's share per day: a table back from a day or two offline sends its
backlog at once, one that sends far more than a day's games is held.

A held table's ``events`` messages are not stored and not acknowledged: the table
keeps them in its journal and sends them again at its own slowing pace (up to once a
minute, :mod:`companion.bus.sender`), and they are stored once its share has filled
again, or at once when the staff press "Store its games again" (the server asks the
table to resend: its ack's ``resend``). What is set aside past the share is counted in
the log, not kept. The other tables are stored as ever. Each table's bucket is kept
in the database (:mod:`companion.cafe.share_rows`, :meth:`Shares.due`) and read back
at start: a restarted server does not give every table a whole day's share again.

The disk's reserve is the same for every table: when the database's disk has less
than ``[database] keep_free_mb`` free (256 MB by default), no table's events are
stored, until there is room again. The server goes on storing states and answering
the dashboard, where SQLite on a full disk would stop every table's messages at once.
A PostgreSQL database's disk is its own server's, not looked at here.

    >>> clock = [0.0]
    >>> shares = Shares(Share(per_day=1000, keep_free=0), clock=lambda: clock[0],
    ...                 monotonic=lambda: clock[0])
    >>> shares.holds("t1", "events", 600), shares.holds("t1", "events", 600)
    (False, True)
    >>> shares.held()["t1"].reason
    'share'
    >>> clock[0] += 86400 * 0.62         # 0.62 of a day: 620 bytes again
    >>> shares.holds("t1", "events", 600), "t1" in shares.held()
    (False, False)
    >>> shares.keeps("t1", "state", 600)  # a state set aside: its share spent already
    False
"""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.bus.contract import MessageError
from companion.cafe.share_rows import ShareRow

log = logging.getLogger("companion.cafe")

DAY = 86400.0
MB = 1024 * 1024
#: The part of a day's share a held table waits for before it is stored again.
RESUME = 0.01
#: Seconds between two looks at the disk's free space.
LOOK_EVERY = 1.0
#: Seconds between two writes of the tables' shares to the database (at once when a
#: table is held, or stored again).
KEEP_EVERY = 5.0


@dataclass(frozen=True)
class Share:
    """A table's share in bytes a day (0: no share), and the bytes the disk keeps free
    (0: not looked at)."""

    per_day: int = 250 * MB
    keep_free: int = 256 * MB

    @classmethod
    def in_mb(cls, per_day: int, keep_free: int) -> Share:
        """The settings' ``[database] table_mb_per_day`` and ``keep_free_mb``."""
        return cls(per_day * MB, keep_free * MB)


@dataclass(frozen=True)
class Held:
    """Why a table's messages are held: ``share`` (it used its share up) or ``disk``
    (the disk is nearly full), since when (the server's clock)."""

    reason: str
    since: float


def disk_free(path: Path) -> Callable[[], int | None]:
    """The free bytes of the disk that holds ``path``'s folder (None: it cannot be seen)."""

    def free() -> int | None:
        try:
            return shutil.disk_usage(path.parent).free
        except OSError:
            return None

    return free


class Shares:
    """``holds``, ``keeps`` and ``due`` on the writer's thread; ``held``, ``store_again``
    and ``disk`` on the dashboard's."""

    def __init__(
        self,
        share: Share | None = None,
        *,
        free: Callable[[], int | None] = lambda: None,
        changed: Callable[[str], None] = lambda table: None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        kept: Iterable[ShareRow] = (),
    ) -> None:
        """``free``: the database disk's free bytes (None: not known); ``changed`` is
        called with a table whose messages start or stop being held; ``kept``: the
        shares as the database kept them (the server's last run)."""
        self.share = share or Share()
        self.free = free
        self.changed = changed
        self.clock = clock
        self.monotonic = monotonic
        #: Per table, the bytes left in its bucket and when that was worked out.
        self._left: dict[str, tuple[float, float]] = {}
        #: What the batch being stored has counted (given back if it is rolled back).
        self._spent: list[tuple[str, int]] = []
        self._held: dict[str, Held] = {}
        #: The tables held for the disk until it had room again, not yet asked to resend.
        self._freed: set[str] = set()
        self._low: Held | None = None
        self._looked: float | None = None
        self._free: int | None = None
        self._lock = threading.Lock()
        #: The tables whose share changed since it was last kept, those being kept by the
        #: batch under way, when that was, and whether a table was held or stored again.
        self._dirty: set[str] = set()
        self._keeping: set[str] = set()
        self._kept = self.monotonic()
        self._urgent = False
        for row in kept:
            self._restore(row)

    def holds(self, table: str, leaf: str, size: int) -> bool:
        """Whether ``table``'s message on ``leaf`` of ``size`` bytes is held (not stored,
        not acknowledged); when it is not, its bytes are counted. Only ``events`` grow
        the database; a state replaces the table's last."""
        with self._lock:
            changed = self._disk_low()  # any message looks: room back is seen at once
            held = leaf == "events" and self._hold(table, size, changed)
        for name in changed:
            self.changed(name)
        return held

    def _hold(self, table: str, size: int, changed: list[str]) -> bool:
        """:meth:`holds` for an ``events`` message, under the lock; ``changed`` gains
        ``table`` when its held state changes."""
        reason = "disk" if self._low is not None else None
        if reason is None and not self._spend(table, size):
            reason = "share"
        before = self._held.get(table)
        if reason is None:
            self._held.pop(table, None)
        elif before is None or before.reason != reason:
            self._held[table] = Held(reason, self.clock())
            log.warning("cafe: %s's messages are held: %s", table, self._why(reason))
        if self._held.get(table) != before:
            changed.append(table)
            self._urgent = True
        if before is not None and reason is None:
            log.warning("cafe: %s's messages are stored again", table)
        return reason is not None

    def keeps(self, table: str, leaf: str, size: int) -> bool:
        """Whether a message of ``table`` on ``leaf`` set aside, of ``size`` bytes, is
        kept or only counted in the log: an ``events`` message was counted in its share
        when it came (:meth:`holds`), any other is counted now."""
        with self._lock:
            changed = self._disk_low()
            kept = self._low is None and (leaf == "events" or self._spend(table, size))
        for name in changed:
            self.changed(name)
        return kept

    def settled(self) -> None:
        """The batch counted so far is stored: its bytes stay counted (and the shares
        it kept, :meth:`due`, are kept)."""
        with self._lock:
            self._spent.clear()
            self._keeping.clear()

    def refund(self) -> None:
        """The batch counted so far was rolled back (the database refused it, and it is
        tried again whole): its bytes are given back, so a long outage of the database
        does not use the tables' shares up."""
        with self._lock:
            per_day = float(self.share.per_day)
            for table, size in self._spent:
                left, then = self._left[table]
                self._left[table] = (min(per_day, left + size), then)
            self._spent.clear()
            if self._keeping:  # not kept either: at the next batch
                self._dirty |= self._keeping
                self._keeping.clear()
                self._urgent = True

    def give_back(self, table: str, size: int) -> None:
        """A message :meth:`holds` counted, held after all (a new journal over the day's
        limit): not stored, so not counted; the table sends it again, counted then."""
        with self._lock:
            if (table, size) not in self._spent:
                return  # no share, or counted in an earlier batch: nothing to give
            self._spent.remove((table, size))  # any one: the same table, the same bytes
            left, then = self._left[table]
            self._left[table] = (min(float(self.share.per_day), left + size), then)

    def due(self) -> list[ShareRow]:
        """The shares the batch being stored keeps in the database, before its commit
        (:meth:`settled`, or :meth:`refund` at its rollback): those that changed since
        last kept, every :data:`KEEP_EVERY` seconds, at once when a table was held or
        stored again (or :meth:`hurry` asked); none in between, so a message costs no
        write of its own."""
        with self._lock:
            now = self.monotonic()
            if not self._dirty or not (self._urgent or now - self._kept >= KEEP_EVERY):
                return []
            self._keeping |= self._dirty
            self._dirty = set()
            self._kept, self._urgent = now, False
            at, per_day = self.clock(), float(self.share.per_day)
            rows = []
            for table in sorted(self._keeping):
                left, then = self._left[table]
                held = self._held.get(table)
                since = held.since if held is not None and held.reason == "share" else None
                rows.append(
                    ShareRow(table, min(per_day, left + (now - then) * per_day / DAY), at, since)
                )
            return rows

    def freed(self) -> set[str]:
        """The tables held for the disk that it has room for again since last asked: the
        server asks each to send again now (its ack's ``resend``), rather than each
        waiting out its own resend's wait, up to a minute."""
        with self._lock:
            freed, self._freed = self._freed, set()
            return freed

    def hurry(self) -> None:
        """The next batch keeps every share that changed (the server stops)."""
        with self._lock:
            self._urgent = True

    def held(self) -> Mapping[str, Held]:
        """The tables whose messages are held now, and why."""
        with self._lock:
            return dict(self._held)

    def disk(self) -> tuple[int, int] | None:
        """The disk's free bytes and the reserve while it is nearly full, else None."""
        with self._lock:
            if self._low is None or self._free is None:
                return None
            return self._free, self.share.keep_free

    def store_again(self, table: str) -> None:
        """The staff give ``table`` a whole day's share again; ValueError (the cafe's
        MessageError) if it is not held for its share."""
        with self._lock:
            held = self._held.get(table)
            if held is None or held.reason != "share":
                raise MessageError(f"table {table} has not used up its share of storage")
            self._left[table] = (float(self.share.per_day), self.monotonic())
            del self._held[table]
            self._dirty.add(table)
            self._urgent = True
        log.warning("cafe: staff gave %s a day's share of storage again", table)
        self.changed(table)

    def _spend(self, table: str, size: int) -> bool:
        per_day = float(self.share.per_day)
        if per_day <= 0:
            return True  # no share
        now = self.monotonic()
        left, then = self._left.get(table, (per_day, now))
        left = min(per_day, left + (now - then) * per_day / DAY)
        held = table in self._held and self._held[table].reason == "share"
        # Held, it waits for a hundredth of a day's share (a quarter of an hour): its
        # next small message (a game's end row) does not slip in between, and its card
        # does not flicker from held to stored and back.
        self._dirty.add(table)
        if left < size or (held and left < size + per_day * RESUME):
            self._left[table] = (left, now)
            return False
        self._left[table] = (left - size, now)
        self._spent.append((table, size))
        return True

    def _restore(self, row: ShareRow) -> None:
        """``row`` as the last run kept it, refilled for the time since (none for a clock
        set back); held for its share, it stays held."""
        per_day = float(self.share.per_day)
        if per_day <= 0:
            return  # no share now
        elapsed = max(0.0, self.clock() - row.at)
        left = min(per_day, row.left + elapsed * per_day / DAY)
        self._left[row.table] = (left, self.monotonic())
        if row.held is not None:
            self._held[row.table] = Held("share", row.held)
            log.warning("cafe: %s's messages are still held: %s", row.table, self._why("share"))

    def _disk_low(self) -> list[str]:
        """The disk looked at (once a second at most); the tables whose held state that
        changed (those held for the disk, once it has room again)."""
        if self.share.keep_free <= 0:
            return []
        now = self.monotonic()
        if self._looked is not None and now - self._looked < LOOK_EVERY:
            return []
        self._looked = now
        self._free = self.free()
        low = self._free is not None and self._free < self.share.keep_free
        if low and self._low is None:
            self._low = Held("disk", self.clock())
            log.error("cafe: %s; the tables keep their games", self._why("disk"))
        elif not low and self._low is not None:
            self._low = None
            freed = [t for t, h in self._held.items() if h.reason == "disk"]
            for table in freed:
                del self._held[table]
            self._freed.update(freed)
            log.warning("cafe: the disk has room again: storing the tables' games")
            return freed
        return []

    def _why(self, reason: str) -> str:
        if reason == "disk":
            free = (self._free or 0) / MB
            keep = self.share.keep_free / MB
            return (
                f"the database's disk has {free:,.0f} MB free, under the {keep:,.0f} MB "
                "kept free ([database] keep_free_mb)"
            )
        return (
            f"it sent more than its share of {self.share.per_day / MB:,.0f} MB a day "
            "([database] table_mb_per_day); the staff may store its games again"
        )
