"""What a notice says, without words: a message id and the facts it names.

A flow's :class:`~companion.flows.base.Notice` keeps an English ``message`` for the log
(with serials, zones and the rule id, which help whoever reads the log) and a
:class:`Said`: what happened as a :class:`Say` and the facts the sentence needs: cards
as their notation, seats as numbers, counts. The views layer
(:mod:`companion.views.words`) makes the sentence a player reads, in the table's
language, with the players' names and the cards named as printed on their faces.

    >>> said = Said(Say.NOT_YOUR_TURN, card="R13#1", seat=2, whose=0)
    >>> said.say.value, said.seat, said.whose
    ('not-your-turn', 2, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.flows.status import Awaiting


class Say(Enum):
    """What a notice says; each member notes the facts of :class:`Said` it uses."""

    # -- a card or a command refused ----------------------------------------------------------
    WRONG_DECK = "wrong-deck"  # card: a card of another game's deck
    LEFT_OUT = "left-out"  # card, deck: a printed deck's card this game takes out (R1)
    UNKNOWN_CARD = "unknown-card"  # card: a code this deck does not hold (a misread)
    USED_AS = "used-as"  # card, other: this physical card was already used as ``other``
    PLAYED_ALREADY = "played-already"  # card: every copy of it was played this round
    NOT_YOUR_TURN = "not-your-turn"  # card, seat (the spot's), whose (the turn's)
    PLAYED_THIS_TRICK = "played-this-trick"  # card, seat: a second card of one seat
    SPICY_IN_PLAY = "spicy-in-play"  # card: a spicy card in the play area
    NACHO_ON_SPICY = "nacho-on-spicy"  # card: a nacho card on the spicy spot
    SPICY_FIRST = "spicy-first"  # card: played before the trick's spicy card (F6)
    SPICY_NOT_NOW = "spicy-not-now"  # card: a spicy card once the trick is led (F6)
    FOLLOW = "follow"  # card: the suit or colour led must be followed (F5, T4)
    GAME_IS_OVER = "game-is-over"  # card (or none: a command)
    DEAL_FIRST = "deal-first"  # card, awaiting: a round starts with its deal (T2, T3)
    INDICATOR_NOT_NOW = "indicator-not-now"  # card: an indicator read during a round (T2)
    BOTH_INDICATORS = "both-indicators"  # card: one face on both indicators (T2)
    LEADER_TOO_LATE = "leader-too-late"  # round 1 is over: its leader stays (T3)
    LEADER_CARD_FIRST = "leader-card-first"  # card, other (the card naming the leader) (T3)
    SAY_WHO_LED = "say-who-led"  # card, other (the card led in the shared area) (T3)
    LED_ON_INDICATORS = "led-on-indicators"  # card, other (the card led on them) (T2)
    NOT_A_SEAT = "not-a-seat"  # a command naming no seat of this table
    AGAINST_RULE = "against-rule"  # card (or none): the rules refuse it (the rule words it)
    NOTHING_TO_UNDO = "nothing-to-undo"
    NO_SUCH_CARD = "no-such-card"  # a correction of a card the game never used
    NOT_READ_THERE = "not-read-there"  # card: corrected to a place this game reads no card in
    CANNOT_REPLACE = "cannot-replace"  # card, other: ``card`` cannot stand for ``other``
    SET_NOT_COMPLETE = "set-not-complete"  # card (the set's first), seat: closed too soon (R4)
    NO_OPEN_SET = "no-open-set"  # card, seat: no open set starts with it (R4)
    WILD_NUMBER = "wild-number"  # number: not a number of this deck (R5)
    WILD_UNDECLARED = "wild-undeclared"  # card (the set's first), seat: say the wild's number
    MOVE_CARD_FIRST = "move-card-first"  # the turn's move card is not turned up (H5)
    NO_MOVES_LEFT = "no-moves-left"  # seat: end the turn (H2)
    NO_STRIKES_WITH_CARDS = "no-strikes-with-cards"  # the card variant counts no strikes (H5)
    BAD_STRIKES = "bad-strikes"  # number: not a count of strike pieces (H2)
    BAD_MOVE = "bad-move"  # a hex move written wrong (H1)
    NO_CARD_MISSING = "no-card-missing"  # a missing card given when none is (issue 10)
    NOT_THEIR_CARD = "not-their-card"  # seat (whose card is missing), whose (the one given)
    # a change on the hex board the camera read (issue 24): the pieces go back
    CANNOT_REACH = "cannot-reach"  # seat, cell: the piece moved there cannot go there (H3)
    NOT_YOUR_PIECE = "not-your-piece"  # seat: the piece moved is the other side's (H3)
    TURN_NOT_OVER = "turn-not-over"  # seat, number (left; None: not begun): the other moved
    CENTRE_MOVED = "centre-moved"  # seat: a centre moved by itself (H3)
    MOVES_USED = "moves-used"  # seat, number (the turn's allowance): one move too many (H2)
    DISPLACED_THERE = "displaced-there"  # seat, cell: the displaced piece belongs on cell (H3)
    BOARD_UPSET = "board-upset"  # too much changed at once to be moves
    # seat (the piece's), cell (where it belongs), there (where it stands), number
    # (the other cells that differ): the board first seen is not the game's (a restart)
    BOARD_DIFFERS = "board-differs"
    UNKNOWN_COMMAND = "unknown-command"  # a command this game does not take
    # -- what happened -------------------------------------------------------------------------
    UNDONE = "undone"  # card (if the step was a card)
    REPLACED = "replaced"  # card (as read), other (as corrected)
    UNCORRECTED = "uncorrected"  # card (as read again): a correction undone
    LEADS = "leads"  # seat: leads round 1 (T3)
    REVOKE = "revoke"  # seat, card: a proven revoke (F5, T4)
    LOWEST_TRUMP = "lowest-trump"  # seat, card: held the lowest trump, did not lead (T3)
    TRICK_WON = "trick-won"  # seat, card, number (the trick)
    ROUND_OVER = "round-over"  # number (the round)
    GAME_OVER = "game-over"  # seat (the winner, if one)
    SET_CLOSED = "set-closed"  # seat, card (the set's first)
    SET_ILLEGAL = "set-illegal"  # seat, card (the set's first), other (the card at fault)
    WHICH_WILD = "which-wild"  # seat, card (the set's first): the wild card's number? (R5)
    COUNT_HANDS = "count-hands"  # lay out the hands to be counted (R6)
    CARD_TURNED_UP = "card-turned-up"  # seat, number: a move card turned up (H5)
    TURN_ENDED = "turn-ended"  # seat, number (the turn)
    MOVES_ALLOWED = "moves-allowed"  # seat, number (the moves allowed)
    TURN_OVER = "turn-over"  # number (the turn)
    PUT_BACK = "put-back"  # seat, number (moves left): the hex board is back as it was
    CARD_MISSING = "card-missing"  # seat, number (the trick): cleared before it was read
    HELD = "held"  # card, seat, number: put down while seat's card of trick number is missing
    # -- the session's --------------------------------------------------------------------------
    DISK_FULL = "disk-full"  # the journal's disk is full: the game goes on in memory
    NOT_SAVED = "not-saved"  # the journal cannot be written: the game goes on in memory
    # -- the cafe's staff -------------------------------------------------------------------
    STAFF_MESSAGE = "staff-message"  # text: the staff's own words, shown as written


@dataclass(frozen=True)
class Said:
    """A :class:`Say` and its facts (which ones each message uses: see :class:`Say`).

    Cards are notations (the views drop the serial and name the face), seats are
    numbers (the views name the players), ``awaiting`` is what a deal still needs;
    ``on_table`` marks a refusal of a card put on the table (to be taken back), not
    of a command; ``board`` one of pieces moved on the hex board (to be put back).
    """

    say: Say
    card: str | None = None
    other: str | None = None
    seat: int | None = None
    whose: int | None = None
    number: int | None = None
    awaiting: Awaiting | None = None
    on_table: bool = False
    text: str = ""  # the staff's own words (STAFF_MESSAGE): not translated
    cell: str | None = None  # a cell of the hex board, as the notation writes it (f4)
    #: The printed deck ``card`` is named by, when not the game's (Deck 21 at Fibonacci 13).
    deck: str | None = None
    there: str | None = None  # another hex cell: where the piece that belongs on ``cell`` is
    #: The enemy strike pieces on a hex turn's centre as it started (H2), said with its
    #: allowance.
    strikes: int = 0
    board: bool = False
