"""The card-file loader: every error kind with its exact message and line, and fuzzing."""

from __future__ import annotations

import os
import re
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import backlands
from backlands import CardDatabaseError, load_cards
from backlands._converter import structure_at, structure_card_items
from backlands._yaml import read_yaml
from backlands.keywords import EFFECTS
from backlands.model import (
    AtLeast,
    AtMost,
    Card,
    CardStat,
    CardStatModifier,
    CardType,
    Character,
    Damage,
    Forbid,
    MaxCopies,
    PlayerTarget,
    Poison,
    Rarity,
    Selector,
    Trait,
    Trigger,
    TriggeredAbility,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "card-format.md"

WEAPON = """\
  - id: ember-blade
    name: Ember Blade
    type: weapon
    primal_cost: 2
    damage: 3
    durability: 4
    rarity: common
    set: ORI
    number: 1
    year: 2026
"""

EXAMPLE = """\
cards:
  - id: ember-blade
    name: Ember Blade
    type: weapon
    primal_cost: 2
    damage: 3
    durability: 4
    rarity: common
    set: ORI
    number: 1
    year: 2026
    text: When this card attacks, POISON the target.
    abilities:
      - when: attacks
        effects:
          - {effect: poison, target: attack_target}
characters:
  - id: grave-tinker
    name: Grave Tinker
    pro:
      text: Your weapons deal 1 more damage.
      modifiers:
        - {modifier: card_stat, stat: damage, amount: 1, cards: {type: weapon}}
    con:
      text: You may hold at most 2 copies of each legendary card.
      deck_rules:
        - cards: {rarity: legendary}
          max_copies: 2
"""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in tmp_path so that problems name files as ``cards/x.yaml``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    return tmp_path


def write(name: str, text: str) -> Path:
    path = Path("cards") / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text) if not text.startswith("cards") else text)
    return path


def problems(path: str | Path = "cards") -> list[str]:
    with pytest.raises(CardDatabaseError) as caught:
        load_cards(path)
    return [str(p) for p in caught.value.problems]


def card_file(*lines: str, base: str = WEAPON) -> str:
    """A one-card file: the weapon above with some lines replaced or added.

    Each of ``lines`` is ``key: value`` (replaces that key's line, or is added at the end),
    or ``-key`` to remove the key.
    """
    body = base.splitlines()
    for line in lines:
        if line.startswith("-"):
            body = [b for b in body if not b.strip().removeprefix("- ").startswith(line[1:] + ":")]
            continue
        key = line.split(":")[0]
        for i, existing in enumerate(body):
            if existing.strip().removeprefix("- ").startswith(key + ":"):
                body[i] = (
                    existing[: len(existing) - len(existing.lstrip())]
                    + ("- " if existing.strip().startswith("- ") else "")
                    + line
                )
                break
        else:
            body.append("    " + line)
    return "cards:\n" + "\n".join(body) + "\n"


# --------------------------------------------------------------------------- good files


def test_example_from_the_format_loads(here: Path) -> None:
    write("core.yaml", EXAMPLE)
    db = load_cards("cards")
    blade = db["ember-blade"]
    assert blade == Card(
        id="ember-blade",
        name="Ember Blade",
        type=CardType.WEAPON,
        primal_cost=2,
        damage=3,
        durability=4,
        rarity=Rarity.COMMON,
        set="ORI",
        number=1,
        year=2026,
        text="When this card attacks, POISON the target.",
        abilities=(TriggeredAbility(Trigger.ATTACKS, (Poison(PlayerTarget.ATTACK_TARGET),)),),
    )
    assert db.character("Grave Tinker") == Character(
        id="grave-tinker",
        name="Grave Tinker",
        pro=Trait(
            "Your weapons deal 1 more damage.",
            modifiers=(CardStatModifier(CardStat.DAMAGE, 1, Selector(type=CardType.WEAPON)),),
        ),
        con=Trait(
            "You may hold at most 2 copies of each legendary card.",
            deck_rules=(MaxCopies(Selector(rarity=Rarity.LEGENDARY), 2),),
        ),
    )


def test_load_a_single_file_by_str_or_pathlike(here: Path) -> None:
    path = write("core.yaml", EXAMPLE)
    assert [c.id for c in load_cards(str(path))] == ["ember-blade"]
    assert [c.id for c in load_cards(path)] == ["ember-blade"]


