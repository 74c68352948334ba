"""``companion replay SOURCE --game hex``: read a recorded hex board into the game's record.

The frames go through the camera referee (issue 24): each frame's board and pieces
(:func:`companion.table.hex_board.read_board`), a position each time the board is
still for half a second with every piece on a cell
(:class:`companion.table.hex_watch.HexWatch`), the moves that explain it played by
:class:`companion.flows.hex_camera.HexCameraFlow`. Prints the ``hex`` record (what
``companion score`` reads) and the score; every refused change is a line on stderr,
"replay: refused at 12.4 s: black: board change refused: a2-e5: e5 is next to neither
a2 nor its group (H3)", and the last line counts them:

    $ companion replay board/ --game hex --players Ana,Ben --fps 5
    {"game": "hex", "players": ["Ana", "Ben"], "variants": [], "turns": [["b2-c2"], ...]}
    ...
    replayed 96 frames (19.2 s of table time): 9 moves, 1 refused

``--start BOARD`` starts from another position than H1's (a diagram string, as
``companion score --json`` prints ``board``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.cli.render import render_report
from companion.cli.seats import player_names
from companion.errors import UsageError
from companion.flows.base import NoticeKind
from companion.flows.hex_camera import HexCameraFlow
from companion.games.errors import GameError
from companion.games.hex import Position
from companion.table.hex_board import read_board
from companion.table.hex_watch import HexWatch

if TYPE_CHECKING:
    from hardware.camera import Camera

#: The board must stay still this long (seconds of table time) for a position.
STILL_SECONDS = 0.5
DEFAULT_FPS = 30.0


def replay_board(args: argparse.Namespace, open_source: Callable[[], Camera]) -> int:
    """Read the hex board in ``open_source()``'s frames (module docstring)."""
    players = player_names(args.players)
    if len(players) != 2:
        raise UsageError(f"--players: the hex game is for two players, not {len(players)}")
    start = None
    if args.start:
        try:
            start = Position.parse(args.start)
        except GameError as exc:
            raise UsageError(f"--start: {exc}") from None
    try:
        flow = HexCameraFlow(players, args.variant, start=start)
    except GameError as exc:
        raise UsageError(str(exc)) from None
    fps = args.fps or DEFAULT_FPS
    watch = HexWatch(still_frames=max(2, round(STILL_SECONDS * fps)))
    frames, refused, seconds = 0, [], 0.0
    with open_source() as camera:
        for frame in camera:
            if frames == 1 and frame.timestamp > seconds:  # a video's own frame rate
                watch.still_frames = max(2, round(STILL_SECONDS / (frame.timestamp - seconds)))
            frames, seconds = frames + 1, frame.timestamp
            position = watch.feed(read_board(frame.image))
            if position is None:
                continue
            for notice in flow.seen(position):
                if notice.kind is NoticeKind.REFUSED:
                    line = f"refused at {frame.timestamp:.1f} s: {notice.message} ({notice.rule})"
                    refused.append(line)
                    print(f"replay: {line}", file=sys.stderr)
    record = flow.record()
    moves = sum(len(turn.moves) for turn in flow.engine.turns)
    last = f"replayed {frames} frames ({seconds:.1f} s of table time): {moves} moves, "
    last += f"{len(refused)} refused"
    if args.json:
        data: dict[str, Any] = {
            "record": record,
            "score": flow.report().to_json(),
            "refused": refused,
        }
        print(json.dumps(data))
        print(last, file=sys.stderr)
    else:
        print(json.dumps(record, ensure_ascii=False))
        print()
        print(render_report(flow.report()))
        print()
        print(last)
    return 0
