"""The one Mosquitto of the tests and the bench, and a test server that listens to the tables.

:class:`Broker` runs Debian's ``mosquitto`` on a free loopback port, in a temporary
folder, persistent (a restart keeps sessions and retained messages, saved every
second, as docs/cafe.md sets the cafe's broker up). Secured (the default), it has a
password file (``mosquitto_passwd -b``) and the contract's ACL: user
``table-<name>`` writes only its own ``status``/``state``/``events``/``log`` and reads
its ``ack``/``command``; ``cafe-server`` reads everything of the cafe and writes
``ack`` and ``command``. Open (``secured=False``), anyone may connect (the cafe
server's tests, bench/cafe.py). It waits for the port to take connections (a
deadline, no sleeps) and can be stopped (SIGTERM), killed (SIGKILL, a crash) and
started again on the same port. tests/cafe and bench/cafe.py use this module too.
Given certificates (tls_harness.py), it listens with TLS, as docs/cafe.md "TLS" sets
the cafe's broker up.

:class:`Server` is a paho client logged in as ``cafe-server`` that keeps what it
receives, as the cafe's server would: every message in order, each event by its
(table, seq) and each game row by (table, id), and, if asked, publishes the retained
``ack`` the contract describes after each message.

The fixtures (``broker``, ``server``, ``key``) are imported by the test modules that
use them (one ``conftest.py`` per test tree: mypy checks the tests as one namespace).
"""

from __future__ import annotations

import getpass
import itertools
import json
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from card_codes.keys import generate_key
from companion.bus.client import no_delay
from companion.bus.contract import Topics
from companion.bus.settings import BusSettings
from companion.cli import cafe_demo

if TYPE_CHECKING:
    from tls_harness import Certificates

CAFE = "rosie"
TABLES = ("t1", "t2")
SERVER = "cafe-server"
#: Seconds a test waits for something the broker should deliver at once.
DEADLINE = 10.0
#: Numbers for the test clients' ids (one id per connection, or the broker kicks one).
CLIENTS = itertools.count()


#: The lines that lock a secured broker down (docs/cafe.md "The broker", issue 22): a
#: client's id is its account's name, so no account takes over another's id (a table
#: kicking the server, or discarding its kept session); no packet over the contract's
#: message size (bus/limits.py, with room for the topic); a bounded queue per client.
LOCKDOWN = (
    "use_username_as_clientid true",
    "max_packet_size 270000",
    "max_queued_messages 100000",
)


def acl_text(cafe: str, tables: tuple[str, ...]) -> str:
    """The contract's ACL (docs/cafe.md shows the same file)."""
    lines = [
        f"user {SERVER}",
        f"topic read companion/{cafe}/#",
        f"topic write companion/{cafe}/+/ack",
        f"topic write companion/{cafe}/+/command",
    ]
    for table in tables:
        lines += ["", f"user table-{table}"]
        lines += [f"topic write companion/{cafe}/{table}/{leaf}" for leaf in ("status", "state")]
        lines += [f"topic write companion/{cafe}/{table}/{leaf}" for leaf in ("events", "log")]
        lines += [f"topic read companion/{cafe}/{table}/{leaf}" for leaf in ("ack", "command")]
    return "\n".join(lines) + "\n"


#: The dynamic security plugin's admin account (docs/cafe.md "Shutting out a flooding
#: table"): the server shuts a flooding table's account out with it.
ADMIN = "cafe-admin"
#: Debian's dynamic security plugin (in the mosquitto package), or None.
DYNSEC: str | None = next(
    (str(path) for path in sorted(Path("/usr/lib").glob("*/mosquitto_dynamic_security.so"))),
    None,
)

#: Debian's broker, or None where it is not installed.
MOSQUITTO: str | None = shutil.which("mosquitto") or (
    "/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None
)


def free_port() -> int:
    """A TCP port on loopback nothing listens on (``companion demo --cafe``'s own)."""
    return cafe_demo.free_port()


