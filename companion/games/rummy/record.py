"""Rummy game records (DESIGN.md "Game records"): write one, read and referee one.

    {"game": "rummy21", "players": ["Ana", "Ben"], "variants": [],
     "rounds": [{"out": 1, "tables": [{"closed": [["21"]], "open": [["B5", "8"]],
                                       "hand": ["W", "X", "2"]}, ...]}]}

A record holds only the end of each round, so each round is replayed as one
:class:`~companion.games.rummy.actions.RoundEnd` and refereed as such (roundend.py).
Every fault becomes a :class:`RecordError` naming the place ("round 2, seat 1,
closed set 3, card 2"), the fault and the rule; a fault of the file's shape (not an
object, a missing key, a wrong type) has the rule ``"record"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

from companion.games.base import check_variants
from companion.games.errors import IllegalActionError, Place, RecordError, UnknownVariantError
from companion.games.json_types import JSON, JSONObject
from companion.games.rummy.actions import RoundEnd
from companion.games.rummy.cards import Card
from companion.games.rummy.deck import Deck
from companion.games.rummy.errors import UnknownCardError
from companion.games.rummy.notation import parse_card
from companion.games.rummy.table import SeatTable

if TYPE_CHECKING:
    from companion.games.rummy.state import RummyState

S = TypeVar("S", bound="RummyState")

MIN_PLAYERS = 1
MAX_PLAYERS = 4
_KINDS = {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number"}
PLAYERS = Place.of("players")
VARIANTS = Place.of("variants")


def write_record(state: RummyState) -> JSONObject:
    """The record of the rounds played so far (a round under way is not written)."""
    return {
        "game": state.name,
        "players": list(state.players),
        "variants": list(state.variants),
        "rounds": [result.to_json() for result in state.results],
    }


def _kind(value: object) -> str:
    return "null" if value is None else _KINDS.get(type(value), type(value).__name__)


def _list(mapping: Mapping[str, JSON], key: str, where: Place | None) -> list[JSON]:
    at = where or Place.of(key)
    if key not in mapping:
        raise RecordError(f'"{key}" is missing', "record", where=at)
    value = mapping[key]
    if not isinstance(value, list):
        raise RecordError(f'"{key}" is {_kind(value)}, not a list', "record", where=at)
    return value


def read_record(cls: type[S], record: object) -> S:
    """Replay ``record`` round by round; raise :class:`RecordError` on any fault."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {_kind(record)}", "record")
    if record.get("game") != cls.name:
        raise RecordError(
            f"not a {cls.name} record: {record.get('game')!r}", "record", where=Place.of("game")
        )
    players = _names(_list(record, "players", None), "player names are text", PLAYERS)
    listed = _list(record, "variants", None) if "variants" in record else []
    variants = _names(listed, "variant names are text", VARIANTS)
    rounds = _list(record, "rounds", None)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(f"{len(players)} players; the game is for 1-4", "R4", where=PLAYERS)
    try:
        check_variants(cls.name, variants, cls.known_variants)
    except UnknownVariantError as exc:
        raise RecordError(exc.what, "record", where=VARIANTS) from None
    state = cls(players, variants, rounds=None)
    for number, data in enumerate(rounds, start=1):
        where = Place.of("round", number)
        end = _round_end(data, where, len(players), cls.deck)
        try:
            state.apply(end)
        except IllegalActionError as exc:
            raise RecordError(exc.what, exc.rule, where=exc.where or where) from None
    return state


def _names(values: list[JSON], fault: str, where: Place) -> list[str]:
    names = [name for name in values if isinstance(name, str)]
    if len(names) != len(values):
        raise RecordError(fault, "record", where=where)
    return names


def _round_end(data: object, where: Place, players: int, deck: Deck) -> RoundEnd:
    if not isinstance(data, Mapping):
        raise RecordError(
            f"a round is an object with out and tables, not {_kind(data)}", "record", where=where
        )
    if "out" not in data:
        raise RecordError('"out" is missing (a seat, or null)', "record", where=where)
    out = data["out"]
    if out is not None and (isinstance(out, bool) or not isinstance(out, int)):
        raise RecordError(
            f"{out!r} is not a seat number or null", "record", where=where.then("out")
        )
    tables = _list(data, "tables", where)
    if len(tables) != players:
        raise RecordError(
            f"{len(tables)} tables for {players} players: one table per seat", "record", where=where
        )
    return RoundEnd(
        out,
        tuple(_table(table, where.then("seat", seat), deck) for seat, table in enumerate(tables)),
    )


def _table(data: object, where: Place, deck: Deck) -> SeatTable:
    if not isinstance(data, Mapping):
        raise RecordError(
            f"a table is an object with closed, open, hand, not {_kind(data)}",
            "record",
            where=where,
        )
    groups: dict[str, tuple[tuple[Card, ...], ...]] = {}
    for key in ("closed", "open"):
        sets = _list(data, key, where)
        parsed = []
        for number, cards in enumerate(sets, start=1):
            place = where.then(f"{key} set", number)
            if not isinstance(cards, list):
                raise RecordError(
                    f"a set is a list of cards, not {_kind(cards)}", "record", where=place
                )
            parsed.append(_cards(cards, place, deck))
        groups[key] = tuple(parsed)
    hand = _cards(_list(data, "hand", where), where.then("hand"), deck)
    return SeatTable(groups["closed"], groups["open"], hand)


def _cards(texts: list[JSON], where: Place, deck: Deck) -> tuple[Card, ...]:
    cards = []
    for number, text in enumerate(texts, start=1):
        at = where.then("card", number)
        if not isinstance(text, str):
            raise RecordError(f"a card is written as text, not {_kind(text)}", "record", where=at)
        try:
            cards.append(parse_card(text, deck))
        except UnknownCardError as exc:
            raise RecordError(exc.what, exc.rule, where=at) from None
    return tuple(cards)
