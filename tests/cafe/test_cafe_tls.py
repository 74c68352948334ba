"""The cafe over TLS (docs/cafe.md "TLS"), for real: a throwaway CA and a broker
certificate made with ``openssl``, Mosquitto listening with TLS only (passwords and the
contract's ACL as in the cafe), the real table's bus (:class:`TableBus`, ``tls = true``
and ``cafile``) and the real cafe server (``[broker] cafile``).

A table's events reach the server and are acknowledged over TLS exactly as without it;
and the mistakes an operator makes with TLS each give one line naming the setting and
the fix, never a traceback: a ``cafile`` that is not there (at start), the wrong CA (a
certificate not trusted: the table keeps its journal, tries again, and sends it all
once given the right CA), a table or a server without TLS on the TLS port, TLS on the
plain port, a certificate for another name. A chain's bridge over TLS
(``bridge_cafile``) carries a table's events to the central server and the acks back;
given the wrong CA it stays down and its broker's log says why.
"""

from __future__ import annotations

import logging
import os
import socket
import ssl
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from broker_harness import CAFE, Broker, free_port
from cafe_fixtures import KEY, Servers
from cafe_sim import SimTable, play_journal, wait_until
from cafe_tables import ROOT
from tls_harness import (  # noqa: F401 (the fixtures)
    Certificates,
    certificates_fixture,
    make_certificates,
    tls_broker_fixture,
    tls_broker_in,
)

from companion.bus.client import TableBus
from companion.bus.settings import BusSettings
from companion.bus.tls import TABLE, connect_failure, tls_context
from companion.cafe import link
from companion.cafe.server import CafeServer
from companion.cafe.settings import CafeSection
from companion.cafe.store import open_store
from companion.config import Config, parse_config
from companion.errors import ConfigError
from companion.settings_decoder import TOMLValue


@pytest.fixture
def servers(tls_broker: Broker, tmp_path: Path) -> Iterator[Servers]:
    """Cafe servers on an SQLite file, logged in to the TLS broker with its CA."""
    made = Servers(tls_broker.port, tmp_path / "cafe.db", CafeSection(CAFE))
    made.login(tls_broker, tmp_path)
    yield made
    for server in list(made.running):
        made.stop(server)


def held(server: CafeServer) -> tuple[int, int]:
    server.writer.flush()
    return server.store.counts()


def acked(server: CafeServer, table: str) -> int:
    """The last event of ``table`` the server's ack covers (0: none yet)."""
    return server.ingest.ack_of(table).seq if table in server.ingest.tables else 0


def bus_on(settings: BusSettings, journal: Path) -> TableBus:
    bus = TableBus(settings, journal, key=None)
    bus.start()
    return bus


def said(caplog: pytest.LogCaptureFixture, *words: str) -> bool:
    """A warning or worse holds every one of ``words``."""
    return any(
        all(word in record.getMessage() for word in words)
        for record in list(caplog.records)
        if record.levelno >= logging.WARNING
    )


def told_offline(
    caplog: pytest.LogCaptureFixture, settings: BusSettings, journal: Path, *words: str
) -> None:
    """A table bus with ``settings`` does not get online, and its log says ``words``."""
    bus = bus_on(settings, journal)
    try:
        wait_until(lambda: said(caplog, *words), what="why")
        assert not bus.online.is_set()
    finally:
        bus.close()


def tried(caplog: pytest.LogCaptureFixture) -> int:
    """How many connections were refused for a certificate not trusted (each try)."""
    return sum("not trusted" in r.getMessage() for r in list(caplog.records))


def test_a_tables_events_reach_the_server_and_are_acked_over_tls(
    servers: Servers, tls_broker: Broker, tmp_path: Path
) -> None:
    """docs/cafe.md "TLS": the table with ``tls = true`` and ``cafile``, the server with
    ``[broker] cafile``, on a broker that only speaks TLS: every game and event of the
    journal is stored once, and the server's ack covers the last event (the table sends
    each message once the ack covers the one before: the acks reached it over TLS)."""
    server = servers.start()
    path = play_journal(tmp_path / "journal.db", games=2)
    events = len(SimTable("t1", 1, path).events)
    settings = tls_broker.settings("t1")
    assert settings.tls and settings.cafile is not None
    bus = bus_on(settings, path)
    try:
        wait_until(lambda: held(server) == (2, events), what="every game and event")
        wait_until(lambda: acked(server, "t1") == events, what="the ack of the last")
    finally:
        bus.close()
    assert server.ingest.ack_of("t1").games == 2


