"""What the table's hardware and history faults say to the players, in their language.

The daemon and the session report a fault as a :class:`Fault` (what, and the few
facts the sentence needs); the words are made here when the screen shows it. Errors
numbers, paths and counts of rows go to the log, never to the screen.

    >>> words = fault_words(Fault(FaultKind.DUPLICATE_CARD, card="R13#1", deck="fibonachos"))
    >>> words.title, words.line
    ('Card seen twice', 'Red 13 is already on the table: take the copy away.')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.games.i18n import N_
from companion.views.cards import card_name
from companion.views.i18n import _, ngettext
from companion.views.model import MessageView
from companion.views.words import NoticeWords


class FaultKind(Enum):
    CAMERA_LOST = "camera-lost"
    DISPLAY = "display"
    DUPLICATE_CARD = "duplicate-card"  # card, deck: one card seen in two places (a copy)
    STRAY_CARD = "stray-card"  # table: a card of another table's deck copy (refused)
    DISK_FULL = "disk-full"  # the journal's disk is full: games are not saved
    NOT_SAVED = "not-saved"  # the journal cannot be written (read-only, not a folder)
    REPAIRED = "repaired"  # games, moves: a damaged journal set aside, what reads kept
    GAME_CLOSED = "game-closed"  # the game in play was damaged: closed
    RESUMED = "resumed"  # the game in play resumes before a damaged move
    LEFT_OUT = "left-out"  # damaged games are left out of the history
    PIECE_MISSING = "piece-missing"  # piece, others: hex pieces the camera does not see
    CAMERA_BLURRED = "camera-blurred"  # every picture too blurred to judge the hex board
    PIECE_TWICE = "piece-twice"  # piece, cells: a hex piece's code seen on two cells (a copy)
    BOARD_LOST = "board-lost"  # the hex board not found in the camera's pictures
    BOARD_MOVING = "board-moving"  # the hex board moves in the picture frame after frame
    PIECE_ON_LINE = "piece-on-line"  # piece, cells: a hex piece read on two cells in turn
    PIECE_ON_EDGE = "piece-on-edge"  # piece: a hex piece read on and off the board in turn
    SHARED_CELL = "shared-cell"  # piece, other, cells: two hex pieces read on one cell


@dataclass(frozen=True)
class Fault:
    """A fault and its facts: ``card`` (a notation) of ``deck``, counts of ``games``
    and ``moves``, the ``table`` whose deck a stray card is from, the hex ``piece``
    not seen (side, kind, number as printed), how many ``others`` are not seen, and
    whether a ``lamp`` shines on the board where they may lie unread, or the piece
    read lying ``over`` it (side, kind, number); the ``cells`` a piece seen twice is
    seen on (or read on in turn; or the one cell it shares with the ``other`` piece)."""

    kind: FaultKind
    card: str | None = None
    deck: str = ""
    games: int = 0
    moves: int = 0
    table: str = ""
    piece: tuple[str, str, int] | None = None
    others: int = 0
    lamp: bool = False
    cells: tuple[str, ...] = ()
    over: tuple[str, str, int] | None = None
    other: tuple[str, str, int] | None = None


#: Each fault: its title and its sentence (``{card}`` the card by its face).
FAULTS: dict[FaultKind, tuple[str, str]] = {
    FaultKind.CAMERA_LOST: (N_("Camera lost"), N_("No picture from the camera: check its cable.")),
    FaultKind.DISPLAY: (N_("Display fault"), N_("The screen stopped answering: check its cable.")),
    FaultKind.DUPLICATE_CARD: (
        N_("Card seen twice"),
        N_("{card} is already on the table: take the copy away."),
    ),
    FaultKind.STRAY_CARD: (
        N_("Other table's card"),
        N_("This card is from table {table}'s deck."),
    ),
    FaultKind.DISK_FULL: (N_("Disk full"), N_("Games go on but are not saved.")),
    FaultKind.NOT_SAVED: (N_("Not saved"), N_("Games go on but are not saved.")),
    FaultKind.REPAIRED: (N_("History repaired"), ""),  # counts: see fault_words()
    FaultKind.GAME_CLOSED: (
        N_("History repaired"),
        N_("The game in play was damaged: it is closed."),
    ),
    FaultKind.RESUMED: (
        N_("History repaired"),
        N_("The game resumes just before a damaged move."),
    ),
    FaultKind.LEFT_OUT: (
        N_("History repaired"),
        N_("Damaged games are left out of the history."),
    ),
    FaultKind.PIECE_MISSING: (N_("Piece not seen"), ""),  # the piece: see _piece_line()
    FaultKind.CAMERA_BLURRED: (
        N_("Camera blurred"),
        N_("Too blurred to see the board: focus the camera and hold it still."),
    ),
    FaultKind.PIECE_TWICE: (N_("Piece seen twice"), ""),  # the piece: see _piece_line()
    FaultKind.BOARD_LOST: (
        N_("Board not seen"),
        N_("Point the camera at the board, its corner squares in sight."),
    ),
    FaultKind.BOARD_MOVING: (
        N_("Board moving"),
        N_("The board moves in the picture: fix the camera so it holds still."),
    ),
    FaultKind.PIECE_ON_LINE: (N_("Piece on a line"), ""),  # the piece: see _piece_line()
    FaultKind.PIECE_ON_EDGE: (N_("Piece on the edge"), ""),
    FaultKind.SHARED_CELL: (N_("Two on one cell"), ""),
}
#: The faults that name a hex piece (their sentence: see _piece_line()).
PIECE_FAULTS = frozenset(
    (
        FaultKind.PIECE_MISSING,
        FaultKind.PIECE_TWICE,
        FaultKind.PIECE_ON_LINE,
        FaultKind.PIECE_ON_EDGE,
        FaultKind.SHARED_CELL,
    )
)

#: A hex piece as its token names it (side, kind): the number printed on it follows.
PIECE_NAMES: dict[tuple[str, str], str] = {
    ("black", "centre"): N_("Black centre"),
    ("black", "strike"): N_("Black strike piece {number}"),
    ("black", "support"): N_("Black support piece {number}"),
    ("white", "centre"): N_("White centre"),
    ("white", "strike"): N_("White strike piece {number}"),
    ("white", "support"): N_("White support piece {number}"),
}


def piece_name(side: str, kind: str, number: int) -> str:
    """A hex piece in the players' words: "White strike piece 3"."""
    return _(PIECE_NAMES[side, kind]).format(number=number)


