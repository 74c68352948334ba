"""The hex flows: the referee from buttons (H2, H5) and the board mode's records."""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import load

from companion.cli.score import score_record
from companion.flows.base import FlowCommand, NoticeKind
from companion.flows.hex_cards import PILE
from companion.flows.registry import make_flow
from companion.games import HexReport
from companion.games.hex import Side
from companion.table.cards import TableCard

MOVE = FlowCommand("move")
END = FlowCommand("end-turn")


def referee(variants: tuple[str, ...] = (), **options: Any) -> Any:
    return make_flow("hex", ["Black", "White"], list(variants), options=options)


def strikes(n: object) -> FlowCommand:
    return FlowCommand("strikes", {"n": n})


def move_card(value: int, key: str = "") -> TableCard:
    return TableCard(key or f"hex/1/M{value}", "hex", f"M{value}", "play")


def test_the_opening_schedule_counts_down_and_ends_turns_by_itself() -> None:
    """H2: 1, 2, 3, 4, 5, then 6; a turn ends with its last allowed move."""
    flow = referee()
    allowed = []
    for _ in range(8):
        allowed.append(flow.view().allowed)
        for _ in range(flow.view().allowed):
            flow.command(MOVE)
    assert allowed == [1, 2, 3, 4, 5, 6, 6, 6]
    assert [t.player.value for t in flow.report().turns[:3]] == ["black", "white", "black"]


def test_strikes_reduce_the_allowance_with_a_floor_of_zero() -> None:
    """H2: minus one per enemy strike piece on the mover's centre, never below 0."""
    flow = referee()
    for _ in range(5):  # turns 1-5 ended early: turn 6 (White) allows 6
        flow.command(END)
    assert flow.view().allowed == 6
    flow.command(strikes(2))
    assert (flow.view().allowed, flow.view().left, flow.view().reduction) == (4, 4, 2)
    flow.command(MOVE)
    late = flow.command(strikes(1))[0]
    assert late.kind is NoticeKind.REFUSED and late.rule == "H2"
    flow.command(END)
    flow.command(strikes(6))  # Black's centre surrounded: nothing to move
    assert flow.view().allowed == 0
    none = flow.command(MOVE)[0]
    assert none.kind is NoticeKind.REFUSED and none.rule == "H2"
    assert flow.view().turn == 7  # a turn of 0 waits for end-turn
    flow.command(END)
    assert (flow.view().turn, flow.view().allowed) == (8, 4)  # White's count carries
    flow.command(END)
    assert (flow.view().reduction, flow.view().allowed) == (6, 0)  # and Black's


@pytest.mark.parametrize("bad", [-1, 7, "two", True])
def test_a_strike_count_outside_0_to_6_is_refused(bad: object) -> None:
    assert referee().command(strikes(bad))[0].rule == "H2"


def test_undo_and_winner() -> None:
    flow = referee()
    flow.command(MOVE)
    flow.command(MOVE)
    flow.undo()
    assert (flow.view().turn, flow.view().left) == (2, 2)
    over = flow.command(FlowCommand("winner", {"side": "white"}))
    assert over[0].kind is NoticeKind.GAME_OVER and flow.is_over()
    assert flow.report() == HexReport(flow.report().turns, Side.WHITE, board=None)
    assert flow.command(MOVE)[0].kind is NoticeKind.REFUSED
    flow.undo()
    assert not flow.is_over()


def test_the_referee_record_is_a_turn_list_of_counts() -> None:
    flow = referee()
    flow.command(MOVE)
    flow.command(MOVE)
    flow.command(END)
    record = flow.record()
    assert record["mode"] == "referee"
    assert record["turns"] == [
        {"player": "black", "allowed": 1, "moves": 1, "strikes": 0, "card": None},
        {"player": "white", "allowed": 2, "moves": 1, "strikes": 0, "card": None},
        {"player": "black", "allowed": 3, "moves": 0, "strikes": 0, "card": None},
    ]


def test_card_variant_piles_are_shuffled_by_seed_and_reshuffled_when_used_up() -> None:
    """H5: 12 cards each, two of 1-6; one per turn; a used-up pile is reshuffled."""

    def cards(seed: int) -> list[int]:
        flow = referee(("cards",), seed=seed)
        seen = []
        for _ in range(50):
            view = flow.view()
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
    assert flow.command(MOVE)[0].rule == "H5"  # no card yet
    flow.placed(move_card(2))
    assert (flow.view().allowed, flow.view().card) == (2, 2)
    again = flow.placed(move_card(3, "other"))
    assert again[0].kind is NoticeKind.REFUSED  # one card a turn
    flow.command(END)
    flow.placed(move_card(2))  # White's pile is its own
    flow.command(END)
    flow.placed(move_card(2, "b"))
    flow.command(END)
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
            flow.placed(TableCard(f"hex/{number}", "hex", f"M{turn['card']}", "play"))
        for move in moves:
            assert flow.command(FlowCommand("move", {"move": move})) in ([],) or flow.is_over()
        if number < len(turns) and not flow.is_over() and flow.view().turn == number:
            flow.command(END)
    if "resigned" in record:
        other = "white" if record["resigned"] == "black" else "black"
        flow.command(FlowCommand("winner", {"side": other}))


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
    refused = flow.command(FlowCommand("move", {"move": "a1-b1"}))[0]
    assert refused.kind is NoticeKind.REFUSED and refused.rule == "H3"
    assert flow.command(FlowCommand("move", {"move": "zz"}))[0].kind is NoticeKind.REFUSED
    flow.command(FlowCommand("move", {"move": "b2-c2"}))
    assert flow.view().player == "White"
    flow.undo()
    assert flow.record()["turns"] == [[]]


def test_board_mode_card_variant_deals_the_same_cards_as_the_referee() -> None:
    board = referee(("cards",), mode="board", seed=5)
    ref = referee(("cards",), seed=5)
    for _ in range(6):
        assert board.view().card == ref.view().card
        board.command(END)
        ref.command(END)
