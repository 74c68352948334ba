"""``companion ui-demo`` without a person: keys from a file, frames into a folder (issue 5 s. 4)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from loose import loose
from PIL import Image, ImageSequence

from companion.cli import main
from companion.cli.ui_demo import Demo
from companion.cli.ui_demo_table import random_record, table_script
from companion.flows.base import NoticeKind
from companion.flows.registry import make_flow
from companion.games.json_types import list_field
from companion.games.scoring import score_record
from companion.journal import Journal
from companion.session import feed
from companion.ui.app import UiApp
from companion.ui.screens import render
from companion.views import MenuView, MessageView, ScoresView
from companion.views.i18n import speaking
from hardware.buttons import Button, ButtonEvent, PressKind
from hardware.display import open_display

#: Fibonachos for 3 (SELECT the game, DOWN + SELECT "3 players", SELECT Done,
#: SELECT the dealer, SELECT Done (variants), SELECT to confirm).
START_FIBONACHOS_3 = "d" + "sd" + "d" + "d" + "d" + "d"


def run_demo(tmp_path: Path, keys: str, *extra: str) -> tuple[int, list[Path], Journal]:
    (tmp_path / "keys.txt").write_text(keys, encoding="utf-8")
    out, journal = tmp_path / "frames", tmp_path / "journal.db"
    status = main(
        [
            "ui-demo",
            "--display",
            "frames",
            "--out",
            str(out),
            "--input",
            str(tmp_path / "keys.txt"),
            "--journal",
            str(journal),
            *extra,
        ]
    )
    return status, sorted(out.glob("*.png")), Journal.open(journal)


def test_a_whole_fibonachos_game_by_keyboard(tmp_path: Path) -> None:
    """F8: three rounds played from the scripted table, the game ends complete."""
    status, frames, journal = run_demo(tmp_path, START_FIBONACHOS_3 + "ntre" + "dddd")
    assert status == 0
    (game,) = journal.games()
    assert game.game == "fibonachos" and len(game.players) == 3
    assert game.result is not None and loose(game.result.to_json())["score"]["complete"] is True
    assert len(frames) > 5
    with Image.open(frames[0]) as frame:
        assert frame.size == (256, 128)  # the frames backend's default scale 2


def test_games_are_dated_by_the_wall_clock(tmp_path: Path) -> None:
    """Issue 12 s7: the history of a demo game says today, not 1970-01-01 (the keys'
    own clock starts at 0)."""
    before = time.time()
    status, _, journal = run_demo(tmp_path, START_FIBONACHOS_3 + "n")
    assert status == 0
    (game,) = journal.games()
    assert before - 1 <= game.started <= time.time() + 1


def test_a_game_goes_on_after_an_undo_and_corrections(tmp_path: Path) -> None:
    """Issue 10 item 1: an undo (the card taken back is put down again by the next
    card key), a correction and the correction taken back, then the rest of the game:
    it ends complete, scored as the scripted game (no shift, no false revoke)."""
    undo = "a" + "s" + "d"
    correct = "a" + "ss" + "d" + "d" + "d" + "s" + "d"  # the newest card: one face on
    back = "a" + "ss" + "d" + "d" + "d" + "w" + "d"  # and back again
    keys = START_FIBONACHOS_3 + "nnn" + undo + correct + back + "e" + "dddd"
    status, _, journal = run_demo(tmp_path, keys)
    assert status == 0
    (game,) = journal.games()
    assert game.result is not None and loose(game.result.to_json())["score"]["complete"] is True
    scripted = random_record("fibonachos", 3, (), seed=1)
    assert tricks(loose(game.result.to_json())["record"]) == tricks(scripted)
    flags = loose(game.result.to_json())["score"]["flags"]
    assert len(flags) == len(list_field(score_record(scripted).to_json(), "flags"))


def tricks(record: dict[str, Any]) -> list[tuple[str | None, list[str]]]:
    """Each trick's spicy card and plays, serials left off (the demo's cards carry them)."""
    return [
        (t["spicy"] and t["spicy"].split("#")[0], [p.split("#")[0] for p in t["plays"]])
        for played in record["rounds"]
        for t in played["tricks"]
    ]


def test_the_hex_referee_by_keyboard_on_a_short_panel(tmp_path: Path) -> None:
    """H2: SELECT counts a move, a long SELECT (capital D) ends the turn."""
    keys = "ssssss" + "d" + "d" + "d" + "d" + "D" + "d" + "q" + "dddd"
    status, frames, journal = run_demo(tmp_path, keys, "--height", "32")
    assert status == 0
    (game,) = journal.games()
    assert game.game == "hex-referee" and "mode" not in game.options
    events = journal.events(game.id)
    assert [e.payload["name"] for e in events] == ["move", "end-turn", "move"]
    with Image.open(frames[-1]) as frame:
        assert frame.size == (256, 64)


def test_a_table_script_file(tmp_path: Path) -> None:
    script = tmp_path / "table.json"
    script.write_text(
        '[{"event": "placed", "deck": "fibonachos", "notation": "S3#1", "zone": "spicy"},'
        ' {"event": "placed", "deck": "fibonachos", "notation": "R13#1", "zone": "play"}]',
        encoding="utf-8",
    )
    status, _, journal = run_demo(tmp_path, START_FIBONACHOS_3 + "e", "--script", str(script))
    assert status == 0
    (game,) = journal.games()
    assert [e.payload["notation"] for e in journal.events(game.id)] == ["S3#1", "R13#1"]


def test_a_bad_script_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "table.json"
    script.write_text('[{"event": "placed"}]', encoding="utf-8")
    status, _, _ = run_demo(tmp_path, "", "--script", str(script))
    assert status == 2
    assert "event 1: needs event, deck, notation, zone" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("event", "says"),
    [
        ('{"event": "placed", "deck": "fibonachos", "notation": 13, "zone": "play"}', "notation"),
        ('{"event": "placed", "deck": "fibonachos", "notation": "R1", "zone": "play",'
         ' "face_down": "no"}', "face_down"),
        ('{"event": "placed", "deck": "fibonachos", "notation": "R1", "zone": "play",'
         ' "key": null}', "key"),
        ('{"event": "sighted", "deck": "fibonachos", "notation": "R1", "zone": "play"}',
         "not placed or removed"),
        ('["placed", "fibonachos", "R1", "play"]', "an event is a JSON object, not a list"),
    ],
)  # fmt: skip
def test_a_script_event_is_read_as_the_journal_reads_a_table_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], event: str, says: str
) -> None:
    """docs/ui.md (``--script``): an event is a journal's table row (the key may be left
    out), read by the journal's own reader: a notation of 13 was made the text "13", a
    ``face_down`` of "no" a card face down, a null key the key "None"; each is one line
    naming the event and the field, exit 2."""
    script = tmp_path / "table.json"
    script.write_text(f"[{event}]", encoding="utf-8")
    status, _, _ = run_demo(tmp_path, "", "--script", str(script))
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert f"{script}: event 1: " in err and says in err and "\n" not in err, err


def gif_frames(tmp_path: Path, keys: str) -> list[bytes]:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "keys.txt").write_text(keys, encoding="utf-8", newline="")
    out = tmp_path / "gif"
    args = ["ui-demo", "--display", "gif", "--out", str(out), "--input", str(tmp_path / "keys.txt")]
    assert main(args) == 0
    with Image.open(out / "ui-demo.gif") as gif:
        return [frame.convert("L").tobytes() for frame in ImageSequence.Iterator(gif)]


def test_a_gif_of_the_session(tmp_path: Path) -> None:
    assert len(gif_frames(tmp_path, "dsd")) == 4  # the start and one screen a key


def test_arrows_and_enter_are_one_key_each(tmp_path: Path) -> None:
    """Right, Down (as a terminal in application cursor mode sends them), Enter (CR LF)."""
    letters = gif_frames(tmp_path / "letters", "dsd")
    assert gif_frames(tmp_path / "arrows", "\x1bOC\x1bOB\r\n") == letters


@pytest.mark.parametrize(("game", "players"), [("trump", 2), ("rummy21", 2), ("hex", 2)])
def test_built_in_scripts_for_every_kind(game: str, players: int) -> None:
    steps = table_script(game, players, (), seed=3)
    placed = [s.card for s in steps if s.event == "placed" and s.card is not None]
    removed = [s.card for s in steps if s.event == "removed" and s.card is not None]
    assert {c.key for c in placed} == {c.key for c in removed}  # the table clears
    if game == "hex":
        assert steps == []
    else:
        assert placed and all(c.deck == game for c in placed)


def test_large_type_draws_whose_turn_across_the_panel(tmp_path: Path) -> None:
    """Issue 12 s5: ``--large-type`` ([ui] large_type) draws the game screens in large
    type; the menus stay as they are."""
    normal = tmp_path / "normal"
    large = tmp_path / "large"
    normal.mkdir()
    large.mkdir()
    keys = START_FIBONACHOS_3 + "nnn"
    _, plain, _ = run_demo(normal, keys)
    _, big, _ = run_demo(large, keys, "--large-type")
    assert len(plain) == len(big)
    changed = [
        (a, b)
        for a, b in zip(plain, big, strict=True)
        if Image.open(a).tobytes() != Image.open(b).tobytes()
    ]
    assert changed  # the game screens, and only they, differ
    assert len(changed) < len(plain)


def test_a_trump_game_asks_who_leads_and_goes_on(tmp_path: Path) -> None:
    """T3, issue 10 item 3: the indicators lie, the table waits until the buttons say
    who holds the named card (SELECT on the question, the seat), then plays round 1."""
    start = "d" + "d" + "d" + "d"  # Fibonacci Trump, 2 players, names Done, Start
    scripted = loose(random_record("trump", 2, (), seed=1))
    leader = scripted["rounds"][0]["leader"]
    answer = "d" + "s" * leader + "d"
    status, _, journal = run_demo(tmp_path, "s" + start + "nn" + answer + "t")
    assert status == 0
    (game,) = journal.games()
    commands = [e.payload for e in journal.events(game.id) if e.kind == "command"]
    assert commands == [{"name": "leader", "args": {"seat": leader}}]
    flow = make_flow(game.game, game.players, game.variants, options=game.options)
    notices = [n for e in journal.events(game.id) for n in feed(flow, e.kind, e.payload)]
    assert not [n for n in notices if n.kind is NoticeKind.REFUSED]
    first = loose(flow.record())["rounds"][0]
    assert first["leader"] == leader
    assert [[p.split("#")[0] for p in t] for t in first["tricks"]] == [
        scripted["rounds"][0]["tricks"][0]
    ]


def test_a_french_table_plays_a_whole_game_in_french(tmp_path: Path) -> None:
    """Issue 12: with --language fr the start menu, the game and its end are French."""
    with speaking("en"):
        status, frames, journal = run_demo(
            tmp_path, START_FIBONACHOS_3 + "ntre" + "dddd", "--language", "fr"
        )
        assert status == 0
        (game,) = journal.games()
        assert game.result is not None and loose(game.result.to_json())["score"]["complete"] is True
        with speaking("fr"):
            start = render(UiApp().screen(0.0), (128, 64)).convert("L")
        first = Image.open(frames[0]).convert("L").resize((128, 64), Image.Resampling.NEAREST)
        assert first.tobytes() == start.tobytes()  # "Choisir un jeu"


class DemoHand:
    """The demo's table and buttons by a person who does what the pauses say (the notes
    the demo prints), choosing menu entries by their labels."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.now = 0.0
        self.capsys = capsys
        display = open_display("fake", width=128, height=64)
        journal = Journal.open(tmp_path / "journal.db")
        self.demo = Demo(display=display, journal=journal, clock=lambda: self.now)
        self.app = self.demo.app

    def press(self, name: str) -> None:
        self.now += 1.0
        event = ButtonEvent(Button[name], PressKind.PRESS, self.now)
        self.demo.commands(self.demo.runner.press(event))

    def choose(self, label: str) -> None:
        view = self.app.screen(self.now)
        assert isinstance(view, MenuView) and label in view.items, (label, view)
        for _step in range((view.items.index(label) - view.selected) % len(view.items)):
            self.press("DOWN")
        self.press("SELECT")

    def note(self) -> str:
        """Cards down to the next pause (``r`` keys); what it says ("" at the end)."""
        table = self.demo.table
        while table.done < len(table.steps):
            self.now += 1.0
            self.demo.table_key("r")
            err = self.capsys.readouterr().err
            notes = [line for line in err.splitlines() if "the table waits" in line]
            if notes:
                return notes[-1].split("the table waits: ", 1)[1]
        return ""

    def follow(self, note: str) -> None:
        """Do what a note says: the menu path (BACK opens the menu), then a key for a
        screen that waits (the round's scores)."""
        path = note.split(": ", 1)[1].split(", then", maxsplit=1)[0]
        for _press in range(3):  # a waiting screen (a note, the scores) goes first
            if isinstance(self.app.screen(self.now), MenuView):
                break
            self.press("BACK")
        for label in path.split(" > ")[1:]:
            if label == "SELECT":
                self.press("SELECT")
            else:
                self.choose(label)


