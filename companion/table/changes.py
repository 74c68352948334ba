"""Which parts of a frame to decode: only where the table changed, once it is still.

Decoding QR codes in a full frame is the expensive step; a table where nothing
happens should cost almost nothing. So every frame is shrunk to a small grey image
(``small_width`` pixels wide) and compared with

- the *reference*, what the table looked like when each place was last decoded:
  where they differ, something changed (a card put down or taken away);
- the *previous* frame: where they differ, something is moving (a hand).

Changed pixels are grouped into blobs (dilated, connected). A blob with nothing
moving in it has settled and is decoded at full resolution (its box padded by
``pad`` of the frame width, so a code half inside the change is read whole); a blob
that is still moving is *hidden*: decoded once it settles, and meanwhile the
tracker learns nothing about the cards under it. A still blob that reaches the
frame's edge and is mostly skin where the reference was not (``skin_share`` of
its changed pixels; colour frames only) is a hand resting on the table and stays
hidden until it goes, at most ``rest_seconds``: otherwise the card under a hand
held still for a second would be forgotten. (An arm in a sleeve is not skin, nor
a hand on a skin-coloured wooden table: held still over a card for the tracker's
``forget_seconds`` it removes the card, which is placed again when it goes.)

The light may change while nothing on the table does. A lamp flickering with the
mains, filmed by a rolling shutter, lays bands of light and shade across the picture
that drift from frame to frame; a cloud or a lamp switched on changes the whole
picture. Both change each row of the picture by one factor, so before two small frames
are compared, each row of the new one is brought to the other's light (:func:`evened`:
the median ratio of the row's pixels, which a card or a hand over part of the row does
not move), and the reference is kept in one light. A change must also reach a share of
the brighter value (:data:`RELATIVE`): where a brighter band clips a white card, the
row's factor leaves it a little off. Without this, under bands 15% brighter and darker
every frame moved everywhere, nothing settled, and only the safety-net decodes below
read a card: 8 cards of 20 in bench/flicker.py's tricks, none taken away.

Places the tracker asks to watch (cards not yet confirmed, cards gone missing) are
decoded every frame they are not hidden. Every ``full_every`` seconds of table
time the whole frame is decoded anyway, the safety net for changes too small or
too slow to see.

    detector = ChangeDetector()
    plan = detector.plan(frame.image, frame.timestamp, watch=tracker.watch_boxes())
    for x0, y0, x1, y1 in plan.regions:      # pixel boxes to decode
        ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from companion.table.layout import Box

#: A box in full-resolution pixels: (x0, y0, x1, y1), x1 and y1 exclusive.
PixelBox = tuple[int, int, int, int]
Grey = npt.NDArray[np.int16]
Mask = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class ChangePlan:
    """What to decode in one frame, in full-resolution pixel boxes."""

    regions: tuple[PixelBox, ...]
    hidden: tuple[PixelBox, ...]
    full: bool
    size: tuple[int, int]  # (width, height) of the frame

    def fractions(self, boxes: Sequence[PixelBox]) -> tuple[Box, ...]:
        w, h = self.size
        return tuple((x0 / w, y0 / h, x1 / w, y1 / h) for x0, y0, x1, y1 in boxes)

    def pixels(self) -> int:
        return sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in self.regions)


@dataclass
class ChangeDetector:
    """Frame differencing on a shrunk grey copy (see the module's explanation)."""

    small_width: int = 160
    threshold: int = 18  # grey levels (0-255) that count as a change
    settle_frames: int = 2  # frames without motion before a blob is decoded
    pad: float = 0.03  # padding of a decoded box, as a fraction of the frame width
    full_every: float = 1.5  # seconds of table time between full decodes
    full_share: float = 0.5  # decode the whole frame when the boxes cover more than this
    skin_share: float = 0.4  # a still blob whose change is more skin than this is a hand
    rest_seconds: float = 10.0  # the longest a resting hand stays hidden
    _reference: Grey | None = field(default=None, init=False)
    _reference_skin: Mask | None = field(default=None, init=False)
    _resting_since: float | None = field(default=None, init=False)
    _previous: Grey | None = field(default=None, init=False)
    _still: npt.NDArray[np.uint8] | None = field(default=None, init=False)
    _last_full: float = field(default=float("-inf"), init=False)

    def reset(self) -> None:
        """Forget the reference: the next frame is decoded whole."""
        self._reference = self._previous = self._still = None
        self._reference_skin = None
        self._resting_since = None
        self._last_full = float("-inf")

    def plan(
        self, image: npt.NDArray[np.uint8], timestamp: float, watch: Sequence[Box] = ()
    ) -> ChangePlan:
        """Decide what to decode in ``image`` and take it as decoded from now on."""
        height, width = image.shape[:2]
        small, skin = self._shrink(image)
        sh, sw = small.shape
        scale = (width / sw, height / sh)
        if self._reference is None or self._reference.shape != small.shape:
            self._reference = small
            self._reference_skin = skin
            self._previous = small
            self._still = np.full(small.shape, 255, np.uint8)
            self._last_full = timestamp
            return ChangePlan(((0, 0, width, height),), (), True, (width, height))
        assert self._previous is not None and self._still is not None
        moving = _differ(evened(small, self._previous), self._previous, self.threshold)
        self._still = np.where(moving, 0, np.minimum(self._still.astype(np.int16) + 1, 255)).astype(
            np.uint8
        )
        self._previous = small
        unsettled = self._still < self.settle_frames
        small = evened(small, self._reference)  # in the reference's light from here on
        dirty = _differ(small, self._reference, self.threshold)
        settled_boxes, hidden_boxes = self._blobs(dirty, unsettled, skin, timestamp)
        pad = round(self.pad * width)
        hidden = [_to_pixels(b, scale, pad // 2, width, height) for b in hidden_boxes]
        if timestamp - self._last_full >= self.full_every:
            self._last_full = timestamp
            self._take(small, skin, hidden_boxes)
            return ChangePlan(((0, 0, width, height),), tuple(hidden), True, (width, height))
        regions = [_to_pixels(b, scale, pad, width, height) for b in settled_boxes]
        for box in watch:  # frame fractions: the scale is the frame's size
            px = _to_pixels(box, (width, height), pad, width, height)
            if not any(_touch(px, h) for h in hidden):
                regions.append(px)
        planned = ChangePlan(tuple(_merge(regions)), tuple(hidden), False, (width, height))
        if planned.pixels() > self.full_share * (width * height):
            self._last_full = timestamp
            self._take(small, skin, hidden_boxes)
            return ChangePlan(((0, 0, width, height),), tuple(hidden), True, (width, height))
        for x0, y0, x1, y1 in settled_boxes:
            self._reference[y0:y1, x0:x1] = small[y0:y1, x0:x1]
            if self._reference_skin is not None and skin is not None:
                self._reference_skin[y0:y1, x0:x1] = skin[y0:y1, x0:x1]
        return planned

    def _blobs(
        self, dirty: Mask, unsettled: Mask, skin: Mask | None, now: float
    ) -> tuple[list[PixelBox], list[PixelBox]]:
        """Settled and hidden blobs; a hand resting longer than ``rest_seconds`` (or
        what looks like one) is taken as settled after all, so nothing stays hidden
        for ever."""
        new_skin = None
        if skin is not None and self._reference_skin is not None:
            new_skin = skin & ~self._reference_skin  # skin where the table was not
        settled, hidden, resting = _blobs(dirty, unsettled, new_skin, self.skin_share)
        if not resting:
            self._resting_since = None
        elif self._resting_since is None:
            self._resting_since = now
        elif now - self._resting_since > self.rest_seconds:
            settled, hidden, _ = _blobs(dirty, unsettled)
        return settled, hidden

    def _take(self, small: Grey, skin: Mask | None, hidden: Sequence[PixelBox]) -> None:
        """The whole frame was decoded: it is the reference, except where hidden."""
        assert self._reference is not None
        keep = self._reference.copy()
        keep_skin = self._reference_skin
        self._reference = small.copy()
        self._reference_skin = skin.copy() if skin is not None else None
        for x0, y0, x1, y1 in hidden:
            self._reference[y0:y1, x0:x1] = keep[y0:y1, x0:x1]
            if self._reference_skin is not None and keep_skin is not None:
                self._reference_skin[y0:y1, x0:x1] = keep_skin[y0:y1, x0:x1]

    def _shrink(self, image: npt.NDArray[np.uint8]) -> tuple[Grey, Mask | None]:
        """The small grey frame, and where it shows skin (None for a grey camera)."""
        import cv2

        height, width = image.shape[:2]
        sw = min(self.small_width, width)
        sh = max(1, round(height * sw / width))
        # a bilinear shrink to twice the size (cheap: it reads a quarter of the pixels
        # at 4x), then an area shrink; INTER_AREA straight from full size costs 4x more
        half = cv2.resize(image, (2 * sw, 2 * sh), interpolation=cv2.INTER_LINEAR)
        small = cv2.resize(half, (sw, sh), interpolation=cv2.INTER_AREA)
        skin = None
        if small.ndim == 3:
            skin = _skin(np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb), np.uint8))
            small = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        small = cv2.GaussianBlur(small, (3, 3), 0)
        return np.asarray(small, dtype=np.int16), skin


#: A change must also reach this share of the brighter of the two values: where a
#: brighter band clips a white card's pixels, bringing the row to the other frame's
#: light leaves them up to a tenth off.
RELATIVE = 0.12
#: The most a row's light is taken to change by (either way): bands 20% brighter and
#: darker make 1.5; past it (the light of another hour, or cards put down over most of
#: a row) the change is the table's, and a large one is decoded whole.
LIGHT_STEP = 1.5


def evened(small: Grey, base: Grey) -> Grey:
    """``small`` with each row brought to ``base``'s light: divided by the median ratio
    of its pixels to ``base``'s (smoothed over five rows: bands of light are wide), at
    most :data:`LIGHT_STEP` either way."""
    import cv2

    ratios = (small.astype(np.float32) + 8.0) / (base.astype(np.float32) + 8.0)
    middle = ratios.shape[1] // 2  # the median's rank (np.median sorts: 5x slower)
    rows = np.partition(ratios, middle, axis=1)[:, middle]
    rows = np.clip(rows, 1 / LIGHT_STEP, LIGHT_STEP).astype(np.float32)
    smooth = np.asarray(cv2.blur(rows.reshape(-1, 1), (1, 5)), dtype=np.float32).ravel()
    even = (small.astype(np.float32) + 8.0) / smooth[:, None] - 8.0
    return np.asarray(np.clip(np.rint(even), 0, 255), dtype=np.int16)


def _differ(even: Grey, base: Grey, threshold: int) -> Mask:
    """Where ``even`` (a frame brought to ``base``'s light) differs from ``base`` by
    more than ``threshold`` grey levels and :data:`RELATIVE` of the brighter value."""
    gap = np.abs(even - base)
    mask: Mask = (gap > threshold) & (gap > RELATIVE * np.maximum(even, base))
    return mask


def _skin(ycrcb: npt.NDArray[np.uint8]) -> Mask:
    """Skin-coloured pixels (the usual YCrCb box, which holds most skin tones); card
    faces are white with saturated colours, which fall outside it."""
    y, cr, cb = ycrcb[..., 0], ycrcb[..., 1], ycrcb[..., 2]
    mask: Mask = (y > 40) & (cr >= 135) & (cr <= 180) & (cb >= 80) & (cb <= 130)
    return mask


def _blobs(
    dirty: Mask, unsettled: Mask, skin: Mask | None = None, skin_share: float = 1.0
) -> tuple[list[PixelBox], list[PixelBox], bool]:
    """Boxes (small pixels) of the changed blobs that settled, and of those hidden:
    still moving, or mostly skin (a hand resting on the table); and whether any was
    a resting hand."""
    import cv2

    active = (dirty | unsettled).astype(np.uint8)
    if not active.any():
        return [], [], False
    grown = cv2.dilate(active, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(grown, connectivity=8)
    settled: list[PixelBox] = []
    hidden: list[PixelBox] = []
    resting = False
    moving_labels = set(np.unique(labels[unsettled]).tolist())
    dirty_labels = set(np.unique(labels[dirty]).tolist())
    for label in range(1, count):
        x, y, w, h = (int(v) for v in stats[label, :4])
        box = (x, y, x + w, y + h)
        if label in moving_labels:
            hidden.append(box)
        elif label in dirty_labels:
            if skin is not None and _resting_hand(labels == label, box, dirty, skin, skin_share):
                hidden.append(box)
                resting = True
            else:
                settled.append(box)
    return settled, hidden, resting


def _resting_hand(blob: Mask, box: PixelBox, dirty: Mask, skin: Mask, share: float) -> bool:
    """A still blob that reaches the frame's edge (an arm comes from a player's side),
    covers less than a third of the frame, and whose change is mostly skin-coloured.
    A card taken away from a wooden (skin-coloured) table leaves a blob in the middle,
    which is decoded as usual."""
    height, width = blob.shape
    x0, y0, x1, y1 = box
    if not (x0 == 0 or y0 == 0 or x1 == width or y1 == height):
        return False
    changed = blob & dirty
    count = int(changed.sum())
    if count == 0 or count > blob.size / 3:
        return False
    return int((changed & skin).sum()) > share * count


def _to_pixels(box: Box, scale: tuple[float, float], pad: int, width: int, height: int) -> PixelBox:
    """A box (small-frame pixels, or frame fractions with ``scale`` the frame's size)
    in full-resolution pixels, padded by ``pad`` and clipped to the frame."""
    x0, y0, x1, y1 = box
    sx, sy = scale
    return (
        max(0, int(x0 * sx) - pad),
        max(0, int(y0 * sy) - pad),
        min(width, int(np.ceil(x1 * sx)) + pad),
        min(height, int(np.ceil(y1 * sy)) + pad),
    )


def _touch(a: PixelBox, b: PixelBox) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _merge(boxes: list[PixelBox]) -> list[PixelBox]:
    """Merge boxes that overlap or touch until none do (decoding each pixel once)."""
    merged = list(boxes)
    changed = True
    while changed:
        changed = False
        out: list[PixelBox] = []
        for box in merged:
            for i, other in enumerate(out):
                if _touch(box, other):
                    out[i] = (
                        min(box[0], other[0]),
                        min(box[1], other[1]),
                        max(box[2], other[2]),
                        max(box[3], other[3]),
                    )
                    changed = True
                    break
            else:
                out.append(box)
        merged = out
    return merged
