"""Screens in the players' words (issue 12): no rule id, serial, zone or internal string.

Every notice a flow gives in a scripted game of each kind (the example records played
through the flows, then the wrong inputs a table makes: a card out of turn, a card
of another deck, an undo with nothing to undo, a correction of an unknown card...)
is shown the way the OLED shows it, in every language; no screen may show a rule id
("(F5)", "R5"), a serial ("#1"), a zone ("meld-1", "play-2", "trump-indicator"), a
card's notation ("G7") or the text of an exception. The same holds of every entry of
the catalogue, and of issue 10's screens: the missing card's game screen and menu, the
leader question and its menu, the list of cards to correct.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from flow_tables import load, play_fibonachos, play_rummy, play_trump

from companion.flows.base import GameFlow, Notice
from companion.flows.commands import (
    CloseSet,
    CountHands,
    EndRound,
    EndTurn,
    Leader,
    Missing,
    Move,
    Page,
    Replace,
    Strikes,
    TakeBack,
    Undo,
    Wild,
    Winner,
)
from companion.flows.registry import make_flow, takes
from companion.table.cards import TableCard
from companion.ui.app import UiApp
from companion.ui.draw import recording_texts
from companion.ui.ingame import GamePage
from companion.ui.menus import correct_menu, game_menu, leader_menu, out_menu, wild_menu
from companion.ui.missing_menu import missing_menu
from companion.ui.screens import render
from companion.views import MenuView, MessageView, ScoresView, TrickView, TrickWonView
from companion.views.cards import card_name, card_short
from companion.views.i18n import LANGUAGES, LOCALE, _, speaking

#: What must never reach a player's screen.
FORBIDDEN = {
    "rule id": re.compile(r"\(\s*[FTRH][0-9]+\s*\)|\b[FTRH][0-9]\b"),
    "serial": re.compile(r"#\s*[0-9]"),
    "zone": re.compile(r"\b(?:meld|play)-[0-9]|trump-indicator|symbol-indicator"),
    "notation": re.compile(r"\b[RGYBPSWXM][0-9]{1,2}\b(?!\s*(?:Trick|Pli))|\((?:play|spicy)\)"),
    "internal": re.compile(
        r"Error|errno|Traceback|exception|None\b|object at 0x|\{|\}|'[a-z]+/|refused:"
    ),
}


def offences(text: str) -> list[str]:
    return [name for name, pattern in FORBIDDEN.items() if pattern.search(text)]


def shown(app: UiApp, notice: Notice) -> list[str]:
    """The texts of the screen ``notice`` shows at ``app``'s table."""
    app.overlays.clear()
    app.notices([notice], 0.0)
    view = app.screen(0.0)
    if isinstance(view, MessageView):
        return [view.title, *view.lines, view.hint]
    if isinstance(view, ScoresView):
        return [view.title, *view.players, view.footer]
    if isinstance(view, TrickWonView):
        return [view.winner, view.card, view.prize or ""]
    return []


def card(deck: str, notation: str, zone: str, key: str = "") -> TableCard:
    return TableCard(key or f"{deck}/1/{notation}", deck, notation, zone)


def fibonachos() -> Iterator[tuple[GameFlow, list[Notice]]]:
    for name in ("full-3p.json", "revoke.json", "full-2p.json"):
        record = load("fibonachos", name)
        flow = make_flow("fibonachos", record["players"], record["variants"], options={})
        notices = play_fibonachos(flow, record)
        notices += flow.placed(card("fibonachos", "R13#1", "play"))  # the match is over
        yield flow, notices
    flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={"dealer": 2})
    notices = flow.undo()
    notices += flow.placed(card("fibonachos", "R3#1", "play"))  # before the spicy card
    notices += flow.placed(card("fibonachos", "R3#1", "spicy"))  # a nacho on the spicy spot
    notices += flow.placed(card("fibonachos", "S3#1", "spicy"))
    notices += flow.placed(card("fibonachos", "S1#1", "play"))  # a spicy card in play
    notices += flow.placed(card("fibonachos", "B7", "play"))  # no such card
    notices += flow.placed(card("trump", "R3", "play"))  # another deck
    notices += flow.placed(card("fibonachos", "R13#1", "play-1"))  # out of turn
    notices += flow.placed(card("fibonachos", "R13#1", "play-0"))
    notices += flow.placed(card("fibonachos", "G13#1", "play-0"))  # a second card
    notices += flow.placed(card("fibonachos", "S2#1", "spicy"))  # spicy after the lead
    notices += flow.command(Replace("fibonachos/1/R13#1", "R12"))
    notices += flow.command(Replace("fibonachos/1/R13#1", "S3"))
    notices += flow.command(Replace("nowhere", "R1"))
    notices += flow.command(Replace("fibonachos/1/R12", "R12", zone="meld-1"))
    notices += flow.command(Leader(1))
    notices += flow.command(Undo())
    yield flow, notices
    yield missing_card()


