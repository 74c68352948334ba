"""``companion demo --game rummy21``: a whole Fibonacci 21 match read from a synthetic table.

The match (:data:`companion.synthetic.rummy_games.TABLE_GAMES`, two players, two
rounds) is laid out by hands at a table drawn by :class:`~companion.synthetic.scene.Scene`
(:func:`~companion.synthetic.rummy.rummy_table`): each player's sets in front of them,
cards overlapping down a column, closed sets taken off the table (R6), wild cards
declared on the OLED (R5), a player going out, the hands counted at each round's end.
The frames go through the daemon's own loop with the layout the table's calibration
writes and the buttons pressed as the players press them (the menu's "Wild card",
"End round", "End game"): the reader, the rummy flow, the rules engine, the journal and
the OLED. The record read must be the match played (the caller compares them, each
card's copy left out: which copy lay there is not the game).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from companion.daemon.build import Devices, assemble
from companion.daemon.demo import (
    FINAL_SECONDS,
    WINDOW_SECONDS,
    Progress,
    Showing,
    files_speech,
    pacer,
)
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.parts import Part, TableFacade
from companion.daemon.replay import start_session
from companion.games.json_types import JSONObject
from companion.games.report import GameReport
from companion.synthetic.rummy import rummy_table
from companion.synthetic.rummy_games import TABLE_GAMES
from companion.synthetic.rummy_seats import picture_for
from companion.synthetic.scene import Scene
from companion.table.layout import parse_layout
from companion.table.reader import TableReader
from companion.ui.app import UiApp
from companion.ui.screens import View
from hardware.buttons_replay import ReplayButtons, parse_script
from hardware.camera import open_camera

#: The match the demo plays: Fibonacci 21, two players.
MATCH = "rummy21-2p"
FPS = 10.0
#: Cards 190 pixels wide in the picture docs/rummy.md advises for two players.
CARD_WIDTH = 190


@dataclass
class RummyDemoResult:
    """What the camera read, what was played, and the OLED's last screen."""

    record: JSONObject
    played: JSONObject
    report: GameReport
    frames: int
    table_seconds: float
    presses: int
    final: View | None = None


def run_rummy_demo(showing: Showing) -> RummyDemoResult:
    """Play the match through the daemon's loop (module docstring); paced, the match
    shows in about :data:`~companion.daemon.demo.WINDOW_SECONDS` (a window)."""
    scene = Scene(picture_for(2), seed=showing.seed, card_width=CARD_WIDTH)
    table = rummy_table(TABLE_GAMES[MATCH], scene, fps=FPS)
    script = table.script
    layout = parse_layout(tomllib.loads(table.layout), "the demo table's calibration")
    presses = parse_script(table.buttons, "the demo players' presses")
    clock = TableClock()
    total = scene.count_frames(script.steps)
    images = (frame.image for frame in scene.frames(script.steps, fps=FPS))
    camera = open_camera("synthetic", frames=images, fps=FPS)
    speed = total / FPS / WINDOW_SECONDS if showing.paced else None
    timed = ClockedCamera(camera, clock, pacer(speed))
    buttons = ReplayButtons(presses, clock=clock, start=0.0)
    session, flow = start_session(script.game, script.players, script.variants, None, clock=clock)
    voice = files_speech(showing.speech, showing.say, showing.progress)

    def parts(table: TableFacade) -> list[Part]:
        return [] if voice is None else [voice(table)]

    daemon = assemble(
        session,
        TableReader(layout),
        Devices(
            camera=lambda: timed, display=lambda: showing.display(clock), buttons=lambda: buttons
        ),
        clock=clock,
        app=UiApp(language=showing.language, now=clock()),
        camera_retry=False,
        frame_timeout=1.0,
        parts=parts,
    )
    shown = Progress(showing.progress, total)
    daemon.start()
    daemon.start_parts()
    try:
        while not daemon.ended:
            daemon.step()
            shown.rounds_read(flow.report())
            shown.frames_read(daemon.reader.stats.frames)
        final = daemon.app.screen(clock.now)
        clock.now += FINAL_SECONDS  # the final scores stay on screen (the GIF's end)
    finally:
        daemon.links.close()
        daemon.close_parts()
    return RummyDemoResult(
        record=flow.record(),
        played=dict(script.record),
        report=flow.report(),
        frames=daemon.reader.stats.frames,
        table_seconds=clock.now,
        presses=len(presses) - buttons.left,
        final=final,
    )
