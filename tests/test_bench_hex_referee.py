"""bench/hex_referee.py, the README's "moves seen at once": its parts run on a few
games, so the bench cannot rot unseen. H3: up to four legal moves shown in one board
are always explained (before, a piece moved twice, through a cell that ended as it
began, was refused: about one board in seven of four moves)."""

from __future__ import annotations

from bench_modules import bench


def test_the_bench_plays_legal_turns_and_times_verdicts() -> None:
    referee = bench("hex_referee")
    seen = referee.moves_at_once(12)
    assert set(seen) == {1, 2, 3, 4, 5, 6}
    for made in (1, 2, 3, 4):
        assert seen[made]["Refused"] == 0 and seen[made]["Played"] > 20, (made, seen[made])
    times = referee.verdict_times(3, 20)
    assert times["Played"] and times["Refused"]
    assert all(seconds >= 0 for values in times.values() for seconds in values)
