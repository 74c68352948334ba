"""``companion calibrate --out FILE.png``: one frame with the zones and every code found.

Before a game, a person checks the camera's placement and focus: the picture shows
the layout's zones, each code found labelled with its card and its pixels per module
(green in a zone, orange outside every zone: ignored), and the codes that are not our
cards in red with the reason. The summary says how many codes were found and what to
change (codes too small, blurred, outside the zones).

    $ companion calibrate --out check.png                  # the configured camera
    $ companion calibrate --source table.jpg --out check.png
    $ companion calibrate --source game/ --frame 40 --layout rummy.toml --out check.png
    frame: 1280x720
    codes found: 5 of 5 cards (4 in play, 1 in spicy)
    cards: G2 R1#2 R13 S3#1 Y16
    px per module: 3.1 smallest, 3.2 median
    advice: none, the camera looks right
    wrote check.png

Rummy's layout writes itself (issue 11): a picture of the empty table with the control
card SEAT1, SEAT2 ... where each player sits gives each seat a meld zone on its side
of the picture (companion.table.markers); ``--players N`` alone, without markers,
gives the default seating (companion.table.layout.rummy_layout).

    $ companion calibrate --source empty.jpg --write-layout rummy.toml
    seat 1 (SEAT1): meld-0, bottom
    seat 2 (SEAT2): meld-1, top
    card: 0.086 x 0.213 of the frame
    wrote rummy.toml

The hex board (issue 24) has its own check: ``--board`` finds the board as the
referee does and says whether the whole board is in the picture, how many pixels a
millimetre it spans, how sharp it is, and which pieces are read on which cells
(companion.table.hex_calibration):

    $ companion calibrate --board --out board.png
    frame: 1920x1080
    board: found, 6 of 6 corner squares, all of it in the picture
    px per mm: 2.8 at the far side, 2.8 median
    lens: straight
    sharpness: 0.66 (moves are judged from 0.30)
    pieces: 26 of 26 read on cells: as the game starts
    pieces' tops: flat, seen on their cells
    glare: none
    advice: none, the camera looks right
    wrote board.png
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from companion.cli.common import (
    add_config_options,
    config_of,
    reading_recording,
    recorded_table,
    writable_file,
)
from companion.config import in_file
from companion.errors import UsageError
from companion.inputs import open_image, require_regular

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "calibrate",
        help="check the camera: one frame with the zones and every card code labelled",
        description="Grab one frame, find every code, draw the zones and the codes on it, "
        "and say whether the camera is placed and focused well.",
    )
    parser.add_argument(
        "--camera", default=None, help="camera kind (default: the configuration's [camera])"
    )
    parser.add_argument(
        "--source", type=Path, default=None, help="an image, a folder of frames or a video"
    )
    parser.add_argument(
        "--frame", type=int, default=0, help="which frame of a folder or video (default 0)"
    )
    parser.add_argument("--layout", type=Path, default=None, help="the table layout (TOML)")
    parser.add_argument("--out", type=Path, default=None, help="the PNG to write")
    parser.add_argument(
        "--write-layout",
        type=Path,
        default=None,
        metavar="FILE",
        help="write a rummy layout (TOML) from the SEAT1, SEAT2 ... marker cards in the frame",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="with --write-layout: how many seats (without markers: the default seating)",
    )
    parser.add_argument(
        "--board",
        action="store_true",
        help="check the camera over the hex board (its size in the picture, sharpness "
        "and every piece read) instead of the cards",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_config_options(parser)
    parser.set_defaults(func=run)


def _from_image(path: Path) -> Any:
    """The image as OpenCV's BGR array, read within the limits of companion.inputs."""
    import numpy as np

    rgb = np.asarray(open_image(path).convert("RGB"))
    return np.ascontiguousarray(rgb[:, :, ::-1])


def _from_camera(kind: str, skip: int, **settings: object) -> Any:
    """Frame ``skip`` (``--frame``) of the camera; a recording with fewer frames that
    can be read is said so, with the frames it has."""
    from hardware.camera import open_camera
    from hardware.errors import EndOfStream

    with open_camera(kind, **settings) as camera:
        frame, read = camera.read(timeout=5.0), 1
        try:
            for _ in range(skip):
                frame, read = camera.read(timeout=5.0), read + 1
        except EndOfStream:
            source = f"--source {settings['path']}" if "path" in settings else "the camera"
            raise UsageError(
                f"--frame {skip}: {source} has {read} frame{'' if read == 1 else 's'} that "
                f"can be read: give --frame 0 to {read - 1}"
            ) from None
        return frame.image


def grab(args: argparse.Namespace) -> Any:
    """One frame: from ``--source`` (an image, or a replay), else the camera."""
    if args.frame < 0:
        raise UsageError(f"--frame {args.frame}: frames count from 0")
    source: Path | None = args.source
    if source is not None:
        require_regular(source, what="file or folder", folder_ok=True)
        if source.is_file() and source.suffix.lower() in IMAGE_SUFFIXES:
            if args.frame:
                raise UsageError(
                    f"--frame {args.frame}: --source {source} is one picture; --frame picks "
                    "a frame of a folder of frames or a video"
                )
            return _from_image(source)
        recorded_table(source, "--source")  # a folder of frames or a video, said so
        with reading_recording("--source"):
            return _from_camera("replay", args.frame, path=source)
    config = config_of(args)
    kind = args.camera or config.camera.kind
    settings = dict(config.camera.settings) if kind == config.camera.kind else {}
    with in_file(config.source):
        return _from_camera(kind, args.frame, **settings)


