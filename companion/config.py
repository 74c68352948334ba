"""The daemon's configuration: one TOML file, every setting with a default.

On a Raspberry Pi the file is ``/etc/companion/config.toml``; elsewhere the
default path is ``~/.config/companion/config.toml``; ``COMPANION_CONFIG`` or
``--config`` name another. A missing file means "all defaults". Backends are
chosen here, by name, or by the environment (``COMPANION_CAMERA``,
``COMPANION_DISPLAY``, ``COMPANION_BUTTONS``, ``COMPANION_SPEAKER``), never guessed in
the middle of the code. The hardware sections' other keys are handed to the backend, which checks
them and names a bad key itself.

Every setting is checked for its shape before anything uses it (issue 22: ``[display]
height = [0.5, 0.5]`` ended in a ``TypeError``): the sections are frozen dataclasses whose
fields' types carry their bounds, decoded by :mod:`companion.settings_decoder`; a
hardware section's ``kind`` is checked here and its other keys by the backend it names.
A wrong one is one line naming the file, the key, what was given and what is expected,
and ``companion`` exits 2.

    [camera]
    kind = "picamera2"      # picamera2 | opencv | replay | synthetic | fake
    width = 1280
    height = 720

    [display]
    kind = "luma"           # luma | emulator | frames | gif | terminal | fake
    driver = "sh1106"

    [buttons]
    kind = "gpio"           # gpio | keyboard | replay | fake

    [speaker]               # spoken announcements (docs/hardware.md, "Audio out")
    kind = "espeak"         # espeak | files | fake
    device = "plughw:CARD=Headphones"

    [speech]
    say = "key"             # off (default) | key | all; a kiosk needs kiosk = true too

    [kiosk]
    idle_minutes = 20

    [ui]
    large_type = false      # true: whose turn, a trick's winner, the moves left at 2-3x
    language = "fr"         # en | fr: the OLED's words (the start menu can change it)

    [table]
    name = "t2"             # the table's name on the cafe's network
    deck_copy = 2           # this table's deck copy: other copies' cards are refused

    [phone]                 # the players' page (docs/phone.md)
    port = 8088

    [cafe]                  # no [cafe] broker: no network at all (docs/cafe.md)
    name = "rosie"
    broker = "cafe-server.local:1883"
    password_file = "/etc/companion/mqtt.password"

    [record]                # the camera's frames kept (docs/hex-referee.md)
    folder = "/var/lib/companion/recordings"
    keep_gb = 8             # the most the folder holds: the oldest recordings go first
    keep_days = 0           # recordings older than this go too (0: kept while room)
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from msgspec import Meta

from card_codes.catalogue import MAX_COPY
from companion.errors import ConfigError, InputError
from companion.inputs import load_toml
from companion.settings_decoder import Port, Positive, TOMLValue, decode
from hardware.errors import ConfigurationError

PI_CONFIG = Path("/etc/companion/config.toml")
PI_STATE = Path("/var/lib/companion")


def default_config_path() -> Path:
    """The file read when none is named: the Pi's under /etc if it exists."""
    if env := os.environ.get("COMPANION_CONFIG"):
        return Path(env)
    if PI_CONFIG.exists():
        return PI_CONFIG
    return Path.home() / ".config" / "companion" / "config.toml"


def default_state_dir() -> Path:
    """Where the journal lives: systemd's StateDirectory, else the user's data folder."""
    if env := os.environ.get("STATE_DIRECTORY"):
        return Path(env.split(":")[0])
    if PI_STATE.is_dir() and os.access(PI_STATE, os.W_OK):
        return PI_STATE
    return Path.home() / ".local" / "share" / "companion"


@dataclass(frozen=True)
class HardwareSection:
    """A hardware port: the backend's name and the settings handed to it (the backend
    checks them: :class:`hardware.settings.Settings`)."""

    kind: str
    settings: Mapping[str, object] = field(default_factory=dict)


#: A cafe's or a table's name on the network: it is a part of every MQTT topic
#: (docs/cafe.md), so only lowercase letters, digits and hyphens.
NAME = re.compile(r"[a-z0-9-]{1,32}")
#: This table's deck copy; 0: any copy is played.
DeckCopy = Annotated[
    int, Meta(ge=0, le=MAX_COPY, description=f"a deck copy, 1 ... {MAX_COPY} (0: any copy)")
]


@dataclass(frozen=True)
class TableSection:
    layout: str = ""  # a layout TOML file (docs/layout.md); empty: the default zones
    name: str = ""  # the table's name in the cafe ([a-z0-9-]{1,32}); needed with a broker
    deck_copy: DeckCopy = 0  # the deck copy printed for this table; 0: any copy is played
    #: Seconds of table time between decodes of the whole frame, the safety net for
    #: changes the change detector cannot see (companion/table/changes.py: full_every).
    full_decode_seconds: Positive = 1.5


