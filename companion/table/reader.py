"""The table reader: camera frames in, table events out (the daemon's pipeline).

Per frame: change detection picks the regions worth decoding (nothing on a still
table), the decoder reads the codes there at full resolution, and the tracker turns
what was found, and where it looked, into stable events. Control cards (deck
``control``) are cards like any other: the daemon maps their events to commands.
Codes the decoder rejects (a menu's QR code, a phone, a misread) are counted for
the log and never become events. At a table that owns one copy of the decks
(``deck_copy``), a card of another copy (another table's, issue 14) becomes a
:class:`~companion.table.cards.StrayCard` when it is put down, never a play: its
twin of this table's copy is another key, tracked and played as usual. Control and
staff cards (deck ``control``) work from any copy.

    reader = TableReader(default_layout(), staff_key=key)
    for frame in camera:
        for event in reader.feed(frame):
            session.table(event)
    reader.stats.summary()   # frames, decodes, pixels, foreign codes, ms per stage
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from companion.games.json_types import JSONObject
from companion.table.cards import StrayCard, TableCard
from companion.table.changes import ChangeDetector, ChangePlan
from companion.table.layout import Layout
from companion.table.tracker import (
    CardLike,
    CardPlaced,
    CardRemoved,
    Coverage,
    DetectionLike,
    TableEvent,
    TableTracker,
)

Image = npt.NDArray[np.uint8]


class FrameLike(Protocol):
    """What the reader needs of hardware.camera's Frame."""

    @property
    def image(self) -> Image: ...
    @property
    def timestamp(self) -> float: ...


class RejectionLike(Protocol):
    """What the reader needs of card_codes.payload's Rejection: the code's text."""

    @property
    def payload(self) -> str: ...


class DecodeResultLike(Protocol):
    """What the reader needs of card_codes.decode's DecodeResult."""

    @property
    def cards(self) -> Sequence[DetectionLike]: ...
    @property
    def rejected(self) -> Sequence[RejectionLike]: ...


Decoder = Callable[[Image], DecodeResultLike]

#: Distinct foreign payloads remembered for the log (a cap, so a busy cafe's menus
#: cannot grow the set for ever).
FOREIGN_MEMORY = 256
#: Decks shared by every table whatever their copy: control and staff cards.
SHARED_DECKS = ("control",)


@dataclass(frozen=True)
class _Found:
    """A detection moved from a region's coordinates to the frame's."""

    card: CardLike
    corners: tuple[tuple[float, float], ...]


@dataclass
class ReaderStats:
    """What the pipeline did, for the log and the benchmark."""

    frames: int = 0
    decodes: int = 0  # decoder calls
    full_decodes: int = 0  # frames decoded whole
    idle_frames: int = 0  # frames with nothing to decode
    pixels: int = 0  # pixels handed to the decoder
    codes: int = 0  # card codes read (every sighting)
    rejected: int = 0  # codes rejected (every sighting)
    foreign: set[str] = field(default_factory=set)  # distinct rejected payloads
    events: int = 0
    seconds: dict[str, float] = field(
        default_factory=lambda: {"changes": 0.0, "decode": 0.0, "track": 0.0}
    )

    def summary(self) -> JSONObject:
        """A JSON-able digest: counts, and milliseconds per frame for each stage."""
        frames = max(self.frames, 1)
        return {
            "frames": self.frames,
            "decodes": self.decodes,
            "full_decodes": self.full_decodes,
            "idle_frames": self.idle_frames,
            "megapixels_decoded": round(self.pixels / 1e6, 3),
            "codes": self.codes,
            "rejected": self.rejected,
            "foreign": len(self.foreign),
            "events": self.events,
            "ms_per_frame": {
                stage: round(1000 * total / frames, 3) for stage, total in self.seconds.items()
            },
        }


def default_decoder(staff_key: bytes | None = None) -> Decoder:
    """card_codes' decoder (zxing-cpp), checking staff cards against ``staff_key``."""
    from card_codes.decode import decode_image

    def decode(image: Image) -> DecodeResultLike:
        result: DecodeResultLike = decode_image(image, staff_key=staff_key)
        return result

    return decode