def fib_card(notation: str, zone: str = "play") -> TableCard:
    return TableCard(f"fibonachos/1/{notation}", "fibonachos", notation, zone, (0.5, 0.5))


#: Called after each input of a script with its flow (to look at the screens).
Watch = Callable[[GameFlow], None]


def _steps(
    flow: GameFlow, inputs: list[Callable[[], list[Notice]]], watch: Watch | None
) -> tuple[GameFlow, list[Notice]]:
    notices: list[Notice] = []
    for given in inputs:
        notices += given()
        if watch is not None:
            watch(flow)
    return flow, notices


def missing_card(watch: Watch | None = None) -> tuple[GameFlow, list[Notice]]:
    """Issue 10 item 4: a trick cleared before Cy's card was read, cards held meanwhile,
    the card given by the wrong seat, then right, then given again."""
    flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={"dealer": 2})
    first = [fib_card("S0", "spicy"), fib_card("R16"), fib_card("G16")]
    inputs: list[Callable[[], list[Notice]]] = [partial(flow.placed, c) for c in first]
    inputs.append(partial(flow.sighted, fib_card("Y7")))  # glimpsed, never confirmed
    inputs += [partial(flow.removed, c) for c in first]
    inputs += [partial(flow.placed, fib_card("S1", "spicy")), partial(flow.placed, fib_card("R15"))]
    inputs += [partial(flow.command, Missing(0, "Y16")), partial(flow.command, Missing(9, "Y16"))]
    inputs += [flow.undo, partial(flow.command, Missing(2, "Y16"))]
    inputs += [partial(flow.command, Missing(2, "Y15"))]
    return _steps(flow, inputs, watch)


def first_rounds(record: dict[str, Any], rounds: int | None) -> dict[str, Any]:
    """``record`` with only its first ``rounds`` rounds (all of them for None)."""
    return record if rounds is None else {**record, "rounds": record["rounds"][:rounds]}


def trump(rounds: int | None = None) -> Iterator[tuple[GameFlow, list[Notice]]]:
    """Trump's scripted games; the recorded games cut to their first ``rounds``."""
    for name in ("full-game-4p.json", "revoke.json"):
        record = first_rounds(load("trump", name), rounds)
        options = {"leader": record["rounds"][0].get("leader")}
        flow = make_flow("trump", record["players"], record["variants"], options=options)
        yield flow, play_trump(flow, record)
    flow = make_flow("trump", ["Ana", "Ben", "Cy"], [], options={"leader": None})
    notices = flow.placed(card("trump", "R3", "play"))  # before the indicators
    notices += flow.placed(card("trump", "R1", "trump-indicator"))
    notices += flow.placed(card("trump", "R1", "symbol-indicator", "trump/2/R1"))
    notices += flow.placed(card("trump", "G7", "symbol-indicator"))
    notices += flow.placed(card("trump", "B3", "play"))  # the leader is not known
    notices += flow.command(Leader(7))
    notices += flow.command(Leader(2))
    notices += flow.placed(card("trump", "R9", "trump-indicator", "trump/3/R9"))
    notices += flow.placed(card("trump", "Q1", "play"))
    notices += flow.placed(card("trump", "B3", "play"))
    notices += flow.command(Leader(1))
    yield flow, notices
    yield leader_shown()


def leader_shown(watch: Watch | None = None) -> tuple[GameFlow, list[Notice]]:
    """T3, issue 10 item 3: a card not the named one, the named one led in the shared
    area, an indicator changed under it, the leader said, then too late."""
    flow = make_flow("trump", ["Ana", "Ben", "Cy"], [], options={"leader": None})
    cards = [
        card("trump", "R7", "trump-indicator"),
        card("trump", "G4", "symbol-indicator"),
        card("trump", "B3", "play-1"),  # not R1: its holder leads
        card("trump", "R1", "play"),  # led in the shared area
        card("trump", "B4", "play"),  # who led R1?
        card("trump", "P2", "trump-indicator", "trump/9/P2"),
    ]
    inputs: list[Callable[[], list[Notice]]] = [partial(flow.placed, c) for c in cards]
    inputs.append(partial(flow.command, Leader(1)))
    plays = ("R2", "R3", "B5", "B6", "B7", "B8", "B9", "B10")
    inputs += [partial(flow.placed, card("trump", n, "play")) for n in plays]
    inputs.append(partial(flow.command, Leader(2)))  # round 1 is over by now? (T3)
    return _steps(flow, inputs, watch)


