"""One sample of every screen, reached the way a player reaches it: by the buttons.

The golden images (tests/ui/golden/), docs/ui.md and ``companion ui-demo --gallery``
all come from this list, so a screen cannot change unseen. Menus and
confirmations are taken from a :class:`UiApp` driven by button events; the game
screens are presented from flow facts (:mod:`companion.views.present`), as the
daemon shows them, with realistic names and cards.

    >>> names = [name for name, _ in gallery()]
    >>> names[:3]
    ['start', 'players', 'name-choice']
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.flows.base import Notice, NoticeKind
from companion.flows.status import (
    Awaiting,
    HexStatus,
    Played,
    Recorded,
    Scores,
    TrickStatus,
    TrickWon,
)
from companion.games.fibonachos.cards import Suit
from companion.games.hex.pieces import Side
from companion.games.trump.cards import Colour, Symbol
from companion.ui.app import UiApp
from companion.ui.screens import View
from companion.views import (
    IdleView,
    MenuView,
    MessageView,
    Play,
    RummyView,
    SetLine,
    Tone,
    TrickView,
    present,
)
from companion.views.present import present_trick_won
from hardware.buttons import Button, ButtonEvent, PressKind

NAMES = ("Ana", "Ben", "Cy", "Dee")


class _Walk:
    def __init__(self, app: UiApp) -> None:
        self.app = app
        self.now = 1000.0

    def __call__(self, *buttons: str, long: bool = False) -> View:
        kind = PressKind.LONG_PRESS if long else PressKind.PRESS
        for name in buttons:
            self.now += 1.0
            self.app.button(ButtonEvent(Button[name], kind, self.now))
        return self.app.screen(self.now)

    def choose(self, label: str, *, select: bool = True) -> View:
        """Move the menu's highlight down to ``label`` (and SELECT it)."""
        view = self.app.screen(self.now)
        assert isinstance(view, MenuView), view
        steps = (view.items.index(label) - view.selected) % len(view.items)
        self(*["DOWN"] * steps)
        return self("SELECT") if select else self.app.screen(self.now)


def _menus() -> Iterator[tuple[str, View]]:
    app = UiApp()
    walk = _Walk(app)
    yield "start", walk()
    yield "players", walk.choose("Fibonachos")
    walk.choose("4 players")
    yield "name-choice", walk.choose("1: Seat 1")
    walk.choose(NAMES[0])
    for seat, name in enumerate(NAMES[1:], start=1):
        walk.choose(f"{seat + 1}: Seat {seat + 1}")
        walk.choose(name)
    yield "names", walk()
    yield "dealer", walk.choose("Done")
    walk.choose("Dee")
    yield "variants", walk.choose("zero-scores-34")
    yield "confirm", walk.choose("Done")
    walk("SELECT")
    app.flow_status(_trick())
    yield "game-menu", walk("BACK")
    yield "correct-which", walk.choose("Correct a card")
    yield "correct-group", walk.choose("G2 (play)")
    yield "correct-face", walk.choose("Green")
    walk("BACK", "BACK", "BACK")
    yield "end-confirm", walk.choose("End game")
    walk("BACK")
    walk.choose("Back to start")
    yield "resume", walk()
    yield "rummy-out", _rummy_out()
    yield "hex-winner-menu", _hex_menu()
    yield "leader-menu", _leader_menu()


def _rummy_out() -> View:
    app = UiApp()
    walk = _Walk(app)
    walk.choose("Rummy 21")
    walk.choose("3 players")
    walk.choose("Done")
    walk.choose("Done")
    walk("SELECT", "BACK")
    return walk.choose("End round")


def _leader_menu() -> View:
    """Trump T3: SELECT on "Who has R2?" lists the players to say who leads."""
    app = UiApp()
    walk = _Walk(app)
    walk.choose("Fibonacci Trump")
    walk.choose("3 players")
    walk.choose("Done")
    walk("SELECT")
    asked = TrickStatus("trump", 1, 1, None, awaiting=Awaiting.LEADER, leader_card="R2")
    app.flow_status(asked)
    return walk("SELECT")


def _hex_menu() -> View:
    app = UiApp()
    walk = _Walk(app)
    walk.choose("Hex referee")
    walk.choose("Done")
    walk("SELECT")
    walk("BACK", long=True)
    return walk.choose("Winner")


def _staff() -> Iterator[tuple[str, View]]:
    from companion.config import KioskSection

    app = UiApp(kiosk=KioskSection(enabled=True), now=1002.0)
    app.last_result = ("Fibonachos", "Ana wins, 34")
    walk = _Walk(app)
    yield "attract", app.screen(1001.0)
    yield "attract-games", app.screen(1005.0)
    app.staff_unlocked(1002.0)
    walk.now = 1002.0
    yield "staff", walk("BACK")
    yield "staff-confirm", walk.choose("Restart service")


def _trick() -> TrickStatus:
    plays = (Played(0, "R13#1"), Played(1, "G2#1"))
    recorded = tuple(
        Recorded(f"fibonachos/{card}", card, use)
        for card, use in (("G2#1", "play"), ("R13#1", "play"), ("S3#1", "spicy"))
    )
    return TrickStatus("fibonachos", 2, 5, 2, plays, lead=Suit.RED, spicy="S3#1", recorded=recorded)


