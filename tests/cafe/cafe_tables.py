"""A cafe of simulated tables, for the fault tests (issue 14 "a simulated cafe").

Each :class:`Table` is the daemon's own loop, wired by the composition root
(:func:`companion.daemon.build.assemble`: the session and its journal, the interface,
the device links) with the cafe's :class:`~companion.daemon.remote.Remote` over a
:class:`~companion.bus.client.TableBus`; its reader replays a recorded whole
Fibonachos game (examples/fibonachos/full-3p.json) one table change per frame (the
camera's frames are blank: what is tested is what the table does with the changes,
not the decoding). :class:`CafeProcess` is the real
``companion cafe`` in a process of its own, to be killed; :class:`Cut` is a TCP proxy
on loopback between one table and the broker, whose network the test cuts and mends.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import sqlite3
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Sequence
from contextlib import closing, suppress
from pathlib import Path
from typing import Any

import numpy as np
from broker_harness import Broker, free_port, wait_for_port
from daemon_harness import ManualClock, Step, Untracked, fibonachos_steps, load_record

from card_codes.keys import save_key
from companion.bus.client import TableBus
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.daemon.build import Devices, assemble
from companion.daemon.remote import Remote
from companion.journal import Journal
from companion.session import Session
from companion.table.reader import ReaderStats
from companion.table.tracker import TableEvent
from companion.ui.app import UiApp
from hardware.buttons_fake import FakeButtons
from hardware.camera import Frame
from hardware.camera_fake import FakeCamera
from hardware.display_fake import FakeDisplay

ROOT = Path(__file__).resolve().parents[2]
#: Table time per turn of a table's loop (a card every few turns at play speed).
TURN = 0.2


class Replay(Untracked):
    """The table changes of the game being played, one per frame read (nothing between
    games): :meth:`load` gives it the next game's."""

    def __init__(self) -> None:
        self.stats = ReaderStats()
        self._steps: list[Step] = []

    def load(self, steps: Sequence[Step]) -> None:
        self._steps = list(steps)

    def feed(self, frame: Frame) -> list[TableEvent]:
        self.stats.frames += 1
        return list(self._steps.pop(0)) if self._steps else []


class QuietDisplay(FakeDisplay):
    """The fake panel keeping only its last image (a cafe's worth of frames is a lot)."""

    def _show(self, image: Any) -> None:
        self.images[:] = [image]


class Table:
    """One table of the cafe: its journal, its daemon's loop and its bus."""

    def __init__(self, name: str, folder: Path, settings: BusSettings, games: int) -> None:
        self.name = name
        self.path = folder / f"{name}.db"
        self.clock = ManualClock()
        self.reader = Replay()
        self.steps = fibonachos_steps(load_record("fibonachos", "full-3p.json"))
        self.games = games
        frames = [np.zeros((48, 64, 3), np.uint8)] * (games * (len(self.steps) + 50) + 100)
        devices = Devices(
            camera=lambda: FakeCamera(frames),
            display=QuietDisplay,
            buttons=lambda: FakeButtons(self.clock),
        )
        session = Session(Journal.open(self.path), clock=self.clock)
        self.bus = TableBus(settings, self.path, key=None)
        self.daemon = assemble(
            session,
            self.reader,
            devices,
            clock=self.clock,
            app=UiApp(now=self.clock()),
            parts=lambda table: [Remote(table, self.bus)],
        )
        self.daemon.start()
        self.bus.start()

    @property
    def done(self) -> bool:
        return self.games == 0 and self.daemon.session.flow is None

    def turn(self) -> None:
        """One turn of the daemon's loop; a new game once the last one is over."""
        if self.daemon.session.flow is None and self.games:
            self.games -= 1
            self.daemon.start_game("fibonachos", 3, [], {"dealer": 2})
            self.reader.load(self.steps)
        self.daemon.step()
        self.clock.advance(TURN)

    def close(self) -> None:
        self.bus.close()
        self.daemon.session.journal.close()


