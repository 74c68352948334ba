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
from dataclasses import replace

from companion.flows.base import Notice, NoticeKind
from companion.flows.status import (
    Awaiting,
    HexStatus,
    Lack,
    MeldSet,
    MissingCard,
    Played,
    Recorded,
    RummyStatus,
    Scores,
    SetState,
    TrickStatus,
    TrickWon,
)
from companion.games.fibonachos.cards import Suit
from companion.games.hex.pieces import Side
from companion.games.trump.cards import Colour, Symbol
from companion.ui.app import UiApp
from companion.ui.overlays import waiting
from companion.ui.screens import View, has_large
from companion.views import (
    FlowView,
    IdleView,
    MenuView,
    MessageView,
    ScoresView,
    Tone,
    present,
    present_running,
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
        if seat == 1:  # the letter wheel: "J" typed, the wheel turned to "o"
            walk.choose("New name")
            yield "name-wheel", walk("SELECT", *["DOWN"] * 6)
            walk("BACK", long=True)
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
    yield "missing-which", _missing_menu()
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


#: Trick 9 was cleared before Ben's card was read; the camera glimpsed G7 (issue 10).
MISSING = MissingCard(1, 9, ("G7", "R1", "R4", "G3", "G11", "Y8"), ("G7",))


def _missing_status() -> TrickStatus:
    plays = (Played(0, "G9"),)
    return TrickStatus(
        "fibonachos",
        1,
        9,
        1,
        plays,
        lead=Suit.GREEN,
        spicy="S1#1",
        awaiting=Awaiting.MISSING_CARD,
        missing=MISSING,
    )


def _missing_menu() -> View:
    app = UiApp()
    app.game_started("fibonachos", NAMES)
    app.flow_status(_missing_status())
    return _Walk(app)("SELECT")


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
    last = (Played(2, "Y5#1"), Played(3, "R8#2"), Played(0, "G3#1"), Played(1, "Y1#2"))
    recorded = tuple(
        Recorded(f"fibonachos/{card}", card, use)
        for card, use in (("G2#1", "play"), ("R13#1", "play"), ("S3#1", "spicy"))
    )
    return TrickStatus(
        "fibonachos",
        2,
        5,
        2,
        plays,
        lead=Suit.RED,
        spicy="S3#1",
        last=last,
        last_winner=3,
        recorded=recorded,
    )


def _game_screens() -> dict[str, View]:
    """The game screens, presented from flow facts as the daemon does.

    The rummy pages come from the facts a flow reports (sets judged by the engine);
    their details are samples of the longer words a set line can hold.
    """
    four = tuple(Played(seat, card) for seat, card in enumerate(("Y16#1", "Y3#1", "R1#2", "G13#1")))
    trump = (Played(1, "B7#1"), Played(2, "R10#1"), Played(3, "B2#1"))
    last = (Played(3, "G9#1"), Played(0, "G2#1"), Played(1, "P2#1"), Played(2, "G10#1"))
    sets = (
        MeldSet("21", SetState.CLOSED),
        MeldSet("B2", SetState.COMPLETE),
        MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8),
        MeldSet("B13", SetState.OPEN, Lack.POINTS, missing=8),
        MeldSet("B3", SetState.COMPLETE, wild="W=5"),
    )
    totals = (120, -40, 85)
    five = (*NAMES, "")
    sides = ("Black", "White")
    next_trick = replace(_trick(), trick=6, plays=(), lead=None, to_play=3, spicy=None)
    return {
        "fibonachos-spicy": present(
            TrickStatus("fibonachos", 1, 1, 0, awaiting=Awaiting.SPICY), NAMES
        ),
        "fibonachos-trick": present(_trick(), NAMES),
        "fibonachos-next-trick": present(replace(next_trick, awaiting=Awaiting.SPICY), NAMES),
        "fibonachos-5p": present(
            TrickStatus("fibonachos", 3, 10, 4, four, Suit.YELLOW, spicy="S5#2"), five
        ),
        "fibonachos-missing": present(_missing_status(), NAMES),
        "trump-indicators": present(
            TrickStatus("trump", 1, 1, 1, trump=Colour.R, awaiting=Awaiting.SYMBOL_INDICATOR),
            NAMES,
        ),
        "trump-trick": present(
            TrickStatus("trump", 4, 12, 0, trump, Colour.B, Colour.R, Symbol.SQUARE), NAMES
        ),
        "trump-last-trick": present(
            TrickStatus(
                "trump", 4, 13, 2, (), None, Colour.P, Symbol.CIRCLE, last=last, last_winner=2
            ),
            NAMES,
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
        "trick-won": present_trick_won(TrickWon(0, "R13#1", 5, ("S3#1",)), NAMES),
        "trump-trick-won": present_trick_won(TrickWon(3, "R10#1", 12, ("R3", "G7")), NAMES),
        "scores-so-far": _waiting(
            present_running(replace(_trick(), totals=(21, 13, 16, 5), points=(5, 8, 5, 5)), NAMES)
        ),
        "round-scores": _waiting(
            present(Scores("fibonachos", 2, (8, 0, 13, 5), (21, 13, 16, 5), (0,)), NAMES)
        ),
        "round-scores-5p": _waiting(
            present(
                Scores("trump", 12, (-40, 120, 0, 8, 13), (-160, 1340, 55, 89, 233), (1,)), five
            )
        ),
        "match-totals": _waiting(
            present(Scores("fibonachos", None, (55, 34, 21), None, (0,), (0,)), NAMES[:3])
        ),
        "rummy": present(RummyStatus("rummy21", 2, 1, sets, totals=totals, turn=0), NAMES[:3]),
        "rummy-page-2": present(
            RummyStatus("rummy21", 2, 2, sets[2:4], totals=totals, turn=2), NAMES[:3]
        ),
        "rummy-empty": present(RummyStatus("rummy13", 1, 2, ()), NAMES[:3]),
        "hex": present(HexStatus(Side.BLACK, 7, 6, 4), sides),
        "hex-strikes": present(HexStatus(Side.WHITE, 8, 4, 4, reduction=2), sides),
        "hex-card": present(HexStatus(Side.BLACK, 9, 5, 3, card=5), sides),
        "hex-winner": present(HexStatus(Side.WHITE, 31, 6, 0, winner=Side.WHITE), sides),
    }


def _waiting(view: FlowView | None) -> View:
    """A scores screen as it shows over the game: until a key (it says so)."""
    assert isinstance(view, ScoresView), view
    return waiting(view)


def _notice_screens() -> Iterator[tuple[str, View]]:
    app = UiApp()
    app.game, app.players = "fibonachos", NAMES
    notices = {
        "refused": Notice(NoticeKind.REFUSED, "G8#2: Cy must follow Red (shown before)", rule="F5"),
        "revoke": Notice(NoticeKind.FLAG, "Ben played Red after showing none in trick 3", "F5", 1),
        "note": Notice(NoticeKind.INFO, "R13#1 replaced by G12"),
        "missing-card": Notice(NoticeKind.INFO, "trick 9 was cleared", seat=1, detail=MISSING),
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


def large_gallery() -> list[tuple[str, View]]:
    """The screens that have a large-type layout (``render(view, size, large=True)``),
    named ``<screen>-large``."""
    return [(f"{name}-large", view) for name, view in gallery() if has_large(view)]
