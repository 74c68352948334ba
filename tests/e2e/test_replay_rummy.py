"""Issue 4 sections 3 and 5: rummy sets laid out overlapping, read back as the right sets.

Each set is a column from its base card down, every card's lower edge over the
card below, so only the top strip (with its corner code) of all but the last card
shows (R2; card_codes' faces). The cards here are 180 px wide at 1920 x 1080 (a
camera some 50 cm above the meld zones): the corner codes need about two pixels a
module, which ``companion calibrate`` checks on a real table.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_videos import TableVideo, without_serials

from companion.daemon.links import TableClock
from companion.daemon.replay import replay_game, start_session
from companion.flows.rummy import RummyFlow
from companion.synthetic.scene import Scene, Wait
from companion.synthetic.scripts import TableScript, meld_layout, rummy_steps
from companion.table.layout import load_layout
from companion.table.reader import TableReader

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

TABLES = [
    [["B2", "3", "3", "13"], ["B5", "8", "8"]],  # Ana (seat 0, the bottom band)
    [["B3", "5", "13"], ["21"]],  # Ben
]


def read_sets(tmp_path: Path, *, hand: bool) -> list[list[list[str]]]:
    """Lay out TABLES at a synthetic table, replay it; each seat's sets as read."""
    scene = Scene((1920, 1080), seed=5, card_width=180)
    width, height = scene.card_fraction()
    laid = rummy_steps("rummy21", TABLES, card_height=height, card_width=width, hand=hand)
    layout_file = tmp_path / "melds.toml"
    layout_file.write_text(meld_layout(len(TABLES)), encoding="utf-8")
    script = TableScript("rummy21", ("Ana", "Ben"), (), (*laid, Wait(5)))

    clock = TableClock()
    session, flow = start_session("rummy21", ["Ana", "Ben"], [], None, clock=clock)
    reader = TableReader(load_layout(layout_file))
    with TableVideo(script, scene).camera() as camera:
        result = replay_game(camera, reader, session, flow, clock)
    assert isinstance(flow, RummyFlow)
    assert {e.zone for e in result.events} == {"meld-0", "meld-1"}
    return [
        sorted(without_serials([str(card) for card in cards]) for cards, _ in flow.sets(seat))
        for seat in range(len(TABLES))
    ]


def test_overlapping_sets_are_read_as_laid_out(tmp_path: Path) -> None:
    """R2: the cards group into the sets they were laid in, per seat's meld zone."""
    assert read_sets(tmp_path, hand=False) == [sorted(sets) for sets in TABLES]


def test_overlapping_sets_laid_by_hand_are_read_as_laid_out(tmp_path: Path) -> None:
    """R2 with a hand reaching in for every card, as at a real table."""
    assert read_sets(tmp_path, hand=True) == [sorted(sets) for sets in TABLES]
