"""Stored games scored again by an updated server's rules (docs/cafe.md, "Updating
the server"): a game the server did not know, or a score older rules read otherwise,
is counted as the running rules say, once, in small batches between the tables'
messages, resuming where a killed server stopped; on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator

import pytest
from cafe_fixtures import KEY, settings_for
from cafe_sim import dumps
from test_leaderboard import GAMES

from companion.bus.contract import GameRow, MessageError
from companion.cafe import outcome, rescore
from companion.cafe.ingest import Incoming
from companion.cafe.rescore import Rescore
from companion.cafe.server import CafeServer
from companion.cafe.store import StandingRow, Store, open_store


def _before_the_update(database: str, monkeypatch: pytest.MonkeyPatch) -> Store:
    """A database of the last version (no ``meta`` table) whose server knew none of
    GAMES' games (tables updated before it): its six games stored ended, not counted;
    opened by this version."""
    with monkeypatch.context() as patched:
        patched.setattr(outcome, "not_known", lambda record: "the game")
        server = CafeServer(settings_for(1, database), open_store(database), key=KEY)
        server.take(GAMES)
    server.store.execute("DROP TABLE meta")
    server.store.close()
    return open_store(database)  # the update: the same database, opened by this version


@pytest.fixture
def old(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """:func:`_before_the_update`, on each backend."""
    store = _before_the_update(database, monkeypatch)
    yield store
    store.close()


def _fibonachos(store: Store) -> list[StandingRow]:
    return store.standings("fibonachos", None)


def test_a_game_the_server_did_not_know_is_counted_after_the_update(
    old: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """Before, the log said "update the server to count it", and after the update
    nothing read the row again: the game was never counted."""
    assert _fibonachos(old) == []
    updated = Rescore(old, CafeServer(settings_for(1, ":memory:"), old, key=KEY).ingest.lock)
    assert updated.due()
    with caplog.at_level(logging.INFO, "companion.cafe"):
        updated.run()
    assert [(s.player, s.played, s.wins, s.best) for s in _fibonachos(old)] == [
        ("Ana", 3, 2, 58),
        ("Ben", 2, 1, 40),
        ("Cy", 2, 0, 53),
    ]
    assert "t1 game 1 (fibonachos) scored again" in caplog.text
    assert "Ana 58, Ben 18, Cy 53, was not counted" in caplog.text
    assert not updated.due()  # not again at the next start
    assert not Rescore(old, updated.lock).due()


def test_a_score_older_rules_read_otherwise_is_replaced(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """An older server's number (Cy's best 999, a scoring since fixed) stays on the
    leaderboard for ever before; the updated rules' is counted now, and logged."""
    store = open_store(database)
    try:
        server = CafeServer(settings_for(1, database), store, key=KEY)
        server.take(GAMES)
        store.begin()
        store.execute("UPDATE seats SET total = 999 WHERE game_id = 1 AND player = 'Cy'")
        store.execute("INSERT INTO meta (key, value) VALUES ('rules', 'older')")
        store.commit()
        assert {s.player: s.best for s in _fibonachos(store)}["Cy"] == 999
        Rescore(store, server.ingest.lock).run()
        assert [s.best for s in _fibonachos(store)] == [58, 40, 53]
        assert "Cy 53, was Ana 58, Ben 18, Cy 999" in caplog.text
    finally:
        store.close()


