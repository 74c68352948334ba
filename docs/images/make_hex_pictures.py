"""Make docs/hex-referee.md's pictures from the project's own board, pieces and screens.

- ``hex-camera.png``: the printed board as the camera sees it (the synthetic scene of
  companion.synthetic.hex_scene), the start position, a hand lifting a piece;
- ``hex-pieces.png``: six of the tokens as ``companion cards sheet hex-pieces`` prints them;
- ``hex-check.png``: what ``companion calibrate --board --out`` draws over a frame of
  the start position with one piece taken away (companion.table.hex_calibration);
- ``hex-screens.png``: the OLED at White's turn 2, a move refused, the pieces put back,
  as the table's flow (companion.flows.hex_camera) and screens (companion.ui) make them;
- ``hex-messages.png``: the OLED's three commonest messages, as the table's app
  (companion.ui.app) shows them: White moving in Black's turn not over (the flow's
  notice), a piece not seen and the board moving in the picture (the camera's faults).

Run from the repository root (deterministic):

    PYTHONPATH=$PWD .venv/bin/python docs/images/make_hex_pictures.py
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from card_codes.hex_board import PIECES
from card_codes.hex_pictures import token_image, token_mask
from companion.flows.base import NoticeKind
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START, Cell, Position
from companion.synthetic.hex_scene import Away, HexScene, Hold, Lift
from companion.table.hex_calibration import check_board
from companion.table.hex_check_picture import draw_board
from companion.ui.app import UiApp
from companion.ui.screens import View, render
from companion.views.faults import Fault, FaultKind
from companion.views.model import MessageView, Tone
from companion.views.plugins import present
from companion.views.words import notice_words

HERE = Path(__file__).resolve().parent
PLAYERS = ("Ana", "Ben")


def camera_picture() -> np.ndarray:
    scene = HexScene((1920, 1080), 3.3, seed=3, frames_per_step=1)
    scene.pose = (960.0, 540.0, 4.0)
    frames = list(scene.frames(START, [Hold(1), Lift(16)]))
    return cv2.resize(frames[-1], (960, 540), interpolation=cv2.INTER_AREA)


def check_picture() -> np.ndarray:
    scene = HexScene((1920, 1080), 3.3, seed=3, tilt=12.0, frames_per_step=1)
    scene.pose = (967.0, 535.0, 8.0)
    scene.scale_board(0.9)
    *_, frame = scene.frames(START, [Lift(16), Away(), Hold(1)])
    marked = draw_board(frame, check_board(frame))[60:1060, 330:1650]  # the board
    return cv2.resize(marked, (924, 700), interpolation=cv2.INTER_AREA)


def pieces_picture() -> np.ndarray:
    chosen = [PIECES[i] for i in (0, 1, 7, 13, 14, 20)]
    tokens = []
    for piece in chosen:
        token = token_image(piece, 8.0)
        mask = token_mask(token.shape[0])
        tokens.append(np.where(mask, token, 255).astype(np.uint8))
        tokens.append(np.full((token.shape[0], 16), 255, np.uint8))
    return np.hstack(tokens[:-1])


def _oled(view: View) -> np.ndarray:
    image = render(view, (128, 64)).convert("L")
    big = np.asarray(image.resize((384, 192), Image.Resampling.NEAREST))
    return np.pad(big, 8, constant_values=128)


def screens_picture() -> np.ndarray:
    flow = HexCameraFlow(PLAYERS, [])
    flow.seen(START.after(Cell.parse("b2"), Cell.parse("c2")))
    turn = present(flow.status(), PLAYERS)
    wrong = START.after(Cell.parse("b2"), Cell.parse("c2")).after(
        Cell.parse("k1"), Cell.parse("f5")
    )
    (refused,) = [n for n in flow.seen(wrong) if n.kind is NoticeKind.REFUSED]
    words = notice_words(refused, PLAYERS, "hex")
    assert words is not None
    message = MessageView(words.title, (words.line,), Tone.ERROR, words.hint)
    (back,) = flow.seen(START.after(Cell.parse("b2"), Cell.parse("c2")))
    back_words = notice_words(back, PLAYERS, "hex")
    assert back_words is not None
    put_back = MessageView(back_words.title, (back_words.line,))
    return np.hstack([_oled(turn), _oled(message), _oled(put_back)])


def _after(position: Position, *moves: str) -> Position:
    for move in moves:
        source, target = (Cell.parse(cell) for cell in move.split("-"))
        position = position.after(source, target)
    return position


def messages_picture() -> np.ndarray:
    """Ana (Black) makes 1 of turn 3's 3 moves and Ben moves a White piece: *Not your
    turn*; then White's strike piece 3 not seen, and the board moving in the picture."""
    flow = HexCameraFlow(PLAYERS, [])
    flow.seen(_after(START, "b2-c2"))
    flow.seen(_after(START, "b2-c2", "k5-j5", "j6-i6"))
    board = _after(START, "b2-c2", "k5-j5", "j6-i6", "a3-b3")
    flow.seen(board)
    app = UiApp()
    app.game_started("hex-referee", PLAYERS)
    app.notices(flow.seen(_after(board, "k4-j4")), 1000.0)
    screens = [app.screen(1000.0)]
    app.overlays.clear()
    for fault in (
        Fault(FaultKind.PIECE_MISSING, piece=("white", "strike", 3)),
        Fault(FaultKind.BOARD_MOVING),
    ):
        app.statuses.active.clear()
        app.hardware_status("piece", fault, 1000.0)
        screens.append(app.screen(1000.0))
    return np.hstack([_oled(view) for view in screens])


def _palette(image: np.ndarray, colours: int = 24) -> Image.Image:
    """A BGR picture as a small palette PNG."""
    rgb = Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB))
    return rgb.quantize(colours, dither=Image.Dither.NONE)


def main() -> None:
    _palette(camera_picture()).save(HERE / "hex-camera.png", optimize=True)
    _palette(check_picture(), 64).save(HERE / "hex-check.png", optimize=True)
    cv2.imwrite(str(HERE / "hex-pieces.png"), pieces_picture(), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    cv2.imwrite(str(HERE / "hex-screens.png"), screens_picture(), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    messages = messages_picture()
    cv2.imwrite(str(HERE / "hex-messages.png"), messages, [cv2.IMWRITE_PNG_COMPRESSION, 9])


if __name__ == "__main__":
    main()
