"""The rummy flow and set geometry (issue 4 section 3; R2-R7)."""

from __future__ import annotations

import glob
import os
from typing import Any

import pytest
from flow_tables import EXAMPLES, load, play_rummy

from companion.flows.base import NoticeKind
from companion.flows.commands import CountHands, EndRound, Page, Replace, Wild
from companion.flows.registry import make_flow
from companion.flows.status import Lack, MeldSet, SetState, WildCard
from companion.games.scoring import score_record
from companion.table.cards import TableCard
from companion.table.seats import DEFAULT_CARD, MAX_DRIFT, MAX_STEP, group_sets
from companion.views.live_sections import rummy_section

NAMES = sorted(os.path.basename(p) for p in glob.glob(str(EXAMPLES / "rummy" / "rummy*.json")))


def card(key: str, notation: str, x: float, y: float, seat: int = 0, **extra: Any) -> TableCard:
    return TableCard(key, "rummy21", notation, f"meld-{seat}", (x, y), **extra)


def notations(cards: list[TableCard]) -> list[list[str]]:
    return [[c.notation for c in group] for group in group_sets(cards)]


def flow() -> Any:
    return make_flow("rummy21", ["Ana", "Ben"], [], options={})


@pytest.mark.parametrize("name", NAMES)
def test_example_records_laid_out_on_the_table(name: str) -> None:
    """R2-R7: every example's round ends, laid out and scored, give its record and score."""
    record = load("rummy", name)
    game = make_flow(record["game"], record["players"], record["variants"], options={})
    notices = play_rummy(game, record)
    assert not [n for n in notices if n.kind is NoticeKind.REFUSED]
    assert game.record() == record
    assert game.report() == score_record(record)
    rounds = [n for n in notices if n.kind is NoticeKind.ROUND_OVER]
    assert len(rounds) == len(record["rounds"])


def test_an_overlap_chain_is_one_set_from_its_base() -> None:
    cards = [card("c", "8", 0.31, 0.40), card("a", "B5", 0.30, 0.30), card("b", "3", 0.30, 0.35)]
    assert notations(cards) == [["B5", "3", "8"]]


def test_two_sets_side_by_side_and_a_card_between_them() -> None:
    cards = [
        card("a", "B5", 0.20, 0.30),
        card("b", "8", 0.20, 0.35),
        card("c", "B3", 0.40, 0.30),
        card("d", "5", 0.40, 0.36),
        card("e", "13", 0.30, 0.34),  # between the columns: a set of its own
    ]
    assert notations(cards) == [["B5", "8"], ["B3", "5"], ["13"]]


def test_the_geometry_limits() -> None:
    """A card too far below or too far aside starts a new set (a card with no extent is
    the default card)."""
    width, height = DEFAULT_CARD
    base = card("a", "B5", 0.2, 0.3)
    assert len(group_sets([base, card("b", "8", 0.2, 0.3 + MAX_STEP * height * 0.99)])) == 1
    assert len(group_sets([base, card("b", "8", 0.2, 0.3 + MAX_STEP * height * 1.01)])) == 2
    assert len(group_sets([base, card("b", "8", 0.2 + MAX_DRIFT * width * 1.01, 0.35)])) == 2
    assert len(group_sets([base, card("b", "8", 0.2, 0.3)])) == 2  # same place: no overlap


def test_sets_are_shown_complete_open_or_illegal_with_what_they_lack() -> None:
    """R2: what each set lacks, or why it is illegal."""
    game = flow()
    game.placed(card("a", "B5", 0.2, 0.3))
    game.placed(card("b", "8", 0.2, 0.35))
    game.placed(card("c", "B8", 0.4, 0.3))
    game.placed(card("d", "13", 0.4, 0.35))
    illegal = game.placed(card("e", "5", 0.6, 0.3))
    assert illegal[0].kind is NoticeKind.INFO and "R2" in illegal[0].message
    lines = game.status().sets
    assert lines[0] == MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8)
    assert lines[1] == MeldSet("B8", SetState.COMPLETE)
    assert lines[2].state is SetState.ILLEGAL and lines[2].rule == "R2" and lines[2].reason