def test_ui_demo_plays_a_rummy_match_to_its_end_by_its_notes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R5, R4, R6, R7, R9: the demo's rummy table pauses for each wild card of a set,
    the hands and the end of each round, and its notes say which menu entries to
    choose; following them, every round ends scored (no refusal), then End game shows
    the final scores and the journal keeps the winner (issues 10, 12)."""
    hand = DemoHand(tmp_path, capsys)
    hand.choose("Rummy 21")
    hand.choose("2 players")
    while isinstance(hand.app.screen(hand.now), MenuView):
        hand.press("SELECT")
    hand.press("SELECT")  # start
    refused: list[str] = []
    hand.demo.runner.listeners.append(
        lambda notices, _now: refused.extend(
            n.message for n in notices if n.kind is NoticeKind.REFUSED
        )
    )
    notes: list[str] = []
    while (note := hand.note()) and len(notes) < 60:
        notes.append(note)
        hand.follow(note)
    assert refused == [], notes
    assert notes[-1].startswith("the rounds are played"), notes
    assert any("Wild card" in n for n in notes)  # seed 1 lays wild cards in sets (R5)
    shown = hand.app.screen(hand.now)
    assert isinstance(shown, ScoresView) and shown.title == "Final scores", shown
    (game,) = hand.demo.runner.session.journal.games()
    scripted = loose(random_record("rummy21", 2, (), seed=1))
    assert game.result is not None
    assert len(loose(game.result.to_json())["record"]["rounds"]) == len(scripted["rounds"])
    assert game.result.winners == tuple(shown.leaders)


def test_set_up_the_table_answers_in_the_demo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26 item 2: the demo has no camera; "Set up the table" answers with the
    default seating's seats instead of waiting for ever on "Looking at the table..."."""
    hand = DemoHand(tmp_path, capsys)
    hand.choose("Set up the table")
    hand.choose("3 players")
    hand.press("SELECT")
    view = hand.app.screen(hand.now)
    assert view == MessageView(
        "3 seats found", ("Seat 1: bottom", "Seat 2: left", "Seat 3: top"), hint="SELECT: OK"
    )
