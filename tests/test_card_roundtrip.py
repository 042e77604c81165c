"""Hypothesis: every model value survives unstructure -> structure, and YAML -> loader."""

from __future__ import annotations

import json
from typing import Any

import attrs
import jsonschema
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backlands._converter import EFFECTS, LIMITS, MODIFIERS, converter, structure_at
from backlands._loader import TRAIT_TRIGGERS
from backlands._resources import schema_path
from backlands._yaml import read_yaml
from backlands.keywords import COSTS
from backlands.model import (
    AtLeast,
    AtMost,
    AttacksFirstTurn,
    AttacksTwice,
    Boost,
    CannotAttack,
    CannotBeCursed,
    CannotBeDestroyed,
    CannotBeStolen,
    CannotDefend,
    CannotPlayInstants,
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    ChooseOne,
    ChoosePlayer,
    ContinuousAbility,
    Cure,
    Curse,
    Damage,
    Delayed,
    Destroy,
    Discard,
    DiscardCost,
    Draw,
    EquipFrom,
    Forbid,
    Grant,
    If,
    Immunity,
    Keyword,
    LookAtDeck,
    LookAtInventory,
    MaxCopies,
    May,
    PlayerStat,
    PlayerStatModifier,
    PlayerTarget,
    Poison,
    PreventDamage,
    PutOnDeck,
    Rarity,
    Recover,
    ReduceCardDamage,
    ReduceDamage,
    Repair,
    Return,
    ReturnCost,
    Reveal,
    Sacrifice,
    SacrificeCost,
    Search,
    Selector,
    ShuffleIntoDeck,
    Slot,
    Steal,
    Take,
    Trait,
    Trigger,
    TriggeredAbility,
    Undefendable,
    Wear,
    WearCost,
    Whose,
)
from strategies import any_effects, any_modifiers

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------- strategies

