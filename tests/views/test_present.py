"""The presenters (issue 9): a flow's facts and the players' names in, the screen's view out.

The flows report seats as numbers and what the table waits for as an enum; the names
("Seat n"), the titles and the words are made here, and nowhere else.
"""

from __future__ import annotations

import pytest

from companion.flows.base import Notice, NoticeKind
from companion.flows.registry import make_flow
from companion.flows.status import (
    Awaiting,
    HexStatus,
    Lack,
    MeldSet,
    Played,
    RummyStatus,
    Scores,
    SetState,
    TrickStatus,
    TrickWon,
)
from companion.games.fibonachos.cards import Suit
from companion.games.hex.pieces import Side
from companion.games.trump.cards import Colour, Symbol
from companion.table.cards import TableCard
from companion.views import (
    HexView,
    Play,
    RummyView,
    ScoresView,
    SetLine,
    TrickView,
    TrickWonView,
    present,
    present_notice,
    present_running,
    seat_names,
    waiting_line,
)
from companion.views.present import set_detail

NAMES = ("Ana", "", "Cy")


def test_an_unnamed_seat_is_seat_n() -> None:
    assert seat_names(NAMES) == ("Ana", "Seat 2", "Cy")
    assert seat_names(["", ""]) == ("Seat 1", "Seat 2")


def test_a_trick_in_play_names_the_seats_and_the_suit_led() -> None:
    """F4, F6: whose turn, the plays by name, the lead suit and the spicy card."""
    status = TrickStatus(
        "fibonachos", 2, 5, 2, (Played(0, "R13#1"), Played(1, "G2#1")), Suit.RED, spicy="S3#1"
    )
    plays = (Play("Ana", "Red 13", "Red 13"), Play("Seat 2", "Green 2", "Grn 2"))
    assert present(status, NAMES) == TrickView(
        "Fibonachos", 2, 5, "Cy", plays, lead="Red", spicy="Spicy 3"
    )


def test_a_trump_trick_shows_the_trump_colour_and_symbol() -> None:
    """T2, T4: the colours as the faces print them (capitalised, as Fibonachos' suits),
    the symbol by its name."""
    status = TrickStatus(
        "trump", 3, 2, 0, (Played(2, "B7"),), Colour.B, trump=Colour.R, symbol=Symbol.SQUARE
    )
    shown = present(status, NAMES)
    assert shown == TrickView(
        "Trump", 3, 2, "Ana", (Play("Cy", "Blue 7", "Blu 7"),), "Blue", "Red", "square", None, ""
    )


@pytest.mark.parametrize(
    ("awaiting", "words", "status"),
    [
        (Awaiting.SPICY, "spicy card", "spicy card"),
        (Awaiting.TRUMP_INDICATOR, "trump indicator", "trump indicator"),
        (Awaiting.SYMBOL_INDICATOR, "symbol indicator", "symbol indicator"),
        (Awaiting.LEADER, "round 1's leader", "the leader of round 1 (T3)"),
        (Awaiting.NOTHING, "", "Seat 2 to play"),
    ],
)
def test_what_a_trick_game_waits_for_is_worded_here(
    awaiting: Awaiting, words: str, status: str
) -> None:
    """F6, T2, T3: the screen's "Show the ..." (the players' words) and the status line
    (the staff's and the log's, with the rule) say what to show."""
    shown = present(TrickStatus("trump", 1, 1, 1, awaiting=awaiting), NAMES)
    assert isinstance(shown, TrickView) and shown.waiting_for == words
    assert waiting_line(TrickStatus("trump", 1, 1, 1, awaiting=awaiting), NAMES) == status


def test_an_unknown_first_leader_is_a_question_mark() -> None:
    """T3: before the table names round 1's leader, nobody is to play."""
    status = TrickStatus("trump", 1, 1, None, awaiting=Awaiting.LEADER)
    shown = present(status, NAMES)
    assert isinstance(shown, TrickView) and shown.to_play == "?"


def test_a_trick_won_names_the_winner_and_the_prize() -> None:
    """F4, F6, T5: the spicy card, or Trump's two indicators after the last trick; the
    cards named as their faces print them (issue 12)."""
    spicy = Notice(NoticeKind.TRICK_WON, "", detail=TrickWon(1, "R13#1", 5, ("S3#1",)))
    won = present_notice(spicy, NAMES, "fibonachos")
    assert won == TrickWonView("Seat 2", "Red 13", 5, "Spicy 3")
    last = Notice(NoticeKind.TRICK_WON, "", detail=TrickWon(2, "R10", 12, ("R3", "G7")))
    assert present_notice(last, NAMES, "trump") == TrickWonView(
        "Cy", "Red 10", 12, "the indicators"
    )
    plain = Notice(NoticeKind.TRICK_WON, "", detail=TrickWon(0, "B9", 1))
    assert present_notice(plain, NAMES, "trump") == TrickWonView("Ana", "Blue 9", 1, None)


