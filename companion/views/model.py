"""What each screen shows: small frozen values, built from a flow's facts by presenters
(:mod:`companion.views.present`) or by the menus.

A screen is a pure function from one of these views to an image
(:mod:`companion.ui.screens`), so every screen can be pinned by a golden image
and the state machine (:mod:`companion.ui.app`) never draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Tone(Enum):
    """How a message screen looks: plain, an error (inverted title), an alert (framed)."""

    INFO = "info"
    ERROR = "error"
    ALERT = "alert"
    CONFIRM = "confirm"


@dataclass(frozen=True)
class MenuView:
    """A list to choose from; ``marks`` puts a tick box before items (variants).

    A mark of None leaves that item without a box (the "Done" entry of a toggle list).
    """

    title: str
    items: tuple[str, ...]
    selected: int = 0
    marks: tuple[bool | None, ...] = ()
    hint: str = ""


@dataclass(frozen=True)
class MessageView:
    """A title and lines, wrapped to the panel; a message longer than the panel shows
    its pages in turn: ``page`` counts up with time and the screen wraps it round."""

    title: str
    lines: tuple[str, ...]
    tone: Tone = Tone.INFO
    hint: str = ""
    page: int = 0


@dataclass(frozen=True)
class Play:
    """One card of the trick on the table: who played it, and the card as its face
    prints it ("Yellow 16") and in a few letters for a crowded row ("Yel 16")."""

    player: str
    card: str
    short: str = ""

    @property
    def brief(self) -> str:
        """The card in a few letters (its name when no short form was given)."""
        return self.short or self.card


@dataclass(frozen=True)
class TrickView:
    """A trick game in play: the big line is whose turn it is."""

    game: str
    round: int
    trick: int
    to_play: str
    plays: tuple[Play, ...] = ()
    lead: str | None = None  # the lead suit's name, once led
    trump: str | None = None  # Fibonacci's Trump: the trump colour
    symbol: str | None = None  # Fibonacci's Trump: the scored symbol
    spicy: str | None = None  # Fibonachos: the spicy card at stake
    waiting_for: str = ""  # e.g. "spicy card", "trump indicator"
    last: tuple[Play, ...] = ()  # the round's last complete trick
    last_winner: str | None = None  # ... and who won it
    missing: str = ""  # a trick cleared too soon: whose card is missing ("Dee")
    #: A question only the table can answer, one line each: Trump's round 1 leader
    #: ("Who has Red 2?", "They lead"); SELECT answers it.
    question: tuple[str, ...] = ()
    no_spicy: bool = False  # Fibonachos: the spicy deck is used up (F6), none at stake


@dataclass(frozen=True)
class TrickWonView:
    winner: str
    card: str
    trick: int
    prize: str | None = None  # the spicy card taken, or the indicator cards


@dataclass(frozen=True)
class ScoresView:
    """A table of points per player; ``totals`` adds a column, ``leaders`` are marked.

    ``heads`` name the columns (points, totals); ``hint`` says what to press when the
    screen waits for a key.
    """

    title: str
    players: tuple[str, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...] | None = None
    leaders: tuple[int, ...] = ()
    footer: str = ""
    heads: tuple[str, str] = ("pts", "tot")
    hint: str = ""
    page: int = 0  # a panel too small for every player shows them a page at a time


@dataclass(frozen=True)
class SetLine:
    """One set in a rummy meld zone: its base card in a few letters ("Base 5"), its
    state, what it lacks."""

    base: str
    state: str  # "open", "complete", "closed", "illegal" (a SetState's value)
    detail: str = ""


@dataclass(frozen=True)
class RummyView:
    """One seat's sets, with the seat's place among the seats ("2/3"), its total so far,
    who is at play, and the words of the set markers shown (``legend``: state, word)."""

    game: str
    round: int
    seat: str
    sets: tuple[SetLine, ...]
    page: int = 0
    number: int = 1  # the seat's place, from 1
    seats: int = 1
    score: int | None = None
    turn: str | None = None  # who is at play: laying cards, or starting the round (R4)
    legend: tuple[tuple[str, str], ...] = ()
    counting: bool = False  # the round is over, its hands laid out to count (R6)


@dataclass(frozen=True)
class HexView:
    """The hex game's turn referee: the moves left are the largest thing on the screen."""

    player: str  # the name of the side to move
    turn: int
    allowed: int
    left: int
    reduction: int = 0  # enemy strike pieces on the mover's centre
    card: int | None = None  # the move card turned up (card variant)
    winner: str | None = None
    card_due: bool = False  # card variant: the turn's move card is not turned up yet (H5)


@dataclass(frozen=True)
class NameView:
    """A player's name being typed on a wheel of letters (:mod:`companion.ui.names`).

    ``wheel`` is the whole ring of items as drawn (letters in the case they will be
    typed, ``"«"`` erase, ``"OK"`` done); ``selected`` is the item under the cursor.
    ``note`` replaces the hint for a moment (a name another seat has).
    """

    title: str
    name: str
    wheel: tuple[str, ...]
    selected: int
    limit: int
    hint: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class IdleView:
    """The attract screen of a kiosk, with the last result."""

    title: str = "Table Companion"
    last_result: tuple[str, ...] = field(default_factory=tuple)
    hint: str = ""


@dataclass(frozen=True)
class QrView:
    """The players' page's link as a QR code (issue 15), with a title and lines beside
    it and what a key does (``hint``); ``url`` empty: no link yet (the page is off)."""

    title: str
    url: str
    lines: tuple[str, ...] = ()
    hint: str = ""
