"""The ``companion`` command.

Each sub-command lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` (a callable
from the parsed arguments to an exit status). Bad input never shows a traceback:
the errors of our packages become one line on stderr and exit status 2 (a character
of the message that is not printable written as its escape: a hostile file's text
cannot break the line or reach the terminal as a control sequence).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.errors import user_errors

#: Sub-command modules, in the order ``companion --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "score",
    "history",
    "export",
    "replay",
    "calibrate",
    "cards",
    "scan",
    "run",
    "demo",
    "ui-demo",
    "cafe",
)

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only`` (a command's name), that command's alone:
    ``companion run`` starts without importing every other command's modules (the
    daemon's memory, bench/daemon.py)."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: reads QR-coded cards, keeps the score, referees.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS if only not in COMMANDS else (only,):
        module = importlib.import_module(f"companion.cli.{name.replace('-', '_')}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    if given[:1] == ["run"]:
        # The daemon's stop signals are caught before the parser's imports (issue 13).
        from companion.cli.signals import catch_stop_signals

        catch_stop_signals()
    try:  # Ctrl-C while the command's modules load, too: no traceback
        parser = build_parser(given[0] if given else None)
        args, unknown = parser.parse_known_args(given)
        if unknown:  # said by the command's own parser, with its own usage
            _innermost(parser, given).error(f"unrecognized arguments: {' '.join(unknown)}")
        return _command(args)
    except KeyboardInterrupt:  # what each command writes is whole or not there
        print(f"companion {given[0] if given else ''}: stopped (Ctrl-C)", file=sys.stderr)
        return 130


def _innermost(parser: argparse.ArgumentParser, given: Sequence[str]) -> argparse.ArgumentParser:
    """The parser of the (sub)command ``given`` names: ``cards sheet``'s for ``companion
    cards sheet ...``, whose usage shows the options a mistaken one is looked for in."""
    for word in given:
        choices = [
            action.choices
            for action in parser._actions
            if isinstance(action, argparse._SubParsersAction)
        ]
        if not choices or word not in choices[0]:
            continue
        parser = choices[0][word]
    return parser


def _command(args: argparse.Namespace) -> int:
    """The command's own work; a fault a person mends is one line and exit 2."""
    try:
        status: int = args.func(args)
    except user_errors() as exc:
        from companion.bus.logs import to_journald
        from companion.cli.render import one_line

        # Under systemd the line is an error to journald (``journalctl -p warning``).
        level = "<3>" if to_journald(sys.stderr, os.environ) else ""
        print(f"{level}companion {args.command}: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_FAILURE
    return status


if __name__ == "__main__":
    sys.exit(main())
