"""The session: inputs journaled before they act, a restart replays them (issue 6 part 2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from loose import loose

from companion.flows import commands
from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import FlowCommand, Undo
from companion.flows.registry import check_options
from companion.flows.rummy import RummyFlow
from companion.flows.status import RummyStatus, Scores
from companion.games import CardGameReport, RoundScore
from companion.games.game_options import GameOptions
from companion.journal import GameResult, Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardSighted
from companion.views.faults import Fault, FaultKind


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

    def status(self) -> Scores:
        return Scores("tally", None, (len(self.cards),))

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
    session.start_game("tally", ["Ana", "Ben"], [], GameOptions.of("tally", {"seed": 7}))
    for notation in ["R1#1", "R2#1", "R2#1", "G3#1"]:
        session.table(CardPlaced(card(notation)))
    session.command(Undo())
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
    session.table(CardPlaced(card("R1#1")))
    session.command(Undo())
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
        session.table(CardPlaced(card(f"R{i + 1}#1")))
    assert session.flow is None
    assert game_id is not None
    entry = journal.game(game_id)
    assert entry.result is not None and entry.result.score is not None
    assert entry.result.score.to_json() == {
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
        notices += session.table(CardPlaced(card(f"{'Y' * 3000}{i}")))
    assert session.memory_only
    assert any("Disk full" in n.message for n in notices)
    assert sum("Disk full" in n.message for n in notices) == 1  # said once, not per card
    assert session.flow is not None and len(loose(session.flow.record())["cards"]) == 4


def test_a_new_game_closes_the_one_in_play(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.db")
    session = Session(journal, clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana"], [])
    first = session.game_id
    session.table(CardPlaced(card("R1#1")))
    session.start_game("tally", ["Ben"], [])
    assert first is not None
    entry = journal.game(first)
    assert entry.result is not None and entry.result.reason == "replaced"
    assert journal.unfinished() is not None


def test_the_default_factory_plays_fibonachos_and_resumes(tmp_path: Path) -> None:
    """Issue 4 section 3: the real flows behind the session; a restart replays them."""
    from companion.table.cards import TableCard

    path = tmp_path / "journal.db"
    session = Session(Journal.open(path), clock=Clock())
    session.start_game(
        "fibonachos", ["Ana", "Ben", "Cy"], [], check_options("fibonachos", {"seed": 7}, 3)
    )
    deck = "fibonachos"
    session.table(CardPlaced(TableCard("f/S3", deck, "S3#1", "spicy", (0.5, 0.1))))
    for notation in ["R13", "G2", "Y16", "R13"]:
        session.table(CardPlaced(TableCard(f"f/{notation}", deck, notation, "play", (0.5, 0.5))))
    session.command(Undo())
    assert session.flow is not None
    before = loose(session.flow.record())
    assert before["rounds"][0]["tricks"] == [{"spicy": "S3#1", "plays": ["R13", "G2"]}]
    session.journal.close()

    again = Session.resume(Journal.open(path), clock=Clock())
    assert again.flow is not None and again.flow.game == "fibonachos"
    assert again.flow.record() == before


def _old_journal(path: Path, *commands: dict[str, Any]) -> None:
    """A journal as the session wrote it before the commands were typed (issue 9)."""
    from companion.table.cards import TableCard

    journal = Journal.open(path)
    game = journal.start_game(
        "rummy21", ["Ana", "Ben"], [], started=1.0, options=check_options("rummy21", {"seed": 3}, 2)
    )
    for key, notation, y in [("a", "B5", 0.3), ("b", "3", 0.35), ("c", "W", 0.4)]:
        placed = TableCard(key, "rummy21", notation, "meld-0", (0.2, y))
        journal.append(game, "table", CardPlaced(placed).to_json(), at=2.0)
    for payload in commands:
        journal.append(game, "command", payload, at=3.0)
    journal.close()


def test_a_journal_written_before_typed_commands_replays(tmp_path: Path) -> None:
    """Issue 9: the journal's {"name", "args"} rows of the old FlowCommand still replay,
    with the forms replace had (a notation, or the card's fields)."""
    from companion.flows.commands import Replace, Wild

    _old_journal(
        tmp_path / "old.db",
        {"name": "replace", "args": {"key": "b", "card": "8"}},
        {"name": "wild", "args": {"key": "c", "number": 8}},
        {"name": "undo", "args": {}},
        {"name": "replace", "args": {"key": "c", "card": {"notation": "5"}}},
        {"name": "page", "args": {"step": 1}},
        {"name": "count-hands", "args": {}},
    )
    old = Session.resume(Journal.open(tmp_path / "old.db"), clock=Clock())

    live = Session(Journal.open(tmp_path / "new.db"), clock=Clock())
    live.start_game("rummy21", ["Ana", "Ben"], [], check_options("rummy21", {"seed": 3}, 2))
    for key, notation, y in [("a", "B5", 0.3), ("b", "3", 0.35), ("c", "W", 0.4)]:
        live.table(CardPlaced(TableCard(key, "rummy21", notation, "meld-0", (0.2, y))))
    typed: list[FlowCommand] = [Replace("b", "8"), Wild("c", 8), Undo(), Replace("c", "5")]
    for command in [*typed, commands.Page(1), commands.CountHands()]:
        live.command(command)
    assert old.flow is not None and live.flow is not None
    assert old.flow.status() == live.flow.status()
    status = live.flow.status()
    assert isinstance(status, RummyStatus) and status.counting
    assert isinstance(live.flow, RummyFlow) and isinstance(old.flow, RummyFlow)
    assert old.flow.sets(0) == live.flow.sets(0)
    assert live.game_id is not None
    rows = [event.payload for event in live.journal.events(live.game_id)][3:]
    assert rows[:3] == [
        {"name": "replace", "args": {"key": "b", "card": "8"}},
        {"name": "wild", "args": {"key": "c", "number": 8}},
        {"name": "undo", "args": {}},
    ]


def test_an_unknown_command_in_the_journal_is_set_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issues 9 and 13: a row no flow command answers to ends the replay there (the game
    goes on from the row before) and is kept aside, named in the log; the table starts."""
    _old_journal(tmp_path / "j.db", {"name": "undo", "args": {}}, {"name": "jump", "args": {}})
    resumed = Session.resume(Journal.open(tmp_path / "j.db"), clock=Clock())
    assert resumed.flow is not None and resumed.journal.dropped == 1
    assert isinstance(resumed.flow, RummyFlow) and len(resumed.flow.sets(0)) == 1
    assert "unknown command 'jump'" in caplog.text


# -- issue 13: a journal the game cannot read never stops the table ----------------------


def _tally_with_a_row_it_cannot_read(path: Path) -> int:
    journal = Journal.open(path)
    session = Session(journal, clock=Clock(), factory=factory)
    session.start_game("tally", ["Ana", "Ben"], [])
    session.table(CardPlaced(card("R1#1")))
    game = session.game_id
    assert game is not None
    # A good checksum on a payload the game cannot read (no key): it crashed the start.
    journal.append(game, "table", {"event": "placed", "deck": "x"}, at=0.0)
    session.table(CardPlaced(card("R2#1")))
    journal.close()
    return game


def test_the_replay_stops_at_an_event_the_game_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    game = _tally_with_a_row_it_cannot_read(path)
    again = Session.resume(Journal.open(path), clock=Clock(), factory=factory)
    assert again.flow is not None and again.flow.record()["cards"] == ["R1#1"]
    assert again.journal.dropped == 2  # the row and the one after it, kept aside
    assert again.journal_faults() == [("repaired", Fault(FaultKind.RESUMED))]
    again.table(CardPlaced(card("G3#1")))  # the game goes on after its last good event
    again.journal.close()
    third = Session.resume(Journal.open(path), clock=Clock(), factory=factory)
    assert third.flow is not None and third.flow.record()["cards"] == ["R1#1", "G3#1"]
    assert third.journal.events(game)[-1].payload["notation"] == "G3#1"


def test_replay_reads_a_game_without_writing(tmp_path: Path) -> None:
    from companion.session import replay

    path = tmp_path / "j.db"
    _tally_with_a_row_it_cannot_read(path)
    before = path.read_bytes()
    with Journal.read(path) as journal:
        entry = journal.unfinished()
        assert entry is not None
        done = replay(journal, entry, factory)
    assert done.flow is not None and done.used == 1 and "KeyError" not in str(done.problem)
    assert done.problem is not None and "'key'" in done.problem
    assert path.read_bytes() == before


def test_a_game_that_cannot_be_rebuilt_is_closed_once(tmp_path: Path) -> None:
    from companion.games.errors import GameError

    def refusing(
        game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, Any]
    ) -> GameFlow:
        raise GameError(f"unknown game {game!r}")

    path = tmp_path / "j.db"
    journal = Journal.open(path)
    journal.start_game("chess", ["Ana", "Ben"], [], started=1.0)
    journal.close()
    first = Session.resume(Journal.open(path), clock=Clock(), factory=refusing)
    assert first.flow is None and first.closed_unreadable
    assert first.journal.games()[0].result == GameResult("unreadable")
    second = Session.resume(Journal.open(path), clock=Clock(), factory=refusing)
    assert not second.closed_unreadable


def test_a_journal_that_cannot_be_opened_keeps_games_in_memory(tmp_path: Path) -> None:
    from companion.session import NOT_SAVED, open_table

    (tmp_path / "file").write_text("")
    session = open_table(tmp_path / "file" / "j.db", clock=Clock(), factory=factory)
    assert session.memory_only
    assert session.journal_faults() == [("journal", Fault(FaultKind.NOT_SAVED))]
    notices = session.start_game("tally", ["Ana"], [])
    assert [n.message for n in notices] == [NOT_SAVED]
    session.table(CardPlaced(card("R1#1")))
    assert session.flow is not None and session.flow.record()["cards"] == ["R1#1"]


def test_the_cards_seen_and_not_placed_before_a_cut_are_pending(tmp_path: Path) -> None:
    """Issue 22 item 6: what the tracker saw and had not confirmed when the power failed
    is known after the restart: the cards sighted within PENDING_SECONDS of the last
    input and not placed since (a card placed, or glimpsed long before, is not)."""
    from companion.session import PENDING_SECONDS

    path = tmp_path / "journal.db"
    clock = Clock()  # one second more at every input
    session = Session(Journal.open(path), clock=clock, factory=factory)
    session.start_game("tally", ["Ana"], [])
    session.table(CardSighted(card("R9#1")))  # a card in a hand, glimpsed once
    for notation in ("R3#1", "R4#1", "R5#1"):
        session.table(CardPlaced(card(notation)))
    session.table(CardSighted(card("R1#1")))
    session.table(CardPlaced(card("R1#1")))
    session.table(CardSighted(card("R2#1")))  # landed just before the cut
    assert clock.now == 1008.0 and PENDING_SECONDS < 1008.0 - 1002.0  # R9 is older
    assert [c.notation for c in session.pending()] == ["R2#1"]
    session.journal.close()
    resumed = Session.resume(Journal.open(path), clock=Clock(), factory=factory)
    assert resumed.pending() == [card("R2#1")]
    assert [c.notation for c in resumed.lying()] == ["R3#1", "R4#1", "R5#1", "R1#1"]
    resumed.end_game()
    assert resumed.pending() == []
