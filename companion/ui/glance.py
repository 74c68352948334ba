"""The scores at a glance: what the in-game menu's "Scores" shows, until a button.

The round under way with the totals counting it (the flow's running tally); between
rounds the last round's table (its points and the totals); else the totals (a game
resumed from the journal), or a short note before any score (rummy's first round,
which scores only at its end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.overlays import INFO_SECONDS, Overlay, lasting, waiting
from companion.ui.pages import Go
from companion.ui.screens import message_pages
from companion.views import MessageView, ScoresView
from companion.views.i18n import _

if TYPE_CHECKING:
    from companion.ui.app import UiApp


def scores_now(app: UiApp) -> ScoresView | None:
    """The scores at a glance (module docstring), None before any score."""
    running = app.running
    if running is not None and running.totals is not None:
        return running
    return app.last_scores or running


def show_scores(app: UiApp) -> Go:
    """The scores (:func:`scores_now`) over the game, until a button."""
    scores = scores_now(app)
    if scores is None:
        note = MessageView(_("Scores"), (_("No round ended yet"),))
        until = app.now + lasting(INFO_SECONDS, message_pages(note, app.panel))
        app.overlays.queue.insert(0, Overlay(note, until=until))
    else:
        app.overlays.queue.insert(0, Overlay(waiting(scores)))
    return Go()
