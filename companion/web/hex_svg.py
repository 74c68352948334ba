"""The hex board as an inline SVG: on the players' page the position the table sees, on
a game's page at the cafe the board as the game left it.

Laid out as the printed board (:mod:`card_codes.hex_board`: pointy-top cells, row
``a`` at the top, every cell named), in its millimetres, so the phone shows the board
as it lies on the table. Black's pieces are dark discs, White's light ones; a centre
has a ring, a strike piece a cross (the ``x`` of the H1 diagram), a support piece
neither. The moves last made (:attr:`~companion.views.section_types.HexView.moved`)
are arrows, their cells lit. The pages' stylesheet colours it (``board.css``; the
players' page's ``phone.css`` sets its dark colours), so the markup holds shapes and
classes only.

    >>> from companion.games.hex import START, Move
    >>> svg = board_svg(START, [Move.parse("b2-c2")], label="The board")
    >>> svg.count('class="cell'), svg.count("<circle"), svg.count('class="move"')
    (91, 28, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from card_codes.hex_board import CELL_CENTRES, CELL_MM, hexagon
from companion.games.hex.actions import Move
from companion.games.hex.board import Cell
from companion.games.hex.pieces import Kind, Piece, Side
from companion.games.hex.position import Position

#: A piece's radius and its marks', in mm (a cell is 24 mm across its flats).
PIECE = 9.0
RING = 5.2
CROSS = 4.2
#: Room round the board, in mm.
MARGIN = 2.0


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def piece_svg(piece: Piece, x: float, y: float) -> str:
    """One piece at (x, y): its disc, and its kind's mark."""
    side = "b" if piece.side is Side.BLACK else "w"
    at = f"{_number(x)} {_number(y)}"
    parts = [f'<g class="piece {side}" transform="translate({at})">', f'<circle r="{PIECE}"/>']
    if piece.kind is Kind.CENTRE:
        parts.append(f'<circle class="mark" r="{RING}"/>')
    elif piece.kind is Kind.STRIKE:
        c = _number(CROSS)
        parts.append(f'<path class="mark" d="M-{c}-{c}L{c} {c}M{c}-{c}L-{c} {c}"/>')
    parts.append("</g>")
    return "".join(parts)


def _arrow(move: Move) -> str:
    (x1, y1), (x2, y2) = CELL_CENTRES[str(move.src)], CELL_CENTRES[str(move.dst)]
    # From the emptied cell's middle to the edge of the piece moved: the head stays visible.
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-9)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    start = (x1, y1)
    end = (x2 - ux * (PIECE + 1), y2 - uy * (PIECE + 1))
    return (
        f'<line class="move" x1="{_number(start[0])}" y1="{_number(start[1])}" '
        f'x2="{_number(end[0])}" y2="{_number(end[1])}" marker-end="url(#head)"/>'
    )


def _box() -> str:
    """The board's viewBox: every cell, with :data:`MARGIN` round it."""
    xs = [x for x, _ in CELL_CENTRES.values()]
    ys = [y for _, y in CELL_CENTRES.values()]
    radius = CELL_MM / 3**0.5
    left, top = min(xs) - CELL_MM / 2 - MARGIN, min(ys) - radius - MARGIN
    width = max(xs) - min(xs) + CELL_MM + 2 * MARGIN
    height = max(ys) - min(ys) + 2 * (radius + MARGIN)
    return " ".join(_number(v) for v in (left, top, width, height))


#: What every board drawn shares, worked out once: its box, the cell's hexagon and
#: the arrow's head, and each cell with its name and place.
_BOX = _box()
_DEFS = (
    '<defs><polygon id="hx" points="'
    + " ".join(f"{_number(x)},{_number(y)}" for x, y in hexagon((0.0, 0.0), CELL_MM))
    + '"/><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" '
    'markerHeight="3.2" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z"/></marker></defs>'
)
_CELLS = tuple(
    (name, Cell.parse(name), _number(x), _number(y), x, y) for name, (x, y) in CELL_CENTRES.items()
)


def board_svg(board: Position, moved: Sequence[Move], *, label: str) -> str:
    """The board with its pieces and the moves last made; ``label`` (the page's words)
    is what a screen reader says of it."""
    lit = {str(move.dst) for move in moved} | {str(move.src) for move in moved}
    cells, names, pieces = [], [], []
    for name, cell, at_x, at_y, x, y in _CELLS:
        kind = "cell lit" if name in lit else "cell"
        cells.append(f'<use href="#hx" class="{kind}" x="{at_x}" y="{at_y}"/>')
        piece = board[cell]
        if piece is None:
            names.append(f'<text x="{at_x}" y="{_number(y + 2)}">{name}</text>')
        else:
            pieces.append(piece_svg(piece, x, y))
    return (
        f'<svg class="board" id="board" viewBox="{_BOX}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">{_DEFS}'
        f'{"".join(cells)}<g class="names">{"".join(names)}</g>'
        f"{''.join(pieces)}{''.join(_arrow(move) for move in moved)}</svg>"
    )


def legend_svg(piece: Piece) -> str:
    """One piece drawn alone, for the legend under the board."""
    box = f"{-PIECE - 1} {-PIECE - 1} {2 * PIECE + 2} {2 * PIECE + 2}"
    return (
        f'<svg class="swatch" viewBox="{box}" aria-hidden="true" '
        f'xmlns="http://www.w3.org/2000/svg">{piece_svg(piece, 0.0, 0.0)}</svg>'
    )