def test_every_deck_rule_kind_and_selector_lists(here: Path) -> None:
    write(
        "core.yaml",
        EXAMPLE
        + """\
  - id: dust-warden
    name: Dust Warden
    pro:
      text: x
      deck_rules:
        - {cards: {id: ember-blade}, forbid: true}
        - {cards: {type: [weapon, armour], set: ORI}, at_most: 10}
    con:
      text: y
      deck_rules:
        - {cards: {}, at_least: 3}
""",
    )
    warden = load_cards("cards").character("dust-warden")
    assert warden.pro.deck_rules == (
        Forbid(Selector(id="ember-blade")),
        AtMost(Selector(type=(CardType.WEAPON, CardType.ARMOUR), set="ORI"), 10),
    )
    assert warden.con.deck_rules == (AtLeast(Selector(), 3),)


def test_effect_defaults(here: Path) -> None:
    write(
        "core.yaml",
        card_file("abilities: [{when: equipped, effects: [{effect: damage, amount: 2}]}]"),
    )
    (ability,) = load_cards("cards")["ember-blade"].abilities
    assert ability == TriggeredAbility(Trigger.EQUIPPED, (Damage(2),))
    assert ability.effects[0] == Damage(2, PlayerTarget.OPPONENT, defendable=True)


def test_an_empty_file_or_empty_lists_contribute_nothing(here: Path) -> None:
    write("a.yaml", "# nothing yet\n")
    write("b.yaml", "")
    write("c.yaml", "cards:\ncharacters: []\n")
    write("d.yaml", card_file())
    assert [c.id for c in load_cards("cards")] == ["ember-blade"]


def test_folder_order_is_sorted_recursive_and_stable(here: Path) -> None:
    def one(card_id: str, number: int) -> str:
        return card_file(f"id: {card_id}", f"name: {card_id}", f"number: {number}")

    write("b.yaml", one("bee", 1))
    write("a/z.yml", one("zed", 2))
    write("a.yaml", one("ant", 3))
    write("c.txt", "not a card file")
    write(".hidden.yaml", "broken: [")
    write(".git/x.yaml", "broken: [")
    first = [c.id for c in load_cards("cards")]
    assert first == ["zed", "ant", "bee"]  # a/z.yml < a.yaml < b.yaml by path parts
    assert all([c.id for c in load_cards("cards")] == first for _ in range(3))


def test_public_helpers(here: Path) -> None:
    doc, found = read_yaml(EXAMPLE, "x.yaml")
    assert doc is not None and not found
    cards, characters, found = structure_card_items(doc)
    assert [(i, c.id) for i, c in cards] == [(0, "ember-blade")]
    assert [(i, c.id) for i, c in characters] == [(0, "grave-tinker")]
    assert found == []
    value, found = structure_at(doc, doc.data["cards"][0]["rarity"], ("cards", 0, "rarity"), Rarity)
    assert value is Rarity.COMMON and found == []
    value, found = structure_at(doc, "x", ("cards", 0, "rarity"), Rarity)
    assert value is None
    assert [str(p) for p in found] == [
        "x.yaml:8: cards[0].rarity: must be one of common, uncommon, rare, legendary, "
        "mythical, got 'x'"
    ]


def test_load_cards_is_exported() -> None:
    assert "load_cards" in backlands.__all__
    assert backlands.load_cards is load_cards


# --------------------------------------------------------------------------- paths


def test_missing_path(here: Path) -> None:
    assert problems("nowhere") == ["nowhere: no such file or folder"]


def test_folder_without_card_files(here: Path) -> None:
    write("notes.txt", "hello")
    assert problems("cards") == ["cards: no card files (*.yaml or *.yml) in this folder"]


