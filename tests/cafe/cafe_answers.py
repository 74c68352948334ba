"""A table answering the cafe's commands in-process (no broker): what the server
publishes to table t1 is checked by the table's own
:class:`~companion.bus.commands.CommandChecker`, carried out by its
:class:`~companion.daemon.remote.Remote`, and the state the table would publish next
(with its answer to a phone's names) is taken by the server at once, after a turn of
the table's loop."""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any, cast

from cafe_fixtures import KEY
from cafe_sim import CAFE

from companion.bus.client import TableBus
from companion.bus.commands import CommandChecker
from companion.bus.contract import Topics
from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.daemon.phone import Phone
from companion.daemon.remote import Remote
from companion.daemon.runtime import Daemon
from companion.games.json_types import JSON


def remote_of(daemon: Daemon, table: str = "t1") -> Remote:
    """The daemon's :class:`Remote`, over a bus that only names the topics (its state
    is built, never published)."""
    bus = SimpleNamespace(settings=SimpleNamespace(topics=Topics(CAFE, table)))
    phone = next((part for part in daemon.parts if isinstance(part, Phone)), None)
    return Remote(daemon.facade, cast(TableBus, bus), phone)


def answering(server: CafeServer, daemon: Daemon, table: str = "t1") -> list[dict[str, Any]]:
    """Every command the server publishes to ``table`` from now on (the list returned),
    each acted on by ``daemon`` as its bus would, and its state taken by the server.
    Called again for another table, each table's commands go to its own daemon."""
    checker = CommandChecker(KEY, cafe=CAFE, table=table, clock=server.clock)
    remote = remote_of(daemon, table)
    published: list[dict[str, Any]] = []
    ours, others = table, server.link.publish_command

    def publish(table: str, body: Mapping[str, JSON]) -> None:
        if table != ours:
            others(table, body)
            return
        published.append(cast(dict[str, Any], body))
        command = checker.check(json.dumps(body).encode())
        now = daemon.app.now
        remote.act(command, now)
        daemon.step()  # the loop's turn: the OLED offers what it took
        server.take([Incoming(table, "state", remote.state(now).payload(Topics(CAFE, table)))])

    server.link.publish_command = publish  # type: ignore[method-assign]
    return published
