"""Fixtures every test gets (issue 20: tests independent of their order).

The code lives in ``isolation.py`` (mypy checks the tests as one namespace, so only one
``conftest`` may hold code: this one is left out of mypy, as tests/cafe's is).

Python's bytecode cache is kept during the tests even where ``PYTHONDONTWRITEBYTECODE``
is set (container images set it): otherwise each worker, and each ``companion`` process
a test starts, compiles the package again and pytest rewrites every test module again,
some 6 s of CPU a worker before the first test (issue 20). This is set before anything
of the project is imported, and passed on to the processes the tests start.

The temporary folders go to memory when there is room (``temp_root.py``).
"""

import os
import sys

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import tempfile  # noqa: E402

from temp_root import memory_temp_root  # noqa: E402

if memory_temp_root():  # temporary folders in memory: see temp_root.py
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again

from isolation import (  # noqa: E402
    journald,
    language_restored,
    phone_page_on_loopback,
    root_logger_restored,
)

__all__ = ["journald", "language_restored", "phone_page_on_loopback", "root_logger_restored"]


def pytest_collection_finish(session: object) -> None:
    """What collection made (the modules, the tests, their parameters: most of a
    worker's objects) is left out of Python's garbage collection from here on, and a
    full collection waits for ten times as many survivors: full collections looked
    through all of it again and again, 14 s of the fast set's CPU (issue 20)."""
    import gc

    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    """With ``COMPANION_EVERY_PART=1`` (``scripts/bootstrap.sh test`` sets it, so CI), a
    test skipped because a program it runs is not installed fails the run: the README's
    test command installs every one, and a part left untested must not pass silently
    (the table's voice tests did, on a fresh machine, until espeak-ng was installed)."""
    import pytest_parts

    pytest_parts.fail_on_missing_parts(session)
