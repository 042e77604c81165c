"""Converter holes found by mutation testing (issue 12): the range of every number with its
exact message, a trait's abilities, wrong effect and modifier tags, and what structure_at
says when structuring fails in an unexpected way (docs/card-format.md, "Limits"). Since
the second run of the converter's survivors: unknown keys that are not text (their line,
path and how they are shown), long values cut in messages, huge numbers shown by their size,
a tag that does not match the class, the order of ``card_to_data`` and a card file whose
``cards:`` is empty or wrong next to its ``characters:``."""

from __future__ import annotations

from pathlib import Path

import pytest

from backlands import CardDatabaseError, card_to_data, load_cards
from backlands._converter import LIMITS, _Group, converter, structure_at
from backlands._yaml import YamlDocument
from backlands.errors import LoadProblem
from backlands.keywords import EFFECTS
from backlands.model import (
    Card,
    CardStatModifier,
    Cure,
    Draw,
    Effect,
    Trait,
    Trigger,
    TriggeredAbility,
)
from backlands.terms import ITEMS
from cardfiles import problems, write

WEAPON = """\
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
"""

#: The line of each field of the weapon above.
LINE = {"primal_cost": 5, "damage": 6, "durability": 7, "number": 10, "year": 11}


def weapon(**fields: object) -> str:
    text = WEAPON
    for key, value in fields.items():
        text = text.replace(f"    {key}: ", f"    {key}: {value} #")
    return text


def ability(effect: str) -> str:
    """The weapon with one ability (on line 13) of this effect or modifier."""
    if effect.startswith("{modifier"):
        return WEAPON + f"    abilities:\n      - {{while_equipped: [{effect}]}}\n"
    return WEAPON + f"    abilities:\n      - {{when: attacks, effects: [{effect}]}}\n"


# --------------------------------------------------------------------------- card numbers


@pytest.mark.parametrize(
    ("field", "value", "wanted"),
    [
        ("damage", 100, "an integer from 0 to 99"),
        ("primal_cost", 100, "an integer from 0 to 99"),
        ("durability", 100, "an integer from 1 to 99"),
        ("year", 10_000, "an integer from 1000 to 9999"),
        ("year", 999, "an integer from 1000 to 9999"),
        ("number", 101, "an integer from 1 to 100"),
        ("number", 0, "an integer from 1 to 100"),
        ("damage", -1, "an integer >= 0"),
        ("primal_cost", -1, "an integer >= 0"),
        ("durability", 0, "an integer >= 1"),
        ("year", "'2026'", "an integer"),
    ],
)
def test_a_card_number_out_of_its_range_is_refused_with_the_range(
    here: Path, field: str, value: object, wanted: str
) -> None:
    """docs/card-format.md, "Limits": the message names the allowed range."""
    write(weapon(**{field: value}))
    got = value.strip("'") if isinstance(value, str) else value
    shown = repr(got) if isinstance(got, str) else got
    assert problems() == [
        f"cards/core.yaml:{LINE[field]}: cards[0].{field}: must be {wanted}, got {shown}"
    ]


def test_the_highest_and_lowest_card_numbers_load(here: Path) -> None:
    write(weapon(damage=99, primal_cost=99, durability=99, number=100, year=9999))
    card = load_cards("cards")["ember-blade"]
    assert (card.damage, card.primal_cost, card.durability, card.number, card.year) == (
        99,
        99,
        99,
        100,
        9999,
    )
    write(weapon(damage=0, primal_cost=0, durability=1, number=1, year=1000))
    card = load_cards("cards")["ember-blade"]
    assert (card.damage, card.primal_cost, card.durability, card.number, card.year) == (
        0,
        0,
        1,
        1,
        1000,
    )


def test_the_limits_are_those_the_docs_give() -> None:
    """docs/card-format.md, "Limits" (the JSON Schema says the same)."""
    assert LIMITS == {
        "primal_cost": (0, 99),
        "damage": (0, 99),
        "durability": (1, 99),
        "number": (1, 100),
        "year": (1000, 9999),
        "count": (1, 99),
        "amount": (1, 99),
        "signed_amount": (-99, 99),
        "deck_rule": (0, 999),
        "value": (0, 99),
    }
    assert ITEMS == {"modes": (2, 6), "costs": (1, 4)}


