"""One model of what is on record (issue 10 item 1): undo, corrections and refusals.

Undo, a correction (Replace) and a refusal all work on the one sequence of table
events the flow accepted; the status lists exactly the cards a correction may name
(those on record this round and those refused that still lie on the table), never a
card undone; a refused correction changes nothing; and whatever undos and
corrections a table makes, played through with the true cards the game goes on to
the true game's record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from flow_tables import Keys, load
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import Replace, Undo
from companion.flows.registry import make_flow
from companion.flows.rummy import RummyFlow
from companion.flows.said import Say
from companion.flows.status import Recorded, TrickStatus
from companion.table.cards import TableCard
from companion.ui.deck_choices import deck_groups


def card(notation: str, zone: str = "play", key: str | None = None) -> TableCard:
    return TableCard(key or f"fibonachos/1/{notation}", "fibonachos", notation, zone)


def three() -> Any:
    return make_flow("fibonachos", ["Ana", "Ben", "Cy"], [], options={})


def recorded(flow: GameFlow) -> tuple[Recorded, ...]:
    """The status's list (none once the game is over: the scores are shown)."""
    status = flow.status()
    return status.recorded if isinstance(status, TrickStatus) else ()


def test_the_status_lists_the_cards_on_record_newest_first_never_one_undone() -> None:
    """Issue 10 item 1: after "undone: R13" the correction list no longer offers R13."""
    flow = three()
    flow.placed(card("S3#1", "spicy"))
    flow.placed(card("R13"))
    flow.placed(card("G2"))
    assert [(r.card, r.use) for r in recorded(flow)] == [
        ("G2", "play"),
        ("R13", "play"),
        ("S3#1", "spicy"),
    ]
    flow.command(Undo())
    assert [r.card for r in recorded(flow)] == ["R13", "S3#1"]
    refused = flow.command(Replace("fibonachos/1/G2", "G3"))
    assert refused[0].kind is NoticeKind.REFUSED  # undone: not on record any more
    assert [r.card for r in recorded(flow)] == ["R13", "S3#1"]


def test_a_refused_card_is_listed_until_it_is_picked_up() -> None:
    """F1: a misread refused card is corrected where it lies; once gone it is not offered."""
    flow = three()
    flow.placed(card("S3#1", "spicy"))
    flow.placed(card("R13", key="k1"))
    flow.placed(card("R13", key="k2"))  # misread: R13 was played already
    assert (recorded(flow)[0].key, recorded(flow)[0].refused) == ("k2", True)
    flow.removed(card("R13", key="k2"))
    assert [r.key for r in recorded(flow)] == ["k1", "fibonachos/1/S3#1"]


def test_a_refused_correction_changes_nothing() -> None:
    """Issue 10 item 1: a correction the rules refuse leaves the card as it was read
    (a refused Y14 corrected to Y13, refused too, stays Y14), on record or not."""
    flow = three()
    flow.placed(card("S3#1", "spicy"))
    flow.placed(card("Y13", key="k1"))
    flow.placed(card("Y14", key="k2"))
    flow.placed(card("Y14", key="k3"))  # refused: Y14 is played
    before = (flow.record(), recorded(flow))
    notice = flow.command(Replace("k3", "Y13"))[0]  # Y13 is played too
    assert notice.kind is NoticeKind.REFUSED and "Y13" in notice.message
    assert (flow.record(), recorded(flow)) == before
    assert recorded(flow)[0] == Recorded("k3", "Y14", "play", refused=True)
    notice = flow.command(Replace("k2", "Y13"))[0]  # on record: Y13 is played already
    assert notice.kind is NoticeKind.REFUSED
    assert (flow.record(), recorded(flow)) == before
    assert flow.command(Replace("k3", "Y12"))[0].kind is NoticeKind.INFO
    assert flow.record()["rounds"][0]["tricks"][0]["plays"] == ["Y13", "Y14", "Y12"]


# -- the property: any undos and corrections, then the true cards, give the true game --------


@dataclass(frozen=True)
class Event:
    """A true table event: a card put down (``key``, notation, zone)."""

    card: TableCard


def true_events(game: str, record: dict[str, Any]) -> list[Event]:
    """The table events of ``record``, keyed per physical card as the tracker keys them."""
    keys = Keys(game)
    events: list[Event] = []
    for played in record["rounds"]:
        keys.reset()
        if game == "fibonachos":
            for trick in played["tricks"]:
                if trick["spicy"] is not None:
                    events.append(Event(keys.card(trick["spicy"], "spicy")))
                events += [Event(keys.card(text, "play")) for text in trick["plays"]]
        else:
            events.append(Event(keys.card(played["trump"], "trump-indicator")))
            events.append(Event(keys.card(played["symbol"], "symbol-indicator")))
            events += [
                Event(keys.card(text, "play")) for trick in played["tricks"] for text in trick
            ]
    return events


