"""The camera referee at the OLED (issue 24 item 2): offered next to the button referee
when a hex game starts; the buttons stay for what the board cannot show."""

from __future__ import annotations

from ui_keys import Finger

from companion.flows.base import Notice
from companion.flows.commands import EndTurn, Move
from companion.flows.hex_camera import HexCameraFlow
from companion.flows.registry import make_flow, takes
from companion.flows.status import HexStatus
from companion.games.hex import START, Cell, Position, Side
from companion.table.cards import TableCard
from companion.ui.app import UiApp
from companion.ui.commands import Flow, StartGame
from companion.ui.overlays import Overlays
from companion.ui.pages import ConfirmPage
from companion.views import present


def _after(position: Position, *moves: str) -> Position:
    for text in moves:
        src, dst = (Cell.parse(part) for part in text.split("-"))
        position = position.after(src, dst)
    return position


def _start_camera_referee() -> tuple[Finger, StartGame]:
    finger = Finger(UiApp())
    items = list(finger.screen().items)
    assert items.index("Hex camera referee") == items.index("Hex referee") + 1
    finger.choose("Hex camera referee")
    while not isinstance(finger.app.page, ConfirmPage):  # the variants: none chosen
        finger.press("SELECT")
    assert finger.screen().lines[0] == "Hex camera referee"
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame)
    return finger, command


def test_the_start_menu_starts_the_camera_referee() -> None:
    """Issue 24: "Hex camera referee" starts the hex game in mode camera, which the
    camera referee's flow plays (H1's start, Black first)."""
    _finger, command = _start_camera_referee()
    assert command.game == "hex" and command.players == ("Black", "White")
    assert command.options is not None and command.options["mode"] == "camera"
    flow = make_flow(command.game, command.players, command.variants, options=command.options)
    assert type(flow).__name__ == "HexCameraFlow"
    assert Move not in takes("hex", command.options)  # the camera counts the moves


def test_long_select_ends_the_turn_and_the_menu_offers_it() -> None:
    """H2: a player may make fewer moves than allowed: long SELECT (or the menu's "End
    turn") ends the turn; a short SELECT counts no move (the camera does)."""
    finger, _command = _start_camera_referee()
    finger.app.flow_status(HexStatus(Side.WHITE, turn=2, allowed=2, left=1))
    assert finger.hold("SELECT") == [Flow(EndTurn())]
    finger.press("BACK")
    menu = finger.screen()
    assert menu.title == "Menu"
    assert "End turn" in menu.items and "Winner" in menu.items
    assert finger.choose("End turn") == [Flow(EndTurn())]
    assert finger.press("SELECT") == []  # no move counted by hand


def test_the_button_referee_keeps_its_keys() -> None:
    """The button referee (hex-referee) still counts a move per SELECT, and its menu
    has no "End turn" (long SELECT is its end of turn)."""
    app = UiApp()
    app.game_started("hex-referee", ["Black", "White"])
    finger = Finger(app)
    assert finger.press("SELECT") == [Flow(Move())]
    finger.hold("BACK")
    assert "End turn" not in finger.screen().items


def test_select_held_after_the_pieces_are_put_back_ends_the_turn() -> None:
    """H2, docs/hex-referee.md section 4 "Not your turn": Ana moved in Ben's turn,
    which has 2 moves left; she puts the piece back, and Ben, done, holds SELECT. The
    put-back takes the refusal off the screen ("Pieces back" shows, though the turn's
    screen is as it was), so the press ends the turn; it used to only hide the refusal,
    and the next move of Ana's was refused again."""
    finger, command = _start_camera_referee()
    assert command.options is not None
    flow = make_flow(command.game, command.players, command.variants, options=command.options)
    assert isinstance(flow, HexCameraFlow)
    app = finger.app

    def seen(board: Position) -> list[str]:
        finger.now += 3.0  # each move's own notes are over
        notices = flow.seen(board)
        app.notices(notices, finger.now)
        app.flow_status(flow.status())
        return [notice.kind.name for notice in notices]

    board = _after(START, "b2-c2")
    seen(board)
    board = _after(board, "j6-i6", "k5-j5")
    seen(board)
    board = _after(board, "c2-d2", "a3-b3", "b3-c3")
    seen(board)
    board = _after(board, "k1-j1", "k2-j2")  # 2 of Ben's 4
    seen(board)
    assert seen(_after(board, "a4-b4")) == ["REFUSED"]
    assert finger.screen().title == "Not your turn"
    assert seen(board) == ["INFO"]  # put back
    assert finger.screen().title == "Pieces back"
    assert finger.hold("SELECT") == [Flow(EndTurn())]


