"""Issue 26 item 3: no button press ever ends the daemon.

Random presses (short and long, every button) go through every menu of every game while
cards come and go on the table (placed, moved, gathered up, turned face down, a card
of another deck, a control card), time passes (notes expire, a kiosk goes idle) and the
screen is drawn after each input on either panel (with the players' page on or off),
through the daemon's own wiring: the
:class:`~companion.daemon.runner.TableRunner`, the control cards, a real session and
journal, the interface and its screens. Nothing may raise: a menu built on facts the
table has since changed (a wild card's set gathered up, a card corrected away) must
still lead somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_codes.catalogue import deck_cards
from companion.config import KioskSection
from companion.daemon.controls import Controls
from companion.daemon.parts import TableFacade
from companion.daemon.runner import TableRunner
from companion.flows.registry import check_options
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved
from companion.ui.app import UiApp
from companion.ui.screens import render
from hardware.buttons import Button, ButtonEvent, PressKind

#: (game, players, variants, options): every game the companion plays, and its variants
#: that change the menus or what the table reads.
GAMES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], dict[str, Any]], ...] = (
    ("fibonachos", ("Ana", "Ben", "Cy"), (), {}),
    ("trump", ("Ana", "Ben", "Cy"), (), {}),
    ("rummy21", ("Ana", "Ben"), (), {}),
    ("rummy13", ("Ana", "Ben", "Cy"), ("standard-start",), {}),
    ("rummy8", ("Ana", "Ben", "Cy", "Di"), (), {}),
    ("rummy89", ("Ana", "Ben"), (), {}),
    ("hex-referee", ("Black", "White"), (), {}),
    ("hex-referee", ("Black", "White"), ("cards",), {"move-cards": "camera"}),
    ("hex", ("Black", "White"), ("cards",), {"mode": "board", "move-cards": "camera"}),
)
#: The decks whose cards each game's table sees (its own, and a stray one).
DECKS = {
    "fibonachos": ("fibonachos", "trump"),
    "trump": ("trump", "fibonachos"),
    "rummy21": ("rummy21", "rummy89"),
    "rummy13": ("rummy13", "rummy21"),
    "rummy8": ("rummy8", "rummy13"),
    "rummy89": ("rummy89", "rummy21"),
    "hex-referee": ("hex", "rummy21"),
    "hex": ("hex", "fibonachos"),
}
TRICK_ZONES = ("play", "spicy", "trump-indicator", "symbol-indicator", "play-0", "play-1")
MELDS = ("meld-0", "meld-1", "meld-2", "meld-3")
ZONES = (
    "play",
    "spicy",
    "trump-indicator",
    "symbol-indicator",
    "play-0",
    "play-1",
    "meld-0",
    "meld-1",
    "meld-2",
    "meld-3",
    "elsewhere",
)
#: Where cards lie: a few columns and rows close enough to make rummy sets and break them.
XS = (0.2, 0.5, 0.8)
YS = (0.3, 0.35, 0.4, 0.45, 0.6)
CONTROLS = ("UNDO", "CONFIRM", "NEXT-ROUND", "NEW-GAME", "STAFF-SETTINGS", "STAFF-RESET")


@dataclass
class Table:
    """The daemon's inputs, one at a time, with a clock the test moves."""

    runner: TableRunner
    controls: Controls
    now: float = 1000.0
    panel: tuple[int, int] = (128, 64)
    lying: dict[str, TableCard] = field(default_factory=dict)
    shown: int = 0

    def press(self, button: Button, long: bool) -> None:
        self.now += 0.3
        kind = PressKind.LONG_PRESS if long else PressKind.PRESS
        self.runner.press(ButtonEvent(button, kind, self.now))

    def place(self, card: TableCard) -> None:
        self.now += 0.2
        if card.key in self.lying:  # the tracker says removed before it says placed again
            self.runner.table(CardRemoved(self.lying.pop(card.key)), self.now)
        self.lying[card.key] = card
        self.runner.table(CardPlaced(card), self.now)

    def choose(self, entry: int) -> None:
        """As a player does in a menu: DOWN to an entry, then SELECT (on another
        screen, the presses as they come)."""
        items = getattr(self.runner.app.screen(self.now), "items", ())
        for _ in range(entry % len(items) if items else 0):
            self.press(Button.DOWN, False)
        self.press(Button.SELECT, False)

    def menu(self, entry: int) -> None:
        """The in-game menu (long BACK) and one of its entries."""
        self.press(Button.BACK, True)
        self.choose(entry)

    def remove(self, count: int) -> None:
        """The newest ``count`` cards lying go (a set gathered up, one by one)."""
        for key in list(self.lying)[-count:]:
            self.now += 0.05
            self.runner.table(CardRemoved(self.lying.pop(key)), self.now)

    def control(self, name: str) -> None:
        self.now += 0.2
        self.controls.placed(TableCard(f"control/1/{name}", "control", name, "play"), self.now)

    def wait(self, seconds: float) -> None:
        self.now += seconds
        self.runner.tick(self.now)

    def draw(self, large: bool) -> None:
        """The daemon's draw: the screen at this moment, rendered."""
        self.runner.tick(self.now)
        render(self.runner.app.screen(self.now), self.panel, large=large)
        self.shown += 1