def rummy(rounds: int | None = None) -> Iterator[tuple[GameFlow, list[Notice]]]:
    """The rummy games' scripted games; the recorded games cut to their first ``rounds``."""
    for name in ("rummy21-full.json", "rummy8-full.json", "rummy13-full.json"):
        record = first_rounds(load("rummy", name), rounds)
        flow = make_flow(record["game"], record["players"], record["variants"], options={})
        yield flow, play_rummy(flow, record)
    flow = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    notices = flow.undo()
    notices += flow.placed(TableCard("a", "rummy21", "B5#1", "meld-0", (0.2, 0.3)))
    notices += flow.placed(TableCard("b", "rummy21", "W#1", "meld-0", (0.2, 0.35)))
    notices += flow.placed(TableCard("c", "rummy21", "W#2", "meld-0", (0.2, 0.4)))
    notices += flow.placed(TableCard("d", "rummy21", "B8#1", "meld-1", (0.4, 0.3)))
    notices += flow.placed(TableCard("e", "rummy21", "B3#1", "meld-1", (0.4, 0.35)))
    notices += flow.placed(TableCard("f", "rummy21", "Z9", "meld-1", (0.6, 0.3)))
    notices += flow.placed(TableCard("g", "trump", "R3", "meld-1", (0.6, 0.3)))
    notices += flow.command(Wild("b", 99))
    notices += flow.command(CloseSet(0, "5"))
    notices += flow.command(CloseSet(1, "13"))
    notices += flow.command(CloseSet(5, "5"))
    notices += flow.command(TakeBack(0, "5"))
    notices += flow.placed(TableCard("a", "rummy21", "B5#1", "meld-0", (0.2, 0.3), True))
    notices += flow.command(EndRound(None))
    notices += flow.command(CountHands())
    notices += flow.command(Wild("b", 8))
    notices += flow.command(Wild("c", 8))
    notices += flow.command(EndRound(0))
    notices += flow.command(Replace("nowhere", "B5"))
    notices += flow.command(Replace("a", "B3"))
    notices += flow.command(Undo())
    notices += flow.command(Move("a1-b1"))
    yield flow, notices
    for game in ("rummy13", "rummy8"):  # issue 26: Deck 21's cards the game takes out
        flow = make_flow(game, ["Ana", "Ben"], [], options={})
        notices = []
        for at, out in enumerate(("21#1", "13#2", "B13#3", "X#1")):
            laid = TableCard(f"out{at}", "rummy21", out, "meld-0", (0.2 * at, 0.3))
            notices += flow.placed(laid)
        yield flow, notices


def hex_games() -> Iterator[tuple[GameFlow, list[Notice]]]:
    for variants, options in (((), {}), (("cards",), {"move-cards": "camera"})):
        flow = make_flow("hex-referee", ["Black", "White"], variants, options=options)
        notices = flow.undo()
        notices += flow.command(Move())
        notices += flow.placed(card("hex", "M9", "play"))
        notices += flow.placed(card("hex", "M3", "play"))
        notices += flow.placed(card("hex", "M2#3", "play"))
        for _turn in range(4):
            notices += flow.command(Move())
        notices += flow.command(EndTurn())
        notices += flow.command(Strikes(2))
        notices += flow.command(Strikes(99))
        notices += flow.command(Strikes(0))
        notices += flow.command(Winner("purple"))
        notices += flow.command(Winner("white"))
        notices += flow.command(Move())
        yield flow, notices
    flow = make_flow("hex", ["Black", "White"], [], options={"mode": "board"})
    notices = flow.command(Move("a1-b1"))
    notices += flow.command(Move("zz"))
    notices += flow.command(Move("b2-c2"))
    notices += flow.command(EndTurn())
    notices += flow.command(Winner("black"))
    notices += flow.command(Strikes(1))
    notices += flow.undo()
    yield flow, notices


