"""Replayed games through the daemon's loop with the files speaker say exactly what the
table should hear, in order, in English and French (issue 25 §4).

The expected announcements are in ``tests/daemon/spoken/<game>-<language>.txt``, one
``language kind: text`` a line; each was read through against the record it replays
(who took which trick, the scores of ``companion score``). A few lines are pinned here
too, so a wording change shows in the test's own text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from speech_replays import replayed

SPOKEN = Path(__file__).parent / "spoken"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["fibonachos", "trump", "hex"])
def test_a_replayed_game_says_exactly_the_expected_announcements(
    game: str, language: str, tmp_path: Path
) -> None:
    """Issue 25 §4: a Fibonachos game (key moments, with a refused card), a Trump round
    (everything: whose turn too) and a hex referee game (key moments: the moves allowed
    each turn, a refused count, a move refused) with the files backend."""
    expected = (SPOKEN / f"{game}-{language}.txt").read_text(encoding="utf-8").splitlines()
    assert replayed(tmp_path, game, language) == expected


def test_the_lines_a_table_hears_are_worded_for_the_ear() -> None:
    """Issue 25 §2: whole words (no "R13", no "tot"), the players by name, French with
    its own typography; the result names the winner with the points of everyone."""
    fib_en = (SPOKEN / "fibonachos-en.txt").read_text(encoding="utf-8").splitlines()
    assert fib_en[0] == "en trick: Ana takes trick 1 with Red 11 and wins Spicy 0."
    assert fib_en[1] == (
        "en refusal: Card refused. Show the trick's spicy card before its first card. "
        "Take the card back."
    )
    assert fib_en[-1] == (
        "en result: Game over. Ben wins with 65 points. Ana, 33 points. Ben, 65 points. "
        "Cy, 35 points."
    )
    fib_fr = (SPOKEN / "fibonachos-fr.txt").read_text(encoding="utf-8").splitlines()
    assert fib_fr[-2] == (
        "fr score: La manche 3 est finie. Ana, 5 points, 33 au total. Ben, 24 points, "
        "65 au total. Cy, 6 points, 35 au total."
    )
    trump = (SPOKEN / "trump-en.txt").read_text(encoding="utf-8").splitlines()
    assert trump[:3] == [
        "en turn: Show the trump indicator.",
        "en turn: Show the symbol indicator.",
        "en turn: Cy to play.",
    ]
    assert (
        "en turn: Ben to play."
        in trump[trump.index("en trick: Ben takes trick 2 with Purple 9.") + 1]
    )
    hex_fr = (SPOKEN / "hex-fr.txt").read_text(encoding="utf-8").splitlines()
    assert hex_fr[:2] == ["fr allowance: Noir, 1 coup.", "fr allowance: Blanc, 2 coups."]
    assert hex_fr[-1] == (
        "fr refusal: Blanc n'a plus de coups : SELECT long pour finir le tour."
    )
