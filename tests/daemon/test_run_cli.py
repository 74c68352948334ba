"""``companion run`` from the command line: backends by name, a game started, bad input."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import numpy as np
import pytest
from isolation import JournaldStream
from PIL import Image

from companion.cli import build_parser, main
from companion.cli.run import configured, parse_options
from companion.daemon.logs import setup_logging
from companion.flows.registry import make_flow
from companion.flows.status import RummyStatus
from companion.games.game_options import GameOptions
from companion.games.registry import all_games
from companion.journal import Journal


def _source(folder: Path, count: int = 6) -> Path:
    folder.mkdir()
    for i in range(count):
        Image.fromarray(np.full((72, 128, 3), 40, np.uint8)).save(folder / f"f{i:03d}.png")
    return folder


def test_run_over_a_replay_source_starts_the_game_and_shows_the_oled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The daemon over a recorded source plays it and stops at its last frame, saying
    so in its log with what the game waited for (issue 26: it ended without a word)."""
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "INFO"\n[phone]\nenabled = false\n')
    status = main(
        [
            "run",
            "--config", str(config),
            "--camera", "replay",
            "--source", str(_source(tmp_path / "frames")),
            "--display", "frames",
            "--out", str(tmp_path / "oled"),
            "--buttons", "fake",
            "--journal", str(tmp_path / "j.db"),
            "--game", "trump",
            "--players", "4",
            "--option", "leader=1",
        ]
    )  # fmt: skip
    assert status == 0
    assert list((tmp_path / "oled").glob("*.png"))
    games = Journal.open(tmp_path / "j.db").games()
    assert [(g.game, len(g.players), g.ended) for g in games] == [("trump", 4, None)]
    (said,) = [line for line in capsys.readouterr().out.splitlines() if "no more frames" in line]
    assert "companion.cli.run: stopped: the camera's recorded source has no more frames (" in said
    assert "playing trump" in said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--camera", "teapot"], "--camera teapot: no such backend"),
        (["--camera", "replay", "--source", "/nonexistent/frames"], "no such folder of frames"),
        (["--display", "luma", "--out", "x"], "display"),
        (["--game", "chess"], "chess"),
        (["--game", "trump", "--option", "leader"], "KEY=VALUE"),
        (["--game", "trump", "--option", "dealer=1"], "trump has no option dealer"),
        (["--game", "trump", "--option", "leader=Zed"], "a name: Ana, Ben, Cy"),
        (["--game", "trump", "--option", "leader=0"], "seats count from 1"),
        (["--game", "trump", "--option", "seed=Ana"], "seed is a whole number"),
        (["--game", "hex", "--players", "2", "--option", "mode=chess"], "one of referee, board"),
    ],
)
def test_bad_settings_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        '[log]\nlevel = "WARNING"\n[buttons]\nkind = "fake"\n[display]\nkind = "fake"\n'
        "[phone]\nenabled = false\n"
    )
    base = ["run", "--config", str(config), "--journal", str(tmp_path / "j.db")]
    source = ["--camera", "replay", "--source", str(_source(tmp_path / "f", 1))]
    status = main([*base, *source, *args] if "--camera" not in args else [*base, *args])
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_journald_lines_carry_the_syslog_priority(journald: JournaldStream) -> None:
    out = journald
    setup_logging("INFO", environ=out.environ, stream=out.stream)
    logging.getLogger("companion.test").error("camera lost")
    logging.getLogger("companion.test").debug("hidden")
    assert out.getvalue() == "<3>companion.test: camera lost\n"


def test_journal_stream_naming_another_stream_keeps_time_and_level(
    journald: JournaldStream,
) -> None:
    """A terminal of a desktop session started by systemd inherits ``JOURNAL_STREAM``
    naming the session's journal, not the terminal: lines keep their time and level."""
    out = io.StringIO()  # the terminal; JOURNAL_STREAM names the journal's file
    setup_logging("INFO", environ=journald.environ, stream=out)
    logging.getLogger("companion.test").error("camera lost")
    assert re.fullmatch(r"\d\d:\d\d:\d\d ERROR   companion.test: camera lost\n", out.getvalue())


