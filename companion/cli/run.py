"""``companion run``: the daemon - camera, table, game, screen and buttons in one process.

On a Raspberry Pi systemd starts it (systemd/companion.service) with
/etc/companion/config.toml; on a desktop the backends are named on the command line
or in ``~/.config/companion/config.toml``:

    companion run --camera replay --source game-frames/ --display frames --out /tmp/oled
    companion run --camera opencv --display emulator --buttons keyboard
    companion run --record ~/games      # the camera's frames kept, to replay the game

It stops on SIGTERM or Ctrl-C keeping the game in the journal (the next start
resumes it), or at the end of a replay source. The signals are caught from the
command's first instruction (``companion.cli.signals``): one that comes while the
daemon is still starting lets it start, show its last screen and exit 0.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from companion.cli.common import add_config_options, config_of, reading_recording, recorded_table
from companion.cli.seats import player_names, seat_index
from companion.cli.signals import installed_stop_signals
from companion.config import Config, HardwareSection
from companion.errors import UsageError, user_errors
from companion.games.game_options import GameOptions
from companion.games.json_types import JSON
from companion.games.registry import OptionKind, all_games, get_game
from companion.inputs import MAX_INT_DIGITS
from companion.journal import Journal

log = logging.getLogger(__name__)
_INTEGER = re.compile(rf"-?[0-9]{{1,{MAX_INT_DIGITS}}}")

#: Exit status asking systemd for a restart (the staff menu's "Restart service").
EXIT_RESTART = 75
#: A fault met while the table ran that the settings did not cause: systemd starts it
#: again (exit 2 is kept for the faults no restart mends, ``RestartPreventExitStatus``).
EXIT_FAILURE = 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "run",
        help="run the daemon (camera to OLED) until stopped",
        description="Run the table's daemon: the camera reads the cards, the game is scored, "
        "the OLED and its buttons work the menus, until stopped (Ctrl-C, SIGTERM) or until "
        "a recorded --source has no more frames.",
    )
    add_config_options(parser)
    parser.add_argument("--camera", help="camera backend (picamera2, opencv, replay, ...)")
    parser.add_argument(
        "--source",
        help="a folder of frames (.png, .jpg, .jpeg, .bmp) or a video to replay as the camera "
        "(--camera replay, the default with --source)",
    )
    parser.add_argument("--display", help="display backend (luma, emulator, frames, gif, ...)")
    parser.add_argument("--out", help="folder (frames) or file (gif) for a file display")
    parser.add_argument("--buttons", help="button backend (gpio, keyboard, replay, fake)")
    parser.add_argument("--kiosk", action="store_true", help="run as a cafe kiosk")
    parser.add_argument(
        "--record",
        metavar="FOLDER",
        help="record the camera's frames into a new folder under FOLDER, to replay the "
        "game later (the configuration's [record] folder)",
    )
    names = ", ".join(spec.name for spec in all_games())
    parser.add_argument(
        "--game", help=f"start this game at once unless one is in progress: {names}"
    )
    parser.add_argument(
        "--players",
        default=None,
        help="players of --game: how many (default 3: Ana, Ben, Cy), or their names: Ana,Ben,Cy",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of --game: a seat from 1 or a name (dealer=3, leader=Ana), seed=N, "
        "or a choice (mode=board)",
    )
    parser.add_argument("--variant", action="append", default=[], help="a variant of --game")
    parser.set_defaults(func=run)


def _section(section: HardwareSection, kind: str | None, **extra: str | None) -> HardwareSection:
    if kind is None and not any(extra.values()):
        return section
    settings = dict(section.settings) if kind is None or kind == section.kind else {}
    settings.update({k: v for k, v in extra.items() if v is not None})
    return HardwareSection(kind or section.kind, settings)


def _game_options_alone(args: argparse.Namespace) -> None:
    """``--players``, ``--option`` and ``--variant`` are ``--game``'s: without it they
    were read by nothing."""
    options = {"--players": args.players, "--option": args.option, "--variant": args.variant}
    given = [name for name, value in options.items() if value]
    if given and not args.game:
        raise UsageError(
            f"{', '.join(given)} go with --game: name the game to start (--game trump)"
        )


def _hardware_options(args: argparse.Namespace, config: Config) -> None:
    """The command line's backends and files, refused as its options (not as settings
    of the configuration file, which never named them): an unknown kind, ``--out`` for
    a display that writes no file, a GIF not named .gif, a file where a folder goes, a
    folder where the journal's file goes (the daemon would run on, saving nothing)."""
    from hardware.buttons import KINDS as BUTTONS
    from hardware.camera import KINDS as CAMERAS
    from hardware.display import KINDS as DISPLAYS

    for option, kind, known in (
        ("--camera", args.camera, CAMERAS),
        ("--display", args.display, DISPLAYS),
        ("--buttons", args.buttons, BUTTONS),
    ):
        if kind is not None and kind not in known:
            raise UsageError(f"{option} {kind}: no such backend (known: {', '.join(known)})")
    display = args.display or config.display.kind
    if args.out is not None:
        out = Path(args.out)
        if display not in ("frames", "gif"):
            raise UsageError(
                f"--out {out}: the {display} display writes no file; --out goes with "
                "--display frames (a folder) or --display gif (a .gif file)"
            )
        if display == "gif" and out.suffix.lower() != ".gif":
            raise UsageError(f"--out {out}: the gif display writes a .gif file")
        if display == "frames" and out.exists() and not out.is_dir():
            raise UsageError(f"--out {out}: is a file; the frames display writes a folder")
    if args.record and Path(args.record).exists() and not Path(args.record).is_dir():
        raise UsageError(f"--record {args.record}: is a file, not a folder")
    journal = args.journal
    if journal is not None and Path(journal).exists() and not Path(journal).is_file():
        raise UsageError(
            f"--journal {journal}: not a file: give a file's name (such as {journal}/journal.db)"
        )


