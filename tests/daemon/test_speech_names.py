"""Players' names in any script, as the speaker port receives them (issue 25 §2 with the
phone names of docs/phone.md): a name the voice cannot read is said in Latin letters,
never dropped; what the voice reads stays as typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from daemon_harness import ManualClock, fibonachos_steps, load_record, make_daemon, part_of
from speech_replays import heard

from companion.daemon.speech import Speech, speech_part
from companion.views.i18n import speaking
from companion.views.spoken import Level
from hardware.speaker import Speaker, open_speaker
from hardware.speaker_fake import FakeSpeaker


def _first_trick(tmp_path: Path, players: list[str], speaker: Speaker) -> None:
    """A Fibonachos game of ``players`` through the loop, speech on, to its first trick."""
    clock = ManualClock()
    steps = fibonachos_steps(load_record("fibonachos", "short.json"))
    voice = speech_part(speaker, Level.ALL, settle=True)
    daemon = make_daemon(
        tmp_path / "journal.db", steps, clock=clock, parts=lambda table: [voice(table)]
    )
    daemon.start_game("fibonachos", players, [], {"dealer": 2})
    speech = part_of(daemon, Speech)
    speech.start()
    try:
        for _ in range(5):  # the spicy card, three plays, the trick cleared
            daemon.step()
            clock.advance(0.2)
    finally:
        speech.close()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "Wang Xiao Ming leads. Turn up the spicy card.",
                "Wang Xiao Ming to play.",
                "Gim Min Su to play.",
                "Dmitriy to play.",
                "Wang Xiao Ming takes trick 1 with Red 16 and wins Spicy 0.",
                "Wang Xiao Ming leads. Turn up the spicy card.",
            ],
        ),
        (
            "fr",
            [
                "Wang Xiao Ming entame. Retournez la carte piment.",
                "À Wang Xiao Ming de jouer.",
                "À Gim Min Su de jouer.",
                "À Dmitriy de jouer.",
                "Wang Xiao Ming remporte le pli 1 avec le Rouge 16 et gagne le Piment 0.",
                "Wang Xiao Ming entame. Retournez la carte piment.",
            ],
        ),
    ],
)
def test_names_in_other_scripts_reach_the_speaker_in_latin_letters(
    tmp_path: Path, lang: str, expected: list[str]
) -> None:
    """Issue 25 §2, phone names: Chinese, Korean and Cyrillic names typed on the phone
    page reach the speaker port as the English or French voice can say them (espeak-ng
    would say "Chinese letter" three times for 王小明), each syllable a word."""
    fake = FakeSpeaker()
    with speaking(lang):
        _first_trick(tmp_path, ["王小明", "김민수", "Дмитрий"], fake)
    assert [spoken.text for spoken in fake.said] == expected
    assert {spoken.language for spoken in fake.said} == {lang}


def test_latin_names_reach_the_files_speaker_as_typed(tmp_path: Path) -> None:
    """Issue 25 §2, phone names: letters the voice reads (Łukasz's Ł, Zoë's ë, Søren's ø)
    are left as typed, and only the Japanese name is written in Latin letters."""
    files = open_speaker("files", dir=str(tmp_path / "said"), audio=False)
    _first_trick(tmp_path, ["Łukasz", "Zoë Søren", "さくら"], files)
    assert heard(tmp_path / "said")[:4] == [
        "en turn: Łukasz leads. Turn up the spicy card.",
        "en turn: Łukasz to play.",
        "en turn: Zoë Søren to play.",
        "en turn: Sakura to play.",
    ]
