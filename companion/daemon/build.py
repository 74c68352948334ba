"""The composition root: every daemon (run, replay, the demo) is wired here, once.

:func:`assemble` joins a session, a reader, an interface and three device openers into
a :class:`~companion.daemon.runtime.Daemon`; :func:`build_daemon` does it for
``companion run`` from a configuration, ``companion.daemon.replay`` for a recorded
table, ``companion.daemon.demo`` for the synthetic game.

Backends are chosen here by the configuration's names (or the environment's, see
``companion.config``), never guessed in the middle of the code. Mistakes in the
settings (an unknown backend, a bad key, a missing library) stop the start with a
message naming the key; a device that is merely absent (no camera yet, the OLED
unplugged) is retried by its link while the rest runs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from card_codes.keys import load_key
from companion.config import Config, HardwareSection, in_file
from companion.daemon.board_camera import OpenBoard, board_reader
from companion.daemon.links import ButtonsLink, CameraLink, DisplayLink, DisplayWorker
from companion.daemon.notify import Notifier
from companion.daemon.out_of_order import show_on
from companion.daemon.parts import Part, TableFacade
from companion.daemon.phone import phone_parts
from companion.daemon.recorder import Recorder, recording_opener, start_recording
from companion.daemon.runtime import Daemon, Links, Reader
from companion.daemon.speech import speech_from_config
from companion.daemon.table_layout import LayoutKeeper
from companion.journal import Journal
from companion.session import Session, open_table, recent_names
from companion.table.changes import ChangeDetector
from companion.table.layout import default_layout, load_layout
from companion.table.layouts import LayoutStore
from companion.table.reader import TableReader
from companion.table.tracker import TableEvent
from companion.ui.app import UiApp
from hardware.buttons import Buttons, open_buttons
from hardware.camera import Camera, open_camera
from hardware.display import Display, open_display
from hardware.display import panel_size as display_size
from hardware.errors import BackendUnavailableError, ConfigurationError
from hardware.settings import Settings

if TYPE_CHECKING:  # the cafe's bus (MQTT, TLS) only at a table that names a broker
    from companion.bus.client import TableBus

log = logging.getLogger(__name__)
T = TypeVar("T")

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


def panel_size(config: Config) -> tuple[int, int]:
    """The OLED's size from ``[display]``, checked as its backend checks it (issue 22:
    ``height = [0.5, 0.5]`` was a ``TypeError`` here)."""
    with in_file(config.source):
        return display_size(Settings("display", config.display.settings))


def _opener(
    config: Config, section: HardwareSection, open_port: Callable[..., T]
) -> Callable[[], T]:
    """How a link opens a device: a mistake in its settings names the file."""

    def opened() -> T:
        with in_file(config.source):
            return open_port(section.kind, **section.settings)

    return opened


@dataclass(frozen=True)
class Devices:
    """How to open each device; a link calls its opener again when the device is lost.
    ``board``: how the camera's frames are read as the hex board, a reader a game (the
    printed board's, or the demo cafe's scripted one)."""

    camera: Callable[[], Camera]
    display: Callable[[], Display]
    buttons: Callable[[], Buttons] = lambda: open_buttons("fake")
    board: OpenBoard = board_reader


def assemble(
    session: Session,
    reader: Reader,
    devices: Devices,
    *,
    clock: Callable[[], float],
    app: UiApp | None = None,
    camera_retry: bool = True,
    threaded_display: bool = False,
    notifier: Notifier | None = None,
    panel: tuple[int, int] = (128, 64),
    frame_timeout: float = 0.2,
    on_event: Callable[[TableEvent], None] | None = None,
    large_type: bool = False,
    parts: Callable[[TableFacade], Sequence[Part]] | None = None,
    table_of_copy: Callable[[int], str] = str,
    layouts: LayoutKeeper | None = None,
) -> Daemon:
    """The one place a :class:`Daemon` is wired: device links, the interface, the loop.

    The display and the buttons are opened at once, so that settings mistakes surface
    at start and not mid-game; a device that is merely absent is retried by its link.
    ``panel`` is the screen size used while the display cannot be opened.
    ``camera_retry=False`` makes a camera that fails end the loop (a recorded source
    does not come back). ``parts``: the loop's parts, made from the table's facade
    (:mod:`companion.daemon.parts`).
    """
    display = DisplayLink("display", devices.display, clock=clock)
    opened = display.get()
    buttons = ButtonsLink("buttons", devices.buttons, clock=clock)
    try:
        buttons.get()
    except (ConfigurationError, BackendUnavailableError) as exc:  # the start stops for good
        if opened is not None:
            show_on(opened, exc)
            display.close()
        raise
    links = Links(
        camera=CameraLink("camera", devices.camera, clock=clock, retry=camera_retry),
        display=DisplayWorker(display) if threaded_display else display,
        buttons=buttons,
    )
    size = opened.size if opened is not None else panel
    return Daemon(
        session=session,
        app=app if app is not None else UiApp(now=clock()),
        reader=reader,
        links=links,
        clock=clock,
        notifier=notifier,
        size=size,
        frame_timeout=frame_timeout,
        on_event=on_event,
        large_type=large_type,
        parts=parts,
        table_of_copy=table_of_copy,
        layouts=layouts,
        board=devices.board,
    )


def _parts(
    config: Config,
    bus: TableBus | None,
    voice: Callable[[TableFacade], Part] | None,
    recorder: Recorder | None = None,
) -> Callable[[TableFacade], list[Part]]:
    """The parts of ``companion run``: the players' page (and the page served at
    home), the cafe's bus when the configuration names a broker, then the voice when
    ``[speech]`` is on, and the recording's log when ``[record]`` has a folder."""

    def made(table: TableFacade) -> list[Part]:
        phone, server = phone_parts(table, config)
        parts: list[Part] = [phone] if server is None else [phone, server]
        if bus is not None:
            from companion.daemon.remote import Remote

            parts.append(Remote(table, bus, phone))
        if voice is not None:
            parts.append(voice(table))
        if recorder is not None:
            parts.append(recorder)
        return parts

    return made


