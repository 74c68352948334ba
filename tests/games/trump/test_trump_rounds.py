"""T5 (the indicators go to the last trick), T6 (round scores) and T7 (the end at 144),
through whole rigged rounds replayed from records."""

from __future__ import annotations

import pytest
from trump_rig import game_record, pairs, rigged_round, share, sweep

from companion.games import Outcome, RecordError, Termination, TrumpRound
from companion.games.trump import Card, Symbol, TrumpState


def test_t6_a_sweep_takes_all_ten_symbols_for_34() -> None:
    """T6: all ten circles (R2 on the symbol indicator included, T5) score 34."""
    state = TrumpState.from_record(game_record([rigged_round(0, sweep(0))]))
    report = state.report()
    assert report.rounds == (TrumpRound((34, 0), symbols=(10, 0)),)
    assert report.totals == (34, 0)
    assert report.complete is False and report.winners == ()


def test_t5_the_last_tricks_winner_takes_both_indicator_cards() -> None:
    """T5: seat 0 wins every trick but the last: the symbol indicator R2 goes to seat 1."""

    def all_but_last(index: int, pair: tuple[Card, Card]) -> int:
        return 1 if index == len(pairs()) - 1 else 0

    state = TrumpState.from_record(game_record([rigged_round(0, all_but_last)]))
    # Nine circles are played (none in the last trick); R2 is the tenth.
    assert state.report().rounds[0].symbols == (9, 1)
    assert state.report().rounds[0].points == (21, 0)
    result = state.rounds[0].result
    assert result is not None and result.last_winner == 1
    assert state.rounds[0].deal.symbol.symbol == Symbol.CIRCLE


def test_t6_five_symbols_each_score_three() -> None:
    """T6 and the rulebook's example: five symbols score 3."""
    state = TrumpState.from_record(game_record([rigged_round(0, share())]))
    assert state.report().rounds[0] == TrumpRound((3, 3), symbols=(5, 5))


def test_t7_the_game_ends_after_the_round_that_reaches_144() -> None:
    """T7: four sweeps give 136 (not yet); the fifth gives 170 and the game is won."""
    four = game_record([rigged_round(0, sweep(0)) for _ in range(4)])
    state = TrumpState.from_record(four)
    assert state.report().totals == (136, 0) and state.outcome() is None
    five = game_record([rigged_round(0, sweep(0)) for _ in range(5)])
    state = TrumpState.from_record(five)
    report = state.report()
    assert report.totals == (170, 0)
    assert report.complete is True and report.winners == (0,)
    assert state.is_terminal() and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome == Outcome(Termination.TARGET_REACHED, (0,))


def test_t7_a_round_after_the_end_is_an_error() -> None:
    """T7: nothing is played once the game is won."""
    six = game_record([rigged_round(0, sweep(0)) for _ in range(6)])
    with pytest.raises(RecordError, match="game ended after round 5") as caught:
        TrumpState.from_record(six)
    assert caught.value.rule == "T7" and str(caught.value.where) == "round 6"


def test_t7_a_shared_highest_total_plays_another_round() -> None:
    """T7: 145 each after eleven rounds is a tie: round 12 decides."""
    rounds = [rigged_round(0, sweep(0)) for _ in range(4)]
    rounds += [rigged_round(0 if i == 0 else 1, sweep(1)) for i in range(4)]
    rounds += [rigged_round(1, share()) for _ in range(3)]
    state = TrumpState.from_record(game_record(rounds))
    report = state.report()
    assert report.totals == (145, 145)
    assert report.complete is False and state.outcome() is None
    rounds.append(rigged_round(1, sweep(0)))
    report = TrumpState.from_record(game_record(rounds)).report()
    assert report.totals == (179, 145)
    assert report.complete is True and report.winners == (0,)