def test_the_rescoring_resumes_and_the_tables_go_on_being_stored(
    old: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Small batches, each its own transaction: a table's message is stored between
    two; a server killed half way resumes where it was (no game read twice), and the
    log says how far it has come."""
    monkeypatch.setattr(rescore, "BATCH", 2)
    monkeypatch.setattr(rescore, "PROGRESS_EVERY", 2)
    read: list[int] = []
    scored = rescore.scored_again

    def counted(row: GameRow) -> rescore.Again:
        read.append(row.id)
        return scored(row)

    monkeypatch.setattr(rescore, "scored_again", counted)
    server = CafeServer(settings_for(1, ":memory:"), old, key=KEY)
    with caplog.at_level(logging.INFO, "companion.cafe"):
        assert Rescore(old, server.ingest.lock).step()  # then the server is killed
        newer = json.loads(GAMES[0].payload)
        newer["table"], newer["game"]["id"] = "t2", 1
        assert server.take([Incoming("t2", "events", dumps(newer))]).stored == 1
        again = Rescore(old, server.ingest.lock)  # the next start
        while again.step():
            pass
    assert read == [1, 2, 3, 4, 5, 6, 1]  # t1's six, then t2's stored meanwhile
    assert "scored again 2 stored games, 4 to go" in caplog.text
    assert "scored again 4 stored games, 3 to go" in caplog.text  # t2's counted too
    assert "scored again 6 stored games, 1 to go" in caplog.text
    assert "every stored game is scored by these rules: 7 read again, 5 changed" in caplog.text
    assert [s.played for s in _fibonachos(old)] == [4, 3, 3]


def test_the_updated_server_counts_them_by_itself_at_its_start(old: Store) -> None:
    """No command to remember: the server's own start scores the stored games again in
    its thread (``finished`` is set when it is done), and counts them."""
    server = CafeServer(settings_for(1, ":memory:"), old, key=KEY)
    server.rescore.start()
    try:
        assert server.rescore.finished.wait(60)
    finally:
        server.rescore.stop()
    assert [s.played for s in _fibonachos(old)] == [3, 2, 2]


def test_a_record_the_rules_fail_on_stalls_no_other_game(
    old: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fault of the rules on one stored record (an error no rule names) is logged with
    its game and the rest are counted; before, the batch was tried again for ever."""
    scored = rescore.scored_again

    def faulty(row: GameRow) -> rescore.Again:
        if row.id == 2:
            raise KeyError("players")
        return scored(row)

    monkeypatch.setattr(rescore, "scored_again", faulty)
    Rescore(old, threading.Lock()).run()
    assert "t1 game 2 (fibonachos) could not be scored again" in caplog.text
    played = {s.player: s.played for s in _fibonachos(old)}
    assert played == {"Ana": 2, "Ben": 1, "Cy": 2}  # game 2 (Ana, Ben) counts nowhere
    assert not Rescore(old, threading.Lock()).due()


def test_a_long_batch_ends_early_so_the_tables_wait_little(
    old: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A transaction ends once its scoring has taken ``BUDGET`` seconds (here at once:
    one game each), so long trump matches hold the tables' messages back for a moment,
    not for a hundred of them; the games are all counted, none read twice."""
    monkeypatch.setattr(rescore, "BUDGET", -1.0)
    again = Rescore(old, threading.Lock())
    steps = 1
    while again.step():
        steps += 1
    assert steps == 6  # six games, one a transaction (the last sees it is the last)
    assert [s.played for s in _fibonachos(old)] == [3, 2, 2]


def test_a_new_database_is_stamped_and_nothing_is_said(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A new server's database has no games to score again: it is stamped with the
    running rules at once, and its log says nothing of rules changed (before: "the rules
    changed: scoring 0 stored games again" at every new cafe's first start)."""
    store = open_store(database)
    try:
        fresh = Rescore(store, threading.Lock())
        with caplog.at_level(logging.INFO, "companion.cafe"):
            fresh.run()
        assert not fresh.due()
        assert "rules changed" not in caplog.text and "read again" not in caplog.text
    finally:
        store.close()


def test_thousands_of_games_changed_are_counted_not_each_named(
    old: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An update that counts a game the server did not know may change thousands: the
    log names the first ``NAMED`` (here 2), says the others are counted, and its last
    line counts them all (before, a line a game, whatever their number)."""
    monkeypatch.setattr(rescore, "NAMED", 2)
    with caplog.at_level(logging.INFO, "companion.cafe"):
        Rescore(old, threading.Lock()).run()
    named = [r.getMessage() for r in caplog.records if "scored again by" in r.getMessage()]
    assert len(named) == 2
    assert named[-1].endswith("the games changed after this one are counted, not named")
    assert "6 read again, 5 changed" in caplog.text  # game 4, abandoned, counts nowhere


def test_a_damaged_mark_begins_the_scoring_again(old: Store) -> None:
    """How far the scoring had come is kept in the database; a mark that cannot be read
    (damaged, or of another shape) begins it again rather than stopping it."""
    old.begin()
    old.execute("INSERT INTO meta (key, value) VALUES ('rescore', ?)", ('{"rules": 1',))
    old.commit()
    again = Rescore(old, threading.Lock())
    again.run()
    assert not again.due()
    assert [s.played for s in _fibonachos(old)] == [3, 2, 2]


def test_a_record_the_rules_refuse_is_named_with_why_and_the_others_counted(
    database: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A scoring fix may find thousands of stored records it refuses: each counts
    nowhere, the first ``NAMED`` (here 2) are named with why, the last line counts them
    all (before, a warning line a game, whatever their number)."""
    store = open_store(database)
    try:
        server = CafeServer(settings_for(1, database), store, key=KEY)
        server.take(GAMES)  # counted by the rules of the day
        store.begin()
        store.execute("INSERT INTO meta (key, value) VALUES ('rules', 'older')")
        store.commit()

        def refused(row: GameRow, record: object) -> None:
            raise MessageError(f"{row.table} game {row.id}: the result's record: F4 broken")

        monkeypatch.setattr(rescore, "NAMED", 2)
        monkeypatch.setattr(rescore, "record_score", refused)
        with caplog.at_level(logging.INFO, "companion.cafe"):
            Rescore(store, server.ingest.lock).run()
        lines = [r.getMessage() for r in caplog.records]
        why = [line for line in lines if "the rules refuse" in line]
        assert len(why) == 3, why  # two games named, and the last line
        assert why[0].startswith("cafe: t1 game 1 (fibonachos) scored again by this server")
        assert "not counted, the rules refuse its record now (the result's record: F4 bro" in why[0]
        assert why[-1].endswith(
            "6 read again, 5 changed, 6 not counted: the rules refuse their records"
        )
        assert _fibonachos(store) == []
    finally:
        store.close()


def test_the_servers_of_a_chain_take_turns_and_read_each_game_once(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Docs/cafe.md, "A chain of cafes": every server on the one PostgreSQL database
    scores the stored games again after an update. A server's batch waits while
    another's runs, then goes on from where it stopped: every game is read once (before,
    both read the same games, each batch's work done twice)."""
    import psycopg

    monkeypatch.setattr(rescore, "BATCH", 2)
    first = _before_the_update(pg_url, monkeypatch)
    second = open_store(pg_url)
    inside, go_on = threading.Event(), threading.Event()
    read: list[int] = []
    scored = rescore.scored_again

    def held(row: GameRow) -> rescore.Again:
        read.append(row.id)
        if threading.current_thread().name == "first" and not inside.is_set():
            inside.set()  # the first server's batch holds its transaction here
            assert go_on.wait(60)
        return scored(row)

    def to_the_end(again: Rescore) -> None:
        while again.step():
            pass

    monkeypatch.setattr(rescore, "scored_again", held)
    one = threading.Thread(target=Rescore(first, threading.Lock()).step, name="first")
    other = threading.Thread(target=to_the_end, args=(Rescore(second, threading.Lock()),))
    waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'advisory'"
    try:
        one.start()
        assert inside.wait(60)
        other.start()
        with psycopg.connect(pg_url, autocommit=True) as watch:
            waited = False
            while other.is_alive() and not waited:  # the second waits its turn, or ends
                waited = watch.execute(waiting).fetchone() == (1,)
        assert waited, "the second server read the games the first was scoring"
    finally:
        go_on.set()
        one.join(60)
        other.join(60)
        second.close()
    assert sorted(read) == [1, 2, 3, 4, 5, 6]
    assert [s.played for s in _fibonachos(first)] == [3, 2, 2]
    first.close()
