"""A game played at random (the demos' tables): seeded, whole, and valid for ``companion score``."""

from __future__ import annotations

import random

from companion.games.random_play import random_record
from companion.games.scoring import score_record


def test_the_same_seed_plays_the_same_game_and_it_scores_complete() -> None:
    """F7: three rounds make a whole Fibonachos game; the record is valid."""
    one = random_record("fibonachos", ["Ana", "Ben"], [], random.Random(3))
    two = random_record("fibonachos", ["Ana", "Ben"], [], random.Random(3))
    other = random_record("fibonachos", ["Ana", "Ben"], [], random.Random(4))
    assert one == two and one != other
    assert score_record(one).complete


def test_a_game_without_an_end_stops_at_the_bound() -> None:
    """R9 sets no end to rummy: the bound stops it, with a valid partial record."""
    record = random_record("rummy21", ["Ana", "Ben"], [], random.Random(1), max_actions=200)
    assert not score_record(record).complete
