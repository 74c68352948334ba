"""Reading a journal that may be damaged, read-only, or written by the daemon meanwhile.

Two rules make every reader safe. A connection that only reads is opened read-only
(``mode=ro``, or ``immutable=1`` when the folder cannot hold the write-ahead log's
index, so nothing is ever written, not even a schema). And a table is read with
:func:`rows_of`, which gets every row SQLite can still reach around a damaged page
instead of stopping at the first one: a scan up to the damage, a scan down to it,
then the keys between, one at a time.

    >>> db = connect(":memory:")
    >>> _ = db.executescript("CREATE TABLE t (k INTEGER PRIMARY KEY, v);"
    ...                      "INSERT INTO t VALUES (1, 'a'), (3, 'b');")
    >>> rows_of(db, "t", "k", "k, v")
    ([(1, 'a'), (3, 'b')], False)
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.journal.rows import text_of

#: How many keys past the last row found :func:`rows_of` tries one at a time when
#: the end of a table cannot be reached (it stops at that many misses in a row).
PROBE_PAST = 1000


def connect(where: str) -> sqlite3.Connection:
    """A connection that reads and writes the file ``where`` (the journal opens every
    one here: tests replace it to fill the disk)."""
    db = sqlite3.connect(where, isolation_level=None, check_same_thread=False)
    db.text_factory = text_of
    return db


def connect_read_only(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection that cannot write ``path``, and whether it skipped the write-ahead log.

    With no ``-wal`` beside it nobody writes the file (the daemon's connection keeps
    one), so it is read as ``immutable=1``: no lock, and no ``-wal``/``-shm`` left
    beside it. With one, ``mode=ro`` reads the log too; in a read-only folder that
    cannot hold the log's index, ``immutable=1`` reads the file without it.

    Raises ``sqlite3.DatabaseError`` for a damaged file and ``sqlite3.OperationalError``
    when the file cannot be opened at all.
    """
    uri = path.resolve().as_uri()
    wal = Path(f"{path}-wal").exists()
    failure: sqlite3.OperationalError | None = None
    for query in ("mode=ro", "immutable=1") if wal else ("immutable=1",):
        try:
            db = sqlite3.connect(
                f"{uri}?{query}", uri=True, isolation_level=None, check_same_thread=False
            )
        except sqlite3.OperationalError as exc:
            failure = exc
            continue
        db.text_factory = text_of
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as exc:
            db.close()
            failure = exc
            continue
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db, wal and query != "mode=ro"
    assert failure is not None
    raise failure


def missing_bytes(path: Path) -> int:
    """How many bytes the file lacks against the size its header gives (a file cut
    short, which SQLite refuses whole: "database disk image is malformed"), or 0.

    >>> missing_bytes(Path(__file__))  # not an SQLite file at all
    0
    """
    with path.open("rb") as file:
        head = file.read(100)
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        return 0
    page = int.from_bytes(head[16:18], "big")
    pages = int.from_bytes(head[28:32], "big")
    return max(0, pages * (65536 if page == 1 else page) - path.stat().st_size)


@dataclass
class ReadOnly:
    """A read-only connection to a journal file, and how it had to be made."""

    db: sqlite3.Connection
    #: Its write-ahead log was not read (``immutable=1``: the folder is read-only).
    without_wal: bool = False
    #: The file is cut short: this reads a copy padded to its length (the missing
    #: pages then read as damaged, and every other page reads).
    padded: tempfile.TemporaryDirectory[str] | None = None

    def close(self) -> None:
        self.db.close()
        if self.padded is not None:
            self.padded.cleanup()


def open_read_only(path: Path, scratch: Path | None = None) -> ReadOnly:
    """:func:`connect_read_only`, and for a file cut short, a padded copy in a
    temporary folder (in ``scratch``, else the system's): the file itself is not touched.
    """
    try:
        db, without_wal = connect_read_only(path)
        return ReadOnly(db, without_wal)
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError:
        missing = missing_bytes(path)
        if not missing:
            raise
    padded = tempfile.TemporaryDirectory(prefix="journal-padded-", dir=scratch)
    try:
        copy = Path(padded.name) / path.name
        for suffix in ("", "-wal"):
            if Path(f"{path}{suffix}").exists():
                shutil.copyfile(f"{path}{suffix}", f"{copy}{suffix}")
        with copy.open("r+b") as file:
            file.truncate(copy.stat().st_size + missing)  # zeros to the header's length
        db, _ = connect_read_only(copy)
    except (OSError, sqlite3.DatabaseError):
        padded.cleanup()
        raise
    return ReadOnly(db, padded=padded)


