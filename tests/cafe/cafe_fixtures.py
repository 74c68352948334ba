"""Fixtures of the cafe server's tests: a real broker, a server, journals of real games
(conftest.py hands the fixtures to pytest; tests import the helpers from here)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daemon"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bus"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from broker_harness import MOSQUITTO, SERVER, Broker
from cafe_sim import CAFE, SimTable, play_journal
from pg_fixtures import BACKENDS
from starlette.testclient import TestClient

from companion.bus.contract import TableState
from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.settings import BrokerSection, CafeSection, CafeSettings, DatabaseSection
from companion.cafe.store import is_url, open_store
from companion.views.live_types import TableView
from companion.web.app import create_app
from companion.web.auth import hash_password
from companion.web.phone import Live

KEY = b"k" * 32
PASSWORD = "staff-only-please"
PASSWORD_HASH = hash_password(PASSWORD)

needs_broker = pytest.mark.skipif(MOSQUITTO is None, reason="mosquitto is not installed")


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (apt-get install mosquitto)")
    folder = tmp_path / "broker"
    folder.mkdir()
    running = Broker(folder)
    running.configure(CAFE, secured=False)
    running.start()
    yield running
    running.stop()


def settings_for(port: int, database: Path | str, cafe: CafeSection | None = None) -> CafeSettings:
    """A server's settings on the test broker; ``database`` a file or a PostgreSQL URL."""
    target = str(database)
    return CafeSettings(
        cafe=cafe or CafeSection(CAFE),
        broker=BrokerSection(host="127.0.0.1", port=port),
        database=DatabaseSection(url=target) if is_url(target) else DatabaseSection(target),
    )


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    """A table's journal with two whole Fibonachos games."""
    return play_journal(tmp_path / "journal.db", games=2)


class Servers:
    """Starts cafe servers on one database; stops whatever is still running at the end."""

    def __init__(self, port: int, database: Path | str, cafe: CafeSection | None = None) -> None:
        self.settings = settings_for(port, database, cafe)
        self.running: list[CafeServer] = []

    def login(self, broker: Broker, folder: Path) -> None:
        """Log in to a secured ``broker`` as ``cafe-server`` (its password in a file, as
        docs/cafe.md keeps it), with TLS (``cafile``) on the broker's TLS listener."""
        secret = folder / "cafe-broker.password"
        secret.write_text(broker.passwords[SERVER] + "\n", encoding="utf-8")
        tls = broker.tls if self.settings.broker.port == broker.port else None
        cafile = str(tls.ca) if tls is not None else ""
        section = replace(
            self.settings.broker, username=SERVER, password_file=str(secret), cafile=cafile
        )
        self.settings = replace(self.settings, broker=section)

    def start(self) -> CafeServer:
        server = CafeServer(self.settings, open_store(self.settings.database_target()), key=KEY)
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
    """Servers on an SQLite file."""
    made = Servers(broker.port, tmp_path / "cafe.db")
    yield made
    for server in list(made.running):
        made.stop(server)


@pytest.fixture
def servers_each(broker: Broker, database: str) -> Iterator[Servers]:
    """Servers on each backend (SQLite, then PostgreSQL)."""
    made = Servers(broker.port, database)
    yield made
    for server in list(made.running):
        made.stop(server)


def incoming(table: SimTable, *, state: dict[str, Any] | None = None) -> list[Incoming]:
    """A table's whole journal as the messages it sends (with its status, and a state)."""
    items = [Incoming(table.name, "status", b"online")]
    items += [Incoming(table.name, "events", payload) for payload in table.payloads()]
    if state is not None:
        body = TableState.of(table.name, state, table.name).payload(table.topics)
        items.append(Incoming(table.name, "state", body))
    return items


STATE: dict[str, Any] = {
    "at": 1_700_000_500.0,
    "game": {
        "id": 3,
        "game": "fibonachos",
        "label": "Fibonachos",
        "players": ["Ana", "Ben", "Cy"],
        "round": 2,
        "to_play": 1,
        "totals": [12, 5, 8],
        "over": False,
        "winners": [],
    },
    "devices": {"camera": "lost", "display": "ok", "buttons": "ok", "journal": "ok"},
    "idle": 42.0,
}


def fill(database: str, journal: Path) -> CafeServer:
    """A server (not connected) holding two tables' games: t1 with a game in play."""
    settings = settings_for(1, database)
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.take(incoming(SimTable("t1", 1, journal), state=STATE))
    server.take(incoming(SimTable("t2", 1, journal)))
    return server


@pytest.fixture
def filled(database: str, journal: Path) -> Iterator[CafeServer]:
    """:func:`fill`'s server on each backend (every dashboard test runs on SQLite and on
    PostgreSQL)."""
    server = fill(database, journal)
    yield server
    server.store.close()


@pytest.fixture
def server(tmp_path: Path, journal: Path) -> Iterator[CafeServer]:
    """:func:`fill`'s server on SQLite alone (where the backend does not matter)."""
    made = fill(str(tmp_path / "cafe.db"), journal)
    yield made
    made.store.close()


def state_with(**game: Any) -> bytes:
    """t1's ``state`` as it sends it (:data:`STATE`), its game's fields changed by ``game``."""
    body = {**STATE, "v": 1, "cafe": "corner", "table": "t1"}
    body["game"] = {**STATE["game"], **game}
    return json.dumps(body).encode()


def dashboard(server: CafeServer) -> TestClient:
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    return TestClient(app)


@pytest.fixture
def client(filled: CafeServer) -> Iterator[TestClient]:
    with dashboard(filled) as made:
        yield made


@pytest.fixture(scope="module", params=BACKENDS)
def reading(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TestClient]:
    """The ``client`` of a whole test module, for its tests that only read (GET, never
    logged in): the database filled once a module and backend, not once a test (on
    PostgreSQL a database made and dropped a test cost a second of CPU; issue 20)."""
    folder = tmp_path_factory.mktemp("reading")
    journal = play_journal(folder / "journal.db", games=2)
    if request.param == "postgres":
        postgres = request.getfixturevalue("postgres")
        url: str = postgres.create()
        server = fill(url, journal)
    else:
        server = fill(str(folder / "cafe.db"), journal)
    try:
        with dashboard(server) as made:
            yield made
    finally:
        server.store.close()
        if request.param == "postgres":
            postgres.drop(url)


class OneView:
    """A players' page source showing ``view``, a game that has ended, at the link
    ``k1`` of any table; it takes no names."""

    def __init__(self, view: TableView) -> None:
        self.view = view

    def lookup(self, table: str, token: str) -> Live | None:
        return Live(self.view, live=False) if token == "k1" else None

    def game_record(self, table: str, token: str) -> None:
        return None

    def offer_names(self, table: str, token: str, names: Sequence[str]) -> str:
        return ""

    async def names_answer(self, table: str, ticket: str) -> str:
        return "unsent"

    def version(self) -> int:
        return 1

    async def wait(self, after: int, timeout: float) -> int:
        return after
