"""The players' page's JSON is the same, byte for byte, however the table view is built
(:mod:`companion.views.live`, ``VERSION = 1``): the page's ``.json`` endpoint, the
cafe's ``state`` and older tables' servers read it.

Every valid example record is played card by card (move by move for hex) through its
flow, and the view after each step is serialised as the bus and the endpoint do
(``json.dumps``, key order included); so are its ended views (``ended``: over, staff)
and the page before a game of it. The SHA-256 of each record's views is pinned,
computed before the view became a typed object. Regenerate only for a deliberate
change of the view (and of its ``VERSION``): ``PYTHONPATH=. python
tests/views/test_live_json.py``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "flows"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from flow_tables import load, play_fibonachos, play_rummy, play_trump
from test_hex import play_board
from test_score_golden import _valid_examples

from companion.flows.base import GameFlow
from companion.flows.commands import EndTurn, Strikes, Winner
from companion.flows.registry import make_flow
from companion.games.json_types import JSON
from companion.views.live import table_view, waiting_view

GOLDEN = Path(__file__).resolve().parent / "golden" / "live_views.json"


def _play_referee(flow: Any, record: dict[str, Any]) -> None:
    """A hex referee's turns as the buttons give them: the strikes, then the turn's end;
    the winner the record names."""
    for turn in record["turns"]:
        if isinstance(turn, dict) and turn.get("strikes"):
            flow.command(Strikes(turn["strikes"]))
        flow.command(EndTurn())
    if record.get("winner"):
        flow.command(Winner(record["winner"]))


PLAYERS: dict[str, Callable[[Any, dict[str, Any]], object]] = {
    "fibonachos": play_fibonachos,
    "trump": play_trump,
    "rummy": play_rummy,
    "hex": play_board,
    "hex-referee": _play_referee,
}


def _json(view: object) -> str:
    to_json = getattr(view, "to_json", None)
    value: JSON = to_json() if callable(to_json) else view  # type: ignore[assignment]
    return json.dumps(value, ensure_ascii=False)


class Watched:
    """A flow that keeps the view after each card, command or removal handed to it."""

    def __init__(self, flow: GameFlow, players: list[str], views: list[Any]) -> None:
        self._flow, self._players, self._views = flow, players, views

    def _step(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def stepped(*args: Any, **kwargs: Any) -> Any:
            out = method(*args, **kwargs)
            self._views.append(table_view(self._flow, self._players, game_id=7))
            return out

        return stepped

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._flow, name)
        return self._step(attr) if name in ("placed", "removed", "command") else attr


def record_objects(name: str) -> Iterator[Any]:
    """Every view of the example ``name`` (``game/file.json``), as the table builds it."""
    folder, file = name.split("/")
    record = load(folder, file)
    players = list(record["players"])
    players[-1] = ""  # a seat not named: the page says "Seat n"
    game = record["game"]
    yield waiting_view(None, [])
    yield waiting_view(game, players)
    options = {"mode": "board", "move-cards": "camera"} if folder == "hex" else {}
    flow = make_flow(game, players, record.get("variants", []), options=options)
    views: list[Any] = [table_view(flow, players, game_id=None)]
    PLAYERS[folder](Watched(flow, players, views), record)
    yield from views
    for ended in ("over", "staff"):
        yield table_view(flow, players, game_id=7, ended=ended)


def record_views(name: str) -> Iterator[str]:
    """Every view of the example ``name``, as the JSON text the bus and the page send."""
    return (_json(view) for view in record_objects(name))


def _digest(name: str) -> tuple[str, int]:
    views = list(record_views(name))
    return hashlib.sha256("\n".join(views).encode("utf-8")).hexdigest(), len(views)


@pytest.mark.parametrize("name", _valid_examples())
def test_the_view_of_every_step_of_every_example_is_the_json_it_was(name: str) -> None:
    """Issue 15 (the page's JSON, ``VERSION = 1``): the views of the record ``name``,
    every step, hash to what they hashed to before the view was typed."""
    pinned = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert list(_digest(name)) == pinned[name]


def _regenerate() -> None:
    pinned = {name: list(_digest(name)) for name in _valid_examples()}
    GOLDEN.write_text(json.dumps(pinned, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(pinned)} examples)", file=sys.stderr)


if __name__ == "__main__":
    _regenerate()
