"""Shutting a flooding table's account out at the broker: Mosquitto's dynamic security
plugin, spoken to as its admin account (``[broker] admin_username``, docs/cafe.md
"Shutting out a flooding table").

The cafe's accounts stay in the password file and the ACL. The plugin is loaded beside
them and holds no table: for an account it does not know, it leaves the decision to
the password file. To shut a table out, the server creates that account in the plugin
with a random password, marked as its own (:data:`MARK` in its ``textname``), and
disables it: Mosquitto disconnects the table at once and refuses it from then on, also
after a restart (the plugin keeps its file). Letting it in again deletes that account,
and the password file decides again. An account the plugin already held (a cafe that
keeps its tables there) is only disabled, and enabled again.

Commands go to ``$CONTROL/dynamic-security/v1`` and the answers come back on
``.../response``; the answers are the broker's, read with a bound all the same. At each
connection the plugin's clients are listed, so the server knows whom it shut out
before it restarted.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any

from companion.bus.guard import guarded
from companion.bus.tls import Outage
from companion.cafe.link import alive, server_client, start
from companion.cafe.settings import CafeSettings
from companion.games.json_types import JSON, JSONObject

log = logging.getLogger("companion.cafe")

CONTROL = "$CONTROL/dynamic-security/v1"
RESPONSE = CONTROL + "/response"
#: The start of the ``textname`` of every account this server created to shut a table out.
MARK = "shut out by companion cafe"
#: The largest answer read (a list of a few thousand accounts).
MAX_ANSWER = 4 * 1024 * 1024


class BrokerAdmin:
    """The admin account's own connection (its own paho thread)."""

    def __init__(
        self,
        settings: CafeSettings,
        listed: Callable[[dict[str, str]], None] = lambda shut: None,
        answered: Callable[[str, str | None], None] = lambda account, error: None,
    ) -> None:
        """``listed`` is called at each connection with the accounts shut out (a
        disabled account of the plugin) and why (its ``textname``); ``answered`` with an
        account :meth:`shut_out` asked for and the broker's error (None: shut out)."""
        broker = settings.broker
        self.settings = settings
        self.listed = listed
        self.answered = answered
        #: The accounts this server created in the plugin (deleted to let them in).
        self._ours: set[str] = set()
        self._lock = threading.Lock()
        self.outage = Outage(log, "retrying")
        #: Set while connected and subscribed to the answers.
        self.ready = threading.Event()
        login = (broker.admin_username, settings.admin_password())
        self._client = server_client(settings, broker.admin_username, login)
        self._client.on_connect = guarded(log, "the admin's connection", self._on_connect)
        self._client.on_subscribe = guarded(log, "the admin's subscription", self._on_subscribe)
        self._client.on_disconnect = guarded(log, "the admin's disconnection", self._on_gone)
        self._client.on_message = guarded(log, "an answer of the broker", self._on_message)

    def start(self) -> None:
        start(self._client, self.settings)

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()

    def alive(self) -> bool:
        return alive(self._client)

    # -- the server's side ----------------------------------------------------------------

    def shut_out(self, account: str, why: str) -> None:
        """Disconnect ``account`` and refuse it from now on (also after a restart)."""
        name = f"{MARK}: {why}"[:200]
        self._send(
            {
                "command": "createClient",
                "username": account,
                "password": secrets.token_urlsafe(32),
                "textname": name,
            },
            {"command": "disableClient", "username": account},
            correlation=f"shut:{account}",
        )

    def let_in(self, account: str) -> None:
        """Let ``account`` connect again, with its password of the password file."""
        with self._lock:
            ours = account in self._ours
            self._ours.discard(account)
        if ours:
            self._send({"command": "deleteClient", "username": account}, correlation="in")
        else:
            self._send({"command": "enableClient", "username": account}, correlation="in")

    def _send(self, *commands: JSONObject, correlation: str) -> None:
        for command in commands:
            command["correlationData"] = correlation
        payload = json.dumps({"commands": list(commands)})
        self._client.publish(CONTROL, payload, qos=1)

    # -- paho's thread ----------------------------------------------------------------------

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            self.outage.failed(
                f"the broker refused the admin account {self.settings.broker.admin_username!r} "
                f"({reason}): check [broker] admin_username and admin_password_file in "
                f"{self.settings.source}, and the broker's dynamic security plugin (docs/cafe.md)"
            )
            return
        self.outage.over()
        client.subscribe(RESPONSE, qos=1)

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, codes: Any, props: Any) -> None:
        self._send({"command": "listClients", "verbose": True}, correlation="list")
        self.ready.set()

    def _on_gone(self, client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        self.ready.clear()

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        payload = bytes(message.payload)
        if len(payload) > MAX_ANSWER:
            log.warning("cafe: the broker's answer of %d bytes not read", len(payload))
            return
        answer = json.loads(payload)
        for response in answer.get("responses", ()) if isinstance(answer, dict) else ():
            if isinstance(response, dict):
                self._answered(response)

    def _answered(self, response: Mapping[str, JSON]) -> None:
        command, error = response.get("command"), response.get("error")
        correlation = str(response.get("correlationData", ""))
        if command == "listClients" and not error:
            self._listed(response.get("data"))
            return
        if command == "createClient" and error is None:
            with self._lock:
                self._ours.add(correlation.removeprefix("shut:"))
            return
        if command == "createClient" and error == "Client already exists":
            return  # the plugin's own account: only disabled
        if error:
            log.warning("cafe: the broker refused %s: %s", command, error)
        if command == "disableClient" and correlation.startswith("shut:"):
            self.answered(correlation.removeprefix("shut:"), str(error) if error else None)

    def _listed(self, data: JSON) -> None:
        found = data.get("clients") if isinstance(data, dict) else None
        shut: dict[str, str] = {}
        ours: set[str] = set()
        for client in found if isinstance(found, list) else []:
            name = client.get("username") if isinstance(client, dict) else None
            if not isinstance(client, dict) or not isinstance(name, str):
                continue
            text = str(client.get("textname", ""))
            if text.startswith(MARK):
                ours.add(name)
            if client.get("disabled") is True:
                shut[name] = text.removeprefix(MARK).lstrip(": ")
        with self._lock:
            self._ours |= ours
        self.listed(shut)
