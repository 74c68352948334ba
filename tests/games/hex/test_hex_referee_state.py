"""The hex referee engine (issue 10 item 5): the H2 count, strikes at any time, H5, H4."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.games import CHANCE, TERMINAL, IllegalActionError
from companion.games.hex import (
    Draw,
    EndTurn,
    HexRefereeState,
    MoveMade,
    RefereeAction,
    Side,
    Strikes,
    Win,
    new_referee_game,
)


def play(state: HexRefereeState, *actions: RefereeAction) -> HexRefereeState:
    for action in actions:
        state.apply(action)
    return state


def at_turn_six() -> HexRefereeState:
    """Turns 1-5 ended without a move: White's turn 6 allows 6 (H2)."""
    return play(new_referee_game(), *[EndTurn()] * 5)


def refused(state: HexRefereeState, action: RefereeAction) -> IllegalActionError:
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert snapshot(state) == before  # nothing changed
    assert not state.is_legal(action)
    assert repr(action) not in map(repr, state.legal_actions())  # Strikes(True) == Strikes(1)
    return caught.value


def snapshot(state: HexRefereeState) -> tuple[Any, ...]:
    return (
        json.dumps(state.to_record(), sort_keys=True),
        json.dumps(state.report().to_json(), sort_keys=True),
        state.current_player(),
        state.legal_actions(),
        state.outcome(),
        state.history,
        state.pile(Side.BLACK),
        state.pile(Side.WHITE),
    )


def test_h2_opening_schedule_black_first_and_turns_end_with_their_last_move() -> None:
    """H2: turns 1-5 allow 1, 2, 3, 4, 5 (Black 1, 3, 5; White 2, 4), later ones 6."""
    state = new_referee_game()
    seen = []
    for _ in range(8):
        turn = state.turn
        assert turn is not None
        seen.append((turn.number, turn.side.value, turn.allowed))
        for _ in range(turn.allowed):
            state.apply(MoveMade())
    assert seen == [
        (1, "black", 1),
        (2, "white", 2),
        (3, "black", 3),
        (4, "white", 4),
        (5, "black", 5),
        (6, "white", 6),
        (7, "black", 6),
        (8, "white", 6),
    ]


def test_h2_fewer_moves_than_allowed_end_turn_at_any_time() -> None:
    """H2 "a player may make fewer moves than allowed": end a turn before any move too."""
    state = play(new_referee_game(), EndTurn())
    assert state.turn is not None and (state.turn.side, state.turn.number) == (Side.WHITE, 2)
    play(state, MoveMade(), EndTurn())
    assert [t.made for t in state.turns] == [0, 1, 0]


def test_h2_strikes_changed_mid_turn_recompute_the_moves_left() -> None:
    """H2: the count of enemy strike pieces may be set or corrected after moves are made."""
    state = play(at_turn_six(), MoveMade(), MoveMade())
    assert state.moves_left() == 4
    state.apply(Strikes(1))
    assert state.turn is not None and (state.turn.allowed, state.moves_left()) == (5, 3)
    state.apply(Strikes(3))
    assert (state.turn.allowed, state.moves_left()) == (3, 1)
    state.apply(Strikes(0))  # a correction back
    assert (state.turn.allowed, state.moves_left(), state.turn.made) == (6, 4, 2)


def test_h2_a_change_below_the_moves_already_made_is_refused() -> None:
    """H2: 4 moves made, then 3 strikes would allow 3: refused, and nothing changes."""
    state = play(at_turn_six(), *[MoveMade()] * 4)
    error = refused(state, Strikes(3))
    assert error.rule == "H2"
    assert "white made 4 moves in turn 6" in str(error)
    state.apply(Strikes(2))  # allows exactly the 4 made: the turn is over
    assert state.turns[5].allowed == 4 and state.turn is not None and state.turn.number == 7


@pytest.mark.parametrize("count", [-1, 7, True, "2", None])
def test_h2_a_strike_count_is_0_to_6(count: Any) -> None:
    """H2: a centre has six neighbours."""
    assert refused(new_referee_game(), Strikes(count)).rule == "H2"


def test_h2_never_below_zero_and_a_turn_of_zero_waits_for_its_end() -> None:
    """H2: minus one per strike piece, never below 0; the count can still be corrected."""
    state = play(new_referee_game(), EndTurn(), Strikes(6))  # White's turn 2: 2 - 6 -> 0
    assert state.turn is not None and (state.turn.allowed, state.moves_left()) == (0, 0)
    assert state.turn.number == 2  # still White's turn
    assert refused(state, MoveMade()).rule == "H2"
    play(state, Strikes(1), MoveMade())
    assert state.turn.number == 3  # corrected to 1 strike: one move, the turn ended


def test_h2_a_side_starts_its_next_turn_with_its_last_count() -> None:
    """H2 counts at the turn's start; the table's last count for that side is kept."""
    state = play(at_turn_six(), Strikes(2), EndTurn())
    assert state.turn is not None and (state.turn.side, state.turn.strikes) == (Side.BLACK, 0)
    state.apply(EndTurn())
    assert (state.turn.side, state.turn.strikes, state.turn.allowed) == (Side.WHITE, 2, 4)


