"""Rummy games to play at a synthetic table: 2 and 4 players of Fibonacci 21, 13, 8, 89.

Each is a record (DESIGN.md "Game records") written to show everything a table does
in a round (issue 11): a player going out with every set closed (R6), others with
closed sets, open sets and a hand, wild cards declared in sets and held in hands
(R5), the bonus card starting a set (R1, not in deck 8), a player who never opened
(R3). Sets are at most four cards, so a set fits a seat's zone
(:data:`companion.synthetic.rummy_seats.DEEPEST`). :func:`companion.synthetic.rummy.rummy_table`
plays them; the engine referees them first.

    >>> sorted(TABLE_GAMES)[:2]
    ['rummy13-2p', 'rummy13-4p']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final


def _seat(closed: list[list[str]], open_: list[list[str]], hand: list[str]) -> dict[str, Any]:
    return {"closed": closed, "open": open_, "hand": hand}


def _game(game: str, players: list[str], *rounds: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "players": players, "variants": [], "rounds": list(rounds)}


#: Who goes out first: every set closed, nothing in hand (R6).
_OUT: Final = {
    "rummy21": _seat(
        [["21"], ["X", "13"], ["B3", "5", "13"], ["B5", "3", "13"], ["B8", "13"], ["B13", "W=8"]],
        [],
        [],
    ),
    "rummy13": _seat([["13"], ["X", "5"], ["B3", "5", "5"], ["B5", "W=8"], ["B8", "5"]], [], []),
    "rummy8": _seat([["8"], ["B2", "3", "3"], ["B3", "5"], ["B5", "W=3"]], [], []),
    "rummy89": _seat(
        [
            ["89"],
            ["X", "55"],
            ["B13", "21", "55"],
            ["B21", "34", "34"],
            ["B34", "55"],
            ["B55", "W=34"],
        ],
        [],
        [],
    ),
}

_TWO: Final = {
    "rummy21": _seat(
        [["21"], ["B2", "3", "3", "13"]], [["B5", "8"], ["B3", "W=5"]], ["2", "W", "B8"]
    ),
    "rummy13": _seat([["13"], ["B2", "3", "8"]], [["B3", "2", "2"]], ["W", "5", "8"]),
    "rummy8": _seat([["8"], ["B5", "3"]], [["B2", "2", "2"]], ["W", "5"]),
    "rummy89": _seat(
        [["89"], ["B8", "13", "13", "55"]], [["B21", "8"], ["B13", "W=21"]], ["34", "W"]
    ),
}

#: The three other seats of a 4-player round (left, top, right of the picture).
_FOUR: Final = {
    "rummy21": (
        _seat([["21"]], [["B2", "3"], ["B3", "5", "5"], ["B5", "W=8"]], ["13"]),
        _seat([], [], ["5", "8"]),
        _seat([["21"], ["B8", "W=13"]], [["B2", "3", "3", "3"], ["B3", "5"]], ["2"]),
    ),
    "rummy13": (
        _seat([["13"]], [["B2", "3", "3"], ["B8", "W=2"]], ["3"]),
        _seat([["13"], ["B3", "W=2", "8"]], [["B5"]], []),
        _seat([], [], ["2", "5", "8", "B2"]),
    ),
    "rummy8": (
        _seat([["8"]], [["B3", "2"]], ["5"]),
        _seat([["8"], ["B2", "3", "W=3"]], [["B5", "2"]], ["W", "2"]),
        _seat([], [], ["3", "3"]),
    ),
    "rummy89": (
        _seat([["89"]], [["B8", "13"], ["B13", "21"], ["B21", "W=13"]], ["8"]),
        _seat([["89"], ["B34", "34", "21"], ["B55", "21", "13"]], [["B8", "8"]], ["W", "55"]),
        _seat([], [], ["13", "X"]),
    ),
}


def _two(game: str) -> dict[str, Any]:
    return _game(game, ["Ana", "Ben"], {"out": 0, "tables": [_OUT[game], _TWO[game]]})


def _four(game: str) -> dict[str, Any]:
    tables = [_OUT[game], *_FOUR[game]]
    return _game(game, ["Ana", "Ben", "Cy", "Dee"], {"out": 0, "tables": tables})


#: The games by name (``rummy21-2p`` ...): one round each, Ana (seat 0) goes out.
TABLE_GAMES: Final[Mapping[str, Mapping[str, Any]]] = {
    f"{game}-{n}p": (_two(game) if n == 2 else _four(game))
    for game in ("rummy21", "rummy13", "rummy8", "rummy89")
    for n in (2, 4)
}