# --------------------------------------------------------------------------- effect numbers


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ("{effect: draw, count: 100}", "count: must be an integer from 1 to 99, got 100"),
        ("{effect: draw, count: 0}", "count: must be an integer >= 1, got 0"),
        ("{effect: damage, amount: 100}", "amount: must be an integer from 1 to 99, got 100"),
        ("{effect: repair, amount: 0}", "amount: must be an integer >= 1, got 0"),
        (
            "{effect: boost, stat: damage, amount: 100}",
            "amount: must be a nonzero integer from -99 to 99, got 100",
        ),
        (
            "{effect: boost, stat: damage, amount: -100}",
            "amount: must be a nonzero integer from -99 to 99, got -100",
        ),
        ("{effect: boost, stat: damage, amount: 0}", "amount: must be a nonzero integer, got 0"),
        ("{effect: boost, stat: damage, amount: x}", "amount: must be a nonzero integer, got 'x'"),
    ],
)
def test_an_effect_number_out_of_its_range_is_refused_with_the_range(
    here: Path, effect: str, message: str
) -> None:
    write(ability(effect))
    assert problems() == [f"cards/core.yaml:13: cards[0].abilities[0].effects[0].{message}"]


@pytest.mark.parametrize(
    "effect",
    [
        "{effect: draw, count: 99}",
        "{effect: damage, amount: 1}",
        "{effect: boost, stat: damage, amount: 99}",
        "{effect: boost, stat: damage, amount: -99}",
    ],
)
def test_effect_numbers_at_the_ends_of_their_range_load(here: Path, effect: str) -> None:
    write(ability(effect))
    assert len(load_cards("cards")["ember-blade"].abilities) == 1


def test_a_deck_rule_count_of_1000_is_refused_and_999_loads(here: Path) -> None:
    """RULINGS 2.3: a deck rule count is 0 to 999."""
    character = (
        "characters:\n  - id: hero\n    name: Hero\n    pro: {text: x}\n"
        "    con: {text: y, deck_rules: [{cards: {}, at_most: COUNT}]}\n"
    )
    write(WEAPON + character.replace("COUNT", "999"))
    assert load_cards("cards").character("hero").con.deck_rules[0].at_most == 999
    write(WEAPON + character.replace("COUNT", "1000"))
    assert problems() == [
        "cards/core.yaml:16: characters[0].con.deck_rules[0].at_most: must be an integer "
        "from 0 to 999, got 1000"
    ]


# --------------------------------------------------------------------------- tags


TAGS = ", ".join(EFFECTS)  # every effect's name, in the registry's order


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ("{effect: poisn}", f"must be one of {TAGS}, got 'poisn' (did you mean 'poison'?)"),
        ("{effect: zap}", f"must be one of {TAGS}, got 'zap'"),
        ("{effect: 5}", f"must be one of {TAGS}, got 5"),
        ("{effect: [poison]}", f"must be one of {TAGS}, got a list"),
    ],
)
def test_a_wrong_effect_tag_is_refused_with_the_tags(here: Path, effect: str, message: str) -> None:
    write(ability(effect))
    assert problems() == [f"cards/core.yaml:13: cards[0].abilities[0].effects[0].effect: {message}"]


def test_a_missing_effect_tag_names_the_tags(here: Path) -> None:
    write(ability("{count: 1}"))
    assert problems() == [
        "cards/core.yaml:13: cards[0].abilities[0].effects[0].effect: required field is "
        f"missing (one of {TAGS})"
    ]


def test_a_wrong_modifier_tag_is_refused_with_the_tags(here: Path) -> None:
    write(ability("{modifier: imune, keyword: curse}"))
    assert problems() == [
        "cards/core.yaml:13: cards[0].abilities[0].while_equipped[0].modifier: must be one of "
        "card_stat, player_stat, immune, got 'imune' (did you mean 'immune'?)"
    ]


# --------------------------------------------------------------------------- trait abilities


def character(pro: str) -> str:
    """The weapon and a character whose PRO is ``pro`` (on line 15)."""
    return (
        WEAPON
        + "characters:\n  - id: hero\n    name: Hero\n"
        + f"    pro: {pro}\n"
        + "    con: {text: y}\n"
    )


def test_a_trait_abilities_that_is_not_a_list_is_refused(here: Path) -> None:
    write(character("{text: x, abilities: 5}"))
    assert problems() == ["cards/core.yaml:15: characters[0].pro.abilities: must be a list, got 5"]
    write(character("{text: x, abilities: {when: start_of_turn}}"))
    assert problems() == [
        "cards/core.yaml:15: characters[0].pro.abilities: must be a list, got a mapping"
    ]


