"""Trump game records (DESIGN.md "Game records"): write one, read and referee one.

    {"game": "trump", "players": ["Ana", "Ben", "Cy"], "variants": [],
     "rounds": [{"trump": "R1", "symbol": "G7", "leader": 2,
                 "tricks": [["R3", "R5", "B1"], ["G2", "G9", "R10"]]}]}

A record holds no hands, so it is replayed with hands unseen: any unseen card is
a legal play and a proven revoke is a flag (T4), not an error. Every fault becomes
a :class:`RecordError` naming the place ("round 2, trick 5, play 3"), the fault and
the rule; a fault of the file's shape has the rule ``"record"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.errors import IllegalActionError, NotationError, RecordError
from companion.games.trump.actions import Action, Deal, Play
from companion.games.trump.cards import Card, parse_card
from companion.games.trump.deal import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from companion.games.trump.round import Round
    from companion.games.trump.state import TrumpState

S = TypeVar("S", bound="TrumpState")


def write_record(state: TrumpState) -> dict[str, Any]:
    """The record of the game so far; a round under way ends in its last plays."""
    return {
        "game": "trump",
        "players": list(state.players),
        "variants": sorted(state.variants),
        "rounds": [_write_round(r) for r in state.rounds],
    }


def _write_round(rnd: Round) -> dict[str, Any]:
    out: dict[str, Any] = {"trump": str(rnd.deal.trump), "symbol": str(rnd.deal.symbol)}
    # T3: required in the first round; later ones repeat it only if it was given.
    if rnd.number == 1 or rnd.deal.leader is not None:
        out["leader"] = rnd.leader
    out["tricks"] = [[str(card) for card in trick] for trick in rnd.tricks]
    return out


def read_record(cls: type[S], record: object) -> S:
    """Replay ``record`` with hands unseen; raise :class:`RecordError` on any fault."""
    if not isinstance(record, Mapping):
        raise RecordError("", f"a record is a JSON object, not {type(record).__name__}", "record")
    if record.get("game") != "trump":
        raise RecordError("game", f"{record.get('game')!r} is not a trump record", "record")
    players = _list(record, "players", "")
    if not all(isinstance(name, str) for name in players):
        raise RecordError("players", "player names must be text", "record")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError("players", f"{len(players)} players; the game is for 2-4", "T2")
    variants = record.get("variants", [])
    if not isinstance(variants, list) or variants:
        raise RecordError("variants", f"unknown variants {variants!r}: trump has none", "record")
    state = cls(players)
    rounds = _list(record, "rounds", "")
    for number, rnd in enumerate(rounds, start=1):
        _read_round(state, rnd, f"round {number}", last=number == len(rounds))
    return state


def _read_round(state: TrumpState, rnd: object, where: str, *, last: bool) -> None:
    if not isinstance(rnd, Mapping):
        raise RecordError(where, "a round is an object with trump, symbol, tricks", "record")
    trump = _card(rnd.get("trump"), f"{where}, trump indicator")
    symbol = _card(rnd.get("symbol"), f"{where}, symbol indicator")
    leader = rnd.get("leader")
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)):
        raise RecordError(where, f"leader {leader!r} is not a seat number", "record")
    tricks = _list(rnd, "tricks", where)
    _apply(state, Deal(trump, symbol, None, leader), where)
    players = len(state.players)
    if len(tricks) < state.tricks and not last:
        raise RecordError(
            where,
            f"{len(tricks)} tricks, but with {players} players a round is "
            f"{state.tricks} and another round follows",
            "T2",
        )
    for number, trick in enumerate(tricks, start=1):
        place = f"{where}, trick {number}"
        if number > state.tricks:
            raise RecordError(
                place,
                f"a trick after the round ended: with {players} players a round "
                f"is {state.tricks} tricks",
                "T2",
            )
        if not isinstance(trick, list):
            raise RecordError(place, "a trick is a list of cards", "record")
        unfinished = last and number == len(tricks)
        if not trick or len(trick) > players or (len(trick) < players and not unfinished):
            raise RecordError(
                place, f"{len(trick)} plays; with {players} players a trick has {players}", "T4"
            )
        for play, text in enumerate(trick, start=1):
            where_play = f"{place}, play {play}"
            _apply(state, Play(_card(text, where_play)), where_play)


def _list(mapping: Mapping[Any, Any], key: str, where: str) -> list[Any]:
    value = mapping.get(key)
    if not isinstance(value, list):
        found = "missing" if value is None else f"a {type(value).__name__}, not a list"
        raise RecordError(where or key, f'"{key}" is {found}', "record")
    return value


def _card(text: object, where: str) -> Card:
    try:
        return parse_card(text)
    except NotationError as exc:
        # The notation's message already ends in its rule; RecordError adds it back.
        raise RecordError(where, str(exc).removesuffix(" (T1)"), "T1") from None


def _apply(state: TrumpState, action: Action, where: str) -> None:
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise RecordError(where, exc.reason, exc.rule) from None
