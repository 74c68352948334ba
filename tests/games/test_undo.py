"""Undo is a stack (issue 23, "One history"; issue 20, item 4): every engine takes back
exactly the last action, in constant time, as python-chess's ``push``/``pop``.

Exactly: after any run of random actions and the same number of undos, the engine is
what it was, inside and out: what it answers (``engine_probe.snapshot``: the record,
the score, the legal actions in their order, whose turn, the end, the flags, the
history) and what it holds, object by object (:func:`inside`). A game reached by
actions and undos mixed is the game reached by its history alone. Played with the
hands dealt openly and, for the card games, unseen as at a real table (any unseen card
is legal, so revokes are flagged: F5, T4; rummy hands are hidden counts, R4), and read
back from records (rummy's are rounds known by their end, R7).

Constant time: an undo carries out no action at all (it used to reset the engine and
carry out the whole history again: 431,895 steps for 12,884 undos in one conformance
case). ``bench/undo.py`` measures the time.
"""

from __future__ import annotations

import random
from enum import Enum
from typing import Any

import pytest
from engine_probe import count_steps, snapshot

from companion.games import (
    CHANCE,
    TERMINAL,
    GameSpec,
    GameState,
    IllegalActionError,
    all_games,
    fibonachos,
    rummy,
    trump,
)
from companion.games.hex import Resign, Win
from companion.games.random_play import random_record

#: How far each random game goes: several rounds of every card game, whole hex games.
LIMIT = 400
#: The stacks an engine keeps for undo, compared by their length: what is in them is
#: checked by undoing through them (a wrong entry leaves a wrong state behind).
STACKS = frozenset({"_saved", "_before", "_played"})
#: A player's actions that end a hex game at once, chosen rarely so that games last.
ENDINGS = (Resign, Win)
#: Games whose deals can hide the hands, as the companion at a real table sees them.
HIDDEN = {"fibonachos", "trump", *rummy.DECKS}


