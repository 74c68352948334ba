"""The speech part beside the loop (issue 25 §2-3): one slot per kind, stale
announcements dropped, a failing speaker never stops the game, long UP says the last
announcement again, kiosk tables silent unless the cafe turns speech on."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from daemon_harness import (
    Gate,
    ManualClock,
    fibonachos_steps,
    load_record,
    make_daemon,
    part_of,
)

from companion.config import parse_config
from companion.daemon.runtime import Daemon
from companion.daemon.speech import (
    Mailbox,
    Speech,
    Voice,
    joined,
    level_of,
    speech_from_config,
    speech_part,
)
from companion.errors import ConfigError
from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.settings_decoder import TOMLValue
from companion.ui.commands import Undo
from companion.views.spoken import Announcement, Kind, Level, announce
from hardware.buttons import Button, ButtonEvent, PressKind
from hardware.errors import ConfigurationError
from hardware.speaker import MAX_CHARS, Speaker, Spoken
from hardware.speaker_fake import FakeSpeaker


def said(kind: Kind, text: str) -> Announcement:
    return Announcement(kind, text, "en")


def test_a_newer_announcement_replaces_a_stale_one_of_its_kind() -> None:
    """Issue 25 §3: one slot per kind; kinds keep the order they were last posted in."""
    box = Mailbox(clock=lambda: 0.0)
    box.put(said(Kind.TURN, "Ana to play."))
    box.put(said(Kind.TRICK, "Ana takes trick 1."))
    box.put(said(Kind.TURN, "Ben to play."))
    assert [p.announcement.text for p in box.waiting()] == ["Ana takes trick 1.", "Ben to play."]
    assert box.dropped == 1


def test_nothing_is_said_once_it_is_stale() -> None:
    """Issue 25 §3: nothing queues for minutes: a slot older than its limit is dropped."""
    now = [0.0]
    box = Mailbox(clock=lambda: now[0], stale=8.0)
    box.put(said(Kind.TURN, "Ana leads. Turn up the spicy card."))
    now[0] = 5.0
    box.put(said(Kind.TRICK, "Ben takes trick 2."))
    now[0] = 9.0
    taken = box.take(timeout=0)
    assert taken is not None and taken.announcement.kind is Kind.TRICK
    assert box.dropped == 1


def test_the_result_waits_behind_the_last_rounds_scores() -> None:
    """Issue 25 §3, F8: the last round's scores and the result come together; the
    scores of three players last 12 s (espeak-ng at 150 words a minute), so the result
    waits longer than a turn may. Before, it was dropped as stale: the table never heard
    who won. A round's scores and the result stay true; they wait up to a minute."""
    now = [0.0]
    box = Mailbox(clock=lambda: now[0], stale=8.0, lasting=60.0)
    box.put(said(Kind.SCORE, "Round 3 is over. Ana, 7 points, 50 in all. ..."))
    box.put(said(Kind.RESULT, "Game over. Ana wins with 50 points. ..."))
    box.put(said(Kind.TURN, "Ben leads. Turn up the spicy card."))
    taken = box.take(timeout=0)
    assert taken is not None and taken.announcement.kind is Kind.SCORE
    now[0] = 12.0  # the scores are said
    box.done()
    taken = box.take(timeout=0)
    assert taken is not None and taken.announcement.kind is Kind.RESULT
    box.done()
    assert box.take(timeout=0) is None and box.dropped == 1  # the turn is stale
    now[0] = 70.0
    box.put(said(Kind.RESULT, "Game over."))
    now[0] = 131.0
    assert box.take(timeout=0) is None  # a minute is its limit


def test_one_inputs_news_of_a_kind_is_said_together_not_replaced() -> None:
    """H2 (issue 25 §3): a hex turn the strike pieces left no move ends at once and the
    next begins in the same input; the mailbox keeps one of a kind, so both are said as
    one sentence (before, "Black, 5 moves." replaced White's and why). Too long to
    say together, the newer stays; other kinds keep their order."""
    zero = said(Kind.ALLOWANCE, "White, 0 moves. 4 enemy strike pieces touch the centre.")
    five = said(Kind.ALLOWANCE, "Black, 5 moves.")
    box = Mailbox(clock=lambda: 0.0)
    for announcement in joined([zero, five, said(Kind.RESULT, "Black wins the game.")]):
        box.put(announcement)
    assert [p.announcement.text for p in box.waiting()] == [
        "White, 0 moves. 4 enemy strike pieces touch the centre. Black, 5 moves.",
        "Black wins the game.",
    ]
    long = said(Kind.REFUSAL, "x" * (MAX_CHARS - 10))
    assert joined([long, long]) == [long, long]


def _daemon(
    tmp_path: Path,
    speaker: Speaker | None = None,
    level: Level = Level.ALL,
    *,
    settle: bool = False,
) -> tuple[Daemon, ManualClock]:
    """A Fibonachos game of three just started; speech its one part (``speaker`` given)."""
    clock = ManualClock()
    steps = fibonachos_steps(load_record("fibonachos", "short.json"))
    voice = None if speaker is None else speech_part(speaker, level, settle=settle)
    parts = None if voice is None else (lambda table: [voice(table)])
    daemon = make_daemon(tmp_path / "journal.db", steps, clock=clock, parts=parts)
    daemon.start_game("fibonachos", 3, [], {"dealer": 2})
    return daemon, clock