def start(game: str, record: dict[str, Any]) -> GameFlow:
    first = record["rounds"][0]
    option = {"fibonachos": "dealer", "trump": "leader"}[game]
    options = {} if first.get(option) is None else {option: first[option]}
    return make_flow(game, record["players"], record.get("variants", []), options=options)


def faces(game: str) -> list[str]:
    return [face for group in deck_groups(game) for face in group.faces]


#: What a table may do before (or instead of) putting down the next true card.
MOVES = st.sampled_from(["plain", "plain", "misread", "undo", "correct", "correct-misread"])
RECORDS = [("fibonachos", "short.json"), ("fibonachos", "revoke.json"), ("trump", "short.json")]


def _replace_checked(flow: GameFlow, key: str, face: str) -> bool:
    """Replace ``key`` by ``face``; a refusal must change nothing. True if accepted."""
    before = (flow.record(), recorded(flow))
    notices = flow.command(Replace(key, face))
    if notices and notices[0].kind is NoticeKind.REFUSED:
        assert (flow.record(), recorded(flow)) == before, notices[0].message
        return False
    return True


def _misread(flow: GameFlow, event: Event, wrong: str, detour: str | None) -> None:
    """``event``'s card read as ``wrong``, (maybe wrongly corrected to ``detour``), then
    corrected from the status list to what it is."""
    true = event.card
    flow.placed(TableCard(true.key, true.deck, wrong, true.zone))
    keys = [r.key for r in recorded(flow)]
    assert true.key in keys  # on record or refused: the list offers it
    if detour is not None:
        _replace_checked(flow, true.key, detour)
    assert _replace_checked(flow, true.key, true.notation)


def _correct_and_back(flow: GameFlow, data: st.DataObject, game: str) -> None:
    """A card on record corrected to another face (maybe refused), then back."""
    on_record = [r for r in recorded(flow) if not r.refused]
    if not on_record:
        return
    target = data.draw(st.sampled_from(on_record))
    other = data.draw(st.sampled_from(faces(game)))
    if _replace_checked(flow, target.key, other):
        assert _replace_checked(flow, target.key, target.card)


def _undo_and_replay(flow: GameFlow, done: list[Event], count: int) -> None:
    """Undo the last ``count`` steps; the cards are put down again, in order. Undo
    takes back the newest corrections first (each leaves its card as read before it),
    then a step."""
    taken = done[len(done) - count :]
    for _ in taken:
        before = recorded(flow)
        while _undo_is_a_correction(flow.command(Undo())):
            pass
        if len(before) > 1:  # else the list is the round before's (cards come back each round)
            assert recorded(flow) == before[1:]
    for event in taken:
        flow.removed(event.card)
        flow.placed(event.card)


def _undo_is_a_correction(notices: list[Notice]) -> bool:
    return bool(notices) and notices[0].said is not None and notices[0].said.say is Say.UNCORRECTED


#: Random tables of each record: 15 in the fast set, 40 in the slow set.
EXAMPLES = [15, pytest.param(40, marks=pytest.mark.slow)]


@pytest.mark.parametrize("examples", EXAMPLES, ids=lambda n: f"{n}-tables")
@pytest.mark.parametrize(("game", "name"), RECORDS)
def test_any_undos_and_corrections_then_the_true_cards_give_the_true_game(
    game: str, name: str, examples: int
) -> None:
    """Issue 10 item 1: misreads corrected from the list, undos (the cards put down
    again), corrections made and taken back, interleaved with the true plays of a
    recorded game: the record at the end is the true game's, nothing left refused
    (derandomized: a failure comes back the same)."""
    check = settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        derandomize=True,
    )

    def one_table(data: st.DataObject) -> None:
        a_corrected_table(game, name, data)

    check(given(data=st.data())(one_table))()


def a_corrected_table(game: str, name: str, data: st.DataObject) -> None:
    """One random table of ``game``'s record ``name``: the true game at the end."""
    record = load(game, name)
    events = true_events(game, record)
    truth = start(game, record)
    for event in events:
        truth.placed(event.card)
    flow = start(game, record)
    done: list[Event] = []
    for event in events:
        move = data.draw(MOVES)
        if move in ("misread", "correct-misread"):
            wrong = data.draw(st.sampled_from([f for f in faces(game) if f != event.card.notation]))
            detour = data.draw(st.sampled_from(faces(game))) if move == "correct-misread" else None
            _misread(flow, event, wrong, detour)
        else:
            if move == "correct":
                _correct_and_back(flow, data, game)
            flow.placed(event.card)
        done.append(event)
        if move == "undo":
            _undo_and_replay(flow, done, data.draw(st.integers(1, min(3, len(done)))))
        assert not [r for r in recorded(flow) if r.refused], move
    assert flow.record() == truth.record()
    assert flow.report() == truth.report()