def test_a_wild_card_is_inferred_when_one_number_completes_otherwise_asked() -> None:
    """R5, issue 11 item 1: B5 8 W can only be completed by W=8; B2 W has several
    numbers: the status asks for that wild card by its seat and set, offering only the
    numbers that keep the set legal, at most 21 (no note on the screen)."""
    game = flow()
    game.placed(card("a", "B5", 0.2, 0.3))
    game.placed(card("b", "8", 0.2, 0.35))
    game.placed(card("w", "W", 0.2, 0.40))
    assert game.status().sets[0] == MeldSet("B5", SetState.COMPLETE, wild="W=8")
    assert game.status().asking is None
    game.placed(card("c", "B2", 0.5, 0.3))
    assert game.placed(card("v", "W", 0.5, 0.35)) == []
    assert game.status().sets[1] == MeldSet("B2", SetState.OPEN, Lack.WILD_NUMBER)
    assert game.status().asking == WildCard("v", 0, "B2", None, (2, 3, 5, 8, 13))
    game.command(Wild("v", 13))
    assert game.status().asking is None
    assert game.status().wilds[0] == WildCard("v", 0, "B2", 13, (2, 3, 5, 8, 13))  # newest
    assert game.status().sets[1] == MeldSet("B2", SetState.OPEN, Lack.POINTS, missing=6)
    assert game.command(Wild("v", 4))[0].rule == "R5"


def test_a_complete_set_turned_face_down_is_closed() -> None:
    """R4: a complete set turned face down is closed; an incomplete one is refused."""
    game = flow()
    game.placed(card("a", "B8", 0.2, 0.3))
    game.placed(card("b", "13", 0.2, 0.35))
    game.placed(card("c", "B5", 0.4, 0.3))
    game.placed(card("d", "8", 0.4, 0.35))
    game.placed(card("a", "?", 0.2, 0.3, face_down=True))
    assert game.status().sets[0].state is SetState.COMPLETE  # one card down, not the set yet
    notices = game.placed(card("b", "?", 0.2, 0.35, face_down=True))
    assert "closed" in notices[0].message
    assert game.status().sets[0] == MeldSet("B8", SetState.CLOSED)
    game.placed(card("c", "?", 0.4, 0.3, face_down=True))
    refused = game.placed(card("d", "?", 0.4, 0.35, face_down=True))
    assert refused[0].kind is NoticeKind.REFUSED and refused[0].rule == "R4"
    assert refused[0].message == "? refused: the set on B5 is not complete: 8 missing"
    assert game.status().sets[1] == MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8)


def test_the_status_tallies_complete_and_closed_sets_of_every_seat() -> None:
    """R2, R4, R5, issue 10 item 7: whatever page is shown, the status counts each
    seat's complete sets (not yet closed) and closed sets so far, for the screens."""
    game = flow()
    assert (game.status().complete, game.status().closed) == ((0, 0), (0, 0))
    game.placed(card("a", "B8", 0.2, 0.3))
    game.placed(card("b", "13", 0.2, 0.35))
    game.placed(card("c", "B5", 0.4, 0.3))
    game.placed(card("d", "8", 0.4, 0.35))
    game.placed(card("e", "B5", 0.2, 0.3, seat=1))
    game.placed(card("f", "8", 0.2, 0.35, seat=1))
    assert (game.status().complete, game.status().closed) == ((1, 0), (0, 0))
    game.placed(card("a", "?", 0.2, 0.3, face_down=True))
    game.placed(card("b", "?", 0.2, 0.35, face_down=True))
    assert (game.status().complete, game.status().closed) == ((0, 0), (1, 0))
    game.command(Page(1))
    game.placed(card("w", "W", 0.2, 0.4, seat=1))  # B5 8 W: complete with W=8
    status = game.status()
    assert status.seat == 1
    assert (status.complete, status.closed) == ((0, 1), (1, 0))


def test_a_phone_page_shows_every_seats_sets_closed_ones_too() -> None:
    """R4, issue 26 item 5: the phone page lists each seat's sets, its closed ones first,
    whichever seat the OLED shows (the cafe demo's rummy table showed "No set yet" for
    a seat with a closed set and two open ones)."""
    game = flow()
    game.placed(card("a", "B8", 0.2, 0.3))
    game.placed(card("b", "13", 0.2, 0.35))
    game.placed(card("a", "?", 0.2, 0.3, face_down=True))
    game.placed(card("b", "?", 0.2, 0.35, face_down=True))
    game.placed(card("e", "B5", 0.2, 0.3, seat=1))
    seats = rummy_section(game, game.status()).seats
    assert game.status().seat == 0
    assert [[line.state for line in seat.sets] for seat in seats] == [["closed"], ["open"]]


