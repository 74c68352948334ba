"""The table view: where a game stands, as language-free JSON for the players' phones.

The phone page (issue 15) is served by the table itself at home
(:mod:`companion.daemon.phone`) and by the cafe's server from the table's retained
``state`` (:mod:`companion.cafe.live`). Both draw the same object, built once here
from a flow's facts (:mod:`companion.flows.status`) and its report: seats are
numbers, cards are objects a page names as printed (``{"face": "R13", "kind": "red",
"number": 13}`` is "Red 13"; the serial is dropped, zones and rule ids never
appear), what the table waits for is the :class:`~companion.flows.status.Awaiting`
value. The words are the page's (its own catalogue, in the table's language).

    >>> card("R13#2", "fibonachos")
    {'face': 'R13', 'kind': 'red', 'number': 13}
    >>> card("W=8#1", "rummy21"), card("21", "rummy21")["kind"]
    ({'face': 'W=8', 'kind': 'wild', 'number': 8}, 'top')
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

from companion.flows.base import GameFlow
from companion.flows.status import (
    HexStatus,
    MeldSet,
    Played,
    RummyStatus,
    Scores,
    SetState,
    TrickStatus,
)
from companion.games import GameReport, HexRefereeReport, HexReport
from companion.games.registry import get_game
from companion.games.report import CardGameReport, FibonachosRound, TrumpRound
from companion.games.rummy.deck import DECKS

#: The view's version: a page reads the fields it knows and ignores the others.
VERSION = 1
#: Notation letters to the kind a face prints, per deck (F1, T1, R1, H5).
FIBONACHOS = {"R": "red", "G": "green", "Y": "yellow", "S": "spicy"}
TRUMP = {"R": "red", "G": "green", "B": "blue", "Y": "yellow", "P": "purple"}
_NOTATION = re.compile(r"([A-Z]?)([0-9]*)(?:=([0-9]+))?")
#: Deck 8's top cards are the serials 1-4 of its ``8`` (docs/notation.md).
_TOP_COPIES = 4


def link_digest(token: str) -> str:
    """What travels of a players' link token (the cafe's ``state``, its server): its
    SHA-256, hex. The token itself stays in the link on the phones."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def card(notation: str, deck: str) -> dict[str, Any]:
    """A card as its face prints it: its kind (a colour, ``spicy``, ``base``, ``top``,
    ``standard``, ``wild``, ``bonus``, ``move``) and big number; ``kind`` None for a
    notation the deck does not know (a page shows ``face`` then)."""
    face, _, serial = notation.partition("#")
    match = _NOTATION.fullmatch(face)
    kind: str | None = None
    number: int | None = None
    if match is not None:
        letter, digits, declared = match.groups()
        number = int(digits) if digits else None
        if deck == "fibonachos":
            kind = FIBONACHOS.get(letter)
        elif deck == "trump":
            kind = TRUMP.get(letter)
        elif deck in ("hex", "hex-referee"):
            kind = "move" if letter == "M" else None
        elif deck in DECKS:
            kind, number = _rummy(letter, number, declared, deck, serial)
        if kind is None or (number is None and kind not in ("wild", "bonus")):
            kind, number = None, None
    return {"face": face, "kind": kind, "number": number}


def _rummy(
    letter: str, number: int | None, declared: str | None, deck: str, serial: str
) -> tuple[str | None, int | None]:
    if letter == "W":
        return "wild", int(declared) if declared else None
    if letter == "X":
        return "bonus", None
    if letter == "B":
        return "base", number
    if letter or number is None:
        return None, None
    copy = int(serial) if serial.isdigit() else 0
    top = number == DECKS[deck].target and not (deck == "rummy8" and copy > _TOP_COPIES)
    return ("top" if top else "standard"), number


def _plays(plays: Sequence[Played], deck: str) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "card": card(p.card, deck)} for p in plays]


def _colour(value: Any) -> str | None:
    """A suit or colour led, the trump colour, or a symbol, by its lowercase name."""
    if value is None:
        return None
    title = getattr(value, "title", None)
    return str(title).lower() if title is not None else str(value.name).lower()


def _trick(status: TrickStatus) -> dict[str, Any]:
    deck = status.game
    out: dict[str, Any] = {
        "round": status.round,
        "trick": status.trick,
        "to_play": status.to_play,
        "awaiting": status.awaiting.value,
        "plays": _plays(status.plays, deck),
        "lead": _colour(status.lead),
        "trump": _colour(status.trump),
        "symbol": None if status.symbol is None else status.symbol.name.lower(),
        "spicy": None if status.spicy is None else card(status.spicy, deck),
        "leader_card": None if status.leader_card is None else card(status.leader_card, deck),
        "last": _plays(status.last, deck),
        "last_winner": status.last_winner,
        "missing": None if status.missing is None else status.missing.seat,
    }
    if status.totals:
        points = status.points or (0,) * len(status.totals)
        out["running"] = [t + p for t, p in zip(status.totals, points, strict=True)]
        out["points"] = list(points)
        out["taken"] = list(status.taken)
        out["tricks"] = list(status.tricks)
    return out


