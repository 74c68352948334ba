"""The hex referee's score as typed values: its counted turns and the declared winner.

``to_json()`` writes docs/notation.md's ``{"game": "hex-referee", "players", "turns":
[{"player", "allowed", "moves", "strikes", "card"}], "winner"}``: the hex shape with
``moves`` a count and no ``board`` (the referee never sees one).

    >>> turn = RefereeTurnReport(Side.BLACK, 1, 1, 0, None)
    >>> report = HexRefereeReport(("Ana", "Ben"), (turn,), Side.WHITE)
    >>> report.complete, report.to_json()["turns"]
    (True, [{'player': 'black', 'allowed': 1, 'moves': 1, 'strikes': 0, 'card': None}])
    >>> HexRefereeReport.from_json(report.to_json()) == report
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.games.hex.pieces import Side


@dataclass(frozen=True)
class RefereeTurnReport:
    """One counted turn: the side, its allowance (H2) or card (H5), the moves made."""

    player: Side
    allowed: int
    moves: int
    strikes: int
    card: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player.value,
            "allowed": self.allowed,
            "moves": self.moves,
            "strikes": self.strikes,
            "card": self.card,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RefereeTurnReport:
        card = data.get("card")
        return cls(
            Side(data["player"]),
            int(data["allowed"]),
            int(data["moves"]),
            int(data.get("strikes", 0)),
            None if card is None else int(card),
        )


@dataclass(frozen=True)
class HexRefereeReport:
    """The turns begun (the one in progress last) and the winner the table declared."""

    game: ClassVar[str] = "hex-referee"

    players: tuple[str, ...]
    turns: tuple[RefereeTurnReport, ...]
    winner: Side | None

    @property
    def complete(self) -> bool:
        """The game is over: the table declared a winner (H4)."""
        return self.winner is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "turns": [turn.to_json() for turn in self.turns],
            "winner": None if self.winner is None else self.winner.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HexRefereeReport:
        """Read :meth:`to_json`'s object back."""
        winner = data["winner"]
        return cls(
            tuple(str(name) for name in data["players"]),
            tuple(RefereeTurnReport.from_json(turn) for turn in data["turns"]),
            None if winner is None else Side(winner),
        )
