"""The engine: legal actions with open and unseen hands, flags, undo, the API shape."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from trump_rig import random_game

from companion.games import (
    CHANCE,
    GameError,
    IllegalActionError,
    UnknownVariantError,
)
from companion.games.trump import SPEC, Deal, Play, TrumpState, new_game, parse_card, playable


def _unseen(players: int = 3, leader: int = 0) -> TrumpState:
    """A game at a real table: trump R7, symbol G4, hands unseen."""
    state = new_game([f"P{i}" for i in range(players)])
    state.apply(Deal(parse_card("R7"), parse_card("G4"), leader=leader))
    return state


def _play(state: TrumpState, *cards: str) -> None:
    for card in cards:
        state.apply(Play(parse_card(card)))


def _snapshot(state: TrumpState) -> tuple[Any, ...]:
    return (
        json.dumps(state.to_record(), sort_keys=True),
        json.dumps(state.report().to_json(), sort_keys=True),
        state.current_player(),
        state.legal_actions(),
        state.outcome(),
        state.history,
    )


def test_spec_and_new_game() -> None:
    """T2: 2-4 players; trump has no variants and no options."""
    assert (SPEC.name, SPEC.min_players, SPEC.max_players) == ("trump", 2, 4)
    assert SPEC.variants == frozenset()
    state = SPEC.new(["Ana", "Ben"], [])
    assert state.current_player() == CHANCE
    assert state.legal_actions() == []
    with pytest.raises(GameError, match="2-4 players"):
        new_game(["A", "B", "C", "D", "E"])
    with pytest.raises(UnknownVariantError, match="none"):
        new_game(["A", "B"], ["zero-scores-34"])
    with pytest.raises(GameError, match="unknown options"):
        new_game(["A", "B"], decks=2)


def test_t4_open_hands_offer_exactly_the_cards_that_follow() -> None:
    """T4 with hands dealt openly: legal_actions is the hand, or its led colour if held."""
    state = random_game(3, seed=4, stop=3)  # the deal and two plays
    seat = state.current_player()
    hand = state.rounds[-1].hands
    assert hand is not None
    led = state.rounds[-1].led()
    assert led is not None
    expected = [Play(c) for c in playable(hand[seat], led)]
    assert state.legal_actions() == expected
    for card in hand[seat]:
        assert state.is_legal(Play(card)) == (Play(card) in expected)


def test_t4_open_hands_refuse_a_revoke_and_a_card_not_held() -> None:
    """T4: failing to follow while holding the colour is an error; so is a card not held (T2)."""
    rng = random.Random(11)
    for _ in range(20):
        state = random_game(2, seed=rng.randrange(10_000), stop=2)
        seat = state.current_player()
        hands = state.rounds[-1].hands
        assert hands is not None
        legal = {a.card for a in state.legal_actions() if isinstance(a, Play)}
        refused = [c for c in hands[seat] if c not in legal]
        if not refused:
            continue
        before = _snapshot(state)
        with pytest.raises(IllegalActionError, match="must follow") as caught:
            state.apply(Play(refused[0]))
        assert caught.value.rule == "T4"
        assert _snapshot(state) == before
        other = next(iter(hands[1 - seat]))
        with pytest.raises(IllegalActionError, match="not in P") as caught:
            state.apply(Play(other))
        assert caught.value.rule == "T2"
        return
    pytest.fail("no position with a card that may not be played")


def test_unseen_hands_any_unseen_card_is_legal() -> None:
    """Unseen hands: every card not yet seen this round, never an indicator (T2)."""
    state = _unseen()
    assert len(state.legal_actions()) == 48
    _play(state, "B3", "Y9")
    legal = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert len(legal) == 46 and parse_card("B3") not in legal


@pytest.mark.parametrize(
    ("card", "match", "rule"),
    [
        ("R7", "lies on the trump indicator", "T2"),
        ("G4#1", "lies on the symbol indicator", "T2"),
        ("B3", "played more often than the deck holds", "T1"),
        ("B3#1", "played more often than the deck holds", "T1"),
    ],
)
def test_t1_t2_a_card_is_played_once_and_never_from_an_indicator(
    card: str, match: str, rule: str
) -> None:
    state = _unseen()
    _play(state, "B3")
    with pytest.raises(IllegalActionError, match=match) as caught:
        _play(state, card)
    assert caught.value.rule == rule


def test_t4_unseen_proven_revoke_is_a_flag_not_an_error() -> None:
    """T4 at a real table: P2 did not follow blue in trick 1, then plays blue in trick 2."""
    state = _unseen(players=3, leader=0)
    _play(state, "B3", "B9", "Y2")  # P2 plays yellow on blue; P1 wins with B9
    assert state.flags() == []
    _play(state, "G8", "B5", "G9")  # P1 leads; P2 plays blue: the revoke is proven
    flags = state.flags()
    assert [(f.round, f.trick, f.seat, f.rule) for f in flags] == [(1, 1, 2, "T4")]
    assert "B5" in flags[0].message and "trick 2" in flags[0].message
    assert state.report().flags == (flags[0],)
    _play(state, "B6", "B7", "B8")  # P0 leads; P2 playing blue again proves nothing new
    assert len(state.flags()) == 1


def test_t3_unseen_wrong_first_leader_is_flagged() -> None:
    """T3: R1 (the lowest trump here) played by another seat than round 1's leader."""
    state = _unseen(players=2, leader=0)
    _play(state, "G2", "R1")
    assert [(f.trick, f.seat, f.rule) for f in state.flags()] == [(1, 1, "T3")]


