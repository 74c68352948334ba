""" "Set up the table": the rummy seats read from the SEAT cards, from the OLED (issue 26).

Start menu > Set up the table > how many players > "Lay a SEAT card in front of each
player" > SELECT: the daemon reads the next frame's SEAT cards (the command
:class:`~companion.ui.commands.SetUpTable`), writes the rummy layout and answers with
:meth:`UiApp.table_set_up <companion.ui.app.UiApp.table_set_up>`: the seats found, each
by its side of the table ("Seat 1: bottom"), or what to change ("Only 2 SEAT cards seen:
lay one in front of each player"; SELECT looks again). No zone name reaches the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.games.i18n import N_
from companion.table.markers import SeatProblem, SeatReading
from companion.ui.commands import SetUpTable
from companion.ui.keys import Key
from companion.ui.pages import Choice, ConfirmPage, Go, ListPage
from companion.ui.setup import players_label
from companion.views import MessageView
from companion.views.i18n import _, ngettext

if TYPE_CHECKING:
    from companion.ui.app import UiApp

#: The rummy games seat 1 to 4 players (meld zones meld-0 ... meld-3).
SEAT_COUNTS = (1, 2, 3, 4)
#: Each side of the table as the players say where a seat is.
SIDE_WORDS = {
    "bottom": N_("bottom"),
    "left": N_("left"),
    "top": N_("top"),
    "right": N_("right"),
}


def entry(app: UiApp) -> Choice:
    """The start menu's entry."""
    return Choice(_("Set up the table"), lambda: Go(players_page(app)))


def players_page(app: UiApp, players: int = 2) -> ListPage:
    """How many players sit at the table (the SEAT cards to look for)."""

    def pick(count: int) -> Callable[[], Go]:
        return lambda: Go(lay_page(app, count))

    choices = [Choice(players_label(n), pick(n)) for n in SEAT_COUNTS]
    title = _("Set up the table")
    return ListPage(title, choices, back=app.to_start, selected=SEAT_COUNTS.index(players))


def lay_page(app: UiApp, players: int) -> ConfirmPage:
    """What to do before SELECT: one SEAT card in front of each player."""
    return ConfirmPage(
        _("Set up the table"),
        (_("Lay a SEAT card in front of each player, then press SELECT"),),
        yes=lambda: look(app, players),
        no=lambda: Go(players_page(app, players)),
        hint=_("SELECT look  BACK back"),
    )


def look(app: UiApp, players: int) -> Go:
    """Ask the daemon for the next frame's SEAT cards; wait for its answer."""
    return Go(LookingPage(app, players), [SetUpTable(players)])


class LookingPage:
    """Waiting for the daemon's reading of the next frame; BACK gives up."""

    def __init__(self, app: UiApp, players: int) -> None:
        self.app = app
        self.players = players

    def view(self) -> MessageView:
        return MessageView(
            _("Set up the table"), (_("Looking at the table..."),), hint=_("BACK cancel")
        )

    def press(self, key: Key) -> Go:
        if key.short is Key.BACK:
            return self.app.to_start()
        return Go()


class SeatsPage:
    """The seats found and kept: "4 seats found", then each seat's side; any key goes
    back to the start menu."""

    def __init__(self, app: UiApp, sides: tuple[str, ...]) -> None:
        self.app = app
        self.sides = sides

    def view(self) -> MessageView:
        title, *lines = seat_lines(self.sides)
        return MessageView(title, tuple(lines), hint=_("SELECT: OK"))

    def press(self, key: Key) -> Go:
        if key.short in (Key.SELECT, Key.BACK):
            return self.app.to_start()
        return Go()


def result_page(
    app: UiApp, players: int, reading: SeatReading, saved: bool
) -> SeatsPage | ConfirmPage:
    """The seats found and kept (SELECT: the start menu), or what to change (SELECT:
    look again, BACK: the start menu)."""
    if reading.layout is not None and saved:
        return SeatsPage(app, reading.sides)
    line = problem_line(reading, players) if saved else _(CANNOT_SAVE)
    return ConfirmPage(
        _("Set up the table"),
        (line,),
        yes=lambda: look(app, players),
        no=app.to_start,
        hint=_("SELECT again  BACK no"),
    )


#: The layouts folder cannot be written (a full or read-only memory card).
CANNOT_SAVE = N_("The table could not be saved: the memory card is full or read-only")


def seat_lines(sides: tuple[str, ...]) -> tuple[str, ...]:
    """ "4 seats found", then "Seat 1: bottom" ... in seat order."""
    count = ngettext("{count} seat found", "{count} seats found", len(sides))
    seats = [
        _("Seat {number}: {side}").format(number=seat + 1, side=_(SIDE_WORDS.get(side, side)))
        for seat, side in enumerate(sides)
    ]
    return (count.format(count=len(sides)), *seats)


def problem_line(reading: SeatReading, players: int) -> str:
    """What is wrong with the SEAT cards, and what to do, in one sentence."""
    count = reading.count
    match reading.problem:
        case SeatProblem.TOO_FEW:
            text = ngettext(
                "Only {count} SEAT card seen: lay one in front of each player",
                "Only {count} SEAT cards seen: lay one in front of each player",
                count,
            )
            return text.format(count=count)
        case SeatProblem.TOO_MANY:
            text = ngettext(
                "{count} SEAT cards seen for {players} player: take the others away",
                "{count} SEAT cards seen for {players} players: take the others away",
                players,
            )
            return text.format(count=count, players=players)
        case SeatProblem.TWICE:
            text = _("SEAT {number} seen twice: lay one card per player")
            return text.format(number=reading.seat + 1)
        case SeatProblem.GAP:
            text = _("No SEAT {number} card: number the seats from SEAT 1")
            return text.format(number=reading.seat + 1)
    return _("No SEAT card seen: lay one in front of each player")
