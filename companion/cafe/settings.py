"""The cafe server's settings: one TOML file apart from a table's (the server may run
on a machine that is no table), every setting with a default.

``/etc/companion/cafe.toml`` (or ``$COMPANION_CAFE_CONFIG``, or ``--config``):

    [cafe]
    name = "corner"                  # the cafe's name on the bus (a-z, 0-9, '-')
    cafes = []                       # a chain's central server: the cafes it reads
                                     # (["corner", "harbour"], or ["+"]: every one)
    [broker]
    host = "localhost"
    port = 1883                      # 8883 with TLS
    username = "cafe-server"         # empty: no login (a test broker)
    password_file = "/etc/companion/cafe-broker.password"
    cafile = ""                      # TLS: the broker's CA certificate (PEM)
    admin_username = ""              # the broker's dynamic security admin: floods shut out
    admin_password_file = ""         #   (docs/cafe.md "Shutting out a flooding table")
    table_username = "table-{table}" # a table's account on the broker
    [database]
    path = ""                        # empty: cafe.db in the state directory
    url = ""                         # PostgreSQL instead: "postgresql://user@host/db"
    table_mb_per_day = 250           # what one table may have stored a day (0: no share)
    keep_free_mb = 256               # the SQLite disk's reserve: nothing stored under it
    [web]
    host = "127.0.0.1"
    port = 8080
    password_file = "/etc/companion/cafe-staff.password"   # `companion cafe set-password`
    secure_cookie = false            # true behind HTTPS (a TLS front: docs/cafe.md)
    [staff]
    key_file = "/etc/companion/staff.key"                 # signs commands to tables
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.bus.contract import MessageError, check_name
from companion.cafe.errors import SettingsError
from companion.cafe.store import is_url
from companion.config import default_state_dir
from companion.errors import InputError
from companion.inputs import load_toml
from companion.settings_decoder import Port, TOMLValue, decode

CAFE_CONFIG = Path("/etc/companion/cafe.toml")


@dataclass(frozen=True)
class CafeSection:
    name: str = "cafe"
    #: The other cafes a chain's central server reads (their tables are ``cafe.table``).
    cafes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class BrokerSection:
    host: str = "localhost"
    port: Port = 1883
    username: str = ""
    password_file: str = ""
    cafile: str = ""
    client_id: str = ""  # empty: companion-cafe-<name>, the same at every start
    #: The dynamic security plugin's admin account: a table that floods is shut out at
    #: the broker (empty: it is only logged; docs/cafe.md "Shutting out a flooding table").
    admin_username: str = ""
    admin_password_file: str = ""
    #: A table's account on the broker, from its name.
    table_username: str = "table-{table}"


@dataclass(frozen=True)
class DatabaseSection:
    path: str = ""
    url: str = ""
    #: A table's share of storage, and the disk's reserve (companion/cafe/share.py).
    table_mb_per_day: int = 250
    keep_free_mb: int = 256


@dataclass(frozen=True)
class WebSection:
    host: str = "127.0.0.1"
    port: Port = 8080
    password_file: str = "/etc/companion/cafe-staff.password"
    secret_file: str = ""  # empty: cafe-cookie.key in the state directory
    #: The login cookie goes back over HTTPS only: set it behind a TLS front (nginx,
    #: Caddy: docs/cafe.md, "HTTPS in front of the dashboard").
    secure_cookie: bool = False


@dataclass(frozen=True)
class StaffSection:
    key_file: str = "/etc/companion/staff.key"


@dataclass(frozen=True)
class CafeSettings:
    cafe: CafeSection = field(default_factory=CafeSection)
    broker: BrokerSection = field(default_factory=BrokerSection)
    database: DatabaseSection = field(default_factory=DatabaseSection)
    web: WebSection = field(default_factory=WebSection)
    staff: StaffSection = field(default_factory=StaffSection)
    source: str = "(defaults)"

    def database_path(self) -> Path:
        if self.database.path:
            return Path(self.database.path)
        return default_state_dir() / "cafe.db"

    def database_target(self) -> str:
        """What :func:`companion.cafe.store.open_store` opens: the URL, else the file."""
        return self.database.url or str(self.database_path())

    def cafes(self) -> tuple[str, ...]:
        """The cafes whose tables the server reads: its own and ``[cafe] cafes``, or
        ``("+",)`` for every cafe on the broker (one subscription, no overlap)."""
        if "+" in self.cafe.cafes:
            return ("+",)
        return (self.cafe.name, *(c for c in self.cafe.cafes if c != self.cafe.name))

    def secret_path(self) -> Path:
        if self.web.secret_file:
            return Path(self.web.secret_file)
        return default_state_dir() / "cafe-cookie.key"

    def client_id(self) -> str:
        return self.broker.client_id or f"companion-cafe-{self.cafe.name}"

    def broker_password(self) -> str | None:
        return self._secret("password_file", self.broker.password_file)

    def admin_password(self) -> str | None:
        return self._secret("admin_password_file", self.broker.admin_password_file)

    def _secret(self, key: str, path: str) -> str | None:
        if not path:
            return None
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise SettingsError(f"{self.source}: broker.{key} {path}: {exc.strerror}") from None

    def table_account(self, table: str) -> str | None:
        """``table``'s account on the broker; None for another cafe's table (a chain's
        central server: they come through their cafe's bridge, one account)."""
        if "." in table:
            return None
        return self.broker.table_username.replace("{table}", table)


def default_settings_path() -> Path:
    if env := os.environ.get("COMPANION_CAFE_CONFIG"):
        return Path(env)
    if CAFE_CONFIG.exists():
        return CAFE_CONFIG
    return Path.home() / ".config" / "companion" / "cafe.toml"


def parse_settings(data: Mapping[str, TOMLValue], source: str) -> CafeSettings:
    """The settings in ``data`` (parsed TOML); every error names the file and the key."""
    settings = replace(decode(data, CafeSettings, source, SettingsError), source=source)
    try:
        check_name("cafe", settings.cafe.name)
        for other in settings.cafe.cafes:
            if other != "+":
                check_name("cafe", other)
    except MessageError as exc:
        raise SettingsError(f"{source}: [cafe]: {exc}") from None
    if settings.database.path and settings.database.url:
        raise SettingsError(f"{source}: database.path and database.url: set one, not both")
    if "{table}" not in settings.broker.table_username:
        raise SettingsError(f"{source}: broker.table_username must hold {{table}}")
    if settings.broker.admin_username and not settings.broker.admin_password_file:
        raise SettingsError(f"{source}: broker.admin_username needs admin_password_file")
    for key in ("table_mb_per_day", "keep_free_mb"):
        if getattr(settings.database, key) < 0:
            raise SettingsError(f"{source}: database.{key} must be 0 or more (megabytes)")
    if settings.database.url and not is_url(settings.database.url):
        raise SettingsError(f"{source}: database.url must start with postgresql://")
    return settings


def load_settings(path: Path | None = None) -> CafeSettings:
    """The server's settings (all defaults when the default file does not exist)."""
    target = path if path is not None else default_settings_path()
    if not target.exists():
        if path is not None:
            raise SettingsError(f"{target}: no such settings file")
        return CafeSettings()
    try:  # bounded as every file the commands read (not UTF-8, nested, long numbers)
        data = load_toml(target, what="settings file")
    except InputError as exc:
        raise SettingsError(str(exc)) from None
    return parse_settings(data, str(target))


def with_overrides(settings: CafeSettings, **changes: Any) -> CafeSettings:
    """Command-line options over the file: ``section_key=value`` (None: unchanged)."""
    out = settings
    for key, value in changes.items():
        if value is None:
            continue
        section, name = key.split("_", 1)
        out = replace(out, **{section: replace(getattr(out, section), **{name: value})})
    if out.cafe.name != settings.cafe.name:
        try:
            check_name("cafe", out.cafe.name)
        except MessageError as exc:
            raise SettingsError(f"--name: {exc}") from None
    return out
