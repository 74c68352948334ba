"""Where the cafe keeps every game and event: the interface, and its rows read back.

One :class:`Store` holds, for each table, its games (one row each, an ended row never
made open again), its journal events (one row per ``(table, seq)``, whatever is sent
again), its last ``state`` and ``status``, its ``ack`` progress, and the seats of each
ended game (the leaderboard reads them). Writes come from one thread only (the
server's writer, Datasette's single-writer pattern); reads may come from any thread.

The SQL is the subset SQLite and PostgreSQL share (``INSERT ... ON CONFLICT``), so a
backend is a connection and a placeholder style: :mod:`companion.cafe.sqlite` is the
default, :mod:`companion.cafe.postgres` the chain of cafes' (:func:`open_store` picks
by the target). Where the two differ by default the SQL says what it means: NULLs
last, averages in floating point, a player found by exact text (SQLite's ``LIKE``
ignores case, PostgreSQL's does not); PostgreSQL sorts text bytewise as SQLite does
(``COLLATE "C"``, :mod:`companion.cafe.postgres`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.bus.contract import EventRow, GameRow, TableState
from companion.cafe.share_rows import ShareKeeping
from companion.games.json_types import canonical
from companion.web.model import HistoryFilter

log = logging.getLogger("companion.cafe")


@dataclass(frozen=True)
class TableRow:
    """What the server keeps of a table: its last state (its game numbered as the
    server numbers games, :mod:`companion.cafe.ingest`), status and progress."""

    name: str
    status: str
    state: TableState | None
    seen: float
    ack_seq: int = 0
    ack_games: int = 0
    #: No longer used (acks pass only what is held, companion.cafe.ingest): the column
    #: stays so that databases made before read and write as they were.
    trusted: bool = False


@dataclass(frozen=True)
class JournalRow:
    """One journal of a table (one SD card): the server numbers its games and events
    after everything the table had sent before it (``game_base``, ``seq_base``), so a
    new journal, which starts again at 1, never collides with the old one. A table's
    journal from before identities is ``""`` with bases 0, with no row of its own."""

    table: str
    journal: str
    game_base: int
    seq_base: int
    since: float


@dataclass(frozen=True)
class QuarantineRow:
    """A message set aside (issue 22): it could not be stored, so it is kept as it came
    (``payload``, at most the contract's size) with why, and acknowledged, so that it
    stops nothing else. One row per (table, payload); ``times`` counts its arrivals."""

    table: str
    topic: str
    payload: bytes
    reason: str
    first: float
    last: float
    times: int = 1


@dataclass(frozen=True)
class SeatRow:
    """One seat of one ended game that counts (:func:`companion.cafe.outcome.outcome_of`)."""

    table: str
    game_id: int
    game: str
    ended: float
    seat: int
    player: str
    total: int | None
    won: bool


@dataclass(frozen=True)
class StandingRow:
    player: str
    played: int
    wins: int
    average: float | None
    best: int | None


class Savepoints:
    """Each message of a batch in a savepoint of its own (issue 22): the same SQL on
    SQLite and PostgreSQL, on the store's writing connection (``_write``)."""

    def _write(self, sql: str) -> None:
        raise NotImplementedError

    def savepoint(self) -> None:
        self._write("SAVEPOINT message")

    def undo_savepoint(self) -> None:
        self._write("ROLLBACK TO SAVEPOINT message")
        self._write("RELEASE SAVEPOINT message")

    def release_savepoint(self) -> None:
        self._write("RELEASE SAVEPOINT message")


#: The history's filters and page: the dashboard's own (one shape for both sides).
GameQuery = HistoryFilter


class Store(ShareKeeping, Protocol):
    """The cafe's database (the writer thread writes; anyone reads); the tables' shares."""

    # -- writing (the writer thread only, inside ``begin``/``commit``) ------------------
    def begin(self) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def put_game(self, row: GameRow, seats: Sequence[SeatRow]) -> bool: ...
    def put_event(self, row: EventRow) -> bool: ...
    def put_table(self, row: TableRow) -> None: ...
    def put_link(self, table: str, game_id: int, digest: str) -> None: ...
    def seqs_after(self, table: str, seq: int, limit: int) -> list[int]: ...
    def game_ids_after(self, table: str, game_id: int, limit: int) -> list[int]: ...
    def put_journal(self, row: JournalRow) -> None: ...
    def last_ids(self, table: str) -> tuple[int, int]: ...
    def savepoint(self) -> None: ...
    def undo_savepoint(self) -> None: ...
    def release_savepoint(self) -> None: ...
    def put_quarantine(self, row: QuarantineRow) -> None: ...
    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """``sql`` (the shared SQL, ``?`` placeholders) on the writing connection, its
        rows (none for a write): for the writer's own work beside the ingest's."""
        ...

    def exclusive(self, key: int) -> None:
        """Hold the database's lock ``key`` until the transaction begun ends, waiting
        while another server's transaction holds it: one server of a chain at a time
        does ``key``'s work (SQLite's transactions already write one at a time)."""
        ...

    def fault(self, exc: BaseException) -> bool:
        """True when ``exc`` is the database's own trouble (a full disk, a lost connection,
        a damaged file): the batch is tried again later; False: the message's (set aside)."""
        ...

    # -- reading (any thread) -------------------------------------------------------------
    def tables(self) -> list[TableRow]: ...
    def journals(self) -> list[JournalRow]: ...
    def games(self, query: GameQuery) -> list[GameRow]: ...
    def game(self, table: str, game_id: int) -> GameRow | None: ...
    def events(self, table: str, game_id: int) -> list[EventRow]: ...
    def standings(self, game: str, since: float | None) -> list[StandingRow]: ...
    def game_names(self) -> list[str]: ...
    def link(self, table: str, game_id: int) -> str | None: ...
    def linked(self, table: str, digest: str) -> int | None: ...
    def counts(self) -> tuple[int, int]: ...
    def quarantined(self, limit: int) -> list[QuarantineRow]: ...
    def close(self) -> None: ...


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        name TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        state TEXT,
        seen DOUBLE PRECISION NOT NULL,
        ack_seq BIGINT NOT NULL DEFAULT 0,
        ack_games BIGINT NOT NULL DEFAULT 0,
        trusted INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS games (
        table_name TEXT NOT NULL,
        id BIGINT NOT NULL,
        game TEXT NOT NULL,
        players TEXT NOT NULL,
        variants TEXT NOT NULL,
        options TEXT NOT NULL,
        started DOUBLE PRECISION NOT NULL,
        ended DOUBLE PRECISION,
        result TEXT,
        PRIMARY KEY (table_name, id)
    )""",
    "CREATE INDEX IF NOT EXISTS games_by_start ON games (started)",
    """CREATE TABLE IF NOT EXISTS events (
        table_name TEXT NOT NULL,
        seq BIGINT NOT NULL,
        game_id BIGINT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (table_name, seq)
    )""",
    "CREATE INDEX IF NOT EXISTS events_by_game ON events (table_name, game_id, seq)",
    """CREATE TABLE IF NOT EXISTS seats (
        table_name TEXT NOT NULL,
        game_id BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        game TEXT NOT NULL,
        ended DOUBLE PRECISION NOT NULL,
        player TEXT NOT NULL,
        total BIGINT,
        won INTEGER NOT NULL,
        PRIMARY KEY (table_name, game_id, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS seats_by_game ON seats (game, ended)",
    "CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player)",
    # The players' page (issue 15): each game's link, as the SHA-256 of its token.
    """CREATE TABLE IF NOT EXISTS links (
        table_name TEXT NOT NULL,
        game_id BIGINT NOT NULL,
        digest TEXT NOT NULL,
        PRIMARY KEY (table_name, game_id)
    )""",
    """CREATE TABLE IF NOT EXISTS journals (
        table_name TEXT NOT NULL,
        journal TEXT NOT NULL,
        game_base BIGINT NOT NULL,
        seq_base BIGINT NOT NULL,
        since DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_name, journal)
    )""",
    # Messages set aside (issue 22): one row per (table, payload digest).
    """CREATE TABLE IF NOT EXISTS quarantine (
        table_name TEXT NOT NULL,
        digest TEXT NOT NULL,
        topic TEXT NOT NULL,
        payload BYTEA NOT NULL,
        reason TEXT NOT NULL,
        first_at DOUBLE PRECISION NOT NULL,
        last_at DOUBLE PRECISION NOT NULL,
        times BIGINT NOT NULL,
        PRIMARY KEY (table_name, digest)
    )""",
    # What the server keeps of itself: which rules scored the stored games
    # (:mod:`companion.cafe.rescore`), and how far their scoring again has come.
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)

#: An ended row is never made open again; an open row does not replace an ended one.
PUT_GAME = """
INSERT INTO games (table_name, id, game, players, variants, options, started, ended, result)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (table_name, id) DO UPDATE SET
    ended = excluded.ended, result = excluded.result, players = excluded.players
WHERE games.ended IS NULL AND excluded.ended IS NOT NULL
"""
PUT_EVENT = """
INSERT INTO events (table_name, seq, game_id, at, kind, payload) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (table_name, seq) DO NOTHING
"""
PUT_SEAT = """
INSERT INTO seats (table_name, game_id, seat, game, ended, player, total, won)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (table_name, game_id, seat) DO NOTHING
"""
PUT_TABLE = """
INSERT INTO tables (name, status, state, seen, ack_seq, ack_games, trusted)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (name) DO UPDATE SET
    status = excluded.status, state = excluded.state, seen = excluded.seen,
    ack_seq = excluded.ack_seq, ack_games = excluded.ack_games, trusted = excluded.trusted
"""
PUT_LINK = """
INSERT INTO links (table_name, game_id, digest) VALUES (?, ?, ?)
ON CONFLICT (table_name, game_id) DO NOTHING
"""
PUT_JOURNAL = """
INSERT INTO journals (table_name, journal, game_base, seq_base, since) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (table_name, journal) DO NOTHING
"""
PUT_QUARANTINE = """
INSERT INTO quarantine (table_name, digest, topic, payload, reason, first_at, last_at, times)
VALUES (?, ?, ?, ?, ?, ?, ?, 1)
ON CONFLICT (table_name, digest) DO UPDATE SET
    last_at = excluded.last_at, reason = excluded.reason, times = quarantine.times + 1
"""
QUARANTINED = """
SELECT table_name, topic, payload, reason, first_at, last_at, times FROM quarantine
ORDER BY last_at DESC LIMIT ?
"""
#: A table's journals in the order they came: each is numbered after the games and
#: events held before it, so by its bases (not by ``since``, the server's clock, which
#: may have been set back between two of them).
JOURNALS = (
    "SELECT table_name, journal, game_base, seq_base, since FROM journals "
    "ORDER BY table_name, game_base, seq_base, since"
)
#: A game's link (the digest of its token), and the game a link opens.
LINK = "SELECT digest FROM links WHERE table_name = ? AND game_id = ?"
LINKED = "SELECT game_id FROM links WHERE table_name = ? AND digest = ?"
#: The highest game id and seq held of a table (a new journal is numbered after them).
LAST_IDS = """
SELECT (SELECT COALESCE(MAX(id), 0) FROM games WHERE table_name = ?),
       (SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_name = ?)
"""
GAME_COLUMNS = "table_name, id, game, players, variants, options, started, ended, result"
STANDINGS = """
SELECT player, COUNT(*), SUM(won), AVG(CAST(total AS DOUBLE PRECISION)), MAX(total) FROM seats
WHERE game = ? AND ended >= ? GROUP BY player
ORDER BY SUM(won) DESC, COUNT(*) ASC, MAX(total) DESC NULLS LAST, player ASC
"""
#: The URLs :func:`open_store` opens with PostgreSQL (anything else is an SQLite file).
URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(target: str) -> bool:
    """A PostgreSQL URL (what ``[database] url`` and ``--db`` take for PostgreSQL)."""
    return target.startswith(URL_SCHEMES)


def open_store(target: str) -> Store:
    """The cafe's database at ``target``: a PostgreSQL URL, else an SQLite file."""
    if is_url(target):
        from companion.cafe.postgres import PgStore

        return PgStore(target)
    from companion.cafe.sqlite import SqliteStore

    return SqliteStore(target)


def game_filter(query: GameQuery, find: str = "instr") -> tuple[str, list[Any]]:
    """The WHERE clause and parameters of the history's filters (``find``: the SQL
    function giving where a text is in another, 0 if nowhere: SQLite's ``instr``,
    PostgreSQL's ``strpos``)."""
    where: list[str] = []
    params: list[Any] = []
    for column, value in (("table_name", query.table), ("game", query.game)):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    if query.player is not None:
        # The players column is a JSON list: the name as JSON, quotes and all, is in it.
        where.append(f"{find}(players, ?) > 0")
        params.append(canonical(query.player))
    if query.since is not None:
        where.append("started >= ?")
        params.append(query.since)
    if query.until is not None:
        where.append("started < ?")
        params.append(query.until)
    if query.ended is not None:
        where.append("ended IS NOT NULL" if query.ended else "ended IS NULL")
    clause = " AND ".join(f"({w})" for w in where)
    return (f"WHERE {clause}" if clause else ""), params
