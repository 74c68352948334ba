"""The cafe's database in one SQLite file (the default): WAL, one writer, many readers.

The writer thread owns one connection and writes in batches (``begin`` ... ``commit``);
each reading thread gets its own connection, so a page never waits for a write (WAL
lets readers see the last commit while the writer goes on).

    >>> store = SqliteStore(":memory:")
    >>> store.counts()
    (0, 0)
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.bus.contract import EventRow, GameRow
from companion.cafe.columns import game_params, quarantine_params, seat_params, table_params
from companion.cafe.errors import StoreError
from companion.cafe.reads import StoreReads
from companion.cafe.share_rows import PUT_SHARE, SHARE_SCHEMA, ShareRow, share_params
from companion.cafe.store import (
    LAST_IDS,
    PUT_EVENT,
    PUT_GAME,
    PUT_JOURNAL,
    PUT_LINK,
    PUT_QUARANTINE,
    PUT_SEAT,
    PUT_TABLE,
    SCHEMA,
    JournalRow,
    QuarantineRow,
    Savepoints,
    SeatRow,
    TableRow,
)
from companion.games.json_types import canonical


class _Readers(threading.local):
    """Each reading thread's own connection (None until its first read)."""

    db: sqlite3.Connection | None = None


class SqliteStore(StoreReads, Savepoints):
    """:class:`~companion.cafe.store.Store` in an SQLite file (``:memory:`` for a test)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._memory = self.path == ":memory:"
        try:
            if not self._memory:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._db = self._connect()
            if not self._memory:
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            for statement in (*SCHEMA, *SHARE_SCHEMA):  # each IF NOT EXISTS: older files too
                self._db.execute(statement)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cafe database {self.path}: cannot open ({exc})") from exc
        self._local = _Readers()
        self._lock = threading.Lock()  # only for ":memory:", where readers share the writer's

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA busy_timeout=5000")
        return db

    # -- writing ----------------------------------------------------------------------

    def begin(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        self._db.execute("COMMIT")

    def rollback(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def _write(self, sql: str) -> None:
        self._db.execute(sql)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._db.execute(sql, params).fetchall()

    def exclusive(self, key: int) -> None:
        """``BEGIN IMMEDIATE`` took the file's one write lock: nobody else writes."""

    def put_quarantine(self, row: QuarantineRow) -> None:
        self._db.execute(PUT_QUARANTINE, quarantine_params(row))

    def fault(self, exc: BaseException) -> bool:
        """A full disk, a locked or damaged file, an I/O error: the database's;
        a value SQLite cannot bind (too big an integer, a lone surrogate): the message's."""
        message = (sqlite3.IntegrityError, sqlite3.DataError, sqlite3.ProgrammingError)
        return isinstance(exc, OSError | sqlite3.DatabaseError) and not isinstance(exc, message)

    def put_game(self, row: GameRow, seats: Sequence[SeatRow]) -> bool:
        changed = self._db.execute(PUT_GAME, game_params(row)).rowcount > 0
        if changed and row.ended is not None:
            self._db.executemany(
                PUT_SEAT,
                [seat_params(seat) for seat in seats],
            )
        return changed

    def put_event(self, row: EventRow) -> bool:
        params = (row.table, row.seq, row.game_id, row.at, row.kind, canonical(dict(row.payload)))
        return self._db.execute(PUT_EVENT, params).rowcount > 0

    def put_table(self, row: TableRow) -> None:
        self._db.execute(PUT_TABLE, table_params(row))

    def put_link(self, table: str, game_id: int, digest: str) -> None:
        self._db.execute(PUT_LINK, (table, game_id, digest))

    def put_shares(self, rows: Sequence[ShareRow]) -> None:
        self._db.executemany(PUT_SHARE, [share_params(row) for row in rows])

    def seqs_after(self, table: str, seq: int, limit: int) -> list[int]:
        sql = "SELECT seq FROM events WHERE table_name = ? AND seq > ? ORDER BY seq LIMIT ?"
        return [r[0] for r in self._db.execute(sql, (table, seq, limit))]

    def game_ids_after(self, table: str, game_id: int, limit: int) -> list[int]:
        sql = "SELECT id FROM games WHERE table_name = ? AND id > ? ORDER BY id LIMIT ?"
        return [r[0] for r in self._db.execute(sql, (table, game_id, limit))]

    def put_journal(self, row: JournalRow) -> None:
        params = (row.table, row.journal, row.game_base, row.seq_base, row.since)
        self._db.execute(PUT_JOURNAL, params)

    def last_ids(self, table: str) -> tuple[int, int]:
        games, seq = self._db.execute(LAST_IDS, (table, table)).fetchone()
        return int(games), int(seq)

    # -- reading ----------------------------------------------------------------------

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        if self._memory:
            with self._lock:
                return self._db.execute(sql, params).fetchall()
        db = self._local.db
        if db is None:
            db = self._local.db = self._connect()
            db.execute("PRAGMA query_only=1")
        try:
            return db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"cafe database {self.path}: cannot read ({exc})") from exc

    def backup(self, target: str | Path) -> None:
        """A consistent copy to ``target`` while the server writes (SQLite's backup API)."""
        try:
            out = sqlite3.connect(str(target))
            try:
                source = self._connect()
                try:
                    source.backup(out)
                finally:
                    source.close()
            finally:
                out.close()
        except sqlite3.Error as exc:
            raise StoreError(f"backup of {self.path} to {target}: {exc}") from exc

    def close(self) -> None:
        self._db.close()
        db = self._local.db
        if db is not None:
            db.close()
