"""Issue 26 item 1: Fibonacci 13 and 8 matches laid with one printed Deck 21 replay exactly.

R1 plays Fibonacci 13 and 8 with Deck 21 "with cards removed". Each match is a record
of companion.synthetic.rummy_games (two or three rounds, two players) played at a
synthetic table as docs/rummy.md tells a table to, at the picture it recommends for two
players (2304x1296), every card drawn from Deck 21's printed codes
(``rummy_table(..., printed="rummy21")``: Fibonacci 13's top card is Deck 21's base 13,
Fibonacci 8's is its base 8). The frames go from the renderer to the daemon's loop in
memory (the synthetic camera, :func:`companion.daemon.replay.replay_game`, the loop
``companion replay`` runs), with the generator's button script and layout. The replay
must read the engine's record round for round (serials and the order of open sets
aside, as R7 scores neither) and its totals, with nothing refused.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

import pytest
from e2e_videos import rummy_normalised as normalised

from companion.daemon.links import TableClock
from companion.daemon.replay import ReplayResult, replay_game, start_session
from companion.flows.registry import check_options
from companion.games.json_types import list_field
from companion.games.registry import get_game
from companion.synthetic.rummy import RummyTable, rummy_table
from companion.synthetic.rummy_games import TABLE_GAMES
from companion.synthetic.rummy_seats import picture_for
from companion.synthetic.scene import Place, Scene
from companion.table.layout import parse_layout
from companion.table.reader import TableReader
from hardware.buttons_replay import parse_script
from hardware.camera import open_camera

#: A whole match rendered and read: 25-60 s each on a shared 2-core machine.
pytestmark = pytest.mark.slow

FPS = 10.0
#: Cards 190 px wide, as test_replay_rummy_rounds.py draws them (docs/camera.md).
CARD_WIDTH = 190


def replay_in_memory(record: Mapping[str, Any]) -> tuple[RummyTable, ReplayResult]:
    """``record`` laid with Deck 21's cards and read back through the daemon's loop."""
    size = picture_for(len(record["players"]))
    scene = Scene(size, seed=7, card_width=CARD_WIDTH)
    table = rummy_table(record, scene, fps=FPS, printed="rummy21")
    images = (frame.image for frame in scene.frames(table.script.steps, fps=FPS))
    clock = TableClock()
    script = table.script
    options = check_options(script.game, script.options, len(script.players))
    session, flow = start_session(
        script.game, script.players, script.variants, options, clock=clock
    )
    layout = parse_layout(tomllib.loads(table.layout), "generator")
    buttons = parse_script(table.buttons, "generator")
    settings = {"frames": images, "fps": FPS, "width": size[0], "height": size[1]}
    with open_camera("synthetic", **settings) as camera:
        result = replay_game(camera, TableReader(layout), session, flow, clock, buttons=buttons)
    return table, result


@pytest.mark.parametrize("name", ["rummy13-2p", "rummy8-2p"])
def test_a_match_laid_with_deck_21_replays_into_its_record(name: str) -> None:
    """Issue 26, R1-R9: a Fibonacci 13 (then 8) match whose every card is a printed
    Deck 21 card (the camera reads their codes: Deck 21's base 13s, or base 8s, are
    the top cards) replays into the engine's record of the match and its totals,
    with nothing refused."""
    record = TABLE_GAMES[name]
    table, result = replay_in_memory(record)
    decks = {step.card.deck for step in table.script.steps if isinstance(step, Place)}
    assert decks == {"rummy21"}  # drawn from Deck 21 alone (the layout needs no card)
    top = "B13" if record["game"] == "rummy13" else "B8"
    assert any(row.card.startswith(f"{top}#") for row in result.events)  # read as printed
    assert len(list_field(table.record, "rounds")) >= 2
    assert normalised(result.record) == normalised(table.record), result.refusals()
    assert result.refusals() == []
    engine = get_game(str(record["game"])).from_record(record).report()
    assert list(result.report.totals) == list(engine.totals)
