"""``companion replay SOURCE``: read a recorded table into a game record and its scores.

SOURCE is a folder of frames (read in name order) or a video file. The frames go
through the daemon's own pipeline (the replay camera, the table reader, a session
with an in-memory journal, the game's flow), so a replay reads exactly what the
daemon would have read at the table.

    $ companion replay game/ --game fibonachos --players Ana,Ben,Cy --dealer 3 --fps 10
    {"game": "fibonachos", "players": ["Ana", "Ben", "Cy"], ...}

    Fibonachos: Ana, Ben, Cy
    round  Ana  Ben  Cy
    ...

``--buttons FILE`` presses the OLED's buttons as the file says (lines ``t button
[kind]``, ``t`` in seconds of table time: the frames' timestamps), so a game that
needs the menus (an undo, a correction, the end of a rummy round) replays whole:

    # buttons.txt: undo the card put down at 12 s
    12.5 back
    12.6 down
    12.7 select

The last line says what was read: "replayed 2307 frames (231.0 s of table time):
153 events, 0 refused" (on stderr with ``--json``, whose standard output is one
object ``{"record", "score", "events": [{"t", "event", "card", "zone"}], "history"}``;
``history`` is the game's row as ``companion history --json`` would print it, times in
table seconds, whose ``state`` says how the game ended: ``abandoned`` when the table
ended it (the menu's End game: how a rummy match ends, R9), ``over`` when it came to
its end, ``replayed`` when the frames ran out with it still in play). What
the flow refused, a card or a command (an End round the rules refuse, R3, R5, R6),
is logged, and so listed on stderr, one line each, with where in the recording (the
time, and the frame ``companion calibrate --frame`` shows): "replay: at 51.8 s (frame
518): refused: end-round: ... (R6)". A trick cleared before one of its cards was read
stops the game until the players give that card (the OLED's "Card missing" menu):
stderr says so at once ("replay: at 51.8 s (frame 518): trick 3 was cleared before
Cy's card was read: the game waits for that card; give it with --buttons FILE, e.g.
'52.3 select' ..."), and the last line
ends "; the game waits for Cy's card of trick 3 ..." if it still did at the last frame.
A source or a button script that cannot be read exits 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import reading_recording, recorded_table
from companion.cli.history import summary
from companion.cli.render import json_line, render_report
from companion.cli.seats import player_names, seat_index
from companion.errors import UsageError
from companion.games.hex import SPEC as HEX
from companion.games.json_types import JSON, JSONObject
from companion.games.registry import all_games, get_game
from companion.inputs import MAX_TEXT_BYTES, read_text
from companion.table.layout import Layout, default_layout, load_layout
from hardware.buttons import ButtonEvent

if TYPE_CHECKING:
    from companion.daemon.links import TableClock
    from companion.games.game_options import GameOptions
    from hardware.camera import Camera


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "replay",
        help="read a recorded table (frames or a video) into a game record and scores",
        description="Run the daemon's pipeline over a folder of frames or a video and "
        "print the game record it read and the scores.",
    )
    parser.add_argument("source", type=Path, help="a folder of frames or a video file")
    names = ", ".join(spec.name for spec in all_games())
    parser.add_argument("--game", required=True, help=f"the game played: {names}")
    parser.add_argument(
        "--players",
        required=True,
        help="how many players (a number), or their names in seat order: Ana,Ben,Cy",
    )
    parser.add_argument(
        "--dealer", default=None, help="who dealt round 1: a seat from 1, or a player's name"
    )
    parser.add_argument(
        "--leader", default=None, help="who led round 1: a seat from 1, or a player's name"
    )
    parser.add_argument(
        "--variant", action="append", default=[], help="a rule variant (may repeat)"
    )
    parser.add_argument("--layout", type=Path, default=None, help="the table layout (TOML)")
    parser.add_argument(
        "--fps",
        type=float,
        default=None,
        help="frames per second of a folder (default 30; a folder `companion run --record` "
        "made keeps each frame's time)",
    )
    parser.add_argument(
        "--buttons",
        type=Path,
        default=None,
        metavar="FILE",
        help="button presses to replay: lines 't button [kind]', t in seconds of table time",
    )
    parser.add_argument(
        "--start", default=None, help="hex: the board's first position, if not H1's (a diagram)"
    )
    parser.add_argument(
        "--expect",
        type=Path,
        default=None,
        metavar="PLAYED",
        help="the record of what was really played (hex: or its moves written down, one "
        "line a turn): the replay says the first difference and exits 1 when the camera "
        "read another game",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def played_record(args: argparse.Namespace) -> JSONObject | None:
    """``--expect``'s record, read before the frames are (one line and exit 2 if bad);
    the hex game's moves written down are played by ``--players`` with ``--variant``."""
    from companion.cli.expect import expected_record

    if args.expect is None:
        return None
    players = player_names(args.players)
    return expected_record(args.expect, args.game, players, args.variant, args.start)


