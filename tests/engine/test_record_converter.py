"""Records go through the record converter, as card files go through theirs: a record's
position is read into the model's own classes (their fields and defaults are the record's, no
copy of them), and actions are written and read from the action classes' fields."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any, get_args

import attrs
import pytest

from backlands.engine import (
    AttachedCard,
    Choose,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Pick,
    PlayerSetup,
    Position,
    action_from_json,
    action_to_json,
)
from backlands.engine.actions import ACTION_NAMES, Action, Attack
from backlands.engine.record_position import BOUNDS, checked_position
from backlands.model import Card, CardType, Slot


def _written_default(field: attrs.Attribute[Any]) -> Any:
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()  # type: ignore[union-attr]
    if hasattr(default, "value"):  # an enum, by its value
        return default.value
    return list(default) if isinstance(default, tuple) else default


def test_a_hand_written_records_defaults_are_the_models_own() -> None:
    """Every field a record may leave out reads as its default in the model class, so a
    default changed in the model is the record's at once (no second copy of them)."""
    data = {
        "players": [
            {"character": "ch1", "mat": {"creature": {"card": "c1", "attached": [{"card": "c2"}]}}}
        ]
    }
    read = checked_position(data)
    player = read["players"][0]
    mat = player["mat"]["creature"]
    spell = mat["attached"][0]
    for cls, found in (
        (Position, read),
        (PlayerSetup, player),
        (MatCard, mat),
        (AttachedCard, spell),
    ):
        for field in attrs.fields(cls):
            if field.name == "ruleset" or field.default is attrs.NOTHING:
                continue
            if (cls, field.name) in ((PlayerSetup, "mat"), (MatCard, "attached")):
                continue  # given above
            assert found[field.name] == _written_default(field), (cls.__name__, field.name)
    assert set(read) == {f.name for f in attrs.fields(Position)} - {"ruleset"}


def test_every_number_of_a_position_has_its_reading_bound() -> None:
    numbers = {
        (cls.__name__, f.name)
        for cls in (Position, PlayerSetup, MatCard, AttachedCard)
        for f in attrs.fields(cls)
        if f.type in ("int", "int | None", int, int | None)
    }
    assert numbers == set(BOUNDS)


def test_every_action_has_its_name_and_goes_through_json_and_back(
    make_card: Callable[..., Card], player: Callable[..., PlayerSetup], find: Any
) -> None:
    assert set(ACTION_NAMES) == set(get_args(Action))
    assert len(set(ACTION_NAMES.values())) == len(ACTION_NAMES)
    axe, hex_ = make_card(CardType.WEAPON), make_card(CardType.ATTACH_SPELL)
    game: Game = Position([player(3, [hex_], mat={Slot.WEAPON: axe}), player(3)]).start()
    a, h = find(game, axe), find(game, hex_)
    actions: list[Action] = [
        Equip(h, a),
        Equip(a),
        Attack(a, 1),
        Defend(((a, 2),)),
        Defend(),
        EndPhase(),
        Pass(),
        Choose(a),
        Choose(1),
        Pick(0),
        Pick(5),
    ]
    for action in actions:
        data = action_to_json(action)
        assert data["action"] == ACTION_NAMES[type(action)]
        assert json.loads(json.dumps(data)) == data
        assert action_from_json(data, game.instances) == action
    assert action_to_json(Equip(a)) == {"action": "equip", "card": a.uid, "host": None}
    assert action_to_json(Choose(1)) == {"action": "choose", "player": 1}
    assert action_to_json(Pick(1)) == {"action": "pick", "index": 1}
    assert action_to_json(Defend(((a, 2),))) == {"action": "defend", "absorbs": [[a.uid, 2]]}


def test_reading_a_record_imports_no_yaml() -> None:
    """The record converter is the converter without its YAML edge."""
    script = (
        "import sys, json\n"
        "from backlands.engine import GameRecord\n"
        "from backlands.engine.record_position import checked_position\n"
        "checked_position({'players': [{'character': 'x'}]})\n"
        "print([m for m in sys.modules if 'yaml' in m])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "equip", "card": 0, "colour": 1}, "an equip action has unknown fields colour"),
        ({"action": "defend"}, "a defend action has no 'absorbs'"),
        ({"action": "end_phase", "card": 1}, "an end_phase action has unknown fields card"),
    ],
)
def test_an_action_read_from_json_refuses_what_a_record_refuses(
    make_card: Callable[..., Card],
    player: Callable[..., PlayerSetup],
    data: dict[str, Any],
    message: str,
) -> None:
    """One reader: an action given to ``action_from_json`` is checked as a record's is."""
    game = Position([player(3), player(3)]).start()
    with pytest.raises(ValueError) as info:
        action_from_json(data, game.instances)
    assert str(info.value) == message
