"""Issue 11 items 1 and 5: whole rummy matches read by ``companion replay --buttons``.

Each video is a match of a record (companion.synthetic.rummy_games, two or three
rounds) played at a synthetic table as docs/rummy.md tells a table to, seats on
different sides of the picture, at the camera setting docs/rummy.md "The camera"
recommends: two players at 2304x1296, four at 2560x1440, and four at a full-size
table at 4608x2592 (12 MP) with sets of up to eight cards, cards 190 px wide. Its
button script (companion.synthetic.rummy) declares the wild cards, confirms the
closed sets, counts the hands, ends each round and says who went out, and after the
last round ends the match with the menu's End game (R9). The replay must read the
record the engine wrote, round for round, and its final totals. The order of the open
sets on a seat's table and the serials carry no meaning (R7 scores neither), so they
are left out of the comparison. The frames are drawn as the replay reads them and
handed over in memory (no file between: a 12 MP match wrote some 6 GB of JPEG frames).
The layout is not the generator's: each table's is written by ``companion calibrate
--write-layout`` from a photo of the empty table with the SEAT cards, as the page
tells a table to make it.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import pytest
from e2e_videos import TableVideo, replay_cli
from e2e_videos import rummy_normalised as normalised

from companion.cli import main
from companion.games.json_types import list_field
from companion.games.registry import get_game
from companion.games.report import CardGameReport, ended_winners
from companion.synthetic.rummy import RummyTable, rummy_table
from companion.synthetic.rummy_games import FOLDED_TABLES, FULL_PICTURE, FULL_TABLE, TABLE_GAMES
from companion.synthetic.rummy_seats import marker_spots, picture_for
from companion.synthetic.scene import Place, Scene
from companion.synthetic.sprites import CardRef

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

FPS = 10.0
#: Cards 190 px wide: a corner code read in a covered card's strip needs about two
#: pixels a module (docs/camera.md); four seats need the bigger frame, a full-size
#: table (sets of eight cards) the Camera Module 3's whole 12 MP.
CARD_WIDTH = 190

#: Nobody out (R6): open sets only, a wild card declared, hands laid out (rummy 8).
NOBODY_OUT: Mapping[str, Any] = {
    "game": "rummy8",
    "players": ["Ana", "Ben"],
    "variants": [],
    "rounds": [
        {
            "out": None,
            "tables": [
                {"closed": [], "open": [["8"], ["B3", "W=2"], ["B2", "3"]], "hand": ["5"]},
                {"closed": [], "open": [["8"], ["B5"]], "hand": ["2", "3"]},
            ],
        }
    ],
}


@dataclass(frozen=True)
class Match:
    """A rummy match at a table: its video, what the buttons say (``folder/buttons.txt``)
    and the table's layout (``folder/layout.toml``)."""

    folder: Path
    table: RummyTable
    video: TableVideo


def record_table(
    record: Mapping[str, Any], folder: Path, size: tuple[int, int] | None = None
) -> Match:
    """``record`` played at a table in a ``size`` picture (default: docs/rummy.md's for
    its number of players), its buttons.txt, with the layout made as docs/rummy.md says
    (:func:`calibrate_layout`)."""
    if size is None:
        size = picture_for(len(record["players"]))
    scene = Scene(size, seed=7, card_width=CARD_WIDTH)
    table = rummy_table(record, scene, fps=FPS)
    calibrate_layout(table, scene, folder)
    (folder / "buttons.txt").write_text(table.buttons, encoding="utf-8")
    return Match(folder, table, TableVideo(table.script, scene, FPS))


def calibrate_layout(table: RummyTable, scene: Scene, folder: Path) -> None:
    """``folder/layout.toml`` as a table makes it (docs/rummy.md "Setting up"): a photo
    of the empty table with each player's SEAT card in front of them, read by the real
    ``companion calibrate --write-layout`` (zones by seat, the card's size measured)."""
    markers = [
        Place(CardRef("control", f"SEAT{n + 1}"), x, y, angle=angle, hand=False)
        for n, (x, y, angle) in enumerate(marker_spots(table.seats))
    ]
    photo = folder / "empty.jpg"
    assert cv2.imwrite(str(photo), scene.still(markers))  # the match's own table and camera
    layout = folder / "layout.toml"
    with contextlib.redirect_stdout(io.StringIO()) as said:
        status = main(["calibrate", "--source", str(photo), "--write-layout", str(layout)])
    assert status == 0, said.getvalue()
    seats = [line for line in said.getvalue().splitlines() if line.startswith("seat ")]
    assert len(seats) == len(table.seats), said.getvalue()


def replay_text(
    match: Match, capsys: pytest.CaptureFixture[str], buttons: Path | None = None, *more: str
) -> tuple[str, str]:
    """``companion replay`` of the match (drawn in memory) with ``more`` arguments: its
    standard output and stderr."""
    folder = match.folder
    args = ["drawn-table", *match.table.script.replay_args(), "--fps", str(FPS)]
    args += ["--layout", str(folder / "layout.toml")]
    args += ["--buttons", str(buttons or folder / "buttons.txt"), *more]
    status, out, err = replay_cli(args, capsys, match.video.camera)
    assert status == 0, err
    return out, err


def replay(
    match: Match, capsys: pytest.CaptureFixture[str], buttons: Path | None = None
) -> tuple[dict[str, Any], str]:
    """``companion replay --json`` of the match: the parsed output and stderr."""
    out, err = replay_text(match, capsys, buttons, "--json")
    data: dict[str, Any] = json.loads(out)
    return data, err


