"""The daemon's configuration: one TOML file, every setting with a default.

On a Raspberry Pi the file is ``/etc/companion/config.toml``; elsewhere the
default path is ``~/.config/companion/config.toml``; ``COMPANION_CONFIG`` or
``--config`` name another. A missing file means "all defaults". Backends are
chosen here, by name, or by the environment (``COMPANION_CAMERA``,
``COMPANION_DISPLAY``, ``COMPANION_BUTTONS``, ``COMPANION_SPEAKER``), never guessed in
the middle of the code. The hardware sections' other keys are handed to the backend, which checks
them and names a bad key itself.

Every setting is checked for its shape before anything uses it (issue 22: ``[display]
height = [0.5, 0.5]`` ended in a ``TypeError``): one checker, :class:`hardware.settings.
Settings`, reads the plain sections' keys by their defaults' types and the bounds in
their fields' metadata, and the backends' keys; a wrong one is one line naming the
file, the key, what was given and what is expected, and ``companion`` exits 2.

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
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import MISSING, Field, dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from card_codes.catalogue import MAX_COPY
from companion.errors import ConfigError, InputError
from companion.games.i18n import LANGUAGES
from companion.inputs import load_toml
from hardware.errors import ConfigurationError
from hardware.settings import Settings, shown

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


#: Field metadata: a network port; a number above 0.
PORT: Mapping[str, Any] = {"low": 1, "high": 65535}
POSITIVE: Mapping[str, Any] = {"above": 0}


@dataclass(frozen=True)
class HardwareSection:
    """A hardware port: the backend's name and the settings handed to it."""

    kind: str
    settings: Mapping[str, Any] = field(default_factory=dict)


#: A cafe's or a table's name on the network: it is a part of every MQTT topic
#: (docs/cafe.md), so only lowercase letters, digits and hyphens.
NAME = re.compile(r"[a-z0-9-]{1,32}")


