"""``companion demo --game hex``: the camera referee watching a synthetic hex board.

Two scenes of Thomas Naylor's Fibonacci filmed on the printed board
(:mod:`companion.synthetic.hex_games`, drawn by :class:`~companion.synthetic.hex_scene.HexScene`
with hands lifting and putting down the pieces), each read by the daemon's own loop as
a camera's frames would be: the board reader, the camera referee
(:class:`~companion.flows.hex_camera.HexCameraFlow`), the journal and the OLED, with
no button pressed.

- **The opening**, from H1's start: turns 1-5 allow 1 to 5 moves (H2), counted down
  move by move; single steps, group moves and displacements (H3); a move that cannot
  reach is said at once and the pieces put back; the board is nudged between turns.
- **The endgame**, from a position with a black strike piece on White's centre: White
  may make 2 - 1 moves, and two made at once are refused; a turn allowed 4 - 4 = 0
  ends by itself; Black encircles White's centre and wins (H4).

Each scene's record read must be the one played; the terminal shows every turn's
allowance, every move refereed and every refusal, as the players hear them.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image

from companion.daemon.build import Devices, assemble
from companion.daemon.demo import Showing, files_speech, pacer
from companion.daemon.links import ClockedCamera, TableClock
from companion.daemon.parts import Listener, Part, TableFacade
from companion.daemon.replay import counted
from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.hex_camera import HexCameraFlow
from companion.flows.registry import check_options
from companion.flows.status import HexStatus
from companion.games.hex import SPEC as HEX
from companion.games.json_types import JSON, JSONObject
from companion.journal import Journal
from companion.session import Session
from companion.synthetic.hex_games import HexVideo, endgame_video, opening_video
from companion.synthetic.hex_scene import HexScene
from companion.table.layout import default_layout
from companion.table.reader import TableReader
from companion.ui.app import UiApp
from companion.ui.screens import View
from companion.views.spoken import Level
from companion.views.words import notice_words
from hardware.camera import open_camera
from hardware.display import Display
from hardware.lifecycle import Closeable

PLAYERS = ("Black", "White")
FPS = 5.0
#: The board's scale in pixels a millimetre at 1920 pixels across: the A3 board fills
#: the frame's height, as from the camera height docs/hex-referee.md recommends.
PX_PER_MM_1920 = 3.3
#: How long each scene's last screen shows before the next (the win: the GIF's end).
HOLD_SECONDS = 4.0
#: The scenes, in order: a name and the video.
SCENES: tuple[tuple[str, Callable[[], HexVideo]], ...] = (
    ("the opening", opening_video),
    ("the endgame", endgame_video),
)


@dataclass
class SceneResult:
    """What the camera read of one scene, and what was played."""

    name: str
    record: JSONObject
    played: JSONObject
    refused: list[str] = field(default_factory=list)
    frames: int = 0
    table_seconds: float = 0.0
    winner: str | None = None
    final: View | None = None  # the OLED's last screen

    @property
    def right(self) -> bool:
        return self.record == self.played

    @property
    def turns(self) -> int:
        return len(_turns(self.record))

    @property
    def moves(self) -> int:
        return sum(len(_moves(turn)) for turn in _turns(self.record))


def _turns(record: Mapping[str, JSON]) -> list[JSON]:
    turns = record.get("turns")
    return turns if isinstance(turns, list) else []


def _moves(turn: JSON) -> list[JSON]:
    if isinstance(turn, dict):
        turn = turn.get("moves")
    return turn if isinstance(turn, list) else []


class _Kept(Closeable):
    """One display for both scenes (one GIF, one window): each scene's daemon closes
    its links, which closes nothing here; the display stays open until :meth:`end`."""

    def __init__(self, display: Display) -> None:
        self.display = display

    @property
    def size(self) -> tuple[int, int]:
        return self.display.size

    @property
    def healthy(self) -> bool:
        return self.display.healthy

    def show(self, image: Image.Image) -> None:
        self.display.show(image)

    def contrast(self, level: int) -> None:
        self.display.contrast(level)

    def end(self) -> None:
        self.display.close()


class _Turns:
    """Says each turn's allowance, each move refereed and each refusal (the players'
    words, the rule's id for the curious)."""

    def __init__(self, say: Callable[[str], None], flow: HexCameraFlow) -> None:
        self.say = say
        self.flow = flow
        self.turn = 0
        self.moves = 0
        self.refused: list[str] = []
        self.won = False

    def heard(self, notices: list[Notice], now: float) -> None:
        for notice in notices:
            if notice.kind is NoticeKind.REFUSED:
                words = notice_words(notice, PLAYERS, HEX.name)
                said = notice.message if words is None else words.line
                self.refused.append(f"refused at {now:.1f} s: {said} ({notice.rule})")
                self.say(f"  refused ({notice.rule}): {said}")
        self.seen()

    def seen(self) -> None:
        """Say the moves refereed since the last look, then a new turn or the win."""
        made = [str(move) for turn in self.flow.engine.turns for move in turn.moves]
        for move in made[self.moves :]:
            self.say(f"  {move}")
        self.moves = len(made)
        status = self.flow.status()
        if not isinstance(status, HexStatus) or self.won:
            return
        if status.winner is not None:
            self.won = True
            winner, loser = PLAYERS[status.winner.seat], PLAYERS[1 - status.winner.seat]
            self.say(f"{winner} wins: {loser}'s centre encircled (H4)")
            return
        for turn in range(self.turn + 1, status.turn):  # a turn allowed no move (H2)
            side = PLAYERS[(turn - 1) % 2]
            self.say(f"turn {turn}, {side}: no move allowed (H2), the turn ends by itself")
        if status.turn != self.turn:
            self.turn = status.turn
            moves = f"{status.allowed} move{'' if status.allowed == 1 else 's'}"
            if status.reduction:  # a move fewer each, the opening's 1-5 at most (H2)
                given = status.allowed + status.reduction if status.allowed else None
                pieces = f"{status.reduction} strike piece{'s' if status.reduction > 1 else ''}"
                less = f"{given} less " if given else ""
                moves += f" ({less}{pieces} on its centre)"
            self.say(f"turn {status.turn}, {PLAYERS[status.side.seat]}: {moves}")


