"""The server's MQTT connection (paho-mqtt 2): one subscription to every table of the
cafe (of each cafe, for a chain's central server), acks and commands out.

The session is persistent (a fixed client id, ``clean_session=False``, QoS 1) and the
messages are acknowledged to the broker by hand, after they are stored: while the
server is stopped or restarting, the broker keeps what the tables send, and a server
killed between receiving and storing gets the message again. A connection on which
the broker says it kept no session (its first start, a broker restarted without
persistence) may have missed messages: the writer is told (:class:`LostSession`).

With ``[broker] cafile`` the connection is TLS, the broker's certificate checked
against that CA (a file that cannot serve stops the start). A connection that fails is
said once per outage, naming the setting to change (the retries go to the debug log).
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, Final

from companion.bus.client import no_delay
from companion.bus.contract import (
    Ack,
    dump,
    parse_topic,
    split_key,
    subscriptions,
    topic,
)
from companion.bus.guard import guarded
from companion.bus.tls import Keys, Outage, closed_before_accepting, connect_failure, tls_context
from companion.cafe.errors import SettingsError
from companion.cafe.ingest import Incoming, LostSession
from companion.cafe.settings import CafeSettings
from companion.errors import ConfigError
from companion.games.json_types import JSON

log = logging.getLogger("companion.cafe")

QOS = 1
#: Seconds of silence after which paho pings the broker, and gives a connection up after
#: as many again without a word (an answer to its connection, too).
KEEPALIVE = 30
#: paho's reconnect delay (seconds): the first retry after 1 s, doubling up to 30 s.
RECONNECT_DELAY: Final = (1, 30)
#: The server's keys, for the messages of a failed connection.
SERVER = Keys("broker.cafile", "broker.host", "cafile in [broker] (the CA of its certificate)")


def server_client(
    settings: CafeSettings, client_id: str, login: tuple[str, str | None] | None, **options: Any
) -> Any:
    """A paho client of the server on the broker of ``settings`` (MQTT 3.1.1, TLS with
    ``[broker] cafile``), ``login`` its account and password; paho's other ``options``."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(
        CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv311, **options
    )
    client.reconnect_delay_set(*RECONNECT_DELAY)
    if login is not None:
        client.username_pw_set(*login)
    if settings.broker.cafile:
        try:
            context = tls_context(settings.broker.cafile, f"{settings.source}: broker.cafile")
        except ConfigError as exc:
            raise SettingsError(str(exc)) from None
        client.tls_set_context(context)
    # Each table waits for its ack before its next message: acks go out at once.
    client.on_socket_open = no_delay
    return client


def start(client: Any, settings: CafeSettings) -> None:
    """Connect in the background, paho's network loop on a thread of its own."""
    client.connect_async(settings.broker.host, settings.broker.port, keepalive=KEEPALIVE)
    client.loop_start()


def alive(client: Any) -> bool:
    """Whether paho's network thread of ``client`` runs."""
    thread = client._thread  # paho keeps its network thread here, or None
    return thread is not None and thread.is_alive()