@dataclass(frozen=True)
class CafeSection:
    """The cafe's network (issue 14): the broker this table publishes to."""

    name: str = ""  # the cafe's name ([a-z0-9-]{1,32}): the topics' first part
    broker: str = ""  # host:port of the MQTT broker; empty: no network
    username: str = ""  # empty: table-<table name>
    password_file: str = ""  # a file holding the broker password (one line)
    tls: bool = False  # connect with TLS (port 8883 unless the broker names one)
    cafile: str = ""  # the CA certificate checking the broker's; empty: the system's
    #: Deck copy -> table name, for the copies whose table is not named by its number.
    copies: Annotated[dict[str, str], Meta(description="a table of deck copy = table name")] = (
        field(default_factory=dict)
    )

    def address(self) -> tuple[str, int]:
        """The broker's host and port (1883, or 8883 with TLS, when not named)."""
        where = urlsplit(f"//{self.broker}")  # an IPv6 address in brackets: [::1]:1883
        return where.hostname or "", where.port or (8883 if self.tls else 1883)

    def table_of_copy(self, copy: int) -> str:
        """The table a deck copy belongs to: ``copies`` says, else copy N is table N."""
        return self.copies.get(str(copy), str(copy))


@dataclass(frozen=True)
class KioskSection:
    enabled: bool = False
    #: A table left this long saves its game and shows the attract screen.
    idle_minutes: Positive = 20.0


@dataclass(frozen=True)
class UiSection:
    """The OLED's settings. ``large_type``: the in-game screens in type a metre away can
    read (docs/hardware.md, "Reading the screen"); off, they show more at arm's length."""

    large_type: bool = False
    #: The table's language at start (companion.games.i18n.LANGUAGES).
    language: Literal["en", "fr"] = "en"


@dataclass(frozen=True)
class SpeechSection:
    """Spoken announcements (issue 25, docs/hardware.md): ``say`` off, ``key`` moments or
    ``all``; a kiosk table stays silent unless ``kiosk`` is true too."""

    say: Literal["off", "key", "all"] = "off"
    kiosk: bool = False


@dataclass(frozen=True)
class PhoneSection:
    """The players' page (issue 15, docs/phone.md): served by the table itself at home."""

    enabled: bool = True  # serve the page from this table (at a cafe the server serves it)
    port: Port = 8088
    bind: str = "0.0.0.0"  # every network of the Pi: the players' phones are on its Wi-Fi
    url: str = ""  # the address the OLED's code opens; empty: this Pi's address and port


#: The recordings folder's budget (issue 24): gigabytes (10^9 bytes), 0 for no limit.
Gigabytes = Annotated[
    float,
    Meta(ge=0, le=sys.float_info.max, description="a number of GB, 0 or more (0: no limit)"),
]
#: How long a recording is kept: days, 0 for as long as the budget leaves room.
Days = Annotated[
    float,
    Meta(ge=0, le=sys.float_info.max, description="a number of days, 0 or more (0: no limit)"),
]


@dataclass(frozen=True)
class RecordSection:
    """Recording the camera's frames while the table plays (docs/hex-referee.md, "Records
    and replays"): each start of ``companion run`` writes a new folder under ``folder``
    (empty: no recording), ``fps`` frames a second of JPEG, named with their times.
    The folder holds at most ``keep_gb`` (8 GB: an SD card of 16 GB keeps room for the
    system; 0: no limit) and recordings started more than ``keep_days`` ago (0: no limit)
    are removed, the oldest first (companion.daemon.recording_budget)."""

    folder: str = ""
    fps: Positive = 5.0
    keep_gb: Gigabytes = 8.0
    keep_days: Days = 0.0


@dataclass(frozen=True)
class JournalSection:
    path: str = ""  # empty: journal.db in the state directory


@dataclass(frozen=True)
class StaffSection:
    key_file: str = "/etc/companion/staff.key"  # the installation's HMAC key (0600)


@dataclass(frozen=True)
class LogSection:
    level: Annotated[
        str,
        Meta(
            pattern="(?i)^(debug|info|warning|error)$",
            description="one of DEBUG, ERROR, INFO, WARNING",
        ),
    ] = "INFO"


