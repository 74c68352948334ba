"""Text from outside in the cafe server's log (docs/security.md, "What the logs write").

``companion cafe`` logs through ``setup_logging`` as a table does. A message it sets
aside is logged with its topic and why (``cafe: message of t1/<leaf> set aside: ...``):
a topic's last level is any text a client publishes, and a line feed in it forged a
line of the cafe's log, an ANSI escape repainted the terminal. uvicorn's lines (an
exception in a page, quoting a request) went to a handler of uvicorn's own, unescaped.
Now both are written by the product's handler, escaped, each on its one line.
"""

from __future__ import annotations

import io
import logging

import uvicorn
from cafe_fixtures import KEY, settings_for
from isolation import JournaldStream

from companion.cafe.ingest import Incoming
from companion.cafe.server import CafeServer
from companion.cafe.sqlite import SqliteStore
from companion.daemon.logs import setup_logging
from companion.web.serving import serving_options

FORGED = "12:00:00 WARNING companion.cafe: cafe: t2 floods"


def test_a_topic_set_aside_is_one_line_of_the_cafes_log() -> None:
    out = io.StringIO()
    setup_logging("INFO", environ={}, stream=out)  # as companion cafe's run() does
    server = CafeServer(settings_for(1, ":memory:"), SqliteStore(":memory:"), key=KEY)
    server.take([Incoming("t1", f"log\n{FORGED}\x1b[2J", b"{}")])
    lines = out.getvalue().splitlines()
    assert len(lines) == 1, lines
    assert f"cafe: message of t1/log\\x0a{FORGED}\\x1b[2J set aside: " in lines[0]
    assert "\x1b" not in lines[0]


def test_a_topic_set_aside_is_one_line_of_the_cafes_journal(journald: JournaldStream) -> None:
    out = journald
    setup_logging("INFO", environ=out.environ, stream=out.stream)
    server = CafeServer(settings_for(1, ":memory:"), SqliteStore(":memory:"), key=KEY)
    server.take([Incoming("t1", f"log\r{FORGED}", b"{}")])
    said = out.getvalue()
    assert said.startswith(f"<4>companion.cafe: cafe: message of t1/log\\x0d{FORGED} set aside")
    assert said.count("\n") == 1 and "\r" not in said


def test_uvicorns_lines_go_through_the_cafes_handler_escaped() -> None:
    """The pages are served by uvicorn with the product's options (``serving_options``):
    its own lines (here an exception in an app, as uvicorn logs it) reach the handler
    ``setup_logging`` installs, escaped, rather than a handler of uvicorn's own."""
    out = io.StringIO()
    setup_logging("INFO", environ={}, stream=out)
    for name in ("uvicorn", "uvicorn.error"):  # as a fresh process has them, not as
        logger = logging.getLogger(name)  # another test's server left them (its own
        logger.handlers.clear()  # handler, not passing records on)
        logger.propagate, logger.disabled = True, False
    uvicorn.Config(lambda scope, receive, send: None, **serving_options())  # its logging set
    try:
        raise ValueError(f"no table /t/t1\n{FORGED}")
    except ValueError:
        logging.getLogger("uvicorn.error").error("Exception in ASGI application", exc_info=True)
    finally:
        logging.getLogger("uvicorn").handlers.clear()
        logging.getLogger("uvicorn").propagate = True
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("ERROR   uvicorn.error: Exception in ASGI application")
    assert lines[-1] == f"ValueError: no table /t/t1\\x0a{FORGED}"
