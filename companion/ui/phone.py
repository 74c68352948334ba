"""The players' phones on the OLED (issue 15): the code that opens their page, and the
names a phone typed, which the table takes only once someone at it presses SELECT.

The link is the daemon's (:meth:`companion.daemon.phone.Phone.link`): the game in
play's page, or before a game the page of the game being set up (its token is carried
into the game), so the same code works on the attract screen, at the start of a game
and from the menus. Nothing but the names can come from a phone, and they never go
to the game unconfirmed: :class:`NamesOffer` shows them, SELECT takes them (the
interface asks for :class:`~companion.ui.commands.UseNames`), any other key declines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from companion.games.registry import get_game
from companion.ui.commands import UseNames
from companion.ui.keys import Key
from companion.ui.pages import Go, Page
from companion.views import MessageView, QrView, Tone
from companion.views.i18n import _

if TYPE_CHECKING:
    from companion.ui.app import UiApp


def phone_view(link: str, *, started: bool = False, hint: str | None = None) -> QrView:
    """The code of the players' page; ``started``: shown as a game begins (it says the
    names can be typed there too); ``hint``: what a key does (default: goes back)."""
    lines = (_("Scan for the live score"),)
    if started:
        lines = (_("Scan for the live score and type your names"),)
    return QrView(_("Phone page"), link, lines, _("Any key: back") if hint is None else hint)


class PhonePage:
    """The code from a menu entry ("Phone page"): any key goes ``back``."""

    def __init__(self, link: Callable[[], str], back: Callable[[], Go]) -> None:
        self.link = link
        self.back = back

    def view(self) -> QrView:
        return phone_view(self.link())

    def press(self, key: Key) -> Go:
        return self.back()


class NamesOffer:
    """Names typed on a phone, waiting for the table: SELECT uses them (``yes``), any
    other key declines them (``no``)."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        yes: Callable[[], Go],
        no: Callable[[], Go],
        under: Page,
    ) -> None:
        self.names = tuple(names)
        self.yes = yes
        self.no = no
        #: The page the offer covers (where a key leads back).
        self.under = under

    def view(self) -> MessageView:
        lines = (_(", ").join(self.names), _("Press SELECT to use them."))
        hint = _("SELECT yes  other key no")
        return MessageView(_("Names from a phone"), lines, Tone.CONFIRM, hint)

    def press(self, key: Key) -> Go:
        return self.yes() if key.short is Key.SELECT else self.no()


def names_refusal(app: UiApp, names: Sequence[str]) -> str | None:
    """Why the game in play cannot take ``names`` typed on a phone: ``fixed`` (its
    seats have names of their own, the hex games), ``seats`` (it has another number
    of players); None when it can (or no game is in play: they go to the set-up)."""
    game = app.game
    if game is None:
        return None
    if get_game(game).seats:
        return "fixed"
    return "seats" if len(names) != len(app.players) else None


def offer_names(app: UiApp, names: Sequence[str], now: float) -> bool:
    """Show ``names`` for the table to confirm (:meth:`UiApp.propose_names`): SELECT
    sets them (during set-up: on the names step, which then shows them) and asks the
    session for :class:`UseNames`; False when the game in play cannot take them."""
    if names_refusal(app, names) is not None:
        return False
    app.now = now
    under = app.page
    while isinstance(under, NamesOffer):  # a newer offer replaces one not answered
        under = under.under

    def use() -> Go:
        app.set_names(names)
        setup = app.wizard.current
        if app.game is None and setup is not None and "names" in setup.steps():
            return Go(app.wizard.names_page(setup), [UseNames(tuple(names))])
        return Go(under, [UseNames(tuple(names))])

    app.page = NamesOffer(names, yes=use, no=lambda: Go(under), under=under)
    # The game's code would hide the offer: the phone that sent it has the page.
    app.overlays.queue = [o for o in app.overlays.queue if not isinstance(o.view, QrView)]
    return True