GAMES: dict[str, Callable[..., Iterator[tuple[GameFlow, list[Notice]]]]] = {
    "fibonachos": fibonachos,
    "trump": trump,
    "rummy": rummy,
    "hex": hex_games,
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_screen_of_a_scripted_game_speaks_the_developers_language(game: str, lang: str) -> None:
    bad: dict[str, list[str]] = {}
    count = 0
    for flow, notices in GAMES[game]():
        app = UiApp()
        app.game, app.players = flow.game, tuple(getattr(flow, "players", ("Black", "White")))
        for notice in notices:
            assert notice.said is not None, f"{flow.game}: {notice.message!r} says nothing"
            count += 1
            with speaking(lang):
                for text in shown(app, notice):
                    if offences(text):
                        bad.setdefault(notice.message, []).append(text)
    assert count > 20 and bad == {}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_no_entry_of_the_catalogue_speaks_the_developers_language(lang: str) -> None:
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "companion.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    fields = re.compile(r"\{[a-z]*\}")
    bad = [
        text
        for message in catalog
        for text in (message.id, message.string)
        if any(offences(fields.sub("", str(words))) for words in _forms(text))
    ]
    assert bad == []


def _forms(text: object) -> list[object]:
    return list(text) if isinstance(text, tuple | list) else [text]


def test_the_check_catches_what_the_issue_saw() -> None:
    """The patterns catch the screens issue 12 quotes."""
    seen = [
        "Refused (R5)",
        "Y11#1 replaced by Y12",
        "W in meld-1",
        "replace: no card 'fibonachos/R11#1' was played or refused",
        "I2C write failed (errno 121)",
        "Who has R2?",  # issue 10's screens as they landed
        "G7 (seen)",
        "R13 (play)",
    ]
    assert all(offences(text) for text in seen)
    assert not offences("Red 13: it is Ana's turn, not Ben's.")


def screen_texts(app: UiApp) -> list[str]:
    """The texts of the game screen and of the menus issue 10 added, as they are now."""
    texts: list[str] = []
    view = app.flow
    if isinstance(view, TrickView):
        texts += [view.to_play, view.waiting_for, view.missing, *view.question]
    menus = [game_menu(app), correct_menu(app), missing_menu(app)]
    if isinstance(view, TrickView) and view.question:
        menus.append(leader_menu(app))
    for menu in menus:
        shown = menu.view()
        assert isinstance(shown, MenuView)
        texts += [shown.title, *shown.items]
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("script", [missing_card, leader_shown])
def test_issue_10_screens_name_cards_as_printed(
    script: Callable[[Watch | None], tuple[GameFlow, list[Notice]]], lang: str
) -> None:
    """Issue 12 over issue 10: the missing card's screen and menu, the leader question
    and its menu, the cards to correct: no notation, use, zone or rule id, after every
    input of the scripted game."""
    bad: list[str] = []
    seen: list[str] = []

    def watch(flow: GameFlow) -> None:
        app = UiApp()
        app.game_started(flow.game, tuple(getattr(flow, "players", ())))
        app.flow_status(flow.status())
        texts = screen_texts(app)
        seen.extend(texts)
        bad.extend(text for text in texts if offences(text))

    with speaking(lang):
        script(watch)
        shows = {
            _("Card missing"),
            _("Who leads?"),
            _("{card} (seen)").format(card=card_name("Y7", "fibonachos")),
        }
    assert len(seen) > 20 and bad == []
    assert shows & set(seen)  # the issue-10 screens were reached


SIZES = ((128, 64), (128, 32))


def drawn_words(flow: GameFlow, command: Callable[[Page], object]) -> list[str]:
    """Every text the game screen of ``flow`` draws now, at both panel sizes, in normal
    and large type; a rummy flow's page of every seat (turned with Page, and back)."""
    statuses = [flow.status()]
    if Page in takes(flow.game):
        seats = len(getattr(flow, "players", ()))
        for _seat in range(seats):
            command(Page(1))
            statuses.append(flow.status())
    app = UiApp()
    app.game_started(flow.game, tuple(getattr(flow, "players", ("Black", "White"))))
    with recording_texts() as texts:
        for status in statuses:
            app.flow_status(status)
            view = app.flow
            assert view is not None
            for size in SIZES:
                for large in (False, True):
                    render(view, size, large=large)
    return texts


def watched(monkeypatch: pytest.MonkeyPatch, seen: list[str]) -> None:
    """Each flow the scripts make draws its game screen after every input (its placed,
    removed, sighted, command and undo), the words drawn going to ``seen``."""
    original = make_flow

    def make(*args: object, **kwargs: object) -> GameFlow:
        flow = original(*args, **kwargs)  # type: ignore[arg-type]
        command = flow.command
        for name in ("placed", "removed", "sighted", "command", "undo"):
            method = getattr(flow, name)

            def after(
                *given: object, _method: Callable[..., list[Notice]] = method
            ) -> list[Notice]:
                notices = _method(*given)
                seen.extend(drawn_words(flow, command))
                return notices

            setattr(flow, name, after)
        return flow

    monkeypatch.setattr(sys.modules[__name__], "make_flow", make)


#: The recorded Trump and rummy games are drawn after every input of their first round
#: in the fast set (a round shows every kind of game screen; Trump's 68 rounds, drawn
#: four times an input, cost a minute) and of every round in the slow set.
CUT = ("trump", "rummy")
SCREEN_CASES = [
    *((game, 1 if game in CUT else None) for game in GAMES),
    *(pytest.param(game, None, marks=pytest.mark.slow, id=f"{game}-whole") for game in CUT),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "rounds"), SCREEN_CASES)
