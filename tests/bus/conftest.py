"""Fixtures of the cafe bus tests: a real Mosquitto (tests/bus/broker_harness.py), the
cafe's staff key, a test server; the daemon harness of tests/daemon for the daemon tests."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daemon"))

from broker_harness import Broker, Server

from card_codes.keys import generate_key


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    """Mosquitto on a free loopback port, with passwords and the contract's ACL."""
    if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
        pytest.fail("mosquitto is not installed (scripts/bootstrap.sh test installs it)")
    folder = tmp_path / "broker"
    folder.mkdir()
    running = Broker(folder)
    running.configure()
    running.start()
    yield running
    running.kill()


@pytest.fixture
def server(broker: Broker) -> Iterator[Server]:
    """The cafe's server, acknowledging what it stores."""
    listening = Server(broker)
    yield listening
    listening.close()


@pytest.fixture
def key() -> bytes:
    """The cafe's staff key (the staff cards' key, which signs commands too)."""
    return generate_key()
