"""Signed staff commands (issue 14, docs/cafe.md "command"): the table acts only on
a command signed with the cafe's staff key, for itself, recent and never seen before;
everything else is refused with one line saying why."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import threading
from typing import Any

import pytest
from broker_harness import SERVER, Broker, broker_fixture, key_fixture  # noqa: F401 (the fixtures)

from companion.bus.client import TableBus
from companion.bus.commands import NONCE_SECONDS, CommandChecker
from companion.bus.contract import Command, sign
from companion.bus.errors import CommandRefusedError
from companion.journal import Journal

NOW = 1_700_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


def body(**changes: Any) -> dict[str, Any]:
    command: dict[str, Any] = {
        "v": 1,
        "cafe": "rosie",
        "table": "t1",
        "action": "message",
        "args": {"text": "Your pizza is ready"},
        "ts": NOW,
        "nonce": "0123456789abcdef" * 2,
    }
    command.update(changes)
    return command


def names(given: list[str]) -> dict[str, Any]:
    return body(action="names", args={"names": given, "phone": True})


def checker(key: bytes, clock: Clock | None = None) -> CommandChecker:
    return CommandChecker(key, cafe="rosie", table="t1", clock=clock or Clock())


def test_the_signature_is_the_contracts_hmac(key: bytes) -> None:
    """Contract: sig = HMAC-SHA256(staff key, canonical JSON without sig), hex; the
    canonical JSON has sorted keys and compact separators."""
    signed = json.loads(sign(body(), key))
    canonical = json.dumps(body(), sort_keys=True, separators=(",", ":")).encode()
    assert signed["sig"] == hmac.new(key, canonical, hashlib.sha256).hexdigest()
    assert len(signed["sig"]) == 64
    assert checker(key).check(sign(body(), key)) == Command("message", text="Your pizza is ready")


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (lambda key: json.dumps(body()).encode(), "unsigned"),
        (lambda key: sign(body(), bytes(32)), "bad signature"),
        (lambda key: sign(body(), key).replace(b"pizza", b"pasta"), "bad signature"),
        (lambda key: sign(body(table="t2"), key), "not for this table"),
        (lambda key: sign(body(cafe="other"), key), "not for this table"),
        (lambda key: sign(body(ts=NOW - 121), key), "off the table's clock"),
        (lambda key: sign(body(ts=NOW + 121), key), "off the table's clock"),
        (lambda key: sign(body(ts="soon"), key), "not a time"),
        (lambda key: sign(body(nonce="xyz"), key), "nonce is not 32 hex"),
        (lambda key: sign(body(v=2), key), "unknown version"),
        (lambda key: sign(body(action="shutdown"), key), "unknown action"),
        (lambda key: sign(body(args={"text": "x" * 201}), key), "longer than 200"),
        (lambda key: sign(body(action="names", args={"names": []}), key), "1 to 8 names"),
        (lambda key: sign(body(action="names", args={"names": ["", "B"]}), key), "1 to 20"),
        (lambda key: b"\xff not json", "not UTF-8 JSON"),
        (lambda key: b"[1, 2]", "not a JSON object"),
        # Issue 22: the contract's edge, as the server checks what it stores.
        (lambda key: sign(body(ts=float("nan")), key), "NaN is not a number"),
        (lambda key: sign(body(ts=float("inf")), key), "Infinity is not a number"),
        (lambda key: sign(names(["Ana\x00", "B"]), key), "holds NUL"),
        (lambda key: sign(names(["Ana\ud800", "B"]), key), "lone surrogate"),
        (lambda key: sign(names(["Ana\x1b[2J", "B"]), key), "control character"),
        (lambda key: sign(names(["A" * 21, "B"]), key), "1 to 20 characters"),
        (lambda key: sign(names(["A"] * 9), key), "1 to 8 names"),
        (lambda key: b"[" * 100_000 + b"]" * 100_000, "nested deeper than 32"),
        (lambda key: b'{"pad":"' + b"x" * 300_000 + b'"}', "more than 262144"),
    ],
)
def test_a_forged_or_wrong_command_is_refused_saying_why(
    key: bytes, payload: Any, why: str
) -> None:
    """Issue 14: unsigned, wrong key, changed, another table or cafe, stale, malformed."""
    with pytest.raises(CommandRefusedError, match=why):
        checker(key).check(payload(key))


def test_a_replayed_command_is_refused_until_its_nonce_is_forgotten(key: bytes) -> None:
    """Contract: a nonce seen in the last 10 minutes is refused; older ones are
    forgotten (the ts window refuses those commands anyway)."""
    clock = Clock()
    check = checker(key, clock)
    check.check(sign(body(), key))
    with pytest.raises(CommandRefusedError, match="seen before"):
        check.check(sign(body(), key))
    clock.now += NONCE_SECONDS + 1
    with pytest.raises(CommandRefusedError, match="off the table's clock"):
        check.check(sign(body(), key))  # the same command, now stale
    check.check(sign(body(ts=clock.now), key))  # the nonce forgotten: a new command


def test_a_table_without_a_staff_key_refuses_every_command(key: bytes) -> None:
    with pytest.raises(CommandRefusedError, match="no staff key"):
        CommandChecker(None, cafe="rosie", table="t1", clock=Clock()).check(sign(body(), key))


def test_forged_commands_through_the_broker_are_refused_and_logged(
    tmp_path: Any, broker: Broker, key: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 14 "tested as it will be used": the cafe's server publishes forged and
    genuine commands on the table's topic; the table takes the genuine ones only, and
    logs one line per refusal."""
    Journal.open(tmp_path / "j.db").close()
    clock = Clock()
    bus = TableBus(broker.settings("t1"), tmp_path / "j.db", key=key, clock=clock)
    bus.start()
    staff = broker.client(SERVER)
    caplog.set_level(logging.WARNING, logger="companion.bus")
    try:
        assert bus.online.wait(10.0)
        genuine = sign(body(), key)
        forged = [
            json.dumps(body()).encode(),  # unsigned
            sign(body(nonce="1" * 32), bytes(32)),  # another key
            genuine,
            genuine,  # replayed
            sign(body(nonce="2" * 32, ts=NOW - 600), key),  # stale
            sign(body(nonce="3" * 32, table="t2"), key),  # another table's
        ]
        last = sign(body(nonce="4" * 32, action="reset", args={}), key)
        for payload in [*forged, last]:
            staff.publish("companion/rosie/t1/command", payload, qos=1)
        taken = [bus.commands.get(timeout=10.0), bus.commands.get(timeout=10.0)]
    finally:
        staff.disconnect()
        staff.loop_stop()
        bus.close()
    assert [command.action for command in taken] == ["message", "reset"]
    assert bus.commands.empty()
    refusals = [r.getMessage() for r in caplog.records if "command refused" in r.getMessage()]
    assert len(refusals) == 5
    for why in ("unsigned", "bad signature", "seen before", "off the table's clock", "'t2'"):
        assert any(why in line for line in refusals), why


