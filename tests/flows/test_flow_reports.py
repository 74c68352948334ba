"""A flow's report is typed (issue 9) and its JSON, journaled as the game's score, is unchanged.

The hex referee counts moves without seeing the board: its report is a
:class:`~companion.games.HexReport` with no board and counts for moves, and its JSON
(``"mode": "referee"``) is pinned as it was written before the reports were typed.
"""

from __future__ import annotations

import json

from companion.flows.base import FlowCommand
from companion.flows.registry import make_flow
from companion.games import HexReport
from companion.games.hex import Side

TURNS = (
    '"turns": [{"player": "black", "allowed": 1, "moves": 1}, '
    '{"player": "white", "allowed": 2, "moves": 1}, '
    '{"player": "black", "allowed": 2, "moves": 0}]'
)


def test_the_referee_report_is_typed_and_writes_the_json_it_always_wrote() -> None:
    """H2: turns of 1 and 2 moves, then 2 (one strike piece on Black's centre); White wins."""
    flow = make_flow("hex", ["Black", "White"], [], options={})
    for name, args in [("move", {}), ("move", {}), ("end-turn", {}), ("strikes", {"n": 1})]:
        flow.command(FlowCommand(name, args))
    report = flow.report()
    assert isinstance(report, HexReport)
    assert report.board is None and report.winner is None and not report.complete
    assert [(t.player, t.allowed, t.moves) for t in report.turns] == [
        (Side.BLACK, 1, 1),
        (Side.WHITE, 2, 1),
        (Side.BLACK, 2, 0),
    ]
    assert json.dumps(report.to_json()) == (
        '{"game": "hex", "mode": "referee", ' + TURNS + ', "winner": null, "board": null}'
    )
    flow.command(FlowCommand("winner", {"side": "white"}))
    over = flow.report()
    assert over.complete and isinstance(over, HexReport) and over.winner is Side.WHITE
    assert json.dumps(over.to_json()) == (
        '{"game": "hex", "mode": "referee", ' + TURNS + ', "winner": "white", "board": null}'
    )
