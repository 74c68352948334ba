"""Presenters: a flow's facts and the players' names in, what a screen shows out.

The flows (:mod:`companion.flows.status`) report seats as numbers and what the
table must show as an :class:`~companion.flows.status.Awaiting`; here those become
the words a player reads, in the table's language (:mod:`companion.views.i18n`):
names ("Seat 2" for a seat left unnamed), titles ("Round 3", "Final scores"), what
the table waits for ("spicy card"), cards as their faces print them ("Red 13",
:mod:`companion.views.cards`). The systemd status line (:func:`waiting_line`) is
for the staff and the log, and stays English.

    >>> status = TrickStatus("fibonachos", 1, 1, to_play=1, awaiting=Awaiting.SPICY)
    >>> shown = present_trick(status, ["Ana", ""])
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
    Played,
    RummyStatus,
    Scores,
    SetState,
    TrickStatus,
    TrickWon,
)
from companion.games.errors import GameError
from companion.games.i18n import N_
from companion.games.registry import get_game
from companion.games.report import leaders
from companion.games.rummy.deck import DECK_21
from companion.views.cards import card_name, card_short, colour_name, symbol_name
from companion.views.i18n import _, ngettext
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
from companion.views.names import seat_names

#: What a screen may show for a flow's status.
FlowView = TrickView | RummyView | HexView | ScoresView

#: What the table is asked to show, in the words of the screen.
AWAITING_WORDS = {
    Awaiting.NOTHING: "",
    Awaiting.SPICY: N_("spicy card"),
    Awaiting.TRUMP_INDICATOR: N_("trump indicator"),
    Awaiting.SYMBOL_INDICATOR: N_("symbol indicator"),
    Awaiting.LEADER: N_("round 1's leader"),
    Awaiting.LEADER_SHOWN: N_("who led"),
    Awaiting.MOVE_CARD: N_("move card"),
    Awaiting.MISSING_CARD: N_("missing card"),
}
#: What the status line says the table waits for (English: the staff's and the log's).
_STATUS_AWAITING = {
    Awaiting.SPICY: "spicy card",
    Awaiting.TRUMP_INDICATOR: "trump indicator",
    Awaiting.SYMBOL_INDICATOR: "symbol indicator",
    Awaiting.LEADER: "the leader of round 1 (T3)",
    Awaiting.LEADER_SHOWN: "who led round 1 (T3)",
    Awaiting.MOVE_CARD: "move card",
    Awaiting.MISSING_CARD: "missing card",
}


def awaiting_words(awaiting: Awaiting) -> str:
    """What the table is asked to show, in the table's language ("" for nothing)."""
    words = AWAITING_WORDS[awaiting]
    return _(words) if words else ""


#: The variants of RULES.md by their names for players (a menu row with its tick box).
VARIANT_NAMES = {
    "zero-scores-34": N_("Zero scores 34"),
    "no-tricks-only": N_("No-trick bonus"),
    "standard-start": N_("Standard starts"),
    "friendly-groups": N_("Friendly groups"),
    "edge-surround": N_("Edge surround"),
    "cards": N_("Move cards"),
}


def game_label(game: str) -> str:
    """A game's name on the OLED (the registry's ``label``), in the table's language;
    a game the registry does not know by its name."""
    try:
        return _(get_game(game).label)
    except GameError:
        return game


def game_heading(game: str) -> str:
    """A game's title on its screen in play: its spec's ``heading`` ("Trump"), else its
    label."""
    try:
        heading = get_game(game).heading
    except GameError:
        return game
    return _(heading) if heading else game_label(game)


def variant_name(variant: str) -> str:
    """A variant by its name for players ("zero-scores-34" is "Zero scores 34")."""
    words = VARIANT_NAMES.get(variant)
    return _(words) if words else variant


