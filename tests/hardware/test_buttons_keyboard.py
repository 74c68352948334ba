"""The keyboard backend: terminal keys (a stream, a real pty) and the pygame window."""

from __future__ import annotations

import io
import os
import termios
from collections.abc import Iterator
from typing import Any

import pytest

from hardware.buttons import Button, PressKind, open_buttons
from hardware.buttons_keyboard import KeyboardButtons, parse_keys, split_keys
from hardware.errors import BackendUnavailableError, ConfigurationError

P, L = PressKind.PRESS, PressKind.LONG_PRESS


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ("w", [(Button.UP, P)]),
        ("W", [(Button.UP, L)]),
        ("\x1b[A\x1bOA\x1b[1;2A", [(Button.UP, P), (Button.UP, P), (Button.UP, L)]),
        (
            "s\x1b[B\x1b[1;2BS",
            [(Button.DOWN, P), (Button.DOWN, P), (Button.DOWN, L), (Button.DOWN, L)],
        ),
        ("\n \rd\x1b[CD", [(Button.SELECT, P)] * 5 + [(Button.SELECT, L)]),
        ("\r\n", [(Button.SELECT, P)]),
        ("\x7f\x08a\x1b[DA\x1b[1;2D", [(Button.BACK, P)] * 4 + [(Button.BACK, L)] * 2),
        ("\x1b", [(Button.BACK, P)]),  # Esc alone
        ("x\x1b[5~q\x1b[15;2~9", []),  # unknown keys and sequences are skipped whole
        ("\x1bw", [(Button.BACK, P), (Button.UP, P)]),
    ],
)
def test_terminal_keys(keys: str, expected: list[tuple[Button, PressKind]]) -> None:
    assert parse_keys(keys) == expected


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("w\x1b[Bd\x1b[1;2AX", ["w", "\x1b[B", "d", "\x1b[1;2A", "X"]),
        ("\x1bOA\x1bOD", ["\x1bOA", "\x1bOD"]),  # SS3 arrows (application cursor mode)
        ("\r\nn", ["\r\n", "n"]),  # one Enter, then a key the backend does not know
        ("q\x1b[15;2~\x1b", ["q", "\x1b[15;2~", "\x1b"]),
    ],
)
def test_terminal_input_splits_into_whole_keys(text: str, keys: list[str]) -> None:
    """``companion ui-demo`` cuts its input with this, so an arrow is never two keys."""
    assert split_keys(text) == keys


def test_a_stream_is_read_in_order_then_get_times_out() -> None:
    with open_buttons("keyboard", stream=io.StringIO("ss\nA"), clock=lambda: 7.0) as keys:
        got = [keys.get(timeout=0) for _ in range(4)]
        assert [(e.button, e.kind, e.time) for e in got if e] == [
            (Button.DOWN, P, 7.0),
            (Button.DOWN, P, 7.0),
            (Button.SELECT, P, 7.0),
            (Button.BACK, L, 7.0),
        ]
        assert keys.get(timeout=0.01) is None  # nothing more: waits, then None
        assert isinstance(keys, KeyboardButtons)


def test_a_terminal_is_put_in_cbreak_mode_and_restored() -> None:
    master, slave = os.openpty()
    stream = os.fdopen(slave, "r")
    try:
        before = termios.tcgetattr(slave)
        keys = open_buttons("keyboard", stream=stream)
        during = termios.tcgetattr(slave)
        assert not during[3] & termios.ICANON and not during[3] & termios.ECHO
        assert during[3] & termios.ISIG  # Ctrl-C still stops the program
        os.write(master, b"\x1b[1;2C")
        event = keys.get(timeout=5.0)
        assert event is not None and (event.button, event.kind) == (Button.SELECT, L)
        assert keys.get(timeout=0) is None
        keys.close()
        keys.close()
        assert termios.tcgetattr(slave) == before
    finally:
        stream.close()
        os.close(master)


def test_a_pipe_is_read_until_its_end() -> None:
    read, write = os.pipe()
    stream = os.fdopen(read, "r")
    with open_buttons("keyboard", stream=stream) as keys:
        os.write(write, b"w")
        event = keys.get(timeout=5.0)
        assert event is not None and event.button is Button.UP
        os.close(write)
        assert keys.get(timeout=0.05) is None
        assert isinstance(keys, KeyboardButtons) and keys.eof
        assert keys.get(timeout=0.01) is None  # after the end: waits, never spins
    stream.close()


def test_an_unknown_source_is_named() -> None:
    with pytest.raises(ConfigurationError, match=r"buttons\.source"):
        open_buttons("keyboard", source="joystick")


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.display.set_mode((128, 64))
    yield pygame
    pygame.display.quit()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _key(pygame: Any, kind: int, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(kind, key=key, mod=mod))


def test_pygame_keys_press_on_release_and_long_when_held(window: Any) -> None:
    pygame, clock = window, Clock()
    with open_buttons("keyboard", source="pygame", clock=clock, hold_time=0.8) as keys:
        _key(pygame, pygame.KEYDOWN, pygame.K_DOWN)
        assert keys.get(timeout=0) is None
        clock.now = 0.2
        _key(pygame, pygame.KEYUP, pygame.K_DOWN)
        event = keys.get(timeout=0)
        assert event is not None and (event.button, event.kind) == (Button.DOWN, P)
        _key(pygame, pygame.KEYDOWN, pygame.K_BACKSPACE)
        assert keys.get(timeout=0) is None
        clock.now = 1.1
        event = keys.get(timeout=0)
        assert event is not None and (event.button, event.kind) == (Button.BACK, L)
        _key(pygame, pygame.KEYUP, pygame.K_BACKSPACE)
        assert keys.get(timeout=0) is None


def test_pygame_shift_is_a_long_press_at_once(window: Any) -> None:
    pygame = window
    with open_buttons("keyboard", source="pygame", clock=Clock()) as keys:
        _key(pygame, pygame.KEYDOWN, pygame.K_RETURN, pygame.KMOD_LSHIFT)
        event = keys.get(timeout=0)
        assert event is not None and (event.button, event.kind) == (Button.SELECT, L)
        _key(pygame, pygame.KEYUP, pygame.K_RETURN, pygame.KMOD_LSHIFT)
        _key(pygame, pygame.KEYDOWN, pygame.K_q)  # not a button key
        assert keys.get(timeout=0) is None


def test_closing_the_window_interrupts_like_ctrl_c(window: Any) -> None:
    pygame = window
    with open_buttons("keyboard", source="pygame") as keys:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        with pytest.raises(KeyboardInterrupt):
            keys.get(timeout=1.0)


def test_pygame_without_the_window_says_open_the_emulator_first() -> None:
    pygame = pytest.importorskip("pygame")
    pygame.display.quit()
    with pytest.raises(BackendUnavailableError, match='kind = "emulator"'):
        open_buttons("keyboard", source="pygame")
