"""The cafe's ``Store`` behaves the same on SQLite and on PostgreSQL (issue 14: "SQLite by
default; PostgreSQL by URL for a chain of cafes"; CAFE_CONTRACT.md "events": each
(table, game id) row once, an ended row never downgraded, each (table, seq) event
once, whatever is sent again). Every test here runs on both backends (``database``)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pg_fixtures import Postgres

from companion.bus.contract import Answer, EventRow, GameFacts, GameRow, TableState
from companion.cafe.columns import state_of
from companion.cafe.store import GameQuery, JournalRow, SeatRow, Store, TableRow, open_store
from companion.journal import GameResult
from companion.views.live_types import Outcome, TableView

NAMES = itertools.count(1)


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = open_store(database)
    yield opened
    opened.close()


def game(table: str, gid: int, *, ended: float | None = None, **changes: Any) -> GameRow:
    row = GameRow(
        table=table,
        id=gid,
        game="fibonachos",
        players=("Ana", "Ben"),
        variants=(),
        options={"dealer": 1},
        started=1000.0 + gid,
        ended=ended,
        result=GameResult("over", winners=(0,)) if ended is not None else None,
    )
    return replace(row, **changes)


def seats(row: GameRow, totals: tuple[int | None, ...], won: tuple[int, ...]) -> list[SeatRow]:
    assert row.ended is not None
    return [
        SeatRow(row.table, row.id, row.game, row.ended, seat, name, totals[seat], seat in won)
        for seat, name in enumerate(row.players)
    ]


def write(store: Store, *puts: GameRow | EventRow | TableRow) -> list[bool | None]:
    """One batch, as the writer thread stores it; what each put changed."""
    store.begin()
    done: list[bool | None] = []
    for put in puts:
        if isinstance(put, GameRow):
            done.append(store.put_game(put, []))
        elif isinstance(put, EventRow):
            done.append(store.put_event(put))
        else:
            store.put_table(put)
            done.append(None)
    store.commit()
    return done


def test_a_game_row_is_kept_once_and_an_ended_row_never_made_open_again(store: Store) -> None:
    """Contract "events": the open row, again, its end, the open row late, an end again."""
    opened, ended = game("t1", 1), game("t1", 1, ended=2000.0)
    assert write(store, opened, opened, ended, opened) == [True, False, True, False]
    later_end = replace(ended, ended=3000.0, result=GameResult("staff"))
    assert write(store, later_end) == [False]
    assert store.game("t1", 1) == ended
    assert store.counts() == (1, 0)


def test_an_event_is_kept_once_per_table_and_seq(store: Store) -> None:
    first = EventRow("t1", 1, 7, 1001.5, "table", {"placed": "R2", "é": [1, None]})
    again = replace(first, payload={"different": True})
    elsewhere = replace(first, table="t2")
    assert write(store, first, again, elsewhere) == [True, False, True]
    assert store.events("t1", 1) == [first]
    assert store.counts() == (0, 2)


def test_what_follows_a_mark_is_listed_in_order_up_to_a_limit(store: Store) -> None:
    write(store, *(EventRow("t1", 1, s, 1.0, "k", {}) for s in (5, 2, 9, 3)))
    write(store, *(game("t1", g) for g in (4, 1, 2)), EventRow("t2", 1, 4, 1.0, "k", {}))
    store.begin()
    assert store.seqs_after("t1", 2, 10) == [3, 5, 9]
    assert store.seqs_after("t1", 0, 2) == [2, 3]
    assert store.game_ids_after("t1", 1, 10) == [2, 4]
    store.commit()


def test_a_rolled_back_batch_leaves_nothing(store: Store) -> None:
    store.begin()
    store.put_game(game("t1", 1), [])
    store.put_event(EventRow("t1", 1, 1, 1.0, "k", {}))
    store.rollback()
    assert store.counts() == (0, 0) and store.games(GameQuery()) == []
    assert write(store, game("t1", 1)) == [True]


def test_tables_keep_their_last_state_and_progress(store: Store) -> None:
    """The state is kept in its one typed shape: its game (renumbered, with the
    table's own id, its page and link) reads back equal."""
    outcome = Outcome(rounds=((3, 5),), totals=(3, 5))
    live = TableView(12, "trump", "Fibonacci's Trump", ("Ana", "Ben"), False, None, outcome, 2, 1)
    game = GameFacts(
        12,
        "trump",
        "Fibonacci's Trump",
        ("Ana", "Ben"),
        2,
        1,
        totals=(3, 5),
        winners=(),
        running=(4, 5),
        journal="ab12cd34",
        link="f" * 64,
        live=live,
        journal_id=2,
    )
    state = TableState("t2", 5.0, game, {"camera": "lost"}, 3.5, answer=Answer("n1", "offered"))
    write(store, TableRow("t2", "online", state, 10.0, 4, 1, True))
    write(store, TableRow("t1", "offline", None, 9.0))
    write(store, TableRow("t2", "offline", state, 11.0, 6, 2, False))
    assert store.tables() == [
        TableRow("t1", "offline", None, 9.0, 0, 0, False),
        TableRow("t2", "offline", state, 11.0, 6, 2, False),
    ]


def test_a_kept_state_this_version_cannot_read_is_no_state(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A database from a version that kept another shape of state (a game id as text,
    totals not one a seat): the table's card shows no game, the log says why, and the
    server starts (the table's next state, within a minute, replaces it)."""
    text = '{"at": 5.0, "game": {"id": "3", "game": "trump", "players": ["Ana"]}}'
    assert state_of("t2", text) is None
    assert "the state kept of t2: game.id" in caplog.text
    assert state_of("t2", None) is None
    assert state_of("t2", '{"at": 5.0, "game": null, "devices": {}}') == TableState(
        "t2", 5.0, None, {}, None
    )


def test_the_history_filters_sorts_and_pages_alike(store: Store) -> None:
    """The dashboard's history: the same rows in the same order on both backends; a
    player is found by the exact name entered (case, ``_`` and ``%`` are letters)."""
    rows = [
        game("t1", 1, ended=1500.0, started=100.0, players=("Ana", "Ben")),
        game("t1", 2, started=300.0, players=("ana", "A_a"), game="trump"),
        game("t-2", 1, ended=1600.0, started=300.0, players=("Aña", "100%")),
        game("t10", 3, started=200.0, players=('Zoé "Z"', "Ben")),
    ]
    write(store, *rows)

    def keys(**filters: Any) -> list[tuple[str, int]]:
        return [(r.table, r.id) for r in store.games(GameQuery(**filters))]

    assert keys() == [("t-2", 1), ("t1", 2), ("t10", 3), ("t1", 1)]
    assert keys(player="Ana") == [("t1", 1)]
    assert keys(player="Aba") == [] and keys(player="A_a") == [("t1", 2)]
    assert keys(player="100%") == [("t-2", 1)] and keys(player="10") == []
    assert keys(player='Zoé "Z"') == [("t10", 3)] and keys(player="Aña") == [("t-2", 1)]
    assert keys(table="t1") == [("t1", 2), ("t1", 1)]
    assert keys(game="trump") == [("t1", 2)]
    assert keys(since=200.0, until=300.0) == [("t10", 3)]
    assert keys(ended=True) == [("t-2", 1), ("t1", 1)]
    assert keys(ended=False, limit=1, offset=1) == [("t10", 3)]
    assert store.game("t10", 3) == rows[3] and store.game("t10", 4) is None
    assert store.game_names() == ["fibonachos", "trump"]


def test_standings_rank_alike(store: Store) -> None:
    """The leaderboard: wins, then fewer games, then the best score (none last), then
    the name; ``since`` leaves older games out; the average is a float."""
    store.begin()
    for gid, (ended, totals, won) in enumerate(
        [
            (100.0, (10, 3), (0,)),
            (200.0, (4, 7), (1,)),
            (300.0, (None, None), (0,)),
            (400.0, (5, 8), (1,)),
        ],
        start=1,
    ):
        row = game("t1", gid, ended=ended, players=("Ana", "Ben"))
        store.put_game(row, seats(row, totals, won))
    for gid, totals, winner in ((5, (None, None), 0), (6, (None, 1), 1)):
        row = game("t2", gid, ended=500.0, game="hex", players=("Cy", "Di"))
        store.put_game(row, seats(row, totals, (winner,)))
    store.put_game(game("t1", 9, ended=500.0, game="trump"), [])
    store.commit()
    everyone = store.standings("fibonachos", None)
    assert [(s.player, s.played, s.wins, s.best) for s in everyone] == [
        ("Ana", 4, 2, 10),
        ("Ben", 4, 2, 8),
    ]
    assert everyone[0].average == pytest.approx(19 / 3) and isinstance(everyone[0].average, float)
    recent = store.standings("fibonachos", 250.0)
    assert [(s.player, s.played, s.wins, s.average, s.best) for s in recent] == [
        ("Ben", 2, 1, 8.0, 8),
        ("Ana", 2, 1, 5.0, 5),
    ]
    no_score = store.standings("hex", None)
    assert [(s.player, s.average, s.best) for s in no_score] == [("Di", 1.0, 1), ("Cy", None, None)]
    assert store.standings("trump", None) == []


def test_seats_are_kept_with_the_end_only(store: Store) -> None:
    ended = game("t1", 1, ended=100.0)
    store.begin()
    assert store.put_game(ended, seats(ended, (3, 4), (1,)))
    assert not store.put_game(ended, seats(ended, (30, 40), (0,)))
    store.commit()
    assert [(s.player, s.best) for s in store.standings("fibonachos", None)] == [
        ("Ben", 4),
        ("Ana", 3),
    ]


def test_a_store_opened_again_finds_everything(database: str) -> None:
    """The schema is made at the first start and found at the next (nothing lost)."""
    first = open_store(database)
    write(first, game("t1", 1, ended=5.0), EventRow("t1", 1, 1, 1.0, "k", {"a": 1}))
    first.close()
    second = open_store(database)
    try:
        assert second.counts() == (1, 1) and second.game("t1", 1) == game("t1", 1, ended=5.0)
    finally:
        second.close()


def test_readers_on_other_threads_see_each_commit(store: Store) -> None:
    """The dashboard reads on its own threads while the writer writes."""
    seen: list[tuple[int, int]] = []
    for gid in (1, 2):
        write(store, game("t1", gid))
        reader = threading.Thread(target=lambda: seen.append(store.counts()))
        reader.start()
        reader.join()
    assert seen == [(1, 0), (2, 0)]


MESSAGES = st.lists(
    st.tuples(st.integers(1, 3), st.booleans(), st.sampled_from([10.0, 20.0]), st.integers(1, 6)),
    min_size=1,
    max_size=25,
)


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages=MESSAGES)
def test_whatever_is_sent_again_in_any_order_the_store_holds_the_same(
    store: Store, messages: list[tuple[int, bool, float, int]]
) -> None:
    """Any mix of open and ended rows and events, repeated and out of order: a game is
    ended with its first end, and each event is the first one sent."""
    table = f"h{next(NAMES)}"
    want_games: dict[int, GameRow] = {}
    want_events: dict[int, EventRow] = {}
    store.begin()
    for gid, ends, when, seq in messages:
        row = game(table, gid, ended=when if ends else None)
        held = want_games.get(gid)
        if held is None or (held.ended is None and row.ended is not None):
            want_games[gid] = row
        store.put_game(row, [])
        event = EventRow(table, gid, seq, when, "k", {"from": gid})
        want_events.setdefault(seq, event)
        store.put_event(event)
    store.commit()
    held_games = store.games(GameQuery(table=table, limit=100))
    assert sorted(held_games, key=lambda r: r.id) == [want_games[g] for g in sorted(want_games)]
    held_events = [e for gid in want_games for e in store.events(table, gid)]
    assert sorted(held_events, key=lambda e: e.seq) == [want_events[s] for s in sorted(want_events)]


def test_a_postgresql_restart_costs_one_batch_not_the_server(
    postgres: Postgres, pg_url: str
) -> None:
    """docs/cafe.md: once running, the server opens its connections again after
    PostgreSQL restarts (the batch that met the restart is not stored, and not
    acknowledged to the broker, so it comes again)."""
    store = open_store(pg_url)
    try:
        write(store, game("t1", 1))
        assert store.counts() == (1, 0)
        postgres.restart()
        assert store.counts() == (1, 0)  # the dashboard's reader: connected again
        assert write(store, game("t1", 2)) == [True]  # the writer: at its next batch
        assert store.counts() == (2, 0)
    finally:
        store.close()


def test_a_games_link_is_kept_once_and_opens_its_game(store: Store) -> None:
    """Issue 15 (the players' page at a cafe): a game's link digest is kept once, the
    first one wins, and a digest opens its own table's game only."""
    write(store, game("t1", 1), game("t2", 1))
    store.begin()
    store.put_link("t1", 1, "a" * 64)
    store.put_link("t1", 1, "b" * 64)
    store.commit()
    assert store.link("t1", 1) == "a" * 64
    assert store.linked("t1", "a" * 64) == 1
    assert store.linked("t2", "a" * 64) is None
    assert store.link("t2", 1) is None


def test_a_new_journal_is_numbered_after_what_the_table_sent(store: Store) -> None:
    """Issue 14 (a new SD card starts again at game 1, seq 1): the highest game and seq
    held of a table, and each journal of a table recorded once with its bases."""
    assert store.last_ids("t1") == (0, 0)
    write(store, game("t1", 1), game("t1", 2), EventRow("t1", 2, 7, 1.0, "table", {}))
    assert store.last_ids("t1") == (2, 7)
    assert store.last_ids("t2") == (0, 0)
    first = JournalRow("t1", "ab" * 8, 2, 7, 50.0)
    store.begin()
    store.put_journal(first)
    store.put_journal(replace(first, game_base=9, since=60.0))
    store.commit()
    assert store.journals() == [first]
