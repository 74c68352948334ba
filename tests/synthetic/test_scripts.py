"""Table scripts from records (issue 4 section 5): what goes down where, and in what order."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.synthetic.scene import Blur, Hand, Light, Place, Remove, Scene
from companion.synthetic.scripts import (
    BUSY,
    meld_layout,
    meld_zone,
    play_spot,
    rummy_steps,
    table_script,
)
from companion.synthetic.sprites import CardRef
from companion.synthetic.video import write_video
from companion.table.layout import default_layout, parse_layout

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / game / f"{name}.json").read_text("utf-8"))
    return data


def white_face(ref: CardRef) -> np.ndarray:
    return np.full((88, 63, 3), 255, dtype=np.uint8)


def places(steps: object) -> list[Place]:
    return [step for step in steps if isinstance(step, Place)]  # type: ignore[attr-defined]


def test_fibonachos_spicy_before_plays_then_cleared() -> None:
    """F6: the spicy card is revealed before the lead; the trick is cleared before the next."""
    script = table_script(example("fibonachos", "short"))
    first_trick = script.steps[
        : script.steps.index(next(s for s in script.steps if isinstance(s, Remove))) + 1
    ]
    put = places(first_trick)
    assert [(p.card.notation, p.zone) for p in put] == [
        ("S0#1", "spicy"),
        ("R16", "play"),
        ("G16", "play"),
        ("Y16", "play"),
    ]
    removed = first_trick[-1]
    assert isinstance(removed, Remove)
    assert set(removed.cards) == {p.card for p in put}
    assert script.options == {"dealer": 2}
    assert script.replay_args() == [
        "--game",
        "fibonachos",
        "--players",
        "Ana,Ben,Cy",
        "--dealer",
        "3",  # seat 3 (Cy): the command line counts seats from 1 (issue 26)
    ]


def test_equal_faces_get_serials_in_order_per_round() -> None:
    """F1: the two red 1s are different cards; spicy cards come three of each."""
    script = table_script(example("fibonachos", "short"))
    notations = [p.card.notation for p in places(script.steps)]
    assert notations.count("S1#1") == notations.count("S1#2") == notations.count("S1#3") == 1
    assert notations.index("R1#1") < notations.index("R1#2")
    assert len(set(notations)) == len(notations)  # every physical card once in a round


def test_every_spot_lies_in_its_zone() -> None:
    layout = default_layout()
    for seats in (2, 3, 4, 5):
        for index in range(4 if seats == 2 else seats):
            x, y, edge = play_spot(index, seats, seats)
            assert layout.zone_of((x, y)) == "play", (seats, index)
            assert edge in {"bottom", "left", "top", "right"}
    script = table_script(example("trump", "short"), BUSY)
    for place in places(script.steps):
        assert layout.zone_of((place.x, place.y)) == place.zone


def test_trump_indicators_first_and_taken_with_the_last_trick() -> None:
    """T2, T5: indicators go down at a round's start and leave with its 12th trick."""
    script = table_script(example("trump", "short"))
    put = places(script.steps)
    assert [(p.card.notation, p.zone) for p in put[:2]] == [
        ("R10", "trump-indicator"),
        ("B1", "symbol-indicator"),
    ]
    removes = [s for s in script.steps if isinstance(s, Remove)]
    assert len(removes) == 12 + 1  # round 1's tricks, round 2's first (its second is open)
    last_of_round = {c.notation for c in removes[11].cards}
    assert {"R10", "B1"} <= last_of_round
    assert not {"R10", "B1"} & {c.notation for c in removes[10].cards}
    assert script.options == {"leader": 2}


def test_mess_adds_hands_light_and_blur_reproducibly() -> None:
    record = example("fibonachos", "short")
    one = table_script(record, BUSY).steps
    assert one == table_script(record, BUSY).steps
    kinds = {type(step) for step in one}
    assert {Hand, Light, Blur} <= kinds


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="hex"):
        table_script({"game": "hex", "players": [], "turns": []})


def test_meld_layout_is_a_valid_layout_file() -> None:
    layout = parse_layout(tomllib.loads(meld_layout(3)), "melds")
    assert layout.names() == ("meld-0", "meld-1", "meld-2")
    x0, y0, x1, y1 = meld_zone(0, 3)
    assert layout.zone_of(((x0 + x1) / 2, (y0 + y1) / 2)) == "meld-0"


def test_rummy_sets_are_columns_of_overlapping_cards() -> None:
    steps = rummy_steps(
        "rummy21", [[["B2", "3", "W=13"]], [["21"]]], card_height=0.2, card_width=0.08
    )
    put = places(steps)
    assert [(p.card.notation, p.zone) for p in put] == [
        ("B2#1", "meld-0"),
        ("3#1", "meld-0"),
        ("W#1", "meld-0"),
        ("21#1", "meld-1"),
    ]
    assert put[0].x == put[1].x == put[2].x
    assert put[1].y - put[0].y == pytest.approx(0.25 * 0.2)


def test_write_video_to_a_folder_and_an_avi(tmp_path: Path) -> None:
    record = example("fibonachos", "short")
    record["rounds"][0]["tricks"] = record["rounds"][0]["tricks"][:1]
    script = table_script(record)
    scene = Scene((320, 180), seed=1, faces=white_face)
    count = write_video(script, tmp_path / "frames", scene=scene)
    assert count == scene.count_frames(script.steps)
    assert sorted(p.name for p in (tmp_path / "frames").iterdir())[0] == "frame-000000.png"
    assert write_video(script, tmp_path / "game.avi", scene=scene) == count
    assert (tmp_path / "game.avi").stat().st_size > 0
    with pytest.raises(ValueError, match="png"):
        write_video(script, tmp_path / "other", scene=scene, image_suffix=".gif")


def test_faces_are_the_printed_ones() -> None:
    """Scenes draw card_codes' printed faces, with the cards' real codes."""
    from card_codes.decode import decode_image

    image = Scene((640, 360), seed=1, card_width=140).still(
        [Place(CardRef("trump", "B7"), 0.5, 0.5, hand=False)]
    )
    assert [d.card.notation for d in decode_image(image).cards][:1] == ["B7"]