def test_missing_bundled_folder(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("backlands._loader.bundled_cards", lambda: here / "gone")
    assert problems(None) == [f"{here / 'gone'}: the bundled card folder is missing"]


def test_unreadable_file(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Runs as root too (where chmod 0 still reads): the read itself is made to fail.
    path = write("core.yaml", card_file())
    real = os.open

    def refuse(name: str, flags: int, *args: int) -> int:
        if Path(name).name == path.name:
            raise PermissionError(13, "Permission denied", name)
        return real(name, flags, *args)

    monkeypatch.setattr(os, "open", refuse)
    assert problems() == ["cards/core.yaml: cannot read: Permission denied"]


# --------------------------------------------------------------------------- whole files


def test_invalid_yaml(here: Path) -> None:
    write("core.yaml", "cards:\n  - id: x\n    name: [unclosed\n")
    assert problems() == [
        "cards/core.yaml:4: invalid YAML, column 1: did not find expected ',' or ']'"
    ]


def test_python_tag_refused(here: Path) -> None:
    write("core.yaml", "cards:\n  - !!python/object:os.system {}\n")
    assert problems() == [
        "cards/core.yaml:2: cards[0]: the YAML tag !!python/object:os.system is not allowed "
        "(only plain YAML data)"
    ]


def test_billion_laughs_refused_quickly(here: Path) -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    write("core.yaml", "\n".join(lines) + "\n")
    start = time.perf_counter()
    found = problems()
    assert time.perf_counter() - start < 5
    assert found == [
        "cards/core.yaml:1: refused: the file's anchors and aliases expand to more than "
        "200,000 values (a 'billion laughs' file?)"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cards: &x [*x]\n", "cards/core.yaml:1: cards[0]"),
        ("cards:\n  - &x {id: a, abilities: [{when: attacks, effects: *x}]}\n", None),
    ],
)
def test_recursive_anchor_is_a_problem_not_a_traceback(
    here: Path, text: str, expected: str | None
) -> None:
    write("core.yaml", text)
    found = problems()
    recursive = "the anchor refers to itself (a recursive YAML structure)"
    if expected is not None:
        assert found == [f"{expected}: {recursive}"]
    else:
        assert found[0] == f"cards/core.yaml:2: cards[0].abilities[0].effects: {recursive}"


def test_merge_bomb_refused_quickly(here: Path) -> None:
    lines = ["a0: &a0 {" + ", ".join(f"k{i}: {i}" for i in range(9)) + "}"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} {{<<: [" + ", ".join([f"*a{i - 1}"] * 9) + "]}")
    write("core.yaml", "cards:\n  - " + "\n    ".join(lines) + "\n")
    start = time.perf_counter()
    found = problems()
    assert time.perf_counter() - start < 1
    merge = "merge keys ('<<') are not supported; write the keys out in full"
    assert [p for p in found if "<<" in p] == [
        f"cards/core.yaml:{i + 2}: cards[0].a{i}.<<: {merge}" for i in range(1, 10)
    ]


def test_a_merge_key_in_a_card_is_refused(here: Path) -> None:
    write(
        "core.yaml",
        "cards:\n  - &base\n    id: ember-blade\n"
        + WEAPON.split("\n", 1)[1]
        + "  - <<: *base\n    id: other\n",
    )
    found = problems()
    assert found[0] == (
        "cards/core.yaml:13: cards[1].<<: merge keys ('<<') are not supported; "
        "write the keys out in full"
    )
    assert found[1:] == [  # the merged keys are not read
        f"cards/core.yaml:13: cards[1].{key}: required field is missing"
        for key in ("name", "type", "primal_cost", "rarity", "set", "number", "year")
    ]


def test_not_utf8(here: Path) -> None:
    Path("cards/core.yaml").write_bytes(b"cards:\n  - name: \xff\xfe\n")
    assert problems() == ["cards/core.yaml:2: not UTF-8 text (invalid start byte at byte 18)"]


def test_utf8_with_a_byte_order_mark(here: Path) -> None:
    Path("cards/core.yaml").write_bytes(b"\xef\xbb\xbf" + card_file().encode())
    assert [c.id for c in load_cards("cards")] == ["ember-blade"]


def test_not_utf8_after_a_byte_order_mark_counts_the_mark(here: Path) -> None:
    Path("cards/core.yaml").write_bytes(b"\xef\xbb\xbfcards:\n  - name: \xff\n")
    assert problems() == ["cards/core.yaml:2: not UTF-8 text (invalid start byte at byte 21)"]


@pytest.mark.parametrize(
    ("text", "got"),
    [("- ember-blade\n", "a list"), ("ember-blade\n", "'ember-blade'"), ("3\n", "3")],
)
def test_file_must_be_a_mapping(here: Path, text: str, got: str) -> None:
    write("core.yaml", text)
    assert problems() == [
        "cards/core.yaml:1: a card file must be a mapping with 'cards:' and/or "
        f"'characters:', got {got}"
    ]


def test_unknown_top_level_key(here: Path) -> None:
    write("core.yaml", card_file() + "card:\n  - x\n")
    assert problems() == [
        "cards/core.yaml:12: card: unknown key 'card' (did you mean 'cards'?); "
        "a card file holds only 'cards:' and 'characters:'"
    ]


def test_cards_must_be_a_list(here: Path) -> None:
    write("core.yaml", "cards:\n  id: ember-blade\n")
    assert problems() == ["cards/core.yaml:1: cards: must be a list, got a mapping"]


def test_card_must_be_a_mapping(here: Path) -> None:
    write("core.yaml", "cards:\n  - ember-blade\n")
    assert problems() == [
        "cards/core.yaml:2: cards[0]: must be a mapping of keys to values, got 'ember-blade'"
    ]


def test_duplicate_key_in_a_mapping(here: Path) -> None:
    write("core.yaml", card_file("name: Ember Blade") + "    damage: 4\n")
    assert problems() == [
        "cards/core.yaml:12: cards[0].damage: this key appears twice in the same mapping"
    ]


# --------------------------------------------------------------------------- card fields


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            "dammage: 3",
            "cards/core.yaml:12: cards[0].dammage: unknown key 'dammage' (did you mean 'damage'?)",
        ),
        ("-name", "cards/core.yaml:2: cards[0].name: required field is missing"),
        ("-year", "cards/core.yaml:2: cards[0].year: required field is missing"),
        (
            "type: sword",
            "cards/core.yaml:4: cards[0].type: must be one of weapon, creature, armour, "
            "instant_spell, attach_spell, active_spell, got 'sword'",
        ),
        (
            "rarity: commn",
            "cards/core.yaml:8: cards[0].rarity: must be one of common, uncommon, rare, "
            "legendary, mythical, got 'commn' (did you mean 'common'?)",
        ),
        ("-damage", "cards/core.yaml:2: cards[0].damage: required for a weapon"),
        ("damage:", "cards/core.yaml:6: cards[0].damage: required for a weapon, got nothing"),
        ("-durability", "cards/core.yaml:2: cards[0].durability: required for a weapon"),
        (
            "durability: x",
            "cards/core.yaml:7: cards[0].durability: must be an integer >= 1, got 'x'",
        ),
        ("durability: 0", "cards/core.yaml:7: cards[0].durability: must be an integer >= 1, got 0"),
        ("damage: -1", "cards/core.yaml:6: cards[0].damage: must be an integer >= 0, got -1"),
        (
            "primal_cost: '2'",
            "cards/core.yaml:5: cards[0].primal_cost: must be an integer >= 0, got '2'",
        ),
        (
            "primal_cost: true",
            "cards/core.yaml:5: cards[0].primal_cost: must be an integer >= 0, got true",
        ),
        (
            "primal_cost: 2.0",
            "cards/core.yaml:5: cards[0].primal_cost: must be an integer >= 0, got 2.0",
        ),
        (
            "year: 2026-01-01",
            "cards/core.yaml:11: cards[0].year: must be an integer, got the date 2026-01-01",
        ),
        (
            "number: 101",
            "cards/core.yaml:10: cards[0].number: must be an integer from 1 to 100, got 101",
        ),
        (
            "number: 0",
            "cards/core.yaml:10: cards[0].number: must be an integer from 1 to 100, got 0",
        ),
        (
            "id: Ember_Blade",
            "cards/core.yaml:2: cards[0].id: must be a slug of lowercase letters, digits and "
            "single hyphens (like 'ember-blade'), got 'Ember_Blade'",
        ),
        ("name: ' '", "cards/core.yaml:3: cards[0].name: must not be empty"),
        ("name: 42", "cards/core.yaml:3: cards[0].name: must be a text string, got 42"),
        (
            "year: '" + "9" * 70 + "'",
            "cards/core.yaml:11: cards[0].year: must be an integer, got '" + "9" * 55 + "...'",
        ),
        ("set:", "cards/core.yaml:9: cards[0].set: must be a text string, got nothing"),
        ("text: [a]", "cards/core.yaml:12: cards[0].text: must be a text string, got a list"),
        ("abilities: {}", "cards/core.yaml:12: cards[0].abilities: must be a list, got a mapping"),
    ],
)
def test_card_field_problems(here: Path, change: str, expected: str) -> None:
    write("core.yaml", card_file(change))
    assert problems() == [expected]


