"""The last line of ``companion replay`` counts in the singular where it is one (the
docs walk: "1 events, 0 refused, 1 button presses" and "1 cards put down since held")."""

from __future__ import annotations

from companion.daemon.replay import EventRow, ReplayResult
from companion.games.registry import get_game


def _result(events: int, presses: int) -> ReplayResult:
    game = get_game("fibonachos").new(["Ana", "Ben", "Cy"], [])
    result = ReplayResult(game.to_record(), game.report())
    result.events = [EventRow(0.1 * i, "placed", "R1#1", "trick") for i in range(events)]
    result.frames, result.seconds, result.presses = 30, 3.0, presses
    return result


def test_one_event_and_one_press_are_said_in_the_singular() -> None:
    """The replay's summary: "1 event", "1 button press"; two of each in the plural."""
    assert _result(1, 1).summary().endswith(": 1 event, 0 refused, 1 button press")
    assert _result(2, 2).summary().endswith(": 2 events, 0 refused, 2 button presses")