def configured(args: argparse.Namespace) -> Config:
    """The configuration file's settings, with the command line's choices on top."""
    _game_options_alone(args)
    config = config_of(args)
    _hardware_options(args, config)
    camera = args.camera
    if args.source is not None:
        if camera not in (None, "replay"):
            raise UsageError(
                f"--source {args.source}: only the replay camera reads a recording, "
                f"not --camera {camera} (leave --camera out, or give --camera replay)"
            )
        camera = "replay"
        recorded_table(args.source, "--source")
    display_key = "path" if (args.display or config.display.kind) == "gif" else "dir"
    config = replace(
        config,
        camera=_section(config.camera, camera, path=args.source),
        display=_section(config.display, args.display, **{display_key: args.out}),
        buttons=_section(config.buttons, args.buttons),
    )
    if args.kiosk:
        config = replace(config, kiosk=replace(config.kiosk, enabled=True))
    if args.record:
        config = replace(config, record=replace(config.record, folder=args.record))
    if args.journal is not None:  # what is kept beside the journal (the layouts) follows it
        config = replace(config, journal=replace(config.journal, path=str(args.journal)))
    return config


def parse_options(game: str, items: list[str], players: Sequence[str]) -> GameOptions:
    """``["dealer=3", "seed=7"]`` -> ``{"dealer": 2, "seed": 7}`` and the other options'
    defaults: each value as the game's option takes it (the registry's): a seat from 1
    or a player's name (the games count seats from 0), a seed a whole number, a choice
    its word; then checked against the game (:class:`OptionError` names the values the
    option takes), once, here where they enter."""
    from companion.flows.registry import check_options

    kinds = {option.name: option.kind for option in get_game(game).options}
    options: dict[str, JSON] = {}
    for item in items:
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not value:
            raise UsageError(f"--option {item!r}: expected KEY=VALUE, e.g. seed=7")
        kind = kinds.get(key)
        if kind is None:
            takes = ", ".join(kinds)
            raise UsageError(f"--option {item!r}: {game} has no option {key} (it has: {takes})")
        if kind is OptionKind.CHOICE:
            options[key] = value
        elif kind is OptionKind.SEAT:
            options[key] = seat_index(f"--option {item}", value, players)
        elif _INTEGER.fullmatch(value):
            options[key] = int(value)
        else:
            raise UsageError(
                f"--option {item!r}: {key} is a whole number of at most {MAX_INT_DIGITS} digits"
            )
    return check_options(game, options, len(players))


def run(args: argparse.Namespace) -> int:
    stop = installed_stop_signals()  # before the daemon's heavy imports
    from companion.daemon.build import build_daemon
    from companion.daemon.logs import setup_logging
    from companion.daemon.notify import Notifier
    from companion.daemon.out_of_order import guard
    from companion.daemon.runtime import DEFAULT_NAMES

    with guard(args.config, args.display):  # a setting's mistake: "Out of order" on the OLED
        config = configured(args)
    setup_logging(config.log.level, environ=os.environ)
    journal = Journal.for_table(args.journal) if args.journal is not None else None
    # Under systemd (Type=notify, WatchdogSec): READY=1 and the watchdog's pings go to
    # $NOTIFY_SOCKET; elsewhere the notifier does nothing.
    recording = (
        reading_recording("--source", config.source) if args.source else contextlib.nullcontext()
    )
    with recording:  # the camera opens in the daemon's run: its refusals name --source
        with guard(args.config, args.display):
            daemon = build_daemon(config, journal=journal, notifier=Notifier())
        if args.game and daemon.session.flow is None:
            players = player_names(args.players or "3", unnamed=DEFAULT_NAMES)
            options = parse_options(args.game, args.option, players)
            daemon.start_game(args.game, players, args.variant, options)
        if stop:
            log.info("%s came while starting: the last screen, then stop", stop.name)
        try:
            daemon.run(lambda: bool(stop) or bool(daemon.runner.staff_requests))
        except user_errors() as exc:
            if daemon.broken or args.source:  # out of order, or a recording's fault: exit 2
                raise
            log.error("stopped: %s; under systemd the service starts again", exc)
            return EXIT_FAILURE  # the farewell said the table comes back: it does
    if stop:
        log.info("stopped by %s", stop.name)
    elif daemon.ended:  # a replay source: its last frame ends the run (issue 26)
        where = daemon.status_line()
        log.info("stopped: the camera's recorded source has no more frames (%s)", where)
    requests = daemon.runner.staff_requests
    if "restart" in requests:
        return EXIT_RESTART
    if "shutdown" in requests:
        return _power_off()
    return 0


def _power_off() -> int:
    """Ask systemd to power off (allowed to the companion user by a polkit rule)."""
    import subprocess

    try:
        subprocess.run(["systemctl", "poweroff"], check=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        log.error("cannot power off: %s", exc)
        return 1
    return 0
