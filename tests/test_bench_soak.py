"""bench/soak.py, the README's "days of play": its table plays the demo cafe's games one
after the other through the daemon's loop, each to its end (R9: the rummy match ended
from its menu; H4: the hex game won), the next one on the screen. The bench is not run
here (minutes); its table is, so the bench cannot rot unseen as bench/phone.py once did."""

from __future__ import annotations

from pathlib import Path

from bench_modules import bench

from companion.cli.cafe_demo import PLANS
from companion.games.trump import SPEC as TRUMP


def test_the_soak_tables_games_end_and_the_next_shows(tmp_path: Path) -> None:
    """Each game of the bench's table ends (its journal says so), the next one with it:
    before, a rummy match after a game shown to its final scores lost its screen at its
    first press, and its next card stopped the loop (IndexError)."""
    soak = bench("soak")
    table = soak.Table(tmp_path)
    try:
        quick = [plan for plan in PLANS if plan.game != TRUMP.name]  # Trump: 30,000 frames
        for number, plan in enumerate([*quick, *quick], start=1):
            assert table.play(plan, plan.seed) > 0
            games = table.session.journal.games()
            assert len(games) == number and games[-1].ended is not None
        assert soak.resident_mb() > 10
    finally:
        table.daemon.farewell()
        table.daemon.links.close()
        table.session.journal.close()