def present_notice(
    notice: Notice, players: Sequence[str], game: str = ""
) -> TrickWonView | ScoresView | MessageView | None:
    """The screen of a notice's detail (a trick's winner, the scores), if it has one."""
    detail = notice.detail
    if isinstance(detail, TrickWon):
        return present_trick_won(detail, players, game)
    if isinstance(detail, Scores):
        return present_scores(detail, players)
    if isinstance(detail, MissingCard):
        return present_missing(detail, players)
    return None


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
    ('Who has Red 2?', 'They lead')
    """
    card = status.leader_card
    if card is None or status.awaiting not in (Awaiting.LEADER, Awaiting.LEADER_SHOWN):
        return ()
    face = card_name(card, status.game)
    if status.awaiting is Awaiting.LEADER_SHOWN:
        return (_("Who led {card}?").format(card=face), _("They lead"))
    return (_("Who has {card}?").format(card=face), _("They lead"))


def present_trick(status: TrickStatus, players: Sequence[str]) -> TrickView:
    """A trick in play: whose turn (or "?" before Trump's first leader is known)."""
    names = seat_names(players)
    question = leader_question(status)
    return TrickView(
        game=game_heading(status.game),
        round=status.round,
        trick=status.trick,
        to_play="?" if status.to_play is None else names[status.to_play],
        plays=_plays(status.plays, names, status.game),
        lead=None if status.lead is None else colour_name(status.lead),
        trump=None if status.trump is None else colour_name(status.trump),
        symbol=None if status.symbol is None else symbol_name(status.symbol),
        spicy=None if status.spicy is None else card_name(status.spicy, status.game),
        no_spicy=status.spicy_spent,
        waiting_for="" if question or status.missing else awaiting_words(status.awaiting),
        last=_plays(status.last, names, status.game),
        last_winner=None if status.last_winner is None else names[status.last_winner],
        missing="" if status.missing is None else names[status.missing.seat],
        question=question,
    )


def _plays(plays: Sequence[Played], names: Sequence[str], game: str) -> tuple[Play, ...]:
    """The cards of a trick by player, named as their faces print them, long and short."""
    return tuple(
        Play(names[seat], card_name(card, game), card_short(card, game)) for seat, card in plays
    )


def present_running(status: FlowStatus, players: Sequence[str]) -> ScoresView | None:
    """The scores at a glance mid-game, or None before there is any.

    A trick game's round under way shows what it would score if it ended now, with
    the totals counting it (round 1 before its first card: nothing yet, 0 each);
    between rounds, and in rummy (whose rounds score only at their end, R7), the
    totals of the rounds done.

    >>> status = TrickStatus("trump", 2, 4, 0, totals=(3, 1), points=(1, 0))
    >>> shown = present_running(status, ["Ana", "Ben"])
    >>> shown.title, shown.points, shown.totals, shown.heads
    ('Round 2', (1, 0), (4, 1), ('now', 'tot'))
    >>> present_running(TrickStatus("fibonachos", 1, 1, 1), ["Ana", "Ben"]).points
    (0, 0)
    """
    names = seat_names(players)
    if isinstance(status, TrickStatus) and (status.points or status.round == 1):
        zeros = (0,) * len(names)  # round 1 before its first card: nothing taken yet
        points = status.points or zeros
        totals = tuple(a + b for a, b in zip(status.totals or zeros, points, strict=True))
        return ScoresView(
            title=_("Round {n}").format(n=status.round),
            players=names,
            points=points,
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


def present_trick_won(won: TrickWon, players: Sequence[str], game: str) -> TrickWonView:
    """A trick's winner, with the card that won it and the prize taken (the spicy
    card, or Trump's two indicator cards, T5)."""
    prize = None
    if len(won.prize) == 1:
        prize = card_name(won.prize[0], game)
    elif won.prize:
        prize = _("the indicators")
    card = card_name(won.card, game)
    return TrickWonView(seat_names(players)[won.winner], card, won.trick, prize)


def present_scores(scores: Scores, players: Sequence[str]) -> ScoresView:
    """A round's points and totals, or the final scores with who won.

    >>> shown = present_scores(Scores("trump", None, (55, 34), winners=(0,)), ["Ana", ""])
    >>> shown.title, shown.players, shown.footer
    ('Final scores', ('Ana', 'Seat 2'), 'Ana won')
    """
    names = seat_names(players)
    if scores.round is None and scores.winners:
        title = _("Final scores")
    elif scores.round is None:  # a game the table left before its end
        title = _("No winner")
    else:
        title = _("Round {number}").format(number=scores.round)
    winners = [names[seat] for seat in scores.winners]
    footer = ""
    if len(winners) == 1:
        footer = _("{name} won").format(name=winners[0])
    elif winners:  # the leaders are starred: the footer says they share it
        count = len(winners)
        footer = ngettext(
            "{count} player shares the win", "{count} players share the win", count
        ).format(count=count)
    return ScoresView(
        title=title,
        players=names,
        points=scores.points,
        totals=scores.totals,
        leaders=scores.leaders,
        footer=footer,
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
    lines = tuple(
        SetLine(card_short(s.base, status.game), s.state.value, set_detail(s, status.game))
        for s in status.sets
    )
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
        turn=_rummy_turn(status, names),
        legend=tuple((state.value, state_word(state)) for state in states),
        counting=status.counting,
    )


def _rummy_turn(status: RummyStatus, names: Sequence[str]) -> str | None:
    """Who is at play: the seat laying cards, or before the round's first card the one
    who starts it (R4)."""
    seat = status.starts if status.turn is None else status.turn
    return None if seat is None else names[seat]


def set_detail(meld: MeldSet, game: str = DECK_21.game) -> str:
    """The words after a set's base: its wild card, its fault, what it lacks.

    >>> set_detail(MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8))
    '8 missing'
    """
    if meld.state is SetState.ILLEGAL:
        if meld.fault:
            return _("wrong: {card}").format(card=card_short(meld.fault, game))
        return _("breaks the rules")
    if meld.state is not SetState.OPEN:
        return card_short(meld.wild, game) if meld.wild else ""
    if meld.lack is Lack.WILD_NUMBER:
        return _("wild number?")
    if meld.lack is Lack.POINTS:
        return _("{number} missing").format(number=meld.missing)
    return _("cannot complete")


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
        card_due=status.awaiting is Awaiting.MOVE_CARD,
    )


def waiting_line(status: FlowStatus, players: Sequence[str]) -> str:
    """A short line of what the table waits for ("Ana to play"), for the status line.

    >>> waiting_line(RummyStatus("rummy21", 1, 0, (), counting=True), ["Ana", "Ben"])
    'hands to count, then end-round'
    """
    names = tuple(name or f"Seat {i + 1}" for i, name in enumerate(players))
    if isinstance(status, TrickStatus):
        if status.missing is not None:
            return f"{names[status.missing.seat]}'s card of trick {status.missing.trick} is missing"
        who = "?" if status.to_play is None else names[status.to_play]
        if status.awaiting is Awaiting.LEADER and status.leader_card is not None:
            return f"who has {status.leader_card}? They lead round 1"
        if status.awaiting is Awaiting.LEADER_SHOWN and status.leader_card is not None:
            return f"who led {status.leader_card}? They lead round 1"
        return _STATUS_AWAITING.get(status.awaiting) or f"{who} to play"
    if isinstance(status, RummyStatus):
        return "hands to count, then end-round" if status.counting else "melds"
    if isinstance(status, HexStatus):
        if status.winner is not None:
            return f"{names[status.winner.seat]} won"
        who = names[status.side.seat]
        if status.awaiting is Awaiting.MOVE_CARD:
            return f"{who}'s move card"
        return f"{who}: {status.left} move{'' if status.left == 1 else 's'} left"
    if status.round is None:
        try:
            return get_game(status.game).over
        except GameError:
            return "the game is over"
    return f"round {status.round} over"
