"""Sets grouped in the card's own size (issue 11 items 2 and 4, R2): a card carries how
far it spans the picture (``TableCard.extent``, from the layout's ``card_size`` and the
frame's shape), so a set is read the same with cards 190 pixels wide in a 1280 x 720
picture and in a 12 MP one, and a game rebuilt from the journal groups as the table did.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from table_scripts import det

from companion.flows.registry import make_flow
from companion.flows.rummy import RummyFlow
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.errors import EventError
from companion.table.events import card_input
from companion.table.layout import rummy_layout
from companion.table.seats import card_extent, group_sets
from companion.table.tracker import CardPlaced, TableTracker

#: A poker card 190 x 266 pixels (63 x 88 mm) as a bottom seat lays it, in frame fractions.
SIZES = {
    "12mp": (190 / 4608, 266 / 2592),
    "720p": (190 / 1280, 266 / 720),
}
ASPECTS = {"12mp": 4608 / 2592, "720p": 1280 / 720}


def bottom(key: str, face: str, x: float, y: float, size: str | None) -> TableCard:
    extent = None if size is None else SIZES[size]
    return TableCard(key, "rummy21", face, "meld-0", (x, y), facing="bottom", extent=extent)


def faces(groups: list[list[TableCard]]) -> list[list[str]]:
    return [[card.notation for card in group] for group in groups]


def sets_below_each_other(size: str | None, real: str = "12mp") -> list[TableCard]:
    """A set of two cards and the next set's base laid just below its last card (a
    twentieth of a card apart): two sets, whatever the camera."""
    _, height = SIZES[real]
    x, y = 0.3, 0.2
    return [
        bottom("a", "B5", x, y, size),
        bottom("b", "8", x, y + 0.25 * height, size),
        bottom("c", "B3", x, y + 1.3 * height, size),
    ]


def test_a_set_below_another_at_12mp_is_its_own_set() -> None:
    """Issue 11 item 4, R2: at 12 MP a card is a tenth of the picture high; the default
    card (0.15 high) took the next set's base, just below, for a card of the set above."""
    assert faces(group_sets(sets_below_each_other("12mp"))) == [["B5", "8"], ["B3"]]
    assert faces(group_sets(sets_below_each_other(None))) == [["B5", "8", "B3"]]


def test_a_set_laid_a_little_askew_with_big_cards_is_one_set() -> None:
    """Issue 11 item 4, R2: at 1280 x 720 a card 190 pixels wide is a seventh of the
    picture; a card a fifth of a card width aside is still on the card before it."""
    width, height = SIZES["720p"]
    cards = [
        bottom("a", "B5", 0.4, 0.2, "720p"),
        bottom("b", "8", 0.4 + 0.2 * width, 0.2 + 0.25 * height, "720p"),
    ]
    assert faces(group_sets(cards)) == [["B5", "8"]]
    plain = [TableCard(c.key, c.deck, c.notation, c.zone, c.position) for c in cards]
    assert faces(group_sets(plain)) == [["B5"], ["8"]]


@pytest.mark.parametrize("side", ["bottom", "top", "left", "right"])
def test_the_tracker_gives_each_card_its_span_as_it_lies(side: str) -> None:
    """Issue 11 item 2: a side seat's cards lie across: their span swaps axes, in
    fractions of a frame that is wider than high."""
    sides = {"bottom": 0, "left": 1, "top": 2, "right": 3}
    layout = rummy_layout(4, card_size=SIZES["12mp"])
    zone = next(z for z in layout.zones if z.name == f"meld-{sides[side]}")
    x0, y0, x1, y1 = zone.bounds()
    at = ((x0 + x1) / 2, (y0 + y1) / 2)
    tracker = TableTracker(layout)
    placed = []
    for i in range(10):
        seen = det("B5#1", (at[0] * 4608, at[1] * 2592), deck="rummy21", side=40.0)
        events = tracker.update([seen], i / 30, frame_size=(4608, 2592))
        placed += [e.card for e in events if isinstance(e, CardPlaced)]
    assert len(placed) == 1 and placed[0].facing == side
    width, height = SIZES["12mp"]
    expected = (height / ASPECTS["12mp"], width * ASPECTS["12mp"])
    if side in ("bottom", "top"):
        expected = (width, height)
    assert placed[0].extent == pytest.approx(expected, abs=1e-5)
    assert card_extent(SIZES["12mp"], side, ASPECTS["12mp"]) == pytest.approx(expected)