def inside(value: object) -> object:
    """Everything ``value`` holds, copied into plain values to compare: lists and tuples
    item by item, mappings by key (the order of a mapping counts where it is seen: in
    the legal actions, in the record), sets as sets, values that cannot change (cards,
    turns, positions) as they are, any other object by its attributes."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if isinstance(value, list | tuple):
        return (kind.__name__, tuple(inside(item) for item in value))
    if isinstance(value, dict):
        items = ((repr(key), inside(item)) for key, item in value.items())
        return (kind.__name__, tuple(sorted(items, key=lambda pair: pair[0])))
    if isinstance(value, set | frozenset):
        return frozenset(inside(item) for item in value)
    if _as_is(kind) or not hasattr(value, "__dict__"):
        try:
            hash(value)
        except TypeError:
            pass
        else:
            return value
    return (
        kind.__name__,
        tuple(
            (name, len(item) if name in STACKS else inside(item))
            for name, item in sorted(vars(value).items())
        ),
    )


#: Values that cannot change and hold nothing: kept as they are without a look.
_ATOMS = frozenset({int, float, str, bool, bytes, type(None)})


def _as_is(kind: type) -> bool:
    """Whether a hashable value of ``kind`` is compared as it is (as is one without
    attributes): an enum, or a value with its own equality (a card, a turn)."""
    known = _KINDS.get(kind)
    if known is None:
        known = _KINDS[kind] = issubclass(kind, Enum) or kind.__eq__ is not object.__eq__
    return known


_KINDS: dict[type, bool] = {}


def whole(state: GameState[Any]) -> tuple[Any, ...]:
    return snapshot(state), inside(state)


def hide(state: GameState[Any], action: Any, rng: random.Random) -> Any:
    """``action`` as a real table deals: the hands unseen (F3, T2 and T3, R4)."""
    if isinstance(action, fibonachos.Deal):
        return fibonachos.Deal()
    if isinstance(action, trump.Deal) and isinstance(state, trump.TrumpState):
        # T3: with the hands unseen the first round's leader is told; later ones follow.
        leader = None if state.rounds else rng.randrange(len(state.players))
        return trump.Deal(action.trump, action.symbol, leader=leader)
    if isinstance(action, rummy.Deal):
        return rummy.Deal(action.dealer, action.upcard)
    return action


def next_action(state: GameState[Any], rng: random.Random, *, hidden: bool) -> Any | None:
    """A random legal action (chance's included), ``None`` once the game cannot go on:
    over, or an unseen rummy round that only the table can score (R7)."""
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player != CHANCE:
        legal = list(state.legal_actions())
        going_on = [action for action in legal if not isinstance(action, ENDINGS)]
        return rng.choice(going_on if going_on and rng.random() < 0.98 else legal)
    try:
        action = state.sample_chance(rng)
    except IllegalActionError:
        return None
    return hide(state, action, rng) if hidden else action


def new_game(spec: GameSpec, players: int, variants: tuple[str, ...]) -> GameState[Any]:
    return spec.new([f"P{seat}" for seat in range(players)], list(variants))


def _configs() -> list[tuple[GameSpec, int, tuple[str, ...], bool]]:
    configs = []
    for spec in all_games():
        for players in sorted({spec.min_players, spec.max_players}):
            for variants in [(), *((v,) for v in sorted(spec.variants))]:
                configs.append((spec, players, variants, False))
            if spec.name in HIDDEN:
                configs.append((spec, players, (), True))
    return configs


CONFIGS = _configs()
IDS = [
    f"{spec.name}-{n}p-{'+'.join(v) or 'base'}{'-unseen' if hidden else ''}"
    for spec, n, v, hidden in CONFIGS
]


@pytest.mark.parametrize(("spec", "players", "variants", "hidden"), CONFIGS, ids=IDS)
def test_undo_returns_exactly_to_the_state_before(
    spec: GameSpec, players: int, variants: tuple[str, ...], hidden: bool
) -> None:
    """Issue 23: random runs of one to four actions, each undone, leave the engine as it
    was, inside and out; the game then goes on, and equals its history replayed afresh.
    Undone all the way, it is a new game (revokes F5, T4 and their flags included)."""
    rng = random.Random(f"{spec.name}-{players}-{variants}-{hidden}")
    state = new_game(spec, players, variants)
    start = whole(state)
    for _ in range(LIMIT):
        if rng.random() < 0.2:
            before = whole(state)
            done = []
            for _ in range(rng.randint(1, 4)):
                action = next_action(state, rng, hidden=hidden)
                if action is None:
                    break
                state.apply(action)
                done.append(action)
            for action in reversed(done):
                assert state.undo() == action
            assert whole(state) == before
        action = next_action(state, rng, hidden=hidden)
        if action is None:
            break
        state.apply(action)
    fresh = new_game(spec, players, variants)
    for action in state.history:
        fresh.apply(action)
    assert whole(fresh) == whole(state)
    while state.history:
        state.undo()
    assert whole(state) == start


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_undo_carries_out_no_action(spec: GameSpec) -> None:
    """Issue 23: an undo takes the action back instead of replaying the history before
    it, so undoing a whole game carries out nothing, and applying an action carries out
    that action once. (Replaying made 431,895 steps for 12,884 undos in one case.)"""
    rng = random.Random(spec.name)
    state = new_game(spec, spec.max_players, ())
    steps = count_steps(state)
    applied = 0
    while (action := next_action(state, rng, hidden=False)) is not None and applied < LIMIT:
        state.apply(action)
        applied += 1
    assert steps[0] == applied > 20
    while state.history:
        state.undo()
    assert steps[0] == applied


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.name)
def test_a_record_read_back_undoes_to_its_start_and_replays(spec: GameSpec) -> None:
    """A game read from its record (R7: rummy's rounds known by their end) undoes action
    by action to the start, and each action applied again gives the state it left."""
    # A rummy record is one action a round (R7): let its game run to several rounds.
    # The others: several rounds or turns (every step compares the whole engine).
    played = 10 * LIMIT if spec.name in rummy.DECKS else LIMIT // 2
    record = random_record(spec.name, ["Ana", "Ben"], [], random.Random(7), max_actions=played)
    state = spec.from_record(record)
    end = whole(state)
    backwards = []
    while state.history:
        backwards.append((whole(state), state.undo()))
    for before, action in reversed(backwards):
        state.apply(action)
        assert whole(state) == before
    assert whole(state) == end and state.to_record() == record
