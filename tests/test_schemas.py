"""The JSON Schemas for card and deck files: valid, matching the bundled files, and
refusing what the loader refuses."""

from __future__ import annotations

import copy
import json
import os
import posixpath
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import backlands
from backlands import CardDatabaseError, load_cards
from backlands._resources import bundled_cards, bundled_decks, schema_path
from backlands.schemas import deck_file_schema, generated, write

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_SOURCE = ROOT / "src" / "backlands"
SCHEMAS = ("card-file", "deck-file")


def schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(schema_path(name).read_text())
    return loaded


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema(name))


def yaml_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml"))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schemas_are_valid_draft_2020_12(name: str) -> None:
    loaded = schema(name)
    assert loaded["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(loaded)


@pytest.mark.parametrize("path", yaml_files(bundled_cards()), ids=lambda p: p.name)
def test_bundled_card_files_validate(path: Path) -> None:
    errors = [
        f"{list(e.absolute_path)}: {e.message}"
        for e in validator("card-file").iter_errors(yaml.safe_load(path.read_text()))
    ]
    assert errors == []


# --------------------------------------------------------------------------- editor schema line

#: The sample card and deck files of the repository, with the schema each must name.
SOURCE_FILES = [
    *((path, "card-file") for path in yaml_files(ROOT / "cards")),
    *((path, "deck-file") for path in yaml_files(ROOT / "decks")),
]
SCHEMA_LINE = "# yaml-language-server: $schema="


def _named_schema(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(SCHEMA_LINE), f"{path.name} does not start with its schema line"
    return first.removeprefix(SCHEMA_LINE)


def _installed(source: Path) -> Path:
    """The installed package's copy of ``source``, a file of src/backlands: the file itself
    in an editable install, its copy in a wheel's (the compiled build's, say)."""
    return Path(backlands.__file__).resolve().parent / source.relative_to(PACKAGE_SOURCE)


def _is_the_schema_used(source: Path, kind: str) -> bool:
    """Whether ``source`` is the schema ``kind`` the package uses (``schema_path``)."""
    used = schema_path(kind).resolve()
    return used == _installed(source.resolve()) and used.read_bytes() == source.read_bytes()


def test_there_are_card_and_deck_files() -> None:
    kinds = [kind for _, kind in SOURCE_FILES]
    assert "card-file" in kinds and "deck-file" in kinds


@pytest.mark.parametrize(("path", "kind"), SOURCE_FILES, ids=lambda p: getattr(p, "name", p))
def test_each_sample_file_names_its_schema_by_a_path_that_resolves(path: Path, kind: str) -> None:
    named = _named_schema(path)
    assert named == f"../src/backlands/schemas/{kind}.schema.json"
    target = (path.parent / named).resolve()
    assert target.is_file()
    assert _is_the_schema_used(target, kind)


def _wheel_layout() -> list[tuple[str, str]]:
    """(source folder, folder in the wheel) of pyproject's wheel target, most specific
    first: its packages, then its force-include entries."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        wheel = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]
    layout = [(package, package.split("/")[-1]) for package in wheel["packages"]]
    layout += list(wheel.get("force-include", {}).items())
    return sorted(layout, key=lambda pair: -len(pair[1]))


def _in_wheel(source: str, layout: list[tuple[str, str]]) -> str | None:
    for folder, inside in layout:
        if source.startswith(folder + "/"):
            return inside + source.removeprefix(folder)
    return None


def _source_of(inside: str, layout: list[tuple[str, str]]) -> str | None:
    for folder, place in layout:
        if inside.startswith(place + "/"):
            return folder + inside.removeprefix(place)
    return None


@pytest.mark.parametrize(("path", "kind"), SOURCE_FILES, ids=lambda p: getattr(p, "name", p))
def test_the_schema_line_resolves_inside_the_wheel_too(path: Path, kind: str) -> None:
    layout = _wheel_layout()
    inside = _in_wheel(path.relative_to(ROOT).as_posix(), layout)
    assert inside is not None, f"{path.name} is not in the wheel"
    target = posixpath.normpath(posixpath.join(posixpath.dirname(inside), _named_schema(path)))
    source = _source_of(target, layout)
    assert source is not None, f"the wheel has nothing at {target}"
    assert _is_the_schema_used(ROOT / source, kind)


@pytest.mark.parametrize("path", yaml_files(bundled_decks()), ids=lambda p: p.name)
def test_bundled_deck_files_validate(path: Path) -> None:
    errors = [
        f"{list(e.absolute_path)}: {e.message}"
        for e in validator("deck-file").iter_errors(yaml.safe_load(path.read_text()))
    ]
    assert errors == []


# --------------------------------------------------------------------------- side by side

GOOD: dict[str, Any] = {
    "cards": [
        {
            "id": "ember-blade",
            "name": "Ember Blade",
            "type": "weapon",
            "primal_cost": 2,
            "damage": 3,
            "durability": 4,
            "rarity": "common",
            "set": "ORI",
            "number": 1,
            "year": 2026,
            "abilities": [
                {"when": "attacks", "effects": [{"effect": "poison", "target": "attack_target"}]},
                {"while_equipped": [{"modifier": "immune", "keyword": "curse"}]},
            ],
        }
    ],
    "characters": [
        {
            "id": "grave-tinker",
            "name": "Grave Tinker",
            "pro": {
                "text": "Your weapons deal 1 more damage.",
                "modifiers": [
                    {"modifier": "card_stat", "stat": "damage", "amount": 1, "cards": {}}
                ],
            },
            "con": {
                "text": "At most 2 copies of each legendary card.",
                "deck_rules": [{"cards": {"rarity": "legendary"}, "max_copies": 2}],
            },
        }
    ],
}


def _card(data: dict[str, Any]) -> dict[str, Any]:
    card: dict[str, Any] = data["cards"][0]
    return card


def _rule(data: dict[str, Any]) -> dict[str, Any]:
    rule: dict[str, Any] = data["characters"][0]["con"]["deck_rules"][0]
    return rule


MISTAKES = {
    "missing required field": (lambda d: _card(d).pop("name"), "name: required field is missing"),
    "unknown key": (lambda d: _card(d).update(dammage=3), "unknown key 'dammage'"),
    "bad type enum": (lambda d: _card(d).update(type="sword"), "got 'sword'"),
    "damage on armour": (
        lambda d: _card(d).update(type="armour"),
        "an armour has no 'damage'",
    ),
    "durability on an instant": (
        lambda d: (_card(d).update(type="instant_spell"), _card(d).pop("damage")),
        "an instant_spell has no 'durability'",
    ),
    "missing durability on a weapon": (
        lambda d: _card(d).pop("durability"),
        "durability: required for a weapon",
    ),
    "missing damage on a creature": (
        lambda d: (_card(d).update(type="creature"), _card(d).pop("damage")),
        "damage: required for a creature",
    ),
    "string where an int goes": (
        lambda d: _card(d).update(primal_cost="2"),
        "primal_cost: must be an integer >= 0, got '2'",
    ),
    "bool where an int goes": (
        lambda d: _card(d).update(number=True),
        "number: must be an integer from 1 to 100, got true",
    ),
    "number out of range": (lambda d: _card(d).update(number=101), "got 101"),
    "bad slug": (lambda d: _card(d).update(id="Ember Blade"), "must be a slug"),
    "unknown effect tag": (
        lambda d: _card(d)["abilities"][0]["effects"][0].update(effect="poisen"),
        "got 'poisen'",
    ),
    "unknown effect parameter": (
        lambda d: _card(d)["abilities"][0]["effects"][0].update(amount=2),
        "unknown key 'amount'",
    ),
    "unknown modifier tag": (
        lambda d: _card(d)["abilities"][1]["while_equipped"][0].update(modifier="immunity"),
        "got 'immunity'",
    ),
    "empty effects": (
        lambda d: _card(d)["abilities"][0].update(effects=[]),
        "must list at least one item",
    ),
    "ability with both keys": (
        lambda d: _card(d)["abilities"][0].update(while_equipped=[]),
        "not both",
    ),
    "deck rule with two kinds": (
        lambda d: _rule(d).update(at_least=1),
        "found 'max_copies' and 'at_least'",
    ),
    "deck rule with no kind": (lambda d: _rule(d).pop("max_copies"), "found none"),
    "forbid false": (
        lambda d: (_rule(d).pop("max_copies"), _rule(d).update(forbid=False)),
        "must be true",
    ),
    "unknown selector key": (
        lambda d: _rule(d).update(cards={"colour": "red"}),
        "unknown key 'colour'",
    ),
    "character without con": (
        lambda d: d["characters"][0].pop("con"),
        "con: required field is missing",
    ),
    "unknown top-level key": (lambda d: d.update(decks=[]), "unknown key 'decks'"),
    "file is a list": (None, "a card file must be a mapping"),
}


def test_the_good_file_passes_both(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(yaml.safe_dump(GOOD))
    assert len(load_cards(tmp_path / "good.yaml")) == 1
    validator("card-file").validate(GOOD)


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_schema_and_loader_both_refuse(mistake: str, tmp_path: Path) -> None:
    change, message = MISTAKES[mistake]
    data: Any = copy.deepcopy(GOOD)
    if change is None:
        data = [data]
    else:
        change(data)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(path)
    assert any(message in str(p) for p in caught.value.problems), caught.value
    assert list(validator("card-file").iter_errors(data)), f"the schema accepts: {mistake}"


def test_deck_schema() -> None:
    check = validator("deck-file")
    good = {"name": "Rust", "character": "grave-tinker", "cards": {"ember-blade": 5}}
    assert not list(check.iter_errors(good))
    assert not list(check.iter_errors({"character": "Grave Tinker", "cards": {}}))
    for bad in (
        {"cards": {"ember-blade": 5}},
        {"character": "x"},
        {"character": "x", "cards": {"ember-blade": 0}},
        {"character": "x", "cards": {"ember-blade": "5"}},
        {"character": "x", "cards": {"ember-blade": True}},
        {"character": "x", "cards": ["ember-blade"]},
        {"character": "x", "cards": {}, "notes": "x"},
        {"character": 3, "cards": {}},
        ["character"],
    ):
        assert list(check.iter_errors(bad)), bad


def test_schema_files_are_what_the_package_ships() -> None:
    for name in SCHEMAS:
        assert schema_path(name).is_file()
        assert os.fspath(schema_path(name)).endswith(f"{name}.schema.json")


# --------------------------------------------------------------------------- generated
#
# The schemas are generated from the model and the registry of keywords by
# ``python -m backlands.schemas`` (``make schemas``); the deck schema lists the bundled card
# and character ids so that an editor completes them (with each one's name as hover text),
# while any other string is still a valid id or name: --cards may add cards.


@pytest.mark.parametrize("name", SCHEMAS)
def test_the_committed_schemas_are_what_make_schemas_generates(name: str) -> None:
    assert schema_path(name).read_text(encoding="utf-8") == generated()[name], (
        f"{name}.schema.json is stale: run `make schemas`"
    )


def test_make_schemas_writes_and_checks_the_files(tmp_path: Path) -> None:
    assert sorted(write(tmp_path)) == ["card-file", "deck-file"]
    assert write(tmp_path) == []  # nothing changed the second time
    for name in SCHEMAS:
        assert (tmp_path / f"{name}.schema.json").read_text(encoding="utf-8") == generated()[name]
    done = subprocess.run(
        [sys.executable, "-m", "backlands.schemas", "--check"], capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (0, "")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\nschemas: $(STAMP)\n\t$(BIN)/python -m backlands.schemas\n" in makefile


def bundled_cards_database() -> Any:
    import backlands

    return backlands.bundled_cards()


def test_deck_schema_lists_every_bundled_card_and_character_id() -> None:
    assert schema("deck-file") == deck_file_schema(), "regenerate it: `make schemas`"
    cards = bundled_cards_database()
    listed = schema("deck-file")["properties"]
    assert set(listed["cards"]["properties"]) == {card.id for card in cards}
    consts = {branch.get("const") for branch in listed["character"]["anyOf"]}
    assert consts >= set(cards.characters) and len(cards.characters) == 12
    # ids of other card sets still validate (--cards may add cards)
    check = validator("deck-file")
    assert not list(check.iter_errors({"character": "my-hero", "cards": {"my-card": 2}}))
    assert list(check.iter_errors({"character": "rustjaw-marauder", "cards": {"rebar-club": 0}}))


def _properties(node: Any, path: str = "") -> Any:
    """Every (path, property schema) of every ``properties`` in a schema."""
    if isinstance(node, dict):
        for name, value in (node.get("properties") or {}).items():
            yield f"{path}/properties/{name}", value
        for key, value in node.items():
            yield from _properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _properties(value, f"{path}/{index}")


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_has_a_description_for_hover_text(name: str) -> None:
    missing = [
        path
        for path, value in _properties(schema(name))
        if not (isinstance(value, dict) and str(value.get("description", "")).strip())
    ]
    assert missing == []
