"""A journal written before the options and the result were typed reads back unchanged
(issue 23's follow-up: one typed shape, the same JSON).

``data/journal-6e6ffa4.sql`` is the dump of a journal the table wrote at commit
6e6ffa4 (options and results were dicts then): a Fibonachos game abandoned, a rummy
game replaced, a Trump game closed as unreadable (its leader, 7, is no seat of 3) and
a hex game in play with one turn ended.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.flows.registry import check_options
from companion.games.game_options import GameOptions
from companion.journal import GameResult, Journal
from companion.session import Session

DUMP = Path(__file__).parent / "data" / "journal-6e6ffa4.sql"


@pytest.fixture
def old_journal(tmp_path: Path) -> Path:
    path = tmp_path / "journal.db"
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text(encoding="utf-8"))
    db.close()
    return path


def _columns(path: Path) -> list[tuple[str, str | None]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT options, result FROM games ORDER BY id").fetchall()
    db.close()
    return [(str(options), result) for options, result in rows]


def test_old_options_and_results_read_back_unchanged(old_journal: Path) -> None:
    """Issue 23: every row's options and result read into the typed values and written again give
    the very objects that were written."""
    with Journal.open(old_journal) as journal:
        games = journal.games()
    assert [g.game for g in games] == ["fibonachos", "rummy21", "trump", "hex"]
    for entry, (_, written) in zip(games, _columns(old_journal), strict=True):
        assert GameOptions.from_json(entry.game, entry.options).to_json() == entry.options
        kept = None if entry.result is None else entry.result.to_json()
        assert kept == (None if written is None else json.loads(written))
    assert games[0].options == {"dealer": 2, "seed": 7}
    assert games[0].result is not None and games[0].result.reason == "abandoned"
    assert games[2].result == GameResult("unreadable")


def test_a_game_in_play_resumes_with_its_options_typed(old_journal: Path) -> None:
    """Issue 23: the hex game in play resumes from its journaled options (checked as it is made)
    and holds them as the typed value; ending it writes a result of the old shape."""
    before = [result for _, result in _columns(old_journal)]
    session = Session.resume(Journal.open(old_journal), clock=lambda: 1_700_000_100.0)
    assert session.flow is not None and session.flow.game == "hex"
    assert session.options == GameOptions.of(
        "hex", {"mode": "referee", "move-cards": "shuffled", "seed": 11}
    )
    session.end_game(reason="abandoned")
    session.journal.close()
    with Journal.open(old_journal) as journal:
        result = journal.games()[3].result
    assert result is not None
    ended = json.loads(str(_columns(old_journal)[3][1]))
    assert sorted(ended) == ["reason", "record", "score", "winners"]
    record, score = ended["record"], ended["score"]
    assert ended["reason"] == "abandoned" and ended["winners"] == []
    assert isinstance(record, dict) and record["game"] == "hex-referee"  # the button referee's
    assert isinstance(record["turns"], list) and len(record["turns"]) == 2  # one turn ended
    assert isinstance(score, dict) and score["game"] == record["game"]
    assert result.to_json() == ended and result.reason == "abandoned"
    assert [result for _, result in _columns(old_journal)][:3] == before[:3]


def test_a_new_game_writes_the_options_column_as_before(old_journal: Path) -> None:
    """Issue 23: the same start today writes the same text in the ``options`` column."""
    old = _columns(old_journal)[0][0]
    session = Session(Journal.open(old_journal), clock=lambda: 1_700_000_200.0)
    options = check_options("fibonachos", {"dealer": 2, "seed": 7}, 3)
    session.start_game("fibonachos", ["Ana", "Ben", "Cy"], [], options)
    session.end_game(reason="abandoned")
    session.journal.close()
    assert _columns(old_journal)[-1][0] == old == '{"dealer":2,"seed":7}'


def test_a_damaged_option_in_play_still_closes_the_game(
    old_journal: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 23: the journal is an edge: options that do not check close the game as
    unreadable, written as the old result object; the log names the option, the game
    and what the option takes."""
    with sqlite3.connect(old_journal) as db:
        db.execute("UPDATE games SET options = '{\"mode\": true}' WHERE id = 4")
    db.close()
    session = Session.resume(Journal.open(old_journal), clock=lambda: 1_700_000_300.0)
    assert session.flow is None and session.closed_unreadable
    session.journal.close()
    assert _columns(old_journal)[3][1] == '{"reason":"unreadable"}'
    assert "hex: option mode is one of referee, board, camera, not True" in caplog.text
