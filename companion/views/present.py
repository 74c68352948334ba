"""Presenters: a flow's facts and the players' names in, what a screen shows out.

The flows (:mod:`companion.flows.status`) report seats as numbers and what the
table must show as an :class:`~companion.flows.status.Awaiting`; here those become
the words a player reads: names ("Seat 2" for a seat left unnamed), titles
("Round 3", "Final scores"), what the table waits for ("spicy card"). This is the
one place facts turn into words, and so where translations will come in.

    >>> status = TrickStatus("fibonachos", 1, 1, to_play=1, awaiting=Awaiting.SPICY)
    >>> shown = present(status, ["Ana", ""])
    >>> shown.game, shown.to_play, shown.waiting_for
    ('Fibonachos', 'Seat 2', 'spicy card')
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.flows.base import Notice
from companion.flows.status import (
    Awaiting,
    FlowStatus,
    HexStatus,
    Lack,
    MeldSet,
    MissingCard,
    RummyStatus,
    Scores,
    SetState,
    TrickStatus,
    TrickWon,
)
from companion.games.fibonachos.cards import Suit
from companion.games.report import leaders
from companion.games.trump.cards import Colour, Symbol
from companion.views.i18n import _
from companion.views.model import (
    HexView,
    MessageView,
    Play,
    RummyView,
    ScoresView,
    SetLine,
    Tone,
    TrickView,
    TrickWonView,
)

#: What a screen may show for a flow's status.
FlowView = TrickView | RummyView | HexView | ScoresView

#: The trick games' titles on their screens.
TRICK_TITLES = {"fibonachos": "Fibonachos", "trump": "Trump"}
#: What the table is asked to show, in the words of the screen.
AWAITING_WORDS = {
    Awaiting.NOTHING: "",
    Awaiting.SPICY: "spicy card",
    Awaiting.TRUMP_INDICATOR: "trump indicator",
    Awaiting.SYMBOL_INDICATOR: "symbol indicator",
    Awaiting.LEADER: "the leader of round 1 (T3)",
    Awaiting.LEADER_SHOWN: "who led round 1 (T3)",
    Awaiting.MOVE_CARD: "move card",
    Awaiting.MISSING_CARD: "missing card",
}
#: The end of a game on the status line (Fibonachos is a match of three rounds, F8).
OVER_WORDS = {"fibonachos": "the match is over"}


def seat_names(players: Sequence[str]) -> tuple[str, ...]:
    """Player names, or "Seat 1".. for seats left unnamed.

    >>> seat_names(["Ana", "", "Cy"])
    ('Ana', 'Seat 2', 'Cy')
    """
    return tuple(name or f"Seat {i + 1}" for i, name in enumerate(players))


def present(status: FlowStatus, players: Sequence[str]) -> FlowView:
    """The screen of a flow's status, for ``players`` (names by seat, "" for unnamed)."""
    if isinstance(status, TrickStatus):
        return present_trick(status, players)
    if isinstance(status, RummyStatus):
        return present_rummy(status, players)
    if isinstance(status, HexStatus):
        return present_hex(status, players)
    return present_scores(status, players)


def present_notice(
    notice: Notice, players: Sequence[str]
) -> TrickWonView | ScoresView | MessageView | None:
    """The screen of a notice's detail (a trick's winner, the scores), if it has one."""
    detail = notice.detail
    if isinstance(detail, TrickWon):
        return present_trick_won(detail, players)
    if isinstance(detail, Scores):
        return present_scores(detail, players)
    if isinstance(detail, MissingCard):
        return present_missing(detail, players)
    return None


def colour_name(colour: Suit | Colour) -> str:
    """A suit's or a colour's name as a player says it, capitalised in every game.

    >>> colour_name(Colour.B), colour_name(Suit.RED)
    ('Blue', 'Red')
    """
    words = {
        "red": _("Red"),
        "green": _("Green"),
        "blue": _("Blue"),
        "yellow": _("Yellow"),
        "purple": _("Purple"),
    }
    return words[colour.title.lower()]


