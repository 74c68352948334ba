"""The cafe's database in PostgreSQL (a chain of cafes on one server, docs/cafe.md),
over psycopg 3: the same tables and SQL as SQLite (:mod:`companion.cafe.store`).

The writer thread owns one connection and writes in batches (``BEGIN`` ... ``COMMIT``);
readers share a second one in autocommit (psycopg serialises the queries of a
connection), so a page sees the last commit and never holds a transaction open. A
connection the database dropped (PostgreSQL restarted) is opened again at the next
batch or read. Text columns sort bytewise (``COLLATE "C"``), as SQLite's do.

``backup`` runs ``pg_dump`` on a snapshot it exported, after counting the games and
events in that snapshot: the counts it reports are those of the copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

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
    is_url,
)
from companion.games.json_types import canonical

if TYPE_CHECKING:
    import psycopg

#: Seconds to wait for the database to answer a connection (unless the URL says).
CONNECT_TIMEOUT = 10
#: The advisory lock two servers starting at once take to create the tables.
SCHEMA_LOCK = 0x636166  # "caf"


def pg(sql: str) -> str:
    """The shared SQL with psycopg's placeholders (no ``?`` or ``%`` is anything else)."""
    return sql.replace("?", "%s")


PG_SCHEMA = tuple(pg(s).replace(" TEXT", ' TEXT COLLATE "C"') for s in (*SCHEMA, *SHARE_SCHEMA))


def shown(url: str) -> str:
    """The URL without its password, for messages and logs (a file name as it is)."""
    if not is_url(url):
        return url
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.split(':', 1)[0]}@{host}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"])
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


def _why(what: BaseException | str) -> str:
    """The first line of an error (libpq's and pg_dump's say the reason there)."""
    lines = [line.strip() for line in str(what).splitlines() if line.strip()]
    return lines[0] if lines else type(what).__name__


