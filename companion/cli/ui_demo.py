"""``companion ui-demo``: the whole interface on a desktop, against a scripted table.

The real interface (:class:`~companion.ui.app.UiApp`), session, journal and game
flows, driven by the keyboard button backend, shown in the luma.emulator window
(``--display emulator``), as PNG frames or an animated GIF in ``--out``, or in the
terminal. The table is a script: when a game starts, the demo deals a whole game
of it (a seeded random game of the rules engine, or ``--script FILE``) and puts
its cards on the table one key at a time.

    keys    w/Up  s/Down  d/Enter/Space/Right = SELECT  a/Esc/Backspace/Left = BACK
            capital letter or Shift+arrow (in the window: hold the key) = long press
    table   n  next card on the table     t  to the end of the trick
            r  to the end of the round    e  to the end of the game     q  quit

``--input FILE`` reads the keys from a file instead of the keyboard (one key a
second of demo time) and stops at its end: the demo then runs without a person,
which is how the tests drive it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.cli.scripted_table import ScriptedTable
from companion.daemon.runner import TableRunner
from companion.flows.commands import Undo as FlowUndo
from companion.inputs import read_text
from companion.journal import Journal
from companion.session import Session, recent_names
from companion.table.layout import rummy_layout
from companion.table.markers import SeatReading
from companion.ui.app import UiApp
from companion.ui.commands import Flow, SetUpTable, StartGame, UiCommand, Undo
from companion.ui.screens import View, render
from companion.views.i18n import LANGUAGES
from hardware.buttons import Buttons, open_buttons
from hardware.buttons_keyboard import TERMINAL_KEYS, split_keys
from hardware.display import Display, open_display

DISPLAYS = ("emulator", "frames", "gif", "terminal")
DESCRIPTION = """\
The OLED interface on the desktop: menus, game screens and the real game flows,
with the keyboard as the four buttons and a scripted table that puts the cards of
a whole game down, one key at a time (a seeded random game, or --script FILE).

keys    w/Up  s/Down  d/Enter/Space/Right = SELECT  a/Esc/Backspace/Left = BACK
        capital letter or Shift+arrow (in the window: hold the key) = long press
table   n  next card     t  end of the trick     r  end of the round
        e  end of the game                       q  quit