def test_every_bad_trait_ability_is_reported_at_its_index(here: Path) -> None:
    write(
        character(
            "{text: x, abilities: [5, {when: start_of_turn, effects: [{effect: draw}]}, "
            "{while_equipped: [{modifier: immune, keyword: curse}]}]}"
        )
    )
    assert problems() == [
        "cards/core.yaml:15: characters[0].pro.abilities[0]: must be a mapping of keys to "
        "values, got 5",
        "cards/core.yaml:15: characters[0].pro.abilities[2].while_equipped: a character is never "
        "equipped: its ability needs 'when' and 'effects' (write modifiers that hold all game "
        "under the trait's 'modifiers')",
    ]


def test_good_trait_abilities_load_in_order(here: Path) -> None:
    write(
        character(
            "{text: x, abilities: [{when: start_of_turn, effects: [{effect: draw}]}, "
            "{when: end_of_turn, effects: [{effect: cure}]}]}"
        )
    )
    abilities = load_cards("cards").character("hero").pro.abilities
    assert [str(a.when) for a in abilities] == ["start_of_turn", "end_of_turn"]


# --------------------------------------------------------------------------- structure_at


DOC = YamlDocument("x.yaml", {"cards": [{}]}, {(): 1, ("cards",): 1, ("cards", 0): 2})


