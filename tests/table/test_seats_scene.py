"""A rummy set laid by a seat on each side of the picture and gathered up, read from
synthetic frames (issue 11 items 2 and 3): the cards are placed in the seat's zone
facing its side, the set reads base first (R2), the covered cards stay while the next
cards lie on them (at 1280x720 their corner codes are not read at all), and picking the
set up removes every card in one update, with one CardsGathered in set order (R4)."""

from __future__ import annotations

import pytest
from table_scripts import names

from companion.games.rummy import DECK_21, check_set, parse_card
from companion.synthetic.scene import Remove, Scene, Step, Wait, meld_steps
from companion.synthetic.sprites import CardRef
from companion.table.layout import rummy_layout
from companion.table.reader import TableReader
from companion.table.seats import group_sets
from companion.table.tracker import CardRemoved, CardsGathered, TableEvent

pytest.importorskip("card_codes.decode")

SEATS = ("bottom", "left", "top", "right")  # rummy_layout(4): meld-0 ... meld-3
#: Where each seat lays its base card in rummy_layout(4)'s zones.
BASE = {"bottom": (0.4, 0.70), "top": (0.6, 0.30), "left": (0.19, 0.5), "right": (0.81, 0.5)}
FACES = ("B5#1", "8#1", "3#1", "5#1")  # 5 + 8 + 3 + 5 = 21


def play(
    size: tuple[int, int], side: str
) -> tuple[TableReader, list[tuple[float, TableEvent]], list[list[str]]]:
    """Lay the set, wait, gather it up; the events and the sets lying before the gathering."""
    seat = SEATS.index(side)
    scene = Scene(size=size, seed=seat, settle=6)
    refs = [CardRef("rummy21", face) for face in FACES]
    laid = meld_steps(
        refs,
        *BASE[side],
        card_height=scene.card_fraction()[1],
        zone=f"meld-{seat}",
        side=side,
        aspect=size[0] / size[1],
    )
    steps: list[Step] = [Wait(3), *laid, Wait(15)]
    lying_until = scene.count_frames(steps)
    steps += [Remove(tuple(refs), edge=side), Wait(20)]
    reader = TableReader(rummy_layout(4))
    events: list[tuple[float, TableEvent]] = []
    sets: list[list[str]] = []
    for frame in scene.frames(steps, fps=10):
        events += [(frame.timestamp, e) for e in reader.feed(frame)]
        if frame.index == lying_until - 1:
            sets = [[c.notation for c in g] for g in group_sets(reader.tracker.cards())]
    return reader, events, sets


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("side", SEATS)
def test_a_set_laid_and_gathered_by_a_seat_on_any_side(side: str, size: tuple[int, int]) -> None:
    """Issue 11 items 2-3, R2, R4."""
    _, events, sets = play(size, side)
    zone = f"meld-{SEATS.index(side)}"
    placed = [n for n in names(events) if n.startswith("CardPlaced")]
    assert placed == [f"CardPlaced:{face}@{zone}" for face in FACES]
    assert all(e.card.facing == side for _, e in events if isinstance(e, CardRemoved))
    # nothing left while the set lay there: covered cards were kept, in one set, base first
    assert sets == [list(FACES)]
    assert check_set([parse_card(face, DECK_21) for face in FACES], DECK_21).complete
    removed = [at for at, e in events if isinstance(e, CardRemoved)]
    assert len(removed) == len(FACES) and len(set(removed)) == 1
    gathered = [(at, e) for at, e in events if isinstance(e, CardsGathered)]
    assert len(gathered) == 1 and gathered[0][0] == removed[0]
    assert gathered[0][1].zone == zone
    assert [c.notation for c in gathered[0][1].cards] == list(FACES)