def test_a_notice_without_a_detail_has_no_view() -> None:
    assert present_notice(Notice(NoticeKind.INFO, "undone"), NAMES) is None


def test_round_scores_carry_the_running_totals() -> None:
    detail = Scores("fibonachos", 2, (8, 0, 13), (21, 13, 16), (0,))
    shown = present_notice(Notice(NoticeKind.ROUND_OVER, "round 2 over", detail=detail), NAMES)
    assert shown == ScoresView("Round 2", ("Ana", "Seat 2", "Cy"), (8, 0, 13), (21, 13, 16), (0,))


def test_final_scores_say_who_won() -> None:
    final = Scores("trump", None, (55, 55, 21), None, (0, 1), winners=(0, 1))
    assert present(final, NAMES) == ScoresView(
        "Final scores",
        ("Ana", "Seat 2", "Cy"),
        (55, 55, 21),
        None,
        (0, 1),
        "2 players share the win",
    )
    alone = present(Scores("trump", None, (55, 34, 21), None, (0,), winners=(0,)), NAMES)
    assert isinstance(alone, ScoresView) and alone.footer == "Ana won"
    nobody = present(Scores("trump", None, (0, 0, 0)), NAMES)
    assert isinstance(nobody, ScoresView) and nobody.footer == ""


def test_the_end_of_a_game_on_the_status_line() -> None:
    """F8: Fibonachos is a match of three rounds; the other games just end."""
    assert waiting_line(Scores("fibonachos", None, (1, 2)), NAMES) == "the match is over"
    assert waiting_line(Scores("trump", None, (1, 2)), NAMES) == "the game is over"
    assert waiting_line(Scores("trump", 3, (1, 2)), NAMES) == "round 3 over"


@pytest.mark.parametrize(
    ("meld", "line"),
    [
        (MeldSet("21", SetState.CLOSED), SetLine("Top 21", "closed", "")),
        (MeldSet("B2", SetState.COMPLETE), SetLine("Base 2", "complete", "")),
        (MeldSet("B5", SetState.COMPLETE, wild="W=8"), SetLine("Base 5", "complete", "Wild 8")),
        (MeldSet("B5", SetState.OPEN, Lack.POINTS, 8), SetLine("Base 5", "open", "8 missing")),
        (
            MeldSet("B2", SetState.OPEN, Lack.WILD_NUMBER),
            SetLine("Base 2", "open", "wild number?"),
        ),
        (
            MeldSet("B3", SetState.OPEN, Lack.IMPOSSIBLE),
            SetLine("Base 3", "open", "cannot complete"),
        ),
        (
            MeldSet("B3", SetState.ILLEGAL, reason="5 is not allowed on B3", rule="R2", fault="5"),
            SetLine("Base 3", "illegal", "wrong: Std 5"),
        ),
        (
            MeldSet("B3", SetState.ILLEGAL, reason="an empty set", rule="R2"),
            SetLine("Base 3", "illegal", "breaks the rules"),
        ),
    ],
)
def test_a_rummy_set_line_says_what_the_set_lacks(meld: MeldSet, line: SetLine) -> None:
    """R2, R4, R5: a set's state and, in words, its wild card, fault or lack (the card at
    fault by its face, the base by its face in a few letters; the engine's reason and rule
    are the log's, issue 12)."""
    assert set_detail(meld) == line.detail
    status = RummyStatus("rummy21", 2, 1, (meld,), page=1)
    legend = ((line.state, {"illegal": "wrong", "complete": "done"}.get(line.state, line.state)),)
    assert present(status, NAMES) == RummyView(
        "rummy21", 2, "Seat 2", (line,), 1, number=2, seats=3, legend=legend
    )


def test_the_rummy_status_line_follows_the_end_of_the_round() -> None:
    """R6: melds are read, then the hands are laid out and counted."""
    assert waiting_line(RummyStatus("rummy8", 1, 0, ()), NAMES) == "melds"
    counting = RummyStatus("rummy8", 1, 0, (), counting=True)
    assert waiting_line(counting, NAMES) == "hands to count, then end-round"


