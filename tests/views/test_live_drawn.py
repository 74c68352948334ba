"""Every table view the cafe's reader takes is one the players' page draws (issue 15;
issue 22: no table-supplied value may break a page). The reader
(:meth:`~companion.views.live_types.TableView.from_json`) is what stands between a
table's message and the phones: a view it takes that the page cannot draw is a page
that answers 500 to every phone at that table (a rummy view with fewer seats than
players did, and rounds of points whose totals were null)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_live_json import record_objects
from view_strategies import views, waiting

from companion.games.json_types import JSON
from companion.views.live_types import TableView
from companion.views.view_fields import ViewError
from companion.web.i18n import draw, translations
from companion.web.phone_words import words

DRAWN = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _drawn(view: TableView, locale: str, live: bool) -> str:
    taken = TableView.from_json(view.to_json(), "live")  # what the cafe keeps and shows
    w = words(translations(locale), taken)
    context = {"view": taken, "w": w, "live": live, "table": "t1", "k": "k", "base": "/t/t1"}
    return draw(locale, "_live.html", locale=locale, **context)


@DRAWN
@given(views(), st.sampled_from(["en", "fr"]), st.booleans())
def test_every_games_view_the_reader_takes_is_drawn(
    view: TableView, locale: str, live: bool
) -> None:
    html = _drawn(view, locale, live)
    assert 'id="scores"' in html
    for name in view.players:
        assert name in html


@DRAWN
@given(waiting(), st.sampled_from(["en", "fr"]))
def test_every_page_before_a_game_the_reader_takes_is_drawn(view: TableView, locale: str) -> None:
    assert 'id="waiting"' in _drawn(view, locale, True)


#: What a forged view may put in a field's place.
ODD: list[JSON] = [None, True, 0, -1, 7, 2**60, "", "x", [], [0], [0, 1, 2, 3, 4, 5], {}]
#: Example games whose views are forged, field by field (a step in every ``EVERY``).
FORGED = [
    "fibonachos/full-3p.json",
    "trump/full-game-4p.json",
    "rummy/rummy21-full.json",
    "hex/full.json",
]
EVERY = 20


def _paths(value: JSON, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every field of a view, at any depth, and every item of its lists."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _replaced(raw: JSON, path: tuple[str | int, ...], odd: JSON) -> JSON:
    copy: Any = json.loads(json.dumps(raw))
    at = copy
    for key in path[:-1]:
        at = at[key]
    at[path[-1]] = odd
    return copy  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", FORGED)
def test_a_forged_view_is_refused_or_drawn(name: str) -> None:
    """Every field of the example's views (the page before it, every 20th step, and
    once ended) replaced, one at a time, by each of :data:`ODD`: the reader refuses it
    (ViewError) or the page draws it. On the reader before, a rummy section of no seats
    and rounds of points whose totals were null were taken, and the page raised on
    them."""
    views = list(record_objects(name))
    drawn = 0
    for view in [views[1], *views[2:-2:EVERY], views[-1]]:
        raw = view.to_json()
        for path in _paths(raw):
            for odd in ODD:
                try:
                    forged = TableView.from_json(_replaced(raw, path, odd), "live")
                except ViewError:
                    continue
                assert "<" in _drawn(forged, "en", True), (path, odd)
                drawn += 1
    assert drawn  # some replacements are views too (a name, a number)


def test_a_sets_state_the_page_has_no_words_for_is_not_shown() -> None:
    """A newer table's word for a rummy set's state (the reader keeps it, docs/cafe.md)
    is not put before the players as it came: the table's word is in no player's
    language. Before, the page showed it raw ("frozen" on a French page)."""
    view = next(
        v
        for v in record_objects("rummy/rummy21-full.json")
        if v.rummy and any(s.sets for s in v.rummy.seats)
    )
    raw: Any = view.to_json()
    for seat in raw["rummy"]["seats"]:
        for meld in seat["sets"]:
            meld["state"] = "frozen"
    html = _drawn(TableView.from_json(raw, "live"), "fr", True)
    assert "<span>frozen" not in html and "frozen</span>" not in html
    assert 'class="frozen"' in html  # the set itself is drawn


def test_the_tricks_column_counts_from_nought() -> None:
    """F7: how many tricks each player won is shown (it decides the variant
    ``no-tricks-only``); a round starts with none won by anyone, and the players' page
    shows 0 for every seat. Before, the view carried no tally until the first trick was
    won, and the Tricks column was blank."""
    view = next(
        v
        for v in record_objects("fibonachos/full-3p.json")
        if v.trick and v.trick.running is not None and not v.trick.tricks
    )
    html = _drawn(view, "en", True)
    table = html.split('id="scores"', 1)[1].split("</table>", 1)[0]
    assert ">Tricks</th>" in table
    rows = re.findall(r"<tr[ >].*?</tr>", table, re.S)[1:]
    assert len(rows) == len(view.players)
    for row in rows:
        assert re.findall(r'<td class="num">([^<]*)</td>', row)[-1] == "0", row


def test_a_turn_cut_by_strike_pieces_says_why_on_the_phones() -> None:
    """H2: a turn allows 6 less one move for each enemy strike piece touching the mover's
    centre; the players' page says how many took moves away (the OLED's "-2 centre"),
    in the players' words; a move card's turn (H5) takes none away and says nothing."""
    from dataclasses import replace

    view = next(v for v in record_objects("hex/full.json") if v.hex and v.hex.allowed)
    assert view.hex is not None and not view.hex.reduction
    assert 'id="fewer"' not in _drawn(view, "en", True)
    cut = replace(view, section=replace(view.hex, reduction=2))
    assert (
        "2 enemy strike pieces touch the centre of the side to move: 2 moves fewer this turn."
        in _drawn(cut, "en", True)
    )
    one = replace(view, section=replace(view.hex, reduction=1))
    assert (
        "1 pion d'attaque adverse touche le pion central du camp qui joue\u00a0: "
        "1 coup de moins ce tour-ci." in _drawn(one, "fr", True)
    )
    carded = replace(view, section=replace(view.hex, reduction=2, card=3))
    assert 'id="fewer"' not in _drawn(carded, "en", True)
    # Turn 2 gives 2 moves: 3 pieces take both, not 3 (a turn left no move).
    none = replace(view, section=replace(view.hex, turn=2, allowed=0, left=0, reduction=3))
    drawn = _drawn(none, "en", True)
    assert "3 enemy strike pieces touch the centre of the side to move: no move this turn." in drawn
    assert "moves fewer" not in drawn
    assert (
        "3 pions d'attaque adverses touchent le pion central du camp qui joue\u00a0: "
        "aucun coup ce tour-ci." in _drawn(none, "fr", True)
    )
