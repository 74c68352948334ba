"""The journal: every input of a game, written before it acts.

The game state is the replay of the journal, so a restart after a crash or a power
cut resumes exactly where the table was. The journal is an SQLite database in WAL
mode with ``synchronous=FULL``: a row is on the disk when :meth:`Journal.append`
returns. Nothing is ever deleted; an undo is an event of its own.

Nothing in it stops the table either. Each row carries a CRC-32 of its kind and
payload; on opening, the file is checked (``PRAGMA integrity_check``) and a damaged
one is set aside whole and every row that still reads is copied into a new one
(:mod:`~companion.journal.salvage`); in a game in play, the first row that fails its
check and every row after it are set aside (into ``dropped_events``, kept) and the
game goes on from the last good row. A full disk or a read-only folder leaves the
journal readable with ``fault`` saying why nothing is written. The commands that
only read open it read-only (:meth:`Journal.read`) and never change it.

    >>> j = Journal.open(":memory:")
    >>> game = j.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], started=0.0)
    >>> j.append(game, "table", {"card": "R13#1"}, at=1.5)
    1
    >>> [e.payload for e in j.events(game)]
    [{'card': 'R13#1'}]
"""

from __future__ import annotations

from companion.journal.errors import JournalError, JournalFullError
from companion.journal.result import GameResult
from companion.journal.rows import GameEntry, JournalEvent
from companion.journal.salvage import Repair
from companion.journal.store import Journal

__all__ = [
    "GameEntry",
    "GameResult",
    "Journal",
    "JournalError",
    "JournalEvent",
    "JournalFullError",
    "Repair",
]