def test_the_hex_turn_names_the_side_by_its_player() -> None:
    """H2, H4, H5: the side to move, its moves left, the card, the winner."""
    sides = ("Black", "White")
    assert present(HexStatus(Side.WHITE, 8, 4, 4, reduction=2), sides) == HexView(
        "White", 8, 4, 4, reduction=2
    )
    won = HexStatus(Side.BLACK, 31, 6, 0, winner=Side.WHITE)
    assert present(won, ["", ""]) == HexView("Seat 1", 31, 6, 0, winner="Seat 2")
    assert waiting_line(won, sides) == "White won"
    card = HexStatus(Side.BLACK, 3, 0, 0, awaiting=Awaiting.MOVE_CARD)
    assert waiting_line(card, sides) == "Black's move card"
    assert waiting_line(HexStatus(Side.BLACK, 3, 3, 2), sides) == "Black: 2 moves left"
    assert waiting_line(HexStatus(Side.BLACK, 3, 3, 1), sides) == "Black: 1 move left"


def test_a_flow_presented_shows_what_the_flow_screens_showed() -> None:
    """Issue 9: the seam changes no screen; a Fibonachos trick as the OLED showed it."""
    flow = make_flow("fibonachos", ["Ana", "", "Cy"], [], options={})
    flow.placed(TableCard("f/S3", "fibonachos", "S3#1", "spicy"))
    flow.placed(TableCard("f/R13", "fibonachos", "R13#1", "play"))
    shown = present(flow.status(), ["Ana", "", "Cy"])
    assert shown == TrickView(
        "Fibonachos",
        1,
        1,
        "Seat 2",
        (Play("Ana", "Red 13", "Red 13"),),
        lead="Red",
        spicy="Spicy 3",
    )
    assert waiting_line(flow.status(), ["Ana", "", "Cy"]) == "Seat 2 to play"


def test_a_rummy_page_says_which_seat_its_total_and_who_plays() -> None:
    """Issue 12 s4: "2/3", the seat's total so far, who laid the last card, the legend of
    the markers on the page only."""
    sets = (MeldSet("21", SetState.CLOSED), MeldSet("B5", SetState.OPEN, Lack.POINTS, 8))
    status = RummyStatus("rummy21", 3, 1, sets, totals=(120, -40, 85), turn=2)
    shown = present(status, NAMES)
    assert isinstance(shown, RummyView)
    assert (shown.seat, shown.number, shown.seats) == ("Seat 2", 2, 3)
    assert (shown.score, shown.turn) == (-40, "Cy")
    assert shown.legend == (("open", "open"), ("closed", "closed"))


def test_a_rummy_page_names_the_rounds_first_player_before_any_card() -> None:
    """R4: before a round's first card, the page's "... plays" names the player who
    starts the round (clockwise of its dealer), as the dashboard marks them; once a
    card lies, the one laying cards."""
    fresh = RummyStatus("rummy21", 2, 0, (), totals=(120, -40, 85), starts=2)
    shown = present(fresh, NAMES)
    assert isinstance(shown, RummyView) and shown.turn == "Cy"
    laid = present(RummyStatus("rummy21", 2, 0, (), starts=2, turn=0), NAMES)
    assert isinstance(laid, RummyView) and laid.turn == "Ana"
    unknown = present(RummyStatus("rummy21", 2, 0, ()), NAMES)
    assert isinstance(unknown, RummyView) and unknown.turn is None


def test_the_running_tally_counts_the_round_so_far_in_the_totals() -> None:
    status = TrickStatus("fibonachos", 2, 4, 0, totals=(13, 21, 8), points=(8, 0, 13))
    shown = present_running(status, NAMES)
    assert shown is not None
    assert shown.totals == (21, 21, 21) and shown.leaders == (0, 1, 2)
    assert shown.footer == "if the round ended now"
    between = present_running(TrickStatus("fibonachos", 2, 1, 0, totals=(13, 21, 8)), NAMES)
    assert between is not None and between.points == (13, 21, 8) and between.totals is None
    # Round 1 before its first card: the round now, 0 each (docs/ui.md, "The scores").
    first = present_running(TrickStatus("fibonachos", 1, 1, 0, totals=(0, 0, 0)), NAMES)
    assert first is not None and first.points == first.totals == (0, 0, 0)
    assert first.heads == ("now", "tot")
