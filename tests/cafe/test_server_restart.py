"""The real ``companion cafe`` process killed (SIGKILL) and restarted mid-stream: the
final database equals what the table sent (issue 14, "the server killed and restarted").
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from broker_harness import Broker, free_port, wait_for_port
from cafe_fixtures import KEY
from cafe_sim import SimTable

from card_codes.keys import save_key
from companion.journal import Journal

ROOT = Path(__file__).resolve().parents[2]


class Process:
    def __init__(self, config: Path, port: int) -> None:
        self.config, self.port = config, port
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "cafe", "--config", str(self.config)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, timeout=30)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)


@pytest.fixture
def process(broker: Broker, tmp_path: Path) -> Iterator[Process]:
    key = tmp_path / "staff.key"
    save_key(key, KEY)
    web = free_port()
    config = tmp_path / "cafe.toml"
    config.write_text(
        f'[cafe]\nname = "corner"\n[broker]\nhost = "127.0.0.1"\nport = {broker.port}\n'
        f'[database]\npath = "{tmp_path / "cafe.db"}"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {web}\npassword_file = "{tmp_path / "pw"}"\n'
        f'secret_file = "{tmp_path / "cookie.key"}"\n[staff]\nkey_file = "{key}"\n',
        encoding="utf-8",
    )
    running = Process(config, web)
    yield running
    running.stop()


def _rows(database: Path) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(database)) as db:
        return db.execute(
            "SELECT seq, game_id, kind, payload FROM events WHERE table_name = 't1' ORDER BY seq"
        ).fetchall()


def test_a_killed_server_restarted_holds_every_event_once(
    process: Process, broker: Broker, journal: Path, tmp_path: Path
) -> None:
    table = SimTable("t1", broker.port, journal)
    table.connect()
    process.start()
    third = len(table.events) // 3
    table.play(0, third)
    table.wait_ack(table.events[third - 1][1].seq, 1)
    process.kill()
    table.play(third, 2 * third)  # the broker keeps them for the server's session
    process.start()
    table.play(2 * third)
    table.play(0, third)  # and some again
    table.wait_ack(table.events[-1][1].seq, 2, timeout=60)
    process.stop()
    with Journal.read(journal) as read:
        from companion.cafe.store import dump

        sent = [
            (e.seq, e.game_id, e.kind, dump(e.payload))
            for entry in read.games()
            for e in read.events(entry.id)
        ]
    assert _rows(tmp_path / "cafe.db") == sent
    table.disconnect()
