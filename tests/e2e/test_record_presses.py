"""The buttons pressed while the camera is recorded are kept with its frames, so a game
with a turn ended early replays as it was played (issue 24 item 4 and its "done": a
real game replays into its exact record; a real game has turns ended early, H2).

The table is the daemon's own loop over a synthetic camera, recorded as ``companion run
--record`` records (the frames handed to a :class:`FrameWriter` as they are read, each
press the runner takes handed to the :class:`Recorder`, as ``build_daemon`` wires it);
nobody at the buttons but White, who holds SELECT once its one move is taken.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.cli import main
from companion.config import Config, HardwareSection, JournalSection, PhoneSection, RecordSection
from companion.daemon.build import Devices, assemble, build_daemon
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.recorder import Recorder, Recording
from companion.daemon.runtime import Daemon
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START
from companion.games.json_types import JSONObject
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.hex_games import HexScript
from companion.synthetic.hex_scene import HexScene, Image
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from companion.views.faults import Fault, FaultKind
from hardware.buttons import Button
from hardware.buttons_fake import FakeButtons
from hardware.buttons_replay import parse_script
from hardware.camera import open_camera
from hardware.camera_record import PRESSES, FrameWriter, RecordingCamera
from hardware.display import open_display

pytestmark = pytest.mark.slow

FPS = 5.0
#: Black's one move; White's one move of two, then SELECT held (H2); Black's next move.
PLAYED = [["b2-c2"], ["j6-i6"], ["c2-d2"]]


@dataclass
class Recorded:
    """A table recorded as ``companion run --record`` records it (module docstring)."""

    daemon: Daemon
    session: Session
    writer: FrameWriter
    recorder: Recorder
    buttons: FakeButtons
    clock: TableClock


def _recorded(folder: Path, frames: Iterable[Image]) -> Recorded:
    """The daemon over ``frames``, recorded into ``folder``, each press of the buttons
    handed to the recorder as ``build_daemon`` hands it."""
    clock = TableClock()
    session = Session(Journal.open(":memory:"), clock=clock)
    writer = FrameWriter(folder, fps=FPS, keep_free=0)
    recorder = Recorder(Recording(writer, None), clock)
    camera = open_camera("synthetic", frames=iter(frames), fps=FPS)
    clocked = ClockedCamera(RecordingCamera(camera, writer), clock)
    buttons = FakeButtons(clock=clock)
    daemon = assemble(
        session,
        TableReader(default_layout()),
        Devices(
            camera=lambda: clocked, display=lambda: open_display("fake"), buttons=lambda: buttons
        ),
        clock=clock,
        camera_retry=False,
        frame_timeout=1.0,
        parts=lambda table: [recorder],
    )
    daemon.pressed.append(recorder.pressed)
    return Recorded(daemon, session, writer, recorder, buttons, clock)


def _record_table(folder: Path, black_moves_again: bool = True) -> JSONObject:
    """The game played and recorded into ``folder``: the record the table wrote; without
    ``black_moves_again`` the recording stops in Black's turn after White's ended."""
    script = HexScript(START, still=4).wait().move("b2-c2").move("j6-i6").wait().wait()
    if black_moves_again:
        script.move("c2-d2")
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    table = _recorded(folder, scene.frames(START, script.steps))
    daemon = table.daemon
    daemon.start_game("hex", ["Ana", "Ben"], [], {"mode": "camera"})
    flow = table.session.flow
    assert isinstance(flow, HexCameraFlow)
    daemon.start()
    daemon.start_parts()
    held = False
    while not daemon.ended:
        daemon.step()
        turn = flow.engine.turn
        if not held and turn is not None and turn.number == 2 and len(turn.moves) == 1:
            table.buttons.hold(Button.SELECT)  # White ends its turn after one move of two
            held = True
    daemon.close_parts()
    assert held
    return flow.record()


def test_a_turn_ended_early_replays_with_the_press_kept_beside_the_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2: White makes one of its two moves and holds SELECT; the table's record has the
    turn ended early, the recording keeps the press in buttons.txt, and `companion
    replay` of the folder, told nothing, writes the same record. Without the file, the
    replay cannot know the turn ended: Black's next move is not its turn (refused)."""
    folder = tmp_path / "20261129-101500"
    record = _record_table(folder)
    assert record["turns"] == PLAYED
    presses = (folder / PRESSES).read_text(encoding="utf-8").splitlines()
    assert presses[0].startswith("#") and len(presses) == 2
    assert presses[1].endswith(" select long")

    argv = ["replay", str(folder), "--game", "hex", "--players", "Ana,Ben", "--json"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["record"] == record
    assert f"replay: 1 button press kept with the recording ({folder / PRESSES})" in err

    (folder / PRESSES).unlink()
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["record"]["turns"] == PLAYED[:2]
    assert "refused: white: board change refused: black moved in white's turn" in err


def test_moves_written_down_match_a_recording_stopped_after_a_turn_ended_early(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H2: the recording stops once White has held SELECT: the camera's record has
        Black's turn 3 begun, with no move, which the moves written one line a turn cannot
        say. `--expect` of the two turns written is the same game (exit 0), and says so; a
    move written in turn 3 is not."""
    folder = tmp_path / "20261129-121500"
    assert _record_table(folder, black_moves_again=False)["turns"] == [*PLAYED[:2], []]
    played = tmp_path / "played.txt"
    played.write_text("1. b2-c2\n2. j6-i6\n", encoding="utf-8")
    argv = ["replay", str(folder), "--game", "hex", "--players", "Ana,Ben"]
    assert main([*argv, "--expect", str(played)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith(
        f"; the same game as {played} (the camera's record also has turn 3 begun, with no move yet)"
    ), last
    played.write_text("1. b2-c2\n2. j6-i6\n3. -\n", encoding="utf-8")
    assert main([*argv, "--expect", str(played)]) == 0
    assert capsys.readouterr().out.strip().endswith(f"; the same game as {played}")
    played.write_text("1. b2-c2\n2. j6-i6\n3. c2-d2\n", encoding="utf-8")
    assert main([*argv, "--expect", str(played)]) == 1
    assert "turn 3: the camera read 0 moves, the record says 1" in capsys.readouterr().out


def test_the_daemon_of_companion_run_keeps_its_presses_with_its_recording(
    tmp_path: Path,
) -> None:
    """Issue 24 item 4: with ``[record] folder`` set, every press the table takes goes
    to the recording (``build_daemon`` wires the recorder to the runner)."""
    fake = HardwareSection("fake")
    config = Config(
        camera=fake,
        display=fake,
        buttons=fake,
        journal=JournalSection(str(tmp_path / "journal.db")),
        phone=PhoneSection(enabled=False),
        record=RecordSection(folder=str(tmp_path / "games")),
    )
    daemon = build_daemon(config)
    try:
        (recorder,) = [part for part in daemon.parts if isinstance(part, Recorder)]
        assert daemon.pressed == [recorder.pressed]
    finally:
        daemon.session.journal.close()
        daemon.links.close()
        recorder.close()


def test_only_the_buttons_pressed_are_kept_and_a_press_that_hid_a_lost_journal_is_a_note(
    tmp_path: Path,
) -> None:
    """Issue 24 item 4: a control card's SELECT (CONFIRM, NEXT-ROUND) comes from the
    frames, which a replay reads again: it is not kept. A press that only hid a screen
    the frames do not bring back ("Not saved": the journal's disk; "Camera lost" alike)
    is kept as a note, never pressed in a replay (it has no such screen: the press would
    act on the game); one that hid a fault the frames bring back (a card seen twice) is
    kept, as the replay shows that screen too."""
    scene = HexScene((320, 180), 2.3, seed=5, frames_per_step=1)
    table = _recorded(tmp_path / "rec", [scene.table] * 6)
    daemon, buttons, clock, writer = table.daemon, table.buttons, table.clock, table.writer
    daemon.start()
    daemon.step()  # frame 0
    daemon.facade.select(clock.now)  # a control card's SELECT: not a button
    buttons.press(Button.DOWN)
    daemon.step()  # frame 1: DOWN kept
    daemon.app.hardware_status("journal", Fault(FaultKind.NOT_SAVED), clock.now)
    buttons.press(Button.SELECT)
    daemon.step()  # frame 2: SELECT only hides "Not saved": a note
    daemon.app.hardware_status("card", Fault(FaultKind.DUPLICATE_CARD, card="R3"), clock.now)
    buttons.hold(Button.BACK)
    daemon.step()  # frame 3: BACK hides the card seen twice: kept
    writer.close()
    lines = (tmp_path / "rec" / PRESSES).read_text(encoding="utf-8").splitlines()
    assert lines[1:] == [
        "0.200 down press",
        "# 0.400 select press: hid the journal fault screen: not pressed again in a replay",
        "0.600 back long",
    ]
    assert writer.presses == 2 and [str(p) for p in parse_script("\n".join(lines))] == [
        "0.2 down press",
        "0.6 back long",
    ]