class TableReader:
    """Change detection, decoding and tracking, one frame at a time.

    ``decoder`` defaults to card_codes' ``decode_image`` (with ``staff_key``); tests
    and the benchmark hand in another. Tracker options (``confirm_frames``,
    ``confirm_seconds``, ``forget_seconds``, ``tolerance``) and a ``detector`` may be
    given; ``clock`` only times the stages for the stats, never decides anything.
    ``deck_copy``: the copy this table plays (None: any).
    """

    def __init__(
        self,
        layout: Layout,
        *,
        decoder: Decoder | None = None,
        staff_key: bytes | None = None,
        detector: ChangeDetector | None = None,
        clock: Callable[[], float] = time.perf_counter,
        deck_copy: int | None = None,
        **tracker_options: Any,
    ) -> None:
        self.layout = layout
        self.deck_copy = deck_copy
        #: Keys of cards of another copy seen lately, with their copy.
        self._strays: dict[str, int] = {}
        self.decoder = decoder if decoder is not None else default_decoder(staff_key)
        self.detector = detector if detector is not None else ChangeDetector()
        self.tracker = TableTracker(layout, **tracker_options)
        self.stats = ReaderStats()
        self._clock = clock

    def feed(self, frame: FrameLike) -> list[TableEvent]:
        """Read one frame; the events it completes (most frames give none)."""
        stats = self.stats
        stats.frames += 1
        start = self._clock()
        plan = self.detector.plan(frame.image, frame.timestamp, self.tracker.watch_boxes())
        planned = self._clock()
        found = self._decode(frame.image, plan)
        decoded = self._clock()
        coverage = Coverage(plan.fractions(plan.regions), plan.fractions(plan.hidden))
        events = self.tracker.update(found, frame.timestamp, covered=coverage, frame_size=plan.size)
        tracked = self._clock()
        stats.seconds["changes"] += planned - start
        stats.seconds["decode"] += decoded - planned
        stats.seconds["track"] += tracked - decoded
        if self._strays:
            events = self._refuse_strays(events)
        stats.events += len(events)
        return events

    def _refuse_strays(self, events: list[TableEvent]) -> list[TableEvent]:
        """A card of another copy put down is a :class:`StrayCard`, and its removal
        nothing: it never was in play."""
        kept: list[TableEvent] = []
        for event in events:
            if not isinstance(event, CardPlaced | CardRemoved):
                kept.append(event)
                continue
            copy = self._strays.get(event.card.key)
            if copy is None:
                kept.append(event)
            elif isinstance(event, CardPlaced):
                kept.append(StrayCard(event.card, copy, event.at))
        return kept

    def _note_copy(self, card: CardLike) -> None:
        """Remember a card of another copy (the latest :data:`FOREIGN_MEMORY` of them)."""
        if self.deck_copy is None or card.copy == self.deck_copy or card.deck in SHARED_DECKS:
            return
        self._strays.pop(card.key, None)
        self._strays[card.key] = card.copy
        if len(self._strays) > FOREIGN_MEMORY:
            del self._strays[next(iter(self._strays))]

    def use_layout(self, layout: Layout) -> None:
        """Read the table with ``layout`` from the next frame on (a game of another
        family started, or the table was set up again): no restart. Cards already
        tracked keep the zone they were confirmed in."""
        self.layout = layout
        self.tracker.layout = layout

    def take_sightings(self) -> list[TableCard]:
        """Cards seen for the first time since the last call, not yet confirmed (the
        daemon journals them: see :meth:`TableTracker.take_sightings`)."""
        return [card for card in self.tracker.take_sightings() if card.key not in self._strays]

    def assume(self, cards: Iterable[TableCard], now: float) -> None:
        """A restart: the cards the journal says lie on the table (:meth:`TableTracker.assume`)."""
        self.tracker.assume(cards, now)

    def expect(self, cards: Iterable[TableCard], now: float) -> None:
        """A restart: the cards seen before it, not confirmed (:meth:`TableTracker.expect`)."""
        self.tracker.expect(cards, now)

    def _decode(self, image: Image, plan: ChangePlan) -> list[_Found]:
        stats = self.stats
        if plan.full:
            stats.full_decodes += 1
        if not plan.regions:
            stats.idle_frames += 1
        stats.pixels += plan.pixels()
        found: list[_Found] = []
        for x0, y0, x1, y1 in plan.regions:
            whole = (x0, y0) == (0, 0) and (x1, y1) == plan.size
            crop = image if whole else np.ascontiguousarray(image[y0:y1, x0:x1])
            result = self.decoder(crop)
            stats.decodes += 1
            for detection in result.cards:
                self._note_copy(detection.card)
                corners = tuple((float(x) + x0, float(y) + y0) for x, y in detection.corners)
                found.append(_Found(detection.card, corners))
            stats.codes += len(result.cards)
            stats.rejected += len(result.rejected)
            for rejection in result.rejected:
                if len(stats.foreign) < FOREIGN_MEMORY:
                    stats.foreign.add(rejection.payload)
        return found
