"""A journal's games and events read back, damaged rows left out and named.

:class:`JournalQueries` is the reading half of :class:`~companion.journal.store.Journal`:
every query goes through :meth:`~JournalQueries._rows`, which falls back to the rows
SQLite can still reach around a damaged page (:func:`companion.journal.reading.rows_of`);
what cannot be read is named in ``problems``, and a game's events stop at the first
one that cannot be read or that follows events lost to damage.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from companion.journal.errors import JournalError
from companion.journal.reading import rows_of
from companion.journal.rows import (
    EVENT_COLUMNS,
    GAME_COLUMNS,
    GAME_COLUMNS_BUT_RESULT,
    GameEntry,
    JournalEvent,
    event_of,
    game_of,
)


class JournalQueries:
    """Reading a journal's connection (module docstring)."""

    _db: sqlite3.Connection
    path: str
    #: What could not be read, one phrase each, in order (a dict as an ordered set).
    problems: dict[str, None]
    #: The first unreadable event of each game read: (seq, why).
    _first_bad: dict[int, tuple[int, str]]

    def links(self) -> dict[int, str]:
        """Every game's link token, by game id (none when the meta table cannot be read)."""
        try:
            rows = list(self._db.execute("SELECT key, value FROM meta WHERE key LIKE 'link:%'"))
        except sqlite3.DatabaseError:
            return {}
        out = {}
        for key, value in rows:
            number = str(key).removeprefix("link:")
            if number.isdigit() and isinstance(value, str):
                out[int(number)] = value
        return out

    @property
    def identity(self) -> str:
        """The journal's identity: 32 random hex digits made with the file, so the cafe's
        server tells a new journal (a new SD card) from the old one whose game ids and
        seqs it also began at 1; "" for a journal from before identities, or unreadable."""
        try:
            row = self._db.execute("SELECT value FROM meta WHERE key = 'journal'").fetchone()
        except sqlite3.DatabaseError:
            return ""
        return row[0] if row is not None and isinstance(row[0], str) else ""

    def note(self, text: str) -> None:
        """Something that could not be read (for the log and the warning of a command)."""
        self.problems[text] = None

    @staticmethod
    def _tail_problem(game_id: int, seq: int, reason: str) -> str:
        return f"the events of game {game_id} from event {seq} on ({reason})"

    def _rows(self, sql: str, params: Sequence[Any], table: str, key: str) -> list[Any]:
        """The rows of a query; on a damaged page, the rows of ``table`` that read."""
        try:
            return list(self._db.execute(sql, params))
        except sqlite3.ProgrammingError:  # our mistake (a closed journal), not damage
            raise
        except sqlite3.DatabaseError as exc:
            self.note(f"some rows of {table} ({exc})")
        columns = EVENT_COLUMNS if table == "events" else GAME_COLUMNS
        fallback = GAME_COLUMNS_BUT_RESULT if table == "games" else None
        rows, _ = rows_of(self._db, table, key, columns, fallback)
        return rows

    def events(self, game_id: int) -> list[JournalEvent]:
        """The events of a game up to the first one that cannot be read or that follows
        events lost to damage (its readable prefix: what comes after a hole is not this
        game's story any more)."""
        rows = self._rows(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
            "events",
            "seq",
        )
        events: list[JournalEvent] = []
        for row in rows:
            if row[1] != game_id:
                continue
            event = event_of(row)
            if (
                isinstance(event, JournalEvent)
                and events
                and self._lost_between(events[-1].seq, event.seq)
            ):
                event = "events lost to damage before it"
            if isinstance(event, str):
                self._first_bad[game_id] = (row[0], event)
                self.note(self._tail_problem(game_id, row[0], event))
                break
            events.append(event)
        return events

    def _lost_between(self, first: int, last: int) -> bool:
        """Whether some sequence number between two events of a game is in no table.

        Sequence numbers go up by one per event, and an event is never deleted (set
        aside, it keeps its number), so a number missing everywhere is an event lost
        to damage (a salvage could not read it)."""
        if last == first + 1:
            return False
        try:
            found = self._db.execute(
                "SELECT count(*) FROM (SELECT seq FROM events WHERE seq > ?1 AND seq < ?2 "
                "UNION SELECT seq FROM dropped_events WHERE seq > ?1 AND seq < ?2)",
                (first, last),
            ).fetchone()[0]
        except sqlite3.ProgrammingError:
            raise
        except sqlite3.DatabaseError:  # cannot tell: as lost
            return True
        return bool(found < last - first - 1)

    def events_after(self, seq: int, limit: int) -> list[JournalEvent]:
        """Up to ``limit`` events of any game after ``seq``, in order, the unreadable ones
        left out (the cafe's outbox, :mod:`companion.bus.outbox`, sends them on)."""
        rows = self._rows(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
            (seq, limit),
            "events",
            "seq",
        )
        events = (event_of(row) for row in rows if isinstance(row[0], int) and row[0] > seq)
        return [event for event in events if isinstance(event, JournalEvent)][:limit]

    def games(self, since: int = 0, limit: int = -1) -> list[GameEntry]:
        """The games (``limit`` of them from id ``since``; -1: all) that can be read, in
        order (the others are named in ``problems``)."""
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE id >= ? ORDER BY id LIMIT ?"
        found = self._rows(sql, (since, limit), "games", "id")  # a damaged table: every row
        rows = [row for row in found if not isinstance(row[0], int) or row[0] >= since]
        entries = []
        for row in rows[:limit] if limit >= 0 else rows:
            entry, problem = game_of(row)
            if problem is not None:
                self.note(f"game {row[0]}: {problem}")
            if entry is not None:
                entries.append(entry)
        return entries

    def game(self, game_id: int) -> GameEntry:
        rows = self._rows(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,), "games", "id"
        )
        for row in rows:
            entry, _ = game_of(row)
            if entry is not None and entry.id == game_id:
                return entry
        raise JournalError(f"journal {self.path}: no game {game_id}")

    def unfinished(self) -> GameEntry | None:
        """The last game that has not ended, the one to resume."""
        games = [g for g in self.games() if g.ended is None]
        return games[-1] if games else None
