"""Issue 26: ``companion ui-demo``'s scripted table plays as a table does.

``r`` puts a whole round of Fibonachos down (it stopped after one trick: the next
trick's spicy card looked like a new round); the rummy table lays each set card by
card in its order, a wild card in its place (it laid them last, and the sets without
them said "Not a set"); a pause (Count hands) holds ``n`` until the buttons did what it
says (``n`` walked past it and laid the hands as sets); and no hand is laid out larger
than a table holds (a random game's hands reach 44 cards).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from loose import loose
from test_ui_demo import DemoHand

from card_codes.catalogue import deck_cards
from companion.cli.ui_demo_table import HAND_CARDS, table_script
from companion.flows.base import NoticeKind
from companion.flows.status import RummyStatus, SetState, TrickStatus
from companion.views import MenuView


class Table(DemoHand):
    """The demo with a clock the test moves, a game started; the flow's notices kept."""

    def __init__(self, tmp_path: Path, game: str, players: str) -> None:
        super().__init__(tmp_path, capsys=None)  # type: ignore[arg-type]  # notes: key()
        self.choose(game)
        self.choose(players)
        while isinstance(self.app.screen(self.now), MenuView):
            self.press("SELECT")
        self.press("SELECT")  # start
        self.notices: list[tuple[NoticeKind, str]] = []
        self.demo.runner.listeners.append(
            lambda notices, _now: self.notices.extend((n.kind, n.message) for n in notices)
        )

    def key(self, key: str) -> list[str]:
        """A table key (n, t, r, e); the notes it said."""
        self.now += 1.0
        table = self.demo.table
        table.advance({"n": "card", "t": "trick", "r": "round", "e": "game"}[key], self.now)
        notes, table.notes[:] = list(table.notes), []
        return notes

    def status(self) -> object:
        flow = self.demo.runner.session.flow
        return flow.status() if flow is not None else None


def test_r_puts_down_the_whole_round_of_fibonachos(tmp_path: Path) -> None:
    """Issue 26 (F3, F8): one ``r`` plays every trick of round 1; the next starts round 2."""
    table = Table(tmp_path, "Fibonachos", "3 players")
    table.key("r")
    status = table.status()
    assert isinstance(status, TrickStatus) and status.round == 2, status
    flow = table.demo.runner.session.flow
    assert flow is not None
    (played, *_) = loose(flow.record())["rounds"]
    assert len(played["tricks"]) == 17  # F3: 17 tricks of three players


def test_r_puts_down_the_whole_round_of_trump(tmp_path: Path) -> None:
    """Issue 26 (T3): in Trump ``r`` stops at the leader's question, then plays round 1."""
    table = Table(tmp_path, "Fibonacci Trump", "2 players")
    (note,) = table.key("r")  # the indicators, then who leads round 1
    assert note.endswith("then n")
    table.press("SELECT")
    table.choose(note.split(": SELECT, ", 1)[1].split(",")[0])
    table.key("r")
    status = table.status()
    assert isinstance(status, TrickStatus) and status.round == 2, status


def test_the_rummy_table_lays_its_sets_in_order_and_waits_for_the_buttons(
    tmp_path: Path,
) -> None:
    """Issue 26 (R2, R5, R6): card by card, no set is ever refused or illegal (a wild
    card lies in its place); ``n`` at a pause says it again and lays nothing until the
    menu's Count hands; the hands are laid out after it."""
    table = Table(tmp_path, "Rummy 21", "2 players")
    illegal: list[str] = []

    def to_the_next_pause() -> list[str]:
        for _card in range(200):
            notes = table.key("n")
            status = table.status()
            assert isinstance(status, RummyStatus)
            illegal.extend(s.base for s in status.sets if s.state is SetState.ILLEGAL)
            if notes:
                return notes
        raise AssertionError("no pause")

    notes = to_the_next_pause()
    while "Count hands" not in notes[0]:  # each wild card asked: given as the note says
        assert "declare the wild card" in notes[0], notes
        path = notes[0].split(": ", 1)[1].split(", then")[0].split(" > ")[1:]
        table.press("BACK")
        for label in path:
            table.choose(label)
        notes = to_the_next_pause()
    assert illegal == [] and not [m for k, m in table.notices if k is NoticeKind.REFUSED]
    done = table.demo.table.done
    assert table.key("n") == notes and table.key("r") == notes  # held: said again
    assert table.demo.table.done == done
    table.press("BACK")
    table.choose("Count hands")
    assert table.key("n") == [] and table.demo.table.done == done + 2  # the pause, a card
    status = table.status()
    assert isinstance(status, RummyStatus) and status.counting


@pytest.mark.parametrize("game", ["rummy21", "rummy13", "rummy8", "rummy89"])
def test_no_hand_is_laid_out_larger_than_a_table_holds(game: str) -> None:
    """Issue 26: at most HAND_CARDS cards of each hand are laid out (a Seat 1 of 44
    cards was), inside the picture."""
    steps = table_script(game, 2, (), seed=1)
    count = [i for i, s in enumerate(steps) if s.wait == "count"]
    end = [i for i, s in enumerate(steps) if s.wait == "end"]
    assert count and len(count) == len(end)
    for start, stop in zip(count, end, strict=True):
        hands = [s.card for s in steps[start + 1 : stop] if s.card is not None]
        for zone in {c.zone for c in hands}:
            assert 0 < len([c for c in hands if c.zone == zone]) <= HAND_CARDS
        assert all(c.position and 0 < c.position[0] < 1 and 0 < c.position[1] < 1 for c in hands)


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("fibonachos", 3),
        ("trump", 3),
        ("rummy21", 2),
        ("rummy13", 2),
        ("rummy8", 2),
        ("rummy89", 2),
    ],
)
def test_every_card_is_named_as_the_printed_deck_names_it(game: str, players: int) -> None:
    """docs/notation.md ("Every printed card has one name"): a serial only on a face the
    deck holds more than once (R1#2, S3#1, W#1), none on one it holds once (R13, B7), so
    `companion export` of a ui-demo game writes the names a real table's would."""
    steps = table_script(game, players, (), seed=3)
    cards = {s.card for s in steps if s.card is not None}
    printed = {c.notation for c in deck_cards(next(iter(cards)).deck)}
    assert cards and {c.notation for c in cards} <= printed
    assert any("#" in c.notation for c in cards) == (game != "trump")
