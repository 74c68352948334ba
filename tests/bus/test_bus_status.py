"""A table's ``status`` (issue 14, docs/cafe.md): retained ``online`` while it is
connected, ``offline`` when it stops, and ``offline`` as its last will when it goes
without a word (the process killed: a power cut)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from broker_harness import Broker, Server, broker_fixture, server_fixture  # noqa: F401 (the fixtures)

from companion.bus.client import TableBus
from companion.journal import Journal

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def statuses(server: Server) -> list[bytes]:
    return server.on("t1", "status")


def test_a_table_killed_is_offline_by_its_last_will(
    tmp_path: Path, broker: Broker, server: Server
) -> None:
    """Issue 14: the broker publishes the table's will when its connection drops."""
    Journal.open(tmp_path / "j.db").close()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    args = [
        sys.executable,
        str(HERE / "table_process.py"),
        str(broker.port),
        broker.passwords["table-t1"],
        str(tmp_path / "j.db"),
    ]
    with subprocess.Popen(args, stdout=subprocess.PIPE, env=env) as table:  # closes its pipe
        try:
            assert table.stdout is not None
            assert table.stdout.readline().strip() == b"online"
            server.wait(lambda: statuses(server)[-1:] == [b"online"], "online")
        finally:
            table.kill()
    server.wait(lambda: statuses(server)[-1:] == [b"offline"], "the will: offline")
    late = Server(broker)  # retained: whoever subscribes later sees it
    try:
        late.wait(lambda: statuses(late) == [b"offline"], "offline, retained")
    finally:
        late.close()


def test_a_table_stopping_says_offline(tmp_path: Path, broker: Broker, server: Server) -> None:
    """Issue 14: a clean stop publishes ``offline`` itself (the will is only for the
    abrupt end), and a table coming back is ``online`` again."""
    Journal.open(tmp_path / "j.db").close()
    bus = TableBus(broker.settings("t1"), tmp_path / "j.db", key=None)
    bus.start()
    assert bus.online.wait(10.0)
    server.wait(lambda: statuses(server)[-1:] == [b"online"], "online")
    bus.close()
    server.wait(lambda: statuses(server)[-1:] == [b"offline"], "offline")
    again = TableBus(broker.settings("t1"), tmp_path / "j.db", key=None)
    again.start()
    try:
        server.wait(lambda: statuses(server)[-1:] == [b"online"], "online again")
    finally:
        again.close()
    server.wait(lambda: len(statuses(server)) == 4, "offline again")
    assert statuses(server) == [b"online", b"offline", b"online", b"offline"]
