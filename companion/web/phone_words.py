"""The players' page in words: the table view's facts (:mod:`companion.views.live`)
said in the page's language, with the web catalogue.

Cards are named as their faces print them ("Red 13", "Spicy 3", "Base 5"), seats
left unnamed are "Seat 2", and what the table waits for is a sentence; no serial,
zone name or rule id is ever said (those stay in the JSON and the logs).

    >>> from babel.support import Translations
    >>> from companion.games.faces import Face
    >>> from companion.views.live import waiting_view
    >>> w = words(Translations(), waiting_view("fibonachos", ["Ana", ""]))
    >>> w.names, w.card(Face("R13", "red", 13))
    (['Ana', 'Seat 2'], 'Red 13')
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.support import NullTranslations
from markupsafe import Markup

from companion.games.faces import Face
from companion.games.hex.pieces import Kind, Piece, Side
from companion.views.live import TableView
from companion.views.section_types import Meld
from companion.web.hex_svg import board_svg, legend_svg


def N_(message: str) -> str:  # noqa: N802 (gettext's name for a marker)
    """Marks a message for the catalogue; translated where it is shown."""
    return message


#: A card's kind (:func:`companion.views.live.card`) as its face prints it.
CARD_WORDS = {
    "red": N_("Red {number}"),
    "green": N_("Green {number}"),
    "yellow": N_("Yellow {number}"),
    "blue": N_("Blue {number}"),
    "purple": N_("Purple {number}"),
    "spicy": N_("Spicy {number}"),
    "base": N_("Base {number}"),
    "top": N_("Top {number}"),
    "standard": N_("Standard {number}"),
    "move": N_("Move card {number}"),
}
#: The colours alone (a suit led, the trump colour) and Trump's symbols (T1).
COLOUR_WORDS = {
    "red": N_("Red"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "blue": N_("Blue"),
    "purple": N_("Purple"),
    "plus": N_("circled plus"),
    "circle": N_("circle"),
    "square": N_("square"),
    "star": N_("star"),
    "waves": N_("waves"),
}
#: What became of names sent from the page (:func:`companion.web.phone.names`): the
#: table's own answer (``offered``, ``fixed``, ``seats``, ``earlier``), the server's
#: (``replaced``: newer names went instead; ``silent``: no answer came), the page's.
ANSWER_WORDS = {
    "offered": N_("Sent: press SELECT at the table to use them"),
    "fixed": N_("This game's seats have names of their own: the table keeps them"),
    "seats": N_("The table has another number of players now: reload this page"),
    "earlier": N_("This page is of an earlier game: reload it"),
    "over": N_("This game is over: its names can no longer change"),
    "invalid": N_("Each seat needs a name of up to {chars} characters"),
    "twice": N_("Two seats have the same name: give each seat its own"),
    "replaced": N_("Newer names from another phone went to the table instead"),
    "silent": N_("The table did not answer: look at its screen, or type the names there"),
    "unsent": N_("The table did not take these names"),
}
#: What the table waits for (:class:`companion.flows.status.Awaiting`), as a sentence.
AWAITING_WORDS = {
    "spicy": N_("Turn up the spicy card"),
    "trump-indicator": N_("Turn up the trump card"),
    "symbol-indicator": N_("Turn up the symbol card"),
    "leader": N_("Who has the lowest trump? They lead"),
    "leader-shown": N_("Who led? Answer on the table"),
    "move-card": N_("{player}: turn up a move card"),
    "missing-card": N_("A card of the last trick was not read: answer on the table"),
}
STATE_WORDS = {
    "closed": N_("closed"),
    "complete": N_("complete"),
    "open": N_("open"),
    "illegal": N_("not a set: take it back"),
}
#: Why a game ended, when it is not its own end.
ENDED_WORDS = {
    "over": N_("Game over"),
    "staff": N_("Ended by the staff"),
    "idle": N_("Ended: the table was left idle"),
    "replaced": N_("Ended: a new game was started"),
}


@dataclass(frozen=True)
class Words:
    """The page's words for one view."""

    tr: NullTranslations
    view: TableView
    names: list[str]

    def say(self, message: str) -> str:
        return self.tr.gettext(message)

    def card(self, card: Face | None) -> str:
        if card is None:
            return ""
        kind, number = card.kind, card.number
        if kind == "wild":
            return (
                self.say(N_("Wild {number}")).format(number=number)
                if number
                else self.say(N_("Wild"))
            )
        if kind == "bonus":
            return self.say(N_("Bonus"))
        if kind in CARD_WORDS:
            return self.say(CARD_WORDS[kind]).format(number=number)
        return card.face.split("#")[0]

    def colour(self, value: str | None) -> str:
        return self.say(COLOUR_WORDS[value]) if value in COLOUR_WORDS else ""

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "?"
        return self.names[seat]

    def side(self, seat: int | None) -> str:
        """A hex side by its player: "Black (Ana)"."""
        side = self.say(N_("Black")) if seat == 0 else self.say(N_("White"))
        return f"{side} ({self.name(seat)})"

    def played(self) -> str:
        """The hex moves last made, by whom: "White (Ben) played b2-c2, c2-c3"."""
        hexed = self.view.hex
        if hexed is None or hexed.board is None or not hexed.moved:
            return ""
        mover = hexed.board[hexed.moved[-1].dst]  # nothing moved after the last move
        seat = None if mover is None else mover.side.seat
        moves = ", ".join(str(move) for move in hexed.moved)
        return self.say(N_("{side} played {moves}")).format(side=self.side(seat), moves=moves)

    def board(self) -> Markup:
        """The hex board the table sees, as an inline SVG ("" where it sees none)."""
        hexed = self.view.hex
        if hexed is None or hexed.board is None:
            return Markup("")
        label = " · ".join(p for p in (self.say(N_("The board")), self.played()) if p)
        return Markup(board_svg(hexed.board, hexed.moved, label=label))

    def legend(self) -> list[tuple[Markup, str]]:
        """The pieces' kinds, each drawn (Black's) with its name."""
        kinds = (
            (Kind.CENTRE, N_("Centre")),
            (Kind.STRIKE, N_("Strike piece")),
            (Kind.SUPPORT, N_("Support piece")),
        )
        return [
            (Markup(legend_svg(Piece.of(Side.BLACK, kind))), self.say(name)) for kind, name in kinds
        ]

    def sided(self, seat: int) -> Markup:
        """A player's name with their hex side's colour and name ("Ana" alone past the
        two sides, in a view the reader took)."""
        name = self.name(seat)
        if seat not in (0, 1):
            return Markup("{}").format(name)
        side = Side.of_seat(seat)
        word = self.say(N_("Black") if side is Side.BLACK else N_("White"))
        disc = Markup(legend_svg(Piece.of(side, Kind.SUPPORT)))
        return Markup('{} {} <span class="side">{}</span>').format(disc, name, word)

    def set_state(self, meld: Meld) -> str:
        """A rummy set's state and what it lacks."""
        state = meld.state
        if state != "open":
            # A state a newer table added, that this page has no words for: none shown
            # (the table's word is no player's, and not in the reader's language).
            said = self.say(STATE_WORDS[state]) if state in STATE_WORDS else ""
            return " · ".join(part for part in (said, meld.wild) if part)
        lack = meld.lack
        if lack == "points":
            return self.say(N_("{missing} missing")).format(missing=meld.missing)
        if lack == "wild-number":
            return self.say(N_("wild card: which number?"))
        if lack == "impossible":
            return self.say(N_("cannot be completed"))
        return self.say(N_("open"))

    def ended(self) -> str:
        reason = self.view.ended or "over"
        return self.say(ENDED_WORDS.get(reason, ENDED_WORDS["over"]))

    def winners(self) -> str:
        won = [self.name(seat) for seat in self.view.outcome.winners]
        if not won:
            return ""
        return self.say(N_("{names} won")).format(names=" & ".join(won))

    def waiting(self) -> str:
        """What the table waits for, or whose turn it is."""
        view = self.view
        if view.over:
            return self.winners() or self.ended()
        trick, hexed, rummy = view.trick, view.hex, view.rummy
        awaiting = trick.awaiting if trick else hexed.awaiting if hexed else "nothing"
        to_play = view.to_play
        if awaiting in AWAITING_WORDS:
            return self.say(AWAITING_WORDS[awaiting]).format(player=self.name(to_play))
        if hexed and hexed.put_back:
            line = N_("{side}: move refused. Put the pieces back as on the board below.")
            return self.say(line).format(side=self.side(hexed.to_play))
        if hexed:
            return self.say(N_("{side} to move · moves left: {left} of {allowed}")).format(
                side=self.side(hexed.to_play),
                left=hexed.left,
                allowed=hexed.allowed,
            )
        if rummy and rummy.counting:
            return self.say(N_("Lay out your hands to be counted"))
        if to_play is None:
            return ""
        if rummy and rummy.turn is not None:  # else the round's first player, none laid yet
            return self.say(N_("{player} laid the last card")).format(player=self.name(to_play))
        return self.say(N_("{player} to play")).format(player=self.name(to_play))

    def summary_title(self) -> str:
        label = self.view.label
        label = self.say(label) if label else ""  # the game's name, as the table says it
        won = self.winners()
        return f"{label} · {won}" if won else label


def words(tr: NullTranslations, view: TableView) -> Words:
    seat = tr.gettext(N_("Seat {number}"))
    names = [name or seat.format(number=i + 1) for i, name in enumerate(view.players)]
    return Words(tr, view, names)
