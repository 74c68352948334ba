"""What is said for each kind of moment, and which level says it (issue 25 §2)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace

import pytest

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting, HexStatus, MissingCard, TrickStatus
from companion.games.hex.actions import MoveMade
from companion.games.hex.pieces import Side
from companion.games.hex.turn import Turn
from companion.views.i18n import speaking
from companion.views.spoken import Kind, Level, announce, for_the_voice

PLAYERS = ["Ana", "Ben", "Cy"]


def test_a_missing_card_is_asked_about() -> None:
    """Issue 25 §2 (issue 10): a trick cleared before its last card was read."""
    notice = Notice(
        NoticeKind.INFO,
        "card missing",
        detail=MissingCard(1, 4, ("R7",)),
        said=Said(Say.CARD_MISSING, seat=1, number=4),
    )
    said = announce([notice], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert [(a.kind, a.text) for a in said] == [
        (Kind.QUESTION, "Trick 4 was cleared before Ben's card was read. Which card was it?")
    ]


def test_trump_asks_who_holds_the_lowest_trump_once() -> None:
    """Issue 25 §2, T3: the question of round 1's leader, said when it is first asked."""
    before = TrickStatus("trump", 1, 1, None, awaiting=Awaiting.SYMBOL_INDICATOR)
    asked = TrickStatus("trump", 1, 1, None, awaiting=Awaiting.LEADER, leader_card="R2")
    with speaking("fr"):
        said = announce([], before, asked, PLAYERS, Level.KEY)
        again = announce([], asked, asked, PLAYERS, Level.KEY)
    assert [a.text for a in said] == ["Qui a le Rouge 2\u00a0? Il entame la manche 1."]
    assert said[0].language == "fr"
    assert again == []


@pytest.mark.parametrize(
    ("level", "kinds"),
    [
        (Level.OFF, []),
        (Level.KEY, [Kind.REFUSAL]),
        (Level.ALL, [Kind.REFUSAL, Kind.TURN]),
    ],
)
def test_the_level_chooses_what_is_said(level: Level, kinds: list[Kind]) -> None:
    """Issue 25 §2: off, key moments (no turns), or everything."""
    refused = Notice(
        NoticeKind.REFUSED,
        "R13 refused",
        "F5",
        said=Said(Say.FOLLOW, card="R13#1", on_table=True),
    )
    before = TrickStatus("fibonachos", 1, 2, to_play=0)
    after = TrickStatus("fibonachos", 1, 2, to_play=1)
    said = announce([refused], before, after, PLAYERS, level)
    assert [a.kind for a in said] == kinds
    if kinds:
        assert said[0].text == (
            "Card refused. Red 13: follow the colour led if you can. Take the card back."
        )


def test_a_hex_winner_is_said_by_name() -> None:
    """Issue 25 §2: the final result of the hex game."""
    over = Notice(NoticeKind.GAME_OVER, "white won", "H4", said=Said(Say.GAME_OVER, seat=1))
    with speaking("fr"):
        said = announce([over], None, None, ["Black", "White"], Level.KEY, game="hex")
    assert [(a.kind, a.text) for a in said] == [(Kind.RESULT, "Blanc gagne la partie.")]
    assert Side.WHITE.seat == 1


def test_button_hints_in_brackets_are_not_read_out() -> None:
    """Issue 25 §2: written for the ear: "(SELECT)" is the screen's, not the speaker's."""
    notice = Notice(
        NoticeKind.REFUSED,
        "led first",
        "T3",
        said=Said(Say.LEADER_CARD_FIRST, card="G4", other="R2", on_table=True),
    )
    said = announce([notice], None, None, PLAYERS, Level.KEY, game="trump")
    assert "(" not in said[0].text and said[0].text.startswith("Card refused. The holder of Red 2")


def test_a_negative_score_is_said_in_the_plural_its_size_asks() -> None:
    """R7: rummy scores go below 0; French makes only 0 and 1 singular, so "-146" is
    "points" as 146 is (before, the plural rule was asked of -146 and said "point")."""
    from companion.flows.status import Scores
    from companion.views.spoken import scores_words

    round_over = Scores("rummy21", 1, (200, -146), (200, -146))
    final = Scores("rummy21", None, (-564, -602), winners=(0,))
    with speaking("fr"):
        assert "Ben, -146 points, -146 au total." in scores_words(round_over, ["Ana", "Ben"])
        said = scores_words(final, ["Ana", "Ben"])
    assert said.startswith("Partie finie. Ana gagne avec -564 points.")
    assert "Ben, -602 points." in said
    assert "Ben, -146 points, -146 in all." in scores_words(round_over, ["Ana", "Ben"])
    with speaking("fr"):
        assert "Ben, -1 point, " in scores_words(
            Scores("rummy8", 1, (2, -1), (2, -1)), ["A", "Ben"]
        )


