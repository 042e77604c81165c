"""Hostile numbers and nesting in every keyword of the registry (issue 21, "Hostile files";
docs/card-format.md, "Limits"): each number field of each effect, extra cost, modifier or
static, condition and amount, written as 10**100, is refused by the loader with one problem
at its FILE:LINE and path, and by the generated schema; effects, conditions and amounts of
every nesting family (``if``, ``may``, ``choose_one``, ``delayed``, ``all``/``any``/``not``,
arithmetic amounts, a grant's ``while``) nested 10,000 deep, or past MAX_NESTING, are refused
at their line, never a hang, a RecursionError or a traceback.

The keywords are walked from the registry, so a new keyword is covered with no edit here
(a new kind of required field needs one line of :data:`REQUIRED`)."""

from __future__ import annotations

import enum
import json
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args, get_origin

import attrs
import jsonschema
import pytest
import yaml

from backlands import load_cards
from backlands._resources import schema_path
from backlands.cli import main
from backlands.keywords.registry import (
    AMOUNTS,
    CONDITIONS,
    COSTS,
    EFFECTS,
    MODIFIERS,
    Amount,
    Condition,
    Effect,
    Modifier,
    field_info,
    yaml_key,
)
from backlands.terms import MAX_NESTING
from test_hostile_files import CARD

HEAD = CARD  # the card of tests/test_hostile_files.py
HUGE = 10**100

SCHEMA = jsonschema.Draft202012Validator(json.loads(schema_path("card-file").read_text()))


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# a value the loader takes for a required field, by the field's type
REQUIRED: dict[Any, Any] = {
    Effect: {"effect": "draw"},
    Condition: {"condition": "your_turn"},
    Modifier: {"modifier": "reduce_damage", "amount": 1},
    Amount: {"value": "turn"},
}


def _value(kind: Any, name: str) -> Any:
    """A value a required field of type ``kind`` takes."""
    if name == "modes":
        return [[{"effect": "draw"}], [{"effect": "cure"}]]
    if get_origin(kind) is tuple:
        return [_value(get_args(kind)[0], name)]
    if get_origin(kind) is types.UnionType:
        args = [a for a in get_args(kind) if a is not type(None)]
        return 1 if int in args else _value(args[0], name)
    if kind is int:
        return 1
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        members = list(kind)
        # a zone an effect names: the primal deck is one every zone field takes
        for m in members:
            if m.value == "primal_deck":
                return m.value
        return members[0].value
    for base, value in REQUIRED.items():
        if isinstance(kind, type) and issubclass(kind, base):
            return value
    raise AssertionError(f"no value for a required field of type {kind!r}: add it to REQUIRED")


def _minimal(tag: str, cls: type) -> dict[str, Any]:
    """``cls`` as a card file writes it, with its required fields only."""
    data: dict[str, Any] = {tag: cls.name}  # type: ignore[attr-defined]
    hints = attrs.resolve_types(cls)
    for f in attrs.fields(hints):
        if f.default is attrs.NOTHING:
            data[yaml_key(f.name)] = _value(f.type, f.name)
    return data


def _attr(cls: type, field: str) -> str:
    return next(f.name for f in attrs.fields(cls) if yaml_key(f.name) == field)


def _placed(family: str, keyword: dict[str, Any]) -> dict[str, Any]:
    """The card file's first card with ``keyword`` where a keyword of ``family`` goes."""
    card = yaml.safe_load(HEAD)
    where: dict[str, Any] = card["cards"][0]
    if family == "cost":
        where["extra_costs"] = [keyword]
    elif family == "modifier":
        where["abilities"] = [{"while_equipped": [keyword]}]
    else:
        effect = keyword
        if family == "condition":
            effect = {"effect": "if", "condition": keyword, "then": [{"effect": "draw"}]}
        elif family == "amount":
            effect = {"effect": "damage", "amount": keyword}
        where["abilities"] = [{"when": "attacks", "effects": [effect]}]
    return card


_TAGS = {
    "effect": "effect",
    "cost": "cost",
    "modifier": "modifier",
    "condition": "condition",
    "amount": "value",
}
_REGISTRIES = {
    "effect": EFFECTS,
    "cost": COSTS,
    "modifier": MODIFIERS,
    "condition": CONDITIONS,
    "amount": AMOUNTS,
}


def _numbers() -> Iterator[tuple[str, str, str]]:
    for family, registry in _REGISTRIES.items():
        for name in registry:
            for f in attrs.fields(registry[name]):
                info = field_info(f)
                if (
                    info is not None
                    and info.range is not None
                    and info.limit not in ("modes", "costs")
                ):
                    yield family, name, yaml_key(f.name)


_PATHS = {
    "effect": "cards[0].abilities[0].effects[0]",
    "cost": "cards[0].extra_costs[0]",
    "modifier": "cards[0].abilities[0].while_equipped[0]",
    "condition": "cards[0].abilities[0].effects[0].condition",
    "amount": "cards[0].abilities[0].effects[0].amount",
}


NUMBERS = list(_numbers())


def test_every_family_has_numbers_to_check() -> None:
    assert {family for family, _, _ in NUMBERS} == set(_TAGS)
    assert ("effect", "grant", "uses") in NUMBERS and ("cost", "wear", "amount") in NUMBERS


