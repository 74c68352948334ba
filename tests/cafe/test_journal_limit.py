"""A table brings a few new journals a day at most (docs/security.md, "The bus"; the
contract's "A new SD card is a new journal": companion/cafe/journals.py).

Before, a hostile or broken table could name a new journal (``journal``, its SD card's
identity) in every ``events`` message, within its share of storage: the server kept
a row for each and searched them all at each of the table's messages, slower message
by message (``bench/cafe_flood.py --journals``), and read them all at each start."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from cafe_fixtures import Servers
from cafe_sim import CAFE, SimTable, play_journal, wait_until

from companion.cafe.ingest import Incoming, Ingest
from companion.cafe.journals import DAY, NEW_PER_DAY, Journals
from companion.cafe.share import Share, Shares
from companion.cafe.sqlite import SqliteStore
from companion.cafe.store import JournalRow


def _new_journal(table: SimTable, n: int, game: int = 0) -> bytes:
    """``table``'s row of its game ``game`` (0 or 1), said to be of journal ``n``."""
    body = json.loads(table.game_message(table.games[game], ended=False))
    body["journal"] = f"{n:032x}"
    return json.dumps(body).encode()


def _said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "new journals (SD cards)" in r.getMessage()]


def test_a_table_naming_new_journals_is_held_past_the_limit_and_its_own_still_taken(
    servers: Servers, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Contract "A new SD card is a new journal", on the real broker: table t1 names a new
    journal in each of 30 messages; the first NEW_PER_DAY are new journals as ever, the
    rest are held (no row, no ack, said once), and then its message of the newest
    journal it has is stored and acked in that journal's numbers; t2 is stored as ever."""
    caplog.set_level(logging.WARNING, logger="companion.cafe")
    server = servers.start()
    port = servers.settings.broker.port
    journal = play_journal(tmp_path / "journal.db", games=2)
    hostile, quiet = SimTable("t1", port, journal), SimTable("t2", port, journal)
    hostile.connect()
    quiet.connect()
    try:
        for n in range(30):
            hostile.publish("events", _new_journal(hostile, n))
        newest = f"{NEW_PER_DAY - 1:032x}"
        hostile.publish("events", _new_journal(hostile, NEW_PER_DAY - 1, game=1))
        quiet.play()
        wait_until(lambda: server.ingest.ack_of("t1").games == 2, what="t1's own message")
        wait_until(lambda: server.ingest.ack_of("t2").games == 2, what="t2's games")
    finally:
        hostile.disconnect()
        quiet.disconnect()
    known = [row.journal for row in server.ingest.journals.of("t1")]
    assert known == [f"{n:032x}" for n in range(NEW_PER_DAY)]
    assert [row.journal for row in server.store.journals() if row.table == "t1"] == known
    ack = server.ingest.ack_of("t1")
    assert (ack.journal, ack.games) == (newest, 2)  # its own game 2, the server's 5
    assert server.store.game("t1", NEW_PER_DAY + 1) is not None
    assert server.store.game("t1", NEW_PER_DAY + 2) is None
    assert len(_said(caplog)) == 1, _said(caplog)
    assert "t1" in _said(caplog)[0] and "held" in _said(caplog)[0]


def test_the_limit_is_a_day_and_outlives_a_restart(tmp_path: Path) -> None:
    """docs/security.md: at most NEW_PER_DAY new journals in any 24 hours, counted from
    the stored rows, so a restarted server gives none back; a day later, one more."""
    journal = play_journal(tmp_path / "journal.db", games=1)
    table = SimTable("t1", 1, journal)
    now = [1_800_000_000.0]
    path = str(tmp_path / "cafe.db")
    ingest = Ingest(SqliteStore(path), CAFE, clock=lambda: now[0])
    for n in range(NEW_PER_DAY + 2):  # an hour apart
        ingest.apply([Incoming("t1", "events", _new_journal(table, n))])
        now[0] += 3600.0
    assert len(ingest.journals.of("t1")) == NEW_PER_DAY
    ingest.store.close()

    again = Ingest(SqliteStore(path), CAFE, clock=lambda: now[0])
    again.apply([Incoming("t1", "events", _new_journal(table, 50))])
    assert len(again.journals.of("t1")) == NEW_PER_DAY
    now[0] = 1_800_000_000.0 + DAY  # the first journal's day is over: room for one
    for n in (51, 52):
        again.apply([Incoming("t1", "events", _new_journal(table, n))])
    assert [row.journal for row in again.journals.of("t1")][-1] == f"{51:032x}"
    assert len(again.journals.of("t1")) == NEW_PER_DAY + 1
    assert again.ack_of("t1").journal == f"{51:032x}"
    again.store.close()


def test_a_message_held_for_the_limit_does_not_use_the_share_up(tmp_path: Path) -> None:
    """A message held for a new journal past the limit is sent again and again by its
    table: it is not stored, so its bytes are not counted in the table's share; its
    messages of a journal it has are still stored (docs/security.md)."""
    journal = play_journal(tmp_path / "journal.db", games=1)
    table = SimTable("t1", 1, journal)
    now = 1_800_000_000.0
    message = _new_journal(table, NEW_PER_DAY)
    shares = Shares(Share(per_day=4 * len(message), keep_free=0), monotonic=lambda: now)
    ingest = Ingest(SqliteStore(":memory:"), CAFE, clock=lambda: now, shares=shares)
    for n in range(NEW_PER_DAY):
        ingest.journals.add(JournalRow("t1", f"{n:032x}", 0, 0, now))
    for _ in range(10):  # ten times its share, were it counted
        assert ingest.apply([Incoming("t1", "events", message)]).stored == 0
    assert "t1" not in shares.held()
    own = ingest.apply([Incoming("t1", "events", _new_journal(table, NEW_PER_DAY - 1))])
    assert own.stored == 1


def test_a_clock_set_back_between_two_cards_keeps_the_newest_card_newest(
    tmp_path: Path,
) -> None:
    """The contract's "A new SD card is a new journal" across a restart: the server's
    clock set back an hour between a table's two cards (NTP mending a clock that ran
    ahead) must not make the first card the newest once the journals are read again
    (they are in the order their numbers say, not their times): the second card's next
    message is stored, acked in its numbers, not set aside as a replaced journal's."""
    journal = play_journal(tmp_path / "journal.db", games=2)
    table = SimTable("t1", 1, journal)
    now = [2_000_000_000.0]
    path = str(tmp_path / "cafe.db")
    ingest = Ingest(SqliteStore(path), CAFE, clock=lambda: now[0])
    ingest.apply([Incoming("t1", "events", _new_journal(table, 1))])
    now[0] -= 3600.0
    ingest.apply([Incoming("t1", "events", _new_journal(table, 2))])
    assert ingest.ack_of("t1").journal == f"{2:032x}"
    ingest.store.close()

    again = Ingest(SqliteStore(path), CAFE, clock=lambda: now[0])
    assert again.ack_of("t1").journal == f"{2:032x}"
    applied = again.apply([Incoming("t1", "events", _new_journal(table, 2, game=1))])
    assert (applied.stored, applied.quarantined) == (1, 0)
    assert again.ack_of("t1").games == 2
    again.store.close()


def test_journals_are_found_by_identity_and_undone() -> None:
    """The contract's numbering: a journal's row and the one after it; the journal from
    before identities ("") is a table's first; a message set aside takes back its row."""
    journals = Journals(JournalRow("t1", f"{n:x}", n, 10 * n, float(n)) for n in range(1, 4))
    assert journals.find("t1", "2") == (
        JournalRow("t1", "2", 2, 20, 2.0),
        JournalRow("t1", "3", 3, 30, 3.0),
    )
    first = journals.find("t1", "")
    assert first is not None and first[0].game_base == 0 and first[1] == journals.of("t1")[0]
    assert journals.find("t2", "") == (JournalRow("t2", "", 0, 0, float("-inf")), None)
    assert journals.find("t1", "9") is None
    mark = journals.mark("t1")
    journals.add(JournalRow("t1", "9", 9, 90, 9.0))
    assert journals.newest("t1").journal == "9"
    journals.undo("t1", mark)
    assert journals.find("t1", "9") is None and journals.newest("t1").journal == "3"
