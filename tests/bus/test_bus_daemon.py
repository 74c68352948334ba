"""A daemon on the cafe's bus (issue 14): signed staff commands acted on through the
main loop, and the table's state published when it changes, with a real Mosquitto.

The daemon is tests/daemon's harness (fake devices, the real loop, session, journal,
flows and interface) with a :class:`Remote` over a :class:`TableBus`.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from broker_harness import SERVER, Broker, Server, broker_fixture, key_fixture, server_fixture  # noqa: F401 (the fixtures)
from daemon_harness import ManualClock, make_daemon, part_of

from companion.bus.client import TableBus
from companion.bus.contract import sign
from companion.config import KioskSection, parse_config
from companion.daemon.build import build_daemon
from companion.daemon.remote import Remote
from companion.daemon.runtime import Daemon
from companion.errors import ConfigError
from companion.games.json_types import JSONObject
from companion.table.cards import TableCard
from companion.table.tracker import CardPlaced
from companion.ui.ingame import IdlePage
from companion.views import MessageView


@dataclass
class Cafe:
    daemon: Daemon
    bus: TableBus
    clock: ManualClock
    staff: mqtt.Client
    key: bytes

    def send(self, action: str, args: JSONObject) -> None:
        """The server's staff action, signed, taken by the daemon's next turn."""
        body: JSONObject = {
            "v": 1,
            "cafe": "rosie",
            "table": "t1",
            "action": action,
            "args": args,
            "ts": time.time(),
            "nonce": secrets.token_hex(16),
        }
        self.staff.publish("companion/rosie/t1/command", sign(body, self.key), qos=1)
        command = self.bus.commands.get(timeout=10.0)  # the bus's thread checked it...
        self.bus.commands.put(command)
        self.turn()  # ...and the loop carries it out
        assert self.bus.commands.empty()

    def turn(self, seconds: float = 0.2) -> None:
        self.clock.advance(seconds)
        self.daemon.step()


@pytest.fixture
def cafe(tmp_path: Path, broker: Broker, key: bytes, server: Server) -> Iterator[Cafe]:
    clock = ManualClock()
    bus = TableBus(broker.settings("t1"), tmp_path / "j.db", key=key)
    kiosk = KioskSection(enabled=True)
    daemon = make_daemon(
        tmp_path / "j.db", [], clock=clock, kiosk=kiosk, parts=lambda table: [Remote(table, bus)]
    )
    daemon.start()
    part_of(daemon, Remote).start()  # as run() does: the bus's thread, the log handler
    assert bus.online.wait(10.0)
    # The server's own client: the broker binds client ids to accounts (issue 22), so a
    # second cafe-server client would take over the first one's connection.
    yield Cafe(daemon, bus, clock, server.client, key)
    bus.close()


def test_a_signed_message_is_shown_on_the_oled(cafe: Cafe) -> None:
    """Issue 14 "show a message": an info notice with the staff's text."""
    cafe.send("message", {"text": "Your pizza is ready"})
    view = cafe.daemon.app.screen(cafe.clock())
    assert isinstance(view, MessageView) and view.lines == ("Your pizza is ready",)


def test_signed_names_then_a_reset_act_on_the_game_in_play(cafe: Cafe, server: Server) -> None:
    """Issue 14 "set player names" and "reset the table": the names go to the journal
    (the server gets the renamed row) and to the screens; the reset ends the game with
    the reason "staff" (kept in the history) and shows the attract screen."""
    daemon = cafe.daemon
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    game = daemon.session.game_id
    assert game is not None
    cafe.turn()
    cafe.send("names", {"names": ["Zoe", "Yan", "Xi"]})
    journal = daemon.session.journal
    assert journal.game(game).players == ("Zoe", "Yan", "Xi")
    assert daemon.app.players == ("Zoe", "Yan", "Xi")
    flow = daemon.session.flow
    assert flow is not None and flow.record()["players"] == ["Zoe", "Yan", "Xi"]
    server.wait(
        lambda: server.rows.get(("t1", game), {}).get("players") == ["Zoe", "Yan", "Xi"], "renamed"
    )
    cafe.send("reset", {})
    assert daemon.session.flow is None
    ended = journal.game(game)
    assert ended.ended is not None and ended.result is not None
    assert ended.result.reason == "staff"
    assert isinstance(daemon.app.page, IdlePage)
    server.wait(lambda: server.rows[("t1", game)]["ended"] is not None, "the reset game's end")
    assert server.rows[("t1", game)]["result"]["reason"] == "staff"


def test_names_refused_for_another_number_of_players(
    cafe: Cafe, caplog: pytest.LogCaptureFixture
) -> None:
    daemon = cafe.daemon
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    cafe.send("names", {"names": ["Zoe", "Yan"]})
    assert daemon.app.players == ("Ana", "Ben", "Cy")
    assert "names Zoe, Yan refused" in caplog.text


def test_signed_names_giving_one_name_to_two_seats_are_refused(
    cafe: Cafe, caplog: pytest.LogCaptureFixture
) -> None:
    """The staff's names, as the OLED's wheel and the phone page: each seat its own
    name (letter case aside), so a record of the game scores (issue 14 "set names")."""
    daemon = cafe.daemon
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    cafe.send("names", {"names": ["Zoe", "Yan", "zoe"]})
    assert daemon.app.players == ("Ana", "Ben", "Cy")
    assert "names Zoe, Yan, zoe refused: zoe is named twice" in caplog.text


