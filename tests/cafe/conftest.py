"""Fixtures of the cafe server's tests: a real broker, a server, journals of real games."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daemon"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cafe_broker import MOSQUITTO, Broker  # noqa: E402
from cafe_sim import CAFE, play_journal  # noqa: E402

from companion.cafe.server import CafeServer  # noqa: E402
from companion.cafe.settings import BrokerSection, CafeSection, CafeSettings, DatabaseSection  # noqa: E402
from companion.cafe.sqlite import SqliteStore  # noqa: E402

KEY = b"k" * 32

needs_broker = pytest.mark.skipif(MOSQUITTO is None, reason="mosquitto is not installed")


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (apt-get install mosquitto)")
    folder = tmp_path / "broker"
    folder.mkdir()
    running = Broker(folder)
    running.start()
    yield running
    running.stop()


def settings_for(port: int, database: Path) -> CafeSettings:
    return CafeSettings(
        cafe=CafeSection(CAFE),
        broker=BrokerSection(host="127.0.0.1", port=port),
        database=DatabaseSection(str(database)),
    )


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    """A table's journal with two whole Fibonachos games."""
    return play_journal(tmp_path / "journal.db", games=2)


class Servers:
    """Starts cafe servers on one database; stops whatever is still running at the end."""

    def __init__(self, port: int, database: Path) -> None:
        self.settings = settings_for(port, database)
        self.running: list[CafeServer] = []

    def start(self) -> CafeServer:
        server = CafeServer(self.settings, SqliteStore(self.settings.database_path()), key=KEY)
        server.start()
        assert server.link.connected.wait(10), "the server did not connect to the broker"
        self.running.append(server)
        return server

    def stop(self, server: CafeServer) -> None:
        server.stop()
        server.store.close()
        self.running.remove(server)


@pytest.fixture
def servers(broker: Broker, tmp_path: Path) -> Iterator[Servers]:
    made = Servers(broker.port, tmp_path / "cafe.db")
    yield made
    for server in list(made.running):
        made.stop(server)