def damage_of(path: Path) -> str | None:
    """What SQLite finds wrong with the file (``PRAGMA integrity_check``), or None.

    The full check, not ``quick_check``: only it compares the indexes with their
    tables, and a flipped bit in ``events_by_game`` would hide a move from the replay.
    A file that cannot be opened at all is not called damaged (a permission is not a
    reason to set a file aside): opening it then says why.
    """
    try:
        db, _ = connect_read_only(path)
    except sqlite3.OperationalError as exc:
        # A flipped byte in the header's format fields reads as "unsupported file
        # format": damage, not a permission.
        return str(exc) if "file format" in str(exc) else None
    except sqlite3.DatabaseError as exc:
        return str(exc)
    try:
        found = [str(row[0]) for row in db.execute("PRAGMA integrity_check(5)")]
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        db.close()
    return None if found == ["ok"] else "; ".join(found)


def _scan(db: sqlite3.Connection, sql: str, seen: list[tuple[int, tuple[Any, ...]]]) -> int | None:
    """Rows into ``seen`` until the end (returns None) or a damaged page (returns the
    last key read, 0 when none)."""
    last = 0
    try:
        for row in db.execute(sql):
            seen.append((row[0], row[1:]))
            last = row[0]
    except sqlite3.ProgrammingError:  # our mistake (a closed connection), not damage
        raise
    except sqlite3.DatabaseError:
        return last
    return None


def _probe(
    db: sqlite3.Connection, table: str, key: str, columns: tuple[str, ...], value: int
) -> tuple[Any, ...] | None:
    for choice in columns:
        try:
            row = db.execute(
                f"SELECT {choice} FROM {table} WHERE {key} = ?",
                (value,),
            ).fetchone()
        except sqlite3.ProgrammingError:
            raise
        except sqlite3.DatabaseError:
            continue
        return tuple(row) if row is not None else None
    return None


@dataclass(frozen=True)
class TableRows:
    """What :func:`table_rows` reads of one table."""

    #: The rows SQLite reaches by their key, in key order.
    rows: list[tuple[Any, ...]]
    #: Some rows could not be read.
    incomplete: bool
    #: Rows a scan met under a key that is not theirs: a flipped bit in a cell's key
    #: (``PRAGMA integrity_check``: "Rowid 37 out of order") puts a row under another
    #: row's key. A lookup by that key finds the other row (or none), so the key is
    #: wrong and the row is kept apart, not taken for the row of that key.
    strays: list[tuple[Any, ...]]


def table_rows(
    db: sqlite3.Connection, table: str, key: str, columns: str, fallback: str | None = None
) -> TableRows:
    """Every row of ``table`` (``columns``) SQLite can still reach, each checked against
    a lookup by its key. A row whose ``columns`` do not read is tried with ``fallback``
    columns (the same number, e.g. a damaged one replaced by NULL).
    """
    select = f"SELECT {key}, {columns} FROM {table}"
    choices = (columns,) if fallback is None else (columns, fallback)
    seen: list[tuple[int, tuple[Any, ...]]] = []
    found: dict[int, tuple[Any, ...]] = {}  # rows found by a lookup of their key
    low = _scan(db, f"{select} ORDER BY {key}", seen)
    incomplete = False
    if low is not None:
        high = _scan(db, f"{select} ORDER BY {key} DESC", seen)
        incomplete = True
        if high is not None:
            value, misses = low + 1, 0
            while misses < PROBE_PAST and (high == 0 or value < high):
                row = _probe(db, table, key, choices, value)
                if row is None:
                    misses += 1
                else:
                    found[value], misses = row, 0
                value += 1
    lookup = f"SELECT {columns} FROM {table} WHERE {key} = ?"
    strays: list[tuple[Any, ...]] = []
    for value, row in seen:
        if found.get(value) == row:
            continue  # met by both scans
        if value in found or _misplaced(db, lookup, value, row):
            if row not in strays:  # met by both scans
                strays.append(row)
        else:
            found[value] = row
    return TableRows([found[k] for k in sorted(found)], incomplete, strays)


def _misplaced(db: sqlite3.Connection, lookup: str, value: int, row: tuple[Any, ...]) -> bool:
    """Whether a lookup by ``value`` finds another row than ``row`` (or none): then the
    scan met ``row`` under a key that is not its own. A lookup that fails on a
    damaged page proves nothing, and the scanned row is taken."""
    try:
        looked_up = db.execute(lookup, (value,)).fetchone()
    except sqlite3.ProgrammingError:
        raise
    except sqlite3.DatabaseError:
        return False
    return looked_up is None or tuple(looked_up) != row


def rows_of(
    db: sqlite3.Connection, table: str, key: str, columns: str, fallback: str | None = None
) -> tuple[list[tuple[Any, ...]], bool]:
    """The rows of ``table`` SQLite can still reach, in ``key`` order, and whether some
    could not be read (:func:`table_rows` without the strays)."""
    read = table_rows(db, table, key, columns, fallback)
    return read.rows, read.incomplete or bool(read.strays)
