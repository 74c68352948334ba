"""The composition root: a configuration in, a daemon with every part wired out.

Backends are chosen here by the configuration's names (or the environment's, see
``companion.config``), never guessed in the middle of the code. Mistakes in the
settings (an unknown backend, a bad key, a missing library) stop the start with a
message naming the key; a device that is merely absent (no camera yet, the OLED
unplugged) is retried by its link while the rest runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from card_codes.keys import load_key
from companion.config import Config, HardwareSection
from companion.daemon.links import ButtonsLink, CameraLink, DisplayLink, DisplayWorker
from companion.daemon.notify import Notifier
from companion.daemon.runtime import Daemon, Links
from companion.journal import Journal
from companion.session import Session, open_table
from companion.table.layout import default_layout, load_layout
from companion.table.reader import TableReader
from companion.ui.app import UiApp
from hardware.buttons import open_buttons
from hardware.camera import open_camera
from hardware.display import open_display

log = logging.getLogger(__name__)

#: Displays drawn from a thread of their own: the real panel, whose bus is slow
#: (a frame is ~100 ms at I2C's 100 kHz). Desktop windows stay on the main thread.
THREADED_DISPLAYS = ("luma",)


def staff_key_of(config: Config) -> bytes | None:
    """The installation's staff key, or None (staff cards then never unlock anything)."""
    path = Path(config.staff.key_file)
    if not path.exists():
        log.info("no staff key at %s: staff cards are refused", path)
        return None
    return load_key(path)


def panel_size(section: HardwareSection) -> tuple[int, int]:
    width = int(section.settings.get("width", 128))
    height = int(section.settings.get("height", 64))
    return width, height


def build_daemon(
    config: Config,
    *,
    journal: Journal | None = None,
    clock: Callable[[], float] = time.monotonic,
    wall_clock: Callable[[], float] = time.time,
    notifier: Notifier | None = None,
) -> Daemon:
    """Everything ``companion run`` runs, from ``config``."""
    if journal is not None:
        session = Session.resume(journal, clock=wall_clock)
    else:
        session = open_table(config.journal_path(), clock=wall_clock)
    journal = session.journal
    layout = load_layout(config.table.layout) if config.table.layout else default_layout()
    reader = TableReader(layout, staff_key=staff_key_of(config))
    camera, display, buttons = config.camera, config.display, config.buttons
    links = Links(
        camera=CameraLink(
            "camera", lambda: open_camera(camera.kind, **camera.settings), clock=clock
        ),
        display=DisplayLink(
            "display", lambda: open_display(display.kind, **display.settings), clock=clock
        ),
        buttons=ButtonsLink(
            "buttons", lambda: open_buttons(buttons.kind, **buttons.settings), clock=clock
        ),
    )
    link = links.display
    assert isinstance(link, DisplayLink)
    opened = link.get()  # settings mistakes surface now, not mid-game
    links.buttons.get()
    size = opened.size if opened is not None else panel_size(display)
    if display.kind in THREADED_DISPLAYS:
        links.display = DisplayWorker(link)
    app = UiApp(kiosk=config.kiosk, now=clock())
    log.info(
        "camera %s, display %s %dx%d, buttons %s, journal %s, kiosk %s",
        camera.kind,
        display.kind,
        *size,
        buttons.kind,
        journal.path,
        "on" if config.kiosk.enabled else "off",
    )
    return Daemon(
        session=session,
        app=app,
        reader=reader,
        links=links,
        clock=clock,
        notifier=notifier,
        size=size,
    )
