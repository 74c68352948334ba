"""The table's recent log lines, for the cafe's staff (issue 14: "see its log lines").

:class:`LogRing` is a :mod:`logging` handler that keeps the last :data:`KEPT` records
worth a look from afar: every warning and error, and the daemon's own INFO lines
(cards played, games started, devices back). The bus publishes them on the table's
``log`` topic, QoS 0 and not retained: each new line as it comes, and the whole ring
again on each connection (numbered, so the server keeps each line once). Nothing is
written to disk: journald keeps the table's full log.

    >>> ring = LogRing()
    >>> logging.getLogger("companion.daemon.runtime").addHandler(ring)
    >>> logging.getLogger("companion.daemon.runtime").warning("camera: lost")
    >>> [(line.n, line.level, line.text) for line in ring.since(0)]
    [(1, 'WARNING', 'camera: lost')]
    >>> logging.getLogger("companion.daemon.runtime").removeHandler(ring)

A log line quotes text from outside (a staff message, names typed on a phone, table
ids, topics, payloads quoted by a refusal): every handler the project installs writes
it escaped (:func:`escaped`, :class:`EscapingFormatter`), so a line feed or a carriage
return in it cannot forge a line of its own, an ANSI escape cannot repaint a terminal,
and a bidi override cannot turn a line around (docs/security.md, "What the logs
write").
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import threading
import traceback
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import TextIO

#: What a log line writes as an escape: the C0 controls (line feed, carriage return,
#: ESC...), DEL, the C1 controls, the line and paragraph separators, the bidi
#: embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069), and a lone
#: surrogate (a UTF-8 stream refuses it: the whole line was lost).
_OTHERS = "\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_ESCAPED = re.compile(f"[\x00-\x1f{_OTHERS}]")
#: The same but the line feed: a traceback's own lines.
_ESCAPED_IN_LINES = re.compile(f"[\x00-\x09\x0b-\x1f{_OTHERS}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str, *, lines: bool = False) -> str:
    """``text`` with its controls, line breaks and bidi overrides and isolates written
    as visible escapes (``\\x0a``, ``\\x1b``, ``\\u202e``); the line feeds kept when
    ``lines`` (a traceback's). Letters of any script are left alone. The same text
    escaped twice is escaped once (a backslash is no control).

    >>> escaped("Pizza!\\n12:00:00 INFO forged\\x1b[2J \\u202eZoé 王")
    'Pizza!\\\\x0a12:00:00 INFO forged\\\\x1b[2J \\\\u202eZoé 王'
    """
    if text.isprintable():  # most lines: nothing to look for, at C speed
        return text
    return (_ESCAPED_IN_LINES if lines else _ESCAPED).sub(_escape, text)


#: A traceback's parts that are the program's own lines: a frame (its file, line and
#: source) and a repeated frame's count. Any other part quotes an exception's message.
_FRAMES = ("  File ", "  [Previous line repeated")

_ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


def escaped_traceback(ei: _ExcInfo | tuple[None, None, None]) -> str:
    """The traceback of ``ei`` as :mod:`traceback` writes it, but each exception's
    message (and note) on one line, escaped as :func:`escaped` escapes: its line feeds
    too, so it cannot forge a line; the traceback's own line breaks stay."""
    parts = []
    for part in traceback.format_exception(*ei):
        if part.startswith(_FRAMES):
            parts.append(escaped(part, lines=True))
            continue
        inner = part.strip("\n")  # a message's text between the traceback's breaks
        start = part.index(inner) if inner else len(part)
        parts.append(part[:start] + escaped(inner) + part[start + len(inner) :])
    return "".join(parts).removesuffix("\n")


class EscapingFormatter(logging.Formatter):
    """A :class:`logging.Formatter` whose lines quote text from outside safely: the
    message (its arguments included) on one line with :func:`escaped`'s escapes, the
    exception's traceback and the stack on their own lines, escaped but for them.

    >>> said = {"name": "companion.daemon", "msg": "staff message: %s", "args": ("A\\rB",)}
    >>> EscapingFormatter("%(name)s: %(message)s").format(logging.makeLogRecord(said))
    'companion.daemon: staff message: A\\\\x0dB'
    """

    def format(self, record: logging.LogRecord) -> str:
        if record.exc_info:  # another handler's text of it, not escaped: made again here
            record.exc_text = None
        return super().format(record)

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 (logging's name)
        return escaped(super().formatMessage(record))

    def formatException(self, ei: _ExcInfo | tuple[None, None, None]) -> str:  # noqa: N802
        return escaped_traceback(ei)

    def formatStack(self, stack_info: str) -> str:  # noqa: N802
        return escaped(stack_info, lines=True)


#: Lines kept (and sent again on each connection).
KEPT = 200
#: Loggers whose INFO lines are kept too (the daemon's account of the table).
INFO_FROM = ("companion.daemon",)


@dataclass(frozen=True)
class LogLine:
    """One log record: ``n`` counts the records of this run (``boot``) from 1."""

    n: int
    at: float
    level: str
    logger: str
    text: str


def wanted(record: logging.LogRecord) -> bool:
    """Warnings and worse from anywhere, INFO from the daemon."""
    if record.levelno >= logging.WARNING:
        return True
    return record.levelno >= logging.INFO and record.name.startswith(INFO_FROM)


class LogRing(logging.Handler):
    """The last :data:`KEPT` lines worth a look; ``on_line`` is told of each new one."""

    def __init__(self, kept: int = KEPT, on_line: Callable[[], None] | None = None) -> None:
        super().__init__(logging.INFO)
        self.addFilter(wanted)
        #: This run of the table: the server tells a restarted table's lines apart.
        self.boot = secrets.token_hex(8)
        self.on_line = on_line
        self._lines: deque[LogLine] = deque(maxlen=kept)
        self._count = 0
        self._lock_lines = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = escaped(record.getMessage())
        except (TypeError, ValueError):  # a bad format: the raw message, not a crash
            text = escaped(str(record.msg))
        with self._lock_lines:
            self._count += 1
            self._lines.append(
                LogLine(self._count, record.created, record.levelname, record.name, text)
            )
        if self.on_line is not None:
            self.on_line()

    def since(self, n: int) -> list[LogLine]:
        """The lines kept after line ``n`` (0: all of them), oldest first."""
        with self._lock_lines:
            return [line for line in self._lines if line.n > n]


def to_journald(stream: TextIO, environ: Mapping[str, str]) -> bool:
    """Whether ``stream`` is journald's: systemd names its device and inode in
    ``JOURNAL_STREAM``, which a program started beneath a service (a terminal of a
    desktop's session) inherits with a stream of its own, where a line keeps its time
    and level rather than journald's ``<6>`` prefix."""
    device, _, inode = environ.get("JOURNAL_STREAM", "").partition(":")
    try:
        stat = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):  # a stream with no descriptor
        return False
    return f"{stat.st_dev}:{stat.st_ino}" == f"{device}:{inode}"
