"""Issue 4 section 5: a game of Fibonacci's Trump at a synthetic table replays into its record.

Indicators go on their spots at the start of each round (T2), tricks are played and
cleared, the indicators are taken with the last trick (T5); round 2's leader is
derived (T3). Read back through ``companion replay`` (the CLI's main()); the two
whole rounds are the end-to-end test whose frames go through a video file (issue 20).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_videos import example, replay, table_video, without_serials

from companion.games.scoring import score_record
from companion.synthetic.scene import Scene
from companion.synthetic.scripts import BUSY

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow


def test_a_round_and_a_half_reads_back_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """T2-T6: 4 players, a full round of 12 tricks, then round 2 stopped mid-trick."""
    record = example("trump", "short")
    scene = Scene((1280, 720), seed=7, tilt=(6.0, -3.0))
    out = replay(table_video(record, mess=BUSY, scene=scene), capsys)
    assert without_serials(out["record"]) == record
    assert out["score"] == score_record(record).to_json()
    zones = {e["card"]: e["zone"] for e in out["events"] if e["event"] == "placed"}
    assert zones["R10"] == "trump-indicator"
    assert zones["B1"] == "symbol-indicator"


def test_two_full_rounds_from_an_avi(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """T2-T6 over two whole rounds of four players (24 tricks), from an MJPG video
    rather than a folder of frames. (A whole game to 144, T7, is 68 rounds here: the
    rules tests cover the end; the table reads the same tricks.)"""
    record = example("trump", "full-game-4p")
    record["rounds"] = record["rounds"][:2]
    video = table_video(record, mess=BUSY)
    out = replay(video, capsys, source=video.write(tmp_path / "trump.avi"))
    assert without_serials(out["record"]) == record
    assert out["score"] == score_record(record).to_json()
    assert len(out["score"]["rounds"]) == 2
