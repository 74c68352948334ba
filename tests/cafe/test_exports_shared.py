"""The history's exports beside the other pages (docs/security.md, "The web": no
request may hold the others up). ``/games.records.json`` and ``/games.csv`` work out
up to 10,000 games' records from their events by the rules, tens of milliseconds a
game; anyone may ask, and they ran in one go on the event loop: a cafe's year of
games held every page, phone and live feed for minutes. Now the others are served
between two games, and one export runs at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx2
import pytest
from cafe_fixtures import PASSWORD_HASH, fill

from companion.cafe.server import CafeServer
from companion.web.app import create_app
from companion.web.model import GameLine, HistoryFilter

#: The games the history gives here (its two games, again and again).
GAMES = 300


@pytest.fixture
def server(tmp_path: Path, journal: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    made = fill(str(tmp_path / "cafe.db"), journal)
    history = made.history

    def many(query: HistoryFilter) -> Sequence[GameLine]:
        lines = list(history(query))
        return (lines * GAMES)[:GAMES]

    monkeypatch.setattr(made, "history", many)
    yield made
    made.store.close()


def _counted(server: CafeServer, monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """The calls of ``server.<name>`` (one per game exported), counted."""
    calls: list[int] = []
    real = getattr(server, name)

    def counting(table: str, game_id: int) -> Any:
        calls.append(game_id)
        return real(table, game_id)

    monkeypatch.setattr(server, name, counting)
    return calls


async def _page_during(app: Any, export: str, calls: list[int]) -> tuple[int, int, int]:
    """``/.json`` asked once ``export`` began: its status, the games exported when it
    was answered, and those exported in all."""
    transport = httpx2.ASGITransport(app=app)
    async with httpx2.AsyncClient(transport=transport, base_url="http://cafe") as client:
        exporting = asyncio.create_task(client.get(export))
        while not calls and not exporting.done():
            await asyncio.sleep(0)  # not a wait: the export's turn to begin
        page = await client.get("/.json")
        seen = len(calls)
        (await exporting).raise_for_status()
    return page.status_code, seen, len(calls)


@pytest.mark.parametrize(
    ("export", "name"), [("/games.records.json", "record"), ("/games.csv", "game")]
)
def test_the_pages_are_served_while_the_history_is_exported(
    server: CafeServer, monkeypatch: pytest.MonkeyPatch, export: str, name: str
) -> None:
    """An export of 300 games: ``/.json`` asked once it began is answered before it
    ends (before, after the 300th game)."""
    calls = _counted(server, monkeypatch, name)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    status, seen, total = asyncio.run(_page_during(app, export, calls))
    assert status == 200
    assert total == GAMES
    assert seen < GAMES // 2


def test_exports_asked_together_run_one_after_the_other(
    server: CafeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four exports asked at once: each game is worked out by one export at a time
    (each export's 300 calls in a row), and all four are answered in full."""
    owners: list[int] = []
    real = server.record

    def owned(table: str, game_id: int) -> Any:
        owners.append(id(asyncio.current_task()))
        return real(table, game_id)

    monkeypatch.setattr(server, "record", owned)
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)

    async def four() -> list[int]:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://cafe") as client:
            said = await asyncio.gather(*[client.get("/games.records.json") for _ in range(4)])
        return [len(answer.json()) for answer in said]

    lengths = asyncio.run(four())
    assert lengths[0] > 0 and len(set(lengths)) == 1
    assert len(owners) == 4 * GAMES
    runs = [owners[i : i + GAMES] for i in range(0, len(owners), GAMES)]
    assert all(len(set(run)) == 1 for run in runs)
