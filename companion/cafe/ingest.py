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

    >>> from companion.cafe.sqlite import SqliteStore
    >>> ingest = Ingest(SqliteStore(":memory:"), "c", clock=lambda: 5.0)
    >>> game = b'{"v":1,"cafe":"c","table":"t1","game":{"id":1,"game":"trump",' \\
    ...        b'"players":["A","B"],"started":1.0},"event":{"seq":1,"at":2.0,' \\
    ...        b'"kind":"table","payload":{}}}'
    >>> ingest.apply([Incoming("t1", "events", game)]).acks
    {'t1': (1, 1)}
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.cafe.contract import parse_events, parse_state, parse_status
from companion.cafe.errors import MessageError
from companion.cafe.outcome import seats_of
from companion.cafe.store import Store, TableRow

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

    acks: dict[str, tuple[int, int]] = field(default_factory=dict)
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
        self.tables: dict[str, TableRow] = {
            row.name: replace(row, trusted=False) for row in store.tables()
        }

    def apply(self, batch: Sequence[Incoming | LostSession]) -> Applied:
        done = Applied()
        before = {name: (row.ack_seq, row.ack_games) for name, row in self.tables.items()}
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
            self.tables = {row.name: row for row in self.store.tables()}
            raise
        for name in touched:
            row = self.tables[name]
            if before.get(name) != (row.ack_seq, row.ack_games):
                done.acks[name] = (row.ack_seq, row.ack_games)
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
        update = parse_events(self.cafe, item.table, item.payload)
        row = replace(self._row(item.table), seen=self.clock())
        if self.store.put_game(update.game, seats_of(update.game)):
            done.stored += 1
        games = self._advance(
            row.ack_games, update.game.id, row.trusted, self.store.game_ids_after, item.table
        )
        seq = row.ack_seq
        if update.event is not None:
            if self.store.put_event(update.event):
                done.stored += 1
            seq = self._advance(
                seq, update.event.seq, row.trusted, self.store.seqs_after, item.table
            )
        self.tables[item.table] = replace(row, ack_seq=seq, ack_games=games)

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