TYPED = """\
cards:
  - id: plate
    name: Plate
    type: TYPE
    primal_cost: 1
    durability: 2
    rarity: common
    set: ORI
    number: 1
    year: 2026
"""


@pytest.mark.parametrize(
    ("card_type", "change", "expected"),
    [
        ("armour", "damage: 1", "cards/core.yaml:6: cards[0].damage: an armour has no 'damage'"),
        (
            "active_spell",
            "damage: 2",
            "cards/core.yaml:6: cards[0].damage: an active_spell has no 'damage'",
        ),
        (
            "instant_spell",
            None,
            "cards/core.yaml:6: cards[0].durability: an instant_spell has no 'durability'",
        ),
        (
            "attach_spell",
            None,
            "cards/core.yaml:6: cards[0].durability: an attach_spell has no 'durability'",
        ),
        ("creature", None, "cards/core.yaml:2: cards[0].damage: required for a creature"),
        (
            "active_spell",
            "-durability",
            "cards/core.yaml:2: cards[0].durability: required for an active_spell",
        ),
    ],
)
def test_per_type_fields(here: Path, card_type: str, change: str | None, expected: str) -> None:
    text = TYPED.replace("TYPE", card_type)
    if change == "-durability":
        text = text.replace("    durability: 2\n", "")
    elif change:
        text = text.replace("    durability: 2\n", f"    {change}\n    durability: 2\n")
    write("core.yaml", text)
    assert problems() == [expected]


