"""The exception tree of the hardware ports and their backends."""

from __future__ import annotations


class HardwareError(Exception):
    """Root of every error raised by ``hardware``."""


class BackendUnavailableError(HardwareError, ImportError):
    """A backend whose vendor library (or device) is missing on this machine.

    The message says which library and how to install it.
    """


class DeviceError(HardwareError, OSError):
    """A device that failed while in use (a camera gone, an I2C write refused)."""


class ConfigurationError(HardwareError, ValueError):
    """A backend asked for with settings that cannot work (a bad pin, an unknown chip)."""


class CameraLostError(DeviceError):
    """A camera that failed, vanished or stopped sending frames; the daemon reopens it.

    Raised by ``Camera.read`` (and by ``open_camera`` when no camera is there), so
    one ``except CameraLostError`` covers "unplugged", "never plugged" and "stuck".
    """


class CameraNotFoundError(CameraLostError):
    """No camera answers where the settings point (no libcamera camera, no /dev/video0)."""


class CameraTimeoutError(CameraLostError):
    """A live camera sent no frame within the read's timeout."""


class EndOfStream(HardwareError):  # noqa: N818 - named like the condition, as StopIteration
    """A replay or synthetic source has no more frames: the end, not a fault."""