def _problems(capsys: pytest.CaptureFixture[str], data: dict[str, Any]) -> list[str]:
    Path("cards.yaml").write_text(yaml.safe_dump(data, sort_keys=False, width=10_000))
    code = main(["cards", "--cards", "cards.yaml"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    return err.splitlines()[:-1]


@pytest.mark.parametrize(
    ("family", "name", "field"), NUMBERS, ids=[f"{f}-{n}-{k}" for f, n, k in NUMBERS]
)
def test_a_huge_number_in_any_keyword_is_refused_at_its_line(
    capsys: pytest.CaptureFixture[str], family: str, name: str, field: str
) -> None:
    cls = _REGISTRIES[family][name]
    keyword = _minimal(_TAGS[family], cls)
    if name == "grant":  # only a cost change granted to a player is used up (12.9)
        keyword["modifier"] = {"modifier": "card_stat", "stat": "primal_cost", "amount": -1}
    if family == "modifier" and "cards" in [yaml_key(f.name) for f in attrs.fields(cls)]:
        keyword["cards"] = {}  # a card static about every card of yours, not the weapon alone
    path = f"{_PATHS[family]}.{field}"
    _, high = next(
        field_info(f).range  # type: ignore[union-attr]
        for f in attrs.fields(cls)
        if yaml_key(f.name) == field
    )
    listed = (
        get_origin(attrs.fields_dict(attrs.resolve_types(cls))[_attr(cls, field)].type) is tuple
    )
    if listed:  # a list of numbers (``of``): its first
        path += "[0]"
    keyword[field] = [high, 1] if listed else high
    good = _placed(family, keyword)
    Path("cards.yaml").write_text(yaml.safe_dump(good, sort_keys=False, width=10_000))
    assert load_cards("cards.yaml")["ember-blade"]
    assert not list(SCHEMA.iter_errors(good))
    for value in (high + 1, 10**30, HUGE):
        keyword[field] = [value, 1] if listed else value
        bad = _placed(family, keyword)
        problems = _problems(capsys, bad)
        assert len(problems) == 1, problems
        where, message = problems[0].split(f": {path}: ")
        assert where.startswith("cards.yaml:") and where.split(":")[1].isdigit()
        if value is HUGE:  # refused as it is read, before a number is built
            assert message.startswith("refused: the value '1000"), message
            assert message.endswith(
                "is a number of 101 characters (at most 32); quote it if it is text"
            )
        else:
            assert message.startswith("must be ") and message.endswith(f"got {value}"), message
            assert list(SCHEMA.iter_errors(bad))


# --------------------------------------------------------------------------- nesting

#: How each nesting family holds one more of itself around ``inner``.
NESTS = {
    "if": lambda inner: f"{{effect: if, condition: {{condition: your_turn}}, then: [{inner}]}}",
    "may": lambda inner: f"{{effect: may, effects: [{inner}]}}",
    "choose_one": lambda inner: f"{{effect: choose_one, modes: [[{inner}], [{{effect: cure}}]]}}",
    "delayed": lambda inner: f"{{effect: delayed, at: end_of_turn, effects: [{inner}]}}",
    "not": lambda inner: f"{{condition: not, of: {inner}}}",
    "all": lambda inner: f"{{condition: all, of: [{inner}]}}",
    "any": lambda inner: f"{{condition: any, of: [{inner}, {{condition: your_turn}}]}}",
    "plus": lambda inner: f"{{value: plus, of: [{inner}, 1]}}",
}
_CONDITION = "{condition: your_turn}"
_INNERMOST = {"not": _CONDITION, "all": _CONDITION, "any": _CONDITION, "plus": "1"}


def _nested(family: str, depth: int) -> str:
    inner = _INNERMOST.get(family, "{effect: draw}")
    for _ in range(depth - 1):
        inner = NESTS[family](inner)
    if family in ("not", "all", "any"):
        effect = f"{{effect: if, condition: {inner}, then: [{{effect: draw}}]}}"
    elif family == "plus":
        effect = f"{{effect: damage, amount: {inner}}}"
    else:
        effect = inner
    return HEAD + f"    abilities: [{{when: attacks, effects: [{effect}]}}]\n"


def _static_while(depth: int) -> str:
    """A static that holds while a condition nested ``depth`` deep holds (12.8)."""
    inner = "{condition: your_turn}"
    for _ in range(depth - 1):
        inner = NESTS["any"](inner)
    return HEAD + (
        "    abilities: [{while_equipped: [{modifier: reduce_damage, amount: 1, "
        f"while: {inner}}}]}}]\n"
    )


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 200, 10_000])
@pytest.mark.parametrize("family", [*NESTS, "static_while"])
def test_any_nesting_family_too_deep_is_refused_at_its_line(
    capsys: pytest.CaptureFixture[str], family: str, depth: int
) -> None:
    text = _static_while(depth) if family == "static_while" else _nested(family, depth)
    Path("cards.yaml").write_text(text)
    code = main(["cards", "--cards", "cards.yaml"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    problems = err.splitlines()[:-1]
    # one problem, or one per branch that is too deep (an ``if``'s condition and its effects)
    assert 1 <= len(problems) <= 2, problems
    for problem in problems:
        if problem.startswith("cards.yaml:1: "):  # Python's recursion limit, at the top
            assert problem == "cards.yaml:1: refused: values nested too deeply to read"
            continue
        assert problem.startswith(("cards.yaml:12: ", "cards.yaml:13: ")), problem
        if depth >= 1000:  # libyaml's own limit, as for any value
            assert problem.endswith("exceeded maximum nesting depth")
        else:
            assert problem.endswith(
                f"may sit at most {MAX_NESTING} deep inside one another, and this one is deeper"
            ), problems


@pytest.mark.parametrize("family", [*NESTS, "static_while"])
def test_any_nesting_family_as_deep_as_the_limit_loads(family: str) -> None:
    depth = MAX_NESTING - (1 if family in ("not", "all", "any", "plus", "static_while") else 0)
    text = _static_while(depth) if family == "static_while" else _nested(family, depth)
    Path("cards.yaml").write_text(text)
    assert load_cards("cards.yaml")["ember-blade"]
