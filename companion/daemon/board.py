"""What the players' page reads of a table (issue 15): the :class:`Board` the daemon's
loop leaves the game's view on (:mod:`companion.daemon.phone`), and the web server's
thread reads (:class:`~companion.web.phone.LiveSource`): the view of the game in play,
the tokens of earlier games, whose ended view it rebuilds from its own read-only
journal, and the names typed on a phone with the loop's answer to them.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from companion.bus.limits import LimitError, check_names
from companion.games.json_types import JSON
from companion.journal import Journal, JournalError
from companion.session import replay
from companion.views.live import TableView, table_view
from companion.web.auth import same_secret
from companion.web.changes import Changes

if TYPE_CHECKING:  # the page's module (Starlette, Jinja, Babel) only where it is served
    from companion.web.phone import Live

log = logging.getLogger("companion.daemon.phone")

#: Ended games' views kept in memory.
ENDED_KEPT = 16
#: How long a page waits for the loop's answer to names, and how many answers are kept.
ANSWER_SECONDS = 5.0
ANSWERS_KEPT = 64


class Board:
    """What the web thread reads, under a lock: the game in play's view and token, the
    tokens of earlier games, and a version that grows with every change."""

    def __init__(self, table: str, journal_path: str, lang: str | None = None) -> None:
        self.table = table
        self.journal_path = journal_path
        self.lang = lang
        self.changes = Changes()
        #: The latest names typed on a phone, with their ticket and the token of the
        #: page they were typed on, until the loop takes them (a newer offer replaces
        #: them); the loop's answers, by ticket, until the page takes them.
        self._offer: tuple[str, str, list[str]] | None = None
        self._answers: dict[str, str] = {}
        self._tickets = itertools.count(1)
        self._lock = threading.Lock()
        self._game: int | None = None
        self._token = ""
        self._view: TableView | None = None
        self._tokens: dict[str, int] = {}
        self._ended: dict[int, TableView] = {}

    # -- the daemon's side --------------------------------------------------------------

    def known(self, tokens: Mapping[int, str]) -> None:
        with self._lock:
            self._tokens.update({token: game for game, token in tokens.items()})

    def publish(self, game: int | None, token: str, view: TableView | None) -> None:
        with self._lock:
            if game is not None and token:
                self._tokens[token] = game
            self._game, self._token, self._view = game, token, view
        self.changes.bump()

    def current(self) -> tuple[int | None, str, TableView | None]:
        with self._lock:
            return self._game, self._token, self._view

    # -- the web thread's side (companion.web.phone.LiveSource) ---------------------------

    def lookup(self, table: str, token: str) -> Live | None:
        from companion.web.phone import Live  # imported by the server that asks

        if table != self.table or not token:
            return None
        with self._lock:
            game, current, view = self._game, self._token, self._view
            tokens = list(self._tokens.items())
        match = next((g for t, g in tokens if same_secret(t, token)), None)
        if current and view is not None and same_secret(current, token):
            return Live(view, live=True, lang=self.lang)
        if match is None or match == game:
            return None
        ended = self._ended_view(match)
        return None if ended is None else Live(ended, live=False, lang=self.lang)

    def _ended_view(self, game: int) -> TableView | None:
        """An earlier game's view, replayed from the journal (read-only, on this thread)."""
        with self._lock:
            if game in self._ended:
                return self._ended[game]
        try:
            journal = Journal.read(self.journal_path)
        except JournalError as exc:
            log.warning("phone: game %d cannot be read (%s)", game, exc)
            return None
        try:
            entry = journal.game(game)
            done = replay(journal, entry)
        except JournalError as exc:
            log.warning("phone: game %d cannot be read (%s)", game, exc)
            return None
        finally:
            journal.close()
        if done.flow is None:
            return None
        reason = entry.result.reason if entry.ended and entry.result is not None else "over"
        view = table_view(done.flow, entry.players, game_id=game, ended=reason)
        with self._lock:
            if len(self._ended) >= ENDED_KEPT:
                self._ended.pop(next(iter(self._ended)))
            self._ended[game] = view
        return view

    def game_record(self, table: str, token: str) -> Mapping[str, JSON] | None:
        found = self.lookup(table, token)
        if found is None:
            return None
        game = found.view.id
        try:
            journal = Journal.read(self.journal_path)
        except JournalError:
            return None
        try:
            done = None if game is None else replay(journal, journal.game(game))
        except JournalError:
            return None
        finally:
            journal.close()
        return None if done is None or done.flow is None else done.flow.record()

    def offer_names(self, table: str, token: str, names: Sequence[str]) -> str:
        """Names for the game in play, or (the set-up token) the game being set up:
        handed to the loop, which answers (:meth:`names_answer`) and offers them to the
        OLED for the table to confirm. Their ticket; "" if refused here."""
        with self._lock:
            current = self._token
        if table != self.table or not current or not same_secret(current, token):
            return ""
        try:  # the bus contract's names (issue 22): what the cafe's server would refuse
            checked = check_names(list(names))
        except LimitError as exc:
            log.warning("phone: names refused: %s", exc)
            return ""
        with self._lock:
            ticket = str(next(self._tickets))
            if self._offer is not None:  # not taken yet: these go instead
                self._answer(self._offer[0], "replaced")
            self._offer = (ticket, token, checked)
        return ticket

    def take_offer(self) -> tuple[str, str, list[str]] | None:
        """The names waiting (their ticket, their page's token), once; None if none."""
        with self._lock:
            offer, self._offer = self._offer, None
        return offer

    def answered(self, ticket: str, answer: str) -> None:
        """The loop's answer to the names of ``ticket``."""
        with self._lock:
            self._answer(ticket, answer)
        self.changes.bump()

    def _answer(self, ticket: str, answer: str) -> None:
        while len(self._answers) >= ANSWERS_KEPT:  # pages that never came for theirs
            self._answers.pop(next(iter(self._answers)))
        self._answers[ticket] = answer

    async def names_answer(self, table: str, ticket: str) -> str:
        """The loop's answer to ``ticket`` (it takes the names at its next turn);
        ``silent`` if none comes within :data:`ANSWER_SECONDS`."""
        deadline = time.monotonic() + ANSWER_SECONDS
        version = self.changes.version
        while True:
            with self._lock:
                answer = self._answers.pop(ticket, None)
            left = deadline - time.monotonic()
            if answer is not None or left <= 0:
                return answer or "silent"
            version = await self.changes.wait(version, left)

    def version(self) -> int:
        return self.changes.version

    async def wait(self, after: int, timeout: float) -> int:
        return await self.changes.wait(after, timeout)
