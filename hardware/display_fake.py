"""The fake display: keeps every image it is shown, for tests.

``fail=True`` makes every ``show`` raise DeviceError, so the daemon's handling
of a broken panel can be tested without one.

    >>> from PIL import Image
    >>> fake = FakeDisplay((128, 64))
    >>> fake.show(Image.new("1", (128, 64)))
    >>> len(fake.images), fake.last is fake.images[-1]
    (1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from hardware.display import DisplayBase, PanelSettings
from hardware.errors import DeviceError
from hardware.settings import Settings


class FakeDisplay(DisplayBase):
    """Every image shown, in order (mode "1" copies), and the contrast levels set."""

    def __init__(self, size: tuple[int, int] = (128, 64), *, fail: bool = False) -> None:
        super().__init__(size)
        self.fail = fail
        self.images: list[Image.Image] = []
        self.levels: list[int] = []

    @property
    def last(self) -> Image.Image | None:
        return self.images[-1] if self.images else None

    def _show(self, image: Image.Image) -> None:
        if self.fail:
            raise DeviceError("fake display: told to fail (fail=True)")
        self.images.append(image.copy())

    def _contrast(self, level: int) -> None:
        self.levels.append(level)


def open_fake(settings: Settings) -> FakeDisplay:
    given = settings.decode(FakeSettings)
    settings.done()
    return FakeDisplay(given.size, fail=given.fail)


@dataclass(frozen=True)
class FakeSettings(PanelSettings):
    """The keys of ``kind = "fake"``: ``fail`` makes every show fail (tests)."""

    fail: bool = False
