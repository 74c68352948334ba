"""Storing what tables send, once, and working out each table's ``ack``.

The contract's ``ack`` ``{"seq": N, "games": M}`` promises the table that the server
holds every event up to N and every game up to M, so the table need not send them
again. Sequence numbers can have holes (a journal sets a damaged event aside), so a
hole is not proof of a lost message. The server moves N past a hole only while it
*trusts* the stream of that table: from the table's live ``online`` (the table then
sends again everything after the ack it reads, in order) for as long as the server
has missed none of its messages (its broker session kept, see
:mod:`companion.cafe.link`). Otherwise N moves only one by one (seq N+1 held), and a
hole waits for the table's next reconnection, which fills it.

Each journal (SD card) of a table has an identity; a new one starts again at game 1
and seq 1, so the server numbers its games and events after everything it held of
that table then (:class:`~companion.cafe.store.JournalRow`) and acks it in its own
numbers. The ack also lists the games held as not ended (``open``): a table whose
end row was lost while the ack went past that game sends it again.

    >>> from companion.cafe.sqlite import SqliteStore
    >>> ingest = Ingest(SqliteStore(":memory:"), "c", clock=lambda: 5.0)
    >>> game = b'{"v":1,"cafe":"c","table":"t1","game":{"id":1,"game":"trump",' \\
    ...        b'"players":["A","B"],"started":1.0},"event":{"seq":1,"at":2.0,' \\
    ...        b'"kind":"table","payload":{}}}'
    >>> ingest.apply([Incoming("t1", "events", game)]).acks["t1"].payload()
    b'{"v":1,"seq":1,"games":1,"open":[1]}'
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.cafe.contract import (
    OPEN_LISTED,
    AckRow,
    Update,
    parse_events,
    parse_state,
    parse_status,
)
from companion.cafe.errors import MessageError
from companion.cafe.outcome import seats_of
from companion.cafe.store import JournalRow, Store, TableRow
from companion.web.model import HistoryFilter

log = logging.getLogger("companion.cafe")

#: How far past the ack one batch looks for events already held (after a hole is filled).
WALK = 1000
#: A players' link as a state carries it: the SHA-256 of its token, hex.
DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Incoming:
    """One message of a table: its leaf topic, payload, and whether it came retained
    (sent by the broker on subscribing, not live). ``token`` is the MQTT message id to
    acknowledge to the broker once stored."""

    table: str
    leaf: str
    payload: bytes
    retained: bool = False
    token: int | None = None


@dataclass(frozen=True)
class LostSession:
    """The broker did not keep the server's session: messages may have been missed."""


@dataclass
class Applied:
    """What one batch did: the acks to publish (table -> (seq, games)) and the tables
    whose dashboard card changed."""

    acks: dict[str, AckRow] = field(default_factory=dict)
    changed: set[str] = field(default_factory=set)
    stored: int = 0


