"""The rummy game state: rounds of draw, meld and discard (R1-R9), one class per deck.

    >>> import random
    >>> state = Rummy8State(["Ana", "Ben"])
    >>> state.apply(state.sample_chance(random.Random(3)))       # the deal, hands seen
    >>> state.current_player(), [type(a).__name__ for a in state.legal_actions()]
    (1, ['Draw', 'Draw'])

A round is played turn by turn from a :class:`Deal` (hands seen in random play,
unseen at a real table), or known only by its end: a :class:`RoundEnd` between
rounds stands for a whole round, which is how a record is replayed. R9 sets no
length to a match: the option ``rounds`` ends it after that many rounds (by default
one per seat, each seat dealing once, the deal passing clockwise), ``None`` never:
the table stops when it likes. Either way the score is never "complete" (R9).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Literal, Self

from companion.games.base import CHANCE, TERMINAL, GameState, Outcome, check_variants
from companion.games.errors import GameError, IllegalActionError
from companion.games.report import RoundReport, card_game_report, leaders, totals_of
from companion.games.rummy.actions import Action, Deal, Discard, Draw, Move, Reshuffle, RoundEnd
from companion.games.rummy.cards import Kind
from companion.games.rummy.deck import DECK_8, DECK_13, DECK_21, DECK_89, HAND_SIZE, Deck
from companion.games.rummy.errors import RummyActionError
from companion.games.rummy.options import legal_actions
from companion.games.rummy.record import MAX_PLAYERS, MIN_PLAYERS, read_record, write_record
from companion.games.rummy.round import Round
from companion.games.rummy.roundend import judge_round_end
from companion.games.rummy.rules import check_discard, check_draw, check_meld
from companion.games.rummy.scoring import STANDARD_START, VARIANTS
from companion.games.rummy.table import RoundResult

#: The default match length: one round per seat, each seat dealing once (R9 sets none).
PER_SEAT: Final = "per-seat"
Rounds = int | None | Literal["per-seat"]


class RummyState(GameState[Action]):
    """A game of one of the rummy decks; seats count from 0 clockwise."""

    name: ClassVar[str]
    deck: ClassVar[Deck]
    known_variants: ClassVar[frozenset[str]] = VARIANTS

    def __init__(
        self,
        players: Sequence[str],
        variants: Sequence[str] = (),
        *,
        rounds: Rounds = PER_SEAT,
    ) -> None:
        super().__init__()
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise GameError(f"{self.name}: the rummy games are for 1-4 players, not {len(players)}")
        if rounds == PER_SEAT:
            rounds = len(players)
        if rounds is not None and (
            isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1
        ):
            raise GameError(f"{self.name}: rounds is a number from 1, None or {PER_SEAT!r}")
        self.players = tuple(players)
        self.variants = tuple(dict.fromkeys(variants))
        check_variants(self.name, self.variants, self.known_variants)
        self.standard_start = STANDARD_START in self.variants
        self.rounds: int | None = rounds
        self._reset()

    def _reset(self) -> None:
        self.results: list[RoundResult] = []
        self.round: Round | None = None
        self._round_starts: list[int] = []
        self._done = 0

    # -- whose turn ------------------------------------------------------------------

    def _playing(self) -> Round | None:
        """The round being played turn by turn, if any."""
        if self.round is not None and self.round.number > len(self.results):
            return self.round
        return None

    def current_player(self) -> int:
        playing = self._playing()
        if playing is not None:
            seat = playing.to_act()
            return CHANCE if seat is None else seat
        if self.rounds is not None and len(self.results) >= self.rounds:
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> list[Action]:
        playing = self._playing()
        if playing is None or playing.to_act() is None:
            return []
        return legal_actions(playing)

    def sample_chance(self, rng: random.Random) -> Action:
        if self.current_player() != CHANCE:
            raise IllegalActionError("chance acts only to deal and to reshuffle", "R4")
        playing = self._playing()
        if playing is None:
            return self._sample_deal(rng)
        if playing.stopped:
            raise IllegalActionError(
                "the hands were unseen: the table reports the round's end (RoundEnd)", "R7"
            )
        if not playing.seen:
            return Reshuffle()
        cards = list(playing.discard[:-1])
        rng.shuffle(cards)
        return Reshuffle(tuple(cards))

    def _sample_deal(self, rng: random.Random) -> Deal:
        count = len(self.players)
        dealer = rng.randrange(count) if self.round is None else (self.round.dealer + 1) % count
        cards = list(self.deck.contents)
        rng.shuffle(cards)
        hands = tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(count))
        return Deal(dealer, cards[count * HAND_SIZE], hands, tuple(cards[count * HAND_SIZE + 1 :]))

    # -- checking ----------------------------------------------------------------------

    def _where(self) -> str:
        playing = self._playing()
        return playing.where() if playing is not None else f"round {len(self.results) + 1}"

    def _check(self, action: Action) -> None:
        if self.current_player() == TERMINAL:
            raise RummyActionError(
                self._where(), f"the game ended after {self.rounds} rounds", "R9"
            )
        playing = self._playing()
        if (
            isinstance(action, Deal | RoundEnd)
            and playing is not None
            and not (isinstance(action, RoundEnd) and not playing.seen)
        ):
            raise RummyActionError(self._where(), "the round is not over", "R4")
        if isinstance(action, Deal):
            self._check_deal(action)
        elif isinstance(action, RoundEnd):
            self._judge(action)
        elif playing is None or playing.stopped:
            raise RummyActionError(self._where(), "no round is being played: deal first", "R4")
        elif isinstance(action, Reshuffle):
            self._check_reshuffle(playing, action)
        elif isinstance(action, Move) and action.seat not in (None, playing.turn):
            check_meld(playing, action)
        elif playing.to_act() is None:
            raise RummyActionError(self._where(), "the stock is to be reshuffled first", "R4")
        elif isinstance(action, Draw):
            check_draw(playing, action)
        elif isinstance(action, Discard):
            check_discard(playing, action)
        else:
            check_meld(playing, action)

    def _check_deal(self, deal: Deal) -> None:
        def bad(what: str, rule: str = "R1") -> RummyActionError:
            return RummyActionError(self._where(), what, rule)

        count = len(self.players)
        if not 0 <= deal.dealer < count:
            raise bad(f"dealer {deal.dealer} is not a seat (0-{count - 1})", "R4")
        if (deal.hands is None) != (deal.stock is None):
            raise bad("a deal gives both the hands and the stock, or neither", "R4")
        cards = [deal.upcard]
        if deal.hands is not None and deal.stock is not None:
            if len(deal.hands) != count or any(len(h) != HAND_SIZE for h in deal.hands):
                raise bad(f"{count} hands of {HAND_SIZE} cards are dealt", "R4")
            cards += [card for hand in deal.hands for card in hand] + list(deal.stock)
            if Counter(c.physical for c in cards) != Counter(self.deck.contents):
                raise bad(f"the deal is not the {self.deck.size} cards of {self.deck.game}")
        for card in cards:
            if card.kind is Kind.WILD and card.number is not None:
                raise bad(f"{card}: a dealt wild card has no declared number", "R5")
            if self.deck.copies(card) == 0:
                raise bad(f"{card} is not a card of {self.deck.game}")

    def _check_reshuffle(self, playing: Round, action: Reshuffle) -> None:
        if not playing.needs_reshuffle():
            raise RummyActionError(self._where(), "the stock is reshuffled only when empty", "R4")
        if playing.seen:
            expected = sorted(playing.discard[:-1], key=lambda c: c.sort_key())
            given = sorted((c.face for c in action.stock or ()), key=lambda c: c.sort_key())
            if given != expected:
                raise RummyActionError(
                    self._where(), "the new stock is the discard pile but its top card", "R4"
                )

    def _judge(self, action: RoundEnd) -> RoundResult:
        if len(action.tables) != len(self.players):
            raise RummyActionError(
                f"round {len(self.results) + 1}",
                f"{len(action.tables)} tables for {len(self.players)} players",
                "record",
            )
        playing = self._playing()
        seen = playing.discard if playing is not None else ()
        if playing is not None and playing.out is not None and action.out != playing.out:
            raise RummyActionError(self._where(), f"seat {playing.out} went out", "R6")
        try:
            return judge_round_end(
                action.out, action.tables, self.deck, standard_start=self.standard_start, seen=seen
            )
        except RummyActionError as exc:
            where = f"round {len(self.results) + 1}, {exc.where}"
            raise RummyActionError(where, exc.what, exc.rule) from None

    # -- carrying out ------------------------------------------------------------------

    def _do(self, action: Action) -> None:
        playing = self._playing()
        if isinstance(action, Deal):
            self._round_starts.append(self._done)
            self.round = Round(
                len(self.results) + 1,
                self.deck,
                len(self.players),
                action,
                standard_start=self.standard_start,
            )
        elif isinstance(action, RoundEnd):
            if playing is None:
                self._round_starts.append(self._done)
            self.results.append(self._judge(action))
        elif playing is not None:
            if isinstance(action, Reshuffle):
                playing.reshuffle(action)
            elif isinstance(action, Draw):
                playing.draw(action)
            elif isinstance(action, Discard):
                playing.discard_card(action)
            else:
                playing.meld(action)
            if playing.stopped and playing.seen:
                tables = tuple(seat.table() for seat in playing.seats)
                self.results.append(
                    judge_round_end(
                        playing.out, tables, self.deck, standard_start=self.standard_start
                    )
                )
        self._done += 1

    def _replay(self) -> None:
        """Undo by replaying only the last round: the rounds before it are settled."""
        kept = bisect_left(self._round_starts, len(self._history))
        if kept == 0:
            self._reset()
            return
        start = self._round_starts[kept - 1]
        del self._round_starts[kept - 1 :]
        del self.results[kept - 1 :]
        self.round = None
        self._done = start
        for action in self._history[start:]:
            self._do(action)

    # -- the end and the score -----------------------------------------------------------

    def totals(self) -> list[int]:
        return totals_of(len(self.players), [RoundReport(r.points) for r in self.results])

    def outcome(self) -> Outcome | None:
        if self.current_player() != TERMINAL:
            return None
        return Outcome(f"{len(self.results)} rounds played", tuple(leaders(self.totals())))

    def report(self) -> dict[str, Any]:
        rounds = [RoundReport(result.points) for result in self.results]
        return card_game_report(self.name, self.players, rounds, complete=False, flags=[])

    def to_record(self) -> dict[str, Any]:
        return write_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        return read_record(cls, record)


class Rummy21State(RummyState):
    name: ClassVar[str] = "rummy21"
    deck: ClassVar[Deck] = DECK_21


class Rummy13State(RummyState):
    name: ClassVar[str] = "rummy13"
    deck: ClassVar[Deck] = DECK_13


class Rummy8State(RummyState):
    name: ClassVar[str] = "rummy8"
    deck: ClassVar[Deck] = DECK_8


class Rummy89State(RummyState):
    name: ClassVar[str] = "rummy89"
    deck: ClassVar[Deck] = DECK_89


STATES: Final[tuple[type[RummyState], ...]] = (
    Rummy21State,
    Rummy13State,
    Rummy8State,
    Rummy89State,
)
