"""The menus behind a long press: the in-game menu, correcting a card, staff actions.

Every action of a game is in the in-game menu (BACK or long SELECT in a card game,
long BACK in the hex referee), so nothing needs more than the four buttons:

    Menu: Back to game / Undo / Correct a card / Who leads (Trump, round 1) / Scores /
          Wild card, Count hands, End round (rummy) / End turn (the hex camera
          referee) / Winner (hex) / End game /
          Back to start / Staff (once a staff card was shown)

Correcting a misread card is three short lists: which card (the newest first),
its group (suit, spicy, rummy kind), its face; each opens on the card as read. The
cards offered are the flow's (``status().recorded``): what is on record, and a
refused card still on the table; never a card undone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.flows.commands import (
    CountHands,
    EndRound,
    EndTurn,
    Leader,
    Move,
    Replace,
    Wild,
    Winner,
)
from companion.flows.registry import takes
from companion.flows.status import Recorded, RummyStatus, WildCard
from companion.games.i18n import N_
from companion.games.registry import get_game
from companion.ui.commands import EndGame, Flow, StaffAction, Undo
from companion.ui.deck_choices import deck_groups, group_label, locate
from companion.ui.glance import scores_now, show_scores
from companion.ui.pages import Choice, ConfirmPage, Go, ListPage
from companion.views import TrickView
from companion.views.cards import USES, card_name
from companion.views.i18n import _
from companion.views.names import seat_names
from companion.views.rummy_questions import set_label

if TYPE_CHECKING:
    from companion.ui.app import UiApp

#: Staff actions (label, StaffAction name), shown only after a staff card.
STAFF_ACTIONS = (
    (N_("End the game"), "end-game"),
    (N_("Restart service"), "restart"),
    (N_("Shut down"), "shutdown"),
)


def game_menu(app: UiApp, selected: int = 0) -> ListPage:
    """The in-game menu of the game in play: the commands its flow takes."""
    game = app.game or ""
    commands = takes(game, app.options) if game else frozenset()
    to_game = app.to_game
    choices = [
        Choice(_("Back to game"), to_game),
        Choice(_("Undo last"), lambda: Go(app.game_page(), [Undo()])),
    ]
    if Replace in commands and deck_groups(game):
        choices.append(Choice(_("Correct a card"), lambda: Go(correct_menu(app))))
    if Leader in commands and isinstance(app.flow, TrickView) and app.flow.round == 1:
        choices.append(Choice(_("Who leads"), lambda: Go(leader_menu(app))))
    if scores_now(app) is not None:
        choices.append(Choice(_("Scores"), lambda: show_scores(app)))
    if Wild in commands:
        choices.append(Choice(_("Wild card"), lambda: Go(wild_menu(app))))
    if CountHands in commands:
        count = Flow(CountHands())
        choices.append(Choice(_("Count hands"), lambda: Go(app.game_page(), [count])))
    if EndRound in commands:
        choices.append(Choice(_("End round"), lambda: Go(out_menu(app))))
    if EndTurn in commands and Move not in commands:  # the camera referee's (issue 24)
        end = Flow(EndTurn())
        choices.append(Choice(_("End turn"), lambda: Go(app.game_page(), [end])))
    if Winner in commands:
        choices.append(Choice(_("Winner"), lambda: Go(winner_menu(app))))
    if app.link:
        choices.append(Choice(_("Phone page"), lambda: app.phone_page(to_game)))
    choices += [
        Choice(_("End game"), lambda: Go(end_confirm(app))),
        Choice(_("Back to start"), app.to_start),
    ]
    if app.staff_open():
        choices.append(Choice(_("Staff"), lambda: Go(staff_menu(app, back=app.to_game))))
    return ListPage(_("Menu"), choices, back=to_game, selected=selected)


def _to_menu(app: UiApp) -> Callable[[], Go]:
    return lambda: Go(game_menu(app))


def out_menu(app: UiApp) -> ListPage:
    """Rummy R6/R7: who went out (or nobody), then the flow ends the round. The seat
    that played the round's last card comes first: most often the one who went out."""

    def out(seat: int | None) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(EndRound(seat))])

    names = seat_names(app.players)
    last = app.status.turn if isinstance(app.status, RummyStatus) else None
    seats = sorted(range(len(names)), key=lambda seat: seat != last)
    choices = [Choice(_("{name} went out").format(name=names[i]), out(i)) for i in seats]
    choices.append(Choice(_("Nobody went out"), out(None)))
    return ListPage(_("Who went out?"), choices, back=_to_menu(app))


