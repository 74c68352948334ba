"""Logging for journald: one line per event on stdout, with its level.

Python's warnings go there too, one line each at WARNING. Under systemd
(``JOURNAL_STREAM`` naming the stream's device and inode) each line starts with the
syslog priority prefix (``<3>`` for errors ...) so ``journalctl -p warning`` filters by level and
journald adds the time itself; elsewhere lines carry a short time stamp. Both write
text from outside escaped (:class:`~companion.bus.logs.EscapingFormatter`): a name or
a staff message with a line feed or an ANSI escape is one line, its escapes visible.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping
from typing import TextIO

from companion.bus.logs import EscapingFormatter, to_journald

_PRIORITY = {
    logging.CRITICAL: 2,
    logging.ERROR: 3,
    logging.WARNING: 4,
    logging.INFO: 6,
    logging.DEBUG: 7,
}


class JournaldFormatter(EscapingFormatter):
    """``<6>companion.session: resumed game 3`` - the priority prefix journald reads."""

    def format(self, record: logging.LogRecord) -> str:
        priority = _PRIORITY.get(record.levelno, 6)
        text = super().format(record).replace("\n", " | ")
        return f"<{priority}>{text}"


class _CompanionHandler(logging.StreamHandler[TextIO]):
    """The handler ``setup_logging`` adds, so that it removes only its own."""


def setup_logging(
    level: str = "INFO", *, environ: Mapping[str, str], stream: TextIO | None = None
) -> None:
    """Send the ``companion``, ``hardware`` and ``card_codes`` loggers to ``stream``.

    Called again, it replaces the handler it added before and touches no other: a
    handler someone else put on the root logger (pytest's capture, an embedding
    program's) stays.

    >>> import io
    >>> first, second = io.StringIO(), io.StringIO()
    >>> other = logging.NullHandler()
    >>> logging.getLogger().addHandler(other)
    >>> setup_logging(environ={}, stream=first)
    >>> setup_logging(environ={}, stream=second)
    >>> ours = [h for h in logging.getLogger().handlers if isinstance(h, _CompanionHandler)]
    >>> [h.stream is second for h in ours], other in logging.getLogger().handlers
    ([True], True)
    >>> for handler in ours + [other]:
    ...     logging.getLogger().removeHandler(handler)
    """
    handler = _CompanionHandler(stream if stream is not None else sys.stdout)
    if to_journald(handler.stream, environ):
        handler.setFormatter(JournaldFormatter("%(name)s: %(message)s"))
    else:
        handler.setFormatter(
            EscapingFormatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%H:%M:%S")
        )
    root = logging.getLogger()
    for old in list(root.handlers):
        if isinstance(old, _CompanionHandler):
            root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    # A library's warning (gpiozero's PinFactoryFallback as it looks for a pin library)
    # is a line of the log with its level, not Python's two lines on stderr.
    logging.captureWarnings(True)
    logging.getLogger("py.warnings").addFilter(_first_line)


def _first_line(record: logging.LogRecord) -> bool:
    """A warning's own line, without the source line Python's format adds under it."""
    record.msg, record.args = record.getMessage().strip().splitlines()[0], None
    return True
