"""The desktop display: a luma.emulator (pygame) window showing the OLED's pixels.

Desktop only: it needs pygame (``pip install 'table-companion[desktop]'``) and a
graphical session. Pixels are enlarged ``scale`` times (``transform`` as in
luma.emulator: ``identity`` keeps them square and sharp). luma's own window
calls ``sys.exit()`` when Esc is pressed, but Esc is the BACK button of the
keyboard backend, so that check is switched off here; closing the window
raises KeyboardInterrupt, as Ctrl-C would, so the program shuts down cleanly.

The keyboard backend reads this window's key presses (``source = "pygame"``)
when both run in one process; see ``hardware.buttons_keyboard``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args

from msgspec import Meta
from PIL import Image

from hardware.display import DisplayBase, PanelSettings
from hardware.errors import BackendUnavailableError, ConfigurationError
from hardware.settings import Settings

INSTALL = "pip install 'table-companion[desktop]'"
Transform = Literal["identity", "scale2x", "smoothscale", "led_matrix"]
TRANSFORMS: tuple[str, ...] = get_args(Transform)


@dataclass(frozen=True)
class EmulatorSettings(PanelSettings):
    """The keys of ``kind = "emulator"`` (a luma.emulator window)."""

    scale: Annotated[int, Meta(ge=1, le=16)] = 4
    transform: Transform = "identity"
    mode: Literal["1", "RGB"] = "1"


class EmulatorDisplay(DisplayBase):
    """A luma.emulator ``pygame`` device in a window titled "Table Companion"."""

    def __init__(
        self,
        size: tuple[int, int],
        *,
        scale: int = 4,
        transform: str = "identity",
        mode: str = "1",
    ) -> None:
        super().__init__(size)
        try:
            import pygame
            from luma.emulator.device import pygame as window
        except ImportError as exc:
            raise BackendUnavailableError(
                f"display emulator: {exc.name} is missing ({INSTALL})"
            ) from None
        self._pygame: Any = pygame
        width, height = size
        try:
            self.device: Any = window(
                width=width, height=height, mode=mode, transform=transform, scale=scale
            )
        except pygame.error as exc:
            where = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "none"
            raise BackendUnavailableError(
                f"display emulator: no window possible ({exc}; DISPLAY={where}); "
                'use kind = "frames", "gif" or "terminal" without a desktop'
            ) from None
        self.device._abort = lambda: False  # Esc is BACK, not "quit"
        pygame.display.set_caption("Table Companion")

    def _show(self, image: Image.Image) -> None:
        if self._pygame.event.peek(self._pygame.QUIT):
            raise KeyboardInterrupt("the emulator window was closed")
        self.device.display(image.convert(self.device.mode))

    def _contrast(self, level: int) -> None:
        self.device.contrast(level)

    def _close(self) -> None:
        self._pygame.display.quit()


def open_emulator(settings: Settings) -> EmulatorDisplay:
    given = settings.decode(EmulatorSettings)
    settings.done()
    if given.transform == "scale2x" and given.scale != 2:
        raise ConfigurationError("display.transform = 'scale2x' needs display.scale = 2")
    return EmulatorDisplay(
        given.size, scale=given.scale, transform=given.transform, mode=given.mode
    )
