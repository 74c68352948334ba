"""What lies on the table by the journal (``Session.lying``), which a restarted tracker
starts from: the tracker's view, which the buttons do not change (issue 23 item 2, the
doubts about ``Session.lying()``; issue 10 item 4)."""

from __future__ import annotations

import itertools
from pathlib import Path

from companion.flows.commands import Replace, Undo
from companion.flows.registry import check_options
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved


def session_of(path: Path, game: str, players: list[str]) -> Session:
    session = Session(Journal.open(path), clock=itertools.count(1_000.0).__next__)
    options = {"leader": 0} if game == "trump" else {}
    session.start_game(game, players, [], check_options(game, options, len(players)))
    return session


def resumed(session: Session) -> Session:
    return Session.resume(session.journal, clock=itertools.count(5_000.0).__next__)


def test_a_correction_leaves_the_card_lying_as_the_tracker_read_it(tmp_path: Path) -> None:
    """Issue 10 item 3 (a misread card corrected, its zone too), issue 23 item 2: the
    game takes the card as corrected; what lies on the table is the card as the tracker
    read it, where it read it, so a restarted tracker starts where the live one was, and
    the card picked up later is the same removal to the game either way."""
    session = session_of(tmp_path / "j.db", "trump", ["Ana", "Ben", "Cy"])
    read = TableCard("trump/1/R7/1", "trump", "R2", "play", (0.5, 0.5))
    session.table(CardPlaced(read))
    session.command(Replace(read.key, "R7", "trump-indicator"))
    flow = session.flow
    assert flow is not None and flow.status().trump is not None  # taken as the indicator
    assert session.lying() == [read]
    again = resumed(session)
    assert again.lying() == [read]
    assert again.flow is not None and again.flow.status() == flow.status()
    session.table(CardRemoved(read))
    again.table(CardRemoved(read))
    assert again.flow.status() == flow.status()
    assert session.lying() == again.lying() == []


def test_an_undone_removal_leaves_the_card_off_the_table_as_the_tracker_saw(
    tmp_path: Path,
) -> None:
    """R4, issue 23 item 2: undo takes a rummy card's removal back in the game (the card
    is in its set again); the tracker saw it go, so it is not lying by the journal, live
    or after a restart; put down again, it is read anew and the game is the same."""
    session = session_of(tmp_path / "j.db", "rummy21", ["Ana", "Ben"])
    base = TableCard("rummy21/1/21/1", "rummy21", "21", "meld-0", (0.1, 0.1))
    session.table(CardPlaced(base))
    session.table(CardRemoved(base))
    session.command(Undo())
    flow = session.flow
    assert flow is not None and flow.status().complete == (1, 0)
    assert session.lying() == []
    again = resumed(session)
    assert again.lying() == []
    assert again.flow is not None and again.flow.status() == flow.status()
    session.table(CardPlaced(base))
    assert flow.status().complete == (1, 0)
    assert session.lying() == [base]


def test_a_rummy_card_moved_out_of_the_meld_zones_lies_where_it_was_seen_last(
    tmp_path: Path,
) -> None:
    """R4 (one card, one place), issue 23 item 2: a card of a set seen next in the play
    area lies there by the journal, and the game no longer counts it in its set, live
    and after a restart."""
    session = session_of(tmp_path / "j.db", "rummy21", ["Ana", "Ben"])
    base = TableCard("rummy21/1/21/1", "rummy21", "21", "meld-0", (0.1, 0.1))
    moved = TableCard(base.key, "rummy21", "21", "play", (0.5, 0.5))
    session.table(CardPlaced(base))
    session.table(CardPlaced(moved))
    flow = session.flow
    assert flow is not None and flow.status().complete == (0, 0)
    assert session.lying() == [moved]
    again = resumed(session)
    assert again.lying() == [moved]
    assert again.flow is not None and again.flow.status() == flow.status()
