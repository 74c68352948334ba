"""What the companion says aloud: a flow's notices and status as sentences for the ear.

The OLED abbreviates ("R13", "tot"); a speaker must not. From what the flows report
(the notices of an input, the status before and after it) this module makes
:class:`Announcement` values: a :class:`Kind` (whose turn, a trick taken, a round's
scores, the result, a refusal, a question to the table, the hex moves allowed, a
fault to mend, a step undone or a card corrected) and a sentence in the table's
language, from the same catalogue as the screens. Refusals, questions and corrections
reuse the screens' sentences
(:func:`~companion.views.words.notice_words`) without their button hints in brackets,
and faults the screen's (:func:`fault_said`). What is said at all is a :class:`Level`:
off, the key moments, or everything (whose turn after every card, too). A player's
name in a script the voice does not read is said in Latin letters
(:func:`for_the_voice`: "王小明" as "Wang Xiao Ming").

    >>> from companion.flows.status import TrickStatus
    >>> before = TrickStatus("fibonachos", 1, 1, to_play=0)
    >>> after = TrickStatus("fibonachos", 1, 1, to_play=1)
    >>> [a.text for a in announce([], before, after, ["Ana", "Ben"], Level.ALL)]
    ['Ben to play.']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from companion.flows.base import Notice, NoticeKind
from companion.flows.said import Say
from companion.flows.status import (
    Awaiting,
    FlowStatus,
    HexStatus,
    MissingCard,
    Scores,
    TrickStatus,
    TrickWon,
)
from companion.games.hex import SPEC as HEX
from companion.games.i18n import N_
from companion.views.cards import card_name
from companion.views.faults import Fault, fault_words
from companion.views.i18n import _, language, ngettext
from companion.views.names import seat_names
from companion.views.romanised import romanised
from companion.views.words import notice_words


class Kind(Enum):
    """What an announcement is about: a newer one of a kind replaces a stale one."""

    TURN = "turn"
    TRICK = "trick"
    SCORE = "score"
    RESULT = "result"
    REFUSAL = "refusal"
    QUESTION = "question"
    ALLOWANCE = "allowance"
    FAULT = "fault"
    CORRECTION = "correction"


class Level(Enum):
    """``[speech] say``: nothing, the key moments, or everything."""

    OFF = "off"
    KEY = "key"
    ALL = "all"

    def says(self, kind: Kind) -> bool:
        """Whether this level says ``kind``: key moments leave out whose turn it is."""
        return self is Level.ALL or (self is Level.KEY and kind is not Kind.TURN)


@dataclass(frozen=True)
class Announcement:
    """One sentence to say, its kind, and the language it is worded in."""

    kind: Kind
    text: str
    language: str


#: What a trick game's table is asked to show, said to the table.
_AWAITING = {
    Awaiting.SPICY: N_("Turn up the spicy card."),
    Awaiting.TRUMP_INDICATOR: N_("Show the trump indicator."),
    Awaiting.SYMBOL_INDICATOR: N_("Show the symbol indicator."),
}
#: The notices that ask the table something.
_QUESTIONS = frozenset({Say.WHICH_WILD, Say.COUNT_HANDS, Say.WILD_UNDECLARED})
#: The notices of a step taken back or a card read right: what was said of the game
#: before them may be wrong now.
_CORRECTIONS = frozenset({Say.UNDONE, Say.REPLACED, Say.UNCORRECTED})
#: The notices that give the hex moves allowed.
_ALLOWANCES = frozenset({Say.MOVES_ALLOWED, Say.CARD_TURNED_UP})
#: A button hint in brackets at the end of a screen's sentence: "(SELECT)", "(menu)".
_BRACKETS = re.compile(r"\s*\([^)]*\)")


def announce(
    notices: Sequence[Notice],
    before: FlowStatus | None,
    after: FlowStatus | None,
    players: Sequence[str],
    level: Level,
    *,
    game: str = "",
) -> list[Announcement]:
    """What to say after one input: its notices in order, then what the new status asks
    (whose turn, the hex moves allowed on a new turn, round 1's leader)."""
    if level is Level.OFF:
        return []
    game = game or _game_of(after) or _game_of(before)
    said: list[tuple[Kind, str]] = []
    for notice in notices:
        said.extend(_of_notice(notice, players, game))
    said.extend(_of_status(before, after, players, notices))
    lang = language()
    return [
        Announcement(kind, for_the_voice(text, lang), lang)
        for kind, text in said
        if level.says(kind)
    ]


def fault_said(fault: Fault, level: Level) -> list[Announcement]:
    """A fault as the screen says it (its sentence, or its title when it has none),
    said to the table: what the players must mend (a card seen twice, a piece not
    seen, the camera's cable), which they may not see on the screen while they look at
    the table, or when the screen is the fault.

    >>> from companion.views.faults import FaultKind
    >>> [a.text for a in fault_said(Fault(FaultKind.CAMERA_LOST), Level.KEY)]
    ['No picture from the camera: check its cable.']
    """
    if not level.says(Kind.FAULT):
        return []
    words = fault_words(fault)
    lang = language()
    return [Announcement(Kind.FAULT, for_the_voice(words.line or words.title, lang), lang)]


#: Latin letters espeak-ng's English and French voices say by their code ("letter
#: 1e0d"), although they lie below U+0250 (tests/views/test_spoken_names.py asks
#: espeak-ng about every letter there).
_UNREAD = frozenset("ƄƅƔƖƧƨƱƼƽƾȺȾɁɂ")


def _latin_voice_reads(char: str) -> bool:
    """Whether espeak-ng's English or French voice reads ``char`` as written: anything
    but a letter, digit or mark; the letters of Latin-1 and Latin Extended-A and -B.
    It says a letter of another script by its script's name ("Chinese letter",
    "Arabic meem") or spells it ("delta eta", "de em"), and a Latin letter of Latin
    Extended Additional ("ễ" of Nguyễn) by its code."""
    if unicodedata.category(char)[0] not in "LMN":
        return True
    return ord(char) < 0x250 and char not in _UNREAD


#: What each language's voice reads as written; a language's own script would go here
#: (a Russian voice reads Cyrillic), the companion's voices read Latin letters.
READS: dict[str, Callable[[str], bool]] = {"en": _latin_voice_reads, "fr": _latin_voice_reads}


def for_the_voice(text: str, lang: str) -> str:
    """``text`` as the voice of ``lang`` can say it: what it reads as written stays (a
    French name, "Łukasz"), a letter of another script is written in Latin letters, a
    Chinese or Korean syllable apart, a run of kana as one word
    (:func:`~companion.views.romanised.romanised`), never dropped. A number below 0 is
    said with its sign as a word ("minus 2", "moins 2"): French voices drop a "-".

    >>> for_the_voice("王小明 to play.", "en"), for_the_voice("À Дмитрий de jouer.", "fr")
    ('Wang Xiao Ming to play.', 'À Dmitriy de jouer.')
    >>> for_the_voice("Ben, -146 points, -2 in all.", "en")
    'Ben, minus 146 points, minus 2 in all.'
    """
    reads = READS.get(lang, _latin_voice_reads)
    if not all(reads(char) for char in text):
        text = romanised(text, reads)
    return _NEGATIVE.sub(lambda found: _("minus {number}").format(number=found[1]), text)


#: A number below 0 ("-146", not the "1-5" of a range): espeak-ng's English voice says
#: "minus", its French one drops the sign ("Ben, -2 points" heard as "Ben, 2 points").
_NEGATIVE = re.compile(r"(?<!\w)[-\u2212](\d+)")


def _game_of(status: FlowStatus | None) -> str:
    if isinstance(status, HexStatus):
        return HEX.name
    return "" if status is None else status.game


def _of_notice(notice: Notice, players: Sequence[str], game: str) -> list[tuple[Kind, str]]:
    names = seat_names(players)
    detail, said = notice.detail, notice.said
    if isinstance(detail, TrickWon):
        return [(Kind.TRICK, trick_words(detail, names, game))]
    if isinstance(detail, Scores):
        kind = Kind.SCORE if detail.round is not None else Kind.RESULT
        return [(kind, scores_words(detail, names))]
    if isinstance(detail, MissingCard):
        return [(Kind.QUESTION, missing_words(detail, names))]
    if notice.kind is NoticeKind.GAME_OVER:
        if said is not None and said.seat is not None and 0 <= said.seat < len(names):
            return [(Kind.RESULT, _("{name} wins the game.").format(name=names[said.seat]))]
        return [(Kind.RESULT, _("The game is over."))]
    if said is not None and said.say in _ALLOWANCES and said.seat is not None:
        words = allowance_words(names[said.seat], said.number or 0, said.strikes)
        return [(Kind.ALLOWANCE, words)]
    if notice.kind in (NoticeKind.REFUSED, NoticeKind.FLAG):
        return [(Kind.REFUSAL, _screen_words(notice, players, game, title=True))]
    if said is not None and said.say in _CORRECTIONS:
        return [(Kind.CORRECTION, _screen_words(notice, players, game, title=True))]
    if said is not None and said.say in _QUESTIONS:
        return [(Kind.QUESTION, _screen_words(notice, players, game, title=False))]
    return []


def _screen_words(notice: Notice, players: Sequence[str], game: str, *, title: bool) -> str:
    """A screen's title and sentence, said: without the button hints in brackets, with
    "Take the card back" for a card on the table; a title the sentence says already
    is not said twice ("Undo. Nothing to undo.")."""
    words = notice_words(notice, players, game)
    if words is None:
        return ""
    line = _BRACKETS.sub("", words.line)
    head = words.title if words.title.endswith(("!", "?", ".")) else words.title + "."
    if words.title.rstrip("!?. \u00a0").lower() in line.lower():  # "Nothing to undo."
        head = ""
    parts = [head if title else "", line]
    if notice.said is not None and notice.said.on_table:
        parts.append(words.hint + ".")
    return " ".join(part for part in parts if part)


def _of_status(
    before: FlowStatus | None,
    after: FlowStatus | None,
    players: Sequence[str],
    notices: Sequence[Notice],
) -> list[tuple[Kind, str]]:
    names = seat_names(players)
    if isinstance(after, HexStatus):
        # The turn's own allowance came as a notice; a turn the strike pieces left no
        # move ended at once (its notice is the other side's): this one is still unsaid.
        allowed = any(
            n.said is not None and n.said.say in _ALLOWANCES and n.said.seat == after.side.seat
            for n in notices
        )
        new_turn = not isinstance(before, HexStatus) or before.turn != after.turn
        if new_turn and not allowed and after.winner is None:
            if after.awaiting is Awaiting.MOVE_CARD:
                line = _("{name}: turn up your move card.").format(name=names[after.side.seat])
                return [(Kind.ALLOWANCE, line)]
            words = allowance_words(names[after.side.seat], after.allowed, after.reduction)
            return [(Kind.ALLOWANCE, words)]
        return []
    if not isinstance(after, TrickStatus) or any(n.kind is NoticeKind.GAME_OVER for n in notices):
        return []
    old = before if isinstance(before, TrickStatus) else None
    if after.awaiting in (Awaiting.LEADER, Awaiting.LEADER_SHOWN) and after.leader_card:
        if old is None or old.awaiting is not after.awaiting:
            card = card_name(after.leader_card, after.game)
            if after.awaiting is Awaiting.LEADER:
                line = _("Who has {card}? They lead round 1.").format(card=card)
            else:
                line = _("Who led {card}? Say it on the menu.").format(card=card)
            return [(Kind.QUESTION, line)]
        return []
    if after.to_play is None or after.missing is not None:
        return []
    moved = old is None or _turn_of(old) != _turn_of(after)
    if not moved:
        return []
    if after.awaiting in _AWAITING:
        line = _(_AWAITING[after.awaiting])
        if after.awaiting is Awaiting.SPICY:
            line = _("{name} leads. Turn up the spicy card.").format(name=names[after.to_play])
        return [(Kind.TURN, line)]
    return [(Kind.TURN, _("{name} to play.").format(name=names[after.to_play]))]


def _turn_of(status: TrickStatus) -> tuple[object, ...]:
    """What makes a new turn: the seat, what is awaited, the trick (a winner who played
    last leads the next one: the same seat, a new turn)."""
    return (status.to_play, status.awaiting, status.round, status.trick)


def trick_words(won: TrickWon, names: Sequence[str], game: str) -> str:
    """Who took the trick, with which card, and the prize taken."""
    name, card = names[won.winner], card_name(won.card, game)
    if len(won.prize) == 1:
        prize = card_name(won.prize[0], game)
        line = _("{name} takes trick {number} with {card} and wins {prize}.")
        return line.format(name=name, number=won.trick, card=card, prize=prize)
    if won.prize:
        line = _("{name} takes trick {number} with {card} and wins the indicators.")
        return line.format(name=name, number=won.trick, card=card)
    return _("{name} takes trick {number} with {card}.").format(
        name=name, number=won.trick, card=card
    )


def _points(name: str, points: int) -> str:
    """A player's points, the plural chosen by the number's size ("Ben, -146 points":
    French makes only 0 and 1 singular, and a score below 0 is plural as its size is)."""
    return ngettext("{name}, {points} point", "{name}, {points} points", abs(points)).format(
        name=name, points=points
    )


def scores_words(scores: Scores, names: Sequence[str]) -> str:
    """A round's points with the totals, or the final result, every player named."""
    if scores.round is not None:
        lines = [_("Round {number} is over.").format(number=scores.round)]
        totals = scores.totals or scores.points
        for name, points, total in zip(names, scores.points, totals, strict=False):
            lines.append(
                _("{points}, {total} in all.").format(points=_points(name, points), total=total)
            )
        return " ".join(lines)
    winners = [names[seat] for seat in scores.winners]
    if len(winners) == 1:
        best = scores.points[scores.winners[0]]
        head = ngettext(
            "Game over. {name} wins with {points} point.",
            "Game over. {name} wins with {points} points.",
            abs(best),
        ).format(name=winners[0], points=best)
    elif winners:
        count = len(winners)
        head = ngettext(
            "Game over. {count} player shares the win: {names}.",
            "Game over. {count} players share the win: {names}.",
            count,
        ).format(count=count, names=", ".join(winners))
    else:
        head = _("Game over. No winner.")
    rest = [_points(name, points) + "." for name, points in zip(names, scores.points, strict=False)]
    return " ".join([head, *rest])


def missing_words(missing: MissingCard, names: Sequence[str]) -> str:
    """The question of a trick cleared before its last card was read (issue 10)."""
    line = _("Trick {number} was cleared before {name}'s card was read. Which card was it?")
    return line.format(number=missing.trick, name=names[missing.seat])


def allowance_words(name: str, moves: int, strikes: int = 0) -> str:
    """The hex moves a player may make this turn (H2, H5), and why fewer than the turn
    gives: ``strikes`` enemy strike pieces on the player's centre, a move fewer each.
    A turn they leave no move may have lost fewer moves than they are (an opening turn
    gives 1 to 5): only the pieces are said."""
    line = ngettext("{name}, {number} move.", "{name}, {number} moves.", moves)
    line = line.format(name=name, number=moves)
    if not strikes:
        return line
    if not moves:
        why = ngettext(
            "{number} enemy strike piece touches the centre.",
            "{number} enemy strike pieces touch the centre.",
            strikes,
        )
    else:
        why = ngettext(
            "{number} enemy strike piece touches the centre: {number} move fewer.",
            "{number} enemy strike pieces touch the centre: {number} moves fewer.",
            strikes,
        )
    return f"{line} {why.format(number=strikes)}"
