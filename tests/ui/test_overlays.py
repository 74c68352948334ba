"""Overlays over the game: how long each kind of notice covers the flow's view."""

from __future__ import annotations

from functools import partial

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.ui.app import UiApp
from companion.ui.overlays import (
    BACKLOG_SECONDS,
    DUPLICATE_SECONDS,
    INFO_SECONDS,
    PAGE_SECONDS,
    Overlays,
    Statuses,
)
from companion.ui.screens import message_pages
from companion.views import MessageView, ScoresView, Tone, TrickView
from companion.views.faults import Fault, FaultKind

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


def _count_hands_note(panel: tuple[int, int]) -> tuple[UiApp, float]:
    """The rummy note "Lay out every hand in its zone, apart from the sets." (R6), a
    passing one, shown at ``now`` on a panel of ``panel``."""
    app = UiApp(panel=panel, now=100.0)
    app.game_started("rummy21", ("Ana", "Ben"))
    notice = Notice(NoticeKind.INFO, "lay out every hand", said=Said(Say.COUNT_HANDS))
    app.notices([notice], 100.0)
    return app, 100.0


def test_a_passing_note_shows_every_page_before_it_goes() -> None:
    """Issue 26: a passing note longer than the panel turns its pages (every
    PAGE_SECONDS) and stays until its last page has shown; it went after INFO_SECONDS,
    before its second page."""
    app, now = _count_hands_note((128, 32))
    first = app.screen(now)
    assert isinstance(first, MessageView) and first.title == "Count hands"
    pages = message_pages(first, (128, 32))
    assert pages > 1
    shown = []
    for page in range(pages):
        at = now + page * PAGE_SECONDS + PAGE_SECONDS / 2
        app.tick(at)
        view = app.screen(at)
        assert isinstance(view, MessageView) and view.title == "Count hands", page
        shown.append(view.page % pages)
    assert shown == list(range(pages))
    app.tick(now + pages * PAGE_SECONDS)
    assert app.screen(now + pages * PAGE_SECONDS).title == "Rummy 21"  # the game again


def test_a_passing_note_of_one_page_goes_as_before() -> None:
    """Issue 26: on a panel where the note fits, it passes after INFO_SECONDS."""
    app, now = _count_hands_note((128, 64))
    assert message_pages(app.screen(now), (128, 64)) == 1  # type: ignore[arg-type]
    app.tick(now + INFO_SECONDS)
    assert app.screen(now + INFO_SECONDS).title == "Rummy 21"  # the game again


def _pages(count: int, view: object) -> int:
    return count


def test_a_passing_fault_stays_for_each_page() -> None:
    """Issue 26: a passing fault (a card seen twice) that takes two pages on the panel
    stays for both, like a note; one page passes after DUPLICATE_SECONDS."""
    fault = Fault(FaultKind.DUPLICATE_CARD, card="R13", deck="fibonachos")
    for pages, gone in ((1, DUPLICATE_SECONDS), (2, 2 * PAGE_SECONDS)):
        statuses = Statuses(partial(_pages, pages))
        statuses.set("card", fault, 0.0)
        assert statuses.current(gone - 0.01) is not None
        assert statuses.current(gone) is None


def test_a_refusal_shows_at_once_before_a_passing_note() -> None:
    """Issue 24: an illegal move is said at once; it used to wait behind the turn's
    announcement ("Ana may make 3 moves.", a passing note of INFO_SECONDS). The note
    still shows once the refusal is dealt with, if its time is not over."""
    queue = Overlays()
    turn = Said(Say.TURN_OVER, number=3)
    queue.add(Notice(NoticeKind.INFO, "turn 3 over", said=turn), now=0.0, base=None)
    refusal = Notice(NoticeKind.REFUSED, "a6-c3: cannot reach", "H3", said=Said(Say.BAD_MOVE))
    shown = queue.add(refusal, now=0.5, base=LAST_TRICK)
    assert shown is not None and shown.refused
    assert queue.current(0.6) is shown
    queue.flow_moved(NEXT_ROUND)  # the pieces put back: the game moved on
    current = queue.current(1.0)
    assert current is not None and current.view.lines == ("Turn 3 is over.",)


def test_passing_notes_added_together_show_one_after_the_other() -> None:
    """Issue 24: a skipped turn's "0 moves" note and the next turn's announcement came
    together and went together, so the announcement never showed; each passing note
    now has its own INFO_SECONDS, up to a backlog, after which the newest replaces them."""
    queue = Overlays()
    for number in (3, 4):
        said = Said(Say.TURN_OVER, number=number)
        queue.add(Notice(NoticeKind.INFO, f"turn {number}", said=said), now=0.0, base=None)
    first = queue.current(INFO_SECONDS - 0.1)
    second = queue.current(INFO_SECONDS + 0.1)
    assert first is not None and first.view.lines == ("Turn 3 is over.",)
    assert second is not None and second.view.lines == ("Turn 4 is over.",)
    assert queue.current(2 * INFO_SECONDS + 0.1) is None
    for number in range(5, 12):  # a burst: no note shows seconds after its time
        said = Said(Say.TURN_OVER, number=number)
        queue.add(Notice(NoticeKind.INFO, f"turn {number}", said=said), now=10.0, base=None)
    ends = [o.until for o in queue.queue if o.until is not None]
    assert ends and max(ends) - 10.0 <= BACKLOG_SECONDS + INFO_SECONDS
    last = queue.queue[-1]
    assert last.view.lines == ("Turn 11 is over.",)


def test_a_button_takes_away_the_passing_notes_waiting_too() -> None:
    """Issue 24: passing notes now wait their turn; one press still brings the game's
    screen back (not one press per note), and a screen that waits for a key stays."""
    queue = Overlays()
    for number in (3, 4, 5):
        said = Said(Say.TURN_OVER, number=number)
        queue.add(Notice(NoticeKind.INFO, f"turn {number}", said=said), now=0.0, base=None)
    queue.add(Notice(NoticeKind.GAME_OVER, "over"), now=0.0, base=None, detail=SCORES)
    assert queue.dismiss(0.5) is not None
    current = queue.current(0.6)
    assert current is not None and current.ends_game
