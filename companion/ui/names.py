"""Players' own names with the buttons alone: a wheel of letters (issue 12 section 3).

Three buttons (or a rotary encoder, whose detents are UP and DOWN) type a name of up
to :data:`LIMIT` characters. What makes it quick:

- The wheel holds the letters in the order names use them, most used first, and it
  goes back to its first item after each letter: the common letters are a press or
  two away (DOWN), the rare ones a few presses the other way (UP, the wheel wraps).
  A first letter has its own order (J, M, A, C, S... start most first names); the
  letters after it are lower case (A, E, N, I, R...), and a letter after a space or
  a hyphen is a capital again, so nobody scrolls through both cases.
- The wheel's last items, one UP from its start, are "OK" (done) and "«" (erase);
  a long SELECT is done from anywhere and BACK erases from anywhere.
- A long UP or DOWN turns the wheel :data:`JUMP` items at once.

``Ana`` is DOWN DOWN SELECT (A), DOWN DOWN SELECT (n), SELECT (a), long SELECT:
eight presses.

    >>> picked = []
    >>> page = NamePicker("Seat 1 name", done=lambda name: picked.append(name) or Go(),
    ...                   cancel=Go)
    >>> keys = "DOWN DOWN SELECT DOWN DOWN SELECT SELECT LONG_SELECT"
    >>> for key in keys.split():
    ...     _ = page.press(Key[key])
    >>> picked
    ['Ana']
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from companion.ui.keys import Key
from companion.ui.pages import Go
from companion.views import NameView
from companion.views.i18n import _

#: The longest name (it fits the largest font of a 128-pixel row: 10 x 9 px).
LIMIT = 10
#: First letters, the most frequent first (English and French given names).
FIRST = "JMACSDLKRTEBNGPHVFIOWYZUQX"
#: Letters inside a name, the most frequent first; accented ones where French names use them.
LATER = "aenirlostmdhcéyubkjgpvfèwzxqçëïô"
#: The items after the letters: a space, a hyphen, erase, done (one UP from the start).
SPACE, HYPHEN, ERASE, DONE = " ", "-", "«", "OK"
TAIL = (SPACE, HYPHEN, ERASE, DONE)
#: How many items a long UP or DOWN turns the wheel.
JUMP = 5


def wheel_for(name: str) -> tuple[str, ...]:
    """The wheel's items for the letter after ``name``: capitals to start a word.

    >>> wheel_for("")[:3], wheel_for("A")[:3], wheel_for("Jean-")[:3]
    (('J', 'M', 'A'), ('a', 'e', 'n'), ('J', 'M', 'A'))
    """
    starts = not name or name[-1] in (SPACE, HYPHEN)
    letters = FIRST if starts else LATER
    return (*letters, *TAIL)


def tidy(name: str) -> str:
    """A name as kept: no space or hyphen at either end, none doubled.

    >>> tidy(" Jean--Luc ")
    'Jean-Luc'
    """
    words = name.strip(SPACE + HYPHEN)
    while "  " in words or "--" in words:
        words = words.replace("  ", " ").replace("--", "-")
    return words


class NamePicker:
    """A page that types one name (see the module docstring).

    ``done`` gets the tidied name (empty: the seat stays unnamed); ``cancel`` leaves
    without a change (long BACK, or BACK on an empty name). A name in ``taken``
    (another seat's, compared without case) is not accepted: the page says so.
    """

    def __init__(
        self,
        title: str,
        *,
        done: Callable[[str], Go],
        cancel: Callable[[], Go],
        name: str = "",
        taken: Collection[str] = (),
    ) -> None:
        self.title = title
        self.done = done
        self.cancel = cancel
        self.name = name[:LIMIT]
        self.taken = {n.casefold() for n in taken}
        self.at = 0
        self.note = ""

    @property
    def wheel(self) -> tuple[str, ...]:
        return wheel_for(self.name)

    def view(self) -> NameView:
        hint = (_("BACK: erase a letter"), _("hold SELECT: done"))
        return NameView(self.title, self.name, self.wheel, self.at, LIMIT, hint, self.note)

    def press(self, key: Key) -> Go:
        self.note = ""
        size = len(self.wheel)
        if key.short in (Key.UP, Key.DOWN):
            step = JUMP if key in (Key.LONG_UP, Key.LONG_DOWN) else 1
            self.at = (self.at + (step if key.short is Key.DOWN else -step)) % size
            return Go()
        if key is Key.LONG_SELECT:
            return self._finish()
        if key is Key.SELECT:
            return self._take(self.wheel[self.at])
        if key is Key.LONG_BACK or not self.name:
            return self.cancel()
        self._erase()
        return Go()

    def _take(self, item: str) -> Go:
        if item == DONE:
            return self._finish()
        if item == ERASE:
            self._erase()
            self.at = self.wheel.index(ERASE)  # erasing again is one more SELECT
            return Go()
        if len(self.name) < LIMIT:
            self.name += item
        self.at = 0 if len(self.name) < LIMIT else self.wheel.index(DONE)
        return Go()

    def _erase(self) -> None:
        self.name = self.name[:-1]
        self.at = 0

    def _finish(self) -> Go:
        name = tidy(self.name)
        if name.casefold() in self.taken:
            self.note = _("{name} is taken").format(name=name)
            return Go()
        return self.done(name)
