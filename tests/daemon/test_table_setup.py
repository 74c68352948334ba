"""Issue 26 item 2: a layout per game, set up from the OLED, swapped without a restart.

The real loop runs with a scripted reader (no card events) and a camera whose frames
are a synthetic picture of the table with SEAT cards; only button presses drive it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from daemon_harness import ManualClock, ScriptReader, make_daemon

from companion.daemon.runtime import Daemon
from companion.daemon.table_layout import LayoutKeeper
from companion.synthetic.scene import Place, Scene
from companion.synthetic.sprites import CardRef
from companion.table.layout import default_layout, load_layout
from companion.table.layouts import LayoutStore
from companion.views import MenuView, MessageView
from hardware.buttons import Button
from hardware.buttons_fake import FakeButtons
from hardware.camera_fake import FakeCamera

#: Where a player sitting on each side puts their SEAT card, and how it lies for them.
SPOTS = {
    "bottom": (0.5, 0.88, 0.0),
    "top": (0.5, 0.12, 180.0),
    "left": (0.08, 0.5, 270.0),
    "right": (0.92, 0.5, 90.0),
}


def table_picture(sides: tuple[str, ...]) -> np.ndarray:
    """The empty table at 1280x720 with SEAT1, SEAT2 ... on ``sides``."""
    places = [
        Place(CardRef("control", f"SEAT{n + 1}"), x, y, angle=angle, hand=False)
        for n, (x, y, angle) in enumerate(SPOTS[side] for side in sides)
    ]
    image: np.ndarray = Scene((1280, 720), seed=4).still(places)
    return image


class Table:
    """A daemon, its buttons and its clock: presses go through the loop, one a step."""

    def __init__(self, tmp_path: Path, frames: list[np.ndarray]) -> None:
        self.clock = ManualClock()
        self.buttons = FakeButtons(self.clock)
        self.store = LayoutStore(tmp_path / "layouts")
        self.daemon: Daemon = make_daemon(
            tmp_path / "journal.db",
            [],
            clock=self.clock,
            camera=lambda: FakeCamera(frames),
            buttons=lambda: self.buttons,
            layouts=LayoutKeeper(self.store),
        )
        self.daemon.start()

    @property
    def reader(self) -> ScriptReader:
        reader = self.daemon.reader
        assert isinstance(reader, ScriptReader)
        return reader

    def step(self) -> None:
        self.daemon.step()
        self.clock.advance(0.2)

    def press(self, *names: str, long: bool = False) -> None:
        for name in names:
            if long:
                self.buttons.hold(Button[name])
            else:
                self.buttons.press(Button[name])
            self.step()

    def screen(self) -> MenuView | MessageView:
        view = self.daemon.app.screen(self.clock())
        assert isinstance(view, MenuView | MessageView), view
        return view

    def choose(self, label: str) -> None:
        """Move the highlight of the menu on screen to ``label`` and SELECT it."""
        view = self.screen()
        assert isinstance(view, MenuView), view
        items = list(view.items)
        assert label in items, items
        self.press(*["DOWN"] * ((items.index(label) - view.selected) % len(items)))
        self.press("SELECT")

    def set_up(self, players: str) -> MessageView:
        """Start menu > Set up the table > players > SELECT; the answer on screen."""
        self.choose("Set up the table")
        self.choose(players)
        lay = self.screen()
        assert isinstance(lay, MessageView) and "SEAT card" in " ".join(lay.lines)
        self.press("SELECT")  # the daemon reads the next frame
        self.step()
        answer = self.screen()
        assert isinstance(answer, MessageView), answer
        return answer

    def start(self, game: str, players: str = "2 players") -> None:
        """From the start menu: the game, its players, the defaults, Start."""
        self.choose(game)
        self.choose(players)
        for _ in range(8):  # names, dealer, variants: the defaults, then Start?
            view = self.screen()
            if isinstance(view, MessageView) and view.title == "Start?":
                self.press("SELECT")
                return
            assert isinstance(view, MenuView), view
            done = [item for item in view.items if item in ("Done", "Next")]
            self.choose(done[0]) if done else self.press("SELECT")
        raise AssertionError(f"no Start? after the setup of {game}: {self.screen()}")

    def end_game(self) -> None:
        """Menu > End game > yes: the scores, then the start menu."""
        self.press("BACK")
        self.choose("End game")
        self.press("SELECT")  # yes
        self.press("SELECT")  # the final scores
        assert self.daemon.session.flow is None


def test_set_up_the_table_from_the_oled_writes_the_rummy_layout(tmp_path: Path) -> None:
    """Issue 26 item 2: four SEAT cards, SELECT: the rummy layout is written to the
    layouts folder and the seats are said by their sides, no zone name on screen."""
    sides = ("bottom", "left", "top", "right")
    table = Table(tmp_path, [table_picture(sides)] * 80)
    answer = table.set_up("4 players")
    assert answer.title == "4 seats found"
    assert answer.lines == (
        "Seat 1: bottom",
        "Seat 2: left",
        "Seat 3: top",
        "Seat 4: right",
    )
    assert "meld" not in " ".join(answer.lines)
    written = load_layout(table.store.path_of("rummy"))
    assert [written.facing(name) for name in written.names()] == list(sides)
    table.press("SELECT")
    assert isinstance(table.screen(), MenuView) and table.screen().title == "Start"


@pytest.mark.parametrize(
    ("sides", "players", "said"),
    [
        ((), "4 players", "No SEAT card seen: lay one in front of each player"),
        (("bottom", "top"), "4 players", "Only 2 SEAT cards seen: lay one in front of each player"),
        (
            ("bottom", "top", "left"),
            "2 players",
            "3 SEAT cards seen for 2 players: take the others away",
        ),
    ],
)
def test_seat_cards_that_make_no_layout_say_what_to_change(
    tmp_path: Path, sides: tuple[str, ...], players: str, said: str
) -> None:
    """Issue 26 item 2: the wrong SEAT cards are said in the players' words; nothing is
    written; SELECT looks again."""
    table = Table(tmp_path, [table_picture(sides)] * 80)
    answer = table.set_up(players)
    assert answer.lines == (said,)
    assert not table.store.path_of("rummy").exists()
    table.press("SELECT")
    table.step()
    assert table.screen().lines == (said,)


def test_rummy_then_fibonachos_then_rummy_with_buttons_only(tmp_path: Path) -> None:
    """Issue 26 "Done": a switch from rummy to Fibonachos and back takes only OLED
    presses; each game's reader layout is its family's, with no restart."""
    table = Table(tmp_path, [table_picture(("bottom", "top"))] * 400)
    table.set_up("2 players")
    written = load_layout(table.store.path_of("rummy"))
    table.press("SELECT")
    table.start("Rummy 21")
    assert table.daemon.session.flow is not None
    assert table.daemon.session.flow.game == "rummy21"
    assert table.reader.layout == written
    table.end_game()
    table.start("Fibonachos", "3 players")
    assert table.daemon.session.flow is not None
    assert table.daemon.session.flow.game == "fibonachos"
    assert table.reader.layout == default_layout()
    table.end_game()
    table.start("Rummy 21")
    assert table.reader.layout == written
