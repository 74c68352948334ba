"""Issue 4 section 3 "every flow can be corrected": a wrong card, the UNDO control card,
then the right card; the replay reads the record as played after the correction.

This is the end-to-end test whose frames go through files (issue 20): written to a
folder of JPEG frames, as a camera's recording is, and read back by ``companion
replay FOLDER`` (the other end-to-end tests hand the drawn frames over in memory).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_videos import TableVideo, example, replay, without_serials

from companion.synthetic.scene import Place, Remove, Scene, Step
from companion.synthetic.scripts import TableScript, table_script
from companion.synthetic.sprites import CardRef

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

WRONG = CardRef("fibonachos", "G5")
UNDO = CardRef("control", "UNDO")


def test_undo_card_takes_back_a_wrong_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = example("fibonachos", "short")
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:2]
    script = table_script(record)
    steps = list(script.steps)
    second_play = [i for i, s in enumerate(steps) if isinstance(s, Place)][2]  # before G16
    mistake: list[Step] = [
        Place(WRONG, 0.75, 0.3, zone="play"),
        Place(UNDO, 0.12, 0.95, hand=True),  # a control card counts anywhere
        Remove((WRONG, UNDO)),
    ]
    steps[second_play:second_play] = mistake
    fixed = TableScript(script.game, script.players, (), tuple(steps), script.options, record)
    video = TableVideo(fixed, Scene((1280, 720), seed=2))
    out = replay(video, capsys, source=video.write(tmp_path / "undo"))
    assert without_serials(out["record"]) == record
    placed = [e["card"] for e in out["events"] if e["event"] == "placed"]
    assert "G5" in placed and "UNDO" in placed
