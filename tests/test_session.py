"""The session: inputs journaled before they act, a restart replays them (issue 6 part 2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.flows.base import FlowCommand, GameFlow, Notice, NoticeKind
from companion.games import CardGameReport, RoundScore
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.views import MessageView


class TallyFlow(GameFlow):
    """A deterministic stand-in flow: it keeps the cards in play and ends at five."""

    game = "tally"

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = list(players)
        self.options = dict(options)
        self.cards: list[str] = []

    def placed(self, card: TableCard) -> list[Notice]:
        if card.notation in self.cards:
            return [Notice(NoticeKind.REFUSED, f"{card.notation} already played", "F1")]
        self.cards.append(card.notation)
        return []

    def command(self, command: FlowCommand) -> list[Notice]:
        return [Notice(NoticeKind.REFUSED, f"unknown command {command.name}")]

    def undo(self) -> list[Notice]:
        if self.cards:
            self.cards.pop()
        return []

    def view(self) -> MessageView:
        return MessageView("tally", tuple(self.cards))

    def record(self) -> dict[str, Any]:
        return {"game": "tally", "players": self.players, "cards": list(self.cards)}

    def report(self) -> CardGameReport[RoundScore]:
        """The first seat scores a point a card, in one round."""
        points = (len(self.cards),) + (0,) * (len(self.players) - 1)
        rounds = (RoundScore(points),)
        return CardGameReport("tally", tuple(self.players), rounds, self.is_over(), flags=())

    def is_over(self) -> bool:
        return len(self.cards) >= 5


def factory(
    game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, Any]
) -> GameFlow:
    return TallyFlow(players, options)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def card(notation: str) -> TableCard:
    return TableCard(f"x/1/{notation}", "x", notation, "play", (0.5, 0.25))


def test_a_restart_resumes_exactly(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    session = Session(Journal.open(path), clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana", "Ben"], [], {"seed": 7})
    for notation in ["R1#1", "R2#1", "R2#1", "G3#1"]:
        session.table("placed", card(notation))
    session.command(FlowCommand("undo"))
    before = session.flow.record() if session.flow else None
    session.journal.close()  # the process dies here

    again = Session.resume(Journal.open(path), clock=Clock(), factory=factory)
    assert again.flow is not None
    assert (
        again.flow.record()
        == before
        == {
            "game": "tally",
            "players": ["Ana", "Ben"],
            "cards": ["R1#1", "R2#1"],
        }
    )
    assert isinstance(again.flow, TallyFlow) and again.flow.options == {"seed": 7}


def test_inputs_are_journaled_in_order_and_undo_is_an_event(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.db")
    session = Session(journal, clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana"], [])
    session.table("placed", card("R1#1"))
    session.command(FlowCommand("undo"))
    assert session.game_id is not None
    kinds = [
        (e.kind, e.payload.get("name", e.payload.get("event")))
        for e in journal.events(session.game_id)
    ]
    assert kinds == [("table", "placed"), ("command", "undo")]


def test_a_finished_game_is_closed_with_its_result(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.db")
    session = Session(journal, clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana"], [])
    game_id = session.game_id
    for i in range(5):
        session.table("placed", card(f"R{i + 1}#1"))
    assert session.flow is None
    assert game_id is not None
    entry = journal.game(game_id)
    assert entry.result is not None and entry.result["score"] == {
        "game": "tally",
        "players": ["Ana"],
        "rounds": [{"points": [5]}],
        "totals": [5],
        "complete": True,
        "winners": [0],
        "flags": [],
    }
    assert journal.unfinished() is None
    assert Session.resume(journal, clock=Clock(), factory=factory).flow is None


def test_a_full_disk_keeps_the_game_in_memory(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.db")
    session = Session(journal, clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana"], [])
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages}")
    notices: list[Notice] = []
    for i in range(4):
        notices += session.table("placed", card(f"{'Y' * 3000}{i}"))
    assert session.memory_only
    assert any("Disk full" in n.message for n in notices)
    assert sum("Disk full" in n.message for n in notices) == 1  # said once, not per card
    assert session.flow is not None and len(session.flow.record()["cards"]) == 4


def test_a_new_game_closes_the_one_in_play(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.db")
    session = Session(journal, clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana"], [])
    first = session.game_id
    session.table("placed", card("R1#1"))
    session.start_game("tally", ["Ben"], [])
    assert first is not None
    entry = journal.game(first)
    assert entry.result is not None and entry.result["reason"] == "replaced"
    assert journal.unfinished() is not None


def test_the_default_factory_plays_fibonachos_and_resumes(tmp_path: Path) -> None:
    """Issue 4 section 3: the real flows behind the session; a restart replays them."""
    from companion.table.cards import TableCard

    path = tmp_path / "journal.db"
    session = Session(Journal.open(path), clock=Clock())
    session.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], {"seed": 7})
    deck = "fibonachos"
    session.table("placed", TableCard("f/S3", deck, "S3#1", "spicy", (0.5, 0.1)))
    for notation in ["R13", "G2", "Y16", "R13"]:
        session.table("placed", TableCard(f"f/{notation}", deck, notation, "play", (0.5, 0.5)))
    session.command(FlowCommand("undo"))
    assert session.flow is not None
    before = session.flow.record()
    assert before["rounds"][0]["tricks"] == [{"spicy": "S3#1", "plays": ["R13", "G2"]}]
    session.journal.close()

    again = Session.resume(Journal.open(path), clock=Clock())
    assert again.flow is not None and again.flow.game == "fibonachos"
    assert again.flow.record() == before
