"""What the journal fault tests share: a journal worth damaging, the daemon's start path,
and the reading commands run with the folder watched.

The journal holds a finished Fibonachos game (examples/fibonachos/full-3p.json, its
result kept) and a game in play with 100 events, an undo among them: a few dozen
pages, each table on pages of its own.
"""

from __future__ import annotations

import io
import sqlite3
import zlib
from collections.abc import Iterable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from daemon_harness import fibonachos_steps, load_record

from companion.cli import main
from companion.config import Config, HardwareSection, JournalSection, PhoneSection
from companion.daemon.build import build_daemon
from companion.daemon.runtime import Daemon
from companion.flows.commands import Undo
from companion.flows.registry import check_options
from companion.journal import Journal
from companion.session import Session
from companion.table.tracker import CardPlaced, CardRemoved
from companion.views import MessageView

#: Events of the game in play.
IN_PLAY = 100


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def build_journal(path: Path) -> None:
    """The journal of the module docstring, at ``path`` (closed: no -wal beside it)."""
    steps = fibonachos_steps(load_record("fibonachos", "full-3p.json"))
    session = Session(Journal.open(path), clock=Clock())
    session.start_game(
        "fibonachos", ["Ana", "Ben", "Cy"], [], check_options("fibonachos", {"dealer": 2}, 3)
    )
    for step in steps:
        for event in step:
            assert isinstance(event, CardPlaced | CardRemoved)
            session.table(event)
    assert session.flow is None  # over, with its result
    session.start_game(
        "fibonachos", ["Ana", "Ben", "Cy"], [], check_options("fibonachos", {"dealer": 2}, 3)
    )
    journal, game = session.journal, session.game_id
    assert game is not None
    events = (event for step in steps for event in step)
    while len(journal.events(game)) < IN_PLAY:
        event = next(events)
        assert isinstance(event, CardPlaced | CardRemoved)
        session.table(event)
        if len(journal.events(game)) == 40 and isinstance(event, CardPlaced):
            session.command(Undo())
            session.table(CardPlaced(event.card))
    journal.close()


def crc(kind: str, payload: str) -> int:
    return zlib.crc32(f"{kind}\x00{payload}".encode())


def readable_events(path: Path, seqs: Iterable[int]) -> dict[int, tuple[str, str]]:
    """``seq -> (kind, payload)`` of each event a fresh read-only connection still reads
    whole (its checksum good): what a salvage must keep. Independent of the journal's
    code: one plain lookup per sequence number."""
    found: dict[int, tuple[str, str]] = {}
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True)
        db.text_factory = bytes
        for seq in seqs:
            try:
                row = db.execute(
                    "SELECT kind, payload, crc FROM events WHERE seq = ?", (seq,)
                ).fetchone()
            except sqlite3.DatabaseError:
                continue
            if row is None or not isinstance(row[0], bytes) or not isinstance(row[1], bytes):
                continue
            try:
                kind, payload = row[0].decode(), row[1].decode()
            except UnicodeDecodeError:
                continue
            if crc(kind, payload) == row[2]:
                found[seq] = (kind, payload)
        db.close()
    except sqlite3.DatabaseError:
        pass  # not even the file's first page reads
    return found


def _utf8_or_none(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _text(value: object) -> str | None:
    """A column's text, whether SQLite stores it as text or (its type bit flipped) as a
    blob; None when it is not UTF-8 any more."""
    if isinstance(value, bytes):
        return _utf8_or_none(value)
    return value if isinstance(value, str) else None


def stored_events(path: Path) -> set[tuple[int, str, str]]:
    """Every event the journal at ``path`` holds, replayed or set aside (a row whose text
    is not UTF-8 any more, a flipped byte set aside as it was, is not an event; text
    stored as a blob after a flipped type bit still is)."""
    db = sqlite3.connect(path)
    db.text_factory = _utf8_or_none
    try:
        rows = db.execute(
            "SELECT seq, kind, payload FROM events "
            "UNION ALL SELECT seq, kind, payload FROM dropped_events"
        )
        return {
            (seq, kind, payload)
            for seq, kind, payload in ((seq, _text(k), _text(p)) for seq, k, p in rows)
            if kind is not None and payload is not None
        }
    finally:
        db.close()


def table_config(journal: Path) -> Config:
    """``companion run``'s configuration with fake hardware and the journal at ``journal``."""
    fake = HardwareSection("fake")
    return Config(
        camera=fake,
        display=fake,
        buttons=fake,
        journal=JournalSection(str(journal)),
        phone=PhoneSection(enabled=False),
    )


@dataclass
class Started:
    daemon: Daemon
    #: The first screen (the OLED after start()).
    screen: object

    @property
    def title(self) -> str:
        return self.screen.title if isinstance(self.screen, MessageView) else ""

    def close(self) -> None:
        self.daemon.session.journal.close()
        self.daemon.links.close()


def start_table(journal: Path) -> Started:
    """The daemon's start path, as ``companion run`` takes it: build, then start."""
    daemon = build_daemon(table_config(journal))
    daemon.start()
    return Started(daemon, daemon.app.screen(daemon.clock()))


@dataclass
class Command:
    status: int
    out: str
    err: str


def folder_state(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of ``folder`` with its bytes and modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def read_commands(journal: Path) -> list[Command]:
    """``history``, ``history --json``, ``export`` and ``export --format csv`` on
    ``journal``, asserting each leaves its folder exactly as it was."""
    runs = []
    for args in (
        ["history"],
        ["history", "--json"],
        ["export"],
        ["export", "--format", "csv"],
    ):
        before = folder_state(journal.parent)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = main([*args, "--journal", str(journal)])
        assert folder_state(journal.parent) == before, f"{args} changed the journal's folder"
        runs.append(Command(status, out.getvalue(), err.getvalue()))
    return runs
