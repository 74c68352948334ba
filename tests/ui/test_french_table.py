"""A French table plays a whole game in French (issue 12, "Done means").

A Fibonachos match (a trick game), a game of Rummy 21 and the hex referee are played
from the start menu to their final scores by the buttons alone, on the real session
(:class:`~companion.daemon.runner.TableRunner`) with the table's cards put down as
``companion ui-demo`` deals them. Every screen shown on the way is drawn at 128x64 and
128x32, in normal and large type, and every word drawn is recorded
(:func:`companion.ui.draw.recording_texts`): none may be an English sentence of the
catalogue (a phrase of a message whose French differs).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from ui_keys import Finger

from companion.cli.ui_demo_table import random_record, record_steps
from companion.daemon.runner import TableRunner
from companion.flows.commands import Wild
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardInput, CardPlaced, CardRemoved
from companion.ui.app import UiApp
from companion.ui.commands import Flow
from companion.ui.draw import recording_texts
from companion.ui.screens import render
from companion.views import MenuView, MessageView, Tone
from companion.views.i18n import LOCALE, _, ngettext, speaking
from companion.views.present import game_label

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rummy"


@cache
def english_phrases() -> frozenset[str]:
    """The English of every catalogue message whose French differs, as phrases: the
    text between its placeholders, of two words or more (one word may be French too)."""
    with (LOCALE / "fr" / "LC_MESSAGES" / "companion.po").open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    phrases: set[str] = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or set(ids) <= set(strings):
            continue
        for text in ids:
            for part in re.split(r"\{[a-z_]*\}", str(text)):
                phrase = part.strip(" .,:;?!")
                if len(phrase.split()) >= 2:
                    phrases.add(phrase)
    return frozenset(phrases)


def english_in(texts: list[str]) -> list[str]:
    return sorted({t for t in texts for p in english_phrases() if p in t})


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class TableHand(Finger):
    """Buttons pressed on the runner, and every screen drawn after each input."""

    def __init__(self, runner: TableRunner, texts: list[str]) -> None:
        super().__init__(runner.app)
        self.runner = runner
        self.texts = texts
        #: The views drawn so far: a view draws the same pixels each time, so it is
        #: drawn once (the interface's language does not change within a test).
        self.drawn: list[object] = []

    def press(self, *names: str, long: bool = False) -> list:  # type: ignore[type-arg]
        commands = []
        for name in names:
            commands += self.runner.press(self.event(name, long=long))
            self.look()
        return commands

    def look(self) -> None:
        view = self.screen()
        if view in self.drawn[-8:]:
            return
        self.drawn.append(view)
        for size in ((128, 64), (128, 32)):
            for large in (False, True):
                render(view, size, large=large)

    def table(self, event: CardInput) -> None:
        self.now += 1.0
        self.runner.table(event, self.now)
        self.look()
        self.now += 10.0  # a passing screen goes by
        self.runner.tick(self.now)
        self.look()

    def menu(self, *labels: str) -> None:
        """BACK opens the game menu (a first BACK may dismiss a notice); then each label
        (in French) is chosen in turn."""
        for _press in range(3):
            if isinstance(self.screen(), MenuView):
                break
            self.press("BACK")
        for label in labels:
            self.choose(label)


def start(hand: TableHand, game: str, players: int | None) -> None:
    """From the start menu: the game, its players, then the first entry of each next
    step (no names, the first seat deals, no variant), then Start."""
    hand.choose(game)
    if players is not None:
        hand.choose(ngettext("{count} player", "{count} players", players).format(count=players))
    while isinstance(hand.screen(), MenuView):
        hand.press("SELECT")
    view = hand.screen()
    assert isinstance(view, MessageView) and view.tone is Tone.CONFIRM, view
    hand.press("SELECT")


def play_rummy(hand: TableHand, record: dict[str, Any]) -> None:
    """Each round of a rummy record as a table lays it: each seat's sets in columns
    (a wild card declared as the menu's Joker entry sends it), the closed ones turned
    face down; Count hands, the hands; End round, who went out."""
    for played in record["rounds"]:
        copies: Counter[str] = Counter()
        for seat, table in enumerate(played["tables"]):
            zone = f"meld-{seat}"
            sets = [(cards, True) for cards in table["closed"]]
            sets += [(cards, False) for cards in table["open"]]
            for column, (cards, closed) in enumerate(sets):
                laid = []
                for row, text in enumerate(cards):
                    face, _sign, number = text.partition("=")
                    copies[face] += 1
                    key = f"rummy21/{face}/{copies[face]}"
                    card = TableCard(
                        key, "rummy21", face, zone, (0.1 + 0.1 * column, 0.1 + 0.05 * row)
                    )
                    hand.table(CardPlaced(card))
                    if number:
                        hand.runner.carry_out(Flow(Wild(key, int(number))), hand.now)
                    laid.append(card)
                for card in laid if closed else []:
                    hand.table(CardPlaced(replace(card, notation="?", face_down=True)))
        hand.menu(_("Count hands"))
        for seat, table in enumerate(played["tables"]):
            for place, text in enumerate(table["hand"]):
                copies[text] += 1
                at = (0.05 + 0.08 * (place % 10), 0.6 + 0.1 * (place // 10))
                key = f"rummy21/{text}/{copies[text]}"
                hand.table(CardPlaced(TableCard(key, "rummy21", text, f"meld-{seat}", at)))
        out = played["out"]
        who = _("Nobody went out")
        if out is not None:
            name = _("Seat {number}").format(number=out + 1)
            who = _("{name} went out").format(name=name)
        hand.menu(_("End round"), who)
        for key in copies:  # the table is cleared for the next round
            for copy in range(1, copies[key] + 1):
                hand.table(
                    CardRemoved(TableCard(f"rummy21/{key}/{copy}", "rummy21", key, "meld-0"))
                )


def play(tmp_path: Path, game: str) -> tuple[list[str], dict[str, object]]:
    """A whole game of ``game`` in French; the words drawn and the game's result."""
    journal = Journal.open(tmp_path / "j.db")
    with speaking("en"), recording_texts() as texts:
        runner = TableRunner(UiApp(language="fr"), Session(journal, clock=Clock()))
        hand = TableHand(runner, texts)
        if game == "hex-referee":
            start(hand, game_label(game), None)
            for _move in range(12):
                hand.press("SELECT")  # a move; the turn ends with its last
            hand.hold("BACK")
            hand.choose(_("Winner"))
            hand.choose(_("Black"))
        else:
            start(hand, game_label(game), 2 if game == "fibonachos" else 3)
            if game == "fibonachos":
                for step in record_steps(random_record(game, 2, (), seed=5)):
                    hand.table(step.table_event())
            else:
                play_rummy(hand, json.loads((EXAMPLES / "rummy21-full.json").read_text()))
                hand.menu(_("End game"))  # R9 sets rummy no end: the table ends it
                hand.press("SELECT")
        for _key in range(3):
            hand.press("SELECT")  # the last scores, then the idle screen
    (played,) = journal.games()
    assert played.result is not None
    return list(texts), dict(played.result.to_json())


@pytest.mark.parametrize("game", ["fibonachos", "rummy21", "hex-referee"])
def test_a_french_table_plays_a_whole_game_in_french(tmp_path: Path, game: str) -> None:
    texts, result = play(tmp_path, game)
    if game == "rummy21":  # three rounds scored, then ended by the table (R9)
        record = result["record"]
        assert isinstance(record, dict) and len(record["rounds"]) == 3
    else:
        assert result["reason"] == "over"
    with speaking("fr"):  # the last scores were on screen
        last = {
            "fibonachos": _("Final scores"),
            "rummy21": _("Round {number}").format(number=3),
            "hex-referee": _("{name} wins").format(name=_("Black")),
        }[game]
    assert any(text.startswith(last) for text in texts)
    assert len(texts) > 100
    assert english_in(texts) == []


def test_the_check_sees_english() -> None:
    """The check can fail: the screens' English sentences are caught, French is not."""
    english = ["Ana to play", "No round ended yet", "Who went out?"]
    assert english_in(english) == sorted(english)
    assert english_in(["Ana joue", "Aucune manche finie", "Qui est sorti ?"]) == []
