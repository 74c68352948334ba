"""The hex flows: the referee from buttons (H2, H5) and the board mode's records."""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import load

from companion.flows.base import NoticeKind
from companion.flows.commands import EndTurn, Move, Strikes, Winner
from companion.flows.hex_cards import PILE
from companion.flows.registry import make_flow
from companion.flows.status import Awaiting
from companion.games import HexReport
from companion.games.hex import Side
from companion.games.scoring import score_record
from companion.table.cards import TableCard

MOVE = Move()
END = EndTurn()


def referee(variants: tuple[str, ...] = (), **options: Any) -> Any:
    return make_flow("hex", ["Black", "White"], list(variants), options=options)


def strikes(n: int) -> Strikes:
    return Strikes(n)


def move_card(value: int, key: str = "") -> TableCard:
    """A move card as the table reads it: its face with its serial (docs/notation.md)."""
    return TableCard(key or f"hex/1/M{value}", "hex", f"M{value}#1", "play")


def test_the_opening_schedule_counts_down_and_ends_turns_by_itself() -> None:
    """H2: 1, 2, 3, 4, 5, then 6; a turn ends with its last allowed move."""
    flow = referee()
    allowed = []
    for _ in range(8):
        allowed.append(flow.status().allowed)
        for _ in range(flow.status().allowed):
            flow.command(MOVE)
    assert allowed == [1, 2, 3, 4, 5, 6, 6, 6]
    assert [t.player.value for t in flow.report().turns[:3]] == ["black", "white", "black"]


def test_strikes_reduce_the_allowance_with_a_floor_of_zero() -> None:
    """H2: minus one per enemy strike piece on the mover's centre, never below 0."""
    flow = referee()
    for _ in range(5):  # turns 1-5 ended early: turn 6 (White) allows 6
        flow.command(END)
    assert flow.status().allowed == 6
    flow.command(strikes(2))
    assert (flow.status().allowed, flow.status().left, flow.status().reduction) == (4, 4, 2)
    flow.command(MOVE)
    flow.command(strikes(2))  # no change: the count stays 2
    flow.command(END)
    flow.command(strikes(6))  # Black's centre surrounded: nothing to move
    assert flow.status().allowed == 0
    none = flow.command(MOVE)[0]
    assert none.kind is NoticeKind.REFUSED and none.rule == "H2"
    assert flow.status().turn == 7  # a turn of 0 waits for end-turn
    flow.command(END)
    assert (flow.status().turn, flow.status().allowed) == (8, 4)  # White's count carries
    flow.command(END)
    assert (flow.status().reduction, flow.status().allowed) == (6, 0)  # and Black's


def test_strikes_can_be_corrected_mid_turn_but_not_below_the_moves_made() -> None:
    """H2 (issue 10 item 5): the count may change after the turn's first move."""
    flow = referee()
    for _ in range(5):
        flow.command(END)
    for _ in range(3):
        flow.command(MOVE)
    said = flow.command(strikes(1))[0]
    assert said.kind is NoticeKind.INFO and said.message == "White may make 5 moves"
    assert (flow.status().allowed, flow.status().left, flow.status().reduction) == (5, 2, 1)
    too_many = flow.command(strikes(4))[0]  # 6 - 4 = 2 < the 3 made
    assert too_many.kind is NoticeKind.REFUSED and too_many.rule == "H2"
    assert flow.status().reduction == 1
    over = flow.command(strikes(3))  # 6 - 3 = 3, all made: the turn is over
    assert [n.message for n in over] == ["White may make 3 moves", "turn 6 over"]
    assert (flow.status().side, flow.status().turn) == (Side.BLACK, 7)
    flow.undo()  # the correction is taken back, and the turn with it
    assert (flow.status().turn, flow.status().left, flow.status().reduction) == (6, 2, 1)


@pytest.mark.parametrize("bad", [-1, 7])
def test_a_strike_count_outside_0_to_6_is_refused(bad: int) -> None:
    assert referee().command(strikes(bad))[0].rule == "H2"


def test_undo_and_winner() -> None:
    flow = referee()
    flow.command(MOVE)
    flow.command(MOVE)
    flow.undo()
    assert (flow.status().turn, flow.status().left) == (2, 2)
    over = flow.command(Winner("white"))
    assert over[0].kind is NoticeKind.GAME_OVER and flow.is_over()
    assert flow.status().winner is Side.WHITE
    assert flow.report() == HexReport.counted(("Black", "White"), flow.report().turns, Side.WHITE)
    assert flow.command(MOVE)[0].kind is NoticeKind.REFUSED
    flow.undo()
    assert not flow.is_over()


