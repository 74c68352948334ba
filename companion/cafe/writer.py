"""The one thread that writes the cafe's database (Datasette's single-writer pattern).

Messages arrive on the MQTT client's thread and are queued here; the writer takes
what has gathered (up to :data:`BATCH` messages), stores it in one transaction, and
only then acknowledges the messages to the broker (so a server killed before its
commit gets them again from its broker session) and publishes the tables' acks.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from companion.cafe.ingest import Applied, Incoming, Ingest, LostSession

log = logging.getLogger("companion.cafe")

BATCH = 500
_STOP = object()

Item = Incoming | LostSession
Done = Callable[[Applied, list[Incoming]], None]


class Writer:
    """Stores queued messages in batches on a thread of its own; ``done`` is called
    after each commit with what it did and the messages it held."""

    def __init__(self, ingest: Ingest, done: Done) -> None:
        self.ingest = ingest
        self.done = done
        self._queue: queue.Queue[object] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="cafe-writer", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def put(self, item: Item) -> None:
        self._queue.put(item)

    def flush(self) -> None:
        """Wait until everything queued so far is stored."""
        self._queue.join()

    def stop(self) -> None:
        if self._thread.is_alive():
            self._queue.put(_STOP)
            self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            batch = [first]
            while len(batch) < BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = any(item is _STOP for item in batch)
            items = [item for item in batch if isinstance(item, Incoming | LostSession)]
            try:
                if items:
                    self._write(items)
            finally:
                for _ in batch:
                    self._queue.task_done()
            if stop:
                return

    def _write(self, items: list[Item]) -> None:
        try:
            applied = self.ingest.apply(items)
        except Exception as exc:  # the thread outlives any batch (a locked or full disk)
            # Not acknowledged to the broker: the messages come again with the session.
            log.error("cafe: %d messages not stored (%s: %s)", len(items), type(exc).__name__, exc)
            return
        try:
            self.done(applied, [item for item in items if isinstance(item, Incoming)])
        except Exception:
            log.exception("cafe: after storing a batch")
