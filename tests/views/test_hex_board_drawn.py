"""The hex board on the players' page (issue 24, the referee that watches the board; issue
15, the page): where the table sees the board (the camera's mode, and the typed moves'
mode), the phones show it as the printed board lies, each piece on its cell (H1), the
moves last made lit and said by whom; the button referee, which never sees the board,
shows none and sends none. A forged board or move is refused by the reader."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from card_codes.hex_board import CELL_CENTRES
from companion.flows.hex import HexRefereeFlow
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START, Cell, Piece, Position
from companion.views.live import table_view
from companion.views.live_types import TableView
from companion.views.view_fields import ViewError
from companion.web.i18n import draw, translations
from companion.web.phone_words import words

SVG = "{http://www.w3.org/2000/svg}"


def _drawn(view: TableView, locale: str = "en") -> str:
    taken = TableView.from_json(view.to_json(), "live")  # what the cafe keeps and shows
    context: dict[str, Any] = {"view": taken, "live": True, "table": "t1", "k": "k"}
    context.update(w=words(translations(locale), taken), base="/t/t1")
    return draw(locale, "_live.html", locale=locale, **context)


def _played() -> tuple[HexCameraFlow, Position]:
    """Black's b2-c2 (turn 1 allows one move, H2), then White's k2-j2 of two."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    after = START.after(Cell.parse("b2"), Cell.parse("c2"))
    flow.seen(after)
    after = after.after(Cell.parse("k2"), Cell.parse("j2"))
    flow.seen(after)
    return flow, after


def _board(html: str) -> ET.Element:
    svg = re.search(r'<svg class="board".*?</svg>', html, re.S)
    assert svg is not None, "no board on the page"
    return ET.fromstring(svg.group(0))


def _cell_at(x: float, y: float) -> str:
    """The cell whose centre (the printed board's, in mm) is nearest (x, y)."""
    return min(
        CELL_CENTRES, key=lambda c: (CELL_CENTRES[c][0] - x) ** 2 + (CELL_CENTRES[c][1] - y) ** 2
    )


def test_each_piece_is_drawn_on_the_cell_the_camera_sees_it_on() -> None:
    """H1: the 26 pieces, each on its cell, its side and kind drawn (a centre's ring, a
    strike piece's cross, a support piece plain), after two turns; before, the page
    showed the moves left and no board."""
    flow, position = _played()
    svg = _board(_drawn(table_view(flow, ["Ana", "Ben"], game_id=1)))
    drawn: dict[str, Piece] = {}
    for group in svg.iter(f"{SVG}g"):
        classes = group.get("class", "").split()
        if "piece" not in classes:
            continue
        x, y = map(float, re.findall(r"-?[\d.]+", group.get("transform", "")))
        marks = [m.tag for m in group if m.get("class") == "mark"]
        kind = {(f"{SVG}circle",): "centre", (f"{SVG}path",): "strike", (): "support"}
        side = "black" if "b" in classes else "white"
        drawn[_cell_at(x, y)] = next(
            p for p in Piece if p.side.value == side and p.kind.value == kind[tuple(marks)]
        )
    assert drawn == {str(cell): piece for cell, piece in position.occupied()}
    assert len(svg.findall(f"{SVG}use")) == 91  # every cell of H1's board
    names = {t.text for t in svg.iter(f"{SVG}text")}
    assert "c2" not in names and "b2" in names  # an empty cell shows its name


def test_the_moves_last_made_are_lit_and_said_by_whom() -> None:
    """The turn in progress once it moved, else the turn before: White's k2-j2 while
    White still has a move left; Black's b2-c2 once White's turn has begun without one."""
    flow, _ = _played()
    html = _drawn(table_view(flow, ["Ana", "Ben"], game_id=1))
    lit = [u for u in _board(html).iter(f"{SVG}use") if "lit" in u.get("class", "")]
    assert sorted(_cell_at(float(u.get("x", 0)), float(u.get("y", 0))) for u in lit) == [
        "j2",
        "k2",
    ]
    assert "White (Ben) played k2-j2" in html
    assert "Blanc (Ben) a joué k2-j2" in _drawn(table_view(flow, ["Ana", "Ben"], game_id=1), "fr")
    black = HexCameraFlow(["Ana", "Ben"], [])
    black.seen(START.after(Cell.parse("b2"), Cell.parse("c2")))
    assert "Black (Ana) played b2-c2" in _drawn(table_view(black, ["Ana", "Ben"], game_id=1))


