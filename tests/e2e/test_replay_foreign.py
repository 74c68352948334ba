"""Issue 4 section 2 and DESIGN "game cafe": a QR code that is not one of our cards
(a menu, a phone) lying in the play area never becomes a table event."""

from __future__ import annotations

import pytest
from e2e_videos import example, replay, table_video, without_serials

from card_codes.decode import decode_image
from companion.synthetic.scene import Place, Remove, Scene, Step
from companion.synthetic.sprites import FOREIGN, CardRef

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

MENU = CardRef(FOREIGN, "https://cafe.example/menu?table=4")


def test_foreign_code_in_the_play_area_is_ignored(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = example("fibonachos", "short")
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:3]
    menu = [Place(MENU, 0.45, 0.2, angle=8.0, zone="play")]
    still = Scene((1280, 720), seed=1).still(menu)
    assert [r.payload for r in decode_image(still).rejected] == [MENU.notation]  # it is seen
    out = replay(table_video(record, extra=menu), capsys)
    assert without_serials(out["record"]) == record
    assert all("cafe.example" not in str(e["card"]) for e in out["events"])
    assert "refused" not in out["stderr"]


def test_menu_taken_away_mid_game_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = example("fibonachos", "short")
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:2]
    extra: list[Step] = [Place(MENU, 0.7, 0.15, zone="play"), Remove((MENU,))]
    out = replay(table_video(record, extra=extra), capsys)
    assert without_serials(out["record"]) == record
    placed = [e["card"] for e in out["events"] if e["event"] == "placed"]
    assert len(placed) == 2 * 4  # two tricks of a spicy card and three plays
