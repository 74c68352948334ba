"""``companion demo``: a whole Fibonachos game read from synthetic camera frames.

companion demo                      # a window when there is a screen, else a GIF
companion demo --display gif --out demo.gif
companion demo --game hex           # the camera referee watching the hex board
companion demo --cafe               # a broker, the cafe server and four tables (Ctrl-C stops)
companion demo --speech said --language fr   # every announcement: .wav and .txt
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path

from companion.cli.render import render_report
from companion.errors import UsageError
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.hex import SPEC as HEX
from companion.games.i18n import LANGUAGES
from companion.games.json_types import JSON, as_object, list_field, texts
from companion.games.rummy import DECK_21

DISPLAYS = ("auto", "emulator", "gif", "frames", "terminal")
#: The games the demo plays (Fibonachos first: the default); the camera frames' size
#: for each (the rummy match's is its own).
GAMES = (FIBONACHOS.name, DECK_21.game, HEX.name)
SIZES = {FIBONACHOS.name: "1280x720", HEX.name: "1920x1080"}


@dataclass(frozen=True)
class GameDefaults:
    """The options of the games' demo, each with its default: none of them is for --cafe."""

    game: str = GAMES[0]
    display: str = "auto"
    out: Path | None = None
    seed: int = 7
    size: str | None = None
    language: str | None = None
    speech: Path | None = None
    say: str | None = None


DEFAULTS = GameDefaults()


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "demo",
        help="watch a whole game read from a synthetic table",
        description="A whole 3-player Fibonachos game drawn as camera frames of the printed "
        "cards and read by the daemon's own loop; prints each round's scores and how many "
        "plays were read right. With --game rummy21: a 2-player Fibonacci 21 match's sets "
        "laid out and read, the buttons pressed as players would. With --game hex: the "
        "camera referee of the hex game watching the printed board (the opening and an "
        "endgame to the win), every turn's allowance, move and refusal. With --cafe: a "
        "whole cafe on this machine instead.",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default=DEFAULTS.game,
        help="fibonachos: the cards read from the table; rummy21: a Fibonacci 21 match's "
        "sets read from the table; hex: the camera referee watching the hex board "
        "(default: fibonachos)",
    )
    parser.add_argument(
        "--display",
        choices=DISPLAYS,
        default=DEFAULTS.display,
        help="where the OLED shows: a window if there is a screen, else a GIF (auto)",
    )
    parser.add_argument(
        "--out", type=Path, default=None, help="the GIF file or frames folder (companion-demo.gif)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULTS.seed,
        help="which random game to play (7); hex: the hands and the light of its scenes",
    )
    parser.add_argument("--size", default=None, help="camera frame size (1280x720; hex: 1920x1080)")
    parser.add_argument(
        "--cafe",
        action="store_true",
        help="a whole cafe on this machine instead: a broker (Mosquitto), the cafe server "
        "and four tables, each playing a game of its own; prints the dashboard's link and "
        "each table's phone page (Ctrl-C stops it all)",
    )
    parser.add_argument(
        "--language", choices=LANGUAGES, default=None, help="the table's language (en)"
    )
    parser.add_argument(
        "--speech",
        type=Path,
        default=None,
        metavar="DIR",
        help="write the game's announcements into DIR: a .wav (espeak-ng) and a .txt each",
    )
    parser.add_argument(
        "--say",
        choices=("key", "all"),
        default=None,
        help="with --speech: the key moments, or also whose turn after every card (key)",
    )
    parser.set_defaults(func=run)


def choose_display(asked: str) -> str:
    """``auto``: the emulator window when a screen and pygame are there, else a GIF."""
    if asked != "auto":
        return asked
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        try:
            import luma.emulator.device  # noqa: F401
            import pygame  # noqa: F401
        except ImportError:
            return "gif"
        return "emulator"
    return "gif"


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    digits = (width, height)
    if not sep or not all(d.isascii() and d.isdigit() and len(d) <= 5 for d in digits):
        raise UsageError(f"--size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x720")
    if not (320 <= int(width) <= 3840 and 240 <= int(height) <= 2160):
        raise UsageError(f"--size {text!r}: between 320x240 and 3840x2160")
    return int(width), int(height)


