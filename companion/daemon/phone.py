"""The players' page from the daemon (issue 15): each game's link, its live view, the
names typed on a phone, and at home the page served by the table itself.

:class:`Phone` runs once per turn of the main loop and never waits: it gives a new
game its link token (random, kept in the journal so a restart keeps it), builds the
game's table view (:func:`companion.views.live.table_view`) when the table changed
(and once a second besides) and leaves it on the :class:`Board`, hands the OLED the
link to draw as a code (``app.link``), and offers the OLED the names a phone handed
over (the table confirms them with one press: :meth:`UiApp.propose_names`).

One offer waits per table, the latest (issue 22: a phone posting names ten times a
second put 80 offers on the OLED, each covering the page): names from the table's
own page or from the cafe's (:meth:`Phone.take`) replace the ones still waiting;
the OLED's offer changes at most every :data:`OFFER_SECONDS`, so the names SELECT
takes are the ones the table had time to read, and the same names again change
nothing. Each phone is answered at once with the truth: offered, or why the game in
play cannot take them (:func:`companion.ui.phone.names_refusal`).

Before a game there is a link too: a set-up token, made when no game is in play,
opens a page that waits for the game (:func:`companion.views.live.waiting_view`,
the game being set up and its names so far) and takes names; the game started next
keeps that token, so a phone that scanned the attract screen follows the game.

At a cafe the table's ``state`` carries the same: the game's view and link digest in
play (:meth:`Phone.paged`), the waiting view and the set-up link's digest before
a game (:meth:`Phone.setup_link`), and the cafe's server serves both pages.

The :class:`Phone` and :class:`HomeServer` are parts of the daemon
(:mod:`companion.daemon.parts`): the phone sees the table through the facade's
:class:`~companion.daemon.parts.PhoneTable` (names refused or proposed, the link, the
links the journal keeps), and :func:`phone_parts` through its
:class:`~companion.daemon.parts.PhoneHome`.

The :class:`~companion.daemon.board.Board` is what the web server's thread reads
(:class:`~companion.web.phone.LiveSource`). The cafe's bus sends the same view in
the table's ``state`` (:mod:`companion.daemon.remote`).

    phone, server = phone_parts(table, config)   # companion.daemon.build does it
"""

from __future__ import annotations

import logging
import secrets
import socket
import threading
from collections.abc import Sequence
from dataclasses import replace

from companion.bus.contract import GameFacts, PageLink
from companion.config import Config
from companion.daemon.board import Board
from companion.daemon.parts import PhoneHome, PhoneTable
from companion.views.i18n import language
from companion.views.live import TableView, link_digest, table_view, waiting_view
from companion.web.log_floods import bound_client_logs

log = logging.getLogger(__name__)

#: The view is built again at least this often (a change the loop did not flag).
VIEW_SECONDS = 1.0
#: The OLED's offer of names from a phone is replaced at most this often.
OFFER_SECONDS = 2.0


#: A link token's random bytes: 72 bits (no phone guesses another game's), 12 URL-safe
#: characters, so the home link fits a version 3 code (docs/phone.md, "The code").
TOKEN_BYTES = 9


