"""Giving the card of a trick cleared before it was read (issue 10 item 4).

The game screen says whose card is missing; SELECT opens this menu. Its first
entries are the cards the camera saw in the play area during the trick without
confirming them (most often the missing card itself, swept up too fast), then the
deck's groups (a suit, a colour) opening onto the faces the rules leave: cards not
yet played this round. Choosing one sends :class:`~companion.flows.commands.Missing`.

    Card missing  Yellow 7 (seen) / Red / Green / Yellow     Yellow: Yellow 1 / Yellow 2 ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.flows.commands import Missing
from companion.flows.status import MissingCard, TrickStatus
from companion.ui.commands import Flow
from companion.ui.deck_choices import deck_groups, group_label
from companion.ui.pages import Choice, Go, ListPage
from companion.views.cards import card_name
from companion.views.i18n import _

if TYPE_CHECKING:
    from companion.ui.app import UiApp


def missing_of(app: UiApp) -> MissingCard | None:
    """The card the game in play waits for, if a trick was cleared without it."""
    status = app.status
    return status.missing if isinstance(status, TrickStatus) else None


def missing_menu(app: UiApp) -> ListPage:
    """Which card the seat played: the cards seen first, then by group."""
    missing = missing_of(app)
    game = app.game or ""
    if missing is None:
        return ListPage(_("No card missing"), [Choice(_("Back"), app.to_game)], back=app.to_game)
    title = _("Card missing")  # whose: the game screen says it, a name may fill the row

    def give(face: str) -> Callable[[], Go]:
        return lambda: Go(app.game_page(), [Flow(Missing(missing.seat, face))])

    def faces(label: str, shown: list[str]) -> Callable[[], Go]:
        return lambda: Go(
            ListPage(
                label,
                [Choice(card_name(face, game), give(face)) for face in shown],
                back=lambda: Go(missing_menu(app)),
            )
        )

    choices = [
        Choice(_("{card} (seen)").format(card=card_name(face, game)), give(face))
        for face in missing.seen
    ]
    for group in deck_groups(game):
        shown = [face for face in group.faces if face in missing.choices]
        if shown:
            label = group_label(group)
            choices.append(Choice(label, faces(label, shown)))
    if not choices:  # every card is played: nothing the rules leave
        choices.append(Choice(_("Back"), app.to_game))
    return ListPage(title, choices, back=app.to_game)
