"""Table events that play a game record, as the tracker would report them.

Each physical card gets one key per deck copy, so the two red 1s of Fibonachos are
two keys and a card played again next round is the same key again.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from companion.flows.base import GameFlow, Notice
from companion.table.cards import TableCard

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / game / name).read_text(encoding="utf-8"))
    return data


class Keys:
    """Keys of physical cards: the n-th copy of a face seen since the last reset."""

    def __init__(self, deck: str) -> None:
        self.deck = deck
        self.seen: Counter[str] = Counter()

    def card(self, notation: str, zone: str, **extra: Any) -> TableCard:
        face = notation.split("#", maxsplit=1)[0]
        self.seen[face] += 1
        key = f"{self.deck}/1/{face}/{self.seen[face]}"
        return TableCard(key, self.deck, notation, zone, **extra)

    def reset(self) -> None:
        self.seen.clear()


def play_fibonachos(flow: GameFlow, record: dict[str, Any]) -> list[Notice]:
    """Put every card of a Fibonachos record on the table, round by round."""
    notices: list[Notice] = []
    keys = Keys("fibonachos")
    for played in record["rounds"]:
        keys.reset()
        for trick in played["tricks"]:
            if trick["spicy"] is not None:
                notices += flow.placed(keys.card(trick["spicy"], "spicy"))
            for text in trick["plays"]:
                notices += flow.placed(keys.card(text, "play"))
    return notices


def play_trump(flow: GameFlow, record: dict[str, Any]) -> list[Notice]:
    """Put every card of a Trump record on the table: indicators, then the tricks."""
    notices: list[Notice] = []
    keys = Keys("trump")
    for played in record["rounds"]:
        keys.reset()
        notices += flow.placed(keys.card(played["trump"], "trump-indicator"))
        notices += flow.placed(keys.card(played["symbol"], "symbol-indicator"))
        for trick in played["tricks"]:
            for text in trick:
                notices += flow.placed(keys.card(text, "play"))
    return notices


def set_cards(
    keys: Keys, cards: list[str], zone: str, column: int, top: float = 0.1
) -> list[tuple[TableCard, int | None]]:
    """A rummy set laid out as a column: each card 0.05 lower, wild cards undeclared."""
    out = []
    for row, text in enumerate(cards):
        face, _, number = text.partition("=")
        position = (0.1 + 0.1 * column, top + 0.05 * row)
        out.append((keys.card(face, zone, position=position), int(number) if number else None))
    return out


def play_rummy(flow: GameFlow, record: dict[str, Any]) -> list[Notice]:
    """Lay out every round's end of a rummy record in the meld zones and score it."""
    from companion.flows.commands import CountHands, EndRound, Wild

    notices: list[Notice] = []
    keys = Keys(record["game"])
    for played in record["rounds"]:
        keys.reset()
        for seat, table in enumerate(played["tables"]):
            zone = f"meld-{seat}"
            column = 0
            for kind in ("closed", "open"):
                for cards in table[kind]:
                    laid = set_cards(keys, cards, zone, column)
                    column += 1
                    for card, number in laid:
                        notices += flow.placed(card)
                        if number is not None:
                            notices += flow.command(Wild(card.key, number))
                    if kind == "closed":
                        for card, _ in laid:
                            notices += flow.removed(card)
                            down = TableCard(card.key, card.deck, "?", zone, card.position, True)
                            notices += flow.placed(down)
        notices += flow.command(CountHands())
        for seat, table in enumerate(played["tables"]):
            for place, text in enumerate(table["hand"]):
                position = (0.05 + 0.08 * (place % 10), 0.6 + 0.1 * (place // 10))
                notices += flow.placed(keys.card(text, f"meld-{seat}", position=position))
        notices += flow.command(EndRound(played["out"]))
    return notices
