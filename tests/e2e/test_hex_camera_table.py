"""Issue 24 "done", through the real daemon loop: a hex game filmed on the printed
board is refereed by the table's camera. The record is exact, every turn's allowance
on the OLED is H2's with no button pressed, an illegal move is said at once in the
players' words and put back, the win is announced, a piece left unseen is said by
name; the journal replays into the same game and `companion replay` reads the same
record from the same frames."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path

import cv2
import pytest
from hex_table import play, said_lines, write_frames

from companion.cli import main
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START
from companion.games.scoring import score_record
from companion.session import replay
from companion.synthetic.hex_games import cards_video, endgame_video, opening_video
from companion.synthetic.hex_scene import Away, HexScene, HexStep, Hold, Lift, Put, Rest, Shake
from companion.views import HexView

pytestmark = pytest.mark.slow


def _turns(screens: Sequence[object]) -> dict[int, tuple[str, int]]:
    """Each turn's player and allowance as the countdown screen showed them."""
    return {s.turn: (s.player, s.allowed) for s in screens if isinstance(s, HexView)}


def test_the_opening_is_refereed_by_the_camera_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2: turns 1-5 allow 1, 2, 3, 4, 5, counted down with no button; H3: a move that
    cannot reach is refused at once in the players' words, and the pieces put back;
    group moves, displacements and a nudged board are read into the exact record."""
    video = opening_video()
    table = play(video.start, video.script.steps, players=("Black", "White"))
    assert table.record() == video.record
    assert _turns(table.screens) == {
        1: ("Black", 1),
        2: ("White", 2),
        3: ("Black", 3),
        4: ("White", 4),
    }
    announced = [line for line in said_lines(table.screens) if " may make " in line]
    assert announced == [f"{('White', 'Black')[n % 2]} may make {n} moves." for n in range(2, 6)]
    lefts = [s.left for s in table.screens if isinstance(s, HexView) and s.turn == 4]
    assert lefts == [4, 3, 2, 1]  # counted down move by move, no button pressed
    lines = said_lines(table.screens)
    refused = lines.index("Black: that piece cannot reach e5.")
    assert lines[refused + 1] == "The board is as it was: Black has 3 moves left."
    assert table.daemon.links.buttons.status.ok  # nobody pressed: the fake queue is empty

    # The journal holds what the camera saw; it replays into the same game.
    game = table.journal.games()[0]
    kinds = {row.kind for row in table.journal.events(game.id)}
    assert kinds == {"board"}
    rebuilt = replay(table.journal, game)
    assert isinstance(rebuilt.flow, HexCameraFlow) and rebuilt.bad_seq is None
    assert rebuilt.flow.record() == video.record

    # `companion replay` reads the same frames into the same record.
    write_frames(video, tmp_path / "board")
    argv = ["replay", str(tmp_path / "board"), "--game", "hex", "--players", "Black,White"]
    assert main([*argv, "--fps", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["record"] == video.record


def test_a_strike_reduced_turn_and_the_win() -> None:
    """H2: White's turns allow 2 - 1 and 4 - 4 (the second ends at once); two moves made
    at once over the allowance are refused; H4: Black's encirclement is announced and
    ends the game, its record closed in the journal."""
    video = endgame_video()
    table = play(video.start, video.script.steps)
    assert table.record() == {**video.record, "players": ["Ana", "Ben"]}
    turns = _turns(table.screens)
    assert turns[1] == ("Ana", 1) and turns[5] == ("Ana", 5) and 4 not in turns
    lines = said_lines(table.screens)
    announced = [line for line in lines if " may make " in line and "this turn" not in line]
    assert announced == [
        "Ben may make 1 move.",  # 2 - 1 strike piece on White's centre
        "Ana may make 3 moves.",
        "Ben may make 0 moves.",  # 4 - 4: the turn ends at once
    ]
    assert "Ben may make 1 move this turn: put the last piece back." in lines
    assert any("Ana wins" in line for line in lines) or any(
        isinstance(s, HexView) and s.winner == "Ana" for s in table.screens
    )
    game = table.journal.games()[0]
    assert game.ended is not None and table.daemon.session.flow is None
    # The cafe keeps no score its record does not bear out (docs/cafe.md): the camera's
    # game ends with the score and players its record gives.
    assert game.result is not None and game.result.record is not None
    assert game.result.record["players"] == list(game.players)
    assert score_record(game.result.record) == game.result.score


def test_a_piece_left_unseen_is_said_by_name_until_it_is_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24 item 3: a piece taken off the board and not put back while the board
    stays still (6 x the half-second stillness rule) is said on the OLED in the players'
    words, and logged; the message goes once the piece is seen on the board again."""
    hold = 4
    steps: list[HexStep] = [
        Hold(hold),
        Lift(16),  # the black strike piece on b2: "STRIKE 6" on its token
        Away(),
        Hold(20),  # 4 s at 5 frames a second
        Put(16, "b2"),
        Away(),
        Hold(hold),
    ]
    table = play(START, steps)
    lines = said_lines(table.screens)
    said = [line for line in lines if "not seen" in line]
    assert said == ["Black strike piece 6 is not seen: put it on its cell, code up."]
    assert isinstance(table.screens[-1], HexView)  # seen again: the fault is gone
    (logged,) = [r.getMessage() for r in caplog.records if "not seen" in r.getMessage()]
    assert logged.startswith("hex board: not seen for 3.")
    assert "black strike 6 (marker 16)" in logged
    assert table.record()["turns"] == [[]]


