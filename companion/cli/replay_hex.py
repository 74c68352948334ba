"""``companion replay SOURCE --game hex``: read a recorded hex board into the game's record.

The frames go through the daemon's own loop (:func:`companion.daemon.replay.replay_game`)
with the camera referee in play (issue 24): each frame's board and pieces, a position
each time the board is still for half a second with every piece on a cell
(:class:`companion.table.hex_reader.BoardReader`), journaled and played by
:class:`companion.flows.hex_camera.HexCameraFlow`; the cards the camera reads too, so
the card variant (``--variant cards``, H5) takes each move card turned up beside the
board. Prints the ``hex`` record (what ``companion score`` reads) and the score; every
refused change is a line on stderr, with where in the recording (the frame ``companion
calibrate --board --frame`` shows), "replay: at 12.4 s (frame 62): refused: black: board
change refused: a2-e5: e5 is next to neither a2 nor its group (H3)", and so is each of
the board's faults (out of sight, a piece not seen, ...); the last line counts them:

    $ companion replay board/ --game hex --players Ana,Ben --fps 5
    {"game": "hex", "players": ["Ana", "Ben"], "variants": [], "turns": [["b2-c2"], ...]}
    ...
    replayed 96 frames (19.2 s of table time): 9 moves, 1 refused

A recording in which no position was ever taken (the board out of the picture, too
small or blurred in it, pieces missing) ends its last line with where to look:
``companion calibrate --board --source SOURCE``; one whose board was not seen still with
every piece on a cell for its last 10 s or more, with since when and ``--frame`` its
last frame.

``--start BOARD`` starts from another position than H1's (a diagram string, as
``companion score --json`` prints ``board``); ``--buttons FILE`` presses the buttons
(long SELECT ends a turn early, H2).
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from companion.cli.render import json_line, render_report
from companion.cli.replay import (
    at_frame,
    button_script,
    expected,
    layout_of,
    played_record,
    warnings_on_stderr,
)
from companion.cli.seats import player_names
from companion.errors import UsageError
from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.hex_camera import HexCameraFlow
from companion.games.errors import GameError, UnknownVariantError
from companion.games.hex import SPEC as HEX
from companion.games.hex import HexState, Move, Position
from companion.games.json_types import JSON, JSONObject
from companion.table.hex_stall import STALL_SECONDS

if TYPE_CHECKING:
    from companion.daemon.links import TableClock
    from companion.daemon.replay import ReplayResult
    from hardware.camera import Camera

#: The options the camera referee's game is journaled with.
CAMERA: JSONObject = {"mode": "camera"}


def replay_board(args: argparse.Namespace, open_source: Callable[[], Camera]) -> int:
    """Read the hex board in ``open_source()``'s frames (module docstring), checked
    against ``--expect``'s record (read once the players and the variants are)."""
    from companion.daemon.links import TableClock
    from companion.daemon.replay import replay_game
    from companion.flows.registry import check_options
    from companion.journal import Journal
    from companion.session import Session
    from companion.table.reader import TableReader

    players = player_names(args.players)
    start = _checked(args, players)

    def camera_referee(
        game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, JSON]
    ) -> GameFlow:
        return HexCameraFlow(players, variants, **({"start": start} if start else {}))

    clock = TableClock()
    session = Session(Journal.open(":memory:"), clock=clock, factory=camera_referee)
    try:
        options = check_options(HEX.name, CAMERA, len(players))
        session.start_game(HEX.name, players, args.variant, options)
    except GameError as exc:
        raise UsageError(str(exc)) from None
    flow = session.flow
    assert isinstance(flow, HexCameraFlow)  # start_game raised otherwise
    played = played_record(args)
    reader = TableReader(layout_of(args.layout))
    buttons = button_script(args)
    moments = Moments(flow, clock)
    with open_source() as camera, warnings_on_stderr(at_frame(clock)):
        result = replay_game(camera, reader, session, flow, clock, buttons=buttons, listen=moments)
    refused = moments.refused
    moves = len(_moves(flow.engine))
    last = f"replayed {result.frames} frames ({result.seconds:.1f} s of table time): "
    last += f"{moves} move{'' if moves == 1 else 's'}, {len(refused)} refused{result.skips()}"
    last += _unsettled(result, flow.referee.looked, args.source)
    if args.json:
        data = {"record": result.record, "score": result.report.to_json(), "refused": refused}
        print(json.dumps(data))
    else:
        print(json_line(result.record))
        print()
        print(render_report(result.report))
        print()
    record, alike = same_boards(result.record, played)
    parting = moments.parting(played, result, record)
    return expected(args, record, played, last, parting, alike=alike)


def _checked(args: argparse.Namespace, players: list[str]) -> Position | None:
    """The options a hex replay takes, checked before anything is read: two players, no
    dealer or leader, and ``--start``'s position (None: H1's), not already won."""
    if len(players) != 2:
        raise UsageError(f"--players: the hex game is for two players, not {len(players)}")
    for name in ("dealer", "leader"):  # the card games' options: never read here
        if getattr(args, name, None) is not None:
            raise UsageError(
                f"--{name} {getattr(args, name)}: the hex game has no {name}; the first "
                "player of --players takes Black's side, which moves first (H1)"
            )
    start = None
    if args.start:
        try:
            start = Position.parse(args.start)
            HexState(players, args.variant, start=start)  # a start already won (H4, H5)
        except UnknownVariantError as exc:  # the variant's fault, not the start's
            raise UsageError(str(exc)) from None
        except GameError as exc:
            raise UsageError(f"--start: {exc}") from None
    return start