class Link:
    """paho's client, its network loop on a thread of its own."""

    def __init__(
        self,
        settings: CafeSettings,
        deliver: Callable[[Incoming | LostSession], None],
        connected: Callable[[], None] = lambda: None,
        logged: Callable[[str, bytes], None] = lambda table, payload: None,
        arrived: Callable[[str, str, int], None] = lambda table, leaf, size: None,
        *,
        receiving: Callable[[], object] = lambda: None,
    ) -> None:
        self.cafe = settings.cafe.name
        self.cafes = settings.cafes()
        self.settings = settings
        self.deliver = deliver
        self.on_connected = connected
        self.on_log = logged
        #: Told of every table's message, its topic's leaf and its size, before anything
        #: reads it.
        self.on_arrival = arrived
        #: Set once subscribed (cleared when the connection drops).
        self.connected = threading.Event()
        #: Told when :attr:`connected` is set or cleared (the dashboard's banner).
        self.on_receiving = receiving
        #: Incremented at each connection: a message id is acknowledged only on the
        #: connection it came on (ids are reused by the next one).
        self.generation = 0
        #: The broker's answer to this connection: "" (none yet), "refused", "accepted".
        self._answer = ""
        self.outage = Outage(log, "retrying")
        self._stopping = False
        broker = settings.broker
        self._client = server_client(
            settings,
            settings.client_id(),
            (broker.username, settings.broker_password()) if broker.username else None,
            clean_session=False,
            manual_ack=True,
        )
        self._client.max_queued_messages_set(0)
        # Guarded: an exception in a callback would end paho's thread (issue 22).
        self._client.on_connect = guarded(log, "connecting", self._on_connect)
        self._client.on_connect_fail = guarded(log, "a failed connection", self._on_connect_fail)
        self._client.on_disconnect = guarded(log, "a disconnection", self._on_disconnect)
        self._client.on_message = guarded(log, "a message", self._on_message)
        self._client.on_subscribe = guarded(log, "a subscription", self._on_subscribe)

    def start(self) -> None:
        start(self._client, self.settings)

    def alive(self) -> bool:
        """paho's network thread runs (False once it died: the process must restart)."""
        return alive(self._client)

    def stop(self) -> None:
        self._stopping = True
        self._client.disconnect()
        self._client.loop_stop()

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            self._answer = "refused"
            log.error("cafe: the broker refused the connection (%s)", reason)
            return
        self._answer = "accepted"
        self.outage.over()
        self.generation += 1
        if not flags.session_present:
            self.deliver(LostSession())
        client.subscribe([(name, QOS) for name in subscriptions(*self.cafes)])
        self.on_connected()
        log.info(
            "cafe: connected to %s:%d (session %s)",
            self.settings.broker.host,
            self.settings.broker.port,
            "kept" if flags.session_present else "new",
        )

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, codes: Any, props: Any) -> None:
        self.connected.set()  # subscribed: from now on nothing a table sends is missed
        self.on_receiving()

    def _on_disconnect(
        self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any
    ) -> None:
        self.connected.clear()
        self.on_receiving()
        answer, self._answer = self._answer, ""
        if self._stopping:
            log.info("cafe: disconnected from the broker")
        elif answer == "accepted":
            log.warning("cafe: disconnected from the broker (%s); reconnecting", reason)
        elif not answer:  # not a word from the broker: a TLS port, and no TLS here?
            broker = self.settings.broker
            tls = bool(broker.cafile)
            self.outage.failed(
                closed_before_accepting(
                    broker.host, broker.port, tls=tls, keys=SERVER, reason=reason
                )
            )

    def _on_connect_fail(self, client: Any, userdata: Any) -> None:
        """paho calls this while it handles the connection's error: that error says why."""
        broker, error = self.settings.broker, sys.exc_info()[1]
        cafile = broker.cafile or None
        tls = cafile is not None
        self.outage.failed(
            connect_failure(error, broker.host, broker.port, cafile=cafile, tls=tls, keys=SERVER)
        )

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        where = parse_topic(self.cafe, message.topic, self.cafes)
        token = (self.generation << 32) | message.mid if message.qos else None
        if where is None or where[1] in ("ack", "command"):
            if token is not None:
                client.ack(message.mid, message.qos)
            return
        table, leaf = where
        self.on_arrival(table, leaf, len(message.payload))
        if leaf == "log":  # QoS 0, kept in memory only: not for the database's writer
            try:
                self.on_log(table, bytes(message.payload))
            finally:  # acknowledged whatever happens: a message never holds a slot
                if token is not None:
                    client.ack(message.mid, message.qos)
            return
        self.deliver(Incoming(table, leaf, message.payload, bool(message.retain), token))

    def acknowledge(self, tokens: list[int]) -> None:
        """The broker may forget these messages: they are stored."""
        for token in tokens:
            if token >> 32 == self.generation:
                self._client.ack(token & 0xFFFFFFFF, QOS)

    def publish_ack(self, table: str, ack: Ack) -> None:
        where = split_key(self.cafe, table)
        self._client.publish(topic(*where, "ack"), ack.payload(), qos=QOS, retain=True)

    def publish_command(self, table: str, body: Mapping[str, JSON]) -> None:
        self._client.publish(topic(*split_key(self.cafe, table), "command"), dump(body), qos=QOS)