def test_spells_without_stats_load(here: Path) -> None:
    write("a.yaml", TYPED.replace("TYPE", "instant_spell").replace("    durability: 2\n", ""))
    write(
        "b.yaml",
        TYPED.replace("TYPE", "armour")
        .replace("number: 1", "number: 2")
        .replace("plate", "mail")
        .replace("Plate", "Mail"),
    )
    db = load_cards("cards")
    assert db["plate"].durability is None and db["plate"].damage is None
    assert db["mail"].durability == 2 and db["mail"].damage is None


def test_every_problem_of_a_card_is_reported(here: Path) -> None:
    write("core.yaml", card_file("type: armour", "rarity: shiny", "number: 0"))
    assert problems() == [
        "cards/core.yaml:6: cards[0].damage: an armour has no 'damage'",
        "cards/core.yaml:8: cards[0].rarity: must be one of common, uncommon, rare, legendary, "
        "mythical, got 'shiny'",
        "cards/core.yaml:10: cards[0].number: must be an integer from 1 to 100, got 0",
    ]


# --------------------------------------------------------------------------- abilities


# every name of a registry, in its order, as the loader lists them (from the registry, so
# that a new effect, trigger or target changes no test here)
_EFFECTS = ", ".join(EFFECTS)
_TRIGGERS = ", ".join(str(t) for t in Trigger)
_PLAYER_TARGETS = ", ".join(str(t) for t in PlayerTarget)


@pytest.mark.parametrize(
    ("abilities", "expected"),
    [
        (
            "[{when: attacks, effects: [{effect: poisen}]}]",
            f"cards[0].abilities[0].effects[0].effect: must be one of {_EFFECTS}, got 'poisen' "
            "(did you mean 'poison'?)",
        ),
        (
            "[{when: attacks, effects: [{target: self}]}]",
            f"cards[0].abilities[0].effects[0].effect: required field is missing (one of "
            f"{_EFFECTS})",
        ),
        (
            "[{when: attacks, effects: [{effect: damage}]}]",
            "cards[0].abilities[0].effects[0].amount: required field is missing",
        ),
        (
            "[{when: attacks, effects: [{effect: draw, count: 0}]}]",
            "cards[0].abilities[0].effects[0].count: must be an integer >= 1, got 0",
        ),
        (
            "[{when: attacks, effects: [{effect: draw, target: me}]}]",
            f"cards[0].abilities[0].effects[0].target: must be one of {_PLAYER_TARGETS}, got 'me'",
        ),
        (
            "[{when: attacks, effects: [{effect: destroy, slot: hand}]}]",
            "cards[0].abilities[0].effects[0].slot: must be one of weapon, armour, creature, "
            "spell, got 'hand'",
        ),
        (
            "[{when: attacks, effects: [{effect: damage, amount: 1, defendable: 'no'}]}]",
            "cards[0].abilities[0].effects[0].defendable: must be true or false, got 'no'",
        ),
        (
            "[{when: attacks, effects: [{effect: boost, stat: damage, amount: 0}]}]",
            "cards[0].abilities[0].effects[0].amount: must be a nonzero integer, got 0",
        ),
        (
            "[{when: attacks, effects: [{effect: poison, count: 2}]}]",
            "cards[0].abilities[0].effects[0].count: unknown key 'count'",
        ),
        (
            "[{when: attack, effects: [{effect: poison}]}]",
            f"cards[0].abilities[0].when: must be one of {_TRIGGERS}, got 'attack' "
            "(did you mean 'attacks'?)",
        ),
        (
            "[{when: attacks, effects: []}]",
            "cards[0].abilities[0].effects: must list at least one item",
        ),
        ("[{when: attacks}]", "cards[0].abilities[0].effects: required field is missing"),
        (
            "[{effects: [{effect: poison}]}]",
            "cards[0].abilities[0]: an ability needs either 'when' (a trigger, with 'effects') "
            "or 'while_equipped' (a list of modifiers)",
        ),
        (
            "[{when: attacks, effects: [{effect: poison}], while_equipped: []}]",
            "cards[0].abilities[0]: an ability has either 'when' or 'while_equipped', not both",
        ),
        (
            "[{while_equipped: [{modifier: card_stats, stat: damage, amount: 1}]}]",
            "cards[0].abilities[0].while_equipped[0].modifier: must be one of card_stat, "
            "player_stat, immune, got 'card_stats' (did you mean 'card_stat'?)",
        ),
        (
            "[{while_equipped: [{modifier: card_stat, stat: damage, amount: 1, whose: mine}]}]",
            "cards[0].abilities[0].while_equipped[0].whose: must be one of own, opponents, all, "
            "got 'mine'",
        ),
        (
            "[{while_equipped: [{modifier: immune, keyword: fire}]}]",
            "cards[0].abilities[0].while_equipped[0].keyword: must be one of poison, curse, "
            "steal, got 'fire'",
        ),
        (
            "[{while_equipped: [{modifier: player_stat, stat: hand_size, amount: 1}]}]",
            "cards[0].abilities[0].while_equipped[0].stat: must be one of starting_inventory, "
            "draws_per_turn, got 'hand_size'",
        ),
        (
            "[{while_equipped: [{modifier: card_stat, stat: damage, amount: 1, "
            "cards: {kind: weapon}}]}]",
            "cards[0].abilities[0].while_equipped[0].cards.kind: unknown key 'kind'",
        ),
        ("[poison]", "cards[0].abilities[0]: must be a mapping of keys to values, got 'poison'"),
    ],
)
def test_ability_problems(here: Path, abilities: str, expected: str) -> None:
    write("core.yaml", card_file(f"abilities: {abilities}"))
    assert problems() == [f"cards/core.yaml:12: {expected}"]


