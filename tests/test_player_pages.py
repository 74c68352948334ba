"""Issue 26 item 4: a player's page per game (docs/fibonachos.md, trump.md, rummy.md,
hex.md) and docs/ui.md for players. Their pictures of the screen are the real screens
as they draw now (docs/images/make_oled_pictures.py), every picture they show exists,
every ``companion`` command in their shell blocks runs as written, and the pages for
players carry no developer's code paths."""

from __future__ import annotations

import re
import runpy
import shlex
from pathlib import Path

import pytest
from loose import loose
from PIL import Image, ImageChops

from companion.cli import main
from companion.games.scoring import score_record

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = ("fibonachos.md", "trump.md", "rummy.md", "hex.md", "ui.md")
#: The pages written for players alone (rummy.md also tells how its tests play).
PLAYERS_ONLY = ("fibonachos.md", "trump.md", "hex.md", "ui.md")
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")


#: docs/images/make_oled_pictures.py's names (its ``SHOWN`` and ``picture``).
MAKER = runpy.run_path(str(DOCS / "images" / "make_oled_pictures.py"))


def _text(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


def _commands(page: str) -> list[list[str]]:
    """The ``companion ...`` lines of the page's ``sh`` blocks, comments cut."""
    found, inside = [], False
    for line in _text(page).splitlines():
        if line.startswith("```"):
            inside = line.strip() == "```sh"
            continue
        if inside and line.strip().startswith("companion "):
            found.append(shlex.split(line.strip(), comments=True)[1:])
    return found


@pytest.mark.parametrize("page", PAGES)
def test_every_picture_a_page_shows_exists(page: str) -> None:
    for target in PICTURE.findall(_text(page)):
        assert (DOCS / target).is_file(), f"{page}: {target}"


def test_each_game_page_shows_its_own_screens() -> None:
    """What the screen says, for each game: its game screens are on its page."""
    wanted = {
        "fibonachos.md": ("fibonachos-trick", "trick-won", "revoke"),
        "trump.md": ("trump-indicators", "trump-leader", "trump-trick"),
        "rummy.md": ("rummy", "rummy-close", "rummy-wild"),
        "hex.md": ("hex", "hex-strikes", "hex-card", "hex-winner"),
        "ui.md": ("start", "game-menu", "names"),
    }
    for page, screens in wanted.items():
        shown = {Path(t).stem for t in PICTURE.findall(_text(page))}
        assert set(screens) <= shown, page


@pytest.mark.parametrize("name", MAKER["SHOWN"])
def test_each_oled_picture_is_the_screen_as_it_draws_now(name: str) -> None:
    """Issue 26: pictures rendered from the real screens, never a stale one (run
    docs/images/make_oled_pictures.py after a deliberate change of a screen)."""
    path = DOCS / "images" / "oled" / f"{name}.png"
    with Image.open(path) as kept:
        now = MAKER["picture"](name)
        assert kept.size == now.size
        difference = ImageChops.difference(kept.convert("RGB"), now.convert("RGB"))
        assert difference.getbbox() is None, f"{path.name}: run make_oled_pictures.py"


def test_every_oled_picture_is_made_and_shown() -> None:
    made = {p.stem for p in (DOCS / "images" / "oled").glob("*.png")}
    assert made == set(MAKER["SHOWN"])
    shown = {Path(t).stem for page in PAGES for t in PICTURE.findall(_text(page)) if "oled" in t}
    assert shown == made


@pytest.mark.parametrize("page", PAGES)
def test_the_commands_a_page_shows_run_as_written(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``companion cards sheet ... --out F.pdf`` writes its PDF (into a scratch folder),
    ``companion score examples/...`` scores the shipped record."""
    monkeypatch.chdir(ROOT)
    for args in _commands(page):
        if args[:2] == ["cards", "sheet"]:
            out = args.index("--out") + 1
            pdf = tmp_path / Path(args[out]).name
            assert main([*args[:out], str(pdf), *args[out + 1 :]]) == 0, args
            assert pdf.stat().st_size > 10_000
        elif args[:1] == ["score"]:
            assert main(args) == 0, args
            out_text = capsys.readouterr().out
            assert "total" in out_text or "wins" in out_text, args
        else:
            assert args[:1] in (["calibrate"],), f"{page}: a command the test does not run: {args}"


@pytest.mark.parametrize("page", PLAYERS_ONLY)
def test_a_players_page_has_no_developers_notes(page: str) -> None:
    """Code paths, rule-engine names and issue numbers belong in the code."""
    text = _text(page)
    assert not re.search(r"companion/[a-z_]+/|\.py\b|\bissue \d+|UiApp|TableRunner", text), page


def test_the_rummy_pages_worked_score_is_the_engines() -> None:
    """Issue 26 ("docs/rummy.md never explains what a player scores"), R3, R7: the
    page's worked example is a legal end of a Rummy 21 round (its first example broke
    R3: one closed set is no opening) and scores as the page says."""
    round_end = {
        "out": 0,
        "tables": [
            {
                "closed": [
                    ["21"], ["B2", "3", "3", "13"], ["B3", "5", "13"],
                    ["B5", "3", "13"], ["B8", "13"], ["B13", "8"],
                ],
                "open": [],
                "hand": [],
            },
            {"closed": [["21"], ["B8", "13"], ["B13", "8"]], "open": [["B5", "8"]], "hand": ["3"]},
        ],
    }  # fmt: skip
    record = {"game": "rummy21", "players": ["Ana", "Ben"], "variants": [], "rounds": [round_end]}
    assert score_record(loose(record)).to_json()["totals"] == [200, 41]
    text = " ".join(_text("rummy.md").split())
    assert "she scores 80 + 6 x 20 = 200" in text
    assert "scores 3 x 20 - (5 + 8) - 2 x 3 = 41" in text
