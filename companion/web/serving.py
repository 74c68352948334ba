"""uvicorn as the dashboard and the players' pages are served: slow and greedy clients
bounded (issue 22). uvicorn times nothing from a connection's opening to its request's
end (its keep-alive timeout starts only after a response): a connection that sends
nothing, or a header a byte at a time (slowloris), or a body it never finishes, is
held for ever, and a script opening a thousand of them took every file descriptor the
service has (1,024 under systemd), the database's and the broker's too. Here:

- a request must arrive whole (its headers and its body) within
  :data:`REQUEST_SECONDS` of its first byte, or of the connection's opening;
- one address holds at most :data:`PER_ADDRESS` connections at once (a phone's page
  and its live feed take two; a browser opens at most six), and all addresses
  :data:`CONNECTIONS`; a connection past these is closed at once. Loopback, where a
  TLS front (docs/cafe.md) forwards every client from, counts only towards the total.

    uvicorn.run(app, host=..., port=..., **serving_options())
"""

from __future__ import annotations

import asyncio
from typing import Any, TypedDict

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from companion.web.log_floods import bound_client_logs

#: Seconds a client has to send one whole request.
REQUEST_SECONDS = 10.0
#: Connections at once from one address, and from all.
PER_ADDRESS = 32
CONNECTIONS = 512
#: Addresses not bounded one by one (a TLS front on this machine).
LOOPBACK = ("127.0.0.1", "::1")
#: The most bytes of a request's headers (uvicorn's h11 default, said here).
HEADER_BYTES = 16 * 1024


def _address(connection: object) -> str:
    client = getattr(connection, "client", None)
    return str(client[0]) if client else ""


def guarded_protocol(
    *,
    request_seconds: float = REQUEST_SECONDS,
    per_address: int = PER_ADDRESS,
    connections: int = CONNECTIONS,
    loopback: tuple[str, ...] = LOOPBACK,
) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a deadline on each request and bounded connections."""

    class Guarded(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            same = 0
            if address not in loopback:
                same = sum(1 for c in self.connections if _address(c) == address)
            if len(self.connections) > connections or same > per_address:
                self.transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(request_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
                self._arm()  # a request under way: it has until the deadline
            else:
                self._disarm()  # whole (or the connection ends): the app answers

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._disarm()  # idle until the next request: uvicorn's keep-alive timeout

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            # A request whose body breaks HTTP (a chunk size that is not hex) reached
            # the app already: uvicorn answered 400 under it, then the app's own answer
            # (or the rest of a live feed's) raised h11's LocalProtocolError, a
            # traceback of 50 lines for each such request. The app's answer now goes
            # nowhere, as to a client gone; the client has its 400.
            cycle = self.cycle
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()
                if cycle.response_started:  # mid-answer: no 400 can follow it
                    self.transport.close()
                    return
            super().send_400_response(msg)

    return Guarded


class ServingOptions(TypedDict):
    """uvicorn's keyword arguments the product sets."""

    http: type[H11Protocol]
    h11_max_incomplete_event_size: int
    timeout_keep_alive: int
    log_config: None


def serving_options(**bounds: Any) -> ServingOptions:
    """uvicorn's settings for the product's sites (``bounds``: :func:`guarded_protocol`'s);
    what its libraries log of a broken client said once a minute (:mod:`.log_floods`)."""
    bound_client_logs()
    return {
        "http": guarded_protocol(**bounds),
        "h11_max_incomplete_event_size": HEADER_BYTES,
        "timeout_keep_alive": 5,
        # uvicorn's lines (an app's exception quoting a request) through the product's
        # own handlers, escaped (companion.bus.logs), not a handler of uvicorn's own
        "log_config": None,
    }
