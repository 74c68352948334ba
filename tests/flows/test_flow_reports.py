"""A flow's report is typed (issue 9) and its JSON is the documented score object.

The hex referee counts moves without seeing the board: its report is a
:class:`~companion.games.HexReport` of the game ``hex-referee`` (the hex shape with
counts for moves and no board, docs/notation.md), pinned here as ``companion score
--json`` prints it.
"""

from __future__ import annotations

import json

from companion.flows.commands import EndTurn, Move, Strikes, Winner
from companion.flows.registry import make_flow
from companion.games import HexReport
from companion.games.hex import Side

TURNS = (
    '"turns": [{"player": "black", "allowed": 1, "moves": 1, "strikes": 0, "card": null}, '
    '{"player": "white", "allowed": 2, "moves": 1, "strikes": 0, "card": null}, '
    '{"player": "black", "allowed": 2, "moves": 0, "strikes": 1, "card": null}]'
)


def test_the_referee_report_is_typed_and_writes_the_documented_json() -> None:
    """H2: turns of 1 and 2 moves, then 2 (one strike piece on Black's centre); White wins."""
    flow = make_flow("hex-referee", ["Black", "White"], [], options={})
    for command in (Move(), Move(), EndTurn(), Strikes(1)):
        flow.command(command)
    report = flow.report()
    assert isinstance(report, HexReport) and report.game == "hex-referee"
    assert report.winner is None and not report.complete
    assert [(t.player, t.allowed, t.moves) for t in report.turns] == [
        (Side.BLACK, 1, 1),
        (Side.WHITE, 2, 1),
        (Side.BLACK, 2, 0),
    ]
    head = '{"game": "hex-referee", "players": ["Black", "White"], '
    assert json.dumps(report.to_json()) == head + TURNS + ', "winner": null}'
    flow.command(Winner("white"))
    over = flow.report()
    assert over.complete and isinstance(over, HexReport) and over.winner is Side.WHITE
    assert json.dumps(over.to_json()) == head + TURNS + ', "winner": "white"}'
