"""One conformance test over every registered engine (the OpenSpiel games_sim_test idea).

Random games, seeded, through `GameSpec.new` for every player count and every
single variant: only legal actions are offered, an action offered is accepted,
undo restores the exact state, a clone applying an action equals the original
applying it (and leaves the original alone), a record written at any point of the
game and read back gives the same game, the score stays within the bounds of the
rules, and every game ends.

What a record keeps (DESIGN.md "Game records") is what a table sees. A hex record
keeps every action: read back, it is the same state, legal actions and all. The
hands dealt in random play are not in a Fibonachos or Trump record (F3, T2): read
back, the same seat is to act after as many actions, and every action of the game
is still legal (unseen hands allow any unseen card, F5, T4). A rummy record keeps
the end of each round only (R7): read back, the game stands between rounds. In
every game a record read back keeps the record, the score and the end, and a whole
game's record read back twice gives the same state twice.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_probe import glance, snapshot

from companion.games import (
    CHANCE,
    TERMINAL,
    CardGameReport,
    FibonachosRound,
    GameSpec,
    GameState,
    HexReport,
    RoundScore,
    Termination,
    TrumpRound,
    all_games,
)
from companion.games.fibonachos import layout
from companion.games.hex import HexRefereeState, HexState, opening_allowance
from companion.games.hex.game import HexGame
from companion.games.rummy import DECKS
from companion.games.rummy.scoring import CLOSED_SET, GOING_OUT, open_penalty
from companion.games.trump import POINTS, TARGET, winner_at_end

MAX_ACTIONS = 20_000
#: A clone is checked, and a record written and read back, at about this many points of
#: the first few actions, then ever more rarely (see :func:`_due`).
CHECKS = 3
#: Games whose record keeps every action, nothing being hidden from the table (H1-H5).
WHOLE_RECORD = {"hex"}
#: Games whose record keeps the end of each round only (R7), not a round under way.
ROUND_ENDS_ONLY = set(DECKS)
#: Games whose record keeps each turn's final count, not the corrections made on the way
#: (the hex referee: a strike count set twice in a turn is one count, H2).
FINAL_COUNTS = {"hex-referee"}


def _configs() -> list[tuple[GameSpec, int, tuple[str, ...]]]:
    configs = []
    for spec in all_games():
        for players in range(spec.min_players, spec.max_players + 1):
            for variants in [(), *((v,) for v in sorted(spec.variants))]:
                configs.append((spec, players, variants))
    return configs


CONFIGS = _configs()


# -- score bounds, per game, from RULES.md ----------------------------------------------------


def _fibonachos_bounds(report: CardGameReport[RoundScore], players: int) -> None:
    table = layout(players)
    for rnd in report.rounds:
        assert isinstance(rnd, FibonachosRound)
        # F1: the spicy deck holds three each of 0, 1, 2, 3, 5: 33 in all.
        assert all(s >= 0 for s in rnd.spicy) and sum(rnd.spicy) <= 3 * (0 + 1 + 2 + 3 + 5)
        # F3: every trick of the round is won by someone.
        assert sum(rnd.tricks) == table.tricks
        # F7: a spicy total scores itself or the next Fibonacci number (at most 21 -> 34),
        # 0 the best score of the round or 34 (zero-scores-34): 0-34 in all.
        assert all(0 <= p <= 34 for p in rnd.points)
    # F8: three rounds.
    assert len(report.rounds) <= 3 and all(0 <= t <= 3 * 34 for t in report.totals)


def _trump_bounds(report: CardGameReport[RoundScore], players: int) -> None:
    running = [0] * players
    for number, rnd in enumerate(report.rounds, start=1):
        assert isinstance(rnd, TrumpRound)
        # T1, T5: ten cards show the indicated symbol, and every card ends in a won pile.
        assert sum(rnd.symbols) == 10 and all(0 <= s <= 10 for s in rnd.symbols)
        # T6: the points are the table's for the symbols won.
        assert rnd.points == tuple(POINTS[s] for s in rnd.symbols)
        running = [t + p for t, p in zip(running, rnd.points, strict=True)]
        # T7: the game ends after the first round with one highest total of 144 or more.
        ended = winner_at_end(running) is not None
        assert ended == (number == len(report.rounds) and report.complete)
    assert all(0 <= t <= 34 * len(report.rounds) for t in report.totals)
    if report.complete:
        assert max(report.totals) >= TARGET and len(report.winners) == 1


def _rummy_bounds(report: CardGameReport[RoundScore], players: int) -> None:
    deck = DECKS[report.game]
    most_closed = CLOSED_SET * deck.max_sets
    # R7: a card in the hand costs twice its number, a wild card 100: no seat can lose
    # more than twice the whole deck (R1).
    least = -2 * sum(open_penalty(card, deck) for card in deck.contents)
    for rnd in report.rounds:
        # R6, R7: the player out closed every set (80 + 20 each); the others score at
        # most 20 a closed set, so one seat at most scores above that.
        assert all(least <= p <= GOING_OUT + most_closed for p in rnd.points)
        assert sum(1 for p in rnd.points if p > most_closed) <= 1
    # R9: the rummy games have no end, so no winner in the score.
    assert not report.complete and report.winners == ()


def _hex_bounds(report: HexReport, variants: tuple[str, ...]) -> None:
    for number, turn in enumerate(report.turns, start=1):
        assert isinstance(turn.moves, tuple)
        if "cards" in variants:
            # H5: a move card of 1-6, no reduction.
            assert 1 <= turn.allowed <= 6
        else:
            # H2: 1-5 in the opening, then 6, less one per strike piece; never below 0.
            assert 0 <= turn.allowed <= opening_allowance(number)
        assert len(turn.moves) <= turn.allowed
    assert report.complete == (report.winner is not None)


def _referee_bounds(report: HexReport, variants: tuple[str, ...]) -> None:
    for number, turn in enumerate(report.turns, start=1):
        if "cards" in variants:
            # H5: a move card of 1-6 (0 while it waits to be turned up), no reduction.
            assert turn.strikes == 0 and 0 <= turn.allowed <= 6
        else:
            # H2: 1-5 in the opening, then 6, less one per strike piece; never below 0.
            assert 0 <= turn.allowed <= opening_allowance(number)
        assert isinstance(turn.moves, int) and 0 <= turn.moves <= turn.allowed
    assert report.complete == (report.winner is not None)


BOUNDS: dict[str, Callable[[CardGameReport[RoundScore], int], None]] = {
    "fibonachos": _fibonachos_bounds,
    "trump": _trump_bounds,
    **{game: _rummy_bounds for game in DECKS},
}


def check_bounds(state: GameState[Any], players: int, variants: tuple[str, ...]) -> None:
    """The score of ``state`` stays within what the rules allow (rule ids above)."""
    report = state.report()
    if isinstance(report, HexReport):
        bounds = _referee_bounds if report.game == "hex-referee" else _hex_bounds
        bounds(report, variants)
        return
    assert all(len(r.points) == players for r in report.rounds)
    assert report.totals == tuple(
        sum(r.points[seat] for r in report.rounds) for seat in range(players)
    )
    BOUNDS[report.game](report, players)


# -- clones and records at any point ------------------------------------------------------------


def check_clone(state: GameState[Any], action: Any) -> None:
    """A clone applying ``action`` equals the original applying it; the original stays."""
    before = snapshot(state)
    clone = state.clone()
    clone.apply(action)
    assert snapshot(state) == before
    state.apply(action)
    assert snapshot(clone) == snapshot(state)
    state.undo()
    assert snapshot(state) == before


def check_record(spec: GameSpec, state: GameState[Any]) -> None:
    """A record written now reads back to the same game (module docstring)."""
    record = json.loads(json.dumps(state.to_record()))
    again = spec.from_record(record)
    assert again.to_record() == record
    assert again.report() == state.report() and again.flags() == state.flags()
    ended = state.outcome()
    if ended is None or ended.termination is not Termination.ROUNDS_CHOSEN:
        # R9: a rummy match ends when the table chooses, which no record says.
        assert again.outcome() == ended
    if spec.name in WHOLE_RECORD:
        assert again.history == state.history and snapshot(again) == snapshot(state)
        return
    if spec.name in ROUND_ENDS_ONLY:
        assert again.current_player() == CHANCE and len(again.history) == len(state.report().rounds)
    else:
        assert again.current_player() == state.current_player()
        if spec.name not in FINAL_COUNTS:
            assert len(again.history) == len(state.history)
        offered = set(again.legal_actions())
        assert all(action in offered for action in state.legal_actions())
    if state.is_terminal():
        # What was read writes the record it was read from (above), so reading that
        # again is the same reading: it is done once a game, at the end.
        twice = spec.from_record(json.loads(json.dumps(again.to_record())))
        assert snapshot(twice) == snapshot(again) and twice.history == again.history


def _due(checks: random.Random, step: int) -> bool:
    """A check at action ``step`` with the chance ``CHECKS / (step + CHECKS)``: some in
    every game, however short, and about ``CHECKS * ln(n)`` in a game of n actions (a
    game of Trump to 144 runs to thousands, and each check copies or replays them all)."""
    return checks.random() * (step + CHECKS) < CHECKS


def play_random_game(
    spec: GameSpec, players: int, variants: tuple[str, ...], seed: int
) -> GameState[Any]:
    rng = random.Random(seed)
    checks = random.Random(-seed)
    names = [f"P{i}" for i in range(players)]
    state = spec.new(names, variants)
    for step in range(MAX_ACTIONS):
        player = state.current_player()
        if player == TERMINAL:
            assert state.is_terminal()
            assert state.outcome() is not None
            assert state.legal_actions() == [] or len(state.legal_actions()) == 0
            check_record(spec, state)
            check_bounds(state, players, variants)
            return state
        assert state.outcome() is None
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            assert 0 <= player < players
            legal = list(state.legal_actions())
            assert legal, f"{spec.name}: player {player} to act with no legal action"
            action = rng.choice(legal)
            assert state.is_legal(action)
        if step % 17 == 5:
            # Undo restores the exact state, then the game goes on as before (the
            # record too: check_clone compares it, and tests/games/test_undo.py
            # compares everything an engine holds).
            before = glance(state)
            state.apply(action)
            assert state.undo() == action
            assert glance(state) == before
        if _due(checks, step):
            check_clone(state, action)
        if _due(checks, step):
            check_record(spec, state)
            check_bounds(state, players, variants)
        state.apply(action)
    raise AssertionError(f"{spec.name} with {players} players did not end in {MAX_ACTIONS} actions")


#: Three random games of each configuration: the first in the fast set, the other two in
#: the slow set (a game of Trump to 144 is thousands of actions).
SEEDS = [0, *(pytest.param(seed, marks=pytest.mark.slow) for seed in (1, 2))]


@pytest.mark.parametrize("seed", SEEDS, ids=lambda seed: f"seed{seed}")
@pytest.mark.parametrize(
    ("spec", "players", "variants"),
    CONFIGS,
    ids=[f"{s.name}-{n}p-{'+'.join(v) or 'base'}" for s, n, v in CONFIGS],
)
def test_random_games_follow_the_engine_contract(
    spec: GameSpec, players: int, variants: tuple[str, ...], seed: int
) -> None:
    """The engine contract (the module's docstring) over a random game: it ends, its
    record is plain JSON, and a clone undone to its start leaves it alone."""
    state = play_random_game(spec, players, variants, seed)
    record = state.to_record()
    # A record is plain JSON and replays to the same scores.
    assert json.loads(json.dumps(record)) == record
    assert record["game"] == spec.name
    # A clone is a copy, not a view: undoing all of it leaves the original.
    before = snapshot(state)
    clone = state.clone()
    while clone.history:
        clone.undo()
    assert snapshot(state) == before


def test_every_game_is_registered_once() -> None:
    names = [spec.name for spec in all_games()]
    assert len(names) == len(set(names))
    assert set(names) == {
        "fibonachos",
        "trump",
        "rummy21",
        "rummy13",
        "rummy8",
        "rummy89",
        "hex",
        "hex-referee",
    }


def test_the_two_hex_modes_are_one_engine_and_both_conform() -> None:
    """Issue 23 item 3: one hex package with two modes, the board read (``hex``) and the
    count from buttons (``hex-referee``); the contract above runs over both, with and
    without the move cards (H2, H5)."""
    modes = {spec.name: spec for spec, _, _ in CONFIGS if spec.name.startswith("hex")}
    board = modes["hex"].new(["Black", "White"], [])
    counted = modes["hex-referee"].new(["Black", "White"], [])
    assert isinstance(board, HexState) and isinstance(counted, HexRefereeState)
    assert isinstance(board, HexGame) and isinstance(counted, HexGame)
    tested = {(spec.name, variants) for spec, _, variants in CONFIGS}
    assert {(name, v) for name in modes for v in [(), ("cards",)]} <= tested
