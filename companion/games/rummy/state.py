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

The player clockwise of the dealer starts a round (R4, the rulebook's "the player
clockwise to the dealer starts"), and the deal passes clockwise, so the engine
knows who starts every round (:meth:`RummyState.starter`) once it knows who dealt
the first: a :class:`Deal` says it, and a table whose deal is unseen says it with
``first_dealer`` (default: the last seat, so the first seat starts round 1):

    >>> table = Rummy21State(["Ana", "Ben", "Cy"], rounds=None)
    >>> [table.starter(number) for number in (1, 2, 3, 4)]
    [0, 1, 2, 0]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, Self

from companion.games.base import CHANCE, TERMINAL, GameState, Outcome, Termination, check_variants
from companion.games.errors import GameError, IllegalActionError, Place
from companion.games.json_types import JSON, JSONObject
from companion.games.report import CardGameReport, RoundScore, leaders
from companion.games.rummy.actions import Action, Deal, Discard, Draw, Move, Reshuffle, RoundEnd
from companion.games.rummy.chance import deal_fault, reshuffle_fault, shuffled_deal, shuffled_stock
from companion.games.rummy.deck import DECK_8, DECK_13, DECK_21, DECK_89, Deck
from companion.games.rummy.errors import RummyActionError
from companion.games.rummy.options import legal_actions
from companion.games.rummy.record import MAX_PLAYERS, MIN_PLAYERS, read_record, write_record
from companion.games.rummy.round import Round, Saved
from companion.games.rummy.roundend import judge_round_end
from companion.games.rummy.rules import Fault, check_discard, check_draw, check_meld
from companion.games.rummy.scoring import STANDARD_START, VARIANTS
from companion.games.rummy.table import RoundResult

#: The default match length: one round per seat, each seat dealing once (R9 sets none).
PER_SEAT: Final = "per-seat"
Rounds = int | None | Literal["per-seat"]


@dataclass(frozen=True)
class _Before:
    """The game as an action found it: the round (a deal replaces it), the rounds
    ended, and what the action changed inside the round being played."""

    round: Round | None
    results: int
    inside: Saved | None


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
        first_dealer: int | None = None,
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
        if first_dealer is not None and not 0 <= first_dealer < len(players):
            raise GameError(f"{self.name}: dealer {first_dealer} is not a seat (R4)")
        #: Who deals round 1 when no :class:`Deal` says it (a table's unseen deal).
        self.first_dealer = len(players) - 1 if first_dealer is None else first_dealer
        self._reset()

    def _reset(self) -> None:
        self.results: list[RoundResult] = []
        self.round: Round | None = None
        self._before: list[_Before] = []

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

    def starter(self, number: int) -> int:
        """The seat that starts round ``number`` (from 1): the one clockwise of its
        dealer (R4), the deal passing clockwise from a dealt round's dealer, else from
        :attr:`first_dealer`."""
        count = len(self.players)
        if self.round is not None:
            dealer = self.round.dealer + number - self.round.number
        else:
            dealer = self.first_dealer + number - 1
        return (dealer + 1) % count

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
            count = len(self.players)
            # The first dealer is drawn; then the deal passes clockwise.
            previous = self.round.dealer if self.round is not None else rng.randrange(count) - 1
            return shuffled_deal(rng, self.deck, count, (previous + 1) % count)
        if playing.stopped:
            raise IllegalActionError(
                "the hands were unseen: the table reports the round's end (RoundEnd)", "R7"
            )
        return shuffled_stock(rng, playing)

    # -- checking ----------------------------------------------------------------------

    def _where(self) -> Place:
        playing = self._playing()
        return playing.where() if playing is not None else self._next_round()

    def _next_round(self) -> Place:
        return Place.of("round", len(self.results) + 1)

    def _check(self, action: Action) -> None:
        if self.current_player() == TERMINAL:
            raise self._fail(f"the game ended after {self.rounds} rounds", "R9")
        playing = self._playing()
        fault: Fault | None = None
        if isinstance(action, Deal):
            if playing is not None:
                raise self._fail("a deal in the middle of a round", "R4")
            fault = deal_fault(action, self.deck, len(self.players))
        elif isinstance(action, RoundEnd):
            if playing is not None and playing.seen:
                raise self._fail("with the hands seen the round ends by its own play", "R4")
            self._judge(action)
        elif playing is None or playing.stopped:
            raise self._fail("no round is being played: deal first", "R4")
        elif isinstance(action, Reshuffle):
            fault = reshuffle_fault(playing, action)
        elif isinstance(action, Move) and action.seat not in (None, playing.turn):
            check_meld(playing, action)
        elif playing.to_act() is None:
            raise self._fail("the stock is to be reshuffled first", "R4")
        elif isinstance(action, Draw):
            check_draw(playing, action)
        elif isinstance(action, Discard):
            check_discard(playing, action)
        else:
            check_meld(playing, action)
        if fault is not None:
            raise self._fail(*fault)

    def _fail(self, what: str, rule: str) -> RummyActionError:
        return RummyActionError(what, rule, where=self._where())

    def _judge(self, action: RoundEnd) -> RoundResult:
        if len(action.tables) != len(self.players):
            raise RummyActionError(
                f"{len(action.tables)} tables for {len(self.players)} players",
                "record",
                where=self._next_round(),
            )
        playing = self._playing()
        seen = playing.discard if playing is not None else ()
        if playing is not None and playing.out is not None and action.out != playing.out:
            raise RummyActionError(f"seat {playing.out} went out", "R6", where=self._where())
        try:
            return judge_round_end(
                action.out, action.tables, self.deck, standard_start=self.standard_start, seen=seen
            )
        except RummyActionError as exc:
            where = self._next_round() + exc.where if exc.where else self._next_round()
            raise RummyActionError(exc.what, exc.rule, where=where) from None

    # -- carrying out ------------------------------------------------------------------

    def _do(self, action: Action) -> None:
        playing = self._playing()
        inside = None
        if playing is not None and not isinstance(action, Deal | RoundEnd):
            inside = playing.save(action)
        self._before.append(_Before(self.round, len(self.results), inside))
        if isinstance(action, Deal):
            self.round = Round(
                len(self.results) + 1,
                self.deck,
                len(self.players),
                action,
                standard_start=self.standard_start,
            )
        elif isinstance(action, RoundEnd):
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

    def _undo(self, action: Action) -> None:
        before = self._before.pop()
        del self.results[before.results :]
        self.round = before.round
        if before.inside is not None and before.round is not None:
            before.round.restore(before.inside)

    # -- the end and the score -----------------------------------------------------------

    def rename(self, players: Sequence[str]) -> None:
        """The same seats under new names (a table renamed mid-game): the record and
        the report name them. Nothing else holds a name; no action is replayed."""
        if len(players) != len(self.players):
            raise GameError(f"{self.name}: {len(players)} names for {len(self.players)} seats")
        self.players = tuple(players)

    def totals(self) -> tuple[int, ...]:
        return self.report().totals

    def outcome(self) -> Outcome | None:
        if self.current_player() != TERMINAL:
            return None
        return Outcome(Termination.ROUNDS_CHOSEN, leaders(self.totals()))

    def report(self) -> CardGameReport[RoundScore]:
        """The score: the rounds ended (R7); never complete, as R9 sets no end."""
        rounds = tuple(RoundScore(result.points) for result in self.results)
        return CardGameReport(self.name, self.players, rounds, complete=False, flags=())

    def to_record(self) -> JSONObject:
        return write_record(self)

    @classmethod
    def from_record(cls, record: Mapping[str, JSON]) -> Self:
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
