"""T4: following the led colour, and who wins a trick."""

from __future__ import annotations

import pytest

from companion.games.trump import Card, Colour, parse_card, playable, winning_play


def _cards(*texts: str) -> list[Card]:
    return [parse_card(t) for t in texts]


@pytest.mark.parametrize(
    ("plays", "trump", "winner"),
    [
        (("G3", "G9", "R2"), Colour.R, 2),  # the only trump wins
        (("G3", "R9", "R2"), Colour.R, 1),  # the highest trump wins
        (("G3", "G9", "R2"), Colour.B, 1),  # no trump: the highest led colour
        (("G3", "B10", "Y10"), Colour.R, 0),  # off-colour cards never win
        (("R3", "R1", "G10"), Colour.R, 0),  # trump led: the highest trump
        (("G10", "R1"), Colour.R, 1),  # any trump beats the led colour's 10
        (("P1", "P2", "P3", "P4"), Colour.Y, 3),
    ],
)
def test_t4_highest_trump_else_highest_of_led_colour(
    plays: tuple[str, ...], trump: Colour, winner: int
) -> None:
    """T4: if any trump is in the trick the highest trump wins, else the highest led card."""
    assert winning_play(_cards(*plays), trump) == winner


def test_t4_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty"):
        winning_play([], Colour.R)


def test_t4_must_follow_the_led_colour_if_able() -> None:
    """T4: with green led, a hand holding green may only play green."""
    hand = _cards("R5", "G2", "B1", "G9")
    assert playable(hand, Colour.G) == _cards("G2", "G9")


def test_t4_without_the_led_colour_anything_may_be_played() -> None:
    """T4: 'If a player cannot play the same color, any other card may be played.'"""
    hand = _cards("R5", "B1")
    assert playable(hand, Colour.G) == _cards("R5", "B1")


def test_t4_the_leader_may_lead_any_card() -> None:
    hand = _cards("R5", "G2", "B1")
    assert playable(hand, None) == _cards("R5", "G2", "B1")
