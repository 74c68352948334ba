"""The hex game's score as typed values: its turns, the winner and the final board.

``to_json()`` writes DESIGN.md's ``{"game": "hex", "turns": [...], "winner", "board"}``.
A game the referee only counted (the flows' ``referee`` mode sees no board) has
``board`` ``None`` and each turn's moves as a count; its JSON says ``"mode":
"referee"``.

    >>> from companion.games.hex.position import START
    >>> turn = HexTurnReport(Side.BLACK, 1, (Move.parse("b2-c2"),))
    >>> report = HexReport((turn,), None, START.after(turn.moves[0].src, turn.moves[0].dst))
    >>> report.to_json()["turns"], report.complete
    ([{'player': 'black', 'allowed': 1, 'moves': ['b2-c2']}], False)
    >>> counted = HexReport((HexTurnReport(Side.BLACK, 1, 1),), Side.WHITE, board=None)
    >>> counted.to_json()
    {'game': 'hex', 'mode': 'referee', 'turns': [{'player': 'black', 'allowed': 1, 'moves': 1}], 'winner': 'white', 'board': None}
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.games.hex.actions import Move
from companion.games.hex.pieces import Side
from companion.games.hex.position import Position


@dataclass(frozen=True)
class HexTurnReport:
    """One turn: the side, its allowance (H2) or move card (H5), and its moves.

    ``moves`` is the moves made, or only how many when the board was not seen.
    """

    player: Side
    allowed: int
    moves: tuple[Move, ...] | int

    def to_json(self) -> dict[str, Any]:
        moves = self.moves if isinstance(self.moves, int) else [str(m) for m in self.moves]
        return {"player": self.player.value, "allowed": self.allowed, "moves": moves}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HexTurnReport:
        moves = data["moves"]
        made = moves if isinstance(moves, int) else tuple(Move.parse(m) for m in moves)
        return cls(Side(data["player"]), int(data["allowed"]), made)


@dataclass(frozen=True)
class HexReport:
    """The turns begun (the one in progress last), the winner, and the board at the end.

    ``board`` is ``None`` when the board was not seen (the referee mode).
    """

    game: ClassVar[str] = "hex"

    turns: tuple[HexTurnReport, ...]
    winner: Side | None
    board: Position | None

    @property
    def complete(self) -> bool:
        """The game is over: a side won (H4, H5) or the other resigned."""
        return self.winner is not None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        if self.board is None:
            out["mode"] = "referee"
        out["turns"] = [turn.to_json() for turn in self.turns]
        out["winner"] = None if self.winner is None else self.winner.value
        out["board"] = None if self.board is None else self.board.board()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HexReport:
        """Read :meth:`to_json`'s object back."""
        winner, board = data["winner"], data["board"]
        return cls(
            tuple(HexTurnReport.from_json(turn) for turn in data["turns"]),
            None if winner is None else Side(winner),
            None if board is None else Position.parse(board),
        )