def test_the_moves_left_are_said_once() -> None:
    """The banner says whose turn and the moves left; the board's section names the turn.
    Before, "Moves left: 2 of 2" stood a second time under the banner."""
    flow, _ = _played()
    html = _drawn(table_view(flow, ["Ana", "Ben"], game_id=1))
    assert html.lower().count("moves left") == 1
    assert "Turn 2" in html


def test_the_button_referee_shows_no_board_and_sends_none() -> None:
    """The button referee counts moves it never sees (H2): its view has no board, its
    JSON is as before (no ``board`` field), and the page draws no board."""
    flow = HexRefereeFlow(["Ana", "Ben"], [], seed=1, camera=False)
    view = table_view(flow, ["Ana", "Ben"], game_id=1)
    assert view.hex is not None and view.hex.board is None
    assert "board" not in view.to_json()["hex"]  # type: ignore[operator]
    assert '<svg class="board"' not in _drawn(view)


@pytest.mark.parametrize(
    ("field", "forged"),
    [
        ("board", "<script>alert(1)</script>"),
        ("board", START.board().replace("X", "W", 1)),  # two White centres (H1)
        ("moved", ['b2-c2"><script>']),
        ("moved", ["b2-z9"]),
        ("moved", [7]),
    ],
)
def test_a_forged_board_is_refused_by_the_reader(field: str, forged: object) -> None:
    """A table's (or a forger's) board that is not H1's diagram, or a move that is not
    one, is a ViewError naming the field: nothing of it reaches a page."""
    flow, _ = _played()
    raw: Any = table_view(flow, ["Ana", "Ben"], game_id=1).to_json()
    raw["hex"][field] = forged
    with pytest.raises(ViewError, match=f"live.hex.{field}"):
        TableView.from_json(raw, "live")


def test_a_name_beside_its_side_is_text_not_markup() -> None:
    """A name typed on a phone stands beside its side's colour as text: markup in it is
    shown, never run (issue 15: names come from any phone at the table)."""
    flow, _ = _played()
    html = _drawn(table_view(flow, ["<i>Ana</i>", "Ben"], game_id=1))
    assert "&lt;i&gt;Ana&lt;/i&gt;" in html and "<i>Ana" not in html
    assert '<span class="side">Black</span>' in html


def test_a_refused_move_tells_the_phones_to_put_the_pieces_back() -> None:
    """H3: a change no legal move explains is refused and the pieces go back. The page
    says so in the players' words over the board as the game has it (the piece still on
    b2, e5 empty), and once the board is put back it says the turn again. Before, the
    page went on saying "moves left" while the table showed the refusal."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    flow.seen(START.after(Cell.parse("b2"), Cell.parse("e5")))  # b2 cannot reach e5
    view = table_view(flow, ["Ana", "Ben"], game_id=1)
    assert view.hex is not None and view.hex.put_back
    html = _drawn(view)
    said = "Black (Ana): move refused. Put the pieces back as on the board below."
    assert said in html and 'class="now refused"' in html
    names = {t.text for t in _board(html).iter(f"{SVG}text")}
    assert "e5" in names and "b2" not in names  # the board before the refused change
    assert (
        "Noir (Ana)\u00a0: coup refusé. Remettez les pions comme sur le plateau ci-dessous."
        in _drawn(view, "fr")
    )
    flow.seen(START)  # put back
    back = _drawn(table_view(flow, ["Ana", "Ben"], game_id=1))
    assert "move refused" not in back and "now refused" not in back
    assert "Black (Ana) to move · moves left: 1 of 1" in back


def test_more_moves_than_a_turn_makes_are_refused_by_the_reader() -> None:
    """H2: a turn makes six moves at most (H5's highest card too): a view saying more
    moves were last made is forged, and so refused (a page is not made to draw them)."""
    flow, _ = _played()
    raw: Any = table_view(flow, ["Ana", "Ben"], game_id=1).to_json()
    raw["hex"]["moved"] = ["b2-c2"] * 7
    with pytest.raises(ViewError, match="7 moves, a turn makes 6 at most"):
        TableView.from_json(raw, "live")
    raw["hex"]["moved"] = ["b2-c2"] * 6
    assert TableView.from_json(raw, "live").hex is not None
