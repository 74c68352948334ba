"""The camera off the board, through the daemon's own loop (issue 24 item 3: what the
referee cannot see is said, not passed over in silence).

The camera knocked aside, the board covered or taken away while the camera referees:
no frame shows the board's corner squares, so no move can be seen. Before, the table
said nothing at all, and the players went on playing moves nobody counted. Now, after
10 s the OLED says "Board not seen" and what to do, the log says it once with how many
corner squares were seen; a frame showing the board takes the words back, and the
game goes on where it was.
"""

from __future__ import annotations

import logging

import pytest
from hex_table import play_frames, said_lines

from companion.games.hex import START
from companion.synthetic.hex_scene import Away, HexScene, HexStep, Hold, Lift, Put
from companion.views import HexView

pytestmark = pytest.mark.slow

SAID = "Point the camera at the board, its corner squares in sight."


def test_a_camera_off_the_board_is_said_after_10_s_until_the_board_is_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """H2: 12 s of pictures of the bare table (60 frames at 5 a second) after the first
    position; the OLED says the board is not seen once 10 s have passed, the log says
    so once; the board back, the words go, and Black's one move (b2-c2) is taken."""
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    before = list(scene.frames(START, [Hold(4)]))
    bare = [scene.table.copy() for _ in range(60)]  # the wood, no board in sight
    steps: list[HexStep] = [Hold(4), Lift(16), Put(16, "c2"), Away(), Hold(6)]
    after = list(scene.frames(START, steps))
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        table = play_frames(START, before + bare + after)
    assert SAID in said_lines(table.screens)
    said = [i for i, s in enumerate(table.screens) if SAID in getattr(s, "lines", ())]
    assert isinstance(table.screens[said[-1] + 1], HexView)  # the board back: words gone
    messages = [r.getMessage() for r in caplog.records]
    (lost,) = [m for m in messages if "not found in the picture" in m]
    assert lost.startswith("hex board: not found in the picture for 10.0 s (0 of its corner")
    assert messages.index(lost) < messages.index("hex board: found in the picture again")
    assert table.record()["turns"][0] == ["b2-c2"]
