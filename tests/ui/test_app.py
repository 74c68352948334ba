"""The interface by buttons alone (issue 5 section 3): start, play, menus, kiosk."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui_keys import Finger

from companion.config import KioskSection
from companion.flows.base import Notice, NoticeKind
from companion.flows.commands import (
    CloseSet,
    CountHands,
    EndRound,
    EndTurn,
    Leader,
    Move,
    Page,
    Replace,
    Strikes,
    TakeBack,
    Wild,
    Winner,
)
from companion.flows.said import Said, Say
from companion.flows.status import (
    Awaiting,
    Closing,
    HexStatus,
    Played,
    Recorded,
    RummyStatus,
    Scores,
    TrickStatus,
    TrickWon,
    WildCard,
)
from companion.games.fibonachos.cards import Suit
from companion.games.hex.pieces import Side
from companion.ui.app import STAFF_SECONDS, UiApp
from companion.ui.commands import EndGame, Flow, Resume, StaffAction, StartGame, Undo
from companion.ui.overlays import TRICK_WON_SECONDS
from companion.views import (
    IdleView,
    MenuView,
    MessageView,
    Play,
    ScoresView,
    Tone,
    TrickView,
    TrickWonView,
)
from companion.views.faults import Fault, FaultKind
from companion.views.i18n import language, speaking


def started(finger: Finger, game_label: str, *steps: str) -> StartGame:
    """Choose ``game_label`` in the start menu, then each step label, then confirm."""
    finger.choose(game_label)
    for step in steps:
        finger.choose(step)
    commands = finger.press("SELECT")
    assert len(commands) == 1 and isinstance(commands[0], StartGame)
    return commands[0]


# -- the start -----------------------------------------------------------------------------


def test_start_menu_lists_every_game() -> None:
    view = UiApp().screen(0.0)
    assert isinstance(view, MenuView)
    assert view.items == (
        "Fibonachos",
        "Fibonacci Trump",
        "Rummy 21",
        "Rummy 13",
        "Rummy 8",
        "Rummy 89",
        "Hex referee",
        "Hex camera referee",
        "Set up the table",
        "Language",
    )


def test_fibonachos_players_names_dealer_variants_confirm() -> None:
    finger = Finger(UiApp())
    finger.choose("Fibonachos")
    assert finger.screen().items == ("2 players", "3 players", "4 players", "5 players")
    finger.choose("3 players")
    names = finger.screen()
    assert names.title == "Names" and names.items[0] == "Done"
    finger.choose("1: Seat 1")
    finger.choose("Ana")
    assert finger.screen().items[1:] == ("1: Ana", "2: Seat 2", "3: Seat 3")
    assert finger.screen().selected == 2  # on to the next seat
    finger.press("SELECT")
    assert "Ana" not in finger.screen().items  # a name is used once
    finger.choose("Ben")
    finger.choose("Done")
    dealer = finger.screen()
    assert dealer.title == "Who deals?" and dealer.items == ("Ana", "Ben", "Seat 3")
    finger.choose("Ben")
    variants = finger.screen()
    assert variants.title == "Variants"
    assert variants.marks == (None, False, False)
    finger.choose("Zero scores 34")
    assert finger.screen().marks == (None, False, True)
    finger.choose("Done")
    confirm = finger.screen()
    assert isinstance(confirm, MessageView) and confirm.tone is Tone.CONFIRM
    assert confirm.lines == ("Fibonachos", "Ana, Ben, Seat 3", "Ben deals; Zero scores 34")
    (command,) = finger.press("SELECT")
    assert isinstance(command, StartGame)
    assert command.game == "fibonachos"
    assert command.players == ("Ana", "Ben", "Seat 3")
    assert command.variants == ("zero-scores-34",)
    assert command.options is not None and command.options["dealer"] == 1


def test_back_walks_the_steps_back_to_the_start() -> None:
    finger = Finger(UiApp())
    finger.choose("Fibonachos")
    finger.choose("2 players")
    finger.choose("Done")  # names
    assert finger.screen().title == "Who deals?"
    titles = []
    for _ in range(3):
        finger.press("BACK")
        titles.append(finger.screen().title)
    assert titles == ["Names", "Fibonachos", "Start"]
    assert finger.screen().items[finger.screen().selected] == "Fibonachos"


def test_trump_asks_no_leader_at_the_start_and_has_no_variant_step() -> None:
    """T3, issue 10 item 3: the leader is not asked before the indicators are read; the
    game asks it by the card its holder shows."""
    finger = Finger(UiApp())
    command = started(finger, "Fibonacci Trump", "4 players", "Done")
    assert command.options is not None
    assert command.game == "trump" and command.options["leader"] is None
    assert command.variants == () and len(command.players) == 4


def test_trump_asks_who_has_the_named_card_and_takes_the_answer() -> None:
    """T3, issue 10 item 3: "Who has Red 2? They lead" on the game screen (the card named
    as printed, issue 12); SELECT lists the players; the choice is the Leader command.
    The menu keeps it for corrections."""
    finger = Finger(UiApp())
    started(finger, "Fibonacci Trump", "3 players", "Done")
    asked = TrickStatus("trump", 1, 1, None, awaiting=Awaiting.LEADER, leader_card="R2#1")
    finger.app.flow_status(asked)
    view = finger.screen()
    assert isinstance(view, TrickView) and view.question == ("Who has Red 2?", "They lead")
    finger.press("SELECT")
    assert finger.screen().title == "Who leads?"  # one row: the screen named the card
    assert finger.choose("Seat 2") == [Flow(Leader(1))]
    finger.app.flow_status(TrickStatus("trump", 1, 1, 1))
    finger.press("BACK")
    finger.choose("Who leads")
    assert finger.choose("Seat 3") == [Flow(Leader(2))]


def test_rummy_89_can_be_played_alone() -> None:
    finger = Finger(UiApp())
    finger.choose("Rummy 89")
    assert finger.screen().items[0] == "1 player"
    finger.press("BACK")
    command = started(finger, "Rummy 89", "1 player", "Done", "Standard starts", "Done")
    assert command.players == ("Seat 1",) and command.variants == ("standard-start",)


def test_hex_goes_straight_to_variants_as_the_hex_referee_game() -> None:
    """H5: the card variant is a toggle; the referee needs no players nor names; the
    menu starts the game hex-referee (issue 10 item 5)."""
    finger = Finger(UiApp())
    finger.choose("Hex referee")
    assert finger.screen().title == "Variants"
    finger.press("BACK")
    command = started(finger, "Hex referee", "cards", "Done")
    assert command.players == ("Black", "White")
    assert command.variants == ("cards",)
    assert command.options is not None
    assert command.game == "hex-referee" and "mode" not in command.options
    assert isinstance(command.options["seed"], int)


# -- in game -------------------------------------------------------------------------------

#: A trick as the flow reports it, and as the screen shows it to three unnamed seats.
TRICK_STATUS = TrickStatus("fibonachos", 1, 2, 1, (Played(0, "R13"),), lead=Suit.RED, spicy="S3")
TRICK = TrickView(
    "Fibonachos", 1, 2, "Seat 2", (Play("Seat 1", "Red 13", "Red 13"),), lead="Red", spicy="Spicy 3"
)


def in_game(game_label: str = "Fibonachos", *steps: str) -> Finger:
    finger = Finger(UiApp())
    started(finger, game_label, *(steps or ("3 players", "Done", "Seat 1", "Done")))
    return finger


def test_the_flow_status_is_presented_as_the_game_screen() -> None:
    """Issue 9: the flow's facts become the screen with the players' names ("Seat n")."""
    finger = in_game()
    assert finger.screen().lines == ("Waiting for the table",)
    finger.app.flow_status(TRICK_STATUS)
    assert finger.screen() == TRICK


def test_trick_won_shows_for_a_moment() -> None:
    finger = in_game()
    won = TrickWon(0, "R13", 1, ("S3",))
    finger.app.notices([Notice(NoticeKind.TRICK_WON, "Ana wins", detail=won)], finger.now)
    finger.app.flow_status(TRICK_STATUS)
    shown = TrickWonView("Seat 1", "Red 13", 1, "Spicy 3")  # cards named as printed
    assert finger.app.screen(finger.now + TRICK_WON_SECONDS / 2) == shown
    finger.app.tick(finger.now + TRICK_WON_SECONDS)
    assert finger.app.screen(finger.now + TRICK_WON_SECONDS) == TRICK


def test_round_scores_stay_until_a_button_and_the_button_does_nothing_else() -> None:
    finger = in_game()
    detail = Scores("fibonachos", 1, (3, 8, 0), (3, 8, 0), (1,))
    finger.app.notices([Notice(NoticeKind.ROUND_OVER, "round 1", detail=detail)], finger.now)
    names = ("Seat 1", "Seat 2", "Seat 3")
    scores = ScoresView("Round 1", names, (3, 8, 0), (3, 8, 0), (1,), hint="press any key")
    finger.app.tick(finger.now + 3600)
    assert finger.app.screen(finger.now + 3600) == scores
    assert finger.press("BACK") == []
    assert finger.screen().lines == ("Waiting for the table",)
    finger.press("SELECT")  # the match totals, again, from the game screen
    assert finger.screen() == scores


def test_revoke_alert_names_the_player() -> None:
    """F5: a proven revoke is an alert naming the player until a button."""
    finger = in_game()
    said = Said(Say.REVOKE, card="R7", seat=1)
    notice = Notice(NoticeKind.FLAG, "Seat 2 revoked", rule="F5", seat=1, said=said)
    finger.app.notices([notice], finger.now)
    alert = finger.screen()
    assert alert.tone is Tone.ALERT and alert.title == "Revoke!"  # the rule id is the log's
    assert alert.lines == ("Seat 2 played Red 7 after failing to follow its colour.",)


def test_refused_card_stays_until_the_game_moves_on() -> None:
    finger = in_game()
    finger.app.flow_status(TRICK_STATUS)
    said = Said(Say.PLAYED_ALREADY, card="R13#1", on_table=True)
    refusal = Notice(NoticeKind.REFUSED, "R13#1 refused: played twice", rule="F1", said=said)
    finger.app.notices([refusal], finger.now)
    finger.app.flow_status(TRICK_STATUS)  # the same status: the card changed nothing
    assert finger.screen().lines == ("Red 13 was already played this round.",)
    assert finger.screen().hint == "Take the card back"
    finger.app.tick(finger.now + 60)
    assert finger.app.screen(finger.now + 60).title == "Card refused"
    finger.app.flow_status(
        TrickStatus("fibonachos", 1, 2, 2, (Played(0, "R13"), Played(1, "R2")), spicy="S3")
    )
    moved = finger.screen()
    assert isinstance(moved, TrickView) and moved.to_play == "Seat 3"


def test_in_game_menu_undo_and_back() -> None:
    finger = in_game()
    finger.press("BACK")
    menu = finger.screen()
    assert menu.title == "Menu"
    assert menu.items == (
        "Back to game",
        "Undo last",
        "Correct a card",
        "End game",
        "Back to start",
    )
    assert finger.choose("Undo last") == [Undo()]
    assert finger.screen().title != "Menu"
    finger.hold("SELECT")
    assert finger.screen().title == "Menu"
    finger.choose("Back to game")
    finger.hold("BACK")
    assert finger.screen().title == "Menu"


def test_end_game_asks_first_then_goes_to_the_start() -> None:
    finger = in_game()
    finger.press("BACK")
    finger.choose("End game")
    assert finger.screen().tone is Tone.CONFIRM
    assert finger.press("BACK") == []
    assert finger.screen().title == "Menu"
    finger.choose("End game")
    assert finger.press("SELECT") == [EndGame("abandoned")]
    finger.app.game_over()  # the session closed it (here without final scores)
    assert finger.screen().title == "Start"
    assert finger.app.game is None


def test_back_to_start_offers_to_resume() -> None:
    finger = in_game()
    finger.app.flow_status(TRICK_STATUS)
    finger.press("BACK")
    finger.choose("Back to start")
    assert finger.screen().items[0] == "Resume the game"
    assert finger.press("SELECT") == [Resume()]
    assert finger.screen() == TRICK


def on_record(status: TrickStatus, *cards: tuple[str, str, str]) -> TrickStatus:
    """``status`` with these cards on record, the newest first: (key, notation, use)."""
    return replace(status, recorded=tuple(Recorded(*card) for card in cards))


def test_correct_a_card_by_group_then_face() -> None:
    """Issue 10 item 1: the list is the flow's; a correction leaves it to the flow."""
    finger = in_game()
    finger.app.flow_status(
        on_record(
            TRICK_STATUS,
            ("fibonachos/1/R13#1", "R13#1", "play"),
            ("fibonachos/1/S3#1", "S3#1", "spicy"),
        )
    )
    finger.press("BACK")
    finger.choose("Correct a card")
    which = finger.screen()
    assert which.items == ("Red 13", "Spicy 3")  # the newest first, named as printed
    finger.press("SELECT")
    group = finger.screen()
    assert group.items == ("Red", "Green", "Yellow", "Spicy")
    assert group.selected == 0  # starts on the card's own suit
    finger.choose("Green")
    faces = finger.screen()
    assert faces.items[0] == "Green 1" and faces.items[-1] == "Green 16"
    commands = finger.choose("Green 12")
    assert commands == [Flow(Replace("fibonachos/1/R13#1", "G12"))]
    assert finger.app.recent_cards()[0].card == "R13#1"  # until the flow says otherwise


