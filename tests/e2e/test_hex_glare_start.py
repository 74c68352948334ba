"""A lamp's glare over some of the start's pieces at a table the daemon referees (issue 24;
RULES.md H1, H2; companion.table.hex_start): the pieces lying in its white heart are
never seen, yet the game starts from the start position (here the endgame video's,
given as ``--start`` gives it) when every piece seen stands on its start cell; the log
names the pieces taken in glare, the players are told nothing, and the moves are
refereed. A piece moved off its start cell before the first position is taken is not
put back there by the rule."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hex_table import FPS, Table, factory, play, run
from power_cut import FrameRange

from card_codes.hex_board import CELL_CENTRES
from companion.daemon.links import TableClock
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.glare import Glare
from companion.synthetic.hex_games import NEAR, HexScript, endgame_video
from companion.synthetic.hex_scene import HexScene, Hold, Knock
from companion.views import MessageView

SIZE = (1280, 720)
SCALE = 2.3
LOGGER = "companion.daemon.board_camera"


def _scene(cell: str, strength: float = 1.0, mm: float = 80.0) -> HexScene:
    """The endgame's camera (seed 7, as bench/hex_glare.py) under a white reflection
    ``mm`` across over ``cell`` (strength 1: nothing left of a code at its heart)."""
    glare = Glare(HexScene(SIZE, SCALE).where(*CELL_CENTRES[cell]), mm, strength)
    return HexScene(SIZE, SCALE, seed=7, frames_per_step=1, glare=glare)


def _glare_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "in a lamp's glare" in r.getMessage()]


def _not_seen(table: Table) -> list[str]:
    return [
        line
        for s in table.screens
        if isinstance(s, MessageView)
        for line in s.lines
        if "not seen" in line
    ]


def test_a_game_starts_with_whites_pieces_in_glare_and_is_refereed_exactly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24, H1, H2: a lamp's white reflection over White's pieces by j6 hides five of
    them (j5, j6, j7, k5, k6) from the start; every other piece stands where the start
    puts it, so the start is the first position, those five kept on their cells in
    glare. Every move, the refusal, the turn of 0 moves and Black's win are refereed
    into the video's exact record (before: no position taken, nothing refereed); the
    log names the five, the screen never says them "not seen"."""
    video = endgame_video()
    with caplog.at_level(logging.INFO, logger=LOGGER):
        table = play(video.start, video.script.steps, scene=_scene("j6"))
    record = table.record()
    assert record["turns"] == video.record["turns"]
    assert record["start"] == NEAR.board()
    lines = _glare_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("hex board: the game starts with 5 pieces")
    for cell in ("j5", "j6", "j7", "k5", "k6"):
        assert "white strike" in lines[0] and f"on {cell}" in lines[0]
    assert _not_seen(table) == []


