"""The game in play and the idle screen: what each button means there.

Card games (Fibonachos, Trump, rummy):

    UP / DOWN      rummy: the previous / next seat's sets; trick games: the scores
    SELECT         the scores (the last round's table with the match totals); in a
                   trick game whose trick was cleared too soon, the missing card; while
                   Trump asks who leads round 1 ("Who has Red 2?"), the players to choose
    BACK, long SELECT, long BACK   the in-game menu (undo, correct a card, ...)
    long UP        speech on: say the last announcement again (docs/ui.md); off: as UP

The hex camera referee (issue 24): the camera sees the moves; long SELECT ends the
turn early (H2), BACK or long BACK opens the in-game menu (the winner, the end).

The hex referee (H2), one button per thing that happens at the board:

    SELECT         one move made (the count goes down)
    long SELECT    end of the turn
    UP / DOWN      one enemy strike piece more / fewer on the mover's centre (any time)
    BACK           undo
    long BACK      the in-game menu
    long UP        speech on: say the last announcement again
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.flows.commands import CloseSet, EndTurn, FlowCommand, Move, Page, Strikes, TakeBack
from companion.flows.registry import takes
from companion.flows.status import RummyStatus
from companion.games.i18n import N_
from companion.ui.commands import Flow, SayAgain, Undo
from companion.ui.glance import show_scores
from companion.ui.keys import Key
from companion.ui.menus import game_menu, leader_menu, number_menu, staff_menu
from companion.ui.missing_menu import missing_menu, missing_of
from companion.ui.pages import Go
from companion.ui.phone import phone_view
from companion.ui.screens import View
from companion.views import HexView, IdleView, MessageView, QrView, TrickView
from companion.views.i18n import _
from companion.views.rummy_questions import rummy_question

if TYPE_CHECKING:
    from companion.ui.app import UiApp


def _flow(command: FlowCommand) -> Go:
    return Go(commands=[Flow(command)])


class GamePage:
    """The flow's own view, with the key map of the game in play."""

    def __init__(self, app: UiApp) -> None:
        self.app = app

    def view(self) -> View:
        status = self.app.status
        if isinstance(status, RummyStatus):
            question = rummy_question(status, self.app.players)
            if question is not None:
                return question
        if self.app.flow is not None:
            return self.app.flow
        lines = (_("Waiting for the table"),)
        return MessageView(self.app.label, lines, hint=_("BACK: menu"))

    def press(self, key: Key) -> Go:
        if key is Key.LONG_UP and self.app.repeats:  # speech on: the last sentence again
            return Go(commands=[SayAgain()])
        commands = takes(self.app.game, self.app.options) if self.app.game else frozenset()
        if Move in commands:
            return self._referee(key)
        if key is Key.LONG_SELECT and EndTurn in commands:  # the camera referee (issue 24)
            return _flow(EndTurn())
        status = self.app.status
        if isinstance(status, RummyStatus) and key in (Key.SELECT, Key.BACK):
            asked = self._rummy(status, key)
            if asked is not None:
                return asked
        if key in (Key.BACK, Key.LONG_SELECT, Key.LONG_BACK):
            return Go(game_menu(self.app))
        flow = self.app.flow
        if key is Key.SELECT and isinstance(flow, TrickView) and flow.question:
            return Go(leader_menu(self.app))  # T3: the table answers "Who has Red 2?"
        if key.short in (Key.UP, Key.DOWN) and Page in commands:
            return _flow(Page(-1 if key.short is Key.UP else 1))
        if key.short is Key.SELECT and missing_of(self.app) is not None:
            return Go(missing_menu(self.app))
        return show_scores(self.app)

    def _rummy(self, status: RummyStatus, key: Key) -> Go | None:
        """The rummy table's question (docs/rummy.md): a set taken off, SELECT closes it
        and BACK says it went back into the hand (R4); a wild card's number, SELECT
        opens the numbers that fit (R5). None: nothing asked, the keys as usual."""
        closing = status.closing
        if closing is not None:
            if key is Key.SELECT:
                return _flow(CloseSet(closing.seat, closing.base))
            return _flow(TakeBack(closing.seat, closing.base))
        if status.asking is not None and key is Key.SELECT:
            return Go(number_menu(self.app, status.asking, self.app.to_game))
        return None

    def _referee(self, key: Key) -> Go:
        """A flow that counts moves (the hex referee): a button per thing at the board."""
        flow = self.app.flow
        reduction = flow.reduction if isinstance(flow, HexView) else 0
        if key is Key.SELECT:
            return _flow(Move())
        if key is Key.LONG_SELECT:
            return _flow(EndTurn())
        if key is Key.UP:
            return _flow(Strikes(reduction + 1))
        if key is Key.DOWN:
            return _flow(Strikes(max(0, reduction - 1)))
        if key is Key.BACK:
            return Go(commands=[Undo()])
        if key is Key.LONG_BACK:
            return Go(game_menu(self.app))
        return Go()


#: What the attract screen of a kiosk shows in turn with the last result.
ATTRACT_LINES = (N_("Fibonachos  Trump"), N_("Rummy 21 13 8 89"), N_("Hex referee"))
ATTRACT_SECONDS = 4.0


class IdlePage:
    """No game in play: the last result; SELECT starts (one button for the next group)."""

    def __init__(self, app: UiApp) -> None:
        self.app = app

    def view(self) -> IdleView | QrView:
        """The last result, in a kiosk the games in turn with it, and (the players'
        page on) the code of the page of the next game, in turn with them."""
        app = self.app
        lines = app.last_result
        phases = 2 if app.kiosk else 1
        phase = int(app.now // ATTRACT_SECONDS) % (phases + 1 if app.link else phases)
        hint = _("SELECT play BACK staff") if app.staff_open() else _("Press SELECT to play")
        if phase == phases:
            return phone_view(app.link, hint=hint)
        if app.kiosk and (not lines or phase == 1):
            lines = tuple(_(line) for line in ATTRACT_LINES)
        return IdleView(last_result=lines, hint=hint)

    def press(self, key: Key) -> Go:
        if key.short is Key.SELECT:
            return self.app.to_start()
        if key.short is Key.BACK and self.app.staff_open():
            return Go(staff_menu(self.app, back=lambda: Go(IdlePage(self.app))))
        return Go()
