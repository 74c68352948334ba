"""The dashboard's pages in-process (issue 14): every table at a glance, the history
with its CSV and game records, a game's rounds and plot, JSON beside each page, the
staff login with CSRF on every POST, and signed commands (CAFE_CONTRACT.md "command")."""

from __future__ import annotations

import csv
import hashlib
import hmac
import html
import io
import json
import re
from typing import Any

import pytest
from cafe_fixtures import KEY, PASSWORD
from starlette.testclient import TestClient

from companion.cafe.server import CafeServer
from companion.games.scoring import score_record


def test_every_table_at_a_glance(reading: TestClient) -> None:
    """Game, players, scores, whose turn, online, device trouble, idle time."""
    data = reading.get("/.json").json()
    t1 = next(t for t in data["tables"] if t["name"] == "t1")
    assert t1["online"] and t1["label"] == "Fibonachos"
    assert (t1["players"], t1["totals"], t1["to_play"], t1["round"]) == (
        ["Ana", "Ben", "Cy"],
        [12, 5, 8],
        1,
        2,
    )
    assert t1["troubles"] == ["camera"] and t1["idle_since"] == 1_700_000_500.0 - 42.0
    page = reading.get("/").text
    assert "camera lost" in page and "Ana" in page and 'id="table-t2"' in page


def test_history_filters_and_exports(reading: TestClient) -> None:
    games = reading.get("/games.json?table=t1").json()["games"]
    assert sorted(g["id"] for g in games) == [1, 2] and {g["table"] for g in games} == {"t1"}
    assert reading.get("/games.json?player=Nobody").json()["games"] == []
    assert len(reading.get("/games.json?player=Ana").json()["games"]) == 4
    assert reading.get("/games.json?since=2099-01-01").json()["games"] == []
    assert reading.get("/games.json?since=yesterday").status_code == 400
    rows = list(csv.DictReader(io.StringIO(reading.get("/games.csv?table=t2").text)))
    assert {r["table"] for r in rows} == {"t2"} and rows[0]["round"] == "1"
    records = reading.get("/games.records.json?table=t1").json()
    assert len(records) == 2 and all(r["game"] == "fibonachos" for r in records)


def test_a_games_record_is_what_companion_score_reads(reading: TestClient) -> None:
    record = reading.get("/games/t1/1.record.json").json()
    detail = reading.get("/games/t1/1.json").json()
    assert score_record(record).to_json()["totals"] == detail["totals"]
    assert detail["rounds"] and sum(detail["rounds"][0]) == sum(detail["totals"])
    page = reading.get("/games/t1/1").text
    assert "/games/t1/1/totals.svg" in page and "<td>1</td>" in page


def test_the_plot_is_an_svg_with_nothing_from_elsewhere(reading: TestClient) -> None:
    svg = reading.get("/games/t1/1/totals.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in svg.text and "<script" not in svg.text
    assert not re.search(r'(href|src)="https?:', svg.text)
    assert "Ana" in svg.text


def test_unknown_things_are_404_in_html_and_json(reading: TestClient) -> None:
    assert reading.get("/games/t1/99").status_code == 404
    assert reading.get("/games/t9/1.json").json()["status"] == 404
    assert reading.get("/tables/nope").status_code == 404


def test_pages_load_nothing_from_the_internet(reading: TestClient) -> None:
    for path in ("/", "/leaderboard", "/games", "/games/t1/1", "/tables/t1", "/login"):
        page = reading.get(path).text
        assert not re.search(r'(href|src)="(https?:)?//', page), path


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _login(client: TestClient) -> str:
    token = _csrf(client.get("/login").text)
    done = client.post("/login", data={"password": PASSWORD, "csrf": token}, follow_redirects=False)
    assert done.status_code == 303
    return _csrf(client.get("/tables/t1").text)


def test_a_post_without_the_csrf_token_is_refused(client: TestClient) -> None:
    """Every POST carries the session's token: the login itself, and staff actions."""
    assert client.post("/login", data={"password": PASSWORD}).status_code == 403
    token = _csrf(client.get("/login").text)
    assert (
        client.post("/login", data={"password": PASSWORD, "csrf": "x" + token}).status_code == 403
    )
    _login(client)
    assert client.post("/tables/t1/reset", data={}).status_code == 403


def test_a_wrong_password_does_not_log_in(client: TestClient) -> None:
    token = _csrf(client.get("/login").text)
    assert client.post("/login", data={"password": "guess", "csrf": token}).status_code == 403
    assert client.post("/tables/t1/reset", data={"csrf": token}).status_code == 403
    assert "Reset the table" not in client.get("/tables/t1").text


def _verify(body: dict[str, Any], key: bytes) -> bool:
    """The contract's rule, written out here: HMAC-SHA256 over the canonical JSON
    (sorted keys, compact) of the command without ``sig``."""
    unsigned = {k: v for k, v in body.items() if k != "sig"}
    text = json.dumps(unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    expected = hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, body["sig"])


def test_staff_commands_are_signed_as_the_contract_says(
    client: TestClient, filled: CafeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(filled.link, "publish_command", lambda t, b: sent.append((t, b)))
    token = _login(client)
    assert client.post("/tables/t1/reset", data={"csrf": token}).status_code == 200
    done = client.post("/tables/t2/message", data={"csrf": token, "text": "  Last orders!  "})
    assert done.status_code == 200 and "Sent to the table." in done.text
    (t1, reset), (t2, message) = sent
    assert (t1, reset["action"], reset["args"]) == ("t1", "reset", {})
    assert (t2, message["action"], message["args"]) == ("t2", "message", {"text": "Last orders!"})
    for body in (reset, message):
        assert _verify(body, KEY) and not _verify(body, b"x" * 32)
        assert body["v"] == 1 and body["cafe"] == "corner"
        assert re.fullmatch(r"[0-9a-f]{32}", body["nonce"]) and re.fullmatch(
            r"[0-9a-f]{64}", body["sig"]
        )
    assert reset["nonce"] != message["nonce"]
    assert client.post("/tables/t9/reset", data={"csrf": token}).status_code == 409


def test_a_servers_command_with_accents_is_accepted_by_the_table() -> None:
    """Contract: the server and the table sign one canonical JSON; a staff message in
    French ("Élise, votre table") passes the table's own check (the server used to escape
    nothing and the table everything, so any accent broke the signature)."""
    from companion.bus.commands import CommandChecker
    from companion.bus.contract import Command

    key = bytes(range(32))
    sent = Command("message", text="Élise, votre table").body("rosie", "t2", key, now=100.0)
    checker = CommandChecker(key, cafe="rosie", table="t2", clock=lambda: 100.0)
    checked = checker.check(json.dumps(sent, ensure_ascii=False).encode("utf-8"))
    assert checked.action == "message" and checked.text == "Élise, votre table"


@pytest.mark.parametrize("action", ["store-again", "let-in", "reset"])
def test_a_staff_action_on_no_such_table_says_so_and_names_the_tables(
    client: TestClient, action: str
) -> None:
    """A message names the thing and what to do (house rule): "Store its games again"
    on a table the server never heard of answered "table nope has not used up its
    share of storage"; now every staff action says there is no such table and which
    there are."""
    token = _login(client)
    answer = client.post(f"/tables/nope/{action}", data={"csrf": token})
    assert answer.status_code == 409
    said = html.unescape(answer.text)
    assert "no table 'nope' in cafe corner: its tables are t1, t2" in said, said[-600:]
    again = client.post("/tables/t1/store-again", data={"csrf": token})
    assert again.status_code == 409 and "has not used up its share" in again.text
