"""What lies on the table by a game's journal: the cards a restarted tracker starts from.

The tracker knows a card by what it read: where it lies and its code. :class:`Lying`
follows the card events the flow took, in the same order, and knows what the tracker
knew when the power failed: the cards placed and not removed since (as read), and
the cards sighted in the last moments and never placed (issue 22 item 6). The
buttons change the game, not the tracker: a correction (the card is really R5, in
another zone) and an undo leave it as the tracker has it, so a restarted tracker
starts where the live one was.

    lying = Lying()
    lying.see(CardPlaced(card), at=12.0)
    lying.cards, lying.pending()
"""

from __future__ import annotations

from companion.flows.base import FlowInput
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved, CardSighted

#: Sightings at most this long (seconds of table time) before the journal's last input
#: are still the tracker's candidates when the power fails: a card not confirmed so
#: long after it was first seen was a card in a hand, or is gone.
PENDING_SECONDS = 3.0


class Lying:
    """The cards on the table by the journal's table events: placed and not removed;
    and the cards sighted and not placed since, with when (table time)."""

    def __init__(self) -> None:
        self.cards: dict[str, TableCard] = {}
        self.sighted: dict[str, tuple[float, TableCard]] = {}
        self.last = 0.0  # the latest input's time

    def see(self, event: FlowInput, at: float) -> None:
        """One input at ``at``, after the flow took it."""
        self.last = at
        match event:
            case CardSighted(card=card):
                self.sighted[card.key] = (at, card)
            case CardPlaced(card=card):
                self.sighted.pop(card.key, None)
                self.cards[card.key] = card
            case CardRemoved(card=card):
                self.sighted.pop(card.key, None)
                self.cards.pop(card.key, None)

    def pending(self) -> list[TableCard]:
        """Cards sighted within :data:`PENDING_SECONDS` of the latest input, not placed."""
        since = self.last - PENDING_SECONDS
        return [
            card for at, card in self.sighted.values() if at >= since and card.key not in self.cards
        ]