@dataclass(frozen=True)
class Config:
    camera: HardwareSection = HardwareSection("picamera2")
    display: HardwareSection = HardwareSection("luma")
    buttons: HardwareSection = HardwareSection("gpio")
    speaker: HardwareSection = HardwareSection("espeak")
    speech: SpeechSection = SpeechSection()
    table: TableSection = TableSection()
    kiosk: KioskSection = KioskSection()
    ui: UiSection = UiSection()
    journal: JournalSection = JournalSection()
    staff: StaffSection = StaffSection()
    log: LogSection = LogSection()
    cafe: CafeSection = CafeSection()
    phone: PhoneSection = PhoneSection()
    record: RecordSection = RecordSection()
    source: str = "(defaults)"

    def journal_path(self) -> Path:
        return Path(self.journal.path) if self.journal.path else default_state_dir() / "journal.db"

    def layouts_dir(self) -> Path:
        """The table's layouts, one per game family, beside the journal (issue 26):
        ``/var/lib/companion/layouts`` on the Pi."""
        return self.journal_path().parent / "layouts"


#: The sections whose keys, but ``kind``, are their backend's to check.
HARDWARE = ("camera", "display", "buttons", "speaker")


@contextmanager
def in_file(source: str) -> Iterator[None]:
    """A setting's error (:class:`ConfigurationError`, from :class:`Settings`, also a
    backend's) as one that names the file ``source`` it came from."""
    try:
        yield
    except ConfigurationError as exc:
        text = str(exc)
        raise ConfigurationError(text if text.startswith(source) else f"{source}: {text}") from None


def parse_config(data: Mapping[str, TOMLValue], source: str = "(config)") -> Config:
    """Build a Config from parsed TOML; every error names the file and the key."""
    sections = dict(data)
    for name in HARDWARE:
        raw = sections.get(name)
        if isinstance(raw, dict):  # else the decoder's "[camera] must be a table"
            settings = dict(raw)
            kind = settings.pop("kind", getattr(Config, name).kind)
            sections[name] = {"kind": kind, "settings": settings}
    config = replace(decode(sections, Config, source, ConfigError), source=source)
    _check_cafe(config, source)
    return config


def _check_name(source: str, key: str, value: str) -> None:
    if not NAME.fullmatch(value):
        raise ConfigError(
            f"{source}: {key} {value!r} must be 1 to 32 lowercase letters, digits or hyphens "
            "(it is a part of the cafe's MQTT topics)"
        )


def _check_cafe(config: Config, source: str) -> None:
    """Names that go into topics, the broker's address, the copies' tables."""
    table, cafe = config.table, config.cafe
    for copy, name in cafe.copies.items():
        if not copy.isdigit():
            raise ConfigError(f"{source}: cafe.copies key {copy!r} must be a deck copy number")
        if not 1 <= int(copy) <= MAX_COPY:
            raise ConfigError(f"{source}: cafe.copies.{copy} must be a deck copy, 1 ... {MAX_COPY}")
        _check_name(source, f"cafe.copies.{copy}", name)
    if table.name:
        _check_name(source, "table.name", table.name)
    if cafe.name:
        _check_name(source, "cafe.name", cafe.name)
    if not cafe.broker:
        return
    if not cafe.name or not table.name:
        raise ConfigError(f"{source}: cafe.broker needs cafe.name and table.name (the topics)")
    try:
        host, _ = cafe.address()
    except ValueError:  # a port that is not a number 0-65535
        host = ""
    if not host or cafe.broker.endswith(":"):
        raise ConfigError(f"{source}: cafe.broker {cafe.broker!r} must be host or host:port")


def with_environment(config: Config, environ: Mapping[str, str]) -> Config:
    """``COMPANION_CAMERA`` / ``_DISPLAY`` / ``_BUTTONS`` / ``_SPEAKER`` choose a backend."""

    def chosen(name: str, section: HardwareSection) -> HardwareSection:
        kind = environ.get(f"COMPANION_{name.upper()}")
        return HardwareSection(kind, section.settings) if kind else section

    return replace(
        config,
        camera=chosen("camera", config.camera),
        display=chosen("display", config.display),
        buttons=chosen("buttons", config.buttons),
        speaker=chosen("speaker", config.speaker),
    )


def load_config(path: Path | None = None, environ: Mapping[str, str] | None = None) -> Config:
    """Read the configuration (all defaults when the default file does not exist)."""
    env = os.environ if environ is None else environ
    named = path is not None
    target = path if path is not None else default_config_path()
    if not target.exists():
        if named:
            raise ConfigError(f"{target}: no such configuration file")
        return with_environment(Config(), env)
    try:
        data = load_toml(target, what="configuration file")
    except InputError as exc:
        raise ConfigError(str(exc)) from None
    return with_environment(parse_config(data, str(target)), env)
