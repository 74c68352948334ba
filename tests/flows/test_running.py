"""The running tally and the last trick in the flows' facts (issue 12 section 4).

Mid-round the flows report what each seat took so far and what the round would
score if it ended now; the check here is that this tally meets the engine's own end
of round: the tally before a round's last card, plus that last trick, is the
round's score.
"""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import Keys, load

from companion.flows.base import NoticeKind
from companion.flows.commands import CountHands, EndRound, Undo
from companion.flows.registry import make_flow
from companion.flows.status import Played, RummyStatus, TrickStatus, TrickWon
from companion.games.fibonachos.cards import Spicy
from companion.games.fibonachos.scoring import round_points
from companion.games.json_types import as_object, list_field
from companion.games.trump import parse_card
from companion.games.trump.scoring import POINTS
from companion.table.cards import TableCard

FIBONACHOS = ["full-3p.json", "full-4p-zero-scores-34.json", "full-5p-no-tricks-only.json"]


def _fibonachos_cards(record: dict[str, Any]) -> list[TableCard]:
    keys, cards = Keys("fibonachos"), []
    for played in record["rounds"]:
        keys.reset()
        for trick in played["tricks"]:
            if trick["spicy"] is not None:
                cards.append(keys.card(trick["spicy"], "spicy"))
            cards += [keys.card(text, "play") for text in trick["plays"]]
    return cards


@pytest.mark.parametrize("name", FIBONACHOS)
def test_fibonachos_tally_meets_each_rounds_score(name: str) -> None:
    """F7: the spicy taken and tricks won so far, plus the round's last trick, are the
    round's report; the points shown are F7's for what was taken; totals add up."""
    record = load("fibonachos", name)
    dealer = record["rounds"][0].get("dealer")
    flow = make_flow(
        "fibonachos",
        record["players"],
        record["variants"],
        options={} if dealer is None else {"dealer": dealer},
    )
    variants = frozenset(record["variants"])
    before: Any = flow.status()
    rounds = 0
    for card in _fibonachos_cards(record):
        notices = flow.placed(card)
        over = [n for n in notices if n.kind is NoticeKind.ROUND_OVER]
        status = flow.status()
        if over:
            (won,) = [n.detail for n in notices if isinstance(n.detail, TrickWon)]
            taken, tricks = list(before.taken), list(before.tricks)
            taken[won.winner] += sum(Spicy.parse(p).value for p in won.prize)
            tricks[won.winner] += 1
            played = list_field(flow.report().to_json(), "rounds")[rounds]
            assert (taken, tricks) == (as_object(played)["spicy"], as_object(played)["tricks"])
            rounds += 1
        if isinstance(status, TrickStatus):
            assert list(status.totals) == flow.report().to_json()["totals"]
            if status.points:
                assert status.points == round_points(status.taken, status.tricks, variants)
                assert sum(status.tricks) == status.trick - 1
        before = status
    assert rounds == 3


def test_trump_tally_meets_each_rounds_score() -> None:
    """T5, T6: the scored symbols won so far, plus the last trick and the indicators,
    are the round's symbols; the points shown are T6's for the symbols so far."""
    record = load("trump", "full-game-4p.json")
    flow = make_flow("trump", record["players"], [], options={"leader": 0})
    keys = Keys("trump")
    for number, played in enumerate(record["rounds"]):
        keys.reset()
        flow.placed(keys.card(played["trump"], "trump-indicator"))
        flow.placed(keys.card(played["symbol"], "symbol-indicator"))
        symbol = parse_card(played["symbol"]).symbol
        cards = [text for trick in played["tricks"] for text in trick]
        before: Any = None
        for text in cards:
            before = flow.status()
            notices = flow.placed(keys.card(text, "play"))
        assert isinstance(before, TrickStatus) and before.symbol is symbol
        assert before.points == tuple(POINTS[n] for n in before.taken)
        (won,) = [n.detail for n in notices if isinstance(n.detail, TrickWon)]
        last = [*played["tricks"][-1], played["trump"], played["symbol"]]
        taken = list(before.taken)
        taken[won.winner] += sum(parse_card(c).symbol is symbol for c in last)
        reported: Any = flow.report().to_json()
        assert taken == reported["rounds"][number]["symbols"]


def test_the_last_trick_and_its_winner_stay_until_the_next_one_is_complete() -> None:
    """F4: after a trick, the status keeps its cards by seat and who won it."""
    flow = make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})
    keys = Keys("fibonachos")
    for notation, zone in (("S3#1", "spicy"), ("R13", "play"), ("G2", "play"), ("Y16", "play")):
        flow.placed(keys.card(notation, zone))
    status = flow.status()
    assert status.last == (Played(0, "R13"), Played(1, "G2"), Played(2, "Y16"))
    assert status.last_winner == 0 and status.taken == (3, 0, 0) and status.tricks == (1, 0, 0)
    flow.placed(keys.card("S1#1", "spicy"))
    flow.placed(keys.card("R5", "play"))
    assert flow.status().last_winner == 0  # the trick under way is not the last one
    flow.command(Undo())
    flow.command(Undo())
    flow.command(Undo())
    assert flow.status().last == () and flow.status().taken == (0, 0, 0)


def test_trump_names_the_last_trick_by_seat() -> None:
    flow = make_flow("trump", ["Ana", "Ben", "Cy"], [], options={"leader": 1})
    keys = Keys("trump")
    flow.placed(keys.card("R7", "trump-indicator"))
    flow.placed(keys.card("G4", "symbol-indicator"))
    for text in ("B3", "B9", "R1"):  # Ben leads; Ana's red 1 is a trump (T4)
        flow.placed(keys.card(text, "play"))
    status = flow.status()
    assert status.last == (Played(1, "B3"), Played(2, "B9"), Played(0, "R1"))
    assert status.last_winner == 0 and status.tricks == (1, 0, 0)


def test_rummy_reports_whose_turn_and_the_totals() -> None:
    """R4: the seat that laid the last card is at play; R7: totals of the rounds done."""
    game = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    assert game.status().turn is None and game.status().totals == (0, 0)
    game.placed(TableCard("a", "rummy21", "B5", "meld-1", (0.2, 0.3)))
    status = game.status()
    assert isinstance(status, RummyStatus) and status.turn == 1 and status.seat == 0
    game.removed(TableCard("a", "rummy21", "B5", "meld-1", (0.2, 0.3)))  # no opening (R3)
    game.command(CountHands())
    game.placed(TableCard("h", "rummy21", "5", "meld-0", (0.3, 0.8)))
    over = game.command(EndRound(None))
    assert over[0].kind is NoticeKind.ROUND_OVER
    after = game.status()
    assert isinstance(after, RummyStatus)
    assert list(after.totals) == game.report().to_json()["totals"] and after.totals != (0, 0)
    assert after.turn is None  # a new round: nobody has laid a card yet
