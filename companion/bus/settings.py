"""Where the cafe's broker is and who this table is on it, from the configuration.

settings = BusSettings.from_config(config)   # None without a [cafe] broker
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.bus.contract import Topics
from companion.bus.tls import tls_context
from companion.config import Config
from companion.errors import ConfigError

#: Keep-alive: a table gone without a word (power cut) is ``offline`` after 1.5 times this.
KEEPALIVE = 30


@dataclass(frozen=True)
class BusSettings:
    """Where the broker is and who this table is on it."""

    host: str
    port: int
    topics: Topics
    username: str
    password: str | None = None
    tls: bool = False
    cafile: str | None = None
    keepalive: int = KEEPALIVE

    @classmethod
    def from_config(cls, config: Config) -> BusSettings | None:
        """The configuration's ``[cafe]``, or None when it names no broker."""
        cafe = config.cafe
        if not cafe.broker:
            return None
        password = None
        if cafe.password_file:
            try:
                password = Path(cafe.password_file).read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise ConfigError(
                    f"{config.source}: cafe.password_file {cafe.password_file}: "
                    f"cannot read it ({exc.strerror})"
                ) from None
        if cafe.cafile and not cafe.tls:
            raise ConfigError(
                f"{config.source}: cafe.cafile is set but not cafe.tls: add tls = true "
                "(the broker's TLS port), or remove cafile"
            )
        if cafe.tls:  # a CA file that cannot serve stops the start, not each connection
            tls_context(cafe.cafile, f"{config.source}: cafe.cafile")
        host, port = cafe.address()
        return cls(
            host,
            port,
            Topics(cafe.name, config.table.name),
            cafe.username or f"table-{config.table.name}",
            password,
            cafe.tls,
            cafe.cafile or None,
        )


def mqtt_client() -> Any:
    """paho-mqtt's client module; a :class:`ConfigError` when it is not installed."""
    try:
        import paho.mqtt.client as mqtt
    except ImportError:
        raise ConfigError(
            "[cafe] broker is set but paho-mqtt is not installed "
            "(pip install 'table-companion[cafe]')"
        ) from None
    return mqtt