def test_a_librarys_warning_is_one_log_line_with_its_level(journald: JournaldStream) -> None:
    """gpiozero warns (PinFactoryFallback) as it looks for a pin library: in the journal
    that is one line at WARNING, not Python's two lines on stderr at no level."""
    import warnings

    out = journald
    logging.captureWarnings(False)  # pytest put Python's display back after another test
    setup_logging("INFO", environ=out.environ, stream=out.stream)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.warn("Falling back from lgpio: No module named 'lgpio'", stacklevel=1)
    finally:
        logging.captureWarnings(False)
    (line,) = out.getvalue().splitlines()
    assert line.startswith("<4>py.warnings: ")
    assert line.endswith("UserWarning: Falling back from lgpio: No module named 'lgpio'")


def test_options_take_the_kind_the_registry_gives_them() -> None:
    """Issue 9: a choice is a word, a seed a number, a seat a number from 1 or a name
    (issue 26: as the OLED counts seats); the games count seats from 0. The options are
    checked there, the others at their defaults."""
    players = ["Ana", "Ben", "Cy"]
    hexes = parse_options("hex", ["mode=board", "seed=3"], players)
    assert hexes == GameOptions.of("hex", {"mode": "board", "move-cards": "shuffled", "seed": 3})
    assert parse_options("trump", [" leader = 2 "], players).to_json() == {"leader": 1, "seed": 0}
    assert parse_options("fibonachos", ["dealer=cy"], players).seat("dealer") == 2


def test_run_names_the_players_and_counts_seats_from_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: ``run --players Ana,Ben,Cy`` names them as ``replay`` does, and a
    dealer is a seat from 1 or a name ("dealer 3 is not a seat (0-2)" no more)."""
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "WARNING"\n[phone]\nenabled = false\n')
    base = ["run", "--config", str(config)]
    base += ["--camera", "replay", "--source", str(_source(tmp_path / "frames", 1))]
    base += ["--display", "fake", "--buttons", "fake", "--game", "fibonachos"]
    named = ["--players", "Zoé,Marc,Lou", "--option", "dealer=3"]
    assert main([*base, "--journal", str(tmp_path / "j.db"), *named]) == 0
    (game,) = Journal.open(tmp_path / "j.db").games()
    assert list(game.players) == ["Zoé", "Marc", "Lou"] and game.options["dealer"] == 2
    two = ["--players", "2", "--option", "dealer=3"]
    assert main([*base, "--journal", str(tmp_path / "k.db"), *two]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--option dealer=3: not a seat of 2 players; give a seat from 1 to 2" in err


def test_run_starts_a_rummy_game_with_the_dealer_given(tmp_path: Path) -> None:
    """R4: ``run --game rummy21 --option dealer=Cy`` keeps its flag beside the menu's
    question: the dealer goes with the game's options, and the player after Cy starts."""
    config = tmp_path / "config.toml"
    config.write_text('[log]\nlevel = "WARNING"\n[phone]\nenabled = false\n')
    args = ["run", "--config", str(config), "--journal", str(tmp_path / "j.db")]
    args += ["--camera", "replay", "--source", str(_source(tmp_path / "frames", 1))]
    args += ["--display", "fake", "--buttons", "fake", "--game", "rummy21"]
    assert main([*args, "--players", "Ana,Ben,Cy", "--option", "dealer=Cy"]) == 0
    (game,) = Journal.open(tmp_path / "j.db").games()
    assert game.game == "rummy21" and game.options["dealer"] == 2
    status = make_flow(game.game, game.players, game.variants, options=game.options).status()
    assert isinstance(status, RummyStatus) and status.starts == 0


@pytest.mark.parametrize("command", ["run", "replay"])
def test_game_help_lists_the_registrys_games(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert ", ".join(spec.name for spec in all_games()) in out


def test_the_layouts_are_kept_beside_the_journal_the_command_line_gives(tmp_path: Path) -> None:
    """Issue 26 item 2 (the layouts beside the journal): ``run --journal state/j.db``
    kept the layouts beside the configuration's journal (~/.local/share/companion),
    not in ``state/``; the journal given is the one the settings name."""
    config = tmp_path / "config.toml"
    config.write_text(f'[journal]\npath = "{tmp_path / "elsewhere" / "j.db"}"\n')
    journal = tmp_path / "state" / "j.db"
    args = build_parser().parse_args(["run", "--config", str(config), "--journal", str(journal)])
    assert configured(args).layouts_dir() == tmp_path / "state" / "layouts"
    args = build_parser().parse_args(["run", "--config", str(config)])
    assert configured(args).layouts_dir() == tmp_path / "elsewhere" / "layouts"
