"""The reader's layout, chosen by the game in play and set up from the OLED (issue 26).

A home table switches games with buttons only: when a game starts (from the menus, the
command line, the cafe, or a journal resumed), :class:`LayoutKeeper` hands the running
reader the layout of its family (:mod:`companion.table.layouts`), so rummy reads its
seats' zones and Fibonachos its play area, without a restart. The OLED's "Set up the
table" asks it to read the next frame's SEAT cards (:func:`set_up`): the rummy layout is
written to the table's layouts folder and used at once when rummy is in play.

The configuration's ``[table] layout`` line, when set, is a fixed layout: it wins, and
nothing is swapped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.games.rummy import FAMILY as RUMMY
from companion.table.layout import Layout, Point
from companion.table.layouts import LayoutStore, family_of
from companion.table.markers import SeatReading, layout_toml, read_seats

log = logging.getLogger(__name__)

#: Codes found in a frame: (deck, notation, corners in pixels) each.
Codes = list[tuple[str, str, Sequence[Point]]]


class LayoutUser(Protocol):
    """What the keeper needs of the reader: a layout it can take mid-run."""

    def use_layout(self, layout: Layout) -> None: ...


@dataclass(frozen=True)
class SetUp:
    """What "Set up the table" gave: the SEAT cards read, and whether the layout was
    written (False: the folder cannot be written; the reading is then not kept)."""

    reading: SeatReading
    saved: bool = True


def decode_codes(image: Any) -> Codes:
    """Every card code in a frame, as :func:`companion.table.markers.read_seats` takes them."""
    from card_codes.decode import decode_image

    return [(d.card.deck, d.card.notation, d.corners) for d in decode_image(image).cards]


class LayoutKeeper:
    """Keeps the reader on the layout of the game in play (see the module)."""

    def __init__(
        self,
        store: LayoutStore,
        *,
        fixed: bool = False,
        decode: Callable[[Any], Codes] = decode_codes,
    ) -> None:
        self.store = store
        #: The configuration names a layout: it is the only one, never swapped.
        self.fixed = fixed
        self.decode = decode
        #: The (game, players) whose layout the reader has, None: not chosen yet.
        self.fitted: tuple[str, int] | None = None

    def fit(self, reader: LayoutUser, game: str | None, players: int) -> None:
        """Give ``reader`` the layout of ``game`` (None: no game, keep what it has)."""
        if self.fixed or game is None or self.fitted == (game, players):
            return
        chosen = self.store.choose(game, players)
        reader.use_layout(chosen.layout)
        self.fitted = (game, players)
        seats = sum(1 for name in chosen.layout.names() if name.startswith("meld-"))
        if family_of(game) == RUMMY and seats != players:
            log.warning(
                "layout %s has %d seats for %d players: set up the table again",
                chosen.source,
                seats,
                players,
            )
        log.info("%s plays on the layout %s", game, chosen.source)

    def set_up(self, image: Any, players: int) -> SetUp:
        """Read the SEAT cards in ``image`` and keep the rummy layout they make."""
        height, width = int(image.shape[0]), int(image.shape[1])
        reading = read_seats(self.decode(image), (width, height), players)
        if reading.layout is None:
            log.info("table set-up: %s (%d SEAT cards seen)", reading.problem, reading.count)
            return SetUp(reading)
        note = f"written by the OLED's Set up the table: {players} seats from the SEAT cards"
        try:
            path = self.store.save(RUMMY, layout_toml(reading.layout, note))
        except OSError as exc:
            log.warning("table set-up: cannot write %s: %s", self.store.folder, exc)
            return SetUp(reading, saved=False)
        log.info("table set-up: %s, seats %s", path, ", ".join(reading.sides))
        self.fitted = None  # a rummy game in play takes it at once
        return SetUp(reading)
