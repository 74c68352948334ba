"""Zones from a layout file (issue 4 section 2): parsing, errors that name the key, zone_of."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.table.layout import ZONE_NAMES, Zone, default_layout, load_layout

GOOD = """
card_size = [0.06, 0.12]

[[zone]]
name = "play"
polygon = [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]]

[[zone]]
name = "spicy"
polygon = [[0.45, 0.45], [0.55, 0.45], [0.55, 0.55], [0.45, 0.55]]

[[zone]]
name = "meld-0"
polygon = [[0.0, 0.85], [0.5, 0.85], [0.25, 1.0]]
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_load_layout_reads_zones_and_card_size(tmp_path: Path) -> None:
    layout = load_layout(_write(tmp_path, GOOD))
    assert layout.names() == ("play", "spicy", "meld-0")
    assert layout.card_size == (0.06, 0.12)
    assert layout.zone_of((0.3, 0.3)) == "play"
    assert layout.zone_of((0.9, 0.9)) is None  # a card in a hand


def test_smallest_zone_wins_where_zones_overlap(tmp_path: Path) -> None:
    layout = load_layout(_write(tmp_path, GOOD))
    assert layout.zone_of((0.5, 0.5)) == "spicy"


def test_triangle_zone_follows_its_edges(tmp_path: Path) -> None:
    layout = load_layout(_write(tmp_path, GOOD))
    assert layout.zone_of((0.25, 0.95)) == "meld-0"
    assert layout.zone_of((0.05, 0.98)) is None  # inside the bounds, outside the triangle


def test_default_layout_has_a_large_play_area_and_the_spots() -> None:
    layout = default_layout()
    assert set(layout.names()) == {"play", "spicy", "trump-indicator", "symbol-indicator"}
    play = next(z for z in layout.zones if z.name == "play")
    assert play.area() > 0.5
    assert layout.card_size is not None
    assert layout.zone_of((0.5, 0.5)) == "play"
    assert layout.zone_of((0.12, 0.2)) == "spicy"
    assert layout.zone_of((0.12, 0.5)) == "trump-indicator"
    assert layout.zone_of((0.12, 0.8)) == "symbol-indicator"
    assert layout.zone_of((0.5, 0.97)) is None  # the players' edge


def test_zone_names_are_the_flows_names() -> None:
    assert "meld-4" in ZONE_NAMES and "meld-5" not in ZONE_NAMES


def test_zone_contains_its_corners() -> None:
    zone = Zone("play", ((0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)))
    assert zone.contains((0.1, 0.1)) and zone.contains((0.9, 0.5))
    assert not zone.contains((0.95, 0.5))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[1,2]]", "zone[0].polygon[2][1]"),
        ("[[zone]]\nname='table'\npolygon=[[0,0],[1,0],[1,1]]", "zone[0].name 'table'"),
        ("[[zone]]\nname='play'\npolygon=[[0,0],[1,0]]", "zone[0].polygon"),
        ("[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[1,'a']]", "zone[0].polygon[2][1]"),
        (
            "[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[1,1]]\ncolour=1",
            "zone[0]: unknown key colour",
        ),
        (
            "[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[1,1]]\n[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[1,1]]",
            "zone[1].name 'play' is given twice",
        ),
        ("[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[0.5,0]]", "has no area"),
        ("card_size=[0.1]\n[[zone]]\nname='play'\npolygon=[[0,0],[1,0],[1,1]]", "card_size"),
        ("zones=[]", "unknown key zones"),
        ("x = [", "not valid TOML"),
    ],
)
def test_bad_layout_errors_name_file_and_key(tmp_path: Path, text: str, names: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load_layout(path)
    assert str(path) in str(error.value)
    assert names in str(error.value)


def test_missing_layout_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such layout file"):
        load_layout(tmp_path / "absent.toml")
