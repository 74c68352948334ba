"""One sample of every screen, reached the way a player reaches it: by the buttons.

The golden images (tests/ui/golden/) and docs/ui.md come from this list, in every
language the table speaks, so a screen cannot change unseen. Menus and
confirmations are taken from a :class:`UiApp` driven by button events; the game
screens are presented from flow facts (:mod:`companion.views.present`), as the
daemon shows them; the notices are a real flow's (a card out of turn, a correction,
a revoke) worded by :mod:`companion.views.words`. Nothing here is a sample text.

    >>> names = [name for name, view in gallery()]
    >>> names[:3], names[-1]
    (['start', 'language', 'players'], 'table-setup-problem-fr')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from companion.config import KioskSection
from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import Replace, TakeBack
from companion.flows.registry import make_flow
from companion.flows.said import Said, Say
from companion.flows.status import (
    Awaiting,
    Scores,
    TrickStatus,
)
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.hex import SPEC as HEX
from companion.games.rummy.deck import DECK_21
from companion.games.trump import SPEC as TRUMP
from companion.table.cards import TableCard
from companion.table.layout import rummy_layout
from companion.table.markers import SeatProblem, SeatReading
from companion.ui.app import UiApp
from companion.ui.commands import StartGame
from companion.ui.gallery_game import MISSING, NAMES, game_screens, missing_status, trick_status
from companion.ui.ingame import GamePage, IdlePage
from companion.ui.screens import View, has_large
from companion.ui.setup import players_label
from companion.ui.start import result_lines
from companion.views import (
    MenuView,
)
from companion.views.cards import card_name
from companion.views.faults import Fault, FaultKind, farewell_view
from companion.views.i18n import LANGUAGES, _, speaking
from companion.views.names import seat_name
from companion.views.present import present_scores, variant_name
from hardware.buttons import Button, ButtonEvent, PressKind


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
    yield "language", walk.choose(_("Language"))
    walk("BACK")
    yield "players", walk.choose(_("Fibonachos"))
    walk.choose(players_label(4))
    yield "name-choice", walk.choose(f"1: {seat_name('', 0)}")
    walk.choose(NAMES[0])
    for seat, name in enumerate(NAMES[1:], start=1):
        walk.choose(f"{seat + 1}: {seat_name('', seat)}")
        if seat == 1:  # the letter wheel: "J" typed, the wheel turned to "o"
            walk.choose(_("New name"))
            yield "name-wheel", walk("SELECT", *["DOWN"] * 6)
            walk("BACK", long=True)
        walk.choose(name)
    yield "names", walk()
    yield "dealer", walk.choose(_("Done"))
    walk.choose("Dee")
    yield "variants", walk.choose(variant_name("zero-scores-34"))
    yield "confirm", walk.choose(_("Done"))
    walk("SELECT")
    app.flow_status(trick_status())
    yield "game-menu", walk("BACK")
    yield "correct-which", walk.choose(_("Correct a card"))
    yield "correct-group", walk.choose(card_name("G2#1", FIBONACHOS.name))
    yield "correct-face", walk.choose(_("Green"))
    walk("BACK", "BACK", "BACK")
    yield "end-confirm", walk.choose(_("End game"))
    walk("BACK")
    walk.choose(_("Back to start"))
    yield "resume", walk()
    yield "rummy-dealer", _rummy_dealer()
    yield "rummy-out", _rummy_out()
    yield "hex-winner-menu", _hex_menu()
    yield "missing-which", _missing_menu()
    yield "leader-menu", _leader_menu()


#: Names as long as a phone or the cafe's staff may give them (20 characters).
LONG_NAMES = ("Bartholomew Williams", "Anne-Sophie Lefebvre", "Cy", "Maximilian Ostermann")
#: The hex piece the gallery shows put down in a lamp's glare (side, kind, number).
_GLARED = ("black", "strike", 6)


def _rummy_dealer() -> View:
    """Who deals round 1 of a rummy game (the player after the dealer starts, R4), the
    four players named by the cafe's staff with names as long as they may be."""
    app = UiApp()
    app.set_names(LONG_NAMES)
    walk = _Walk(app)
    walk.choose(_("Rummy 21"))
    walk.choose(players_label(4))
    return walk.choose(_("Done"))


def _rummy_out() -> View:
    app = UiApp()
    walk = _Walk(app)
    walk.choose(_("Rummy 21"))
    walk.choose(players_label(3))
    walk.choose(_("Done"))
    walk.choose(seat_name("", 2))  # the third seat deals: the first starts
    walk.choose(_("Done"))
    walk("SELECT", "BACK")
    return walk.choose(_("End round"))


def _leader_menu() -> View:
    """Trump T3: SELECT on "Who has Red 2?" lists the players to say who leads."""
    app = UiApp()
    walk = _Walk(app)
    walk.choose(_("Fibonacci Trump"))
    walk.choose(players_label(3))
    walk.choose(_("Done"))
    walk("SELECT")
    asked = TrickStatus(TRUMP.name, 1, 1, None, awaiting=Awaiting.LEADER, leader_card="R2")
    app.flow_status(asked)
    return walk("SELECT")


