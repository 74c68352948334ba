"""Stored ended games scored again by the running server's rules, once after an update.

A game or variant the server did not know (a table updated before it) was stored ended
with its record but no score; a result of a shape it could not read was kept as sent;
a scoring fix reads some records otherwise. The ``meta`` table says which rules scored
the stored games (:func:`rules_stamp`, a digest of the rules' own source): when it is
not the running server's, every stored ended game with a result is read again from its
record, in small batches each in its own transaction between the ingest's (the
ingest's lock: tables' messages go on being stored), its leaderboard rows replaced
when they change, and the log names each game changed or newly counted. How far it has
come is kept with each batch, so a server killed half way resumes there.

    >>> from companion.cafe.sqlite import SqliteStore
    >>> import threading
    >>> rescore = Rescore(SqliteStore(":memory:"), threading.Lock(), stamp="x")
    >>> rescore.due(), rescore.step(), rescore.due()
    (True, False, False)
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from companion.bus.contract import GameRow, MessageError
from companion.cafe.columns import game_of, seat_params
from companion.cafe.outcome import record_score, seats_of
from companion.cafe.store import GAME_COLUMNS, PUT_SEAT, Store
from companion.games.errors import GameError
from companion.games.json_types import canonical
from companion.journal.result import GameResult

log = logging.getLogger("companion.cafe")

#: Games read again per transaction at most, and the seconds of scoring after which a
#: transaction ends early (a long trump match takes 30 ms): an ingest batch waits for
#: one transaction at most.
BATCH = 100
BUDGET = 0.25
#: The log says how far it has come every so many games.
PROGRESS_EVERY = 1000
#: The games changed that the log names one by one (an update that counts a game the
#: server did not know may change thousands: they are counted after these).
NAMED = 100
#: Seconds before a batch the database refused is tried again.
RETRY = 30.0
#: The lock the servers of a chain (one PostgreSQL database) take in turn for a batch:
#: each goes on from where the other's left off, no game is read twice (the tables'
#: lock is :data:`companion.cafe.postgres.SCHEMA_LOCK`).
LOCK = 0x727363  # "rsc"

#: The source that decides a stored game's score and whether it counts: the games'
#: rules, the result's shape and the cafe's reading of it.
_ROOT = Path(__file__).resolve().parent.parent
RULES = (_ROOT / "games", _ROOT / "journal" / "result.py", _ROOT / "cafe" / "outcome.py")

META = "SELECT value FROM meta WHERE key = ?"
PUT_META = """
INSERT INTO meta (key, value) VALUES (?, ?)
ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""
ENDED = "FROM games WHERE ended IS NOT NULL AND result IS NOT NULL"
REST = f"{ENDED} AND (table_name > ? OR (table_name = ? AND id > ?))"
AFTER = f"SELECT {GAME_COLUMNS} {REST} ORDER BY table_name, id LIMIT ?"
SEATS = "SELECT seat, player, total, won FROM seats WHERE table_name = ? AND game_id = ?"