@dataclass(frozen=True)
class TableSection:
    layout: str = ""  # a layout TOML file (docs/layout.md); empty: the default zones
    name: str = ""  # the table's name in the cafe ([a-z0-9-]{1,32}); needed with a broker
    deck_copy: int = 0  # the deck copy printed for this table; 0: any copy is played
    #: Seconds of table time between decodes of the whole frame, the safety net for
    #: changes the change detector cannot see (companion/table/changes.py: full_every).
    full_decode_seconds: float = field(default=1.5, metadata=POSITIVE)


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
    copies: Mapping[str, str] = field(
        default_factory=dict, metadata={"rule": "a table of deck copy = table name"}
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
    idle_minutes: float = field(default=20.0, metadata=POSITIVE)


@dataclass(frozen=True)
class UiSection:
    """The OLED's settings. ``large_type``: the in-game screens in type a metre away can
    read (docs/hardware.md, "Reading the screen"); off, they show more at arm's length."""

    large_type: bool = False
    #: The table's language at start.
    language: str = field(default=LANGUAGES[0], metadata={"choices": LANGUAGES})


@dataclass(frozen=True)
class SpeechSection:
    """Spoken announcements (issue 25, docs/hardware.md): ``say`` off, ``key`` moments or
    ``all``; a kiosk table stays silent unless ``kiosk`` is true too."""

    say: str = field(default="off", metadata={"choices": ("off", "key", "all")})
    kiosk: bool = False


@dataclass(frozen=True)
class PhoneSection:
    """The players' page (issue 15, docs/phone.md): served by the table itself at home."""

    enabled: bool = True  # serve the page from this table (at a cafe the server serves it)
    port: int = field(default=8088, metadata=PORT)
    bind: str = "0.0.0.0"  # every network of the Pi: the players' phones are on its Wi-Fi
    url: str = ""  # the address the OLED's code opens; empty: this Pi's address and port


@dataclass(frozen=True)
class JournalSection:
    path: str = ""  # empty: journal.db in the state directory


@dataclass(frozen=True)
class StaffSection:
    key_file: str = "/etc/companion/staff.key"  # the installation's HMAC key (0600)


@dataclass(frozen=True)
class LogSection:
    level: str = "INFO"


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
    source: str = "(defaults)"

    def journal_path(self) -> Path:
        return Path(self.journal.path) if self.journal.path else default_state_dir() / "journal.db"

    def layouts_dir(self) -> Path:
        """The table's layouts, one per game family, beside the journal (issue 26):
        ``/var/lib/companion/layouts`` on the Pi."""
        return self.journal_path().parent / "layouts"


@dataclass(frozen=True)
class _Kind:
    """A hardware section's ``kind`` (its other keys are its backend's to check)."""

    kind: str = ""


_HARDWARE = ("camera", "display", "buttons", "speaker")
_PLAIN: dict[str, type[Any]] = {
    "table": TableSection,
    "kiosk": KioskSection,
    "ui": UiSection,
    "journal": JournalSection,
    "staff": StaffSection,
    "log": LogSection,
    "cafe": CafeSection,
    "phone": PhoneSection,
    "speech": SpeechSection,
}
_LEVELS = {"DEBUG", "INFO", "WARNING", "ERROR"}


@contextmanager
def in_file(source: str) -> Iterator[None]:
    """A setting's error (:class:`ConfigurationError`, from :class:`Settings`, also a
    backend's) as one that names the file ``source`` it came from."""
    try:
        yield
    except ConfigurationError as exc:
        text = str(exc)
        raise ConfigurationError(text if text.startswith(source) else f"{source}: {text}") from None


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _string_table(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(item, str) for item in value.values())


def _setting(settings: Settings, spec: Field[Any]) -> Any:
    """The key ``spec`` names, checked for the shape of its default and the bounds in
    its metadata (``low``, ``high``, ``above``, ``choices``, ``rule``)."""
    default = spec.default if spec.default_factory is MISSING else spec.default_factory()
    rules = dict(spec.metadata)
    key = spec.name
    if isinstance(default, bool):
        return settings.flag(key, default)
    if isinstance(default, int):
        return settings.integer(key, default, **rules)
    if isinstance(default, float):
        return settings.number(key, default, **rules)
    if isinstance(default, str):
        return settings.text(key, default, **rules)
    if isinstance(default, list):
        return settings.value(key, default, _strings, rules.get("rule", "a list of strings"))
    return settings.value(key, default, _string_table, rules.get("rule", "a table of strings"))


def _plain_section(source: str, name: str, cls: type[Any], raw: Any) -> Any:
    """The section ``[name]`` as ``cls``: every key checked (:func:`_setting`), an
    unknown one refused; a :class:`ConfigError` naming the file otherwise."""
    try:
        with in_file(source):
            if not isinstance(raw, dict):
                raise ConfigurationError(f"[{name}] must be a table, not {shown(raw)}")
            settings = Settings(name, raw)
            values = {spec.name: _setting(settings, spec) for spec in fields(cls)}
            settings.done()
    except ConfigurationError as exc:
        raise ConfigError(str(exc)) from None
    return cls(**values)


def parse_config(data: Mapping[str, Any], source: str = "(config)") -> Config:
    """Build a Config from parsed TOML; every error names the file and the key."""
    sections: dict[str, Any] = {}
    defaults = Config()
    for name, raw in data.items():
        if name in _HARDWARE:
            if not isinstance(raw, dict):
                raise ConfigError(f"{source}: [{name}] must be a table, not {shown(raw)}")
            settings = dict(raw)
            kind = getattr(defaults, name).kind
            if "kind" in settings:
                kind = _plain_section(source, name, _Kind, {"kind": settings.pop("kind")}).kind
            sections[name] = HardwareSection(kind, settings)
        elif name in _PLAIN:
            sections[name] = _plain_section(source, name, _PLAIN[name], raw)
        else:
            known = ", ".join([*_HARDWARE, *_PLAIN])
            raise ConfigError(f"{source}: unknown section [{name}] (known: {known})")
    config = Config(source=source, **sections)
    if config.log.level.upper() not in _LEVELS:
        raise ConfigError(
            f"{source}: log.level must be one of {', '.join(sorted(_LEVELS))}, "
            f"not {shown(config.log.level)}"
        )
    _check_cafe(config, source)
    return config


def _check_name(source: str, key: str, value: str) -> None:
    if not NAME.fullmatch(value):
        raise ConfigError(
            f"{source}: {key} {value!r} must be 1 to 32 lowercase letters, digits or hyphens "
            "(it is a part of the cafe's MQTT topics)"
        )


def _check_copy(source: str, key: str, value: int) -> None:
    if not 1 <= value <= MAX_COPY:
        raise ConfigError(f"{source}: {key} must be a deck copy, 1 ... {MAX_COPY}")


def _check_cafe(config: Config, source: str) -> None:
    """Names that go into topics, the broker's address, the copies' tables."""
    table, cafe = config.table, config.cafe
    if table.deck_copy != 0:
        _check_copy(source, "table.deck_copy", table.deck_copy)
    for copy, name in cafe.copies.items():
        if not copy.isdigit():
            raise ConfigError(f"{source}: cafe.copies key {copy!r} must be a deck copy number")
        _check_copy(source, f"cafe.copies.{copy}", int(copy))
        if not isinstance(name, str):
            raise ConfigError(f"{source}: cafe.copies.{copy} must be a table name")
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
    changes: dict[str, HardwareSection] = {}
    for name in _HARDWARE:
        kind = environ.get(f"COMPANION_{name.upper()}")
        if kind:
            changes[name] = HardwareSection(kind, getattr(config, name).settings)
    if not changes:
        return config
    values = {f.name: getattr(config, f.name) for f in fields(config)}
    values.update(changes)
    return Config(**values)


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
