"""A damaged cafe database set aside whole and salvaged (issue 22), as a table's
journal is: the server always starts. A file SQLite cannot open or whose
``quick_check`` fails is renamed, never deleted, to ``cafe.db.damaged-<date>-<time>``
(with its ``-wal`` and ``-shm``); every row that still reads is copied into a new
``cafe.db``. On connecting, the server publishes every table's ack from what it now
holds: a table whose ack went back sends again, at once, what the copy is missing
from its own journal (the contract's ack that goes back).

    damaged = salvage_if_damaged(Path("/var/lib/companion-cafe/cafe.db"))
"""

from __future__ import annotations

import logging
import sqlite3
import time
from contextlib import closing
from pathlib import Path

log = logging.getLogger("companion.cafe")

#: The tables copied, each with its columns (companion.cafe.store.SCHEMA's).
TABLES = ("tables", "games", "events", "seats", "links", "journals", "quarantine")


def damage(path: Path) -> str | None:
    """Why the database at ``path`` cannot be used (None: it is sound or absent)."""
    if not path.exists():
        return None
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            found = [row[0] for row in db.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    return None if found == ["ok"] else "; ".join(str(f) for f in found[:3])


def salvage_if_damaged(path: Path) -> Path | None:
    """Set a damaged database at ``path`` aside and copy what reads into a new one
    there; the damaged file's new name, or None when it was sound."""
    why = damage(path)
    if why is None:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            part.rename(Path(f"{aside}{suffix}"))
    log.error("cafe: database %s is damaged (%s): set aside as %s", path, why, aside)
    from companion.cafe.sqlite import SqliteStore

    SqliteStore(path).close()  # a new database with the schema
    kept = _copy(aside, path)
    log.warning(
        "cafe: salvaged %s rows from %s; the tables send again what is missing", kept, aside
    )
    return aside


def _copy(source: Path, target: Path) -> int:
    kept = 0
    with closing(sqlite3.connect(target)) as out:
        try:
            db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        except sqlite3.DatabaseError:
            return 0
        with closing(db):
            for table in TABLES:
                kept += _copy_table(db, out, table)
        # The acks promised what the damage may have taken: from nothing again, the
        # next messages climb them over what the copy holds (companion.cafe.ingest).
        out.execute("UPDATE tables SET ack_seq = 0, ack_games = 0")
        out.commit()
    return kept


def _copy_table(db: sqlite3.Connection, out: sqlite3.Connection, table: str) -> int:
    """The rows of ``table`` that read, one by one past a damaged page."""
    try:
        columns = [row[1] for row in out.execute(f"PRAGMA table_info({table})")]
        last = db.execute(f"SELECT MAX(rowid) FROM {table}").fetchone()[0] or 0
    except sqlite3.DatabaseError:
        return 0
    insert = (
        f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' for _ in columns)})"
    )
    select = f"SELECT {', '.join(columns)} FROM {table} WHERE rowid = ?"
    kept = 0
    for rowid in range(1, last + 1):
        try:
            row = db.execute(select, (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            continue
        if row is not None:
            out.execute(insert, row)
            kept += 1
    return kept
