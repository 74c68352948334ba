"""Issue 26 item 3: a menu opened on facts the table has changed since still leads
somewhere (no button press may ever end the daemon).

The menus are built from the flow's status when they open; the table goes on while
one is on screen. These are the sequences that ended the daemon, replayed through a
real rummy flow; tests/daemon/test_any_presses.py looks for others at random.
"""

from __future__ import annotations

from ui_keys import Finger

from companion.flows.registry import make_flow
from companion.flows.rummy import RummyFlow
from companion.table.cards import TableCard
from companion.ui.app import UiApp
from companion.views import MenuView, RummyView

PLAYERS = ("Ana", "Ben")


def lay(notation: str, seat: int, y: float) -> TableCard:
    return TableCard(f"rummy21/1/{notation}", "rummy21", notation, f"meld-{seat}", (0.2, y))


class Table:
    """A real Rummy 21 flow and the interface, fed as the daemon's runner feeds them."""

    def __init__(self) -> None:
        flow = make_flow("rummy21", list(PLAYERS), [], options={})
        assert isinstance(flow, RummyFlow)
        self.flow = flow
        self.app = UiApp()
        self.app.game_started("rummy21", PLAYERS)
        self.finger = Finger(self.app)

    def placed(self, *cards: TableCard) -> None:
        for card in cards:
            self.app.notices(self.flow.placed(card), self.finger.now)
            self.app.flow_status(self.flow.status())

    def gathered(self, *cards: TableCard) -> None:
        for card in cards:
            self.app.notices(self.flow.removed(card), self.finger.now)
            self.app.flow_status(self.flow.status())


def two_wild_cards() -> tuple[Table, list[TableCard], list[TableCard]]:
    """Ana and Ben each have a set with a wild card whose number is asked (R5)."""
    table = Table()
    anas = [lay("B3#1", 0, 0.3), lay("W#1", 0, 0.35)]
    bens = [lay("B5#1", 1, 0.3), lay("W#2", 1, 0.35)]
    table.placed(*anas, *bens)
    assert {wild.seat for wild in table.flow.status().wilds} == {0, 1}
    table.finger.hold("BACK")  # the menu, whatever the game screen asks
    table.finger.choose("Wild card")
    return table, anas, bens


def test_back_from_a_wild_card_whose_set_left_the_table() -> None:
    """Issue 26 (R5): BACK > Wild card > Ana > her wild card, the set gathered off the
    table, SELECT, BACK: the wild card menu again, with Ben's wild card (it raised
    "menu 'Ana' has no entries" and the daemon restarted)."""
    table, anas, _bens = two_wild_cards()
    finger = table.finger
    finger.choose("Ana")
    table.gathered(*anas)
    finger.press("SELECT")  # the numbers of the wild card as it was: choosing one is harmless
    assert finger.screen().title == "The wild card is"
    finger.press("BACK")
    view = finger.screen()
    assert isinstance(view, MenuView)
    assert (view.title, view.items) == ("Ben", ("base 5",))
    finger.press("BACK")
    assert finger.screen().title == "Menu"


def test_choosing_a_player_whose_wild_card_left_the_table() -> None:
    """Issue 26 (R5): "Which wild card?" on screen, Ben's set gathered up, SELECT on Ben:
    the wild card still lying (Ana's), not a crash."""
    table, _anas, bens = two_wild_cards()
    finger = table.finger
    assert finger.screen().items == ("Ben", "Ana")  # the newest wild card's player first
    table.gathered(*bens)
    finger.press("SELECT")
    assert (finger.screen().title, finger.screen().items) == ("Ana", ("base 3",))


def test_every_wild_card_gone_says_so() -> None:
    """Issue 26 (R5): both sets gathered while a player's wild cards are on screen:
    BACK from the numbers says there is none left, and leads back to the menu."""
    table, anas, bens = two_wild_cards()
    finger = table.finger
    finger.choose("Ben")
    finger.press("SELECT")
    table.gathered(*anas, *bens)
    finger.press("BACK")
    assert finger.screen().title == "No wild card"
    finger.press("SELECT")
    assert finger.screen().title == "Menu"
    finger.choose("Back to game")
    assert isinstance(finger.screen(), RummyView)