def test_select_held_on_not_your_turn_ends_the_turn_it_names() -> None:
    """H2: "Black's turn: 2 moves left. Put it back, or hold SELECT to end the turn."
    Black, done, holds SELECT while the screen shows: the turn ends (the press used to
    only hide the screen). A short press only hides it; so does any key on the other
    refusals, which offer no SELECT."""
    finger, command = _start_camera_referee()
    assert command.options is not None
    flow = make_flow(command.game, command.players, command.variants, options=command.options)
    assert isinstance(flow, HexCameraFlow)
    app = finger.app

    def seen(board: Position) -> None:
        finger.now += 3.0
        app.notices(flow.seen(board), finger.now)
        app.flow_status(flow.status())

    board = _after(START, "b2-c2")
    seen(board)
    board = _after(board, "j6-i6", "k5-j5")
    seen(board)
    board = _after(board, "a3-b3")  # 1 of Ana's 3
    seen(board)
    seen(_after(board, "k4-j4"))
    assert finger.screen().title == "Not your turn"
    assert finger.press("SELECT") == []  # hides it
    seen(_after(board, "k4-j4", "k3-j3"))
    assert finger.screen().title == "Not your turn"
    assert finger.hold("SELECT") == [Flow(EndTurn())]
    app.notices(flow.command(EndTurn()), finger.now)
    app.flow_status(flow.status())
    seen(_after(board, "k4-j4", "k3-j3", "a4-b4"))  # Black's piece with White's moves
    assert finger.screen().lines == ("White: that piece is not yours.",)
    assert finger.hold("SELECT") == []  # no turn to end on this one: it only hides


def test_pieces_put_back_leave_a_move_cards_refusal_on_screen() -> None:
    """H5, docs/hex-referee.md section 4: with the move cards, Ben moves in Ana's turn
    (refused) and turns up a card (refused: Ana's card is already up). He puts his
    piece back: "Pieces back" answers the board's refusal only; the card's ("take the
    card back") stays until a button, since the card still lies on the table. It used
    to go with the board's, and the refused card lay there unsaid."""
    players = ["Ana", "Ben"]
    flow = HexCameraFlow(players, ["cards"])
    overlays = Overlays()

    def shown(notices: list[Notice], now: float) -> str | None:
        for notice in notices:
            base = present(flow.status(), players)
            overlays.add(notice, now=now, base=base, players=players, game="hex")
        overlays.flow_moved(present(flow.status(), players))
        overlay = overlays.current(now)
        return None if overlay is None else overlay.view.title

    assert shown(flow.placed(TableCard("hex/M3#1", "hex", "M3#1", "cards")), 1.0) == "Move card"
    board = _after(START, "b2-c2")
    shown(flow.seen(board), 10.0)
    assert shown(flow.seen(_after(board, "k1-j1")), 20.0) == "Not your turn"
    card = TableCard("hex/M2#3", "hex", "M2#3", "cards")
    assert shown(flow.placed(card), 30.0) == "Card refused"
    assert shown(flow.seen(board), 40.0) == "Card refused"  # the pieces are back
    overlays.expire(40.0)
    assert [o.view.title for o in overlays.queue] == ["Card refused", "Pieces back"]