def _table_bus(
    config: Config, journal_path: str, key: bytes | None, wall_clock: Callable[[], float]
) -> TableBus | None:
    """The cafe's bus when ``[cafe] broker`` names one (its settings' mistakes stop the
    start before the devices open); a table without imports none of it (MQTT, TLS:
    some 3 MB of the daemon's memory, bench/daemon.py)."""
    if not config.cafe.broker:
        return None
    from companion.bus.client import TableBus
    from companion.bus.settings import BusSettings

    cafe = BusSettings.from_config(config)
    return None if cafe is None else TableBus(cafe, journal_path, key=key, clock=wall_clock)


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
    copy = config.table.deck_copy or None
    key = staff_key_of(config)
    detector = ChangeDetector(full_every=config.table.full_decode_seconds)
    reader = TableReader(layout, staff_key=key, deck_copy=copy, detector=detector)
    bus = _table_bus(config, journal.path, key, wall_clock)  # settings mistakes first
    voice = speech_from_config(config)  # a speaker's settings mistakes before the devices
    camera, display, buttons = config.camera, config.display, config.buttons
    store = LayoutStore(config.layouts_dir())
    open_the_camera = _opener(config, camera, open_camera)
    recorder = None
    if config.record.folder:  # a folder that cannot be made stops the start, named
        with in_file(config.source):
            recording = start_recording(config.record, wall_clock())
        open_the_camera = recording_opener(open_the_camera, recording.writer)
        recorder = Recorder(recording, clock)
    devices = Devices(
        camera=open_the_camera,
        display=_opener(config, display, open_display),
        buttons=_opener(config, buttons, open_buttons),
    )
    daemon = assemble(
        session,
        reader,
        devices,
        clock=clock,
        app=UiApp(
            kiosk=config.kiosk,
            language=config.ui.language,
            now=clock(),
            names=recent_names(journal),
        ),
        threaded_display=display.kind in THREADED_DISPLAYS,
        notifier=notifier,
        panel=panel_size(config),
        large_type=config.ui.large_type,
        parts=_parts(config, bus, voice, recorder),
        table_of_copy=config.cafe.table_of_copy,
        layouts=LayoutKeeper(store, fixed=bool(config.table.layout)),
    )
    if recorder is not None:
        daemon.pressed.append(recorder.pressed)
    log.info(
        "camera %s, display %s %dx%d%s, buttons %s, journal %s, layouts %s, kiosk %s",
        camera.kind,
        display.kind,
        *daemon.size,
        " large type" if config.ui.large_type else "",
        buttons.kind,
        journal.path,
        config.table.layout or store.folder,
        "on" if config.kiosk.enabled else "off",
    )
    if bus is not None:
        cafe = bus.settings
        where = (cafe.topics.cafe, cafe.topics.table, cafe.host, cafe.port)
        log.info("cafe %s, table %s, broker %s:%d", *where)
    return daemon
