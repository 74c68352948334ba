"""The daemon's parts, and the one face of the table they see.

The loop's own work is the camera, the reader, the session, the buttons and the screen
(:mod:`companion.daemon.runtime`). Everything else that runs beside it is a *part*:
the players' page (:class:`~companion.daemon.phone.Phone`, and the page served at home),
the cafe's bus (:class:`~companion.daemon.remote.Remote`), the voice
(:class:`~companion.daemon.speech.Speech`). A part is any
object with three methods (:class:`Part`)::

    start()               once, when the loop begins (a thread, a handler), after the
                          first screen is drawn
    turn(now, changed)    every turn of the loop, after the buttons and the UI's time,
                          before the screen is drawn; never waits. ``changed``: a table
                          event or a press came this turn
    close()               once, when the loop ends (after the farewell screen)

A daemon is given a function from its :class:`TableFacade` to its parts (``parts=`` of
:class:`~companion.daemon.runtime.Daemon` and of ``build.assemble``) and makes them
while it is made; nothing is attached to a daemon afterwards. It starts them and
turns them in the order given, and closes them in the reverse order. A part that
needs another is given it when made (the cafe's bus is given the players' page, for
the names typed on a phone).

A part never sees the daemon, only the facade: what the table does for it (``reset``,
``message``, ``rename``, ``propose``), where it stands (``state``), what it hears
(``listen``: every input's notices, and the players asking for the last announcement
again), and the players' page's link (``show_link``, ``links``, ``keep_link``).

    def parts(table: TableFacade) -> list[Part]:
        phone = Phone(table, board)
        return [phone, Remote(table, bus, phone)]

    daemon = assemble(session, reader, devices, clock=clock, parts=parts)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.daemon.runner import TableRunner
from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.journal import JournalError
from companion.session import Session
from companion.ui.app import UiApp
from companion.ui.phone import NamesOffer, names_refusal

log = logging.getLogger(__name__)


class Part(Protocol):
    """Something that runs beside the daemon's loop (see the module docstring)."""

    def start(self) -> None: ...

    def turn(self, now: float, changed: bool) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class TableNow:
    """Where the table stands: the game in play (``flow`` None: none), the game being
    set up before it, the names the OLED offers, the devices, the idle time."""

    #: The journal's clock (wall time): what the cafe's ``state`` says as ``at``.
    at: float
    game_id: int | None
    flow: GameFlow | None
    players: tuple[str, ...]
    #: The game being set up (no game in play) and its names so far; None: none.
    setup: tuple[str, tuple[str, ...]] | None
    #: Names a phone sent that the OLED offers now, for the table to confirm.
    offered: tuple[str, ...] | None
    #: ``camera``, ``display``, ``buttons``: ``ok`` or ``lost``; ``journal``: ``ok`` or
    #: ``not saved`` (a full disk).
    devices: Mapping[str, str]
    #: Seconds since the last button or card.
    idle: float


class TableFacade:
    """What the parts may ask of the table (the UI and the session behind it)."""

    def __init__(
        self,
        app: UiApp,
        session: Session,
        runner: TableRunner,
        devices: Callable[[], Mapping[str, bool]],
    ) -> None:
        self._app = app
        self._session = session
        self._runner = runner
        self._devices = devices

    # -- what the table does -------------------------------------------------------------

    def reset(self, now: float) -> None:
        """End the game in play (kept in the history) and show the attract screen."""
        self._runner.reset(now)

    def message(self, text: str, now: float) -> None:
        """Show the staff's ``text`` on the OLED."""
        said = Said(Say.STAFF_MESSAGE, text=text)
        self._app.notices([Notice(NoticeKind.INFO, text, said=said)], now)

    def rename(self, names: Sequence[str]) -> bool:
        """New player names for the game in play (or the one being set up): the OLED's,
        the journal's, the flow's. False if the game cannot take them (fixed sides,
        another number of seats)."""
        app, session = self._app, self._session
        if not app.set_names(names):
            return False
        session.rename(names)
        if session.flow is not None:
            app.flow_status(session.flow.status())
        return True

    def names_refusal(self, names: Sequence[str]) -> str | None:
        """Why the game in play cannot take ``names`` from a phone (``fixed``, ``seats``:
        :func:`companion.ui.phone.names_refusal`); None when it can."""
        return names_refusal(self._app, names)

    def propose(self, names: Sequence[str], now: float) -> bool:
        """Offer ``names`` on the OLED for the table to confirm; False if refused."""
        return self._app.propose_names(names, now)

    def refresh_start(self) -> None:
        """The start menu again when it shows (no game, not a kiosk): its entries follow
        the players' page's link."""
        app = self._app
        if app.game is None and not app.kiosk:
            app.page = app.start_page()

    def listen(
        self,
        heard: Callable[[list[Notice], float], None],
        again: Callable[[float], None] | None = None,
    ) -> None:
        """``heard`` is given every input's notices and their time, before the screen
        shows them; ``again``, when given, the time the players ask to hear the last
        announcement again: long UP in a game asks it from then on (without it, long UP
        keeps its meaning in the game: the scores, rummy's previous seat)."""
        self._runner.listeners.append(heard)
        if again is not None:
            self._runner.again.append(again)
            self._app.repeats = True

    # -- where it stands ----------------------------------------------------------------------

    @property
    def now(self) -> float:
        """The interface's time (the loop's clock at its last input or screen)."""
        return self._app.now

    def state(self, now: float) -> TableNow:
        app, session = self._app, self._session
        setup = app.wizard.current
        page = app.page
        devices = {name: "ok" if ok else "lost" for name, ok in self._devices().items()}
        devices["journal"] = "not saved" if session.memory_only else "ok"
        return TableNow(
            at=session.clock(),
            game_id=session.game_id,
            flow=session.flow,
            players=tuple(app.players),
            setup=None if setup is None else (setup.game, tuple(setup.names)),
            offered=tuple(page.names) if isinstance(page, NamesOffer) else None,
            devices=devices,
            idle=max(0.0, now - app.last_input),
        )

    # -- the players' page's link -------------------------------------------------------------

    def show_link(self, link: str) -> None:
        """The address the OLED draws as a code ("" for none)."""
        self._app.link = link

    @property
    def journal_path(self) -> str:
        return str(self._session.journal.path)

    @property
    def journal_identity(self) -> str:
        """The journal's identity (the cafe numbers its games by it; empty in memory)."""
        return self._session.journal.identity

    def links(self) -> dict[int, str]:
        """Every game's link token the journal keeps."""
        return self._session.journal.links()

    def keep_link(self, game: int, token: str) -> None:
        """Journal ``game``'s link token (a restart keeps it), when the journal writes."""
        session = self._session
        if session.memory_only:
            return
        try:
            session.journal.set_link(game, token)
        except JournalError as exc:
            log.error("%s; the game's link lasts until a restart", exc)
