"""The daemon's eye on the hex board: frames to the camera referee, pieces not seen to the OLED.

While the game in play is refereed by the camera (the game ``hex`` in mode
``camera``, :class:`~companion.flows.hex_camera.HexCameraFlow`), each frame is also
read as the hex board (:class:`~companion.table.hex_reader.BoardReader`): a position
taken is a :class:`~companion.table.hex_events.BoardSeen`, handed to the session
through the runner like a card placed (journaled, then played by the flow), and a
piece the camera stops seeing is said on the OLED in the players' words ("White
strike piece 3 is not seen"; "White support piece 3 is hidden by Black strike piece
6: move them apart." when a paper token put down over its edge hides its code) and
written to the log, until it is seen again; a piece seen on two cells at once, a
copy of its token on the board, is said too ("White strike piece 3 is seen on d4,
f6: take the copy away"), and the referee keeps the piece where it was until only
one is seen. A piece
under a hand resting on the board, or in a lamp's glare, is not said: only the log
names it. A piece put down in a lamp's glare is not seen at all, its old cell seen
empty: it is said not seen with the lamp to blame ("... a lamp shines on the board.
Move the lamp or shade the board."), and the log names the cells in the glare;
once the lamp is moved and the piece seen, the move is refereed. A camera whose
every frame has been too blurred to judge for 10 s is said on the OLED ("Camera
blurred") and in the log, until a sharp frame comes; one that has not shown the
board for 10 s ("Board not seen": knocked off it, the board covered or taken away),
until a frame shows it. A board that has not settled for 10 s though every piece is
read (no hand at work), so that the referee takes nothing, is said with why
(:mod:`.board_stall`: the board moving in the picture, a piece between two cells,
two on one): until it settles. A game beginning (not one
resumed after a restart, whose first board is compared with the game's) may start
with pieces of its start never seen, in glare (:mod:`companion.table.hex_start`):
the log names them, the players have nothing to do. Any other game costs nothing
here: no frame is read as a board.

For whoever reads the log (the cafe's staff, an installer), the camera is checked
once a game (:func:`~companion.table.hex_calibration.check_board`, what ``companion
calibrate --board`` says): at the first position taken, or, when none is taken
within :data:`CHECK_SECONDS` of the board first found, then, with the advice (a
board too small in the picture, too soft; and when no position was taken, the
pieces not read).

The board's reader is handed in as a function of the game's start
(:data:`OpenBoard`, by default :func:`board_reader`: OpenCV on real pictures), one
reader a game; anything with what :class:`BoardSight` names will do, such as the
demo cafe's scripted board, which takes the positions of a game played by the
engine, each in its frame, and never looks at the picture.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, TypeAlias

from companion.daemon.board_stall import stall_fault, stall_log
from companion.daemon.runner import TableRunner
from companion.flows.base import GameFlow
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import Position
from companion.views.faults import Fault, FaultKind
from hardware.camera import Frame

if TYPE_CHECKING:  # the board's reader loads OpenCV: only once a camera referee plays
    import numpy as np
    import numpy.typing as npt

    from companion.table.hex_board import BoardReading
    from companion.table.hex_cover import Look
    from companion.table.hex_events import BoardSeen
    from companion.table.hex_reader import MissingPiece
    from companion.table.hex_stall import Stall

log = logging.getLogger(__name__)
#: The OLED's fault kind for the pieces not seen (one at a time on the screen).
PIECE = "piece"
#: The OLED's fault kind for a camera whose pictures are all too blurred.
BLUR = "blur"
#: The OLED's fault kind for a piece seen on two cells at once (a copy of its token).
TWICE = "twice"
#: The OLED's fault kind for a board the camera does not see.
LOST = "board"
#: The OLED's fault kind for a board that never settles (:mod:`.board_stall`).
STALL = "stall"
#: No board in any frame this long (table time) is said: the camera is not on it.
LOST_SECONDS = 10.0
#: Every frame blurred this long (table time) is said: the camera needs focusing.
BLUR_SECONDS = 10.0
#: The camera check is logged when no position is taken this long after the board is
#: first found (table time): long enough to set the pieces out.
CHECK_SECONDS = 60.0


class BoardSight(Protocol):
    """What :class:`BoardCamera` uses of :class:`~companion.table.hex_reader.BoardReader`:
    a position taken from a frame, and what the last frames showed of the pieces."""

    def feed(self, image: npt.NDArray[np.uint8], at: float) -> BoardSeen | None:
        """One frame at ``at`` (table time): a position taken, else ``None``."""

    @property
    def reading(self) -> BoardReading | None:
        """The last frame's reading (None: no picture read, no camera check)."""

    @property
    def missing(self) -> tuple[MissingPiece, ...]:
        """The pieces not seen for a while (said on the OLED)."""

    @property
    def hidden(self) -> Mapping[int, Look]:
        """The pieces under a hand, by marker (logged)."""

    @property
    def glared(self) -> Mapping[int, Look]:
        """The pieces in a lamp's glare, by marker (logged)."""

    @property
    def glared_start(self) -> Mapping[int, str]:
        """The pieces taken on their start cells in glare, by marker (logged)."""

    @property
    def twice(self) -> Mapping[int, tuple[str, ...]]:
        """The pieces seen on two cells or more (a copy of a token), by marker: the cells."""

    @property
    def blurred_since(self) -> float | None:
        """Since when every frame has been too blurred to judge (None: sharp)."""

    @property
    def lost_since(self) -> float | None:
        """Since when no frame has shown the board (None: the last one did)."""

    @property
    def unsettled_since(self) -> float | None:
        """Since when no frame has found the board settled (None: the last one did)."""

    @property
    def stall(self) -> Stall | None:
        """Why the board has not settled for a while, every piece read (None: it has)."""