def test_a_turn_cut_by_strike_pieces_says_why() -> None:
    """H2: a turn after the opening allows 6 less one for each enemy strike piece on the
    mover's centre. The camera referee's new turn (its notice) and the button referee's
    (its status) say the allowance and why it is short; a move card's turn (H5) says its
    card only. Before, "Ben, 4 moves." alone: the players heard a short turn, not why."""
    cut = HexStatus(Side.WHITE, turn=8, allowed=4, left=4, reduction=2)
    said_cut = Said(Say.MOVES_ALLOWED, seat=1, number=4, strikes=2)
    notice = Notice(NoticeKind.INFO, "turn 8", said=said_cut)
    said = announce([notice], None, cut, ["Ana", "Ben"], Level.KEY, game="hex")
    why = "Ben, 4 moves. 2 enemy strike pieces touch the centre: 2 moves fewer."
    assert [a.text for a in said] == [why]
    before = HexStatus(Side.BLACK, turn=7, allowed=6, left=0)
    assert [a.text for a in announce([], before, cut, ["Ana", "Ben"], Level.KEY)] == [why]
    with speaking("fr"):
        one = replace(cut, allowed=5, left=5, reduction=1)
        said = announce([], before, one, ["Ana", "Ben"], Level.KEY)
    assert [a.text for a in said] == [
        "Ben, 5 coups. 1 pion d'attaque adverse touche le pion central\u00a0: 1 coup de moins."
    ]
    card = Notice(NoticeKind.INFO, "M4", said=Said(Say.CARD_TURNED_UP, seat=1, number=4))
    carded = replace(cut, card=4, reduction=0)
    said = announce([card], None, carded, ["Ana", "Ben"], Level.KEY, game="hex")
    assert [a.text for a in said] == ["Ben, 4 moves."]
    # A turn the strike pieces left no move ends at once (the camera referee says it as
    # the next turn begins, its pieces carried with it: the status is the next turn's),
    # and the turn that begins is said too (before, the skipped turn's notice hid it:
    # the camera demo's Black heard nothing of its 5 moves).
    # Turn 2 gives 2 moves: 3 pieces take them all, and "3 moves fewer" would be false.
    for turn, strikes, why in (
        (8, 6, "6 enemy strike pieces touch the centre."),
        (2, 3, "3 enemy strike pieces touch the centre."),
        (1, 1, "1 enemy strike piece touches the centre."),
    ):
        none: Turn[MoveMade] = Turn(turn, Side.WHITE, strikes=strikes)
        assert none.allowed == 0
        zero = Said(Say.MOVES_ALLOWED, seat=1, number=none.allowed, strikes=none.strikes)
        heard = announce(
            [Notice(NoticeKind.INFO, f"turn {turn}", said=zero)],
            None,
            before,
            ["Ana", "Ben"],
            Level.KEY,
            game="hex",
        )
        assert [a.text for a in heard] == [f"Ben, 0 moves. {why}", "Ana, 6 moves."]
    with speaking("fr"):
        heard = announce(
            [],
            before,
            replace(cut, turn=2, allowed=0, left=0, reduction=3),
            ["Ana", "Ben"],
            Level.KEY,
        )
    assert [a.text for a in heard] == [
        "Ben, 0 coup. 3 pions d'attaque adverses touchent le pion central."
    ]