def rules_stamp() -> str:
    """A digest of the rules' source (:data:`RULES`): any change to a game's scoring is
    a new stamp, with no number for a developer to remember to bump."""
    digest = hashlib.sha256()
    for root in RULES:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            digest.update(str(path.relative_to(_ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Again:
    """A stored game scored again: its row, and why the rules refuse its record now
    (then it counts nowhere)."""

    row: GameRow
    refused: str = ""


def scored_again(row: GameRow) -> Again:
    """``row`` with the score its record bears out by these rules (a result kept as
    sent read now if it can be); a record the rules now refuse counts nowhere."""
    if row.unread is not None:
        try:
            row = replace(row, result=GameResult.from_json(row.unread), unread=None)
        except GameError:
            return Again(row)
    result = row.result
    if result is None or result.record is None:
        return Again(row)
    try:
        score = record_score(row, result.record)[0]
    except MessageError as exc:
        why = str(exc).removeprefix(f"{row.table} game {row.id}: ")  # named where logged
        return Again(replace(row, result=replace(result, score=None)), why)
    return Again(replace(row, result=replace(result, score=score)))


def _totals(seats: list[tuple[Any, ...]]) -> str:
    if not seats:
        return "not counted"
    return ", ".join(f"{s[1]} {'-' if s[2] is None else s[2]}" for s in seats)


@dataclass
class Mark:
    """How far the scoring again by ``rules`` has come, kept with each transaction: the
    last game read (``table``, ``id``), how many were read, how many changed and how
    many records the rules refuse."""

    rules: str
    table: str = ""
    id: int = -1
    done: int = 0
    changed: int = 0
    refused: int = 0

    @classmethod
    def read(cls, text: str | None) -> Mark:
        """The mark kept (an unreadable one, or none, is no mark: the scoring begins)."""
        try:
            kept = json.loads(text or "{}")
            return cls(
                str(kept["rules"]),
                str(kept["table"]),
                int(kept["id"]),
                int(kept["done"]),
                int(kept.get("changed", 0)),
                int(kept.get("refused", 0)),
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return cls("")

    def text(self) -> str:
        return json.dumps(asdict(self))


class Rescore:
    """Scores the stored games again when ``stamp`` (the running rules') is not the one
    that scored them; ``lock`` is the ingest's (one batch or the other writes)."""

    def __init__(self, store: Store, lock: threading.Lock, *, stamp: str | None = None) -> None:
        self.store = store
        self.lock = lock
        self.stamp = stamp or rules_stamp()
        self._stop = threading.Event()
        #: Set once every stored game is scored by these rules (or the thread stopped).
        self.finished = threading.Event()
        self._thread = threading.Thread(target=self.run, name="cafe-rescore", daemon=True)

    def _meta(self, key: str) -> str | None:
        rows = self.store.execute(META, (key,))
        return str(rows[0][0]) if rows else None

    def due(self) -> bool:
        """True while the stored games were scored by other rules than these."""
        with self.lock:
            return self._meta("rules") != self.stamp

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def run(self) -> None:
        """Batches until every stored game is scored by these rules (or stopped)."""
        try:
            while not self._stop.is_set():
                try:
                    if not self.step():
                        return
                except Exception as exc:  # the database's trouble: tried again later
                    log.error("cafe: scoring stored games again stopped (%s); trying again", exc)
                    self._stop.wait(RETRY)
        finally:
            self.finished.set()

    def step(self) -> bool:
        """One batch in its own transaction; False once none is left."""
        with self.lock:
            self.store.begin()
            try:
                self.store.exclusive(LOCK)  # another server of the chain: its turn first
                more = self._batch()
                self.store.commit()
            except BaseException:
                self.store.rollback()
                raise
        return more

    def _batch(self) -> bool:
        if self._meta("rules") == self.stamp:
            return False
        mark = Mark.read(self._meta("rescore"))
        if mark.rules != self.stamp:  # begun now (or for rules since replaced)
            total = int(self.store.execute(f"SELECT COUNT(*) {ENDED}")[0][0])
            mark = Mark(self.stamp)
            if total:  # a new database has none: nothing to say
                log.info("cafe: the rules changed: scoring %d stored games again", total)
        rows = self.store.execute(AFTER, (mark.table, mark.table, mark.id, BATCH))
        began, taken = time.monotonic(), 0
        while taken < len(rows) and (not taken or time.monotonic() - began <= BUDGET):
            self._again(game_of(rows[taken]), mark)
            taken += 1
        done = mark.done + taken
        if taken == len(rows) < BATCH:
            self.store.execute(PUT_META, ("rules", self.stamp))
            self.store.execute("DELETE FROM meta WHERE key = 'rescore'")
            if done:
                refused = f", {mark.refused:,} not counted: the rules refuse their records"
                log.info(
                    "cafe: every stored game is scored by these rules: %s read again, %s changed%s",
                    f"{done:,}",
                    f"{mark.changed:,}",
                    refused if mark.refused else "",
                )
            return False
        last = game_of(rows[taken - 1])
        if done // PROGRESS_EVERY > mark.done // PROGRESS_EVERY:
            # Counted now, not at the start: the tables' games stored meanwhile are read too.
            left = self.store.execute(f"SELECT COUNT(*) {REST}", (last.table, last.table, last.id))
            log.info("cafe: scored again %s stored games, %s to go", f"{done:,}", f"{left[0][0]:,}")
        mark.table, mark.id, mark.done = last.table, last.id, done
        self.store.execute(PUT_META, ("rescore", mark.text()))
        return True

    def _again(self, row: GameRow, mark: Mark) -> None:
        """``row`` scored again; ``mark.changed`` counts the games whose leaderboard rows
        changed (the first :data:`NAMED` are named in the log, with why when the rules
        refuse its record), ``mark.refused`` the records the rules refuse."""
        try:
            again = scored_again(row)
        except Exception:  # a fault of the rules on one record stalls no other game
            log.exception("cafe: %s game %d (%s) could not be scored again", *_named(row))
            return
        new = again.row
        mark.refused += bool(again.refused)
        where = (row.table, row.id)
        old = [tuple(s) for s in self.store.execute(SEATS + " ORDER BY seat", where)]
        seats = seats_of(new)
        fresh = [(s.seat, s.player, s.total, int(s.won)) for s in seats]
        if new.result_json != row.result_json:  # a result read now, or its score
            sql = "UPDATE games SET result = ? WHERE table_name = ? AND id = ?"
            self.store.execute(sql, (canonical(new.result_json), *where))
        if fresh == [(s[0], s[1], s[2], int(s[3])) for s in old]:
            return
        self.store.execute("DELETE FROM seats WHERE table_name = ? AND game_id = ?", where)
        for seat in seats:
            self.store.execute(PUT_SEAT, seat_params(seat))
        mark.changed += 1
        changed = mark.changed
        if changed > NAMED:
            return
        log.warning(
            "cafe: %s game %d (%s) scored again by this server's rules: %s, was %s%s",
            *_named(row),
            f"not counted, the rules refuse its record now ({again.refused})"
            if again.refused
            else _totals(fresh),
            _totals(old),
            "; the games changed after this one are counted, not named" if changed == NAMED else "",
        )


def _named(row: GameRow) -> tuple[str, int, str]:
    return row.table, row.id, row.game
