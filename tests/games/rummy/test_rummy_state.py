"""The engine contract: random games end, only legal actions are offered and all of
them, undo is exact, records round-trip, the four games and their options."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rummy_scripts import play_random

from companion.games import (
    CHANCE,
    TERMINAL,
    GameError,
    IllegalActionError,
    Termination,
    UnknownVariantError,
    get_game,
)
from companion.games.rummy import (
    DECKS,
    SPECS,
    WILD,
    Action,
    Add,
    Card,
    Close,
    Deal,
    Discard,
    Kind,
    Move,
    Open,
    Redeclare,
    RummyState,
    Start,
    Swap,
    TakeBack,
    new_game,
)


def _candidates(state: RummyState) -> set[Action]:
    """Every action but openings and draws a player could try: a superset of the legal."""
    deck = state.deck
    faces = set(deck.contents) | {WILD.declared(n) for n in deck.numbers}
    out: set[Action] = {Discard(face) for face in set(deck.contents)}
    out |= {Start(face) for face in faces}
    for base in deck.slots:
        out |= {Add(face, base) for face in faces} | {Close(base), Swap(base)}
        for position in range(12):
            out.add(TakeBack(base, position))
            out |= {Move(base, position, to) for to in deck.slots}
            out |= {Redeclare(base, position, n) for n in deck.numbers}
    return out


@pytest.mark.parametrize("game", sorted(DECKS))
@pytest.mark.parametrize("variants", [(), ("standard-start",)])
def test_r4_legal_actions_are_exactly_the_legal_ones(game: str, variants: tuple[str, ...]) -> None:
    rng = random.Random(11)
    state = get_game(game).new(["A", "B", "C"], variants)
    assert isinstance(state, RummyState)
    candidates = _candidates(state)
    checked = 0
    while not state.is_terminal() and checked < 150:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert all(state.is_legal(action) for action in legal)
        if state.round is not None and state.round.draws_left == 0 and checked % 3 == 0:
            listed = {action for action in legal if not isinstance(action, Open)}
            assert {action for action in candidates if state.is_legal(action)} == listed
        checked += 1
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_r4_random_games_end_quickly_with_only_legal_actions(spec: Any, players: int) -> None:
    for seed in range(2):
        state = spec.new([f"P{i}" for i in range(players)], [])
        steps = play_random(state, seed)
        assert steps < 5000
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        assert len(state.results) == players  # one round per seat by default
        outcome = state.outcome()
        assert outcome is not None and outcome.termination is Termination.ROUNDS_CHOSEN
        totals = state.report().totals
        assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == max(totals))


@pytest.mark.parametrize("game", sorted(DECKS))
def test_r4_undo_restores_the_exact_state(game: str) -> None:
    rng = random.Random(5)
    state = get_game(game).new(["A", "B"], ["standard-start"])
    assert isinstance(state, RummyState)
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        if step % 7 == 3:
            before = _snapshot(state)
            state.apply(action)
            assert state.undo() == action
            assert _snapshot(state) == before
        state.apply(action)
        step += 1
    # A game reached with undos is the game its history gives afresh.
    full = get_game(game).new(["A", "B"], ["standard-start"])
    assert isinstance(full, RummyState)
    for done in state.history:
        full.apply(done)
    assert _snapshot(full) == _snapshot(state)


def _snapshot(state: RummyState) -> tuple[Any, ...]:
    """Everything the state holds: record, score, options, and the round's insides."""
    inside = None if state.round is None else sorted(vars(state.round).items())
    return (
        json.dumps(state.to_record(), sort_keys=True),
        json.dumps(state.report().to_json(), sort_keys=True),
        state.current_player(),
        repr(state.legal_actions()),
        repr(inside),
        state.results,
    )


@pytest.mark.parametrize("game", sorted(DECKS))
def test_r7_records_round_trip_and_replay_to_the_same_scores(game: str) -> None:
    state = get_game(game).new(["A", "B", "C"], ["standard-start"])
    play_random(state, 3)
    record = state.to_record()
    assert json.loads(json.dumps(record)) == record
    again = get_game(game).from_record(record)
    assert again.to_record() == record
    assert again.report() == state.report()
    assert again.current_player() == CHANCE  # R9: a record's game never ends


def test_r9_the_rounds_option_and_no_end() -> None:
    state = new_game(["A", "B"], deck=13, rounds=3)
    play_random(state, 1)
    assert len(state.results) == 3 and state.report().complete is False
    assert state.report().winners == ()
    open_ended = new_game(["A"], deck=8, rounds=None)
    rng = random.Random(1)
    for _ in range(3000):
        if open_ended.current_player() == CHANCE:
            open_ended.apply(open_ended.sample_chance(rng))
        else:
            open_ended.apply(rng.choice(open_ended.legal_actions()))
    assert not open_ended.is_terminal() and len(open_ended.results) >= 3
    with pytest.raises(GameError, match="rounds"):
        new_game(["A"], rounds=0)


def test_r4_four_games_for_one_to_four_players() -> None:
    assert [spec.name for spec in SPECS] == ["rummy21", "rummy13", "rummy8", "rummy89"]
    assert all((s.min_players, s.max_players) == (1, 4) for s in SPECS)
    assert [type(new_game(["A"], deck=d)).name for d in (21, 13, 8, 89)] == [s.name for s in SPECS]
    with pytest.raises(GameError, match="1-4 players"):
        new_game(["A", "B", "C", "D", "E"])
    with pytest.raises(GameError, match="no deck 34"):
        new_game(["A"], deck=34)


def test_r7_variants_are_named_and_checked() -> None:
    assert all(spec.variants == frozenset({"standard-start"}) for spec in SPECS)
    with pytest.raises(UnknownVariantError, match="standard-start"):
        SPECS[0].new(["A", "B"], ["no-such-variant"])


def test_r5_a_dealt_wild_card_has_no_number() -> None:
    state = new_game(["A"], deck=8)
    deal = state.sample_chance(random.Random(0))
    assert isinstance(deal, Deal)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Deal(deal.dealer, WILD.declared(5)))
    assert caught.value.rule == "R5"
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Deal(deal.dealer, Card(Kind.STANDARD, 13)))
    assert caught.value.rule == "R1"
