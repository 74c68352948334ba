"""The building blocks of the interface's state machine: a page and where a key leads.

A page is one screen the buttons work on (a menu, a confirmation, the game in
play). ``press`` answers a :class:`Go`: the page to show next (or none, to stay)
and the commands for the session. Menus are :class:`ListPage` values whose entries
carry their own action, so each menu is built by one small function.

    >>> page = ListPage("Players", [Choice("2", lambda: Go(commands=[])),
    ...                             Choice("3", lambda: Go(commands=[]))], back=Go)
    >>> _ = page.press(Key.DOWN); page.view().items, page.view().selected
    (('2', '3'), 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from companion.ui.commands import UiCommand
from companion.ui.keys import Key
from companion.ui.screens import View
from companion.views import MenuView, MessageView, Tone
from companion.views.i18n import _


@dataclass
class Go:
    """Where a key press leads: ``page`` (None: stay) and commands for the session."""

    page: Page | None = None
    commands: list[UiCommand] = field(default_factory=list)


class Page(Protocol):
    def view(self) -> View:
        """What to show (a :mod:`companion.views` value)."""

    def press(self, key: Key) -> Go:
        """Handle one key."""


@dataclass(frozen=True)
class Choice:
    """A menu entry: its label, what choosing it does, and a tick box (None: no box)."""

    label: str
    act: Callable[[], Go]
    mark: bool | None = None


class ListPage:
    """A menu: UP/DOWN move (wrapping), SELECT chooses, BACK goes ``back``.

    Long presses act like short ones here, so a held button is never lost.
    """

    def __init__(
        self,
        title: str,
        choices: Sequence[Choice],
        *,
        back: Callable[[], Go],
        selected: int = 0,
        hint: str = "",
    ) -> None:
        if not choices:
            raise ValueError(f"menu {title!r} has no entries")
        self.title = title
        self.choices = list(choices)
        self.back = back
        self.selected = min(max(0, selected), len(self.choices) - 1)
        self.hint = hint

    def view(self) -> MenuView:
        marks = tuple(c.mark for c in self.choices)
        return MenuView(
            self.title,
            tuple(c.label for c in self.choices),
            self.selected,
            marks if any(m is not None for m in marks) else (),
            self.hint,
        )

    def press(self, key: Key) -> Go:
        short = key.short
        if short is Key.UP:
            self.selected = (self.selected - 1) % len(self.choices)
        elif short is Key.DOWN:
            self.selected = (self.selected + 1) % len(self.choices)
        elif short is Key.SELECT:
            return self.choices[self.selected].act()
        else:
            return self.back()
        return Go()


class ConfirmPage:
    """A question: SELECT does ``yes``, BACK (or long BACK) does ``no``; UP/DOWN nothing."""

    def __init__(
        self,
        title: str,
        lines: Sequence[str],
        *,
        yes: Callable[[], Go],
        no: Callable[[], Go],
        hint: str | None = None,
    ) -> None:
        shown = _("SELECT yes  BACK no") if hint is None else hint
        self.message = MessageView(title, tuple(lines), Tone.CONFIRM, shown)
        self.yes = yes
        self.no = no

    def view(self) -> MessageView:
        return self.message

    def press(self, key: Key) -> Go:
        if key.short is Key.SELECT:
            return self.yes()
        if key.short is Key.BACK:
            return self.no()
        return Go()
