"""Every screen the OLED can show, with the longest names and cards: the fit test's cases.

Each message of the catalogue is reached the way the product reaches it: a notice's
:class:`Said` worded by the views, a fault, a menu walked from its root, a game's
facts presented. Player names are the longest the start menus allow (10 letters, all
W, the widest letter); cards are each deck's longest name in the table's language.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import product

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.flows.status import (
    Awaiting,
    Closing,
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
    WildCard,
)
from companion.games.fibonachos.cards import Suit
from companion.games.hex.pieces import Side
from companion.games.registry import all_games, menu_games
from companion.games.rummy.deck import DECKS as RUMMY_DECKS
from companion.games.trump.cards import Colour, Symbol
from companion.table.layout import rummy_layout
from companion.table.markers import SeatProblem, SeatReading
from companion.ui.app import UiApp
from companion.ui.deck_choices import deck_groups
from companion.ui.glance import show_scores
from companion.ui.ingame import GamePage, IdlePage
from companion.ui.menus import game_menu, leader_menu, number_menu
from companion.ui.missing_menu import missing_menu
from companion.ui.pages import ConfirmPage, ListPage, Page
from companion.ui.phone import phone_view
from companion.ui.screens import View
from companion.ui.setup import Setup, SetupWizard
from companion.ui.start import result_lines
from companion.ui.table_setup import SEAT_COUNTS, LookingPage
from companion.views import MenuView, present, present_notice
from companion.views.cards import card_name
from companion.views.faults import Fault, FaultKind, farewell_view
from companion.views.i18n import language, speaking
from companion.views.present import present_scores
from companion.views.rummy_questions import closing_question, wild_question
from companion.views.words import RULES

#: The longest name the start menus let a player give (the names' letter picker).
LONG_NAME = "W" * 10
NAMES = tuple(f"{LONG_NAME[:-1]}{seat}" for seat in range(5))
#: The decks whose cards the screens name, by the game that plays them.
DECKS = ("fibonachos", "trump", "rummy21", "rummy13", "rummy8", "rummy89", "hex")


def longest_card(deck: str) -> str:
    """The notation of ``deck``'s card with the longest name in the table's language."""
    faces = [face for group in deck_groups(deck) for face in group.faces]
    faces += ["W=55", "W=13"] if deck.startswith("rummy") else []
    faces += [f"M{n}" for n in range(1, 7)] if deck == "hex" else []
    return max(faces, key=lambda face: len(card_name(face, deck)))


def _said(say: Say, deck: str, **facts: object) -> Said:
    card = longest_card(deck)
    full = {"card": card, "other": card, "seat": 4, "whose": 3, "number": 144, "cell": "f11"}
    full.update(facts)
    return Said(say, **full)  # type: ignore[arg-type]


#: The refusals among the messages (the rest say what happened).
REFUSALS = frozenset(list(Say)[: list(Say).index(Say.UNKNOWN_COMMAND) + 1])


def _kind(say: Say) -> NoticeKind:
    if say in (Say.REVOKE, Say.LOWEST_TRUMP):
        return NoticeKind.FLAG
    return NoticeKind.REFUSED if say in REFUSALS else NoticeKind.INFO


def notices(deck: str) -> Iterator[tuple[str, Notice]]:
    """Every notice a flow can give, with the longest facts (every rule a refusal can
    cite, with and without a card, a seat)."""
    for say in Say:
        said = _said(say, deck)
        yield say.value, Notice(_kind(say), say.value, None, said=said)
        if say in REFUSALS:
            placed = replace(said, on_table=True)
            yield f"{say.value}-placed", Notice(_kind(say), say.value, None, said=placed)
        if say in (Say.UNDONE, Say.GAME_OVER, Say.SET_ILLEGAL):
            bare = replace(said, card=None, seat=None, other=None)
            yield f"{say.value}-bare", Notice(_kind(say), say.value, said=bare)
    for awaiting in Awaiting:
        said = _said(Say.DEAL_FIRST, deck, awaiting=awaiting)
        yield f"deal-first-{awaiting.value}", Notice(NoticeKind.REFUSED, "", "T2", said=said)
    for rule in [*RULES, "Z9"]:
        for facts in ({}, {"card": None}, {"card": None, "seat": None}):
            said = _said(Say.AGAINST_RULE, deck, **facts)
            yield f"rule-{rule}-{len(facts)}", Notice(NoticeKind.REFUSED, "", rule, said=said)
    for count in (1, 6):
        for say in (Say.MOVES_ALLOWED, Say.CARD_TURNED_UP):
            said = _said(say, deck, number=count)
            yield f"{say.value}-{count}", Notice(NoticeKind.INFO, "", said=said)
    said = _said(Say.CARD_MISSING, deck)
    detail = _missing(deck)
    yield "card-missing-alert", Notice(NoticeKind.INFO, "", seat=4, detail=detail, said=said)


def _missing(deck: str, seat: int = 4) -> MissingCard:
    """A trick cleared before ``seat``'s card was read, its longest card glimpsed
    (issue 10)."""
    card = longest_card(deck)
    faces = tuple(face for group in deck_groups(deck) for face in group.faces)
    return MissingCard(seat, 144, faces, (card, *faces[:3]))


def _recorded(deck: str, players: int) -> tuple[Recorded, ...]:
    """What a correction may name (issue 10 item 1): the longest card refused, and on
    record in every use a menu names (a trick, a Trump indicator, a seat's set)."""
    card = f"{longest_card(deck)}#1"
    if deck.startswith("rummy"):
        uses = [f"meld-{seat}" for seat in range(players)]
        wild = [Recorded(f"{deck}/W/{use}", "W#1", use) for use in uses]
    else:
        uses, wild = ["play", "spicy", "trump", "symbol"], []
    refused = [Recorded(f"{deck}/refused", card, uses[0], refused=True)]
    on_record = [Recorded(f"{deck}/{use}", card, use) for use in uses]
    return (*refused, *wild, *on_record)


def notice_screens(deck: str) -> Iterator[tuple[str, View]]:
    """Each notice as the app shows it, and its detail's screen if it has one."""
    game = "hex-referee" if deck == "hex" else deck
    for name, notice in notices(deck):
        app = UiApp()
        app.game, app.players = game, NAMES
        app.notices([notice], 0.0)
        yield name, app.screen(0.0)


def fault_screens() -> Iterator[tuple[str, View]]:
    for kind in FaultKind:
        for deck in DECKS:
            app = UiApp()
            fault = Fault(kind, card=longest_card(deck), deck=deck, games=99999, moves=999999)
            app.hardware_status("card", fault, 0.0)
            yield f"{kind.value}-{deck}", app.screen(0.0)
    for piece in (("white", "support", 6), ("black", "centre", 1)):  # issue 24
        for others, lamp in product((0, 1, 25), (False, True)):
            app = UiApp()
            fault = Fault(FaultKind.PIECE_MISSING, piece=piece, others=others, lamp=lamp)
            app.hardware_status("piece", fault, 0.0)
            yield f"piece-missing-{piece[1]}-{others}{'-lamp' * lamp}", app.screen(0.0)
        app = UiApp()
        fault = Fault(FaultKind.PIECE_MISSING, piece=piece, over=("white", "support", 6))
        app.hardware_status("piece", fault, 0.0)
        yield f"piece-under-{piece[1]}", app.screen(0.0)
        app = UiApp()
        fault = Fault(FaultKind.PIECE_TWICE, piece=piece, cells=("k10", "k11", "j10"))
        app.hardware_status("twice", fault, 0.0)
        yield f"piece-twice-{piece[1]}", app.screen(0.0)
        board = (  # a board that never settles (companion.daemon.board_stall)
            Fault(FaultKind.PIECE_ON_LINE, piece=piece, cells=("k10", "k11", "j10")),
            Fault(FaultKind.PIECE_ON_EDGE, piece=piece, cells=("k10",)),
            Fault(
                FaultKind.SHARED_CELL, piece=piece, other=("white", "support", 6), cells=("k10",)
            ),
        )
        for fault in board:
            app = UiApp()
            app.hardware_status("stall", fault, 0.0)
            yield f"{fault.kind.value}-{piece[1]}", app.screen(0.0)
    for spec in all_games():
        app = UiApp()
        app.start_failed(spec.name, 0.0)
        yield f"cannot-start-{spec.name}", app.screen(0.0)
    for playing in (False, True):
        for saved in (False, True):
            yield f"farewell-{playing}-{saved}", farewell_view(playing, saved)


def _walk(page: Page, seen: set[object], depth: int = 0) -> Iterator[View]:
    """Every page reached from ``page`` by SELECT (menus and questions), once each."""
    view = page.view()
    if view in seen or depth > 8:
        return
    seen.add(view)
    yield view
    if isinstance(view, MenuView):  # a menu draws the rows round its selection only
        for index in range(len(view.items)):
            if index != view.selected:
                yield replace(view, selected=index)
    if isinstance(page, ListPage):
        for choice in list(page.choices):
            with speaking(language()):  # the language menu's choices speak it again after
                go = choice.act()
            if isinstance(go.page, ListPage | ConfirmPage):
                yield from _walk(go.page, seen, depth + 1)


def menu_screens() -> Iterator[tuple[str, View]]:
    """Every menu and question: the start menus (with the longest names at the
    confirmation), each game's in-game menu with a card of each kind to correct."""
    seen: set[object] = set()
    app = UiApp()
    app.link = LINK  # the players' page on: its menu entry (issue 15)
    app.staff_unlocked(0.0)
    for view in _walk(app.start_page(), seen):
        yield "start", view
    wizard = SetupWizard(start=lambda c: app.to_start(), cancel=app.to_start, seed=lambda: 0)
    for spec in menu_games():
        count = spec.max_players
        names = list(spec.seats) or list(NAMES[:count])
        setup = Setup(spec, count, names, variants=sorted(spec.variants))
        setup.seats = {option.name: count - 1 for option in setup.seat_options()}
        yield f"confirm-{spec.name}", wizard.confirm_page(setup).view()
        if not spec.seats:
            yield f"names-{spec.name}", wizard.names_page(setup).view()
            for option in setup.seat_options():
                yield f"seat-{spec.name}", wizard.seat_page(setup, option.name).view()
    for spec in menu_games():
        game = spec.name
        app = UiApp()
        app.link = LINK
        app.game_started(game, spec.seats or NAMES[: spec.max_players])
        app.staff_unlocked(0.0)
        app.last_scores = present_scores(_scores(game, spec.max_players), app.players)
        deck = "hex" if game == "hex-referee" else game
        recorded = _recorded(deck, spec.max_players)
        if deck.startswith("rummy"):
            wilds = _wilds(deck, spec.max_players)
            app.flow_status(RummyStatus(game, 1, 0, (), recorded=recorded, wilds=wilds))
            for view in _walk(number_menu(app, wilds[-1], app.to_game), seen):
                yield f"wild-numbers-{game}", view
        elif deck != "hex":
            app.flow_status(TrickStatus(game, 1, 1, 0, recorded=recorded))
        for view in _walk(game_menu(app), seen):
            yield f"menu-{game}", view
        if deck in ("fibonachos", "trump"):
            last = spec.max_players - 1
            missing = TrickStatus(game, 144, 17, last, missing=_missing(deck, last))
            app.flow_status(replace(missing, awaiting=Awaiting.MISSING_CARD))
            for view in _walk(missing_menu(app), seen):
                yield f"missing-{game}", view
        if deck == "trump":
            for awaiting in (Awaiting.LEADER, Awaiting.LEADER_SHOWN):
                card = f"{longest_card(deck)}#1"
                app.flow_status(TrickStatus(game, 1, 1, None, awaiting=awaiting, leader_card=card))
                yield f"leader-{game}", leader_menu(app).view()


def _bases(deck: str) -> tuple[str, ...]:
    """A set's first cards as the rummy questions name them: the longest base card, the
    deck's longest card."""
    return (f"B{max(RUMMY_DECKS[deck].bases)}#1", f"{longest_card(deck)}#1")


def _wilds(deck: str, players: int) -> tuple[WildCard, ...]:
    """A wild card of each seat in a set on each first card, with every number fitting."""
    numbers = RUMMY_DECKS[deck].numbers
    return tuple(
        WildCard(f"{deck}/W/{seat}/{base}", seat, base, None, numbers)
        for seat in range(players)
        for base in _bases(deck)
    )


def _scores(game: str, players: int) -> Scores:
    points = tuple(-987 + 7 * seat for seat in range(players))
    return Scores(game, 144, points, points, (0,), tuple(range(players)))


def game_screens() -> Iterator[tuple[str, View]]:
    """Every game screen, presented from the flows' facts with the longest names."""
    for game, suit in (("fibonachos", Suit.YELLOW), ("trump", Colour.P)):
        card = longest_card(game)
        plays = tuple(Played(seat, card) for seat in range(4))
        for awaiting in Awaiting:
            status = TrickStatus(game, 144, 17, 4, awaiting=awaiting)
            yield f"{game}-{awaiting.value}", present(status, NAMES)
            asked = replace(status, round=1, to_play=None, leader_card=f"{card}#1")
            yield f"{game}-{awaiting.value}-leader-card", present(asked, NAMES)
        missing = TrickStatus(game, 144, 17, 4, plays, awaiting=Awaiting.MISSING_CARD)
        yield f"{game}-missing", present(replace(missing, missing=_missing(game)), NAMES)
        trump = Colour.P if game == "trump" else None
        symbol = Symbol.CIRCLE if game == "trump" else None
        spicy = "S5#3" if game == "fibonachos" else None
        status = TrickStatus(game, 144, 17, 4, plays, suit, trump, symbol, spicy)
        yield f"{game}-trick", present(status, NAMES)
        yield f"{game}-unknown-leader", present(replace(status, to_play=None), NAMES)
        # Before a trick's first card: the last trick, a card from each of five players.
        last = tuple(Played(seat, card) for seat in range(5))
        first = replace(status, plays=(), lead=None, last=last, last_winner=4)
        yield f"{game}-last-trick", present(first, NAMES)
        yield f"{game}-last-trick-short", present(first, [name[:3] for name in NAMES])
        won = TrickWon(4, card, 17, (card, card))
        notice = Notice(NoticeKind.TRICK_WON, "", detail=won)
        view = present_notice(notice, NAMES, game)
        assert view is not None
        yield f"{game}-won", view
        one = present_notice(replace(notice, detail=replace(won, prize=(card,))), NAMES, game)
        assert one is not None
        yield f"{game}-won-one", one
        for players in (2, 5):
            yield f"{game}-scores", present(_scores(game, players), NAMES[:players])
            final = replace(_scores(game, players), round=None, totals=None)
            yield f"{game}-final", present(final, NAMES[:players])
            yield f"{game}-final-one", present(replace(final, winners=(1,)), NAMES[:players])
    for game in ("rummy21", "rummy13", "rummy8", "rummy89"):
        card = longest_card(game)
        sets = (
            MeldSet(card, SetState.CLOSED),
            MeldSet(card, SetState.COMPLETE, wild="W=55"),
            MeldSet(card, SetState.OPEN, Lack.POINTS, missing=88),
            MeldSet(card, SetState.OPEN, Lack.WILD_NUMBER),
            MeldSet(card, SetState.OPEN, Lack.IMPOSSIBLE),
            MeldSet(card, SetState.ILLEGAL, rule="R2", fault=card),
            MeldSet(card, SetState.ILLEGAL, rule="R2"),
        )
        for page in range(4):
            yield f"{game}-sets", present(RummyStatus(game, 144, 4, sets, page), NAMES)
        yield f"{game}-empty", present(RummyStatus(game, 144, 4, ()), NAMES)
        for base in _bases(game):
            yield f"{game}-close", closing_question(Closing(4, base), NAMES, game)
            for wild in _wilds(game, 5)[-2:]:
                yield f"{game}-wild", wild_question(replace(wild, base=base), NAMES, game)
                few = replace(wild, base=base, fits=wild.fits[:1])
                yield f"{game}-wild-one", wild_question(few, NAMES, game)
    sides = next(spec.seats for spec in all_games() if spec.name == "hex-referee")
    for hexed in (
        HexStatus(Side.WHITE, 144, 6, 6),
        HexStatus(Side.WHITE, 144, 6, 6, reduction=6),
        HexStatus(Side.WHITE, 144, 6, 6, card=6),
        HexStatus(Side.WHITE, 144, 6, 6, awaiting=Awaiting.MOVE_CARD),
        HexStatus(Side.WHITE, 144, 6, 0, winner=Side.WHITE),
    ):
        yield "hex", present(hexed, sides)


def idle_screens() -> Iterator[tuple[str, View]]:
    scores = present_scores(_scores("trump", 5), NAMES)
    for kiosk in (False, True):
        app = UiApp()
        app.kiosk = kiosk
        app.last_result = result_lines(app.label or "Fibonacci Trump", scores)
        for now in (0.0, 5.0):
            app.now = now
            yield "idle", IdlePage(app).view()
        app.staff_unlocked(0.0)
        yield "idle-staff", IdlePage(app).view()
    solo = replace(scores, leaders=(0,))
    yield "idle-one", IdlePage(_with_result(result_lines("Fibonacci Trump", solo))).view()
    app = UiApp()
    app.game_started("fibonachos", NAMES)
    yield "waiting", GamePage(app).view()
    show_scores(app)
    yield "no-scores", app.screen(0.0)


#: The longest home link: the longest IPv4 address and port, a 12-character token.
LINK = "http://192.168.100.200:65535/t/home?k=" + "W" * 12


def phone_screens() -> Iterator[tuple[str, View]]:
    """Issue 15: the players' page's code (a menu entry, a game's start, the attract
    screen) and the names a phone typed, waiting for a press (the longest names)."""
    yield "phone-menu", phone_view(LINK)
    yield "phone-start", phone_view(LINK, started=True, hint="")
    app = UiApp()
    app.link = LINK
    app.staff_unlocked(0.0)
    for kiosk, now in ((False, 5.0), (True, 9.0)):  # the code's turn on the idle screen
        app.kiosk, app.now = kiosk, now
        yield "phone-idle", IdlePage(app).view()
    for count in (2, 5):
        app.propose_names(NAMES[:count], 0.0)
        yield f"names-offer-{count}", app.screen(0.0)


def table_setup_screens() -> Iterator[tuple[str, View]]:
    """Issue 26: every answer of "Set up the table": the seats found (one to four, on
    each side), every problem, a layout that could not be saved."""
    readings = [SeatReading(rummy_layout(n), count=n) for n in SEAT_COUNTS]
    readings += [SeatReading(rummy_layout(["bottom"] * 2 + ["left"] * 2), count=4)]
    readings += [SeatReading(None, problem, count=4, seat=4) for problem in SeatProblem]
    readings += [SeatReading(None, SeatProblem.TOO_FEW, count=1)]
    for reading in readings:
        for players in SEAT_COUNTS:
            app = UiApp()
            app.page = LookingPage(app, players)
            yield "table-setup-looking", app.screen(0.0)
            for saved in (True, False):
                app.page = LookingPage(app, players)
                app.table_set_up(reading, saved)
                yield "table-setup", app.screen(0.0)


def _with_result(lines: tuple[str, ...]) -> UiApp:
    app = UiApp()
    app.last_result = lines
    return app


def every_screen() -> Iterator[tuple[str, View]]:
    """Every screen above, in the table's language (the caller sets it)."""
    yield from menu_screens()
    for deck in DECKS:
        yield from notice_screens(deck)
    yield from fault_screens()
    yield from game_screens()
    yield from idle_screens()
    yield from phone_screens()
    yield from table_setup_screens()