def test_the_referee_record_is_the_hex_referee_engines() -> None:
    """Issue 10 item 5: the flow writes a record `companion score` reads."""
    flow = referee()
    flow.command(MOVE)
    flow.command(MOVE)
    flow.command(END)
    flow.command(strikes(1))
    record = flow.record()
    assert record == {
        "game": "hex-referee",
        "players": ["Black", "White"],
        "variants": [],
        "turns": [
            {"strikes": 0, "moves": 1},
            {"strikes": 0, "moves": 1},
            {"strikes": 1, "moves": 0},
        ],
        "winner": None,
    }
    assert score_record(record) == flow.report()
    assert [t.allowed for t in flow.report().turns] == [1, 2, 2]


def test_the_game_hex_referee_starts_the_same_flow() -> None:
    flow = make_flow("hex-referee", ["Ana", "Ben"], [], options={})
    flow.command(MOVE)
    assert flow.game == "hex-referee" and flow.status().side is Side.WHITE
    assert referee().game == "hex"  # a table (or a journal) that starts hex in mode referee


def test_card_variant_piles_are_shuffled_by_seed_and_reshuffled_when_used_up() -> None:
    """H5: 12 cards each, two of 1-6; one per turn; a used-up pile is reshuffled."""

    def cards(seed: int) -> list[int]:
        flow = referee(("cards",), seed=seed)
        seen = []
        for _ in range(50):
            view = flow.status()
            seen.append(view.card)
            assert view.allowed == view.card and view.reduction == 0
            flow.command(END)
        return seen

    first = cards(3)
    assert first == cards(3)
    assert first != cards(4)
    black = first[0::2]
    assert sorted(black[:12]) == sorted(PILE) and sorted(black[12:24]) == sorted(PILE)
    assert referee(("cards",)).command(strikes(1))[0].rule == "H5"


def test_card_variant_reads_the_card_from_the_camera() -> None:
    """H5: with move-cards=camera the card turned up is read; a third copy is refused."""
    flow = referee(("cards",), **{"move-cards": "camera"})
    assert flow.status().awaiting is Awaiting.MOVE_CARD
    assert flow.command(MOVE)[0].rule == "H5"  # no card yet
    flow.placed(move_card(2))
    assert (flow.status().allowed, flow.status().card) == (2, 2)
    assert flow.status().awaiting is Awaiting.NOTHING
    again = flow.placed(move_card(3, "other"))
    assert again[0].kind is NoticeKind.REFUSED  # one card a turn
    flow.command(END)
    flow.placed(move_card(2))  # White's pile is its own
    flow.command(END)
    flow.placed(move_card(2, "b"))
    flow.command(END)
    assert flow.command(END)[0].rule == "H5"  # White's card first
    flow.placed(move_card(5, "w"))
    flow.command(END)
    third = flow.placed(move_card(2, "c"))
    assert third[0].kind is NoticeKind.REFUSED and third[0].rule == "H5"
    assert flow.placed(TableCard("x", "fibonachos", "R1", "play")) == []


def play_board(flow: Any, record: dict[str, Any]) -> None:
    """Enter a hex record's moves as commands (and its cards as camera reads)."""
    turns = record["turns"]
    for number, turn in enumerate(turns, start=1):
        moves = turn["moves"] if isinstance(turn, dict) else turn
        if isinstance(turn, dict) and turn["card"] is not None:
            flow.placed(TableCard(f"hex/{number}", "hex", f"M{turn['card']}#{number}", "play"))
        for move in moves:
            assert flow.command(Move(move)) in ([],) or flow.is_over()
        if number < len(turns) and not flow.is_over() and flow.status().turn == number:
            flow.command(END)
    if "resigned" in record:
        other = "white" if record["resigned"] == "black" else "black"
        flow.command(Winner(other))


@pytest.mark.parametrize(
    "name", ["full.json", "short.json", "resigned.json", "friendly-groups.json", "cards.json"]
)
def test_board_mode_reproduces_the_example_records(name: str) -> None:
    record = load("hex", name)
    options = {"mode": "board", "move-cards": "camera"}
    flow = make_flow("hex", record["players"], record["variants"], options=options)
    play_board(flow, record)
    expected = score_record(record)
    assert flow.report() == expected
    assert score_record(flow.record()) == expected
    assert flow.is_over() == expected.complete


def test_board_mode_refuses_an_illegal_move_and_undoes() -> None:
    """H3: a centre never moves by itself; undo takes back the last move."""
    flow = referee(mode="board")
    refused = flow.command(Move("a1-b1"))[0]
    assert refused.kind is NoticeKind.REFUSED and refused.rule == "H3"
    assert flow.command(Move("zz"))[0].kind is NoticeKind.REFUSED
    flow.command(Move("b2-c2"))
    assert flow.status().side is Side.WHITE
    flow.undo()
    assert flow.record()["turns"] == [[]]


def test_board_mode_card_variant_deals_the_same_cards_as_the_referee() -> None:
    board = referee(("cards",), mode="board", seed=5)
    ref = referee(("cards",), seed=5)
    for _ in range(6):
        assert board.status().card == ref.status().card
        assert board.status().awaiting is ref.status().awaiting is Awaiting.NOTHING
        board.command(END)
        ref.command(END)
