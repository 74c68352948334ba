"""What one test may change and the next must not see (issue 20, item 3).

``companion run`` and the cafe server set up logging for the process
(``companion.daemon.logs.setup_logging``); in a test that handler writes to a stream
the test owns and closes. The root logger's handlers and level are put back after every
test, so a later test never logs into a closed stream ("--- Logging error ---") and
pytest's own capture handler is never lost, whatever order the tests run in. The same
holds for the language the table speaks (``companion.views.i18n``: a daemon started with
``[ui] language = "fr"`` sets it for the process).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from companion.views.i18n import language, set_language


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
