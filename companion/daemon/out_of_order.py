"""The OLED's last screen when the daemon stops for a fault no restart mends.

A mistake in the settings (a misspelt key, a value of the wrong shape) or a library the
Pi lacks stops ``companion run`` with exit status 2, and systemd does not start it again
(``RestartPreventExitStatus=2`` in systemd/companion.service): the log line says what
to change. The panel keeps its last screen while the service is down, so it must not
go on saying "Restarting... back in a moment": it says the table is out of order, in
the players' words, and the person who looks after it reads the log.

When the daemon was running, its own farewell shows it
(:meth:`companion.daemon.runtime.Daemon.farewell`). When the settings stopped it
before the panel was opened, :func:`show_from_file` opens the panel from the file's
``[display]`` section alone, best effort: only the Pi's OLED (``kind = "luma"``), which
keeps the screen after the process ends; any other display, or a section that cannot
open one, is left as it is.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

from companion.errors import user_errors
from companion.ui.screens import render
from companion.views.i18n import LANGUAGES, _, set_language
from companion.views.model import MessageView, Tone
from hardware.display import Display

log = logging.getLogger(__name__)

#: The one display this is tried on: the Pi's OLED, whose panel keeps the last screen.
PANEL = "luma"
#: The note on such an error once the panel shows it (the daemon's own panel did).
ON_PANEL = "the panel says: out of order"


def out_of_order_view() -> MessageView:
    """What the players read while the service stays down for a fault a person mends."""
    return MessageView("Table Companion", (_("Out of order"), _("Ask for help.")), Tone.ERROR)


def show_on(display: Display, exc: BaseException) -> None:
    """The out-of-order screen on the daemon's own ``display``, for the error ``exc``
    that stops its start (noted, so :func:`guard` does not open the panel again)."""
    display.show(render(out_of_order_view(), display.size))
    exc.add_note(ON_PANEL)


@contextlib.contextmanager
def guard(path: Path | None, display_kind: str | None) -> Iterator[None]:
    """The start of ``companion run`` with its settings file ``path``: a fault that
    stops it for good puts the out-of-order screen on the panel (:func:`show_from_file`)
    unless the daemon's panel already shows it; the error goes on to be reported."""
    try:
        yield
    except user_errors() as exc:  # before the daemon runs, each stops it for good
        if ON_PANEL not in vars(exc).get("__notes__", ()):  # add_note's list, if any
            show_from_file(path, display_kind)
        raise


def show_from_file(path: Path | None, display_kind: str | None = None) -> bool:
    """The out-of-order screen on the panel the settings file at ``path`` names
    (``display_kind``: the command line's ``--display``, which wins); True if shown.
    Never raises: the error that stopped the start is the one to report."""
    try:
        return _show(path, display_kind)
    except Exception as exc:  # best effort: a panel that cannot open changes nothing
        log.debug("the out-of-order screen was not shown: %s", exc)
        return False


def _show(path: Path | None, display_kind: str | None) -> bool:
    from companion.config import default_config_path
    from companion.inputs import load_toml
    from companion.settings_decoder import TOMLTable
    from hardware.display import open_display

    file = path if path is not None else default_config_path()
    try:
        data: TOMLTable = load_toml(file) if file.is_file() else {}
    except (OSError, ValueError):  # a file that does not parse: the panel's defaults
        data = {}
    section = data.get("display", {})
    settings = dict(section) if isinstance(section, dict) else {}
    kind = display_kind or settings.pop("kind", PANEL)
    settings.pop("kind", None)
    if kind != PANEL:
        return False
    ui = data.get("ui", {})
    language = ui.get("language") if isinstance(ui, dict) else None
    set_language(language if isinstance(language, str) and language in LANGUAGES else LANGUAGES[0])
    display = open_display(PANEL, **settings)
    try:
        display.show(render(out_of_order_view(), display.size))
    finally:
        display.close()
    return True
