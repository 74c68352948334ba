"""The journal: every table event, button action and game action, written before it acts.

The game state is the replay of the journal, so a restart after a crash or a power
cut resumes exactly where the table was. The journal is an SQLite database in WAL
mode with ``synchronous=FULL``: a row is on the disk when :meth:`Journal.append`
returns. Nothing is ever deleted; an undo is an event of its own.

Each row carries a CRC-32 of its kind and payload. On opening, the rows of every
game are checked in order; from the first row that fails (a torn or corrupted tail)
the rest of that game's rows are set aside (moved to ``dropped_events``) with a
warning, and the game goes on from the last good row.

    >>> j = Journal.open(":memory:")
    >>> game = j.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], started=0.0)
    >>> j.append(game, "play", {"card": "R13#1"}, at=1.5)
    1
    >>> [e.payload for e in j.events(game)]
    [{'card': 'R13#1'}]
"""

from __future__ import annotations

import json
import logging
import sqlite3
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    variants TEXT NOT NULL,
    options TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    crc INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_game ON events (game_id, seq);
CREATE TABLE IF NOT EXISTS dropped_events (
    seq INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL,
    at REAL,
    kind TEXT,
    payload TEXT,
    crc INTEGER,
    reason TEXT NOT NULL
);
"""


class JournalError(CompanionError, OSError):
    """The journal cannot be read or written (the message names the file)."""


class JournalFullError(JournalError):
    """The disk (or the journal's size limit) is full: the event was not written."""


@dataclass(frozen=True)
class JournalEvent:
    """One row: ``kind`` names the event (``"table"``, ``"button"``, ``"action"``, ``"undo"``)."""

    seq: int
    game_id: int
    at: float
    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class GameEntry:
    """One game of the history."""

    id: int
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    options: dict[str, Any]
    started: float
    ended: float | None
    result: dict[str, Any] | None


def _crc(kind: str, payload: str) -> int:
    return zlib.crc32(f"{kind}\x00{payload}".encode())


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class Journal:
    """An append-only log of games and their events in one SQLite file."""

    def __init__(self, connection: sqlite3.Connection, path: str) -> None:
        self._db = connection
        self.path = path
        self.dropped = 0

    @classmethod
    def open(cls, path: str | Path) -> Journal:
        """Open (or create) the journal and set aside any corrupt tail."""
        where = str(path)
        if where != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(where, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(_SCHEMA)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {where}: cannot open ({exc})") from exc
        journal = cls(db, where)
        journal.dropped = journal._drop_corrupt_tails()
        return journal

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------

    def _write(self, sql: str, params: Sequence[Any]) -> int:
        try:
            cursor = self._db.execute(sql, params)
        except sqlite3.OperationalError as exc:
            text = str(exc)
            if "full" in text:
                raise JournalFullError(f"journal {self.path}: disk full, not written") from exc
            raise JournalError(f"journal {self.path}: write failed ({text})") from exc
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"journal {self.path}: write failed ({exc})") from exc
        return int(cursor.lastrowid or 0)

    def start_game(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        *,
        started: float,
        options: Mapping[str, Any] | None = None,
    ) -> int:
        """Record a new game and return its id."""
        return self._write(
            "INSERT INTO games (game, players, variants, options, started) VALUES (?,?,?,?,?)",
            (
                game,
                _dump(list(players)),
                _dump(list(variants)),
                _dump(dict(options or {})),
                started,
            ),
        )

    def append(self, game_id: int, kind: str, payload: Mapping[str, Any], *, at: float) -> int:
        """Write one event durably and return its sequence number."""
        text = _dump(dict(payload))
        return self._write(
            "INSERT INTO events (game_id, at, kind, payload, crc) VALUES (?,?,?,?,?)",
            (game_id, at, kind, text, _crc(kind, text)),
        )

    def end_game(self, game_id: int, result: Mapping[str, Any], *, ended: float) -> None:
        """Mark a game over with its result (the score object)."""
        self._write(
            "UPDATE games SET ended = ?, result = ? WHERE id = ?",
            (ended, _dump(dict(result)), game_id),
        )

    # -- reading ---------------------------------------------------------------------

    def events(self, game_id: int) -> list[JournalEvent]:
        rows = self._db.execute(
            "SELECT seq, game_id, at, kind, payload FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            JournalEvent(seq, gid, at, kind, json.loads(payload))
            for seq, gid, at, kind, payload in rows
        ]

    def games(self) -> list[GameEntry]:
        rows = self._db.execute(
            "SELECT id, game, players, variants, options, started, ended, result "
            "FROM games ORDER BY id"
        )
        return [self._entry(row) for row in rows]

    def game(self, game_id: int) -> GameEntry:
        row = self._db.execute(
            "SELECT id, game, players, variants, options, started, ended, result "
            "FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise JournalError(f"journal {self.path}: no game {game_id}")
        return self._entry(row)

    def unfinished(self) -> GameEntry | None:
        """The last game that has not ended, the one to resume."""
        games = [g for g in self.games() if g.ended is None]
        return games[-1] if games else None

    @staticmethod
    def _entry(row: tuple[Any, ...]) -> GameEntry:
        gid, game, players, variants, options, started, ended, result = row
        return GameEntry(
            id=gid,
            game=game,
            players=tuple(json.loads(players)),
            variants=tuple(json.loads(variants)),
            options=json.loads(options),
            started=started,
            ended=ended,
            result=json.loads(result) if result is not None else None,
        )

    # -- the corrupt tail ------------------------------------------------------------

    def _scan(self) -> Iterator[tuple[int, int, str]]:
        """Yield (seq, game_id, reason) for the first bad row of each game."""
        bad_games: set[int] = set()
        rows = self._db.execute("SELECT seq, game_id, kind, payload, crc FROM events ORDER BY seq")
        for seq, game_id, kind, payload, crc in rows:
            if game_id in bad_games:
                continue
            reason = None
            if not isinstance(kind, str) or not isinstance(payload, str):
                reason = "unreadable row"
            elif _crc(kind, payload) != crc:
                reason = "checksum mismatch"
            else:
                try:
                    json.loads(payload)
                except ValueError:
                    reason = "payload is not JSON"
            if reason:
                bad_games.add(game_id)
                yield seq, game_id, reason

    def _drop_corrupt_tails(self) -> int:
        dropped = 0
        for seq, game_id, reason in list(self._scan()):
            self._db.execute("BEGIN IMMEDIATE")
            moved = self._db.execute(
                "INSERT INTO dropped_events SELECT seq, game_id, at, kind, payload, crc, ? "
                "FROM events WHERE game_id = ? AND seq >= ?",
                (reason, game_id, seq),
            ).rowcount
            self._db.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self._db.execute("COMMIT")
            log.warning(
                "journal %s: game %d: %s at event %d; dropped %d event(s) from there on",
                self.path,
                game_id,
                reason,
                seq,
                moved,
            )
            dropped += moved
        return dropped
