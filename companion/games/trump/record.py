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
from typing import TYPE_CHECKING, TypeVar

from companion.games.errors import IllegalActionError, NotationError, Place, RecordError
from companion.games.json_types import JSON, JSONObject
from companion.games.trump.actions import Action, Deal, Play
from companion.games.trump.cards import Card, parse_card
from companion.games.trump.deal import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from companion.games.trump.round import Round
    from companion.games.trump.state import TrumpState

S = TypeVar("S", bound="TrumpState")

PLAYERS = Place.of("players")


def write_record(state: TrumpState) -> JSONObject:
    """The record of the game so far; a round under way ends in its last plays."""
    return {
        "game": "trump",
        "players": list(state.players),
        "variants": list(sorted(state.variants)),
        "rounds": [_write_round(r) for r in state.rounds],
    }


def _write_round(rnd: Round) -> JSONObject:
    out: JSONObject = {"trump": str(rnd.deal.trump), "symbol": str(rnd.deal.symbol)}
    # T3: required in the first round; later ones repeat it only if it was given.
    if rnd.number == 1 or rnd.deal.leader is not None:
        out["leader"] = rnd.leader
    out["tricks"] = [[str(card) for card in trick] for trick in rnd.tricks]
    return out


def read_record(cls: type[S], record: object) -> S:
    """Replay ``record`` with hands unseen; raise :class:`RecordError` on any fault."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}", "record")
    if record.get("game") != "trump":
        raise RecordError(
            f"{record.get('game')!r} is not a trump record", "record", where=Place.of("game")
        )
    listed = _list(record, "players", None)
    players = [name for name in listed if isinstance(name, str)]
    if len(players) != len(listed):
        raise RecordError("player names must be text", "record", where=PLAYERS)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(f"{len(players)} players; the game is for 2-4", "T2", where=PLAYERS)
    variants = record.get("variants", [])
    if not isinstance(variants, list) or variants:
        raise RecordError(
            f"unknown variants {variants!r}: trump has none", "record", where=Place.of("variants")
        )
    state = cls(players)
    rounds = _list(record, "rounds", None)
    for number, rnd in enumerate(rounds, start=1):
        _read_round(state, rnd, Place.of("round", number), last=number == len(rounds))
    return state


def _read_round(state: TrumpState, rnd: object, where: Place, *, last: bool) -> None:
    if not isinstance(rnd, Mapping):
        raise RecordError("a round is an object with trump, symbol, tricks", "record", where=where)
    trump = _card(rnd.get("trump"), where.then("trump indicator"))
    symbol = _card(rnd.get("symbol"), where.then("symbol indicator"))
    leader = rnd.get("leader")
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)):
        raise RecordError(f"leader {leader!r} is not a seat number", "record", where=where)
    tricks = _list(rnd, "tricks", where)
    _apply(state, Deal(trump, symbol, None, leader), where)
    players = len(state.players)
    if len(tricks) < state.tricks and not last:
        raise RecordError(
            f"{len(tricks)} tricks, but with {players} players a round is "
            f"{state.tricks} and another round follows",
            "T2",
            where=where,
        )
    for number, trick in enumerate(tricks, start=1):
        place = where.then("trick", number)
        if number > state.tricks:
            raise RecordError(
                f"a trick after the round ended: with {players} players a round "
                f"is {state.tricks} tricks",
                "T2",
                where=place,
            )
        if not isinstance(trick, list):
            raise RecordError("a trick is a list of cards", "record", where=place)
        unfinished = last and number == len(tricks)
        if not trick or len(trick) > players or (len(trick) < players and not unfinished):
            raise RecordError(
                f"{len(trick)} plays; with {players} players a trick has {players}",
                "T4",
                where=place,
            )
        for play, text in enumerate(trick, start=1):
            where_play = place.then("play", play)
            _apply(state, Play(_card(text, where_play)), where_play)


def _list(mapping: Mapping[str, JSON], key: str, where: Place | None) -> list[JSON]:
    value = mapping.get(key)
    if not isinstance(value, list):
        found = "missing" if value is None else f"a {type(value).__name__}, not a list"
        raise RecordError(f'"{key}" is {found}', "record", where=where or Place.of(key))
    return value


def _card(text: object, where: Place) -> Card:
    try:
        return parse_card(text)
    except NotationError as exc:
        raise RecordError(exc.what, "T1", where=where) from None


def _apply(state: TrumpState, action: Action, where: Place) -> None:
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise RecordError(exc.what, exc.rule, where=where) from None