def test_a_game_starts_with_faint_codes_at_a_small_reflections_edge(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24, H1, H2: a reflection 4 cm across that leaves a tenth of the contrast
    over White's side fades the codes of White's pieces on j7 and k5: never read, their
    cells neither bare nor white, and no position was ever taken. Their codes are seen
    on their start cells, not read (companion.table.hex_board.faint_codes): the game
    starts with the two there, the log names them, the screen never says them "not
    seen", and every move is refereed into the video's exact record."""
    video = endgame_video()
    with caplog.at_level(logging.INFO, logger=LOGGER):
        table = play(video.start, video.script.steps, scene=_scene("j6", 0.9, 40.0))
    assert table.record()["turns"] == video.record["turns"]
    lines = _glare_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("hex board: the game starts with 2 pieces")
    assert "on j7" in lines[0] and "on k5" in lines[0]
    assert _not_seen(table) == []


def test_a_game_starts_with_the_middle_in_glare(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 24, H1, H2: a white reflection over the board's middle hides White's centre
    (f6) and Black's strike piece beside it (e5) from the start: the start is taken
    with both in glare, and the moves made out of the glare are refereed, Black's
    first, White's two at once refused (H2: 2 - 1 allowed), then one (before: nothing
    refereed). Black's next moves put pieces down next to f6, in the glare's heart,
    where no code is read: the screen says the first of them is not seen (the players
    are to move the lamp), as before; the two taken in glare are never said. The
    players leave the board 1.6 s longer once it is set (in the video's first frame a
    code flickers at a4, and Black's hand comes 0.8 s later: too soon for a position)."""
    video = endgame_video()
    steps = [Hold(8), *video.script.steps]
    with caplog.at_level(logging.INFO, logger=LOGGER):
        table = play(video.start, steps, scene=_scene("f6"))
    turns = video.record["turns"]
    assert isinstance(turns, list) and table.record()["turns"][:2] == turns[:2]
    lines = _glare_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("hex board: the game starts with 2 pieces")
    assert "white centre (marker 23) on f6" in lines[0]
    assert "black strike 6 (marker 16) on e5" in lines[0]
    said = _not_seen(table)
    assert said[0] == "Black strike piece 1 is not seen: put it on its cell, code up."  # c4-f5
    logged = [r.getMessage() for r in caplog.records if "not seen for" in r.getMessage()]
    assert not [m for m in logged if "(marker 16)" in m or "(marker 23)" in m]


def test_a_piece_moved_off_its_start_cell_in_glare_is_not_invented_there(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24, H1: under the same reflection over White's pieces, White's strike piece
    is taken off j5 (in the glare) and put down on g3, in sight, before the first
    position is taken. A piece seen off its start cell is no start: nothing is taken
    (j5 is not filled in with an unseen piece), no move refereed, the players told
    after 3 s that pieces are not seen, and the log says no piece was taken in glare."""
    script = HexScript(NEAR, still=4).move("j5-g3").wait().wait().wait().wait()
    with caplog.at_level(logging.INFO, logger=LOGGER):
        table = play(NEAR, script.steps, scene=_scene("j6"))
    assert table.record()["turns"] == [[]]
    assert not [r for r in caplog.records if "hex board still" in r.getMessage()]
    assert _glare_lines(caplog) == []
    assert _not_seen(table)


def test_a_piece_knocked_off_its_start_cell_in_glare_is_not_invented_there(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24, H1: under the same reflection, White's strike piece on j5 is knocked off
    the board before the first position is taken. Its cell, bare, shows its print
    through the glare (the print's lines are read where a code is not): not in glare,
    so nothing is taken and no piece is made up on j5."""
    with caplog.at_level(logging.INFO, logger=LOGGER):
        table = play(NEAR, [Knock(24), Hold(20)], scene=_scene("j6"))
    assert table.record()["turns"] == [[]]
    assert not [r for r in caplog.records if "hex board still" in r.getMessage()]
    assert _glare_lines(caplog) == []


def test_after_a_restart_the_start_is_not_taken_through_glare(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 24, H1: the start is taken whole (no glare), the power is cut, and the table
    comes back under a lamp glaring over White's pieces. A restarted table compares the
    first board it sees with the game's (its own rule): the start is not taken through
    the glare again, the pieces in it are said not seen, no position is taken."""
    plain = HexScene(SIZE, SCALE, seed=7, frames_per_step=1)
    frames = [*plain.frames(NEAR, [Hold(8)]), *_scene("j6").frames(NEAR, [Hold(24)])]
    journal = tmp_path / "journal.db"
    clock = TableClock()
    session = Session(Journal.open(journal), clock=clock, factory=factory(NEAR))
    before = run(session, FrameRange(frames.__getitem__, 0, 8, FPS), clock, (["Ana", "Ben"], []))
    before.daemon.links.close()
    game = before.journal.games()[0]
    assert [row.kind for row in before.journal.events(game.id)] == ["board"]  # the start
    before.journal.close()
    clock = TableClock()
    clock.now = 8 / FPS
    resumed = Session.resume(Journal.open(journal), clock=clock, factory=factory(NEAR))
    with caplog.at_level(logging.INFO, logger=LOGGER):
        after = run(resumed, FrameRange(frames.__getitem__, 8, len(frames), FPS), clock)
    after.daemon.links.close()
    assert not [r for r in caplog.records if "hex board still" in r.getMessage()]
    assert _glare_lines(caplog) == []
    assert _not_seen(after)