def _game_screens() -> dict[str, View]:
    """The game screens, presented from flow facts as the daemon does.

    The Trump trick and the rummy pages are drawn views: samples of what those screens
    hold (capitalised colours, longer set details) beyond what the flows say today.
    """
    four = tuple(Played(seat, card) for seat, card in enumerate(("Y16#1", "Y3#1", "R1#2", "G13#1")))
    trump = (Play("Ben", "B7#1"), Play("Cy", "R10#1"), Play("Dee", "B2#1"))
    sets = (
        SetLine("21", "closed"),
        SetLine("B2", "complete"),
        SetLine("B5", "open", "needs 8"),
        SetLine("B13", "open", "needs 8 or 5+3"),
        SetLine("B3", "illegal", "W: say 5 or 13"),
    )
    five = (*NAMES, "")
    sides = ("Black", "White")
    return {
        "fibonachos-spicy": present(
            TrickStatus("fibonachos", 1, 1, 0, awaiting=Awaiting.SPICY), NAMES
        ),
        "fibonachos-trick": present(_trick(), NAMES),
        "fibonachos-5p": present(
            TrickStatus("fibonachos", 3, 10, 4, four, Suit.YELLOW, spicy="S5#2"), five
        ),
        "trump-indicators": present(
            TrickStatus("trump", 1, 1, 1, awaiting=Awaiting.TRUMP_INDICATOR), NAMES
        ),
        "trump-leader": present(
            TrickStatus(
                "trump",
                1,
                1,
                None,
                trump=Colour.R,
                symbol=Symbol.STAR,
                awaiting=Awaiting.LEADER,
                leader_card="R2",
            ),
            NAMES,
        ),
        "trump-trick": TrickView("Trump", 4, 12, "Ana", trump, "Blue", "Red", "square"),
        "trick-won": present_trick_won(TrickWon(0, "R13#1", 5, ("S3#1",)), NAMES),
        "trump-trick-won": present_trick_won(TrickWon(3, "R10#1", 12, ("R3", "G7")), NAMES),
        "round-scores": present(
            Scores("fibonachos", 2, (8, 0, 13, 5), (21, 13, 16, 5), (0,)), NAMES
        ),
        "round-scores-5p": present(
            Scores("trump", 12, (-40, 120, 0, 8, 13), (-160, 1340, 55, 89, 233), (1,)), five
        ),
        "match-totals": present(
            Scores("fibonachos", None, (55, 34, 21), None, (0,), (0,)), NAMES[:3]
        ),
        "rummy": RummyView("Fibonacci 21", 2, "Ben", sets),
        "rummy-page-2": RummyView("Fibonacci 21", 2, "Ben", sets, page=1),
        "rummy-empty": RummyView("Fibonacci 13", 1, "Cy", ()),
        "hex": present(HexStatus(Side.BLACK, 7, 6, 4), sides),
        "hex-strikes": present(HexStatus(Side.WHITE, 8, 4, 4, reduction=2), sides),
        "hex-card": present(HexStatus(Side.BLACK, 9, 5, 3, card=5), sides),
        "hex-winner": present(HexStatus(Side.WHITE, 31, 6, 0, winner=Side.WHITE), sides),
    }


def _notice_screens() -> Iterator[tuple[str, View]]:
    app = UiApp()
    app.game = "fibonachos"
    notices = {
        "refused": Notice(NoticeKind.REFUSED, "G8#2: Cy must follow Red (shown before)", rule="F5"),
        "revoke": Notice(NoticeKind.FLAG, "Ben played Red after showing none in trick 3", "F5", 1),
        "note": Notice(NoticeKind.INFO, "R13#1 replaced by G12"),
        "disk-full": Notice(NoticeKind.INFO, "Disk full: this game is kept in memory only"),
        "not-saved": Notice(NoticeKind.INFO, "Not saved: this game is kept in memory only"),
    }
    for name, notice in notices.items():
        app.overlays.clear()
        app.notices([notice], 1000.0)
        yield name, app.screen(1000.0)
    app.overlays.clear()
    faults = {
        "camera-lost": ("camera", "No picture for 5 s. Check the cable."),
        "not-our-card": ("card", "A QR code that is not one of our cards"),
        "display-fault": ("display", "I2C write failed (errno 121)"),
        "journal-repaired": ("repaired", "Damaged journal set aside. Kept 12 games, 4093 moves"),
        "journal-resumed": ("repaired", "Resumed before a damaged move (113 set aside)"),
        "disk-full-at-start": ("disk", "Games go on but are not saved"),
        "journal-fault": ("journal", "Games go on but are not saved"),
    }
    for name, (kind, message) in faults.items():
        app.statuses.active.clear()
        app.hardware_status(kind, message, 1000.0)
        yield name, app.screen(1000.0)
    app.statuses.active.clear()
    app.start_failed("fibonachos: no flow reads this game at the table yet", 1000.0)
    yield "cannot-start", app.screen(1000.0)
    yield (
        "farewell-not-saved",
        MessageView("Table Companion", ("Restarting...", "the game is not saved")),
    )
    yield "waiting", MessageView("Fibonachos", ("Waiting for the table",), Tone.INFO, "BACK menu")
    yield "idle", IdleView(last_result=("Fibonacci 21", "Ben wins, 340"))


def gallery() -> list[tuple[str, View]]:
    """Every screen, named (names are the golden images' file names)."""
    return [*_menus(), *_game_screens().items(), *_notice_screens(), *_staff()]