def test_correct_a_card_opens_on_the_card_as_read() -> None:
    finger = in_game("Fibonacci Trump", "2 players", "Done")
    finger.app.flow_status(on_record(TrickStatus("trump", 1, 1, 0), ("trump/1/B7#1", "B7", "play")))
    finger.press("BACK")
    finger.choose("Correct a card")
    finger.press("SELECT")
    assert finger.screen().items[finger.screen().selected] == "Blue"
    finger.press("SELECT")
    assert finger.screen().items[finger.screen().selected] == "Blue 7"
    finger.press("BACK", "BACK")
    assert finger.screen().title == "Which card?"


def test_rummy_pages_seats_and_ends_a_round() -> None:
    """R5-R7: count the hands, declare a wild card, who went out, from the menu."""
    finger = in_game("Rummy 21", "3 players", "Done", "Seat 3", "Done")
    finger.app.flow_status(RummyStatus("rummy21", 1, 0, ()))
    assert finger.press("DOWN") == [Flow(Page(1))]
    assert finger.press("UP") == [Flow(Page(-1))]
    finger.press("BACK")
    assert finger.choose("Count hands") == [Flow(CountHands())]
    wilds = (
        WildCard("rummy21/W#1", 1, "B5#1", 8, (2, 3, 5, 8)),
        WildCard("rummy21/W#2", 0, "B3#1", 5, (2, 3, 5, 8, 13)),
    )
    counting = RummyStatus("rummy21", 1, 0, (), counting=True, turn=2, wilds=wilds)
    finger.app.flow_status(counting)
    finger.press("BACK")
    finger.choose("Wild card")
    # The players, not the zones; the one with the newest wild card first.
    assert finger.screen().items == ("Seat 2", "Seat 1")
    finger.choose("Seat 2")
    assert (finger.screen().title, finger.screen().items) == ("Seat 2", ("base 5",))
    finger.choose("base 5")
    assert finger.screen().items == ("W = 2", "W = 3", "W = 5", "W = 8")  # those that fit
    assert finger.screen().selected == 3  # the number it has
    assert finger.choose("W = 3") == [Flow(Wild("rummy21/W#1", 3))]
    finger.press("BACK")
    finger.choose("End round")
    out = finger.screen().items  # Seat 3 played the last card: first (R6)
    assert out == ("Seat 3 went out", "Seat 1 went out", "Seat 2 went out", "Nobody went out")
    assert finger.choose("Seat 2 went out") == [Flow(EndRound(1))]