def test_the_loop_only_posts_while_a_sentence_is_being_said(tmp_path: Path) -> None:
    """Issue 25 §3: the loop goes on while the speaker talks; turns posted meanwhile
    leave only the newest to say."""
    gate = Gate()
    daemon, clock = _daemon(tmp_path, gate)
    speech = part_of(daemon, Speech)
    speech.start()  # says "Ana leads. Turn up the spicy card." and holds there
    assert gate.entered.acquire(timeout=10)
    for _ in range(4):  # the spicy card, then three plays: four turns while one sentence lasts
        daemon.step()
        clock.advance(0.2)
    waiting = [p.announcement.text for p in speech.mailbox.waiting()]
    assert waiting == [
        "Ana takes trick 1 with Red 16 and wins Spicy 0.",
        "Ana leads. Turn up the spicy card.",
    ]
    assert speech.mailbox.dropped == 3  # Ana, Ben, then Cy to play: each replaced
    assert gate.stops >= 1  # the turn being said was cut short by a newer turn
    for _ in range(10):
        gate.go.release()
    speech.close()


def test_an_undo_is_said_and_what_it_makes_wrong_is_not(tmp_path: Path) -> None:
    """Issue 25 §3 with undo (docs/ui.md, "Spoken announcements"): the last card of a
    trick taken back is said, and the trick it had won, still waiting to be said, is
    not; the sentence being said is cut short. Before, the table said "Ana takes trick
    1" after the card that won it was taken back."""
    gate = Gate()
    daemon, clock = _daemon(tmp_path, gate)
    speech = part_of(daemon, Speech)
    speech.start()  # says "Ana leads. Turn up the spicy card." and holds there
    assert gate.entered.acquire(timeout=10)
    for _ in range(4):  # the spicy card, then three plays: the trick is won
        daemon.step()
        clock.advance(0.2)
    assert "Ana takes trick 1 with Red 16 and wins Spicy 0." in [
        p.announcement.text for p in speech.mailbox.waiting()
    ]
    stops = gate.stops
    daemon.runner.carry_out(Undo(), clock())
    waiting = [p.announcement.text for p in speech.mailbox.waiting()]
    assert gate.stops > stops
    for _ in range(10):
        gate.go.release()
    speech.close()
    assert waiting == ["Undone. Yellow 16 is taken back.", "Cy to play."]