class Cut:
    """A TCP proxy on loopback to ``port``: :meth:`cut` drops every connection through
    it and refuses new ones (a table's network gone) until :meth:`mend`."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.open = threading.Event()
        self.open.set()
        self._pairs: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="cut-accept", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return  # closed
            if not self.open.is_set():
                near.close()
                continue
            try:
                far = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                near.close()
                continue
            for end in (near, far):  # small packets at once, as the table's own socket
                end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                self._pairs += [near, far]
            for source, sink in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.open.clear()
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for end in pairs:
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def mend(self) -> None:
        self.open.set()

    def close(self) -> None:
        self.cut()
        self.listener.close()


class CafeProcess:
    """The real ``companion cafe`` (its own process, its database in ``folder``)."""

    def __init__(self, folder: Path, broker: Broker, cafe: str, key: bytes) -> None:
        save_key(folder / "staff.key", key)
        self.port = free_port()
        self.database = folder / "cafe.db"
        login = ""
        if broker.passwords:
            (folder / "broker.pw").write_text(broker.passwords["cafe-server"], encoding="utf-8")
            login = f'username = "cafe-server"\npassword_file = "{folder / "broker.pw"}"\n'
        self.config = folder / "cafe.toml"
        self.config.write_text(
            f'[cafe]\nname = "{cafe}"\n[broker]\nhost = "127.0.0.1"\nport = {broker.port}\n'
            f'{login}[database]\npath = "{self.database}"\n'
            f'[web]\nhost = "127.0.0.1"\nport = {self.port}\npassword_file = "{folder / "pw"}"\n'
            f'secret_file = "{folder / "cookie.key"}"\n'
            f'[staff]\nkey_file = "{folder / "staff.key"}"\n',
            encoding="utf-8",
        )
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "cafe", "--config", str(self.config)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, 60, self.proc)

    def kill(self) -> None:
        """A crash: SIGKILL, between any two writes."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(timeout=10)

    def fill(self) -> None:
        """The server's disk full (issue 22): no file of its process may grow any more.
        The kernel's file size limit (``RLIMIT_FSIZE``, set on the running process: no
        root, no mount) refuses every write past the first byte of a file, as a full disk
        refuses every write that needs a new block; SQLite sees its writes fail (an I/O
        error; tests/cafe/test_poison.py has SQLite's own "database or disk is full")."""
        assert self.proc is not None
        hard = resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE)[1]
        resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE, (1, hard))

    def room(self) -> None:
        """Space again: the limit lifted on the same process (no restart)."""
        assert self.proc is not None and self.proc.poll() is None, "the server died"
        hard = resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE)[1]
        resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE, (hard, hard))

    def receiving(self) -> bool:
        """What the dashboard says (``/.json``): whether the server stores what comes."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/.json", timeout=10) as got:
            return bool(json.load(got)["receiving"])

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)


def bus_settings(broker: Broker, cafe: str, table: str, port: int | None = None) -> BusSettings:
    user = f"table-{table}"
    password = broker.passwords.get(user)
    return BusSettings("127.0.0.1", port or broker.port, Topics(cafe, table), user, password)


Held = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def journal_rows(path: Path) -> Held:
    """A table's games and events, as the server should hold them."""
    with Journal.read(path) as read:
        games = read.games()
        rows = [
            (
                g.id,
                g.game,
                _text(list(g.players)),
                _text(list(g.variants)),
                _text(g.options),
                g.started,
                g.ended,
                _text(g.result.to_json()) if g.result is not None else None,
            )
            for g in games
        ]
        events = [
            (e.seq, e.game_id, e.at, e.kind, _text(e.payload))
            for g in games
            for e in read.events(g.id)
        ]
    return rows, sorted(events)


def held_rows(database: Path, table: str) -> Held:
    """What the server's database holds of ``table`` (read-only; it may be writing)."""
    if not database.exists():
        return [], []
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)) as db:
        games = db.execute(
            "SELECT id, game, players, variants, options, started, ended, result FROM games"
            " WHERE table_name = ? ORDER BY id",
            (table,),
        ).fetchall()
        events = db.execute(
            "SELECT seq, game_id, at, kind, payload FROM events WHERE table_name = ? ORDER BY seq",
            (table,),
        ).fetchall()
    return games, events
