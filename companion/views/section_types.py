"""Each kind of game's section of the table view (:mod:`companion.views.live_types`),
typed: the trick games' :class:`TrickView`, the rummy games' :class:`RummyView`, the
hex games' :class:`HexView`, each with its JSON (``to_json``, the view's version 1)
and its strict reader (``from_json``: a seat past the players, a tally of another
count of seats or a word the page has none for is a
:class:`~companion.views.view_fields.ViewError` naming the field).

    >>> hexed = HexView(0, 3, 2, 1, 0, None, None, "nothing")
    >>> HexView.from_json(Fields(hexed.to_json(), "live.hex"), 2) == hexed
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.flows.status import Awaiting, Lack, SetState
from companion.games.faces import Face
from companion.games.hex.actions import Move
from companion.games.hex.board import HexNotationError
from companion.games.hex.position import Position
from companion.games.hex.rules import FULL_ALLOWANCE
from companion.games.json_types import JSON, JSONObject, kind
from companion.views.view_fields import Fields, ViewError

#: What the table may wait for, a rummy set's states and what an open one lacks.
AWAITING = frozenset(a.value for a in Awaiting)
STATES = frozenset(s.value for s in SetState)
LACKS = frozenset(lack.value for lack in Lack)


def card_json(card: Face) -> JSONObject:
    """A card as the view's JSON has it: ``{"face": "R13", "kind": "red", "number": 13}``."""
    return {"face": card.face, "kind": card.kind, "number": card.number}


def _card_json(card: Face | None) -> JSON:
    return None if card is None else card_json(card)


def card_of(fields: Fields, key: str) -> Face | None:
    """A card (its face, kind and number), or None."""
    if fields.value(key) is None:
        return None
    card = fields.object(key)
    number = None if card.value("number") is None else card.integer("number")
    return Face(card.text("face"), card.maybe_text("kind"), number)


@dataclass(frozen=True)
class Play:
    """A card played, and the seat that played it."""

    seat: int
    card: Face

    def to_json(self) -> JSON:
        return {"seat": self.seat, "card": card_json(self.card)}

    @classmethod
    def from_json(cls, fields: Fields, seats: int) -> Play:
        card = card_of(fields, "card")
        seat = fields.seat("seat", seats)
        if card is None or seat is None:
            raise ViewError(f"{fields.where}: a card with no seat or a seat with no card")
        return cls(seat, card)


def _plays(fields: Fields, key: str, seats: int) -> tuple[Play, ...]:
    return tuple(Play.from_json(play, seats) for play in fields.objects(key))


@dataclass(frozen=True)
class TrickView:
    """The trick on the table, the last one and, once a round has points, its tally
    (``running``, ``points`` a seat; ``taken`` and ``tricks`` a seat or none)."""

    KEY: ClassVar[str] = "trick"
    round: int
    trick: int
    to_play: int | None
    awaiting: str
    plays: tuple[Play, ...]
    lead: str | None
    trump: str | None
    symbol: str | None
    spicy: Face | None
    leader_card: Face | None
    last: tuple[Play, ...]
    last_winner: int | None
    missing: int | None
    running: tuple[int, ...] | None = None
    points: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "round": self.round,
            "trick": self.trick,
            "to_play": self.to_play,
            "awaiting": self.awaiting,
            "plays": [play.to_json() for play in self.plays],
            "lead": self.lead,
            "trump": self.trump,
            "symbol": self.symbol,
            "spicy": _card_json(self.spicy),
            "leader_card": _card_json(self.leader_card),
            "last": [play.to_json() for play in self.last],
            "last_winner": self.last_winner,
            "missing": self.missing,
        }
        if self.running is not None:
            out["running"] = list(self.running)
            out["points"] = list(self.points)
            out["taken"] = list(self.taken)
            out["tricks"] = list(self.tricks)
        return out

    @classmethod
    def from_json(cls, fields: Fields, seats: int) -> TrickView:
        tallied = fields.has("running")
        return cls(
            round=fields.whole("round"),
            trick=fields.whole("trick"),
            to_play=fields.seat("to_play", seats),
            awaiting=fields.word("awaiting", AWAITING),
            plays=_plays(fields, "plays", seats),
            lead=fields.maybe_text("lead"),
            trump=fields.maybe_text("trump"),
            symbol=fields.maybe_text("symbol"),
            spicy=card_of(fields, "spicy"),
            leader_card=card_of(fields, "leader_card"),
            last=_plays(fields, "last", seats),
            last_winner=fields.seat("last_winner", seats),
            missing=fields.seat("missing", seats),
            running=fields.tally("running", seats) if tallied else None,
            points=fields.tally("points", seats) if tallied else (),
            taken=fields.tally("taken", seats, empty=True) if tallied else (),
            tricks=fields.tally("tricks", seats, empty=True) if tallied else (),
        )


