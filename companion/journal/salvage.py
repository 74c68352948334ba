"""A damaged journal file: set aside whole, and every row that still reads copied into a new one.

SQLite's own salvage, ``.recover``, is a command of the ``sqlite3`` shell, and Debian 12's
shell (3.40.1, the package Raspberry Pi OS bookworm takes) is built without the page
reader it needs (``sqlite_dbpage``): it fails with "SQL logic error" even on a sound
file, and the shell may not be installed at all. So the salvage is here, in Python:
the damaged copy is opened read-only with a fresh connection, each table is read row
by row around the damaged pages (:func:`~companion.journal.reading.table_rows`), and what
reads is written to the new journal as it was, checksums included, so the journal's
own checks then set aside what is damaged inside a row. Nothing is ever deleted: the
damaged file, its ``-wal`` and its ``-shm`` keep their names with ``.damaged-<time>``
added (``sqlite3 journal.db.damaged-20261124-203000`` opens it with its log).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.journal import reading
from companion.journal.errors import JournalError, error_of
from companion.journal.reading import open_read_only, table_rows
from companion.journal.rows import (
    DROPPED_COLUMNS,
    EVENT_COLUMNS,
    GAME_COLUMNS,
    GAME_COLUMNS_BUT_RESULT,
    SCHEMA,
    SCHEMA_VERSION,
    as_text,
)

log = logging.getLogger("companion.journal")

#: The files of one SQLite database in WAL mode.
SUFFIXES = ("", "-wal", "-shm")


@dataclass(frozen=True)
class Repair:
    """What opening a damaged journal did, for the log and the OLED."""

    #: What SQLite found wrong.
    problem: str
    #: Where the damaged file is now.
    aside: str
    #: Games and events copied into the new journal.
    games: int
    events: int
    #: Rows kept in ``dropped_events`` (set aside before, or events without a game).
    set_aside: int
    #: Some rows could not be read at all.
    incomplete: bool


def move_aside(path: Path, now: float | None = None) -> Path:
    """Rename ``path`` and its ``-wal`` and ``-shm`` to ``<name>.damaged-<time>...``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    aside = base = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while any(Path(f"{aside}{suffix}").exists() for suffix in SUFFIXES):
        number += 1
        aside = base.with_name(f"{base.name}-{number}")
    for suffix in SUFFIXES:
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(f"{aside}{suffix}")
    return aside


def _insert(target: sqlite3.Connection, sql: str, values: tuple[Any, ...]) -> bool:
    try:
        target.execute(sql, tuple(as_text(value) for value in values))
    except sqlite3.IntegrityError:  # a NULL where the schema wants a value: damage
        return False
    return True


_GAME = f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)"
_EVENT = f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?,?,?,?,?,?)"
_DROPPED = f"INSERT INTO dropped_events ({DROPPED_COLUMNS}) VALUES (?,?,?,?,?,?,?)"


def _identity(db: sqlite3.Connection) -> str | None:
    """The damaged journal's identity, if it still reads."""
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'journal'").fetchone()
    except sqlite3.DatabaseError:
        return None
    return row[0] if row is not None and isinstance(row[0], str) else None


def salvage(source: Path, target: sqlite3.Connection, problem: str) -> Repair:
    """Copy every row that reads from the damaged file ``source`` into ``target`` (a new
    journal with the schema made); ``source`` is only read."""
    try:
        reader = open_read_only(source, scratch=source.parent)
    except (OSError, sqlite3.DatabaseError):  # not even its first page reads: nothing to copy
        return Repair(problem, str(source), 0, 0, 0, True)
    db = reader.db
    try:
        games = table_rows(db, "games", "id", GAME_COLUMNS, GAME_COLUMNS_BUT_RESULT)
        events = table_rows(db, "events", "seq", EVENT_COLUMNS)
        dropped = table_rows(db, "dropped_events", "rowid", DROPPED_COLUMNS)
        identity = _identity(db)
    finally:
        reader.close()
    target.execute("BEGIN IMMEDIATE")
    if identity is not None:  # the same journal to the cafe's server, repaired
        target.execute("INSERT OR REPLACE INTO meta VALUES ('journal', ?)", (identity,))
    kept_games = sum(_insert(target, _GAME, row) for row in games.rows)
    kept_events = set_aside = 0
    for row in events.rows:
        if _insert(target, _EVENT, row):
            kept_events += 1
        else:
            set_aside += _insert(target, _DROPPED, (*row, "unreadable row"))
    # An event met under another event's number: its own number is lost, its content
    # is kept apart (its seq column says the number it was met under).
    for row in events.strays:
        set_aside += _insert(target, _DROPPED, (*row, "read under another event's number"))
    for row in (*dropped.rows, *dropped.strays):
        set_aside += _insert(target, _DROPPED, (*row[:-1], row[-1] or "set aside"))
    target.execute("COMMIT")
    incomplete = (
        any(read.incomplete for read in (games, events, dropped))
        or bool(games.strays)
        or kept_games < len(games.rows)
    )
    return Repair(problem, str(source), kept_games, kept_events, set_aside, incomplete)


def make_folder(file: Path) -> None:
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise JournalError(f"journal {file}: cannot make its folder {file.parent} ({why})") from exc
    if file.is_dir():
        raise JournalError(f"journal {file}: is a folder, not a file")


def repair_file(file: Path, problem: str) -> Repair:
    """Set the damaged ``file`` aside and make a new journal of what still reads."""
    try:
        aside = move_aside(file)
    except OSError as exc:
        raise JournalError(
            f"journal {file}: damaged ({problem}) and cannot be set aside ({exc.strerror})"
        ) from exc
    try:
        db = reading.connect(str(file))
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
            db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            repair = salvage(aside, db, problem)
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise error_of(f"journal {file}", exc, "making a new journal") from exc
    log.warning(
        "journal %s: damaged (%s); set aside as %s; the new journal keeps %d game(s), "
        "%d event(s) and %d set-aside row(s)%s",
        file,
        problem,
        repair.aside,
        repair.games,
        repair.events,
        repair.set_aside,
        "; some rows could not be read" if repair.incomplete else "",
    )
    return repair
