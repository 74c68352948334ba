"""Issue 26 item 5: ``companion demo --cafe`` shows a whole cafe on one machine in a
minute (a broker, the cafe server, four tables each playing a game of its own, the hex
game refereed by the camera among them), prints the dashboard's link and each table's
phone page, and Ctrl-C (or SIGTERM) stops it all, nothing left running; with no
Mosquitto it says so in one line. The hex table's games reach the cafe whole (H4)."""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2
import paho.mqtt.client as mqtt
import pytest
from broker_harness import MOSQUITTO
from cafe_browser import CHROMEDRIVER, CHROMIUM, chromium, wait_for
from cafe_fixtures import KEY, PASSWORD_HASH, Servers
from cafe_sim import CAFE, wait_until
from paho.mqtt.enums import CallbackAPIVersion
from starlette.testclient import TestClient

from companion.bus.contract import GameRow
from companion.cafe.server import CafeServer
from companion.cafe.store import GameQuery
from companion.cli import main
from companion.cli.cafe_demo import PLANS, answers
from companion.cli.cafe_demo_tables import DemoTable
from companion.games.hex import SPEC as HEX
from companion.games.hex import HexReport
from companion.games.scoring import score_record
from companion.journal import Journal
from companion.synthetic.table_events import scripted_game
from companion.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
#: Each table's game, as the dashboard names it.
GAMES = {plan.name: plan.game for plan in PLANS}
#: The table that plays the hex game, refereed by the camera.
HEX_PLAN = next(plan for plan in PLANS if plan.game == HEX.name)
#: Seconds the demo may take to start (two processes, three tables) or to stop.
DEADLINE = 60.0


