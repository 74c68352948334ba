"""What visitors put in the dashboard's addresses and players put in their names
(issue 22, item 5), against the real app and store: impossible numbers and texts are
the visitor's mistake (400, or 404 for a game no database holds), never a 500, on
SQLite and PostgreSQL; names that a spreadsheet would run as formulas are written as
text in every CSV download (OWASP's CSV injection rule)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from cafe_fixtures import KEY, PASSWORD_HASH, OneView, incoming, settings_for
from cafe_sim import SimTable, play_journal
from starlette.testclient import TestClient

from companion.cafe.server import CafeServer
from companion.cafe.store import open_store
from companion.cli import main
from companion.views.live_types import Outcome, TableView
from companion.web.app import create_app
from companion.web.phone import create_phone_app

BIG = "99999999999999999999"  # 20 digits: more than any 64-bit column holds


@pytest.mark.parametrize(
    ("path", "status"),
    [
        (f"/games?page={BIG}", 400),
        (f"/games.json?page={BIG}", 400),
        (f"/games.csv?page={BIG}", 400),
        (f"/games.records.json?page={BIG}", 400),
        ("/games.json?page=%C2%B2", 400),  # a superscript two: a digit to str.isdigit
        ("/games.json?page=0", 400),
        (f"/games/t1/{BIG}", 404),
        (f"/games/t1/{BIG}.json", 404),
        (f"/games/t1/{BIG}.record.json", 404),
        ("/games/t1/9223372036854775808/totals.svg", 404),
        ("/games.json?player=Ana%00", 400),
        ("/games.json?table=t1%00", 400),
        ("/games.csv?game=%00", 400),
        ("/players/Ana%00.json", 400),
        ("/leaderboard.json?game=%00", 400),
        ("/games/t1%00/1", 400),  # the table of a game's address: a 500 on PostgreSQL
        ("/games/t1%00/1.json", 400),
        ("/games/t1%00/1.record.json", 400),
        ("/games/t1%00/1/totals.svg", 400),
        ("/tables/t1%00.json", 400),
    ],
)
def test_impossible_numbers_and_names_are_refused_not_a_500(
    reading: TestClient, path: str, status: int
) -> None:
    """Issue 22: ``?page=99999999999999999999`` and huge game ids answered 500 (SQLite's
    OverflowError), a NUL in a filter too on PostgreSQL (its DataError)."""
    answer = reading.get(path)
    assert answer.status_code == status, answer.text[:200]


def test_the_history_says_only_the_filters_it_knows(reading: TestClient) -> None:
    """Issue 22 (what a visitor puts in an address): ``/games.json`` echoed any query key
    back under ``filters`` (``?<script>=x``); it drops the keys it does not know, as the
    other pages do, and says the filters it used."""
    answer = reading.get("/games.json", params={"table": "t1", "x<script>": "1", "page": "1"})
    assert answer.status_code == 200
    assert answer.json()["filters"] == {"table": "t1"}
    assert answer.json()["page"] == 1


def test_the_live_feed_ignores_a_version_it_cannot_read() -> None:
    """Issue 22: a ``Last-Event-ID`` of digits ``int()`` refuses (a superscript two) or
    of more digits than a version has is no version: the feed starts from ``after``
    or from 0, never a 500."""
    from companion.web.stream import start_of

    asked = SimpleNamespace(headers={"last-event-id": "²"}, query_params={"after": "12"})
    assert start_of(asked) == 12  # type: ignore[arg-type]
    asked = SimpleNamespace(headers={"last-event-id": BIG}, query_params={})
    assert start_of(asked) == 0  # type: ignore[arg-type]


#: Names a spreadsheet would take for formulas (within the contract's 20 characters, so
#: the server stores them rather than setting them aside).
HOSTILE = ['=HYPERLINK("//e.x")', "+Ben", "@Cy", "-1+2"]


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    journal = play_journal(tmp_path / "journal.db", players=HOSTILE[:3])
    settings = settings_for(1, tmp_path / "cafe.db")
    server = CafeServer(settings, open_store(settings.database_target()), key=KEY)
    server.take(incoming(SimTable("t1", 1, journal)))
    app = create_app(server, password_hash=lambda: PASSWORD_HASH, secret="s" * 32)
    with TestClient(app) as made:
        yield made, journal
    server.store.close()


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _no_formula(cells: list[str]) -> None:
    starts = tuple("=+-@\t\r")
    assert [c for c in cells if c.startswith(starts) and not c.lstrip("-").isdigit()] == []


def test_names_that_are_formulas_are_text_in_every_csv(
    hostile: tuple[TestClient, Path], tmp_path: Path
) -> None:
    """Issue 22: ``=HYPERLINK(...)`` names went unescaped into ``/games.csv``. Each cell
    a spreadsheet would run gets a leading ``'`` (OWASP); negative points stay numbers.
    The dashboard's CSV, and ``companion export --format csv`` of the table's journal."""
    client, journal = hostile
    cells = _cells(client.get("/games.csv").text)
    assert "'" + HOSTILE[0] in cells and "'+Ben" in cells and "'@Cy" in cells
    _no_formula(cells)
    out = tmp_path / "scores.csv"
    assert main(["export", "--journal", str(journal), "--format", "csv", "--out", str(out)]) == 0
    exported = _cells(out.read_text(encoding="utf-8"))
    assert "'" + HOSTILE[0] in exported
    _no_formula(exported)


def one_game() -> OneView:
    """A players' page source with one game whose players chose formulas as names."""
    outcome = Outcome(rounds=((3, -2, 5),), totals=(3, -2, 5))
    players = tuple(HOSTILE[:3])
    return OneView(TableView(4, "trump", "", players, False, None, outcome, None, None))


def test_the_phone_pages_csv_writes_formulas_as_text() -> None:
    """Issue 22: the players' page's score table is a CSV download too."""
    with TestClient(create_phone_app(one_game())) as client:
        rows = list(csv.reader(io.StringIO(client.get("/t/t1/scores.csv?k=k1").text)))
    assert [row[5] for row in rows[1:]] == ["'" + HOSTILE[0], "'+Ben", "'@Cy"]
    assert [row[6] for row in rows[1:]] == ["3", "-2", "5"]  # points stay numbers
