"""What a notice says to the players, in their language: the sentence of a :class:`Said`.

The flows say what happened as a message id and its facts
(:class:`~companion.flows.said.Said`); here each becomes a title and a sentence, with
the players' names and the cards as their faces print them
(:func:`~companion.views.cards.card_name`). Rule ids, serials and zone names stay in the
notice's English ``message`` (the log and ``--json``); a refusal the flow words only by
its rule is said by what that rule asks (:data:`RULES`).

    >>> from companion.flows.base import Notice, NoticeKind
    >>> said = Said(Say.NOT_YOUR_TURN, card="R13#1", seat=2, whose=0, on_table=True)
    >>> notice = Notice(NoticeKind.REFUSED, "R13#1 refused: ...", "F8", said=said)
    >>> words = notice_words(notice, ("Ana", "Ben", "Cy"), "fibonachos")
    >>> words.title, words.line, words.hint
    ('Card refused', "Red 13: it is Ana's turn, not Cy's.", 'Take the card back')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Said, Say
from companion.flows.status import Awaiting
from companion.games.i18n import N_
from companion.views.cards import card_name
from companion.views.i18n import _, ngettext
from companion.views.names import seat_names
from companion.views.present import game_label

#: Each message: its title and its sentence. ``{name}`` is the seat's player,
#: ``{whose}`` the player whose turn it is, ``{card}`` and ``{other}`` cards by their
#: faces, ``{number}`` a count or a number, ``{game}`` the game as the menu names it.
SAYS: dict[Say, tuple[str, str]] = {
    Say.WRONG_DECK: (N_("Card refused"), N_("That card belongs to another game.")),
    Say.LEFT_OUT: (
        N_("Card refused"),
        N_("{card} is not played in {game}: put it back in the box."),
    ),
    Say.UNKNOWN_CARD: (N_("Card refused"), N_("That card is not in this game's deck.")),
    Say.USED_AS: (N_("Card refused"), N_("{card} was already played this round.")),
    Say.PLAYED_ALREADY: (N_("Card refused"), N_("{card} was already played this round.")),
    Say.NOT_YOUR_TURN: (N_("Card refused"), N_("{card}: it is {whose}'s turn, not {name}'s.")),
    Say.PLAYED_THIS_TRICK: (N_("Card refused"), N_("{name} already played in this trick.")),
    Say.SPICY_IN_PLAY: (
        N_("Card refused"),
        N_("{card} is a spicy card: put it on the spicy spot."),
    ),
    Say.NACHO_ON_SPICY: (
        N_("Card refused"),
        N_("{card} is a nacho card: play it in the play area."),
    ),
    Say.SPICY_FIRST: (
        N_("Card refused"),
        N_("Show the trick's spicy card before its first card."),
    ),
    Say.SPICY_NOT_NOW: (
        N_("Card refused"),
        N_("{card}: the spicy card is shown before the trick is led."),
    ),
    Say.FOLLOW: (N_("Card refused"), N_("{card}: follow the colour led if you can.")),
    Say.GAME_IS_OVER: (N_("Game over"), N_("The game is over.")),
    Say.INDICATOR_NOT_NOW: (
        N_("Card refused"),
        N_("Indicators are read at the start of a round only."),
    ),
    Say.BOTH_INDICATORS: (N_("Card refused"), N_("{card} cannot be both indicators.")),
    Say.LEADER_TOO_LATE: (N_("Not now"), N_("Round 1 is over: its leader stays.")),
    Say.LEADER_CARD_FIRST: (
        N_("Card refused"),
        N_("The holder of {other} leads: play it first, or say who (SELECT)."),
    ),
    Say.SAY_WHO_LED: (N_("Card refused"), N_("Say first who led {other}: press SELECT.")),
    Say.LED_ON_INDICATORS: (
        N_("Card refused"),
        N_("{other} was led: undo it to change the indicators."),
    ),
    Say.NOT_A_SEAT: (N_("Not now"), N_("No such player at this table.")),
    Say.NOTHING_TO_UNDO: (N_("Undo"), N_("Nothing to undo.")),
    Say.NO_SUCH_CARD: (N_("Correct a card"), N_("That card was never played.")),
    Say.NOT_READ_THERE: (N_("Correct a card"), N_("{card} is not read where it lies.")),
    Say.CANNOT_REPLACE: (N_("Correct a card"), N_("{card} cannot stand for {other} here.")),
    Say.SET_NOT_COMPLETE: (N_("Set open"), N_("The set of {card} is not complete yet.")),
    Say.NO_OPEN_SET: (N_("Set open"), N_("{name} has no open set of {card}.")),
    Say.WILD_NUMBER: (N_("Wild card"), N_("A wild card stands for a number of this deck.")),
    Say.WILD_UNDECLARED: (
        N_("Wild card"),
        N_("{name}: say the number of the wild card in the set of {card} (menu)."),
    ),
    Say.MOVE_CARD_FIRST: (N_("Not now"), N_("Turn up the move card first.")),
    Say.NO_MOVES_LEFT: (
        N_("No moves left"),
        N_("{name} has no moves left: hold SELECT to end the turn."),
    ),
    Say.NO_STRIKES_WITH_CARDS: (
        N_("Not now"),
        N_("With move cards, strike pieces take no moves away."),
    ),
    Say.BAD_STRIKES: (N_("Not now"), N_("At most {number} strike pieces touch a centre.")),
    Say.BAD_MOVE: (N_("Not now"), N_("That move is not written right.")),
    Say.UNKNOWN_COMMAND: (N_("Not now"), N_("This game does not do that.")),
    Say.CANNOT_REACH: (N_("Move refused"), N_("{name}: that piece cannot reach {cell}.")),
    Say.NOT_YOUR_PIECE: (N_("Move refused"), N_("{name}: that piece is not yours.")),
    Say.TURN_NOT_OVER: (N_("Not your turn"), ""),  # a count: see _line()
    Say.CENTRE_MOVED: (N_("Move refused"), N_("{name}: a centre never moves by itself.")),
    Say.MOVES_USED: (N_("Move refused"), ""),  # a count: see _line()
    Say.DISPLACED_THERE: (
        N_("Move refused"),
        N_("{name}: the piece pushed aside goes on {cell}."),
    ),
    Say.BOARD_UPSET: (N_("Move refused"), N_("Too much moved at once.")),
    Say.BOARD_DIFFERS: (N_("Board differs"), ""),  # a count: see _line()
    Say.PUT_BACK: (N_("Pieces back"), ""),  # a count: see _line()
    Say.NO_CARD_MISSING: (N_("Not now"), N_("No card is missing.")),
    Say.NOT_THEIR_CARD: (N_("Not now"), N_("The card missing is {name}'s, not {whose}'s.")),
    Say.UNDONE: (N_("Undone"), N_("The last step is taken back.")),
    Say.REPLACED: (N_("Corrected"), N_("{card} is now {other}.")),
    Say.UNCORRECTED: (N_("Undone"), N_("{card} is back, as it was read.")),
    Say.LEADS: (N_("Leader"), N_("{name} leads round 1.")),
    Say.REVOKE: (
        N_("Revoke!"),
        N_("{name} played {card} but did not follow that colour in trick {number}."),
    ),
    Say.LOWEST_TRUMP: (
        N_("Wrong leader"),
        N_("{name} held {card}, the lowest trump, and should have led round 1."),
    ),
    Say.TRICK_WON: (N_("Trick won"), N_("{name} wins trick {number} with {card}.")),
    Say.ROUND_OVER: (N_("Round over"), N_("Round {number} is over.")),
    Say.GAME_OVER: (N_("Game over"), N_("{name} wins!")),
    Say.SET_CLOSED: (N_("Set closed"), N_("{name} closed the set of {card}.")),
    Say.SET_ILLEGAL: (N_("Not a set"), N_("{name}: {other} does not fit the set of {card}.")),
    Say.WHICH_WILD: (
        N_("Wild card"),
        N_("{name}: which number is the wild card in the set of {card}? (menu)"),
    ),
    Say.COUNT_HANDS: (
        N_("Count hands"),
        N_("Lay out every hand in its zone, apart from the sets."),
    ),
    Say.CARD_TURNED_UP: (N_("Move card"), ""),  # a count: see _moves()
    Say.TURN_ENDED: (N_("Turn over"), N_("{name} ends turn {number}.")),
    Say.MOVES_ALLOWED: (N_("Moves"), ""),  # a count: see _moves()
    Say.TURN_OVER: (N_("Turn over"), N_("Turn {number} is over.")),
    Say.CARD_MISSING: (
        N_("Card missing"),
        N_("Trick {number} was cleared before {name}'s card was read."),
    ),
    Say.HELD: (N_("Card held"), N_("{card} waits: {name}'s card of trick {number} first.")),
    Say.DISK_FULL: (N_("Disk full"), N_("The game goes on, kept in memory only.")),
    Say.NOT_SAVED: (N_("Not saved"), N_("The game goes on, kept in memory only.")),
}

#: A refusal the flow words by its rule alone: what the rule asks (RULES.md's ids).
RULES: dict[str, str] = {
    "F1": N_("{card}: each card is played once a round."),
    "F3": N_("{card} cannot be played now: a round starts with its deal."),
    "F5": N_("{card}: follow the suit led if you can."),
    "F6": N_("The spicy card is shown before the trick is led, one a trick."),
    "F8": N_("The match is over: three rounds were played."),
    "T1": N_("{card}: each card is played once a round."),
    "T2": N_("A round starts with its two indicator cards."),
    "T3": N_("The holder of the lowest trump leads round 1."),
    "T4": N_("{card}: follow the colour led if you can."),
    "T7": N_("The game is over."),
    "R1": N_("A card lies on the table more often than the deck holds it."),
    "R2": N_("A set starts with a base card and adds up to the target: one set a base."),
    "R3": N_("Sets need the opening first: the top card and the base sets."),
    "R4": N_("Only a complete set is closed."),
    "R5": N_("Every wild card in a set needs its number; in the hand it has none."),
    "R6": N_("Going out: every set closed and no card left in the hand."),
    "R7": N_("Too many sets started with a standard card."),
    "H2": N_("That is more moves than the turn allows."),
    "H3": N_("That move is not allowed."),
    "H4": N_("The game is over."),
    "H5": N_("Move cards: one a turn, from the player's own pile."),
}
#: What a deal still needs, when a card comes before it (T2, T3).
DEAL_FIRST: dict[Awaiting, str] = {
    Awaiting.TRUMP_INDICATOR: N_("Show the trump indicator first: a round starts with it."),
    Awaiting.SYMBOL_INDICATOR: N_("Show the symbol indicator first: a round starts with it."),
    Awaiting.LEADER: N_("Round 1's leader is not chosen yet."),
}


@dataclass(frozen=True)
class NoticeWords:
    """A notice's screen: its title, its sentence and what to do to go on."""

    title: str
    line: str
    hint: str = ""


