"""The table view: where a game stands, language-free, for the players' phones.

The phone page (issue 15) is served by the table itself at home
(:mod:`companion.daemon.phone`) and by the cafe's server from the table's retained
``state`` (:mod:`companion.cafe.live`). Both draw the same object, built once here
from a flow's facts (:mod:`companion.flows.status`) and its report, by the game's
live view (:mod:`companion.views.plugins`: its section, :mod:`companion.views.live_sections`);
the bus's ``state`` carries the same facts in short
(:func:`companion.bus.messages.game_state`). The words
are the page's (its own catalogue, in the table's language).

    >>> card("R13#2", "fibonachos")
    {'face': 'R13', 'kind': 'red', 'number': 13}
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from companion.flows.base import GameFlow
from companion.games.registry import get_game
from companion.views.live_sections import card
from companion.views.live_types import VERSION, Outcome, TableView
from companion.views.plugins import views_of

__all__ = ["VERSION", "TableView", "card", "link_digest", "table_view", "waiting_view"]


def link_digest(token: str) -> str:
    """What travels of a players' link token (the cafe's ``state``, its server): its
    SHA-256, hex. The token itself stays in the link on the phones."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def table_view(
    flow: GameFlow,
    players: Sequence[str],
    *,
    game_id: int | None,
    ended: str | None = None,
) -> TableView:
    """The table view of ``flow`` for ``players`` (names by seat, "" for unnamed).

    ``ended`` is why the game ended (the journal's reason: ``over``, ``staff``...), None
    while it is in play.
    """
    status = flow.status()
    views = views_of(flow.game)
    section, to_play = views.live_section(flow, status), views.seat_playing(status)
    return TableView(
        id=game_id,
        game=flow.game,
        label=get_game(flow.game).label,
        players=tuple(players),
        over=flow.is_over() or ended is not None,
        ended=ended,
        outcome=views.outcome(flow.report()),
        round=status.round,
        to_play=None if ended is not None else to_play,
        section=section,
    )


def waiting_view(game: str | None, players: Sequence[str]) -> TableView:
    """The table view before a game starts: the page the attract screen's code opens
    (issue 15). ``game`` is the one being set up (None: none chosen yet) and ``players``
    its names so far ("" unnamed; no seat at all before a game is chosen): a phone may
    type names there, the table asks to confirm them, and the game started takes them
    and the same link."""
    return TableView(
        id=None,
        game=game,
        label=get_game(game).label if game else "",
        players=tuple(players),
        over=False,
        ended=None,
        outcome=Outcome(),
        round=None,
        to_play=None,
        waiting=True,
    )
