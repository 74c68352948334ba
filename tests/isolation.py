"""What one test may change and the next must not see (issue 20, item 3).

``companion run`` and the cafe server set up logging for the process
(``companion.daemon.logs.setup_logging``); in a test that handler writes to a stream
the test owns and closes. The root logger's handlers and level are put back after every
test, so a later test never logs into a closed stream ("--- Logging error ---") and
pytest's own capture handler is never lost, whatever order the tests run in. The same
holds for the language the table speaks (``companion.views.i18n``: a daemon started with
``[ui] language = "fr"`` sets it for the process). And no test serves the players' page
beyond loopback: ``companion run`` serves it by default on every network, port 8088,
where two tests (or two runs) at once collide and a test would open a port to the
network (:func:`phone_page_on_loopback`).
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator

import pytest

from companion.daemon import phone
from companion.daemon.board import Board
from companion.views.i18n import language, set_language

#: The addresses a test may serve on.
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


@pytest.fixture(autouse=True)
def root_logger_restored() -> Iterator[None]:
    """The root logger as the test found it: the same handlers, the same level."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    for handler in handlers:
        if handler not in root.handlers:
            root.addHandler(handler)
    root.setLevel(level)


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    """The language the process spoke before the test (English unless a test says)."""
    before = language()
    yield
    if language() != before:
        set_language(before)


@pytest.fixture(autouse=True)
def phone_page_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A daemon a test starts serves the players' page on loopback only: its
    configuration says ``[phone] enabled = false``, or a free port on 127.0.0.1."""
    serve = phone.HomeServer.__init__

    def on_loopback(self: phone.HomeServer, board: Board, bind: str, port: int) -> None:
        if bind not in LOOPBACK:
            raise AssertionError(
                f"a test served the players' page on {bind}:{port}: tests serve on "
                "loopback only (write [phone] enabled = false, or bind = 127.0.0.1 and "
                "a free port, in the configuration the test gives)"
            )
        serve(self, board, bind, port)

    monkeypatch.setattr(phone.HomeServer, "__init__", on_loopback)


class JournaldStream:
    """A stream as journald hands a service one: a real file, which ``environ``'s
    ``JOURNAL_STREAM`` names by its device and inode (as systemd sets it)."""

    def __init__(self) -> None:
        self.stream = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (the fixture closes it)
        stat = os.fstat(self.stream.fileno())
        self.environ = {"JOURNAL_STREAM": f"{stat.st_dev}:{stat.st_ino}"}

    def getvalue(self) -> str:
        """Everything written so far."""
        self.stream.flush()
        self.stream.seek(0)
        text = self.stream.read()
        self.stream.seek(0, os.SEEK_END)
        return text


@pytest.fixture
def journald() -> Iterator[JournaldStream]:
    """A journald stream for ``setup_logging(environ=..., stream=...)`` (closed after the
    test, whose handler :func:`root_logger_restored` takes away)."""
    stream = JournaldStream()
    yield stream
    stream.stream.close()
