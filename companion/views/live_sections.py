"""Each kind of game's part of the table view (:mod:`companion.views.live`): language-free
facts for the players' phones (:mod:`companion.views.live_types`), built from a flow's
facts (:mod:`companion.flows.status`).

Seats are numbers; cards are objects a page names as printed, read by the game's own
face reader (:func:`card`: ``{"face": "R13", "kind": "red", "number": 13}`` is "Red
13"; the serial is dropped, zones and rule ids never appear); what the table waits
for is the :class:`~companion.flows.status.Awaiting` value. Which game uses which
section is :mod:`companion.views.plugins`'s.

    >>> card("R13#2", "fibonachos")
    {'face': 'R13', 'kind': 'red', 'number': 13}
    >>> card("W=8#1", "rummy21"), card("21", "rummy21")["kind"]
    ({'face': 'W=8', 'kind': 'wild', 'number': 8}, 'top')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.flows.base import GameFlow
from companion.flows.status import (
    HexStatus,
    MeldSet,
    Played,
    RummyStatus,
    SetState,
    TrickStatus,
)
from companion.games import GameReport, HexReport
from companion.games.faces import Face
from companion.games.fibonachos.cards import Suit
from companion.games.json_types import JSONObject
from companion.games.registry import card_face
from companion.games.report import CardGameReport, FibonachosRound, TrumpRound
from companion.games.trump.cards import Colour
from companion.views.live_types import Outcome
from companion.views.section_types import (
    HexView,
    Meld,
    Play,
    RummySeat,
    RummyView,
    TrickView,
    card_json,
)


def card(notation: str, deck: str) -> JSONObject:
    """A card as its face prints it, as JSON: its kind (a colour, ``spicy``, ``base``,
    ``top``, ``standard``, ``wild``, ``bonus``, ``move``) and big number; ``kind`` None
    for a notation the deck does not know (a page shows ``face`` then)."""
    return card_json(card_face(notation, deck))


def _face(notation: str | None, deck: str) -> Face | None:
    return None if notation is None else card_face(notation, deck)


def _plays(plays: Sequence[Played], deck: str) -> tuple[Play, ...]:
    return tuple(Play(p.seat, card_face(p.card, deck)) for p in plays)


def _colour(value: Suit | Colour | None) -> str | None:
    """A suit or colour led, or the trump colour, by its lowercase name (F1, T1)."""
    return None if value is None else value.title.lower()


def trick_section(flow: GameFlow, status: TrickStatus) -> TrickView:
    """The trick on the table, the last one, and the running tally of the round."""
    deck = status.game
    view = TrickView(
        round=status.round,
        trick=status.trick,
        to_play=status.to_play,
        awaiting=status.awaiting.value,
        plays=_plays(status.plays, deck),
        lead=_colour(status.lead),
        trump=_colour(status.trump),
        symbol=None if status.symbol is None else status.symbol.name.lower(),
        spicy=_face(status.spicy, deck),
        leader_card=_face(status.leader_card, deck),
        last=_plays(status.last, deck),
        last_winner=status.last_winner,
        missing=None if status.missing is None else status.missing.seat,
    )
    if not status.totals:
        return view
    points = status.points or (0,) * len(status.totals)
    return replace(
        view,
        running=tuple(t + p for t, p in zip(status.totals, points, strict=True)),
        points=tuple(points),
        taken=tuple(status.taken),
        tricks=tuple(status.tricks),
    )


def _meld(meld: MeldSet, deck: str) -> Meld:
    """A set: its first card, its state, and what it lacks (never the engine's rule)."""
    return Meld(
        base=card_face(meld.base, deck),
        state=meld.state.value,
        lack=meld.lack.value if meld.state is SetState.OPEN else None,
        missing=meld.missing,
        wild=meld.wild,
    )


def _rummy_seats(flow: GameFlow, status: RummyStatus) -> tuple[RummySeat, ...]:
    """Every seat's sets (the OLED pages through them; a phone shows them all)."""
    sets = getattr(flow, "sets", None)
    closed = getattr(flow, "closed", None)
    seats: list[RummySeat] = []
    for seat in range(len(status.complete) or 1):
        lines: list[MeldSet] = []
        if closed is not None and sets is not None:
            lines += [MeldSet(str(cards[0]), SetState.CLOSED) for cards in closed[seat]]
            lines += [line for _, line in sets(seat)]
        elif seat == status.seat:
            lines = list(status.sets)
        seats.append(
            RummySeat(
                sets=tuple(_meld(m, status.game) for m in lines),
                complete=status.complete[seat] if status.complete else 0,
                closed=status.closed[seat] if status.closed else 0,
            )
        )
    return tuple(seats)


def rummy_section(flow: GameFlow, status: RummyStatus) -> RummyView:
    """Where a rummy round stands: every seat's sets and tallies."""
    return RummyView(
        round=status.round,
        turn=status.turn,
        counting=status.counting,
        seats=_rummy_seats(flow, status),
    )


def hex_section(flow: GameFlow, status: HexStatus) -> HexView:
    """The hex turn: the side to move, its allowance and what it has left (H2, H5)."""
    return HexView(
        to_play=status.side.seat,
        turn=status.turn,
        allowed=status.allowed,
        left=status.left,
        reduction=status.reduction,
        card=status.card,
        winner=None if status.winner is None else status.winner.seat,
        awaiting=status.awaiting.value,
        board=status.board,
        moved=status.moved,
        put_back=status.put_back,
    )


def standing(report: GameReport) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
    """The totals (None for a hex game, which counts no points) and the winners' seats."""
    if isinstance(report, HexReport):
        return None, () if report.winner is None else (report.winner.seat,)
    if isinstance(report, CardGameReport):
        return tuple(report.totals), tuple(report.winners)
    raise TypeError(f"{report.game}: no outcome for a report of {type(report).__name__}")


def hex_outcome(report: GameReport) -> Outcome:
    """A hex game counts no points: its winner, once there is one."""
    winners = standing(report)[1] if isinstance(report, HexReport) else ()
    return Outcome(winners=winners)


def card_outcome(report: GameReport) -> Outcome:
    """The rounds done (points per seat; Fibonachos' spicy taken, Trump's symbols), the
    totals and the winners."""
    if not isinstance(report, CardGameReport):
        raise TypeError(f"{report.game}: a card game's outcome needs a card game's report")
    totals, winners = standing(report)
    rounds = report.rounds
    spicy = [tuple(r.spicy) for r in rounds if isinstance(r, FibonachosRound)]
    symbols = [tuple(r.symbols) for r in rounds if isinstance(r, TrumpRound)]
    return Outcome(
        rounds=tuple(tuple(r.points) for r in rounds),
        totals=totals,
        winners=winners,
        complete=report.complete,
        spicy=tuple(spicy) if rounds and len(spicy) == len(rounds) else None,
        symbols=tuple(symbols) if rounds and len(symbols) == len(rounds) else None,
    )