def test_no_game_screen_names_a_card_by_its_code(
    game: str, rounds: int | None, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 s1: the game screens themselves (the trick so far and the last trick,
    Trump's indicators, a rummy seat's page of every seat, the hex referee), as drawn at
    128x64 and 128x32, in normal and large type, after every input of each scripted game:
    no card code ("R13", "B5"), serial, zone or rule id; the cards as printed."""
    seen: list[str] = []
    watched(monkeypatch, seen)
    cut = {"rounds": rounds} if game in CUT else {}
    with speaking(lang):
        for _flow, _notices in GAMES[game](**cut):
            pass
        printed = {
            "fibonachos": card_short("Y16", "fibonachos"),
            "trump": card_short("B7", "trump"),
            "rummy": card_short("B5", "rummy21"),
            "hex": _("moves left"),
        }[game]
    bad = sorted({text for text in seen if offences(text)})
    assert len(seen) > 100 and bad == []
    assert any(printed in text for text in seen)  # the cards were on the screens


def test_the_game_screens_check_sees_a_card_code() -> None:
    """The check above can fail: the trick list and the rummy page as they landed."""
    assert offences("Ana R13") and offences("Ben G2  Cy Y16") and offences(".. B13 8 missing")
    assert not offences("Ana Yel 16") and not offences(".. Base 13 8 missing")


def rummy_gestures(watch: Watch) -> None:
    """Issue 11 item 1: a wild card with several numbers, a complete set taken off at
    once (asked, closed, undone, taken back), the top card taken off and closed."""
    flow = make_flow("rummy21", ["Ana", "Ben"], [], options={})

    def lay(key: str, notation: str, x: float, y: float, seat: int = 0) -> TableCard:
        return TableCard(key, "rummy21", f"{notation}#1", f"meld-{seat}", (x, y))

    b8, thirteen, top = (
        lay("a", "B8", 0.2, 0.3),
        lay("b", "13", 0.2, 0.35),
        lay("t", "21", 0.6, 0.3),
    )
    inputs: list[Callable[[], list[Notice]]] = [
        partial(flow.placed, c) for c in (b8, thirteen, top, lay("w1", "B3", 0.8, 0.3))
    ]
    inputs.append(partial(flow.placed, lay("w2", "W", 0.8, 0.35)))  # W = 2, 3, 5, 8 or 13?
    inputs.append(partial(flow.command, Wild("w2", 5)))
    inputs += [partial(flow.removed, c) for c in (b8, thirteen)]  # close Ana's set on base 8?
    inputs += [partial(flow.command, CloseSet(0, "B8")), flow.undo]
    inputs += [partial(flow.command, TakeBack(0, "B8")), partial(flow.removed, top)]
    inputs.append(partial(flow.command, CloseSet(0, "21")))
    _steps(flow, inputs, watch)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rummy_questions_speak_the_players_words(lang: str) -> None:
    """Issue 11 item 1 (R4, R5, R6): the closing question, the wild card's question and
    its numbers, the wild card menu and who went out name players, sets and numbers,
    never a zone, a notation or a 0-based seat, after every input of a scripted game."""
    bad: list[str] = []
    seen: list[str] = []

    def watch(flow: GameFlow) -> None:
        app = UiApp()
        app.game_started(flow.game, tuple(getattr(flow, "players", ())))
        app.flow_status(flow.status())
        view = GamePage(app).view()
        texts = [view.title, *view.lines, view.hint] if isinstance(view, MessageView) else []
        for menu in (wild_menu(app), out_menu(app)):
            shown = menu.view()
            texts += [shown.title, *shown.items]
        seen.extend(texts)
        bad.extend(text for text in texts if offences(text))

    with speaking(lang):
        rummy_gestures(watch)
        asked = {
            _("Close this set?"),
            _("{name}'s set on base {number}").format(name="Ana", number=8),
            _("W = {numbers}?").format(
                numbers=_("{numbers} or {last}").format(numbers="2, 3, 5, 8", last=13)
            ),
            _("base {number}").format(number=3),
        }
    assert bad == [] and asked <= set(seen), asked - set(seen)
