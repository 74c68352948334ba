"""The journal loses no confirmed event (DESIGN.md "Durability", issue 6 part 2)."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.journal import Journal, JournalFullError


def _fill(journal: Journal, count: int) -> int:
    game = journal.start_game("fibonachos", ["Ana", "Ben", "Cy"], ["zero-scores-34"], started=1.0)
    for i in range(count):
        journal.append(game, "table", {"card": f"R{i % 16 + 1}#1", "i": i}, at=float(i))
    return game


def test_events_survive_a_reopen_in_order(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = _fill(journal, 20)
    with Journal.open(path) as journal:
        events = journal.events(game)
        assert [e.payload["i"] for e in events] == list(range(20))
        entry = journal.game(game)
        assert entry.players == ("Ana", "Ben", "Cy")
        assert entry.variants == ("zero-scores-34",)
        assert journal.unfinished() == entry
        assert journal.dropped == 0


def test_wal_and_full_sync_are_on(tmp_path: Path) -> None:
    """Durability: a row is on disk when append returns (WAL, synchronous FULL)."""
    journal = Journal.open(tmp_path / "j.db")
    assert journal._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_torn_last_write_loses_only_that_write(tmp_path: Path) -> None:
    """A power cut in the middle of the last write: the earlier events are all kept."""
    live = tmp_path / "live.db"
    journal = Journal.open(live)
    game = _fill(journal, 30)
    # Copy the files as they are on disk while the daemon still runs (no checkpoint),
    # then tear the last bytes of the write-ahead log.
    cut = tmp_path / "cut.db"
    shutil.copy(live, cut)
    wal = Path(f"{live}-wal")
    data = wal.read_bytes()
    assert len(data) > 4096
    Path(f"{cut}-wal").write_bytes(data[:-200])
    journal.close()
    with Journal.open(cut) as torn:
        kept = [e.payload["i"] for e in torn.events(game)]
    # Only the torn transaction (the last event) is lost; SQLite ignores its frames.
    assert kept == list(range(29))


def test_a_corrupt_tail_is_set_aside_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = _fill(journal, 10)
        seventh = journal.events(game)[6].seq
    raw = sqlite3.connect(path)
    raw.execute(
        'UPDATE events SET payload = \'{"card": "R9#1", "i": 66}\' WHERE seq = ?', (seventh,)
    )
    raw.commit()
    raw.close()
    with caplog.at_level(logging.WARNING), Journal.open(path) as journal:
        assert [e.payload["i"] for e in journal.events(game)] == [0, 1, 2, 3, 4, 5]
        assert journal.dropped == 4
        kept_aside = journal._db.execute("SELECT count(*) FROM dropped_events").fetchone()[0]
        assert kept_aside == 4
        # The game goes on after the good part.
        journal.append(game, "table", {"i": 6}, at=6.0)
        assert [e.payload["i"] for e in journal.events(game)][-1] == 6
    assert "checksum mismatch" in caplog.text


def test_a_full_disk_raises_and_keeps_what_was_written(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    journal = Journal.open(path)
    game = _fill(journal, 5)
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(JournalFullError, match="disk full"):
        for i in range(10_000):
            journal.append(game, "table", {"pad": "x" * 500, "i": i}, at=float(i))
    journal.close()
    with Journal.open(path) as again:
        assert [e.payload.get("i") for e in again.events(game)][:5] == [0, 1, 2, 3, 4]


def test_a_game_ends_with_its_result(tmp_path: Path) -> None:
    with Journal.open(tmp_path / "j.db") as journal:
        first = _fill(journal, 1)
        journal.end_game(first, {"totals": [3, 5, 8], "winners": [2]}, ended=9.0)
        second = _fill(journal, 1)
        assert journal.unfinished() is not None
        assert journal.unfinished().id == second
        assert journal.game(first).result == {"totals": [3, 5, 8], "winners": [2]}
        assert [g.id for g in journal.games()] == [first, second]
