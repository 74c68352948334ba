"""The referee: turns and their allowance (H2, H5), legal moves (H3), the end (H4, H5)."""

from __future__ import annotations

import random

import pytest
from hex_boards import board

from companion.games import (
    CHANCE,
    TERMINAL,
    GameError,
    IllegalActionError,
    Outcome,
    RecordError,
    Termination,
    UnknownVariantError,
)
from companion.games.hex import (
    CELLS,
    SPEC,
    Draw,
    EndTurn,
    HexNotationError,
    HexState,
    Move,
    Resign,
    Side,
    new_game,
)
from companion.games.json_types import JSONObject


def moves(state: HexState, *texts: str) -> None:
    for text in texts:
        state.apply(Move.parse(text))


def pass_turns(state: HexState, count: int) -> None:
    for _ in range(count):
        state.apply(EndTurn())


def test_h1_black_moves_first_and_the_sides_alternate() -> None:
    state = new_game(["Ana", "Ben"])
    assert state.current_player() == 0 and state.side_to_act() is Side.BLACK
    pass_turns(state, 1)
    assert state.current_player() == 1 and state.side_to_act() is Side.WHITE


def test_h2_a_turn_ends_with_its_last_allowed_move() -> None:
    state = new_game()
    moves(state, "b2-c2")
    assert state.turn is not None and state.turn.number == 2 and state.moves_left() == 2
    moves(state, "j6-i6", "k5-j5")
    assert state.turn is not None and state.turn.side is Side.BLACK and state.turn.allowed == 3


def test_h2_fewer_moves_than_allowed_even_none() -> None:
    state = new_game()
    pass_turns(state, 1)
    moves(state, "j6-i6")
    assert state.moves_left() == 1
    state.apply(EndTurn())
    assert state.turn is not None and state.turn.number == 3
    assert [len(t.moves) for t in state.turns] == [0, 1, 0]


def test_h2_a_move_beyond_the_allowance_is_illegal_while_the_turn_is_open() -> None:
    state = new_game(start=board(X="f6", W="k6", w="f5 f7 e5", x="a1"))
    assert state.turn is not None and state.turn.allowed == 0
    with pytest.raises(IllegalActionError) as caught:
        moves(state, "a1-a2")
    assert caught.value.rule == "H2" and "may make 0 moves" in str(caught.value)
    assert state.legal_actions() == [EndTurn(), Resign(Side.BLACK)]


def test_h2_the_allowance_is_fixed_when_the_turn_starts() -> None:
    """A striker put on the enemy centre mid-turn costs the enemy, not this turn's moves."""
    start = board(X="a1", W="f6", x="f4 e4", t="b1")
    state = new_game(start=start)
    pass_turns(state, 6)  # turn 7: Black, 6 moves
    assert state.turn is not None and state.turn.allowed == 6
    moves(state, "f4-f5")
    assert [cell.name for cell in state.strikers_around(Side.WHITE)] == ["f5"]
    assert state.moves_left() == 5
    state.apply(EndTurn())
    assert state.turn is not None and state.turn.allowed == 5


def test_h3_illegal_moves_name_the_fault() -> None:
    state = new_game()
    faults = {
        "c3-c4": "there is no piece on c3",
        "k1-j1": "k1 holds white's strike piece, and it is black's turn",
        "a1-b1": "a centre never moves by itself",
        "d9-k1": "k1 is next to neither d9 nor its group",
        "a2-a2": "a move leaves its cell",
    }
    for text, fault in faults.items():
        with pytest.raises(IllegalActionError, match=fault) as caught:
            moves(state, text)
        assert caught.value.rule == "H3"
    assert state.history == ()


