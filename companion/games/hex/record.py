"""Hex game records (DESIGN.md "Game records"): write one, read and referee one.

    {"game": "hex", "players": ["Ana", "Ben"], "variants": [],
     "turns": [["b2-c2"], ["j6-i6", "k5-j5"], ["c2-d2", "a3-b3", "b3-c3"]]}

Turns alternate from Black. A turn that lists all its allowed moves ended with the
last of them; one with fewer was ended early (an empty one passes), except the last
turn of the record, which is the turn in progress. So the record of a game just
started is ``"turns": [[]]`` (``[]`` reads the same), and ``[["b2-c2"]]`` leaves White
to move. With the variant ``cards`` a turn is ``{"card": 4, "moves": [...]}``; a last
turn ``{"card": null, "moves": []}`` says the previous turn is over and the next card
is not turned up yet.

Beyond DESIGN.md's keys a record may carry (and :func:`write_record` writes):
``players`` (two names; default Black, White), ``resigned`` (``"black"`` or
``"white"``: that side conceded after the turns listed) and ``start`` (a board string,
only when the game did not start from H1's position). ``from_record`` raises
:class:`RecordError` naming the turn and move, the fault and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.errors import IllegalActionError, Place, RecordError, UnknownVariantError
from companion.games.hex.actions import Draw, EndTurn, HexAction, Move, Resign
from companion.games.hex.board import HexNotationError, shown
from companion.games.hex.pieces import Side
from companion.games.hex.position import START, Position
from companion.games.hex.turn import Turn, too_many

if TYPE_CHECKING:
    from companion.games.hex.state import HexState

    S = TypeVar("S", bound=HexState)
else:
    S = TypeVar("S")

SIDES = {side.value: side for side in Side}


def _moves(turn: Turn) -> list[str]:
    return [str(move) for move in turn.moves]


def write_record(state: HexState) -> dict[str, Any]:
    turns: list[Any] = [
        {"card": turn.card, "moves": _moves(turn)} if state.cards else _moves(turn)
        for turn in state.turns
    ]
    if state.turns and state.card_pending():
        turns.append({"card": None, "moves": []})
    record: dict[str, Any] = {
        "game": "hex",
        "players": list(state.players),
        "variants": sorted(state.variants),
        "turns": turns,
    }
    if state.history and isinstance(state.history[-1], Resign):
        record["resigned"] = state.history[-1].side.value
    if state.start != START:
        record["start"] = state.start.board()
    return record


def read_record(cls: type[S], record: Mapping[str, Any]) -> S:
    """Replay ``record`` from the start position; every fault is a :class:`RecordError`."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}", "record")
    if record.get("game") != "hex":
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
    if state.turn is not None and state.turn.number < number:
        _apply(state, EndTurn(), where)
    if state.cards:
        if card is None:
            if not last or moves:
                raise RecordError(
                    '"card": null (not turned up yet) only in a last turn without moves',
                    "H5",
                    where=where,
                )
            return
        _apply(state, Draw(card), where)
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
        rule = "H5" if state.cards else "H2"
        raise RecordError(f"{move}: {too_many(turn)}", rule, where=place)


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


def _apply(state: HexState, action: HexAction, where: Place) -> None:
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise RecordError(exc.what, exc.rule, where=where) from None