def test_t3_no_flag_when_the_leader_plays_the_lowest_trump() -> None:
    state = _unseen(players=2, leader=0)
    _play(state, "R1", "R2", "R3", "R4")
    assert state.flags() == []


def test_chance_and_players_cannot_act_out_of_turn() -> None:
    """T2: plays need a dealt round; a deal needs the round before to be over."""
    state = new_game(["Ana", "Ben"])
    with pytest.raises(IllegalActionError, match="the game has not begun") as caught:
        _play(state, "R1")
    assert caught.value.rule == "T2"
    state.apply(Deal(parse_card("R7"), parse_card("G4"), leader=0))
    with pytest.raises(IllegalActionError, match="round 1 is not over: 0 of 24") as caught:
        state.apply(Deal(parse_card("R8"), parse_card("G5"), leader=0))
    assert caught.value.rule == "T2"
    with pytest.raises(IllegalActionError, match="deal"):
        state.sample_chance(random.Random(0))


def test_t3_next_round_is_led_by_the_last_tricks_winner() -> None:
    """T3: the winner of the previous round's last trick deals and leads."""
    state = random_game(3, seed=2, stop=1 + 48)
    assert state.current_player() == CHANCE
    result = state.rounds[0].result
    assert result is not None
    state.apply(state.sample_chance(random.Random(5)))
    assert state.current_player() == result.last_winner
    record: Any = state.to_record()
    assert "leader" not in record["rounds"][1]


def test_undo_restores_the_exact_state_and_equals_a_full_replay() -> None:
    """Undo (taking the play back, T4's revoke watch and T5's piles included) gives what
    replaying the history afresh gives, across round boundaries (issue 23)."""
    state = random_game(2, seed=8, stop=200)  # in round 5 (49 actions a round)
    for _ in range(60):  # back through two round boundaries
        action = state.history[-1]
        before = _snapshot(state)
        state.undo()
        full = new_game(list(state.players))
        for done in state.history:
            full.apply(done)
        assert _snapshot(full) == _snapshot(state)
        state.apply(action)
        assert _snapshot(state) == before
        state.undo()
    assert len(state.history) == 140


def test_undo_across_the_end_of_the_game() -> None:
    state = random_game(2, seed=3)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and state.report().winners == outcome.winners
    last = state.undo()
    assert state.outcome() is None and state.report().complete is False
    state.apply(last)
    assert state.outcome() == outcome


def test_clone_is_independent() -> None:
    state = random_game(4, seed=1, stop=10)
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    assert len(clone.history) == len(state.history) + 1
    assert state.to_record() != clone.to_record()
