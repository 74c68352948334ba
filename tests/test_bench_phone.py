"""bench/phone.py's pure helpers (issue 15): the latency the README quotes is worked out
from the loop's changes and the phones' updates by these, so they are checked here."""

from __future__ import annotations

import doctest

import pytest
from bench_modules import bench

phone = bench("phone")


def test_examples_run() -> None:
    """The helpers' docstring examples hold (issue 15)."""
    failed, tried = doctest.testmod(phone)
    assert tried >= 3
    assert failed == 0


def test_a_version_no_phone_got_is_not_a_page_change() -> None:
    """A change whose page looked the same sends no update: it is left out, not timed to
    the next update (issue 15)."""
    published = {5: 10.0, 6: 10.1, 7: 10.2}
    updates = [[(5, 10.01), (7, 10.21)], [(5, 10.02), (7, 10.22)]]
    assert phone.page_changes(published, updates) == {5: 10.0, 7: 10.2}


def test_a_phone_that_missed_a_version_is_timed_to_the_update_that_shows_it() -> None:
    """One phone's stream folded two versions into one update: its latency for the first
    runs to that later update (issue 15)."""
    changes = {5: 10.0, 6: 10.1}
    late = phone.latencies(changes, [(4, 9.9), (6, 10.3)])
    assert late == pytest.approx([0.3, 0.2])


def test_a_change_no_update_reached_is_not_timed() -> None:
    """A phone that got nothing at or past a version has no latency for it (issue 15)."""
    assert phone.latencies({5: 10.0}, [(4, 9.9)]) == []


def test_spread_is_in_milliseconds() -> None:
    """Median, 95th percentile and max, in ms (issue 15)."""
    assert phone.spread([0.010, 0.020, 0.030]) == {
        "median_ms": 20.0,
        "p95_ms": 29.0,
        "max_ms": 30.0,
    }


def test_the_script_reader_answers_all_the_daemon_asks() -> None:
    """The bench's script stands in for the daemon's reader: it has every method of the
    reader's port (:class:`companion.daemon.runtime.Reader`). Before, the port gained
    ``expect`` and the bench stopped at its start, so the README's figures went stale."""
    from companion.daemon.runtime import Reader

    asked = {name for name in vars(Reader) if not name.startswith("_")}
    assert asked <= set(vars(phone.Script)), sorted(asked - set(vars(phone.Script)))