def pg_program(name: str) -> str:
    """``pg_dump`` or ``pg_restore``: on the PATH (Debian's wrapper picks the version),
    else the newest of /usr/lib/postgresql/*/bin."""
    found = shutil.which(name)
    if found is not None:
        return found
    candidates = sorted(
        Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if not candidates:
        raise StoreError(f"{name} not found: install it (apt install postgresql-client)")
    return str(candidates[-1])


class PgStore(StoreReads, Savepoints):
    """:class:`~companion.cafe.store.Store` in a PostgreSQL database (``url``)."""

    FIND = "strpos"

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = shown(url)
        self._db = self._connect()
        try:
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in PG_SCHEMA:
                    self._db.execute(statement)
        except Exception as exc:
            self._db.close()
            raise StoreError(
                f"cafe database {self.where}: cannot create its tables ({_why(exc)})"
            ) from None
        self._reader: psycopg.Connection[Any] | None = None

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            import psycopg
            from psycopg.conninfo import conninfo_to_dict, make_conninfo
        except ImportError:
            raise StoreError(
                f"cafe database {self.where}: PostgreSQL needs psycopg "
                "(pip install 'table-companion[postgres]')"
            ) from None
        try:
            params = conninfo_to_dict(self.url)
        except psycopg.Error as exc:
            raise StoreError(f"cafe database {self.where}: not a valid URL ({_why(exc)})") from None
        if "connect_timeout" not in params:
            params["connect_timeout"] = CONNECT_TIMEOUT
        try:
            return psycopg.connect(make_conninfo("", **params), autocommit=True)
        except psycopg.Error as exc:
            raise StoreError(f"cafe database {self.where}: cannot connect ({_why(exc)})") from None

    def _alive(self, db: psycopg.Connection[Any] | None) -> psycopg.Connection[Any]:
        if db is None or db.closed or db.broken:
            if db is not None:
                db.close()
            return self._connect()
        return db

    # -- writing ----------------------------------------------------------------------

    def begin(self) -> None:
        import psycopg

        self._db = self._alive(self._db)
        try:
            self._db.execute("BEGIN")
        except psycopg.OperationalError:  # dropped while idle (a restart): once more
            self._db.close()
            self._db = self._connect()
            self._db.execute("BEGIN")

    def commit(self) -> None:
        self._db.execute("COMMIT")

    def rollback(self) -> None:
        from psycopg.pq import TransactionStatus

        if not self._db.broken and self._db.info.transaction_status != TransactionStatus.IDLE:
            self._db.execute("ROLLBACK")

    def _write(self, sql: str) -> None:
        self._db.execute(sql)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        cursor = self._db.execute(pg(sql), params)
        return cursor.fetchall() if cursor.description is not None else []

    def exclusive(self, key: int) -> None:
        """A transaction's advisory lock: the servers of a chain take turns."""
        self._db.execute("SELECT pg_advisory_xact_lock(%s)", (key,))

    def put_quarantine(self, row: QuarantineRow) -> None:
        self._db.execute(pg(PUT_QUARANTINE), quarantine_params(row))

    def fault(self, exc: BaseException) -> bool:
        """A lost connection, a full disk, the server shutting down: the database's;
        a value it refuses (NUL in a text, a number out of range): the message's."""
        import psycopg

        message = (psycopg.DataError, psycopg.IntegrityError, psycopg.ProgrammingError)
        if isinstance(exc, psycopg.Error):
            return not isinstance(exc, message) or self._db.broken
        return isinstance(exc, OSError)

    def put_game(self, row: GameRow, seats: Sequence[SeatRow]) -> bool:
        changed = self._db.execute(pg(PUT_GAME), game_params(row)).rowcount > 0
        if changed and row.ended is not None:
            self._db.cursor().executemany(
                pg(PUT_SEAT),
                [seat_params(seat) for seat in seats],
            )
        return changed

    def put_event(self, row: EventRow) -> bool:
        params = (row.table, row.seq, row.game_id, row.at, row.kind, canonical(dict(row.payload)))
        return self._db.execute(pg(PUT_EVENT), params).rowcount > 0

    def put_table(self, row: TableRow) -> None:
        self._db.execute(pg(PUT_TABLE), table_params(row))

    def put_link(self, table: str, game_id: int, digest: str) -> None:
        self._db.execute(pg(PUT_LINK), (table, game_id, digest))

    def put_shares(self, rows: Sequence[ShareRow]) -> None:
        self._db.cursor().executemany(pg(PUT_SHARE), [share_params(row) for row in rows])

    def put_journal(self, row: JournalRow) -> None:
        params = (row.table, row.journal, row.game_base, row.seq_base, row.since)
        self._db.execute(pg(PUT_JOURNAL), params)

    def last_ids(self, table: str) -> tuple[int, int]:
        found = self._db.execute(pg(LAST_IDS), (table, table)).fetchone()
        assert found is not None  # two aggregates always give a row
        return int(found[0]), int(found[1])

    def seqs_after(self, table: str, seq: int, limit: int) -> list[int]:
        sql = "SELECT seq FROM events WHERE table_name = %s AND seq > %s ORDER BY seq LIMIT %s"
        return [int(r[0]) for r in self._db.execute(sql, (table, seq, limit))]

    def game_ids_after(self, table: str, game_id: int, limit: int) -> list[int]:
        sql = "SELECT id FROM games WHERE table_name = %s AND id > %s ORDER BY id LIMIT %s"
        return [int(r[0]) for r in self._db.execute(sql, (table, game_id, limit))]

    # -- reading ----------------------------------------------------------------------

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        import psycopg

        for attempt in (1, 2):
            self._reader = self._alive(self._reader)
            try:
                return self._reader.execute(pg(sql), params).fetchall()
            except psycopg.OperationalError as exc:
                # Dropped while idle (a restart): a read can be asked again.
                self._reader.close()
                if attempt == 2:
                    raise StoreError(
                        f"cafe database {self.where}: cannot read ({_why(exc)})"
                    ) from None
        raise AssertionError("unreachable")

    def backup(self, target: str | Path) -> tuple[int, int]:
        """``pg_dump`` (custom format, for ``pg_restore``) of one snapshot to ``target``,
        while the server writes; the games and events in that copy."""
        import psycopg
        from psycopg import IsolationLevel
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        program = pg_program("pg_dump")
        params = conninfo_to_dict(self.url)
        env = dict(os.environ)
        if (password := params.pop("password", None)) is not None:
            env["PGPASSWORD"] = str(password)  # not on pg_dump's command line
        db = self._connect()
        try:
            db.autocommit = False
            db.isolation_level = IsolationLevel.REPEATABLE_READ
            db.read_only = True
            snapshot = db.execute("SELECT pg_export_snapshot()").fetchone()
            games = db.execute("SELECT COUNT(*) FROM games").fetchone()
            events = db.execute("SELECT COUNT(*) FROM events").fetchone()
            assert snapshot is not None and games is not None and events is not None
            command = [
                program,
                "--format=custom",
                f"--snapshot={snapshot[0]}",
                f"--file={target}",
                f"--dbname={make_conninfo('', **params)}",
            ]
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
            db.rollback()
        except psycopg.Error as exc:
            raise StoreError(f"backup of {self.where}: {_why(exc)}") from None
        finally:
            db.close()
        if done.returncode != 0:
            raise StoreError(f"backup of {self.where} to {target}: pg_dump: {_why(done.stderr)}")
        return int(games[0]), int(events[0])

    def close(self) -> None:
        self._db.close()
        if self._reader is not None:
            self._reader.close()
