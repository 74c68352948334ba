"""The fake buttons: a queue tests (and scripted demos) push presses into.

>>> fake = FakeButtons(clock=lambda: 4.0)
>>> fake.hold(Button.BACK)
ButtonEvent(button=<Button.BACK: 'back'>, kind=<PressKind.LONG_PRESS: 'long'>, time=4.0)
>>> fake.get(0).kind, fake.get(0)
(<PressKind.LONG_PRESS: 'long'>, None)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.buttons import Button, ButtonEvent, PressKind, QueuedButtons
from hardware.settings import Settings


class FakeButtons(QueuedButtons):
    """``press`` and ``hold`` queue an event now; ``get`` hands them out in order."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(clock)

    def press(self, button: Button) -> ButtonEvent:
        return self.put(button, PressKind.PRESS)

    def hold(self, button: Button) -> ButtonEvent:
        return self.put(button, PressKind.LONG_PRESS)


def open_fake(settings: Settings) -> FakeButtons:
    clock = settings.clock()
    settings.done()
    return FakeButtons(clock)
