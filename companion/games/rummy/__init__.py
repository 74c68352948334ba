"""The Fibonacci rummy games 21, 13, 8 and 89 (Robin Andrews), 1-4 players (R1-R9).

    >>> import random
    >>> from companion.games import CHANCE
    >>> state = new_game(["Ana", "Ben"], deck=8)
    >>> rng = random.Random(2)
    >>> while not state.is_terminal():
    ...     if state.current_player() == CHANCE:
    ...         state.apply(state.sample_chance(rng))
    ...     else:
    ...         state.apply(rng.choice(state.legal_actions()))
    >>> state.report().complete          # R9: the rummy games have no end
    False
    >>> state.outcome().termination      # the match length chosen: one round per seat
    <Termination.ROUNDS_CHOSEN: 'rounds played'>

The referee's questions about a set lying in a meld zone:

    >>> from companion.games.rummy import DECK_21, check_set, parse_cards, wild_numbers
    >>> print(check_set(parse_cards(["B3", "5", "8"], DECK_21), DECK_21))
    incomplete: 5 missing
    >>> wild_numbers(parse_cards(["B3", "5", "8"], DECK_21), DECK_21).completes
    (5,)
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.errors import GameError
from companion.games.faces import FaceGroup
from companion.games.i18n import N_
from companion.games.registry import SEED, GameSpec, OptionKind, OptionSpec
from companion.games.rummy.actions import (
    Action,
    Add,
    Close,
    Deal,
    Discard,
    Draw,
    Move,
    Open,
    Pile,
    Redeclare,
    Reshuffle,
    RoundEnd,
    Start,
    Swap,
    TakeBack,
)
from companion.games.rummy.cards import BONUS, WILD, Card, Kind
from companion.games.rummy.deck import DECK_8, DECK_13, DECK_21, DECK_89, DECKS, Bonus, Deck
from companion.games.rummy.enumeration import completions, count_sets, possible_sets
from companion.games.rummy.errors import RummyActionError, UnknownCardError
from companion.games.rummy.meld import (
    SetStatus,
    SetVerdict,
    WildNumbers,
    arrange,
    check_set,
    wild_fits,
    wild_numbers,
)
from companion.games.rummy.notation import face_reader, parse_card, parse_cards
from companion.games.rummy.round import REARRANGE_LIMIT
from companion.games.rummy.scoring import STANDARD_START, STANDARD_START_LIMIT, table_points
from companion.games.rummy.state import (
    PER_SEAT,
    STATES,
    Rounds,
    Rummy8State,
    Rummy13State,
    Rummy21State,
    Rummy89State,
    RummyState,
)
from companion.games.rummy.table import RoundResult, SeatTable

_BY_TARGET = {state.deck.target: state for state in STATES}


def new_game(
    players: Sequence[str],
    variants: Sequence[str] = (),
    *,
    deck: int = 21,
    rounds: Rounds = PER_SEAT,
) -> RummyState:
    """A new game of Fibonacci ``deck`` (21, 13, 8 or 89) at its first deal.

    ``rounds`` ends the game after that many rounds (default: one per seat);
    ``None`` plays on until the table stops (R9 sets no end).
    """
    if deck not in _BY_TARGET:
        raise GameError(f"rummy: no deck {deck!r} (the decks are 21, 13, 8 and 89)", "R1")
    return _BY_TARGET[deck](players, variants, rounds=rounds)


#: The games' names on the OLED, one per deck.
#: The layout family of the four games: they share the seats' meld zones (R1).
FAMILY = "rummy"
LABELS = {21: N_("Rummy 21"), 13: N_("Rummy 13"), 8: N_("Rummy 8"), 89: N_("Rummy 89")}


def face_groups(deck: Deck) -> tuple[FaceGroup, ...]:
    """The faces of ``deck`` by kind (R1), for choosing a face.

    >>> [group.faces for group in face_groups(DECK_8)][:2]
    [('B2', 'B3', 'B5'), ('2', '3', '5', '8')]
    """
    groups = [
        FaceGroup(N_("Base"), tuple(f"B{n}" for n in deck.bases)),
        FaceGroup(N_("Standard"), tuple(str(n) for n in deck.standards)),
        FaceGroup(N_("Top card"), (str(deck.target),)),
        FaceGroup(N_("Wild"), ("W",)),
    ]
    if deck.bonus is not None:
        groups.append(FaceGroup(N_("Bonus"), ("X",)))
    return tuple(groups)


#: Who deals round 1. The rulebook has the players draw for the deal (the highest card
#: deals) and the player clockwise of the dealer start (R4: turns go clockwise), so the
#: start menus ask it, as Fibonachos' do; the deal then passes clockwise. Unset (the
#: command line without ``--dealer``, a record): the last seat, so SEAT 1 starts.
DEALER = OptionSpec("dealer", OptionKind.SEAT, N_("Who deals?"), N_("{} deals"))


def _spec(state: type[RummyState]) -> GameSpec:
    def new(players: Sequence[str], variants: Sequence[str]) -> RummyState:
        return state(players, variants)

    return GameSpec(
        name=state.name,
        title=f"Fibonacci {state.deck.target}",
        label=LABELS[state.deck.target],
        min_players=1,
        max_players=4,
        variants=state.known_variants,
        options=(SEED, DEALER),
        new=new,
        from_record=state.from_record,
        family=FAMILY,
        face=face_reader(state.deck),
        face_groups=face_groups(state.deck),
    )


#: The four games, in the rulebook's order: 21, 13, 8, 89.
SPECS: tuple[GameSpec, ...] = tuple(_spec(state) for state in STATES)

__all__ = [
    "BONUS",
    "DECKS",
    "DECK_8",
    "DECK_13",
    "DECK_21",
    "DECK_89",
    "FAMILY",
    "PER_SEAT",
    "REARRANGE_LIMIT",
    "SPECS",
    "STANDARD_START",
    "STANDARD_START_LIMIT",
    "WILD",
    "Action",
    "Add",
    "Bonus",
    "Card",
    "Close",
    "Deal",
    "Deck",
    "Discard",
    "Draw",
    "Kind",
    "Move",
    "Open",
    "Pile",
    "Redeclare",
    "Reshuffle",
    "RoundEnd",
    "RoundResult",
    "Rummy8State",
    "Rummy13State",
    "Rummy21State",
    "Rummy89State",
    "RummyActionError",
    "RummyState",
    "SeatTable",
    "SetStatus",
    "SetVerdict",
    "Start",
    "Swap",
    "TakeBack",
    "UnknownCardError",
    "WildNumbers",
    "arrange",
    "check_set",
    "completions",
    "count_sets",
    "new_game",
    "parse_card",
    "parse_cards",
    "possible_sets",
    "table_points",
    "wild_fits",
    "wild_numbers",
]
