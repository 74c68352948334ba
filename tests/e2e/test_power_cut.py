"""Issue 10 item 4: a trick collected with a card never read, and a power cut around it.

A recorded 4-player Fibonachos round where one trick's last card is swept up with
the trick a tenth of a second after it lands: the tracker sees it but never confirms
it. Before, nothing was noticed: the next trick's spicy card and first play became
that trick's last plays, every later trick shifted by one and the round ended a trick
short. Now the flow notices the trick cleared, the OLED asks for the card, and the
players give it at the menu (the ``--buttons`` script: SELECT opens the choices,
whose first is the card the camera glimpsed, SELECT takes it). The record read is
the round as played.

Then the power fails at every frame from just before that last card lands to its
collection being noticed: the daemon reads frames [0, K) with a journal, a new one
[K, end) with the same journal. The sightings journaled and the tracker restarted
from what the journal says lies on the table make the final record the same as the
uninterrupted run's, at every K.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from e2e_videos import FPS, example, without_serials
from power_cut import Game, Recorded, copy_journal, side_by_side

from companion.journal import Journal
from companion.synthetic.scene import Place, Remove, Scene, Wait
from companion.synthetic.scripts import TableScript, table_script
from companion.synthetic.video import write_video
from hardware.buttons import Button, ButtonEvent, PressKind

#: Frames the table lies still after the collection: the players read the OLED.
QUIET = 40
#: Frames after the collection during which it is noticed (the tracker's forget_seconds).
NOTICED = 12


@dataclass(frozen=True)
class Swept:
    """A recorded round with one trick's last card swept up as it lands."""

    folder: Path
    record: dict[str, Any]
    game: Game
    card: str  # the swept card's face
    window: range  # the frames K a power cut is tried at
    presses: tuple[ButtonEvent, ...]


def swept_round(record: dict[str, Any], trick: int, out: Path) -> Swept:
    """Trick ``trick``'s last card lies one frame, then the trick is taken at once;
    the table then lies still while two SELECTs give the missing card."""
    script = table_script(record)
    steps = list(script.steps)
    at = [i for i, step in enumerate(steps) if isinstance(step, Remove)][trick]
    last, pause, collect = steps[at - 2], steps[at - 1], steps[at]
    assert isinstance(last, Place) and isinstance(pause, Wait)
    steps[at - 2 : at + 1] = [replace(last, frames=1), collect, Wait(QUIET)]
    scene = Scene((1280, 720), seed=7)
    landing = scene.count_frames(steps[: at - 2])
    collected = scene.count_frames(steps[:at])
    fixed = TableScript(
        script.game, script.players, script.variants, tuple(steps), script.options, record
    )
    write_video(fixed, out, scene=scene, fps=FPS, image_suffix=".jpg")
    press = collected / FPS + 2.0
    presses = tuple(ButtonEvent(Button.SELECT, PressKind.PRESS, t) for t in (press, press + 0.5))
    game: Game = (
        script.game,
        script.players,
        script.variants,
        {"dealer": record["rounds"][0]["dealer"]},
    )
    window = range(landing - 1, collected + NOTICED)
    return Swept(out, record, game, last.card.notation, window, presses)


def journal_rows(path: Path, card: str) -> list[str]:
    """The kinds of the journal's rows about ``card`` (sighting, placed, removed)."""
    journal = Journal.open(path)
    try:
        game = journal.games()[-1]
        rows = [e for e in journal.events(game.id) if e.payload.get("notation") == card]
        return [str(e.payload.get("event")) for e in rows]
    finally:
        journal.close()


def uninterrupted(
    table: Recorded, swept: Swept, journal: Path, snapshots: Sequence[int] = ()
) -> dict[str, Any]:
    """The whole recording read by one daemon; the journal copied after each frame K
    in ``snapshots`` (to ``journal`` with the suffix ``.K``)."""
    run = table.daemon(journal, 0, None, swept.presses, game=swept.game)

    def snapshot(frames: int) -> None:
        if frames in snapshots:
            copy_journal(journal, journal.with_suffix(f".{frames}"))

    run.run(snapshot)
    assert run.refused == []
    record = run.record()
    run.close()
    return record


def resumed(table: Recorded, swept: Swept, journal: Path, start: int) -> dict[str, Any]:
    """A new daemon on frames [start, end) with the journal a power cut left."""
    run = table.daemon(journal, start, None, swept.presses)
    run.run()
    assert run.refused == [], start
    record = run.record()
    run.close()
    return record


def four_players(tricks: int | None = None) -> dict[str, Any]:
    record = example("fibonachos", "full-4p-zero-scores-34")
    record["rounds"] = record["rounds"][:1]
    if tricks is not None:
        record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:tricks]
    return record


def test_a_power_cut_around_a_swept_card_in_two_tricks(tmp_path: Path) -> None:
    """The fast case: two tricks, the first one's last card swept; the power fails as
    it is glimpsed, then again while its trick is being taken (two daemons each)."""
    swept = swept_round(four_players(2), 0, tmp_path / "frames")
    table = Recorded(swept.folder, fps=FPS)
    whole = uninterrupted(table, swept, tmp_path / "whole.db")
    assert without_serials(whole) == swept.record
    assert journal_rows(tmp_path / "whole.db", swept.card) == ["sighted"]  # never placed
    glimpsed = next(k for k in swept.window if k > swept.window.start + 5)
    taken = swept.window.stop - NOTICED - 2
    for k in (glimpsed, taken):
        journal = tmp_path / f"cut-{k}.db"
        first = table.daemon(journal, 0, k, swept.presses, game=swept.game)
        first.run()
        first.close()
        assert resumed(table, swept, journal, k) == whole, k


@pytest.mark.slow
def test_a_power_cut_at_every_frame_around_a_swept_card(tmp_path: Path) -> None:
    """The whole round, trick 9's last card swept; a cut at every frame K of the window.

    The first daemon's part is read once: a daemon stopped after frame K - 1 leaves the
    journal as it is then (nothing is written after the last frame is read), so the
    journal copied at that moment is what the power cut at K leaves. The resumed
    daemons read side by side, each frame decoded once for all of them (they each read
    some 190 frames of JPEG files from the cut on: most of this test's time).
    """
    swept = swept_round(four_players(), 8, tmp_path / "frames")
    table = Recorded(swept.folder, fps=FPS)
    whole = uninterrupted(table, swept, tmp_path / "whole.db", swept.window)
    assert without_serials(whole) == swept.record
    assert journal_rows(tmp_path / "whole.db", swept.card) == ["sighted"]
    cuts = {
        k: functools.partial(
            table.daemon, (tmp_path / "whole.db").with_suffix(f".{k}"), k, None, swept.presses
        )
        for k in swept.window
    }
    differing = []
    for k, run in side_by_side(cuts, table.count).items():
        assert run.refused == [], k
        if run.record() != whole:
            differing.append(k)
        run.close()
    assert differing == []
