"""Debounce, short and long presses on an injected clock (issue 5 section 2)."""

from __future__ import annotations

from hardware.buttons import Button, PressKind
from hardware.presses import PressTracker


def tracker() -> PressTracker:
    return PressTracker(Button.UP, hold_time=0.8, bounce_time=0.03)


def test_a_short_press_is_one_press_at_the_release() -> None:
    t = tracker()
    assert t.edge(True, 1.0) is None
    assert t.poll(1.5) is None
    event = t.edge(False, 1.6)
    assert event is not None and (event.kind, event.time) == (PressKind.PRESS, 1.6)


def test_a_held_press_is_one_long_press_when_polled_and_nothing_on_release() -> None:
    t = tracker()
    t.edge(True, 0.0)
    assert t.deadline() == 0.8
    assert t.poll(0.79) is None
    event = t.poll(0.8)
    assert event is not None and event.kind is PressKind.LONG_PRESS
    assert t.poll(2.0) is None and t.deadline() is None
    assert t.edge(False, 3.0) is None


def test_a_hold_nobody_polled_is_long_at_the_release() -> None:
    t = tracker()
    t.edge(True, 0.0)
    event = t.edge(False, 1.0)
    assert event is not None and event.kind is PressKind.LONG_PRESS


def test_edges_inside_the_bounce_time_are_ignored() -> None:
    t = tracker()
    events = [
        t.edge(level, at)
        for at, level in [(0.0, True), (0.005, False), (0.01, True), (0.02, False), (0.025, True)]
    ]
    assert events == [None] * 5 and t.pressed
    released = [t.edge(False, 0.3), t.edge(True, 0.305), t.edge(False, 0.31)]
    assert [e.kind if e else None for e in released] == [PressKind.PRESS, None, None]


def test_poll_takes_the_settled_state_a_bounce_hid() -> None:
    t = tracker()
    t.edge(True, 0.0)
    assert t.edge(False, 0.01) is None  # a real release, but inside the bounce time
    assert t.poll(0.02, actual=False) is None  # still inside
    event = t.poll(0.05, actual=False)
    assert event is not None and event.kind is PressKind.PRESS and not t.pressed


def test_repeated_levels_change_nothing() -> None:
    t = tracker()
    assert t.edge(False, 0.0) is None
    t.edge(True, 1.0)
    assert t.edge(True, 1.2) is None
    assert t.deadline() == 1.8