"""
TABLE_KEYS = {"n": "card", "t": "trick", "r": "round", "e": "game"}
QUIT = "q"
HELP = (
    "ui-demo: w/s up/down, d or Enter select, a or Esc back (capitals: long press); "
    "table: n card, t trick, r round, e game; q quits"
)


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "ui-demo",
        help="the OLED interface on the desktop, with the keyboard and a scripted table",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--display",
        choices=DISPLAYS,
        default=None,
        help="default: emulator when there is a graphical display, else terminal",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("ui-demo"),
        help="where frames and the GIF go (default: ./ui-demo)",
    )
    parser.add_argument(
        "--script",
        type=Path,
        default=None,
        help="a table script (JSON list of table events) for every game",
    )
    parser.add_argument(
        "--input", type=Path, default=None, help="read the keys from this file, then stop"
    )
    parser.add_argument(
        "--height",
        type=int,
        choices=(64, 32),
        default=64,
        help="the panel's height (128x64 or 128x32)",
    )
    parser.add_argument(
        "--large-type",
        action="store_true",
        help="the in-game screens in large type ([ui] large_type), read across a table",
    )
    parser.add_argument("--seed", type=int, default=1, help="the scripted games' seed")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=LANGUAGES[0],
        help="the screens' language (the start menu's Language changes it too)",
    )
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="keep the games in this journal (default: a temporary one)",
    )
    parser.set_defaults(func=run)


class Demo:
    """One table on the desktop: the app, the session, the display and the script."""

    def __init__(
        self,
        *,
        display: Display,
        journal: Journal,
        clock: Callable[[], float],
        script: Path | None = None,
        seed: int = 1,
        wall_clock: Callable[[], float] = time.time,
        large_type: bool = False,
        language: str = LANGUAGES[0],
    ) -> None:
        self.display = display
        self.large_type = large_type
        self.clock = clock
        self.app = UiApp(
            language=language, now=clock(), names=recent_names(journal), panel=display.size
        )
        # Games are dated by the wall clock (the history's dates), whatever drives the keys.
        self.runner = TableRunner(self.app, Session(journal, clock=wall_clock))
        self.table = ScriptedTable(self.runner, script=script, seed=seed)
        self._shown: View | None = None

    def button_events(self, buttons: Buttons) -> None:
        while (event := buttons.get(timeout=0)) is not None:
            before = self.table.on_record()
            commands = self.runner.press(event)
            self.commands(commands)
            if any(isinstance(c, Undo) or c == Flow(FlowUndo()) for c in commands):
                self.table.taken_back(before)

    def commands(self, commands: list[UiCommand]) -> None:
        for command in commands:
            if isinstance(command, StartGame):
                self.table.started(command)
            elif isinstance(command, SetUpTable):  # no camera: the default seating's seats
                seats = SeatReading(rummy_layout(command.players), count=command.players)
                self.app.table_set_up(seats)

    def table_key(self, key: str) -> None:
        self.table.advance(TABLE_KEYS[key], self.clock())
        for note in self.table.notes:
            print(f"ui-demo: the table waits: {note}", file=sys.stderr)
        self.table.notes.clear()

    def refresh(self) -> None:
        """Show the screen when its view changed (compared before drawing, as the
        daemon does: the terminal loop refreshes ten times a second)."""
        now = self.clock()
        self.runner.tick(now)
        view = self.app.screen(now)
        if view != self._shown:
            self._shown = view
            self.display.show(render(view, self.display.size, large=self.large_type))


class _Feed:
    """The text stream the keyboard backend reads: what the demo hands on to it."""

    def __init__(self) -> None:
        self.pending = ""

    def read(self) -> str:
        text, self.pending = self.pending, ""
        return text

    def fileno(self) -> int:
        raise OSError("not a file")


def _open_display(kind: str, out: Path, height: int, clock: Callable[[], float]) -> Display:
    size = {"width": 128, "height": height}
    if kind == "frames":
        return open_display("frames", dir=str(out), **size)
    if kind == "gif":
        out.mkdir(parents=True, exist_ok=True)
        return open_display("gif", path=str(out / "ui-demo.gif"), clock=clock, **size)
    if kind == "terminal":
        return open_display("terminal", **size)
    return open_display("emulator", **size)


class _Clock:
    """Demo time for ``--input``: one second a key."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def run(args: argparse.Namespace) -> int:
    kind = args.display or (
        "emulator" if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") else "terminal"
    )
    keys = read_text(args.input) if args.input is not None else None  # before any window
    virtual = _Clock() if keys is not None else None
    clock: Callable[[], float] = virtual if virtual is not None else time.monotonic
    with contextlib.ExitStack() as stack:
        if args.journal is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="ui-demo-"))
            journal_path = Path(folder) / "journal.db"
        else:
            journal_path = args.journal
        journal = Journal.open(journal_path)
        stack.callback(journal.close)
        display = stack.enter_context(_open_display(kind, args.out, args.height, clock))
        demo = Demo(
            display=display,
            journal=journal,
            clock=clock,
            script=args.script,
            seed=args.seed,
            large_type=args.large_type,
            language=args.language,
        )
        if keys is not None and virtual is not None:
            _from_file(demo, keys, virtual)
        elif kind == "emulator":
            print(HELP, file=sys.stderr)
            _from_window(demo)
        else:
            print(HELP, file=sys.stderr)
            _from_terminal(demo, stack)
    if kind in ("frames", "gif"):
        print(f"ui-demo: the screens are in {args.out}", file=sys.stderr)
    return 0


def _from_file(demo: Demo, text: str, clock: _Clock) -> None:
    feed = _Feed()
    with open_buttons("keyboard", stream=feed, clock=clock) as buttons:
        demo.refresh()
        for key in split_keys(text):
            clock.now += 1.0
            if not _key(demo, key, feed, buttons):
                break
            demo.refresh()


def _key(demo: Demo, key: str, feed: _Feed, buttons: Buttons) -> bool:
    """One key of the terminal or the file; False to quit."""
    if key == QUIT:
        return False
    if key in TABLE_KEYS:
        demo.table_key(key)
    elif key in TERMINAL_KEYS:
        feed.pending += key
        demo.button_events(buttons)
    return True


def _from_terminal(demo: Demo, stack: contextlib.ExitStack) -> None:
    fd = sys.stdin.fileno()
    if os.isatty(fd):
        import termios
        import tty

        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        stack.callback(termios.tcsetattr, fd, termios.TCSADRAIN, saved)
    feed = _Feed()
    buttons = stack.enter_context(open_buttons("keyboard", stream=feed))
    demo.refresh()
    while True:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            text = os.read(fd, 256).decode("utf-8", "replace")
            if not text:
                return
            for key in split_keys(text):
                if not _key(demo, key, feed, buttons):
                    return
        demo.refresh()


def _from_window(demo: Demo) -> None:
    import pygame

    with open_buttons("keyboard", source="pygame") as buttons:
        table = {getattr(pygame, f"K_{key}"): key for key in TABLE_KEYS}
        demo.refresh()
        while True:
            for event in pygame.event.get():
                if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
                    return
                if event.type == pygame.KEYDOWN and event.key in table:
                    demo.table_key(table[event.key])
                elif not (event.type == pygame.KEYUP and event.key in table):
                    pygame.event.post(event)  # the button backend reads the rest
            demo.button_events(buttons)
            demo.refresh()
