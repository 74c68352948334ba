"""A broker frozen for a while, then resumed (a stalled machine, a `kill -STOP`, a VM
paused): the server's log says the broker did not answer, not "if that is its TLS port,
set cafile" (docs/cafe.md "The server's settings": a connection that fails says why,
naming what to change; a wrong hint sends the staff after the wrong setting)."""

from __future__ import annotations

import logging
import os
import signal

import pytest
from broker_harness import Broker
from cafe_fixtures import Servers
from cafe_sim import wait_until

from companion.cafe import link


def _lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in list(caplog.records) if r.name == "companion.cafe"]


def test_a_frozen_broker_is_said_silent_not_a_tls_port(
    broker: Broker,
    servers: Servers,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real Mosquitto stopped (SIGSTOP) under a connected server: its connections are
    taken by the kernel and never answered; the server says so once, with no word of
    TLS, and connects again once the broker goes on (SIGCONT)."""
    caplog.set_level(logging.DEBUG, logger="companion.cafe")
    monkeypatch.setattr(link, "KEEPALIVE", 2)  # the keep-alive runs out in seconds, not 60
    server = servers.start()
    assert broker.process is not None
    os.kill(broker.process.pid, signal.SIGSTOP)
    try:
        wait_until(lambda: not server.link.connected.is_set(), 30, "the connection given up")
        wait_until(
            lambda: any("did not answer it in time" in line for line in _lines(caplog)),
            30,
            "the silent broker said",
        )
    finally:
        os.kill(broker.process.pid, signal.SIGCONT)
    assert server.link.connected.wait(30), "the server did not connect again"
    silent = [line for line in _lines(caplog) if "did not answer it in time" in line]
    assert "is it stopped, frozen or overloaded?" in silent[0]
    assert [line for line in _lines(caplog) if "TLS" in line] == []