def test_undo_after_a_correction_takes_back_the_correction() -> None:
    """Issue 10 item 1 (corrections always work): "Undo last" right after a correction
    undoes the correction (the card is back as it was read), not the card itself; the
    next undo takes back the card."""
    flow = three()
    flow.placed(card("S3#1", "spicy"))
    flow.placed(card("R13"))
    flow.command(Replace("fibonachos/1/R13", "R12"))
    assert [r.card for r in recorded(flow)] == ["R12", "S3#1"]
    notices = flow.command(Undo())
    assert notices[0].said is not None and notices[0].said.card == "R13"
    assert [r.card for r in recorded(flow)] == ["R13", "S3#1"]
    flow.command(Undo())
    assert [r.card for r in recorded(flow)] == ["S3#1"]


def test_a_card_played_after_a_correction_is_undone_first() -> None:
    """Issue 10 item 1: undo goes back in the order the table did things: the card
    played after the correction, then the correction, then the corrected card."""
    flow = three()
    flow.placed(card("S3#1", "spicy"))
    flow.placed(card("R13"))
    flow.command(Replace("fibonachos/1/R13", "R12"))
    flow.placed(card("G2"))
    order = []
    for _ in range(3):
        flow.command(Undo())
        order.append([r.card for r in recorded(flow)])
    assert order == [["R12", "S3#1"], ["R13", "S3#1"], ["S3#1"]]


def test_rummy_undo_after_a_correction_gives_the_card_back_as_read() -> None:
    """R2, issue 10 item 1: in a rummy zone a correction undone leaves the card as it was
    read, still in its set; a refused correction is nothing to undo."""
    flow = make_flow("rummy21", ["Ana", "Ben"], [], options={})
    assert isinstance(flow, RummyFlow)
    base = TableCard("b", "rummy21", "B5", "meld-0", (0.2, 0.3))
    three_ = TableCard("t", "rummy21", "3", "meld-0", (0.2, 0.34))
    flow.placed(base)
    flow.placed(three_)
    flow.command(Replace("t", "8"))
    assert [c.notation for c in flow.round.table[0].values()] == ["B5", "8"]
    undone = flow.command(Undo())
    assert undone[0].said is not None and undone[0].said.card == "3"
    assert [c.notation for c in flow.round.table[0].values()] == ["B5", "3"]
    assert flow.command(Replace("t", "89"))[0].kind is NoticeKind.REFUSED  # not deck 21's
    flow.command(Undo())  # nothing corrected since: the 3 itself
    assert [c.notation for c in flow.round.table[0].values()] == ["B5"]


def trump_table(rounds: int) -> tuple[Any, list[TableCard]]:
    """The 4-player example game of Trump (68 rounds) put down to its first ``rounds``
    rounds, but for the last trick; and the cards put down."""
    record = load("trump", "full-game-4p.json")
    flow = make_flow(
        "trump", record["players"], [], options={"leader": record["rounds"][0]["leader"]}
    )
    keys, cards = Keys("trump"), []
    for played in record["rounds"][:rounds]:
        keys.reset()
        cards.append(keys.card(played["trump"], "trump-indicator"))
        cards.append(keys.card(played["symbol"], "symbol-indicator"))
        cards += [keys.card(text, "play") for trick in played["tricks"] for text in trick]
    for put in cards[:-4]:
        flow.placed(put)
    return flow, cards[:-4]


@pytest.mark.parametrize("rounds", [2, 68])
def test_a_correction_costs_the_steps_it_changes_however_long_the_game(rounds: int) -> None:
    """Issue 23 item 2 ("corrections still re-feed the steps after the corrected one"):
    a correction takes back and feeds again the step it changes and those after it,
    as many engine actions in round 2 as in round 68; one that changes nothing (the
    card read as it was) and its undo feed none; the undone correction gives the game
    back (T1: a card nobody saw this round may replace it)."""
    flow, cards = trump_table(rounds)
    before = flow.record()
    steps = [0]
    do = flow.engine._do

    def counted(action: Any) -> None:  # the engine's actions carried out from now on
        steps[0] += 1
        do(action)

    flow.engine._do = counted
    last_trick = cards[-4:]
    first = last_trick[0]
    flow.command(Replace(first.key, first.notation))
    flow.command(Undo())
    assert steps == [0]
    latest = flow.steps[-1].round
    seen = {s.card.notation for s in flow.steps if s.round == latest}
    other = next(f"{c}{n}" for c in "RGBYP" for n in range(1, 11) if f"{c}{n}" not in seen)
    notices = flow.command(Replace(first.key, other))
    assert notices[0].said is not None and notices[0].said.say is Say.REPLACED
    assert steps == [4]  # the corrected play and the three after it
    assert flow.record() != before
    flow.command(Undo())
    assert steps == [8]
    assert flow.record() == before
