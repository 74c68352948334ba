"""The journal loses no confirmed event (DESIGN.md "Durability", issue 6 part 2)."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.games.errors import RecordError
from companion.journal import GameResult, Journal, JournalError, JournalFullError


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
        journal.end_game(first, GameResult("over", winners=(2,)), ended=9.0)
        second = _fill(journal, 1)
        assert journal.unfinished() is not None
        assert journal.unfinished().id == second
        assert journal.game(first).result == GameResult("over", winners=(2,))
        assert [g.id for g in journal.games()] == [first, second]


_NOT_RESULTS = ['{"record', '["over"]', '{"reason": 3}', '{"reason": "over", "winners": "0"}']


@pytest.mark.parametrize("text", _NOT_RESULTS)
def test_a_result_column_that_is_no_result_says_why(text: str) -> None:
    """Issue 13: one reader for the ``result`` column (the journal's rows, the cafe's
    stored games): what is not a result is a :class:`RecordError`, a ``ValueError``
    naming why, never a ``TypeError`` or ``AttributeError`` from deep inside."""
    with pytest.raises(RecordError, match="not a game's result"):
        GameResult.from_text(text)
    assert GameResult.from_text('{"reason": "staff"}') == GameResult("staff")


@pytest.mark.parametrize("text", _NOT_RESULTS)
def test_a_game_whose_result_is_no_result_keeps_its_row(tmp_path: Path, text: str) -> None:
    """Issue 13: the game is still listed, its result lost (export then replays its events),
    for a result that is JSON but not one as much as for one that is not JSON."""
    with Journal.open(tmp_path / "j.db") as journal:
        first = _fill(journal, 1)
        journal.end_game(first, GameResult("over", winners=(0,)), ended=9.0)
    with sqlite3.connect(tmp_path / "j.db") as db:
        db.execute("UPDATE games SET result = ? WHERE id = ?", (text, first))
    db.close()
    with Journal.open(tmp_path / "j.db") as journal:
        entry = journal.game(first)
        assert entry.id == first and entry.result is None and entry.ended == 9.0


# -- issue 13: nothing lost, nothing crashes ---------------------------------------------


def test_reading_never_writes_and_refuses_to(tmp_path: Path) -> None:
    """Issue 13: `companion history` wrote to the journal. Journal.read cannot."""
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = _fill(journal, 3)
    before = path.read_bytes(), path.stat().st_mtime_ns, sorted(tmp_path.iterdir())
    with Journal.read(path) as journal:
        assert [e.payload["i"] for e in journal.events(game)] == [0, 1, 2]
        with pytest.raises(JournalError, match="read only"):
            journal.append(game, "table", {"i": 3}, at=3.0)
    assert (path.read_bytes(), path.stat().st_mtime_ns, sorted(tmp_path.iterdir())) == before


def test_reading_another_sqlite_file_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    sqlite3.connect(path).close()  # an empty database: no table of games
    with pytest.raises(JournalError, match="nothing readable"):
        Journal.read(path)
    assert path.stat().st_size == 0


def test_a_version_1_journal_is_upgraded_keeping_what_it_set_aside(tmp_path: Path) -> None:
    """Version 1 keyed dropped_events by seq: setting an event aside twice raised
    IntegrityError (issue 13). Version 2 keeps both rows."""
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = _fill(journal, 4)
    raw = sqlite3.connect(path)
    raw.executescript(
        "DROP TABLE dropped_events;"
        "CREATE TABLE dropped_events (seq INTEGER PRIMARY KEY, game_id INTEGER NOT NULL,"
        " at REAL, kind TEXT, payload TEXT, crc INTEGER, reason TEXT NOT NULL);"
        "INSERT INTO dropped_events SELECT seq, game_id, at, kind, payload, crc, 'old'"
        " FROM events WHERE seq = 4;"
    )
    raw.close()
    with Journal.open(path) as journal:
        assert journal.set_aside(game, 3, "test") == 2
        rows = journal._db.execute("SELECT seq, reason FROM dropped_events ORDER BY id")
        assert list(rows) == [(4, "old"), (3, "test"), (4, "test")]


def test_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(JournalError, match="cannot make its folder"):
        Journal.open(tmp_path / "file" / "journal.db")
    table = Journal.for_table(tmp_path / "file" / "journal.db")
    assert isinstance(table.fault, JournalError)
    game = table.start_game("hex", ["Ana", "Ben"], [], started=0.0)  # in memory
    assert table.game(game).players == ("Ana", "Ben")


def test_a_damaged_file_is_set_aside_and_salvaged(tmp_path: Path) -> None:
    """A page of events zeroed: the file is kept beside a new journal holding every row
    that still reads (issue 13 part 1)."""
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = _fill(journal, 400)
        identity = journal.identity
    data = bytearray(path.read_bytes())
    page = data.index(b'"i":200}') // 4096  # the events' leaf page holding event 200
    data[page * 4096 : (page + 1) * 4096] = bytes(4096)
    path.write_bytes(bytes(data))
    with Journal.open(path) as journal:
        assert journal.repair is not None and journal.repair.incomplete
        assert Path(journal.repair.aside).read_bytes() == bytes(data)
        kept = [e.payload["i"] for e in journal.events(game)]
        assert journal.identity == identity  # the same journal to the cafe's server
    assert 300 < journal.repair.events < 400
    assert kept == list(range(len(kept))) and 150 < len(kept) <= 200  # up to the hole


def test_a_journal_has_an_identity_made_with_it(tmp_path: Path) -> None:
    """Issue 14 (the cafe's bus): a new journal (a new SD card) gets random hex digits
    of its own, kept across openings and read-only readers."""
    with Journal.open(tmp_path / "a.db") as first, Journal.open(tmp_path / "b.db") as second:
        assert len(first.identity) == 32 and int(first.identity, 16) >= 0
        assert first.identity != second.identity
        identity = first.identity
    with Journal.open(tmp_path / "a.db") as again, Journal.read(tmp_path / "a.db") as read:
        assert again.identity == read.identity == identity
