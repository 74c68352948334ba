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

and, when it has work under way that the end of a finite source should not cut
(:class:`Finishing`: the voice's last sentences), ``finish(should_stop)``, called
once before ``close`` when a recorded source runs out; it returns within its own
bound, and at once when ``should_stop()`` (a stop signal) turns true.

A daemon is given a function from its :class:`TableFacade` to its parts (``parts=`` of
:class:`~companion.daemon.runtime.Daemon` and of ``build.assemble``) and makes them
while it is made; nothing is attached to a daemon afterwards. It starts them and
turns them in the order given, and closes them in the reverse order. A part that
needs another is given it when made (the cafe's bus is given the players' page, for
the names typed on a phone).

A part never sees the daemon, only the facade, and of the facade only what it uses:
each part types the table it is given with a small protocol of its own, which the one
:class:`TableFacade` satisfies (mypy checks it where the parts are made):

- the cafe's bus (:class:`StaffTable`): ``reset``, ``message``, ``rename``, ``state``,
  and ``offer`` for names typed on a phone when there is no players' page;
- the players' page (:class:`PhoneTable`): ``state``, ``refusal`` and ``propose`` of
  names, the page's link (``show_link``) and the links the journal keeps (``links``,
  ``keep_link``); at start (:class:`PhoneHome`) the journal's path and the start menu
  again (``refresh_start``);
- the voice (:class:`HeardTable`): ``state``, ``faults`` (those the screen says) and
  ``listen`` (every input's notices, and the players asking for the last announcement
  again);
- the control cards (:class:`ControlTable`): ``undo``, ``select``, ``open_start``,
  ``unlock_staff``, ``reset``: what their buttons would do.

"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from companion.daemon.runner import TableRunner
from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.journal import JournalError
from companion.session import Session
from companion.ui.app import UiApp
from companion.ui.commands import Undo
from companion.ui.phone import NamesOffer, names_refusal
from companion.views.faults import Fault
from hardware.buttons import Button, ButtonEvent, PressKind

log = logging.getLogger(__name__)


class Part(Protocol):
    """Something that runs beside the daemon's loop (see the module docstring)."""

    def start(self) -> None: ...

    def turn(self, now: float, changed: bool) -> None: ...

    def close(self) -> None: ...


@runtime_checkable
class Finishing(Protocol):
    """A part that finishes its work under way when a finite source ends (the module
    docstring)."""

    def finish(self, should_stop: Callable[[], bool]) -> None: ...


class Listener:
    """A part that hears every input's notices and nothing else (``companion replay``
    lists the refusals and the questions a game waits on)."""

    def __init__(self, table: HeardTable, heard: Callable[[list[Notice], float], None]) -> None:
        self.table = table
        self.heard = heard

    def start(self) -> None:
        self.table.listen(self.heard)

    def turn(self, now: float, changed: bool) -> None:
        return None

    def close(self) -> None:
        return None


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
    #: The journal's identity (the cafe numbers its games by it; empty in memory).
    journal: str = ""


# -- what each part sees of the table (the module docstring) ----------------------------------


class TableView(Protocol):
    """Where the table stands, for any part."""

    @property
    def now(self) -> float: ...

    def state(self, now: float) -> TableNow: ...


class StaffTable(TableView, Protocol):
    """The cafe's bus: the staff's commands, and names typed on a phone."""

    def reset(self, now: float) -> None: ...

    def message(self, text: str, now: float) -> None: ...

    def rename(self, names: Sequence[str]) -> bool: ...

    def offer(self, names: Sequence[str], now: float) -> str: ...


class PhoneTable(TableView, Protocol):
    """The players' page: names from phones, the page's link, the links kept."""

    def refusal(self, names: Sequence[str]) -> str | None: ...

    def propose(self, names: Sequence[str], now: float) -> bool: ...

    def show_link(self, link: str) -> None: ...

    def links(self) -> dict[int, str]: ...

    def keep_link(self, game: int, token: str) -> None: ...


class PhoneHome(PhoneTable, Protocol):
    """The players' page as it is made: where the journal is, the start menu again."""

    @property
    def journal_path(self) -> str: ...

    def refresh_start(self) -> None: ...


class HeardTable(TableView, Protocol):
    """The voice: every input's notices, the faults on the screen, and the players
    asking to hear one again."""

    def faults(self, now: float) -> Mapping[str, Fault]: ...

    def listen(
        self,
        heard: Callable[[list[Notice], float], None],
        again: Callable[[float], None] | None = None,
    ) -> None: ...


class ControlTable(Protocol):
    """The control and staff cards: what their buttons would do."""

    def undo(self, now: float) -> None: ...

    def select(self, now: float) -> None: ...

    def open_start(self, now: float) -> None: ...

    def unlock_staff(self, now: float) -> None: ...

    def reset(self, now: float) -> None: ...


class TableFacade:
    """What the parts may ask of the table (the UI and the session behind it); each
    part sees it through its own protocol above."""

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
        self._identity: str | None = None

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

    def refusal(self, names: Sequence[str]) -> str | None:
        """Why the game in play cannot take ``names`` from a phone (``fixed``, ``seats``:
        :func:`companion.ui.phone.names_refusal`); None when it can."""
        return names_refusal(self._app, names)

    def propose(self, names: Sequence[str], now: float) -> bool:
        """Offer ``names`` on the OLED for the table to confirm; False if refused."""
        return self._app.propose_names(names, now)

    def offer(self, names: Sequence[str], now: float) -> str:
        """Names from a phone offered on the OLED at once: ``offered``, or why the game
        in play cannot take them (:meth:`refusal`)."""
        refusal = self.refusal(names)
        if refusal is not None:
            return refusal
        self.propose(names, now)
        return "offered"

    def refresh_start(self) -> None:
        """The start menu again when it shows (no game, not a kiosk): its entries follow
        the players' page's link."""
        app = self._app
        if app.game is None and not app.kiosk:
            app.page = app.start_page()

    def faults(self, now: float) -> dict[str, Fault]:
        """The faults the screen says at ``now`` (shown, or hidden by a key), by kind."""
        return self._app.statuses.standing(now)

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

    # -- what the control cards do ------------------------------------------------------------

    def undo(self, now: float) -> None:
        """Take back the last step, as the undo button does."""
        self._runner.carry_out(Undo(), now)

    def select(self, now: float) -> None:
        """Press SELECT (dismiss the round's scores, confirm a choice)."""
        self._runner.press(ButtonEvent(Button.SELECT, PressKind.PRESS, now))

    def open_start(self, now: float) -> None:
        """The start menu (a game in play can be resumed from there)."""
        self._runner.open_start(now)

    def unlock_staff(self, now: float) -> None:
        """A valid staff card was shown: the staff actions open for a few minutes."""
        self._app.staff_unlocked(now)

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
        if self._identity is None:  # read once: a journal keeps its identity
            self._identity = session.journal.identity
        return TableNow(
            at=session.clock(),
            game_id=session.game_id,
            flow=session.flow,
            players=tuple(app.players),
            setup=None if setup is None else (setup.game, tuple(setup.names)),
            offered=tuple(page.names) if isinstance(page, NamesOffer) else None,
            devices=devices,
            idle=max(0.0, now - app.last_input),
            journal=self._identity,
        )

    # -- the players' page's link -------------------------------------------------------------

    def show_link(self, link: str) -> None:
        """The address the OLED draws as a code ("" for none)."""
        self._app.link = link

    @property
    def journal_path(self) -> str:
        return str(self._session.journal.path)

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
