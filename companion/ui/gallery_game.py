"""The gallery's game screens, presented from flow facts as the daemon shows them.

Part of :mod:`companion.ui.gallery` (which walks the menus by buttons): a trick in
play, a trick won, the scores (a round's, the final ones, a game ended by the table),
the rummy pages and the hex referee.
"""

from __future__ import annotations

from dataclasses import replace

from companion.flows.notices import ended_notice
from companion.flows.status import (
    Awaiting,
    HexStatus,
    Lack,
    MeldSet,
    MissingCard,
    Played,
    Recorded,
    RummyStatus,
    Scores,
    SetState,
    TrickStatus,
    TrickWon,
)
from companion.games.fibonachos import SPEC as FIBONACHOS
from companion.games.fibonachos.cards import Suit
from companion.games.hex import REFEREE_SPEC as HEX_REFEREE
from companion.games.hex import SPEC as HEX
from companion.games.hex.pieces import Side
from companion.games.registry import get_game
from companion.games.report import CardGameReport, RoundScore
from companion.games.rummy.deck import DECK_13, DECK_21
from companion.games.trump import SPEC as TRUMP
from companion.games.trump.cards import Colour, Symbol
from companion.ui.overlays import waiting
from companion.ui.screens import View
from companion.views import FlowView, ScoresView, present, present_running
from companion.views.present import present_notice, present_trick_won

NAMES = ("Ana", "Ben", "Cy", "Dee")
#: Names typed on the players' phones in four scripts (docs/phone.md): the OLED writes
#: them in Latin letters, a Chinese or Korean syllable apart where there is room.
SCRIPTS = ("李小明", "김민수", "さくら", "Дмитрий")


#: Trick 9 was cleared before Ben's card was read; the camera glimpsed G7 (issue 10).
MISSING = MissingCard(1, 9, ("G7", "R1", "R4", "G3", "G11", "Y8"), ("G7",))


def missing_status() -> TrickStatus:
    plays = (Played(0, "G9"),)
    return TrickStatus(
        FIBONACHOS.name,
        1,
        9,
        1,
        plays,
        lead=Suit.GREEN,
        spicy="S1#1",
        awaiting=Awaiting.MISSING_CARD,
        missing=MISSING,
    )


def trick_status() -> TrickStatus:
    plays = (Played(0, "R13#1"), Played(1, "G2#1"))
    last = (Played(2, "Y5#1"), Played(3, "R8#2"), Played(0, "G3#1"), Played(1, "Y1#2"))
    recorded = tuple(
        Recorded(f"fibonachos/{card}", card, use)
        for card, use in (("G2#1", "play"), ("R13#1", "play"), ("S3#1", "spicy"))
    )
    return TrickStatus(
        FIBONACHOS.name,
        2,
        5,
        2,
        plays,
        lead=Suit.RED,
        spicy="S3#1",
        last=last,
        last_winner=3,
        recorded=recorded,
    )


