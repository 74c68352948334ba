"""The journal is the outbox: what the table still has to send to the cafe's server.

Nothing is queued in memory for the network: the journal already holds every game and
every event, durably, in order. The outbox reads it with a read-only connection of
its own (:meth:`~companion.journal.Journal.read`), so the table's writes never wait on
it, and hands the bus the next messages in the contract's order: the game rows that
are new or changed (a game started, ended, or its players renamed), then the events
after the last one handed out, by ``seq``.

On every (re)connect the bus calls :meth:`Outbox.restart` with the server's retained
ack ``{"seq": N, "games": M}``: every event after N is sent again, and every game row
from M on (game M itself too: it may have ended since the server stored it) and from
the game of the first event after N. The server stores each (table, game) row and
each (table, seq) event once, so sending again is always safe; skipping is not.
Every message carries the journal's identity (:attr:`Outbox.identity`): the ack of
another journal (the server's of an older SD card) holds nothing of this one.

Each message says what ack covers it (:meth:`Outgoing.covered`): the bus sends the
next one only then (:mod:`companion.bus.client`), so the server's ack, the highest
seq it holds, never jumps over an event it missed.

    outbox = Outbox(journal_path, Topics("rosie", "t2"))
    outbox.restart(Ack(seq=57, games=3))
    messages, more = outbox.next_batch()    # Outgoing messages for the ``events`` topic
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from companion.bus.contract import Ack, EventRow, GameRow, Topics, Update
from companion.journal import GameEntry, Journal, JournalError, JournalEvent

log = logging.getLogger(__name__)

#: Messages handed out at most per batch (the bus waits for the broker between batches).
BATCH = 100
#: Game rows kept for the ``game`` object of event messages.
ROWS_KEPT = 8

Mark = tuple[float | None, tuple[str, ...]]


def event_message(
    topics: Topics,
    entry: GameEntry,
    event: JournalEvent | None,
    journal: str = "",
    after: int | None = None,
) -> bytes:
    """One ``events`` message (:class:`~companion.bus.contract.Update`): a journal event
    of ``entry``, or (None) its game row; ``journal`` is the journal's identity (left out
    for a journal without one); ``after``: the journal has no event (for a game row: no
    game) numbered between it and this one (left out: the number just before)."""
    table = topics.table
    row = GameRow(
        table,
        entry.id,
        entry.game,
        entry.players,
        entry.variants,
        entry.options,
        entry.started,
        entry.ended,
        entry.result,
    )
    sent = None
    if event is not None:
        sent = EventRow(table, entry.id, event.seq, event.at, event.kind, event.payload)
    return Update(row, sent, journal, after).payload(topics)


@dataclass(frozen=True)
class Outgoing:
    """One ``events`` message: a journal event (``seq``) or a row of game ``game``."""

    payload: bytes
    game: int
    seq: int | None = None

    def covered(self, ack: Ack, before: Ack) -> bool:
        """Whether ``ack`` says the server holds it (``before``: the ack when it was sent).

        A row of a game the ack covered already (its end, its new names, a row sent
        again) is not waited for: the ack cannot tell it from the row before it.
        """
        if self.seq is not None:
            return ack.seq >= self.seq
        return ack.games >= self.game or before.games >= self.game


def _mark(entry: GameEntry) -> Mark:
    """What of a game row may change after it is first sent: its end, its players."""
    return entry.ended, entry.players


class Outbox:
    """The messages the table still has to send, read from its journal file."""

    def __init__(self, path: str | Path, topics: Topics, *, batch: int = BATCH) -> None:
        self.path = Path(path)
        self.topics = topics
        self.batch = batch
        #: The last event seq handed out.
        self.cursor = 0
        #: The last event seq, and game id, whose message was handed out (or the ack's):
        #: the ``after`` of the next, the journal holding nothing between the two.
        self._after_seq = 0
        self._after_game = 0
        self._journal: Journal | None = None
        self._identity: str | None = None
        self._unreadable = False
        #: Games from this id on were not handed out yet.
        self._next_game = 1
        #: Games handed out while open, with what was sent of them.
        self._open: dict[int, Mark] = {}
        self._rows: dict[int, GameEntry] = {}

    # -- the journal ---------------------------------------------------------------------

    def journal(self) -> Journal | None:
        """The read-only journal, opened when first needed (None while it cannot be)."""
        if self._journal is None:
            try:
                self._journal = Journal.read(self.path)
            except JournalError as exc:
                if not self._unreadable:
                    log.error("cafe: cannot read the journal to send it (%s)", exc)
                self._unreadable = True
                return None
            self._unreadable = False
            if self._identity is None:
                self._identity = self._journal.identity
        return self._journal

    @property
    def identity(self) -> str:
        """The journal's identity (``""``: a journal from before identities), read once."""
        if self._identity is None:
            self.journal()
        return self._identity or ""

    def message(
        self, entry: GameEntry, event: JournalEvent | None = None, after: int | None = None
    ) -> bytes:
        return event_message(self.topics, entry, event, self.identity, after)

    def ended_row(self, game_id: int) -> Outgoing | None:
        """The row of game ``game_id`` if the journal has it ended (the server's ack says
        it holds the game open: its end was lost), else None."""
        journal = self.journal()
        if journal is None:
            return None
        try:
            entry = journal.game(game_id)
        except JournalError:
            return None
        if entry.ended is None:
            return None
        return Outgoing(self.message(entry), entry.id)

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    # -- what to send --------------------------------------------------------------------

    def restart(self, ack: Ack) -> None:
        """Send again, from now, what ``ack`` does not say the server holds."""
        self.cursor = ack.seq
        self._open.clear()
        self._rows.clear()
        first = max(ack.games, 1)
        journal = self.journal()
        if journal is not None:
            after = journal.events_after(ack.seq, 1)
            if after:
                first = min(first, after[0].game_id)
            if ack.games and not journal.games(since=ack.games, limit=1):
                log.warning(
                    "cafe: the server holds games up to %d, this journal has fewer: "
                    "is it a new journal? (its games may be taken for old ones)",
                    ack.games,
                )
        self._next_game = first
        self._after_seq, self._after_game = ack.seq, first - 1
        log.info("cafe: sending from event %d and game %d on", ack.seq + 1, first)

    def next_batch(self) -> tuple[list[Outgoing], bool]:
        """The next messages to publish, and whether more are waiting already."""
        journal = self.journal()
        if journal is None:
            return [], False
        messages = self._changed_rows(journal)  # older games first
        new = self._new_rows(journal)
        if len(new) == self.batch:
            return messages + new, True  # every row before the events that follow them
        events, more = self._events(journal)
        return messages + new + events, more

    def _new_rows(self, journal: Journal) -> list[Outgoing]:
        """The rows of the games not handed out yet (at most a batch)."""
        messages = []
        for entry in journal.games(since=self._next_game, limit=self.batch):
            self._keep(entry)
            messages.append(Outgoing(self.message(entry, after=self._after_game), entry.id))
            if entry.ended is None:
                self._open[entry.id] = _mark(entry)
            self._next_game = entry.id + 1
            self._after_game = entry.id
        return messages

    def _changed_rows(self, journal: Journal) -> list[Outgoing]:
        """The rows of the games handed out open that ended or were renamed since."""
        messages = []
        for game_id, mark in list(self._open.items()):
            try:
                entry = journal.game(game_id)
            except JournalError:
                del self._open[game_id]
                continue
            self._keep(entry)
            if _mark(entry) != mark:
                messages.append(Outgoing(self.message(entry), entry.id))
                self._open[game_id] = _mark(entry)
            if entry.ended is not None:
                del self._open[game_id]
        return messages

    def _events(self, journal: Journal) -> tuple[list[Outgoing], bool]:
        """The events after the cursor whose game row went before them (a batch)."""
        messages: list[Outgoing] = []
        events = journal.events_after(self.cursor, self.batch)
        for event in events:
            if event.game_id >= self._next_game:  # its row first, in the next batch
                return messages, True
            entry = self._row(journal, event.game_id)
            if entry is not None:  # (one that cannot be read is a hole of the journal's)
                payload = self.message(entry, event, self._after_seq)
                messages.append(Outgoing(payload, entry.id, event.seq))
                self._after_seq = event.seq
            self.cursor = event.seq
        return messages, len(events) == self.batch

    def _keep(self, entry: GameEntry) -> None:
        self._rows[entry.id] = entry
        while len(self._rows) > ROWS_KEPT:
            del self._rows[next(iter(self._rows))]

    def _row(self, journal: Journal, game_id: int) -> GameEntry | None:
        kept = self._rows.get(game_id)
        if kept is not None:
            return kept
        try:
            entry = journal.game(game_id)
        except JournalError:
            log.warning("cafe: game %d of an event cannot be read: event not sent", game_id)
            return None
        self._keep(entry)
        return entry