def run_hex_demo(showing: Showing, size: tuple[int, int] = (1920, 1080)) -> list[SceneResult]:
    """Play both scenes through the daemon's loop (module docstring) from camera frames
    of ``size``; paced, in real time (a window: about 40 s); the speech of each scene
    in a subfolder of ``showing.speech``."""
    progress, speech, paced = showing.progress, showing.speech, showing.paced
    elapsed = [0.0]  # table time of the scenes before this one
    clock = TableClock()
    shared = _Kept(showing.display(lambda: elapsed[0] + clock.now))
    scale = PX_PER_MM_1920 * size[0] / 1920
    results = []
    show = _Show(shared, progress, showing.language, showing.say)
    try:
        for number, (name, made) in enumerate(SCENES):
            video = made()
            scene = HexScene(size, scale, seed=showing.seed + number, frames_per_step=1)
            progress(f"{name}:")
            result = _scene(
                show,
                name=name,
                video=video,
                frames=scene.frames(video.start, video.script.steps),
                clock=clock,
                pace=pacer(1.0 if paced else None),
                speech=None if speech is None else speech / name.replace("the ", ""),
            )
            results.append(result)
            clock.now += HOLD_SECONDS  # the scene's last screen stays a while
            if paced:
                time.sleep(HOLD_SECONDS)
            elapsed[0] += clock.now
            verdict = "the record played" if result.right else "NOT the record played"
            progress(
                f"{name}: read {counted(result.moves, 'move')} in "
                f"{counted(result.turns, 'turn')}, {len(result.refused)} refused and put back, "
                f"from {result.frames} frames "
                f"({result.table_seconds:.0f} s of table time): {verdict}"
            )
            clock = TableClock()
    finally:
        shared.end()
    return results


@dataclass(frozen=True)
class _Show:
    """What every scene shares: the OLED, the terminal, the language and the voice."""

    display: _Kept
    progress: Callable[[str], None]
    language: str | None
    say: Level


def _scene(
    show: _Show,
    *,
    name: str,
    video: HexVideo,
    frames: Iterator[npt.NDArray[np.uint8]],
    clock: TableClock,
    pace: Callable[[float], None],
    speech: Path | None,
) -> SceneResult:
    """One scene (``frames`` of ``video``) read by the daemon's loop, from the video's
    start position; ``speech``: a folder for its announcements."""

    def camera_referee(
        game: str, players: Sequence[str], variants: Sequence[str], *, options: Mapping[str, JSON]
    ) -> GameFlow:
        return HexCameraFlow(players, variants, start=video.start)

    camera = ClockedCamera(open_camera("synthetic", frames=frames, fps=FPS), clock, pace)
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as scratch:
        journal = Journal.open(Path(scratch) / "journal.db")
        session = Session(journal, clock=clock, factory=camera_referee)
        options = check_options(HEX.name, {"mode": "camera"}, len(PLAYERS))
        session.start_game(HEX.name, PLAYERS, [], options)
        flow = session.flow
        assert isinstance(flow, HexCameraFlow)  # start_game raised otherwise
        turns = _Turns(show.progress, flow)
        voice = files_speech(speech, show.say, show.progress)

        def parts(table: TableFacade) -> list[Part]:
            made: list[Part] = [Listener(table, turns.heard)]
            return made if voice is None else [*made, voice(table)]

        daemon = assemble(
            session,
            TableReader(default_layout()),
            Devices(camera=lambda: camera, display=lambda: show.display),
            clock=clock,
            app=UiApp(language=show.language, now=clock()),
            camera_retry=False,
            frame_timeout=1.0,
            parts=parts,
        )
        daemon.start()
        daemon.start_parts()
        turns.seen()
        try:
            while not daemon.ended:
                daemon.step()
                turns.seen()
        finally:
            daemon.links.close()
            daemon.close_parts()
            journal.close()
        status = flow.status()
        winner = status.winner if isinstance(status, HexStatus) else None
        return SceneResult(
            name=name,
            record=flow.record(),
            played={**video.record, "players": list(PLAYERS)},
            refused=turns.refused,
            frames=daemon.reader.stats.frames,
            table_seconds=clock.now,
            winner=None if winner is None else PLAYERS[winner.seat],
            final=daemon.app.screen(clock.now),
        )