# --------------------------------------------------------------------------- characters


CHARACTER = """\
characters:
  - id: dust-warden
    name: Dust Warden
    pro:
      text: Your weapons deal 1 more damage.
    con:
      text: CON
      deck_rules:
        - RULE
"""


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (
            "{cards: {type: weapon}}",
            "characters[0].con.deck_rules[0]: a deck rule needs exactly one of max_copies, "
            "forbid, at_most, at_least; found none",
        ),
        (
            "{cards: {type: weapon}, at_most: 2, at_least: 1}",
            "characters[0].con.deck_rules[0]: a deck rule needs exactly one of max_copies, "
            "forbid, at_most, at_least; found 'at_most' and 'at_least'",
        ),
        ("{max_copies: 2}", "characters[0].con.deck_rules[0].cards: required field is missing"),
        (
            "{cards: {type: weapon}, max_copies: -1}",
            "characters[0].con.deck_rules[0].max_copies: must be an integer >= 0, got -1",
        ),
        (
            "{cards: {type: weapon}, forbid: false}",
            "characters[0].con.deck_rules[0].forbid: must be true (leave the rule out to allow "
            "the cards), got false",
        ),
        (
            "{cards: {type: [weapon, sword]}, forbid: true}",
            "characters[0].con.deck_rules[0].cards.type[1]: must be one of weapon, creature, "
            "armour, instant_spell, attach_spell, active_spell, got 'sword'",
        ),
        (
            "{cards: {rarity: []}, forbid: true}",
            "characters[0].con.deck_rules[0].cards.rarity: must be a value or a non-empty list "
            "of values, got an empty list",
        ),
        (
            "{cards: {name: Ember Blade}, forbid: true}",
            "characters[0].con.deck_rules[0].cards.name: unknown key 'name'",
        ),
        (
            "{cards: weapon, forbid: true}",
            "characters[0].con.deck_rules[0].cards: must be a mapping of keys to values, "
            "got 'weapon'",
        ),
        (
            "{cards: {id: ember-blad}, forbid: true}",
            "characters[0].con.deck_rules[0].cards.id: no card has the id 'ember-blad' "
            "(did you mean 'ember-blade'?)",
        ),
    ],
)
def test_deck_rule_problems(here: Path, rule: str, expected: str) -> None:
    write("a.yaml", card_file())
    write("b.yaml", CHARACTER.replace("RULE", rule).replace("CON", "A con."))
    assert problems() == [f"cards/b.yaml:9: {expected}"]


def test_character_problems(here: Path) -> None:
    write(
        "core.yaml",
        """\
        characters:
          - id: Dust Warden
            pro: {text: ''}
            con: {text: x, modifiers: [{modifier: player_stat, stat: draws_per_turn}]}
            flavour: dusty
          - just a name
        """,
    )
    assert problems() == [
        "cards/core.yaml:2: characters[0].id: must be a slug of lowercase letters, digits and "
        "single hyphens (like 'ember-blade'), got 'Dust Warden'",
        "cards/core.yaml:2: characters[0].name: required field is missing",
        "cards/core.yaml:3: characters[0].pro.text: must not be empty",
        "cards/core.yaml:4: characters[0].con.modifiers[0].amount: required field is missing",
        "cards/core.yaml:5: characters[0].flavour: unknown key 'flavour'",
        "cards/core.yaml:6: characters[1]: must be a mapping of keys to values, got 'just a name'",
    ]