class Failing:
    """A converter whose structuring raises ``error`` (the real one has read-only methods)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def structure(self, value: object, cls: object) -> object:
        raise self.error


def structure_failing(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> list[str]:
    monkeypatch.setattr("backlands._converter.converter", Failing(error))
    value, found = structure_at(DOC, {}, ("cards", 0), Card)
    assert value is None
    return [str(p) for p in found]


def test_structure_at_reports_a_recursion_error_as_nested_too_deeply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    error = RecursionError("maximum recursion depth exceeded")
    assert structure_failing(monkeypatch, error) == ["x.yaml:2: cards[0]: nested too deeply"]


def test_structure_at_reports_an_unexpected_error_as_an_invalid_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert structure_failing(monkeypatch, ZeroDivisionError("boom")) == [
        "x.yaml:2: cards[0]: invalid value (ZeroDivisionError: boom)"
    ]


def test_structure_at_never_fails_without_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    # an error that holds no problem
    assert structure_failing(monkeypatch, _Group([])) == ["x.yaml:2: cards[0]: invalid value"]


def test_a_trait_abilities_tuple_is_read_as_a_list() -> None:
    """Data built in code may hold tuples where a file holds lists, as every list field."""
    data = {"text": "x", "abilities": ({"when": "end_of_turn", "effects": ({"effect": "cure"},)},)}
    trait = converter.structure(data, Trait)
    assert trait == Trait("x", abilities=[TriggeredAbility(Trigger.END_OF_TURN, [Cure()])])


# --------------------------------------------------------------------------- unknown keys


def test_unknown_card_keys_of_every_kind_are_named_at_their_own_line(here: Path) -> None:
    """A key that is not text is shown as written (``nothing`` for ``~``, ``true``) and
    located at its own line; the problems come in the order of the keys as text."""
    write(WEAPON + "    5: x\n    1.5: y\n    ~: z\n    true: w\n    colour: red\n")
    assert problems() == [
        "cards/core.yaml:12: cards[0][5]: unknown key 5",
        "cards/core.yaml:13: cards[0].1.5: unknown key 1.5",
        "cards/core.yaml:14: cards[0].None: unknown key nothing",
        "cards/core.yaml:15: cards[0][True]: unknown key true",
        "cards/core.yaml:16: cards[0].colour: unknown key 'colour'",
    ]


def test_unknown_top_level_keys_of_every_kind_are_named_at_their_own_line(here: Path) -> None:
    """A text key is shown whole, however long; the others as written."""
    long = "k" * 70
    write(WEAPON + f"5: x\n1.5: y\n~: z\ntrue: w\n{long}: 1\n")
    only = "a card file holds only 'cards:' and 'characters:'"
    with pytest.raises(CardDatabaseError) as caught:
        load_cards("cards")
    assert caught.value.problems == (
        LoadProblem("cards/core.yaml", 12, "[5]", f"unknown key 5; {only}"),
        LoadProblem("cards/core.yaml", 13, "1.5", f"unknown key 1.5; {only}"),
        LoadProblem("cards/core.yaml", 14, "None", f"unknown key nothing; {only}"),
        LoadProblem("cards/core.yaml", 15, "[True]", f"unknown key true; {only}"),
        LoadProblem("cards/core.yaml", 16, long, f"unknown key {long!r}; {only}"),
    )


def test_a_long_unknown_card_key_is_shown_whole(here: Path) -> None:
    long = "k" * 70
    write(WEAPON + f"    {long}: 1\n")
    assert problems() == [f"cards/core.yaml:12: cards[0].{long}: unknown key {long!r}"]


# --------------------------------------------------------------------------- values shown


def test_a_value_of_60_characters_is_shown_whole_and_61_are_cut(here: Path) -> None:
    """A wrong value is shown as written up to 60 characters (quotes included)."""
    write(weapon(damage="'" + "x" * 58 + "'"))
    assert problems() == [
        "cards/core.yaml:6: cards[0].damage: must be an integer >= 0, got '" + "x" * 58 + "'"
    ]
    write(weapon(damage="'" + "x" * 59 + "'"))
    assert problems() == [
        "cards/core.yaml:6: cards[0].damage: must be an integer >= 0, got '" + "x" * 55 + "...'"
    ]


def count_shown(count: int) -> list[str]:
    """The problems of a draw effect built in code with this count (a card file cannot hold
    a number of more than 32 characters: the YAML reader refuses it)."""
    found = structure_at(DOC, {"effect": "draw", "count": count}, ("cards", 0), Effect)[1]
    return [str(p) for p in found]


def test_a_number_of_more_than_40_digits_is_shown_by_its_size() -> None:
    # 2**132 has 133 bits and 40 digits: shown as written; 2**133 has 134 bits.
    wanted = "x.yaml:2: cards[0].count: must be an integer from 1 to 99, got "
    assert count_shown(2**132) == [wanted + str(2**132)]
    assert count_shown(2**133) == [wanted + "a number of about 40 digits"]
    assert count_shown(10**1000) == [wanted + "a number of about 1,000 digits"]


# --------------------------------------------------------------------------- tags


@pytest.mark.parametrize(
    ("value", "cls", "message"),
    [
        ({"effect": "poison"}, Draw, "must be 'draw' here, got 'poison'"),
        ({"effect": None, "count": 1}, Draw, "must be 'draw' here, got nothing"),
        (
            {"modifier": "immune", "stat": "damage", "amount": 1},
            CardStatModifier,
            "must be 'card_stat' here, got 'immune'",
        ),
    ],
)
def test_a_tag_that_does_not_match_the_class_structured_is_refused_at_the_tag(
    value: dict[str, object], cls: type, message: str
) -> None:
    """Structured directly (as ``card_to_data`` writes it), a value keeps its tag, which
    must be its own."""
    tag = next(iter(value))
    assert structure_at(DOC, value, ("cards", 0), cls) == (
        None,
        [LoadProblem("x.yaml", 2, f"cards[0].{tag}", message)],
    )


def test_a_value_with_its_own_tag_is_structured() -> None:
    assert structure_at(DOC, {"effect": "draw", "count": 2}, ("cards", 0), Draw) == (
        Draw(count=2),
        [],
    )


# --------------------------------------------------------------------------- card_to_data


def test_card_to_data_lists_the_fields_in_card_file_order(here: Path) -> None:
    """docs/card-format.md, "Cards back to data": damage and durability after the cost,
    as a card file writes them (not the model's order)."""
    write(
        weapon(rarity="rare")
        + "    text: Hot.\n    abilities: [{when: attacks, effects: [{effect: draw}]}]\n"
    )
    data = card_to_data(load_cards("cards")["ember-blade"])
    assert list(data) == [
        "id",
        "name",
        "type",
        "primal_cost",
        "damage",
        "durability",
        "rarity",
        "set",
        "number",
        "year",
        "text",
        "abilities",
    ]


# --------------------------------------------------------------------------- file shape


CHARACTERS = (
    "characters:\n"
    "  - {id: hero, name: Hero, pro: {text: x}, con: {text: y}}\n"
    "  - {id: Bad, name: Bad, pro: {text: x}, con: {text: y}}\n"
)


def test_a_file_with_an_empty_cards_key_still_reads_its_characters(here: Path) -> None:
    write("cards:\n" + CHARACTERS)
    assert problems() == [
        "cards/core.yaml:4: characters[1].id: must be a slug of lowercase letters, digits and "
        "single hyphens (like 'ember-blade'), got 'Bad'"
    ]
    write("cards:\n" + CHARACTERS.splitlines(keepends=True)[0] + CHARACTERS.splitlines()[1])
    assert [c.id for c in load_cards("cards").characters.values()] == ["hero"]


def test_a_file_whose_cards_is_not_a_list_still_reads_its_characters(here: Path) -> None:
    write("cards: 5\n" + CHARACTERS)
    assert problems() == [
        "cards/core.yaml:1: cards: must be a list, got 5",
        "cards/core.yaml:4: characters[1].id: must be a slug of lowercase letters, digits and "
        "single hyphens (like 'ember-blade'), got 'Bad'",
    ]
