"""What a correction costs in a trick flow, late in a long game: time, against the game's length.

A 4-player game of Fibonacci's Trump is played to its end by random legal actions
(seeded), its record put on a table card by card through the Trump flow (as
``tests/flows/flow_tables.play_trump`` does), all but the last trick's cards. Then,
many times over: the first card of the round under way is corrected to a card nobody
has seen this round (the steps after it stay legal: the hands are not known to the
flow), and the correction is undone; the last card put down is undone and put down
again; and a correction that changes nothing (a card read as it was).

    .venv/bin/python bench/corrections.py [--seed 3] [--repeat 20] [--rounds N]

Prints the game's steps and the mean CPU time (``time.process_time``) of each;
``--rounds 2`` plays the same game's first two rounds only: what a correction costs
should not depend on how long the game has been going.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "flows"))
sys.path.insert(0, str(ROOT))

from flow_tables import Keys  # noqa: E402

from companion.flows.commands import Replace, Undo  # noqa: E402
from companion.flows.registry import make_flow  # noqa: E402
from companion.flows.tricks import TrickFlow  # noqa: E402
from companion.games import CHANCE, TERMINAL  # noqa: E402
from companion.games.trump.cards import DECK  # noqa: E402
from companion.games.trump.state import TrumpState  # noqa: E402
from companion.table.cards import TableCard  # noqa: E402

NAMES = ("Ana", "Ben", "Cy", "Dee")


def long_game(seed: int) -> dict[str, object]:
    """A whole 4-player game of random legal plays: its record."""
    rng = random.Random(seed)
    state = TrumpState(NAMES)
    while state.current_player() != TERMINAL:
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        state.apply(action)
    return state.to_record()


def table_cards(record: dict[str, object]) -> list[TableCard]:
    """The record's cards as the tracker reports them, indicators first in each round."""
    keys = Keys("trump")
    cards: list[TableCard] = []
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    for played in rounds:
        keys.reset()
        cards.append(keys.card(played["trump"], "trump-indicator"))
        cards.append(keys.card(played["symbol"], "symbol-indicator"))
        cards += [keys.card(text, "play") for trick in played["tricks"] for text in trick]
    return cards


def timed(repeat: int, action: Callable[[], None]) -> float:
    """The mean CPU milliseconds of ``action``."""
    start = time.process_time()
    for _ in range(repeat):
        action()
    return (time.process_time() - start) / repeat * 1e3


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3, help="the random game")
    parser.add_argument("--repeat", type=int, default=20, help="times each is measured")
    parser.add_argument("--rounds", type=int, default=0, help="the game's first N (0: all)")
    args = parser.parse_args(argv)
    record = long_game(args.seed)
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    if args.rounds:
        del rounds[args.rounds :]
    flow = make_flow("trump", NAMES, [], options={"leader": rounds[0]["leader"]})
    assert isinstance(flow, TrickFlow)
    cards = table_cards(record)[: -len(NAMES)]  # the last trick not yet played
    start = time.process_time()
    for card in cards:
        flow.placed(card)
    load = time.process_time() - start
    steps = len(flow.steps)
    assert steps == len(cards), "every card of the record is a step"
    number = flow.steps[-1].round
    first = next(s for s in flow.steps if s.round == number and s.use == "play")
    seen = {s.card.notation for s in flow.steps if s.round == number}
    unseen = next(str(c) for c in DECK if str(c) not in seen)
    record_before = flow.record()
    last = cards[-1]

    def correct_and_undo() -> None:
        flow.command(Replace(first.card.key, unseen))
        flow.command(Undo())

    def undo_and_redo() -> None:
        flow.command(Undo())
        flow.placed(last)

    def same_card() -> None:
        flow.command(Replace(first.card.key, first.card.notation))
        flow.command(Undo())

    corrected = timed(args.repeat, correct_and_undo)
    assert flow.record() == record_before, "the correction undone gives the game back"
    redone = timed(args.repeat, undo_and_redo)
    assert flow.record() == record_before, "undo and redo give the game back"
    same = timed(args.repeat, same_card)
    assert flow.record() == record_before
    after = steps - flow.steps.index(first)
    print(f"trump 4p seed {args.seed}: {steps} steps ({len(rounds)} rounds) in {load:.2f} s")
    print(f"  correct the round's first play ({first.card.notation} -> {unseen}, {after} steps")
    print(f"  from it to the last) and undo it: {corrected:.2f} ms")
    print(f"  undo the last card and put it down again: {redone:.2f} ms")
    print(f"  a correction that changes nothing, and its undo: {same:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
