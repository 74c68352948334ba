"""Screens that cover the game for a while: notices of the flow and hardware faults.

A trick's winner shows for a moment (:data:`TRICK_WON_SECONDS`); a round's scores stay
until a button or until the table moves on (the next round's first card is put
down: the players have seen them); the final scores and a revoke alert stay until a
button; a refused card stays until
the game moves on (the right card is put down), the pieces are put back (the hex
board) or a button; hardware faults stay
until the fault clears or a button hides them. Several notices at once queue up
(a trick won, then the round's scores, then the match's).

The words come from the views layer (:func:`companion.views.words.notice_words`,
:func:`companion.views.faults.fault_words`) in the table's language: a notice's
English ``message`` (rule ids, serials) stays in the log.

    >>> from companion.flows.said import Said
    >>> queue = Overlays()
    >>> said = Said(Say.TURN_OVER, number=3)
    >>> added = queue.add(Notice(NoticeKind.INFO, "turn 3 over", said=said), now=10.0, base=None)
    >>> queue.current(11.0).view.lines
    ('Turn 3 is over.',)
    >>> queue.current(20.0) is None
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Say
from companion.ui.keys import Key
from companion.ui.screens import View
from companion.views import FlowView, MessageView, ScoresView, Tone
from companion.views.faults import Fault, FaultKind, fault_words
from companion.views.i18n import _
from companion.views.words import notice_words

TRICK_WON_SECONDS = 2.0
INFO_SECONDS = 2.5
#: Passing notes wait for the ones before them, up to this long; then the newest
#: replaces them all (a note seconds late would mislead).
BACKLOG_SECONDS = 8.0
#: How long a card seen twice is said (it passes by itself).
DUPLICATE_SECONDS = 3.0
#: The notes that say the journal is not written: they wait for a button.
_NOT_WRITTEN = (Say.DISK_FULL, Say.NOT_SAVED)
#: A message longer than its screen shows its pages in turn, this long each.
PAGE_SECONDS = 3.0
#: How many pages a view takes on the table's panel (the interface knows its size).
PageCount = Callable[[View], int]


def one_page(view: View) -> int:
    return 1


def lasting(seconds: float, pages: int) -> float:
    """How long a passing screen of ``pages`` pages shows: ``seconds`` for one page, and
    every page its :data:`PAGE_SECONDS` for more (issue 26: a note of two pages went
    before its second page turned up).

        >>> lasting(INFO_SECONDS, 1), lasting(INFO_SECONDS, 2)
        (2.5, 6.0)
    """
    return seconds if pages <= 1 else max(seconds, pages * PAGE_SECONDS)


@dataclass
class Overlay:
    view: View
    until: float | None = None  # timed: gone at this time
    refused_on: FlowView | None = None  # a refusal: gone once the flow view differs
    refused: bool = False
    ends_game: bool = False
    #: Gone once the flow view changes after the one it was shown over (round scores).
    until_moved: bool = False
    shown_over: object = None
    shown: bool = False
    #: A key that goes on to the game as well as hiding it: "Not your turn" asks the
    #: player whose turn is not over to hold SELECT to end it (H2).
    passes: Key | None = None
    #: A refusal of pieces moved on the hex board, which putting them back answers.
    board: bool = False


def waiting(view: ScoresView) -> ScoresView:
    """A scores screen that stays until a key says so."""
    return replace(view, hint=_("press any key"))


def overlay_of(
    notice: Notice,
    now: float,
    base: FlowView | None,
    detail: View | None = None,
    *,
    players: Sequence[str] = (),
    game: str = "",
) -> Overlay | None:
    """The overlay a notice shows: ``detail``, the presented view of its detail, if any,
    else its words for ``players`` at ``game``; None for a note with nothing to say."""
    kind = notice.kind
    words = notice_words(notice, players, game)
    if words is None:
        return None
    if kind is NoticeKind.TRICK_WON:
        view: View = detail or MessageView(words.title, (words.line,))
        return Overlay(view, until=now + TRICK_WON_SECONDS)
    if kind in (NoticeKind.ROUND_OVER, NoticeKind.GAME_OVER):
        view = detail or MessageView(words.title, (words.line,), Tone.ALERT, _("Press any key"))
        if isinstance(view, ScoresView):
            view = waiting(view)
        over = kind is NoticeKind.GAME_OVER
        return Overlay(view, ends_game=over, until_moved=not over)
    if kind is NoticeKind.FLAG:
        view = detail or MessageView(words.title, (words.line,), Tone.ALERT, _("Press any key"))
        return Overlay(view)
    if kind is NoticeKind.REFUSED:
        view = detail or MessageView(words.title, (words.line,), Tone.ERROR, words.hint)
        said = notice.said
        ends_turn = said is not None and said.say is Say.TURN_NOT_OVER and said.number is not None
        passes = Key.LONG_SELECT if ends_turn else None
        board = said is not None and said.board
        return Overlay(view, refused_on=base, refused=True, passes=passes, board=board)
    if notice.said is not None and notice.said.say in _NOT_WRITTEN:  # until a button
        hint = _("Press any key")
        return Overlay(MessageView(words.title, (words.line,), Tone.ERROR, hint))
    view = detail or MessageView(words.title, (words.line,))
    return Overlay(view, until=now + INFO_SECONDS)


class Overlays:
    """The queue of notice overlays; the head is what covers the game. A passing one
    lasts until each of its ``pages`` has shown (:func:`lasting`)."""

    def __init__(self, pages: PageCount = one_page) -> None:
        self.queue: list[Overlay] = []
        self.pages = pages

    def add(
        self,
        notice: Notice,
        *,
        now: float,
        base: FlowView | None,
        detail: View | None = None,
        players: Sequence[str] = (),
        game: str = "",
    ) -> Overlay | None:
        overlay = overlay_of(notice, now, base, detail, players=players, game=game)
        if overlay is None:
            return None
        if overlay.until is not None:  # after the passing notes still waiting (issue 24)
            seconds = lasting(overlay.until - now, self.pages(overlay.view))
            ends = [o.until for o in self.queue if o.until is not None and o.until > now]
            start = max(ends, default=now)
            if start - now > BACKLOG_SECONDS:  # too late to matter: the newest says it
                self.queue = [o for o in self.queue if o.until is None]
                start = now
            overlay.until = start + seconds
        if overlay.refused:  # said at once (issue 24), replacing an older refusal
            self.queue = [overlay, *(o for o in self.queue if not o.refused)]
            return overlay
        if notice.said is not None and notice.said.say is Say.PUT_BACK:
            # The pieces are back (the hex camera): the board's refusal is answered,
            # though the game's screen is as it was; it goes, so "Pieces back" shows and
            # the next press (SELECT held to end the turn) is not eaten hiding it. A move
            # card's refusal stays: that card still lies there, to be taken back.
            self.queue = [o for o in self.queue if not o.board]
        self.queue.append(overlay)
        return overlay

    def current(self, now: float) -> Overlay | None:
        for overlay in self.queue:
            if overlay.until is None or now < overlay.until:
                return overlay
        return None

    def expire(self, now: float) -> None:
        self.queue = [o for o in self.queue if o.until is None or now < o.until]

    def dismiss(self, now: float) -> Overlay | None:
        """A button: the overlay showing goes, and the passing notes waiting behind it
        (the player has looked up: the game's own screen says where it stands)."""
        self.expire(now)
        if not self.queue:
            return None
        shown = self.queue.pop(0)
        self.queue = [o for o in self.queue if o.until is None]
        return shown

    def flow_moved(self, view: FlowView | None) -> None:
        """The game moved on: refusals made on an older view go, and round scores
        once the view changes from the one they came with."""
        kept = []
        for overlay in self.queue:
            if overlay.refused and overlay.refused_on != view:
                continue
            if overlay.until_moved:
                if not overlay.shown:
                    overlay.shown, overlay.shown_over = True, view
                elif overlay.shown_over != view:
                    continue
            kept.append(overlay)
        self.queue = kept

    def clear(self) -> None:
        self.queue.clear()


@dataclass
class Status:
    view: MessageView
    until: float | None
    hidden: bool = False
    fault: Fault | None = None


class Statuses:
    """Hardware faults by kind: the newest visible one covers everything else; a
    passing one (a card seen twice) until each of its ``pages`` has shown."""

    def __init__(self, pages: PageCount = one_page) -> None:
        self.active: dict[str, Status] = {}
        self.pages = pages

    def set(self, kind: str, fault: Fault | None, now: float) -> None:
        """Fault ``kind`` (``camera``, ``card``, ``journal``...) now says ``fault``;
        None clears it."""
        if fault is None:
            self.active.pop(kind, None)
            return
        words = fault_words(fault)
        view = MessageView(words.title, (words.line,), Tone.ERROR, words.hint)
        old = self.active.get(kind)
        if old is not None and old.fault == fault and old.until is None:
            return  # the same fault again: stay hidden if hidden
        passing = fault.kind is FaultKind.DUPLICATE_CARD
        until = now + lasting(DUPLICATE_SECONDS, self.pages(view)) if passing else None
        self.active.pop(kind, None)
        self.active[kind] = Status(view, until, fault=fault)

    def current(self, now: float) -> MessageView | None:
        shown = [
            s for s in self.active.values() if not s.hidden and (s.until is None or now < s.until)
        ]
        return shown[-1].view if shown else None

    def standing(self, now: float) -> dict[str, Fault]:
        """The faults standing at ``now`` by kind, shown or hidden by a key (the voice
        says each once, as it comes)."""
        return {
            kind: status.fault
            for kind, status in self.active.items()
            if status.fault is not None and (status.until is None or now < status.until)
        }

    def hide(self, now: float) -> bool:
        """A button hides the fault showing; True if there was one."""
        kind = self.showing(now)
        if kind is not None:
            self.active[kind].hidden = True
        return kind is not None

    def showing(self, now: float) -> str | None:
        """The kind of the fault a button would hide now (None: none shows)."""
        for kind, status in reversed(self.active.items()):
            if not status.hidden and (status.until is None or now < status.until):
                return kind
        return None

    def expire(self, now: float) -> None:
        self.active = {k: s for k, s in self.active.items() if s.until is None or now < s.until}


class Pager:
    """Turns the pages of the message on screen: :data:`PAGE_SECONDS` each from the
    moment it first showed (the screen wraps the count round)."""

    def __init__(self, now: float) -> None:
        self.shown: tuple[MessageView | ScoresView | None, float] = (None, now)

    def turn(self, view: View, now: float) -> View:
        """``view`` at the page its time on screen has come to."""
        if not isinstance(view, MessageView | ScoresView):
            return view
        first = replace(view, page=0)
        shown, since = self.shown
        if shown != first:
            self.shown = (first, now)
            return first
        page = int((now - since) // PAGE_SECONDS)
        return replace(view, page=page) if page else first
