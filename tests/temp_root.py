"""Where the tests' temporary folders go: memory (``/dev/shm``) when there is room (issue 20).

The tests write journals, databases and frames into ``tmp_path``; the journal commits
with ``synchronous=FULL`` and the cafe's database with WAL, so on a disk every commit
waits for an ``fsync``, and on a disk mounted with ``discard`` (this machine's, many
cloud disks) every file removed sends a TRIM: 3.4 ms an ``unlink`` measured here,
12.5 s of one test module's 30 s. In memory those cost nothing, and nothing the tests
check depends on the disk: a power cut is simulated by cutting the journal's file, a
full disk by the journal's own error path (tests/faults).

So, before pytest picks its base folder, ``TMPDIR`` is pointed at ``/dev/shm`` when it is
a tmpfs with at least :data:`ROOM` free, unless the person running the tests chose a
``TMPDIR`` (or pytest's ``--basetemp``) of their own. The processes the tests start
inherit it. With ``tmp_path_retention_policy = "failed"`` (pyproject.toml) only the
folders of failed tests stay after a run.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

#: Memory free in /dev/shm needed to use it: the whole suite writes about 0.7 GB.
ROOM: Final = 2 * 1024**3
SHM: Final = Path("/dev/shm")


def is_tmpfs(folder: Path, mounts: Path = Path("/proc/mounts")) -> bool:
    """Is ``folder`` a mount point of a tmpfs (by ``/proc/mounts``)?"""
    try:
        lines = mounts.read_text(encoding="utf-8").splitlines()
    except OSError:
        return False
    return any(
        fields[1] == str(folder) and fields[2] == "tmpfs"
        for fields in (line.split() for line in lines)
        if len(fields) >= 3
    )


def memory_temp_root(environ: dict[str, str] | os._Environ[str] = os.environ) -> str | None:
    """Point ``TMPDIR`` at ``/dev/shm`` if it is a roomy, writable tmpfs and no one chose
    a ``TMPDIR``: the folder chosen, or ``None`` (left as it was)."""
    if environ.get("TMPDIR") or environ.get("PYTEST_DEBUG_TEMPROOT"):
        return None
    if not is_tmpfs(SHM) or not os.access(SHM, os.W_OK | os.X_OK):
        return None
    stat = os.statvfs(SHM)
    if stat.f_bavail * stat.f_frsize < ROOM:
        return None
    environ["TMPDIR"] = str(SHM)
    return str(SHM)
