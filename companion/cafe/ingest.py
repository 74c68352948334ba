"""Storing what tables send, once, and working out each table's ``ack``.

The contract's ``ack`` ``{"seq": N, "games": M}`` promises the table that the server
holds every event up to N and every game up to M, so the table need not send them
again. Sequence numbers can have holes (a journal sets a damaged event aside), so a
hole is not proof of a lost message, and a message lost on the way is a hole too. So
N moves only over what the server holds, one message to the next: to seq N+1, or to
a seq whose message says ``"after": P`` with P <= N (the table's word that its
journal has nothing between P and that seq). Whatever the table's status says: a
cafe's broker bridged to a central one forwards each table's retained ``online``
live when the bridge reconnects, which looks like the table reconnecting when it did
not (and a message lost on the way then is still lost). The ``after`` of messages
held beyond N is kept in memory until N reaches them; after a restart of the server
the table sends them again with it (its resend from the ack). Games (M) the same way.
Each journal (SD card) of a table has an identity; a new one starts again at game 1
and seq 1, so the server numbers its games and events after everything it held of
that table then (:class:`~companion.cafe.store.JournalRow`) and acks it in its own
numbers; a table brings a few new journals a day at most (:mod:`~companion.cafe.journals`).
The ack also lists the games held as not ended (``open``): a table whose end row was
lost while the ack went past that game sends it again.

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
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from companion.bus.contract import (
    OPEN_LISTED,
    Ack,
    GameFacts,
    MessageError,
    TableState,
    Update,
    parse_status,
    peek_numbers,
)
from companion.cafe.batch import Applied, Incoming, LostSession
from companion.cafe.burst_log import BurstLog
from companion.cafe.errors import JournalLimitError
from companion.cafe.journals import Journals
from companion.cafe.marks import advance
from companion.cafe.outcome import borne_out, seats_of
from companion.cafe.share import Shares
from companion.cafe.store import JournalRow, QuarantineRow, Store, TableRow
from companion.web.model import HistoryFilter

__all__ = ["Applied", "Incoming", "Ingest", "LostSession"]  # batch.py's, from here too

log = logging.getLogger("companion.cafe")

#: The kinds of number an ack holds (``afters`` keys, per table: 20 tables or 1,000 alike).
KINDS = ("seq", "games")


class Ingest:
    """Applies batches of messages to the store; owns each table's progress."""

    def __init__(
        self, store: Store, cafe: str, *, clock: Callable[[], float], shares: Shares | None = None
    ) -> None:
        self.store = store
        self.cafe = cafe
        self.clock = clock
        self.shares = shares or Shares(clock=clock)  # what each table may have stored
        self.tables: dict[str, TableRow] = {}
        #: Per table, the ``after`` of each event seq (and game id) held beyond its ack.
        self.afters: dict[tuple[str, str], dict[int, int]] = {}
        #: Each table's journals, by identity, and the ids of its games held open.
        self.journals = Journals()
        self.open: dict[str, set[int]] = {}
        #: Held while a batch is applied: the MQTT thread reads the acks too, and the
        #: scoring again of stored games (rescore.py) writes between batches.
        self.lock = threading.Lock()
        self.said = BurstLog(log)  # a flood of bad messages is not a flood of lines
        self._load()

    def _load(self) -> None:
        """What the database holds (at start, or after a batch rolled back)."""
        self.tables = {row.name: row for row in self.store.tables()}
        #: Per table, known held, not written again (issue 22: a write is a round trip
        #: to PostgreSQL): its last game's id, whether ended; the game whose link is held.
        self.held: dict[str, tuple[int, bool]] = {}
        self.linked: dict[str, int] = {}
        self.journals = Journals(self.store.journals())
        self.open = {}
        for name in self.tables:
            query = HistoryFilter(table=name, ended=False, limit=100_000)
            self.open[name] = {row.id for row in self.store.games(query)}

    def _journal(self, table: str, journal: str) -> tuple[JournalRow, JournalRow | None]:
        """The journal ``journal`` of ``table`` and the one after it (None: the newest);
        a journal never seen is numbered after all that is held, and is the newest;
        JournalLimitError past the new journals a table may bring in a day."""
        found = self.journals.find(table, journal)
        if found is not None:
            return found
        now = self.clock()
        self.journals.allow(table, journal, now)
        games, seq = self.store.last_ids(table)
        row = JournalRow(table, journal, games, seq, now)
        self.store.put_journal(row)
        self.journals.add(row)
        old = self._row(table)
        self.tables[table] = replace(old, ack_seq=seq, ack_games=games)
        log.info(
            "cafe: %s has a new journal %s: its games are numbered from %d",
            table,
            journal,
            games + 1,
        )
        return row, None

    def ack_of(self, table: str) -> Ack:
        """The ack of ``table`` for its newest journal, in that journal's numbers."""
        with self.lock:
            return self._ack_of(table)

    def _ack_of(self, table: str) -> Ack:
        row = self.tables[table]
        newest = self.journals.newest(table)
        base = newest.game_base
        held = sorted(g - base for g in self.open.get(table, ()) if g > base)
        return Ack(
            max(row.ack_seq - newest.seq_base, 0),
            max(row.ack_games - base, 0),
            newest.journal,
            tuple(held[:OPEN_LISTED]),
        )

    def apply(self, batch: Sequence[Incoming | LostSession]) -> Applied:
        with self.lock:
            return self._apply(batch)

    def _apply(self, batch: Sequence[Incoming | LostSession]) -> Applied:
        done = Applied()
        # The acks of the tables the batch touches, as they were before it (only
        # theirs: a batch costs what it holds, not what the cafe has).
        before: dict[str, Ack] = {}
        touched: set[str] = set()
        self.store.begin()
        try:
            for item in batch:
                if isinstance(item, LostSession):
                    continue  # the acks hold only what is held: nothing to undo
                if item.table not in before and item.table in self.tables:
                    before[item.table] = self._ack_of(item.table)
                if self._each(item, done):
                    touched.add(item.table)
            for name in touched:
                self.store.put_table(self.tables[name])
            if shares := self.shares.due():  # every few seconds, not per message
                self.store.put_shares(shares)
            self.store.commit()
        except BaseException:
            self.store.rollback()
            self.shares.refund()  # tried again whole: counted once, when it is stored
            self._load()
            raise
        self.shares.settled()
        for name in touched:
            ack = self._ack_of(name)
            if before.get(name) != ack:
                done.acks[name] = ack
        for name in self.shares.freed():  # the disk has room again: send now
            ack = done.acks.get(name) or (self._ack_of(name) if name in self.tables else Ack())
            done.acks[name] = replace(ack, resend=self.clock())
        done.changed |= touched
        return done

    def _each(self, item: Incoming, done: Applied) -> bool:
        """One message stored, or set aside with why (issue 22): never the batch's end.
        True when the table's row changed. The database's own trouble (a full disk) is
        raised: the whole batch is tried again, unacknowledged. Over the table's share,
        or the disk nearly full: not stored nor acked, the table sends it again."""
        if self.shares.holds(item.table, item.leaf, len(item.payload)):
            return False
        kept = self._memory(item.table)
        guarded = item.leaf == "events"  # a state writes only its link, guarded there
        if guarded:
            self.store.savepoint()
        try:
            self._one(item, done)
        except Exception as exc:  # a poison message must stop nothing else
            try:
                if guarded:
                    self.store.undo_savepoint()
            except Exception:
                raise exc from None  # the database went: the batch again, later
            self._restore(item.table, kept)
            if isinstance(exc, JournalLimitError):  # held: not acked, the table sends it again
                self.shares.give_back(item.table, len(item.payload))  # nor counted
                self.said.warn(f"{item.table}/journals", str(exc))
                return item.table in self.tables
            if self.store.fault(exc):
                raise
            self._quarantine(item, exc, done)
            return item.table in self.tables
        if guarded:
            self.store.release_savepoint()
        return True

    def _memory(self, table: str) -> tuple[Any, ...]:
        """What :meth:`_one` may change in memory for ``table``, to undo it."""
        return (
            self.tables.get(table),
            set(self.open.get(table, set())),
            self.journals.mark(table),
            {(table, k): dict(self.afters[table, k]) for k in KINDS if (table, k) in self.afters},
            self.held.get(table),
            self.linked.get(table),
        )

    def _restore(self, table: str, kept: tuple[Any, ...]) -> None:
        row, opened, journals, afters, held, linked = kept
        for known, value in ((self.tables, row), (self.held, held), (self.linked, linked)):
            if value is None:
                known.pop(table, None)
            else:
                known[table] = value
        self.open[table] = opened
        self.journals.undo(table, journals)
        for kind in KINDS:
            self.afters.pop((table, kind), None)
        self.afters.update(afters)

    def _quarantine(self, item: Incoming, exc: Exception, done: Applied) -> None:
        """Set ``item`` aside with why; an events message the table will send again
        until acked is passed over when it is the next the ack waits for."""
        reason = f"{type(exc).__name__}: {exc}"
        where = f"{item.table}/{item.leaf}"
        self.said.warn(where, f"cafe: message of {where} set aside: {reason[:300]}")
        now = self.clock()
        if self.shares.keeps(item.table, item.leaf, len(item.payload)):  # else only in the log
            row = QuarantineRow(item.table, item.leaf, item.payload, reason, now, now)
            self.store.put_quarantine(row)
        done.quarantined += 1
        if item.leaf == "events":
            self._pass_over(item)

    def _pass_over(self, item: Incoming) -> None:
        """The ack past a quarantined ``events`` message whose numbers can be read and
        which is the next one the ack waits for: the server holds it (set aside), and
        the table's later events are not held back behind it."""
        numbers = peek_numbers(item.payload)
        row = self.tables.get(item.table)
        if numbers is None or row is None:
            return
        journal, game_id, seq, after = numbers
        newest = self.journals.newest(item.table)
        if journal != newest.journal:
            return
        if seq is None:
            got, mark, base = game_id + newest.game_base, row.ack_games, newest.game_base
        else:
            got, mark, base = seq + newest.seq_base, row.ack_seq, newest.seq_base
        came = got - 1 if after is None else after + base
        if got <= mark or came > mark:
            return
        kind = "games" if seq is None else "seq"
        moved = self._advance(item.table, kind, mark, got, came)
        if seq is None:
            self.tables[item.table] = replace(row, ack_games=moved)
        else:
            self.tables[item.table] = replace(row, ack_seq=moved)
        log.warning(
            "cafe: %s's ack passes over the message set aside (%s %d)", item.table, kind, got
        )

    def _row(self, table: str) -> TableRow:
        """``table``'s row; a new one (``cafe forget``: journals kept) acks from theirs."""
        row = self.tables.get(table)
        if row is None:
            at = self.journals.newest(table)
            row = TableRow(table, "offline", None, self.clock(), at.seq_base, at.game_base)
            self.tables[table] = row
        return row

    def _one(self, item: Incoming, done: Applied) -> None:
        row = self._row(item.table)
        now = self.clock()
        if item.leaf == "status":
            status = parse_status(item.payload)
            self.tables[item.table] = replace(row, status=status, seen=now)
        elif item.leaf == "state":
            state = TableState.parse(self.cafe, item.table, item.payload)
            game = self._renumbered(item.table, state.game)
            self.tables[item.table] = replace(row, state=replace(state, game=game), seen=now)
            self._link(item, game)
        elif item.leaf == "events":
            self._update(item, done)
        else:
            raise MessageError(f"{item.table}/{item.leaf}: not a topic a table publishes")

    def _renumbered(self, table: str, game: GameFacts | None) -> GameFacts | None:
        """The state's game numbered as its events (issue 26: not an older journal's),
        after the base of the journal it names (else the newest held), its own id kept."""
        if game is None or game.id is None:
            return game
        if game.journal is not None:
            base = self._journal_base(table, game.journal)
        else:
            base = self.journals.newest(table).game_base
        return replace(game, id=game.id + base, journal_id=game.id)

    def _journal_base(self, table: str, journal: str) -> int:
        """The game base of ``table``'s ``journal``, or the one its first events will give
        it: only events (counted in the share) make a journal's row, never a state."""
        found = self.journals.find(table, journal)
        return found[0].game_base if found is not None else self.store.last_ids(table)[0]

    def _link(self, item: Incoming, game: GameFacts | None) -> None:
        """Keep the players' link of a game (issue 15): an old link opens it once ended.
        The row counts in the table's share, as events do (a state per game: a row each)."""
        table = item.table
        if game is None or game.id is None or game.link is None:
            return
        if self.linked.get(table) == game.id:
            return  # held: a game's link row never changes
        if not self.shares.keeps(table, item.leaf, len(item.payload)):
            return  # over its share, or the disk nearly full: its next state, later
        self.store.savepoint()
        try:
            self.store.put_link(table, game.id, game.link)
        except BaseException:
            self.store.undo_savepoint()
            raise
        self.store.release_savepoint()
        self.linked[table] = game.id

    def _update(self, item: Incoming, done: Applied) -> None:
        update = self._numbered(item.table, Update.parse(self.cafe, item.table, item.payload))
        if update is None:
            return  # an older journal's: stored as far as it may be, no ack of its own
        row = replace(self._row(item.table), seen=self.clock())
        game = update.game
        held = self.held.get(item.table)
        if held is not None and held[0] == game.id and (game.ended is None or held[1]):
            changed = False  # the row held already, which this one would not change
        else:
            game = borne_out(game)  # once a row, not each resend of it
            changed = self.store.put_game(game, seats_of(game))
            self.held[item.table] = (game.id, game.ended is not None)
        done.stored += changed
        opened = self.open.setdefault(item.table, set())
        if game.ended is not None:
            opened.discard(game.id)
        elif changed:
            opened.add(game.id)
        after = update.after if update.event is None else None
        games = self._advance(item.table, "games", row.ack_games, game.id, after)
        seq = row.ack_seq
        if update.event is not None:
            if self.store.put_event(update.event):
                done.stored += 1
            seq = self._advance(item.table, "seq", seq, update.event.seq, update.after)
        self.tables[item.table] = replace(row, ack_seq=seq, ack_games=games)

    def _numbered(self, table: str, update: Update) -> Update | None:
        """``update`` in the server's numbers for ``table`` (its journal's bases added);
        None once stored when it is from an older journal of the table."""
        journal, after = self._journal(table, update.journal)
        game = replace(update.game, id=update.game.id + journal.game_base)
        event = update.event
        if event is not None:
            event = replace(event, game_id=game.id, seq=event.seq + journal.seq_base)
        base = journal.game_base if event is None else journal.seq_base
        came = None if update.after is None else update.after + base
        numbered = Update(game, event, update.journal, came)
        if after is None:
            return numbered
        if game.id > after.game_base or (event is not None and event.seq > after.seq_base):
            raise MessageError(
                f"{table}: game {update.game.id} of journal {update.journal or '(first)'}, "
                f"which journal {after.journal} replaced: only what it sent before is kept"
            )
        game = borne_out(game)
        game_changed = self.store.put_game(game, seats_of(game))
        if game.ended is not None and game_changed:
            self.open.setdefault(table, set()).discard(game.id)
        if event is not None:
            self.store.put_event(event)
        return None

    def _advance(self, table: str, kind: str, mark: int, got: int, after: int | None) -> int:
        """The new ``kind`` mark (``seq`` or ``games``) after holding ``got`` (marks.py)."""
        held = self.store.seqs_after if kind == "seq" else self.store.game_ids_after
        afters = self.afters.setdefault((table, kind), {})
        return advance(afters, lambda mark, walk: held(table, mark, walk), mark, got, after)
