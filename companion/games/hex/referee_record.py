"""Hex game records of the referee mode (docs/notation.md): write one, read and referee
one, and read the record the button referee wrote before the game ``hex-referee`` existed.

The referee mode never sees the board, so a turn is a count: ``moves`` made and
``strikes``, the enemy strike pieces on the mover's centre (H2); the allowance and the
side follow from the turn's place (Black first):

    {"game": "hex-referee", "players": ["Ana", "Ben"], "variants": [],
     "turns": [{"strikes": 0, "moves": 1}, {"strikes": 0, "moves": 2},
               {"strikes": 0, "moves": 2}, {"strikes": 1, "moves": 0}],
     "winner": null}

With the variant ``cards`` a turn is ``{"card": 4, "moves": 2}`` (H5: the card is the
allowance, nothing is subtracted), and a last turn ``{"card": null, "moves": 0}`` says
the next card is not turned up. ``winner`` is ``"black"``, ``"white"`` or ``null``
(absent reads as ``null``).

:func:`upgrade_record` reads the record the button referee wrote before the game
``hex-referee`` existed (``{"game": "hex", "mode": "referee", ..., "turns": [{"player",
"allowed", "moves", "strikes", "card"}], "winner"}``); :func:`read_referee_record`
takes both and checks the old record's ``player`` and ``allowed`` against the replay.

    >>> old = {"game": "hex", "mode": "referee", "players": ["Black", "White"],
    ...        "variants": [], "winner": "white",
    ...        "turns": [{"player": "black", "allowed": 1, "moves": 1, "strikes": 0,
    ...                   "card": None}]}
    >>> upgrade_record(old)["turns"], upgrade_record(old)["winner"]
    ([{'strikes': 0, 'moves': 1}], 'white')

Inside, each turn is read into a :class:`CountTurn` when the replay reaches it. Every
fault is a :class:`RecordError` naming the turn and move, the fault and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from companion.games.errors import Place, RecordError, UnknownVariantError
from companion.games.hex.actions import MoveMade, Strikes, Win
from companion.games.hex.board import shown
from companion.games.hex.record import (
    apply,
    begin_turn,
    check_object,
    players_of,
    side_of,
    turns_of,
    variants_of,
)
from companion.games.hex.report import BOARD_GAME, REFEREE_GAME
from companion.games.json_types import JSON, JSONObject

if TYPE_CHECKING:
    from companion.games.hex.referee import HexRefereeState

    R = TypeVar("R", bound=HexRefereeState)
else:
    R = TypeVar("R")


@dataclass(frozen=True)
class CountTurn:
    """One turn of a referee record: the moves made, the strike count told (H2; 0 when
    absent) and the move card (H5; ``None`` when absent or not turned up yet)."""

    moves: int
    strikes: int = 0
    card: int | None = None


def write_referee_record(state: HexRefereeState) -> JSONObject:
    """The record of the game so far (the module's docstring)."""
    turns: list[JSON] = [
        {"card": turn.card, "moves": turn.made}
        if state.cards
        else {"strikes": turn.strikes, "moves": turn.made}
        for turn in state.turns
    ]
    if state.turns and state.card_pending():
        turns.append({"card": None, "moves": 0})
    return {
        "game": REFEREE_GAME,
        "players": list(state.players),
        "variants": list(sorted(state.variants)),
        "turns": turns,
        "winner": state.winner.value if state.winner else None,
    }


def is_flow_record(record: Mapping[str, JSON]) -> bool:
    """A record of the button referee from before ``hex-referee``: ``"mode": "referee"``."""
    return record.get("game") == BOARD_GAME and record.get("mode") == "referee"


def upgrade_record(record: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The older flow's record in today's format; any other record as it is.

    Only the shape changes here (its faults are :func:`read_referee_record`'s to find):
    a turn keeps ``moves`` and ``strikes`` (``card`` in the card variant) and drops
    ``player`` and ``allowed``, which the engine derives.
    """
    if not is_flow_record(record):
        return record
    variants = record.get("variants")
    cards = isinstance(variants, list) and "cards" in variants
    turns = record.get("turns")
    if isinstance(turns, list):
        turns = [_upgraded_turn(turn, cards=cards) for turn in turns]
    out: JSONObject = {key: value for key, value in record.items() if key != "mode"}
    return {**out, "game": REFEREE_GAME, "turns": turns}


def _upgraded_turn(turn: JSON, *, cards: bool) -> JSON:
    if not isinstance(turn, dict):
        return turn
    if cards:
        return {"card": turn.get("card"), "moves": turn.get("moves")}
    return {"strikes": turn.get("strikes", 0), "moves": turn.get("moves")}


def read_referee_record(cls: type[R], record: object) -> R:
    """Replay ``record`` (today's or the older flow's); every fault is a :class:`RecordError`."""
    data = check_object(record)
    state = _replay_counts(cls, upgrade_record(data))
    if is_flow_record(data):
        _check_flow_turns(state, data["turns"])
    return state


def _replay_counts(cls: type[R], record: Mapping[str, JSON]) -> R:
    turns = turns_of(record, REFEREE_GAME, "hex referee record")
    what = '"winner" is "black", "white" or null (no rule gives a draw)'
    winner = side_of(record, "winner", what, "H4")
    try:
        state = cls(players_of(record), variants_of(record))
    except UnknownVariantError as exc:
        raise RecordError(str(exc), "record") from None
    for number, turn in enumerate(turns, start=1):
        _replay_count(state, number, turn, last=number == len(turns))
    if winner is not None:
        apply(state, Win(winner), Place.of("winner"))
    return state


def _replay_count(state: HexRefereeState, number: int, turn: JSON, *, last: bool) -> None:
    where = Place.of("turn", number)
    count = _count_turn(turn, cards=state.cards, where=where)
    if not begin_turn(state, number, count.card, where, pending=last and not count.moves):
        return
    if not state.cards and state.turn is not None and count.strikes != state.turn.strikes:
        apply(state, Strikes(count.strikes), where)
    for index in range(1, count.moves + 1):
        current = state.turn
        if current is None or current.number != number or not current.moves_left:
            allowed = state.turns[number - 1].allowed
            side = state.turns[number - 1].side.value
            what = f"{side} may make {allowed} move{_s(allowed)} this turn, not {count.moves}"
            raise RecordError(what, state.count_rule, where=where.then("move", index))
        apply(state, MoveMade(), where.then("move", index))


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def _count_turn(turn: JSON, *, cards: bool, where: Place) -> CountTurn:
    """The turn as a :class:`CountTurn`, once its shape is checked (``strikes`` or ``card``)."""
    shape = '{"card": n, "moves": n}' if cards else '{"strikes": n, "moves": n}'
    if not isinstance(turn, dict) or "moves" not in turn or (cards and "card" not in turn):
        raise RecordError(f"a turn is {shape}, not {shown(turn)}", "record", where=where)
    moves, strikes = _whole(turn, "moves", where), _whole(turn, "strikes", where)
    card = None if turn.get("card") is None else _whole(turn, "card", where)
    if moves is None or moves < 0:
        raise RecordError(f'"moves" counts the moves made, not {moves}', "record", where=where)
    if cards and strikes:
        raise RecordError("the card variant has no strike reduction", "H5", where=where)
    if not cards and card is not None:
        raise RecordError("a move card needs the variant cards", "H5", where=where)
    return CountTurn(moves, strikes or 0, card)


def _whole(turn: Mapping[str, JSON], key: str, where: Place) -> int | None:
    """The whole number under ``key`` (``None`` when absent)."""
    if key not in turn:
        return None
    value = turn[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f'"{key}" is a whole number, not {shown(value)}', "record", where=where)
    return value


def _check_flow_turns(state: HexRefereeState, turns: JSON) -> None:
    """The older record's ``player`` and ``allowed`` must be what the replay gives (H2, H5)."""
    olds = turns if isinstance(turns, list) else []
    for turn, old in zip(state.turns, olds, strict=False):
        if not isinstance(old, dict):  # the replay refused it already
            continue
        where = Place.of("turn", turn.number)
        player, allowed = old.get("player", turn.side.value), old.get("allowed", turn.allowed)
        if player != turn.side.value:
            raise RecordError(
                f"{shown(player)} moves, but it is {turn.side.value}'s turn", "H1", where=where
            )
        if allowed != turn.allowed:
            what = f'"allowed" is {shown(allowed)}, but the turn allows {turn.allowed}'
            raise RecordError(what, state.count_rule, where=where)