def expected(
    args: argparse.Namespace,
    record: Mapping[str, JSON],
    played: JSONObject | None,
    last: str,
    where: str = "",
    *,
    alike: str = "",
) -> int:
    """The replay's last line (stderr with ``--json``, else stdout), and with ``--expect``
    the check of ``record`` against ``played``: exit 1 when the camera read another game,
    the difference followed by ``where`` in the recording to look; ``alike`` follows
    "the same game" (the turns read another way to the same board)."""
    from companion.cli.expect import first_difference

    found = None if played is None else first_difference(record, played)
    if played is not None:
        last += (
            f"; not the game in {args.expect}: {found}{where}"
            if found
            else f"; the same game as {args.expect}{alike}{_begun(record, played, args.expect)}"
        )
    print(last, file=sys.stderr if args.json else sys.stdout)
    return 1 if found else 0


def _begun(record: Mapping[str, JSON], played: Mapping[str, JSON], name: Path) -> str:
    """What the two records' last turns say apart from the game: which one saw the turn
    before it end, when only one has a last turn with no move yet."""
    from companion.cli.expect import begun_turn

    begun = begun_turn(record, played)
    if begun is None:
        return ""
    turn, by_camera = begun
    which = "the camera's record" if by_camera else name
    return f" ({which} also has turn {turn} begun, with no move yet)"


def game_options(args: argparse.Namespace, players: list[str]) -> GameOptions:
    """``--dealer``, ``--leader``: seats counted from 1 or names, to the games' seats,
    checked against the game's options (:class:`OptionError`: one line, exit 2)."""
    from companion.flows.registry import check_options

    options: dict[str, JSON] = {}
    for name in ("dealer", "leader"):
        value = getattr(args, name)
        if value is not None:
            options[name] = seat_index(f"--{name} {value}", value, players)
    return check_options(args.game, options, len(players))


def layout_of(path: Path | None) -> Layout:
    return default_layout() if path is None else load_layout(path)


def button_script(args: argparse.Namespace) -> list[ButtonEvent]:
    """The presses of ``--buttons FILE``, read within the limits of companion.inputs;
    without it, those the recording kept beside its frames (``buttons.txt``, written by
    ``companion run --record``: a turn ended early, a menu's correction), said on stderr."""
    from hardware.buttons_replay import parse_script
    from hardware.camera_record import PRESSES

    path: Path | None = args.buttons
    kept = Path(args.source) / PRESSES
    if path is None and kept.is_file():
        path = kept
    if path is None:
        return []
    presses = parse_script(read_text(path, MAX_TEXT_BYTES, what="button script"), str(path))
    if args.buttons is None:
        count = f"{len(presses)} button press{'' if len(presses) == 1 else 'es'}"
        print(f"replay: {count} kept with the recording ({path})", file=sys.stderr)
    return presses


