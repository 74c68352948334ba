"""The menus behind a long press: the in-game menu, correcting a card, staff actions.

Every action of a game is in the in-game menu (BACK or long SELECT in a card game,
long BACK in the hex referee), so nothing needs more than the four buttons:

    Menu: Back to game / Undo / Correct a card / Who leads (Trump, round 1) / Scores /
          Wild card, Count hands, End round (rummy) / Winner (hex) / End game /
          Back to start / Staff (once a staff card was shown)

Correcting a misread card is three short lists: which card (the newest first),
its group (suit, spicy, rummy kind), its face; each opens on the card as read. The
cards offered are the flow's (``status().recorded``): what is on record, and a
refused card still on the table; never a card undone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.flows.commands import CountHands, EndRound, Leader, Replace, Wild, Winner
from companion.flows.registry import takes
from companion.flows.status import Recorded
from companion.games.registry import get_game
from companion.games.rummy.deck import DECKS
from companion.ui.commands import EndGame, Flow, StaffAction, Undo
from companion.ui.deck_choices import deck_groups, locate
from companion.ui.pages import Choice, ConfirmPage, Go, ListPage
from companion.views import TrickView, seat_names

if TYPE_CHECKING:
    from companion.ui.app import UiApp

#: Staff actions (label, StaffAction name), shown only after a staff card.
STAFF_ACTIONS = (
    ("End the game", "end-game"),
    ("Restart service", "restart"),
    ("Shut down", "shutdown"),
)


def game_menu(app: UiApp, selected: int = 0) -> ListPage:
    """The in-game menu of the game in play: the commands its flow takes."""
    game = app.game or ""
    commands = takes(game) if game else frozenset()
    to_game = app.to_game
    choices = [
        Choice("Back to game", to_game),
        Choice("Undo last", lambda: Go(app.game_page(), [Undo()])),
    ]
    if Replace in commands and deck_groups(game):
        choices.append(Choice("Correct a card", lambda: Go(correct_menu(app))))
    if Leader in commands and isinstance(app.flow, TrickView) and app.flow.round == 1:
        choices.append(Choice("Who leads", lambda: Go(leader_menu(app))))
    if app.scores() is not None:
        choices.append(Choice("Scores", app.show_scores))
    if Wild in commands:
        choices.append(Choice("Wild card", lambda: Go(wild_menu(app))))
    if CountHands in commands:
        choices.append(Choice("Count hands", lambda: Go(app.game_page(), [Flow(CountHands())])))
    if EndRound in commands:
        choices.append(Choice("End round", lambda: Go(out_menu(app))))
    if Winner in commands:
        choices.append(Choice("Winner", lambda: Go(winner_menu(app))))
    choices += [
        Choice("End game", lambda: Go(end_confirm(app))),
        Choice("Back to start", app.to_start),
    ]
    if app.staff_open():
        choices.append(Choice("Staff", lambda: Go(staff_menu(app, back=app.to_game))))
    return ListPage("Menu", choices, back=to_game, selected=selected)


def _to_menu(app: UiApp) -> Callable[[], Go]:
    return lambda: Go(game_menu(app))


def out_menu(app: UiApp) -> ListPage:
    """Rummy R6/R7: who went out (or nobody), then the flow ends the round."""

    def out(seat: int | None) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(EndRound(seat))])

    choices = [Choice(f"{name} out", out(i)) for i, name in enumerate(app.players)]
    choices.append(Choice("Nobody out", out(None)))
    return ListPage("Who went out?", choices, back=_to_menu(app))


def wild_menu(app: UiApp) -> ListPage:
    """Rummy R5: the number a wild card stands for, when the set does not tell."""
    wilds = [c for c in app.recent_cards() if _face(c.card).startswith("W") and not c.refused]
    if not wilds:
        return ListPage("No wild card", [Choice("Back", _to_menu(app))], back=_to_menu(app))

    def numbers(card: Recorded) -> Callable[[], Go]:
        deck = DECKS[app.game or ""]

        def declare(number: int) -> Callable[[], Go]:
            return lambda: Go(app.game_page(), [Flow(Wild(card.key, number))])

        return lambda: Go(
            ListPage(
                "Wild stands for",
                [Choice(str(n), declare(n)) for n in deck.numbers],
                back=lambda: Go(wild_menu(app)),
            )
        )

    choices = [Choice(f"W in {c.use}", numbers(c)) for c in wilds]
    return ListPage("Which wild?", choices, back=_to_menu(app))


def leader_menu(app: UiApp) -> ListPage:
    """Trump T3: who leads round 1, asked by the card its holder shows ("Who has R2?")."""
    question = app.flow.question if isinstance(app.flow, TrickView) else ()
    asked = [o.question for o in get_game(app.game).options if not o.asked] if app.game else []
    title = question[0] if question else next(iter(asked), "")

    def lead(seat: int) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Leader(seat))])

    choices = [Choice(name, lead(seat)) for seat, name in enumerate(seat_names(app.players))]
    return ListPage(title, choices, back=app.to_game)


def winner_menu(app: UiApp) -> ListPage:
    """Hex H4: the players say which side won; the referee cannot see the board."""

    def win(side: str) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Winner(side.lower()))])

    sides = get_game(app.game).seats if app.game else ()
    return ListPage("Who won?", [Choice(side, win(side)) for side in sides], back=_to_menu(app))


def end_confirm(app: UiApp) -> ConfirmPage:
    return ConfirmPage(
        "End game?",
        (app.label, "The scores so far are kept."),
        yes=lambda: app.ended(EndGame("abandoned")),
        no=_to_menu(app),
    )


# -- correcting a misread card -------------------------------------------------------------


def _face(notation: str) -> str:
    return notation.split("#", 1)[0]


def correct_menu(app: UiApp) -> ListPage:
    """Which card was misread: what the flow has on record (a refused card still on
    the table first), the newest first."""
    recent = app.recent_cards()
    if not recent:
        return ListPage("No card yet", [Choice("Back", _to_menu(app))], back=_to_menu(app))
    choices = [Choice(_label(card), _open_groups(app, card)) for card in recent]
    return ListPage("Which card?", choices, back=_to_menu(app))


def _label(card: Recorded) -> str:
    """``R13 (play)``, ``S3 (spicy)``, ``Y14 (refused)``: the card as read, and its use."""
    return f"{_face(card.card)} ({'refused' if card.refused else card.use})"


def _open_groups(app: UiApp, card: Recorded) -> Callable[[], Go]:
    return lambda: Go(group_menu(app, card))


def group_menu(app: UiApp, card: Recorded) -> ListPage:
    groups = deck_groups(app.game or "")
    at, _ = locate(app.game or "", card.card)
    choices = [
        Choice(group.label, _open_faces(app, card, index)) for index, group in enumerate(groups)
    ]
    return ListPage(
        f"{_face(card.card)} is", choices, back=lambda: Go(correct_menu(app)), selected=at
    )


def _open_faces(app: UiApp, card: Recorded, group: int) -> Callable[[], Go]:
    return lambda: Go(face_menu(app, card, group))


def face_menu(app: UiApp, card: Recorded, group: int) -> ListPage:
    game = app.game or ""
    chosen = deck_groups(game)[group]
    at_group, at_face = locate(game, card.card)

    def replace(face: str) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Replace(card.key, face))])

    return ListPage(
        f"{_face(card.card)} is",
        [Choice(face, replace(face)) for face in chosen.faces],
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
                    f"{label}?",
                    ("Staff action",),
                    yes=lambda: app.staff_action(StaffAction(name)),
                    no=lambda: Go(staff_menu(app, back=back)),
                )
            )

        return ask

    choices = [Choice(label, confirm(label, name)) for label, name in STAFF_ACTIONS]
    return ListPage("Staff", choices, back=back)
