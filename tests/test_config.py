"""The configuration file: defaults for everything, errors that name the key (issue 6 part 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import (
    Config,
    HardwareSection,
    load_config,
    parse_config,
    with_environment,
)
from companion.errors import ConfigError
from companion.settings_decoder import TOMLValue


def test_no_file_means_every_default(tmp_path: Path) -> None:
    config = load_config(None, environ={"COMPANION_CONFIG": str(tmp_path / "none.toml")})
    assert config.camera == HardwareSection("picamera2")
    assert config.kiosk.idle_minutes == 20.0
    assert config.log.level == "INFO"


def test_a_named_file_must_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_config(tmp_path / "missing.toml", environ={})


def test_hardware_sections_pass_their_settings_to_the_backend(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[display]\nkind = "luma"\ndriver = "sh1106"\ni2c_address = 0x3D\n'
        "[kiosk]\nenabled = true\nidle_minutes = 15\n",
        encoding="utf-8",
    )
    config = load_config(path, environ={})
    assert config.display == HardwareSection("luma", {"driver": "sh1106", "i2c_address": 0x3D})
    assert config.kiosk.enabled is True
    assert config.kiosk.idle_minutes == 15.0
    assert config.source == str(path)


def test_large_type_is_a_ui_setting_off_by_default() -> None:
    """Issue 12 s5: ``[ui] large_type`` chooses the large in-game screens."""
    assert parse_config({}).ui.large_type is False
    assert parse_config({"ui": {"large_type": True}}).ui.large_type is True
    with pytest.raises(ConfigError, match=r"ui\.large_type must be true or false, not 'yes'"):
        parse_config({"ui": {"large_type": "yes"}})


def test_environment_chooses_backends() -> None:
    config = parse_config({"display": {"kind": "luma", "driver": "ssd1306"}})
    chosen = with_environment(config, {"COMPANION_DISPLAY": "gif", "COMPANION_CAMERA": "fake"})
    assert chosen.display == HardwareSection("gif", {"driver": "ssd1306"})
    assert chosen.camera.kind == "fake"
    assert chosen.buttons == config.buttons


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"kiosk": {"idle_minute": 3}},
            "unknown setting kiosk.idle_minute (known: enabled, idle_minutes)",
        ),
        ({"kiosk": {"idle_minutes": "soon"}}, "kiosk.idle_minutes must be a number, not 'soon'"),
        ({"kiosk": {"enabled": 1}}, "kiosk.enabled must be true or false, not 1"),
        ({"kiosk": {"idle_minutes": 0}}, "kiosk.idle_minutes must be more than 0"),
        ({"table": {"full_decode_seconds": 0}}, "table.full_decode_seconds must be more than 0"),
        ({"cameras": {}}, "unknown section [cameras]"),
        ({"camera": "usb"}, "[camera] must be a table"),
        ({"camera": {"kind": 3}}, "camera.kind must be a string"),
        ({"log": {"level": "LOUD"}}, "log.level must be one of"),
        ({"ui": {"language": "de"}}, "ui.language must be one of en, fr, not 'de'"),
        ({"ui": {"language": 1}}, "ui.language must be a string, not 1"),
    ],
)
def test_errors_name_the_file_and_the_key(data: dict[str, TOMLValue], message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(data, "/etc/companion/config.toml")
    assert message in str(caught.value)
    assert str(caught.value).startswith("/etc/companion/config.toml: ")
    assert isinstance(caught.value, ValueError)


def test_bad_toml_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[display\nkind=", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(path, environ={})


def test_journal_path_defaults_to_the_state_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/companion")
    assert str(Config().journal_path()) == "/var/lib/companion/journal.db"


# -- the cafe (issue 14) --------------------------------------------------------------------


def test_no_cafe_section_means_no_network() -> None:
    """Issue 14: without ``[cafe] broker`` the daemon runs as before, on its own."""
    config = parse_config({"table": {"name": "t2", "deck_copy": 2}})
    assert config.cafe.broker == "" and config.table.deck_copy == 2


def test_a_cafe_names_its_broker_table_and_copies() -> None:
    config = parse_config(
        {
            "table": {"name": "t2", "deck_copy": 2},
            "cafe": {
                "name": "rosie",
                "broker": "cafe-server.local:8883",
                "tls": True,
                "cafile": "/etc/companion/cafe-ca.pem",
                "copies": {"3": "terrace"},
            },
        }
    )
    assert config.cafe.address() == ("cafe-server.local", 8883)
    assert config.cafe.table_of_copy(2) == "2" and config.cafe.table_of_copy(3) == "terrace"
    tls = parse_config({"table": {"name": "t"}, "cafe": {"name": "c", "broker": "h", "tls": True}})
    assert tls.cafe.address() == ("h", 8883)
    plain = parse_config({"table": {"name": "t"}, "cafe": {"name": "c", "broker": "[::1]"}})
    assert plain.cafe.address() == ("::1", 1883)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"table": {"name": "Table 2"}}, "table.name 'Table 2' must be 1 to 32 lowercase"),
        ({"cafe": {"name": "café"}}, "cafe.name 'café' must be"),
        ({"table": {"name": "t" * 33}}, "must be 1 to 32"),
        ({"cafe": {"name": "c/d"}}, "must be 1 to 32"),
        ({"cafe": {"name": "c", "broker": "h"}}, "needs cafe.name and table.name"),
        ({"table": {"name": "t"}, "cafe": {"broker": "h"}}, "needs cafe.name and table.name"),
        (
            {"table": {"name": "t"}, "cafe": {"name": "c", "broker": "h:99999"}},
            "must be host or host:port",
        ),
        ({"table": {"deck_copy": 5000}}, "table.deck_copy must be a deck copy"),
        ({"cafe": {"copies": {"two": "t2"}}}, "cafe.copies key 'two' must be a deck copy"),
        ({"cafe": {"copies": {"2": "Table Two"}}}, "cafe.copies.2 'Table Two' must be"),
        ({"cafe": {"copies": ["t1"]}}, "cafe.copies must be a table of deck copy = table name"),
        ({"cafe": {"tls": "yes"}}, "cafe.tls must be true or false"),
    ],
)
def test_names_that_go_into_topics_are_checked(data: dict[str, TOMLValue], message: str) -> None:
    """Contract: cafe and table names are [a-z0-9-]{1,32} (they are parts of topics);
    anything else stops the start with the key named."""
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_config(data, "config.toml")


def test_the_table_speaks_the_configured_language(tmp_path: Path) -> None:
    """Issue 12: ``[ui] language`` is the OLED's language from the start."""
    from companion.ui.app import UiApp
    from companion.views.i18n import language, speaking

    path = tmp_path / "config.toml"
    path.write_text('[ui]\nlanguage = "fr"\n', encoding="utf-8")
    config = load_config(path, environ={})
    assert config.ui.language == "fr"
    with speaking("en"):
        app = UiApp(language=config.ui.language)
        assert language() == "fr" and app.screen(0.0).title == "Choisir un jeu"
    assert parse_config({}).ui.language == "en"  # English unless the file says otherwise