def _faces(deck: str) -> list[tuple[str, str]]:
    """Each face of ``deck``, at most two of each (serials #1 and #2)."""
    return [(deck, c.notation) for c in deck_cards(deck) if not c.notation.endswith(("#3", "#4"))]


def _cards(game: str) -> st.SearchStrategy[TableCard]:
    """Cards of the game's deck, most of them, in its zones, where sets form; now and
    then one of another deck, in any zone, or turned face down."""
    own, stray = (_faces(deck) for deck in DECKS[game])
    zones = MELDS if game.startswith("rummy") else TRICK_ZONES
    return st.builds(
        lambda face, zone, x, y, down: TableCard(
            f"{face[0]}/1/{face[1]}", face[0], face[1], zone, (x, y), face_down=down
        ),
        st.sampled_from(own) | st.sampled_from(stray),
        st.sampled_from(zones) | st.sampled_from(ZONES),
        st.sampled_from(XS),
        st.sampled_from(YS),
        st.sampled_from([False] * 9 + [True]),
    )


def _set(game: str) -> st.SearchStrategy[list[TableCard]]:
    """Cards laid as a set (rummy) or a trick: down one column of one zone, in turn."""
    own = _faces(DECKS[game][0])
    zones = MELDS if game.startswith("rummy") else TRICK_ZONES
    wild = [face for face in own if face[1].startswith("W")] or own
    faces = st.lists(st.sampled_from(own) | st.sampled_from(wild), min_size=1, max_size=4)
    return st.builds(
        lambda chosen, zone, x: [
            TableCard(f"{deck}/1/{notation}", deck, notation, zone, (x, YS[i]))
            for i, (deck, notation) in enumerate(chosen)
        ],
        faces,
        st.sampled_from(zones),
        st.sampled_from(XS),
    )


def _inputs(game: str) -> st.SearchStrategy[tuple[str, Any]]:
    """One input of the table; the kinds weighted so a game goes deep into its menus
    with sets and tricks on the table (a control card that leaves the game is rare)."""
    presses = st.tuples(st.sampled_from(list(Button)), st.booleans())
    entries = st.integers(0, 11)
    kinds: list[tuple[int, st.SearchStrategy[tuple[str, Any]]]] = [
        (2, st.tuples(st.just("press"), presses)),
        (3, st.tuples(st.just("choose"), entries)),
        (2, st.tuples(st.just("menu"), entries)),
        (1, st.tuples(st.just("place"), _cards(game))),
        (2, st.tuples(st.just("lay"), _set(game))),
        (2, st.tuples(st.just("remove"), st.integers(1, 4))),
        (1, st.tuples(st.just("wait"), st.sampled_from([0.5, 2.0, 3.0, 30.0, 4000.0]))),
    ]
    weighted = [strategy for weight, strategy in kinds for _ in range(weight)]
    controls = st.sampled_from(("UNDO", "CONFIRM", "UNDO", "CONFIRM", *CONTROLS))
    return st.one_of(*weighted, st.tuples(st.just("control"), controls))


