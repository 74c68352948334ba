"""Scripts of hex games for :class:`~companion.synthetic.hex_scene.HexScene`: moves as hands
make them, the board nudged between turns, a refused move put back.

A move of a piece to an empty cell is: the hand lifts it, puts it down, leaves. A
displacement (H3) lifts the piece standing on the target first, then the mover, puts
the mover down and the displaced piece on the mover's start cell. After each move the
board is left alone for ``still`` frames, long enough for a position to be taken.

    >>> from companion.games.hex import START
    >>> script = HexScript(START, still=3)
    >>> script.move("b2-c2").steps
    [Lift(marker=11), Put(marker=11, cell='c2'), Away(), Hold(frames=3)]
"""

from __future__ import annotations

from companion.games.hex import Move, Position
from companion.synthetic.hex_scene import Away, HexStep, Hold, Lift, Nudge, Put, markers_of


class HexScript:
    """The steps of a game on the board, built move by move."""

    def __init__(self, start: Position, *, still: int = 6) -> None:
        self.start = start
        self.still = still
        self.cells = markers_of(start)
        self.steps: list[HexStep] = []

    def _marker_on(self, cell: str) -> int | None:
        return next((marker for marker, here in self.cells.items() if here == cell), None)

    def move(self, text: str, *, hold: bool = True) -> HexScript:
        """One move ``"b2-c2"`` by hand; without ``hold`` the next move follows at once."""
        move = Move.parse(text)
        src, dst = move.src.name, move.dst.name
        mover = self._marker_on(src)
        if mover is None:
            raise ValueError(f"{text}: no piece on {src} in the script")
        displaced = self._marker_on(dst)
        if displaced is not None:
            self.steps += [Lift(displaced), Lift(mover), Put(mover, dst), Put(displaced, src)]
            self.cells[displaced] = src
        else:
            self.steps += [Lift(mover), Put(mover, dst)]
        self.cells[mover] = dst
        self.steps.append(Away())
        if hold:
            self.steps.append(Hold(self.still))
        return self

    def moves(self, *texts: str, hold: bool = True) -> HexScript:
        for text in texts:
            self.move(text, hold=hold)
        if not hold:
            self.steps.append(Hold(self.still))
        return self

    def put_back(self, text: str) -> HexScript:
        """Undo the move ``text`` by hand (after it was refused): the same swap again."""
        move = Move.parse(text)
        return self.move(f"{move.dst}-{move.src}")

    def nudge(self, dx: float, dy: float, degrees: float) -> HexScript:
        """Push the board ``dx``, ``dy`` mm and turn it ``degrees``, then leave it."""
        self.steps += [Nudge(dx, dy, degrees), Hold(self.still)]
        return self
