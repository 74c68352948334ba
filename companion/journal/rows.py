"""The journal's rows: the schema, and each row read back only when it is whole.

A row SQLite hands back can still be damaged: a flipped byte in a payload, a column
of the wrong type, text that is not UTF-8, JSON of the wrong shape. Each reader here
turns a raw row into a value or into the reason it cannot be read, so no caller ever
meets a ``KeyError`` or a ``JSONDecodeError`` from a damaged journal.

    >>> text = '{"event":"placed"}'
    >>> event_of((1, 2, 3.5, "table", text, crc_of("table", text)))
    JournalEvent(seq=1, game_id=2, at=3.5, kind='table', payload={'event': 'placed'})
    >>> event_of((1, 2, 3.5, "table", text, 0))
    'checksum mismatch'
    >>> game_of((1, "hex", "not json", "[]", "{}", 0.0, None, None))
    (None, 'its players are not a JSON list of names')
"""

from __future__ import annotations

import json
import math
import sqlite3
import zlib
from dataclasses import dataclass
from typing import Any

from companion.games.errors import GameError
from companion.games.json_types import JSONObject
from companion.journal.result import GameResult

#: 2: ``dropped_events`` has a key of its own, so an event set aside twice never
#: collides with itself (version 1 keyed it by ``seq``).
SCHEMA_VERSION = 2

SCHEMA = """
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
    id INTEGER PRIMARY KEY,
    seq INTEGER,
    game_id INTEGER,
    at REAL,
    kind TEXT,
    payload TEXT,
    crc INTEGER,
    reason TEXT NOT NULL
);
"""


def upgrade(db: sqlite3.Connection) -> None:
    """Bring a journal to :data:`SCHEMA_VERSION`. Version 1 keyed ``dropped_events`` by
    ``seq``: setting aside an event set aside before failed (UNIQUE constraint)."""
    columns = [row[1] for row in db.execute("PRAGMA table_info(dropped_events)")]
    if "id" not in columns:
        db.executescript(
            "BEGIN IMMEDIATE;"
            "ALTER TABLE dropped_events RENAME TO dropped_events_v1;"
            f"{SCHEMA}"
            "INSERT INTO dropped_events (seq, game_id, at, kind, payload, crc, reason) "
            "SELECT seq, game_id, at, kind, payload, crc, reason FROM dropped_events_v1;"
            "DROP TABLE dropped_events_v1;"
            "COMMIT;"
        )
    db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))


GAME_COLUMNS = "id, game, players, variants, options, started, ended, result"
#: A game whose result cannot be read (it is the last column, the one that spills
#: onto overflow pages) is still a game: its record comes back from its events.
GAME_COLUMNS_BUT_RESULT = "id, game, players, variants, options, started, ended, NULL"
EVENT_COLUMNS = "seq, game_id, at, kind, payload, crc"
DROPPED_COLUMNS = "seq, game_id, at, kind, payload, crc, reason"


@dataclass(frozen=True)
class JournalEvent:
    """One input of a game: ``kind`` is ``"table"`` (a card) or ``"command"`` (a button)."""

    seq: int
    game_id: int
    at: float
    kind: str
    payload: JSONObject


@dataclass(frozen=True)
class GameEntry:
    """One game of the history."""

    id: int
    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...]
    options: JSONObject
    started: float
    ended: float | None
    #: Why it ended, its record and scores (None while in play, or when the result
    #: written cannot be read back: :func:`game_of` says so).
    result: GameResult | None


def crc_of(kind: str, payload: str) -> int:
    return zlib.crc32(f"{kind}\x00{payload}".encode())


def text_of(raw: bytes) -> str | bytes:
    """SQLite's text as ``str``; text that is not UTF-8 (a flipped byte) stays ``bytes``,
    which every reader below calls unreadable (sqlite3 would raise in the middle of a scan).
    """
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def as_text(value: Any) -> Any:
    """A column value as it was written. Every column of the journal is text or a
    number, so ``bytes`` is text whose type flipped in the record's header (a flipped
    bit that ``PRAGMA integrity_check`` does not see): text again when it decodes (the
    checksum then says whether it is whole), still ``bytes`` (unreadable) when not.

    >>> as_text(b"table"), as_text(b"\\xff"), as_text(3)
    ('table', b'\\xff', 3)
    """
    return text_of(value) if isinstance(value, bytes) else value


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _time(value: float) -> float:
    """A time as a float; a damaged one (infinite, not a number) as 0, the unknown time."""
    return float(value) if math.isfinite(value) else 0.0


def event_of(row: tuple[Any, ...]) -> JournalEvent | str:
    """The event of an ``events`` row (:data:`EVENT_COLUMNS`), or why it cannot be read."""
    seq, game_id, at, kind, payload, crc = row
    kind, payload = as_text(kind), as_text(payload)
    if not isinstance(seq, int) or not isinstance(game_id, int):
        return "unreadable row"
    if not isinstance(kind, str) or not isinstance(payload, str):
        return "unreadable row"
    if not isinstance(crc, int) or crc_of(kind, payload) != crc:
        return "checksum mismatch"
    try:
        value = json.loads(payload)
    except ValueError:
        return "payload is not JSON"
    if not isinstance(value, dict):
        return "payload is not a JSON object"
    # The time is not under the checksum and nothing replays it: a damaged one is no loss.
    when = float(at) if _number(at) and math.isfinite(at) else math.nan
    return JournalEvent(seq, game_id, when, kind, value)


def _json(text: Any, kind: type) -> Any:
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, kind) else None


def _names(text: Any) -> tuple[str, ...] | None:
    value = _json(text, list)
    if value is None or not all(isinstance(v, str) for v in value):
        return None
    return tuple(value)


def _result(text: Any) -> GameResult | None:
    """The result column read back (:meth:`GameResult.from_text`); None when it is not."""
    if not isinstance(text, str):
        return None
    try:
        return GameResult.from_text(text)
    except GameError:
        return None


def game_of(row: tuple[Any, ...]) -> tuple[GameEntry | None, str | None]:
    """A ``games`` row (:data:`GAME_COLUMNS`) as ``(entry, None)``; ``(None, why)`` when it
    cannot be read; ``(entry, why)`` when only its result is lost."""
    gid, game, players, variants, options, started, ended, result = map(as_text, row)
    names, chosen, opts = _names(players), _names(variants), _json(options, dict)
    problem = None
    if not isinstance(gid, int) or not isinstance(game, str):
        problem = "its id or game name is damaged"
    elif names is None:
        problem = "its players are not a JSON list of names"
    elif chosen is None or opts is None:
        problem = "its variants or options are damaged"
    elif not _number(started) or not (ended is None or _number(ended)):
        problem = "its times are damaged"
    if problem is not None or names is None or chosen is None or opts is None:
        return None, problem
    outcome = _result(result)
    begun, when_ended = _time(started), _time(ended) if ended is not None else None
    entry = GameEntry(gid, game, names, chosen, opts, begun, when_ended, outcome)
    lost = result is not None and outcome is None
    return entry, "its result is damaged" if lost else None