def test_a_layout_without_a_card_size_gives_no_span() -> None:
    """Issue 11: a hand-written layout with no card size reads as before (the default card)."""
    tracker = TableTracker(rummy_layout(2))
    events = []
    for i in range(10):
        events += tracker.update([det("B5#1", (0.3, 0.7), deck="rummy21")], i / 30)
    placed = [e.card for e in events if isinstance(e, CardPlaced)]
    assert len(placed) == 1 and placed[0].extent is None


def test_the_span_is_journaled_with_the_card_and_old_rows_still_read() -> None:
    """Issue 13 (nothing lost), issue 11: a card's span goes into its journal row and
    comes back; a row written before spans reads as a card without one; a span that is
    not a size is refused, naming it."""
    card = bottom("k", "B5#1", 0.3, 0.2, "12mp")
    payload = CardPlaced(card).to_json()
    assert payload["extent"] == list(SIZES["12mp"])
    assert card_input("table", payload) == CardPlaced(card)
    old = {k: v for k, v in payload.items() if k != "extent"}
    assert card_input("table", old).card.extent is None
    assert "extent" not in CardPlaced(bottom("k", "B5#1", 0.3, 0.2, None)).to_json()
    with pytest.raises(EventError, match="extent"):
        card_input("table", {**payload, "extent": [0.1, 0]})
    with pytest.raises(EventError, match="extent"):
        card_input("table", {**payload, "extent": "big"})


def test_a_game_rebuilt_from_the_journal_groups_its_sets_as_the_table_did(
    tmp_path: Path,
) -> None:
    """Issue 13 (a restart resumes exactly), issue 11 item 4, R2: the flow reads each
    card's own span, so the game resumed after a power cut (built by the default
    factory, which knows nothing of the camera) has the same two sets."""
    path = tmp_path / "journal.db"
    session = Session(Journal.open(path), clock=lambda: 0.0)
    session.start_game("rummy21", ["Ana", "Ben"], [])
    for card in sets_below_each_other("12mp"):
        session.table(CardPlaced(card))
    assert isinstance(session.flow, RummyFlow)
    before = [s.base for s in session.flow.status().sets]
    assert before == ["B5", "B3"]
    session.journal.close()
    again = Session.resume(Journal.open(path), clock=lambda: 0.0)
    assert isinstance(again.flow, RummyFlow)
    assert [s.base for s in again.flow.status().sets] == before


def test_the_trump_board_is_measured_in_the_card_s_own_span() -> None:
    """T2, issue 10 item 2: at 12 MP a card laid on the trump spot beside the Symbol
    board (a card width and a half aside) is the trump indicator, not on the board; the
    default card (twice as wide) took it for the symbol indicator."""
    width, _ = SIZES["12mp"]
    board_at, beside = (0.12, 0.5), (0.12 + 1.5 * width, 0.5)
    awaiting = {}
    for name, extent in (("own", SIZES["12mp"]), ("default", None)):
        game = make_flow("trump", ["Ana", "Ben", "Cy"], [], options={})
        deck, notation = "trump", "SYMBOL-BOARD"
        game.placed(TableCard(f"trump/1/{notation}", deck, notation, "trump-indicator", board_at))
        card = TableCard("trump/1/G4", deck, "G4", "trump-indicator", beside, extent=extent)
        game.placed(card)
        awaiting[name] = game.status().awaiting.value
    assert awaiting == {"own": "symbol-indicator", "default": "trump-indicator"}
