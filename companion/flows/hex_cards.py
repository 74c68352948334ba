"""The move cards of the hex game's card variant, shuffled by the companion (H5), and
what both hex flows (the referee's and the board's) do with them.

Each player has 12 cards, two each of 1-6, shuffled face down; one is turned up per
turn and a used-up pile is reshuffled. All piles come from one
``random.Random(seed)`` in a fixed order (Black's first pile, White's first, Black's
second, White's second...), so the card of a side's n-th turn depends on the seed
alone: replaying a journal, or undoing and redoing a turn, turns up the same card.

    >>> cards = MoveCards(7)
    >>> first = [cards.card(Side.BLACK, turn) for turn in range(12)]
    >>> sorted(first) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    True
    >>> [cards.card(Side.BLACK, turn) for turn in range(12)] == first
    True

:class:`MoveCardFlow` is the part both hex flows share: it turns up the next card as
soon as a turn is over (unless the players turn up their own in front of the camera)
and undoes a command together with the card it brought up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from companion.flows.base import EngineFlow, Notice
from companion.flows.errors import RefusedError
from companion.flows.notices import info, nothing_to_undo
from companion.flows.said import Said, Say
from companion.games.base import CHANCE
from companion.games.errors import IllegalActionError
from companion.games.hex import Draw, HexAction, RefereeAction
from companion.games.hex.cards import CARD_VALUES, COPIES
from companion.games.hex.game import HexGame
from companion.games.hex.pieces import Side

PILE: Final = tuple(card for card in CARD_VALUES for _ in range(COPIES))


class MoveCards:
    """Both players' piles, shuffled as needed from one seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._piles: dict[Side, list[tuple[int, ...]]] = {Side.BLACK: [], Side.WHITE: []}

    def card(self, side: Side, turn: int) -> int:
        """The card turned up on ``side``'s ``turn``-th turn (from 0)."""
        pile, place = divmod(turn, len(PILE))
        while len(self._piles[side]) <= pile:
            for each in (Side.BLACK, Side.WHITE):
                shuffled = list(PILE)
                self._rng.shuffle(shuffled)
                self._piles[each].append(tuple(shuffled))
        return self._piles[side][pile][place]


class MoveCardFlow(EngineFlow):
    """A hex flow over ``engine``: the move cards turned up, each command undone whole."""

    engine: HexGame[Any, Any]

    def __init__(
        self, players: Sequence[str], engine: HexGame[Any, Any], *, seed: int, camera: bool
    ) -> None:
        self._name(players)
        self.engine = engine
        self.cards = engine.cards
        self.camera = camera and self.cards
        self.deal = MoveCards(seed)
        self.marks: list[int] = []  # the engine's history length before each command
        self._turn_up()

    def _turn_up(self) -> None:
        """Card variant, shuffled piles: the next turn's card comes up at once (H5)."""
        if self.camera or self.engine.current_player() != CHANCE:
            return
        side = self.engine.side_to_act()
        if side is None:
            return
        index = sum(1 for turn in self.engine.turns if turn.side is side)
        self.engine.apply(Draw(self.deal.card(side, index)))

    def _apply(self, action: HexAction | RefereeAction) -> None:
        """One command's action, and the card it brings up; undone together."""
        mark = len(self.engine.history)
        try:
            self.engine.apply(action)
        except IllegalActionError as exc:
            raise RefusedError(exc.reason, exc.rule) from None
        self._turn_up()
        self.marks.append(mark)

    def undo(self) -> list[Notice]:
        if not self.marks:
            return [nothing_to_undo()]
        mark = self.marks.pop()
        while len(self.engine.history) > mark:
            self.engine.undo()
        return [info("undone", Said(Say.UNDONE))]
