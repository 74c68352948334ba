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
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.base import check_variants
from companion.games.errors import RecordError, UnknownVariantError
from companion.games.fibonachos.actions import Action, Deal, Play, Reveal
from companion.games.fibonachos.cards import Nacho, Spicy
from companion.games.fibonachos.deck import layout
from companion.games.fibonachos.errors import FibonachosActionError, SetupError, UnknownCardError
from companion.games.fibonachos.round import Trick
from companion.games.fibonachos.scoring import VARIANTS

if TYPE_CHECKING:
    from companion.games.fibonachos.state import FibonachosState

S = TypeVar("S", bound="FibonachosState")

GAME = "fibonachos"
ROUNDS = 3
_KINDS = {dict: "an object", list: "a list", str: "a string", int: "a number"}


def write_record(state: FibonachosState) -> dict[str, Any]:
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


def _trick_json(trick: Trick) -> dict[str, Any]:
    spicy = None if trick.spicy is None else str(trick.spicy)
    return {"spicy": spicy, "plays": [str(card) for card in trick.cards]}


def read_record(cls: type[S], record: Mapping[str, Any]) -> S:
    """Replay ``record`` with hands unseen; raise :class:`RecordError` on any fault."""
    if not isinstance(record, Mapping):
        raise RecordError("", f"a record is a JSON object, not {_kind(record)}", "record")
    if record.get("game") != GAME:
        raise RecordError("game", f"not a Fibonachos record: {record.get('game')!r}", "record")
    players = _field(record, "players", list, "")
    for name in players:
        if not isinstance(name, str):
            raise RecordError(
                "players", f"a player's name is a string, not {_kind(name)}", "record"
            )
    try:
        layout(len(players))
    except SetupError as exc:
        raise RecordError("players", exc.what, exc.rule) from None
    variants = _field(record, "variants", list, "") if "variants" in record else []
    rounds = _field(record, "rounds", list, "")
    state = _new_state(cls, players, variants, rounds)
    for number, played in enumerate(rounds, start=1):
        _read_round(state, played, number, last=number == len(rounds))
    return state


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return _KINDS.get(type(value), "a number" if isinstance(value, float) else type(value).__name__)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _field(obj: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in obj:
        raise RecordError(where, f'missing "{key}"', "record")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError(where, f'"{key}" is {_KINDS[kind]}, not {_kind(value)}', "record")
    return value


def _dealer(played: Mapping[str, Any], where: str, players: int) -> int | None:
    if "dealer" not in played:
        return None
    dealer = _field(played, "dealer", int, where)
    if not 0 <= dealer < players:
        raise RecordError(where, f"dealer {dealer} is not a seat of {players} players", "record")
    return int(dealer)


def _new_state(cls: type[S], players: list[str], variants: list[Any], rounds: list[Any]) -> S:
    for name in variants:
        if not isinstance(name, str):
            raise RecordError("variants", f"a variant is a string, not {_kind(name)}", "record")
    try:
        check_variants(GAME, variants, VARIANTS)
    except UnknownVariantError as exc:
        raise RecordError("variants", str(exc), "record") from None
    first = rounds[0] if rounds else None
    dealer = _dealer(first, "round 1", len(players)) if isinstance(first, Mapping) else None
    try:
        return cls(players, variants, first_dealer=dealer)
    except SetupError as exc:
        raise RecordError("players", exc.what, exc.rule) from None


def _apply(state: FibonachosState, action: Action) -> None:
    try:
        state.apply(action)
    except FibonachosActionError as exc:
        raise RecordError(exc.where, exc.what, exc.rule) from None


def _read_round(state: FibonachosState, played: object, number: int, *, last: bool) -> None:
    where = f"round {number}"
    if number > ROUNDS:
        raise RecordError(where, "a round after the match ended (three rounds)", "F8")
    if not isinstance(played, Mapping):
        raise RecordError(where, f"a round is an object, not {_kind(played)}", "record")
    tricks = _field(played, "tricks", list, where)
    count = len(state.players)
    dealer = _dealer(played, where, count)
    expected = (state.first_dealer + number - 1) % count
    if dealer is not None and dealer != expected:
        raise RecordError(
            where, f"dealer {dealer}, but the deal passes clockwise to seat {expected}", "F8"
        )
    _apply(state, Deal())
    for place, trick in enumerate(tricks, start=1):
        _read_trick(state, trick, f"{where}, trick {place}", last=last and place == len(tricks))
    if not last and not state.rounds[-1].finished:
        per_round = state.layout.tricks
        raise RecordError(
            where,
            f"only {_count(len(tricks), 'trick')}: a round of {count} players is {per_round}",
            "F3",
        )


def _read_trick(state: FibonachosState, trick: object, where: str, *, last: bool) -> None:
    count, size = len(state.players), state.layout.trick_size
    if state.rounds[-1].finished:
        per_round = state.layout.tricks
        raise RecordError(
            where, f"a trick after the round ended: a round of {count} players is {per_round}", "F3"
        )
    if not isinstance(trick, Mapping):
        raise RecordError(where, f"a trick is an object, not {_kind(trick)}", "record")
    if "spicy" not in trick:
        raise RecordError(where, 'missing "spicy"', "record")
    plays = _field(trick, "plays", list, where)
    spicy = trick["spicy"]
    if spicy is None:
        left = state.spicy_left()
        if left:
            raise RecordError(where, f"no spicy card, but {left} are left in the spicy deck", "F6")
        if not plays:
            raise RecordError(where, "a trick with no spicy card and no plays", "record")
    elif isinstance(spicy, str):
        _apply(state, Reveal(_spicy(spicy, where)))
    else:
        raise RecordError(where, f'"spicy" is a string or null, not {_kind(spicy)}', "record")
    if len(plays) > size:
        raise RecordError(
            f"{where}, play {size + 1}", f"a trick of {count} players is {size} plays", "F3"
        )
    for place, text in enumerate(plays, start=1):
        _apply(state, Play(_nacho(text, f"{where}, play {place}")))
    if len(plays) < size and not last:
        raise RecordError(
            where, f"only {_count(len(plays), 'play')}: a trick of {count} players is {size}", "F3"
        )


def _spicy(value: object, where: str) -> Spicy:
    text = _text(value, where)
    try:
        return Spicy.parse(text)
    except UnknownCardError as exc:
        if _parses(Nacho, text):
            raise RecordError(where, f"{text} is not a spicy card", "F6") from None
        raise RecordError(where, exc.what, exc.rule) from None


def _nacho(value: object, where: str) -> Nacho:
    text = _text(value, where)
    try:
        return Nacho.parse(text)
    except UnknownCardError as exc:
        if _parses(Spicy, text):
            raise RecordError(where, f"{text} is a spicy card, not a nacho card", "F1") from None
        raise RecordError(where, exc.what, exc.rule) from None


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(where, f"a card is a string, not {_kind(value)}", "record")
    return value


def _parses(kind: type[Nacho] | type[Spicy], text: str) -> bool:
    try:
        kind.parse(text)
    except UnknownCardError:
        return False
    return True