def test_unknown_selector_id_in_a_card_modifier(here: Path) -> None:
    write(
        "core.yaml",
        card_file(
            "abilities: [{while_equipped: [{modifier: card_stat, stat: damage, amount: 1, "
            "cards: {id: [ember-blade, nope]}}]}]"
        ),
    )
    assert problems() == [
        "cards/core.yaml:12: cards[0].abilities[0].while_equipped[0].cards.id[1]: "
        "no card has the id 'nope'"
    ]


# --------------------------------------------------------------------------- across files


def test_duplicates_across_files_name_the_first(here: Path) -> None:
    write("a.yaml", card_file())
    write("b.yaml", card_file("id: ember-blade-2", "name: EMBER BLADE"))
    write("c.yaml", card_file("id: ember-blade", "name: Other", "number: 2"))
    write("d.yaml", CHARACTER.replace("        - RULE\n", "").replace("      deck_rules:\n", ""))
    write(
        "e.yaml",
        "\n"
        + CHARACTER.replace("        - RULE\n", "")
        .replace("      deck_rules:\n", "")
        .replace("Dust Warden", "dust warden"),
    )
    assert problems() == [
        "cards/b.yaml:3: cards[0].name: duplicate card name 'EMBER BLADE' "
        "(the first card with it is at cards/a.yaml:3)",
        "cards/b.yaml:10: cards[0].number: duplicate card number 1 in set 'ORI' "
        "(the first card with it is at cards/a.yaml:10)",
        "cards/c.yaml:2: cards[0].id: duplicate card id 'ember-blade' "
        "(the first card with it is at cards/a.yaml:2)",
        "cards/e.yaml:3: characters[0].id: duplicate character id 'dust-warden' "
        "(the first character with it is at cards/d.yaml:2)",
        "cards/e.yaml:4: characters[0].name: duplicate character name 'dust warden' "
        "(the first character with it is at cards/d.yaml:3)",
    ]


def test_duplicates_within_one_file(here: Path) -> None:
    write(
        "a.yaml",
        card_file()
        + WEAPON.replace("number: 1", "number: 2").replace("ember-blade", "ember-blade-2"),
    )
    assert problems() == [
        "cards/a.yaml:13: cards[1].name: duplicate card name 'Ember Blade' "
        "(the first card with it is at cards/a.yaml:3)"
    ]


def test_duplicates_are_found_even_in_cards_with_other_problems(here: Path) -> None:
    write(
        "a.yaml",
        card_file() + WEAPON.replace("Ember Blade", "Other").replace("    durability: 4\n", ""),
    )
    assert problems() == [
        "cards/a.yaml:12: cards[1].durability: required for a weapon",
        "cards/a.yaml:12: cards[1].id: duplicate card id 'ember-blade' "
        "(the first card with it is at cards/a.yaml:2)",
        "cards/a.yaml:19: cards[1].number: duplicate card number 1 in set 'ORI' "
        "(the first card with it is at cards/a.yaml:10)",
    ]


def test_duplicates_use_each_valid_field_and_skip_invalid_ones(here: Path) -> None:
    write("a.yaml", card_file("rarity: shiny"))  # the first card is the bad one
    write(
        "b.yaml",
        card_file("id: ember-blade", "name: ' '", "number: 1", "set: 3")  # id only
        + WEAPON.replace("ember-blade", "Ember_Blade").replace("number: 1", "number: 101"),
    )
    found = problems()
    assert [p for p in found if "duplicate" in p] == [
        "cards/b.yaml:2: cards[0].id: duplicate card id 'ember-blade' "
        "(the first card with it is at cards/a.yaml:2)",
        "cards/b.yaml:13: cards[1].name: duplicate card name 'Ember Blade' "
        "(the first card with it is at cards/a.yaml:3)",
    ]


def test_character_duplicates_in_characters_with_other_problems(here: Path) -> None:
    write(
        "a.yaml",
        """\
        characters:
          - id: dust-warden
            name: Dust Warden
            pro: {text: x}
          - id: dust-warden
            name: DUST WARDEN
            pro: {text: x}
            con: {text: y}
        """,
    )
    assert problems() == [
        "cards/a.yaml:2: characters[0].con: required field is missing",
        "cards/a.yaml:5: characters[1].id: duplicate character id 'dust-warden' "
        "(the first character with it is at cards/a.yaml:2)",
        "cards/a.yaml:6: characters[1].name: duplicate character name 'DUST WARDEN' "
        "(the first character with it is at cards/a.yaml:3)",
    ]


def test_a_selector_may_name_a_card_that_has_other_problems(here: Path) -> None:
    write("a.yaml", card_file("rarity: shiny"))
    write("b.yaml", CHARACTER.replace("RULE", "{cards: {id: ember-blade}, forbid: true}"))
    assert problems() == [
        "cards/a.yaml:8: cards[0].rarity: must be one of common, uncommon, rare, legendary, "
        "mythical, got 'shiny'"
    ]