def wild_menu(app: UiApp, seat: int | None = None) -> ListPage:
    """Rummy R5: the wild cards lying in sets, to give (or change) a number: the players
    who have one (when more than one does), then theirs by set ("base 5") under the
    player's name, the newest wild card first; each opens the numbers that fit its set.

    Built from the flow's facts when it opens: a ``seat`` whose wild cards have left the
    table since it was chosen gets the menu of those still lying (or "No wild card")."""
    status = app.status
    wilds = status.wilds if isinstance(status, RummyStatus) else ()
    if not wilds:
        only = [Choice(_("Back"), _to_menu(app))]
        return ListPage(_("No wild card"), only, back=_to_menu(app))
    seats = list(dict.fromkeys(wild.seat for wild in wilds))  # the newest wild card's first
    if seat not in seats:  # none asked yet, or theirs left the table since (issue 26)
        seat = None
    if seat is None and len(seats) > 1:
        names = seat_names(app.players)
        choices = [Choice(names[at], _open_wilds(app, at)) for at in seats]
        return ListPage(_("Which wild card?"), choices, back=_to_menu(app))
    owner = seats[0] if seat is None else seat
    theirs = [wild for wild in wilds if wild.seat == owner]
    labels = numbered([set_label(wild.base, app.game or "") for wild in theirs])
    back = _to_menu(app) if seat is None else lambda: Go(wild_menu(app))
    again = _open_wilds(app, seat)
    choices = [
        Choice(label, _open_numbers(app, wild, again))
        for label, wild in zip(labels, theirs, strict=True)
    ]
    return ListPage(seat_names(app.players)[owner], choices, back=back)


def _open_wilds(app: UiApp, seat: int | None) -> Callable[[], Go]:
    return lambda: Go(wild_menu(app, seat))


def _open_numbers(app: UiApp, wild: WildCard, back: Callable[[], Go]) -> Callable[[], Go]:
    return lambda: Go(number_menu(app, wild, back))


def number_menu(app: UiApp, wild: WildCard, back: Callable[[], Go]) -> ListPage:
    """R5: "W = 3" / "W = 8": the numbers that fit the wild card's set (the one it has
    selected); choosing one declares it."""

    def declare(number: int) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Wild(wild.key, number))])

    at = wild.fits.index(wild.number) if wild.number in wild.fits else 0
    choices = [Choice(f"W = {n}", declare(n)) for n in wild.fits]
    return ListPage(_("The wild card is"), choices, back=back, selected=at)


def numbered(labels: list[str]) -> list[str]:
    """Labels made unique by a count: "Ana's wild", "Ana's wild 2"."""
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} {seen[label]}")
    return out


def leader_menu(app: UiApp) -> ListPage:
    """Trump T3: who leads round 1, asked by the card its holder shows ("Who has Red 2?")."""
    asked = [o.question for o in get_game(app.game).options if not o.asked] if app.game else []
    title = _(next(iter(asked), ""))  # "Who leads?": the game screen named the card

    def lead(seat: int) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Leader(seat))])

    choices = [Choice(name, lead(seat)) for seat, name in enumerate(seat_names(app.players))]
    return ListPage(title, choices, back=app.to_game)