def _hex_menu() -> View:
    app = UiApp()
    walk = _Walk(app)
    walk.choose(_("Hex referee"))
    walk.choose(_("Done"))
    walk("SELECT")
    walk("BACK", long=True)
    return walk.choose(_("Winner"))


def _missing_menu() -> View:
    app = UiApp()
    app.game_started(FIBONACHOS.name, NAMES)
    app.flow_status(missing_status())
    return _Walk(app)("SELECT")


def _staff() -> Iterator[tuple[str, View]]:
    app = UiApp(kiosk=KioskSection(enabled=True), now=1002.0)
    final = Scores(FIBONACHOS.name, None, (34, 21, 13), None, (0,), (0,))
    app.last_result = result_lines(_("Fibonachos"), present_scores(final, NAMES[:3]))
    walk = _Walk(app)
    yield "attract", app.screen(1001.0)
    yield "attract-games", app.screen(1005.0)
    app.staff_unlocked(1002.0)
    walk.now = 1002.0
    yield "staff", walk("BACK")
    yield "staff-confirm", walk.choose(_("Restart service"))


def _table_setup() -> Iterator[tuple[str, View]]:
    """Issue 26: "Set up the table" from the start menu, the seats found and a problem."""
    app = UiApp()
    walk = _Walk(app)
    walk.choose(_("Set up the table"))
    yield "table-setup", walk.choose(players_label(4))
    yield "table-setup-looking", walk("SELECT")
    app.table_set_up(SeatReading(rummy_layout(4), count=4))
    yield "table-set-up", walk()
    walk("SELECT")
    walk.choose(_("Set up the table"))
    walk.choose(players_label(4))
    walk("SELECT")
    app.table_set_up(SeatReading(None, SeatProblem.TOO_FEW, count=2))
    yield "table-setup-problem", walk()


#: The players' page's link in the gallery: a home table's (issue 15).
LINK = "http://192.168.1.23:8088/t/home?k=Xq3vR8kLm2Tz"


def _phone() -> Iterator[tuple[str, View]]:
    """Issue 15: the code of the players' page from the start menu, as a game starts
    and on the attract screen; names typed on a phone, waiting for a press."""
    app = UiApp()
    app.link = LINK
    app.page = app.start_page()  # with its "Phone page" entry
    walk = _Walk(app)
    yield "phone-code", walk.choose(_("Phone page"))
    walk("BACK")
    walk.choose(_("Fibonacci Trump"))
    walk.choose(players_label(3))
    app.propose_names(NAMES[:3], walk.now)
    yield "names-offer", walk()
    yield "names-offer-taken", walk("SELECT")  # taken: the names step shows them
    app.wizard.start(StartGame(FIBONACHOS.name, NAMES[:3]))
    yield "phone-start", app.screen(walk.now)
    kiosk = UiApp(kiosk=KioskSection(enabled=True), now=1002.0)
    kiosk.link = LINK
    yield "attract-phone", kiosk.screen(1016.0)  # the third turn: the code


def _fibonachos_notices() -> dict[str, Notice]:
    """Real notices of a Fibonachos flow: a card out of turn, a correction, a revoke
    (Ben shows no Red in trick 1, then plays Red 2 in trick 2: F5)."""
    flow = make_flow(FIBONACHOS.name, NAMES[:3], [], options={"dealer": 2})

    def put(notation: str, zone: str = "play") -> list[Notice]:
        return flow.placed(TableCard(f"fibonachos/1/{notation}", FIBONACHOS.name, notation, zone))

    put("S3#1", "spicy")
    refused = put("R13#1", "play-1")[0]
    put("R13#1", "play-0")
    note = flow.command(Replace("fibonachos/1/R13#1", "R5"))[0]
    for notation in ("G7", "R9", "S1#1", "Y3", "Y4"):
        put(notation, "spicy" if notation.startswith("S") else "play")
    revoke = next(n for n in put("R2") if n.kind is NoticeKind.FLAG)
    return {"refused": refused, "revoke": revoke, "note": note}


