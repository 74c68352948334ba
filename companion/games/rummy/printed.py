"""The printed decks a rummy game is played with, and what each printed card is there (R1).

The rulebook plays Fibonacci 13 and 8 with Deck 21 "with cards removed": one printed
Deck 21 plays 21, 13 and 8. Deck 13 is Deck 21 less the four 21s and the twelve
standard 13s, its base 13s being its top card ``13``; Deck 8 is Deck 13 less the base
13s and the bonus cards, its base 8s being its top card ``8`` (the twelve standard 8s
follow them: ``8#5`` ... ``8#16``). A game also takes its own printed deck (players who
printed Deck 13 or Deck 8 keep playing with it); Deck 89 is its own deck.

    >>> played_as("rummy21", "B13#2", "rummy13"), played_as("rummy21", "8#3", "rummy8")
    ('13#2', '8#7')
    >>> played_as("rummy13", "13#2", "rummy13"), played_as("fibonachos", "R1#1", "rummy13")
    ('13#2', None)
    >>> try:
    ...     played_as("rummy21", "13#4", "rummy13")
    ... except LeftOutError as exc:
    ...     print(exc, exc.card)
    Deck 21's card '13#4' (standard 13) is not played in rummy13: it is taken out (R1) 13
    >>> printed_as("8#7", "rummy8")
    '8#3'
"""

from __future__ import annotations

from functools import cache

from companion.games.rummy.cards import Card, Kind
from companion.games.rummy.deck import DECK_21, DECKS, TOP_COPIES, Deck
from companion.games.rummy.errors import UnknownCardError
from companion.games.rummy.notation import parse_card

#: The printed deck every game of the Deck 21 family may be played with (R1).
SHARED_DECK = DECK_21.game
#: The games played with printed Deck 21 cards besides their own printed deck.
FROM_DECK_21 = frozenset({"rummy13", "rummy8"})


class LeftOutError(UnknownCardError):
    """A card of the printed deck that the game takes out (R1); ``card`` is its face
    as the printed deck names it (``21``, ``13``, ``B13``, ``X``)."""

    def __init__(self, card: Card, game: str) -> None:
        kinds = {Kind.TOP: "top", Kind.BASE: "base", Kind.STANDARD: "standard"}
        what = f"{kinds.get(card.kind, 'bonus')} {card.number or ''}".strip()
        super().__init__(
            f"Deck 21's card '{card}' ({what}) is not played in {game}: it is taken out"
        )
        self.card = str(card.face)


def printed_decks(game: str) -> tuple[str, ...]:
    """The printed decks whose cards ``game`` takes: its own, then Deck 21 for 13 and 8.

    >>> printed_decks("rummy8"), printed_decks("rummy89")
    (('rummy8', 'rummy21'), ('rummy89',))
    """
    return (game, SHARED_DECK) if game in FROM_DECK_21 else (game,)


def played_as(deck: str, notation: str, game: str) -> str | None:
    """The notation in ``game`` of the printed card ``notation`` of ``deck``.

    None: ``deck`` is not one ``game`` is played with (a card of another game).
    Raise :class:`LeftOutError` for a Deck 21 card the game takes out, and
    :class:`UnknownCardError` for a notation the printed deck does not hold.
    """
    if deck not in printed_decks(game):
        return None
    if deck == game:
        return notation
    return str(_from_deck_21(parse_card(notation, DECK_21), DECKS[game]))


def _from_deck_21(card: Card, deck: Deck) -> Card:
    """R1: a Deck 21 card as ``deck``'s, or :class:`LeftOutError`."""
    kind, number, serial = card.kind, card.number, card.serial
    if kind is Kind.BASE and number == deck.target:  # the base cards that are its top card
        return Card(Kind.TOP, number, serial)
    if kind is Kind.BASE and number in deck.bases:
        return card
    if kind is Kind.STANDARD and number in deck.standards:
        if number == deck.target and serial is not None:  # after the top cards: 8#5 ...
            return Card(Kind.STANDARD, number, serial + TOP_COPIES)
        return card
    if kind is Kind.WILD or (kind is Kind.BONUS and deck.bonus is not None):
        return card
    raise LeftOutError(card, deck.game)


@cache
def _printed(game: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for physical in dict.fromkeys(DECK_21.contents):
        for serial in range(1, DECK_21.copies(physical) + 1):
            name = str(Card(physical.kind, physical.number, serial))
            try:
                out[str(_from_deck_21(parse_card(name, DECK_21), DECKS[game]))] = name
            except LeftOutError:
                continue
    return out


def printed_as(notation: str, game: str) -> str:
    """The Deck 21 card that is ``game``'s card ``notation`` (with its serial): what a
    table playing ``game`` with Deck 21 lays for it. Raise :class:`UnknownCardError`."""
    if game not in FROM_DECK_21:
        raise UnknownCardError(f"{game} is not played with Deck 21's cards")
    printed = _printed(game).get(notation)
    if printed is None:
        raise UnknownCardError(f"no Deck 21 card is {notation!r} of {game}")
    return printed