class Moments:
    """Each move the camera read, as it was read: its time and frame (``listen`` of
    :func:`~companion.daemon.replay.replay_game`), to say where the moves read part
    from the moves played; and each change refused, with its time and frame, as
    ``--json``'s ``refused`` says it ("refused at 12.4 s (frame 62): ... (H3)")."""

    def __init__(self, flow: HexCameraFlow, clock: TableClock) -> None:
        self.flow, self.clock = flow, clock
        self.moments: list[tuple[float, int]] = []
        self.refused: list[str] = []

    def __call__(self, notices: list[Notice], now: float) -> None:
        frame = self.clock.frames - 1
        self.refused.extend(
            f"refused at {now:.1f} s (frame {frame}): {notice.message} ({notice.rule})"
            for notice in notices
            if notice.kind is NoticeKind.REFUSED
        )
        count = len(_moves(self.flow.engine))
        del self.moments[count:]  # a move undone (the menu's Undo)
        self.moments.extend([(now, frame)] * (count - len(self.moments)))

    def parting(self, played: JSONObject | None, result: ReplayResult, read: JSONObject) -> str:
        """``--expect``'s pointer into the recording (:func:`_parting`), ``read`` the
        camera's record as compared (:func:`same_boards`); nothing without ``--expect``,
        or if the moves read were not all seen being read."""
        if played is None or len(self.moments) != len(_moves(self.flow.engine)):
            return ""
        read_moves = _moves(HexState.from_record(read))
        played_moves = _moves(HexState.from_record(played))
        end = (result.seconds, result.frames - 1)
        return _parting(read_moves, played_moves, self.moments, end)


def same_boards(read: JSONObject, played: JSONObject | None) -> tuple[JSONObject, str]:
    """``read`` with each turn the camera read another way than ``played`` to the same
    board written as played, and what was so read, for ``--expect``'s last line. Moves
    made at once (a hand over the board) show the camera only where the pieces end: a
    piece set down two cells on is read by one path or the other, two pieces of a kind
    may swap names (H3: one to the rules). Such a turn is the same turn when it has as
    many moves, the same move card, and leaves the same board, every turn before it
    alike; the first turn that does not stops the search (the difference is said)."""
    if played is None:
        return read, ""
    ours, theirs = HexState.from_record(read), HexState.from_record(played)
    turns = read.get("turns")
    written = played.get("turns")
    if not isinstance(turns, list) or not isinstance(written, list):
        return read, ""
    turns, alike = list(turns), []
    board = ours.start
    for index, (a, b) in enumerate(zip(ours.turns, theirs.turns, strict=False)):
        after_a, after_b = _after(board, a.moves), _after(board, b.moves)
        if after_a != after_b:
            break
        if a.moves != b.moves and len(a.moves) == len(b.moves) and a.card == b.card:
            turns[index] = written[index]
            moves = " ".join(str(move) for move in a.moves)
            alike.append(f'turn {a.number} read as "{moves}"')
        elif a.moves != b.moves:
            break
        board = after_a
    if not alike:
        return read, ""
    return {**read, "turns": turns}, f" ({', '.join(alike)}: the same board)"


def _after(board: Position, moves: Sequence[Move]) -> Position:
    for move in moves:
        board = board.after(move.src, move.dst)
    return board


def _moves(game: HexState) -> list[str]:
    """Every move of ``game``, in order."""
    return [str(move) for turn in game.turns for move in turn.moves]


def _parting(
    read: Sequence[str],
    played: Sequence[str],
    moments: Sequence[tuple[float, int]],
    end: tuple[float, int],
) -> str:
    """Where the moves read first part from the moves played, for ``--expect``'s last
    line: between the frame of the last move both agree on (the start if none does) and
    the frame of the camera's next move (the end if it read no more), each move's
    ``moments`` its time and frame. Nothing when every move agrees."""
    agree = next(
        (i for i, (a, b) in enumerate(zip(read, played, strict=False)) if a != b),
        min(len(read), len(played)),
    )
    if agree == len(read) == len(played):
        return ""
    since, first = moments[agree - 1] if agree else (0.0, 0)
    what = "the last move both agree on" if agree else "the start"
    until, last = moments[agree] if agree < len(read) else end
    upto = f'where the camera read "{read[agree]}"' if agree < len(read) else "the end"
    return (
        f"; they part between frame {first} ({since:.1f} s), {what}, and frame {last} "
        f"({until:.1f} s), {upto}"
    )


def _unsettled(result: ReplayResult, looked: bool, source: object) -> str:
    """The end of the last line when the board was not seen settled (still, every piece
    on a cell) for the last :data:`~companion.table.hex_stall.STALL_SECONDS` or more of
    the recording (as long as a board that never settles waits before it is said), with a
    game in play: since when, and the command that shows why on the last frame."""
    since = result.unsettled_since
    if since is None or (looked and result.seconds - since < STALL_SECONDS):
        return ""
    check = f"companion calibrate --board --source {shlex.quote(str(source))}"
    if not looked:  # nothing to referee: say where to look, not just "0 moves"
        return f"; the board was never seen still with every piece on a cell: {check} says why"
    return (
        f"; the board was not seen still with every piece on a cell from {since:.1f} s to "
        f"the end: {check} --frame {result.frames - 1} says why"
    )