def test_end_round_refuses_an_impossible_end_and_accepts_the_fix() -> None:
    """R6: going out needs every set closed; the refusal names the rule."""
    game = flow()
    game.placed(card("t", "21", 0.2, 0.3))
    refused = game.command(EndRound(0))
    assert refused[0].kind is NoticeKind.REFUSED and refused[0].rule
    game.removed(card("t", "21", 0.2, 0.3))  # picked up: no opening this round (R3)
    assert not game.status().counting
    game.command(CountHands())
    assert game.status().counting  # R6: the hands are laid out to be counted
    game.placed(card("h", "5", 0.3, 0.8, seat=1))
    over = game.command(EndRound(None))
    assert over[0].kind is NoticeKind.ROUND_OVER
    assert game.record()["rounds"][0]["tables"][1]["hand"] == ["5"]
    assert game.status().sets == () and game.status().round == 2
    assert not game.status().counting


def test_undo_and_replace_and_pages() -> None:
    game = flow()
    game.placed(card("a", "B5", 0.2, 0.3))
    game.placed(card("b", "8", 0.2, 0.35))
    game.undo()
    assert game.status().sets == (MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=16),)
    game.placed(card("b", "3", 0.2, 0.35))
    game.command(Replace("b", "8"))
    assert game.status().sets == (MeldSet("B5", SetState.OPEN, Lack.POINTS, missing=8),)
    wrong = game.placed(TableCard("x", "trump", "R1", "meld-0", (0.8, 0.3)))
    assert wrong[0].kind is NoticeKind.REFUSED and wrong[0].rule == "R1"
    game.command(Page())
    assert game.status().seat == 1 and game.status().sets == ()
    assert game.placed(card("z", "5", 0.1, 0.1, seat=3)) == []  # no such seat: ignored


def test_the_status_lists_what_is_on_record_and_a_refused_correction_changes_nothing() -> None:
    """Issue 10 item 1: the correction list is the cards lying in the zones (a refused
    one too), never one undone or picked up; a correction the rules refuse (a card the
    deck does not hold) leaves the card as read."""
    game = flow()
    game.placed(card("a", "B5", 0.2, 0.3))
    game.placed(card("b", "8", 0.2, 0.35))
    game.placed(card("c", "Z9", 0.5, 0.3, seat=1))  # refused: no such card
    listed = [(r.key, r.card, r.use, r.refused) for r in game.status().recorded]
    assert listed == [
        ("c", "Z9", "meld-1", True),
        ("b", "8", "meld-0", False),
        ("a", "B5", "meld-0", False),
    ]
    game.undo()
    game.removed(card("a", "B5", 0.2, 0.3))
    assert [r.key for r in game.status().recorded] == ["b"]
    before = (game.record(), game.status())
    notice = game.command(Replace("b", "Q7"))[0]
    assert notice.kind is NoticeKind.REFUSED and "Q7 cannot replace 8" in notice.message
    assert (game.record(), game.status()) == before


def test_up_and_down_page_through_the_seats_both_ways() -> None:
    game = make_flow("rummy21", ["Ana", "Ben", "Cy"], [], options={})
    game.command(Page(-1))  # UP from the first seat: the last
    assert game.status().seat == 2
    game.command(Page(-1))
    assert game.status().seat == 1
    game.command(Page(1))  # DOWN
    assert game.status().seat == 2


def test_the_same_inputs_give_the_same_state() -> None:
    record = load("rummy", "rummy21-full.json")
    a = make_flow("rummy21", record["players"], [], options={})
    b = make_flow("rummy21", record["players"], [], options={})
    play_rummy(a, record)
    play_rummy(b, record)
    assert a.record() == b.record() and a.status() == b.status()


def test_a_card_seen_outside_the_meld_zones_leaves_its_set() -> None:
    """R4 (one card lies in one place), issue 23 item 2: a card of a set seen again in
    the play area or a hand, its removal unseen, is no longer in its seat's set nor
    counted in a hand. Before, it stayed in the set as if it still lay there."""
    for zone in ("play", "hand"):
        game = flow()
        game.placed(card("k21", "21", 0.1, 0.1))
        assert game.status().complete == (1, 0)
        game.placed(TableCard("k21", "rummy21", "21", zone, (0.5, 0.5)))
        assert game.status().complete == (0, 0) and game.status().sets == ()
        game.command(CountHands())
        game.placed(card("k8", "8", 0.1, 0.1))
        game.placed(TableCard("k8", "rummy21", "8", zone, (0.5, 0.5)))
        assert game.round.hands[0] == {}
