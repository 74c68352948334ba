"""Issue 26: Fibonacci 13 and 8 played at the table with the cards of one printed Deck 21.

R1 plays Fibonacci 13 and 8 with Deck 21 "with cards removed": a Deck 21 card the
game keeps is read as that game's card, one it takes out is refused in the players'
words, and the old printed Deck 13 and Deck 8 still play.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from flow_tables import load, play_rummy

from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import Replace
from companion.flows.rummy import RummyFlow
from companion.flows.said import Say
from companion.games.rummy.printed import printed_as
from companion.table.cards import TableCard
from companion.views.i18n import speaking
from companion.views.words import notice_words


def _plain(record: dict[str, Any]) -> Any:
    """The record without the serials the Deck 21 cards carried (``B3#2`` is ``B3``)."""
    return json.loads(re.sub(r"#[0-9]+", "", json.dumps(record)))


class LaidWithDeck21(RummyFlow):
    """The flow, fed each card as the Deck 21 card a table lays for it (its key's
    count, ``rummy13/1/B3/2``, is its serial)."""

    def placed(self, card: TableCard) -> list[Notice]:
        if card.face_down:
            return super().placed(replace(card, deck="rummy21"))
        serial = card.key.rsplit("/", 1)[1]
        printed = printed_as(f"{card.notation}#{serial}", self.game)
        return super().placed(replace(card, deck="rummy21", notation=printed))


@pytest.mark.parametrize("name", ["rummy13-full.json", "rummy8-full.json"])
def test_r1_a_match_laid_with_deck_21_scores_as_with_its_own_deck(name: str) -> None:
    """R1: the example match laid with Deck 21's cards gives the record and report it
    gives laid with the game's own printed deck, with no card refused."""
    record = load("rummy", name)
    own = RummyFlow(record["game"], record["players"], record["variants"])
    shared = LaidWithDeck21(record["game"], record["players"], record["variants"])
    play_rummy(own, record)
    notices = play_rummy(shared, record)
    assert [n for n in notices if n.kind is NoticeKind.REFUSED] == []
    assert _plain(shared.record()) == own.record() == _plain(record)  # serials aside
    assert shared.report() == own.report()


@pytest.mark.parametrize(
    ("game", "printed", "english", "french"),
    [
        ("rummy13", "21#2", "Top 21 is not played in Rummy 13", "Top 21 ne se joue pas au Rami 13"),
        ("rummy13", "13#5", "Standard 13 is not played in Rummy 13", "Standard 13 ne se joue"),
        ("rummy8", "B13#1", "Base 13 is not played in Rummy 8", "Base 13 ne se joue pas"),
        ("rummy8", "X#2", "Bonus is not played in Rummy 8", "Bonus ne se joue pas au Rami 8"),
    ],
)
def test_r1_a_card_the_game_takes_out_is_refused_in_the_players_words(
    game: str, printed: str, english: str, french: str
) -> None:
    """R1: a Deck 21 card the game takes out is refused, named as Deck 21 prints it,
    with what to do: put it back in the box (in English and in French); it never joins
    a set."""
    flow = RummyFlow(game, ["Ana", "Ben"], [])
    notices = flow.placed(TableCard("k", "rummy21", printed, "meld-0", (0.2, 0.3)))
    assert [n.kind for n in notices] == [NoticeKind.REFUSED]
    assert notices[0].said is not None and notices[0].said.say is Say.LEFT_OUT
    assert notices[0].rule == "R1"
    assert flow.status().sets == ()
    assert flow.status().recorded == ()  # not a misread to correct: it goes in the box
    with speaking("en"):
        words = notice_words(notices[0], ["Ana", "Ben"], game)
    assert words is not None
    assert words.title == "Card refused"
    assert words.line.startswith(english) and words.line.endswith("put it back in the box.")
    with speaking("fr"):
        words = notice_words(notices[0], ["Ana", "Ben"], game)
    assert words is not None and words.line.startswith(french)
    assert words.line.endswith("remettez-la dans la boîte.")


def test_r1_deck_21_and_89_take_no_other_printed_deck() -> None:
    """R1: Fibonacci 21 is Deck 21's alone and Deck 89 is its own deck: a card of Deck
    13, or of Deck 21 at Fibonacci 89, belongs to another game."""
    for game, deck, notation in (("rummy21", "rummy13", "B3#1"), ("rummy89", "rummy21", "B8#1")):
        flow = RummyFlow(game, ["Ana", "Ben"], [])
        notices = flow.placed(TableCard("k", deck, notation, "meld-0", (0.2, 0.3)))
        assert notices[0].said is not None and notices[0].said.say is Say.WRONG_DECK


def test_r1_printed_deck_13_and_8_still_play_beside_deck_21() -> None:
    """Issue 26: players who printed Deck 13 or Deck 8 keep playing with it, and a card
    of either printed deck joins the same set."""
    flow = RummyFlow("rummy8", ["Ana", "Ben"], [])
    flow.placed(TableCard("a", "rummy8", "B3#1", "meld-0", (0.2, 0.3)))
    flow.placed(TableCard("b", "rummy21", "5#4", "meld-0", (0.2, 0.35)))
    flow.placed(TableCard("c", "rummy21", "B8#2", "meld-0", (0.5, 0.3)))
    lines = [(line.base, line.state.value) for line in flow.status().sets]
    assert lines == [("B3#1", "complete"), ("8#2", "complete")]


def test_a_deck_21_card_corrected_is_read_as_the_games_card() -> None:
    """A Deck 21 card corrected on the menu takes the game's card named there (the
    menu lists the game's cards), not a Deck 21 card of that notation."""
    flow = RummyFlow("rummy13", ["Ana", "Ben"], [])
    flow.placed(TableCard("a", "rummy21", "B13#1", "meld-0", (0.2, 0.3)))
    notices = flow.command(Replace("a", "13"))  # deck 13's top card, not a standard 13
    assert [n.kind for n in notices] == [NoticeKind.INFO]
    assert [(line.base, line.state.value) for line in flow.status().sets] == [("13", "complete")]