def _notice_screens() -> Iterator[tuple[str, View]]:
    app = UiApp()
    app.game, app.players = FIBONACHOS.name, NAMES[:3]
    notices = {
        **_fibonachos_notices(),
        "missing-card": Notice(
            NoticeKind.INFO,
            "trick 9 was cleared before Ben's card was read",
            seat=1,
            detail=MISSING,
            said=Said(Say.CARD_MISSING, seat=1, number=9),
        ),
        # What the session says when the journal cannot be written (companion.session).
        "disk-full": Notice(NoticeKind.INFO, "Disk full", said=Said(Say.DISK_FULL)),
        "not-saved": Notice(NoticeKind.INFO, "Not saved", said=Said(Say.NOT_SAVED)),
    }
    for name, notice in notices.items():
        app.overlays.clear()
        app.notices([notice], 1000.0)
        yield name, app.screen(1000.0)
    app.overlays.clear()
    faults = {
        "camera-lost": ("camera", Fault(FaultKind.CAMERA_LOST)),
        "card-seen-twice": ("card", Fault(FaultKind.DUPLICATE_CARD, "R13#1", FIBONACHOS.name)),
        "display-fault": ("display", Fault(FaultKind.DISPLAY)),
        "journal-repaired": ("repaired", Fault(FaultKind.REPAIRED, games=12, moves=4093)),
        "journal-resumed": ("repaired", Fault(FaultKind.RESUMED)),
        "disk-full-at-start": ("disk", Fault(FaultKind.DISK_FULL)),
        "journal-fault": ("journal", Fault(FaultKind.NOT_SAVED)),
        # A hex piece put down in a lamp's glare (issue 24: companion.daemon.board_camera).
        "piece-in-glare": ("piece", Fault(FaultKind.PIECE_MISSING, piece=_GLARED, lamp=True)),
    }
    for name, (kind, fault) in faults.items():
        app.statuses.active.clear()
        app.hardware_status(kind, fault, 1000.0)
        yield name, app.screen(1000.0)
    app.statuses.active.clear()
    yield "waiting", GamePage(app).view()
    app.start_failed(HEX.name, 1000.0)
    yield "cannot-start", app.screen(1000.0)
    yield "farewell-not-saved", farewell_view(playing=True, saved=False)
    idle = UiApp()
    idle.last_result = result_lines(_("Rummy 21"), present_scores(_final(), NAMES[:2]))
    yield "idle", IdlePage(idle).view()


def _rummy_questions() -> Iterator[tuple[str, View]]:
    """Issue 11: what a real rummy flow asks (docs/rummy.md): Ana's set on base 5 taken
    off at once (close it?), Ben's wild card on base 5 (which number?) and its numbers
    (SELECT), the wild card menu, who went out (Ana took the last set off: first)."""
    flow = make_flow(DECK_21.game, NAMES[:2], [], options={})
    ana = [("B5#1", 0.3), ("8#1", 0.35), ("8#2", 0.4)]
    lying = [
        TableCard(f"a{i}", DECK_21.game, n, "meld-0", (0.2, y)) for i, (n, y) in enumerate(ana)
    ]
    ben = [("B5#2", 0.3), ("2#1", 0.35), ("W#1", 0.4)]
    for i, (notation, y) in enumerate(ben):
        flow.placed(TableCard(f"b{i}", DECK_21.game, notation, "meld-1", (0.5, y)))
    for card in lying:
        flow.placed(card)
    for card in lying:
        flow.removed(card)
    app = UiApp()
    app.game_started(DECK_21.game, NAMES[:2])
    app.flow_status(flow.status())
    walk = _Walk(app)
    yield "rummy-close", walk()
    flow.command(TakeBack(0, "B5"))  # BACK: the cards went back into Ana's hand
    app.flow_status(flow.status())
    yield "rummy-wild", walk()
    yield "rummy-wild-numbers", walk("SELECT")
    walk("BACK")
    walk("BACK", long=True)
    yield "rummy-wild-menu", walk.choose(_("Wild card"))
    walk("BACK")
    yield "rummy-who-out", walk.choose(_("End round"))


def _final() -> Scores:
    return Scores(DECK_21.game, None, (120, 340), None, (1,), (1,))


def screens() -> list[tuple[str, View]]:
    """Every screen in the table's language, named."""
    return [
        *_menus(),
        *game_screens().items(),
        *_notice_screens(),
        *_staff(),
        *_rummy_questions(),
        *_phone(),
        *_table_setup(),
    ]


def gallery(languages: Sequence[str] = LANGUAGES) -> list[tuple[str, View]]:
    """Every screen in each language, named (names are the golden images' file names):
    English as ``start``, another language with its code, ``start-fr``."""
    shown: list[tuple[str, View]] = []
    for lang in languages:
        with speaking(lang):
            suffix = "" if lang == "en" else f"-{lang}"
            shown += [(f"{name}{suffix}", view) for name, view in screens()]
    return shown


def large_gallery(languages: Sequence[str] = LANGUAGES) -> list[tuple[str, View]]:
    """The screens that have a large-type layout (``render(view, size, large=True)``),
    named ``<screen>-large`` (``<screen>-large-fr`` in French)."""
    shown: list[tuple[str, View]] = []
    for lang in languages:
        with speaking(lang):
            suffix = "" if lang == "en" else f"-{lang}"
            large = [(name, view) for name, view in screens() if has_large(view)]
            shown += [(f"{name}-large{suffix}", view) for name, view in large]
    return shown


def language_of(name: str) -> str:
    """The language of a gallery screen, by its name (a screen is drawn in it too:
    the screens word their own labels, "Trick 5", when they draw)."""
    head, _dash, tail = name.rpartition("-")
    return tail if head and tail in LANGUAGES else "en"
