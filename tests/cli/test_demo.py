"""``companion demo``: a whole game through the real pipeline, every play read (issue 6 s5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageSequence

from companion.cli import main
from companion.cli.demo import choose_display
from companion.daemon.demo import PLAYERS, Showing, demo_record
from companion.daemon.demo_hex import run_hex_demo
from companion.daemon.demo_rummy import run_rummy_demo
from companion.flows.notices import scores
from companion.games import CardGameReport
from companion.games.scoring import score_record
from companion.ui.overlays import waiting
from companion.ui.screens import render
from companion.views import MessageView, ScoresView
from companion.views.i18n import speaking
from companion.views.present import present_scores
from hardware.display import open_display
from hardware.display_files import enlarge


@pytest.mark.slow
def test_the_demo_reads_every_play_of_a_whole_game_and_writes_the_oled_gif(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gif = tmp_path / "oled.gif"
    assert main(["demo", "--display", "gif", "--out", str(gif), "--seed", "7"]) == 0
    out = capsys.readouterr()
    assert "read 153 of 153 plays right" in out.out
    assert "round 3 read" in out.err  # progress on stderr
    assert "Ana wins" in out.out
    with Image.open(gif) as image:
        assert frame_count(image) > 100  # every round's screens, not stuck on one overlay
        *_, last = ImageSequence.Iterator(image)
        shown = last.convert("L")
    # Issue 12 s7: the GIF ends on the final scores (not on the last trick's winner).
    report = score_record(demo_record(7))
    assert isinstance(report, CardGameReport)
    final = scores("fibonachos", None, report.totals, None, report.winners)
    expected = enlarge(render(waiting(present_scores(final, PLAYERS)), (128, 64)), 3)
    assert ImageChops.difference(shown, expected).getbbox() is None


def test_without_a_screen_the_demo_writes_a_gif(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert choose_display("auto") == "gif"


def test_a_bad_size_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--size", "big"]) == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def frame_count(image: Image.Image) -> int:
    """The frames of an animated image (Pillow types ``n_frames`` only on its plugins)."""
    return sum(1 for _ in ImageSequence.Iterator(image))


@pytest.mark.slow
def test_the_demo_with_speech_writes_every_announcement_in_the_language_chosen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25, done means: ``companion demo`` with speech on writes the announcements
    of the whole game in the language chosen: each trick, each round's scores, the
    result (a WAV beside each text where espeak-ng is installed)."""
    said = tmp_path / "said"
    gif = tmp_path / "oled.gif"
    args = ["demo", "--display", "gif", "--out", str(gif), "--speech", str(said)]
    assert main([*args, "--language", "fr", "--seed", "7"]) == 0
    assert f"the announcements: {said}" in capsys.readouterr().out
    texts = sorted(said.glob("*.txt"))
    kinds = [path.stem.split("-", 1)[1] for path in texts]
    assert kinds.count("trick") == 51 and kinds.count("score") == 3 and kinds[-1] == "result"
    last = texts[-1].read_text(encoding="utf-8")
    assert last.startswith("fr: Partie finie. Ana gagne avec 50 points.")
    if shutil.which("espeak-ng") is not None:
        assert len(list(said.glob("*.wav"))) == len(texts)


