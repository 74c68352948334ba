"""Screens that cover the game for a while: notices of the flow and hardware faults.

A trick's winner shows for a moment (:data:`TRICK_WON_SECONDS`); a round's scores stay
until a button or until the table moves on (the next round's first card is put
down: the players have seen them); the final scores and a revoke alert stay until a
button; a refused card stays until
the game moves on (the right card is put down) or a button; hardware faults stay
until the fault clears or a button hides them. Several notices at once queue up
(a trick won, then the round's scores, then the match's).

    >>> queue = Overlays()
    >>> _ = queue.add(Notice(NoticeKind.INFO, "Seat 2 shows the spicy card"), now=10.0, base=None)
    >>> queue.current(11.0).view.lines
    ('Seat 2 shows the spicy card',)
    >>> queue.current(20.0) is None
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.flows.base import Notice, NoticeKind
from companion.ui.screens import View
from companion.views import FlowView, MessageView, ScoresView, Tone
from companion.views.i18n import _

TRICK_WON_SECONDS = 2.0
INFO_SECONDS = 2.5
NOT_OUR_CARD_SECONDS = 3.0

#: Hardware faults: the screen's title per kind, and whether the fault passes by itself.
STATUS_TITLES = {
    "camera": "Camera lost",
    "display": "Display fault",
    "disk": "Disk full",
    "card": "Not our card",
    "journal": "Journal fault",
    "repaired": "Journal repaired",
}


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


def _titled(title: str, notice: Notice) -> str:
    """The title with the rule's id: "Refused (F5)" (it fits the bar of both panels)."""
    return f"{title} ({notice.rule})" if notice.rule else title


def waiting(view: ScoresView) -> ScoresView:
    """A scores screen that stays until a key says so."""
    return replace(view, hint=_("press any key"))


def overlay_of(
    notice: Notice, now: float, base: FlowView | None, detail: View | None = None
) -> Overlay:
    """The overlay a notice shows: ``detail``, the presented view of its detail, if any."""
    kind = notice.kind
    if kind is NoticeKind.TRICK_WON:
        view: View = detail or MessageView("Trick won", (notice.message,))
        return Overlay(view, until=now + TRICK_WON_SECONDS)
    if kind in (NoticeKind.ROUND_OVER, NoticeKind.GAME_OVER):
        title = "Round over" if kind is NoticeKind.ROUND_OVER else "Game over"
        view = detail or MessageView(title, (notice.message,), Tone.ALERT)
        if isinstance(view, ScoresView):
            view = waiting(view)
        over = kind is NoticeKind.GAME_OVER
        return Overlay(view, ends_game=over, until_moved=not over)
    if kind is NoticeKind.FLAG:
        hint = _("press any key")
        view = detail or MessageView(
            _titled("Revoke!", notice), (notice.message,), Tone.ALERT, hint
        )
        return Overlay(view)
    if kind is NoticeKind.REFUSED:
        view = detail or MessageView(
            _titled("Refused", notice), (notice.message,), Tone.ERROR, "take it back"
        )
        return Overlay(view, refused_on=base, refused=True)
    title = notice.message.split(":", 1)[0]
    if title.lower() in ("disk full", "not saved"):  # the journal is not written
        return Overlay(MessageView(title, (notice.message,), Tone.ERROR, "any key"))
    return Overlay(detail or MessageView("Note", (notice.message,)), until=now + INFO_SECONDS)


class Overlays:
    """The queue of notice overlays; the head is what covers the game."""

    def __init__(self) -> None:
        self.queue: list[Overlay] = []

    def add(
        self, notice: Notice, *, now: float, base: FlowView | None, detail: View | None = None
    ) -> Overlay:
        overlay = overlay_of(notice, now, base, detail)
        if overlay.refused:  # a newer refusal replaces an older one
            self.queue = [o for o in self.queue if not o.refused]
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
        """A button: the overlay showing goes (and any timed ones already past)."""
        self.expire(now)
        return self.queue.pop(0) if self.queue else None

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


class Statuses:
    """Hardware faults by kind: the newest visible one covers everything else."""

    def __init__(self) -> None:
        self.active: dict[str, Status] = {}

    def set(self, kind: str, message: str | None, now: float) -> None:
        if not message:
            self.active.pop(kind, None)
            return
        title = STATUS_TITLES.get(kind, kind.capitalize())
        old = self.active.get(kind)
        if old is not None and old.view.lines == (message,) and old.until is None:
            return  # the same fault again: stay hidden if hidden
        until = now + NOT_OUR_CARD_SECONDS if kind == "card" else None
        hint = "" if until is not None else "any key hides"
        self.active.pop(kind, None)
        self.active[kind] = Status(MessageView(title, (message,), Tone.ERROR, hint), until)

    def current(self, now: float) -> MessageView | None:
        shown = [
            s for s in self.active.values() if not s.hidden and (s.until is None or now < s.until)
        ]
        return shown[-1].view if shown else None

    def hide(self, now: float) -> bool:
        """A button hides the fault showing; True if there was one."""
        for status in reversed(self.active.values()):
            if not status.hidden and (status.until is None or now < status.until):
                status.hidden = True
                return True
        return False

    def expire(self, now: float) -> None:
        self.active = {k: s for k, s in self.active.items() if s.until is None or now < s.until}
