"""Where a restarted tracker's cards stand before it sees them: at their journaled places.

A restarted daemon's tracker is told the cards its predecessor had confirmed
(``assume``) and those it had seen and not confirmed yet (``expect``, issue 22 item
6). A journaled card has a position but no code: it stands there as a tiny code box
with the outline of the layout's card, lying as its seat's cards lie, and the
same-place tolerance of about a card's length, until its own code is read there.

    tracker.assume(session.lying(), now)     # TableTracker is Restarted
    tracker.expect(session.pending(), now)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion.table.cards import TableCard
from companion.table.layout import DEFAULT_CARD_SIZE, Layout, Point
from companion.table.tracks import Quad, Sighting, Track, card_quad

#: Half the side of the box (frame fractions) standing for an assumed card's code.
ASSUMED_HALF = 0.005
#: The same-place tolerance (frame widths) of a card a restarted tracker assumes, until
#: it is seen again: about a card's length at the default scale.
ASSUMED_RADIUS = 0.1


def assumed_quad(
    spot: Point, facing: str | None, aspect: float, card_size: tuple[float, float] | None
) -> Quad:
    """An assumed card's outline: the layout's card size (else the default one),
    lying as its seat's cards lie."""
    width, height = card_size or DEFAULT_CARD_SIZE
    size = (width, height / aspect)
    if facing in ("left", "right"):
        size = (size[1], size[0])
    x, y = spot
    h = ASSUMED_HALF
    return card_quad(((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)), size)


def assumed_sighting(
    card: TableCard, position: Point, layout: Layout, aspect: float, radius: float
) -> Sighting:
    """A sighting standing for ``card`` at ``position`` (its journaled place) in frames
    of ``aspect``, with the same-place tolerance ``radius``."""
    x, y = position
    spot = (x, y / aspect)
    box = (x - ASSUMED_HALF, y - ASSUMED_HALF, x + ASSUMED_HALF, y + ASSUMED_HALF)
    facing = card.facing or layout.facing(card.zone)
    quad = assumed_quad(spot, facing, aspect, layout.card_size)
    seen = Sighting(card.key, card.deck, card.notation, card.zone, (x, y), box, radius, spot, quad)
    return replace(seen, facing=facing, extent=card.extent)


def refit(seen: Sighting, layout: Layout, aspect: float, radius: float) -> Sighting:
    """An assumed sighting for the frames' real shape (known from the first frame)."""
    x, y = seen.position
    spot = (x, y / aspect)
    quad = assumed_quad(spot, seen.facing, aspect, layout.card_size)
    return replace(seen, spot=spot, radius=radius, quad=quad)


class Restarted:
    """The restart of :class:`~companion.table.tracker.TableTracker`: its cards taken
    from the journal."""

    layout: Layout
    aspect: float
    confirm_seconds: float
    _tracks: dict[str, Track]

    def _radius(self, aspect: float, fallback: float) -> float:
        raise NotImplementedError  # the tracker's same-place tolerance

    def assume(self, cards: Iterable[TableCard], now: float) -> None:
        """Take ``cards`` (what the journal says lies on the table) as confirmed, at
        their places: a restarted daemon goes on where the last one stopped. A card
        seen there again gives no event; one looked for and not found is removed
        after ``forget_seconds``, as any card taken away. Cards without a position
        (never seen by a camera) are left out."""
        for card in cards:
            seen = self._assumed_sighting(card)
            if seen is not None:
                self._tracks[card.key] = Track(seen, now, now, confirmed=True, assumed=True)

    def expect(self, cards: Iterable[TableCard], now: float) -> None:
        """Take ``cards`` (seen by a tracker before a restart, not confirmed) as candidates
        at their places, seen once already ``confirm_seconds`` ago: a card that lands
        just before a power cut needs ``confirm_frames - 1`` more sightings there to be
        placed, though it is swept up soon after (issue 22 item 6). A card not found
        there is dropped as any candidate; cards without a position are left out."""
        for card in cards:
            seen = self._assumed_sighting(card)
            if seen is not None:
                before = now - self.confirm_seconds
                self._tracks[card.key] = Track(seen, before, before, assumed=True)

    def _assumed_sighting(self, card: TableCard) -> Sighting | None:
        """A sighting standing for ``card`` at its place, if it has one and no track."""
        if card.position is None or card.key in self._tracks:
            return None
        radius = self._radius(self.aspect, ASSUMED_RADIUS)
        return assumed_sighting(card, card.position, self.layout, self.aspect, radius)

    def _fit_assumed(self, aspect: float) -> None:
        """Assumed cards' spots for the frames' real shape (known from the first frame)."""
        radius = self._radius(aspect, ASSUMED_RADIUS)
        for track in self._tracks.values():
            if track.assumed:
                track.seen = refit(track.seen, self.layout, aspect, radius)