def test_a_command_replayed_after_the_table_restarts_is_refused(
    tmp_path: Any, broker: Broker, key: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22: a captured command sent again after the table restarted, within its
    two minutes, was taken again (nonces were kept in memory only): now the table's
    journal file keeps them, and the replay is refused."""
    Journal.open(tmp_path / "j.db").close()
    clock = Clock()
    genuine = sign(body(), key)
    staff = broker.client(SERVER)
    caplog.set_level(logging.WARNING, logger="companion.bus")
    taken = []
    try:
        for run, payloads in enumerate(([genuine], [genuine, sign(body(nonce="5" * 32), key)])):
            bus = TableBus(broker.settings("t1"), tmp_path / "j.db", key=key, clock=clock)
            bus.start()
            try:
                assert bus.online.wait(10.0), f"run {run}: not online"
                for payload in payloads:
                    staff.publish("companion/rosie/t1/command", payload, qos=1)
                taken.append(bus.commands.get(timeout=10.0))
            finally:
                bus.close()
            assert bus.commands.empty()
    finally:
        staff.disconnect()
        staff.loop_stop()
    assert len(taken) == 2  # the first run's command, then only the new one
    refusals = [r.getMessage() for r in caplog.records if "command refused" in r.getMessage()]
    assert refusals == [f"cafe: command refused: nonce {'0123456789abcdef' * 2} seen before"]


def test_a_deep_nested_command_leaves_the_tables_network_thread_alive(
    tmp_path: Any, broker: Broker, key: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 22: a command nested 100,000 deep killed the table's MQTT thread
    (RecursionError in the callback); now refused before parsing, and the next
    command is taken."""
    Journal.open(tmp_path / "j.db").close()
    bus = TableBus(broker.settings("t1"), tmp_path / "j.db", key=key, clock=Clock())
    bus.start()
    staff = broker.client(SERVER)
    caplog.set_level(logging.WARNING, logger="companion.bus")
    try:
        assert bus.online.wait(10.0)
        staff.publish("companion/rosie/t1/command", b"[" * 100_000 + b"]" * 100_000, qos=1)
        staff.publish("companion/rosie/t1/command", sign(body(), key), qos=1)
        taken = bus.commands.get(timeout=10.0)
    finally:
        staff.disconnect()
        staff.loop_stop()
        bus.close()
    assert taken.action == "message"
    assert any("nested deeper" in r.getMessage() for r in caplog.records)


def test_a_dead_network_thread_is_replaced_by_a_new_connection(
    tmp_path: Any, broker: Broker, key: bytes
) -> None:
    """Issue 22: a table whose MQTT thread died stayed "online" and deaf. Now the bus
    sees it within a second, connects again, and takes the next command."""
    Journal.open(tmp_path / "j.db").close()
    bus = TableBus(broker.settings("t1"), tmp_path / "j.db", key=key, clock=Clock())
    bus.start()
    staff = broker.client(SERVER)
    try:
        assert bus.online.wait(10.0) and bus.link is not None
        first = bus.link
        first.client.loop_stop()  # the thread ends, as an uncaught exception would end it
        deadline = threading.Event()
        for _ in range(500):  # paces the look (no timing rests on it): at most 10 s
            if bus.connections == 2 and bus.online.is_set():
                break
            deadline.wait(0.02)
        assert bus.connections == 2 and bus.link is not first, "no new connection"
        staff.publish("companion/rosie/t1/command", sign(body(), key), qos=1)
        assert bus.commands.get(timeout=10.0).action == "message"
    finally:
        staff.disconnect()
        staff.loop_stop()
        bus.close()
