"""Fibonachos game records (DESIGN.md "Game records"): write one, read and referee one.

    >>> from companion.games.fibonachos import new_game
    >>> record = {"game": "fibonachos", "players": ["Ana", "Ben", "Cy"], "variants": [],
    ...           "rounds": [{"tricks": [{"spicy": "S3", "plays": ["R13", "G2", "Y16"]}]}]}
    >>> state = new_game(["Ana", "Ben", "Cy"]).from_record(record)
    >>> state.to_record()["rounds"][0]["dealer"]      # written out: seat N-1 dealt
    2

Reading replays the record through the engine with hands unseen, so every rule the
engine checks is checked here, and faults come back as one :class:`RecordError`
naming the place ("round 1, trick 4, play 2"), the fault and the rule id. Nothing
else escapes: a shape fault (not an object, a missing key, a wrong type) has the
rule ``"record"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

from companion.games.base import check_variants
from companion.games.errors import Place, RecordError, UnknownVariantError
from companion.games.fibonachos.actions import Action, Deal, Play, Reveal
from companion.games.fibonachos.cards import Nacho, Spicy
from companion.games.fibonachos.deck import layout
from companion.games.fibonachos.errors import FibonachosActionError, SetupError, UnknownCardError
from companion.games.fibonachos.round import Trick
from companion.games.fibonachos.scoring import VARIANTS
from companion.games.json_types import JSON, JSONObject

if TYPE_CHECKING:
    from companion.games.fibonachos.state import FibonachosState

S = TypeVar("S", bound="FibonachosState")

GAME = "fibonachos"
ROUNDS = 3
_KINDS = {dict: "an object", list: "a list", str: "a string", int: "a number"}
PLAYERS = Place.of("players")
VARIANTS_KEY = Place.of("variants")


def write_record(state: FibonachosState) -> JSONObject:
    """The record of the game so far; every round names its dealer."""
    return {
        "game": GAME,
        "players": list(state.players),
        "variants": list(state.variants),
        "rounds": [
            {"dealer": played.dealer, "tricks": [_trick_json(t) for t in played.tricks]}
            for played in state.rounds
        ],
    }


def _trick_json(trick: Trick) -> JSONObject:
    spicy = None if trick.spicy is None else str(trick.spicy)
    return {"spicy": spicy, "plays": [str(card) for card in trick.cards]}


def read_record(cls: type[S], record: object) -> S:
    """Replay ``record`` with hands unseen; raise :class:`RecordError` on any fault."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {_kind(record)}", "record")
    if record.get("game") != GAME:
        raise RecordError(
            f"not a Fibonachos record: {record.get('game')!r}", "record", where=Place.of("game")
        )
    players = _texts(_list(record, "players", None), "a player's name", PLAYERS)
    try:
        layout(len(players))
    except SetupError as exc:
        raise RecordError(exc.what, exc.rule, where=PLAYERS) from None
    variants = _list(record, "variants", None) if "variants" in record else []
    rounds = _list(record, "rounds", None)
    state = _new_state(cls, players, variants, rounds)
    for number, played in enumerate(rounds, start=1):
        _read_round(state, played, number, last=number == len(rounds))
    return state


def _texts(values: list[JSON], noun: str, where: Place) -> list[str]:
    out = []
    for value in values:
        if not isinstance(value, str):
            raise RecordError(f"{noun} is a string, not {_kind(value)}", "record", where=where)
        out.append(value)
    return out


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return _KINDS.get(type(value), "a number" if isinstance(value, float) else type(value).__name__)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _value(obj: Mapping[str, JSON], key: str, where: Place | None) -> JSON:
    if key not in obj:
        raise RecordError(f'missing "{key}"', "record", where=where)
    return obj[key]


def _list(obj: Mapping[str, JSON], key: str, where: Place | None) -> list[JSON]:
    value = _value(obj, key, where)
    if not isinstance(value, list):
        raise RecordError(f'"{key}" is a list, not {_kind(value)}', "record", where=where)
    return value


def _int(obj: Mapping[str, JSON], key: str, where: Place | None) -> int:
    value = _value(obj, key, where)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f'"{key}" is a number, not {_kind(value)}', "record", where=where)
    return value


def _dealer(played: Mapping[str, JSON], where: Place, players: int) -> int | None:
    if "dealer" not in played:
        return None
    dealer = _int(played, "dealer", where)
    if not 0 <= dealer < players:
        raise RecordError(
            f"dealer {dealer} is not a seat of {players} players", "record", where=where
        )
    return dealer


