"""Issue 4 section 5: a Fibonachos game played at a synthetic table replays into its record.

The video goes through ``companion replay`` (the CLI's main(), the daemon's own
pipeline); the record read back must be the record played (serials aside: records
may leave them out) and score exactly as ``companion score`` scores the original.
"""

from __future__ import annotations

from typing import Any

import pytest
from e2e_videos import example, replay, table_video, without_serials

from companion.games.scoring import score_record
from companion.synthetic.scene import Scene
from companion.synthetic.scripts import BUSY, Mess

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow


def one_round(name: str) -> dict[str, Any]:
    record = example("fibonachos", name)
    record["rounds"] = record["rounds"][:1]
    return record


def test_tilted_camera_on_wood(capsys: pytest.CaptureFixture[str]) -> None:
    """A camera tilted 10 degrees forward, 4 sideways: the whole table in perspective."""
    record = one_round("short")
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:5]
    scene = Scene((1280, 720), background="wood", seed=4, tilt=(10.0, 4.0))
    out = replay(table_video(record, mess=Mess(hands=0.5, seed=3), scene=scene), capsys)
    assert without_serials(out["record"]) == record


def test_full_three_round_game(capsys: pytest.CaptureFixture[str]) -> None:
    """F6, F8: three rounds of 17 tricks with hands, light changes and blur, the dealer
    moving clockwise: each trick's spicy card revealed, the plays in seat order, the
    trick cleared; every card placed once, nothing refused, the match complete with
    its winner."""
    record = example("fibonachos", "full-3p")
    out = replay(table_video(record, mess=BUSY), capsys)
    assert without_serials(out["record"]) == record
    assert out["score"] == score_record(record).to_json()
    assert out["score"]["complete"] is True
    assert "refused" not in out["stderr"]
    placed = [e for e in out["events"] if e["event"] == "placed"]
    tricks = [trick for rnd in record["rounds"] for trick in rnd["tricks"]]
    assert len(placed) == sum(len(t["plays"]) + (t["spicy"] is not None) for t in tricks)
