"""Play a recorded table through the daemon's pipeline: camera, reader, session, flow.

``companion replay`` and the end-to-end tests use this; it takes no shortcut. Frames
come from a ``hardware.camera`` backend (the replay backend for a folder or a
video), the :class:`~companion.table.reader.TableReader` turns them into table
events, and a :class:`~companion.session.Session` journals each event before its
flow sees it, exactly as the daemon does. The session's clock is the table's (the
frames' timestamps), so a replay journals the times the events had at the table.

The buttons are a script (``hardware.buttons_replay``'s format, its times table
time): a press at ``t`` is taken in the turn of the loop that reads the first frame
at or after ``t``, after that frame's table events, as the daemon would take it.
Whole games that need the menus (undo, corrections, the end of a rummy round) are
replayed so, with nobody at the buttons.

    with open_camera("replay", path="game/", fps=10) as camera:
        result = replay_game(camera, TableReader(default_layout()), session, flow, clock,
                             buttons=parse_script("12.5 back\n12.6 down\n12.7 select"))
    result.record, result.report, result.events, result.summary()

A trick cleared before one of its cards was read stops the game until the players
give that card (the OLED's "Card missing" menu, issue 10 item 4); a replay has nobody
at the buttons, so it says so at once, in the log (``companion replay`` prints it),
and again in its summary if the frames ran out while the game still waited, with
the presses that give the card from a ``--buttons`` script (issue 26).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.daemon.build import Devices, assemble
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.parts import Listener
from companion.flows.base import GameFlow, Notice, NoticeKind, seat_names
from companion.flows.said import Say
from companion.flows.status import TrickStatus
from companion.games.game_options import GameOptions
from companion.games.json_types import JSONObject, texts
from companion.games.report import GameReport
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import StrayCard
from companion.table.reader import TableReader
from companion.table.tracker import CardPlaced, CardRemoved, CardsGathered, TableEvent
from hardware.buttons import ButtonEvent
from hardware.buttons_replay import ReplayButtons
from hardware.camera import Camera
from hardware.display import open_display

log = logging.getLogger(__name__)
#: How long after a trick was cleared the advice presses SELECT (a press is taken at
#: the first frame at or after its time).
ANSWER_AFTER = 0.5


@dataclass(frozen=True)
class EventRow:
    """One table event as ``companion replay --json`` lists it."""

    t: float
    event: str  # placed | removed | duplicate | stray | gathered (card: the notations)
    card: str
    zone: str | None

    def as_json(self) -> JSONObject:
        return {"t": round(self.t, 3), "event": self.event, "card": self.card, "zone": self.zone}


@dataclass
class ReplayResult:
    """What a replay read: the record and score of its game, the events, the refusals."""

    record: JSONObject
    report: GameReport
    events: list[EventRow] = field(default_factory=list)
    notices: list[tuple[float, Notice]] = field(default_factory=list)
    frames: int = 0
    seconds: float = 0.0  # table time covered
    presses: int = 0  # button presses the script handed out
    skipped: int = 0  # frames passed over: not readable, or of another size
    unused: int = 0  # presses scripted after the last frame, never taken
    #: What the game still waited for when the frames ran out, if it waited for the
    #: players' answer (a missing card), and since when: "Cy's card of trick 1".
    waiting: str = ""
    waiting_since: float = 0.0
    #: Since when the hex board had not been seen settled (still, every piece on a cell)
    #: at the last frame, the camera refereeing a game still in play then (None: it was
    #: settled, or no board was read).
    unsettled_since: float | None = None

    def refusals(self) -> list[str]:
        return [f"{t:.1f}s: {n.message}" for t, n in self.notices if n.kind is NoticeKind.REFUSED]

    def skips(self) -> str:
        """``, 2 frames skipped (...)`` for the last line; nothing when none was (the
        first is said on stderr when it is met)."""
        if not self.skipped:
            return ""
        return f", {counted(self.skipped, 'frame')} skipped (not readable, or of another size)"

    def summary(self) -> str:
        """The replay's last line: frames, table time, events, refusals (and presses), as
        "replayed 2307 frames (231.0 s of table time): 153 events, 0 refused"."""
        refused = sum(1 for _, n in self.notices if n.kind is NoticeKind.REFUSED)
        line = (
            f"replayed {self.frames} frames ({self.seconds:.1f} s of table time): "
            f"{counted(len(self.events), 'event')}, {refused} refused{self.skips()}"
        )
        if self.presses or self.unused:
            line += f", {counted(self.presses, 'button press', 'button presses')}"
        if self.unused:
            line += f" ({self.unused} scripted after the last frame, not taken)"
        if self.waiting:
            line += (
                f"; the game waits for {self.waiting}, since {self.waiting_since:.1f} s: "
                f"{answer_advice(self.waiting_since)}"
            )
        return line


def counted(number: int, noun: str, plural: str = "") -> str:
    """``1 event``, ``2 events``; ``plural`` where an s is not it."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def answer_advice(cleared: float) -> str:
    """How a ``--buttons`` script gives the card of a trick cleared at ``cleared``."""
    at = round(cleared + ANSWER_AFTER, 1)
    return (
        f"give it with --buttons FILE, e.g. '{at:.1f} select' (the Card missing menu), "
        "then down to the card's colour, select, down to the card, select"
    )