@dataclass(frozen=True)
class Meld:
    """A rummy set: its first card, its state, and what an open one lacks."""

    base: Face
    state: str
    lack: str | None
    missing: int
    wild: str | None

    def to_json(self) -> JSON:
        return {
            "base": card_json(self.base),
            "state": self.state,
            "lack": self.lack,
            "missing": self.missing,
            "wild": self.wild,
        }

    @classmethod
    def from_json(cls, fields: Fields) -> Meld:
        base = card_of(fields, "base")
        if base is None:
            raise ViewError(f"{fields.at('base')}: a set with no card")
        lack = None if fields.value("lack") is None else fields.word("lack", LACKS)
        return cls(
            base,
            fields.word("state", STATES),
            lack,
            fields.integer("missing"),
            fields.maybe_text("wild"),
        )


@dataclass(frozen=True)
class RummySeat:
    """A seat's sets on the table and its tallies of sets complete and closed."""

    sets: tuple[Meld, ...]
    complete: int
    closed: int

    def to_json(self) -> JSON:
        sets: list[JSON] = [meld.to_json() for meld in self.sets]
        return {"sets": sets, "complete": self.complete, "closed": self.closed}

    @classmethod
    def from_json(cls, fields: Fields) -> RummySeat:
        sets = tuple(Meld.from_json(meld) for meld in fields.objects("sets"))
        return cls(sets, fields.whole("complete"), fields.whole("closed"))


@dataclass(frozen=True)
class RummyView:
    """Where a rummy round stands: the seat laying cards (``turn``), whether hands are
    being counted, every seat's sets."""

    KEY: ClassVar[str] = "rummy"
    round: int
    turn: int | None
    counting: bool
    seats: tuple[RummySeat, ...]

    def to_json(self) -> JSONObject:
        return {
            "round": self.round,
            "turn": self.turn,
            "counting": self.counting,
            "seats": [seat.to_json() for seat in self.seats],
        }

    @classmethod
    def from_json(cls, fields: Fields, seats: int) -> RummyView:
        rows = tuple(RummySeat.from_json(seat) for seat in fields.objects("seats"))
        if len(rows) != seats:  # the page draws each seat's sets by its seat
            raise ViewError(f"{fields.at('seats')}: {len(rows)} seats for {seats} players")
        return cls(fields.whole("round"), fields.seat("turn", seats), fields.flag("counting"), rows)


@dataclass(frozen=True)
class HexView:
    """The hex turn: the side to move (its seat), its allowance and what is left of it
    (H2, H5), the move card, the winner's seat; the board and the moves last made where
    the table sees them (the camera's and the typed moves' modes: the button referee
    never sees the board, and its JSON has neither field)."""

    KEY: ClassVar[str] = "hex"
    to_play: int | None
    turn: int
    allowed: int
    left: int
    reduction: int
    card: int | None
    winner: int | None
    awaiting: str
    board: Position | None = None
    moved: tuple[Move, ...] = ()
    put_back: bool = False

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "to_play": self.to_play,
            "turn": self.turn,
            "allowed": self.allowed,
            "left": self.left,
            "reduction": self.reduction,
            "card": self.card,
            "winner": self.winner,
            "awaiting": self.awaiting,
        }
        if self.board is not None:
            out["board"] = self.board.board()
            out["moved"] = [str(move) for move in self.moved]
        if self.put_back:
            out["put_back"] = True
        return out

    @classmethod
    def from_json(cls, fields: Fields, seats: int) -> HexView:
        return cls(
            to_play=fields.seat("to_play", seats),
            turn=fields.whole("turn"),
            allowed=fields.whole("allowed"),
            left=fields.whole("left"),
            reduction=fields.whole("reduction"),
            card=fields.maybe_whole("card"),
            winner=fields.seat("winner", seats),
            awaiting=fields.word("awaiting", AWAITING),
            board=_board(fields) if fields.has("board") else None,
            moved=_moves(fields) if fields.has("moved") else (),
            put_back=fields.flag("put_back") if fields.has("put_back") else False,
        )


def _board(fields: Fields) -> Position:
    """The board's H1 diagram, read; a ViewError naming the field otherwise."""
    try:
        return Position.parse(fields.text("board"))
    except HexNotationError as exc:
        raise ViewError(f"{fields.at('board')}: {exc}") from None


def _moves(fields: Fields) -> tuple[Move, ...]:
    """The moves last made: those of one turn, at most six (H2's full allowance, H5's
    highest move card)."""
    items = fields.items("moved")
    if len(items) > FULL_ALLOWANCE:
        raise ViewError(
            f"{fields.at('moved')}: {len(items)} moves, a turn makes {FULL_ALLOWANCE} at most"
        )
    return tuple(_move(fields, value, index) for index, value in enumerate(items))


def _move(fields: Fields, value: JSON, index: int) -> Move:
    try:
        if not isinstance(value, str):
            raise HexNotationError(f"{kind(value)}, not a move")
        return Move.parse(value)
    except HexNotationError as exc:
        raise ViewError(f"{fields.at('moved')}[{index}]: {exc}") from None


#: A game's section of the view, by its key.
Section = TrickView | RummyView | HexView
SECTIONS: dict[str, type[TrickView] | type[RummyView] | type[HexView]] = {
    kind.KEY: kind for kind in (TrickView, RummyView, HexView)
}