@pytest.mark.slow
def test_the_hex_demo_referees_both_scenes_and_ends_on_the_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2, H3, H4 (issue 24): ``companion demo --game hex`` plays the opening and an
    endgame through the daemon's loop from camera frames of the printed board: every
    turn's allowance (one reduced by a strike piece on the centre, one of no move), the
    two illegal moves refused in the players' words, both records as played, and the
    OLED's last screen the win. With speech on, the endgame's players hear each turn:
    White's turn of no move, and why, then Black's (before, Black's went unsaid)."""
    gif = tmp_path / "hex.gif"
    args = ["demo", "--game", "hex", "--display", "gif", "--out", str(gif)]
    assert main([*args, "--speech", str(tmp_path / "said")]) == 0
    out = capsys.readouterr()
    assert "refereed 19 moves in 10 turns right; 2 moves refused and put back" in out.out
    assert "Black's win found" in out.out
    for line in (
        "turn 2, White: 1 move (2 less 1 strike piece on its centre)",
        "refused (H3): Black: that piece cannot reach e5.",
        "refused (H2): White may make 1 move this turn: put the last piece back.",
        "turn 4, White: no move allowed (H2), the turn ends by itself",
        "Black wins: White's centre encircled (H4)",
    ):
        assert line in out.err
    assert "board change refused" not in out.err  # the engine's words stay in the log
    endgame = sorted((tmp_path / "said" / "endgame").glob("*.txt"))
    assert [path.read_text(encoding="utf-8") for path in endgame] == [
        "en: Black, 1 move.\n",
        "en: White, 1 move. 1 enemy strike piece touches the centre: 1 move fewer.\n",
        "en: Move refused. White may make 1 move this turn: put the last piece back.\n",
        "en: Black, 3 moves.\n",
        "en: White, 0 moves. 4 enemy strike pieces touch the centre. Black, 5 moves.\n",
        "en: Black wins the game.\n",
    ]
    with Image.open(gif) as image:
        *_, last = ImageSequence.Iterator(image)
        assert last.info["duration"] >= 4000  # the win stays on screen
        shown = last.convert("L")
    final = run_hex_demo(
        Showing(display=lambda clock: open_display("fake"), progress=lambda _: None)
    )
    view = final[-1].final
    assert isinstance(view, MessageView) and view.lines == ("Black wins!",)
    expected = enlarge(render(view, (128, 64)), 3)
    assert ImageChops.difference(shown, expected).getbbox() is None


@pytest.mark.slow
def test_the_rummy_demo_reads_a_whole_match_and_ends_on_its_final_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R2, R5, R6, R7, R9: ``companion demo --game rummy21`` lays a two-round match out
    at a synthetic table (closed sets taken off, wild cards declared on the OLED, a
    player going out) and reads it through the daemon's loop with the buttons pressed
    as the players would: the record read is the match played, each round's points are
    the engine's, and the OLED ends on the final scores of the match the table ended.
    The OLED speaks French (--language fr), the terminal English: its last line of the
    scores says the match ended and who won (it said "Ben leads; the match ends when
    the table ends it", then the OLED's French "scores finaux, Ben a gagné")."""
    gif = tmp_path / "rummy.gif"
    argv = ["demo", "--game", "rummy21", "--display", "gif", "--out", str(gif)]
    assert main([*argv, "--language", "fr"]) == 0
    out = capsys.readouterr()
    assert "read the match's 2 rounds right, with 54 button presses" in out.out
    assert "total   44   54\nBen wins; the table ended the match (R9)\n" in out.out
    assert "leads" not in out.out and "gagné" not in out.out and "finaux" not in out.out
    assert "round 1 read: Ana 200, Ben -146" in out.err
    assert "round 2 read: Ana -156, Ben 200" in out.err
    with Image.open(gif) as image:
        *_, last = ImageSequence.Iterator(image)
        shown = last.convert("L")
    final = run_rummy_demo(
        Showing(display=lambda clock: open_display("fake"), progress=lambda _: None, language="fr")
    )
    assert isinstance(final.final, ScoresView) and final.final.footer == "Ben a gagné"
    with speaking("fr"):  # the screen words its own labels as it draws
        expected = enlarge(render(final.final, (128, 64)), 3)
    assert ImageChops.difference(shown, expected).getbbox() is None


def test_the_rummy_demos_picture_is_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    """The match's sets are laid out for the picture docs/rummy.md advises for two
    players: another --size is refused in one line, exit 2."""
    assert main(["demo", "--game", "rummy21", "--size", "1280x720"]) == 2
    assert "2304x1296" in capsys.readouterr().err