def test_a_score_below_zero_is_said_with_its_sign_as_a_word() -> None:
    """R7, in the players' words: a negative score is said "minus", "moins". espeak-ng's
    French voice drops a "-" ("Ben, -146 points" heard as "Ben, 146 points"), so the
    sign reaches the voice as a word; a range's hyphen ("1-5") is no sign."""
    from companion.flows.status import Scores

    notice = Notice(NoticeKind.ROUND_OVER, "round 1", detail=Scores("rummy21", 1, (200, -146)))
    with speaking("fr"):
        said = announce([notice], None, None, ["Ana", "Ben"], Level.KEY, game="rummy21")
    assert said[0].text == (
        "La manche 1 est finie. Ana, 200 points, 200 au total. "
        "Ben, moins 146 points, moins 146 au total."
    )
    english = announce([notice], None, None, ["Ana", "Ben"], Level.KEY, game="rummy21")
    assert "Ben, minus 146 points, minus 146 in all." in english[0].text
    assert for_the_voice("Turns 1-5, Jo-2, e5-f6.", "en") == "Turns 1-5, Jo-2, e5-f6."


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_french_voice_says_the_minus_of_a_negative_score() -> None:
    """R7, asked of espeak-ng itself: "-2" as typed loses its sign in French; the
    sentence the table speaks keeps it ("moins": mw'E~)."""

    def phonemes(text: str) -> str:
        made = subprocess.run(
            ["espeak-ng", "-q", "-x", "-v", "fr", text], capture_output=True, timeout=30, check=True
        )
        return made.stdout.decode()

    assert "mwE~" not in phonemes("Ben, -2 points.").replace("'", "")
    with speaking("fr"):
        spoken = for_the_voice("Ben, -2 points.", "fr")
    assert spoken == "Ben, moins 2 points."
    assert "mwE~ dY pwE~" in phonemes(spoken).replace("'", "")


def test_a_card_corrected_or_taken_back_is_said_in_the_screens_words() -> None:
    """Issue 25 §2 with corrections (docs/ui.md, "Spoken announcements"): what the
    table was told may be wrong once a card is corrected or a step undone; the table
    hears it as the screen shows it, at the key moments' level."""
    fixed = Notice(
        NoticeKind.INFO, "R16#1 replaced by Y16#1", said=Said(Say.REPLACED, card="R16", other="Y16")
    )
    undone = Notice(NoticeKind.INFO, "undone: Y16#1 (play)", said=Said(Say.UNDONE, card="Y16"))
    said = announce([fixed, undone], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert [(a.kind, a.text) for a in said] == [
        (Kind.CORRECTION, "Corrected. Red 16 is now Yellow 16."),
        (Kind.CORRECTION, "Undone. Yellow 16 is taken back."),
    ]
    with speaking("fr"):
        said = announce([fixed], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert [a.text for a in said] == ["Corrigé. Rouge 16 devient Jaune 16."]


def test_a_move_beyond_the_allowance_is_refused_in_the_rulebooks_french() -> None:
    """H2, docs/ui.md "Languages": the rulebook's "n'a droit qu'à"; before, "ne peut jouer
    que 1 coup", which the voice says "que un" (French elides "que" before "un")."""
    notice = Notice(
        NoticeKind.REFUSED,
        "White: board change refused",
        "H2",
        said=Said(Say.MOVES_USED, seat=1, number=1),
    )
    with speaking("fr"):
        said = announce([notice], None, None, ["Noir", "Blanc"], Level.KEY, game="hex")
    assert [a.text for a in said] == [
        "Coup refusé. Blanc n'a droit qu'à 1 coup ce tour\u00a0: remettez le dernier pion."
    ]


def test_a_revoke_is_said_without_a_stray_full_stop() -> None:
    """F5 (issue 25 §2): the screen's title "Revoke!" is said as it is; before, a full
    stop was added after its "!" ("Revoke!. Ben played...", "Renonce !.")."""
    flag = Notice(
        NoticeKind.FLAG, "revoke", "F5", said=Said(Say.REVOKE, seat=1, card="R5", number=3)
    )
    said = announce([flag], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert [a.text for a in said] == [
        "Revoke! Ben played Red 5 but did not follow that colour in trick 3."
    ]
    with speaking("fr"):
        said = announce([flag], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert said[0].text.startswith("Renonce\u00a0! Ben a joué")


def test_a_title_the_sentence_says_already_is_not_said_twice() -> None:
    """Issue 25 §2, written for the ear: the screen's title over a sentence that says
    it ("Undo" over "Nothing to undo.", "No moves left" over "White has no moves
    left") is said once, by the sentence; before, "Undo. Nothing to undo."."""
    nothing = Notice(NoticeKind.REFUSED, "nothing to undo", said=Said(Say.NOTHING_TO_UNDO))
    said = announce([nothing], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert [a.text for a in said] == ["Nothing to undo."]
    with speaking("fr"):
        said = announce([nothing], None, None, PLAYERS, Level.KEY, game="fibonachos")
    assert [a.text for a in said] == ["Rien à annuler."]
