"""The nonces of the staff commands a table accepted, kept in its journal file (issue
22): a command captured on the network and sent again is refused after a restart of
the table too, not only while it runs. A command is good for :data:`WINDOW` seconds
either side of the table's clock (``companion.bus.commands``); its nonce is kept
:data:`KEPT` seconds, longer than any command stays good, then forgotten.

The book has a connection of its own to the journal's file (the bus's thread uses
it, never the daemon's loop), and its own table, ``command_nonces``, which the
journal's reading and salvage leave alone. A journal that cannot be written (a full
card, a read-only folder) keeps the nonces in memory, and says so once.

    >>> book = NonceBook(":memory:")
    >>> book.first("ab" * 16, 1000.0), book.first("ab" * 16, 1001.0)
    (True, False)
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

log = logging.getLogger(__name__)

#: Seconds a nonce is kept: a command's window on both sides, and some.
KEPT = 600.0
SCHEMA = "CREATE TABLE IF NOT EXISTS command_nonces (nonce TEXT PRIMARY KEY, at REAL NOT NULL)"


class NonceBook:
    """Which nonces were seen in the last :data:`KEPT` seconds, across restarts."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._memory: dict[str, float] = {}
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.execute(SCHEMA)
        except sqlite3.Error as exc:
            self._fallback(exc)

    def _fallback(self, exc: sqlite3.Error) -> None:
        log.warning(
            "cafe: the commands' nonces are kept in memory only (%s: %s): after a restart "
            "a command of the last %d minutes could be replayed",
            self.path,
            exc,
            int(KEPT // 60),
        )
        if self._db is not None:
            self._db.close()
        self._db = None

    def first(self, nonce: str, now: float) -> bool:
        """True, and ``nonce`` kept, if it was not seen in the last :data:`KEPT`
        seconds; False if it was (a replay)."""
        with self._lock:
            for old in [n for n, at in self._memory.items() if at < now - KEPT]:
                del self._memory[old]
            if nonce in self._memory:
                return False
            self._memory[nonce] = now
            if self._db is None:
                return True
            try:
                self._db.execute("DELETE FROM command_nonces WHERE at < ?", (now - KEPT,))
                cursor = self._db.execute(
                    "INSERT INTO command_nonces (nonce, at) VALUES (?, ?) "
                    "ON CONFLICT (nonce) DO NOTHING",
                    (nonce, now),
                )
            except sqlite3.Error as exc:
                self._fallback(exc)
                return True
            return cursor.rowcount > 0

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
