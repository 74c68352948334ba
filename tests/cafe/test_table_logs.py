"""A table's log lines on the cafe's dashboard, for staff only (issue 14: "see its log
lines"), with a real Mosquitto and the real server: the table keeps its recent lines
(warnings and worse, the daemon's INFO) and sends them on its ``log`` topic (QoS 0),
the whole ring again on each connection; the server keeps each line once, in memory."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from broker_harness import Broker
from cafe_fixtures import KEY, PASSWORD, PASSWORD_HASH, Servers, dashboard, fill
from cafe_sim import CAFE, play_journal, wait_until
from starlette.testclient import TestClient

from companion.bus.client import TableBus
from companion.bus.contract import LogEntry, Topics
from companion.bus.logs import KEPT, LogRing
from companion.bus.settings import BusSettings
from companion.cafe.server import CafeServer
from companion.web.app import create_app

CAMERA = "camera: cannot open: no camera (retrying in 0.5 s)"


class Logged:
    """A table's bus whose ring hears the root logger, as ``Remote.start`` sets it."""

    def __init__(self, port: int, journal: Path) -> None:
        settings = BusSettings("127.0.0.1", port, Topics(CAFE, "t1"), "table-t1")
        self.bus = TableBus(settings, journal, key=KEY)
        logging.getLogger().addHandler(self.bus.logs)
        self.bus.start()

    def close(self) -> None:
        logging.getLogger().removeHandler(self.bus.logs)
        self.bus.close()


@pytest.fixture
def table(servers: Servers, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Iterator[Logged]:
    caplog.set_level(logging.INFO)
    logged = Logged(servers.settings.broker.port, play_journal(tmp_path / "journal.db"))
    assert logged.bus.online.wait(10)
    yield logged
    logged.close()


def texts(server: CafeServer) -> list[str]:
    return [line.text for line in server.log_lines("t1")]


def test_the_ring_keeps_warnings_and_the_daemons_info_only() -> None:
    ring = LogRing(kept=3)
    records = [
        ("companion.daemon.runtime", logging.INFO, "card R5#1 placed in play"),
        ("companion.bus.client", logging.INFO, "cafe: connected"),
        ("companion.daemon.links", logging.DEBUG, "display: close"),
        ("hardware.camera", logging.WARNING, "a warning"),
        ("companion.session", logging.ERROR, "an error"),
        ("companion.daemon.links", logging.ERROR, "camera lost"),
    ]
    for name, level, text in records:
        ring.handle(logging.LogRecord(name, level, __file__, 1, text, None, None))
    assert [(x.n, x.text) for x in ring.since(0)] == [
        (2, "a warning"),
        (3, "an error"),
        (4, "camera lost"),
    ]  # the last 3 kept
    assert [x.text for x in ring.since(3)] == ["camera lost"]
    assert KEPT == 200


def test_log_lines_reach_the_server_once_even_after_a_reconnection(
    servers: Servers, broker: Broker, table: Logged
) -> None:
    server = servers.start()
    logging.getLogger("companion.daemon.links").error(CAMERA)
    logging.getLogger("companion.daemon.runtime").info("card R5#1 placed in play")
    logging.getLogger("companion.bus.client").debug("cafe: not for the staff")
    wait_until(lambda: "card R5#1 placed in play" in texts(server), what="the lines")
    assert CAMERA in texts(server) and "cafe: not for the staff" not in texts(server)
    broker.restart()  # both reconnect; the table sends its whole ring again
    wait_until(lambda: table.bus.connections == 2, what="the table back")
    wait_until(lambda: server.link.generation == 2, what="the server back")
    assert server.link.connected.wait(10)
    logging.getLogger("hardware.camera").warning("camera: back after 3.0 s")
    wait_until(lambda: "camera: back after 3.0 s" in texts(server), what="a new line")
    kept = texts(server)
    assert len(kept) == len(set(kept)), "a line sent again is kept once"
    levels = {line.text: line.level for line in server.log_lines("t1")}
    assert levels[CAMERA] == "ERROR"


def test_only_staff_see_the_log_lines(servers: Servers, table: Logged) -> None:
    server = servers.start()
    logging.getLogger("companion.daemon.links").error(CAMERA)
    wait_until(lambda: CAMERA in texts(server), what="the line")
    wait_until(lambda: "t1" in [c.name for c in server.tables()], what="the table's card")
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with TestClient(app) as client:
        assert CAMERA not in client.get("/tables/t1").text
        assert "log" not in client.get("/tables/t1.json").json()
        page = client.get("/login")
        csrf = page.text.split('name="csrf" value="')[1].split('"')[0]
        client.post("/login", data={"csrf": csrf, "password": PASSWORD, "next": "/"})
        assert CAMERA in client.get("/tables/t1").text
        lines = client.get("/tables/t1.json").json()["log"]
        assert [(x["level"], x["text"]) for x in lines if x["text"] == CAMERA] == [
            ("ERROR", CAMERA)
        ]


def test_the_staff_read_the_log_lines_to_the_second(tmp_path: Path, journal: Path) -> None:
    """Issue 14 "see its log lines": a burst of faults is read second by second, so
    each line's time is written to the second, in the page's language as its other
    times are (before, "22:13" for lines 7 s apart and "22:14" for the next)."""
    server = fill(str(tmp_path / "cafe.db"), journal)
    at = datetime(2023, 11, 14, 22, 13, 20).timestamp()
    for n, later in enumerate((0, 7, 41)):
        line = LogEntry("t1", "b1", n, at + later, "ERROR", "companion.daemon.links", CAMERA)
        server.logs.keep(line)
    try:
        with dashboard(server) as client:
            page = client.get("/login")
            csrf = page.text.split('name="csrf" value="')[1].split('"')[0]
            client.post("/login", data={"csrf": csrf, "password": PASSWORD, "next": "/"})
            times = {}
            for lang in ("fr", "en"):
                client.get(f"/lang/{lang}?next=/")
                page = client.get("/tables/t1")
                times[lang] = re.findall(r'<tr class="level-error"><td>([^<]+)</td>', page.text)
    finally:
        server.store.close()
    assert times["fr"] == ["14/11/2023 22:14:01", "14/11/2023 22:13:27", "14/11/2023 22:13:20"]
    pm = "\u202fPM"  # CLDR's narrow no-break space
    assert times["en"] == [
        f"11/14/23, 10:14:01{pm}",
        f"11/14/23, 10:13:27{pm}",
        f"11/14/23, 10:13:20{pm}",
    ]