def _table(
    game: str,
    players: tuple[str, ...],
    variants: tuple[str, ...],
    options: Any,
    *,
    kiosk: bool,
    panel: tuple[int, int],
    link: bool,
) -> Table:
    """A game in play at a table as the daemon builds it; ``link``: the players' page
    is on (its code in the menus)."""
    session = Session(Journal.open(":memory:"), clock=lambda: 0.0)
    app = UiApp(kiosk=KioskSection(enabled=kiosk), now=1000.0, panel=panel)
    app.link = "http://table.local:8088/g/1" if link else ""
    runner = TableRunner(app, session)
    checked = check_options(game, options, len(players))
    notices = session.start_game(game, players, variants, checked)
    app.game_started(game, players, checked)
    app.notices(notices, 1000.0)
    assert session.flow is not None
    app.flow_status(session.flow.status())
    return Table(runner, Controls(TableFacade(app, session, runner, dict)), panel=panel)


#: The games' ids in the tests' names.
IDS = [f"{g}{'-' + '-'.join(v) if v else ''}" for g, _p, v, _o in GAMES]


#: Random tables of each game: 25 in the fast set, 100 in the slow set.
EXAMPLES = [25, pytest.param(100, marks=pytest.mark.slow)]


@pytest.mark.parametrize("examples", EXAMPLES, ids=lambda n: f"{n}-tables")
@pytest.mark.parametrize(("game", "players", "variants", "options"), GAMES, ids=IDS)
def test_no_press_ends_the_daemon_whatever_the_table_does(
    game: str,
    players: tuple[str, ...],
    variants: tuple[str, ...],
    options: dict[str, Any],
    examples: int,
) -> None:
    """Issue 26 item 3 ("No button press may ever end the daemon"): any presses through
    every menu of every game, while cards come and go and time passes, raise nothing
    and every screen draws (derandomized: a failure comes back the same)."""

    def one_table(data: st.DataObject) -> None:
        press_anything(game, players, variants, options, data)

    quiet = [HealthCheck.too_slow, HealthCheck.data_too_large]
    check = settings(
        max_examples=examples, deadline=None, derandomize=True, suppress_health_check=quiet
    )
    check(given(data=st.data())(one_table))()


def press_anything(
    game: str,
    players: tuple[str, ...],
    variants: tuple[str, ...],
    options: dict[str, Any],
    data: st.DataObject,
) -> None:
    """A table of ``game`` drawn from ``data``, then up to 80 random inputs, each
    followed by the screen drawn: nothing may raise."""
    kiosk = data.draw(st.booleans(), "kiosk")
    large = data.draw(st.booleans(), "large type")
    panel = data.draw(st.sampled_from([(128, 64), (128, 32)]), "panel")
    link = data.draw(st.booleans(), "players' page")
    table = _table(game, players, variants, options, kiosk=kiosk, panel=panel, link=link)
    table.draw(large)
    for action, value in data.draw(st.lists(_inputs(game), min_size=1, max_size=80), "inputs"):
        if action == "press":
            table.press(*value)
        elif action == "choose":
            table.choose(value)
        elif action == "menu":
            table.menu(value)
        elif action == "place":
            table.place(value)
        elif action == "lay":
            for card in value:
                table.place(card)
        elif action == "remove":
            table.remove(value)
        elif action == "control":
            table.control(value)
        else:
            table.wait(value)
        table.draw(large)
    assert table.shown > 1
