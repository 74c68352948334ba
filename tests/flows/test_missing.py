"""Issue 10 item 4, "nothing shifts silently": a trick cleared before its last card was read.

The tracker never confirmed the last card (swept up at once, or put down as the power
failed); the trick's other cards are then cleared. Before, nothing was noticed: the
next trick's first card became the missing play and every later trick shifted. Now
the flow notices at once, asks for the card (whose, and the choices the rules leave),
holds the cards put down meanwhile, and plays them after the card is given.
"""

from __future__ import annotations

from typing import Any

import pytest
from flow_tables import Keys, load
from loose import loose

from companion.flows.base import GameFlow, Notice, NoticeKind
from companion.flows.commands import Missing, Undo
from companion.flows.registry import check_options, make_flow
from companion.flows.status import Awaiting, MissingCard, TrickStatus
from companion.journal import Journal
from companion.session import Session
from companion.table.cards import TableCard
from companion.table.events import CardPlaced, CardRemoved, CardSighted


def fib(name: str = "Ana,Ben,Cy") -> GameFlow:
    return make_flow("fibonachos", name.split(","), [], options={"dealer": 2})


def card(notation: str, zone: str = "play") -> TableCard:
    return TableCard(f"fibonachos/1/{notation}", "fibonachos", notation, zone, (0.5, 0.5))


def status(flow: GameFlow) -> TrickStatus:
    shown = flow.status()
    assert isinstance(shown, TrickStatus)
    return shown


def put(flow: GameFlow, *cards: TableCard) -> list[Notice]:
    return [notice for c in cards for notice in flow.placed(c)]


def take(flow: GameFlow, *cards: TableCard) -> list[Notice]:
    return [notice for c in cards for notice in flow.removed(c)]


FIRST = (card("S0", "spicy"), card("R16"), card("G16"))


def test_a_trick_cleared_without_its_last_card_asks_for_it() -> None:
    """The removals of the trick's cards while it waits for a play: Cy's card is missing."""
    flow = fib()
    put(flow, *FIRST)
    assert take(flow, *FIRST[:2]) == []  # not all of it yet: nothing is said
    notices = take(flow, FIRST[2])
    assert [n.kind for n in notices] == [NoticeKind.INFO]
    wanted = notices[0].detail
    assert isinstance(wanted, MissingCard) and (wanted.seat, wanted.trick) == (2, 1)
    assert "Y16" in wanted.choices and "R16" not in wanted.choices  # F1: played already
    shown = status(flow)
    assert shown.awaiting is Awaiting.MISSING_CARD and shown.missing == wanted
    assert shown.to_play == 2


def test_the_next_trick_is_held_then_played_after_the_missing_card() -> None:
    """Cards put down while a card is missing are held; given the card, they are played."""
    flow = fib()
    put(flow, *FIRST)
    take(flow, *FIRST)
    held = put(flow, card("S1", "spicy"), card("R15"))
    assert [n.kind for n in held] == [NoticeKind.INFO, NoticeKind.INFO]
    assert "held" in held[0].message
    wanted = status(flow).missing
    assert wanted is not None and wanted.held == 2
    assert loose(flow.record())["rounds"][0]["tricks"] == [{"spicy": "S0", "plays": ["R16", "G16"]}]
    notices = flow.command(Missing(2, "Y16"))
    assert NoticeKind.TRICK_WON in [n.kind for n in notices]
    tricks = loose(flow.record())["rounds"][0]["tricks"]
    assert tricks == [
        {"spicy": "S0", "plays": ["R16", "G16", "Y16"]},
        {"spicy": "S1", "plays": ["R15"]},
    ]
    assert status(flow).awaiting is Awaiting.NOTHING and status(flow).trick == 2


def test_a_card_seen_but_never_read_is_offered_first() -> None:
    """A sighting in the play area (journaled by the daemon) heads the choices."""
    flow = fib()
    put(flow, *FIRST)
    swept = card("Y7")
    flow.sighted(swept)
    flow.sighted(card("R3", "hand"))  # not on the trick table: not a play
    flow.sighted(card("S3", "play"))  # a spicy card is a prize, never a play (F1, F6)
    take(flow, *FIRST)
    wanted = status(flow).missing
    assert wanted is not None and wanted.seen == ("Y7",) and wanted.choices[0] == "Y7"
    flow.command(Missing(2, "Y7"))
    assert loose(flow.record())["rounds"][0]["tricks"][0]["plays"] == ["R16", "G16", "Y7"]


def test_a_card_nudged_is_not_missing() -> None:
    """The tracker's move: removed, then placed again at once: nothing is missing."""
    flow = fib()
    put(flow, card("S0", "spicy"), card("R16"))
    take(flow, card("S0", "spicy"))
    assert take(flow, card("R16")) != []  # for a moment the trick is gone...
    put(flow, card("R16"))  # ...and it is back
    assert status(flow).awaiting is Awaiting.NOTHING
    put(flow, card("G16"), card("Y16"))
    assert loose(flow.record())["rounds"][0]["tricks"][0]["plays"] == ["R16", "G16", "Y16"]


