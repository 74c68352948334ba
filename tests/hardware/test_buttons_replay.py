"""Replayed buttons: scripts from a list or a file, handed out on an injected clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.buttons import Button, ButtonEvent, PressKind, open_buttons
from hardware.buttons_replay import ReplayButtons, parse_script
from hardware.errors import ConfigurationError


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


SCRIPT = """\
# choose the second game, then go home
0.5 down
1.0 select
1.0 up press
4 back long
"""


def test_a_file_script_is_replayed_on_the_clock(tmp_path: Path) -> None:
    path = tmp_path / "demo.txt"
    path.write_text(SCRIPT, encoding="utf-8")
    clock = Clock()
    with open_buttons("replay", script=str(path), clock=clock) as replay:
        assert replay.get(timeout=0) is None
        clock.now = 50.5
        assert replay.get(timeout=0) == ButtonEvent(Button.DOWN, PressKind.PRESS, 50.5)
        clock.now = 53.0
        got = [replay.get(timeout=0), replay.get(timeout=0), replay.get(timeout=0)]
        assert [(e.button, e.time) for e in got if e] == [(Button.SELECT, 51.0), (Button.UP, 51.0)]
        clock.now = 60.0
        last = replay.get(timeout=0)
        assert last is not None and (last.button, last.kind) == (Button.BACK, PressKind.LONG_PRESS)
        assert isinstance(replay, ReplayButtons) and replay.finished
        assert replay.get() is None  # the end: no waiting for ever


def test_a_list_script_with_tuples_and_events() -> None:
    clock = Clock()
    steps = [
        (0, "select"),
        (0.1, Button.BACK, PressKind.LONG_PRESS),
        ButtonEvent(Button.UP, PressKind.PRESS, 0.2),
    ]
    with open_buttons("replay", script=steps, clock=clock) as replay:
        clock.now += 1
        kinds = [(e.button, e.kind) for e in iter(lambda: replay.get(timeout=0), None)]
        assert kinds == [
            (Button.SELECT, PressKind.PRESS),
            (Button.BACK, PressKind.LONG_PRESS),
            (Button.UP, PressKind.PRESS),
        ]


def test_the_real_clock_waits_for_the_next_line() -> None:
    with open_buttons("replay", script=[(0.05, "up")]) as replay:
        event = replay.get(timeout=5.0)
        assert event is not None and event.button is Button.UP


def test_script_round_trip() -> None:
    events = parse_script(SCRIPT)
    assert parse_script("\n".join(map(str, events))) == events


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.5 sideways", "line 1: '0.5 sideways': button 'sideways'"),
        ("1 up\nsoon up", "line 2: 'soon up': 'soon' is not a time: a line starts with seconds"),
        ("1 up quick", "press kind 'quick'"),
        ("1", "a line is 't button \\[kind\\]'"),
        ("2 up\n1 down", "never go back"),
        ("-1 up", "never go back"),
    ],
)
def test_bad_scripts_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        parse_script(text)


@pytest.mark.parametrize("text", ["nan up", "1 up\nnan down\n0 back", "1 up\ninf down", "-inf up"])
def test_a_time_that_is_not_a_number_of_seconds_is_refused(text: str) -> None:
    """docs/security.md (``--buttons FILE``): ``float`` reads ``nan`` and ``inf``, and
    a press at NaN passed the "never go back" check (NaN compares false), was never
    due, and let every later line go back in time. Found writing
    bench/fuzz/notation.py's check of that rule."""
    with pytest.raises(ConfigurationError, match="a time is a number of seconds"):
        parse_script(text)


def test_a_missing_file_and_no_script_are_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match=r"buttons\.script = .*cannot read"):
        open_buttons("replay", script=str(tmp_path / "none.txt"))
    with pytest.raises(ConfigurationError, match=r"buttons\.script must be"):
        open_buttons("replay")
