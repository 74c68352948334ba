"""A card from the table as the rummy game's card: the printed decks a game takes (R1).

One printed Deck 21 plays Fibonacci 21, 13 and 8 (:mod:`companion.games.rummy.printed`
knows which card of it is which card of each game): a Deck 21 card at Fibonacci 13 or 8
becomes that game's card, one the game takes out is refused with what to do (put it
back in the box), a card of another game's deck is refused as such.

    >>> card = TableCard("k", "rummy21", "B13#2", "meld-0")
    >>> as_played(card, "rummy13").notation, as_played(card, "rummy13").deck
    ('13#2', 'rummy13')
    >>> try:
    ...     as_played(TableCard("k", "rummy21", "21#1", "meld-0"), "rummy8")
    ... except RefusedError as exc:
    ...     print(exc.said.say.name, exc.said.card, exc.said.deck)
    LEFT_OUT 21 rummy21
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.errors import RefusedError
from companion.flows.said import Said, Say
from companion.games.rummy import UnknownCardError
from companion.games.rummy.printed import LeftOutError, played_as, printed_decks
from companion.table.cards import TableCard


def as_played(card: TableCard, game: str) -> TableCard:
    """``card`` as ``game``'s card (deck and notation), or :class:`RefusedError`."""
    if card.deck == game:
        return card
    if card.face_down:  # known by its key: its face is not read again
        notation = card.notation if card.deck in printed_decks(game) else None
    else:
        try:
            notation = played_as(card.deck, card.notation, game)
        except LeftOutError as exc:
            said = Said(Say.LEFT_OUT, card=exc.card, deck=card.deck)
            raise RefusedError(exc.what, exc.rule, said) from None
        except UnknownCardError as exc:
            raise RefusedError(exc.what, exc.rule, Said(Say.UNKNOWN_CARD)) from None
    if notation is None:
        raise RefusedError(
            f"a card of the {card.deck} deck, not of {game}", "R1", Said(Say.WRONG_DECK)
        )
    return replace(card, deck=game, notation=notation)
