"""Screens in the players' words (issue 12): no rule id, serial, zone or internal string.

Every notice a flow gives in a scripted game of each kind (the example records played
through the flows, then the wrong inputs a table makes: a card out of turn, a card
of another deck, an undo with nothing to undo, a correction of an unknown card...)
is shown the way the OLED shows it, in every language; no screen may show a rule id
("(F5)", "R5"), a serial ("#1"), a zone ("meld-1", "play-2", "trump-indicator") or
the text of an exception. The same holds of every entry of the catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from flow_tables import load, play_fibonachos, play_rummy, play_trump

from companion.flows.base import GameFlow, Notice
from companion.flows.commands import (
    CloseSet,
    CountHands,
    EndRound,
    EndTurn,
    Leader,
    Move,
    Replace,
    Strikes,
    Undo,
    Wild,
    Winner,
)
from companion.flows.registry import make_flow
from companion.table.cards import TableCard
from companion.ui.app import UiApp
from companion.views import MessageView, ScoresView, TrickWonView
from companion.views.i18n import LANGUAGES, LOCALE, speaking

#: What must never reach a player's screen.
FORBIDDEN = {
    "rule id": re.compile(r"\(\s*[FTRH][0-9]+\s*\)|\b[FTRH][0-9]\b(?!\s*(?:Trick|Pli))"),
    "serial": re.compile(r"#\s*[0-9]"),
    "zone": re.compile(r"\b(?:meld|play)-[0-9]|trump-indicator|symbol-indicator"),
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


def trump() -> Iterator[tuple[GameFlow, list[Notice]]]:
    for name in ("full-game-4p.json", "revoke.json"):
        record = load("trump", name)
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


def rummy() -> Iterator[tuple[GameFlow, list[Notice]]]:
    for name in ("rummy21-full.json", "rummy8-full.json", "rummy13-full.json"):
        record = load("rummy", name)
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


def hex_games() -> Iterator[tuple[GameFlow, list[Notice]]]:
    for variants, options in (((), {}), (("cards",), {"move-cards": "camera"})):
        flow = make_flow("hex-referee", ["Black", "White"], variants, options=options)
        notices = flow.undo()
        notices += flow.command(Move())
        notices += flow.placed(card("hex", "M9", "play"))
        notices += flow.placed(card("hex", "M3", "play"))
        notices += flow.placed(card("hex", "M2#3", "play"))
        for _ in range(4):
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


GAMES: dict[str, Callable[[], Iterator[tuple[GameFlow, list[Notice]]]]] = {
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
    ]
    assert all(offences(text) for text in seen)
    assert not offences("Red 13: it is Ana's turn, not Ben's.")
