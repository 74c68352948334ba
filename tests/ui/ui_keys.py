"""A finger on the four buttons: presses with a clock the test moves (no sleeps)."""

from __future__ import annotations

from companion.ui.app import UiApp
from companion.ui.commands import UiCommand
from companion.ui.names import JUMP
from companion.ui.screens import View
from companion.views import NameView
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

    def type_name(self, name: str) -> int:
        """Type ``name`` on the letter wheel on screen, as a quick hand would (the
        shorter way round, long presses where they save presses), then hold SELECT.
        Return how many presses it took."""
        presses = 0
        for char in name:
            presses += self._turn_to(char)
            self.press("SELECT")
            presses += 1
        self.hold("SELECT")
        return presses + 1

    def _turn_to(self, item: str) -> int:
        view = self.screen()
        assert isinstance(view, NameView), view
        size = len(view.wheel)
        forward = (view.wheel.index(item) - view.selected) % size
        # Each way round: long presses of JUMP items and short ones for the rest.
        ways = []
        for steps, button in ((forward, "DOWN"), (size - forward, "UP")):
            for jumps in range(steps // JUMP + 2):
                rest = steps - jumps * JUMP
                ways.append((jumps + abs(rest), button, jumps, rest))
        cost, button, jumps, rest = min(ways)
        back = "UP" if button == "DOWN" else "DOWN"
        for _ in range(jumps):
            self.hold(button)
        self.press(*[button if rest > 0 else back] * abs(rest))
        return cost