def run(args: argparse.Namespace) -> int:
    import cv2

    from card_codes.errors import ImageShapeError
    from companion.table.calibration import analyse, draw, summary_lines
    from companion.table.layout import default_layout, load_layout

    if args.board:
        return run_board(args)
    if args.out is None and args.write_layout is None:
        raise UsageError("give --out FILE.png, --write-layout FILE.toml, or both")
    if args.players is not None and args.write_layout is None:
        raise UsageError("--players goes with --write-layout")
    if args.out is not None and args.out.suffix.lower() != ".png":  # before the camera
        raise UsageError(f"--out {args.out}: write a .png")
    for option, path in (("--out", args.out), ("--write-layout", args.write_layout)):
        if path is not None:
            writable_file(path, option)
    layout_path = args.layout
    if layout_path is None and args.source is None:
        configured = config_of(args).table.layout
        layout_path = Path(configured) if configured else None
    layout = default_layout() if layout_path is None else load_layout(layout_path)
    image = grab(args)
    try:
        if args.write_layout is not None:
            layout = write_layout(args, image)
        check = analyse(image, layout)
    except ImageShapeError as exc:
        raise UsageError(f"{args.source or 'the camera frame'}: {exc}") from None
    written = [] if args.write_layout is None else layout_lines(layout, args.write_layout)
    if args.out is None:
        if args.json:
            print(json.dumps({"layout": str(args.write_layout), "seats": written[:-1]}))
        else:
            print("\n".join(written))
        return 0
    picture = draw(image, layout, check)
    if not cv2.imwrite(str(args.out), picture):
        raise UsageError(f"--out {args.out}: cannot write the picture there")
    if args.json:
        layout_file = None if args.write_layout is None else str(args.write_layout)
        print(json.dumps({**check.as_json(), "out": str(args.out), "layout": layout_file}))
    else:
        print("\n".join([*written, *summary_lines(check)]))
        print(f"wrote {args.out}")
    return 0


def run_board(args: argparse.Namespace) -> int:
    """``--board``: the hex board's check printed (and drawn with ``--out``)."""
    import cv2

    from companion.table.hex_calibration import board_lines, check_board
    from companion.table.hex_check_picture import draw_board

    for flag, value in (("--layout", args.layout), ("--write-layout", args.write_layout)):
        if value is not None:
            raise UsageError(f"{flag} is for the cards' table; --board checks the hex board")
    if args.players is not None:
        raise UsageError("--players is for the cards' table; --board checks the hex board")
    if args.out is not None:
        if args.out.suffix.lower() != ".png":  # before the camera
            raise UsageError(f"--out {args.out}: write a .png")
        writable_file(args.out)
    image = grab(args)
    check = check_board(image)
    if args.out is not None and not cv2.imwrite(str(args.out), draw_board(image, check)):
        raise UsageError(f"--out {args.out}: cannot write the picture there")
    out = None if args.out is None else str(args.out)
    if args.json:
        print(json.dumps({**check.as_json(), "out": out}))
    else:
        print("\n".join(board_lines(check)))
        if out is not None:
            print(f"wrote {out}")
    return 0


def write_layout(args: argparse.Namespace, image: Any) -> Any:
    """``--write-layout``: the layout the seat markers in ``image`` make, written and
    read back with the loader a game uses; the seats printed, one line each."""
    from card_codes.decode import decode_image
    from companion.table.layout import load_layout, rummy_layout
    from companion.table.markers import MarkerError, layout_from_codes, layout_toml, markers

    path: Path = args.write_layout
    players: int | None = args.players
    if players is not None and not 1 <= players <= 4:
        raise UsageError(f"--players {players}: rummy seats 1 to 4 players")
    size = (int(image.shape[1]), int(image.shape[0]))
    codes = [(d.card.deck, d.card.notation, d.corners) for d in decode_image(image).cards]
    source = args.source or "the camera"
    if not markers(codes) and players is not None:
        layout = rummy_layout(players)
        note = f"{players} seats as companion.table.layout.SEATING sits them"
    else:
        try:
            layout = layout_from_codes(codes, size, players)
        except MarkerError as exc:
            raise MarkerError(f"{source}: {exc}") from None
        note = f"from the seat markers in {source}"
    try:
        path.write_text(layout_toml(layout, f"written by companion calibrate: {note}"), "utf-8")
    except OSError as exc:
        raise UsageError(f"--write-layout {path}: {exc.strerror or exc}") from None
    return load_layout(path)


def layout_lines(layout: Any, path: Path) -> list[str]:
    """What ``--write-layout`` says: each seat's zone and side, the card size, the file."""
    lines = [
        f"seat {seat + 1} (SEAT{seat + 1}): {zone.name}, {layout.facing(zone.name)}"
        for seat, zone in enumerate(layout.zones)
    ]
    if layout.card_size is not None:
        lines.append(f"card: {layout.card_size[0]:.3f} x {layout.card_size[1]:.3f} of the frame")
    return [*lines, f"wrote {path}"]