def checked_before_work(args: argparse.Namespace, display: str, out: Path) -> None:
    """What the command line asks that no game could do, refused before a frame is drawn
    (one line, exit 2): a negative seed, a GIF not named .gif, a file where a folder goes."""
    if args.say is not None and args.speech is None:
        raise UsageError(f"--say {args.say} goes with --speech DIR, where the announcements go")
    if args.seed < 0:
        raise UsageError(f"--seed {args.seed}: a seed is a whole number from 0 (default 7)")
    if display == "gif" and out.suffix.lower() != ".gif":
        raise UsageError(f"--out {out}: the GIF display writes a .gif file (companion-demo.gif)")
    folders = [("--speech", args.speech)] + ([("--out", out)] if display == "frames" else [])
    for option, folder in folders:
        if folder is not None and folder.exists() and not folder.is_dir():
            raise UsageError(f"{option} {folder}: is a file, not a folder; name a folder")


def run(args: argparse.Namespace) -> int:
    if args.cafe:
        from companion.cli.cafe_demo import run_cafe_demo

        given = [
            f"--{one.name}"
            for one in fields(DEFAULTS)
            if getattr(args, one.name) != getattr(DEFAULTS, one.name)
        ]
        if given:
            raise UsageError(
                f"{', '.join(given)}: not for --cafe, whose four tables play games of their "
                "own; leave them out"
            )

        return run_cafe_demo(lambda line: print(line, flush=True))
    from companion.daemon.demo import run_demo
    from companion.views.spoken import Level

    display = choose_display(args.display)
    out = args.out or Path("companion-demo" if display == "frames" else "companion-demo.gif")
    checked_before_work(args, display, out)
    if args.game == DECK_21.game:
        from companion.cli.demo_games import run_rummy

        if args.size is not None:  # the match's sets are laid out for its picture
            raise UsageError("--size: the rummy demo's table is filmed at 2304x1296")
        return run_rummy(args, display, out)
    size = _size(args.size or SIZES[args.game])
    if args.game == HEX.name:
        from companion.cli.demo_games import run_hex

        return run_hex(args, display, out, size)
    print(
        f"Table Companion demo: a 3-player Fibonachos game (seed {args.seed}) from a "
        f"synthetic {size[0]}x{size[1]} camera; OLED -> {display}",
        file=sys.stderr,
    )

    def say(line: str) -> None:
        print(f"  {line}", file=sys.stderr, flush=True)

    result = run_demo(
        display=display,
        out=out,
        seed=args.seed,
        size=size,
        progress=say,
        language=args.language,
        speech=args.speech,
        say=Level(args.say or Level.KEY),
    )
    print(render_report(result.report))
    played, read = _plays(result.played), _plays(result.record)
    plays = sum(len(p) for p in played)
    right = sum(
        a.split("#")[0] == b.split("#")[0]
        for pa, pb in zip(played, read, strict=False)
        for a, b in zip(pa, pb, strict=False)
    )
    print(
        f"\nread {right} of {plays} plays right in {result.frames} frames "
        f"({result.table_seconds:.0f} s of table time) in {result.wall_seconds:.1f} s"
    )
    if display in ("gif", "frames"):
        print(f"the OLED's screens: {out}")
    if args.speech is not None:
        print(f"the announcements: {args.speech}")
    print("the other uses: companion demo --game rummy21, --game hex; a cafe: --cafe")
    return 0 if right == plays else 1


def _plays(record: Mapping[str, JSON]) -> list[tuple[str, ...]]:
    """Every trick's plays of a Fibonachos record."""
    return [
        texts(as_object(trick, "a trick")["plays"], "plays")
        for rnd in list_field(record, "rounds")
        for trick in list_field(as_object(rnd, "a round"), "tricks")
    ]
