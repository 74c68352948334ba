"""Hex referee records, the ``companion score --json`` object, and the older flow's records.

    {"game": "hex-referee", "players": ["Ana", "Ben"], "variants": [],
     "turns": [{"strikes": 0, "moves": 1}, {"strikes": 0, "moves": 2},
               {"strikes": 0, "moves": 2}, {"strikes": 1, "moves": 0}],
     "winner": null}

The referee never sees the board, so a turn is a count: ``moves`` made and
``strikes``, the enemy strike pieces on the mover's centre (H2); the allowance and
the side follow from the turn's place (Black first). With the variant ``cards`` a turn
is ``{"card": 4, "moves": 2}`` (H5: the card is the allowance, nothing is subtracted).
A turn whose moves reach its allowance ended with its last move; one with fewer was
ended early; the last turn is the one in progress, or the one the win was declared
in. A last turn ``{"card": null, "moves": 0}`` says the next card is not turned up.
``winner`` is ``"black"``, ``"white"`` or ``null`` (absent reads as ``null``).

:func:`upgrade_record` reads the record the button referee wrote before this engine
(``{"game": "hex", "mode": "referee", ..., "turns": [{"player", "allowed", "moves",
"strikes", "card"}], "winner"}``); :func:`read_record` takes both and checks the old
record's ``player`` and ``allowed`` against the replay.

    >>> old = {"game": "hex", "mode": "referee", "players": ["Black", "White"],
    ...        "variants": [], "winner": "white",
    ...        "turns": [{"player": "black", "allowed": 1, "moves": 1, "strikes": 0,
    ...                   "card": None}]}
    >>> upgrade_record(old)["turns"], upgrade_record(old)["winner"]
    ([{'strikes': 0, 'moves': 1}], 'white')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from companion.games.errors import IllegalActionError, Place, RecordError, UnknownVariantError
from companion.games.hex.board import shown
from companion.games.hex.record import SIDES, players_of, variants_of
from companion.games.hexref.actions import Draw, EndTurn, MoveMade, RefereeAction, Strikes, Win
from companion.games.hexref.report import HexRefereeReport, RefereeTurnReport

if TYPE_CHECKING:
    from companion.games.hexref.state import HexRefereeState

    S = TypeVar("S", bound=HexRefereeState)
else:
    S = TypeVar("S")

GAME: Final = "hex-referee"


def report(state: HexRefereeState) -> HexRefereeReport:
    """The score: the hex shape with ``moves`` a count, no ``board``, and ``players``
    (:class:`~companion.games.hexref.report.HexRefereeReport`, docs/notation.md)."""
    turns = tuple(
        RefereeTurnReport(turn.side, turn.allowed, turn.moves, turn.strikes, turn.card)
        for turn in state.turns
    )
    return HexRefereeReport(tuple(state.players), turns, state.winner)


def write_record(state: HexRefereeState) -> dict[str, Any]:
    turns: list[dict[str, Any]] = [
        {"card": turn.card, "moves": turn.moves}
        if state.cards
        else {"strikes": turn.strikes, "moves": turn.moves}
        for turn in state.turns
    ]
    if state.turns and state.card_pending():
        turns.append({"card": None, "moves": 0})
    return {
        "game": GAME,
        "players": list(state.players),
        "variants": sorted(state.variants),
        "turns": turns,
        "winner": state.winner.value if state.winner else None,
    }


def is_flow_record(record: Mapping[str, Any]) -> bool:
    """A record of the button referee from before this engine: ``"mode": "referee"``."""
    return record.get("game") == "hex" and record.get("mode") == "referee"


def upgrade_record(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """The older flow's record in today's format; any other record as it is.

    Only the shape changes here (its faults are :func:`read_record`'s to find): a turn
    keeps ``moves`` and ``strikes`` (``card`` in the card variant) and drops ``player``
    and ``allowed``, which the engine derives.
    """
    if not is_flow_record(record):
        return record
    cards = "cards" in (record.get("variants") or [])
    turns = record.get("turns")
    if isinstance(turns, list):
        turns = [_upgraded_turn(turn, cards=cards) for turn in turns]
    out = {key: value for key, value in record.items() if key != "mode"}
    return {**out, "game": GAME, "turns": turns}


def _upgraded_turn(turn: object, *, cards: bool) -> object:
    if not isinstance(turn, dict):
        return turn
    if cards:
        return {"card": turn.get("card"), "moves": turn.get("moves")}
    return {"strikes": turn.get("strikes", 0), "moves": turn.get("moves")}


def read_record(cls: type[S], record: Mapping[str, Any]) -> S:
    """Replay ``record`` (today's or the older flow's); every fault is a :class:`RecordError`."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}", "record")
    state = _replay(cls, upgrade_record(record))
    if is_flow_record(record):
        _check_flow_turns(state, record["turns"])
    return state


