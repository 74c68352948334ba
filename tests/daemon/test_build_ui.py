"""What ``companion run`` hands the interface (issue 12): the names played lately,
read from the journal, and the large type of ``[ui] large_type``."""

from __future__ import annotations

from pathlib import Path

from companion.config import (
    Config,
    HardwareSection,
    JournalSection,
    PhoneSection,
    TableSection,
    UiSection,
)
from companion.daemon.build import build_daemon
from companion.journal import GameResult, Journal
from companion.table.layout import default_layout, load_layout
from companion.table.reader import TableReader
from companion.ui.pages import ListPage
from companion.ui.screens import render
from companion.views import TrickView


def config(journal: Path, *, large: bool = False, table: TableSection | None = None) -> Config:
    fake = HardwareSection("fake")
    return Config(
        camera=fake,
        display=fake,
        buttons=fake,
        journal=JournalSection(str(journal)),
        ui=UiSection(large_type=large),
        table=table or TableSection(),
        phone=PhoneSection(enabled=False),
    )


def test_the_reader_decodes_the_whole_frame_as_often_as_the_table_section_says(
    tmp_path: Path,
) -> None:
    """Issue 11 item 4: ``[table] full_decode_seconds`` is the change detector's safety
    net (a slow 12 MP camera may want it rarer)."""
    table = TableSection(full_decode_seconds=4.0)
    daemon = build_daemon(config(tmp_path / "journal.db", table=table))
    try:
        reader = daemon.reader
        assert isinstance(reader, TableReader) and reader.detector.full_every == 4.0
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def test_the_start_menu_offers_the_names_of_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    with Journal.open(path) as journal:
        game = journal.start_game("trump", ["Zoé", "Marc"], [], started=1.0)
        journal.end_game(game, GameResult("over"), ended=2.0)
    daemon = build_daemon(config(path))
    try:
        assert daemon.app.recent_names[:2] == ["Zoé", "Marc"]
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def test_large_type_draws_the_game_screens_large(tmp_path: Path) -> None:
    """``[ui] large_type = true``: the daemon draws an in-game screen in its large layout."""
    daemon = build_daemon(config(tmp_path / "journal.db", large=True))
    try:
        daemon.start_game("fibonachos", 3, [], {})
        daemon.draw()
        view = daemon.app.screen(daemon.clock())
        assert isinstance(view, TrickView)
        shown = daemon.links.display.device.last
        assert shown is not None
        assert shown.tobytes() == render(view, daemon.size, large=True).tobytes()
        assert shown.tobytes() != render(view, daemon.size).tobytes()
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def test_the_interface_counts_pages_on_the_panel_it_draws_on(tmp_path: Path) -> None:
    """Issue 26: a passing note lasts for each of its pages on this table's display,
    so the interface learns the panel's size (a 128x32 panel wraps more)."""
    small = Config(
        camera=HardwareSection("fake"),
        display=HardwareSection("fake", {"width": 128, "height": 32}),
        buttons=HardwareSection("fake"),
        journal=JournalSection(str(tmp_path / "journal.db")),
        phone=PhoneSection(enabled=False),
    )
    daemon = build_daemon(small)
    try:
        assert daemon.size == (128, 32)
        assert daemon.app.panel == (128, 32)
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def test_the_layouts_are_kept_beside_the_journal_and_follow_the_game(tmp_path: Path) -> None:
    """Issue 26 item 2: ``companion run`` keeps the layouts in the state folder beside
    the journal; a rummy game started reads the kept rummy layout, a trick game the
    trick zones, with no restart."""
    state = tmp_path / "state"
    state.mkdir()
    (state / "layouts").mkdir()
    (state / "layouts" / "rummy.toml").write_text('seats = ["left", "right"]\n', "utf-8")
    daemon = build_daemon(config(state / "journal.db"))
    try:
        reader = daemon.reader
        assert isinstance(reader, TableReader)
        daemon.start_game("rummy13", 2, [], {})
        daemon.fit_layout()
        assert reader.layout.facing("meld-0") == "left"
        daemon.start_game("fibonachos", 3, [], {})
        daemon.fit_layout()
        assert reader.layout == default_layout()
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def test_the_configurations_layout_line_wins_over_the_kept_layouts(tmp_path: Path) -> None:
    """Issue 26 item 2: ``[table] layout`` is one fixed layout: never swapped."""
    fixed = tmp_path / "fixed.toml"
    fixed.write_text("seats = 3\n", "utf-8")
    daemon = build_daemon(config(tmp_path / "journal.db", table=TableSection(layout=str(fixed))))
    try:
        reader = daemon.reader
        assert isinstance(reader, TableReader)
        daemon.start_game("fibonachos", 3, [], {})
        daemon.fit_layout()
        assert reader.layout == load_layout(fixed)
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def _start_menu(phone: PhoneSection, journal: Path) -> tuple[str, list[str]]:
    fake = HardwareSection("fake")
    daemon = build_daemon(
        Config(
            camera=fake,
            display=fake,
            buttons=fake,
            journal=JournalSection(str(journal)),
            phone=phone,
        )
    )
    try:
        menu = daemon.app.start_page()
        assert isinstance(menu, ListPage)
        return daemon.app.link, [choice.label for choice in menu.choices]
    finally:
        daemon.session.journal.close()
        daemon.links.close()


def test_no_phone_code_where_no_page_is_served(tmp_path: Path) -> None:
    """docs/phone.md: ``[phone] enabled = false`` with no ``url`` serves no page, so the
    OLED offers no code to one (its "Phone page" led to an address nobody answered)."""
    link, menu = _start_menu(PhoneSection(enabled=False), tmp_path / "journal.db")
    assert link == "" and "Phone page" not in menu


def test_the_phone_code_opens_the_configured_url_when_the_table_serves_none(
    tmp_path: Path,
) -> None:
    """docs/cafe.md "Players' phones": the cafe's server serves the page at ``[phone] url``."""
    phone = PhoneSection(enabled=False, url="http://cafe-server.local:8080/")
    link, menu = _start_menu(phone, tmp_path / "journal.db")
    assert link.startswith("http://cafe-server.local:8080/t/home?k=") and "Phone page" in menu
