"""A table's account flooding the broker is shut out there (docs/security.md, "a cafe
that no malformed or hostile message can silence"; issue 22).

Measured before, with this module's flooder against the same broker: a table's account
publishing one valid ``events`` message in a loop at QoS 0 kept another table's game
from being stored for more than a minute, the server's lanes bounded but the broker's
queue for the server in arrival order (bench/cafe_flood.py). Now the server measures
each table's messages (:mod:`companion.cafe.flood`) and, past the limits, shuts the
account out with Mosquitto's dynamic security plugin (:mod:`companion.cafe.broker_admin`):
the broker disconnects it and refuses it, also after the server's restart, until the
staff let it in again from the table's page."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from broker_harness import ADMIN, DYNSEC, MOSQUITTO, SERVER, Broker, let_go
from cafe_fixtures import KEY, PASSWORD, PASSWORD_HASH, settings_for
from cafe_sim import CAFE, SimTable, play_journal, wait_until
from paho.mqtt.enums import CallbackAPIVersion
from starlette.testclient import TestClient

from companion.bus.client import TableBus
from companion.cafe.doorman import Doorman
from companion.cafe.flood import FloodWatch, Limits
from companion.cafe.server import CafeServer
from companion.cafe.settings import BrokerSection, CafeSettings
from companion.cafe.store import open_store
from companion.web.app import create_app

FLOODER = Path(__file__).resolve().parent / "flooder.py"
#: The tests' limits: measured from the first message (no backlog to wait out).
LIMITS = Limits(grace=0.0)

pytestmark = pytest.mark.skipif(
    MOSQUITTO is None or DYNSEC is None, reason="mosquitto and its dynamic security plugin"
)


@pytest.fixture
def guarded_broker(tmp_path: Path) -> Iterator[Broker]:
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Broker(folder)
    broker.configure(CAFE, ("t1", "t2"), admin=True)
    broker.start()
    yield broker
    broker.stop()


def _settings(broker: Broker, folder: Path, *, admin: bool = True) -> CafeSettings:
    settings = settings_for(broker.port, folder / "cafe.db")
    server_secret, admin_secret = folder / "cafe-broker.password", folder / "cafe-admin.password"
    server_secret.write_text(broker.passwords[SERVER] + "\n", encoding="utf-8")
    admin_secret.write_text(broker.passwords[ADMIN] + "\n", encoding="utf-8")
    section = replace(settings.broker, username=SERVER, password_file=str(server_secret))
    if admin:
        section = replace(section, admin_username=ADMIN, admin_password_file=str(admin_secret))
    return replace(settings, broker=section)


def _start(settings: CafeSettings) -> CafeServer:
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY, flood=LIMITS)
    server.start()
    assert server.link.connected.wait(10), "the server did not connect"
    if server.doorman.admin is not None:
        assert server.doorman.admin.ready.wait(10), "the admin account did not connect"
    return server


def _flood(broker: Broker, tmp_path: Path, payload: bytes) -> subprocess.Popen[str]:
    body = tmp_path / "flood.json"
    body.write_bytes(payload)
    user = "table-t1"
    args = [str(broker.port), user, broker.passwords[user], f"companion/{CAFE}/t1/events"]
    return subprocess.Popen(
        [sys.executable, str(FLOODER), *args, str(body), "0", "60"],
        stdout=subprocess.PIPE,
        text=True,
    )


def _answer(broker: Broker, user: str) -> str:
    """What the broker answers ``user`` logging in with its password-file password."""
    answers: list[str] = []
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user)
    client.username_pw_set(user, broker.passwords[user])
    client.on_connect = lambda c, u, f, reason, p: answers.append(str(reason))
    client.connect("127.0.0.1", broker.port, 30)
    client.loop_start()
    try:
        wait_until(lambda: bool(answers), 10, f"the broker's answer to {user}")
    finally:
        let_go(client)
    return answers[0]


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None, "no form on the page"
    return found.group(1)


def test_a_flooding_table_is_shut_out_and_the_others_are_heard(
    guarded_broker: Broker, tmp_path: Path, journal: Path
) -> None:
    """A table's account flooding valid events at QoS 0 is shut out at the broker: the
    broker drops it and refuses its password; another table's game is then stored; the
    dashboard says so; after the server's restart it is still shut out; the staff let
    it in from its page and its password is taken again."""
    broker = guarded_broker
    settings = _settings(broker, tmp_path)
    server = _start(settings)
    quiet = SimTable("t2", broker.port, journal, password=broker.passwords["table-t2"])
    quiet.connect()
    flooder = _flood(broker, tmp_path, SimTable("t1", 1, journal).event_message(0))
    try:
        wait_until(lambda: "t1" in server.doorman.shut(), 30, "t1 shut out")
        assert flooder.stdout is not None
        assert flooder.stdout.readline().strip() == "accepted"
        # paho connects again at once: the broker refuses it from now on
        assert flooder.stdout.readline().startswith("refused Not authorized")
        quiet.send_game(quiet.games[0])
        wait_until(lambda: server.ingest.ack_of("t2").games == 1, 30, "t2's game stored")
    finally:
        flooder.kill()
        flooder.communicate()
        quiet.disconnect()
    assert "sent" in server.doorman.shut()["t1"] and "a second" in server.doorman.shut()["t1"]
    assert _answer(broker, "table-t1") == "Not authorized"
    assert _answer(broker, "table-t2") == "Success"  # (one id per account: t2 left first)
    server.stop()
    server.store.close()

    again = _start(settings)  # the broker kept it: the server learns it at its start
    try:
        wait_until(lambda: "t1" in again.doorman.shut(), 10, "t1 listed as shut out")
        app = create_app(again, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
        with TestClient(app) as client:
            assert "shut out" in client.get("/").text
            token = _csrf(client.get("/login").text)
            client.post("/login", data={"password": PASSWORD, "csrf": token})
            page = client.get("/tables/t1").text
            assert "Let it in again" in page
            answer = client.post("/tables/t1/let-in", data={"csrf": _csrf(page)})
            assert answer.status_code == 200 and "may connect again" in answer.text
        assert "t1" not in again.doorman.shut()
        wait_until(lambda: _answer(broker, "table-t1") == "Success", 10, "t1 let in")
    finally:
        again.stop()
        again.store.close()


def test_without_the_admin_account_a_flood_is_logged_once(
    guarded_broker: Broker, tmp_path: Path, journal: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A server without ``[broker] admin_username`` cannot shut a flooder out: it says
    which table floods and what to set, once, and the table may go on connecting."""
    broker = guarded_broker
    server = _start(_settings(broker, tmp_path, admin=False))
    flooder = _flood(broker, tmp_path, SimTable("t1", 1, journal).event_message(0))
    try:
        wait_until(lambda: "t1" in server.doorman.watch.flooding(), 30, "t1 seen flooding")
    finally:
        flooder.kill()
        flooder.communicate()
        server.stop()
        server.store.close()
    said = [r.getMessage() for r in caplog.records if "floods" in r.getMessage()]
    assert len(said) == 1 and "[broker] admin_username" in said[0], said
    assert server.doorman.shut() == {}
    assert _answer(broker, "table-t1") == "Success"