def test_every_problem_in_every_file_in_one_pass(here: Path) -> None:
    write(
        "a.yaml",
        card_file("damage: x")
        + WEAPON.replace("ember-blade", "x_y")
        .replace("number: 1", "number: 2")
        .replace("Ember Blade", "Other"),
    )
    write("b.yaml", "cards: [\n")
    write("c.yaml", card_file("id: third", "name: Third", "number: 3", "rarity: rar"))
    found = problems()
    assert found == [
        "cards/a.yaml:6: cards[0].damage: must be an integer >= 0, got 'x'",
        "cards/a.yaml:12: cards[1].id: must be a slug of lowercase letters, digits and "
        "single hyphens (like 'ember-blade'), got 'x_y'",
        "cards/b.yaml:2: invalid YAML, column 1: did not find expected node content",
        "cards/c.yaml:8: cards[0].rarity: must be one of common, uncommon, rare, legendary, "
        "mythical, got 'rar' (did you mean 'rare'?)",
    ]
    with pytest.raises(CardDatabaseError, match=r"card database has 4 problems:\n"):
        load_cards("cards")


# --------------------------------------------------------------------------- docs examples


def yaml_blocks(markdown: str) -> list[str]:
    """The YAML examples meant to load: every ```yaml block but the error examples."""
    found = re.finditer(r"(<!-- error example -->\s*)?```yaml\n(.*?)```", markdown, re.DOTALL)
    return [match[2] for match in found if not match[1]]


def test_every_yaml_example_in_the_card_format_doc_loads(tmp_path: Path) -> None:
    blocks = yaml_blocks(DOCS.read_text())
    assert blocks
    for index, block in enumerate(blocks):
        path = tmp_path / f"example-{index}.yaml"
        path.write_text(block)
        try:
            load_cards(path)
        except CardDatabaseError as error:  # pragma: no cover - shows which example broke
            pytest.fail(f"example {index} of docs/card-format.md does not load:\n{error}\n{block}")


def test_every_error_example_in_the_card_format_doc_is_real(here: Path) -> None:
    """Blocks marked ``<!-- error example -->`` are followed by their exact problems."""
    pairs = re.findall(
        r"<!-- error example -->\s*```yaml\n(.*?)```\s*```text\n(.*?)```",
        DOCS.read_text(),
        re.DOTALL,
    )
    assert pairs
    for bad, expected in pairs:
        Path("cards/core.yaml").write_text(bad)
        with pytest.raises(CardDatabaseError) as caught:
            load_cards("cards")
        assert str(caught.value) == expected.rstrip("\n")


# --------------------------------------------------------------------------- fuzzing

CARD_KEYS = [
    "id", "name", "type", "primal_cost", "damage", "durability", "rarity", "set", "number",
    "year", "text", "abilities", "when", "effects", "effect", "while_equipped", "modifier",
    "cards", "characters", "pro", "con", "deck_rules", "modifiers", "max_copies", "forbid",
    "at_most", "at_least", "target", "amount", "count", "slot", "stat", "keyword", "whose",
]  # fmt: skip
WORDS = [
    "weapon", "armour", "instant_spell", "common", "poison", "damage", "draw", "attacks",
    "card_stat", "immune", "self", "this", "ORI", "ember-blade",
]  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=True),
    st.sampled_from(WORDS),
    st.text(max_size=10),
)
yamlish = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.one_of(st.sampled_from(CARD_KEYS), st.text(max_size=5)), children, max_size=6
        ),
    ),
    max_leaves=30,
)


def _load_text(text: str | bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
        try:
            load_cards(path)
        except CardDatabaseError as error:
            assert error.problems
            assert all(str(p) for p in error.problems)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), st.binary()))
def test_fuzz_arbitrary_text_only_raises_card_database_error(text: str | bytes) -> None:
    _load_text(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.sampled_from(["cards", "characters", "x"]), st.lists(yamlish, max_size=3))
)
def test_fuzz_yamlish_data_only_raises_card_database_error(data: dict[str, object]) -> None:
    _load_text(yaml.safe_dump(data))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["cards", "characters"]),
    st.lists(st.tuples(st.sampled_from(CARD_KEYS), yamlish), min_size=1, max_size=3),
)
def test_fuzz_mutated_valid_files_only_raise_card_database_error(
    section: str, changes: list[tuple[str, object]]
) -> None:
    data = yaml.safe_load(EXAMPLE)
    item = data[section][0]
    for key, value in changes:
        item[key] = value
    _load_text(yaml.safe_dump(data))
