"""The camera's referee of the hex board: frames in, verdicts out.

:class:`HexCamera` reads each frame (:func:`~companion.table.hex_board.read_board`),
takes a position when the board is still and every piece is accounted for
(:class:`~companion.table.hex_watch.HexWatch`), and shows it to the
:class:`~companion.table.hex_referee.BoardReferee`, which plays the moves into the game
or refuses them. The game's record (``camera.game.to_record()``) is the ``hex`` record.
A game no move of which is played yet starts as the daemon's does, its start's pieces
lost in a lamp's glare taken on their cells (:mod:`companion.table.hex_start`).

    camera = HexCamera(new_game(["Ana", "Ben"]))
    for frame in frames:
        verdict = camera.frame(frame)   # None, or Played / Refused / PutBack / Unchanged
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from companion.games.hex import HexState
from companion.table.hex_board import BoardReading, read_board
from companion.table.hex_parallax import Parallax
from companion.table.hex_referee import BoardReferee, Verdict
from companion.table.hex_start import start_in_glare
from companion.table.hex_view import BoardView
from companion.table.hex_watch import HexWatch


class HexCamera:
    """Frames of the board to the referee's verdicts (module docstring)."""

    def __init__(self, game: HexState, *, still_frames: int = 5) -> None:
        self.watch = HexWatch(still_frames=still_frames)
        self.referee = BoardReferee(game)
        self.reading: BoardReading | None = None
        self.view: BoardView | None = None  # the last found, with the lens's bend
        self.parallax: Parallax | None = None  # how standing pieces are seen
        fresh = not any(turn.moves for turn in game.turns)
        self.start = game.start if fresh else None  # its pieces in glare taken there

    @property
    def game(self) -> HexState:
        return self.referee.game

    def frame(self, image: npt.NDArray[np.uint8]) -> Verdict | None:
        """Read one frame; a verdict when it gave a new stable position."""
        self.reading = read_board(image, self.view, self.parallax, self.watch.cells)
        self.view = self.reading.view or self.view
        glared = start_in_glare(self.watch, self.start, self.reading, image, self.parallax)
        position = self.watch.feed(self.reading, glared=glared)
        self.parallax = self.reading.parallax or self.parallax
        return None if position is None else self.referee.see(position)
