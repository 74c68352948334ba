"""Hex game records, both modes (DESIGN.md "Game records", docs/notation.md): write
one, read and referee one.

The board mode's record lists the moves:

    {"game": "hex", "players": ["Ana", "Ben"], "variants": [],
     "turns": [["b2-c2"], ["j6-i6", "k5-j5"], ["c2-d2", "a3-b3", "b3-c3"]]}

Turns alternate from Black. A turn that lists all its allowed moves ended with the
last of them; one with fewer was ended early (an empty one passes), except the last
turn of the record, which is the turn in progress. So the record of a game just
started is ``"turns": [[]]`` (``[]`` reads the same), and ``[["b2-c2"]]`` leaves White
to move. With the variant ``cards`` a turn is ``{"card": 4, "moves": [...]}``; a last
turn ``{"card": null, "moves": []}`` says the previous turn is over and the next card
is not turned up yet. Beyond DESIGN.md's keys a record may carry (and
:func:`write_board_record` writes): ``players`` (two names; default Black, White),
``resigned`` (``"black"`` or ``"white"``: that side conceded after the turns listed)
and ``start`` (a board string, only when the game did not start from H1's position).

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

Every fault is a :class:`RecordError` naming the turn and move, the fault and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.errors import IllegalActionError, Place, RecordError, UnknownVariantError
from companion.games.hex.actions import (
    Draw,
    EndTurn,
    HexAction,
    Move,
    MoveMade,
    RefereeAction,
    Resign,
    Strikes,
    Win,
)
from companion.games.hex.board import HexNotationError, shown
from companion.games.hex.pieces import Side
from companion.games.hex.position import START, Position
from companion.games.hex.report import BOARD_GAME, REFEREE_GAME
from companion.games.hex.turn import Turn, too_many

if TYPE_CHECKING:
    from companion.games.hex.game import HexGame
    from companion.games.hex.referee import HexRefereeState
    from companion.games.hex.state import HexState

    S = TypeVar("S", bound=HexState)
    R = TypeVar("R", bound=HexRefereeState)
else:
    S = TypeVar("S")
    R = TypeVar("R")

SIDES = {side.value: side for side in Side}


def _moves(turn: Turn[Move]) -> list[str]:
    return [str(move) for move in turn.moves]


def write_board_record(state: HexState) -> dict[str, Any]:
    turns: list[Any] = [
        {"card": turn.card, "moves": _moves(turn)} if state.cards else _moves(turn)
        for turn in state.turns
    ]
    if state.turns and state.card_pending():
        turns.append({"card": None, "moves": []})
    record: dict[str, Any] = {
        "game": BOARD_GAME,
        "players": list(state.players),
        "variants": sorted(state.variants),
        "turns": turns,
    }
    if state.history and isinstance(state.history[-1], Resign):
        record["resigned"] = state.history[-1].side.value
    if state.start != START:
        record["start"] = state.start.board()
    return record


def read_board_record(cls: type[S], record: Mapping[str, Any]) -> S:
    """Replay ``record`` from the start position; every fault is a :class:`RecordError`."""
    _check_object(record)
    if record.get("game") != BOARD_GAME:
        raise RecordError(f'not a hex record ("game" is {shown(record.get("game"))})', "record")
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordError('a hex record needs a "turns" list', "record")
    resigned = record.get("resigned")
    if resigned is not None and (not isinstance(resigned, str) or resigned not in SIDES):
        raise RecordError(f'"resigned" is "black" or "white", not {shown(resigned)}', "record")
    try:
        state = cls(players_of(record), variants_of(record), start=_start(record))
    except UnknownVariantError as exc:
        raise RecordError(exc.what, "record") from None
    for number, turn in enumerate(turns, start=1):
        _replay_turn(state, number, turn, last=number == len(turns))
    if resigned is not None:
        _apply(state, Resign(SIDES[resigned]), Place.of("after the last turn"))
    return state


def players_of(record: Mapping[str, Any]) -> list[str]:
    """The record's two names, Black's first (default Black, White); the referee's too."""
    players = record.get("players", ["Black", "White"])
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(name, str) for name in players)
    ):
        raise RecordError(f'"players" is a list of two names, not {shown(players)}', "record")
    return players


def variants_of(record: Mapping[str, Any]) -> list[str]:
    """The record's variant names (checked against the game by its engine)."""
    variants = record.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise RecordError(f'"variants" is a list of names, not {shown(variants)}', "record")
    return variants


def _start(record: Mapping[str, Any]) -> Position:
    board = record.get("start")
    if board is None:
        return START
    try:
        return Position.parse(board)
    except HexNotationError as exc:
        raise RecordError(exc.what, exc.rule, where=Place.of("start")) from None


