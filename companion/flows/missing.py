"""A trick cleared with a card unread: noticed at once, asked for, and nothing shifts.

A card swept up within a fraction of a second of landing (or put down in the moment
the power failed) may never be confirmed by the tracker. Were nothing done, the next
trick's first card would become the missing play and every later trick would be one
play off, the round ending a trick short. So the trick flows watch the removals
they otherwise ignore (issue 10 item 4):

- a trick is *cleared* when every card of it on record (its plays, and the prize
  Fibonachos reveals for it) has left the table while the trick still waits for
  plays; a card put down again at once (nudged) is back, and nothing is missing;
- then the flow asks for the missing card: its status awaits
  :attr:`~companion.flows.status.Awaiting.MISSING_CARD` with a
  :class:`~companion.flows.status.MissingCard` fact (whose card, and the faces the
  rules leave for it, first those the camera saw in the play area during the trick
  without confirming them: the journal's sightings), and an INFO notice says so;
- the players give it with :class:`~companion.flows.commands.Missing` (the OLED's
  menu): it is played as if it had been read;
- meanwhile the game waits, and the cards put down are **held**, not refused: they
  are played in order, as if put down then, once the missing card is given (people
  who go on playing need not take their cards back). An undo takes back the last
  held card first. A held card picked up again is forgotten.

A restarted daemon does the same for a trick cleared while it was down: its tracker
starts from what the journal says lies on the table, and the cards no longer there
are removed (``companion.daemon.runtime``).
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from companion.flows.base import EngineFlow, Notice, NoticeKind
from companion.flows.commands import Missing
from companion.flows.errors import RefusedError
from companion.flows.notices import info
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, FlowStatus, MissingCard, TrickStatus
from companion.table.cards import TableCard

if TYPE_CHECKING:
    from companion.flows.trick_corrections import Step


def _face(notation: str) -> str:
    return notation.split("#", 1)[0]


class MissingCards(EngineFlow):
    """The missing-card watch of :class:`~companion.flows.tricks.TrickFlow` (module docstring)."""

    #: Uses of accepted cards that belong to the trick under way and go with it.
    trick_uses: ClassVar[frozenset[str]] = frozenset({"play"})
    deck: str
    steps: list[Step]
    refused: dict[str, TableCard]

    def _watch(self) -> None:
        """Start watching (the flow's ``__init__``): nothing cleared, seen or held."""
        #: Keys of accepted cards that left the table (or never lay there: given).
        self.cleared: set[str] = set()
        #: Cards seen in the play area, not confirmed: key -> ((round, tricks done), card).
        self.sightings: dict[str, tuple[tuple[int, int], TableCard]] = {}
        #: Cards put down while a card is missing, in order.
        self.held: list[TableCard] = []

    # -- what the trick flow provides -------------------------------------------------------

    @abstractmethod
    def _where(self, card: TableCard, kept: str | None = None) -> tuple[str, int | None] | None: ...

    @abstractmethod
    def _round_number(self) -> int: ...

    @abstractmethod
    def _tricks_done(self) -> int: ...

    @abstractmethod
    def _open_plays(self) -> int: ...

    @abstractmethod
    def _offer(self, card: TableCard, use: str, seat: int | None) -> list[Notice]: ...

    @abstractmethod
    def _table_status(self) -> FlowStatus:
        """The game's status as the table shows it (the missing card aside)."""

    @abstractmethod
    def _legal_plays(self) -> tuple[str, ...]:
        """The faces the next play may have by the rules (cards not yet played...)."""

    # -- the table ---------------------------------------------------------------------------

    def _open_trick_keys(self) -> list[str]:
        """Keys of the cards on record of the trick under way (its plays, its prize)."""
        current, wanted = self._round_number(), self._open_plays()
        keys: list[str] = []
        plays = 0
        for step in reversed(self.steps):
            if step.round != current:
                break
            if step.use == "play":
                if plays == wanted:
                    break
                plays += 1
                keys.append(step.card.key)
            elif step.use in self.trick_uses:
                keys.append(step.card.key)
        return keys

    def _cleared(self) -> bool:
        """The trick under way has plays, and every card of it left the table."""
        if self.is_over() or self._open_plays() == 0:
            return False
        return set(self._open_trick_keys()) <= self.cleared

    def missing(self) -> MissingCard | None:
        """The card the flow waits for, if a trick was cleared without it."""
        if not self._cleared():
            return None
        status = self._table_status()
        assert isinstance(status, TrickStatus) and status.to_play is not None
        legal = self._legal_plays()
        seen = [c for c in self._seen_cards() if _face(c.notation) in legal]
        first = tuple(dict.fromkeys(_face(c.notation) for c in seen))
        rest = tuple(face for face in legal if face not in first)
        return MissingCard(status.to_play, status.trick, first + rest, first, len(self.held))

    def _seen_cards(self) -> list[TableCard]:
        """Cards that may be the missing one: seen during the trick but never read,
        then the cards held (one may be the missing card, put back)."""
        now = (self._round_number(), self._tricks_done())
        used = {step.card.key for step in self.steps} | set(self.refused)
        seen = [card for when, card in self.sightings.values() if when == now]
        return [card for card in seen if card.key not in used] + self.held

    def _hold(self, card: TableCard) -> bool:
        """A card put down while a card is missing is held (True); else False."""
        if not self._cleared():
            return False
        if all(held.key != card.key for held in self.held):
            self.held.append(card)
        return True

    def _back(self, card: TableCard) -> list[Notice]:
        """A card put down lies on the table again: if it was a card of the cleared
        trick, nothing is missing after all, and the held cards are played."""
        if card.key not in self.cleared:
            return []
        self.cleared.discard(card.key)
        return self._release()

    def _held_notice(self, card: TableCard) -> list[Notice]:
        wanted = self.missing()
        assert wanted is not None
        name = self.names[wanted.seat]
        said = Said(Say.HELD, card=card.notation, seat=wanted.seat, number=wanted.trick)
        message = f"{_face(card.notation)} held: {name}'s card of trick {wanted.trick} first"
        return [info(message, said)]

    def _gone(self, card: TableCard) -> list[Notice]:
        """A card left the table: a held one is forgotten; the last of a trick under way
        makes the missing card asked for."""
        if any(held.key == card.key for held in self.held):
            self.held = [held for held in self.held if held.key != card.key]
            return []
        if card.key not in self._open_trick_keys() or self._cleared():
            return []
        self.cleared.add(card.key)
        wanted = self.missing()
        if wanted is None:
            return []
        name = self.names[wanted.seat]
        message = f"trick {wanted.trick} was cleared before {name}'s card was read"
        said = Said(Say.CARD_MISSING, seat=wanted.seat, number=wanted.trick)
        return [Notice(NoticeKind.INFO, message, None, seat=wanted.seat, detail=wanted, said=said)]

    def sighted(self, card: TableCard) -> list[Notice]:
        """Remember a card seen in the play area while no card is missing."""
        where = self._where(card)
        if card.deck != self.deck or where is None or where[0] != "play" or self._cleared():
            return []
        self.sightings[card.key] = ((self._round_number(), self._tricks_done()), card)
        return []

    # -- the missing card given -----------------------------------------------------------------

    def _give(self, command: Missing) -> list[Notice]:
        wanted = self.missing()
        if wanted is None:
            raise RefusedError(
                "no card is missing: no trick was cleared before it was whole",
                said=Said(Say.NO_CARD_MISSING),
            )
        if command.seat != wanted.seat:
            who = self.names[wanted.seat]
            other = self.names[command.seat] if 0 <= command.seat < len(self.names) else None
            said = Said(Say.NOT_THEIR_CARD, seat=wanted.seat, whose=command.seat)
            raise RefusedError(
                f"the card missing is {who}'s, not "
                + (f"{other}'s" if other else f"seat {command.seat}'s (no such seat)"),
                said=said if other else Said(Say.NOT_A_SEAT),
            )
        card = self._missing_card(command.card, wanted)
        notices = self._offer(card, "play", None)
        if self.refused.pop(card.key, None) is not None:
            return notices
        self.cleared.add(card.key)
        self.sightings.pop(card.key, None)
        self.held = [held for held in self.held if held.key != card.key]
        return notices + self._release()

    def _missing_card(self, face: str, wanted: MissingCard) -> TableCard:
        """The card seen (or held) with that face, else one that never lay in sight."""
        for card in self._seen_cards():
            if _face(card.notation) == _face(face):
                return TableCard(card.key, card.deck, card.notation, "play", card.position)
        key = f"{self.deck}/missing/{self._round_number()}/{wanted.trick}/{wanted.seat}"
        return TableCard(key, self.deck, face, "play")

    def _release(self) -> list[Notice]:
        """The held cards played in order, once no card is missing any more."""
        if self._cleared() or not self.held:
            return []
        held, self.held = self.held, []
        notices: list[Notice] = []
        for card in held:
            notices += self.placed(card)
        return notices

    def _undo_held(self) -> list[Notice]:
        card = self.held.pop()
        return [info(f"undone: {card.notation} (held)", Said(Say.UNDONE, card=card.notation))]

    def _with_missing(self, status: FlowStatus) -> FlowStatus:
        """``status`` awaiting the missing card, if one is."""
        wanted = self.missing() if isinstance(status, TrickStatus) else None
        if wanted is None or not isinstance(status, TrickStatus):
            return status
        return replace(
            status,
            trick=wanted.trick,
            to_play=wanted.seat,
            awaiting=Awaiting.MISSING_CARD,
            missing=wanted,
        )