def test_wrong_answers_change_nothing() -> None:
    flow = fib()
    assert flow.command(Missing(2, "Y16"))[0].kind is NoticeKind.REFUSED  # nothing missing
    put(flow, *FIRST)
    take(flow, *FIRST)
    before = (flow.record(), status(flow))
    for command in (Missing(0, "Y16"), Missing(9, "Y16"), Missing(2, "R16"), Missing(2, "S3")):
        notices = flow.command(command)
        assert [n.kind for n in notices] == [NoticeKind.REFUSED], command
        assert (flow.record(), status(flow)) == before
    assert "Cy's" in flow.command(Missing(0, "Y16"))[0].message


def test_undo_takes_back_a_held_card_and_a_held_card_taken_away_is_forgotten() -> None:
    flow = fib()
    put(flow, *FIRST)
    take(flow, *FIRST)
    put(flow, card("S1", "spicy"), card("R15"), card("G15"))
    assert flow.undo()[0].message == "undone: G15 (held)"
    take(flow, card("R15"))
    wanted = status(flow).missing
    assert wanted is not None and wanted.held == 1
    flow.command(Missing(2, "Y16"))
    assert loose(flow.record())["rounds"][0]["tricks"][1] == {"spicy": "S1", "plays": []}


def test_trump_a_cleared_trick_waits_for_its_fourth_card() -> None:
    """T4: the same in Trump, where the indicators stay and only plays are the trick."""
    record = load("trump", "full-game-4p.json")
    first = record["rounds"][0]
    flow = make_flow("trump", record["players"], [], options={"leader": first["leader"]})
    keys = Keys("trump")
    put(flow, keys.card(first["trump"], "trump-indicator"))
    put(flow, keys.card(first["symbol"], "symbol-indicator"))
    trick = [keys.card(face, "play") for face in first["tricks"][0]]
    put(flow, *trick[:3])
    take(flow, *trick[:3])
    wanted = status(flow).missing
    assert wanted is not None and wanted.trick == 1
    assert first["tricks"][0][3] in wanted.choices and first["trump"] not in wanted.choices
    second = [keys.card(face, "play") for face in first["tricks"][1]]
    put(flow, *second)
    flow.command(Missing(wanted.seat, first["tricks"][0][3]))
    assert loose(flow.record())["rounds"][0]["tricks"] == first["tricks"][:2]


@pytest.mark.parametrize(
    ("game", "name"), [("fibonachos", "full-4p-zero-scores-34.json"), ("trump", "short.json")]
)
def test_every_trick_of_a_round_swept_too_soon_reads_back_exactly(game: str, name: str) -> None:
    """Each trick's last card is never read; the next trick is put down before anyone
    answers; the card given, the record is the round as played."""
    record = load(game, name)
    first = record["rounds"][0]
    options = {"dealer": first["dealer"]} if game == "fibonachos" else {"leader": first["leader"]}
    flow = make_flow(game, record["players"], [], options=options)
    keys = Keys(game)
    if game == "trump":
        put(flow, keys.card(first["trump"], "trump-indicator"))
        put(flow, keys.card(first["symbol"], "symbol-indicator"))
    tricks = [t["plays"] for t in first["tricks"]] if game == "fibonachos" else first["tricks"]
    pending: tuple[int, str] | None = None
    for number, plays in enumerate(tricks):
        cards = []
        if game == "fibonachos" and first["tricks"][number]["spicy"]:
            cards.append(keys.card(first["tricks"][number]["spicy"], "spicy"))
        cards += [keys.card(face, "play") for face in plays]
        put(flow, *cards[:-1])
        if pending is not None:  # the players answer only now
            refused = [n for n in flow.command(Missing(*pending)) if n.kind is NoticeKind.REFUSED]
            assert refused == []
        take(flow, *cards[:-1])
        wanted = status(flow).missing
        assert wanted is not None and wanted.trick == number + 1
        pending = (wanted.seat, plays[-1])
    assert pending is not None
    flow.command(Missing(*pending))
    played = loose(flow.record())["rounds"][0]
    assert played["tricks"] == first["tricks"]


def test_the_journal_replays_the_wait_and_the_sightings(tmp_path: Any) -> None:
    """A restart rebuilds the flow from the journal: the missing card, the seen one
    and the held cards come back; the journal says what still lies on the table."""
    path = tmp_path / "journal.db"
    session = Session(Journal.open(path), clock=lambda: 1.0)
    session.start_game(
        "fibonachos", ["Ana", "Ben", "Cy"], [], check_options("fibonachos", {"dealer": 2}, 3)
    )
    for c in FIRST:
        session.table(CardPlaced(c))
    session.table(CardSighted(card("Y7")))
    for c in FIRST:
        session.table(CardRemoved(c))
    session.table(CardPlaced(card("S1", "spicy")))
    wanted = session.flow.status().missing if session.flow else None
    session.journal.close()

    resumed = Session.resume(Journal.open(path), clock=lambda: 2.0)
    assert resumed.flow is not None
    shown = resumed.flow.status()
    assert isinstance(shown, TrickStatus) and shown.missing == wanted
    assert shown.missing is not None and shown.missing.seen == ("Y7",)
    assert [c.notation for c in resumed.lying()] == ["S1"]
    resumed.command(Missing(2, "Y7"))
    assert loose(resumed.flow.record())["rounds"][0]["tricks"] == [
        {"spicy": "S0", "plays": ["R16", "G16", "Y7"]},
        {"spicy": "S1", "plays": []},
    ]
    assert isinstance(resumed.flow.command(Undo())[0].message, str)