def test_a_hand_resting_on_a_piece_says_nothing_until_it_leaves_without_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24: a hand kept still over a piece for 10 s changes nothing on the OLED (the
    piece keeps its cell); when the hand leaves with the piece, the OLED says it is not
    seen 3 s later, counted from the hand, and the log names the piece."""
    steps: list[HexStep] = [
        Hold(4),
        Rest("b2"),  # the black strike piece on b2 ("STRIKE 6"), and the arm over row k
        Hold(50),  # 10 s at 5 frames a second
        Lift(16),
        Away(),
        Hold(20),
    ]
    with caplog.at_level(logging.DEBUG, logger="companion.daemon.board_camera"):
        table = play(START, steps)
    said = [line for line in said_lines(table.screens) if "not seen" in line]
    assert said == ["Black strike piece 6 is not seen: put it on its cell, code up."]
    messages = [r.getMessage() for r in caplog.records]
    (logged,) = [m for m in messages if "not seen" in m]
    assert logged.startswith("hex board: not seen for 3.0 s") and "(marker 16)" in logged
    hidden = [m for m in messages if "under a hand" in m]
    assert hidden and "black strike 6 (marker 16) on b2" in hidden[0]
    assert table.record()["turns"] == [[]]


def test_the_card_variant_reads_the_move_cards_beside_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24 item 4, H5: each move card turned up beside the board is read as a card
    (no strike reduction), the board as positions; a move before the card is refused
    and put back; `companion replay --variant cards` reads the same record."""
    video = cards_video()
    scene = HexScene((1920, 1080), 3.3, seed=5, frames_per_step=1)
    table = play(video.start, video.script.steps, variants=["cards"], scene=scene)
    assert table.record() == {**video.record, "players": ["Ana", "Ben"]}
    lines = said_lines(table.screens)
    assert "Turn up the move card first." in lines
    assert "The board is as it was: Ben turns up a move card." in lines
    assert [line for line in lines if " may make " in line] == [
        "Ana may make 1 move.",
        "Ben may make 2 moves.",
        "Ana may make 3 moves.",
        "Ben may make 1 move.",
    ]
    kinds = {row.kind for row in table.journal.events(table.journal.games()[0].id)}
    assert kinds == {"board", "table", "sighting"}

    folder = tmp_path / "cards"
    folder.mkdir()
    scene = HexScene((1920, 1080), 3.3, seed=5, frames_per_step=1)
    for index, frame in enumerate(scene.frames(video.start, video.script.steps)):
        cv2.imwrite(str(folder / f"{index:05d}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
    argv = ["replay", str(folder), "--game", "hex", "--players", "Black,White", "--fps", "5"]
    assert main([*argv, "--variant", "cards", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["record"] == video.record
    assert len(data["refused"]) == 1 and "move card is not turned up (H5)" in data["refused"][0]
    assert err.strip().splitlines()[-1].endswith(": 7 moves, 1 refused")


def test_a_camera_whose_every_frame_is_blurred_is_said_once_until_sharp(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24: 12 s of frames too blurred to judge (a camera out of focus or shaking)
    take no position; after 10 s the OLED says the camera is blurred and the log says
    once that it needs focusing; the first sharp frame takes the screen's words back
    and the log says so. Nothing is said missing meanwhile."""
    steps: list[HexStep] = [Hold(4), Shake(9, 20.0), Hold(60), Shake(0), Hold(4)]
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        table = play(START, steps)
    messages = [r.getMessage() for r in caplog.records]
    warned = [m for m in messages if "too blurred" in m]
    assert len(warned) == 1 and warned[0].startswith("hex board: every frame too blurred")
    assert "for 10.0 s" in warned[0]
    assert messages.index(warned[0]) < messages.index("hex board: the pictures are sharp again")
    lines = said_lines(table.screens)
    said = "Too blurred to see the board: focus the camera and hold it still."
    assert said in lines
    assert said not in said_lines(table.screens[-1:]), "still said after the sharp frames"
    assert not [line for line in lines if "not seen" in line]
    assert table.record()["turns"] == [[]]


def _sharp_scene() -> HexScene:
    """The docs' camera: 3.3 px a mm, every piece read in each frame."""
    return HexScene((1920, 1080), 3.3, seed=5, frames_per_step=1)


def test_the_camera_check_is_logged_at_the_first_position(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24: the log says once how the camera sees the board (companion calibrate
    --board's figures) when the first position is taken; nothing to advise here."""
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        play(START, [Hold(3), Lift(11), Put(11, "c2"), Away(), Hold(3)], scene=_sharp_scene())
    checks = [r for r in caplog.records if "camera check" in r.getMessage()]
    assert [r.levelno for r in checks] == [logging.INFO]
    message = checks[0].getMessage()
    assert message.startswith("hex board: camera check at the first position: 6 of 6 corner")
    assert "3.3 px a mm at the far side" in message
    assert message.endswith("sharpness 0.69 (judged from 0.30)")  # no pieces: a hand hides some


def test_a_small_board_is_advised_at_the_first_position_without_its_pieces(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 24: at 2.3 px a mm the referee takes positions (pieces seen over several
    frames), and the check advises a lower camera; the pieces a single frame misses
    are not called missing, since the position has them all."""
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        play(START, [Hold(4), Lift(11), Put(11, "c2"), Away(), Hold(4)])
    advice = [r.getMessage() for r in caplog.records if "camera check:" in r.getMessage()]
    assert len(advice) == 1 and "the board is small in the picture (2.3 px a mm" in advice[0]


def test_a_board_never_taken_gets_the_camera_check_with_its_advice(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: when no position is taken for a while after the board is found (here
    a piece never put out), the log gives the camera check and its advice, once."""
    from companion.daemon import board_camera

    monkeypatch.setattr(board_camera, "CHECK_SECONDS", 4.0)
    with caplog.at_level(logging.INFO, logger="companion.daemon.board_camera"):
        play(START, [Lift(16), Away(), Hold(24)], scene=_sharp_scene())
    late = [r.getMessage() for r in caplog.records if "no position taken yet" in r.getMessage()]
    assert len(late) == 1 and "4 s after the board was found" in late[0]
    assert late[0].endswith("25 of 26 pieces read on cells in this frame")
    advice = [r.getMessage() for r in caplog.records if "camera check:" in r.getMessage()]
    assert advice == [
        "hex board: camera check: 1 piece not seen (black strike 6): put every piece on the "
        "board, code up; if they are there, the camera is too high, soft, or the light "
        "glares on them",
    ]
