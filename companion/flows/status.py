"""What a flow reports of its game: typed facts, no words.

A flow says where its game stands (:meth:`GameFlow.status`) and what just happened
(:attr:`Notice.detail`) with these small frozen values: seats are numbers, cards are
their notation, what the table must show next is an :class:`Awaiting`, a rummy
set's state is a :class:`SetState`. Turning facts into what a screen shows (player
names, "Seat 2", "spicy card", "Round 3") is the views layer's work
(:mod:`companion.views.present`); the words a player reads live there, not here.

    >>> status = TrickStatus("fibonachos", 1, 1, to_play=1, awaiting=Awaiting.SPICY)
    >>> status.to_play, status.awaiting.value
    (1, 'spicy')

Every status answers the same two questions (:class:`GameStatus`): the round under
way and the seat to play, so that what reads any game (the bus's state, the phone
page) asks the status rather than its type:

    >>> hexed = HexStatus(Side.WHITE, turn=4, allowed=4, left=2)
    >>> (hexed.round, hexed.to_play), (status.round, status.to_play)
    ((None, 1), (1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Protocol

from companion.games.fibonachos.cards import Suit
from companion.games.hex.actions import Move
from companion.games.hex.pieces import Side
from companion.games.hex.position import Position
from companion.games.trump.cards import Colour, Symbol


class GameStatus(Protocol):
    """What every status says of its game, whatever the game.

    ``round`` is the round under way (None for a game without rounds, the hex board,
    and for the final scores); ``to_play`` the seat whose turn it is, None when the
    table has not said it yet (Trump's first leader), when nobody is to play (scores)
    and in rummy, where a turn is seen only once its player lays a card (R4:
    :attr:`RummyStatus.turn` is that seat).
    """

    @property
    def round(self) -> int | None: ...

    @property
    def to_play(self) -> int | None: ...


class Awaiting(Enum):
    """What the table must show before play goes on."""

    NOTHING = "nothing"  # the next play
    SPICY = "spicy"  # Fibonachos: the trick's spicy card (F6)
    TRUMP_INDICATOR = "trump-indicator"  # Trump: the card that sets the trump colour (T2)
    SYMBOL_INDICATOR = "symbol-indicator"  # Trump: the card that sets the symbol (T2)
    LEADER = "leader"  # Trump: who leads round 1, the holder of ``leader_card`` (T3)
    LEADER_SHOWN = "leader-shown"  # Trump: ``leader_card`` was led; who played it (T3)
    MOVE_CARD = "move-card"  # hex, card variant: the turn's move card (H5)
    MISSING_CARD = "missing-card"  # a trick cleared before its last card was read (issue 10)


class Played(NamedTuple):
    """One card of the trick on the table: the seat that played it and its notation."""

    seat: int
    card: str


@dataclass(frozen=True)
class MissingCard:
    """A trick was cleared before all its plays were read: ``seat``'s card is missing.

    ``choices`` are the faces the rules leave for it (cards not yet played this
    round), ``seen`` first: the faces among them the camera saw in the play area
    while the trick was open but never confirmed, or that lie there held. ``held``
    counts the cards put down since, kept until the missing card is given.
    """

    seat: int
    trick: int
    choices: tuple[str, ...]
    seen: tuple[str, ...] = ()
    held: int = 0


@dataclass(frozen=True)
class Recorded:
    """A card a correction may name: on record (used as ``use``: ``play``, ``spicy``,
    ``trump``, ``symbol``, a rummy zone) or ``refused`` and still lying on the table.

    ``key`` names the physical card (what :class:`~companion.flows.commands.Replace`
    takes), ``card`` is its notation as the flow holds it now.
    """

    key: str
    card: str
    use: str
    refused: bool = False


@dataclass(frozen=True)
class TrickStatus:
    """A trick game in play (Fibonachos, Trump).

    ``to_play`` is the seat whose turn it is (the leader while a deal or a spicy card
    is awaited), None while Trump's first leader is unknown; ``leader_card`` is the
    card whose holder leads Trump's round 1 (T3), once the indicators are read and
    until the first play. ``recorded`` lists what a correction may name: the refused
    cards still on the table, then this round's cards on record, newest first (a card
    undone is neither).

    The running tally, per seat (empty tuples where a flow has none): ``totals`` of
    the rounds done; for the round under way, ``points`` it would score if it ended
    now (the engine's own scoring of what was taken), ``taken`` (Fibonachos: the
    spicy values won; Trump: the cards of the scored symbol won) and ``tricks`` won.
    ``last`` is the round's last complete trick and ``last_winner`` its winner.
    """

    game: str
    round: int
    trick: int
    to_play: int | None
    plays: tuple[Played, ...] = ()
    lead: Suit | Colour | None = None  # the suit or colour led, once led
    trump: Colour | None = None  # Trump: the trump colour
    symbol: Symbol | None = None  # Trump: the scored symbol
    spicy: str | None = None  # Fibonachos: the spicy card at stake
    awaiting: Awaiting = Awaiting.NOTHING
    totals: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    last: tuple[Played, ...] = ()
    last_winner: int | None = None
    missing: MissingCard | None = None  # awaiting MISSING_CARD: whose, and the choices
    leader_card: str | None = None
    recorded: tuple[Recorded, ...] = ()
    #: Fibonachos: the spicy deck is used up, the trick carries none (F6; 3 players:
    #: tricks 16 and 17).
    spicy_spent: bool = False


@dataclass(frozen=True)
class TrickWon:
    """A trick just completed: its winner, the winning card and what the winner takes."""

    winner: int
    card: str
    trick: int
    prize: tuple[str, ...] = ()  # the spicy card, or Trump's two indicator cards


@dataclass(frozen=True)
class Scores:
    """Points per seat: a round's (``round``) with the running ``totals``, or the final ones.

    ``round`` is None for the final scores; ``leaders`` are the seats with the highest
    total (or points); ``winners`` are the seats the game declares won, once over.
    """

    game: str
    round: int | None
    points: tuple[int, ...]
    totals: tuple[int, ...] | None = None
    leaders: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def to_play(self) -> int | None:
        """Nobody: the round (or the game) is over."""
        return None


class SetState(Enum):
    """Where a rummy set stands (R2, R4)."""

    OPEN = "open"
    COMPLETE = "complete"
    CLOSED = "closed"
    ILLEGAL = "illegal"


class Lack(Enum):
    """What an open rummy set needs."""

    NOTHING = "nothing"
    WILD_NUMBER = "wild-number"  # a wild card's number, which only the table knows (R5)
    POINTS = "points"  # ``missing`` more points
    IMPOSSIBLE = "impossible"  # no card completes it: cards must be taken back


@dataclass(frozen=True)
class MeldSet:
    """One set in a meld zone, judged by the rules engine.

    ``base`` is its first card's notation; ``wild`` the wild card's number the flow
    inferred (``W=5``); an illegal set carries the engine's ``reason`` (English, for
    the log), its ``rule`` and the card at ``fault`` (for the screen).
    """

    base: str
    state: SetState
    lack: Lack = Lack.NOTHING
    missing: int = 0
    wild: str | None = None
    reason: str = ""
    rule: str = ""
    fault: str | None = None


@dataclass(frozen=True)
class Closing:
    """A complete set that left its owner's zone in one gesture (docs/rummy.md): closed
    (R4, one press) or taken back into the hand? ``base`` is its first card's notation."""

    seat: int
    base: str


