"""Game flows: what the table and the buttons mean for the game being played.

A flow sits between the table tracker (cards placed and removed in zones), the
buttons (through the UI's commands) and one rules engine. It turns a card put in
the play area into the next play, a spicy card into the trick's prize, a meld zone
into rummy sets; it refuses an impossible card on the spot with the reason and
waits for the right one; it can undo and correct a misread card.

Flows are deterministic: the same inputs give the same state. That is what lets
the daemon's state be the replay of its journal (``companion.session``): the
session journals each input, then hands it to the flow.

    flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], variants=[])
    notices = flow.placed(TableCard("fibonachos/1/S3#1", "fibonachos", "S3#1", "spicy"))
    notices = flow.placed(TableCard("fibonachos/1/R13#1", "fibonachos", "R13#1", "play"))
    flow.view()      # a companion.views value: whose turn, the trick so far...
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.games.base import GameState
from companion.games.report import GameReport
from companion.table.cards import TableCard
from companion.views import (
    HexView,
    MessageView,
    RummyView,
    ScoresView,
    TrickView,
    TrickWonView,
)


class NoticeKind(Enum):
    """What a notice is, so the UI knows how long and how loudly to show it."""

    REFUSED = "refused"  # a card or command the rules refuse: shown until the next input
    TRICK_WON = "trick-won"  # shown for a moment
    ROUND_OVER = "round-over"  # the round's scores, until a button
    GAME_OVER = "game-over"  # the final scores, until a button
    FLAG = "flag"  # a proven revoke (F5...): an alert naming the player
    INFO = "info"  # anything else worth a line


@dataclass(frozen=True)
class Notice:
    kind: NoticeKind
    message: str
    rule: str | None = None
    seat: int | None = None
    #: A view to show for this notice (the trick's winner, the round's scores).
    view: TrickWonView | ScoresView | MessageView | None = None


@dataclass(frozen=True)
class FlowCommand:
    """A command from the buttons a flow understands (``name`` plus arguments).

    Common names: ``undo``, ``replace`` (key, notation), ``leader`` (seat),
    ``wild`` (key, number), ``close-set`` (seat, base), ``end-round``,
    ``move`` (the hex referee counts one move), ``end-turn``, ``strikes`` (n).
    """

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)


FlowView = TrickView | RummyView | HexView | ScoresView | MessageView


class GameFlow(ABC):
    """One game being played at the table; the session owns it and feeds it inputs."""

    game: str

    @abstractmethod
    def placed(self, card: TableCard) -> list[Notice]:
        """A card was put down (steadily seen) in a zone."""

    def removed(self, card: TableCard) -> list[Notice]:
        """A card left the table (a trick cleared, a set picked up)."""
        return []

    @abstractmethod
    def command(self, command: FlowCommand) -> list[Notice]:
        """A button command; unknown or impossible ones return a REFUSED notice."""

    @abstractmethod
    def undo(self) -> list[Notice]:
        """Take back the last step a person would call one (a play, a reveal, a move)."""

    @abstractmethod
    def view(self) -> FlowView:
        """What the OLED shows now."""

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The game record so far (the format ``companion score`` reads)."""

    @abstractmethod
    def report(self) -> GameReport:
        """The score so far; its ``to_json()`` is the ``companion score --json`` object."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended by its rules."""

    def expected(self) -> str:
        """A short line of what the flow waits for ("Ana to play", "spicy card")."""
        return ""


class EngineFlow(GameFlow):
    """A flow whose record, score and end are those of one rules engine, ``engine``."""

    engine: GameState[Any]

    def record(self) -> dict[str, Any]:
        return self.engine.to_record()

    def report(self) -> GameReport:
        return self.engine.report()

    def is_over(self) -> bool:
        return self.engine.is_terminal()


def seat_names(players: Sequence[str]) -> tuple[str, ...]:
    """Player names, or "Seat 1".. for empty ones."""
    return tuple(name or f"Seat {i + 1}" for i, name in enumerate(players))