def test_h4_a_declared_win_ends_the_game() -> None:
    """H4: the players say who encircled whom; the game is over, nothing more is counted."""
    state = play(new_referee_game(["Ana", "Ben"]), MoveMade(), Win(Side.WHITE))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.outcome() is not None and state.outcome().winners == (1,)
    assert state.winner is Side.WHITE and state.legal_actions() == []
    for action in (MoveMade(), EndTurn(), Strikes(1), Win(Side.BLACK)):
        error = refused(state, action)
        assert error.rule == "H4" and "the game is over, white won" in str(error)


def test_h4_no_draw_only_a_win_for_either_side() -> None:
    """H4: a move that completes both encirclements is the mover's win: RULES.md has no draw."""
    kinds = {type(action) for action in new_referee_game().legal_actions()}
    assert kinds == {MoveMade, EndTurn, Strikes, Win}
    wins = [a for a in new_referee_game().legal_actions() if isinstance(a, Win)]
    assert wins == [Win(Side.BLACK), Win(Side.WHITE)]


def test_h5_the_move_card_is_chance_and_sets_the_allowance() -> None:
    """H5: each turn turns up a card first; that many moves, no strike reduction."""
    state = new_referee_game(variants=["cards"])
    assert state.current_player() == CHANCE and state.legal_actions() == []
    assert refused(state, MoveMade()).rule == "H5"  # no card yet
    state.apply(Draw(3))
    assert state.turn is not None and (state.turn.allowed, state.turn.card) == (3, 3)
    assert refused(state, Strikes(1)).rule == "H5"
    assert refused(state, Draw(2)).rule == "H5"  # one card a turn
    play(state, MoveMade(), MoveMade(), MoveMade())
    assert state.current_player() == CHANCE and state.side_to_act() is Side.WHITE


def test_h5_a_pile_holds_two_of_each_and_is_reshuffled_when_used_up() -> None:
    """H5: 12 cards each, two each of 1-6; a used-up pile is reshuffled."""
    state = new_referee_game(variants=["cards"])
    play(state, Draw(4), EndTurn(), Draw(1), EndTurn(), Draw(4), EndTurn(), Draw(1), EndTurn())
    error = refused(state, Draw(4))  # Black's third 4
    assert error.rule == "H5" and "both M4 of black's pile" in str(error)
    assert refused(state, Draw(7)).rule == "H5"
    black, white = (1, 1, 2, 2, 3, 3, 5, 5, 6, 6), (2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    for mine, theirs in zip(black, white, strict=True):  # the other ten of each pile
        play(state, Draw(mine), EndTurn(), Draw(theirs), EndTurn())
    assert state.pile(Side.BLACK).size == 12  # all 12 used: reshuffled
    state.apply(Draw(4))


def test_h5_a_win_may_be_declared_before_the_card_is_turned_up() -> None:
    state = play(new_referee_game(variants=["cards"]), Draw(1), MoveMade(), Win(Side.BLACK))
    assert state.is_terminal()
    assert refused(state, Draw(2)).rule == "H5"  # the card variant's end rule


def test_chance_draws_from_the_pile_with_the_randomness_handed_in() -> None:
    import random

    state = new_referee_game(variants=["cards"])
    draws = [state.sample_chance(random.Random(seed)) for seed in range(40)]
    assert {d.card for d in draws} == {1, 2, 3, 4, 5, 6}
    assert state.sample_chance(random.Random(5)) == state.sample_chance(random.Random(5))
    with pytest.raises(ValueError, match="chance"):
        new_referee_game().sample_chance(random.Random(0))


UNDO_CASES: list[tuple[str, list[str], RefereeAction]] = [
    ("a move", [], MoveMade()),
    ("a move that ends the turn", ["end"] * 5, MoveMade()),
    ("the end of a turn", ["end"] * 5 + ["move"], EndTurn()),
    ("strikes mid-turn", ["end"] * 5 + ["move"], Strikes(2)),
    ("strikes that end the turn", ["end"] * 5 + ["move"] * 2, Strikes(4)),
    ("a declared win", ["move"], Win(Side.BLACK)),
    ("a move card", ["cards"], Draw(5)),
    ("a move of the card variant", ["cards", "draw"], MoveMade()),
    ("a win while the card waits", ["cards", "draw", "end"], Win(Side.WHITE)),
]


@pytest.mark.parametrize(("name", "before", "action"), UNDO_CASES, ids=[c[0] for c in UNDO_CASES])
def test_undo_takes_back_each_action_exactly(
    name: str, before: list[str], action: RefereeAction
) -> None:
    """Undo of every kind of action restores the state (record, report, turn, piles)."""
    state = new_referee_game(variants=["cards"] if "cards" in before else [])
    steps: dict[str, RefereeAction] = {"end": EndTurn(), "move": MoveMade(), "draw": Draw(2)}
    play(state, *(steps[step] for step in before if step != "cards"))
    was = snapshot(state)
    state.apply(action)
    assert snapshot(state) != was
    assert state.undo() == action
    assert snapshot(state) == was


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(IndexError):
        new_referee_game().undo()


def test_two_players_only() -> None:
    with pytest.raises(ValueError, match="two players"):
        HexRefereeState(["A", "B", "C"])