def test_rummy_questions_take_one_press() -> None:
    """Issue 11 item 1: a set taken off at once is asked on the game screen, SELECT
    closes it, BACK says it went back into the hand (R4); a wild card with no number is
    asked by its player and set, SELECT opens the numbers that fit (R5). Long BACK is
    still the menu."""
    finger = in_game("Rummy 21", "2 players", "Done", "Seat 2", "Done")
    asked = RummyStatus("rummy21", 1, 0, (), closing=Closing(1, "B5#2"))
    finger.app.flow_status(asked)
    view = finger.screen()
    assert isinstance(view, MessageView) and view.lines == ("Seat 2's set on base 5",)
    assert finger.press("SELECT") == [Flow(CloseSet(1, "B5#2"))]
    assert finger.press("BACK") == [Flow(TakeBack(1, "B5#2"))]
    assert finger.hold("BACK") == [] and "Undo last" in finger.screen().items
    finger.press("BACK")
    wild = WildCard("rummy21/W#3", 0, "B5#1", None, (3, 8))
    finger.app.flow_status(RummyStatus("rummy21", 1, 0, (), wilds=(wild,)))
    assert finger.screen().lines == ("Seat 1's set on base 5", "W = 3 or 8?")
    assert finger.press("SELECT") == []
    assert finger.screen().items == ("W = 3", "W = 8")
    assert finger.choose("W = 8") == [Flow(Wild("rummy21/W#3", 8))]


