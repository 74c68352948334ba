"""The one shape every rules engine shares.

A game is a state machine in the manner of OpenSpiel and python-chess:

    state = fibonachos.new_game(["Ana", "Ben", "Cy"])
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))      # the deal, a spicy card...
        else:
            state.apply(rng.choice(state.legal_actions()))
    state.outcome()            # Outcome(termination=<Termination.LAST_ROUND: ...>, winners=(1,))
    state.report()             # the score so far, typed: report.totals, report.to_json()
    state.undo()                                       # back one action

Engines are pure: no I/O, no clock, and randomness only through the
``random.Random`` handed to :meth:`GameState.sample_chance`. Undo is a stack, as
python-chess's ``push``/``pop``: :meth:`undo` pops the last action and the engine
takes back exactly what carrying it out changed, in constant time however long the
game (a game of Trump to 144 runs to thousands of actions). Each engine keeps a
stack of :class:`UndoNote`, one per action, with what it needs: a frozen snapshot
where the state is made of immutable values (hex), what the inverse step cannot read
off the state (where in a known hand the card played was), or a frozen copy of the
few things an action can change (a rummy round's piles and the acting seat).

An engine implements :meth:`_check`, :meth:`_do` and :meth:`_undo`; the base class
gives ``apply``, ``undo``, ``history`` and ``clone`` on top of them.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Self, TypeVar

from companion.games.errors import IllegalActionError, UnknownVariantError
from companion.games.json_types import JSON, JSONObject

if TYPE_CHECKING:
    from companion.games.report import GameReport

#: ``current_player()`` while chance acts (a deal, a spicy reveal, a move card).
CHANCE: Final = -1
#: ``current_player()`` once the game is over.
TERMINAL: Final = -2

A = TypeVar("A")


class Termination(Enum):
    """How a game ended, as python-chess's ``Termination``; :attr:`rule` says which rule."""

    #: F8: the match is three rounds; the third is played.
    LAST_ROUND = "three rounds played"
    #: T7: after a round someone has 144 or more and the highest total alone.
    TARGET_REACHED = "144 reached"
    #: R9 sets no end: the rounds the table chose to play are played.
    ROUNDS_CHOSEN = "rounds played"
    #: H4: a centre's six neighbours are held by the other side's strike pieces.
    ENCIRCLEMENT = "encirclement"
    #: H5 (card variant): six strike pieces in one group, three touching the other centre.
    CARD_WIN = "card win"
    #: A player conceded; no rule needs it, a table needs a way to stop.
    RESIGNATION = "resignation"
    #: H4, told by the table: the referee counts moves and cannot see the board, so
    #: the players declare who won (the game ``hex-referee``).
    DECLARED = "declared win"

    @property
    def rule(self) -> str | None:
        """The RULES.md id that ends the game this way (``None`` for a resignation)."""
        return _TERMINATION_RULES[self]


_TERMINATION_RULES: Final = {
    Termination.LAST_ROUND: "F8",
    Termination.TARGET_REACHED: "T7",
    Termination.ROUNDS_CHOSEN: "R9",
    Termination.ENCIRCLEMENT: "H4",
    Termination.CARD_WIN: "H5",
    Termination.RESIGNATION: None,
    Termination.DECLARED: "H4",
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the way it ended and the seats that won (a shared win lists several)."""

    termination: Termination
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Flag:
    """Something the referee noticed that is not an error, e.g. a proven revoke (F5).

    Rounds and tricks count from 1, seats from 0, as in ``companion score --json``.
    ``card`` is the notation of the card that proves it (the revoking card, the lowest
    trump), for the screens to name, and ``missed`` the trick a revoke did not follow
    in; ``message`` is the referee's English sentence.
    """

    round: int
    trick: int | None
    seat: int
    rule: str
    message: str
    #: Not in the JSON (``score --json`` stays as it was) nor in equality: a report read
    #: back from its JSON is the same report, only without the card to name.
    card: str = field(default="", compare=False)
    missed: int | None = field(default=None, compare=False)

    def to_json(self) -> JSONObject:
        return {
            "round": self.round,
            "trick": self.trick,
            "seat": self.seat,
            "rule": self.rule,
            "message": self.message,
        }


def check_variants(game: str, asked: Sequence[str], known: frozenset[str]) -> frozenset[str]:
    """Return ``asked`` as a set, or raise naming the first unknown variant."""
    for name in asked:
        if name not in known:
            choices = ", ".join(sorted(known)) or "none"
            raise UnknownVariantError(
                f"{game}: unknown variant {name!r} (this game has: {choices})"
            )
    return frozenset(asked)


class UndoNote:
    """What an engine keeps to take one action back; immutable all through (frozen,
    tuples, values), so :meth:`GameState.clone` shares it instead of copying it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


class GameState(ABC, Generic[A]):
    """The state of one game and the history of the actions that made it."""

    #: The record's ``"game"`` name: ``fibonachos``, ``trump``, ``rummy21``, ``hex``...
    name: ClassVar[str]
    #: The RULES.md variant names this game accepts.
    known_variants: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        self._history: list[A] = []

    # -- what an engine implements -------------------------------------------------

    @abstractmethod
    def _check(self, action: A) -> None:
        """Raise :class:`IllegalActionError` (with its rule id) unless ``action`` is legal."""

    @abstractmethod
    def _do(self, action: A) -> None:
        """Carry out an action already checked."""

    @abstractmethod
    def _undo(self, action: A) -> None:
        """Take back ``action``, the last one carried out, in constant time: afterwards
        the state is exactly what it was before (what it answers, and what it holds)."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every action the player to act may take (empty at chance and terminal)."""

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> A:
        """Draw chance's action with the randomness handed in (only at chance nodes)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def to_record(self) -> JSONObject:
        """The game record (DESIGN.md, "Game records") of the game so far."""

    @classmethod
    @abstractmethod
    def from_record(cls, record: Mapping[str, JSON]) -> Self:
        """Replay a record; raise :class:`RecordError` naming the place and rule."""

    @abstractmethod
    def report(self) -> GameReport:
        """The score so far; its ``to_json()`` is the ``companion score --json`` object."""

    @abstractmethod
    def rename(self, players: Sequence[str]) -> None:
        """The same seats under new names (a table renamed mid-game): the record and
        whatever the engine words with names take them, as if the game had been played
        under them; no action is replayed. Another number of names is a ``GameError``."""

    def flags(self) -> list[Flag]:
        """What the referee noticed so far (revokes...), in the order noticed."""
        return []

    # -- what the base class gives ---------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @property
    def history(self) -> tuple[A, ...]:
        return tuple(self._history)

    @property
    def actions(self) -> int:
        """How many actions the history holds: ``len(history)`` without copying it
        (a flow marks where it stood by it at every card)."""
        return len(self._history)

    def is_legal(self, action: A) -> bool:
        try:
            self._check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: A) -> None:
        """Check and carry out ``action``; on an illegal one nothing changes."""
        self._check(action)
        self._do(action)
        self._history.append(action)

    def undo(self) -> A:
        """Take back the last action (chance's included) and return it."""
        if not self._history:
            raise IndexError(f"{self.name}: nothing to undo")
        last = self._history.pop()
        self._undo(last)
        return last

    def clone(self) -> Self:
        """An independent copy. Actions and undo notes are immutable values, so the copy
        shares them (copying thousands of them would be most of the work)."""
        return copy.deepcopy(self, {id(self._history): list(self._history)})