def assert_match(
    match: Match, record: Mapping[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """The replay of ``match`` reads the engine's record of the whole match, nothing
    refused, and the table ended it (End game): its final totals are the engine's."""
    table = match.table
    data, err = replay(match, capsys)
    assert len(list_field(table.record, "rounds")) >= 2
    assert normalised(data["record"]) == normalised(table.record), err
    assert ": refused: " not in err and " 0 refused" in err
    engine = get_game(str(record["game"])).from_record(record).report()
    assert data["score"]["totals"] == list(engine.totals)
    assert data["history"]["state"] == "abandoned", data["history"]  # ended by the table
    assert data["history"]["totals"] == list(engine.totals)


# The longest test (minutes) first: with pytest -n 2 a worker starts on it at once.
def test_a_full_size_table_at_12_mp_replays_into_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 items 4 and 5, R1-R9: four players on the four sides of a full-size
    table seen at 4608x2592, cards 190 px wide (docs/rummy.md "The camera"), sets of up
    to eight cards, Ben then Dee going out: the replay reads the match's record and its
    totals, with nothing refused."""
    assert_match(record_table(FULL_TABLE, tmp_path, FULL_PICTURE), FULL_TABLE, capsys)


@pytest.fixture(scope="module")
def nobody_out(tmp_path_factory: pytest.TempPathFactory) -> Match:
    return record_table(NOBODY_OUT, tmp_path_factory.mktemp("nobody-out"))


def test_the_buttons_end_a_round_nobody_went_out(
    nobody_out: Match, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 1, R5, R7: the script declares the wild card (W=2, though 5 would
    complete the set), counts the hands, ends the round with nobody out: the record has
    its round, scored as the engine scores it."""
    data, err = replay(nobody_out, capsys)
    assert normalised(data["record"]) == normalised(nobody_out.table.record), err
    assert ": refused: " not in err and " 0 refused" in err
    engine = get_game("rummy8").from_record(NOBODY_OUT).report()
    assert data["score"]["totals"] == list(engine.totals)
    assert data["history"]["state"] == "abandoned"  # the table's End game (R9)


def test_the_summary_says_the_table_ended_the_match_and_who_won(
    nobody_out: Match, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R9: the buttons end the match (End game) after its round: the terminal's last
    line said "Ben leads; the match ends when the table ends it" as if it went on; now
    who won, and that the table ended it. Without the End game presses the frames run
    out with the match open, and the leader is said as before."""
    out, _ = replay_text(nobody_out, capsys)
    _, report, _ = out.split("\n\n")  # the record's line, the report, the last line
    engine = get_game("rummy8").from_record(NOBODY_OUT).report()
    assert isinstance(engine, CardGameReport)
    (winner,) = [NOBODY_OUT["players"][seat] for seat in ended_winners(engine)]
    assert report.splitlines()[-1] == f"{winner} wins; the table ended the match (R9)"
    open_match = tmp_path / "no-end.txt"
    lines = nobody_out.table.buttons.splitlines()[:-5]  # End game: back up up select select
    open_match.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, report, _ = replay_text(nobody_out, capsys, open_match)[0].split("\n\n")
    assert report.splitlines()[-1] == f"{winner} leads; the match ends when the table ends it (R9)"


def test_a_refused_end_of_round_is_on_stderr_once_and_logged(
    nobody_out: Match,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 11 item 1, R6: "Ana out" though she holds cards is refused; the refusal names
    the rule on stderr (once) and in the log, and the round stays unscored."""
    wrong = tmp_path / "ana-out.txt"
    lines = nobody_out.table.buttons.splitlines()
    match_end, lines = lines[-5:], lines[:-5]  # End game: back up up select select
    # The End round presses end "down down select select": Nobody out, then the scores.
    assert lines[-4:-2] == [f"{lines[-4].split()[0]} down", f"{lines[-3].split()[0]} down"]
    wrong.write_text("\n".join([*lines[:-4], *lines[-2:], *match_end]) + "\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="companion"):
        data, err = replay(nobody_out, capsys, wrong)
    assert data["record"]["rounds"] == []
    refusals = [line for line in err.splitlines() if ": refused: " in line]
    assert len(refusals) == 1, err
    assert refusals[0].startswith("replay: at ") and refusals[0].endswith("(R6)")
    assert any("impossible going out" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("name", sorted(TABLE_GAMES))
def test_a_whole_match_replays_into_its_record(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11 item 5, R1-R9: round after round, openings, sets growing towards each
    seat, wild cards declared when the OLED asks (or from the menu), the bonus card,
    sets closed by the gesture (one press on "Close this set?"), a different player
    going out each round (offered first), a player who never opens, the hands laid out,
    then End game: the replay reads the engine's record of the match and its totals,
    with nothing refused."""
    assert_match(record_table(TABLE_GAMES[name], tmp_path), TABLE_GAMES[name], capsys)


@pytest.mark.parametrize("name", sorted(FOLDED_TABLES))
def test_long_sets_folded_at_the_small_tables_picture_replay_exactly(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26 (long rummy sets at the recommended pictures), R2-R7: two players at
    2304x1296, where a column holds four cards, play 21 and 89 with sets of five to
    eight cards folded into a second column (docs/rummy.md "A set longer than your
    zone": the fifth card heads the next column at the far side), six closed sets
    filling a row, a wild card in a second column: the replay reads the engine's
    record and its totals, nothing refused."""
    record: Any = FOLDED_TABLES[name]
    match = record_table(record, tmp_path)
    assert match.table.seats[0].holds == 4 and match.video.scene.size == (2304, 1296)
    longest = max(len(s) for t in record["rounds"][0]["tables"] for s in t["closed"] + t["open"])
    assert longest >= 7
    data, err = replay(match, capsys)
    assert normalised(data["record"]) == normalised(match.table.record), err
    assert ": refused: " not in err and " 0 refused" in err
    engine = get_game(str(record["game"])).from_record(record).report()
    assert data["score"]["totals"] == list(engine.totals)