def _new_state(cls: type[S], players: list[str], variants: list[JSON], rounds: list[JSON]) -> S:
    names = _texts(variants, "a variant", VARIANTS_KEY)
    try:
        check_variants(GAME, names, VARIANTS)
    except UnknownVariantError as exc:
        raise RecordError(exc.what, "record", where=VARIANTS_KEY) from None
    first = rounds[0] if rounds else None
    where = Place.of("round", 1)
    dealer = _dealer(first, where, len(players)) if isinstance(first, dict) else None
    try:
        return cls(players, names, first_dealer=dealer)
    except SetupError as exc:
        raise RecordError(exc.what, exc.rule, where=PLAYERS) from None


def _apply(state: FibonachosState, action: Action) -> None:
    try:
        state.apply(action)
    except FibonachosActionError as exc:
        raise RecordError(exc.what, exc.rule, where=exc.where) from None


def _read_round(state: FibonachosState, played: object, number: int, *, last: bool) -> None:
    where = Place.of("round", number)
    if number > ROUNDS:
        raise RecordError("a round after the match ended (three rounds)", "F8", where=where)
    if not isinstance(played, Mapping):
        raise RecordError(f"a round is an object, not {_kind(played)}", "record", where=where)
    tricks = _list(played, "tricks", where)
    count = len(state.players)
    dealer = _dealer(played, where, count)
    expected = (state.first_dealer + number - 1) % count
    if dealer is not None and dealer != expected:
        raise RecordError(
            f"dealer {dealer}, but the deal passes clockwise to seat {expected}", "F8", where=where
        )
    _apply(state, Deal())
    for place, trick in enumerate(tricks, start=1):
        at = where.then("trick", place)
        _read_trick(state, trick, at, last=last and place == len(tricks))
    if not last and not state.rounds[-1].finished:
        per_round = state.layout.tricks
        raise RecordError(
            f"only {_count(len(tricks), 'trick')}: a round of {count} players is {per_round}",
            "F3",
            where=where,
        )


def _read_trick(state: FibonachosState, trick: object, where: Place, *, last: bool) -> None:
    count, size = len(state.players), state.layout.trick_size
    if state.rounds[-1].finished:
        per_round = state.layout.tricks
        raise RecordError(
            f"a trick after the round ended: a round of {count} players is {per_round}",
            "F3",
            where=where,
        )
    if not isinstance(trick, Mapping):
        raise RecordError(f"a trick is an object, not {_kind(trick)}", "record", where=where)
    if "spicy" not in trick:
        raise RecordError('missing "spicy"', "record", where=where)
    plays = _list(trick, "plays", where)
    spicy = trick["spicy"]
    if spicy is None:
        left = state.spicy_left()
        if left:
            raise RecordError(
                f"no spicy card, but {left} are left in the spicy deck", "F6", where=where
            )
        if not plays:
            raise RecordError("a trick with no spicy card and no plays", "record", where=where)
    elif isinstance(spicy, str):
        _apply(state, Reveal(_spicy(spicy, where)))
    else:
        raise RecordError(f'"spicy" is a string or null, not {_kind(spicy)}', "record", where=where)
    if len(plays) > size:
        raise RecordError(
            f"a trick of {count} players is {size} plays", "F3", where=where.then("play", size + 1)
        )
    for place, text in enumerate(plays, start=1):
        _apply(state, Play(_nacho(text, where.then("play", place))))
    if len(plays) < size and not last:
        raise RecordError(
            f"only {_count(len(plays), 'play')}: a trick of {count} players is {size}",
            "F3",
            where=where,
        )


def _spicy(value: object, where: Place) -> Spicy:
    text = _text(value, where)
    try:
        return Spicy.parse(text)
    except UnknownCardError as exc:
        if _parses(Nacho, text):
            raise RecordError(f"{text} is not a spicy card", "F6", where=where) from None
        raise RecordError(exc.what, exc.rule, where=where) from None


def _nacho(value: object, where: Place) -> Nacho:
    text = _text(value, where)
    try:
        return Nacho.parse(text)
    except UnknownCardError as exc:
        if _parses(Spicy, text):
            raise RecordError(
                f"{text} is a spicy card, not a nacho card", "F1", where=where
            ) from None
        raise RecordError(exc.what, exc.rule, where=where) from None


def _text(value: object, where: Place) -> str:
    if not isinstance(value, str):
        raise RecordError(f"a card is a string, not {_kind(value)}", "record", where=where)
    return value


def _parses(kind: type[Nacho] | type[Spicy], text: str) -> bool:
    try:
        kind.parse(text)
    except UnknownCardError:
        return False
    return True
