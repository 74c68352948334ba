"""The :class:`Journal`: opened for the table (it writes), or only to be read.

:meth:`Journal.open` is the table's: it checks the file first, and a damaged one is
set aside and salvaged (:mod:`companion.journal.salvage`). Whatever then stops
writing (a full disk, a read-only folder) does not stop the opening: the journal is
read as it is and ``fault`` says why nothing will be written.
:meth:`Journal.for_table` goes one step further for the daemon and never raises: a
journal that cannot even be read becomes an empty one in memory.
:meth:`Journal.read` is for the commands that only read (history, export): a
read-only connection, nothing written, damaged rows left out and named in
``problems``. What it reads back (games, events) is :mod:`companion.journal.queries`.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import sqlite3
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.games.game_options import GameOptions
from companion.games.json_types import JSON, canonical
from companion.journal import reading
from companion.journal.errors import JournalError, error_of, what_to_do
from companion.journal.queries import JournalQueries
from companion.journal.reading import ReadOnly, damage_of, open_read_only
from companion.journal.result import GameResult
from companion.journal.rows import EVENT_COLUMNS, SCHEMA, crc_of, upgrade
from companion.journal.salvage import Repair, make_folder, repair_file

log = logging.getLogger("companion.journal")


class Journal(JournalQueries):
    """An append-only log of games and their events in one SQLite file."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: str,
        *,
        writable: bool = True,
        on_disk: bool = False,
    ) -> None:
        self._db = connection
        self.path = path
        #: False when opened only to read: every write raises.
        self.writable = writable
        self._on_disk = on_disk
        #: Events set aside (into ``dropped_events``) when it was opened.
        self.dropped = 0
        #: Why the games are not written to disk now (None: they are).
        self.fault: JournalError | None = None
        #: What opening a damaged file did (None: the file was sound).
        self.repair: Repair | None = None
        #: What could not be read, one phrase each, in order (a dict as an ordered set).
        self.problems: dict[str, None] = {}
        #: The first unreadable event of each game read: (seq, why).
        self._first_bad: dict[int, tuple[int, str]] = {}
        self._reader: ReadOnly | None = None

    # -- opening ---------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path) -> Journal:
        """Open (or create) the table's journal; a damaged file is set aside and salvaged.

        Raises :class:`JournalError` only when there is nothing to read: the folder
        cannot be made, or a new file cannot be written.
        """
        where = str(path)
        if where == ":memory:":
            journal = cls(
                sqlite3.connect(where, isolation_level=None, check_same_thread=False), where
            )
            journal._db.executescript(SCHEMA)
            return journal
        file = Path(where)
        try:
            return cls._open_to_write(file)
        except JournalError as exc:
            if not file.is_file():
                raise
            try:
                journal = cls.read(file)
            except JournalError:
                raise exc from None  # for_table says it, once
            log.error(
                "%s; its games are read, but nothing new is written to it: %s",
                exc,
                what_to_do(exc, where),
            )
            journal.fault = exc
            return journal

    @classmethod
    def for_table(cls, path: str | Path) -> Journal:
        """The journal ``companion run`` writes to; never raises. One that cannot be
        opened at all becomes an empty journal in memory, with ``fault`` saying why."""
        try:
            journal = cls.open(path)
        except JournalError as exc:
            log.error("%s; the games are kept in memory only: %s", exc, what_to_do(exc, str(path)))
            journal = cls.open(":memory:")
            journal.fault = exc
        return journal

    @classmethod
    def read(cls, path: str | Path) -> Journal:
        """Open the journal only to read it: nothing in it or beside it is changed.

        Raises :class:`JournalError` when nothing can be read (not an SQLite file,
        no table of games).
        """
        file = Path(path)
        try:
            reader = open_read_only(file)
            names = {row[0] for row in reader.db.execute("SELECT name FROM sqlite_master")}
        except (OSError, sqlite3.DatabaseError) as exc:
            raise JournalError(f"journal {file}: nothing readable ({exc})") from exc
        if "games" not in names:
            reader.close()
            raise JournalError(f"journal {file}: nothing readable (no table of games)")
        journal = cls(reader.db, str(file), writable=False)
        journal._reader = reader
        wal = Path(f"{file}-wal")
        if reader.without_wal and wal.exists() and wal.stat().st_size > 0:
            journal.note("its write-ahead log (the folder is read-only: the last moves)")
        if reader.padded is not None:
            journal.note("its end (the file is cut short)")
        return journal

    @classmethod
    def _open_to_write(cls, file: Path) -> Journal:
        make_folder(file)
        repair = None
        if file.is_file() and file.stat().st_size > 0:
            problem = damage_of(file)
            if problem is not None:
                repair = repair_file(file, problem)
        try:
            db = reading.connect(str(file))
        except sqlite3.DatabaseError as exc:
            raise error_of(f"journal {file}", exc, "open") from exc
        journal = cls(db, str(file), on_disk=True)
        journal.repair = repair
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            db.close()
            raise error_of(f"journal {file}", exc, "open") from exc
        journal._prepare()
        return journal

    def _prepare(self) -> None:
        """The writes of an opening: the schema's version, a mark (so a full disk shows
        now, not at the first card) and the damaged tails set aside."""
        try:
            upgrade(self._db)
            # A journal made now gets its identity (one with games already kept none:
            # it stays the table's first journal, as the cafe's server knows it).
            self._db.execute(
                "INSERT OR IGNORE INTO meta SELECT 'journal', ? WHERE NOT EXISTS "
                "(SELECT 1 FROM games)",
                (secrets.token_hex(16),),
            )
            self._db.execute(
                "INSERT OR REPLACE INTO meta VALUES ('opened', ?)",
                (time.strftime("%Y-%m-%d %H:%M:%S"),),
            )
        except sqlite3.DatabaseError as exc:
            log.error("%s; the games are kept in memory only", self._failed(exc))
            return
        for entry in self.games():  # only a game in play is appended to
            if entry.ended is not None:
                continue
            self.events(entry.id)
            bad = self._first_bad.get(entry.id)
            if bad is None:
                continue
            try:
                self.set_aside(entry.id, *bad)
            except JournalError:
                log.error("%s; the games are kept in memory only", self.fault)
                break
        for problem in self.problems:
            log.warning("journal %s: cannot read %s", self.path, problem)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        else:
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------

    def _write(self, sql: str, params: Sequence[Any]) -> int:
        if not self.writable:
            raise JournalError(f"journal {self.path}: opened to read only, not written")
        try:
            cursor = self._db.execute(sql, params)
        except sqlite3.DatabaseError as exc:
            raise self._failed(exc) from exc
        if self._on_disk:
            self.fault = None  # written: the disk has room again
        return int(cursor.lastrowid or 0)

    def start_game(
        self,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        *,
        started: float,
        options: GameOptions | None = None,
    ) -> int:
        """Record a new game and return its id (its options as their JSON object)."""
        chosen = options.to_json() if options is not None else {}
        return self._write(
            "INSERT INTO games (game, players, variants, options, started) VALUES (?,?,?,?,?)",
            (game, canonical(list(players)), canonical(list(variants)), canonical(chosen), started),
        )

    def append(self, game_id: int, kind: str, payload: Mapping[str, JSON], *, at: float) -> int:
        """Write one event durably and return its sequence number."""
        text = canonical(dict(payload))
        return self._write(
            "INSERT INTO events (game_id, at, kind, payload, crc) VALUES (?,?,?,?,?)",
            (game_id, at, kind, text, crc_of(kind, text)),
        )

    def end_game(self, game_id: int, result: GameResult, *, ended: float) -> None:
        """Mark a game over with its result (written as :meth:`GameResult.to_json`)."""
        self._write(
            "UPDATE games SET ended = ?, result = ? WHERE id = ?",
            (ended, canonical(result.to_json()), game_id),
        )

    def set_players(self, game_id: int, players: Sequence[str]) -> None:
        """Name the players of a game anew (the cafe's staff, issue 14)."""
        self._write(
            "UPDATE games SET players = ? WHERE id = ?", (canonical(list(players)), game_id)
        )

    def set_link(self, game_id: int, token: str) -> None:
        """Keep the token of a game's players' link (issue 15), so a restart keeps it."""
        self._write("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"link:{game_id}", token))

    def set_aside(self, game_id: int, seq: int, reason: str) -> int:
        """Move the events of ``game_id`` from ``seq`` on into ``dropped_events`` (kept,
        never replayed), so the game goes on after its last good event; returns how many."""
        if not self.writable:
            raise JournalError(f"journal {self.path}: opened to read only, not written")
        try:
            self._db.execute("BEGIN IMMEDIATE")
            moved = self._db.execute(
                "INSERT INTO dropped_events (seq, game_id, at, kind, payload, crc, reason) "
                f"SELECT {EVENT_COLUMNS}, ? FROM events WHERE game_id = ? AND seq >= ?",
                (reason, game_id, seq),
            ).rowcount
            self._db.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise self._failed(exc) from exc
        self.dropped += moved
        self._first_bad.pop(game_id, None)
        self.problems.pop(self._tail_problem(game_id, seq, reason), None)
        log.warning(
            "journal %s: game %s: %s at event %s; set aside %d event(s) from there on",
            self.path,
            game_id,
            reason,
            seq,
            moved,
        )
        return moved

    def _failed(self, exc: sqlite3.DatabaseError) -> JournalError:
        """A write that failed: rolled back, and kept as the journal's ``fault``."""
        if self._db.in_transaction:
            with contextlib.suppress(sqlite3.DatabaseError):  # SQLite may have done it
                self._db.execute("ROLLBACK")
        self.fault = error_of(f"journal {self.path}", exc, "write")
        return self.fault
