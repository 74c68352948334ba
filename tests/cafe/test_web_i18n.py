"""The dashboard in English and French (issue 14; DESIGN.md "Player-facing text"):
every message of the pages is in the French catalogue, the compiled catalogue shipped
is the one the ``.po`` makes, and the language follows the browser or the switch."""

from __future__ import annotations

from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po
from catalogues import compiled_meaning, shipped_meaning
from starlette.testclient import TestClient

WEB = Path(__file__).resolve().parents[2] / "companion" / "web"
LOCALE = WEB / "locale"
PO = LOCALE / "fr" / "LC_MESSAGES" / "messages.po"
MO = LOCALE / "fr" / "LC_MESSAGES" / "messages.mo"


def _ids(messages: object) -> dict[str, str]:
    return {m.id: m.string for m in messages if m.id}  # type: ignore[attr-defined]


def test_every_message_of_the_pages_is_translated(tmp_path: Path) -> None:
    pot = tmp_path / "messages.pot"
    CommandLineInterface().run(  # type: ignore[no-untyped-call]
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(LOCALE / "babel.cfg"),
            "-k",
            "gettext:2",
            "-o",
            str(pot),
            str(WEB),
        ]
    )
    with pot.open("rb") as f:
        wanted = set(_ids(read_po(f)))
    with PO.open("rb") as f:
        french = _ids(read_po(f))
    assert wanted - set(french) == set(), "run pybabel extract/update (locale/babel.cfg)"
    assert [k for k, v in french.items() if not v] == []


def test_the_shipped_mo_is_the_compiled_po() -> None:
    """By meaning, not bytes: the same messages, strings and plural rule (issue 20)."""
    assert shipped_meaning(MO) == compiled_meaning(PO, "fr"), (
        "run pybabel compile -d companion/web/locale"
    )


def test_the_language_follows_the_browser_then_the_switch(client: TestClient) -> None:
    assert "Classement" in client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text
    assert "Leaderboard" in client.get("/", headers={"Accept-Language": "de"}).text
    switched = client.get("/lang/fr?next=/games", follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/games"
    page = client.get("/", headers={"Accept-Language": "en"}).text
    assert "caméra perdue" in page and 'lang="fr"' in page
    assert (
        client.get("/lang/fr?next=//evil.example", follow_redirects=False).headers["location"]
        == "/"
    )