def game_screens() -> dict[str, View]:
    """The game screens, presented from flow facts as the daemon does.

    The rummy pages come from the facts a flow reports (sets judged by the engine);
    their details are samples of the longer words a set line can hold.
    """
    four = tuple(Played(seat, card) for seat, card in enumerate(("Y16#1", "Y3#1", "R1#2", "G13#1")))
    trump = (Played(1, "B7#1"), Played(2, "R10#1"), Played(3, "B2#1"))
    last = (Played(3, "G9#1"), Played(0, "G2#1"), Played(1, "P2#1"), Played(2, "G10#1"))
    sets = (
        MeldSet("21", SetState.CLOSED),
        MeldSet("B2", SetState.COMPLETE),
        MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8),
        MeldSet("B13", SetState.OPEN, Lack.POINTS, missing=8),
        MeldSet("B3", SetState.COMPLETE, wild="W=5"),
    )
    totals = (120, -40, 85)
    rummy_rounds = (RoundScore((200, -60, 45)), RoundScore((-80, 20, 40)))
    five = (*NAMES, "")
    sides = get_game(HEX_REFEREE.name).seats
    next_trick = replace(trick_status(), trick=6, plays=(), lead=None, to_play=3, spicy=None)
    round_two = Scores(FIBONACHOS.name, 2, (8, 0, 13, 5), (21, 13, 16, 5), (0,))
    return {
        "fibonachos-spicy": present(
            TrickStatus(FIBONACHOS.name, 1, 1, 0, awaiting=Awaiting.SPICY), NAMES
        ),
        "fibonachos-trick": present(trick_status(), NAMES),
        "fibonachos-trick-scripts": present(trick_status(), SCRIPTS),
        "fibonachos-next-trick": present(replace(next_trick, awaiting=Awaiting.SPICY), NAMES),
        "fibonachos-5p": present(
            TrickStatus(FIBONACHOS.name, 3, 10, 4, four, Suit.YELLOW, spicy="S5#2"), five
        ),
        "fibonachos-missing": present(missing_status(), NAMES),
        "trump-indicators": present(
            TrickStatus(TRUMP.name, 1, 1, 1, trump=Colour.R, awaiting=Awaiting.SYMBOL_INDICATOR),
            NAMES,
        ),
        "trump-trick": present(
            TrickStatus(TRUMP.name, 4, 12, 0, trump, Colour.B, Colour.R, Symbol.SQUARE), NAMES
        ),
        "trump-last-trick": present(
            TrickStatus(
                TRUMP.name, 4, 13, 2, (), None, Colour.P, Symbol.CIRCLE, last=last, last_winner=2
            ),
            NAMES,
        ),
        "trump-leader": present(
            TrickStatus(
                TRUMP.name,
                1,
                1,
                None,
                trump=Colour.R,
                symbol=Symbol.STAR,
                awaiting=Awaiting.LEADER,
                leader_card="R2",
            ),
            NAMES,
        ),
        "trick-won": present_trick_won(TrickWon(0, "R13#1", 5, ("S3#1",)), NAMES, FIBONACHOS.name),
        "trick-won-scripts": present_trick_won(
            TrickWon(1, "R13#1", 5, ("S3#1",)), SCRIPTS, FIBONACHOS.name
        ),
        "trump-trick-won": present_trick_won(
            TrickWon(3, "R10#1", 12, ("R3", "G7")), NAMES, TRUMP.name
        ),
        "scores-so-far": waiting_scores(
            present_running(
                replace(trick_status(), totals=(21, 13, 16, 5), points=(5, 8, 5, 5)), NAMES
            )
        ),
        "round-scores": waiting_scores(present(round_two, NAMES)),
        "round-scores-scripts": waiting_scores(present(round_two, SCRIPTS)),
        "round-scores-5p": waiting_scores(
            present(
                Scores(TRUMP.name, 12, (-40, 120, 0, 8, 13), (-160, 1340, 55, 89, 233), (1,)), five
            )
        ),
        "match-totals": waiting_scores(
            present(Scores(FIBONACHOS.name, None, (55, 34, 21), None, (0,), (0,)), NAMES[:3])
        ),
        # Ended from the menu: a rummy match (R9) won by the highest total; a trick
        # game left in its second round (F8: three), nobody's.
        "rummy-ended": _ended(CardGameReport(DECK_21.game, NAMES[:3], rummy_rounds, False, ())),
        "ended-no-winner": _ended(
            CardGameReport(FIBONACHOS.name, NAMES[:3], (RoundScore((8, 0, 13)),), False, ())
        ),
        "rummy": present(RummyStatus(DECK_21.game, 2, 1, sets, totals=totals, turn=0), NAMES[:3]),
        "rummy-page-2": present(
            RummyStatus(DECK_21.game, 2, 2, sets[2:4], totals=totals, turn=2), NAMES[:3]
        ),
        "rummy-empty": present(RummyStatus(DECK_13.game, 1, 2, ()), NAMES[:3]),
        HEX.name: present(HexStatus(Side.BLACK, 7, 6, 4), sides),
        "hex-strikes": present(HexStatus(Side.WHITE, 8, 4, 4, reduction=2), sides),
        "hex-card": present(HexStatus(Side.BLACK, 9, 5, 3, card=5), sides),
        "hex-card-due": present(
            HexStatus(Side.WHITE, 10, 0, 0, awaiting=Awaiting.MOVE_CARD), sides
        ),
        "hex-winner": present(HexStatus(Side.WHITE, 31, 6, 0, winner=Side.WHITE), sides),
    }


def _ended(report: CardGameReport[RoundScore]) -> View:
    """The final scores of a game the table ended, as the session says them."""
    shown = present_notice(ended_notice(report), report.players)
    assert isinstance(shown, ScoresView), shown
    return waiting(shown)


def waiting_scores(view: FlowView | None) -> View:
    """A scores screen as it shows over the game: until a key (it says so)."""
    assert isinstance(view, ScoresView), view
    return waiting(view)