class Ingest:
    """Applies batches of messages to the store; owns each table's progress."""

    def __init__(self, store: Store, cafe: str, *, clock: Callable[[], float]) -> None:
        self.store = store
        self.cafe = cafe
        self.clock = clock
        # A process starting trusts no stream: it cannot know what happened while it
        # was stopped (a database restored from a backup is behind its broker session).
        self.tables: dict[str, TableRow] = {}
        #: Each table's journals, oldest first, and the ids of its games held open.
        self.journals: dict[str, list[JournalRow]] = {}
        self.open: dict[str, set[int]] = {}
        #: Held while a batch is applied: the MQTT thread reads the acks too.
        self._lock = threading.Lock()
        self._load(trusted=False)

    def _load(self, *, trusted: bool) -> None:
        """What the database holds (at start, or after a batch rolled back)."""
        self.tables = {
            row.name: row if trusted else replace(row, trusted=False) for row in self.store.tables()
        }
        self.journals = {}
        for journal in self.store.journals():
            self.journals.setdefault(journal.table, []).append(journal)
        self.open = {}
        for name in self.tables:
            query = HistoryFilter(table=name, ended=False, limit=100_000)
            self.open[name] = {row.id for row in self.store.games(query)}

    def _journal(self, table: str, journal: str) -> tuple[JournalRow, JournalRow | None]:
        """The journal ``journal`` of ``table`` and the one after it (None: the newest);
        a journal never seen is numbered after all that is held, and is the newest."""
        known = self.journals.setdefault(table, [])
        oldest = JournalRow(table, "", 0, 0, float("-inf"))  # from before identities
        rows = known if any(j.journal == "" for j in known) else [oldest, *known]
        for index, row in enumerate(rows):
            if row.journal == journal:
                return row, rows[index + 1] if index + 1 < len(rows) else None
        games, seq = self.store.last_ids(table)
        row = JournalRow(table, journal, games, seq, self.clock())
        self.store.put_journal(row)
        known.append(row)
        old = self._row(table)
        self.tables[table] = replace(old, ack_seq=seq, ack_games=games)
        log.info(
            "cafe: %s has a new journal %s: its games are numbered from %d",
            table,
            journal,
            games + 1,
        )
        return row, None

    def ack_of(self, table: str) -> AckRow:
        """The ack of ``table`` for its newest journal, in that journal's numbers."""
        with self._lock:
            return self._ack_of(table)

    def _ack_of(self, table: str) -> AckRow:
        row = self.tables[table]
        journals = self.journals.get(table) or [JournalRow(table, "", 0, 0, 0.0)]
        newest = journals[-1]
        base = newest.game_base
        held = sorted(g - base for g in self.open.get(table, ()) if g > base)
        return AckRow(
            max(row.ack_seq - newest.seq_base, 0),
            max(row.ack_games - base, 0),
            newest.journal,
            tuple(held[:OPEN_LISTED]),
        )

    def apply(self, batch: Sequence[Incoming | LostSession]) -> Applied:
        with self._lock:
            return self._apply(batch)

    def _apply(self, batch: Sequence[Incoming | LostSession]) -> Applied:
        done = Applied()
        before = {name: self._ack_of(name) for name in self.tables}
        touched: set[str] = set()
        self.store.begin()
        try:
            for item in batch:
                if isinstance(item, LostSession):
                    self._distrust(touched)
                    continue
                try:
                    self._one(item, done)
                except MessageError as exc:
                    log.warning("cafe: message refused: %s", exc)
                    continue
                touched.add(item.table)
            for name in touched:
                self.store.put_table(self.tables[name])
            self.store.commit()
        except BaseException:
            self.store.rollback()
            self._load(trusted=True)
            raise
        for name in touched:
            ack = self._ack_of(name)
            if before.get(name) != ack:
                done.acks[name] = ack
        done.changed |= touched
        return done

    def _distrust(self, touched: set[str]) -> None:
        for name, row in self.tables.items():
            if row.trusted:
                self.tables[name] = replace(row, trusted=False)
                touched.add(name)

    def _row(self, table: str) -> TableRow:
        row = self.tables.get(table)
        if row is None:
            row = self.tables[table] = TableRow(table, "offline", None, self.clock())
        return row

    def _one(self, item: Incoming, done: Applied) -> None:
        row = self._row(item.table)
        now = self.clock()
        if item.leaf == "status":
            status = parse_status(item.payload)
            # A live "online" is a table (re)connecting: it sends again all after its ack.
            trusted = row.trusted or (status == "online" and not item.retained)
            self.tables[item.table] = replace(row, status=status, seen=now, trusted=trusted)
        elif item.leaf == "state":
            state = parse_state(self.cafe, item.table, item.payload)
            raw = {"at": state.at, "game": state.game, "devices": state.devices}
            self.tables[item.table] = replace(row, state={**raw, "idle": state.idle}, seen=now)
            self._link(item.table, state.game)
        elif item.leaf == "events":
            self._update(item, done)
        else:
            raise MessageError(f"{item.table}/{item.leaf}: not a topic a table publishes")

    def _link(self, table: str, game: Mapping[str, Any] | None) -> None:
        """Keep the players' link of a game (issue 15): an old link opens it once ended."""
        game_id, link = (game or {}).get("id"), (game or {}).get("link")
        if isinstance(game_id, int) and isinstance(link, str) and DIGEST.fullmatch(link):
            self.store.put_link(table, game_id, link)

    def _update(self, item: Incoming, done: Applied) -> None:
        update = self._numbered(item.table, parse_events(self.cafe, item.table, item.payload))
        if update is None:
            return  # an older journal's: stored as far as it may be, no ack of its own
        row = replace(self._row(item.table), seen=self.clock())
        game = update.game
        changed = self.store.put_game(game, seats_of(game))
        done.stored += changed
        opened = self.open.setdefault(item.table, set())
        if game.ended is not None:
            opened.discard(game.id)
        elif changed:
            opened.add(game.id)
        games = self._advance(
            row.ack_games, game.id, row.trusted, self.store.game_ids_after, item.table
        )
        seq = row.ack_seq
        if update.event is not None:
            if self.store.put_event(update.event):
                done.stored += 1
            seq = self._advance(
                seq, update.event.seq, row.trusted, self.store.seqs_after, item.table
            )
        self.tables[item.table] = replace(row, ack_seq=seq, ack_games=games)

    def _numbered(self, table: str, update: Update) -> Update | None:
        """``update`` in the server's numbers for ``table`` (its journal's bases added);
        None once stored when it is from an older journal of the table."""
        journal, after = self._journal(table, update.journal)
        game = replace(update.game, id=update.game.id + journal.game_base)
        event = update.event
        if event is not None:
            event = replace(event, game_id=game.id, seq=event.seq + journal.seq_base)
        numbered = Update(game, event, update.journal)
        if after is None:
            return numbered
        if game.id > after.game_base or (event is not None and event.seq > after.seq_base):
            raise MessageError(
                f"{table}: game {update.game.id} of journal {update.journal or '(first)'}, "
                f"which journal {after.journal} replaced: only what it sent before is kept"
            )
        game_changed = self.store.put_game(game, seats_of(game))
        if game.ended is not None and game_changed:
            self.open.setdefault(table, set()).discard(game.id)
        if event is not None:
            self.store.put_event(event)
        return None

    @staticmethod
    def _advance(
        mark: int,
        got: int,
        trusted: bool,
        held_after: Callable[[str, int, int], list[int]],
        table: str,
    ) -> int:
        """The new mark after holding ``got``: past it when it is next (or the stream is
        trusted), then over every number already held right after it."""
        if got <= mark or (got != mark + 1 and not trusted):
            return mark
        mark = got
        for held in held_after(table, mark, WALK):
            if held != mark + 1:
                break
            mark = held
        return mark
