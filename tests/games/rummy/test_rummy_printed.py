"""Issue 26: one printed Deck 21 plays Fibonacci 21, 13 and 8 (R1); Deck 89 is its own.

R1: Deck 13 is Deck 21 less the four 21s and the twelve standard 13s, its four base 13s
being its top card 13; Deck 8 is Deck 13 less the four base 13s and the two bonus cards,
its four base 8s being its top card 8.
"""

from __future__ import annotations

import pytest

from card_codes.catalogue import deck_cards
from companion.games.rummy import DECKS, Card, Kind, UnknownCardError, parse_card
from companion.games.rummy.printed import LeftOutError, played_as, printed_as, printed_decks

#: Every printed Deck 21 card, as its QR code names it.
DECK_21_CARDS = [identity.notation for identity in deck_cards("rummy21")]


def _kept(game: str) -> dict[str, str]:
    out = {}
    for notation in DECK_21_CARDS:
        try:
            played = played_as("rummy21", notation, game)
        except LeftOutError:
            continue
        assert played is not None
        out[notation] = played
    return out


@pytest.mark.parametrize("game", ["rummy13", "rummy8"])
def test_r1_deck_21_cards_become_each_card_of_the_smaller_deck_once(game: str) -> None:
    """R1: the Deck 21 cards a game keeps are its deck's cards, each physical card once,
    serials and all: the same cards as the game's own printed deck."""
    kept = _kept(game)
    own = sorted(identity.notation for identity in deck_cards(game))
    assert sorted(kept.values()) == own
    assert len(kept) == DECKS[game].size  # 73 and 67: the rulebook's counts
    for notation in kept.values():
        parse_card(notation, DECKS[game])  # every one is a card of the game's deck


def test_r1_deck_13_is_deck_21_less_the_21s_and_standard_13s() -> None:
    """R1: the four 21s and twelve standard 13s are out; base 13s are the top card 13."""
    kept = _kept("rummy13")
    out = [n for n in DECK_21_CARDS if n not in kept]
    assert sorted(out) == sorted(
        [f"21#{i}" for i in range(1, 5)] + [f"13#{i}" for i in range(1, 13)]
    )
    assert [kept[f"B13#{i}"] for i in range(1, 5)] == [f"13#{i}" for i in range(1, 5)]
    assert kept["X#2"] == "X#2" and kept["W#3"] == "W#3" and kept["5#12"] == "5#12"
    assert parse_card(kept["B13#1"], DECKS["rummy13"]) == Card(Kind.TOP, 13, 1)


def test_r1_deck_8_is_deck_13_less_the_base_13s_and_bonus_cards() -> None:
    """R1: 21s, base and standard 13s and the bonus cards are out; base 8s are the top
    card 8 (``8#1``-``8#4``), the standard 8s follow as ``8#5``-``8#16``."""
    kept = _kept("rummy8")
    out = sorted(n for n in DECK_21_CARDS if n not in kept)
    expected = [f"21#{i}" for i in range(1, 5)] + [f"13#{i}" for i in range(1, 13)]
    expected += [f"B13#{i}" for i in range(1, 5)] + ["X#1", "X#2"]
    assert out == sorted(expected)
    assert [kept[f"B8#{i}"] for i in range(1, 5)] == [f"8#{i}" for i in range(1, 5)]
    assert [kept[f"8#{i}"] for i in range(1, 13)] == [f"8#{i}" for i in range(5, 17)]
    assert parse_card(kept["B8#2"], DECKS["rummy8"]) == Card(Kind.TOP, 8, 2)


@pytest.mark.parametrize("game", ["rummy13", "rummy8"])
def test_r1_printed_as_is_played_as_backwards(game: str) -> None:
    """What a synthetic table lays for a game's card is the Deck 21 card read as it."""
    for printed, played in _kept(game).items():
        assert printed_as(played, game) == printed
    with pytest.raises(UnknownCardError):
        printed_as("21#1", game)


def test_r1_the_printed_decks_each_game_takes() -> None:
    """R1: 13 and 8 take their own printed deck (kept readable) and Deck 21; Deck 89 and
    Deck 21 take only their own; a card of another game's deck is not theirs (None)."""
    assert printed_decks("rummy21") == ("rummy21",)
    assert printed_decks("rummy89") == ("rummy89",)
    assert played_as("rummy13", "13#2", "rummy13") == "13#2"  # a printed Deck 13
    assert played_as("rummy8", "8#9", "rummy8") == "8#9"
    assert played_as("rummy21", "B13#1", "rummy89") is None
    assert played_as("rummy89", "B8#1", "rummy8") is None
    assert played_as("rummy13", "13#1", "rummy8") is None
    assert played_as("trump", "R3", "rummy13") is None


def test_r1_a_left_out_card_names_its_printed_face() -> None:
    """The refusal names the card as Deck 21 prints it, without its serial."""
    faces = {}
    for notation in ("21#3", "13#7", "B13#2", "X#1"):
        with pytest.raises(LeftOutError) as caught:
            played_as("rummy21", notation, "rummy8")
        faces[notation] = caught.value.card
        assert caught.value.rule == "R1"
        assert "rummy8" in str(caught.value)
    assert faces == {"21#3": "21", "13#7": "13", "B13#2": "B13", "X#1": "X"}


def test_r1_a_code_deck_21_does_not_hold_is_unknown_not_left_out() -> None:
    with pytest.raises(UnknownCardError) as caught:
        played_as("rummy21", "B34", "rummy13")
    assert not isinstance(caught.value, LeftOutError)
