"""Overlays over the game: how long each kind of notice covers the flow's view."""

from __future__ import annotations

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.ui.overlays import Overlays
from companion.views import MessageView, ScoresView, Tone, TrickView

SCORES = ScoresView("Round 1", ("Ana", "Ben"), (3, 5), (3, 5))
LAST_TRICK = TrickView("fibonachos", 1, 17, "Ana")
NEXT_ROUND = TrickView("fibonachos", 2, 1, "Ben", waiting_for="spicy card")


def test_round_scores_stay_until_the_next_round_starts_at_the_table() -> None:
    """Players read the scores, then deal and play on: the next card clears them."""
    queue = Overlays()
    queue.add(Notice(NoticeKind.ROUND_OVER, "round 1"), now=0.0, base=None, detail=SCORES)
    queue.flow_moved(LAST_TRICK)  # the view that came with the notice
    assert queue.current(1000.0) is not None  # no timeout: it waits
    queue.flow_moved(LAST_TRICK)
    assert queue.current(1000.0) is not None
    queue.flow_moved(NEXT_ROUND)
    assert queue.current(1000.0) is None


def test_final_scores_stay_until_a_button() -> None:
    queue = Overlays()
    queue.add(Notice(NoticeKind.GAME_OVER, "over"), now=0.0, base=None, detail=SCORES)
    queue.flow_moved(LAST_TRICK)
    queue.flow_moved(NEXT_ROUND)
    assert queue.current(1000.0) is not None
    assert queue.dismiss(1000.0) is not None and queue.current(1000.0) is None


def test_a_notice_without_a_presented_detail_shows_its_message() -> None:
    """A round over without its scores' view still says so, until the table moves on,
    in the players' words (the notice's English message is the log's)."""
    queue = Overlays()
    said = Said(Say.ROUND_OVER, number=1)
    shown = queue.add(Notice(NoticeKind.ROUND_OVER, "round 1 over", said=said), now=0.0, base=None)
    assert shown is not None
    hint = "Press any key"
    assert shown.view == MessageView("Round over", ("Round 1 is over.",), Tone.ALERT, hint)


def test_a_note_with_nothing_to_say_to_the_players_is_not_shown() -> None:
    """A notice made without a Said (no fact to word) never shows its English message."""
    queue = Overlays()
    assert queue.add(Notice(NoticeKind.INFO, "undone: R13#1 (play)"), now=0.0, base=None) is None
    refused = queue.add(Notice(NoticeKind.REFUSED, "R13#1 refused (F1)"), now=0.0, base=None)
    assert refused is not None and refused.view.lines == ("That cannot be done now.",)
