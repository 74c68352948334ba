"""The hex game's score as typed values, in both modes: its turns, the winner, the board.

``to_json()`` writes DESIGN.md's ``{"game": "hex", "turns": [...], "winner", "board"}``
for the board mode. The referee mode (the game ``hex-referee``) never sees the board:
it writes docs/notation.md's ``{"game": "hex-referee", "players", "turns": [{"player",
"allowed", "moves", "strikes", "card"}], "winner"}``, the hex shape with ``moves`` a
count and no ``board``. A score the button referee kept before ``hex-referee``
existed reads back too: ``board`` ``None``, moves counted, ``"mode": "referee"``.

    >>> from companion.games.hex.position import START
    >>> turn = HexTurnReport(Side.BLACK, 1, (Move.parse("b2-c2"),))
    >>> report = HexReport((turn,), None, START.after(turn.moves[0].src, turn.moves[0].dst))
    >>> report.to_json()["turns"], report.complete
    ([{'player': 'black', 'allowed': 1, 'moves': ['b2-c2']}], False)
    >>> counted = HexReport((HexTurnReport(Side.BLACK, 1, 1),), Side.WHITE, board=None)
    >>> counted.to_json()
    {'game': 'hex', 'mode': 'referee', 'turns': [{'player': 'black', 'allowed': 1, 'moves': 1}], 'winner': 'white', 'board': None}
    >>> told = HexTurnReport(Side.BLACK, 1, 1, strikes=0)
    >>> referee = HexReport.counted(("Ana", "Ben"), (told,), Side.WHITE)
    >>> referee.complete, referee.to_json()["turns"]
    (True, [{'player': 'black', 'allowed': 1, 'moves': 1, 'strikes': 0, 'card': None}])
    >>> HexReport.from_json(referee.to_json()) == referee
    True
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from companion.games.hex.actions import Move
from companion.games.hex.pieces import Side
from companion.games.hex.position import Position
from companion.games.json_types import (
    JSON,
    JSONObject,
    as_int,
    as_object,
    as_text,
    int_field,
    list_field,
    text_field,
    texts,
)

#: The record's and the score's name of each mode's game.
BOARD_GAME: Final = "hex"
REFEREE_GAME: Final = "hex-referee"


@dataclass(frozen=True)
class HexTurnReport:
    """One turn: the side, its allowance (H2) or move card (H5), and its moves.

    ``moves`` is the moves made, or only how many when the board was not seen. The
    referee mode also gives what the table told it: ``strikes`` (``None`` when the
    board was read) and ``card``.
    """

    player: Side
    allowed: int
    moves: tuple[Move, ...] | int
    strikes: int | None = None
    card: int | None = None

    def to_json(self) -> JSONObject:
        moves: JSON = self.moves if isinstance(self.moves, int) else [str(m) for m in self.moves]
        out: JSONObject = {"player": self.player.value, "allowed": self.allowed, "moves": moves}
        if self.strikes is not None:
            out.update(strikes=self.strikes, card=self.card)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON], *, told: bool = False) -> HexTurnReport:
        """Read :meth:`to_json`'s object back; ``told``: a referee mode's turn.

        A wrong shape raises what the readers of :mod:`companion.games.json_types` raise
        (``KeyError``, ``TypeError``) or ``ValueError`` (a side, a move), naming the key.
        """
        player, allowed = Side(text_field(data, "player")), int_field(data, "allowed")
        if not told:
            moves = data["moves"]
            made: tuple[Move, ...] | int = (
                as_int(moves, '"moves"')
                if isinstance(moves, int)
                else tuple(Move.parse(as_text(m, "a move")) for m in list_field(data, "moves"))
            )
            return cls(player, allowed, made)
        card = data.get("card")
        return cls(
            player,
            allowed,
            int_field(data, "moves"),
            as_int(data.get("strikes", 0), '"strikes"'),
            None if card is None else as_int(card, '"card"'),
        )


def last_made(turns: Iterable[tuple[Move, ...] | int]) -> tuple[Move, ...]:
    """Of each turn's moves, oldest first, those of the latest turn that made any: the
    turn in progress once it has moved, else the turn before (what the other side has
    just played); none where the moves were counted, not seen (the button referee).

    >>> b2c2, k2j2 = Move.parse("b2-c2"), Move.parse("k2-j2")
    >>> last_made([(b2c2,), (k2j2,), ()]), last_made([1, 2]), last_made([])
    ((Move(src=Cell('k2'), dst=Cell('j2')),), (), ())
    """
    latest: tuple[Move, ...] = ()
    for moves in turns:
        if isinstance(moves, tuple) and moves:
            latest = moves
    return latest


@dataclass(frozen=True)
class HexReport:
    """The turns begun (the one in progress last), the winner, and the board at the end.

    ``board`` is ``None`` when the board was not seen (the referee mode); ``game`` is
    the mode's game name, and ``players`` the names the referee mode writes.
    """

    turns: tuple[HexTurnReport, ...]
    winner: Side | None
    board: Position | None
    players: tuple[str, ...] = ()
    game: str = BOARD_GAME

    @property
    def last_moves(self) -> tuple[Move, ...]:
        """The moves of the latest turn that made any (:func:`last_made`)."""
        return last_made(turn.moves for turn in self.turns)

    @classmethod
    def counted(
        cls, players: tuple[str, ...], turns: tuple[HexTurnReport, ...], winner: Side | None
    ) -> HexReport:
        """The referee mode's score: counted turns, the winner the table declared."""
        return cls(turns, winner, None, players, REFEREE_GAME)

    @property
    def complete(self) -> bool:
        """The game is over: a side won (H4, H5), the other resigned, or the table said so."""
        return self.winner is not None

    def to_json(self) -> JSONObject:
        out: JSONObject = {"game": self.game}
        if self.game == REFEREE_GAME:
            out["players"] = list(self.players)
        elif self.board is None:
            out["mode"] = "referee"
        out["turns"] = [turn.to_json() for turn in self.turns]
        out["winner"] = None if self.winner is None else self.winner.value
        if self.game != REFEREE_GAME:
            out["board"] = None if self.board is None else self.board.board()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> HexReport:
        """Read :meth:`to_json`'s object back (either mode's); a wrong shape raises as
        :meth:`HexTurnReport.from_json` does."""
        winner = data["winner"]
        side = None if winner is None else Side(as_text(winner, '"winner"'))
        told = text_field(data, "game") == REFEREE_GAME
        turns = tuple(
            HexTurnReport.from_json(as_object(turn, "a turn"), told=told)
            for turn in list_field(data, "turns")
        )
        if told:
            return cls.counted(texts(data["players"], '"players"'), turns, side)
        board = data["board"]
        return cls(
            turns, side, None if board is None else Position.parse(as_text(board, '"board"'))
        )
