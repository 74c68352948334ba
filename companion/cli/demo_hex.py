"""``companion demo --game hex``: the camera referee watching the printed hex board.

Two scenes filmed on a synthetic table and read by the daemon's own loop
(:mod:`companion.daemon.demo_hex`): the opening from H1's start, and an endgame to
Black's win. Progress goes to stderr (every turn's allowance, every move refereed,
every refusal in the players' words), the verdict to stdout; the exit status is 0
when both records read are the games played.

    $ companion demo --game hex --display gif
    ...
    refereed 19 moves in 10 turns right; 2 moves refused and put back; Black's win found
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

#: The loop's log of each refusal: the demo says them itself, in the players' words.
RUNNER = "companion.daemon.runner"


def run_hex(args: argparse.Namespace, display: str, out: Path, size: tuple[int, int]) -> int:
    """Play the hex demo's scenes with the OLED on ``display`` (a GIF or frames at
    ``out``) from camera frames of ``size``."""
    from companion.daemon.demo import open_screen
    from companion.daemon.demo_hex import run_hex_demo
    from companion.views.spoken import Level

    print(
        f"Table Companion demo: the camera referee of the hex game, two scenes on the "
        f"printed board from a synthetic {size[0]}x{size[1]} camera; OLED -> {display}",
        file=sys.stderr,
    )

    def say(line: str) -> None:
        print(f"  {line}", file=sys.stderr, flush=True)

    runner = logging.getLogger(RUNNER)
    level = runner.level
    runner.setLevel(logging.ERROR)
    try:
        results = run_hex_demo(
            display=lambda clock: open_screen(display, out, clock),
            size=size,
            seed=args.seed,
            paced=display == "emulator",
            progress=say,
            language=args.language,
            speech=args.speech,
            say=Level(args.say),
        )
    finally:
        runner.setLevel(level)
    moves = sum(r.moves for r in results)
    turns = sum(r.turns for r in results)
    refused = sum(len(r.refused) for r in results)
    right = all(r.right for r in results)
    won = next((r.winner for r in results if r.winner), None)
    verdict = "right" if right else "NOT as played"
    line = f"\nrefereed {moves} moves in {turns} turns {verdict}; "
    line += f"{refused} move{'' if refused == 1 else 's'} refused and put back"
    print(line + (f"; {won}'s win found" if won else ""))
    if display in ("gif", "frames"):
        print(f"the OLED's screens: {out}")
    if args.speech is not None:
        print(f"the announcements: {args.speech}")
    return 0 if right and won else 1
