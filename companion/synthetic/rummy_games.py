"""Rummy games to play at a synthetic table: 2 and 4 players of Fibonacci 21, 13, 8, 89.

Each is the record (DESIGN.md "Game records") of a match of two or three rounds, the
table ending it after the last (R9), written to show everything a table does (issue 11):
a player going out with every set closed (R6), a different one in each round (a seat
other than the first, offered first as the one who played last), a round nobody goes
out, others with closed sets, open sets and a hand, wild cards declared in sets (asked
on the OLED, or given from the menu when the set alone suggests another number) and
held in hands (R5), the bonus card starting a set (R1, not in deck 8), a player who
never opens (R3). Sets are at most four cards, so a set fits a seat's zone at 2304x1296
and 2560x1440 (:func:`companion.synthetic.rummy_seats.deepest_for`); :data:`FULL_TABLE`
has sets of up to eight for a 12 MP picture. :func:`companion.synthetic.rummy.rummy_table`
plays them; the engine referees them first.

    >>> sorted(TABLE_GAMES)[:2]
    ['rummy13-2p', 'rummy13-4p']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from companion.games.json_types import JSONObject, list_field
from companion.games.rummy.deck import DECK_21, DECK_89, DECKS, Deck
from companion.synthetic.rummy_seats import picture_for


def _seat(closed: list[list[str]], open_: list[list[str]], hand: list[str]) -> JSONObject:
    return {
        "closed": [list(s) for s in closed],
        "open": [list(s) for s in open_],
        "hand": list(hand),
    }


def _game(game: str, players: list[str], *rounds: JSONObject) -> JSONObject:
    return {"game": game, "players": list(players), "variants": [], "rounds": list(rounds)}


# Each match's rounds by the game's target number (Fibonacci 21, 13, 8, 89).

#: Who goes out first: every set closed, nothing in hand (R6).
_OUT: Final = {
    21: _seat(
        [["21"], ["X", "13"], ["B3", "5", "13"], ["B5", "3", "13"], ["B8", "13"], ["B13", "W=8"]],
        [],
        [],
    ),
    13: _seat([["13"], ["X", "5"], ["B3", "5", "5"], ["B5", "W=8"], ["B8", "5"]], [], []),
    8: _seat([["8"], ["B2", "3", "3"], ["B3", "5"], ["B5", "W=3"]], [], []),
    89: _seat(
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
    21: _seat([["21"], ["B2", "3", "3", "13"]], [["B5", "8"], ["B3", "W=5"]], ["2", "W", "B8"]),
    13: _seat([["13"], ["B2", "3", "8"]], [["B3", "2", "2"]], ["W", "5", "8"]),
    8: _seat([["8"], ["B5", "3"]], [["B2", "2", "2"]], ["W", "5"]),
    89: _seat([["89"], ["B8", "13", "13", "55"]], [["B21", "8"], ["B13", "W=21"]], ["34", "W"]),
}

#: The three other seats of a 4-player round (left, top, right of the picture).
_FOUR: Final = {
    21: (
        _seat([["21"]], [["B2", "3"], ["B3", "5", "5"], ["B5", "W=8"]], ["13"]),
        _seat([], [], ["5", "8"]),
        _seat([["21"], ["B8", "W=13"]], [["B2", "3", "3", "3"], ["B3", "5"]], ["2"]),
    ),
    13: (
        _seat([["13"]], [["B2", "3", "3"], ["B8", "W=2"]], ["3"]),
        _seat([["13"], ["B3", "W=2", "8"]], [["B5"]], []),
        _seat([], [], ["2", "5", "8", "B2"]),
    ),
    8: (
        _seat([["8"]], [["B3", "2"]], ["5"]),
        _seat([["8"], ["B2", "3", "W=3"]], [["B5", "2"]], ["W", "2"]),
        _seat([], [], ["3", "3"]),
    ),
    89: (
        _seat([["89"]], [["B8", "13"], ["B13", "21"], ["B21", "W=13"]], ["8"]),
        _seat([["89"], ["B34", "34", "21"], ["B55", "21", "13"]], [["B8", "8"]], ["W", "55"]),
        _seat([], [], ["13", "X"]),
    ),
}


def _round(out: int | None, *tables: JSONObject) -> JSONObject:
    return {"out": out, "tables": list(tables)}


#: The later rounds of each 2-player match: Ben (seat 1) goes out, Ana plays on or, in
#: 21, never opens (R3).
_TWO_LATER: Final = {
    21: (
        _round(
            1,
            _seat([], [], ["2", "W", "13", "B8", "5"]),
            _seat(
                [
                    ["21"],
                    ["X", "13"],
                    ["B3", "5", "13"],
                    ["B5", "W=8", "8"],
                    ["B8", "13"],
                    ["B13", "8"],
                ],
                [],
                [],
            ),
        ),
    ),
    13: (
        _round(
            1,
            _seat([["13"]], [["B2", "W=3", "3"], ["B5", "5"]], ["8", "X"]),
            _seat([["13"], ["X", "5"], ["B3", "2", "8"], ["B8", "W=5"], ["B5", "3", "5"]], [], []),
        ),
    ),
    8: (
        _round(
            1,
            _seat([], [["8"], ["B3", "W=3"]], ["2", "5", "W"]),
            _seat([["8"], ["B2", "3", "3"], ["B5", "W=3"], ["B3", "5"]], [], []),
        ),
    ),
    89: (
        _round(
            1,
            _seat([["89"]], [["B8", "13", "W=21"], ["B13", "34"], ["B55"]], ["8", "W"]),
            _seat(
                [
                    ["89"],
                    ["X", "55"],
                    ["B21", "34", "34"],
                    ["B34", "W=55"],
                    ["B55", "21", "13"],
                    ["B13", "55", "21"],
                ],
                [],
                [],
            ),
        ),
    ),
}

#: The later rounds of each 4-player match: another seat goes out each round (Cy, Dee,
#: Ben), one who opened before never opens, and a round of 13 ends with nobody out (R6).
_FOUR_LATER: Final = {
    21: (
        _round(
            2,
            _seat([["21"]], [["B2", "3", "3"], ["B3", "W=13"], ["B13"]], ["5", "8"]),
            _seat([], [], ["W", "X", "2"]),
            _seat(
                [
                    ["21"],
                    ["B2", "W=3", "3", "13"],
                    ["B8", "13"],
                    ["B13", "8"],
                    ["B5", "3", "13"],
                    ["B3", "5", "5", "8"],
                ],
                [],
                [],
            ),
            _seat([["B5", "8", "8"]], [["21"], ["B8", "5"], ["B3", "2"]], ["13"]),
        ),
        _round(
            3,
            _seat([], [["21"], ["X", "2", "2"], ["B5", "5"], ["B3"]], ["W"]),
            _seat([["21"], ["B3", "5", "5", "8"]], [["B8", "W=5"], ["B13"]], []),
            _seat([], [], ["13", "3"]),
            _seat(
                [
                    ["21"],
                    ["B2", "3", "3", "13"],
                    ["B3", "W=2", "8", "8"],
                    ["B5", "8", "8"],
                    ["B8", "13"],
                    ["B13", "5", "3"],
                ],
                [],
                [],
            ),
        ),
    ),
    13: (
        _round(
            1,
            _seat([], [["13"], ["B3", "5"], ["B8"]], ["W"]),
            _seat([["13"], ["B3", "2", "8"], ["B5", "W=3", "5"], ["X", "5"], ["B8", "5"]], [], []),
            _seat([["13"], ["B3", "2", "8"]], [["B8", "2", "3"], ["B2", "W=2"]], ["5"]),
            _seat([], [], ["8", "3", "B5"]),
        ),
        _round(
            None,
            _seat([["13"]], [["B2", "3", "3"], ["B8", "W=5"]], ["2"]),
            _seat([], [["13"], ["X", "2"], ["B5", "3"]], ["W", "8"]),
            _seat([["B3", "5", "5"]], [["13"], ["B2", "W=8"]], []),
            _seat([["13"], ["B8", "5"]], [["B5", "2"]], ["3", "3"]),
        ),
    ),
    8: (
        _round(
            3,
            _seat([["8"]], [["B2", "2"]], ["W", "5"]),
            _seat([], [], ["3", "2", "B5"]),
            _seat([], [["8"], ["B3", "W=2"], ["B5", "3"]], ["2"]),
            _seat([["8"], ["B2", "3", "3"], ["B3", "5"], ["B5", "W=3"]], [], []),
        ),
    ),
    89: (
        _round(
            2,
            _seat([["89"], ["B21", "34", "34"]], [["B8", "13"], ["B55", "W=8"]], ["21"]),
            _seat([], [["89"], ["X", "21"], ["B13", "8"], ["B34", "13"]], ["W"]),
            _seat(
                [
                    ["89"],
                    ["B8", "W=13", "13", "55"],
                    ["B13", "21", "55"],
                    ["B34", "55"],
                    ["B55", "34"],
                    ["B21", "34", "34"],
                ],
                [],
                [],
            ),
            _seat([], [], ["55", "34", "B21"]),
        ),
    ),
}


def _two(deck: Deck) -> JSONObject:
    first = _round(0, _OUT[deck.target], _TWO[deck.target])
    return _game(deck.game, ["Ana", "Ben"], first, *_TWO_LATER[deck.target])


def _four(deck: Deck) -> JSONObject:
    first = _round(0, _OUT[deck.target], *_FOUR[deck.target])
    return _game(deck.game, ["Ana", "Ben", "Cy", "Dee"], first, *_FOUR_LATER[deck.target])


#: The matches by name (``rummy21-2p`` ...): Ana (seat 0) goes out in the first round,
#: another player in each later one.
TABLE_GAMES: Final[Mapping[str, JSONObject]] = {
    f"{deck.game}-{n}p": (_two(deck) if n == 2 else _four(deck))
    for deck in DECKS.values()
    for n in (2, 4)
}

#: A match of 21 at a full-size table (4 players, a 12 MP picture, docs/rummy.md "The
#: camera"): sets of six to eight cards (:func:`companion.synthetic.rummy_seats.deepest_for`),
#: Ben goes out, then Dee; a wild card asked in a set of five, another given from the menu.
FULL_TABLE: Final[JSONObject] = _game(
    DECK_21.game,
    ["Ana", "Ben", "Cy", "Dee"],
    _round(
        1,
        _seat(
            [["21"], ["B2", "2", "2", "3", "3", "3", "3", "3"]],
            [["B3", "2", "2", "3", "W=5"], ["B5", "5", "5"]],
            ["13", "8"],
        ),
        _seat(
            [
                ["21"],
                ["B8", "2", "2", "2", "2", "3", "2"],
                ["B13", "3", "5"],
                ["X", "5", "8"],
                ["B5", "W=3", "3", "2", "8"],
                ["B3", "5", "13"],
            ],
            [],
            [],
        ),
        _seat([["B2", "3", "3", "13"]], [["21"], ["B13", "W=3"], ["B3", "5", "5"]], ["X", "2"]),
        _seat([], [], ["5", "8", "13", "2"]),
    ),
    _round(
        3,
        _seat(
            [["21"], ["B5", "3", "3", "5", "5"]],
            [["B8", "3", "3", "W=5"], ["B13", "2", "3"]],
            ["W"],
        ),
        _seat([], [], ["13", "13", "8", "B8"]),
        _seat([], [["21"], ["B2", "3", "3"], ["B5", "2", "5"], ["B13"]], ["2", "X"]),
        _seat(
            [
                ["21"],
                ["B3", "2", "2", "2", "3", "3", "3", "3"],
                ["B2", "W=2", "2", "2", "2", "3", "8"],
                ["B13", "8"],
                ["B5", "8", "8"],
                ["B8", "13"],
            ],
            [],
            [],
        ),
    ),
)

#: A full-size table's picture: the Camera Module 3's whole 12 MP (docs/rummy.md).
FULL_PICTURE: Final = (4608, 2592)
#: Every table above with the picture it is played in (docs/rummy.md "The camera").
TABLE_PICTURES: Final[Mapping[str, tuple[JSONObject, tuple[int, int]]]] = {
    **{
        name: (record, picture_for(len(list_field(record, "players"))))
        for name, record in TABLE_GAMES.items()
    },
    "full-table": (FULL_TABLE, FULL_PICTURE),
}

#: Two players at the small table's picture (2304 x 1296, a column holds four cards) with
#: the long sets of 21 and 89 (five to eight cards), each folded into a second column
#: as docs/rummy.md "A set longer than your zone" tells a player: Ana goes out with six
#: closed sets filling her row (nine columns), Ben keeps an open folded set with a wild
#: card in its second column.
FOLDED_TABLES: Final[Mapping[str, JSONObject]] = {
    f"{DECK_21.game}-folded": _game(
        DECK_21.game,
        ["Ana", "Ben"],
        _round(
            0,
            _seat(
                [
                    ["21"],
                    ["B2", "3", "3", "3", "3", "3", "2", "2"],
                    ["B3", "2", "2", "2", "2", "2", "3", "5"],
                    ["B5", "3", "3", "2", "8"],
                    ["B8", "5", "8"],
                    ["B13", "8"],
                ],
                [],
                [],
            ),
            _seat(
                [["21"]],
                [["B3", "2", "2", "2", "3", "W=5"], ["B13", "5"], ["B8", "13"]],
                ["8", "X"],
            ),
        ),
    ),
    f"{DECK_89.game}-folded": _game(
        DECK_89.game,
        ["Ana", "Ben"],
        _round(
            0,
            _seat(
                [
                    ["89"],
                    ["B8", "13", "13", "13", "13", "13", "8", "8"],
                    ["B13", "21", "21", "34"],
                    ["B21", "13", "13", "8", "8", "13", "13"],
                    ["B34", "21", "34"],
                    ["B55", "34"],
                ],
                [],
                [],
            ),
            _seat(
                [], [["89"], ["B8", "8", "8", "13", "13", "8"], ["B21", "21"], ["B13"]], ["55", "W"]
            ),
        ),
    ),
}