def test_the_dashboard_says_shut_out_only_once_the_broker_did(
    guarded_broker: Broker, tmp_path: Path, journal: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An admin account without the plugin's admin role (here the server's own, named
    by mistake as ``admin_username``): the broker never shuts the flooder out, so the
    dashboard must not say it did (before, it said "shut out" as soon as it asked, and
    the staff believed a table blocked that went on flooding); the log says it asked."""
    broker = guarded_broker
    settings = _settings(broker, tmp_path)
    mistaken = replace(
        settings.broker,
        admin_username=SERVER,
        admin_password_file=settings.broker.password_file,
    )
    server = _start(replace(settings, broker=mistaken))
    flooder = _flood(broker, tmp_path, SimTable("t1", 1, journal).event_message(0))
    try:
        wait_until(lambda: "t1" in server.doorman.watch.flooding(), 30, "t1 seen flooding")
        # the broker's ACL drops what this account publishes to $CONTROL: no answer comes
        assert server.doorman.shut() == {}
        assert not any(card.shut_out for card in server.tables())
    finally:
        flooder.kill()
        flooder.communicate()
        server.stop()
        server.store.close()
    assert any(
        "t1 floods" in r.getMessage() and "shutting it out" in r.getMessage()
        for r in caplog.records
    )
    assert _answer(broker, "table-t1") == "Success"  # never refused


def test_a_refusal_of_the_broker_is_said_and_the_table_measured_again(tmp_path: Path) -> None:
    """The plugin answers an error to disabling the account: the table is not said to be
    shut out, the error is logged, and the table is measured again (shut out at its
    next flood, when the admin's role is mended)."""
    secret = tmp_path / "cafe-admin.password"
    secret.write_text("not used: nothing connects\n", encoding="utf-8")
    settings = CafeSettings(
        broker=BrokerSection(admin_username="cafe-admin", admin_password_file=str(secret))
    )
    changed: list[str] = []
    doorman = Doorman(settings, changed.append, watch=FloodWatch(Limits(grace=0)))
    assert doorman.admin is not None
    sent: list[str] = []
    doorman.admin.shut_out = lambda account, why: sent.append(account)  # type: ignore[method-assign]
    doorman.connected()
    for _ in range(3000):
        doorman.arrived("t1", "events", 100)
    assert sent == ["table-t1"] and doorman.shut() == {} and changed == []
    doorman.admin._answered(
        {
            "command": "disableClient",
            "error": "Client not found",
            "correlationData": "shut:table-t1",
        }
    )
    assert doorman.shut() == {} and doorman.watch.flooding() == frozenset()
    for _ in range(3000):
        doorman.arrived("t1", "events", 100)
    assert sent == ["table-t1", "table-t1"]
    doorman.admin._answered({"command": "disableClient", "correlationData": "shut:table-t1"})
    assert "t1" in doorman.shut() and changed == ["t1"]


def test_a_table_catching_up_on_its_journal_is_not_shut_out(
    guarded_broker: Broker, tmp_path: Path
) -> None:
    """The limits never catch a table keeping the contract: the real table's bus sends
    a journal of 30 games (about 4,000 messages) as fast as the server acks them,
    measured from its first message: every event stored, the table never shut out."""
    broker = guarded_broker
    server = _start(_settings(broker, tmp_path))
    journal = play_journal(tmp_path / "journal.db", games=30)
    bus = TableBus(broker.settings("t1", cafe=CAFE), journal, key=None)
    events = SimTable("t1", 1, journal).events
    try:
        bus.start()
        last = events[-1][1].seq
        wait_until(
            lambda: "t1" in server.ingest.tables and server.ingest.ack_of("t1").seq == last,
            120,
            "the journal stored",
        )
    finally:
        bus.close()
        server.stop()
        server.store.close()
    assert server.doorman.watch.flooding() == frozenset()
    assert server.doorman.shut() == {}
