"""Issue 10 item 2: cards mean what their deck says, wherever a person lays them.

With the default layout (no layout file) a person may put Fibonachos' spicy card on
any spot of the left column, and Fibonacci's Trump comes with indicator boards (cards
of its deck, printed with codes) that the indicators are put on. Recorded rounds laid
out so, read back through ``companion replay`` (the daemon's pipeline), give their
exact records with nothing refused.
"""

from __future__ import annotations

import pytest
from e2e_videos import example, replay, table_video, without_serials

from companion.games.scoring import score_record
from companion.synthetic.scripts import BUSY

#: Whole recorded rounds through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

#: The left column of the default layout, top to bottom.
COLUMN = ("spicy", "trump-indicator", "symbol-indicator")


def test_a_fibonachos_round_with_the_spicy_card_on_every_spot_of_the_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """F6: trick after trick the spicy card goes on the column's top, middle and bottom
    spot (the default layout's spicy, trump-indicator and symbol-indicator zones): a
    spicy card is the trick's prize wherever it lies, so the whole round of 17 tricks
    reads back exactly, nothing refused."""
    record = example("fibonachos", "full-3p")
    record["rounds"] = record["rounds"][:1]
    out = replay(table_video(record, mess=BUSY, spots=COLUMN), capsys)
    assert without_serials(out["record"]) == record
    assert out["score"] == score_record(record).to_json()
    assert "refused" not in out["stderr"]
    spicy_zones = {e["zone"] for e in out["events"] if e["card"].startswith("S")}
    assert spicy_zones == set(COLUMN)


def test_a_trump_round_with_the_indicator_boards_under_the_indicators(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """T2, T5: the deck's TRUMP-BOARD and SYMBOL-BOARD lie in the column's top two spots
    (the Symbol board on the default layout's trump-indicator spot: the boards decide,
    not the zones); each round's indicators are put on them. A round and a half of four
    players reads back exactly and nothing is refused, the boards included."""
    record = example("trump", "short")
    out = replay(table_video(record, mess=BUSY, spots=COLUMN[:2], boards=True), capsys)
    assert without_serials(out["record"]) == record
    assert out["score"] == score_record(record).to_json()
    assert "refused" not in out["stderr"]
    zones = {e["card"]: e["zone"] for e in out["events"] if e["event"] == "placed"}
    assert zones["TRUMP-BOARD"] == "spicy" and zones["SYMBOL-BOARD"] == "trump-indicator"
    assert zones["R10"] == "spicy" and zones["B1"] == "trump-indicator"
