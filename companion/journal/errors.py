"""The journal's errors: ``OSError`` s when the disk failed, a ``ValueError`` when a
row it holds is not an input the game can read."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.errors import CompanionError
from companion.table.errors import EventError

__all__ = ["EventError", "JournalError", "JournalFullError", "error_of", "what_to_do"]


class JournalError(CompanionError, OSError):
    """The journal cannot be read or written (the message names the file)."""


class JournalFullError(JournalError):
    """The disk (or the journal's size limit) is full: the event was not written."""


def error_of(path: str, exc: sqlite3.Error, doing: str) -> JournalError:
    """SQLite's error as ours: a full disk is :class:`JournalFullError`, the rest names
    what was being done.

    >>> str(error_of("/j.db", sqlite3.OperationalError("database or disk is full"), "write"))
    '/j.db: disk full, not written'
    """
    text = str(exc)
    if "disk is full" in text or "database is full" in text:  # SQLITE_FULL, whoever raised it
        return JournalFullError(f"{path}: disk full, not written")
    return JournalError(f"{path}: {doing} failed ({text})")


def what_to_do(exc: JournalError, path: str) -> str:
    """What the person who looks after the table does about ``exc``, met opening the
    journal at ``path``: free space, or let the daemon's user write the file's folder.

    >>> what_to_do(JournalFullError("/j.db: disk full, not written"), "/var/lib/c/j.db")
    'free space on its disk (df -h /var/lib/c), then restart'
    >>> what_to_do(JournalError("j.db: open failed (database is locked)"), "/v/j.db")
    'another program holds it (fuser -v /v/j.db): stop it, then restart'
    >>> what_to_do(JournalError("x"), "/var/lib/c/j.db")
    "let the companion's user write /var/lib/c and its files (ls -la /var/lib/c), then restart"
    >>> what_to_do(JournalError("journal /tmp: is a folder, not a file"), "/tmp")
    "give [journal] path a file's name (such as /tmp/journal.db), then restart"
    """
    if Path(path).is_dir():  # no permission mends a folder where the file goes
        return (
            f"give [journal] path a file's name (such as {Path(path) / 'journal.db'}), then restart"
        )
    folder = Path(path).parent
    if isinstance(exc, JournalFullError):
        return f"free space on its disk (df -h {folder}), then restart"
    if "locked" in str(exc) or "busy" in str(exc):  # SQLITE_BUSY, SQLITE_LOCKED
        return f"another program holds it (fuser -v {path}): stop it, then restart"
    return f"let the companion's user write {folder} and its files (ls -la {folder}), then restart"
