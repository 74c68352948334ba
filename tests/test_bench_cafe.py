"""bench/cafe.py's helpers and its tables' script (issue 22, item 8): the latencies and
the exactly-once check docs/cafe.md quotes are worked out by these, so they are pinned."""

from __future__ import annotations

import doctest
import json

from bench_modules import bench

cafe = bench("cafe")
cafe_load = bench("cafe_load")


def test_examples_run() -> None:
    """The helpers' docstring examples hold: the percentile by nearest rank, each state
    timed once, the first time the feed shows it (issue 22)."""
    failed, tried = doctest.testmod(cafe)
    assert tried >= 3
    assert failed == 0


def test_a_state_replaced_before_it_showed_is_not_timed() -> None:
    """Only the states the feed shows are timed, from when each left its table: a
    table's card shown twice with the same state counts once, per table (issue 22)."""

    def card(name: str, since: float) -> str:
        return json.dumps({"card": {"name": name, "idle_since": since}})

    lines = [(2.0, card("t1", 1.0)), (2.5, card("t2", 1.0)), (3.0, card("t1", 1.0))]
    assert cafe.delays(lines) == [1.0, 1.5]


def test_the_tables_play_a_real_game_in_the_contracts_order() -> None:
    """The script is a recorded game as a table sends it: the game row before its first
    event, events numbered one after another each saying the one before, the ended row
    after the last; in play each state carries the game and its players' page view,
    between games none (issue 22)."""
    steps = cafe_load.script(games=2)
    first, last = steps[0].events, steps[-1].events
    assert first["event"] is None and first["game"]["ended"] is None
    assert last["event"] is None and last["game"]["ended"] is not None
    assert steps[-1].game is None
    seqs = [s.events["event"]["seq"] for s in steps if s.events["event"] is not None]
    assert seqs == list(range(1, len(seqs) + 1))
    afters = [s.events["after"] for s in steps if s.events["event"] is not None]
    assert afters == [0, *seqs[:-1]]
    playing = [s.game for s in steps if s.events["event"] is not None]
    assert all(g is not None and g.live is not None for g in playing)
    assert {s.events["game"]["id"] for s in steps} == {1, 2}
