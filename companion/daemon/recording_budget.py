"""Keeping the recordings folder within its budget (``[record] keep_gb``, ``keep_days``).

An unattended table records every start of the daemon into a new folder
(:mod:`companion.daemon.recorder`); at 4 to 13 GB an hour (bench/recording.py) a Pi's
SD card would fill, the writer would stop at its last free GiB, and later games would
not be recorded while old ones nobody wants stayed (issue 24). :class:`RecordingsKeeper`
removes the oldest recordings of the folder, on a thread of its own so neither the
table's loop nor the frame writer waits for the disk:

- when the recording starts, and each time the writer says it has grown (every
  :data:`hardware.camera_record.CHECK_EVERY` frames), until what the folder holds is
  within ``keep_bytes``; recordings started more than ``keep_days`` ago go too;
- only the recordings this recorder made: a folder named by its start
  (``20261128-031500``, ``20261128-031500-2``) that holds nothing but frames
  (``f000012_t2.200.jpg``) and the buttons pressed (``buttons.txt``); anything else in
  the folder is left, counted, and named in the log if it keeps the folder over its
  budget;
- never the current recording, nor one started after it; the current one alone is
  capped by the writer (:attr:`~hardware.camera_record.FrameWriter.max_bytes`).

The folder is walked once, when the recording starts; after that, what the old
recordings hold is known and the current one's size is the writer's count, so a check
costs no walk. Every removal is a line in the log (which recording, how big, why);
a removal that fails (no permission, a file vanished) is logged and the recording and
the game go on.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from hardware.camera_record import NAME as FRAME
from hardware.camera_record import PRESSES, PRESSES_HEAD

log = logging.getLogger(__name__)

#: A recording's folder: the daemon's start (local time), ``-2``, ``-3`` ... when twice
#: in one second.
FOLDER: Final = re.compile(r"(?P<stamp>[0-9]{8}-[0-9]{6})(?:-(?P<number>[0-9]+))?")
STAMP: Final = "%Y%m%d-%H%M%S"
GB: Final = 10**9
DAY: Final = 86400.0


def gigabytes(size: int) -> str:
    """A size as the log says it: in GB, or in MB under a gigabyte.

    >>> gigabytes(1_250_000_000), gigabytes(340_200_000)
    ('1.25 GB', '340.2 MB')
    """
    return f"{size / GB:.2f} GB" if size >= GB else f"{size / 10**6:.1f} MB"


@dataclass(frozen=True)
class Kept:
    """An earlier recording of this recorder: its folder, start (by its name), size and
    frames, and when it began by its last frame (None: no frame)."""

    path: Path
    started: float
    number: int
    size: int
    frames: int
    began: float | None = None


def started_at(name: str) -> tuple[float, int] | None:
    """The start (seconds, local time) and number of a recording's folder name, if it
    is one (``20261128-031500-2``: its start and 2)."""
    match = FOLDER.fullmatch(name)
    if match is None:
        return None
    try:
        started = time.mktime(time.strptime(match.group("stamp"), STAMP))
    except (ValueError, OverflowError):  # 20261399-...: the pattern, not a date
        return None
    return started, int(match.group("number") or 1)


def frames_in(folder: Path) -> tuple[int, int, float | None] | None:
    """The size and the count of the frames in ``folder``, if it holds nothing else (no
    other file but the buttons pressed, no folder, no link), and when the recording
    began by its last frame:
    the time the frame was written less its time in the recording (None: no frame). A
    recording named by a clock not yet set (a Pi starts with the time of its last
    shutdown, NTP sets it later) began then, not at its name."""
    size = frames = 0
    last: tuple[int, float] | None = None  # the last frame's number and its start
    with os.scandir(folder) as entries:
        for entry in entries:
            match = FRAME.fullmatch(entry.name)
            if not entry.is_file(follow_symlinks=False):
                return None
            if match is None and not (entry.name == PRESSES and _recorders(entry.path)):
                return None
            stat = entry.stat(follow_symlinks=False)
            size += stat.st_size
            if match is None:  # the buttons pressed, kept with the frames
                continue
            frames += 1
            number = int(match.group("number"))
            if last is None or number > last[0]:
                last = number, stat.st_mtime - float(match.group("time"))
    return size, frames, None if last is None else last[1]


def _recorders(path: str) -> bool:
    """Whether the buttons file at ``path`` is the recorder's (its first line), not a
    script of the user's own by the same name."""
    head = PRESSES_HEAD.encode()
    try:
        with open(path, "rb") as file:
            return file.read(len(head)) == head
    except OSError:
        return False


def size_of(path: Path) -> int:
    """What a file or a folder (all of it) holds, as far as it can be read."""
    try:
        if not path.is_dir() or path.is_symlink():
            return path.lstat().st_size
    except OSError:
        return 0
    total = 0
    for top, _, files in os.walk(path):
        for name in files:
            with contextlib.suppress(OSError):  # gone meanwhile
                total += os.lstat(os.path.join(top, name)).st_size
    return total


