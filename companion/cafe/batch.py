"""What the cafe server's writer takes in a batch, and what applying one did
(:mod:`companion.cafe.ingest` applies it; :mod:`companion.cafe.writer` gathers it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.bus.contract import Ack


@dataclass(frozen=True)
class Incoming:
    """One message of a table: its leaf topic, payload, and whether it came retained
    (sent by the broker on subscribing, not live). ``token`` is the MQTT message id to
    acknowledge to the broker once stored."""

    table: str
    leaf: str
    payload: bytes
    retained: bool = False
    token: int | None = None


@dataclass(frozen=True)
class LostSession:
    """The broker did not keep the server's session: messages may have been missed."""


@dataclass
class Applied:
    """What one batch did: the acks to publish (table -> (seq, games)) and the tables
    whose dashboard card changed."""

    acks: dict[str, Ack] = field(default_factory=dict)
    changed: set[str] = field(default_factory=set)
    stored: int = 0
    #: Messages set aside (issue 22).
    quarantined: int = 0