def _missing(notice: Notice) -> bool:
    return notice.said is not None and notice.said.say is Say.CARD_MISSING


def start_session(
    game: str,
    players: Sequence[str],
    variants: Sequence[str],
    options: GameOptions | None,
    *,
    journal: Journal | None = None,
    clock: Callable[[], float],
) -> tuple[Session, GameFlow]:
    """A session (in-memory journal unless one is given) with the game started with
    ``options`` (checked where they entered; None: the game's defaults), and its flow.

    The flow is returned too: the session lets go of it when the game ends, and the
    replay still wants its record.
    """
    session = Session(journal if journal is not None else Journal.open(":memory:"), clock=clock)
    session.start_game(game, players, variants, options)
    assert session.flow is not None  # start_game raised otherwise
    return session, session.flow


def event_row(event: TableEvent) -> EventRow:
    if isinstance(event, CardPlaced):
        return EventRow(event.at, "placed", event.card.notation, event.card.zone)
    if isinstance(event, CardRemoved):
        return EventRow(event.at, "removed", event.card.notation, event.card.zone)
    if isinstance(event, StrayCard):
        return EventRow(event.at, "stray", event.card.key, event.card.zone)
    if isinstance(event, CardsGathered):
        cards = " ".join(card.notation for card in event.cards)
        return EventRow(event.at, "gathered", cards, event.zone)
    return EventRow(event.at, "duplicate", event.key, None)


def replay_game(
    camera: Camera,
    reader: TableReader,
    session: Session,
    flow: GameFlow,
    clock: TableClock,
    *,
    buttons: Sequence[ButtonEvent] = (),
    progress: Callable[[int, float, int], None] | None = None,
    every: int = 500,
    listen: Callable[[list[Notice], float], None] | None = None,
) -> ReplayResult:
    """Run the daemon's loop (:class:`~companion.daemon.runtime.Daemon`) over ``camera``.

    The loop is the daemon's own: the reader's events go to the session through the
    interface's runner, control cards work the companion as at the table (``UNDO``
    undoes), a duplicate is shown and never played. Only the devices differ: the
    OLED is a fake, the buttons are ``buttons`` (a script on table time, see the
    module docstring), and a frame that cannot be read stops the replay (a recorded
    source does not come back). Refusals are logged (by the runner, as in the
    daemon). ``progress(frames, table_seconds, events)`` is called every ``every``
    frames; ``listen(notices, now)`` with every input's notices, as they come.
    """
    result = ReplayResult(record=flow.record(), report=flow.report())

    def observe(notices: list[Notice], now: float) -> None:
        result.notices.extend((now, notice) for notice in notices)  # the runner logs them
        if listen is not None:
            listen(notices, now)
        for notice in filter(_missing, notices):  # the game stops until it is answered
            result.waiting_since = now
            log.warning("%s: the game waits for that card; %s", notice.message, answer_advice(now))

    timed = ClockedCamera(camera, clock)
    script = ReplayButtons(list(buttons), clock=clock, start=0.0)
    daemon = assemble(
        session,
        reader,
        Devices(camera=lambda: timed, display=lambda: open_display("fake"), buttons=lambda: script),
        clock=clock,
        camera_retry=False,
        frame_timeout=1.0,
        on_event=lambda event: result.events.append(event_row(event)),
        parts=lambda table: [Listener(table, observe)],
    )

    daemon.start()
    daemon.start_parts()
    while not daemon.ended:
        daemon.step()
        result.frames = reader.stats.frames
        result.seconds = clock.now
        if progress is not None and result.frames % every == 0 and result.frames:
            progress(result.frames, clock.now, len(result.events))
    daemon.close_parts()
    if daemon.board.reader is not None:
        result.unsettled_since = daemon.board.reader.unsettled_since
    result.skipped = camera.skipped
    result.presses = len(buttons) - script.left
    result.unused = script.left
    result.record = flow.record()
    result.report = flow.report()
    status = flow.status()
    if isinstance(status, TrickStatus) and status.missing is not None:
        wanted = status.missing
        name = seat_names(texts(result.record.get("players", []), '"players"'))[wanted.seat]
        held = f", {counted(wanted.held, 'card')} put down since held" if wanted.held else ""
        result.waiting = f"{name}'s card of trick {wanted.trick}{held}"
    if session.flow is not None:
        session.end_game(reason="replayed")
    return result
