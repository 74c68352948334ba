"""Text from outside in the table's log (docs/security.md, "What the logs write").

The staff's message (``Remote.act``: "cafe: staff message shown: ...") was written
into the log as it came: a line feed in it forged a whole line of the table's log
(a second time stamp, level and logger of the sender's choosing), a carriage return
hid the start of the line on a terminal, an ANSI escape (``ESC [2J``) cleared it. Now
each handler the table installs writes it escaped, on its one line: the terminal's and
journald's (``setup_logging``) and the log ring the bus sends to the cafe (``LogRing``).
"""

from __future__ import annotations

import io
import logging
from types import SimpleNamespace
from typing import cast

import pytest
from isolation import JournaldStream

from companion.bus.client import TableBus
from companion.bus.contract import Command
from companion.bus.logs import EscapingFormatter, LogRing
from companion.daemon.logs import JournaldFormatter, setup_logging
from companion.daemon.parts import StaffTable
from companion.daemon.remote import Remote

FORGED = "12:00:00 INFO    companion.daemon.remote: cafe: staff reset the table"
#: A staff message as sent, and as the log shows it.
HOSTILE = [
    (f"Pizza!\n{FORGED}", f"Pizza!\\x0a{FORGED}"),
    (f"Pizza!\r{FORGED}", f"Pizza!\\x0d{FORGED}"),
    ("Pizza!\x1b[2J\x1b[H", "Pizza!\\x1b[2J\\x1b[H"),
    ("Pizza \u202eeerf si", "Pizza \\u202eeerf si"),
]
IDS = ["line feed", "carriage return", "ESC", "bidi override"]


def _message_shown(text: str) -> None:
    """The staff's message, carried out by the table's :class:`Remote` as the bus's
    thread hands it on."""
    table = SimpleNamespace(message=lambda text, now: None)
    remote = Remote(cast(StaffTable, table), cast(TableBus, SimpleNamespace()))
    remote.act(Command("message", text=text), 0.0)


@pytest.mark.parametrize(("sent", "shown"), HOSTILE, ids=IDS)
def test_a_staff_message_is_one_line_of_the_tables_terminal_log(sent: str, shown: str) -> None:
    out = io.StringIO()
    setup_logging("INFO", environ={}, stream=out)
    _message_shown(sent)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and out.getvalue().count("\r") == 0
    said = f" INFO    companion.daemon.remote: cafe: staff message shown: {shown}"
    assert lines[0].endswith(said)
    assert "\x1b" not in lines[0] and "\u202e" not in lines[0]


@pytest.mark.parametrize(("sent", "shown"), HOSTILE, ids=IDS)
def test_a_staff_message_is_one_line_of_the_journal(
    sent: str, shown: str, journald: JournaldStream
) -> None:
    """journald's lines (``JournaldFormatter``): a line feed made a second entry there,
    with a priority prefix of the sender's choosing."""
    out = journald
    setup_logging("INFO", environ=out.environ, stream=out.stream)
    _message_shown(sent)
    said = f"<6>companion.daemon.remote: cafe: staff message shown: {shown}\n"
    assert out.getvalue() == said


@pytest.mark.parametrize(("sent", "shown"), HOSTILE, ids=IDS)
def test_a_staff_message_is_one_line_of_the_ring_sent_to_the_cafe(sent: str, shown: str) -> None:
    """The ring's lines go to the cafe's dashboard (issue 14); a line feed was written
    as " | " there, and a carriage return and ESC as they came."""
    ring = LogRing()
    logging.getLogger().addHandler(ring)
    logging.getLogger().setLevel(logging.INFO)
    _message_shown(sent)
    assert [line.text for line in ring.since(0)] == [f"cafe: staff message shown: {shown}"]


def test_an_exceptions_message_in_a_traceback_forges_no_line() -> None:
    """A traceback keeps its own lines; an exception's message quoting text from
    outside is one of them, its line feed and ESC escaped."""
    out = io.StringIO()
    setup_logging("INFO", environ={}, stream=out)
    try:
        raise ValueError(f"no such name: Pizza!\n{FORGED}\x1b[2J")
    except ValueError:
        logging.getLogger("companion.daemon.remote").exception("cafe: %s refused", "A\nB")
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("companion.daemon.remote: cafe: A\\x0aB refused")
    assert lines[1] == "Traceback (most recent call last):"
    assert lines[-1] == f"ValueError: no such name: Pizza!\\x0a{FORGED}\\x1b[2J"
    assert not any(line.startswith(FORGED) for line in lines) and "\x1b" not in out.getvalue()


def test_letters_of_any_script_are_written_as_they_are() -> None:
    """Names typed on phones are in every script: only controls are escaped."""
    out = io.StringIO()
    setup_logging("INFO", environ={}, stream=out)
    _message_shown("Zoé, 王小明, محمد, יוסף, Дмитрий \u200d\U0001f600")
    assert out.getvalue().endswith(": Zoé, 王小明, محمد, יוסף, Дмитрий \u200d\U0001f600\n")


def test_a_lone_surrogate_is_an_escape_and_the_line_is_kept() -> None:
    """A UTF-8 stream (journald's, a terminal's) refuses a lone surrogate: logging
    printed "--- Logging error ---" and the whole line was lost. The record is handed
    to the handlers' formatters here, not logged: pytest's own capture would keep it
    unescaped, and its workers cannot send that text to the main process."""
    record = logging.LogRecord(
        "companion.daemon.remote", logging.INFO, __file__, 1, "shown: %s", ("Pizza\ud800!",), None
    )
    said = "shown: Pizza\\ud800!"
    formatter = EscapingFormatter("%(levelname)s %(name)s: %(message)s")
    assert formatter.format(record) == f"INFO companion.daemon.remote: {said}"
    journald = JournaldFormatter("%(name)s: %(message)s")
    assert journald.format(record) == f"<6>companion.daemon.remote: {said}"
    ring = LogRing()
    ring.handle(record)
    assert [line.text for line in ring.since(0)] == [said]
    formatter.format(record).encode("utf-8")  # a UTF-8 stream takes it