class RecordingsKeeper:
    """The recordings folder ``parent`` kept within ``keep_bytes`` (0: no limit) and
    ``keep_days`` (0: no limit) while ``current`` records (module docstring)."""

    def __init__(
        self,
        parent: Path,
        current: Path,
        *,
        keep_bytes: int,
        keep_days: float = 0.0,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.parent = parent
        self.current = current
        self.keep_bytes = keep_bytes
        self.keep_days = keep_days
        self._wall_clock = wall_clock
        #: The earlier recordings, oldest first, and what else the folder holds.
        self.kept: list[Kept] = []
        self.others: dict[Path, int] = {}
        self.removed: list[Path] = []
        self._written = 0
        self._scanned = False
        self._said_blocked = False
        self._closing = False
        #: Passes asked for (the first: when the recording starts) and passes done.
        self._asked, self._done = 1, 0
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="recordings-keeper", daemon=True)
        self._thread.start()

    def grown(self, written: int) -> None:
        """The writer's hook: the current recording holds ``written`` bytes now; a look
        at the folder is asked for, never waited for."""
        with self._changed:
            self._written = written
            self._asked += 1
            self._changed.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every look asked for so far is done (False: ``timeout`` passed)."""
        with self._changed:
            asked = self._asked
            return self._changed.wait_for(lambda: self._done >= asked, timeout)

    def close(self) -> None:
        """One last look at the folder, then the thread ends."""
        if self._thread.is_alive():
            with self._changed:
                self._closing = True
                self._asked += 1
                self._changed.notify_all()
            self._thread.join()

    def held(self) -> int:
        """What the folder holds, as the keeper knows it (no walk)."""
        kept = sum(recording.size for recording in self.kept)
        return kept + sum(self.others.values()) + self._written

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._asked > self._done)
                asked, closing = self._asked, self._closing
            try:
                self._pass()
            except Exception:  # a bug must not end the keeper's thread, nor the game
                log.exception("keeping the recordings in %s within budget failed", self.parent)
            with self._changed:
                self._done = asked
                self._changed.notify_all()
            if closing:
                return

    def _pass(self) -> None:
        if not self._scanned:
            self._scanned = True
            self.kept = self._scan()
        if self.keep_days:
            now = self._wall_clock()
            for recording in list(self.kept):
                began = recording.started if recording.began is None else recording.began
                age = (now - began) / DAY
                if age > self.keep_days:
                    self._remove(
                        recording,
                        f"it started {age:.1f} days ago, more than "
                        f"record.keep_days = {self.keep_days:g}",
                    )
        while self.keep_bytes and self.held() > self.keep_bytes and self.kept:
            self._remove(
                self.kept[0],
                f"the recordings folder held {gigabytes(self.held())}, more than "
                f"record.keep_gb = {self.keep_bytes / GB:g}",
            )
        over = self.keep_bytes and self.held() > self.keep_bytes
        if over and self.others and not self._said_blocked:  # else: the writer stops
            self._said_blocked = True
            others = sorted(self.others.items(), key=lambda item: -item[1])
            named = ", ".join(f"{path.name} ({gigabytes(size)})" for path, size in others[:5])
            log.warning(
                "the recordings folder %s holds %s, more than record.keep_gb = %g, and what "
                "is left is not the companion's recordings, or cannot be removed: %s",
                self.parent,
                gigabytes(self.held()),
                self.keep_bytes / GB,
                named or "nothing",
            )

    def _scan(self) -> list[Kept]:
        """The folder's earlier recordings, oldest first, and the rest in ``others``."""
        kept: list[Kept] = []
        current = started_at(self.current.name)
        try:
            paths = sorted(self.parent.iterdir())
        except OSError as exc:
            log.error(
                "cannot read the recordings folder %s: %s (nothing removed)",
                self.parent,
                exc.strerror or exc,
            )
            return kept
        for path in paths:
            if path == self.current:
                continue
            start = started_at(path.name)
            ours = None
            if start is not None and (current is None or start < current):
                try:
                    ours = frames_in(path) if path.is_dir() and not path.is_symlink() else None
                except OSError:  # unreadable, or gone meanwhile
                    ours = None
            if start is not None and ours is not None:
                kept.append(Kept(path, start[0], start[1], *ours))
            else:
                self.others[path] = size_of(path)
        kept.sort(key=lambda recording: (recording.started, recording.number))
        log.info(
            "the recordings folder %s holds %d earlier recording(s) (%s) and %s else",
            self.parent,
            len(kept),
            gigabytes(sum(recording.size for recording in kept)),
            gigabytes(sum(self.others.values())),
        )
        return kept

    def _remove(self, recording: Kept, why: str) -> None:
        """Remove ``recording``'s frames and folder, saying so; a failure leaves what is
        left of it counted among the folder's other things."""
        self.kept.remove(recording)
        path, vanished = recording.path, 0
        try:
            if frames_in(path) is None:
                self.others[path] = size_of(path)
                log.warning("left %s: something other than frames is in it now", path)
                return
            for frame in sorted(path.iterdir()):
                try:
                    frame.unlink()
                except FileNotFoundError:  # gone meanwhile: as good as removed
                    vanished += 1
            path.rmdir()
        except FileNotFoundError:
            log.warning("the recording %s was gone before it was removed", path)
            return
        except OSError as exc:
            self.others[path] = size_of(path)
            log.error(
                "cannot remove the recording %s: %s (the recording goes on)",
                exc.filename or path,
                exc.strerror or exc,
            )
            return
        self.removed.append(path)
        log.info(
            "removed the recording %s (%s, %d frames%s): %s",
            path,
            gigabytes(recording.size),
            recording.frames,
            f", {vanished} of them gone before" if vanished else "",
            why,
        )
