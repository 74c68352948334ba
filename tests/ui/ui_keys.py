"""A finger on the four buttons: presses with a clock the test moves (no sleeps)."""

from __future__ import annotations

from companion.ui.app import UiApp
from companion.ui.commands import UiCommand
from companion.ui.screens import View
from hardware.buttons import Button, ButtonEvent, PressKind


class Finger:
    """Presses buttons of one app; each press is one second after the last."""

    def __init__(self, app: UiApp, now: float = 1000.0) -> None:
        self.app = app
        self.now = now

    def event(self, name: str, *, long: bool = False) -> ButtonEvent:
        self.now += 1.0
        kind = PressKind.LONG_PRESS if long else PressKind.PRESS
        return ButtonEvent(Button[name], kind, self.now)

    def press(self, *names: str, long: bool = False) -> list[UiCommand]:
        """Press each named button in turn; return every command they gave."""
        commands: list[UiCommand] = []
        for name in names:
            commands += self.app.button(self.event(name, long=long))
        return commands

    def hold(self, name: str) -> list[UiCommand]:
        return self.press(name, long=True)

    def screen(self) -> View:
        return self.app.screen(self.now)

    def choose(self, label: str) -> list[UiCommand]:
        """Move the highlight of the menu on screen to ``label`` and SELECT it."""
        view = self.screen()
        items = list(view.items)
        exact = [i for i, item in enumerate(items) if item == label]
        target = (exact or [i for i, item in enumerate(items) if item.endswith(label)])[0]
        steps = (target - view.selected) % len(items)
        self.press(*["DOWN"] * steps)
        return self.press("SELECT")
