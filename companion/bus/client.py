"""The table's MQTT client: one thread of its own, so the table never waits for the network.

The daemon's loop only ever hands things over: :meth:`TableBus.offer_state` keeps
the newest state for the thread, :meth:`TableBus.wake` says the journal has news, and
the staff commands the thread accepted wait in :attr:`TableBus.commands` (a
``queue.Queue``) for the loop to take. None of these block.

The thread, over and over: connect (the last will is ``offline``, retained), subscribe
to ``ack`` and then to ``command`` (the broker sends a retained ack right after the
first subscription, so once the second is acknowledged the ack is known, or there is
none), publish ``online``, send the outbox from the ack
(:class:`~companion.bus.sender.Sender`: one message at a time, each once the server's
ack covers the one before; from the ack again at once when an ack asks, its
``resend``), and the newest state whenever there is one. A lost
connection ends that client; the next one starts after a growing delay (:data:`RETRY`
to :data:`RETRY_MAX` seconds). Each connection gets a client of its own, so nothing
queued on the old one is sent again out of order on the new one: what the server has
not acknowledged is sent again from the journal. With ``tls``, every connection uses
the one context made at start (:mod:`companion.bus.tls`: a bad CA file stops the
start), and a failed connection is said once per outage, naming the setting to change.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.bus.commands import CommandChecker
from companion.bus.contract import OFFLINE, ONLINE, Ack, Command, LogEntry, TableState
from companion.bus.errors import CommandRefusedError
from companion.bus.guard import guarded
from companion.bus.logs import LogRing
from companion.bus.nonces import NonceBook
from companion.bus.outbox import Outbox
from companion.bus.sender import POLL_SECONDS, RESEND_SECONDS, Sender
from companion.bus.settings import BusSettings, mqtt_client
from companion.bus.tls import (
    TABLE,
    Outage,
    closed_before_accepting,
    connect_failure,
    tls_context,
)
from hardware.backoff import Backoff

if TYPE_CHECKING:
    import paho.mqtt.client as mqtt

log = logging.getLogger(__name__)

#: Seconds before the first new try after a failed connection, and the longest wait.
RETRY = 0.5
RETRY_MAX = 30.0
#: Seconds a connection may take to be ready (connected, subscribed).
READY_SECONDS = 10.0
#: Seconds the table gives its ``offline`` message when it stops.
FAREWELL_SECONDS = 1.0


def no_delay(client: mqtt.Client, _: Any, sock: Any) -> None:
    """Small packets go at once (no Nagle): one message waits for the ack of the last."""
    if isinstance(sock, socket.socket) and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _Link:
    """One connection: a paho client and what its network thread saw."""

    def __init__(self, bus: TableBus) -> None:
        mqtt = mqtt_client()
        settings = bus.settings
        self.bus = bus
        self.topics = settings.topics
        client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2,
            client_id=f"companion-{self.topics.cafe}-{self.topics.table}",
            reconnect_on_failure=False,
        )
        client.username_pw_set(settings.username, settings.password)
        if bus.tls is not None:
            client.tls_set_context(bus.tls)
        client.will_set(self.topics.status, OFFLINE, qos=1, retain=True)
        # Guarded: an exception in a callback would end paho's thread (issue 22).
        client.on_connect = guarded(log, "connecting", self._connected)
        client.on_disconnect = guarded(log, "a disconnection", self._disconnected)
        client.on_subscribe = guarded(log, "a subscription", self._subscribed)
        client.on_message = guarded(log, "a message", self._message)
        client.on_socket_open = no_delay
        self.client = client
        self.ready = threading.Event()
        self.answered = False  # the broker answered the connection (accepted or refused)
        self.lost = threading.Event()
        self.settled = threading.Event()  # ready or lost
        #: The server's ack: the retained one, then each new one.
        self.ack = Ack()
        #: Set by an ack asking for a resend now (its ``resend``: the staff stored the
        #: table's games again); the bus's thread takes it.
        self.resend = threading.Event()
        self._subscribing: dict[int, str] = {}

    # -- paho's network thread --------------------------------------------------------------

    def _connected(self, client: mqtt.Client, _: Any, __: Any, code: Any, ___: Any) -> None:
        self.answered = True
        if code.is_failure:
            self.bus.note_failure(f"the broker refused the connection ({code})")
            self._disconnected()
            return
        self._subscribe(self.topics.ack)

    def _subscribe(self, topic: str) -> None:
        _, mid = self.client.subscribe(topic, qos=1)
        self._subscribing[mid] = topic

    def _subscribed(self, client: mqtt.Client, _: Any, mid: int, codes: Any, __: Any) -> None:
        topic = self._subscribing.pop(mid, "")
        if any(code.is_failure for code in codes):
            log.error("cafe: the broker refused the subscription to %s", topic)
        if topic == self.topics.ack:
            self._subscribe(self.topics.command)
        else:
            self.ready.set()
            self.settled.set()

    def _message(self, client: mqtt.Client, _: Any, message: mqtt.MQTTMessage) -> None:
        if message.topic == self.topics.ack:
            try:
                ack = Ack.parse(bytes(message.payload))
            except ValueError as exc:
                log.warning("cafe: ack %r ignored: %s", message.payload[:80], exc)
                return
            if ack.resend is not None and ack.resend != self.ack.resend:
                self.resend.set()
            self.ack = ack
            log.debug("cafe: ack: events to %d, games to %d", self.ack.seq, self.ack.games)
            self.bus.wake()
        elif message.topic == self.topics.command:
            self.bus.command(bytes(message.payload))

    def _disconnected(self, *args: Any) -> None:
        """paho's ``on_disconnect`` (client, userdata, flags, reason, properties), or
        none of them (a refusal, answered)."""
        reason = args[3] if len(args) > 3 else None
        if not self.answered:  # not a word from the broker: a TLS port, and no TLS here?
            where = self.bus.settings
            why = closed_before_accepting(
                where.host, where.port, tls=where.tls, keys=TABLE, reason=reason
            )
            self.bus.note_failure(why)
        self.lost.set()
        self.settled.set()
        self.bus.wake()

    # -- the bus's thread ----------------------------------------------------------------

    def open(self) -> bool:
        """Connect and subscribe; True once ready (the ack, if any, is known)."""
        settings = self.bus.settings
        try:
            self.client.connect(settings.host, settings.port, settings.keepalive)
        except (OSError, ValueError) as exc:
            why = connect_failure(
                exc,
                settings.host,
                settings.port,
                cafile=settings.cafile,
                tls=settings.tls,
                keys=TABLE,
            )
            self.bus.note_failure(why)
            return False
        self.client.loop_start()
        if not self.settled.wait(READY_SECONDS):
            self.bus.note_failure("the broker did not answer in time")
            return False
        return not self.lost.is_set()

    def alive(self) -> bool:
        """paho's network thread runs (False once it died: this connection is over)."""
        thread = self.client._thread  # paho keeps its network thread here, or None
        return thread is not None and thread.is_alive()

    def publish(self, topic: str, payload: bytes, *, retain: bool = False, qos: int = 1) -> None:
        self.client.publish(topic, payload, qos=qos, retain=retain)

    def close(self, farewell: bool) -> None:
        if farewell and self.ready.is_set() and not self.lost.is_set():
            info = self.client.publish(self.topics.status, OFFLINE, qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):  # the connection went
                info.wait_for_publish(FAREWELL_SECONDS)
            self.client.disconnect()
        self.client.loop_stop()


