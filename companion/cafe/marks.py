"""How a table's ack moves (:mod:`companion.cafe.ingest`): only over what the server
holds, one number to the next, or to one whose message says it comes ``after`` a
number held (the table's journal has nothing between the two).

    >>> afters: dict[int, int] = {}
    >>> held = [3]                       # seq 3 came first, and waits for 2
    >>> advance(afters, lambda mark, walk: [n for n in held if n > mark], 1, 3, None)
    1
    >>> advance(afters, lambda mark, walk: [n for n in held if n > mark], 1, 2, None)
    3
    >>> afters
    {}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

#: How far past the ack one batch looks for numbers already held (after a hole is filled).
WALK = 1000


def advance(
    afters: dict[int, int],
    held_after: Callable[[int, int], Iterable[int]],
    mark: int,
    got: int,
    after: int | None,
) -> int:
    """The new mark after holding ``got``, which comes ``after`` that number (None: the
    one before): past it when that is held, then over every number held whose own
    ``after`` is then held. ``afters`` holds the ``after`` of each number held beyond
    the mark (at most :data:`WALK`); ``held_after(mark, walk)`` gives the numbers held
    past ``mark``, in order, at most ``walk`` of them."""
    if got <= mark:
        return mark
    came = got - 1 if after is None else after
    if came > mark:  # something between is not held (yet): wait for it
        if len(afters) < WALK:
            afters[got] = min(came, afters.get(got, came))
        return mark
    mark = got
    for held in held_after(mark, WALK):
        if afters.get(held, held - 1) > mark:
            break
        mark = held
    for number in [n for n in afters if n <= mark]:
        del afters[number]
    return mark
