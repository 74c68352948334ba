"""The camera's hex referee as a flow: its notices in the players' words (issue 24)."""

from __future__ import annotations

from loose import loose

from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import EndTurn, Winner
from companion.flows.hex_camera import HexCameraFlow
from companion.games.hex import START, Cell, Position
from companion.table.cards import TableCard
from companion.views.i18n import speaking
from companion.views.words import notice_words


def _after(position: Position, *moves: str) -> Position:
    for text in moves:
        src, dst = (Cell.parse(part) for part in text.split("-"))
        position = position.after(src, dst)
    return position


def _words(notice: Notice) -> tuple[str, str, str]:
    words = notice_words(notice, ("Ana", "Ben"), "hex")
    assert words is not None
    return words.title, words.line, words.hint


def test_a_move_that_cannot_reach_is_said_in_english_and_french() -> None:
    """H3: 'Ana: that piece cannot reach e5.', then the pieces put back (issue 24)."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    (notice,) = flow.seen(_after(START, "a2-e5"))
    assert notice.kind is NoticeKind.REFUSED and notice.rule == "H3"
    assert "a2-e5" in notice.message
    assert _words(notice) == (
        "Move refused",
        "Ana: that piece cannot reach e5.",
        "Put the pieces back",
    )
    with speaking("fr"):
        assert _words(notice)[1] == "Ana\u00a0: ce pion ne peut pas aller en e5."
    (back,) = flow.seen(START)
    assert _words(back)[1] == "The board is as it was: Ana has 1 move left."
    assert flow.record()["turns"] == [[]]


def test_each_turn_says_its_allowance_and_too_many_moves_are_refused() -> None:
    """H2: 'Ben may make 2 moves.'; a second move in turn 1 is over Ana's one."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    (notice,) = flow.seen(_after(START, "b2-c2", "a3-b3"))
    assert _words(notice)[1] == "Ana may make 1 move this turn: put the last piece back."
    assert notice.rule == "H2"
    notices = flow.seen(_after(START, "b2-c2"))
    assert _words(notices[-1])[1] == "Ben may make 2 moves."
    status = flow.status()
    assert (status.side.value, status.allowed, status.left) == ("white", 2, 2)


def test_buttons_end_a_turn_early_and_record_a_resignation() -> None:
    """H2: a player may make fewer moves; the buttons end the turn and the game."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    flow.seen(_after(START, "b2-c2"))
    (notice,) = flow.command(EndTurn())
    assert _words(notice)[1] == "Ana may make 3 moves."
    (over,) = flow.command(Winner("white"))
    assert over.kind is NoticeKind.GAME_OVER and flow.is_over()
    assert flow.record()["resigned"] == "black"


def test_card_variant_reads_the_move_card_then_the_moves() -> None:
    """H5: no move before the card (the pieces put back); the card's number of moves, no
    strike reduction."""
    flow = HexCameraFlow(["Ana", "Ben"], ["cards"])
    (refused,) = flow.seen(_after(START, "b2-c2"))
    assert refused.kind is NoticeKind.REFUSED and refused.rule == "H5"
    # docs/hex-referee.md section 4 "Not now": the piece is put back (a key only hid it).
    assert _words(refused) == ("Not now", "Turn up the move card first.", "Put the pieces back")
    with speaking("fr"):
        assert _words(refused)[2] == "Remettez les pions"
    flow.seen(START)  # put back
    (turned,) = flow.placed(TableCard("hex/1/M2", "hex", "M2", "play"))
    assert _words(turned)[1] == "Ana may make 2 moves."
    flow.seen(_after(START, "b2-c2", "a3-b3"))
    first, pending = loose(flow.record())["turns"]
    assert first["card"] == 2 and sorted(first["moves"]) == ["a3-b3", "b2-c2"]
    assert pending == {"card": None, "moves": []}


def test_the_other_side_moving_in_a_turn_not_over_is_told_how_it_ends() -> None:
    """H2: Ana (Black) makes 1 of turn 3's 3 moves and forgets to end the turn; Ben
    moves a White piece. Refused, saying whose turn it is, what it has left, and how
    a turn ends early; the piece put back, SELECT held, Ben's move is taken."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    flow.seen(_after(START, "b2-c2"))
    flow.seen(_after(START, "b2-c2", "k5-j5", "j6-i6"))
    board = _after(START, "b2-c2", "k5-j5", "j6-i6", "a3-b3")  # 1 of Ana's 3
    flow.seen(board)
    (notice,) = flow.seen(_after(board, "k4-j4"))
    assert notice.kind is NoticeKind.REFUSED and notice.rule == "H2"
    assert (
        notice.message == "black: board change refused: white moved in black's turn, 2 moves left"
    )
    assert _words(notice) == (
        "Not your turn",
        "Ana's turn: 2 moves left. Put it back, or hold SELECT to end the turn.",
        "Put the pieces back",
    )
    with speaking("fr"):
        assert _words(notice)[1] == (
            "Ana a encore 2 coups\u00a0: remettez le pion, ou SELECT long finit son tour."
        )
    flow.seen(board)
    flow.command(EndTurn())
    flow.seen(_after(board, "k4-j4"))
    assert flow.record()["turns"] == [["b2-c2"], ["j6-i6", "k5-j5"], ["a3-b3"], ["k4-j4"]]


def test_a_player_moving_again_after_their_turn_ended_is_not_told_to_end_a_turn() -> None:
    """H2: Ana's turn 1 (one move) ends by itself with b2-c2; she then moves a3-b3, in
    Ben's turn not begun: refused, naming Ben's turn, with no word of SELECT (which
    would end Ben's turn)."""
    flow = HexCameraFlow(["Ana", "Ben"], [])
    flow.seen(_after(START, "b2-c2"))
    (notice,) = flow.seen(_after(START, "b2-c2", "a3-b3"))
    assert notice.rule == "H2"
    assert _words(notice)[:2] == ("Not your turn", "It is Ben's turn: put the piece back.")
    with speaking("fr"):
        assert _words(notice)[1] == "À Ben de jouer\u00a0: remettez le pion."
