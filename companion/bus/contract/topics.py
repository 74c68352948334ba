"""The contract's names: its version, its topics, how cafes and tables are named, and
its JSON (compact UTF-8).

    >>> topics = Topics("rosie", "t2")
    >>> topics.events, topics.subscriptions()
    ('companion/rosie/t2/events', ('companion/rosie/t2/ack', 'companion/rosie/t2/command'))
    >>> parse_topic("c", "companion/c/t2/events")
    ('t2', 'events')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from companion.bus.errors import MessageError
from companion.games.json_types import JSON

VERSION = 1
PREFIX = "companion"
ONLINE = b"online"
OFFLINE = b"offline"
NAME = re.compile(r"[a-z0-9-]{1,32}")
#: A journal's identity: random hex digits made with the journal (32 of them).
JOURNAL = re.compile(r"[0-9a-f]{8,64}")
#: The leaves a table publishes (and the server subscribes to under ``#``).
TABLE_LEAVES = ("status", "state", "events", "log")


def dump(value: Mapping[str, JSON]) -> bytes:
    """The contract's JSON: compact, UTF-8."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def check_name(kind: str, value: str) -> str:
    """A cafe or table name as the contract allows it, or :class:`MessageError`."""
    if not isinstance(value, str) or not NAME.fullmatch(value):
        raise MessageError(f"{kind} name {value!r}: must be 1-32 of a-z, 0-9 and '-'")
    return value


def topic(cafe: str, table: str, leaf: str) -> str:
    return f"{PREFIX}/{cafe}/{table}/{leaf}"


@dataclass(frozen=True)
class Topics:
    """The topics of one table of one cafe."""

    cafe: str
    table: str

    def _leaf(self, name: str) -> str:
        return topic(self.cafe, self.table, name)

    @property
    def status(self) -> str:
        return self._leaf("status")

    @property
    def state(self) -> str:
        return self._leaf("state")

    @property
    def events(self) -> str:
        return self._leaf("events")

    @property
    def ack(self) -> str:
        return self._leaf("ack")

    @property
    def command(self) -> str:
        return self._leaf("command")

    @property
    def log(self) -> str:
        return self._leaf("log")

    def subscriptions(self) -> tuple[str, str]:
        """What the table reads, the ``ack`` first (see :mod:`companion.bus.client`)."""
        return self.ack, self.command


def subscriptions(*cafes: str) -> list[str]:
    """What the server subscribes to: what every table of its cafes publishes (not the
    acks and commands it publishes itself, which ``companion/<cafe>/#`` would echo).
    A chain's central server reads several cafes, or every one (``+``)."""
    return [f"{PREFIX}/{cafe}/+/{leaf}" for cafe in cafes for leaf in TABLE_LEAVES]


def key_of(own: str, cafe: str, table: str) -> str:
    """How a server names a table (in its database, on its dashboard): its own cafe's
    tables by their name, another cafe's (a chain's central server) as ``cafe.table``
    (names have no dots, so the key is never ambiguous)."""
    return table if cafe == own else f"{cafe}.{table}"


def split_key(own: str, key: str) -> tuple[str, str]:
    """``(cafe, table)`` of a key :func:`key_of` made."""
    cafe, dot, table = key.partition(".")
    return (cafe, table) if dot else (own, key)


def parse_topic(cafe: str, name: str, cafes: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """``(table key, leaf)`` of a topic of ``cafe`` (or of one of ``cafes``, ``+`` for
    any); None for anything else."""
    parts = name.split("/")
    if len(parts) != 4 or parts[0] != PREFIX or not NAME.fullmatch(parts[2]):
        return None
    if parts[1] != cafe and not (parts[1] in cafes or ("+" in cafes and NAME.fullmatch(parts[1]))):
        return None
    return key_of(cafe, parts[1], parts[2]), parts[3]