def test_hex_referee_key_map() -> None:
    """H2: SELECT a move, long SELECT end of turn, UP/DOWN strikes, BACK undo; the menu's
    "Hex referee" is the game hex-referee (issue 10 item 5)."""
    finger = in_game("Hex referee", "Done")
    assert finger.app.game == "hex-referee"
    finger.app.flow_status(HexStatus(Side.WHITE, 6, 5, 5, reduction=1))
    assert finger.press("SELECT") == [Flow(Move())]
    assert finger.hold("SELECT") == [Flow(EndTurn())]
    assert finger.press("UP") == [Flow(Strikes(2))]
    assert finger.press("DOWN") == [Flow(Strikes(0))]
    assert finger.press("BACK") == [Undo()]
    assert finger.hold("BACK") == []
    assert "Winner" in finger.screen().items
    finger.choose("Winner")
    assert finger.choose("White") == [Flow(Winner("white"))]


def test_game_over_then_the_idle_screen_with_the_result() -> None:
    finger = in_game()
    detail = Scores("fibonachos", None, (5, 3, 2), (34, 21, 8), (0,), winners=(0,))
    finger.app.notices([Notice(NoticeKind.GAME_OVER, "over", detail=detail)], finger.now)
    finger.app.game_over()
    names = ("Seat 1", "Seat 2", "Seat 3")
    final = ScoresView("Final scores", names, (5, 3, 2), (34, 21, 8), (0,), "Seat 1 won")
    assert finger.screen() == replace(final, hint="press any key")  # issue 12 s4
    finger.press("SELECT")
    idle = finger.screen()
    assert isinstance(idle, IdleView)
    assert idle.last_result == ("Fibonachos", "Seat 1 wins, 34")
    finger.press("SELECT")
    assert finger.screen().title == "Start"


