"""The one thread that writes the cafe's database (Datasette's single-writer pattern).

Messages arrive on the MQTT client's thread and are queued here, in one lane per table
(:mod:`companion.cafe.lanes`: a table flooding messages neither starves the others
nor fills the server's memory); the writer takes what has gathered (up to
:data:`BATCH` messages, one of each table in turn), stores it in one transaction, and
only then acknowledges the messages to the broker (so a server killed before its
commit gets them again from its broker session) and publishes the tables' acks.

A message that cannot be stored is set aside by the ingest (issue 22) and never stops
a batch. A batch the database itself refuses (a full disk, PostgreSQL restarting) is
tried again, the same messages, after :data:`RETRY` seconds, then twice as long each
time up to :data:`RETRY_MAX`: storing resumes by itself once the database can write,
with no restart (the broker sends nothing new meanwhile: its in-flight window is full
of these messages, not yet acknowledged).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from companion.cafe.ingest import Applied, Incoming, Ingest, LostSession
from companion.cafe.lanes import Lanes
from hardware.backoff import Backoff

log = logging.getLogger("companion.cafe")

BATCH = 500
#: Seconds before a batch the database refused is tried again, and the longest wait.
RETRY = 0.5
RETRY_MAX = 30.0

Item = Incoming | LostSession
Done = Callable[[Applied, list[Incoming]], None]


class Writer:
    """Stores queued messages in batches on a thread of its own; ``done`` is called
    after each commit with what it did and the messages it held, ``dropped`` with each
    message the queue's bounds refused (:class:`~companion.cafe.lanes.Lanes`)."""

    def __init__(
        self, ingest: Ingest, done: Done, dropped: Callable[[Incoming], None] = lambda item: None
    ) -> None:
        self.ingest = ingest
        self.done = done
        self.lanes = Lanes(dropped=dropped)
        self._thread = threading.Thread(target=self._run, name="cafe-writer", daemon=True)
        self._stopping = threading.Event()
        #: Set while the database refuses to write (the dashboard and the log say so).
        self.failing = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def put(self, item: Item) -> None:
        self.lanes.put(item)

    def flush(self) -> None:
        """Wait until everything queued so far is stored."""
        self.lanes.join()

    def alive(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """Store what is queued (unless the database refuses: the broker keeps it for
        the next start), then end the thread."""
        self._stopping.set()
        self.lanes.close()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        while True:
            batch = self.lanes.take(BATCH)
            if not batch:
                self._keep_shares()
                return  # stopped, and everything stored
            try:
                stored = self._write(batch)
            finally:
                self.lanes.done(len(batch))
            if not stored:
                return  # stopped while the database refused

    def _keep_shares(self) -> None:
        """The tables' shares as they are at the stop, once everything is stored (they are
        kept every few seconds otherwise: a clean stop loses none of that)."""
        self.ingest.shares.hurry()
        try:
            self.ingest.apply([])
        except Exception as exc:  # the database refuses: the last seconds' count is lost
            log.warning("cafe: the tables' shares of storage not kept at the stop (%s)", exc)

    def _write(self, items: list[Item]) -> bool:
        backoff = Backoff(initial=RETRY, maximum=RETRY_MAX)
        while True:
            try:
                applied = self.ingest.apply(items)
                break
            except Exception as exc:  # the thread outlives any batch (a locked or full disk)
                # Not acknowledged to the broker: tried again until the database writes.
                if not self.failing.is_set():
                    log.error(
                        "cafe: %d messages not stored (%s: %s); trying again until the "
                        "database can write",
                        len(items),
                        type(exc).__name__,
                        exc,
                    )
                self.failing.set()
            if self._stopping.wait(backoff.failed(now=time.monotonic())):
                return False  # stopping: the broker keeps them for the next start
        if self.failing.is_set():
            self.failing.clear()
            log.warning("cafe: storing again (%d messages)", len(items))
        try:
            self.done(applied, [item for item in items if isinstance(item, Incoming)])
        except Exception:
            log.exception("cafe: after storing a batch")
        return True