class TableBus:
    """The table's side of the cafe's bus (see the module docstring)."""

    def __init__(
        self,
        settings: BusSettings,
        journal_path: str | Path,
        *,
        key: bytes | None,
        clock: Callable[[], float] = time.time,
        resend_after: float = RESEND_SECONDS,
    ) -> None:
        mqtt_client()  # a missing library is a settings mistake: say so at start
        self.settings = settings
        #: Checks the broker's certificate, made once (a bad CA file stops the start).
        self.tls = tls_context(settings.cafile, TABLE.cafile) if settings.tls else None
        topics = settings.topics
        self.nonces = NonceBook(journal_path)  # kept across restarts (issue 22)
        self.checker = CommandChecker(
            key, cafe=topics.cafe, table=topics.table, clock=clock, nonces=self.nonces
        )
        self.outbox = Outbox(journal_path, topics)
        #: Staff commands accepted, for the daemon's loop to take (never blocks it).
        self.commands: queue.Queue[Command] = queue.Queue()
        #: Set while a connection is ready (tests and the status line read it).
        self.online = threading.Event()
        #: How many connections were made ready so far.
        self.connections = 0
        self.resend_after = resend_after
        #: The table's recent log lines, sent on ``log`` (the daemon adds it as a handler).
        self.logs = LogRing(on_line=self.wake)
        self._state: bytes | None = None
        self._state_sent = True
        self._state_lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: The connection being served (None before the first).
        self.link: _Link | None = None
        self.outage = Outage(log, "retrying in the background")

    # -- the daemon's side: none of these wait ---------------------------------------------

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="cafe-bus", daemon=True)
        self._thread.start()

    def offer_state(self, state: TableState) -> None:
        """The table's newest state; the thread publishes it (the newest wins)."""
        payload = state.payload(self.settings.topics)
        with self._state_lock:
            self._state, self._state_sent = payload, False
        self._wake.set()

    def wake(self) -> None:
        """The journal has news (or an ack came): look now rather than later."""
        self._wake.set()

    def close(self, timeout: float = FAREWELL_SECONDS + 0.5) -> None:
        """Say ``offline`` and stop (waiting at most ``timeout`` for the thread)."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self.outbox.close()
        self.nonces.close()

    # -- called from the network thread ------------------------------------------------------

    def command(self, payload: bytes) -> None:
        try:
            command = self.checker.check(payload)
        except CommandRefusedError as exc:
            log.warning("cafe: command refused: %s", exc)
            return
        log.info("cafe: command %s accepted", command.action)
        self.commands.put(command)

    def note_failure(self, why: str) -> None:
        """One warning per outage; the retries after it go to the debug log."""
        self.outage.failed(why)

    # -- the thread -------------------------------------------------------------------------

    def _run(self) -> None:
        backoff = Backoff(initial=RETRY, maximum=RETRY_MAX)
        while not self._stop.is_set():
            link = _Link(self)
            try:
                if link.open():
                    backoff.succeeded()
                    self._serve(link)
            except Exception:  # the table must go on whatever the network does
                log.exception("cafe: the connection failed")
            finally:
                self.online.clear()
                link.close(farewell=self._stop.is_set())
            if self._stop.wait(backoff.failed(now=time.monotonic())):
                break

    def _serve(self, link: _Link) -> None:
        """One ready connection: online, the outbox from the ack, the state, the news."""
        topics, settings = self.settings.topics, self.settings
        self.outage.over()
        self.connections += 1
        log.info("cafe: connected to %s:%d as %s", settings.host, settings.port, settings.username)
        link.publish(topics.status, ONLINE, retain=True)
        self.outbox.close()  # the journal read afresh on each connection
        sender = Sender(
            self.outbox,
            lambda payload: link.publish(topics.events, payload),
            resend_after=self.resend_after,
            clock=time.monotonic,
        )
        identity = self.outbox.identity
        link.resend.clear()  # the retained ack's: this connection sends from it anyway
        last = link.ack.of(identity)
        sender.restart(last)
        with self._state_lock:
            self._state_sent = False  # the newest state again: the last may not have gone
        self.online.set()
        logged = 0  # the kept log lines again on each connection
        self.link = link
        while not (self._stop.is_set() or link.lost.is_set()) and link.alive():
            self._wake.clear()
            with self._state_lock:
                state = None if self._state_sent else self._state
                self._state_sent = True
            if state is not None:
                link.publish(topics.state, state, retain=True)
            for line in self.logs.since(logged):
                boot, table = self.logs.boot, topics.table
                entry = LogEntry(table, boot, line.n, line.at, line.level, line.logger, line.text)
                link.publish(topics.log, entry.payload(topics), qos=0)
                logged = line.n
            ack = link.ack.of(identity)
            if ack.behind(last):
                # The server holds less than it did (restored from a backup): what it
                # lost is sent again now, not at the next connection.
                log.warning(
                    "cafe: the server's ack went back from event %d, game %d to event %d, "
                    "game %d: sending again from there",
                    last.seq,
                    last.games,
                    ack.seq,
                    ack.games,
                )
                sender.restart(ack)
            elif link.resend.is_set():
                link.resend.clear()
                log.info("cafe: the server asks for what it does not hold: sending again now")
                sender.again(ack)
            last = ack
            # At most a poll's wait: a network thread that died is seen (issue 22).
            self._wake.wait(min(sender.step(ack), POLL_SECONDS))
        if link.lost.is_set():
            log.warning("cafe: connection to the broker lost; the journal keeps what is unsent")
        elif not self._stop.is_set():  # issue 22: a new connection, with a new thread
            log.error("cafe: the MQTT network thread died; connecting again")