def symbol_name(symbol: Symbol) -> str:
    """A Trump symbol's name (T1), capitalised like the colours."""
    words = {
        Symbol.PLUS: _("Plus"),
        Symbol.CIRCLE: _("Circle"),
        Symbol.SQUARE: _("Square"),
        Symbol.STAR: _("Star"),
        Symbol.WAVES: _("Waves"),
    }
    return words[symbol]


def missing_words(missing: MissingCard, players: Sequence[str]) -> str:
    """Whose card a cleared trick lacks.

    >>> missing_words(MissingCard(1, 3, ("R7",)), ["Ana", "Ben"])
    "Ben's card"
    """
    return _("{player}'s card").format(player=seat_names(players)[missing.seat])


def present_missing(missing: MissingCard, players: Sequence[str]) -> MessageView:
    """The alert of a trick cleared before its last card was read (issue 10)."""
    cleared = _("Trick {number} was cleared,").format(number=missing.trick)
    lacking = _("{card} is missing").format(card=missing_words(missing, players))
    return MessageView(_("Card missing"), (cleared, lacking), Tone.ALERT, _("SELECT: which card"))


def leader_question(status: TrickStatus) -> tuple[str, ...]:
    """T3: the question that names round 1's leader by the card its holder shows.

    >>> asked = TrickStatus("trump", 1, 1, None, awaiting=Awaiting.LEADER, leader_card="R2")
    >>> leader_question(asked)
    ('Who has R2?', 'They lead')
    """
    card = status.leader_card
    if card is None or status.awaiting not in (Awaiting.LEADER, Awaiting.LEADER_SHOWN):
        return ()
    face = card.split("#", 1)[0]
    if status.awaiting is Awaiting.LEADER_SHOWN:
        return (_("Who led {card}?").format(card=face), _("They lead"))
    return (_("Who has {card}?").format(card=face), _("They lead"))


def present_trick(status: TrickStatus, players: Sequence[str]) -> TrickView:
    """A trick in play: whose turn (or "?" before Trump's first leader is known)."""
    names = seat_names(players)
    question = leader_question(status)
    return TrickView(
        game=TRICK_TITLES.get(status.game, status.game),
        round=status.round,
        trick=status.trick,
        to_play="?" if status.to_play is None else names[status.to_play],
        plays=tuple(Play(names[seat], card) for seat, card in status.plays),
        lead=None if status.lead is None else colour_name(status.lead),
        trump=None if status.trump is None else colour_name(status.trump),
        symbol=None if status.symbol is None else symbol_name(status.symbol),
        spicy=status.spicy,
        waiting_for="" if question or status.missing else AWAITING_WORDS[status.awaiting],
        last=tuple(Play(names[seat], card) for seat, card in status.last),
        last_winner=None if status.last_winner is None else names[status.last_winner],
        missing="" if status.missing is None else missing_words(status.missing, players),
        question=question,
    )


def present_running(status: FlowStatus, players: Sequence[str]) -> ScoresView | None:
    """The scores at a glance mid-game, or None before there is any.

    A trick game's round under way shows what it would score if it ended now, with
    the totals counting it; between rounds, and in rummy (whose rounds score only at
    their end, R7), the totals of the rounds done.

    >>> status = TrickStatus("trump", 2, 4, 0, totals=(3, 1), points=(1, 0))
    >>> shown = present_running(status, ["Ana", "Ben"])
    >>> shown.title, shown.points, shown.totals, shown.heads
    ('Round 2', (1, 0), (4, 1), ('now', 'tot'))
    """
    names = seat_names(players)
    if isinstance(status, TrickStatus) and status.points:
        totals = tuple(a + b for a, b in zip(status.totals, status.points, strict=True))
        return ScoresView(
            title=_("Round {n}").format(n=status.round),
            players=names,
            points=status.points,
            totals=totals,
            leaders=tuple(leaders(list(totals))),
            footer=_("if the round ended now"),
            heads=(_("now"), _("tot")),
        )
    if isinstance(status, TrickStatus | RummyStatus) and status.round > 1 and status.totals:
        return ScoresView(
            title=_("Totals"),
            players=names,
            points=status.totals,
            leaders=tuple(leaders(list(status.totals))),
            heads=(_("tot"), _("tot")),
        )
    return None


