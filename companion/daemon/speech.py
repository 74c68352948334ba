"""Speech beside the camera loop (issue 25): what the table hears, never in its way.

:class:`Speech` is a part of the daemon's loop (``start``, ``turn``, ``close``). It
hears every input's notices (the facade's ``listen``) and, each turn the table changed,
compares the flow's status with the last one; :func:`companion.views.spoken.announce`
words what happened. Each turn it also says a fault the screen has begun to say
(:func:`~companion.views.spoken.fault_said`: a card seen twice, a hex piece not seen,
the camera or the screen lost), once as it comes, as the screen shows it once. Each
announcement goes into a :class:`Mailbox` with one slot per kind: a newer "Ben to
play" replaces a stale "Ana to play" not yet said, and an announcement older than
:data:`STALE_SECONDS` is dropped rather than said late (a round's scores and the
result, which stay true, after :data:`LASTING_SECONDS`). A step undone or a card
corrected is said, and what was being said or waiting of the game before it
(:data:`TAKEN_BACK`: "Ana takes trick 3" of a card taken back) is not. A worker thread
of its own takes them one by one and speaks (``Speaker.say`` blocks for the sentence's
length); the loop only puts into the mailbox, so the reader's frame rate does not
change (bench/speech.py). A speaker that fails (no sound card, a USB speaker unplugged) is
logged once per kind of failure and tried again with the next announcement. Long UP
asks for the last announcement again.

When a finite source ends (``companion run`` on a recording), the daemon lets the
voice finish what it was given (:meth:`Speech.finish`): the sentence being said and
those waiting, for at most :data:`FINISH_SECONDS`, then closes it; a stop signal
(SIGINT, SIGTERM) during that wait stops it at once, as it does during the game.

    parts = lambda table: [speech_part(open_speaker("espeak"), Level.KEY)(table)]
    daemon = assemble(session, reader, devices, clock=clock, parts=parts)  # build.py
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.config import Config, in_file
from companion.daemon.parts import HeardTable, TableFacade
from companion.flows.base import Notice
from companion.flows.status import FlowStatus
from companion.views.faults import Fault
from companion.views.spoken import Announcement, Kind, Level, announce, fault_said
from hardware.errors import BackendUnavailableError, HardwareError
from hardware.speaker import MAX_CHARS, Speaker, open_speaker

log = logging.getLogger(__name__)

#: An announcement not begun this long after its event is no longer worth saying.
STALE_SECONDS = 8.0
#: A round's scores and the result stay true: they wait this long, behind the sentence
#: they come with (the last round's scores of three players last 12 s, the result
#: waits behind them; with 8 s it was never said).
LASTING = frozenset({Kind.SCORE, Kind.RESULT})
LASTING_SECONDS = 60.0
#: A sentence of these kinds being said is cut short by a newer one of its kind.
CUT_SHORT = frozenset({Kind.TURN, Kind.ALLOWANCE})
#: What a step undone or a card corrected makes wrong, said or waiting: all but a fault
#: (the table's, not the game's).
TAKEN_BACK = frozenset(Kind) - {Kind.FAULT, Kind.CORRECTION}
#: Latencies kept for the bench and the log.
KEPT = 1000
#: The longest the voice may go on after a finite source ends: as long as the last
#: round's scores and the result may wait (a recording of a whole game ends on them,
#: some 22 s of speech with three players; 10 s cut the result off).
FINISH_SECONDS = LASTING_SECONDS
#: How often that wait looks for a stop signal.
FINISH_POLL = 0.05


@dataclass(frozen=True)
class Posted:
    """An announcement and the time (the mailbox's clock) it was posted."""

    announcement: Announcement
    posted: float


class Mailbox:
    """One slot per :class:`Kind`, in the order last posted; thread-safe.

    >>> box = Mailbox(clock=lambda: 0.0)
    >>> box.put(Announcement(Kind.TURN, "Ana to play.", "en"))
    >>> box.put(Announcement(Kind.TURN, "Ben to play.", "en"))
    >>> [p.announcement.text for p in box.waiting()]
    ['Ben to play.']
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        stale: float = STALE_SECONDS,
        lasting: float = LASTING_SECONDS,
    ) -> None:
        self._clock = clock
        self._stale = stale
        self._lasting = lasting
        self._slots: OrderedDict[Kind, Posted] = OrderedDict()
        self._ready = threading.Condition()
        self._closed = False
        self._busy = False  # a slot taken and not yet done with
        self.dropped = 0  # replaced or stale: never said

    def put(self, announcement: Announcement) -> None:
        with self._ready:
            if self._slots.pop(announcement.kind, None) is not None:
                self.dropped += 1
            self._slots[announcement.kind] = Posted(announcement, self._clock())
            self._ready.notify_all()

    def take(self, timeout: float | None = None) -> Posted | None:
        """The oldest slot still fresh, waiting up to ``timeout``; None once closed or
        when nothing came."""
        with self._ready:
            while True:
                if self._closed:
                    return None
                while self._slots:
                    kind, posted = self._slots.popitem(last=False)
                    limit = self._lasting if kind in LASTING else self._stale
                    if self._clock() - posted.posted <= limit:
                        self._busy = True
                        return posted
                    self.dropped += 1
                self._ready.notify_all()
                if not self._ready.wait(timeout):
                    return None

    def drop(self, kinds: frozenset[Kind]) -> None:
        """Leave unsaid what waits of ``kinds``."""
        with self._ready:
            for kind in kinds & self._slots.keys():
                del self._slots[kind]
                self.dropped += 1
            self._ready.notify_all()

    def waiting(self) -> list[Posted]:
        with self._ready:
            return list(self._slots.values())

    def done(self) -> None:
        """The announcement last taken is said (or failed)."""
        with self._ready:
            self._busy = False
            self._ready.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every slot is taken and said; False after ``timeout``."""
        with self._ready:
            idle = self._ready.wait_for(
                lambda: (not self._slots and not self._busy) or self._closed, timeout
            )
            return bool(idle)

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._ready.notify_all()


class Voice(threading.Thread):
    """The worker: takes from the mailbox and speaks, until the mailbox is closed."""

    def __init__(self, speaker: Speaker, mailbox: Mailbox, clock: Callable[[], float]) -> None:
        super().__init__(name="speech", daemon=True)
        self.speaker = speaker
        self.mailbox = mailbox
        self.clock = clock
        #: Seconds from each announcement's post to the start of its sentence.
        self.latencies: deque[float] = deque(maxlen=KEPT)
        self.speaking: Kind | None = None
        self._idle = threading.Lock()
        self._failures: set[str] = set()
        self.said = 0

    def run(self) -> None:
        while (posted := self.mailbox.take()) is not None:
            said = posted.announcement
            with self._idle:
                self.speaking = said.kind
            self.latencies.append(self.clock() - posted.posted)
            try:
                self.speaker.say(said.text, said.language, said.kind.value)
                self.said += 1
            except (HardwareError, OSError, ValueError) as exc:
                self._failed(exc)
            except Exception as exc:  # a speaker's own bug: the table keeps its voice
                self._failed(exc, unexpected=True)
            finally:
                with self._idle:
                    self.speaking = None
                self.mailbox.done()

    def _failed(self, exc: Exception, *, unexpected: bool = False) -> None:
        """Log a failure the first time it is seen (one not foreseen with its
        traceback); the next announcement tries again, the thread goes on."""
        text = f"{type(exc).__name__}: {exc}" if unexpected else str(exc)
        if text in self._failures:
            return
        if len(self._failures) < KEPT:
            self._failures.add(text)
        if unexpected:
            log.error("speech: %s (the game goes on; tried again next time)", text, exc_info=exc)
        else:
            log.warning("speech: %s (the game goes on; tried again next time)", text)

    def cut_short(self, kind: Kind) -> None:
        """A newer announcement of ``kind`` came: the one being said of it stops; a
        correction stops what it makes wrong (:data:`TAKEN_BACK`)."""
        with self._idle:
            same = self.speaking is kind and kind in CUT_SHORT
            if same or (kind is Kind.CORRECTION and self.speaking in TAKEN_BACK):
                self.speaker.stop()

    def settle(self, timeout: float) -> bool:
        """Wait until everything posted is said (the demo, the replay tests)."""
        return self.mailbox.wait_idle(timeout)


class Speech:
    """The loop's speech part, made from the table's facade: it listens to the table
    (every input's notices, long UP asking for the last announcement again) and reads
    where the game stands from it. ``settle`` makes each post wait until all is said
    (the demo writes every announcement of a game played faster than real time)."""

    def __init__(
        self,
        speaker: Speaker,
        level: Level,
        table: HeardTable,
        *,
        clock: Callable[[], float] = time.monotonic,
        settle: bool = False,
    ) -> None:
        self.level = level
        self.table = table
        self.settle = settle
        self.mailbox = Mailbox(clock=clock)
        self.voice = Voice(speaker, self.mailbox, clock)
        self.last: Announcement | None = None
        self._status: FlowStatus | None = None
        self._game = ""
        self._faults: dict[str, Fault] = {}
        table.listen(self.heard, again=self.again)

    def start(self) -> None:
        """Start the voice, and say where a game in play stands (whose turn, the hex
        moves allowed): a table that restarts, or a game started without the menus."""
        self.voice.start()
        self._said([])
        self._faults_said(self.table.now)

    def heard(self, notices: list[Notice], now: float) -> None:
        """An input's notices (the table's listener), said with the status they left."""
        self._said(notices)

    def again(self, now: float) -> None:
        """The players asked to hear the last announcement again (long UP)."""
        if self.last is not None:
            self._post([self.last])

    def turn(self, now: float, changed: bool) -> None:
        """A turn of the loop: a status that moved (a card, a press, the UI's time)."""
        if changed:
            self._said([])
        self._faults_said(now)

    def _said(self, notices: Sequence[Notice]) -> None:
        table = self.table.state(self.table.now)
        flow = table.flow
        status = None if flow is None else flow.status()
        game = (flow.game if flow is not None else "") or self._game
        said = announce(notices, self._status, status, table.players, self.level, game=game)
        self._status, self._game = status, game
        self._post(said)

    def _faults_said(self, now: float) -> None:
        """Say each fault the screen has begun to say since the last turn (a fault of a
        kind that changed: the piece not seen is another one); one that stands is said
        once, and again only once it has gone and come back."""
        standing = dict(self.table.faults(now))
        said: list[Announcement] = []
        for kind, fault in standing.items():
            if self._faults.get(kind) != fault:
                said += fault_said(fault, self.level)
        self._faults = standing
        self._post(said)  # together: two faults come at once (the camera and the screen)

    def _post(self, announcements: Sequence[Announcement]) -> None:
        for announcement in joined(announcements):
            if announcement.kind is Kind.CORRECTION:  # what waits is of the game before
                self.mailbox.drop(TAKEN_BACK)
            self.voice.cut_short(announcement.kind)
            self.mailbox.put(announcement)
            self.last = announcement
        if self.settle and announcements:
            self.voice.settle(timeout=60.0)

    def finish(self, should_stop: Callable[[], bool], limit: float = FINISH_SECONDS) -> None:
        """The source ended: wait until everything posted is said, for at most ``limit``
        seconds, and no longer once ``should_stop()`` (a stop signal) is true."""
        deadline = time.monotonic() + limit
        while not should_stop():
            left = deadline - time.monotonic()
            if left <= 0:
                log.warning("speech: still talking %g s after the source ended; cut short", limit)
                return
            if self.voice.settle(min(FINISH_POLL, left)):
                return

    def close(self) -> None:
        self.mailbox.close()
        self.voice.speaker.stop()
        if self.voice.is_alive():
            self.voice.join(timeout=5.0)
        self.voice.speaker.close()


def joined(announcements: Sequence[Announcement]) -> list[Announcement]:
    """One input's announcements, those of a kind that follow each other said as one
    sentence: the mailbox keeps one of a kind, and both are news ("White, 0 moves. 4
    enemy strike pieces touch the centre." then "Black, 5 moves.": a turn the strike
    pieces left no move ends at once, H2), unless together they are too long to say.

    >>> lines = ("White, 0 moves.", "Black, 5 moves.")
    >>> [a.text for a in joined([Announcement(Kind.ALLOWANCE, t, "en") for t in lines])]
    ['White, 0 moves. Black, 5 moves.']
    """
    said: list[Announcement] = []
    for announcement in announcements:
        last = said[-1] if said else None
        text = f"{last.text} {announcement.text}" if last is not None else ""
        if last is not None and last.kind is announcement.kind and len(text) <= MAX_CHARS:
            said[-1] = Announcement(last.kind, text, last.language)
        else:
            said.append(announcement)
    return said


def speech_part(
    speaker: Speaker, level: Level, *, settle: bool = False
) -> Callable[[TableFacade], Speech]:
    """The speech part's maker, for a daemon's ``parts`` (:mod:`companion.daemon.parts`)."""

    def made(table: TableFacade) -> Speech:
        return Speech(speaker, level, table, settle=settle)

    return made


def level_of(config: Config) -> Level:
    """``[speech] say``; a kiosk table stays silent unless ``[speech] kiosk`` (a cafe
    turns speech on deliberately)."""
    if config.kiosk.enabled and not config.speech.kiosk:
        return Level.OFF
    return Level(config.speech.say)


def speech_from_config(config: Config) -> Callable[[TableFacade], Speech] | None:
    """The maker of the speech part ``config`` asks for, or None (off); ``build.py``
    puts it among the daemon's parts.

    A bad ``[speaker]`` key stops the start with a message naming it, as a display's
    would; a program the speaker lacks (espeak-ng, aplay not installed) is logged and
    the table runs without its voice: the game needs none."""
    level = level_of(config)
    if level is Level.OFF:
        return None
    section = config.speaker
    try:
        with in_file(config.source):
            speaker = open_speaker(section.kind, **section.settings)
    except BackendUnavailableError as exc:
        log.error("speech: %s; the table runs without its voice", exc)
        return None
    log.info("speech: %s, speaker %s", level.value, section.kind)
    return speech_part(speaker, level)