def _progress(frames: int, seconds: float, events: int) -> None:
    print(f"replay: {frames} frames, {seconds:.1f} s of table, {events} events", file=sys.stderr)


class _Stderr(logging.Handler):
    """Writes to the ``sys.stderr`` of the moment (a test's capture, a redirection)."""

    def emit(self, record: logging.LogRecord) -> None:
        print(self.format(record), file=sys.stderr)


def at_frame(clock: TableClock) -> Callable[[], str]:
    """Where the replay is in its recording: "at 12.2 s (frame 61)", the last frame
    read's time (a recording's frames are named by it) and its number from 0, the
    ``--frame`` of ``companion calibrate`` (frames that cannot be read are counted by
    neither)."""

    def where() -> str:
        frames = clock.frames
        return f"at {clock.now:.1f} s (frame {frames - 1})" if frames else "before the first frame"

    return where


@contextmanager
def warnings_on_stderr(where: Callable[[], str]) -> Iterator[None]:
    """The package's warnings (the refusals the runner logs, the board's faults) as
    ``replay: at 12.2 s (frame 61): ...`` lines on stderr for the replay's length, each
    once, besides any handler the logging has; ``where()`` says where in the recording."""
    from companion.bus.logs import EscapingFormatter

    def stamp(record: logging.LogRecord) -> bool:
        record.where = where()
        return True

    logger = logging.getLogger("companion")
    handler = _Stderr()
    handler.setLevel(logging.WARNING)
    handler.addFilter(stamp)
    handler.setFormatter(EscapingFormatter("replay: %(where)s: %(message)s"))
    logger.addHandler(handler)
    propagate = logger.propagate
    logger.propagate = bool(logging.getLogger().handlers)  # else Python's last resort: twice
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


def run(args: argparse.Namespace) -> int:
    from hardware.camera import open_camera

    source: Path = args.source
    fps: float | None = args.fps

    def opened() -> Camera:
        recorded_table(source)  # once the arguments are checked, before it is opened
        with reading_recording():
            if fps is None:
                return open_camera("replay", path=source)
            return open_camera("replay", path=source, fps=fps)

    return replay_from(args, opened)


def replay_from(args: argparse.Namespace, open_source: Callable[[], Camera]) -> int:
    """``run`` over the camera ``open_source()`` gives, opened once the arguments are
    checked: the end-to-end tests hand in a table drawn in memory (``args.source`` is
    then only a name), ``run`` the replay camera on ``args.source``."""
    from companion.daemon.links import TableClock
    from companion.daemon.replay import replay_game, start_session
    from companion.table.reader import TableReader

    get_game(args.game)  # an unknown game is refused before the source is opened
    if args.start is not None and args.game != HEX.name:  # else silently not used
        raise UsageError(f"--start is the hex board's first position; {args.game} has no board")
    if args.game == HEX.name:  # the camera reads the board (issue 24)
        from companion.cli.replay_hex import replay_board

        return replay_board(args, open_source)
    played = played_record(args)
    players = player_names(args.players)
    layout = layout_of(args.layout)
    buttons = button_script(args)
    clock = TableClock()
    session, flow = start_session(
        args.game, players, args.variant, game_options(args, players), clock=clock
    )
    with open_source() as camera, warnings_on_stderr(at_frame(clock)):
        result = replay_game(
            camera, TableReader(layout), session, flow, clock, buttons=buttons, progress=_progress
        )
    history = summary(session.journal.games()[-1])
    if args.json:
        events = [row.as_json() for row in result.events]
        score = result.report.to_json()
        data = {
            "record": result.record,
            "score": score,
            "events": events,
            "history": history.as_json(),
        }
        print(json.dumps(data))
    else:
        print(json_line(result.record))
        print()
        # ended by the table (its End game, R9): not by the frames running out, nor left
        # idle, reset by the staff or replaced by a new game, which decide no winner
        print(render_report(result.report, ended=history.state in ("over", "abandoned")))
        print()
    return expected(args, result.record, played, result.summary())