def winner_menu(app: UiApp) -> ListPage:
    """Hex H4: the players say which side won; the referee cannot see the board."""

    def win(side: str) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Winner(side.lower()))])

    sides = get_game(app.game).seats if app.game else ()
    choices = [Choice(_(side), win(side)) for side in sides]
    return ListPage(_("Who won?"), choices, back=_to_menu(app))


def end_confirm(app: UiApp) -> ConfirmPage:
    return ConfirmPage(
        _("End game?"),
        (app.label, _("The scores so far are kept.")),
        yes=lambda: app.ended(EndGame("abandoned")),
        no=_to_menu(app),
    )


# -- correcting a misread card -------------------------------------------------------------


def correct_menu(app: UiApp) -> ListPage:
    """Which card was misread: what the flow has on record (a refused card still on
    the table first), the newest first, by their faces (a face shown twice gets a count)."""
    recent = app.recent_cards()
    if not recent:
        back = [Choice(_("Back"), _to_menu(app))]
        return ListPage(_("No card yet"), back, back=_to_menu(app))
    labels = numbered([_label(app, card) for card in recent])
    choices = [
        Choice(label, _open_groups(app, card)) for label, card in zip(labels, recent, strict=True)
    ]
    return ListPage(_("Which card?"), choices, back=_to_menu(app))


def _label(app: UiApp, card: Recorded) -> str:
    """ "Red 13", "Spicy 3", "Yellow 14 refused", "Red 5 (trump)": the card as read, named
    as printed, and what it is when its face does not say (one menu row: no player's
    name, which may take the whole row)."""
    name = card_name(card.card, app.game or "")
    if card.refused:
        return _("{card} refused").format(card=name)
    if card.use in USES:
        return _(USES[card.use]).format(card=name)
    return name


def _open_groups(app: UiApp, card: Recorded) -> Callable[[], Go]:
    return lambda: Go(group_menu(app, card))


def group_menu(app: UiApp, card: Recorded) -> ListPage:
    groups = deck_groups(app.game or "")
    at, _face = locate(app.game or "", card.card)
    choices = [
        Choice(group_label(group), _open_faces(app, card, index))
        for index, group in enumerate(groups)
    ]
    title = _("{card} is").format(card=card_name(card.card, app.game or ""))
    return ListPage(title, choices, back=lambda: Go(correct_menu(app)), selected=at)


def _open_faces(app: UiApp, card: Recorded, group: int) -> Callable[[], Go]:
    return lambda: Go(face_menu(app, card, group))


def face_menu(app: UiApp, card: Recorded, group: int) -> ListPage:
    game = app.game or ""
    chosen = deck_groups(game)[group]
    at_group, at_face = locate(game, card.card)

    def replace(face: str) -> Callable[[], Go]:
        if not card.refused and face == card.card.split("#", 1)[0]:
            # The face it was read as: nothing to correct, and nothing recorded that
            # "Undo last" would then take back instead of the table's last card.
            return lambda: Go(app.game_page())
        return lambda: Go(app.game_page(), [Flow(Replace(card.key, face))])

    return ListPage(
        _("{card} is").format(card=card_name(card.card, game)),
        [Choice(card_name(face, game), replace(face)) for face in chosen.faces],
        back=lambda: Go(group_menu(app, card)),
        selected=at_face if at_group == group else 0,
    )


# -- staff -----------------------------------------------------------------------------


def staff_menu(app: UiApp, *, back: Callable[[], Go]) -> ListPage:
    """Kiosk actions, only while a staff card's unlock lasts."""

    def confirm(label: str, name: str) -> Callable[[], Go]:
        def ask() -> Go:
            return Go(
                ConfirmPage(
                    _("{action}?").format(action=_(label)),
                    (_("Staff action"),),
                    yes=lambda: app.staff_action(StaffAction(name)),
                    no=lambda: Go(staff_menu(app, back=back)),
                )
            )

        return ask

    choices = [Choice(_(label), confirm(label, name)) for label, name in STAFF_ACTIONS]
    return ListPage(_("Staff"), choices, back=back)