# -- faults ----------------------------------------------------------------------------------


def test_camera_lost_covers_everything_until_it_is_back() -> None:
    finger = in_game()
    finger.app.flow_status(TRICK_STATUS)
    finger.app.hardware_status("camera", Fault(FaultKind.CAMERA_LOST), finger.now)
    assert finger.screen().title == "Camera lost"
    finger.app.hardware_status("camera", None, finger.now)
    assert finger.screen() == TRICK
    finger.app.hardware_status("camera", Fault(FaultKind.CAMERA_LOST), finger.now)
    assert finger.press("SELECT") == []  # hidden by a button
    assert finger.screen() == TRICK


def test_a_card_seen_twice_passes_by_itself() -> None:
    """docs/cafe.md: a code that is not ours is never shown; a copied card is, briefly."""
    finger = in_game()
    finger.app.flow_status(TRICK_STATUS)
    copy = Fault(FaultKind.DUPLICATE_CARD, card="R13#1", deck="fibonachos")
    finger.app.hardware_status("card", copy, finger.now)
    assert finger.screen().title == "Card seen twice"
    assert finger.screen().lines == ("Red 13 is already on the table: take the copy away.",)
    assert finger.app.screen(finger.now + 10) == TRICK


def test_a_game_that_cannot_start_says_why() -> None:
    finger = in_game()
    finger.app.start_failed("hex", finger.now)
    assert finger.screen().title == "Cannot start"
    assert finger.screen().lines == ("Hex board cannot start at this table: the log says why.",)
    finger.press("SELECT")
    assert finger.screen().title == "Start"


# -- the kiosk ------------------------------------------------------------------------------

KIOSK = KioskSection(enabled=True, idle_minutes=10.0)


def test_kiosk_attract_screen_starts_with_one_button() -> None:
    finger = Finger(UiApp(kiosk=KIOSK, now=1000.0))
    assert isinstance(finger.screen(), IdleView)
    finger.press("SELECT")
    assert finger.screen().title == "Start"


def test_kiosk_left_idle_ends_the_game_and_attracts() -> None:
    app = UiApp(kiosk=KIOSK, now=1000.0)
    finger = Finger(app)
    finger.press("SELECT")
    started(finger, "Fibonachos", "3 players", "Done", "Seat 1", "Done")
    assert app.tick(finger.now + 9 * 60) == []
    app.notices([], finger.now + 9 * 60)  # the table is in use
    assert app.tick(finger.now + 18 * 60) == []
    assert app.tick(finger.now + 19 * 60 + 1) == [EndGame("idle")]
    app.game_over()  # the session closed it
    assert isinstance(app.screen(finger.now + 19 * 60 + 1), IdleView)
    assert app.game is None


def test_without_kiosk_a_game_is_never_ended_by_time() -> None:
    finger = in_game()
    assert finger.app.tick(finger.now + 10 * 3600) == []
    assert finger.app.game == "fibonachos"