def _replay(cls: type[S], record: Mapping[str, Any]) -> S:
    if record.get("game") != GAME:
        game = shown(record.get("game"))
        raise RecordError(f'not a hex referee record ("game" is {game})', "record")
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordError('a hex referee record needs a "turns" list', "record")
    winner = record.get("winner")
    if winner is not None and (not isinstance(winner, str) or winner not in SIDES):
        what = f'"winner" is "black", "white" or null (no rule gives a draw), not {shown(winner)}'
        raise RecordError(what, "H4")
    try:
        state = cls(players_of(record), variants_of(record))
    except UnknownVariantError as exc:
        raise RecordError(str(exc), "record") from None
    for number, turn in enumerate(turns, start=1):
        _replay_turn(state, number, turn, last=number == len(turns))
    if winner is not None:
        _apply(state, Win(SIDES[winner]), Place.of("winner"))
    return state


def _replay_turn(state: HexRefereeState, number: int, turn: object, *, last: bool) -> None:
    where = Place.of("turn", number)
    shape, moves = _turn_shape(turn, cards=state.cards, where=where)
    if state.turn is not None and state.turn.number < number:
        _apply(state, EndTurn(), where)
    if state.cards:
        card = shape["card"]
        if card is None:
            if not last or moves:
                raise RecordError(
                    '"card": null (not turned up yet) only in a last turn without moves',
                    "H5",
                    where=where,
                )
            return
        _apply(state, Draw(card), where)
    else:
        strikes = shape.get("strikes", 0)
        if state.turn is not None and strikes != state.turn.strikes:
            _apply(state, Strikes(strikes), where)
    for index in range(1, moves + 1):
        current = state.turn
        if current is None or current.number != number or not current.moves_left:
            allowed = state.turns[number - 1].allowed
            side = state.turns[number - 1].side.value
            what = f"{side} may make {allowed} move{_s(allowed)} this turn, not {moves}"
            raise RecordError(what, state.count_rule, where=where.then("move", index))
        _apply(state, MoveMade(), where.then("move", index))


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def _turn_shape(turn: object, *, cards: bool, where: Place) -> tuple[dict[str, Any], int]:
    """The turn and its move count, once its shape is checked (``strikes`` or ``card``)."""
    shape = '{"card": n, "moves": n}' if cards else '{"strikes": n, "moves": n}'
    if not isinstance(turn, dict) or "moves" not in turn or (cards and "card" not in turn):
        raise RecordError(f"a turn is {shape}, not {shown(turn)}", "record", where=where)
    for key in ("moves", "strikes", "card"):
        value = turn.get(key)
        if key in turn and not _whole(value) and not (key == "card" and value is None):
            raise RecordError(
                f'"{key}" is a whole number, not {shown(value)}', "record", where=where
            )
    moves: int = turn["moves"]
    if moves < 0:
        raise RecordError(f'"moves" counts the moves made, not {moves}', "record", where=where)
    if cards and turn.get("strikes"):
        raise RecordError("the card variant has no strike reduction", "H5", where=where)
    if not cards and turn.get("card") is not None:
        raise RecordError("a move card needs the variant cards", "H5", where=where)
    return turn, moves


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_flow_turns(state: HexRefereeState, turns: list[Any]) -> None:
    """The older record's ``player`` and ``allowed`` must be what the replay gives (H2, H5)."""
    for turn, old in zip(state.turns, turns, strict=False):
        where = Place.of("turn", turn.number)
        player, allowed = old.get("player", turn.side.value), old.get("allowed", turn.allowed)
        if player != turn.side.value:
            raise RecordError(
                f"{shown(player)} moves, but it is {turn.side.value}'s turn", "H1", where=where
            )
        if allowed != turn.allowed:
            what = f'"allowed" is {shown(allowed)}, but the turn allows {turn.allowed}'
            raise RecordError(what, state.count_rule, where=where)


def _apply(state: HexRefereeState, action: RefereeAction, where: Place) -> None:
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise RecordError(exc.what, exc.rule, where=where) from None
