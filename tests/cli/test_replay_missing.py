"""Issue 26: ``companion replay`` says when the game waits for a missing card.

A trick cleared before one of its cards was read stops the game until the players
give that card from the OLED (issue 10 item 4). A replay has nobody at the buttons:
it stalled with "0 refused" and no word of why. Now it says so when the trick is
cleared, and again in its last line, with the presses that give the card; those
presses, in a ``--buttons`` script, replay the game whole.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_replay_cli import TWO_TRICKS

from companion.cli import main
from companion.synthetic.scene import Place, Remove, Scene, Step, Wait
from companion.synthetic.scripts import TableScript, table_script
from companion.synthetic.video import write_video

FPS = 10.0


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TableScript]:
    """Two tricks where Cy's Yellow 16 of the first is never seen (swept up unread); the
    players wait a little, then play the second trick, which stays on the table."""
    script = table_script(TWO_TRICKS)
    first, second = (i for i, step in enumerate(script.steps) if isinstance(step, Remove))
    steps: list[Step] = [
        step
        for step in script.steps[:second]
        if not (isinstance(step, Place) and step.card.notation == "Y16")
    ]
    at = first - 1  # Y16's Place is gone
    swept = script.steps[first]
    assert isinstance(swept, Remove)
    steps[at] = Remove(tuple(c for c in swept.cards if c.notation != "Y16"), swept.hand)
    steps[at + 1 : at + 1] = [Wait(30)]
    unread = TableScript(script.game, script.players, (), tuple(steps), script.options, TWO_TRICKS)
    folder = tmp_path_factory.mktemp("missing") / "frames"
    write_video(unread, folder, scene=Scene((1280, 720), seed=4), fps=FPS, image_suffix=".jpg")
    return folder, unread


def replay(
    table: tuple[Path, TableScript], capsys: pytest.CaptureFixture[str], *more: str
) -> tuple[int, str, str]:
    folder, script = table
    status = main(["replay", str(folder), *script.replay_args(), "--fps", str(FPS), *more])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_replay_says_the_game_waits_for_the_missing_card(
    table: tuple[Path, TableScript], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: the moment the trick is cleared, stderr says whose card the game waits
    for and how to give it with --buttons; the last line says it still waits."""
    status, out, err = replay(table, capsys)
    assert status == 0, err
    said = [line for line in err.splitlines() if "before Cy's card was read" in line]
    assert len(said) == 1, err
    assert "the game waits for that card" in said[0] and "--buttons" in said[0]
    last = out.splitlines()[-1]
    assert last.startswith("replayed ") and ", 0 refused; the game waits for Cy's card" in last
    assert "4 cards put down since held" in last and "--buttons" in last  # the next trick


def test_the_advised_presses_give_the_card_and_the_game_replays_whole(
    table: tuple[Path, TableScript], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 26: the presses the replay advises (SELECT at the time it names: the Card
    missing menu; down to Yellow, SELECT; to Yellow 16, SELECT) give Cy's card: the
    record is the game played, and nothing waits any more."""
    _status, _out, err = replay(table, capsys)
    found = re.search(r"e\.g\. '([0-9.]+) select'", err)
    assert found is not None, err
    at = float(found[1])
    # Card missing: Red, Green, Yellow (no card was seen); Yellow: Yellow 1 ... Yellow 16.
    presses = ["select", "down", "down", "select", "up", "select"]
    script = tmp_path / "buttons.txt"
    script.write_text(
        "".join(f"{at + 0.2 * i:.1f} {press}\n" for i, press in enumerate(presses)),
        encoding="utf-8",
    )
    status, out, err = replay(table, capsys, "--buttons", str(script), "--json")
    assert status == 0, err
    record = json.loads(out)["record"]
    plays = [trick["plays"] for trick in record["rounds"][0]["tricks"]]
    assert plays == [["R16", "G16", "Y16"], ["R15", "G15", "Y15"]]
    assert "waits" not in err.splitlines()[-1]