#: How a game's board reader is made, from the game's start (None: a game resumed).
OpenBoard: TypeAlias = Callable[[Position | None], BoardSight]


def board_reader(start: Position | None) -> BoardSight:
    """The camera's reader of the printed board (OpenCV, loaded here: only once a
    camera referee plays)."""
    from companion.table.hex_reader import BoardReader

    return BoardReader(start=start)


class BoardCamera:
    """Reads the hex board in the frames while the camera referees (module docstring)."""

    def __init__(self, runner: TableRunner, open_board: OpenBoard = board_reader) -> None:
        self.runner = runner
        self.open_board = open_board
        self.reader: BoardSight | None = None
        self._flow: GameFlow | None = None
        self._missing: tuple[MissingPiece, ...] = ()
        self._twice: tuple[int, tuple[str, ...]] | None = None  # the piece said seen twice
        self._kept: dict[str, set[int]] = {"under a hand": set(), "in glare": set()}
        self._blur_said = False
        self._lost_said = False
        self._stall_said: Fault | None = None
        self._found_at: float | None = None  # the board first found in this game
        self._checked = False  # the camera check logged for this game

    def frame(self, frame: Frame, now: float) -> bool:
        """Read ``frame`` if the camera referees the game in play; True if it changed
        the game or the screen."""
        flow = self.runner.session.flow
        if not isinstance(flow, HexCameraFlow):
            shown = (self._missing, self._twice, self._blur_said, self._lost_said, self._stall_said)
            changed = self.reader is not None and any(shown)
            self.reader, self._flow = None, None
            self._say_missing((), now)
            self._say_twice({}, now)
            self._unsay_blur(now)
            self._say_lost(None, now, 0.0)
            self._say_stall(None, now, 0.0)
            return changed
        if self.reader is None or flow is not self._flow:
            self.reader = None  # another game: the last one's stall is not its own
            self._say_stall(None, now, 0.0)
            start = None if flow.referee.looked else flow.engine.start  # not a restart
            self.reader, self._flow = self.open_board(start), flow
            self._found_at, self._checked = None, False
        seen = self.reader.feed(frame.image, frame.timestamp)
        self._check(frame, taken=seen is not None)
        if seen is not None:
            log.info("hex board still: %s", seen.position.board())
            self._log_glared_start(seen.first)
            self.runner.table(seen, now)
        self._log_kept("under a hand", self.reader.hidden)
        self._log_kept("in glare", self.reader.glared)
        blurred = self._say_blur(self.reader, now, frame.timestamp)
        lost = self._say_lost(self.reader.lost_since, now, frame.timestamp)
        said = self._say_missing(self.reader.missing, now, frame.timestamp)
        twice = self._say_twice(self.reader.twice, now)
        stall = self._say_stall(self.reader.stall, now, frame.timestamp)
        return said or twice or blurred or lost or stall or seen is not None

    def _check(self, frame: Frame, *, taken: bool) -> None:
        """Log the camera check once a game (module docstring)."""
        if self._checked or self.reader is None or self.reader.reading is None:
            return
        if self._found_at is None and self.reader.reading.found:
            self._found_at = frame.timestamp
        late = self._found_at is not None and frame.timestamp - self._found_at >= CHECK_SECONDS
        if not (taken or late):
            return
        from companion.table.hex_calibration import board_advice, board_line, check_board

        self._checked = True
        check = check_board(frame.image, self.reader.reading)  # this frame's, read once
        if taken:
            log.info(  # every piece was seen (a hand may hide some in this frame)
                "hex board: camera check at the first position: %s",
                board_line(check, pieces=False),
            )
        else:
            log.warning(
                "hex board: no position taken yet, %.0f s after the board was found: %s",
                frame.timestamp - (self._found_at or 0.0),
                board_line(check),
            )
        for advice in board_advice(check, pieces=not taken):  # taken: every piece seen
            log.warning("hex board: camera check: %s", advice)

    def _log_glared_start(self, first: bool) -> None:
        """Log the pieces the game's first position took on their start cells in glare
        (never seen: :mod:`companion.table.hex_start`); the players have nothing to do."""
        glared = self.reader.glared_start if self.reader is not None and first else {}
        if not glared:
            return
        from companion.table.hex_reader import piece_name

        log.warning(
            "hex board: the game starts with %d pieces in a lamp's glare, never seen, taken"
            " on their start cells: %s; move the lamp, or use a matte print",
            len(glared),
            ", ".join(f"{piece_name(m)} (marker {m}) on {cell}" for m, cell in glared.items()),
        )

    def _say_blur(self, reader: BoardSight, now: float, at: float) -> bool:
        """Say once, on the OLED and in the log, when every frame has been too blurred to
        judge for :data:`BLUR_SECONDS` (a camera out of focus, or shaking: the referee
        takes nothing meanwhile), and take it back at the first sharp frame; True when
        the screen changes."""
        since = reader.blurred_since
        if since is None:
            if self._unsay_blur(now):
                log.info("hex board: the pictures are sharp again")
                return True
            return False
        if self._blur_said or at - since < BLUR_SECONDS or reader.reading is None:
            return False
        self._blur_said = True
        self.runner.app.hardware_status(BLUR, Fault(FaultKind.CAMERA_BLURRED), now)
        log.warning(
            "hex board: every frame too blurred to judge for %.1f s (sharpness %.2f):"
            " focus the camera on the board and hold it still",
            at - since,
            reader.reading.sharpness,
        )
        return True

    def _say_lost(self, since: float | None, now: float, at: float) -> bool:
        """Say once, on the OLED and in the log, when no frame has shown the board for
        :data:`LOST_SECONDS` (the camera knocked off it, the board taken away or
        covered: the referee sees no move meanwhile), and take it back when a frame
        shows it; True when the screen changes."""
        if since is None:
            if not self._lost_said:
                return False
            self._lost_said = False
            self.runner.app.hardware_status(LOST, None, now)
            log.info("hex board: found in the picture again")
            return True
        if self._lost_said or at - since < LOST_SECONDS:
            return False
        self._lost_said = True
        self.runner.app.hardware_status(LOST, Fault(FaultKind.BOARD_LOST), now)
        reading = self.reader.reading if self.reader is not None else None
        squares = 0 if reading is None else reading.fiducials
        log.warning(
            "hex board: not found in the picture for %.1f s (%d of its corner squares"
            " seen, 2 needed): point the camera at the board",
            at - since,
            squares,
        )
        return True

    def _say_stall(self, stall: Stall | None, now: float, at: float) -> bool:
        """Say why the board never settles (:mod:`.board_stall`) when that changes, in
        the log too; take it back once it settles; True when the screen changes."""
        said = self._stall_said
        fault = None if stall is None else stall_fault(stall, said)
        if fault == said:
            return False
        self._stall_said = fault
        self.runner.app.hardware_status(STALL, fault, now)
        if stall is not None:
            log.warning("%s", stall_log(stall, at))
        elif self.reader is not None:  # not a game left
            log.info("hex board: settled again")
        return True

    def _unsay_blur(self, now: float) -> bool:
        """Take "Camera blurred" off the screen if it is said; True if it was."""
        if not self._blur_said:
            return False
        self._blur_said = False
        self.runner.app.hardware_status(BLUR, None, now)
        return True

    def _log_kept(self, why: str, kept: Mapping[int, Look]) -> None:
        """Log the pieces kept on their cells unseen (``why``: under a hand, in glare)
        when they change (the OLED says nothing of them)."""
        if set(kept) == self._kept[why]:
            return
        self._kept[why] = set(kept)
        from companion.table.hex_reader import piece_name

        names = ", ".join(
            f"{piece_name(marker)} (marker {marker}) on {seen.cell}"
            for marker, seen in sorted(kept.items())
        )
        log.debug("hex board: %s: %s", why, names or "none now")

    def _say_missing(self, missing: tuple[MissingPiece, ...], now: float, at: float = 0.0) -> bool:
        """Say the pieces not seen (and whether a lamp's glare may hide them) when they
        change; True when the screen changes."""
        if [(m.marker, bool(m.lamp), m.over) for m in missing] == [
            (m.marker, bool(m.lamp), m.over) for m in self._missing
        ]:
            return False
        self._missing = missing
        if not missing:
            self.runner.app.hardware_status(PIECE, None, now)
            return True
        from card_codes.hex_board import marker_piece
        from companion.table.hex_reader import piece_name

        first = missing[0]
        names = ", ".join(f"{m.name} (marker {m.marker})" for m in missing)
        lamp = next((m.lamp for m in missing if m.lamp), ())
        glare = f"; a lamp's glare on {', '.join(lamp)}, where it may lie unread" if lamp else ""
        under = "".join(
            f"; {m.name} lies under {piece_name(m.over)} (marker {m.over})"
            for m in missing
            if m.over is not None
        )
        log.warning("hex board: not seen for %.1f s: %s%s%s", at - first.since, names, glare, under)
        fault = Fault(
            FaultKind.PIECE_MISSING,
            piece=(first.side, first.kind, first.number),
            others=len(missing) - 1,
            lamp=bool(lamp),
            over=None if first.over is None else marker_piece(first.over),
        )
        self.runner.app.hardware_status(PIECE, fault, now)
        return True

    def _say_twice(self, twice: Mapping[int, tuple[str, ...]], now: float) -> bool:
        """Say the first piece seen on two cells or more (a copy of its token: the
        referee keeps the piece where it was until only one is seen) when that changes,
        and take it back once none is; True when the screen changes."""
        first = min(twice.items(), default=None)
        if first == self._twice:
            return False
        self._twice = first
        if first is None:
            self.runner.app.hardware_status(TWICE, None, now)
            log.info("hex board: no piece seen twice now")
            return True
        from card_codes.hex_board import marker_piece
        from companion.table.hex_reader import piece_name

        marker, cells = first
        log.warning(
            "hex board: %s",
            "; ".join(
                f"{piece_name(m)} (marker {m}) seen on {', '.join(c)}: a copy of its token"
                for m, c in sorted(twice.items())
            ),
        )
        fault = Fault(FaultKind.PIECE_TWICE, piece=marker_piece(marker), cells=cells)
        self.runner.app.hardware_status(TWICE, fault, now)
        return True
