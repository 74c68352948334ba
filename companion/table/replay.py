"""Play a recorded table through the daemon's pipeline: camera, reader, session, flow.

``companion replay`` and the end-to-end tests use this; it takes no shortcut. Frames
come from a ``hardware.camera`` backend (the replay backend for a folder or a
video), the :class:`~companion.table.reader.TableReader` turns them into table
events, and a :class:`~companion.session.Session` journals each event before its
flow sees it, exactly as the daemon does. The session's clock is the table's (the
frames' timestamps), so a replay journals the times the events had at the table.

    with open_camera("replay", path="game/", fps=10) as camera:
        result = replay_game(camera, TableReader(default_layout()), session_for(...))
    result.record, result.report, result.events
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.flows.base import FlowCommand, GameFlow, Notice, NoticeKind
from companion.journal import Journal
from companion.session import Session
from companion.table.reader import TableReader
from companion.table.tracker import CardPlaced, CardRemoved, DuplicateCard, TableEvent
from hardware.camera import Camera, EndOfStream, Frame

#: The deck of the control cards (card_codes' catalogue): they work the companion.
CONTROL_DECK = "control"


@dataclass(frozen=True)
class EventRow:
    """One table event as ``companion replay --json`` lists it."""

    t: float
    event: str  # placed | removed | duplicate
    card: str
    zone: str | None

    def as_json(self) -> dict[str, Any]:
        return {"t": round(self.t, 3), "event": self.event, "card": self.card, "zone": self.zone}


@dataclass
class ReplayResult:
    """What a replay read: the record and score of its game, the events, the refusals."""

    record: dict[str, Any]
    report: dict[str, Any]
    events: list[EventRow] = field(default_factory=list)
    notices: list[tuple[float, Notice]] = field(default_factory=list)
    frames: int = 0
    seconds: float = 0.0  # table time covered

    def refusals(self) -> list[str]:
        return [f"{t:.1f}s: {n.message}" for t, n in self.notices if n.kind is NoticeKind.REFUSED]


class TableClock:
    """The table's time: the timestamp of the frame being read (injected into the session)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def start_session(
    game: str,
    players: Sequence[str],
    variants: Sequence[str],
    options: Mapping[str, Any],
    *,
    journal: Journal | None = None,
    clock: Callable[[], float],
) -> tuple[Session, GameFlow]:
    """A session (in-memory journal unless one is given) with the game started, and its flow.

    The flow is returned too: the session lets go of it when the game ends, and the
    replay still wants its record.
    """
    session = Session(journal if journal is not None else Journal.open(":memory:"), clock=clock)
    session.start_game(game, players, variants, dict(options))
    assert session.flow is not None  # start_game raised otherwise
    return session, session.flow


def _frames(camera: Camera) -> Iterator[Frame]:
    while True:
        try:
            yield camera.read()
        except EndOfStream:
            return


def event_row(event: TableEvent) -> EventRow:
    if isinstance(event, CardPlaced):
        return EventRow(event.at, "placed", event.card.notation, event.card.zone)
    if isinstance(event, CardRemoved):
        return EventRow(event.at, "removed", event.card.notation, event.card.zone)
    return EventRow(event.at, "duplicate", event.key, None)


def _to_session(session: Session, event: TableEvent) -> list[Notice]:
    """What the daemon does with a table event (companion.daemon.runtime): a duplicate is
    only shown; a control card works the companion (``UNDO`` is the one that changes
    the game; the others drive menus a replay has no use for); any other card is the
    session's input."""
    if isinstance(event, DuplicateCard):
        return []
    card = event.card
    if card.deck == CONTROL_DECK:
        undo = isinstance(event, CardPlaced) and card.notation.split("#")[0] == "UNDO"
        return session.command(FlowCommand("undo")) if undo else []
    return session.table("placed" if isinstance(event, CardPlaced) else "removed", card)


def replay_game(
    camera: Camera,
    reader: TableReader,
    session: Session,
    flow: GameFlow,
    clock: TableClock,
    *,
    progress: Callable[[int, float, int], None] | None = None,
    every: int = 500,
) -> ReplayResult:
    """Feed every frame of ``camera`` through ``reader`` into ``session``.

    Placed and removed cards become the session's table inputs, in the order the
    reader reports them, as the daemon feeds them; an ``UNDO`` control card undoes.
    ``progress(frames, table_seconds, events)`` is called every ``every`` frames.
    """
    result = ReplayResult(record={}, report={})
    for frame in _frames(camera):
        clock.now = frame.timestamp
        for event in reader.feed(frame):
            result.events.append(event_row(event))
            for notice in _to_session(session, event):
                result.notices.append((event.at, notice))
        result.frames += 1
        result.seconds = frame.timestamp
        if progress is not None and result.frames % every == 0:
            progress(result.frames, frame.timestamp, len(result.events))
    result.record = flow.record()
    result.report = flow.report()
    if session.flow is not None:
        session.end_game(reason="replayed")
    return result