slugs = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}", fullmatch=True)
# Text that YAML keeps as written: PyYAML's emitter mangles line separators such as U+0085.
plain = st.characters(exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp"))
texts = st.text(plain, min_size=1, max_size=30).filter(str.strip)
counts = st.integers(*LIMITS["count"])
nonzero = st.integers(*LIMITS["signed_amount"]).filter(bool)
player_targets = st.sampled_from(PlayerTarget)
card_targets = st.sampled_from(CardTarget)


def some(values: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[Any, ...]]:
    return st.lists(values, max_size=3).map(tuple)


selectors = st.builds(
    Selector,
    id=some(slugs),
    type=some(st.sampled_from(CardType)),
    rarity=some(st.sampled_from(Rarity)),
    set=some(texts),
)
deck_rules = st.one_of(
    st.builds(MaxCopies, selectors, st.integers(0, 50)),
    st.builds(Forbid, selectors),
    st.builds(AtMost, selectors, st.integers(0, 50)),
    st.builds(AtLeast, selectors, st.integers(0, 50)),
)
slots = st.none() | st.sampled_from(Slot)
effects = st.one_of(
    st.builds(Draw, counts, player_targets),
    st.builds(Sacrifice, counts, player_targets),
    st.builds(Discard, counts, player_targets),
    st.builds(Damage, counts, player_targets, st.booleans()),
    st.builds(Poison, player_targets),
    st.builds(Cure, player_targets),
    st.builds(Destroy, card_targets, slots),
    st.builds(Curse, card_targets, slots),
    st.builds(Steal, card_targets, slots),
    st.builds(Repair, counts, card_targets),
    st.builds(Boost, st.sampled_from(CardStat), nonzero, card_targets),
    any_effects(),  # every effect of the registry, one added later too
)
modifiers = st.one_of(
    st.builds(
        CardStatModifier, st.sampled_from(CardStat), nonzero, selectors, st.sampled_from(Whose)
    ),
    st.builds(PlayerStatModifier, st.sampled_from(PlayerStat), nonzero),
    st.builds(Immunity, st.sampled_from(Keyword)),
    any_modifiers(),  # every modifier of the registry, the statics too
)
abilities = st.one_of(
    st.builds(
        TriggeredAbility, st.sampled_from(Trigger), st.lists(effects, min_size=1, max_size=3)
    ),
    st.builds(ContinuousAbility, st.lists(modifiers, min_size=1, max_size=3)),
)


@st.composite
def cards(draw: st.DrawFn) -> Card:
    card_type = draw(st.sampled_from(CardType))
    return Card(
        id=draw(slugs),
        name=draw(texts),
        type=card_type,
        primal_cost=draw(st.integers(0, 20)),
        rarity=draw(st.sampled_from(Rarity)),
        set=draw(texts),
        number=draw(st.integers(1, 100)),
        year=draw(st.integers(*LIMITS["year"])),
        damage=draw(st.integers(0, 20)) if card_type.has_damage else None,
        durability=draw(st.integers(1, 20)) if card_type.has_durability else None,
        text=draw(st.none() | st.text(plain, max_size=40)),
        abilities=draw(st.lists(abilities, max_size=3)),
    )


trait_abilities = st.builds(
    TriggeredAbility, st.sampled_from(TRAIT_TRIGGERS), st.lists(effects, min_size=1, max_size=3)
)
traits = st.builds(
    Trait,
    texts,
    deck_rules=st.lists(deck_rules, max_size=3),
    modifiers=st.lists(modifiers, max_size=3),
    abilities=st.lists(trait_abilities, max_size=2),
)
characters = st.builds(Character, id=slugs, name=texts, pro=traits, con=traits)


def roundtrip(value: Any) -> Any:
    return converter.structure(converter.unstructure(value), type(value))


# --------------------------------------------------------------------------- tests


@SETTINGS
@given(cards())
def test_card_roundtrip(card: Card) -> None:
    assert roundtrip(card) == card


@SETTINGS
@given(characters)
def test_character_roundtrip(character: Character) -> None:
    assert roundtrip(character) == character


@SETTINGS
@given(st.one_of(selectors, deck_rules, effects, modifiers, abilities, traits))
def test_every_model_part_roundtrips(value: Any) -> None:
    assert roundtrip(value) == value


CARD_FILE_SCHEMA = jsonschema.Draft202012Validator(json.loads(schema_path("card-file").read_text()))


@settings(SETTINGS, max_examples=100)
@given(st.lists(cards(), max_size=3), st.lists(characters, max_size=2))
def test_unstructured_values_are_card_files(cards: list[Card], chars: list[Character]) -> None:
    """The unstructured form, written as YAML, reads back through the card-file reader and
    is valid under the card-file schema."""
    data = {
        "cards": [converter.unstructure(c) for c in cards],
        "characters": [converter.unstructure(c) for c in chars],
    }
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    doc, problems = read_yaml(text, "generated.yaml")
    assert doc is not None and problems == []
    for key, cls, values in (("cards", Card, cards), ("characters", Character, chars)):
        for index, value in enumerate(values):
            back, problems = structure_at(doc, doc.data[key][index], (key, index), cls)
            assert problems == []
            assert back == value
    CARD_FILE_SCHEMA.validate(json.loads(json.dumps(data)))


def test_unstructure_writes_tags_and_leaves_out_defaults() -> None:
    card = Card(
        id="mender",
        name="Mender",
        type=CardType.ARMOUR,
        primal_cost=1,
        rarity=Rarity.RARE,
        set="ORI",
        number=7,
        year=2026,
        durability=3,
        abilities=(
            TriggeredAbility(Trigger.DEFENDS, (Repair(1), Draw())),
            ContinuousAbility((CardStatModifier(CardStat.DAMAGE, -1, whose=Whose.OPPONENTS),)),
        ),
    )
    assert converter.unstructure(card) == {
        "id": "mender",
        "name": "Mender",
        "type": "armour",
        "primal_cost": 1,
        "durability": 3,
        "rarity": "rare",
        "set": "ORI",
        "number": 7,
        "year": 2026,
        "abilities": [
            {"when": "defends", "effects": [{"effect": "repair", "amount": 1}, {"effect": "draw"}]},
            {
                "while_equipped": [
                    {"modifier": "card_stat", "stat": "damage", "amount": -1, "whose": "opponents"}
                ]
            },
        ],
    }
    assert converter.unstructure(Forbid(Selector(type=CardType.WEAPON, set=("A", "B")))) == {
        "cards": {"type": "weapon", "set": ["A", "B"]},
        "forbid": True,
    }


def test_every_tag_has_a_model_class() -> None:
    assert set(EFFECTS.values()) == {
        Draw, Sacrifice, Discard, Damage, Poison, Cure, Destroy, Curse, Steal, Repair, Boost,
        Grant, If, Delayed, Wear, May, ChooseOne, ChoosePlayer,
        Recover, PutOnDeck, Search, Return, EquipFrom, Take, ShuffleIntoDeck, LookAtDeck,
        LookAtInventory, Reveal,
    }  # fmt: skip
    assert set(MODIFIERS.values()) == {
        CardStatModifier, PlayerStatModifier, Immunity, CannotBeStolen, CannotBeCursed,
        CannotBeDestroyed, CannotAttack, CannotDefend, AttacksFirstTurn, AttacksTwice,
        Undefendable, ReduceCardDamage, PreventDamage, ReduceDamage, CannotPlayInstants,
    }  # fmt: skip
    assert set(COSTS.values()) == {DiscardCost, SacrificeCost, WearCost, ReturnCost}
    assert all(attrs.has(cls) for cls in (*EFFECTS.values(), *MODIFIERS.values(), *COSTS.values()))