# -- what an operator gets wrong -----------------------------------------------------------


def table_config(tmp_path: Path, broker: Broker, **cafe: TOMLValue) -> Config:
    """A table's configuration (docs/cafe.md "The table's configuration") for ``broker``."""
    password = tmp_path / "mqtt.password"
    password.write_text(broker.passwords["table-t1"] + "\n", encoding="utf-8")
    section: dict[str, TOMLValue] = {
        "name": CAFE,
        "broker": f"127.0.0.1:{broker.port}",
        "password_file": str(password),
    }
    return parse_config({"table": {"name": "t1"}, "cafe": {**section, **cafe}})


def test_a_table_whose_cafile_is_not_there_stops_at_start(
    tls_broker: Broker, tmp_path: Path
) -> None:
    """docs/cafe.md: a ``cafile`` that cannot be read stops ``companion run`` at start
    with one line naming ``cafe.cafile``, its path and what to put there."""
    missing = tmp_path / "cafe-ca.pem"
    config = table_config(tmp_path, tls_broker, tls=True, cafile=str(missing))
    with pytest.raises(ConfigError) as caught:
        BusSettings.from_config(config)
    message = str(caught.value)
    assert "cafe.cafile" in message and str(missing) in message
    assert "No such file" in message and "CA certificate" in message
    assert "\n" not in message