def present_trick_won(won: TrickWon, players: Sequence[str]) -> TrickWonView:
    """A trick's winner, with the card that won it and the prize taken."""
    prize = " ".join(won.prize) or None
    return TrickWonView(seat_names(players)[won.winner], won.card, won.trick, prize)


def present_scores(scores: Scores, players: Sequence[str]) -> ScoresView:
    """A round's points and totals, or the final scores with who won.

    >>> shown = present_scores(Scores("trump", None, (55, 34), winners=(0,)), ["Ana", ""])
    >>> shown.title, shown.players, shown.footer
    ('Final scores', ('Ana', 'Seat 2'), 'Ana won')
    """
    names = seat_names(players)
    title = "Final scores" if scores.round is None else f"Round {scores.round}"
    winners = " and ".join(names[seat] for seat in scores.winners)
    return ScoresView(
        title=title,
        players=names,
        points=scores.points,
        totals=scores.totals,
        leaders=scores.leaders,
        footer=f"{winners} won" if winners else "",
    )


def state_word(state: SetState) -> str:
    """What a set's marker means, for the rummy page's legend."""
    words = {
        SetState.CLOSED: _("closed"),
        SetState.COMPLETE: _("done"),
        SetState.OPEN: _("open"),
        SetState.ILLEGAL: _("wrong"),
    }
    return words[state]


def present_rummy(status: RummyStatus, players: Sequence[str]) -> RummyView:
    """One seat's sets (each with its state and what it lacks), which seat of how many,
    its total so far, who is at play, and the legend of the markers shown."""
    names = seat_names(players)
    lines = tuple(SetLine(s.base, s.state.value, set_detail(s)) for s in status.sets)
    states = [state for state in SetState if any(s.state is state for s in status.sets)]
    return RummyView(
        status.game,
        status.round,
        names[status.seat],
        lines,
        status.page,
        number=status.seat + 1,
        seats=len(names),
        score=status.totals[status.seat] if status.totals else None,
        turn=None if status.turn is None else names[status.turn],
        legend=tuple((state.value, state_word(state)) for state in states),
    )


def set_detail(meld: MeldSet) -> str:
    """The words after a set's base: its wild card, its fault, what it lacks.

    >>> set_detail(MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8))
    '8 missing'
    """
    if meld.state is SetState.ILLEGAL:
        return f"{meld.reason} ({meld.rule})"
    if meld.state is not SetState.OPEN:
        return meld.wild or ""
    if meld.lack is Lack.WILD_NUMBER:
        return "wild card: which number?"
    if meld.lack is Lack.POINTS:
        return f"{meld.missing} missing"
    return "cannot complete"


def present_hex(status: HexStatus, players: Sequence[str]) -> HexView:
    """The hex referee: the side to move by its player's name, the moves left."""
    names = seat_names(players)
    return HexView(
        player=names[status.side.seat],
        turn=status.turn,
        allowed=status.allowed,
        left=status.left,
        reduction=status.reduction,
        card=status.card,
        winner=None if status.winner is None else names[status.winner.seat],
    )


def waiting_line(status: FlowStatus, players: Sequence[str]) -> str:
    """A short line of what the table waits for ("Ana to play"), for the status line.

    >>> waiting_line(RummyStatus("rummy21", 1, 0, (), counting=True), ["Ana", "Ben"])
    'hands to count, then end-round'
    """
    names = seat_names(players)
    if isinstance(status, TrickStatus):
        if status.missing is not None:
            card = missing_words(status.missing, players)
            return _("{card} of trick {number} is missing").format(
                card=card, number=status.missing.trick
            )
        who = "?" if status.to_play is None else names[status.to_play]
        question = " ".join(leader_question(status))
        return question or AWAITING_WORDS[status.awaiting] or f"{who} to play"
    if isinstance(status, RummyStatus):
        return "hands to count, then end-round" if status.counting else "melds"
    if isinstance(status, HexStatus):
        if status.winner is not None:
            return f"{names[status.winner.seat]} won"
        who = names[status.side.seat]
        if status.awaiting is Awaiting.MOVE_CARD:
            return f"{who}'s move card"
        return f"{who}: {status.left} moves left"
    if status.round is None:
        return OVER_WORDS.get(status.game, "the game is over")
    return f"round {status.round} over"
