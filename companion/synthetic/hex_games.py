"""Scripts of hex games for :class:`~companion.synthetic.hex_scene.HexScene`: moves as hands
make them, the board nudged between turns, a refused move put back.

A move of a piece to an empty cell is: the hand lifts it, puts it down, leaves. A
displacement (H3) lifts the piece standing on the target first, then the mover, puts
the mover down and the displaced piece on the mover's start cell. After each move the
board is left alone for ``still`` frames, long enough for a position to be taken.

    >>> from companion.games.hex import START
    >>> script = HexScript(START, still=3)
    >>> script.move("b2-c2").steps
    [Lift(marker=16), Put(marker=16, cell='c2', off=None), Away(), Hold(frames=3)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from companion.games.hex import SPEC as HEX
from companion.games.hex import START, Kind, Move, Piece, Position, Side
from companion.games.json_types import JSON, JSONObject
from companion.synthetic.hex_scene import Away, Card, HexStep, Hold, Lift, Nudge, Put, markers_of


class HexScript:
    """The steps of a game on the board, built move by move."""

    def __init__(self, start: Position, *, still: int = 6) -> None:
        self.start = start
        self.still = still
        self.cells = markers_of(start)
        self.steps: list[HexStep] = []
        self._copies: dict[int, int] = {}

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
        if hold:
            self.steps += [Away(), Hold(self.still)]
        return self

    def moves(self, *texts: str, hold: bool = True) -> HexScript:
        for text in texts:
            self.move(text, hold=hold)
        if not hold:
            self.steps += [Away(), Hold(self.still)]
        return self

    def wait(self) -> HexScript:
        """Leave the board alone for ``still`` frames (the first position is taken)."""
        self.steps.append(Hold(self.still))
        return self

    def put_back(self, text: str) -> HexScript:
        """Undo the move ``text`` by hand (after it was refused): the same swap again."""
        move = Move.parse(text)
        return self.move(f"{move.dst}-{move.src}")

    def card(self, value: int) -> HexScript:
        """Turn up a move card of ``value`` beside the board (the card variant, H5): the
        next copy of that card in the deck, left alone for ``still`` frames."""
        self._copies[value] = self._copies.get(value, 0) + 1
        self.steps += [Card(f"M{value}#{self._copies[value]}"), Hold(self.still)]
        return self

    def nudge(self, dx: float, dy: float, degrees: float) -> HexScript:
        """Push the board ``dx``, ``dy`` mm and turn it ``degrees``, then leave it."""
        self.steps += [Nudge(dx, dy, degrees), Hold(self.still)]
        return self


@dataclass(frozen=True)
class HexVideo:
    """A scripted game: its start, its steps, the record the camera must write and the
    faults (:class:`companion.table.hex_referee.Fault` values) it must refuse, in order."""

    name: str
    start: Position
    script: HexScript
    record: JSONObject
    refused: tuple[str, ...]


def opening_video(still: int = 4) -> HexVideo:
    """Turns 1-5 from H1's start: single steps, group moves (d9-d7, k1-h6, g2-g5),
    displacements (a strike piece onto its own centre, a white support piece onto a
    black strike piece), a move that cannot reach put back, the board nudged twice."""
    script = HexScript(START, still=still).wait()
    script.move("b2-c2").nudge(8.0, -5.0, 4.0)
    script.moves("j6-i6", "k5-j5")
    script.move("a2-e5").put_back("a2-e5")
    script.moves("c2-d2", "d9-d7", "a2-a1").nudge(-6.0, 4.0, -5.0)
    script.moves("k1-h6", "h1-d2", "g2-g5", "i6-i7")
    script.moves("a3-b3")
    turns: list[JSON] = [["b2-c2"], ["j6-i6", "k5-j5"], ["c2-d2", "d9-d7", "a2-a1"]]
    turns += [["k1-h6", "h1-d2", "g2-g5", "i6-i7"], ["a3-b3"]]
    record: JSONObject = {
        "game": HEX.name,
        "players": ["Black", "White"],
        "variants": [],
        "turns": turns,
    }
    return HexVideo("opening", START, script, record, ("cannot-reach",))


#: One black strike piece (e5) next to White's centre (f6), the rest far apart.
NEAR: Final = Position.parse(
    "X.tttt/.....tt/...xxx../...xx..../....x...../.....W...../"
    "........../........./u......./uu..www/uuuwww"
)


def endgame_video(still: int = 4) -> HexVideo:
    """From :data:`NEAR` to Black's win (H4): White's turn 2 allows 2 - 1 = 1 move and
    two made at once are refused, then one put back; White's turn 4 allows 4 - 4 = 0
    and ends by itself; Black encircles White's centre on turn 5."""
    script = HexScript(NEAR, still=still).wait()
    script.move("a3-b3")
    script.moves("j5-i5", "j6-i6", hold=False)
    script.put_back("j6-i6")
    script.moves("c4-f5", "c5-e6", "d4-g5")
    script.moves("d5-f7", "c6-d6", "d6-g6")
    turns: list[JSON] = [
        ["a3-b3"],
        ["j5-i5"],
        ["c4-f5", "c5-e6", "d4-g5"],
        [],
        ["d5-f7", "c6-d6", "d6-g6"],
    ]
    record: JSONObject = {
        "game": HEX.name,
        "players": ["Black", "White"],
        "variants": [],
        "turns": turns,
        "start": NEAR.board(),
    }
    return HexVideo("endgame", NEAR, script, record, ("too-many",))


def cards_video(still: int = 4) -> HexVideo:
    """The card variant (H5) from H1's start: each turn's move card turned up beside the
    board, then that many moves (no strike reduction); a move made before White's card
    is turned up is refused (``card-first``) and put back."""
    script = HexScript(START, still=still).wait()
    script.card(1).move("b2-c2")
    script.move("j6-i6").put_back("j6-i6")
    script.card(2).moves("j6-i6", "k5-j5")
    script.card(3).moves("c2-d2", "d9-d7", "a2-a1")
    script.card(1).move("k1-h6")
    turns: list[JSON] = [
        {"card": 1, "moves": ["b2-c2"]},
        {"card": 2, "moves": ["j6-i6", "k5-j5"]},
        {"card": 3, "moves": ["c2-d2", "d9-d7", "a2-a1"]},
        {"card": 1, "moves": ["k1-h6"]},
        {"card": None, "moves": []},  # Black's next card not turned up yet
    ]
    record: JSONObject = {"game": HEX.name, "players": ["Black", "White"], "variants": ["cards"]}
    return HexVideo("cards", START, script, {**record, "turns": turns}, ("card-first",))


def scattered(rng: np.random.Generator) -> Position:
    """The 26 pieces on cells drawn at random (no game's position: a board to read)."""
    pieces = [
        Piece.of(side, kind)
        for side in Side
        for kind in Kind
        for _ in range(1 if kind is Kind.CENTRE else 6)
    ]
    cells: list[Piece | None] = [None] * 91
    for index, piece in zip(rng.permutation(91).tolist(), pieces, strict=False):
        cells[index] = piece
    return Position(tuple(cells))