def _meld(meld: MeldSet, deck: str) -> dict[str, Any]:
    """A set: its first card, its state, and what it lacks (never the engine's rule)."""
    return {
        "base": card(meld.base, deck),
        "state": meld.state.value,
        "lack": meld.lack.value if meld.state is SetState.OPEN else None,
        "missing": meld.missing,
        "wild": meld.wild,
    }


def _rummy_seats(flow: GameFlow, status: RummyStatus) -> list[dict[str, Any]]:
    """Every seat's sets (the OLED pages through them; a phone shows them all)."""
    sets = getattr(flow, "sets", None)
    closed = getattr(flow, "closed", None)
    seats = []
    for seat in range(len(status.complete) or 1):
        lines: list[MeldSet] = []
        if closed is not None and sets is not None:
            lines += [MeldSet(str(cards[0]), SetState.CLOSED) for cards in closed[seat]]
            lines += [line for _, line in sets(seat)]
        elif seat == status.seat:
            lines = list(status.sets)
        seats.append(
            {
                "sets": [_meld(m, status.game) for m in lines],
                "complete": status.complete[seat] if status.complete else 0,
                "closed": status.closed[seat] if status.closed else 0,
            }
        )
    return seats


def _hex(status: HexStatus) -> dict[str, Any]:
    return {
        "to_play": status.side.seat,
        "turn": status.turn,
        "allowed": status.allowed,
        "left": status.left,
        "reduction": status.reduction,
        "card": status.card,
        "winner": None if status.winner is None else status.winner.seat,
        "awaiting": status.awaiting.value,
    }


def _report(report: GameReport) -> dict[str, Any]:
    """The rounds done (points per seat; Fibonachos' spicy taken, Trump's symbols), the
    totals and the winners."""
    if isinstance(report, HexReport | HexRefereeReport):
        winner = report.winner
        return {"rounds": [], "totals": None, "winners": [] if winner is None else [winner.seat]}
    assert isinstance(report, CardGameReport)
    out: dict[str, Any] = {
        "rounds": [list(r.points) for r in report.rounds],
        "totals": list(report.totals),
        "winners": list(report.winners),
        "complete": report.complete,
    }
    if report.rounds and all(isinstance(r, FibonachosRound) for r in report.rounds):
        out["spicy"] = [list(r.spicy) for r in report.rounds if isinstance(r, FibonachosRound)]
    if report.rounds and all(isinstance(r, TrumpRound) for r in report.rounds):
        out["symbols"] = [list(r.symbols) for r in report.rounds if isinstance(r, TrumpRound)]
    return out


def table_view(
    flow: GameFlow,
    players: Sequence[str],
    *,
    game_id: int | None,
    ended: str | None = None,
) -> dict[str, Any]:
    """The table view of ``flow`` for ``players`` (names by seat, "" for unnamed).

    ``ended`` is why the game ended (the journal's reason: ``over``, ``staff``...), None
    while it is in play.
    """
    status = flow.status()
    view: dict[str, Any] = {
        "v": VERSION,
        "id": game_id,
        "game": flow.game,
        "label": get_game(flow.game).label,
        "players": list(players),
        "over": flow.is_over() or ended is not None,
        "ended": ended,
        **_report(flow.report()),
    }
    if isinstance(status, TrickStatus):
        view["trick"] = _trick(status)
        view["round"], view["to_play"] = status.round, status.to_play
    elif isinstance(status, RummyStatus):
        view["rummy"] = {
            "round": status.round,
            "turn": status.turn,
            "counting": status.counting,
            "seats": _rummy_seats(flow, status),
        }
        view["round"], view["to_play"] = status.round, status.turn
    elif isinstance(status, HexStatus):
        view["hex"] = _hex(status)
        view["round"], view["to_play"] = None, status.side.seat
    elif isinstance(status, Scores):
        view["round"], view["to_play"] = status.round, None
    if ended is not None:
        view["to_play"] = None
    return view


def waiting_view(game: str | None, players: Sequence[str]) -> dict[str, Any]:
    """The table view before a game starts: the page the attract screen's code opens
    (issue 15). ``game`` is the one being set up (None: none chosen yet) and ``players``
    its names so far ("" unnamed; no seat at all before a game is chosen): a phone may
    type names there, the table asks to confirm them, and the game started takes them
    and the same link."""
    return {
        "v": VERSION,
        "id": None,
        "game": game,
        "label": get_game(game).label if game else "",
        "players": list(players),
        "waiting": True,
        "over": False,
        "ended": None,
        "rounds": [],
        "totals": None,
        "winners": [],
        "round": None,
        "to_play": None,
    }