def test_h3_legal_actions_are_exactly_the_moves_the_engine_accepts() -> None:
    for variants in [(), ("friendly-groups",)]:
        state = new_game(["A", "B"], variants)
        moves(state, "b2-c2", "j6-i6", "k5-j5")
        offered = {a for a in state.legal_actions() if isinstance(a, Move)}
        accepted = {
            Move(src, dst) for src in CELLS for dst in CELLS if state.is_legal(Move(src, dst))
        }
        assert offered == accepted and offered
        assert EndTurn() in state.legal_actions() and Resign(Side.BLACK) in state.legal_actions()


def test_h3_friendly_groups_carry_a_strike_piece_along_the_support_line() -> None:
    start = board(X="f6", W="k6", x="f5", t="f7 f8 f9 f10")
    base = new_game(start=start)
    friendly = new_game(["A", "B"], ["friendly-groups"], start=start)
    assert not base.is_legal(Move.parse("f5-f11"))
    assert friendly.is_legal(Move.parse("f5-f11"))


def test_h4_rulebook_winning_example_three_moves_encircle_the_centre() -> None:
    """002 "Exemple d'un coup gagnant": Red has 3 moves (three enemy strikers on its
    centre). I: a support piece drags the enemy centre next to the strike pieces;
    II: a strike piece drags it into their middle; III: the last one closes the ring."""
    start = board(X="b4", W="j5", w="a3 a4 b3", x="f5 f7 e5 e6 g5 f6", t="h5 i5")
    state = new_game(start=start)
    pass_turns(state, 6)
    assert state.turn is not None and state.turn.side is Side.BLACK and state.turn.allowed == 3
    moves(state, "h5-j5")  # I
    assert state.position.centre(Side.WHITE).name == "h5"
    moves(state, "f6-h5")  # II
    assert state.position.centre(Side.WHITE).name == "f6"
    assert state.outcome() is None and len(state.strikers_around(Side.WHITE)) == 5
    moves(state, "h5-g6")  # III
    assert state.winner is Side.BLACK and state.current_player() == TERMINAL
    outcome = state.outcome()
    assert outcome == Outcome(Termination.ENCIRCLEMENT, (0,))
    assert state.legal_actions() == []
    assert state.ending == "black won by encirclement at turn 7, move 3"


def test_h4_a_start_already_won_is_no_game() -> None:
    """H4: a start with a centre already encircled is a game over before it begins.
    Both encircled, every turn allowed no move: the camera referee skipped them for
    ever (``companion replay --start`` hung). The engine, a record and the command
    line refuse it, naming the rule."""
    both = board(X="d4", w="c3 c4 d3 d5 e4 e5", W="h7", x="g7 g8 h6 h8 i6 i7")
    one = board(X="d4", w="c3 c4 d3 d5 e4 e5", W="h7", x="a1")
    for start, won in ((both, "black and by white"), (one, "white:")):
        with pytest.raises(HexNotationError) as caught:
            HexState(start=start)
        assert caught.value.rule == "H4" and f"already won by {won}" in str(caught.value)
    record: JSONObject = {
        "game": SPEC.name,
        "players": ["Ana", "Ben"],
        "variants": [],
        "turns": [[]],
    }
    with pytest.raises(RecordError) as refused:
        HexState.from_record({**record, "start": both.board()})
    assert refused.value.rule == "H4" and "start" in str(refused.value)


def test_h4_no_action_after_the_win() -> None:
    start = board(X="a1", W="f6", x="f5 f7 e5 e6 g5 h5")
    state = new_game(start=start)
    moves(state, "h5-g6")
    for action in (Move.parse("a2-b2"), EndTurn(), Resign(Side.WHITE)):
        with pytest.raises(IllegalActionError, match="the game is over") as caught:
            state.apply(action)
        assert caught.value.rule == "H4"


def test_h4_edge_surround_variant_wins_on_the_edge() -> None:
    start = board(X="a1", W="k6", x="k5 j6 i7")
    base = new_game(start=start)
    moves(base, "i7-j7")
    assert base.winner is None
    edge = new_game(["A", "B"], ["edge-surround"], start=start)
    moves(edge, "i7-j7")
    assert edge.winner is Side.BLACK


