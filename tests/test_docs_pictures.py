"""The scripts that make the docs' pictures still run against today's code: each is
imported (its imports are the parts it draws with) and the hex check picture is made."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np
import pytest

from companion.table.hex_check_picture import PIECE_COLOUR

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
SCRIPTS = sorted(IMAGES.glob("make_*_pictures.py"))


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_picture_scripts() -> None:
    assert len(SCRIPTS) >= 3


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.stem)
def test_a_picture_script_imports(path: Path) -> None:
    assert callable(_load(path).main)


def test_the_board_check_picture_marks_every_piece_read() -> None:
    """docs/hex-referee.md's hex-check.png (issue 24): the start with one piece away."""
    module = _load(IMAGES / "make_hex_pictures.py")
    picture = module.check_picture()
    assert picture.shape == (700, 924, 3)
    near = np.abs(picture.astype(int) - PIECE_COLOUR).max(axis=2) < 40
    assert near.sum() > 25 * 20  # the 25 pieces on the board, outlined in green


def test_the_hex_messages_picture_is_the_screens_as_they_draw_now() -> None:
    """docs/hex-referee.md's hex-messages.png: Not your turn, Piece not seen, Board
    moving, as the table's app shows them (run make_hex_pictures.py after a change)."""
    module = _load(IMAGES / "make_hex_pictures.py")
    kept = cv2.imread(str(IMAGES / "hex-messages.png"), cv2.IMREAD_UNCHANGED)
    assert kept is not None and np.array_equal(kept, module.messages_picture())