def test_a_failing_speaker_is_logged_once_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 25 §1: no sound card never stops the game; the log says so once."""
    daemon, clock = _daemon(tmp_path, FakeSpeaker(fail=True), settle=True)
    speech = part_of(daemon, Speech)
    caplog.set_level(logging.WARNING, "companion.daemon.speech")
    speech.start()
    for _ in range(8):
        daemon.step()
        clock.advance(0.2)
    speech.close()
    failures = [r for r in caplog.records if "told to fail" in r.getMessage()]
    assert len(failures) == 1
    assert speech.voice.said == 0
    assert daemon.session.flow.status().trick == 2


class _BuggyOnce(FakeSpeaker):
    """A speaker with a bug of its own: its first sentence raises what no speaker
    should (not a HardwareError), the next ones are said."""

    def _say(self, spoken: Spoken) -> None:
        if not self.stops and not self.said and spoken.text.startswith("Ana"):
            raise RuntimeError("a bug in a speaker")
        super()._say(spoken)


def test_a_speakers_own_bug_never_silences_the_table(caplog: pytest.LogCaptureFixture) -> None:
    """Issue 25 §1 (the guide: nothing kills a thread): an error no speaker should raise
    is logged once with its traceback, and the voice says the next announcement. Before,
    it ended the speech thread and the table was silent until restarted."""
    box = Mailbox(clock=lambda: 0.0)
    speaker = _BuggyOnce()
    voice = Voice(speaker, box, lambda: 0.0)
    caplog.set_level(logging.ERROR, "companion.daemon.speech")
    voice.start()
    box.put(said(Kind.TURN, "Ana to play."))
    assert box.wait_idle(10)
    box.put(said(Kind.TRICK, "Ben takes trick 1."))
    assert box.wait_idle(10)
    box.close()
    voice.join(10)
    assert [spoken.text for spoken in speaker.said] == ["Ben takes trick 1."]
    errors = [r for r in caplog.records if "a bug in a speaker" in r.getMessage()]
    assert len(errors) == 1 and errors[0].exc_info is not None


def test_long_up_says_the_last_announcement_again(tmp_path: Path) -> None:
    """Issue 25 §2: a button press repeats the last announcement."""
    fake = FakeSpeaker()
    daemon, clock = _daemon(tmp_path, fake, Level.KEY, settle=True)
    speech = part_of(daemon, Speech)
    speech.start()
    for _ in range(5):  # the spicy card, three plays, the trick cleared
        daemon.step()
        clock.advance(0.2)
    assert [s.text for s in fake.said] == ["Ana takes trick 1 with Red 16 and wins Spicy 0."]
    daemon.runner.press(ButtonEvent(Button.UP, PressKind.LONG_PRESS, clock()))
    daemon.step()
    speech.close()
    assert [s.text for s in fake.said] == ["Ana takes trick 1 with Red 16 and wins Spicy 0."] * 2


@pytest.mark.parametrize(
    ("settings", "level"),
    [
        ({}, Level.OFF),
        ({"speech": {"say": "key"}}, Level.KEY),
        ({"speech": {"say": "all"}, "kiosk": {"enabled": True}}, Level.OFF),
        ({"speech": {"say": "all", "kiosk": True}, "kiosk": {"enabled": True}}, Level.ALL),
    ],
)
def test_kiosk_tables_stay_silent_unless_the_cafe_turns_speech_on(
    settings: dict[str, TOMLValue], level: Level
) -> None:
    """Issue 25, done means: kiosk mode keeps speech off unless the cafe turns it on."""
    assert level_of(parse_config(settings)) is level


def test_speech_settings_are_checked_by_name(tmp_path: Path) -> None:
    """Issue 25 §2: a bad ``[speech]`` or ``[speaker]`` key names itself."""
    with pytest.raises(ConfigError, match=r"speech\.say"):
        parse_config({"speech": {"say": "loud"}})
    config = parse_config({"speech": {"say": "key"}, "speaker": {"kind": "fake", "rate": 5}})
    with pytest.raises(ConfigurationError, match=r"speaker\.rate"):
        speech_from_config(config)
    config = parse_config({"speech": {"say": "key"}, "speaker": {"kind": "fake"}})
    voice = speech_from_config(config)
    assert voice is not None
    clock = ManualClock()
    daemon = make_daemon(tmp_path / "journal.db", [], clock=clock, parts=lambda t: [voice(t)])
    assert part_of(daemon, Speech).level is Level.KEY
    assert speech_from_config(parse_config({"speaker": {"kind": "fake"}})) is None  # off


def test_a_table_without_espeak_ng_runs_silent_and_says_why(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 25 (no speaker never stops the game): espeak-ng not installed is one error
    line naming the package, and the table starts without its voice; a bad key still
    stops the start (above)."""
    import shutil

    monkeypatch.setattr(shutil, "which", lambda name: None)
    config = parse_config({"speech": {"say": "key"}, "speaker": {"kind": "espeak"}})
    with caplog.at_level(logging.ERROR, logger="companion.daemon.speech"):
        assert speech_from_config(config) is None
    (said,) = [r.getMessage() for r in caplog.records if r.name == "companion.daemon.speech"]
    assert said == (
        "speech: speaker: espeak-ng is not installed (sudo apt install espeak-ng); "
        "the table runs without its voice"
    )


def test_the_daemon_starts_turns_and_closes_its_parts(tmp_path: Path) -> None:
    """Issue 25 §3: speech is a part of the loop: ``run`` starts its voice, each turn
    posts, and the end of the run stops the thread and closes the speaker (what was not said
    yet is not: a service stopping does not talk on)."""
    fake = FakeSpeaker()
    daemon, clock = _daemon(tmp_path, fake, Level.KEY)
    speech = part_of(daemon, Speech)
    turns = iter(range(6))

    def should_stop() -> bool:
        clock.advance(0.2)
        return next(turns, None) is None

    daemon.run(should_stop)
    assert not speech.voice.is_alive()
    assert fake.closed
    assert speech.last is not None and speech.last.kind is Kind.TRICK  # posted by a turn


def test_a_staff_message_is_shown_and_never_said(tmp_path: Path) -> None:
    """Session 31 (docs/security.md, "What the logs write"): the staff's message comes
    from outside with any character in it (ESC, a bidi override); the OLED shows it
    without them (tests/daemon/test_staff_message_drawn.py), and the voice never says
    it: it is no notice of an input (the speech part hears the runner's inputs only)
    and no announcement is made of it (``announce`` says nothing of a staff notice)."""
    fake = FakeSpeaker()
    daemon, clock = _daemon(tmp_path, fake, Level.ALL, settle=True)
    speech = part_of(daemon, Speech)
    speech.start()
    daemon.step()
    before = list(fake.said)
    daemon.facade.message("Pizza!\x1b[2J \u202eydaer si", clock())  # as Remote.act does
    assert daemon.app.overlays.current(clock()) is not None  # shown
    for _ in range(3):
        clock.advance(0.2)
        daemon.step()
    speech.close()
    assert not [s.text for s in fake.said[len(before) :] if "Pizza" in s.text]
    message = Notice(NoticeKind.INFO, "Pizza!", said=Said(Say.STAFF_MESSAGE, text="Pizza!"))
    assert announce([message], None, None, ["Ana", "Ben"], Level.ALL) == []
