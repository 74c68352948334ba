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
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.base import check_variants
from companion.games.errors import IllegalActionError, RecordError, UnknownVariantError
from companion.games.rummy.actions import RoundEnd
from companion.games.rummy.cards import Card
from companion.games.rummy.deck import Deck
from companion.games.rummy.errors import RummyActionError, UnknownCardError
from companion.games.rummy.notation import parse_card
from companion.games.rummy.table import SeatTable

if TYPE_CHECKING:
    from companion.games.rummy.state import RummyState

S = TypeVar("S", bound="RummyState")

MIN_PLAYERS = 1
MAX_PLAYERS = 4
_KINDS = {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number"}


def write_record(state: RummyState) -> dict[str, Any]:
    """The record of the rounds played so far (a round under way is not written)."""
    return {
        "game": state.name,
        "players": list(state.players),
        "variants": list(state.variants),
        "rounds": [result.to_json() for result in state.results],
    }


def _kind(value: object) -> str:
    return "null" if value is None else _KINDS.get(type(value), type(value).__name__)


def _list(mapping: Mapping[str, Any], key: str, where: str) -> list[Any]:
    if key not in mapping:
        raise RecordError(where or key, f'"{key}" is missing', "record")
    value = mapping[key]
    if not isinstance(value, list):
        raise RecordError(where or key, f'"{key}" is {_kind(value)}, not a list', "record")
    return value


def read_record(cls: type[S], record: object) -> S:
    """Replay ``record`` round by round; raise :class:`RecordError` on any fault."""
    if not isinstance(record, Mapping):
        raise RecordError("", f"a record is a JSON object, not {_kind(record)}", "record")
    if record.get("game") != cls.name:
        raise RecordError("game", f"not a {cls.name} record: {record.get('game')!r}", "record")
    players = _list(record, "players", "")
    if not all(isinstance(name, str) for name in players):
        raise RecordError("players", "player names are text", "record")
    variants = _list(record, "variants", "") if "variants" in record else []
    if not all(isinstance(name, str) for name in variants):
        raise RecordError("variants", "variant names are text", "record")
    rounds = _list(record, "rounds", "")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError("players", f"{len(players)} players; the game is for 1-4", "R4")
    try:
        check_variants(cls.name, variants, cls.known_variants)
    except UnknownVariantError as exc:
        raise RecordError("variants", str(exc), "record") from None
    state = cls(players, variants, rounds=None)
    for number, data in enumerate(rounds, start=1):
        where = f"round {number}"
        end = _round_end(data, where, len(players), cls.deck)
        try:
            state.apply(end)
        except RummyActionError as exc:
            raise RecordError(exc.where or where, exc.what, exc.rule) from None
        except IllegalActionError as exc:
            raise RecordError(where, exc.reason, exc.rule) from None
    return state


def _round_end(data: object, where: str, players: int, deck: Deck) -> RoundEnd:
    if not isinstance(data, Mapping):
        raise RecordError(
            where, f"a round is an object with out and tables, not {_kind(data)}", "record"
        )
    if "out" not in data:
        raise RecordError(where, '"out" is missing (a seat, or null)', "record")
    out = data["out"]
    if out is not None and (isinstance(out, bool) or not isinstance(out, int)):
        raise RecordError(f"{where}, out", f"{out!r} is not a seat number or null", "record")
    tables = _list(data, "tables", where)
    if len(tables) != players:
        raise RecordError(
            where, f"{len(tables)} tables for {players} players: one table per seat", "record"
        )
    return RoundEnd(
        out,
        tuple(_table(table, f"{where}, seat {seat}", deck) for seat, table in enumerate(tables)),
    )


def _table(data: object, where: str, deck: Deck) -> SeatTable:
    if not isinstance(data, Mapping):
        raise RecordError(
            where, f"a table is an object with closed, open, hand, not {_kind(data)}", "record"
        )
    groups: dict[str, tuple[tuple[Card, ...], ...]] = {}
    for key in ("closed", "open"):
        sets = _list(data, key, where)
        parsed = []
        for number, cards in enumerate(sets, start=1):
            place = f"{where}, {key} set {number}"
            if not isinstance(cards, list):
                raise RecordError(place, f"a set is a list of cards, not {_kind(cards)}", "record")
            parsed.append(_cards(cards, place, deck))
        groups[key] = tuple(parsed)
    hand = _cards(_list(data, "hand", where), f"{where}, hand", deck)
    return SeatTable(groups["closed"], groups["open"], hand)


def _cards(texts: list[Any], where: str, deck: Deck) -> tuple[Card, ...]:
    cards = []
    for number, text in enumerate(texts, start=1):
        if not isinstance(text, str):
            raise RecordError(
                f"{where}, card {number}", f"a card is written as text, not {_kind(text)}", "record"
            )
        try:
            cards.append(parse_card(text, deck))
        except UnknownCardError as exc:
            raise RecordError(f"{where}, card {number}", exc.what, exc.rule) from None
    return tuple(cards)
