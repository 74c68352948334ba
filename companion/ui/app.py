"""The interface's state machine: button and table events in, the screen to show out.

Pure: no I/O and no clock of its own. The daemon (or ``companion ui-demo``) hands
in each button event (its ``time`` is the clock), the flow's notices and status after
each input, and a ``tick`` now and then for timed screens; it carries out the
commands a press returns (:mod:`companion.ui.commands`) and draws ``screen(now)``
with :func:`companion.ui.screens.render`. The flow's facts become screens through
the presenters of :mod:`companion.views`, with the names of the game's players.

    app = UiApp()
    commands = app.button(ButtonEvent(Button.SELECT, PressKind.PRESS, time=now))
    for command in commands: ...                     # StartGame, Flow, Undo...
    app.notices(session.table(CardPlaced(card)), now)  # a trick won, a refusal...
    app.flow_status(session.flow.status())           # the game screen, what is on record
    display.show(render(app.screen(now), display.size))

What covers what, from the top: a hardware fault (camera lost, disk full, one of our
cards seen twice: a code that is not ours is never shown), then the notices' queue (a
trick's winner for a moment, the round's scores, a revoke alert, a refused card), then
the page (a menu, the game).
A button first dismisses whatever covers the page; a screen that waits for a button
(scores, an alert, a refusal, a fault) takes the press, a passing one (a trick's
winner, a note) does not, so a quick hand at the hex referee loses no move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.config import KioskSection
from companion.flows.base import Notice, NoticeKind
from companion.flows.status import FlowStatus, Recorded, RummyStatus, TrickStatus
from companion.games.game_options import GameOptions
from companion.games.registry import get_game
from companion.table.markers import SeatReading
from companion.ui.commands import EndGame, StaffAction, StartGame, UiCommand
from companion.ui.ingame import GamePage, IdlePage
from companion.ui.keys import ButtonLike, key_of
from companion.ui.overlays import Overlay, Overlays, Pager, Statuses
from companion.ui.pages import Go, ListPage, Page
from companion.ui.phone import PhonePage, offer_names, phone_view
from companion.ui.screens import View, message_pages
from companion.ui.setup import SetupWizard
from companion.ui.start import language_page, result_lines, start_page
from companion.ui.table_setup import LookingPage, result_page
from companion.views import (
    FlowView,
    MessageView,
    ScoresView,
    Tone,
    present,
    present_notice,
    present_running,
)
from companion.views.faults import Fault
from companion.views.i18n import _, set_language
from companion.views.present import game_label

#: How long a staff card keeps the staff actions open.
STAFF_SECONDS = 300.0
#: The misread cards one can correct: the newest of what the flow has on record.
RECENT_CARDS = 8
#: How long the code of the players' page shows as a game starts (or until its first
#: card, or a key: a passing screen, the key goes through).
START_CODE_SECONDS = 20.0


class UiApp:
    """The four-button interface of one table (see the module docstring)."""

    def __init__(
        self,
        *,
        kiosk: KioskSection | None = None,
        language: str | None = None,
        now: float = 0.0,
        names: Sequence[str] = (),
        panel: tuple[int, int] = (128, 64),
    ) -> None:
        """``language`` is the table's at start (``[ui] language``); None keeps the one
        spoken now. ``names``: the players' names of the latest games, newest first (the
        daemon reads them from the journal: the interface never does). ``panel``: the
        display's size, which says how many pages a long message takes (the daemon sets
        it again once the display is open)."""
        if language is not None:
            set_language(language)
        section = kiosk if kiosk is not None else KioskSection()
        self.kiosk = section.enabled
        self.idle_seconds = section.idle_minutes * 60.0
        self.now = now
        self.last_input = now
        self.staff_until = float("-inf")
        self.game: str | None = None
        #: The options the game in play started with (its ``mode`` chooses its keys).
        self.options: GameOptions | None = None
        self.players: tuple[str, ...] = ()
        self.flow: FlowView | None = None
        #: The flow's facts behind ``flow`` (menus that act on them: a missing card).
        self.status: FlowStatus | None = None
        self.last_scores: ScoresView | None = None
        #: The scores at a glance from the flow's status (the round so far, or the totals).
        self.running: ScoresView | None = None
        self.last_result: tuple[str, ...] = ()
        self._recorded: tuple[Recorded, ...] = ()
        #: How the game in play ends once the session says so (:meth:`game_over`): the
        #: page after its final scores, and whether they show (not to an empty table).
        self._then: Callable[[], Page] = lambda: IdlePage(self)
        self._quiet_end = False
        self._result_said = False
        self.recent_names: list[str] = []
        self.remember_names(names)
        #: The players' page's address (issue 15), set by the daemon; "" when it is off.
        self.link = ""
        #: Long UP in a game says the last announcement again (a voice listens, issue 25).
        self.repeats = False
        self.panel = panel
        self.overlays = Overlays(self._pages)
        self.statuses = Statuses(self._pages)
        self.wizard = SetupWizard(
            start=self._begin, cancel=self._idle, seed=self._seed, names=self._names
        )
        self.page: Page = IdlePage(self) if self.kiosk else self.start_page()
        self._pager = Pager(now)

    # -- inputs from the daemon ---------------------------------------------------------

    def button(self, event: ButtonLike) -> list[UiCommand]:
        """One button event; returns what the session should do."""
        now = event.time
        self._touch(now)
        if self.statuses.hide(now):
            return []
        overlay = self.overlays.current(now)
        if overlay is not None:
            self._dismiss(now)
            if overlay.until is None and overlay.passes != key_of(event):
                return []  # a screen that waits for a button takes the press
            # A passing screen (a trick's winner, a note) never eats a press: it goes too.
        go = self.page.press(key_of(event))
        if go.page is not None:
            self.page = go.page
        return go.commands

    def notices(self, notices: Sequence[Notice], now: float) -> None:
        """The flow's notices after an input (a table event or a command)."""
        self._touch(now)
        game = self.game or ""
        for notice in notices:
            detail = present_notice(notice, self.players, game)
            if notice.kind is NoticeKind.GAME_OVER:
                final = detail if isinstance(detail, ScoresView) else None
                self.last_result = result_lines(self.label, final or self.last_scores)
                self._result_said = True
                if self._quiet_end:  # nobody at the table: the attract screen says it
                    continue
            elif isinstance(detail, ScoresView):
                self.last_scores = detail
            self.overlays.add(
                notice, now=now, base=self.flow, detail=detail, players=self.players, game=game
            )

    def flow_status(self, status: FlowStatus | None) -> None:
        """The flow's status after each input; a refusal made on an older view goes.

        What a correction may name comes with it: the cards the flow has on record (or
        refused, still on the table), so the menu never offers one undone and a refused
        correction leaves the list as it was (issue 10).
        """
        view = None if status is None else present(status, self.players)
        self.overlays.flow_moved(view)
        self.flow, self.status = view, status
        self.running = None if status is None else present_running(status, self.players)
        recorded = status.recorded if isinstance(status, TrickStatus | RummyStatus) else ()
        self._recorded = recorded[:RECENT_CARDS]

    def tick(self, now: float) -> list[UiCommand]:
        """Time passes: timed screens end; a table left idle goes to the idle screen.

        In a kiosk, a game left ``idle_minutes`` ends (``EndGame("idle")``).
        """
        self.now = now
        self.overlays.expire(now)
        self.statuses.expire(now)
        if now - self.last_input < self.idle_seconds or isinstance(self.page, IdlePage):
            return []
        if not self.kiosk and self.game is not None:
            return []
        commands: list[UiCommand] = []
        if self.game is not None:
            commands.append(EndGame("idle"))  # the game goes once the session ended it
            self._quiet_end = True
        else:
            self._clear_game()
        self.overlays.clear()
        self.page = IdlePage(self)
        return commands

    def game_started(
        self, game: str, players: Sequence[str], options: GameOptions | None = None
    ) -> None:
        """A game in play the daemon resumed from its journal (or started without the
        menus, with ``options``): show it. The screens of a game before it go: its final
        scores, waiting for a key, would take the new game's first press and end it."""
        self._clear_game()
        self.overlays.clear()
        self.game, self.players = game, tuple(players)
        self.options = options
        self.page = GamePage(self)

    def remember_names(self, names: Sequence[str]) -> None:
        """Names just played (or read from the history): offered first at the next start.

        Not a name: a seat left unnamed ("Seat 2"; the letter wheel types no digit).
        """
        typed = [name for name in names if name and not any(c.isdigit() for c in name)]
        self.recent_names = list(dict.fromkeys([*typed, *self.recent_names]))

    def game_over(self, lines: Sequence[str] | None = None) -> None:
        """The session ended the game: ``lines`` are its result for the idle screen.

        Without lines, the result is the one of the game-over notice, else the last
        round's scores. The final scores, if they show, stay until a key; then the
        page the ending chose (:meth:`ended`), else the idle screen.
        """
        if lines is not None:
            self.last_result = tuple(lines)
        elif self.game is not None and not self._result_said:
            self.last_result = result_lines(self.label, self.last_scores)
        if not any(o.ends_game for o in self.overlays.queue):
            self._finish()

    def start_failed(self, game: str, now: float) -> None:
        """The session could not start ``game``: back to the start, saying so (the
        reason is the log's: it is for whoever looks after the table)."""
        self._clear_game()
        self.page = self.start_page()
        line = _("{game} cannot start at this table: the log says why.").format(
            game=game_label(game)
        )
        note = MessageView(_("Cannot start"), (line,), Tone.ERROR, _("Press any key"))
        self.overlays.queue.insert(0, Overlay(note))
        self.now = now

    def hardware_status(self, kind: str, fault: Fault | None, now: float) -> None:
        """A fault of ``kind`` (``camera``, ``display``, ``disk``, ``card``, ``journal``,
        ``repaired``) now is ``fault``; None clears it."""
        self.now = now
        self.statuses.set(kind, fault, now)

    def set_names(self, names: Sequence[str]) -> bool:
        """Player names from the cafe's staff (issue 14): the game in play's (as many as
        it has players, and only where players name themselves; False otherwise), else
        the game being set up and the next one chosen."""
        if self.game is None:
            self.wizard.preset(names)
            return True
        if len(names) != len(self.players) or get_game(self.game).seats:
            return False
        self.players = tuple(names)
        return True

    def propose_names(self, names: Sequence[str], now: float) -> bool:
        """Names typed on a phone (issue 15): shown for the table to confirm with one
        press (SELECT; any other key declines). False, and nothing shown, when the game
        in play cannot take them (fixed sides, another number of seats)."""
        return offer_names(self, names, now)

    def table_set_up(self, reading: SeatReading, saved: bool = True) -> None:
        """The daemon's answer to :class:`~companion.ui.commands.SetUpTable`: the seats
        found (or what is wrong) replace the waiting page; a set-up given up with BACK
        meanwhile shows nothing."""
        page = self.page
        if isinstance(page, LookingPage):
            self.page = result_page(self, page.players, reading, saved)

    def staff_unlocked(self, now: float) -> None:
        """A valid staff card was shown: staff actions open for :data:`STAFF_SECONDS`."""
        self.now = now
        self.staff_until = now + STAFF_SECONDS

    # -- output ---------------------------------------------------------------------------

    def screen(self, now: float) -> View:
        """What the display shows at ``now``; a long message turns its pages."""
        self.now = now
        fault = self.statuses.current(now)
        if fault is not None:
            return self._pager.turn(fault, now)
        overlay = self.overlays.current(now)
        if overlay is not None:
            return self._pager.turn(overlay.view, now)
        view: View = self.page.view()
        return self._pager.turn(view, now)

    # -- what pages ask of the app --------------------------------------------------------

    @property
    def label(self) -> str:
        """The OLED's name of the game in play (the registry's ``label``), translated."""
        return game_label(self.game) if self.game else ""

    def staff_open(self) -> bool:
        return self.now < self.staff_until

    def recent_cards(self) -> list[Recorded]:
        """The cards a correction may name, the newest first (the flow's facts)."""
        return list(self._recorded)

    def game_page(self) -> GamePage:
        return GamePage(self)

    def to_game(self) -> Go:
        return Go(GamePage(self))

    def start_page(self) -> Page:
        return start_page(self)

    def language_page(self) -> ListPage:
        return language_page(self)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: the game's screen is worded again at once."""
        set_language(lang)
        if self.status is not None:
            self.flow = present(self.status, self.players)

    def to_start(self) -> Go:
        return Go(self.start_page())

    def phone_page(self, back: Callable[[], Go]) -> Go:
        """The code of the players' page, until a key goes ``back``."""
        return Go(PhonePage(lambda: self.link, back))

    def ended(self, command: EndGame) -> Go:
        """The game in play ends by a menu choice: the session closes it and says its
        final scores (R9: how a rummy match ends), then the start menu (a kiosk: the
        attract screen)."""
        if not self.kiosk:
            self._then = self.start_page
        return Go(GamePage(self), [command])

    def staff_action(self, action: StaffAction) -> Go:
        """A staff action; ``end-game`` (a staff card or the cafe's reset) ends the game
        in play for the attract screen, its result there (no one may be at the table
        to press a key)."""
        if action.name == "end-game" and self.game is not None:
            self._quiet_end = True
        return Go(IdlePage(self), [action])

    # -- inside ----------------------------------------------------------------------------

    def _begin(self, command: StartGame) -> Go:
        self._clear_game()
        self.wizard.preset(())  # the staff's names went to this game
        self.game, self.players = command.game, command.players
        self.options = command.options
        if self.link:  # the page of the game starting: its code, passing
            code = phone_view(self.link, started=not get_game(command.game).seats, hint="")
            until = self.now + START_CODE_SECONDS
            self.overlays.queue.append(Overlay(code, until=until, until_moved=True))
        if not get_game(command.game).seats:  # fixed sides (hex: Black, White) are no names
            self.remember_names(command.players)
        return Go(GamePage(self), [command])

    def _pages(self, view: View) -> int:
        """How many pages ``view`` takes on the table's panel."""
        return message_pages(view, self.panel) if isinstance(view, MessageView) else 1

    def _names(self) -> list[str]:
        return self.recent_names

    def _idle(self) -> Go:
        return Go(IdlePage(self))

    def _seed(self) -> int:
        return int(self.now * 1000) & 0x7FFFFFFF

    def _touch(self, now: float) -> None:
        self.now = now
        self.last_input = now

    def _dismiss(self, now: float) -> None:
        overlay = self.overlays.dismiss(now)
        if overlay is not None and overlay.ends_game:
            self._finish()

    def _finish(self) -> None:
        """The game is over: the page its ending chose (the idle screen with the result)."""
        then, quiet = self._then, self._quiet_end
        self._clear_game()
        if quiet:  # the last round's scores too: no one may be there to press a key
            self.overlays.clear()
        self.page = then()

    def _clear_game(self) -> None:
        self.game, self.players, self.flow, self.status = None, (), None, None
        self.options = None
        self.last_scores = self.running = None
        self._recorded = ()
        self._then, self._quiet_end, self._result_said = (lambda: IdlePage(self)), False, False
