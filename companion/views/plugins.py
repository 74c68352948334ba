"""What the views layer shows of each game, declared in one place: the views' plugin registry.

A game is a plugin made of one declaration per layer, each layer's in its own
registry so that imports keep pointing one way (tests/test_architecture.py):

- :mod:`companion.games` (``SPEC`` of each game package, listed by
  :mod:`companion.games.registry`): its name, titles, players, variants, options,
  record reader, how its cards' faces read (``face``: what names and shortens them,
  :mod:`companion.views.cards`), its heading on a screen and its end on the status line;
- :mod:`companion.flows.registry`: the flow that plays it at the table;
- here: its :class:`GameViews`, the presenter of its status (a screen) and its live
  view (the phone page's section and outcome, and from them the bus's ``state``).

Nothing else branches on a game's name: a screen, a page or a bus message asks the
registry of its layer for the game's part. A game sharing its kind with another
(the four rummy games, the two hex modes, the two trick games) shares its record.
A new game adds its package to the games' registry, its flow to the flows', and a
line here (a test checks that every game has all three).

    >>> views_of("rummy13").section, views_of("hex").section
    ('rummy', 'hex')
    >>> present(Scores("trump", 1, (3, 5), (3, 5)), ["Ana", "Ben"]).title
    'Round 1'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeAlias, TypeVar

from companion.flows.base import GameFlow
from companion.flows.status import FlowStatus, HexStatus, RummyStatus, Scores, TrickStatus
from companion.games import GameReport
from companion.games.errors import UnknownGameError
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.hex import REFEREE_SPEC as HEX_REFEREE
from companion.games.hex import SPEC as HEX
from companion.games.rummy import SPECS as RUMMY_GAMES
from companion.games.trump import SPEC as TRUMP
from companion.views.live_sections import (
    card_outcome,
    hex_outcome,
    hex_section,
    rummy_section,
    trick_section,
)
from companion.views.live_types import Outcome
from companion.views.present import (
    FlowView,
    present_hex,
    present_rummy,
    present_scores,
    present_trick,
)
from companion.views.section_types import Section

#: The status a game's own views read (every game's flow may also report its final
#: :class:`Scores`, which no game's views take).
S = TypeVar("S", TrickStatus, RummyStatus, HexStatus)


@dataclass(frozen=True)
class GameViews(Generic[S]):
    """The views of one kind of game, whose flow reports ``status`` (or :class:`Scores`).

    ``present`` makes its screen from a status and the players' names; ``section``
    names the live view's part for it (its key in the view's JSON; ``live(flow,
    status)`` builds it);
    ``outcome`` gives the rounds, totals and winners of its report (the hex games
    count no points: ``totals`` None); ``playing`` is the seat the page shows playing
    (the status's ``to_play``; in rummy the seat laying cards now, R4, and before the
    round's first card the seat that starts it). A caller holding any flow's status
    asks :meth:`live_section` and :meth:`seat_playing`, which take the final scores too.
    """

    status: type[S]
    present: Callable[[S, Sequence[str]], FlowView]
    section: str
    live: Callable[[GameFlow, S], Section]
    outcome: Callable[[GameReport], Outcome]
    playing: Callable[[S], int | None]

    def live_section(self, flow: GameFlow, status: FlowStatus) -> Section | None:
        """The live view's part for ``status``; None for the final scores."""
        return self.live(flow, status) if isinstance(status, self.status) else None

    def seat_playing(self, status: FlowStatus) -> int | None:
        """The seat the page shows playing; nobody once the scores are final."""
        return self.playing(status) if isinstance(status, self.status) else status.to_play


#: The views of any one game.
AnyViews: TypeAlias = GameViews[TrickStatus] | GameViews[RummyStatus] | GameViews[HexStatus]


def _to_play(status: TrickStatus | HexStatus) -> int | None:
    return status.to_play


def _turn(status: RummyStatus) -> int | None:
    return status.starts if status.turn is None else status.turn


TRICKS: Final = GameViews(
    TrickStatus, present_trick, "trick", trick_section, card_outcome, _to_play
)
RUMMY: Final = GameViews(RummyStatus, present_rummy, "rummy", rummy_section, card_outcome, _turn)
HEX_BOARD: Final = GameViews(HexStatus, present_hex, "hex", hex_section, hex_outcome, _to_play)

#: The views of every game of :mod:`companion.games.registry`.
VIEWS: Final[Mapping[str, AnyViews]] = {
    FIBONACHOS.name: TRICKS,
    TRUMP.name: TRICKS,
    **{spec.name: RUMMY for spec in RUMMY_GAMES},
    HEX_REFEREE.name: HEX_BOARD,
    HEX.name: HEX_BOARD,
}


def views_of(game: str) -> AnyViews:
    """The views of ``game``, or :class:`UnknownGameError` naming the known games."""
    views = VIEWS.get(game)
    if views is None:
        raise UnknownGameError(f"unknown game {game!r} (known: {', '.join(VIEWS)})")
    return views


def present(status: FlowStatus, players: Sequence[str]) -> FlowView:
    """The screen of a flow's status, for ``players`` (names by seat, "" for unnamed):
    the scores, or the screen of the game whose flow reports that kind of status."""
    match status:
        case Scores():
            return present_scores(status, players)
        case TrickStatus():
            return TRICKS.present(status, players)
        case RummyStatus():
            return RUMMY.present(status, players)
        case HexStatus():
            return HEX_BOARD.present(status, players)