def test_signed_names_with_no_game_go_to_the_next_setup(cafe: Cafe) -> None:
    cafe.send("names", {"names": ["Zoe", "Yan"]})
    assert cafe.daemon.app.wizard.preset_names == ("Zoe", "Yan")


def states(server: Server) -> list[dict[str, Any]]:
    return [json.loads(payload) for payload in server.on("t1", "state")]


def test_the_state_is_published_when_it_changes_at_most_once_a_second(
    cafe: Cafe, server: Server
) -> None:
    """Contract "state": retained, on every change, at most once a second; the game,
    its players, round, whose turn and totals, the devices, the idle time."""
    cafe.turn()
    server.wait(lambda: len(states(server)) == 1, "the first state")
    first = states(server)[0]
    assert first["v"] == 1 and (first["cafe"], first["table"]) == ("rosie", "t1")
    assert first["game"] is None
    assert first["devices"] == {
        "camera": "ok",
        "display": "ok",
        "buttons": "ok",
        "journal": "ok",
    }
    daemon = cafe.daemon
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    cafe.turn()  # within the second: not yet
    daemon.table_event(
        CardPlaced(TableCard("fibonachos/1/S3#1", "fibonachos", "S3#1", "spicy")), cafe.clock()
    )
    for _ in range(4):
        cafe.turn()  # a second later: the newest state only
    server.wait(lambda: len(states(server)) == 2, "the game's state")
    for _ in range(10):
        cafe.turn()  # nothing changes: nothing is published
    cafe.send("names", {"names": ["Zoe", "Yan", "Xi"]})
    for _ in range(5):
        cafe.turn()
    server.wait(lambda: len(states(server)) == 3, "the renamed state")
    playing, renamed = states(server)[1:]
    assert playing["game"] == {
        "id": daemon.session.game_id,
        "game": "fibonachos",
        "label": "Fibonachos",
        "players": ["Ana", "Ben", "Cy"],
        "round": 1,
        "to_play": playing["game"]["to_play"],
        "totals": [0, 0, 0],
        "over": False,
        "winners": [],
        "journal": daemon.session.journal.identity,  # issue 26: the id is this journal's
    }
    assert isinstance(playing["game"]["to_play"], int)
    assert renamed["game"]["players"] == ["Zoe", "Yan", "Xi"]
    assert 0.0 <= playing["idle"] < renamed["idle"]  # nobody played since the card
    retained = Server(server.broker)
    try:
        retained.wait(lambda: len(states(retained)) == 1, "the retained state")
        assert states(retained)[0]["game"]["players"] == ["Zoe", "Yan", "Xi"]
    finally:
        retained.close()


def test_companion_run_with_a_cafe_broker_joins_the_cafe(
    tmp_path: Path, broker: Broker, server: Server
) -> None:
    """Issue 14: the configuration's ``[cafe]`` (docs/cafe.md) is all ``companion run``
    needs: the daemon publishes ``online`` and its state while it runs, ``offline``
    when it stops."""
    password = tmp_path / "mqtt.password"
    password.write_text(broker.passwords["table-t1"] + "\n", encoding="utf-8")
    config = parse_config(
        {
            "camera": {"kind": "fake"},
            "display": {"kind": "fake"},
            "buttons": {"kind": "fake"},
            "journal": {"path": str(tmp_path / "j.db")},
            "phone": {"enabled": False},
            "staff": {"key_file": str(tmp_path / "no.key")},
            "table": {"name": "t1", "deck_copy": 1},
            "cafe": {
                "name": "rosie",
                "broker": f"127.0.0.1:{broker.port}",
                "password_file": str(password),
            },
        }
    )
    daemon = build_daemon(config)
    assert part_of(daemon, Remote).bus.settings.username == "table-t1"
    asked: list[bool] = []

    def stop_once_the_server_has_the_state() -> bool:
        asked.append(True)
        if len(asked) > 1:  # after one turn of the loop
            server.wait(lambda: bool(server.on("t1", "state")), "the state")
            return True
        return False

    daemon.run(stop_once_the_server_has_the_state)
    server.wait(lambda: server.on("t1", "status")[-1:] == [b"offline"], "offline")
    assert server.on("t1", "status") == [b"online", b"offline"]
    assert json.loads(server.on("t1", "state")[0])["game"] is None


def test_a_cafe_broker_without_paho_mqtt_is_a_settings_mistake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library is the ``cafe`` extra: without it, ``companion run`` stops at start
    with one line naming it (not mid-game)."""
    monkeypatch.setitem(sys.modules, "paho.mqtt.client", None)
    config = parse_config(
        {
            "camera": {"kind": "fake"},
            "display": {"kind": "fake"},
            "buttons": {"kind": "fake"},
            "journal": {"path": str(tmp_path / "j.db")},
            "phone": {"enabled": False},
            "table": {"name": "t1"},
            "cafe": {"name": "rosie", "broker": "127.0.0.1"},
        }
    )
    with pytest.raises(ConfigError, match="paho-mqtt is not installed"):
        build_daemon(config)
