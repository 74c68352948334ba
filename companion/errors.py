"""The exception tree of the daemon side of ``companion`` (not the rules engines).

``companion.games`` has its own tree (``companion.games.errors``), kept apart so
the engines import nothing but the standard library.
"""

from __future__ import annotations


def user_errors() -> tuple[type[Exception], ...]:
    """The faults a person mends, not the program (a command line, a file, a setting, a
    record, a card code, a device): ``companion`` says each in one line and exits 2,
    and before the daemon runs each stops its start for good (the unit keeps it down)."""
    from card_codes.errors import CardCodeError
    from companion.games.errors import GameError
    from hardware.errors import HardwareError

    return (CompanionError, GameError, CardCodeError, HardwareError)


class CompanionError(Exception):
    """Root of the errors of the daemon, its flows, journal and command line."""


class UsageError(CompanionError, ValueError):
    """A command line or a file given to it that cannot be used as asked."""


class ConfigError(CompanionError, ValueError):
    """A configuration file or setting that is wrong; the message names the key."""


class InputError(UsageError):
    """A file or stream refused before use: missing, not a regular file, over a limit,
    not UTF-8, not JSON or TOML (companion.inputs; the limits are in docs/install.md)."""


class MissingProgramError(CompanionError, FileNotFoundError):
    """A program the command needs is not installed, or did not start (the message
    says which, and how to install it)."""