class Demo:
    """``python -m companion demo --cafe`` in a process of its own, its lines read as
    they come (a thread), and the processes it started."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "demo", "--cafe"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            start_new_session=True,  # its own process group, as a terminal's job is
        )
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if "Ctrl-C" in line:
                self.ready.set()
        self.ready.set()  # ended: the test reads what it said

    def link(self, label: str) -> str:
        return self.links(label)[0]

    def links(self, label: str) -> list[str]:
        found = [line.split()[-1] for line in self.lines if line.startswith(label)]
        assert found, "\n".join(self.lines)
        return found

    def children(self) -> list[int]:
        """The processes the demo started (the broker, the cafe server)."""
        pid = self.process.pid
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="ascii")
        return [int(p) for p in text.split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
    return status != "Z"


@pytest.fixture
def demo() -> Iterator[Demo]:
    made = Demo()
    yield made
    if made.process.poll() is None:  # a failed test: stop it all anyway
        made.process.send_signal(signal.SIGTERM)
        made.process.wait(DEADLINE)
    # The reader ends at the end of the output (every process holding the pipe gone);
    # then its end of the pipe is closed. (Not while it reads: close would wait on it.)
    made.reader.join(DEADLINE)
    if not made.reader.is_alive() and made.process.stdout is not None:
        made.process.stdout.close()


def _tables(base: str) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = httpx2.get(f"{base}/.json", timeout=5).json()["tables"]
    return tables


@pytest.mark.skipif(MOSQUITTO is None, reason="mosquitto is not installed")
@pytest.mark.parametrize(
    "stop",
    # Ctrl-C in the fast set; SIGTERM (a service manager's stop) too in the slow set.
    [signal.SIGINT, pytest.param(signal.SIGTERM, marks=pytest.mark.slow)],
    ids=["ctrl-c", "sigterm"],
)
def test_the_cafe_demo_answers_with_four_tables_and_stops_clean(
    demo: Demo, stop: signal.Signals, tmp_path: Path
) -> None:
    """The dashboard answers over loopback with four tables online, each playing a
    game of its own (Fibonachos, a rummy game, Trump, the hex game refereed by the
    camera), their cards or pieces coming in (a table's running tally, its round, whose
    turn it is or its last card's time moves: a rummy player lays several cards a
    turn); each table's phone page opens, the hex table's with its board (H1); the
    stop signal (Ctrl-C to the terminal's whole process group, or
    SIGTERM to the demo) ends the demo with 0 and the broker and the server with it
    (their ports closed, no process left), the tables having said offline first."""
    assert demo.ready.wait(DEADLINE), "\n".join(demo.lines)
    base = demo.link("the dashboard:").rstrip("/")
    phones = demo.links("a phone's page")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+", base)
    children = demo.children()
    assert len(children) == 2, demo.lines  # mosquitto and the cafe server
    ports = [int(p) for line in demo.lines for p in re.findall(r"127\.0\.0\.1:(\d+)$", line)]

    tables: list[dict[str, Any]] = []
    seen: dict[str, set[str]] = {}
    with httpx2.Client(timeout=5) as client:
        deadline = threading.Event()
        timer = threading.Timer(DEADLINE, deadline.set)
        timer.start()
        try:
            while not deadline.is_set():
                tables = client.get(f"{base}/.json").json()["tables"]
                for table in tables:
                    moves = (
                        table.get("running"),
                        table.get("round"),
                        table.get("to_play"),
                        table.get("idle_since"),  # its last card's time
                    )
                    seen.setdefault(table["name"], set()).add(repr(moves))
                moving = len(seen) == 4 and all(len(states) > 1 for states in seen.values())
                games = {t["name"]: t["game"] for t in tables if t["online"]}
                if moving and games == GAMES:
                    break
                deadline.wait(0.2)  # paces the polling
        finally:
            timer.cancel()
        assert {t["name"]: t["game"] for t in tables} == GAMES, tables
        assert all(t["online"] for t in tables), tables
        assert len({t["label"] for t in tables}) == 4, tables  # four games, by their names
        assert all(len(states) > 1 for states in seen.values()), seen
        assert len(phones) == 4, demo.lines
        for phone in phones:
            page = client.get(phone)
            assert page.status_code == 200 and 'id="now"' in page.text
        (hex_phone,) = demo.links(f"a phone's page ({HEX_PLAN.name},")
        assert '<svg class="board"' in client.get(hex_phone).text

    if CHROMIUM is not None and CHROMEDRIVER is not None and stop is signal.SIGTERM:
        browser = chromium(tmp_path / "profile")
        try:
            browser.get(base + "/")
            wait_for(browser, lambda: "garden" in browser.page_source, "the four tables")
            folder = Path(os.environ.get("COMPANION_ARTEFACTS") or tmp_path)
            browser.save_screenshot(str(folder / "demo-cafe.png"))
            browser.get("about:blank")  # the live feed closes before the server stops
        finally:
            browser.quit()

    statuses, watcher = _watch_statuses(int(demo.link("starting the broker").rsplit(":", 1)[1]))
    if stop is signal.SIGINT:  # Ctrl-C: the terminal signals the whole foreground group
        os.killpg(demo.process.pid, stop)
    else:  # systemd or kill: the demo alone
        demo.process.send_signal(stop)
    assert demo.process.wait(DEADLINE) == 0, "\n".join(demo.lines)
    assert demo.lines[-1] == "stopped; nothing left running", demo.lines
    assert not [pid for pid in children if alive(pid)]
    assert ports and not [port for port in ports if answers(port)]
    watcher.loop_stop()
    assert statuses == {plan.name: "offline" for plan in PLANS}


def _watch_statuses(port: int) -> tuple[dict[str, str], mqtt.Client]:
    """Each table's last ``status`` on the demo's broker, as it changes (a dict the
    network thread fills until the broker goes away)."""
    seen: dict[str, str] = {}
    subscribed = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="test-demo-watch")

    def connected(client: mqtt.Client, *_: object) -> None:
        client.subscribe("companion/demo/+/status", qos=1)

    def message(_client: mqtt.Client, _data: object, got: mqtt.MQTTMessage) -> None:
        seen[got.topic.split("/")[2]] = got.payload.decode()
        if len(seen) == len(PLANS):
            subscribed.set()

    client.on_connect = connected
    client.on_message = message
    client.connect("127.0.0.1", port)
    client.loop_start()
    assert subscribed.wait(DEADLINE), seen  # the retained statuses: all four online
    assert set(seen.values()) == {"online"}
    return seen, client


def _ended_games(server: CafeServer, table: str) -> list[GameRow]:
    rows = server.store.games(GameQuery(table=table, limit=100))
    return sorted((row for row in rows if row.ended is not None), key=lambda row: row.id)


def test_the_hex_table_plays_a_whole_game_into_the_cafe_H4(
    servers: Servers, tmp_path: Path
) -> None:
    """The demo's hex table (the camera referee, its board scripted) plays its first game
    through the daemon's loop and the bus into the cafe's store, with no pace: the
    game ends in the win (H4) of the side the engine's game made win, its result kept;
    the table's own record (its journal) scores as the cafe's does, by ``companion
    score``, to the engine's final board; the cafe's page of the game draws that board
    (H1), every piece on its cell."""
    server = servers.start()
    plan = replace(HEX_PLAN, fps=1e6)
    engine = score_record(scripted_game(plan.game, plan.players, seed=plan.seed).record)
    assert isinstance(engine, HexReport) and engine.winner is not None and engine.board
    table = DemoTable(plan, tmp_path, CAFE, servers.settings.broker.port, "http://127.0.0.1:1")
    table.start()
    try:
        wait_until(lambda: bool(_ended_games(server, plan.name)), 60.0, "the hex game stored")
    finally:
        table.close()
    row = _ended_games(server, plan.name)[0]
    assert row.game == HEX.name and row.options["mode"] == HEX_PLAN.options["mode"]
    assert row.result is not None and row.result.reason == "over", row.result
    assert row.result.winners == (engine.winner.seat,)
    with Journal.read(table.journal_path) as read:
        kept = read.game(row.id).result
    assert kept is not None and kept.record is not None and row.result.score is not None
    scored = score_record(kept.record)
    assert scored.to_json() == row.result.score.to_json()
    assert isinstance(scored, HexReport)
    assert (scored.winner, scored.board) == (engine.winner, engine.board)
    client = TestClient(create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32))
    detail = client.get(f"/games/{plan.name}/{row.id}.json").json()
    assert detail["board"] == engine.board.board()
    page = client.get(f"/games/{plan.name}/{row.id}").text
    board = page.split('<svg class="board"', 1)[1].split("</svg>", 1)[0]
    assert board.count('class="piece ') == 26


def test_a_demo_table_acts_on_the_staffs_signed_message(
    servers: Servers, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """docs/cafe.md "see it on a desktop": *Staff* with the printed password sends a
    table a message. The demo's tables check the server's signed commands with the
    demo's staff key (contract "command": HMAC with the staff key); before, they had
    none and refused every command ("this table has no staff key") while the
    dashboard said "Sent to the table"."""
    server = servers.start()
    plan = PLANS[0]
    table = DemoTable(
        plan, tmp_path, CAFE, servers.settings.broker.port, "http://127.0.0.1:1", key=KEY
    )
    caplog.set_level(logging.INFO)
    table.start()
    try:
        wait_until(lambda: plan.name in server.ingest.tables, 30.0, "the table's state")
        server.send(plan.name, "message", {"text": "Pizza is ready"})
        shown = "cafe: staff message shown: Pizza is ready"
        wait_until(lambda: shown in caplog.messages, 30.0, "the message on the table")
    finally:
        table.close()
    assert not [m for m in caplog.messages if "command refused" in m], caplog.messages


def test_without_mosquitto_it_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No broker on this machine: exit 2, one line naming it and how to install it."""
    monkeypatch.setattr(shutil, "which", lambda *_a, **_k: None)
    assert main(["demo", "--cafe"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "Mosquitto" in err and "apt install mosquitto" in err and "Traceback" not in err