def test_staff_actions_only_after_a_staff_card() -> None:
    app = UiApp(kiosk=KIOSK, now=1000.0)
    finger = Finger(app)
    finger.press("BACK")
    assert isinstance(finger.screen(), IdleView)  # no staff menu
    finger.press("SELECT")
    assert "Staff" not in finger.screen().items
    app.staff_unlocked(finger.now)
    finger.press("BACK")  # back to the attract screen
    assert finger.screen().hint == "SELECT play BACK staff"
    finger.press("BACK")
    assert finger.screen().title == "Staff"
    finger.choose("Restart service")
    assert finger.press("SELECT") == [StaffAction("restart")]
    app.tick(finger.now + STAFF_SECONDS + 1)
    finger.now += STAFF_SECONDS
    finger.press("SELECT")
    assert "Staff" not in finger.screen().items


@pytest.mark.parametrize("label", ["Fibonachos", "Fibonacci Trump", "Rummy 8", "Hex referee"])
def test_every_screen_of_a_start_walk_renders(label: str) -> None:
    """Every view the start walk shows can be drawn on both panels."""
    from companion.ui.screens import render

    finger = Finger(UiApp())
    finger.choose(label)
    for _ in range(8):
        view = finger.screen()
        for size in ((128, 64), (128, 32)):
            assert render(view, size).size == size
        if isinstance(view, MessageView):
            break
        finger.press("SELECT")


def test_a_passing_screen_never_eats_a_press() -> None:
    """H2: a note ("turn 1 over") shows, but the next SELECT still counts a move."""
    finger = in_game("Hex referee", "Done")
    said = Said(Say.TURN_OVER, number=1)
    finger.app.notices([Notice(NoticeKind.INFO, "turn 1 over", said=said)], finger.now + 1)
    assert finger.screen().lines == ("Turn 1 is over.",)
    assert finger.press("SELECT") == [Flow(Move())]


# -- names from the cafe's staff (issue 14) ------------------------------------------------


def test_names_from_the_staff_go_to_the_next_game_set_up() -> None:
    """Issue 14 "names" command: with no game in play, the next setup starts with the
    staff's names (as many players as names), and they are forgotten once it starts."""
    app = UiApp()
    assert app.set_names(["Zoe", "Yan", "Xi", "Wu"])
    finger = Finger(app)
    finger.choose("Fibonachos")
    assert finger.screen().selected == 2  # 4 players, from the names
    finger.choose("4 players")
    assert finger.screen().items[1:] == ("1: Zoe", "2: Yan", "3: Xi", "4: Wu")
    command = started(finger, "Done", "Zoe", "Done")
    assert command.players == ("Zoe", "Yan", "Xi", "Wu")
    assert app.wizard.preset_names == ()


def test_names_from_the_staff_change_a_setup_in_progress() -> None:
    """Issue 14: names given while a game is being set up go to its seats."""
    finger = Finger(UiApp())
    finger.choose("Fibonachos")
    finger.choose("3 players")
    assert finger.app.set_names(["Zoe", "Yan"])
    command = started(finger, "Done", "Zoe", "Done")
    assert command.players == ("Zoe", "Yan", "Seat 3")


def test_names_for_the_game_in_play_must_match_its_seats() -> None:
    """Issue 14: the game in play takes as many names as it has players; a game with
    fixed sides (the hex referee) takes none."""
    app = UiApp()
    app.game_started("fibonachos", ("Ana", "Ben", "Cy"))
    assert not app.set_names(["Zoe", "Yan"])
    assert app.set_names(["Zoe", "Yan", "Xi"]) and app.players == ("Zoe", "Yan", "Xi")
    app.game_started("hex-referee", ("Black", "White"))
    assert not app.set_names(["Zoe", "Yan"])


def test_the_start_menu_chooses_the_language_and_the_game_speaks_it_at_once() -> None:
    """Issue 12: the language is a start-menu choice; the game in play is worded again."""
    with speaking("en"):
        finger = in_game()
        finger.app.flow_status(TRICK_STATUS)
        finger.press("BACK")
        finger.choose("Back to start")
        finger.choose("Language")
        language_menu = finger.screen()
        assert language_menu.items == ("English", "Français") and language_menu.selected == 0
        finger.choose("Français")
        assert language() == "fr"
        assert finger.screen().title == "Choisir un jeu"
        assert finger.choose("Reprendre la partie") == [Resume()]
        game = finger.screen()
        assert isinstance(game, TrickView) and game.spicy == "Piment 3" and game.lead == "Rouge"
        assert game.to_play == "Joueur 2"