def new_token() -> str:
    """A link's token: :data:`TOKEN_BYTES` random bytes, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


class Phone:
    """Joins the :class:`Board` to the daemon's loop (see :meth:`turn`): a part."""

    def __init__(self, table: PhoneTable, board: Board) -> None:
        bound_client_logs((log.name,))  # names refused: a phone may send them in a loop
        self.table = table
        self.board = board
        self.tokens: dict[int, str] = table.links()
        board.known(self.tokens)
        self._next = float("-inf")
        self._shown: TableView | None = None
        self._shown_token = ""
        #: The set-up token: the link before a game, carried into the next game.
        self._pending = ""
        #: The latest names for the OLED to offer, not shown yet; when it last offered.
        self._waiting: list[str] | None = None
        self._offered_at = float("-inf")

    def token(self, game: int) -> str:
        """The link token of ``game``, made (and journaled) the first time it is asked."""
        token = self.tokens.get(game)
        if token is None:
            token = self.tokens[game] = self._pending or new_token()
            self._pending = ""
            if self.served:
                where = f"{self.base}/t/{self.board.table}"
                log.info("phone: game %d's page: %s?k=%s", game, where, token)
            self.table.keep_link(game, token)
        return token

    def paged(self, facts: GameFacts) -> GameFacts:
        """The cafe's ``state``'s game with its players' page (optional fields, contract
        v1): the page's view and the link's digest."""
        game, token, view = self.board.current()
        if game is None or view is None:
            return facts
        return replace(facts, live=view, link=link_digest(token))

    def setup_link(self) -> PageLink | None:
        """With no game in play, what the cafe's ``state`` carries of the page before
        the game (its ``setup``: the waiting view and the set-up link's digest), so the
        cafe's server serves it too; None in a game."""
        game, token, view = self.board.current()
        if game is not None or view is None or not token or not view.waiting:
            return None
        return PageLink(view, link_digest(token))

    def pending(self) -> str:
        """The set-up token (made the first time it is asked, while no game is in play)."""
        if not self._pending:
            self._pending = new_token()
            if self.served:
                where = f"{self.base}/t/{self.board.table}"
                log.info("phone: the next game's page: %s?k=%s", where, self._pending)
        return self._pending

    def take(self, names: Sequence[str]) -> str:
        """Names from a phone for the table to confirm (from the page here, or the
        cafe's server): the answer for the phone, ``offered`` (they replace any still
        waiting, and the OLED offers them in :meth:`turn`) or why the game in play
        cannot take them (:func:`companion.ui.phone.names_refusal`)."""
        refusal = self.table.refusal(names)
        if refusal is not None:
            game = self.table.state(self.table.now).game_id
            log.warning("phone: names %s refused (%s, game %s)", ", ".join(names), refusal, game)
            return refusal
        self._waiting = list(names)
        return "offered"

    def _offer_names(self, now: float) -> None:
        """The latest names waiting, offered on the OLED at once, or when it still shows
        an offer not answered, once that one has been there :data:`OFFER_SECONDS`;
        nothing when the OLED already offers these names."""
        taken = self.board.take_offer()
        if taken is not None:
            ticket, token, names = taken
            if token != self._shown_token:
                log.warning("phone: names %s refused: sent from an earlier page", ", ".join(names))
                self.board.answered(ticket, "earlier")
            else:
                self.board.answered(ticket, self.take(names))
        shown = self.table.state(now).offered
        if self._waiting is None or (shown is not None and now < self._offered_at + OFFER_SECONDS):
            return
        names, self._waiting = self._waiting, None
        if shown is not None and list(shown) == names:
            return
        if self.table.propose(names, now):
            self._offered_at = now
            log.info("phone: names %s offered to the table", ", ".join(names))
        else:
            game = self.table.state(now).game_id
            log.warning("phone: names %s refused (game %s)", ", ".join(names), game)

    def start(self) -> None:
        """Nothing to start: :func:`phone_parts` made the first link already."""

    def close(self) -> None:
        """Nothing to close: the board lives as long as the page's server."""

    def turn(self, now: float, changed: bool) -> None:
        """The names handed over (offered to the OLED), then the view when the table
        changed or it is due, and the link the OLED draws."""
        if self.board.lang is not None:  # the table's: its Language menu may have changed it
            self.board.lang = language()
        self._offer_names(now)
        here = self.table.state(now)
        flow, game = here.flow, here.game_id
        due = changed or now >= self._next or self._shown_game() != game
        if due:
            self._next = now + VIEW_SECONDS
            if flow is not None and game is not None:
                view = table_view(flow, list(here.players), game_id=game)
                token = self.token(game)
            else:
                setup_game, names = here.setup if here.setup is not None else (None, ())
                view = waiting_view(setup_game, list(names))
                token = self.pending()
            if view != self._shown or token != self._shown_token:
                self._shown, self._shown_token = view, token
                self.board.publish(game if flow is not None else None, token, view)
        self.table.show_link((self.link() or "") if self.served else "")

    def _shown_game(self) -> int | None:
        return None if self._shown is None else self._shown.id

    def link(self) -> str | None:
        """The address of the page the OLED's code opens: the game in play's, or
        before a game the page of the game being set up."""
        _, token, _ = self.board.current()
        if not token:
            return None
        return f"{self.base}/t/{self.board.table}?k={token}"

    base = ""
    #: Whether anyone serves the page (this table, or the cafe's server at ``[phone]
    #: url``): without, the OLED shows no code and no "Phone page" entry.
    served = True


def local_address() -> str:
    """This machine's address on its network (the route out, no packet sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: never routed, nothing is sent
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class HomeServer:
    """The players' page served by uvicorn on a thread of its own (the loop never waits)."""

    def __init__(self, board: Board, bind: str, port: int) -> None:
        import uvicorn

        from companion.web.phone import create_phone_app
        from companion.web.serving import serving_options

        config = uvicorn.Config(
            create_phone_app(board),
            host=bind,
            port=port,
            log_level="warning",
            timeout_graceful_shutdown=1,
            lifespan="off",
            **serving_options(),  # slow and greedy clients bounded (issue 22)
        )
        self.server = uvicorn.Server(config)
        self.where = f"{bind}:{port}"
        self.thread = threading.Thread(target=self._run, name="phone-web", daemon=True)

    def _run(self) -> None:
        try:
            self.server.run()
        except SystemExit:  # uvicorn exits when it cannot bind: the table goes on
            log.error(
                "phone: the players' page could not be served on %s (another program "
                "has the port? [phone] port and bind in the configuration choose it); "
                "the table plays on without it",
                self.where,
            )

    def start(self) -> None:
        self.thread.start()

    def turn(self, now: float, changed: bool) -> None:
        """Nothing each turn: the page reads the :class:`Board` on its own thread."""

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)


def phone_parts(table: PhoneHome, config: Config) -> tuple[Phone, HomeServer | None]:
    """The board, the loop's part and (``[phone] enabled``) the page served at home."""
    phone = config.phone
    name = config.table.name or "home"
    lang = config.ui.language  # [ui] language: the page follows the table (issue 12)
    board = Board(name, table.journal_path, lang)
    hook = Phone(table, board)
    hook.base = phone.url.rstrip("/") or f"http://{local_address()}:{phone.port}"
    hook.served = phone.enabled or bool(phone.url)
    server = None
    if phone.enabled:
        server = HomeServer(board, phone.bind, phone.port)
        log.info("phone: the players' page on %s:%d", phone.bind, phone.port)
    hook.turn(table.now, True)  # the set-up link, for the first screen's code and menu
    table.refresh_start()  # its "Phone page" entry
    return hook, server
