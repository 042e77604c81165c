"""docs/card-format.md agrees with the registry of keywords (issue 21, "docs/card-format.md
agrees"): every effect, extra cost and modifier has its row in its table, naming each of its
fields; the sentences that say which effects take a ``where`` and a ``slot`` name exactly
those that have one; and "Limits" names every number field of an effect or an extra cost."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from backlands.keywords.registry import COSTS, EFFECTS, MODIFIERS, field_info, is_number, yaml_key

DOC = (Path(__file__).resolve().parent.parent / "docs" / "card-format.md").read_text()


def rows(tag: str) -> dict[str, str]:
    """The rows of the table whose first column is ``tag`` (``effect``...), by name."""
    found: dict[str, str] = {}
    header = f"| `{tag}` | Parameters (default) |"
    for table in DOC.split(header)[1:]:
        for line in table.split("\n\n")[0].splitlines()[2:]:
            name = re.match(r"\| `([a-z_]+)` \|", line)
            if name:
                found[name.group(1)] = line
    return found


def fields(cls: type) -> list[str]:
    return [yaml_key(f.name) for f in attrs.fields(cls)]


@pytest.mark.parametrize(
    ("tag", "registry"), [("effect", EFFECTS), ("cost", COSTS), ("modifier", MODIFIERS)]
)
def test_every_keyword_has_its_row_naming_its_fields(tag: str, registry: object) -> None:
    table = rows(tag)
    names = list(registry)  # type: ignore[call-overload]
    assert sorted(table) == sorted(names)
    missing = {}
    for name in names:
        cls = registry[name]  # type: ignore[index]
        # ``where`` (effects) and ``while`` (modifiers) are said once for all, in the text
        unnamed = [
            f for f in fields(cls) if f not in ("where", "while") and f"`{f}`" not in table[name]
        ]
        if unnamed:
            missing[name] = unnamed
    assert missing == {}


def _listed(sentence: str) -> set[str]:
    return set(re.findall(r"`([a-z_]+)`", sentence))


def test_the_effects_that_take_where_and_slot_are_those_that_have_one() -> None:
    where = re.search(r"The card effects \(([^)]*)\) take `where`", DOC)
    slot = re.search(r"is a field of (.*?) only", DOC, re.S)
    assert where and slot
    has = {f: {n for n in EFFECTS if f in fields(EFFECTS[n])} for f in ("where", "slot")}
    assert _listed(where.group(1)) & set(EFFECTS) == has["where"]
    assert _listed(slot.group(1)) == has["slot"]


def test_limits_name_every_number_field_of_an_effect_and_a_cost() -> None:
    limits = DOC.split("### Limits")[1].split("\n\n")[2]
    unnamed = []
    for registry in (EFFECTS, COSTS):
        for name in registry:
            for f in attrs.fields(registry[name]):
                info = field_info(f)
                if info is None or info.range is None or info.limit in ("modes", "costs"):
                    continue
                if f"`{yaml_key(f.name)}`" not in limits or f"`{name}`" not in limits:
                    unnamed.append(f"{name}.{yaml_key(f.name)}")
    assert unnamed == [], unnamed


def test_effects_md_names_every_effect_that_takes_an_amount_or_all() -> None:
    """docs/effects.md, "Amounts (12.2)": the effects whose numbers may be amounts, and
    those that take ``all``, are those of the registry."""
    effects_md = (Path(__file__).resolve().parent.parent / "docs" / "effects.md").read_text()
    section = effects_md.split("## Amounts (12.2)")[1].split("\n## ")[0]
    numbers = re.search(r"Wherever an effect has a number \((.*?)\), a card file", section, re.S)
    every = re.search(r"`all` is allowed where (.*?)Anywhere else", section, re.S)
    assert numbers and every
    amounts, alls = set(), set()
    for name in EFFECTS:
        for f in attrs.fields(attrs.resolve_types(EFFECTS[name])):
            info = field_info(f)
            if is_number(f.type) and f.type is not int:
                amounts.add(name)
                if info is not None and info.every:
                    alls.add(name)
    assert _listed(numbers.group(1)) & set(EFFECTS) == amounts
    listed = _listed(every.group(1)) & set(EFFECTS)
    moves = {"recover", "put_on_deck", "search", "take", "look_at_deck", "reveal"}
    # "the effects that move and show cards" stands for the moves' names listed above
    assert listed | (moves if "move and show cards" in every.group(1) else set()) == alls