def test_the_recordings_budget_defaults_to_8_gb_and_old_files_still_read() -> None:
    """Issue 24: a ``[record]`` section written before the budget reads as before, with
    the budget's defaults (8 GB, no age limit); whole numbers and fractions are taken."""
    record = parse_config({"record": {"folder": "/var/lib/companion/recordings", "fps": 5}}).record
    assert (record.folder, record.fps, record.keep_gb, record.keep_days) == (
        "/var/lib/companion/recordings",
        5.0,
        8.0,
        0.0,
    )
    record = parse_config({"record": {"keep_gb": 0, "keep_days": 0.5}}).record
    assert (record.keep_gb, record.keep_days) == (0.0, 0.5)


@pytest.mark.parametrize(
    ("key", "given", "shown"),
    [
        ("keep_gb", -1, "-1"),
        ("keep_gb", -0.5, "-0.5"),
        ("keep_gb", "8GB", "'8GB'"),
        ("keep_gb", True, "True"),
        ("keep_gb", float("inf"), "inf"),
        ("keep_days", -3, "-3"),
        ("keep_days", "a week", "'a week'"),
    ],
)
def test_a_budget_that_is_not_a_number_of_0_or_more_is_refused(
    key: str, given: TOMLValue, shown: str
) -> None:
    """Issue 24: ``[record] keep_gb`` / ``keep_days`` negative or not a number: the
    configuration's one-line error naming the file, the key, the rule and the value."""
    with pytest.raises(ConfigError) as caught:
        parse_config({"record": {key: given}}, "/etc/companion/config.toml")
    unit = "GB" if key == "keep_gb" else "days"
    assert str(caught.value) == (
        f"/etc/companion/config.toml: record.{key} must be a number of {unit}, "
        f"0 or more (0: no limit), not {shown}"
    )
