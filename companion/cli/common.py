"""Options several sub-commands share: the configuration file and the journal."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from companion.config import Config, load_config
from companion.errors import UsageError
from companion.inputs import require_regular
from companion.journal import Journal, JournalError
from hardware.errors import ConfigurationError

#: The replay camera's settings keys as its refusals name them, and what the command
#: line calls them: the recording itself (no name: the message starts with it), --fps.
REPLAY_KEYS = {"camera.path: ": "", "camera.fps ": "--fps "}


def add_config_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        type=Path,
        default=None,
        help="the configuration file (default: $COMPANION_CONFIG, /etc/companion/config.toml "
        "on a Pi, else ~/.config/companion/config.toml)",
    )
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="the journal database (default: from the configuration)",
    )


def config_of(args: argparse.Namespace) -> Config:
    return load_config(args.config)


def writable_file(out: Path, option: str = "--out") -> None:
    """Refuse an output file in a folder that does not exist, or that is a folder,
    before any work is done (the file itself is written at the end)."""
    if out.is_dir():
        raise UsageError(f"{option} {out}: is a folder, not a file")
    if out.parent.exists() and not out.parent.is_dir():
        raise UsageError(f"{option} {out}: {out.parent} is a file, not a folder")
    if not out.parent.is_dir():
        raise UsageError(f"{option} {out}: the folder {out.parent} does not exist")


def recorded_table(source: Path | str, option: str | None = None) -> None:
    """Refuse, in one line naming it (after ``option``, ``--source``), a recording (a
    folder of frames or a video) that is not there, cannot be read or holds no frames,
    before anything is opened (:func:`companion.cli.recording.check_recording`)."""
    from companion.cli.recording import check_recording

    check_recording(source, option=option)


@contextlib.contextmanager
def reading_recording(option: str = "", config: str | None = None) -> Iterator[None]:
    """The replay camera's refusals of a recording named on the command line, in the
    command line's words (``option``: ``--source``), not the settings keys
    (``camera.path``) of a configuration file (``config``, whose name the daemon's
    settings errors start with) the user never wrote:

    >>> with reading_recording("--source", config="(defaults)"):
    ...     raise ConfigurationError("(defaults): camera.path: game holds no frame to read")
    Traceback (most recent call last):
    ...
    companion.errors.UsageError: --source game holds no frame to read
    """
    # the replay command's --fps is the camera's fps; the daemon's is the file's
    keys = REPLAY_KEYS if config is None else {"camera.path: ": ""}
    try:
        yield
    except ConfigurationError as exc:
        message = str(exc)
        if config is not None:
            message = message.removeprefix(f"{config}: ")
        key = next((key for key in keys if message.startswith(key)), None)
        if key is None:
            if config is not None:  # another setting's error: the file's, as it was
                raise
        else:
            given = keys[key] or (f"{option} " if option else "")
            message = given + message.removeprefix(key)
        raise UsageError(message) from None


def open_journal(args: argparse.Namespace) -> Journal:
    """The journal, opened to read only: the commands that read never change it (no
    schema made, no damaged row moved), even while the daemon writes it."""
    path = args.journal if args.journal is not None else config_of(args).journal_path()
    if not Path(path).exists():
        raise UsageError(f"{path}: no journal yet (no game has been played here)")
    require_regular(path, what="journal")  # a folder: said so, not "unable to open"
    return Journal.read(path)


def warn_unread(command: str, journal: Journal, found: int) -> None:
    """One line on stderr for what could not be read; nothing readable at all is an error."""
    if not journal.problems:
        return
    what = "; ".join(journal.problems)
    if not found:
        raise JournalError(f"journal {journal.path}: nothing readable ({what})")
    print(
        f"companion {command}: warning: journal {journal.path}: not read: {what}", file=sys.stderr
    )


def local_time(stamp: float | None) -> str:
    """A journal's time as people read it: ISO 8601 local time to the minute
    ("2026-11-24 14:03"); "-" for none or a damaged one."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) if stamp else "-"
    except (OverflowError, OSError, ValueError):  # a damaged time
        return "-"
