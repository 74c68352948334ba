"""The ack passes only what the server holds (issue 14, docs/cafe.md "The bus contract",
``ack`` and ``after``).

A cafe's broker bridged to a central one forwards each table's retained ``online``
live when the bridge reconnects: the central server then saw what looked like the
table reconnecting, "trusted" its stream, and acked past a message lost on the way,
which the table then never sent again. Now the ack moves from one held message to
the next, whatever the status says, and passes a hole only where the table's message
says its journal has one (``after``: an event set aside by a salvage).
"""

from __future__ import annotations

from pathlib import Path

from cafe_fixtures import settings_for
from cafe_sim import SimTable

from companion.cafe.ingest import Incoming, LostSession
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore


def _server(tmp_path: Path) -> CafeServer:
    settings = settings_for(1, tmp_path / "cafe.db")
    return CafeServer(settings, SqliteStore(tmp_path / "cafe.db"), key=None)


def _events(table: SimTable, indexes: range | list[int]) -> list[Incoming]:
    """The events ``indexes`` of the first game, after its row."""
    items = [Incoming(table.name, "events", table.game_message(table.games[0], ended=False))]
    return items + [Incoming(table.name, "events", table.event_message(i)) for i in indexes]


def test_a_live_online_does_not_let_the_ack_pass_a_lost_event(
    tmp_path: Path, journal: Path
) -> None:
    """A live ``online`` (a bridge reconnecting forwards the retained one), then events
    1-3 and 5: the 4th was lost on the way. The ack stays at 3 (the old server went to
    5: the 4th was never sent again); the 4th coming again takes it to 5 and past
    every event held after it."""
    server = _server(tmp_path)
    table = SimTable("t1", 1, journal)
    seqs = [event.seq for _, event in table.events]
    server.take([Incoming("t1", "status", b"online", retained=False)])
    server.take(_events(table, [0, 1, 2, 4, 5]))
    assert server.ingest.ack_of("t1").seq == seqs[2]
    server.ingest.apply([LostSession(), Incoming("t1", "status", b"online")])
    assert server.ingest.ack_of("t1").seq == seqs[2]
    server.take([Incoming("t1", "events", table.event_message(3))])
    assert server.ingest.ack_of("t1").seq == seqs[5]
    server.store.close()


def test_a_hole_the_journal_has_is_passed_at_once(tmp_path: Path, journal: Path) -> None:
    """An event set aside in the journal (a salvage): the next message says it comes
    ``after`` the one before the hole, and the ack passes the hole without any
    reconnection (the old server waited for the table's next ``online``)."""
    server = _server(tmp_path)
    table = SimTable("t1", 1, journal)
    del table.events[3]  # as the journal's dropped_events keeps it: never sent
    server.take(_events(table, range(6)))
    assert server.ingest.ack_of("t1").seq == table.events[5][1].seq


def test_the_after_of_events_held_beyond_the_ack_is_kept_until_the_ack_reaches_them(
    tmp_path: Path, journal: Path
) -> None:
    """Events after a hole of the journal arrive before the one that fills the gap
    before them: once it comes the ack walks over all of them, the journal's hole too."""
    server = _server(tmp_path)
    table = SimTable("t1", 1, journal)
    del table.events[4]
    server.take(_events(table, [0, 1, 4, 5, 6]))
    assert server.ingest.ack_of("t1").seq == table.events[1][1].seq
    server.take(_events(table, [2, 3]))
    assert server.ingest.ack_of("t1").seq == table.events[6][1].seq


def test_an_after_that_is_not_below_its_number_is_refused(tmp_path: Path, journal: Path) -> None:
    """``after`` must be below the seq (or game id) it comes before: a message saying
    otherwise breaks the contract and is refused, not stored."""
    server = _server(tmp_path)
    table = SimTable("t1", 1, journal)
    body = table.event_message(0).replace(b'"after":0', b'"after":99')
    server.take([Incoming("t1", "events", body)])
    assert server.store.counts() == (0, 0)
