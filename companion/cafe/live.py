"""The players' page at the cafe (issue 15): the server answers the page
(:class:`companion.web.phone.LiveSource`) from what the tables send.

The game in play comes from the table's retained ``state``: its game carries the
table view (``live``, :mod:`companion.views.live`) and its link (``link``: the
SHA-256 of the token in the players' link; the token itself never travels). With no
game in play the state's ``setup`` carries the same of the page before the game (the
attract screen's code): it waits for the game and takes names, and the game started
next keeps that link, so the page follows it. The
server keeps every game's link (the ``links`` table), so a link of a game that has
ended still opens it, read-only: its view is replayed from the events the server
holds. Names typed on a phone go to the table as the staff's signed ``names``
command would.

    app = create_app(server, ..., live=CafeLive(server))
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.bus.contract import TableState
from companion.cafe.errors import CafeError
from companion.cafe.games import replayed
from companion.cafe.server import CafeServer
from companion.games.json_types import JSON
from companion.views.live import TableView, link_digest, table_view
from companion.web.phone import Live
from companion.web.phone_words import ANSWER_WORDS

log = logging.getLogger("companion.cafe")

#: Ended games' views kept in memory.
ENDED_KEPT = 64
#: Seconds between two ``names`` commands to a table (its OLED changes an offer at
#: most this often: companion.daemon.phone.OFFER_SECONDS), and the longest wait for
#: the table's answer.
PACE = 2.0
ANSWER_SECONDS = 5.0


@dataclass
class Offers:
    """A table's names from phones: the latest waiting to be sent (its ticket), the
    answers not yet taken, when the last command left; one command in flight."""

    waiting: tuple[str, list[str]] | None = None
    answers: dict[str, str] = field(default_factory=dict)
    sent: float = float("-inf")
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class CafeLive:
    """The server seen by the players' pages."""

    def __init__(self, server: CafeServer, *, pace: float = PACE) -> None:
        self.server = server
        self.pace = pace
        self._offers: dict[str, Offers] = {}
        self._lock = threading.Lock()
        self._ended: dict[tuple[str, int], TableView] = {}
        #: The games of links held (issue 22: a feed open on an ended game's link
        #: asked the database at every change of the cafe).
        self._links: dict[tuple[str, str], int] = {}

    def _state(self, table: str) -> TableState | None:
        """The table's last state."""
        row = self.server.ingest.tables.get(table)
        return None if row is None else row.state

    def _game_of(self, table: str, token: str) -> tuple[int | None, Live | None]:
        if not token:
            return None, None
        link = link_digest(token)
        state = self._state(table)
        game = None if state is None else state.game
        if game is not None and game.link == link and game.live is not None:
            # The server's number (issue 26), as the game's ended view and the dashboard.
            return game.id, Live(replace(game.live, id=game.id), live=True)
        setup = None if state is None else state.setup
        if setup is not None and setup.link == link:
            return None, Live(setup.live, live=True)  # before the game: names, no record
        with self._lock:
            game_id = self._links.get((table, link))
        if game_id is None:
            game_id = self.server.store.linked(table, link)
            if game_id is not None:  # a game's link never changes: kept
                with self._lock:
                    if len(self._links) >= ENDED_KEPT:
                        self._links.pop(next(iter(self._links)))
                    self._links[table, link] = game_id
        return game_id, None

    def lookup(self, table: str, token: str) -> Live | None:
        game_id, live = self._game_of(table, token)
        if live is not None or game_id is None:
            return live
        view = self._ended_view(table, game_id)
        return None if view is None else Live(view, live=False)

    def _ended_view(self, table: str, game_id: int) -> TableView | None:
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
        reason = row.result.reason if row.result is not None else "over"
        view = table_view(flow, row.players, game_id=game_id, ended=reason)
        if row.ended is not None:  # an ended game no longer changes: kept
            with self._lock:
                if len(self._ended) >= ENDED_KEPT:
                    self._ended.pop(next(iter(self._ended)))
                self._ended[table, game_id] = view
        return view

    def game_record(self, table: str, token: str) -> Mapping[str, JSON] | None:
        game_id, _ = self._game_of(table, token)
        return None if game_id is None else self.server.record(table, game_id)

    def offer_names(self, table: str, token: str, names: Sequence[str]) -> str:
        """The names wait for :meth:`names_answer` to send them, replacing any still
        waiting for that table (those are answered ``replaced``)."""
        _, live = self._game_of(table, token)
        if live is None:
            return ""
        offers = self._offers.setdefault(table, Offers())
        ticket = secrets.token_hex(8)
        if offers.waiting is not None:
            offers.answers[offers.waiting[0]] = "replaced"
        offers.waiting = (ticket, list(names))
        return ticket

    async def names_answer(self, table: str, ticket: str) -> str:
        """One ``names`` command at a time per table, at most one each :attr:`pace`
        seconds (the OLED's pace of offers), carrying the latest names; the answer is
        the table's, from its state (issue 22), or ``silent`` after
        :data:`ANSWER_SECONDS`. Names replaced meanwhile are never sent."""
        offers = self._offers[table]
        async with offers.lock:
            wait = offers.sent + self.pace - time.monotonic()
            if wait > 0 and ticket not in offers.answers:
                await asyncio.sleep(wait)  # newer names may come meanwhile and go instead
            said = offers.answers.pop(ticket, None)
            if said is not None or offers.waiting is None or offers.waiting[0] != ticket:
                return said or "replaced"
            names, offers.waiting = offers.waiting[1], None
            try:
                nonce = self.server.send(table, "names", {"names": list(names), "phone": True})
            except (CafeError, ValueError) as exc:
                log.warning("cafe: names from a phone not sent to %s: %s", table, exc)
                return "unsent"
            finally:
                offers.sent = time.monotonic()
            return await self._answer(table, nonce)

    async def _answer(self, table: str, nonce: str) -> str:
        """What the table's state says to the command ``nonce``, when it says it."""
        deadline = time.monotonic() + ANSWER_SECONDS
        version = self.server.version()
        while True:
            state = self._state(table)
            answer = None if state is None else state.answer
            said = answer.said if answer is not None and answer.nonce == nonce else None
            left = deadline - time.monotonic()
            if said is not None or left <= 0:
                return said if said in ANSWER_WORDS else "silent"
            version = await self.server.wait(version, left)

    def version(self) -> int:
        return self.server.version()

    async def wait(self, after: int, timeout: float) -> int:
        return await self.server.wait(after, timeout)
