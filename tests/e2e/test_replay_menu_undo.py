"""Issue 10 item 8: a whole recorded round whose mistakes are undone at the OLED's menu.

Twice in the round a wrong card goes down in the play area, lies there while a player
opens the in-game menu and chooses "Undo last" (the ``--buttons`` script, its times the
table's), and is taken back before the right card goes down. The replay must read the
round exactly as it was meant, with nothing refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_videos import FPS, TableVideo, example, replay, without_serials

from companion.synthetic.scene import Place, Remove, Scene, Step, Wait
from companion.synthetic.scripts import BUSY, TableScript, table_script
from companion.synthetic.sprites import CardRef

#: Whole recorded tables through the daemon: slow (`pytest -m "not slow"` skips them).
pytestmark = pytest.mark.slow

#: Cards not played in the round's first tricks, put down by mistake.
WRONG = (CardRef("fibonachos", "G5"), CardRef("fibonachos", "Y3"))


def test_a_round_with_two_undos_at_the_menu_reads_back_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = example("fibonachos", "short")
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:8]
    script = table_script(record, BUSY)
    steps = list(script.steps)
    scene = Scene((1280, 720), seed=6)
    places = [i for i, s in enumerate(steps) if isinstance(s, Place)]
    presses: list[str] = []
    for wrong, before in reversed(list(zip(WRONG, (places[6], places[21]), strict=True))):
        mistake: list[Step] = [Place(wrong, 0.8, 0.25, zone="play"), Wait(25), Remove((wrong,))]
        steps[before:before] = mistake
    for wrong in WRONG:
        at = next(i for i, s in enumerate(steps) if isinstance(s, Place) and s.card == wrong)
        still = scene.count_frames(steps[: at + 1]) / FPS + 0.8
        presses += [f"{still:.1f} back", f"{still + 0.3:.1f} down", f"{still + 0.6:.1f} select"]
    buttons = tmp_path / "buttons.txt"
    buttons.write_text("\n".join(presses) + "\n", encoding="utf-8")
    fixed = TableScript(script.game, script.players, (), tuple(steps), script.options, record)

    out = replay(TableVideo(fixed, scene), capsys, "--buttons", str(buttons))

    assert without_serials(out["record"]) == record
    placed = [e["card"] for e in out["events"] if e["event"] == "placed"]
    assert "G5" in placed and "Y3" in placed
    assert out["summary"].endswith(" 0 refused, 6 button presses")
