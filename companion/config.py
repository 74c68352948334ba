"""The daemon's configuration: one TOML file, every setting with a default.

On a Raspberry Pi the file is ``/etc/companion/config.toml``; elsewhere the
default path is ``~/.config/companion/config.toml``; ``COMPANION_CONFIG`` or
``--config`` name another. A missing file means "all defaults". Backends are
chosen here, by name, or by the environment (``COMPANION_CAMERA``,
``COMPANION_DISPLAY``, ``COMPANION_BUTTONS``), never guessed in the middle of the
code. The hardware sections' other keys are handed to the backend, which checks
them and names a bad key itself.

    [camera]
    kind = "picamera2"      # picamera2 | opencv | replay | synthetic | fake
    width = 1280
    height = 720

    [display]
    kind = "luma"           # luma | emulator | frames | gif | terminal | fake
    driver = "sh1106"

    [buttons]
    kind = "gpio"           # gpio | keyboard | replay | fake

    [kiosk]
    idle_minutes = 20

    [ui]
    language = "fr"         # en | fr: the OLED's words (the start menu can change it)
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.errors import ConfigError
from companion.games.i18n import LANGUAGES

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
    """A hardware port: the backend's name and the settings handed to it."""

    kind: str
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TableSection:
    layout: str = ""  # a layout TOML file (docs/layout.md); empty: the default zones


@dataclass(frozen=True)
class KioskSection:
    enabled: bool = False
    idle_minutes: float = 20.0  # a table left this long saves its game and shows the attract screen


@dataclass(frozen=True)
class UiSection:
    language: str = LANGUAGES[0]  # the table's language at start: one of LANGUAGES


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
    table: TableSection = TableSection()
    kiosk: KioskSection = KioskSection()
    ui: UiSection = UiSection()
    journal: JournalSection = JournalSection()
    staff: StaffSection = StaffSection()
    log: LogSection = LogSection()
    source: str = "(defaults)"

    def journal_path(self) -> Path:
        return Path(self.journal.path) if self.journal.path else default_state_dir() / "journal.db"


_HARDWARE = ("camera", "display", "buttons")
_PLAIN: dict[str, type[Any]] = {
    "table": TableSection,
    "kiosk": KioskSection,
    "ui": UiSection,
    "journal": JournalSection,
    "staff": StaffSection,
    "log": LogSection,
}
_LEVELS = {"DEBUG", "INFO", "WARNING", "ERROR"}


def _plain_section(source: str, name: str, cls: type[Any], raw: Any) -> Any:
    if not isinstance(raw, dict):
        raise ConfigError(f"{source}: [{name}] must be a table")
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            raise ConfigError(
                f"{source}: unknown key {name}.{key} (known: {', '.join(sorted(known))})"
            )
        default = known[key].default
        want = type(default)
        ok = isinstance(value, want) or (want is float and isinstance(value, int))
        if not ok or (want is not bool and isinstance(value, bool)):
            raise ConfigError(
                f"{source}: {name}.{key} must be {want.__name__}, not {type(value).__name__}"
            )
        values[key] = float(value) if want is float else value
    return cls(**values)


def parse_config(data: Mapping[str, Any], source: str = "(config)") -> Config:
    """Build a Config from parsed TOML; every error names the file and the key."""
    sections: dict[str, Any] = {}
    defaults = Config()
    for name, raw in data.items():
        if name in _HARDWARE:
            if not isinstance(raw, dict):
                raise ConfigError(f"{source}: [{name}] must be a table")
            settings = dict(raw)
            kind = settings.pop("kind", getattr(defaults, name).kind)
            if not isinstance(kind, str):
                raise ConfigError(f"{source}: {name}.kind must be a string")
            sections[name] = HardwareSection(kind, settings)
        elif name in _PLAIN:
            sections[name] = _plain_section(source, name, _PLAIN[name], raw)
        else:
            known = ", ".join([*_HARDWARE, *_PLAIN])
            raise ConfigError(f"{source}: unknown section [{name}] (known: {known})")
    config = Config(source=source, **sections)
    if config.log.level.upper() not in _LEVELS:
        raise ConfigError(f"{source}: log.level must be one of {', '.join(sorted(_LEVELS))}")
    if config.kiosk.idle_minutes <= 0:
        raise ConfigError(f"{source}: kiosk.idle_minutes must be more than 0")
    if config.ui.language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise ConfigError(f"{source}: ui.language {config.ui.language!r} is not one of {known}")
    return config


def with_environment(config: Config, environ: Mapping[str, str]) -> Config:
    """``COMPANION_CAMERA`` / ``_DISPLAY`` / ``_BUTTONS`` choose a backend by name."""
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
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{target}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise ConfigError(f"{target}: cannot read ({exc.strerror})") from None
    return with_environment(parse_config(data, str(target)), env)
