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
    flow.status()    # a TrickStatus: the seat to play, the trick so far...

Where facts end and words begin: a flow answers typed facts (:mod:`companion.flows.status`:
seats as numbers, cards as notation, what the table must show as an enum) and never
a screen. The views layer (:func:`companion.views.present`) names the seats and words
the facts for the OLED and the status line. A notice's ``message`` is English for
the log (a refusal's reason with serials and the rule id); what the screen says is
its ``said`` (a message id and its facts) and its ``detail`` (a trick won, scores),
which the views layer words in the table's language.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from companion.flows.commands import FlowCommand, Undo
from companion.flows.said import Said
from companion.flows.status import FlowStatus, NoticeDetail
from companion.games.base import GameState
from companion.games.game_options import GameOptions
from companion.games.json_types import JSONObject
from companion.games.report import GameReport
from companion.table.cards import TableCard
from companion.table.events import CardInput, CardPlaced, CardRemoved, CardSighted
from companion.table.hex_events import BoardSeen

#: What the table tells a flow: a card event, or the hex board the camera saw.
TableInput = CardInput | BoardSeen
#: What a flow takes: a table input or a button command, as typed values.
FlowInput = TableInput | FlowCommand


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
    #: What happened, as a fact the views layer shows (the trick's winner, the scores).
    detail: NoticeDetail | None = None
    #: What the screen says, without words (:mod:`companion.flows.said`); ``message``
    #: is the log's English sentence and never reaches a player.
    said: Said | None = None


class GameFlow(ABC):
    """One game being played at the table; the session owns it and feeds it inputs."""

    game: str
    #: The commands :meth:`command` acts on (the buttons offer these); it refuses
    #: any other with a REFUSED notice.
    takes: ClassVar[frozenset[type[FlowCommand]]] = frozenset()

    @classmethod
    def start(
        cls,
        game: str,
        players: Sequence[str],
        variants: Sequence[str],
        options: GameOptions,
    ) -> GameFlow:
        """The flow of ``game`` started with ``options`` (checked against the game's
        spec where they entered, defaults filled in): how
        :func:`companion.flows.registry.make_flow` builds it.
        """
        raise NotImplementedError(f"{cls.__name__} is not started through the registry")

    def take(self, event: FlowInput) -> list[Notice]:
        """One input as the session hands it on (live, or read back from the journal)."""
        match event:
            case CardPlaced(card=card):
                return self.placed(card)
            case CardRemoved(card=card):
                return self.removed(card)
            case CardSighted(card=card):
                return self.sighted(card)
            case BoardSeen():
                return self.board_seen(event)
            case Undo():
                return self.undo()
            case command:
                return self.command(command)

    @abstractmethod
    def placed(self, card: TableCard) -> list[Notice]:
        """A card was put down (steadily seen) in a zone."""

    def removed(self, card: TableCard) -> list[Notice]:
        """A card left the table (a trick cleared, a set picked up)."""
        return []

    def sighted(self, card: TableCard) -> list[Notice]:
        """A card seen, not yet confirmed (it may never be: swept away at once)."""
        return []

    def board_seen(self, seen: BoardSeen) -> list[Notice]:
        """The hex board still, a position taken by the camera (a flow that does not
        read the board ignores it)."""
        return []

    @abstractmethod
    def command(self, command: FlowCommand) -> list[Notice]:
        """A button command; unknown or impossible ones return a REFUSED notice."""

    @abstractmethod
    def undo(self) -> list[Notice]:
        """Take back the last step a person would call one (a play, a reveal, a move)."""

    @abstractmethod
    def status(self) -> FlowStatus:
        """Where the game stands now, as facts (the views layer words them)."""

    @abstractmethod
    def record(self) -> JSONObject:
        """The game record so far (the format ``companion score`` reads)."""

    @abstractmethod
    def report(self) -> GameReport:
        """The score so far; its ``to_json()`` is the ``companion score --json`` object."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended by its rules."""

    def rename(self, players: Sequence[str]) -> bool:
        """The same seats under new names (the cafe's staff, a phone's names confirmed):
        the flow, its engine and its record name them from now on, as if the game had
        been played under them, without taking its inputs again. False when this flow
        cannot (the session then rebuilds it from its journal; no game that takes new
        names is such a flow)."""
        return False


class EngineFlow(GameFlow):
    """A flow whose record, score and end are those of one rules engine, ``engine``."""

    engine: GameState[Any]
    #: The players' names as given, one a seat (empty for a seat without one).
    players: tuple[str, ...]
    #: The names a notice's ``message`` uses (:func:`seat_names`).
    names: tuple[str, ...]

    def _name(self, players: Sequence[str]) -> None:
        """The seats named ``players`` (the flow's ``__init__``, and :meth:`rename`)."""
        self.players = tuple(players)
        self.names = seat_names(players)

    def rename(self, players: Sequence[str]) -> bool:
        """Issue 23: the engine and the flow's notices take the names. Nothing is
        replayed and all else the flow keeps stays (the hex camera's reader judges
        the next position as a move, not as a restart's). False for another number
        of names: the seats stay."""
        if len(players) != len(self.players):
            return False
        self.engine.rename(players)
        self._name(players)
        return True

    def record(self) -> JSONObject:
        return self.engine.to_record()

    def report(self) -> GameReport:
        return self.engine.report()

    def is_over(self) -> bool:
        return self.engine.is_terminal()


def seat_names(players: Sequence[str]) -> tuple[str, ...]:
    """Player names, or "Seat 1".. for empty ones: the names a notice's ``message`` uses.

    The screens name seats through :func:`companion.views.seat_names`.
    """
    return tuple(name or f"Seat {i + 1}" for i, name in enumerate(players))
