"""Issue 13: a full disk, a read-only or missing journal folder never stop the table.

At start or mid-game: the OLED says so, the game goes on in memory, and no screen
claims a game is saved when it is not (docs/cafe.md, "Looking after the tables").

A full disk cannot be made without root (a small filesystem is not mountable in a
test), so two documented equivalents stand in for one: SQLite's ``PRAGMA
max_page_count`` at the journal's size (the database is full: SQLITE_FULL, as on a
full card), and a connection whose writes fail with SQLite's own "database or disk is
full" (``refusing_writes``), for a start where even the first write fails. A read-only
folder is ``chmod 0o500``, which root ignores: as root that case is skipped and the
same refusal ("attempt to write a readonly database") stands in for it.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon
from journal_cases import build_journal, folder_state, read_commands, start_table
from loose import loose
from PIL import Image

from companion.cli import main
from companion.daemon.runtime import Daemon
from companion.journal import Journal, JournalError, JournalFullError, reading
from companion.journal.rows import text_of
from companion.table.events import CardPlaced, CardRemoved
from companion.ui.screens import render
from companion.views import MessageView

FULL = "database or disk is full"
READ_ONLY = "attempt to write a readonly database"
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN", "CREATE", "ALTER", "DROP")


def refusing_writes(monkeypatch: pytest.MonkeyPatch, message: str) -> None:
    """Every connection the journal opens to write refuses to change anything, with
    SQLite's ``message``; reading works (and a schema already there is no write)."""

    class Refusing(sqlite3.Connection):
        def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
            words = sql.lstrip().upper()
            if words.startswith(WRITES) or words.startswith("PRAGMA JOURNAL_MODE"):
                raise sqlite3.OperationalError(message)
            return super().execute(sql, parameters)

        def executescript(self, script: str, /) -> sqlite3.Cursor:
            made = "SELECT 1 FROM sqlite_master WHERE name = 'games'"
            if super().execute(made).fetchone() is None:
                raise sqlite3.OperationalError(message)
            return super().executescript(script)

    def connect(where: str) -> sqlite3.Connection:
        db = sqlite3.connect(where, isolation_level=None, factory=Refusing)
        db.text_factory = text_of
        return db

    monkeypatch.setattr(reading, "connect", connect)


def play(daemon: Daemon, steps: int) -> None:
    """The first ``steps`` table changes of a Fibonachos game, through the daemon's runner."""
    table = fibonachos_steps(load_record("fibonachos", "full-3p.json"))
    now = daemon.clock()
    for step in table[:steps]:
        for event in step:
            assert isinstance(event, CardPlaced | CardRemoved)
            daemon.runner.table(event, now)


def farewell(daemon: Daemon) -> Image.Image:
    daemon.farewell()
    device = daemon.links.display.device
    image: Image.Image = device.images[-1]
    return image


def says(image: Image.Image, *lines: str) -> bool:
    expected = render(MessageView("Table Companion", lines), image.size)
    return bool(np.array_equal(np.asarray(image), np.asarray(expected)))


def test_disk_full_at_start_says_so_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: exit 2 and nothing on the OLED. Now: Disk full on the OLED, the game
    plays in memory, and the last screen says it is not saved."""
    refusing_writes(monkeypatch, FULL)
    path = tmp_path / "journal.db"
    started = start_table(path)
    daemon = started.daemon
    assert isinstance(daemon.session.journal.fault, JournalFullError)
    assert started.title == "Disk full" and daemon.session.memory_only
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    play(daemon, 12)
    flow = daemon.session.flow
    assert flow is not None and len(loose(flow.record())["rounds"][0]["tricks"]) >= 2
    assert "journal not written" in daemon.status_line()
    assert says(farewell(daemon), "Restarting...", "the game is not saved")


def test_disk_full_at_start_resumes_the_game_in_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 13: the game in play goes on in memory; the log says to free space."""
    path = tmp_path / "journal.db"
    build_journal(path)
    before = folder_state(tmp_path)
    refusing_writes(monkeypatch, FULL)
    with caplog.at_level(logging.ERROR):
        started = start_table(path)
    assert f"nothing new is written to it: free space on its disk (df -h {tmp_path})" in (
        caplog.text
    )
    daemon = started.daemon
    assert daemon.session.flow is not None and daemon.session.game_id == 2
    assert started.title == "Disk full"
    play(daemon, 3)  # the game goes on, in memory
    started.close()
    assert folder_state(tmp_path) == before