def test_a_table_given_the_wrong_ca_says_so_keeps_its_journal_and_sends_it_once_fixed(
    servers: Servers, tls_broker: Broker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """docs/cafe.md "TLS": a table whose ``cafile`` is another CA's is refused (it does
    not trust the broker): the log says the broker's certificate is not trusted and
    names ``cafe.cafile`` (the broker's log: ``alert unknown ca``); the table tries
    again, and once given the right CA sends its whole journal, nothing lost."""
    caplog.set_level(logging.DEBUG, logger="companion.bus")
    server = servers.start()
    path = play_journal(tmp_path / "journal.db", games=1)
    events = len(SimTable("t1", 1, path).events)
    other = make_certificates(tmp_path / "other-ca")
    wrong = replace(tls_broker.settings("t1"), cafile=str(other.ca))
    bus = bus_on(wrong, path)
    try:
        wait_until(lambda: said(caplog, "not trusted", "cafe.cafile", str(other.ca)), what="why")
        wait_until(lambda: tried(caplog) >= 2, what="a second try")
        assert not bus.online.is_set()
        wait_until(lambda: "alert unknown ca" in tls_broker.log(), what="the broker's side")
    finally:
        bus.close()
    assert held(server) == (0, 0)
    bus = bus_on(tls_broker.settings("t1"), path)
    try:
        wait_until(lambda: held(server) == (1, events), what="the whole journal")
    finally:
        bus.close()
    assert not [r for r in caplog.records if r.exc_info], "no traceback"


def test_a_table_without_tls_on_the_tls_port_is_told_to_set_tls(
    tls_broker: Broker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A table without ``tls = true`` on the broker's TLS port: the broker closes the
    connection; the table's log says so and names ``tls = true`` in ``[cafe]``."""
    path = play_journal(tmp_path / "journal.db", games=1)
    plain = replace(tls_broker.settings("t1"), tls=False, cafile=None)
    told_offline(caplog, plain, path, "closed the connection", "tls = true")


def test_a_table_with_a_cafile_but_no_tls_stops_at_start(
    tls_broker: Broker, certificates: Certificates, tmp_path: Path
) -> None:
    """The cafe server connects with TLS once it has a ``cafile``; a table needs
    ``tls = true`` too: a ``cafile`` without it is a mistake said at start."""
    config = table_config(tmp_path, tls_broker, cafile=str(certificates.ca))
    with pytest.raises(ConfigError, match=r"cafe.cafile is set but not cafe.tls: .*tls = true"):
        BusSettings.from_config(config)


def test_a_table_with_tls_on_a_plain_port_is_asked_whether_it_is_the_tls_port(
    broker: Broker, certificates: Certificates, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The other way round: ``tls = true`` on the broker's plain port: the broker breaks
    the handshake off; the table's log asks whether that is the TLS port."""
    path = play_journal(tmp_path / "journal.db", games=1)
    settings = replace(broker.settings("t1"), tls=True, cafile=str(certificates.ca))
    told_offline(caplog, settings, path, "TLS handshake", "TLS port")


def test_a_table_trusting_the_systems_cas_is_told_to_set_cafile(
    tls_broker: Broker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """``tls = true`` without ``cafile`` checks the broker against the system's CAs
    (docs/cafe.md), which do not know the cafe's own CA: the log says so."""
    path = play_journal(tmp_path / "journal.db", games=1)
    system = replace(tls_broker.settings("t1"), cafile=None)
    told_offline(caplog, system, path, "not trusted by the system's CAs", "cafe.cafile")


def test_a_broker_certificate_for_another_name_is_said_with_the_name(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """docs/cafe.md: the certificate names the host the tables use in ``broker =``; one
    made for another name is refused, and the log names the host and ``cafe.broker``."""
    elsewhere = make_certificates(tmp_path / "certs", names="DNS:elsewhere.example")
    broker = tls_broker_in(tmp_path / "broker", elsewhere)
    broker.start()
    path = play_journal(tmp_path / "journal.db", games=1)
    try:
        told_offline(caplog, broker.settings("t1"), path, "is not for 127.0.0.1", "set cafe.broker")
    finally:
        broker.kill()


def test_a_certificate_out_of_its_dates_is_said_with_todays_date() -> None:
    """A Pi whose clock is not set yet (no network time) sees the broker's certificate
    as not yet valid, a forgotten one expires: the words say the date and the two fixes
    (the error as Python's ssl module raises it; openssl 3.0 cannot back-date a test
    certificate)."""
    error = ssl.SSLCertVerificationError(1, "certificate verify failed")
    error.verify_code, error.verify_message = 9, "certificate is not yet valid"
    why = connect_failure(error, "cafe-server.local", 8883, cafile="ca.pem", tls=True, keys=TABLE)
    assert "out of date (certificate is not yet valid; today is " in why
    assert why.endswith("renew it, or set this machine's clock")


def test_a_failed_handshake_closes_its_socket() -> None:
    """docs/cafe.md "TLS": a table or a server with the wrong CA, or on a plain port,
    tries again and again; paho leaves a socket whose handshake failed open, so the
    context's sockets close themselves (no open file left per try)."""
    ours, theirs = socket.socketpair()
    theirs.close()  # the far end goes: the handshake fails
    wrapped = tls_context(None, TABLE.cafile).wrap_socket(
        ours, server_hostname="cafe-server.local", do_handshake_on_connect=False
    )
    with pytest.raises(OSError):
        wrapped.do_handshake()
    assert wrapped.fileno() == -1


# -- the server's side ----------------------------------------------------------------------


class Failing:
    """A cafe server that will not connect (its settings are the test's)."""

    def __init__(self, servers: Servers, cafile: str) -> None:
        broker = replace(servers.settings.broker, cafile=cafile)
        settings = replace(servers.settings, broker=broker)
        self.server = CafeServer(settings, open_store(settings.database_target()), key=KEY)

    def __enter__(self) -> CafeServer:
        self.server.start()
        return self.server

    def __exit__(self, *_: object) -> None:
        self.server.stop()
        self.server.store.close()


def test_a_server_whose_cafile_is_not_there_stops_with_one_line(
    tls_broker: Broker, tmp_path: Path
) -> None:
    """``companion cafe`` with a ``[broker] cafile`` it cannot read: one line naming
    ``broker.cafile`` and its path, exit status 2, no traceback."""
    missing = tmp_path / "cafe-ca.pem"
    config = tmp_path / "cafe.toml"
    config.write_text(
        f'[cafe]\nname = "{CAFE}"\n'
        f'[broker]\nhost = "127.0.0.1"\nport = {tls_broker.port}\ncafile = "{missing}"\n'
        f'[database]\npath = "{tmp_path / "cafe.db"}"\n'
        f'[web]\nport = {free_port()}\npassword_file = "{tmp_path / "pw"}"\n'
        f'secret_file = "{tmp_path / "cookie.key"}"\n[staff]\nkey_file = "{tmp_path / "k"}"\n',
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "companion", "cafe", "--config", str(config)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("companion cafe:")]
    assert len(errors) == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"broker.cafile {missing}: cannot read it (No such file or directory)" in errors[0]


def test_a_server_given_the_wrong_ca_says_so_once(
    servers: Servers,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server's ``cafile`` another CA's: it does not connect, and its log says the
    broker's certificate is not trusted by ``broker.cafile``, once for the outage (the
    retries go to the debug log)."""
    caplog.set_level(logging.DEBUG, logger="companion.cafe")
    # A retry each tenth of a second (not 1 s, then 2 s): the tries come 3 s sooner.
    monkeypatch.setattr(link, "RECONNECT_DELAY", (0.1, 0.1))
    other = make_certificates(tmp_path / "other-ca")
    with Failing(servers, str(other.ca)) as server:
        wait_until(lambda: tried(caplog) >= 2, what="a retry")
        assert not server.link.connected.is_set()
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING and "trusted" in r.message]
    assert len(warned) == 1
    assert f"not trusted by broker.cafile {other.ca}" in warned[0].message


def test_a_server_without_tls_on_the_tls_port_is_told_to_set_cafile(
    servers: Servers, caplog: pytest.LogCaptureFixture
) -> None:
    """The server without ``cafile`` on the broker's TLS port: the broker closes the
    connection before answering; the log says so and names ``cafile in [broker]``."""
    with Failing(servers, "") as server:
        wait_until(lambda: said(caplog, "closed the connection", "cafile in [broker]"), what="why")
        assert not server.link.connected.is_set()


# -- a chain's bridge -----------------------------------------------------------------------


class TlsChain:
    """docs/cafe.md "A chain of cafes" with its TLS lines: a central broker listening
    with TLS, and plainly on loopback for the central server on its machine; the cafe
    ``corner``'s broker listening with TLS too (for its tables) and bridging to the
    central one with ``bridge_cafile``; one CA."""

    def __init__(self, folder: Path, certificates: Certificates) -> None:
        (folder / "central").mkdir()
        self.central = Broker(folder / "central", tls=certificates, local_port=free_port())
        self.central.configure_central(("corner",))
        (folder / "corner").mkdir()
        self.corner = Broker(folder / "corner", tls=certificates)
        self.corner.configure("corner", ("t1",), bridge=self.central)
        assert self.central.local_port is not None
        chain = CafeSection("chain", ["corner"])
        self.servers = Servers(self.central.local_port, folder / "cafe.db", chain)
        self.servers.login(self.central, folder)

    def trust(self, ca: Path) -> None:
        """The corner's bridge trusts ``ca`` instead (its ``bridge_cafile``)."""
        conf = self.corner.folder / "mosquitto.conf"
        assert self.central.tls is not None
        right = f"bridge_cafile {self.central.tls.ca}"
        assert right in conf.read_text(encoding="utf-8")
        text = conf.read_text(encoding="utf-8").replace(right, f"bridge_cafile {ca}")
        conf.write_text(text, encoding="utf-8")

    def start(self) -> None:
        self.central.start()
        self.corner.start()

    def close(self) -> None:
        for server in list(self.servers.running):
            self.servers.stop(server)
        self.corner.kill()
        self.central.kill()


@pytest.fixture
def chain(tmp_path: Path, certificates: Certificates) -> Iterator[TlsChain]:
    made = TlsChain(tmp_path, certificates)
    yield made
    made.close()


def test_a_bridge_over_tls_carries_a_tables_events_to_the_centre_and_the_acks_back(
    chain: TlsChain, tmp_path: Path
) -> None:
    """docs/cafe.md "A chain of cafes" with its TLS lines: a table of ``corner`` over
    TLS to its cafe's broker, the bridge over TLS (``bridge_cafile``) to the central
    broker, the central server on its loopback listener: the events are stored in
    order as ``corner.t1``, and the acks come back through the bridge (the table sends each
    message once the ack covers the one before). The first ten events: each round trip
    through a bridge takes tens of milliseconds (with or without TLS), the whole
    journal is the test above's."""
    chain.start()
    server = chain.servers.start()
    path = play_journal(tmp_path / "journal.db", games=1)
    bus = bus_on(chain.corner.settings("t1", cafe="corner"), path)
    try:
        wait_until(lambda: acked(server, "corner.t1") >= 10, what="ten events acked")
    finally:
        bus.close()
    server.writer.flush()
    stored = [e.seq for e in server.store.events("corner.t1", 1)]
    assert stored[:10] == list(range(1, 11))


def test_a_bridge_with_the_wrong_ca_stays_down_and_its_broker_says_why(
    chain: TlsChain, tmp_path: Path
) -> None:
    """A cafe's ``bridge_cafile`` another CA's: the bridge does not connect (the central
    broker sees no ``bridge-corner``) and the cafe's broker log says the certificate
    was not verified (``/var/log/mosquitto/mosquitto.log``, docs/cafe.md)."""
    chain.trust(make_certificates(tmp_path / "other-ca").ca)
    chain.start()
    wait_until(lambda: "certificate verify failed" in chain.corner.log(), what="the log")
    assert "bridge-corner" not in chain.central.log()
