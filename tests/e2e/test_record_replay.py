"""A game refereed with the camera recorded, then replayed into its exact record (issue
24 part 4 and its "done": a game played on the board, recorded as docs/hex-referee.md
says, replays into its record with every refused move flagged).

The table here is ``companion run`` itself over the frames of a synthetic opening (a
camera, on its own clock at 5 frames a second), with ``--record``; the recording is
then read by ``companion replay`` without being told its rate: the frames' own times
give it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hex_table import write_frames

from companion.cli import main
from companion.journal import Journal
from companion.session import replay
from companion.synthetic.hex_games import opening_video
from hardware.camera_record import NAME


@pytest.mark.slow
def test_a_recorded_camera_game_replays_into_the_record_the_table_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2, H3: the opening's turns, group moves and the refused move, at the table and
    from its recording alike."""
    video = opening_video()
    write_frames(video, tmp_path / "camera")
    config = tmp_path / "config.toml"
    config.write_text(
        f'[camera]\nkind = "replay"\npath = "{tmp_path / "camera"}"\nfps = 5\n'
        '[display]\nkind = "fake"\n[buttons]\nkind = "fake"\n'
        '[log]\nlevel = "INFO"\n[phone]\nenabled = false\n[record]\nfps = 5\n'
    )
    journal = tmp_path / "j.db"
    argv = ["run", "--config", str(config), "--journal", str(journal), "--game", "hex"]
    argv += ["--players", "Black,White", "--option", "mode=camera"]
    assert main([*argv, "--record", str(tmp_path / "games")]) == 0
    log = capsys.readouterr().out
    (game,) = Journal.open(journal).games()
    table = replay(Journal.open(journal), game).flow
    assert table is not None and table.record() == video.record

    (recording,) = (tmp_path / "games").iterdir()
    frames = sorted(recording.iterdir())
    assert len(frames) == len(list((tmp_path / "camera").iterdir()))
    assert all(NAME.fullmatch(path.name) for path in frames)
    assert f"recording the camera to {recording}, 5 frames a second" in log
    assert f"recorded {len(frames)} frames (" in log and "0 dropped" in log

    command = ["replay", str(recording), "--game", "hex", "--players", "Black,White", "--json"]
    assert main(command) == 0
    captured = capsys.readouterr()
    # (the run's log handler, set up in this process, still writes to stdout)
    (printed,) = [line for line in captured.out.splitlines() if line.startswith("{")]
    assert json.loads(printed)["record"] == table.record()
    refused = [line for line in captured.err.splitlines() if ": refused: " in line]
    assert len(refused) == 1 and "(H3)" in refused[0]


def test_a_recording_folder_that_cannot_be_made_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file where the recordings' folder should be: the daemon does not start."""
    (tmp_path / "games").write_text("not a folder")
    config = tmp_path / "config.toml"
    config.write_text(
        '[display]\nkind = "fake"\n[buttons]\nkind = "fake"\n[phone]\nenabled = false\n'
    )
    status = main(
        ["run", "--config", str(config), "--camera", "fake", "--record", str(tmp_path / "games")]
    )
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("companion run: ")
    # said as the option given, before the daemon starts (it was "(defaults): record:
    # cannot make ...: Not a directory", as if a settings file had named it)
    assert err[0] == f"companion run: --record {tmp_path / 'games'}: is a file, not a folder"
