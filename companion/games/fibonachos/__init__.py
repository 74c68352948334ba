"""Fibonachos (Jordy Adan): the rules engine, 2-5 players, three rounds (RULES.md F1-F8).

    >>> import random
    >>> from companion.games import CHANCE
    >>> rng = random.Random(7)
    >>> state = new_game(["Ana", "Ben", "Cy"])
    >>> while not state.is_terminal():
    ...     if state.current_player() == CHANCE:
    ...         state.apply(state.sample_chance(rng))
    ...     else:
    ...         state.apply(rng.choice(state.legal_actions()))
    >>> report = state.report()
    >>> report.complete, report.totals, report.winners
    (True, (50, 26, 49), (0,))
    >>> state.outcome().termination
    <Termination.LAST_ROUND: 'three rounds played'>

At a real table the hands are unseen: apply ``Deal()`` (no hands) and any card not
yet seen this round is playable, a proven revoke becoming a flag (F5).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.faces import FaceGroup, coloured
from companion.games.fibonachos.actions import Action, Deal, Play, Reveal
from companion.games.fibonachos.cards import RANKS, SPICY_VALUES, Nacho, Spicy, Suit, parse_card
from companion.games.fibonachos.deck import Layout, layout, nacho_deck, spicy_deck
from companion.games.fibonachos.errors import (
    FibonachosActionError,
    SetupError,
    UnknownCardError,
)
from companion.games.fibonachos.scoring import (
    NO_TRICKS_ONLY,
    VARIANTS,
    ZERO_SCORES_34,
    round_points,
    spicy_points,
)
from companion.games.fibonachos.state import ROUNDS, FibonachosState
from companion.games.fibonachos.trick import winner_index
from companion.games.i18n import N_
from companion.games.registry import SEED, GameSpec, OptionKind, OptionSpec


def new_game(
    players: Sequence[str], variants: Sequence[str] = (), *, first_dealer: int | None = None
) -> FibonachosState:
    """A new game at its first chance node (the deal of round 1).

    ``first_dealer`` deals round 1 (default: the last seat, so seat 0 leads, F8).
    Unknown variants raise :class:`~companion.games.errors.UnknownVariantError`.
    """
    return FibonachosState(players, variants, first_dealer=first_dealer)


def _new(players: Sequence[str], variants: Sequence[str]) -> FibonachosState:
    return new_game(players, variants)


#: F8: who deals round 1 (unset: the last seat, so the first seat leads).
DEALER = OptionSpec("dealer", OptionKind.SEAT, N_("Who deals?"), N_("{} deals"))

#: The suits and the spicy cards (F1), for choosing a face: the 1 is there twice.
FACE_GROUPS = (
    *(
        FaceGroup(label, tuple(f"{suit.value}{n}" for n in dict.fromkeys(RANKS)))
        for suit, label in (
            (Suit.RED, N_("Red")),
            (Suit.GREEN, N_("Green")),
            (Suit.YELLOW, N_("Yellow")),
        )
    ),
    FaceGroup(N_("Spicy"), tuple(f"S{v}" for v in SPICY_VALUES)),
)

SPEC = GameSpec(
    name="fibonachos",
    title="Fibonachos",
    label=N_("Fibonachos"),
    min_players=2,
    max_players=5,
    variants=VARIANTS,
    options=(DEALER, SEED),
    new=_new,
    from_record=FibonachosState.from_record,
    face=coloured({"R": "red", "G": "green", "Y": "yellow", "S": "spicy"}),
    face_groups=FACE_GROUPS,
    over="the match is over",
)

__all__ = [
    "NO_TRICKS_ONLY",
    "ROUNDS",
    "SPEC",
    "VARIANTS",
    "ZERO_SCORES_34",
    "Action",
    "Deal",
    "FibonachosActionError",
    "FibonachosState",
    "Layout",
    "Nacho",
    "Play",
    "Reveal",
    "SetupError",
    "Spicy",
    "Suit",
    "UnknownCardError",
    "layout",
    "nacho_deck",
    "new_game",
    "parse_card",
    "round_points",
    "spicy_deck",
    "spicy_points",
    "winner_index",
]
