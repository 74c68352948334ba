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
