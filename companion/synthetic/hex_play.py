"""A seeded hex game of legal moves, as the camera would take it: the demo cafe's hex table.

:func:`played_hex` plays a game of Naylor's Fibonacci from H1's start with the engine's
own legal moves: each turn makes every move H2 allows (fewer when enemy strike pieces
stand on the mover's centre; a turn left none ends at once, as the camera referee ends
it), each move the best for the mover by :func:`position_value` or, now and then, any
(:data:`WANDER`), so that the games differ and still end: most in a win (H4) within
a few dozen turns, the rest at :data:`MOST_TURNS`. Only moves the camera can see are
made: a piece swapped with one of its own kind leaves the board looking the same.

:func:`scripted_hex` lays the game out in frames (a
:class:`~companion.synthetic.table_events.ScriptedGame` carries them to the demo's
table): the start position first
(what a camera takes when the game begins), then the position after each move, a
few frames apart. A game that ends without a winner is ended from the OLED's menu
("End game", confirmed), as a table ends a rummy match, so the next game can start.

    >>> import random
    >>> game = played_hex(random.Random(3))
    >>> game.winner.value, len(game.turns) < MOST_TURNS
    ('black', True)
    >>> script = scripted_hex(("Ana", "Ben"), seed=3)
    >>> script.board[0][1] == START, len(script.board) - 1 == sum(t.made for t in game.turns)
    (True, True)
    >>> script.presses  # won: nothing to press
    ()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from companion.games.hex import START, EndTurn, HexState, Kind, Move, Piece, Position, Side
from companion.games.hex.rules import has_won
from companion.synthetic.rummy import MENU_FROM_END

#: Turns at most; a game not won by then is ended from the menu.
MOST_TURNS: Final = 60
#: The share of moves made at random rather than the best one.
WANDER: Final = 0.2
#: Frames between two moves of a turn, and before a turn's first move.
MOVE_FRAMES: Final = 6
TURN_FRAMES: Final = 12
#: The presses that end a game from its menu: BACK opens it, UP from the first entry
#: wraps to the last ones, SELECT on "End game", SELECT on "End game?".
END_GAME: Final = ("back", *["up"] * MENU_FROM_END["End game"], "select", "select")


def position_value(position: Position, side: Side, variants: frozenset[str]) -> float:
    """How good ``position`` is for ``side`` (higher is better): its strike pieces close
    to and around the enemy centre, the enemy centre off the edge, its own kept free."""
    if has_won(position, side, variants):
        return 1e9
    if has_won(position, side.other, variants):
        return -1e9
    target = position.centre(side.other)
    strikers = position.cells_of(Piece.of(side, Kind.STRIKE))
    value = -sum(cell.distance(target) for cell in strikers)
    value += 12 * len(position.strikers_around(side.other))
    value -= 12 * len(position.strikers_around(side))
    if not target.is_edge():
        value += 20
    if "cards" in variants and strikers:
        value += 10 * len(position.group(strikers[0]))
    return value


def seen_moves(state: HexState) -> list[Move]:
    """The legal moves of the turn in play that change what the camera sees."""
    position = state.position
    return [
        action
        for action in state.legal_actions()
        if isinstance(action, Move) and position[action.src] is not position[action.dst]
    ]


def random_moves(game: HexState, rng: random.Random, count: int) -> tuple[Position, int]:
    """The board after up to ``count`` random legal moves of the turn in progress (on a
    copy: ``game`` is left as it is), and how many were made (fewer when the turn ends
    first: a win). What a camera shows of moves made with a hand over the board."""
    game = game.clone()
    number = game.turn.number if game.turn else 0
    made = 0
    for _ in range(count):
        moves = [action for action in game.legal_actions() if isinstance(action, Move)]
        if not moves or game.turn is None or game.turn.number != number:
            break
        game.apply(rng.choice(moves))
        made += 1
    return game.position, made


def played_hex(
    rng: random.Random, *, players: Sequence[str] = ("Black", "White"), most_turns: int = 0
) -> HexState:
    """A game from H1's start until a win, or until turn ``most_turns`` begins (0:
    :data:`MOST_TURNS`; module docstring); the engine's state as it ended."""
    state = HexState(tuple(players))
    most_turns = most_turns or MOST_TURNS
    while (turn := state.turn) is not None and turn.number < most_turns:
        if turn.allowed == 0:  # H2: the strike pieces took every move
            state.apply(EndTurn())
            continue
        moves = seen_moves(state)
        if not moves:  # nothing the camera could see: the table ends the game
            break
        if rng.random() < WANDER:
            state.apply(rng.choice(moves))
            continue

        def value(move: Move, side: Side = turn.side) -> float:
            after = state.position.after(move.src, move.dst)
            return position_value(after, side, state.variants) + rng.random()

        state.apply(max(moves, key=value))
    return state


@dataclass(frozen=True)
class HexTable:
    """A hex game at a synthetic table: the positions the camera takes, each with its
    frame (from the game's start), the OLED's presses by frame, and the engine's game."""

    board: tuple[tuple[int, Position], ...]
    presses: tuple[tuple[int, str], ...]
    state: HexState


def scripted_hex(players: Sequence[str], *, seed: int, most_turns: int = 0) -> HexTable:
    """:func:`played_hex` with ``seed``, its positions by frame (module docstring)."""
    state = played_hex(random.Random(seed), players=players, most_turns=most_turns)
    frame = TURN_FRAMES
    board: list[tuple[int, Position]] = [(frame, START)]
    position = START
    for turn in state.turns:
        frame += TURN_FRAMES - MOVE_FRAMES
        for move in turn.moves:
            frame += MOVE_FRAMES
            position = position.after(move.src, move.dst)
            board.append((frame, position))
    presses: tuple[tuple[int, str], ...] = ()
    if state.winner is None:
        frame += TURN_FRAMES
        presses = tuple((frame + 3 * i, button) for i, button in enumerate(END_GAME))
    return HexTable(tuple(board), presses, state)