def test_companion_run_on_a_full_disk_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: ``companion run`` exited 2 on a full disk at start."""
    frames = tmp_path / "frames"
    frames.mkdir()
    Image.new("RGB", (128, 72), (40, 40, 40)).save(frames / "f000.png")
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "ERROR"\n[phone]\nenabled = false\n')
    refusing_writes(monkeypatch, FULL)
    root = logging.getLogger()  # companion run points the root logger at this test's stdout
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    monkeypatch.setattr(root, "level", root.level)
    status = main(
        [
            "run", "--config", str(config), "--journal", str(tmp_path / "j" / "journal.db"),
            "--camera", "replay", "--source", str(frames),
            "--display", "frames", "--out", str(tmp_path / "oled"),
            "--buttons", "fake", "--game", "trump", "--players", "4", "--option", "leader=1",
        ]
    )  # fmt: skip
    assert status == 0
    assert "Traceback" not in capsys.readouterr().err


def full_mid_game(path: Path) -> tuple[Daemon, sqlite3.Connection]:
    """A game whose journal fills up (``max_page_count`` at its size) after its start."""
    daemon = make_daemon(path, [], clock=ManualClock())
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    db = daemon.session.journal._db
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    daemon.start()
    play(daemon, 60)
    assert daemon.session.memory_only
    return daemon, db


def test_disk_full_mid_game_the_last_screen_is_truthful(tmp_path: Path) -> None:
    """Issue 13: after a disk-full game the last screen said "the game is saved"."""
    daemon, _ = full_mid_game(tmp_path / "j.db")
    assert says(farewell(daemon), "Restarting...", "the game is not saved")


def test_a_saved_game_still_says_saved(tmp_path: Path) -> None:
    daemon = make_daemon(tmp_path / "j.db", [], clock=ManualClock())
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    play(daemon, 5)
    assert says(farewell(daemon), "Restarting...", "the game is saved")


def test_a_new_game_is_saved_once_there_is_room_again(tmp_path: Path) -> None:
    daemon, db = full_mid_game(tmp_path / "j.db")
    db.execute("PRAGMA max_page_count = 1000000")  # space freed
    daemon.start_game("trump", 4, [], {"leader": 1})
    assert not daemon.session.memory_only and daemon.session.journal.fault is None
    game = daemon.session.game_id
    assert game is not None and Journal.read(tmp_path / "j.db").game(game).game == "trump"


def test_a_missing_journal_folder_is_made(tmp_path: Path) -> None:
    path = tmp_path / "var" / "lib" / "companion" / "journal.db"
    started = start_table(path)
    assert started.daemon.session.journal.fault is None and path.is_file()
    started.close()


def test_a_journal_folder_that_is_a_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: NotADirectoryError with a traceback. Now the table starts in memory,
    the OLED says the journal is not written, one log line says why."""
    (tmp_path / "state").write_text("not a folder")
    path = tmp_path / "state" / "journal.db"
    with caplog.at_level(logging.ERROR):
        started = start_table(path)
    daemon = started.daemon
    assert isinstance(daemon.session.journal.fault, JournalError)
    assert started.title == "Not saved" and daemon.session.memory_only
    assert "cannot make its folder" in caplog.text
    assert (  # and what to do about it (DESIGN.md: a message names what to do)
        f"kept in memory only: let the companion's user write {path.parent} and its files "
        f"(ls -la {path.parent}), then restart"
    ) in caplog.text
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    play(daemon, 4)
    assert daemon.session.flow is not None
    assert says(farewell(daemon), "Restarting...", "the game is not saved")
    assert main(["history", "--journal", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no journal yet" in err


def _read_only_folder_case(folder: Path) -> None:
    """The table starts on a journal it cannot write: the game in play resumed from it,
    in memory, the OLED saying so; history reads it; nothing in the folder changes."""
    path = folder / "journal.db"
    before = folder_state(folder)
    started = start_table(path)
    daemon = started.daemon
    assert daemon.session.flow is not None and daemon.session.memory_only
    assert started.title == "Not saved"
    play(daemon, 3)
    started.close()
    runs = read_commands(path)
    assert [r.status for r in runs] == [0, 0, 0, 0]
    assert "in play" in runs[0].out
    assert folder_state(folder) == before


def test_a_read_only_journal_folder(tmp_path: Path) -> None:
    """Issue 13: OSError: Read-only file system, and history could not read it."""
    folder = tmp_path / "state"
    folder.mkdir()
    build_journal(folder / "journal.db")
    folder.chmod(0o500)
    try:
        try:
            (folder / "probe").touch()
        except PermissionError:
            _read_only_folder_case(folder)
        else:
            pytest.skip("this user (root) writes through chmod 0o500: see the next test")
    finally:
        folder.chmod(0o700)


def test_a_read_only_journal_folder_as_root_would_see_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The case above for any user: writes refused as SQLite refuses them in a
    read-only folder. The log says its games are read but nothing new is written, and
    what to do."""
    folder = tmp_path / "state"
    folder.mkdir()
    build_journal(folder / "journal.db")
    refusing_writes(monkeypatch, READ_ONLY)
    with caplog.at_level(logging.ERROR):
        _read_only_folder_case(folder)
    assert (
        "; its games are read, but nothing new is written to it: let the companion's user "
        f"write {folder} and its files (ls -la {folder}), then restart"
    ) in caplog.text


def test_history_reads_without_the_log_when_the_folder_cannot_hold_its_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a read-only folder ``mode=ro`` cannot open a journal whose daemon left a
    write-ahead log: history reads the file itself (``immutable=1``) and says what it
    could not read, in one line."""
    path = tmp_path / "journal.db"
    build_journal(path)
    live = Journal.open(path)  # the daemon runs: its -wal is there, holding a new game
    live.start_game("hex", ["Ana", "Ben"], [], started=1.0)
    assert Path(f"{path}-wal").stat().st_size > 0
    real = sqlite3.connect

    def read_only_folder(where: str, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if "mode=ro" in where:
            raise sqlite3.OperationalError(READ_ONLY)
        connection: sqlite3.Connection = real(where, *args, **kwargs)
        return connection

    monkeypatch.setattr(sqlite3, "connect", read_only_folder)
    try:
        runs = read_commands(path)
    finally:
        live.close()
    assert [r.status for r in runs] == [0, 0, 0, 0]
    assert "write-ahead log" in runs[0].err and runs[0].err.count("\n") == 1
    assert "fibonachos" in runs[0].out


def test_a_damaged_journal_in_a_read_only_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It cannot be set aside: the table starts with what reads of it, in memory."""
    path = tmp_path / "journal.db"
    build_journal(path)
    data = bytearray(path.read_bytes())
    data[20 * 4096 : 21 * 4096] = bytes(4096)
    path.write_bytes(bytes(data))

    def cannot(*_args: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("companion.journal.salvage.move_aside", cannot)
    refusing_writes(monkeypatch, READ_ONLY)
    started = start_table(path)
    daemon = started.daemon
    assert daemon.session.memory_only and daemon.session.flow is not None
    assert started.title == "Not saved"
    assert path.read_bytes() == bytes(data)
    started.close()


def test_a_journal_neither_written_nor_read_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A file there that can be neither written nor read (another user's, mode 0600):
    one error line, the games kept in memory only, and what to do; not first that its
    games are read."""
    path = tmp_path / "journal.db"
    build_journal(path)
    refused = JournalError(f"journal {path}: open failed (unable to open database file)")

    def refuse(*_: Any) -> Journal:
        raise refused

    monkeypatch.setattr(Journal, "_open_to_write", refuse)
    monkeypatch.setattr(Journal, "read", refuse)
    with caplog.at_level(logging.ERROR):
        journal = Journal.for_table(path)
    assert journal.fault is refused
    (line,) = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert line == (
        f"{refused}; the games are kept in memory only: let the companion's user write "
        f"{tmp_path} and its files (ls -la {tmp_path}), then restart"
    )