def notice_words(notice: Notice, players: Sequence[str], game: str) -> NoticeWords | None:
    """The words of ``notice`` at a table of ``players`` playing ``game`` (None: a
    note with nothing to say to the players)."""
    said = notice.said
    if said is None:
        if notice.kind not in _FALLBACK:
            return None
        title, line = _FALLBACK[notice.kind]
        hint = _("Press any key") if notice.kind is not NoticeKind.TRICK_WON else ""
        return NoticeWords(_(title), _(line), hint)
    if said.say is Say.STAFF_MESSAGE:  # the staff's words, as they wrote them
        return NoticeWords(_("Message"), said.text, "")
    names = seat_names(players)
    facts = {
        "name": _name(names, said.seat),
        "whose": _name(names, said.whose),
        "card": card_name(said.card, said.deck or game) if said.card else "",
        "game": game_label(game),
        "other": card_name(said.other, game) if said.other else "",
        "number": "" if said.number is None else str(said.number),
        "cell": said.cell or "",
        "there": said.there or "",
    }
    title, line = SAYS.get(said.say, (N_("Card refused"), ""))
    text = _line(said, notice.rule, line).format(**facts)
    if said.seat is not None and said.say is Say.AGAINST_RULE:
        text = _("{name}: {reason}").format(name=facts["name"], reason=text)
    hint = ""
    if notice.kind is NoticeKind.REFUSED:  # a card to take back, or a button's command
        if not said.on_table and title == N_("Card refused"):
            title = N_("Not now")
        hint = _("Take the card back") if said.on_table else _("Press any key")
        if said.board or title in (N_("Move refused"), N_("Board differs"), N_("Not your turn")):
            hint = _("Put the pieces back")
    return NoticeWords(_(title), text, hint)


