"""bench/hex_referee.py, the README's "moves seen at once": its parts run on a few
games, so the bench cannot rot unseen. H3: up to four legal moves shown in one board
are always explained (before, a piece moved twice, through a cell that ended as it
began, was refused: about one board in seven of four moves)."""

from __future__ import annotations

import pytest
from bench_modules import bench


def test_the_bench_plays_legal_turns_and_times_verdicts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Part 2's table as printed: every verdict timed is counted (the same seeds give
    the same boards), each verdict costs some time (a timer round nothing prints 0.0),
    and its figures are in order (median, 90th percentile, most: taken from the
    sorted times)."""
    referee = bench("hex_referee")
    seen = referee.moves_at_once(12)
    assert set(seen) == {1, 2, 3, 4, 5, 6}
    for made in (1, 2, 3, 4):
        assert seen[made]["Refused"] == 0 and seen[made]["Played"] > 20, (made, seen[made])
    times = referee.verdict_times(3, 20)
    assert times["Played"] and times["Refused"]
    assert referee.main(["--games", "1", "--tables", "3", "--boards", "20"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("verdict "))
    rows = [line.split() for line in lines[header + 1 :]]
    printed = {name: (int(boards), *map(float, ms)) for name, boards, *ms in rows}
    assert set(printed) == {"Played", "Refused"}
    for name, (boards, median, p90, most) in printed.items():
        assert boards == len(times[name]), name
        assert most > 0 and median <= p90 <= most, (name, median, p90, most)
