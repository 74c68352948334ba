"""The cafe over TLS (docs/cafe.md "TLS"), for real: a throwaway CA and a broker
certificate made with ``openssl``, Mosquitto listening with TLS only (passwords and the
contract's ACL as in the cafe), the real table's bus (:class:`TableBus`, ``tls = true``
and ``cafile``) and the real cafe server (``[broker] cafile``).

A table's events reach the server and are acknowledged over TLS exactly as without it;
and the mistakes an operator makes with TLS each give one line naming the setting and
the fix, never a traceback: a ``cafile`` that is not there (at start), the wrong CA (a
certificate not trusted: the table keeps its journal, tries again, and sends it all
once given the right CA), a table or a server without TLS on the TLS port.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from broker_harness import CAFE, Broker
from cafe_fixtures import Servers
from cafe_sim import SimTable, play_journal, wait_until
from tls_harness import Certificates, certificates_fixture, make_certificates, tls_broker_fixture  # noqa: F401 (the fixtures)

from companion.bus.client import TableBus
from companion.bus.settings import BusSettings
from companion.cafe.server import CafeServer
from companion.cafe.settings import CafeSection


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
        wait_until(lambda: server.ingest.ack_of("t1").seq == events, what="the ack of the last")
    finally:
        bus.close()
    assert server.ingest.ack_of("t1").games == 2