def _piece_line(fault: Fault) -> str:
    if fault.piece is None:
        return ""
    piece = piece_name(*fault.piece)
    cells = _(", ").join(fault.cells)
    if fault.kind is FaultKind.PIECE_TWICE:
        return _("{piece} is seen on {cells}: take the copy away.").format(piece=piece, cells=cells)
    if fault.kind is FaultKind.PIECE_ON_LINE:  # "between c2 and c3"
        between = _("{first} and {last}").format(
            first=_(", ").join(fault.cells[:-1]), last=fault.cells[-1]
        )
        return _("{piece} lies between {cells}: put it in the middle of one cell.").format(
            piece=piece, cells=between if len(fault.cells) > 1 else cells
        )
    if fault.kind is FaultKind.PIECE_ON_EDGE:
        return _("{piece} lies on the board's edge: put it in the middle of its cell.").format(
            piece=piece
        )
    if fault.kind is FaultKind.SHARED_CELL and fault.other is not None:
        return _("{piece} and {other} share {cell}: one piece a cell.").format(
            piece=piece, other=piece_name(*fault.other), cell=cells
        )
    if fault.over is not None and not fault.others:
        return _("{piece} is hidden by {other}: move them apart.").format(
            piece=piece, other=piece_name(*fault.over)
        )
    if fault.lamp and not fault.others:
        return _(
            "{piece} is not seen: a lamp shines on the board. Move the lamp or shade the board."
        ).format(piece=piece)
    if fault.lamp:
        return ngettext(
            "{piece} and {count} more piece are not seen: a lamp shines on the board.",
            "{piece} and {count} more pieces are not seen: a lamp shines on the board.",
            fault.others,
        ).format(piece=piece, count=fault.others)
    if not fault.others:
        return _("{piece} is not seen: put it on its cell, code up.").format(piece=piece)
    return ngettext(
        "{piece} and {count} more piece are not seen.",
        "{piece} and {count} more pieces are not seen.",
        fault.others,
    ).format(piece=piece, count=fault.others)


def fault_words(fault: Fault) -> NoticeWords:
    """The title and sentence of ``fault``; a fault that passes by itself has no hint."""
    title, line = FAULTS[fault.kind]
    if fault.kind is FaultKind.REPAIRED:
        games = ngettext("{count} game", "{count} games", fault.games).format(count=fault.games)
        moves = ngettext("{count} move", "{count} moves", fault.moves).format(count=fault.moves)
        text = _("A damaged history was set aside; kept: {games}, {moves}.").format(
            games=games, moves=moves
        )
    elif fault.kind in PIECE_FAULTS:
        text = _piece_line(fault)
    else:
        card = card_name(fault.card, fault.deck) if fault.card else ""
        text = _(line).format(card=card, table=fault.table)
    passing = fault.kind in (FaultKind.DUPLICATE_CARD, FaultKind.STRAY_CARD)
    return NoticeWords(_(title), text, "" if passing else _("Any key hides"))


def farewell_view(playing: bool, saved: bool) -> MessageView:
    """The last screen while the service restarts (the panel keeps it): the game in
    play is saved and comes back, unless the journal could not be written."""
    line = _("back in a moment")
    if playing:
        line = _("the game is saved") if saved else _("the game is not saved")
    return MessageView("Table Companion", (_("Restarting..."), line))
