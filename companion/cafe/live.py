"""The players' page at the cafe (issue 15): the server answers the page
(:class:`companion.web.phone.LiveSource`) from what the tables send.

The game in play comes from the table's retained ``state``: its game carries the
table view (``live``, :mod:`companion.views.live`) and its link (``link``: the
SHA-256 of the token in the players' link; the token itself never travels). The
server keeps every game's link (the ``links`` table), so a link of a game that has
ended still opens it, read-only: its view is replayed from the events the server
holds. Names typed on a phone go to the table as the staff's signed ``names``
command would.

    app = create_app(server, ..., live=CafeLive(server))
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from companion.cafe.errors import CafeError
from companion.cafe.games import replayed
from companion.cafe.server import CafeServer
from companion.views.live import link_digest, table_view
from companion.web.phone import Live

log = logging.getLogger("companion.cafe")

#: Ended games' views kept in memory.
ENDED_KEPT = 64


class CafeLive:
    """The server seen by the players' pages."""

    def __init__(self, server: CafeServer) -> None:
        self.server = server
        self._lock = threading.Lock()
        self._ended: dict[tuple[str, int], dict[str, Any]] = {}

    def _playing(self, table: str) -> Mapping[str, Any] | None:
        row = self.server.ingest.tables.get(table)
        game = (row.state or {}).get("game") if row is not None else None
        return game if isinstance(game, dict) else None

    def _game_of(self, table: str, token: str) -> tuple[int | None, Live | None]:
        if not token:
            return None, None
        link = link_digest(token)
        game = self._playing(table)
        if game is not None and game.get("link") == link and isinstance(game.get("live"), dict):
            return game.get("id"), Live(game["live"], live=True)
        game_id = self.server.store.linked(table, link)
        return game_id, None

    def lookup(self, table: str, token: str) -> Live | None:
        game_id, live = self._game_of(table, token)
        if live is not None or game_id is None:
            return live
        view = self._ended_view(table, game_id)
        return None if view is None else Live(view, live=False)

    def _ended_view(self, table: str, game_id: int) -> dict[str, Any] | None:
        with self._lock:
            if (table, game_id) in self._ended:
                return self._ended[table, game_id]
        store = self.server.store
        row = store.game(table, game_id)
        if row is None:
            return None
        try:
            flow = replayed(row, store.events(table, game_id))
        except Exception as exc:  # a game this version cannot replay: no page
            log.info("cafe: %s game %d not replayed for a phone (%s)", table, game_id, exc)
            return None
        reason = str((row.result or {}).get("reason") or "over")
        view = table_view(flow, row.players, game_id=game_id, ended=reason)
        if row.ended is not None:  # an ended game no longer changes: kept
            with self._lock:
                if len(self._ended) >= ENDED_KEPT:
                    self._ended.pop(next(iter(self._ended)))
                self._ended[table, game_id] = view
        return view

    def game_record(self, table: str, token: str) -> Mapping[str, Any] | None:
        game_id, _ = self._game_of(table, token)
        return None if game_id is None else self.server.record(table, game_id)

    def offer_names(self, table: str, token: str, names: Sequence[str]) -> bool:
        _, live = self._game_of(table, token)
        if live is None:
            return False
        try:
            self.server.send(table, "names", {"names": list(names), "phone": True})
        except (CafeError, ValueError) as exc:
            log.warning("cafe: names from a phone not sent to %s: %s", table, exc)
            return False
        return True

    def version(self) -> int:
        return self.server.version()

    async def wait(self, after: int, timeout: float) -> int:
        return await self.server.wait(after, timeout)
