"""Hex game records of the board mode (DESIGN.md "Game records", docs/notation.md):
write one, read and referee one; and what both modes' records share.

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

The referee mode's record (the game ``hex-referee``) is
:mod:`companion.games.hex.referee_record`'s.

A record is JSON (:data:`~companion.games.json_types.JSON`) where it enters and
leaves; inside, its head is a :class:`BoardHead` and each turn a :class:`BoardTurn`,
read one at a time as the replay reaches it, so the first fault met is the one told.

    >>> head = read_board_head({"game": "hex", "turns": [["b2-c2"]], "resigned": "white"})
    >>> head.players, head.resigned, head.start is START
    (('Black', 'White'), <Side.WHITE: 'white'>, True)

Every fault is a :class:`RecordError` naming the turn and move, the fault and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.errors import IllegalActionError, Place, RecordError, UnknownVariantError
from companion.games.hex.actions import Draw, EndTurn, HexAction, Move, RefereeAction, Resign
from companion.games.hex.board import HexNotationError, shown
from companion.games.hex.pieces import Side
from companion.games.hex.position import START, Position
from companion.games.hex.report import BOARD_GAME
from companion.games.hex.turn import Turn, too_many
from companion.games.json_types import JSON, JSONObject

if TYPE_CHECKING:
    from companion.games.hex.game import HexGame
    from companion.games.hex.state import HexState

    S = TypeVar("S", bound=HexState)
else:
    S = TypeVar("S")

SIDES = {side.value: side for side in Side}
#: The names a record without ``players`` gives (Black's first).
DEFAULT_NAMES = ("Black", "White")


@dataclass(frozen=True)
class BoardHead:
    """What a board record says beside its turns, checked: the two names (Black's
    first), the variants (the engine checks them), the start position, the side that
    resigned after the turns listed, and the turns still as JSON (read one by one)."""

    players: tuple[str, ...]
    variants: tuple[str, ...]
    start: Position
    resigned: Side | None
    turns: list[JSON]


@dataclass(frozen=True)
class BoardTurn:
    """One turn of a board record: its move card (card variant, H5; ``None`` not turned
    up yet or no variant) and its moves as written (each read when the replay reaches it)."""

    card: int | None
    moves: list[JSON]


def _moves(turn: Turn[Move]) -> list[JSON]:
    return [str(move) for move in turn.moves]


def write_board_record(state: HexState) -> JSONObject:
    """The record of the game so far (the module's docstring)."""
    turns: list[JSON] = [
        {"card": turn.card, "moves": _moves(turn)} if state.cards else _moves(turn)
        for turn in state.turns
    ]
    if state.turns and state.card_pending():
        turns.append({"card": None, "moves": []})
    record: JSONObject = {
        "game": BOARD_GAME,
        "players": list(state.players),
        "variants": list(sorted(state.variants)),
        "turns": turns,
    }
    if state.history and isinstance(state.history[-1], Resign):
        record["resigned"] = state.history[-1].side.value
    if state.start != START:
        record["start"] = state.start.board()
    return record


def read_board_head(record: object) -> BoardHead:
    """The head of a board record, checked in the order a reader meets its faults."""
    data = check_object(record)
    turns = turns_of(data, BOARD_GAME, "hex record")
    resigned = side_of(data, "resigned", '"resigned" is "black" or "white"', "record")
    players, variants = players_of(data), variants_of(data)
    return BoardHead(players, variants, _start(data), resigned, turns)


def read_board_record(cls: type[S], record: object) -> S:
    """Replay ``record`` from the start position; every fault is a :class:`RecordError`."""
    head = read_board_head(record)
    try:
        state = cls(head.players, head.variants, start=head.start)
    except UnknownVariantError as exc:
        raise RecordError(exc.what, "record") from None
    except HexNotationError as exc:  # a start already won (H4, H5)
        raise RecordError(exc.what, exc.rule, where=Place.of("start")) from None
    for number, turn in enumerate(head.turns, start=1):
        _replay_turn(state, number, turn, last=number == len(head.turns))
    if head.resigned is not None:
        apply(state, Resign(head.resigned), Place.of("after the last turn"))
    return state


def check_object(record: object) -> Mapping[str, JSON]:
    """``record`` as a JSON object, or the :class:`RecordError` that it is none."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}", "record")
    return record


def turns_of(record: Mapping[str, JSON], game: str, noun: str) -> list[JSON]:
    """The turns of a record of ``game`` (a ``noun``), once its game is checked."""
    if record.get("game") != game:
        raise RecordError(f'not a {noun} ("game" is {shown(record.get("game"))})', "record")
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordError(f'a {noun} needs a "turns" list', "record")
    return turns


def side_of(record: Mapping[str, JSON], key: str, what: str, rule: str) -> Side | None:
    """The side named under ``key`` (``None`` when absent or null); ``what`` says what
    it may be, for the :class:`RecordError` of anything else."""
    value = record.get(key)
    if value is not None and (not isinstance(value, str) or value not in SIDES):
        raise RecordError(f"{what}, not {shown(value)}", rule)
    return None if value is None else SIDES[value]


def players_of(record: Mapping[str, JSON]) -> tuple[str, ...]:
    """The record's two names, Black's first (default Black, White); the referee's too."""
    players = record.get("players", list(DEFAULT_NAMES))
    if not isinstance(players, list) or len(players) != 2:
        raise RecordError(f'"players" is a list of two names, not {shown(players)}', "record")
    names = tuple(name for name in players if isinstance(name, str))
    if len(names) != 2:
        raise RecordError(f'"players" is a list of two names, not {shown(players)}', "record")
    return names


def variants_of(record: Mapping[str, JSON]) -> tuple[str, ...]:
    """The record's variant names (checked against the game by its engine)."""
    variants = record.get("variants", [])
    names = tuple(v for v in variants if isinstance(v, str)) if isinstance(variants, list) else ()
    if not isinstance(variants, list) or len(names) != len(variants):
        raise RecordError(f'"variants" is a list of names, not {shown(variants)}', "record")
    return names


def _start(record: Mapping[str, JSON]) -> Position:
    board = record.get("start")
    if board is None:
        return START
    try:
        if not isinstance(board, str):
            raise HexNotationError(f"a board is a string, not {type(board).__name__}")
        return Position.parse(board)
    except HexNotationError as exc:
        raise RecordError(exc.what, exc.rule, where=Place.of("start")) from None


def _replay_turn(state: HexState, number: int, turn: JSON, *, last: bool) -> None:
    where = Place.of("turn", number)
    shape = _board_turn(turn, cards=state.cards, where=where)
    if state.is_terminal():
        raise RecordError(
            f"a turn after the end of the game: {state.ending}", state.end_rule, where=where
        )
    if not begin_turn(state, number, shape.card, where, pending=last and not shape.moves):
        return
    for index, text in enumerate(shape.moves, start=1):
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
        apply(state, move, place)


def _check_allowance(state: HexState, number: int, move: Move, place: Place) -> None:
    """A move beyond the allowance: turn ``number`` already ended with its last move (H2)."""
    turn = state.turns[number - 1]
    if not state.is_terminal() and not turn.moves_left:
        raise RecordError(f"{move}: {too_many(turn)}", state.count_rule, where=place)


def _board_turn(turn: JSON, *, cards: bool, where: Place) -> BoardTurn:
    """A turn's JSON as a :class:`BoardTurn`: a list of moves, or in the card variant
    ``{"card": n, "moves": [...]}``."""
    if not cards:
        if not isinstance(turn, list):
            hint = " (turns with a card need the variant cards)" if isinstance(turn, dict) else ""
            raise RecordError(
                f"a turn is a list of moves, not {shown(turn)}{hint}", "record", where=where
            )
        return BoardTurn(None, turn)
    moves = turn.get("moves") if isinstance(turn, dict) else None
    if not isinstance(turn, dict) or not isinstance(moves, list) or "card" not in turn:
        raise RecordError(
            f'a turn is {{"card": n, "moves": [...]}}, not {shown(turn)}', "record", where=where
        )
    card = turn["card"]
    if card is not None and (not isinstance(card, int) or isinstance(card, bool)):
        raise RecordError(f'"card" is a number 1-6, not {shown(card)}', "record", where=where)
    return BoardTurn(card, moves)


# -- both modes ------------------------------------------------------------------------


def begin_turn(
    state: HexGame[Any, Any], number: int, card: int | None, where: Place, *, pending: bool
) -> bool:
    """Turn ``number`` begins: the one before ends, and in the card variant its card comes
    up. ``False`` for the card variant's last turn whose card is not turned up yet."""
    if state.turn is not None and state.turn.number < number:
        apply(state, EndTurn(), where)
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
    apply(state, Draw(card), where)
    return True


def apply(state: HexGame[Any, Any], action: HexAction | RefereeAction, where: Place) -> None:
    """Hand ``action`` to the engine; what it refuses is a :class:`RecordError` at ``where``."""
    try:
        state.apply(action)
    except IllegalActionError as exc:
        raise RecordError(exc.what, exc.rule, where=where) from None
