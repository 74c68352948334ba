"""What the interface asks of the session: small frozen values the daemon carries out.

The state machine (:mod:`companion.ui.app`) never touches the session, the journal or
the flow: a button press returns a list of these, and the daemon (or ``companion
ui-demo``) turns each into a session call. That keeps the interface pure and lets a
test read exactly what a press asked for.

    >>> start = StartGame("hex", ("Black", "White"), (), GameOptions.of("hex", {"mode": "board"}))
    >>> start.options["mode"]
    'board'
    >>> from companion.flows.commands import Move
    >>> Flow(Move())
    Flow(command=Move(move=''))
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.flows.commands import FlowCommand
from companion.games.game_options import GameOptions


@dataclass(frozen=True)
class StartGame:
    """Start a new game (``Session.start_game``); any game in play ends as "replaced".
    ``options`` are checked (None: the game's defaults)."""

    game: str
    players: tuple[str, ...]
    variants: tuple[str, ...] = ()
    options: GameOptions | None = None


@dataclass(frozen=True)
class Resume:
    """Go back to the game in play from the start menu (nothing changes in the session)."""


@dataclass(frozen=True)
class Flow:
    """A button command for the flow of the game in play (``Session.command``)."""

    command: FlowCommand


@dataclass(frozen=True)
class Undo:
    """Take back the last step (for the session, :class:`companion.flows.commands.Undo`)."""


@dataclass(frozen=True)
class EndGame:
    """Close the game in play with its scores (``Session.end_game(reason=...)``)."""

    reason: str = "abandoned"


@dataclass(frozen=True)
class StaffAction:
    """A kiosk action only staff may ask for, once a staff card was shown.

    Names: ``end-game``, ``restart`` (the service), ``shutdown`` (the Pi); see
    :data:`companion.ui.menus.STAFF_ACTIONS`.
    """

    name: str


@dataclass(frozen=True)
class UseNames:
    """Names typed on a phone, confirmed at the table (issue 15): the game in play's
    players from now on (``Session.rename``: its journal row, the history, the cafe)."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class SetUpTable:
    """Read the next frame's SEAT cards for ``players`` seats and keep the rummy layout
    they make (issue 26: "Set up the table"); the daemon answers with
    :meth:`companion.ui.app.UiApp.table_set_up`."""

    players: int


@dataclass(frozen=True)
class SayAgain:
    """Say the last announcement again (issue 25: long UP in a game); nothing when
    speech is off."""


UiCommand = (
    StartGame | Resume | Flow | Undo | EndGame | StaffAction | UseNames | SetUpTable | SayAgain
)