def _line(said: Said, rule: str | None, line: str) -> str:
    say = said.say
    if say is Say.AGAINST_RULE:
        if rule in RULES:
            return _(RULES[rule])
        return _("{card} cannot be played now.") if said.card else _("That cannot be done now.")
    if say is Say.DEAL_FIRST and said.awaiting in DEAL_FIRST:
        return _(DEAL_FIRST[said.awaiting])
    if say is Say.MOVES_USED:
        count = said.number or 0
        return ngettext(
            "{name} may make {number} move this turn: put the last piece back.",
            "{name} may make {number} moves this turn: put the last piece back.",
            count,
        )
    if say is Say.TURN_NOT_OVER and said.number is None:  # the turn not begun yet
        return _("It is {name}'s turn: put the piece back.")
    if say is Say.TURN_NOT_OVER:  # number: the moves the turn begun still allows
        return ngettext(
            "{name}'s turn: {number} move left. Put it back, or hold SELECT to end the turn.",
            "{name}'s turn: {number} moves left. Put it back, or hold SELECT to end the turn.",
            said.number or 0,
        )
    if say is Say.BOARD_DIFFERS:  # number: the cells that differ besides the piece's two
        if not said.number:
            return _(
                "The board is not as the game left it: {name}'s piece on {there} goes on {cell}."
            )
        return ngettext(
            "The board is not as the game left it: {name}'s piece on {there} goes on {cell},"
            " and {number} more cell differs.",
            "The board is not as the game left it: {name}'s piece on {there} goes on {cell},"
            " and {number} more cells differ.",
            said.number,
        )
    if say is Say.PUT_BACK and said.number is None:  # the move card is not turned up (H5)
        return _("The board is as it was: {name} turns up a move card.")
    if say is Say.PUT_BACK:
        count = said.number or 0
        return ngettext(
            "The board is as it was: {name} has {number} move left.",
            "The board is as it was: {name} has {number} moves left.",
            count,
        )
    if say in (Say.CARD_TURNED_UP, Say.MOVES_ALLOWED):
        count = said.number or 0
        return ngettext("{name} may make {number} move.", "{name} may make {number} moves.", count)
    if say is Say.UNDONE and said.card:
        return _("{card} is taken back.")
    if say is Say.REVOKE and said.number is None:
        return _("{name} played {card} after failing to follow its colour.")
    if say is Say.GAME_OVER and said.seat is None:
        return _("The game is over.")
    if say is Say.SET_ILLEGAL and not said.other:
        return _("{name}: the set of {card} breaks the rules.")
    return _(line)


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat + 1)


#: What a notice says when its flow gave no :class:`Said` (a notice made by hand):
#: its kind, and no fact; a note without one says nothing (None).
_FALLBACK = {
    NoticeKind.REFUSED: (N_("Not now"), N_("That cannot be done now.")),
    NoticeKind.TRICK_WON: (N_("Trick won"), N_("The trick is over.")),
    NoticeKind.ROUND_OVER: (N_("Round over"), N_("The round is over.")),
    NoticeKind.GAME_OVER: (N_("Game over"), N_("The game is over.")),
    NoticeKind.FLAG: (N_("Revoke!"), N_("A colour was not followed.")),
}