def test_h4_displacing_an_enemy_striker_into_ones_own_ring_loses() -> None:
    """The win goes to the side whose strikers encircle, whoever made the move."""
    start = board(X="f6", W="k6", w="f5 f7 e5 e6 g5 h6", t="g6")
    state = new_game(start=start)
    pass_turns(state, 6)
    assert state.turn is not None and state.turn.allowed == 1
    moves(state, "g6-h6")  # White's striker on h6 goes to g6
    assert state.winner is Side.WHITE


def test_h5_card_variant_turns_start_at_chance_with_the_card_as_allowance() -> None:
    start = board(X="f6", W="k6", w="f5 f7 e5 a2")  # not connected: not yet won (H5)
    state = new_game(["A", "B"], ["cards"], start=start)
    assert state.current_player() == CHANCE and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="move card is not turned up") as caught:
        state.apply(EndTurn())
    assert caught.value.rule == "H5"
    state.apply(Draw(5))
    assert state.turn is not None and state.turn.allowed == 5 and state.turn.card == 5
    assert state.pile(Side.BLACK).count(5) == 1 and state.pile(Side.WHITE).size == 12


def test_h5_draws_are_checked_against_the_pile() -> None:
    state = new_game(["A", "B"], ["cards"])
    for card in (3, 1, 3, 1):
        state.apply(Draw(card))
        state.apply(EndTurn())
    for bad, fault in [(3, "both M3 of black's pile"), (7, "7 is not a move card")]:
        with pytest.raises(IllegalActionError, match=fault):
            state.apply(Draw(bad))
    state.apply(Draw(2))
    with pytest.raises(IllegalActionError, match="already turned up"):
        state.apply(Draw(2))
    with pytest.raises(IllegalActionError, match="need the variant cards"):
        new_game().apply(Draw(2))


def test_h5_sample_chance_follows_the_pile_and_only_at_chance() -> None:
    state = new_game(["A", "B"], ["cards"])
    rng = random.Random(5)
    seen: list[int] = []
    for _ in range(24):
        draw = state.sample_chance(rng)
        seen.append(draw.card)
        state.apply(draw)
        with pytest.raises(GameError):
            state.sample_chance(rng)
        state.apply(EndTurn())
    black, white = seen[0::2], seen[1::2]
    assert sorted(black) == sorted(white) == [n for n in range(1, 7) for _ in range(2)]


def test_h1_seats_are_black_then_white() -> None:
    assert [Side.of_seat(seat) for seat in (0, 1)] == [Side.BLACK, Side.WHITE]
    assert Side.BLACK.seat == 0 and Side.WHITE.other is Side.BLACK


def test_resigning_ends_the_game_for_the_other_side() -> None:
    state = new_game()
    state.apply(Resign(Side.BLACK))
    outcome = state.outcome()
    assert state.winner is Side.WHITE and state.is_terminal()
    assert outcome is not None and outcome.termination is Termination.RESIGNATION


def test_undo_restores_the_exact_state() -> None:
    state = new_game(["A", "B"], ["cards"])
    rng = random.Random(11)
    snapshots = []
    while not state.is_terminal() and len(state.history) < 60:
        snapshots.append((state.to_record(), state.report(), state.legal_actions()))
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()[:-1]))  # no resignation
    while state.history:
        state.undo()
        assert (state.to_record(), state.report(), state.legal_actions()) == snapshots.pop()


def test_game_options_and_variants_are_checked() -> None:
    with pytest.raises(UnknownVariantError, match="big-board"):
        new_game(["A", "B"], ["big-board"])
    with pytest.raises(GameError, match="two players"):
        new_game(["A", "B", "C"])
    state = new_game(start=board(X="c3", W="h5").board())
    assert state.position.centre(Side.BLACK).name == "c3"
    assert SPEC.variants == {"friendly-groups", "edge-surround", "cards"}
    assert SPEC.min_players == SPEC.max_players == 2
