"""The daemon's hold on its devices: open, use, and on failure retry with backoff.

A camera that disappears, a display that raises, buttons that cannot be opened:
each is survived on its own. A link turns the device's errors into a status the
screen can show ("Camera lost - retrying") and a log line per outage (not per
frame), and reopens the device when its backoff says so. The game state is never
touched by a hardware fault: links only ever hand frames, images and presses on.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PIL import Image

from hardware.backoff import Backoff
from hardware.buttons import ButtonEvent, Buttons
from hardware.camera import Camera, CameraLostError, CameraWrapper, EndOfStream, Frame
from hardware.display import Display
from hardware.errors import BackendUnavailableError, ConfigurationError, HardwareError

log = logging.getLogger(__name__)

Device = TypeVar("Device", Camera, Display, Buttons)


@dataclass(frozen=True)
class LinkStatus:
    """``ok`` False while the device is out; ``message`` says what a person sees."""

    name: str
    ok: bool
    message: str = ""


class Link(Generic[Device]):
    """Opens a device through ``opener`` and reopens it after a failure."""

    def __init__(
        self,
        name: str,
        opener: Callable[[], Device],
        *,
        clock: Callable[[], float],
        backoff: Backoff | None = None,
    ) -> None:
        self.name = name
        self._opener: Callable[[], Device] = opener
        self._clock = clock
        self.backoff = backoff or Backoff(initial=0.5, maximum=30.0)
        self.device: Device | None = None
        self.status = LinkStatus(name, ok=False, message=f"{name}: not opened yet")
        #: How many times the device went out; the time the current outage began.
        self.outages = 0
        self._down_since: float | None = None

    def get(self) -> Device | None:
        """The open device, opening it when the backoff allows; None while it is out."""
        if self.device is not None:
            return self.device
        now = self._clock()
        if not self.backoff.due(now=now):
            return None
        try:
            self.device = self._opener()
        except (ConfigurationError, BackendUnavailableError):
            raise  # a mistake in the settings: no retry can mend it
        except (HardwareError, OSError) as exc:
            self._down(f"cannot open: {exc}", now)
            return None
        if self._down_since is None:
            self.status = LinkStatus(self.name, ok=True)
        return self.device

    def worked(self) -> None:
        """The device did its job: an outage is over only once it works again, not
        when it merely opens (a display can open and fail on every write)."""
        if self._down_since is not None:
            log.info("%s is back after %.1f s", self.name, self._clock() - self._down_since)
            self._down_since = None
        if not self.status.ok:
            self.backoff.succeeded()
            self.status = LinkStatus(self.name, ok=True)

    def fail(self, exc: BaseException) -> None:
        """The device failed in use: close it and retry later."""
        device, self.device = self.device, None
        if device is not None:
            try:
                device.close()
            except (HardwareError, OSError) as close_exc:
                log.debug("%s: close after failure: %s", self.name, close_exc)
        self._down(str(exc), self._clock())

    def _down(self, message: str, now: float) -> None:
        delay = self.backoff.failed(now=now)
        if self._down_since is None:  # one error line per outage, not one per try
            self._down_since = now
            self.outages += 1
            log.error("%s: %s (retrying in %.1f s)", self.name, message, delay)
        elif message != self.status.message:
            log.warning("%s: %s (retrying in %.1f s)", self.name, message, delay)
        self.status = LinkStatus(self.name, ok=False, message=message)

    def close(self) -> None:
        device, self.device = self.device, None
        if device is not None:
            device.close()


class CameraLink(Link[Camera]):
    """Frames from the camera, or None while it is out; raises EndOfStream at a replay's end.

    After a failure the camera is opened again through its ``resume()``: a recording or
    a drawn scene goes on after the last frame delivered (a live game is never rewound,
    a scripted outage never starts again); a live camera is opened anew by ``opener``.
    Frames the camera passed over (a replay's unreadable file) are counted in
    ``skipped``: the first is logged, the rest go in the summary logged on ``close``.

    ``retry=False`` is for recorded sources (``companion replay``): a recording that is
    lost there stops the replay, so the error is raised.
    """

    def __init__(
        self,
        name: str,
        opener: Callable[[], Camera],
        *,
        clock: Callable[[], float],
        backoff: Backoff | None = None,
        retry: bool = True,
    ) -> None:
        super().__init__(name, self._open, clock=clock, backoff=backoff)
        self._open_anew = opener
        self.retry = retry
        #: Frames skipped in all; the last camera opened (the next opening goes on from it).
        self.skipped = 0
        self._last: Camera | None = None
        self._counted = 0

    def _open(self) -> Camera:
        resumed = self._last.resume() if self._last is not None else None
        camera = resumed if resumed is not None else self._open_anew()
        self._last, self._counted = camera, 0  # each opening counts its own skips
        return camera

    def read(self, timeout: float) -> Frame | None:
        camera = self.get()
        if camera is None:
            return None
        try:
            frame = camera.read(timeout)
        except EndOfStream:
            raise
        except (CameraLostError, HardwareError, OSError) as exc:
            if not self.retry:
                raise
            self.fail(exc)
            return None
        finally:
            self._count_skips(camera)
        self.worked()
        return frame

    def _count_skips(self, camera: Camera) -> None:
        new = camera.skipped - self._counted
        if new <= 0:
            return
        self._counted = camera.skipped
        if not self.skipped:  # one line, not one per frame: the count is in the summary
            log.warning("%s: %s: skipped (the frames after it go on)", self.name, camera.skip_note)
        else:
            log.debug("%s: %s: skipped", self.name, camera.skip_note)
        self.skipped += new

    def close(self) -> None:
        if self.outages or self.skipped:
            log.info(
                "%s: %d outage(s), %d unreadable frame(s) skipped",
                self.name,
                self.outages,
                self.skipped,
            )
        super().close()


class TableClock:
    """The table's time: the timestamp of the last frame read (a recorded or drawn table,
    whose frames come faster or slower than the wall clock)."""

    def __init__(self) -> None:
        self.now = 0.0
        #: The frames read so far: the last one's number counted from 1 (frames that
        #: cannot be read are passed over by the camera, never counted).
        self.frames = 0

    def __call__(self) -> float:
        return self.now


class ClockedCamera(CameraWrapper):
    """A camera whose frames set a :class:`TableClock` (and may be paced by ``pace``)."""

    def __init__(
        self, camera: Camera, clock: TableClock, pace: Callable[[float], None] | None = None
    ) -> None:
        super().__init__(camera)
        self.clock = clock
        self.pace = pace

    def read(self, timeout: float = 1.0) -> Frame:
        frame = self.camera.read(timeout)
        if self.pace is not None:
            self.pace(frame.timestamp)
        self.clock.now = frame.timestamp
        self.clock.frames += 1
        return frame

    def wrap(self, camera: Camera) -> Camera:
        """The camera resumed, on the same clock (its timeline goes on: time never goes back)."""
        return ClockedCamera(camera, self.clock, self.pace)


class DisplayLink(Link[Display]):
    """Shows images; a display that raises is logged and retried, never fatal."""

    def show(self, image: Image.Image) -> bool:
        display = self.get()
        if display is None:
            return False
        try:
            display.show(image)
        except (HardwareError, OSError) as exc:
            self.fail(exc)
            return False
        self.worked()
        return True


class ButtonsLink(Link[Buttons]):
    """Button presses, or None; broken buttons are reopened like any device."""

    def poll(self, timeout: float) -> ButtonEvent | None:
        buttons = self.get()
        if buttons is None:
            return None
        try:
            event = buttons.get(timeout)
        except (HardwareError, OSError) as exc:
            self.fail(exc)
            return None
        self.worked()
        return event


class DisplayWorker:
    """Sends images to a :class:`DisplayLink` from a thread of its own.

    A 128x64 frame is 1 KiB on the I2C bus: about 100 ms at the bus's default
    100 kHz. Drawn in the main loop, every screen change would stall the camera
    and the buttons that long; here the loop only leaves the newest image in a
    slot and goes on. Images not yet sent when a newer one comes are skipped (only
    the newest screen matters). ``flush`` waits until the slot is empty, for the
    last screen on shutdown and for tests.
    """

    def __init__(self, link: DisplayLink) -> None:
        self.link = link
        self._lock = threading.Condition()
        self._pending: Image.Image | None = None
        self._busy = False
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="display", daemon=True)
        self._thread.start()

    @property
    def name(self) -> str:
        return self.link.name

    @property
    def outages(self) -> int:
        return self.link.outages

    @property
    def status(self) -> LinkStatus:
        return self.link.status

    @property
    def device(self) -> Display | None:
        return self.link.device

    def show(self, image: Image.Image) -> bool:
        """Queue ``image``; True while the display is working (False during an outage)."""
        with self._lock:
            self._pending = image
            self._lock.notify_all()
        return self.link.status.ok or self.link.outages == 0

    def flush(self, timeout: float = 2.0) -> bool:
        """Wait until every queued image was handed to the display (or ``timeout``)."""
        with self._lock:
            return self._lock.wait_for(
                lambda: self._pending is None and not self._busy, timeout=timeout
            )

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._stop)
                if self._pending is None:
                    return
                image, self._pending, self._busy = self._pending, None, True
            try:
                self.link.show(image)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._stop = True
            self._lock.notify_all()
        self._thread.join(timeout=2.0)
        self.link.close()
