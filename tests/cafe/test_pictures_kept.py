"""The plots and the summary picture drawn once for the same game and words
(docs/security.md, "The web": no client may hold the other pages up). Each took tens
of milliseconds (the PNG about 100) on the event loop: one phone asking the summary
picture again and again on 32 connections held the cafe's every other page for 12
to 14 s. The same game, the same words: the same bytes, drawn once."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from cafe_fixtures import PASSWORD_HASH, OneView, fill
from starlette.testclient import TestClient

from companion.views.live_types import Outcome, TableView
from companion.web import plot, summary
from companion.web.app import create_app
from companion.web.phone import create_phone_app


def one_game() -> OneView:
    """A players' page source with one ended Trump game of three (names of its own, so
    no other test drew its pictures)."""
    players = tuple(f"P{secrets.token_hex(3)}" for _ in range(3))
    outcome = Outcome(
        rounds=((3, -2, 5), (1, 1, 1)), totals=(4, -1, 6), symbols=((2, 0, 1), (1, 1, 0))
    )
    return OneView(TableView(4, "trump", "", players, True, "over", outcome, 2, None))


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_phone_asking_a_picture_again_and_again_draws_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """20 times each picture of the players' page: each drawn once (before, 20 times),
    the same bytes each time; in French, drawn once more (its words and numbers)."""
    pngs = _counting(monkeypatch, summary, "summary_png")
    lines = _counting(monkeypatch, plot, "totals_svg")
    bars = _counting(monkeypatch, plot, "per_round_svg")
    with TestClient(create_phone_app(one_game())) as client:
        for path, calls in [("summary.png", pngs), ("totals.svg", lines), ("symbols.svg", bars)]:
            said = {client.get(f"/t/t1/{path}?k=k1").content for _ in range(20)}
            assert len(said) == 1 and len(calls) == 1, path
            french = client.get(f"/t/t1/{path}?k=k1", headers={"Accept-Language": "fr"})
            assert french.status_code == 200 and len(calls) == 2, path


def test_the_dashboards_plot_of_a_game_is_drawn_once(
    tmp_path: Path, journal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's page's plot on the dashboard, anyone's to ask: 20 times, drawn once."""
    server = fill(str(tmp_path / "cafe.db"), journal)
    lines = _counting(monkeypatch, plot, "totals_svg")
    plot._kept.cache_clear()  # the same game as other tests': drawn here
    try:
        with TestClient(
            create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
        ) as client:
            said = {client.get("/games/t1/1/totals.svg").text for _ in range(20)}
    finally:
        server.store.close()
    assert len(said) == 1 and len(lines) == 1
