"""Issue 20: the tests' temporary folders go to memory when there is room, and only there."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import temp_root
from temp_root import is_tmpfs, memory_temp_root

MOUNTS = (
    "/dev/vda / ext4 rw,relatime,discard 0 0\n"
    "tmpfs /dev/shm tmpfs rw,nosuid,nodev 0 0\n"
    "tmpfs /run tmpfs rw 0 0\n"
)


def test_a_tmpfs_is_told_by_its_mount_line(tmp_path: Path) -> None:
    """Issue 20: /dev/shm counts as memory only where /proc/mounts says tmpfs."""
    mounts = tmp_path / "mounts"
    mounts.write_text(MOUNTS, encoding="utf-8")
    assert is_tmpfs(Path("/dev/shm"), mounts)
    assert not is_tmpfs(Path("/"), mounts)
    assert not is_tmpfs(Path("/dev/shm"), tmp_path / "absent")


def test_a_tmpdir_of_ones_own_is_kept() -> None:
    """Issue 20: someone who set TMPDIR (or pytest's temp root) keeps it."""
    for key in ("TMPDIR", "PYTEST_DEBUG_TEMPROOT"):
        environ = {key: "/scratch"}
        assert memory_temp_root(environ) is None
        assert environ == {key: "/scratch"}


def test_memory_is_chosen_only_with_room(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 20: a tmpfs with less free than ROOM (a small Pi's /dev/shm) is not used;
    one with room is, through TMPDIR."""
    shm = tmp_path / "shm"
    shm.mkdir()
    monkeypatch.setattr(temp_root, "SHM", shm)
    monkeypatch.setattr(temp_root, "is_tmpfs", lambda folder: folder == shm)
    free = os.statvfs(shm).f_bavail * os.statvfs(shm).f_frsize
    monkeypatch.setattr(temp_root, "ROOM", free + 1)
    environ: dict[str, str] = {}
    assert memory_temp_root(environ) is None
    assert environ == {}
    monkeypatch.setattr(temp_root, "ROOM", 1)
    assert memory_temp_root(environ) == str(shm)
    assert environ == {"TMPDIR": str(shm)}


def test_this_run_writes_where_it_was_told(tmp_path: Path) -> None:
    """Issue 20: pytest's folders and tempfile's follow the choice made at start."""
    chosen = os.environ.get("TMPDIR") or os.environ.get("PYTEST_DEBUG_TEMPROOT")
    if chosen:
        root = Path(chosen).resolve()
        assert tmp_path.resolve().is_relative_to(root)
        assert Path(tempfile.gettempdir()).resolve() == root
    else:  # no room in memory here: the system's temporary folder
        assert tmp_path.resolve().is_relative_to(Path(tempfile.gettempdir()).resolve())
