"""A staff message from the cafe's bus is drawn without its control and format
characters (docs/security.md, "What the OLED draws"; issue 14, the staff's message;
issue 22, texts from outside without control characters). The bus takes the message
as sent but for NUL and lone surrogates (companion.bus.contract.command); the OLED
leaves out what is no letter (companion.ui.draw.drawable). Names: tests/ui/
test_undrawn_characters.py."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

from daemon_harness import ManualClock, make_daemon
from PIL import Image, ImageChops

from companion.bus.client import TableBus
from companion.bus.contract import Command
from companion.daemon.remote import Remote
from companion.ui.draw import recording_texts
from hardware.display_fake import FakeDisplay


def _shown(text: str, folder: Path) -> tuple[Image.Image, list[str]]:
    """The OLED, and its texts, once a table took the staff's ``message`` command of
    ``text`` from the bus (checked as the bus checks it, carried out as the daemon
    does)."""
    folder.mkdir()
    clock = ManualClock()
    daemon = make_daemon(folder / "journal.db", [], clock=clock)
    daemon.start()
    remote = Remote(daemon.facade, cast(TableBus, SimpleNamespace()))
    remote.act(Command.parse("message", {"text": text}), clock())
    with recording_texts() as texts:
        daemon.draw()
    display = daemon.links.display.device
    assert isinstance(display, FakeDisplay) and display.last is not None
    return display.last, texts


def test_a_staff_message_is_drawn_without_its_bidi_override(tmp_path: Path) -> None:
    """Issue 22: a staff message holding U+202E RIGHT-TO-LEFT OVERRIDE, a zero-width
    space and a BEL is drawn as the message without them (before: "Pizza ?is ready!",
    "ready?" and a BEL drawn as nothing, the text as sent in the screen's words)."""
    hostile, words = _shown("Pizza \u202eis re\u200bady!\x07", tmp_path / "hostile")
    plain, plain_words = _shown("Pizza is ready!", tmp_path / "plain")
    assert ImageChops.difference(hostile, plain).getbbox() is None
    assert "Pizza is ready!" in words and words == plain_words


def test_a_staff_message_of_controls_alone_draws_an_empty_message(tmp_path: Path) -> None:
    """Issue 22: the bus takes a message of an ESC sequence and bidi isolates (none is
    NUL, nor white space); the OLED shows what is left of it, "[2J", as text: the
    escape is not drawn as a box or a gap."""
    hostile, words = _shown("\u2066\x1b[2J\u2069", tmp_path / "hostile")
    plain, _ = _shown("[2J", tmp_path / "plain")
    assert ImageChops.difference(hostile, plain).getbbox() is None
    assert "[2J" in words
