"""From per-frame decodes to stable table events: a card placed, a card removed.

A camera frame's decode is noisy: a hand hides a card, a blurred frame misses one,
a code in a moving hand is read once, a card is nudged. The tracker only reports
what a person would agree happened:

- a card counts once it is seen in the same place in ``confirm_frames`` decodes
  over at least ``confirm_seconds`` of table time, and in at least two of every
  three decodes that looked at its place (a card read less often than that
  flickers and never produces an event);
- a card counts as gone only after its place was *looked at* and found empty for
  ``forget_seconds``; a place not decoded (nothing changed there) or hidden (a hand
  moving over it) says nothing, so a card under a hand is never removed;
- a card lying under cards put down after it (the next cards of its rummy set: its
  outline at least ``COVERED`` covered by theirs, while they are there) is not
  empty but covered: it keeps its place and identity though none of its codes is
  read (issue 11). Its place is seen empty once the cards over it are gone too;
  a set picked up whole is then removed in one update, every card at once;
- cards of a seat's zone removed in the same update (within ``gather_seconds`` of
  going missing) are also reported together as :class:`CardsGathered`, in set order:
  the fact a "close the set" gesture is recognised by;
- the codes of one card (a printed face has up to three) count as one sighting,
  at its biggest code; a card that moves (same key, a place farther than the
  tolerance - a card's length - or another zone) must be steady at its new place
  like a new card; then it gives ``CardRemoved`` (old place) followed by
  ``CardPlaced`` (new place);
- one identity in two places in the same decode (not one card's codes: ``one_card``)
  gives ``DuplicateCard`` (once, and again only after it was gone for
  ``forget_seconds``); the copy nearer the known
  place is tracked, the other gives no event;
- a code outside every zone is a card in a hand and is ignored, except decks in
  ``anywhere_decks`` (the control cards) whose zone is then ``"outside"``;
- a card seen for the first time is a *sighting* (``take_sightings``), long before
  it is confirmed, or though it never is (swept away within a fraction of a
  second): the daemon journals sightings, so a restart knows what lay on the table
  (issue 10);
- a restarted tracker is told what its predecessor had confirmed (``assume``):
  those cards are not placed again, and those taken away while it was down are
  removed by the usual rule (looked at, found empty for ``forget_seconds``).

Time is the table's (the frames' timestamps), never the wall clock, so a replay
gives the same events as the live table.

    tracker = TableTracker(default_layout())
    events = tracker.update(result.cards, frame.timestamp, frame_size=(1280, 720))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import KW_ONLY, dataclass, field, replace

from companion.table.cards import StrayCard, TableCard
from companion.table.events import (
    FULL_FRAME,
    CardPlaced,
    CardRemoved,
    CardsGathered,
    Coverage,
    DuplicateCard,
    TableEvent,
)
from companion.table.layout import Box, Layout, box_of, centre_of
from companion.table.seats import card_extent, set_order
from companion.table.tracks import (
    ASSUMED_HALF,
    CardLike,
    DetectionLike,
    Sighting,
    Track,
    TrackerStats,
    area,
    assumed_quad,
    card_of,
    card_quad,
    covered_keys,
    diagonal,
    distance,
    one_card,
)

__all__ = [
    "OUTSIDE",
    "CardLike",
    "CardPlaced",
    "CardRemoved",
    "CardsGathered",
    "Coverage",
    "DetectionLike",
    "DuplicateCard",
    "StrayCard",
    "TableEvent",
    "TableTracker",
    "TrackerStats",
]

OUTSIDE = "outside"
#: Without a card size, codes of one key less than this many code diagonals apart are
#: one card: a printed card carries up to three codes (a big one in the middle, small
#: ones in two corners), and any of them may be the one read.
CODE_TO_CARD = 4.0
#: A code this many times the area of the one a candidate was placed by moves it there.
BIGGER = 1.5
#: The same-place tolerance (frame widths) of a card a restarted tracker assumes, until
#: it is seen again: about a card's length at the default scale.
ASSUMED_RADIUS = 0.1


@dataclass
class TableTracker:
    """Stable table events from noisy per-frame detections (see the module's rules)."""

    layout: Layout
    _: KW_ONLY
    confirm_frames: int = 3
    confirm_seconds: float = 0.15
    forget_seconds: float = 1.0
    #: Same-place tolerance in frame widths; None: the layout's card length, else
    #: CODE_TO_CARD code diagonals (codes of one key within it are one card).
    tolerance: float | None = None
    #: The frames' width over height, for corners given as fractions (no frame_size).
    aspect: float = 16 / 9
    anywhere_decks: tuple[str, ...] = ("control",)
    #: Cards of one seat's zone gone missing within this of each other leave together.
    gather_seconds: float = 0.5
    stats: TrackerStats = field(default_factory=TrackerStats)
    _tracks: dict[str, Track] = field(default_factory=dict, init=False)
    _duplicates: dict[str, float] = field(default_factory=dict, init=False)
    _sighted: list[TableCard] = field(default_factory=list, init=False)
    _frame_aspect: float | None = field(default=None, init=False)

    def cards(self) -> list[TableCard]:
        """The cards confirmed on the table now."""
        return [t.card() for t in self._tracks.values() if t.confirmed]

    def take_sightings(self) -> list[TableCard]:
        """The cards seen for the first time since the last call (not yet confirmed)."""
        sighted, self._sighted = self._sighted, []
        return sighted

    def assume(self, cards: Iterable[TableCard], now: float) -> None:
        """Take ``cards`` (what the journal says lies on the table) as confirmed, at
        their places: a restarted daemon goes on where the last one stopped. A card
        seen there again gives no event; one looked for and not found is removed
        after ``forget_seconds``, as any card taken away. Cards without a position
        (never seen by a camera) are left out."""
        for card in cards:
            if card.position is None or card.key in self._tracks:
                continue
            x, y = card.position
            spot = (x, y / self.aspect)
            box = (x - ASSUMED_HALF, y - ASSUMED_HALF, x + ASSUMED_HALF, y + ASSUMED_HALF)
            radius = self._radius(self.aspect, ASSUMED_RADIUS)
            facing = card.facing or self.layout.facing(card.zone)
            quad = assumed_quad(spot, facing, self.aspect, self.layout.card_size)
            seen = Sighting(
                card.key, card.deck, card.notation, card.zone, (x, y), box, radius, spot, quad
            )
            seen = replace(seen, facing=facing, extent=card.extent)
            self._tracks[card.key] = Track(seen, now, now, confirmed=True, assumed=True)

    def _fit_assumed(self, aspect: float) -> None:
        """Assumed cards' spots for the frames' real shape (known from the first frame)."""
        for track in self._tracks.values():
            if track.assumed:
                x, y = track.seen.position
                radius = self._radius(aspect, ASSUMED_RADIUS)
                spot = (x, y / aspect)
                quad = assumed_quad(spot, track.seen.facing, aspect, self.layout.card_size)
                track.seen = replace(track.seen, spot=spot, radius=radius, quad=quad)

    def watch_boxes(self) -> list[Box]:
        """Places the tracker still needs decoded: candidates, moves, cards gone missing.

        The reader decodes these every frame (when not hidden) even if nothing
        changed there, so a card put down is confirmed and a card taken away is
        forgotten without waiting for the next full decode.
        """
        boxes: list[Box] = []
        for track in self._tracks.values():
            if not track.confirmed or track.absent_since is not None:
                boxes.append(track.seen.box)
            if track.moving is not None:
                boxes.append(track.moving.seen.box)
        return boxes

    def update(
        self,
        detections: Iterable[DetectionLike],
        timestamp: float,
        *,
        covered: Coverage | None = None,
        frame_size: tuple[int, int] | None = None,
    ) -> list[TableEvent]:
        """Take one decode (``covered``: where it looked; None is the whole frame).

        ``frame_size`` (width, height) says the corners are in pixels; without it
        they are frame fractions already. Returns the events, removals first.
        """
        coverage = covered if covered is not None else FULL_FRAME
        self.stats.updates += 1
        if frame_size is not None:
            self._frame_aspect = frame_size[0] / frame_size[1]
            self._fit_assumed(self._frame_aspect)
        by_key: dict[str, list[Sighting]] = {}
        for detection in detections:
            sighting = self._sighting(detection, frame_size)
            if sighting is not None:
                by_key.setdefault(sighting.key, []).append(sighting)
        removed: list[TableEvent] = []
        placed: list[TableEvent] = []
        flagged: list[TableEvent] = []
        for key, sightings in by_key.items():
            primary, duplicate = self._primary(key, sightings, timestamp)
            if duplicate is not None:
                flagged.append(duplicate)
            if key not in self._tracks:
                self._sighted.append(card_of(primary))
                self.stats.sighted += 1
            self._seen(primary, timestamp, removed, placed)
        under = covered_keys(self._tracks, by_key, coverage)
        due = [
            key
            for key, track in list(self._tracks.items())
            if key not in by_key and self._unseen(key, track, coverage, timestamp, key in under)
        ]
        gathered = self._remove(due, timestamp, removed)
        self.stats.placed += len(placed)
        self.stats.removed += len(removed)
        return [*removed, *gathered, *placed, *flagged]

    def _sighting(
        self, detection: DetectionLike, frame_size: tuple[int, int] | None
    ) -> Sighting | None:
        corners = [(float(x), float(y)) for x, y in detection.corners]
        if frame_size is not None:
            w, h = frame_size
            corners = [(x / w, y / h) for x, y in corners]
        position = centre_of(corners)
        card = detection.card
        self.stats.sightings += 1
        zone = self.layout.zone_of(position)
        if zone is None:
            if card.deck not in self.anywhere_decks:
                self.stats.outside += 1
                return None
            zone = OUTSIDE
        box = box_of(corners)
        aspect = frame_size[0] / frame_size[1] if frame_size is not None else self.aspect
        radius = self._radius(aspect, CODE_TO_CARD * diagonal(box, aspect))
        spot = (position[0], position[1] / aspect)
        size = self.layout.card_size
        quad = card_quad(
            [(x, y / aspect) for x, y in corners],
            None if size is None else (size[0], size[1] / aspect),
        )
        facing = self.layout.facing(zone)
        extent = None if size is None else _rounded(card_extent(size, facing, aspect))
        where = (zone, position, box, radius, spot, quad, facing, extent)
        return Sighting(card.key, card.deck, card.notation, *where)

    def _radius(self, aspect: float, fallback: float) -> float:
        """The same-place tolerance: the setting, else the layout's card, else ``fallback``."""
        if self.tolerance is not None:
            return self.tolerance
        if self.layout.card_size is not None:
            card_w, card_h = self.layout.card_size
            return max(card_w, card_h / aspect)
        return fallback

    def _primary(
        self, key: str, sightings: list[Sighting], now: float
    ) -> tuple[Sighting, DuplicateCard | None]:
        """The sighting to track and, for a key seen in two places, the flag."""
        places: list[Sighting] = []  # one per card: its biggest code (nearest its centre)
        aspect = self._frame_aspect or self.aspect
        for s in sorted(sightings, key=lambda s: -area(s.box)):
            if not any(one_card(s, p, aspect) for p in places):
                places.append(s)
        track = self._tracks.get(key)
        if track is not None:
            anchor = track.seen.spot
            places.sort(key=lambda s: distance(s.spot, anchor))
        primary = places[0]
        if len(places) < 2:
            return primary, None
        last = self._duplicates.get(key)
        self._duplicates[key] = now
        if last is not None and now - last < self.forget_seconds:
            return primary, None
        self.stats.duplicates += 1
        return primary, DuplicateCard(key, tuple(p.position for p in places), now)

    def _seen(
        self, s: Sighting, now: float, removed: list[TableEvent], placed: list[TableEvent]
    ) -> None:
        track = self._tracks.get(s.key)
        if track is None:
            self._tracks[s.key] = Track(s, now, now)
            return
        if not track.confirmed:
            if track.same_place(s):
                self._hit(track, s, now)
                if self._steady(track, now):
                    track.confirmed = True
                    placed.append(CardPlaced(track.card(), now))
            else:  # a candidate that jumps about starts again at its new place
                self._tracks[s.key] = Track(s, now, now)
            return
        if track.same_place(s):
            if track.assumed:  # seen again after a restart: its own code from now on
                track.seen, track.assumed = s, False
                track.anchor_area = area(s.box)
            track.last_seen = now
            track.absent_since = None
            track.moving = None
            return
        moving = track.moving
        if moving is None or not moving.same_place(s):
            track.moving = Track(s, now, now)
            return
        self._hit(moving, s, now)
        if self._steady(moving, now):
            removed.append(CardRemoved(track.card(), now))
            moving.confirmed = True
            self._tracks[s.key] = moving
            placed.append(CardPlaced(moving.card(), now))

    @staticmethod
    def _hit(track: Track, s: Sighting, now: float) -> None:
        """A candidate seen again; a code much bigger than the one it was placed by
        (the face's middle code, after a corner code while a hand hid the middle) is
        nearer the card's centre and becomes its position."""
        track.hits += 1
        track.last_seen = now
        track.absent_since = None
        if area(s.box) > BIGGER * track.anchor_area:
            track.seen = s
            track.anchor_area = area(s.box)
            return
        track.seen = replace(track.seen, box=s.box)

    def _steady(self, track: Track, now: float) -> bool:
        return (
            track.hits >= self.confirm_frames
            and now - track.first_seen >= self.confirm_seconds
            and 2 * track.misses <= track.hits
        )

    def _unseen(
        self, key: str, track: Track, coverage: Coverage, now: float, covered: bool
    ) -> bool:
        """A card not read in this decode; True when it is due to be removed."""
        moving = track.moving
        if moving is not None and coverage.sees(moving.seen.box) and self._missed(moving, now):
            track.moving = None
        if not coverage.sees(track.seen.box):
            if not track.confirmed and now - track.last_seen > 3 * self.forget_seconds:
                del self._tracks[key]  # a candidate never looked at again: stale
            return False
        if not track.confirmed:
            if self._missed(track, now):
                del self._tracks[key]
            return False
        if covered:  # under the next cards of its set: there, not read
            track.absent_since = None
            return False
        if track.absent_since is None:
            track.absent_since = now
        return now - track.absent_since >= self.forget_seconds

    def _remove(self, due: list[str], now: float, removed: list[TableEvent]) -> list[TableEvent]:
        """Remove the cards ``due``, with the cards of their seats' zones gone missing
        within ``gather_seconds`` of them; cards leaving a seat's zone together are
        also one :class:`CardsGathered`."""
        zones = {self._tracks[key].seen.zone for key in due}
        latest = now - self.forget_seconds + self.gather_seconds
        leaving = list(due)
        for key, track in self._tracks.items():
            since = track.absent_since
            gone = since is not None and since <= latest
            if gone and key not in due and track.seen.zone in zones and track.seen.facing:
                leaving.append(key)
        left: dict[str, list[TableCard]] = {}
        for key in leaving:
            card = self._tracks.pop(key).card()
            removed.append(CardRemoved(card, now))
            left.setdefault(card.zone, []).append(card)
        size, aspect = self.layout.card_size, self._frame_aspect or self.aspect
        return [
            CardsGathered(zone, tuple(set_order(cards, card_size=size, aspect=aspect)), now)
            for zone, cards in left.items()
            if len(cards) > 1 and cards[0].facing is not None
        ]

    def _missed(self, candidate: Track, now: float) -> bool:
        """Count a decode that looked and did not find a candidate; True: drop it."""
        candidate.misses += 1
        return (
            candidate.misses > 2 * candidate.hits or now - candidate.last_seen > self.forget_seconds
        )


def _rounded(extent: tuple[float, float]) -> tuple[float, float]:
    """An extent to five places: it is journaled with every card."""
    return (round(extent[0], 5), round(extent[1], 5))
