"""The players' page on the OLED (issue 15): the code decodes back to the link at the
panel's size as a phone sees it, on both panels and in both languages; names typed on
a phone reach the game only after one press at the table."""

from __future__ import annotations

import secrets

import pytest
from PIL import Image, ImageFilter, ImageOps

from companion.ui.app import UiApp
from companion.ui.commands import StartGame, UseNames
from companion.ui.ingame import IdlePage
from companion.ui.phone import NamesOffer, phone_view
from companion.ui.qr import qr_code, scale_for
from companion.ui.screens import render
from companion.views import QrView
from companion.views.i18n import LANGUAGES, speaking
from hardware.buttons import Button, ButtonEvent, PressKind

#: The longest home link: the longest IPv4 address and port, a link token's 12 characters.
LONGEST = "http://192.168.100.200:65535/t/home?k="


def as_a_phone_sees(image: Image.Image, zoom: int, blur: float, angle: float) -> Image.Image:
    """The panel through a phone's camera: each pixel ``zoom`` camera pixels, the dark
    panel round it, turned a little and out of focus."""
    big = (image.width * zoom, image.height * zoom)
    seen = image.convert("L").resize(big, Image.Resampling.NEAREST)
    seen = ImageOps.expand(seen, border=zoom * 12, fill=0)
    seen = seen.rotate(angle, resample=Image.Resampling.BILINEAR, fillcolor=0)
    return seen.filter(ImageFilter.GaussianBlur(blur))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(128, 64), (128, 32)], ids=["128x64", "128x32"])
def test_the_code_decodes_back_to_the_link(size: tuple[int, int], lang: str) -> None:
    """Issue 15: the drawn code, seen at 3 to 8 camera pixels a panel pixel, blurred and
    turned, reads back as the link (zxing-cpp, as the cards are read)."""
    import zxingcpp

    for zoom, blur, angle in ((3, 1.0, 3.0), (5, 1.5, -6.0), (8, 3.0, 10.0)):
        link = LONGEST + secrets.token_urlsafe(9)
        with speaking(lang):
            image = render(phone_view(link, started=True), size)
        found = zxingcpp.read_barcodes(as_a_phone_sees(image, zoom, blur, angle))
        assert [code.text for code in found] == [link], (zoom, blur, angle)


def test_the_longest_home_link_is_a_version_3_code_at_2_pixels_a_module() -> None:
    """docs/phone.md's figures: version 3 (29 modules), 2 px a module on 64 rows with a
    1-module quiet zone (62 px), 1 px on 32 rows (31 px); version 4 drops to 1 px."""
    for _ in range(50):
        code = qr_code(LONGEST + secrets.token_urlsafe(9))
        assert (code.version, code.modules) == (3, 29)
    assert (scale_for(29, 64), scale_for(29, 32), scale_for(33, 64), scale_for(33, 32)) == (
        2,
        1,
        1,
        0,
    )


def test_a_link_too_long_for_the_short_panel_is_shown_as_text() -> None:
    link = "http://cafe-server.example.org:8080/t/the-big-table-by-the-window?k=Xq3vR8kLm2Tz"
    assert qr_code(link).version > 3
    image = render(QrView("Phone page", link), (128, 32))
    lit = image.histogram()[255]
    assert 0 < lit < 128 * 32 // 3  # text, not a code's lit square


def _press(app: UiApp, button: Button, now: float) -> list[object]:
    return list(app.button(ButtonEvent(button, PressKind.PRESS, now)))


def test_names_from_a_phone_wait_for_one_press_in_a_game() -> None:
    """Issue 15: the names are shown; nothing changes until SELECT, which asks the
    session to use them; another key declines and leaves the names as they were."""
    app = UiApp()
    app.game_started("fibonachos", ("Ana", "Ben", "Cy"))
    assert app.propose_names(("Zoé", "Yann", "Xavier"), 1.0)
    shown = app.screen(1.0)
    assert "Zoé, Yann, Xavier" in repr(shown) and app.players == ("Ana", "Ben", "Cy")
    assert _press(app, Button.SELECT, 2.0) == [UseNames(("Zoé", "Yann", "Xavier"))]
    assert app.players == ("Zoé", "Yann", "Xavier")
    assert not isinstance(app.page, NamesOffer)

    assert app.propose_names(("A", "B", "C"), 3.0)
    assert _press(app, Button.DOWN, 4.0) == []  # declined
    assert app.players == ("Zoé", "Yann", "Xavier") and not isinstance(app.page, NamesOffer)
    assert not app.propose_names(("A", "B"), 5.0)  # another number of seats
    hexed = UiApp()
    hexed.game_started("hex-referee", ("Black", "White"))
    assert not hexed.propose_names(("A", "B"), 5.0)  # fixed sides


def test_names_from_a_phone_at_set_up_go_to_the_game_started() -> None:
    """Typed before the game starts: confirmed, they fill the names step and the game
    starts with them."""
    app = UiApp()
    app.link = "http://t/t/home?k=abc"
    app.page = app.start_page()
    labels = app.screen(0.0)
    assert "Phone page" in repr(labels)
    app.page = app.wizard.games_page()
    _press(app, Button.SELECT, 1.0)  # Fibonachos: the players step
    assert app.propose_names(("Zoé", "Yann"), 2.0)
    assert _press(app, Button.SELECT, 3.0) == [UseNames(("Zoé", "Yann"))]
    assert app.wizard.current is not None and app.wizard.current.names[:2] == ["Zoé", "Yann"]
    commands: list[object] = []
    for now in range(4, 20):  # Done, then through the steps to the start
        commands += _press(app, Button.SELECT, float(now))
        if any(isinstance(c, StartGame) for c in commands):
            break
    start = next(c for c in commands if isinstance(c, StartGame))
    assert start.players[:2] == ("Zoé", "Yann")
    assert isinstance(app.screen(20.0), QrView)  # the start of a game shows the code


def test_the_idle_screen_shows_the_code_in_turn() -> None:
    app = UiApp()
    app.last_result = ("Fibonachos", "Ana wins, 34")
    app.page = IdlePage(app)
    assert not isinstance(app.screen(5.0), QrView)  # no link: the page is off
    app.link = "http://t/t/home?k=abc"
    shown = [type(app.screen(now)).__name__ for now in (1.0, 5.0)]
    assert shown == ["IdleView", "QrView"]
