"""Options several sub-commands share: the configuration file and the journal."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.config import Config, load_config
from companion.errors import UsageError
from companion.journal import Journal


def add_config_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        type=Path,
        default=None,
        help="the configuration file (default: $COMPANION_CONFIG, /etc/companion/config.toml "
        "on a Pi, else ~/.config/companion/config.toml)",
    )
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="the journal database (default: from the configuration)",
    )


def config_of(args: argparse.Namespace) -> Config:
    return load_config(args.config)


def writable_file(out: Path, option: str = "--out") -> None:
    """Refuse an output file in a folder that does not exist, or that is a folder,
    before any work is done (the file itself is written at the end)."""
    if out.is_dir():
        raise UsageError(f"{option} {out}: is a folder, not a file")
    if not out.parent.is_dir():
        raise UsageError(f"{option} {out}: the folder {out.parent} does not exist")


def open_journal(args: argparse.Namespace, *, must_exist: bool = True) -> Journal:
    path = args.journal if args.journal is not None else config_of(args).journal_path()
    if must_exist and not Path(path).exists():
        raise UsageError(f"{path}: no journal yet (no game has been played here)")
    return Journal.open(path)