@dataclass(frozen=True)
class WildCard:
    """A wild card lying in a set (R5): the physical card ``key``, the seat and the
    set's first card (``base``), its ``number`` (declared, or inferred when one number
    only completes the set; None: to be asked) and the numbers that ``fit`` the set
    (it stays legal with them, for some numbers of its other wild cards still asked:
    :func:`companion.games.rummy.wild_fits`)."""

    key: str
    seat: int
    base: str
    number: int | None
    fits: tuple[int, ...]


@dataclass(frozen=True)
class RummyStatus:
    """One seat's page of a rummy game: its closed sets, then its open ones.

    ``totals`` are every seat's points of the rounds done; ``turn`` is the seat that
    laid the last card on the table this round (R4: cards go from a hand to the table
    only in that player's turn), None before the round's first card; ``starts`` is
    the seat that starts the round (R4: the one clockwise of the dealer, the deal
    passing clockwise), known as soon as the round before ended.
    ``complete`` and ``closed`` are the round's running tallies of every seat (not
    only the page's): its complete sets not yet closed (R2) and its closed sets (R4).
    ``recorded`` lists what a correction may name: the refused cards still on the
    table, then the cards lying in the meld zones, newest first.
    ``closing`` is the set to close or not (asked first), ``wilds`` every seat's wild
    cards in sets (one with no number is asked: :attr:`asking`).
    """

    game: str
    round: int
    seat: int
    sets: tuple[MeldSet, ...]
    page: int = 0
    counting: bool = False  # the hands are being laid out to be counted (R6)
    totals: tuple[int, ...] = ()
    turn: int | None = None
    starts: int | None = None
    complete: tuple[int, ...] = ()
    closed: tuple[int, ...] = ()
    recorded: tuple[Recorded, ...] = ()
    closing: Closing | None = None
    wilds: tuple[WildCard, ...] = ()

    @property
    def to_play(self) -> int | None:
        """Not known before the player lays a card (R4; :attr:`turn` is who did)."""
        return None

    @property
    def asking(self) -> WildCard | None:
        """The first wild card whose number the table must give (R5), if any."""
        return next((w for w in self.wilds if w.number is None), None)


@dataclass(frozen=True)
class HexStatus:
    """The hex turn: the side to move, the moves it is allowed and has left (H2, H5)."""

    side: Side
    turn: int
    allowed: int
    left: int
    #: Enemy strike pieces on the mover's centre as the turn started (H2); none in the
    #: card variant (H5).
    reduction: int = 0
    card: int | None = None  # the move card turned up (card variant)
    winner: Side | None = None
    awaiting: Awaiting = Awaiting.NOTHING
    #: The board, where the flow sees it (the camera's and the typed moves' modes; the
    #: button referee counts moves it never sees), and the moves it last saw made.
    board: Position | None = None
    moved: tuple[Move, ...] = ()
    #: The camera's referee refused the board's change: the pieces go back to ``board``.
    put_back: bool = False

    @property
    def round(self) -> int | None:
        """The hex board plays no rounds."""
        return None

    @property
    def to_play(self) -> int | None:
        """The seat of the side to move (Black is seat 0)."""
        return self.side.seat


#: Everything :meth:`~companion.flows.base.GameFlow.status` may answer.
FlowStatus = TrickStatus | RummyStatus | HexStatus | Scores
#: What a :class:`~companion.flows.base.Notice` may carry besides its message.
NoticeDetail = TrickWon | Scores | MissingCard