def _replay_turn(state: HexState, number: int, turn: object, *, last: bool) -> None:
    where = Place.of("turn", number)
    card, moves = _turn_shape(turn, cards=state.cards, where=where)
    if state.is_terminal():
        raise RecordError(
            f"a turn after the end of the game: {state.ending}", state.end_rule, where=where
        )
    if not _begin_turn(state, number, card, where, pending=last and not moves):
        return
    for index, text in enumerate(moves, start=1):
        place = where.then("move", index)
        if not isinstance(text, str):
            raise RecordError(
                f'a move is a string like "d9-e9", not {shown(text)}', "record", where=place
            )
        try:
            move = Move.parse(text)
        except HexNotationError as exc:
            raise RecordError(exc.what, exc.rule, where=place) from None
        _check_allowance(state, number, move, place)
        _apply(state, move, place)


def _check_allowance(state: HexState, number: int, move: Move, place: Place) -> None:
    """A move beyond the allowance: turn ``number`` already ended with its last move (H2)."""
    turn = state.turns[number - 1]
    if not state.is_terminal() and not turn.moves_left:
        raise RecordError(f"{move}: {too_many(turn)}", state.count_rule, where=place)


def _turn_shape(turn: object, *, cards: bool, where: Place) -> tuple[int | None, list[Any]]:
    if not cards:
        if not isinstance(turn, list):
            hint = " (turns with a card need the variant cards)" if isinstance(turn, dict) else ""
            raise RecordError(
                f"a turn is a list of moves, not {shown(turn)}{hint}", "record", where=where
            )
        return None, turn
    if not isinstance(turn, dict) or not isinstance(turn.get("moves"), list) or "card" not in turn:
        raise RecordError(
            f'a turn is {{"card": n, "moves": [...]}}, not {shown(turn)}', "record", where=where
        )
    card = turn["card"]
    if card is not None and (not isinstance(card, int) or isinstance(card, bool)):
        raise RecordError(f'"card" is a number 1-6, not {shown(card)}', "record", where=where)
    return card, turn["moves"]


# -- the referee mode ------------------------------------------------------------------


def write_referee_record(state: HexRefereeState) -> dict[str, Any]:
    turns: list[dict[str, Any]] = [
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
        "variants": sorted(state.variants),
        "turns": turns,
        "winner": state.winner.value if state.winner else None,
    }


def is_flow_record(record: Mapping[str, Any]) -> bool:
    """A record of the button referee from before ``hex-referee``: ``"mode": "referee"``."""
    return record.get("game") == BOARD_GAME and record.get("mode") == "referee"


def upgrade_record(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """The older flow's record in today's format; any other record as it is.

    Only the shape changes here (its faults are :func:`read_referee_record`'s to find):
    a turn keeps ``moves`` and ``strikes`` (``card`` in the card variant) and drops
    ``player`` and ``allowed``, which the engine derives.
    """
    if not is_flow_record(record):
        return record
    cards = "cards" in (record.get("variants") or [])
    turns = record.get("turns")
    if isinstance(turns, list):
        turns = [_upgraded_turn(turn, cards=cards) for turn in turns]
    out = {key: value for key, value in record.items() if key != "mode"}
    return {**out, "game": REFEREE_GAME, "turns": turns}


def _upgraded_turn(turn: object, *, cards: bool) -> object:
    if not isinstance(turn, dict):
        return turn
    if cards:
        return {"card": turn.get("card"), "moves": turn.get("moves")}
    return {"strikes": turn.get("strikes", 0), "moves": turn.get("moves")}


def read_referee_record(cls: type[R], record: Mapping[str, Any]) -> R:
    """Replay ``record`` (today's or the older flow's); every fault is a :class:`RecordError`."""
    _check_object(record)
    state = _replay_counts(cls, upgrade_record(record))
    if is_flow_record(record):
        _check_flow_turns(state, record["turns"])
    return state


def _replay_counts(cls: type[R], record: Mapping[str, Any]) -> R:
    if record.get("game") != REFEREE_GAME:
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
        _replay_count(state, number, turn, last=number == len(turns))
    if winner is not None:
        _apply(state, Win(SIDES[winner]), Place.of("winner"))
    return state


def _replay_count(state: HexRefereeState, number: int, turn: object, *, last: bool) -> None:
    where = Place.of("turn", number)
    shape, moves = _count_shape(turn, cards=state.cards, where=where)
    if not _begin_turn(state, number, shape.get("card"), where, pending=last and not moves):
        return
    if not state.cards:
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


def _count_shape(turn: object, *, cards: bool, where: Place) -> tuple[dict[str, Any], int]:
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


# -- both modes ------------------------------------------------------------------------


def _check_object(record: object) -> None:
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}", "record")


def _begin_turn(
    state: HexGame[Any, Any], number: int, card: int | None, where: Place, *, pending: bool
) -> bool:
    """Turn ``number`` begins: the one before ends, and in the card variant its card comes
    up. ``False`` for the card variant's last turn whose card is not turned up yet."""
    if state.turn is not None and state.turn.number < number:
        _apply(state, EndTurn(), where)
    if not state.cards:
        return True
    if card is None:
        if not pending:
            raise RecordError(
                '"card": null (not turned up yet) only in a last turn without moves',
                "H5",
                where=where,
            )
        return False
    _apply(state, Draw(card), where)
    return True


def _apply(state: HexGame[Any, Any], action: HexAction | RefereeAction, where: Place) -> None:
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise RecordError(exc.what, exc.rule, where=where) from None
