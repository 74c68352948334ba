"""Issue 11 items 1 and 5: the rummy table protocol played through the flow and the OLED.

Each synthetic rummy table (:func:`companion.synthetic.rummy.rummy_table`) is fed, with
no video, to what the daemon runs: every card put down or taken off as a table event
of the rummy flow, every button of its script to the interface (:class:`UiApp`), whose
commands go to the flow. The OLED's questions must be the ones the script answers (a
closing confirmed with one press, R4; a wild card's number among those that fit its
set, R5; the player who went out, offered first, R6), and the record must be the one
played. Each card carries its seat's side (``facing``), as the layout gives it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest
from layout_scenes import layout_scene
from loose import loose

from companion.flows.base import GameFlow, NoticeKind
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus
from companion.games.json_types import list_field
from companion.games.registry import get_game
from companion.synthetic.rummy import rummy_table
from companion.synthetic.rummy_games import TABLE_PICTURES
from companion.synthetic.scene import Place, Remove
from companion.table.cards import TableCard
from companion.ui.app import UiApp
from companion.ui.commands import EndGame, Flow, Undo
from hardware.buttons_replay import parse_script

FPS = 10.0


#: The matches and their pictures (docs/rummy.md "The camera").
TABLES = TABLE_PICTURES


def play(record: Mapping[str, Any], size: tuple[int, int]) -> tuple[GameFlow, list[str], list[int]]:
    """The table of ``record`` through the flow and the interface: the flow, the refusals,
    and for each time the interface ended the game (End game), the rounds then scored."""
    scene = layout_scene(size)
    table = rummy_table(record, scene, fps=FPS)
    game, players = table.script.game, list(table.script.players)
    flow = make_flow(game, players, [], options={})
    app = UiApp()
    app.game_started(game, players)
    app.flow_status(flow.status())
    presses = parse_script(table.buttons, "buttons")
    refused: list[str] = []
    ended: list[int] = []
    lying: dict[object, TableCard] = {}
    sides = {f"meld-{i}": seat.side for i, seat in enumerate(table.seats)}

    def after(notices: list[Any], now: float) -> None:
        refused.extend(n.message for n in notices if n.kind is NoticeKind.REFUSED)
        app.notices(notices, now)
        app.flow_status(flow.status())

    def press_until(now: float) -> None:
        while presses and presses[0].time <= now:
            event = presses.pop(0)
            for command in app.button(event):
                if isinstance(command, Flow):
                    after(flow.command(command.command), event.time)
                elif isinstance(command, Undo):
                    after(flow.undo(), event.time)
                elif isinstance(command, EndGame):
                    ended.append(len(loose(flow.record())["rounds"]))
            app.tick(event.time)

    frames = 0
    for step in table.script.steps:
        now = frames / FPS
        press_until(now)
        if isinstance(step, Place):
            key, where, facing = str(id(step.card)), (step.x, step.y), sides[step.zone]
            card = TableCard(key, game, step.card.notation, step.zone, where, facing=facing)
            lying[step.card] = card
            after(flow.placed(card), now)
        elif isinstance(step, Remove):
            for ref in step.cards:
                after(flow.removed(lying.pop(ref)), now)
        frames += scene.count_frames([step])
    press_until(float("inf"))
    return flow, refused, ended


def normalised(record: Mapping[str, Any]) -> Any:
    """The record without serials (``#n``), each seat's open sets in one order."""
    plain = json.loads(re.sub(r"#[0-9]+", "", json.dumps(record)))
    for rnd in plain["rounds"]:
        for seat in rnd["tables"]:
            seat["open"] = sorted(seat["open"])
    return plain


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_button_script_answers_the_flows_questions_into_the_record(name: str) -> None:
    """R1-R9, issue 11: in every round every closing is asked and confirmed, every wild
    card with more than one number is asked and answered, the player who went out is
    offered first; after the last round the table ends the match (End game, once): the
    flow's record is the match played, with nothing refused."""
    record, size = TABLES[name]
    flow, refused, ended = play(record, size)
    assert refused == []
    assert ended == [len(list_field(record, "rounds"))]
    expected = get_game(str(record["game"])).from_record(record).to_record()
    assert normalised(flow.record()) == normalised(expected)
    status = flow.status()
    assert isinstance(status, RummyStatus)
    assert status.closing is None and status.asking is None
