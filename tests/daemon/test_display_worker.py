"""The display's own thread: the loop never waits for the slow I2C bus (issue 6 s1)."""

from __future__ import annotations

import threading

from PIL import Image

from companion.daemon.links import DisplayLink, DisplayWorker
from hardware.display_fake import FakeDisplay


class GatedDisplay(FakeDisplay):
    """A panel whose writes wait for the test to let them through."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.writing = threading.Event()

    def _show(self, image: Image.Image) -> None:
        self.writing.set()
        self.gate.wait(timeout=5)
        super()._show(image)


def screen(shade: int) -> Image.Image:
    return Image.new("1", (128, 64), shade)


def test_the_loop_goes_on_while_a_frame_is_on_the_bus_and_only_the_newest_waits() -> None:
    panel = GatedDisplay()
    worker = DisplayWorker(DisplayLink("display", lambda: panel, clock=lambda: 0.0))
    try:
        first, second, third = screen(0), screen(1), Image.new("1", (128, 64), 0)
        third.putpixel((5, 5), 1)
        assert worker.show(first)
        assert panel.writing.wait(timeout=5)  # the thread is on the bus with the first
        assert worker.show(second)  # returns at once although the bus is busy
        assert worker.show(third)  # replaces the second, not yet sent
        panel.gate.set()
        assert worker.flush()
        assert [im.tobytes() for im in panel.images] == [first.tobytes(), third.tobytes()]
    finally:
        panel.gate.set()
        worker.close()


def test_a_failing_panel_is_reported_through_the_link_and_close_is_clean() -> None:
    worker = DisplayWorker(
        DisplayLink("display", lambda: FakeDisplay(fail=True), clock=lambda: 0.0)
    )
    worker.show(screen(0))
    assert worker.flush()
    assert not worker.status.ok and worker.outages == 1
    assert not worker.show(screen(1))  # during the outage: not shown
    worker.close()
    worker.close()  # idempotent
