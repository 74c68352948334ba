"""The table says the faults it asks the players to mend (issue 25 §2, "a table that
speaks"; the faults of issue 4 §3 and issue 24's pieces not seen): a camera lost, the
screen itself lost, a hex piece the camera does not see. Each is said once as it comes,
in the screen's sentence, and again only once it has gone and come back; the screen
that stopped answering is said at once and shown once it answers again."""

from __future__ import annotations

from pathlib import Path

from daemon_harness import (
    Gate,
    ManualClock,
    blank_frames,
    fibonachos_steps,
    load_record,
    make_daemon,
    part_of,
)

from companion.daemon.runtime import Daemon
from companion.daemon.speech import Speech, speech_part
from companion.views import MessageView
from companion.views.faults import Fault, FaultKind
from companion.views.spoken import Kind, Level
from hardware.camera_synthetic import SyntheticFeed
from hardware.display_fake import FakeDisplay
from hardware.speaker_fake import FakeSpeaker

CAMERA = "No picture from the camera: check its cable."
SCREEN = "The screen stopped answering: check its cable."


def _daemon(
    tmp_path: Path, fake: FakeSpeaker, *, settle: bool = True, **devices: object
) -> tuple[Daemon, ManualClock]:
    clock = ManualClock()
    steps = fibonachos_steps(load_record("fibonachos", "short.json"))
    voice = speech_part(fake, Level.KEY, settle=settle)
    daemon = make_daemon(
        tmp_path / "journal.db",
        steps,
        clock=clock,
        parts=lambda table: [voice(table)],
        **devices,  # type: ignore[arg-type]
    )
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    daemon.start()
    daemon.start_parts()
    return daemon, clock


def _answers(daemon: Daemon) -> bool:
    return daemon.links.display.status.ok


def _faults(fake: FakeSpeaker) -> list[str]:
    return [s.text for s in fake.said if s.text in (CAMERA, SCREEN) or "not seen" in s.text]


def test_a_lost_camera_is_said_once_while_it_stays_lost(tmp_path: Path) -> None:
    """Issue 4 §3: the screen says "Camera lost" on every turn of the outage; the voice
    says it once, and once more when the camera is lost again after coming back."""
    fake = FakeSpeaker()
    frames = blank_frames(80)
    feed = SyntheticFeed(frames, fps=10, lose_after=10, come_back_after=6)
    daemon, clock = _daemon(tmp_path, fake, camera=feed.open)
    lost_turns = 0
    for _ in range(40):
        daemon.step()
        view = daemon.app.screen(clock())
        lost_turns += isinstance(view, MessageView) and view.title == "Camera lost"
        clock.advance(0.5)
    part = next(p for p in daemon.parts if isinstance(p, Speech))
    part.close()
    assert lost_turns > 1
    assert _faults(fake) == [CAMERA]
    assert daemon.links.camera.outages == 1


def test_a_screen_that_stops_answering_is_said_then_shown_once_back(tmp_path: Path) -> None:
    """Issue 4 §3: a screen that stops answering cannot say so itself: the voice says it
    at once, and the screen shows it once it answers again, until a key hides it
    (before, the fault was never raised: the players saw a blank or frozen screen and
    heard nothing)."""
    fake = FakeSpeaker()
    panel = FakeDisplay()
    daemon, clock = _daemon(tmp_path, fake, display=lambda: panel)
    daemon.step()
    panel.fail = True
    for _ in range(4):
        clock.advance(0.5)
        daemon.step()
    assert not _answers(daemon)
    assert _faults(fake) == [SCREEN]
    panel.fail = False
    for _ in range(60):  # the link tries the panel again after its backoff
        clock.advance(0.5)
        daemon.step()
        if _answers(daemon):
            break
    daemon.step()
    view = daemon.app.screen(clock())
    assert isinstance(view, MessageView) and view.lines == (SCREEN,)
    assert daemon.app.statuses.hide(clock())  # any key hides it
    part = next(p for p in daemon.parts if isinstance(p, Speech))
    part.close()
    assert _faults(fake) == [SCREEN]


def test_a_piece_not_seen_is_said_and_said_again_when_it_changes(tmp_path: Path) -> None:
    """H3, issue 24: the camera referee's "not seen" (the board camera raises it, as
    here) is said as the screen words it, the lamp named when glare may hide the piece;
    the same fault standing is not said again, another piece or the lamp's is."""
    fake = FakeSpeaker()
    daemon, clock = _daemon(tmp_path, fake)
    lamp = Fault(FaultKind.PIECE_MISSING, piece=("white", "strike", 3), lamp=True)
    bare = Fault(FaultKind.PIECE_MISSING, piece=("black", "support", 2))
    for fault in (lamp, lamp, lamp, bare, None, bare):
        daemon.app.hardware_status("piece", fault, clock())
        daemon.step()
        clock.advance(0.5)
    part = next(p for p in daemon.parts if isinstance(p, Speech))
    part.close()
    assert _faults(fake) == [
        "White strike piece 3 is not seen: a lamp shines on the board."
        " Move the lamp or shade the board.",
        "Black support piece 2 is not seen: put it on its cell, code up.",
        "Black support piece 2 is not seen: put it on its cell, code up.",
    ]
    assert part.last is not None and part.last.kind is Kind.FAULT


def test_faults_that_come_together_are_all_said(tmp_path: Path) -> None:
    """Issue 4 §3 with issue 25 §3: two faults raised in one turn (a card seen twice and
    a piece not seen) are both said; before, the mailbox's one slot for faults kept
    the second and the first went unsaid while the voice was busy."""
    gate = Gate()
    daemon, clock = _daemon(tmp_path, gate, settle=False)
    speech = part_of(daemon, Speech)
    daemon.app.hardware_status("disk", Fault(FaultKind.DISK_FULL), clock())
    daemon.step()
    assert gate.entered.acquire(timeout=10)  # the voice holds the first fault
    twice = Fault(FaultKind.DUPLICATE_CARD, card="R13#1", deck="fibonachos")
    daemon.app.hardware_status("card", twice, clock())
    daemon.app.hardware_status(
        "piece", Fault(FaultKind.PIECE_MISSING, piece=("white", "strike", 3)), clock()
    )
    clock.advance(0.5)
    daemon.step()
    waiting = [p.announcement.text for p in speech.mailbox.waiting()]
    for _ in range(5):
        gate.go.release()
    speech.close()
    assert waiting == [
        "Red 13 is already on the table: take the copy away."
        " White strike piece 3 is not seen: put it on its cell, code up."
    ]