def wait_for_port(
    port: int, timeout: float = DEADLINE, process: subprocess.Popen[bytes] | None = None
) -> None:
    """Until something listens on ``port`` (a deadline, no sleeps: ``process``, if
    given, is waited on between tries, and its end is an error)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            pass
        if process is None:
            threading.Event().wait(0.02)  # paces the polling
            continue
        try:  # paces the polling, and notices a process that could not start
            process.wait(0.02)
        except subprocess.TimeoutExpired:
            continue
        raise RuntimeError(f"{process.args!r} exited with {process.returncode}")
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port}")


def central_acl_text(cafes: tuple[str, ...]) -> str:
    """The central broker's ACL of a chain of cafes (docs/cafe.md "A chain of cafes"
    shows the same lines): the server reads every cafe and writes the acks and
    commands; each cafe's bridge writes only its own cafe's tables' topics and reads
    only their acks and commands."""
    lines = [
        f"user {SERVER}",
        "topic read companion/#",
        "topic write companion/+/+/ack",
        "topic write companion/+/+/command",
    ]
    for cafe in cafes:
        lines += ["", f"user bridge-{cafe}"]
        lines += [f"topic write companion/{cafe}/+/{leaf}" for leaf in ("status", "state")]
        lines += [f"topic write companion/{cafe}/+/{leaf}" for leaf in ("events", "log")]
        lines += [f"topic read companion/{cafe}/+/{leaf}" for leaf in ("ack", "command")]
    return "\n".join(lines) + "\n"


def bridge_lines(
    cafe: str, central: str, password: str | None = None, cafile: Path | None = None
) -> list[str]:
    """A cafe broker's bridge to the central broker at ``central`` (HOST:PORT), as
    docs/cafe.md "A chain of cafes" writes it (with no ``cafile``, without its TLS
    line; with no ``password``, without its account): what its tables publish goes
    out, their acks and commands come in (QoS 1, a kept session, so nothing is lost
    while the link is down)."""
    lines = [f"connection {cafe}-central", f"address {central}"]
    if cafile is not None:
        lines.append(f"bridge_cafile {cafile}")
    lines.append(f"remote_clientid bridge-{cafe}")
    if password is not None:
        lines += [f"remote_username bridge-{cafe}", f"remote_password {password}"]
    lines += ["notifications false", "cleansession false", "restart_timeout 1 5"]
    out = ("status", "state", "events", "log")
    lines += [f"topic companion/{cafe}/+/{leaf} out 1" for leaf in out]
    lines += [f"topic companion/{cafe}/+/{leaf} in 1" for leaf in ("ack", "command")]
    return lines


@dataclass
class Broker:
    folder: Path
    port: int = field(default_factory=free_port)
    passwords: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None
    #: The certificates of a TLS listener (tls_harness.py); None: a plain one.
    tls: Certificates | None = None
    #: A plain listener on loopback besides the TLS one, for a server on the broker's
    #: machine (docs/cafe.md "A chain of cafes": the central broker).
    local_port: int | None = None

    def configure(
        self,
        cafe: str = CAFE,
        tables: tuple[str, ...] = TABLES,
        *,
        secured: bool = True,
        bridge: Broker | int | None = None,
        admin: bool = False,
    ) -> None:
        """Write the configuration: secured (passwords, the contract's ACL) or open;
        ``bridge``: the central broker (or its port) this cafe's broker bridges to (a
        chain of cafes, :func:`bridge_lines`), with the account the central broker
        gave this cafe's bridge if it has one (:meth:`configure_central`)."""
        lines = self._common()
        if secured:
            users = [SERVER, *(f"table-{t}" for t in tables)]
            lines += self._accounts(users, acl_text(cafe, tables))
            if admin:
                lines += self._admin()
        else:
            # No limit on what the broker keeps for the server while it restarts. (Not
            # with the ACL: Mosquitto 2.0.11 then drops a client whose QoS 1 publish the
            # ACL denies, and the ACL tests publish where they may not.)
            lines += ["allow_anonymous true", "max_queued_messages 0"]
        if bridge is not None and secured:  # all kept for the bridge while the link is down
            lines.append("max_queued_messages 0")
        if isinstance(bridge, Broker):
            password = bridge.passwords.get(f"bridge-{cafe}")
            cafile = bridge.tls.ca if bridge.tls is not None else None
            lines += bridge_lines(cafe, f"127.0.0.1:{bridge.port}", password, cafile)
        elif bridge is not None:
            lines += bridge_lines(cafe, f"127.0.0.1:{bridge}")
        self._write(lines)

    def configure_central(self, cafes: tuple[str, ...]) -> None:
        """The central broker of a chain, secured: the server's account and one for
        each cafe's bridge, and :func:`central_acl_text`."""
        users = [SERVER, *(f"bridge-{cafe}" for cafe in cafes)]
        accounts = self._accounts(users, central_acl_text(cafes))
        self._write([*self._common(), *accounts, "max_queued_messages 0"])

    def _write(self, lines: list[str]) -> None:
        (self.folder / "mosquitto.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def _common(self) -> list[str]:
        local = [f"listener {self.local_port} 127.0.0.1"] if self.local_port is not None else []
        return [
            *local,
            f"listener {self.port} 127.0.0.1",
            *(self.tls.listener_lines() if self.tls is not None else []),
            "set_tcp_nodelay true",
            "persistence true",
            f"persistence_location {self.folder}/",
            "autosave_interval 1",
            f"log_dest file {self.folder / 'mosquitto.log'}",
            f"user {getpass.getuser()}",
        ]

    def _accounts(self, users: list[str], acl: str) -> list[str]:
        self.passwords = {user: f"pw-{user}" for user in users}
        passwd = self.folder / "passwd"
        for i, user in enumerate(users):
            create = ["-c"] if i == 0 else []
            subprocess.run(
                ["mosquitto_passwd", *create, "-b", str(passwd), user, self.passwords[user]],
                check=True,
                capture_output=True,
            )
        (self.folder / "acl").write_text(acl, encoding="utf-8")
        return [
            "allow_anonymous false",
            f"password_file {passwd}",
            f"acl_file {self.folder / 'acl'}",
            *LOCKDOWN,
        ]

    def _admin(self) -> list[str]:
        """The dynamic security plugin beside the password file, holding only its admin
        account (``mosquitto_ctrl dynsec init``, as docs/cafe.md sets it up)."""
        assert DYNSEC is not None, "mosquitto's dynamic security plugin is not installed"
        path = self.folder / "dynamic-security.json"
        self.passwords[ADMIN] = f"pw-{ADMIN}"
        subprocess.run(
            ["mosquitto_ctrl", "dynsec", "init", str(path), ADMIN, self.passwords[ADMIN]],
            check=True,
            capture_output=True,
        )
        return [f"plugin {DYNSEC}", f"plugin_opt_config_file {path}"]

    def start(self) -> None:
        assert MOSQUITTO is not None, "mosquitto is not installed"
        # What it says before its log file is open goes to a file too: a pipe nobody
        # reads could fill, and would be one more file for the harness to close.
        with (self.folder / "mosquitto.stderr").open("ab") as stderr:
            self.process = subprocess.Popen(
                [MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        try:
            wait_for_port(self.port, DEADLINE, self.process)
        except (RuntimeError, TimeoutError) as exc:
            said = (self.folder / "mosquitto.stderr").read_text(encoding="utf-8", errors="replace")
            raise RuntimeError(f"mosquitto did not start ({exc}): {said}{self.log()}") from None

    def kill(self) -> None:
        """A crash: SIGKILL, nothing saved."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(DEADLINE)
            self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()

    def log(self) -> str:
        path = self.folder / "mosquitto.log"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def settings(self, table: str = "t1", cafe: str = CAFE, **changes: Any) -> BusSettings:
        user = f"table-{table}"
        values: dict[str, Any] = {
            "host": "127.0.0.1",
            "port": self.port,
            "topics": Topics(cafe, table),
            "username": user,
            "password": self.passwords.get(user),
        }
        if self.tls is not None:
            values.update(tls=True, cafile=str(self.tls.ca))
        values.update(changes)
        return BusSettings(**values)

    def client(self, user: str, password: str | None = None) -> mqtt.Client:
        """A connected paho client (its network thread started)."""
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"test-{user}-{next(CLIENTS)}")
        client.username_pw_set(user, password if password is not None else self.passwords[user])
        connected = threading.Event()
        client.on_connect = lambda *_: connected.set()
        client.on_socket_open = no_delay  # as the table does: no Nagle on small packets
        if self.tls is not None:
            client.tls_set(ca_certs=str(self.tls.ca))
        client.connect("127.0.0.1", self.port, 30)
        client.loop_start()
        assert connected.wait(DEADLINE), "the test client could not connect"
        return client


def let_go(client: mqtt.Client) -> None:
    """Disconnect ``client`` and end its network thread without waiting for it.

    A client the broker dropped is in paho's reconnect wait, which sleeps in slices of up
    to 1 s that nothing wakes (``Client._reconnect_wait``), and a connected one sits in a
    1 s ``select``: ``loop_stop`` would wait out that second. The thread is a daemon and
    ends by itself within the second; disconnecting first means it never reconnects."""
    client.disconnect()
    threading.Thread(target=client.loop_stop, daemon=True).start()


class Server:
    """The cafe's server as far as the tests need it (see the module docstring)."""

    def __init__(self, broker: Broker, *, acks: bool = True, cafe: str = CAFE) -> None:
        self.broker = broker
        self.cafe = cafe
        self.acks = acks
        self.messages: list[tuple[str, bytes, bool]] = []
        self.events: dict[tuple[str, int], dict[str, Any]] = {}
        self.rows: dict[tuple[str, int], dict[str, Any]] = {}
        #: What the server held of each table before the test (an ack it was given).
        self.base: dict[str, tuple[int, int]] = {}
        #: The last ack of each table seen on the broker (the server's own, echoed).
        self.acked: dict[str, dict[str, Any]] = {}
        #: The journal identity each table's messages carry (the ack names it).
        self.journals: dict[str, str] = {}
        self.changed = threading.Condition()
        self.client = self._connect()

    def _connect(self) -> mqtt.Client:
        subscribed = threading.Event()
        client = self.broker.client(SERVER)
        client.on_message = self._message
        client.on_subscribe = lambda *_: subscribed.set()
        client.subscribe(f"companion/{self.cafe}/#", qos=1)
        assert subscribed.wait(DEADLINE)
        return client

    def reconnect(self) -> None:
        """After the broker came back: log in again and publish the acks held."""
        self.close()
        self.client = self._connect()
        for table in {table for table, _ in self.events} | {table for table, _ in self.rows}:
            self.ack(table)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def _message(self, client: mqtt.Client, _: Any, message: mqtt.MQTTMessage) -> None:
        topic = message.topic
        table, leaf = topic.split("/")[2:4]
        with self.changed:
            self.messages.append((topic, bytes(message.payload), bool(message.retain)))
            if leaf == "events" and message.payload.startswith(b"{"):
                body = json.loads(message.payload)
                self.journals[table] = body.get("journal", "")
                game = body["game"]
                old = self.rows.get((table, game["id"]))
                if body["event"] is None and (old is None or old["ended"] is None):
                    self.rows[(table, game["id"])] = game
                if body["event"] is not None:
                    self.events.setdefault((table, body["event"]["seq"]), body)
            elif leaf == "ack":
                self.acked[table] = json.loads(message.payload)
            self.changed.notify_all()
        if leaf == "events" and self.acks:
            # By the client that took the message: a message retained at the broker
            # comes as it subscribes, before ``self.client`` is set.
            self.ack(table, via=client)

    def ack(
        self,
        table: str,
        seq: int | None = None,
        games: int | None = None,
        journal: str = "",
        *,
        via: mqtt.Client | None = None,
    ) -> None:
        """Publish the retained ack of what is held (seq: the highest event held; games:
        the highest game whose row is held); ``seq`` and ``games`` say the server held
        those before, of the table's journal ``journal``; ``via`` another client."""
        with self.changed:
            if journal:
                self.journals[table] = journal
            base = self.base.setdefault(table, (0, 0))
            if seq is not None and games is not None:
                base = self.base[table] = (seq, games)  # held before the test began
            held = [s for t, s in self.events if t == table]
            ids = [g for t, g in self.rows if t == table]
            journal = self.journals.get(table, "")
        body: dict[str, Any] = {"v": 1, "seq": max([base[0], *held])}
        body["games"] = max([base[1], *ids])
        if journal:
            body["journal"] = journal
        topic = f"companion/{self.cafe}/{table}/ack"
        publisher = via or self.client
        publisher.publish(topic, json.dumps(body, separators=(",", ":")), qos=1, retain=True)

    def held(self, table: str, seq: int) -> None:
        """Wait until the ack of ``table`` held on the broker says ``seq``."""
        self.wait(lambda: self.acked.get(table, {}).get("seq") == seq, f"the ack of {seq}")

    def wait(self, predicate: Callable[[], bool], what: str) -> None:
        with self.changed:
            assert self.changed.wait_for(predicate, DEADLINE), f"never came: {what}"

    def on(self, table: str, leaf: str) -> list[bytes]:
        """The payloads received on one topic, in order."""
        topic = f"companion/{self.cafe}/{table}/{leaf}"
        with self.changed:
            return [payload for t, payload, _ in self.messages if t == topic]

    def event_seqs(self, table: str) -> list[int]:
        """The seq of every event message received from ``table``, in order, repeats kept."""
        return [
            body["event"]["seq"]
            for body in map(json.loads, self.on(table, "events"))
            if body["event"] is not None
        ]


# -- the fixtures -------------------------------------------------------------------------

#: The daemon harness of tests/daemon, for the tests of a daemon on the bus.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daemon"))


@pytest.fixture(name="broker")
def broker_fixture(tmp_path: Path) -> Iterator[Broker]:
    """Mosquitto on a free loopback port, with passwords and the contract's ACL."""
    if MOSQUITTO is None:
        pytest.fail("mosquitto is not installed (scripts/bootstrap.sh test installs it)")
    folder = tmp_path / "broker"
    folder.mkdir()
    running = Broker(folder)
    running.configure()
    running.start()
    yield running
    running.kill()


@pytest.fixture(name="server")
def server_fixture(broker: Broker) -> Iterator[Server]:
    """The cafe's server, acknowledging what it stores."""
    listening = Server(broker)
    yield listening
    let_go(listening.client)  # a test may have killed the broker: no 1 s wait for paho


@pytest.fixture(name="key")
def key_fixture() -> bytes:
    """The cafe's staff key (the staff cards' key, which signs commands too)."""
    return generate_key()
