"""The start menu and the idle screen's result: what a table shows between games.

The pages of :class:`~companion.ui.app.UiApp` that are not a game in play: the start
menu (the games, Resume, the language, the players' page, the staff), the language
choice, and the one-line result of the last game for the idle and attract screens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.ui import table_setup
from companion.ui.commands import Resume
from companion.ui.ingame import GamePage
from companion.ui.menus import staff_menu
from companion.ui.pages import Choice, Go, ListPage, Page
from companion.views import ScoresView
from companion.views.i18n import LANGUAGES, _, language

if TYPE_CHECKING:
    from companion.ui.app import UiApp

#: Each language by its own name, for the start menu's choice.
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


def result_lines(label: str, scores: ScoresView | None) -> tuple[str, ...]:
    """The idle screen's last result: the game, then the winners and their total.

    >>> result_lines("Fibonachos", ScoresView("Final", ("Ana", "Ben"), (3, 5), (21, 34), (1,)))
    ('Fibonachos', 'Ben wins, 34')
    """
    if scores is None or not scores.leaders:  # a game left before its end: no winner
        return (label, _("game ended"))
    totals = scores.totals if scores.totals is not None else scores.points
    leaders = scores.leaders
    names = scores.players[leaders[0]]
    total = totals[leaders[0]]
    if len(leaders) == 1:
        return (label, _("{name} wins, {total}").format(name=names, total=total))
    count = len(leaders)
    return (label, _("{count} share the win, {total}").format(count=count, total=total))


def start_page(app: UiApp) -> Page:
    """The start menu: Resume first when a game is in play, then the games, then setting
    up the table (a kiosk's after a staff card only: a cafe's seats are the staff's),
    the language, the players' page and (after a staff card) the staff actions."""
    top = []
    if app.game is not None:
        top.append(Choice(_("Resume the game"), lambda: Go(GamePage(app), [Resume()])))
    bottom = [table_setup.entry(app)] if not app.kiosk or app.staff_open() else []
    bottom.append(Choice(_("Language"), lambda: Go(app.language_page())))
    if app.link:
        bottom.append(Choice(_("Phone page"), lambda: app.phone_page(app.to_start)))
    if app.staff_open():
        bottom.append(Choice(_("Staff"), lambda: Go(staff_menu(app, back=app.to_start))))
    return app.wizard.games_page(top=top, bottom=bottom)


def language_page(app: UiApp) -> ListPage:
    """The table's language: each by its own name; the screens speak it at once."""

    def choose(lang: str) -> Callable[[], Go]:
        def act() -> Go:
            app.set_language(lang)
            return Go(app.start_page())

        return act

    choices = [Choice(LANGUAGE_NAMES[lang], choose(lang)) for lang in LANGUAGES]
    return ListPage(
        _("Language"),
        choices,
        back=app.to_start,
        selected=LANGUAGES.index(language()),
    )
