"""A hex game filmed at a synthetic table and played through the daemon's own loop.

The frames of a script (:mod:`companion.synthetic.hex_games`) are drawn as the loop
asks for them (the synthetic camera, on the video's timeline, the table's clock set
by each frame), and the real daemon runs over them: the card reader, the board reader
of the camera referee, the session and its journal, the flow, the interface, a fake
OLED and nobody at the buttons. Each screen the OLED shows is kept, in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2

from companion.daemon.build import Devices, assemble
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.runtime import Daemon
from companion.flows.base import GameFlow
from companion.flows.hex_camera import HexCameraFlow
from companion.flows.registry import make_flow
from companion.games.hex import Position
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.hex_games import HexVideo
from companion.synthetic.hex_scene import HexScene, HexStep, Image
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from companion.ui.screens import View
from companion.views import MessageView
from hardware.buttons_fake import FakeButtons
from hardware.camera import Camera, open_camera
from hardware.display import open_display

FPS = 5.0
CAMERA = {"mode": "camera"}


@dataclass
class Table:
    """What the table saw: the daemon (its session's journal), the flow of the game
    (kept after the game ends), and the screens shown, each once in a row."""

    daemon: Daemon
    journal: Journal
    flow: GameFlow
    screens: list[View] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        return self.flow.record()


def factory(start: Position | None) -> Any:
    """The session's flow factory: the registry's, the camera referee from ``start``
    if given (the daemon starts camera games from H1; a test may start nearer the end)."""

    def make(
        game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, Any]
    ) -> GameFlow:
        if start is not None and options.get("mode") == "camera":
            return HexCameraFlow(players, variants, start=start)
        return make_flow(game, players, variants, options=options)

    return make


def write_frames(video: HexVideo, folder: Path) -> None:
    """``video`` filmed by :func:`play`'s camera, as a folder of PNG frames (a recording)."""
    folder.mkdir()
    scene = HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    for index, frame in enumerate(scene.frames(video.start, video.script.steps)):
        cv2.imwrite(str(folder / f"{index:05d}.png"), frame)


def play(
    start: Position,
    steps: Sequence[HexStep],
    *,
    from_start: bool = True,
    variants: Sequence[str] = (),
    scene: HexScene | None = None,
    players: Sequence[str] = ("Ana", "Ben"),
) -> Table:
    """Film ``steps`` from ``start`` and play them through the daemon (module docstring);
    without ``from_start`` the game starts at H1 whatever the board shows."""
    scene = scene or HexScene((1280, 720), 2.3, seed=5, frames_per_step=1)
    frames = scene.frames(start, steps)
    return play_frames(start if from_start else None, frames, variants=variants, players=players)


def play_frames(
    start: Position | None,
    frames: Iterable[Image],
    *,
    variants: Sequence[str] = (),
    players: Sequence[str] = ("Ana", "Ben"),
) -> Table:
    """Play ``frames`` (pictures made by a test) through the daemon, a new camera game
    from ``start`` (None: H1)."""
    clock = TableClock()
    session = Session(Journal.open(":memory:"), clock=clock, factory=factory(start))
    camera = open_camera("synthetic", frames=iter(frames), fps=FPS)
    return run(session, camera, clock, (list(players), list(variants)))


def said_lines(screens: Sequence[object]) -> list[str]:
    """Every line the OLED's messages said, in order."""
    return [line for s in screens if isinstance(s, MessageView) for line in s.lines]


def run(
    session: Session,
    camera: Camera,
    clock: TableClock,
    game: tuple[list[str], list[str]] | None = None,
) -> Table:
    """The daemon over ``camera``'s frames (``clock`` set by each), on ``session``: a new
    camera-refereed hex ``game`` (players, variants) if given, else the session's own."""
    clocked = ClockedCamera(camera, clock)
    daemon = assemble(
        session,
        TableReader(default_layout()),
        Devices(camera=lambda: clocked, display=lambda: open_display("fake"), buttons=FakeButtons),
        clock=clock,
        camera_retry=False,
        frame_timeout=1.0,
    )
    if game is not None:
        daemon.start_game("hex", *game, dict(CAMERA))
    flow = session.flow
    assert flow is not None
    table = Table(daemon, session.journal, flow)
    daemon.start()
    while not daemon.ended:
        daemon.step()
        screen = daemon.app.screen(clock.now)
        if not table.screens or table.screens[-1] != screen:
            table.screens.append(screen)
    return table
