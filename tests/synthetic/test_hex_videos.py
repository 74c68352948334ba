"""Synthetic board videos replayed into their exact hex records (issue 24 parts 3-5)."""

from __future__ import annotations

import math

import pytest

from companion.games.hex import HexState, new_game
from companion.synthetic.hex_games import HexVideo, endgame_video, opening_video
from companion.synthetic.hex_scene import HexScene
from companion.synthetic.lens import Lens
from companion.synthetic.raised import Raised
from companion.table import hex_board, hex_view
from companion.table.hex_camera import HexCamera
from companion.table.hex_referee import Played, Refused


def _replay(
    video: HexVideo,
    *,
    tilt: float = 0.0,
    lens: Lens | None = None,
    raised: Raised | None = None,
    offcentre: float = 0.0,
) -> tuple[HexCamera, list[object]]:
    scene = HexScene(
        (1280, 720),
        2.3,
        seed=7,
        tilt=tilt,
        frames_per_step=1,
        lens=lens,
        raised=raised,
        offcentre=offcentre,
    )
    if lens is not None:  # the board larger, against the picture's right edge
        scene.scale_board(1.1)
        scene.pose = (1280 - 0.55 * 2.3 * 430, 360.0, 0.0)
    camera = HexCamera(new_game(start=video.start), still_frames=3)
    verdicts = [camera.frame(frame) for frame in scene.frames(video.start, video.script.steps)]
    return camera, [v for v in verdicts if v is not None]


#: The opening video (the longest) in the slow set; the endgame, with its group move,
#: displacement and refusals, in the fast set too (issue 20).
VIDEOS = [pytest.param(opening_video(), marks=pytest.mark.slow), endgame_video()]


@pytest.mark.parametrize("video", VIDEOS, ids=lambda v: v.name)
def test_a_board_video_replays_into_its_exact_record(video: HexVideo) -> None:
    """H2-H4: every move read, every refusal made, the record exact; no button pressed."""
    camera, verdicts = _replay(video)
    record = camera.game.to_record()
    if "start" not in video.record:
        record.pop("start", None)
    assert record == video.record
    assert tuple(v.fault.value for v in verdicts if isinstance(v, Refused)) == video.refused
    assert HexState.from_record(record).to_record() == record


def test_the_endgame_shows_every_allowance_and_the_win() -> None:
    """H2: allowances 1, 2-1, 3, 4-4 (ended at once), 5; H4: Black wins on turn 5."""
    camera, verdicts = _replay(endgame_video(), tilt=10.0)
    assert [turn.allowed for turn in camera.game.turns] == [1, 1, 3, 0, 5]
    assert camera.game.winner is not None and camera.game.winner.value == "black"
    played = [v for v in verdicts if isinstance(v, Played)]
    assert played[-1].winner is not None and sum(v.skipped for v in played) == 1


def test_the_endgame_through_a_wide_lens_replays_into_its_exact_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """H2-H4 through a wide lens (20% at the picture's corners, growing faster at the
    edges; the board against the picture's right edge): the reader straightens the bend
    (companion.table.hex_view) and every move, refusal and the win come out as through
    a perfect lens. Through the plain homography the same video gives another record."""
    video, lens = endgame_video(), Lens(-20.0, 0.3)
    camera, verdicts = _replay(video, lens=lens)
    record = camera.game.to_record()
    assert record == video.record
    assert tuple(v.fault.value for v in verdicts if isinstance(v, Refused)) == video.refused
    assert camera.view is not None and camera.view.bend.amount < 0
    monkeypatch.setattr(hex_view, "REFIT_MM", math.inf)  # no bend looked for
    plain, _ = _replay(video, lens=lens)
    assert plain.game.to_record() != video.record


def test_the_endgame_with_tall_pieces_from_a_slanted_camera_replays_exactly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """H2-H4 with 20 mm pieces put down up to 4 mm off centre, filmed from a camera set
    back as a 20-degree slant sets it: the reader finds how far their codes are seen
    out (companion.table.hex_parallax) and every move, refusal and the win come out
    as with flat tokens. Read through the plain view the same video gives another
    record."""
    video, raised = endgame_video(), Raised(20.0, (0.5, 1.0))
    camera, verdicts = _replay(video, raised=raised, offcentre=4.0)
    assert camera.game.to_record() == video.record
    assert tuple(v.fault.value for v in verdicts if isinstance(v, Refused)) == video.refused
    assert camera.parallax is not None and camera.parallax.scale > 1.03
    monkeypatch.setattr(hex_board, "fit_parallax", lambda *_: None)
    plain, _ = _replay(video, raised=raised, offcentre=4.0)
    assert plain.game.to_record() != video.record
