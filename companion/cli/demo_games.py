"""``companion demo --game rummy21|hex``: the demos of the other two uses.

``--game rummy21``: a whole Fibonacci 21 match laid out at a synthetic table and read
by the daemon's own loop (:mod:`companion.daemon.demo_rummy`), the buttons pressed as
the players would; each round's scores as they are read, then the match's table and
whether the record read is the match played, each card's copy left out.

``--game hex``: the camera referee watching the printed hex board, two scenes
(:mod:`companion.daemon.demo_hex`): the opening from H1's start, and an endgame to
Black's win; every turn's allowance, every move refereed, every refusal in the
players' words.

Progress goes to stderr, the verdict to stdout; the exit status is 0 when what was
read is what was played.

    $ companion demo --game hex --display gif
    ...
    refereed 19 moves in 10 turns right; 2 moves refused and put back; Black's win found
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.daemon.demo import Showing

#: The loop's log of each refusal: the demo says them itself, in the players' words.
RUNNER = "companion.daemon.runner"


def _say(line: str) -> None:
    print(f"  {line}", file=sys.stderr, flush=True)


def _showing(args: argparse.Namespace, display: str, out: Path) -> Showing:
    """The demo shown on ``display`` (a GIF or frames at ``out``) as ``args`` ask."""
    from companion.daemon.demo import Showing, open_screen
    from companion.views.spoken import Level

    return Showing(
        display=lambda clock: open_screen(display, out, clock),
        seed=args.seed,
        paced=display == "emulator",
        progress=_say,
        language=args.language,
        speech=args.speech,
        say=Level(args.say or Level.KEY),
    )


def _outputs(display: str, out: Path, speech: Path | None) -> None:
    if display in ("gif", "frames"):
        print(f"the OLED's screens: {out}")
    if speech is not None:
        print(f"the announcements: {speech}")


def run_rummy(args: argparse.Namespace, display: str, out: Path) -> int:
    """Play the rummy demo's match with the OLED on ``display`` (a GIF or frames at
    ``out``)."""
    from companion.cli.expect import first_difference
    from companion.cli.render import render_report
    from companion.daemon.demo_rummy import MATCH, run_rummy_demo
    from companion.views import ScoresView

    print(
        f"Table Companion demo: a 2-player Fibonacci 21 match ({MATCH}) laid out at a "
        f"synthetic table; OLED -> {display}",
        file=sys.stderr,
    )
    result = run_rummy_demo(_showing(args, display, out))
    # The OLED's last screen is the final scores once End game was pressed on the menu
    # (R9): the match ended, and the terminal says who won in its own words.
    ended = isinstance(result.final, ScoresView) and bool(result.final.footer)
    print(render_report(result.report, ended=ended))
    wrong = first_difference(result.record, result.played)
    rounds = len(result.report.rounds) if hasattr(result.report, "rounds") else 0
    verdict = "right" if wrong is None else f"NOT as played: {wrong}"
    print(
        f"\nread the match's {rounds} rounds {verdict}, with {result.presses} button "
        f"presses, in {result.frames} frames ({result.table_seconds:.0f} s of table time)"
    )
    _outputs(display, out, args.speech)
    return 0 if wrong is None else 1


def run_hex(args: argparse.Namespace, display: str, out: Path, size: tuple[int, int]) -> int:
    """Play the hex demo's scenes with the OLED on ``display`` (a GIF or frames at
    ``out``) from camera frames of ``size``."""
    from companion.daemon.demo_hex import run_hex_demo
    from companion.daemon.replay import counted

    print(
        f"Table Companion demo: the camera referee of the hex game, two scenes on the "
        f"printed board from a synthetic {size[0]}x{size[1]} camera; OLED -> {display}",
        file=sys.stderr,
    )

    runner = logging.getLogger(RUNNER)
    level = runner.level
    runner.setLevel(logging.ERROR)
    try:
        results = run_hex_demo(_showing(args, display, out), size)
    finally:
        runner.setLevel(level)
    moves = sum(r.moves for r in results)
    turns = sum(r.turns for r in results)
    refused = sum(len(r.refused) for r in results)
    right = all(r.right for r in results)
    won = next((r.winner for r in results if r.winner), None)
    verdict = "right" if right else "NOT as played"
    line = f"\nrefereed {counted(moves, 'move')} in {counted(turns, 'turn')} {verdict}; "
    line += f"{counted(refused, 'move')} refused and put back"
    print(line + (f"; {won}'s win found" if won else ""))
    _outputs(display, out, args.speech)
    return 0 if right and won else 1
