"""Issue 13 at the cafe: a stored game's ``result`` column read back through the
journal's one reader (:meth:`GameResult.from_text`): a result this version cannot read is
logged, naming the table, the game and why, and the game's page replays its events."""

from __future__ import annotations

import logging

import pytest

from companion.cafe.columns import kept_result, result_of
from companion.journal.result import GameResult


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"record', "not JSON"),
        ('["over"]', "not a JSON object"),
    ],
)
def test_a_result_kept_that_is_no_result_is_logged_and_lost(
    caplog: pytest.LogCaptureFixture, text: str, why: str
) -> None:
    with caplog.at_level(logging.WARNING, "companion.cafe"):
        assert result_of("t7", 3, text) is None
    assert "t7 game 3: the result kept cannot be read" in caplog.text
    assert why in caplog.text


def test_a_result_kept_reads_back_whole() -> None:
    assert result_of("t7", 3, None) is None
    kept = GameResult("over", winners=(1,))
    assert result_of("t7", 3, '{"reason": "over", "winners": [1]}') == kept


def test_a_result_of_another_shape_reads_back_as_it_came(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A newer table's result, kept as it came (docs/cafe.md): read back as it was sent,
    not as a result, and not logged again at each read (the log said it when it came)."""
    with caplog.at_level(logging.WARNING, "companion.cafe"):
        assert kept_result("t7", 3, '{"reason": "over", "winners": "0"}') == (
            None,
            {"reason": "over", "winners": "0"},
        )
    assert caplog.text == ""
