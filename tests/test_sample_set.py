"""The bundled sample set (cards/, decks/) keeps the promises the project makes about it.

The cards, characters and decks are the project's own ORIGINAL set, not official Backlands
cards. These tests read the real bundled data through the real loader and deck validator.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from backlands._loader import load_cards
from backlands._resources import bundled_cards, bundled_decks
from backlands.database import CardDatabase
from backlands.deck import Deck, load_deck, validate_deck
from backlands.model import (
    AtLeast,
    AtMost,
    Boost,
    CardStatModifier,
    CardType,
    Character,
    ContinuousAbility,
    Cure,
    Curse,
    Damage,
    Destroy,
    Discard,
    Draw,
    Forbid,
    Immunity,
    MaxCopies,
    PlayerStatModifier,
    Poison,
    Rarity,
    Repair,
    Sacrifice,
    Steal,
    Trigger,
    TriggeredAbility,
)

CARD_HEADER = "# yaml-language-server: $schema=../src/backlands/schemas/card-file.schema.json"
DECK_HEADER = "# yaml-language-server: $schema=../src/backlands/schemas/deck-file.schema.json"
SET_YEARS = {"ORI": 2025, "DUS": 2026}


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return load_cards(None)


def deck_files() -> list[Path]:
    return sorted(bundled_decks().glob("*.yaml"))


def read_deck_file(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def has_deck_rules(character: Character) -> bool:
    return bool(character.pro.deck_rules or character.con.deck_rules)


def has_modifiers(character: Character) -> bool:
    return bool(character.pro.modifiers or character.con.modifiers)


# --------------------------------------------------------------------------- cards


def test_the_set_has_at_least_60_cards(db: CardDatabase) -> None:
    assert len(db) >= 60


def test_every_type_and_rarity_is_present(db: CardDatabase) -> None:
    assert {card.type for card in db} == set(CardType)
    assert {card.rarity for card in db} == set(Rarity)


def test_rarer_cards_are_scarcer(db: CardDatabase) -> None:
    counts = Counter(card.rarity for card in db)
    by_rank = [counts[rarity] for rarity in sorted(Rarity)]
    assert by_rank == sorted(by_rank, reverse=True), by_rank
    assert counts[Rarity.COMMON] > 3 * counts[Rarity.MYTHICAL]


def test_costs_are_varied_and_mostly_cheap(db: CardDatabase) -> None:
    costs = Counter(card.primal_cost for card in db)
    assert set(costs) == set(range(7))
    assert sum(n for cost, n in costs.items() if cost <= 3) >= 0.8 * len(db)


def test_two_sets_with_their_years_and_numbers(db: CardDatabase) -> None:
    assert {card.set for card in db} == set(SET_YEARS)
    for card in db:
        assert card.year == SET_YEARS[card.set], card.id
        assert 1 <= card.number <= 100, card.id
    numbers = Counter((card.set, card.number) for card in db)
    assert max(numbers.values()) == 1


def test_stats_are_within_the_balance_guidance(db: CardDatabase) -> None:
    for card in db:
        if card.damage is not None:
            assert 1 <= card.damage <= 5, card.id
        if card.durability is not None:
            assert 1 <= card.durability <= 6, card.id


def test_every_card_with_abilities_explains_them(db: CardDatabase) -> None:
    for card in db:
        if card.abilities:
            assert card.text, card.id


def test_instant_spells_resolve_when_equipped(db: CardDatabase) -> None:
    for card in db:
        if card.type is CardType.INSTANT_SPELL:
            triggers = {a.when for a in card.abilities if isinstance(a, TriggeredAbility)}
            assert Trigger.EQUIPPED in triggers, card.id


def test_keywords_and_effects_are_all_exercised(db: CardDatabase) -> None:
    effects: set[type] = set()
    modifiers: set[type] = set()
    for card in db:
        for ability in card.abilities:
            if isinstance(ability, TriggeredAbility):
                effects.update(type(effect) for effect in ability.effects)
            else:
                assert isinstance(ability, ContinuousAbility)
                modifiers.update(type(modifier) for modifier in ability.while_equipped)
    wanted = {Poison, Curse, Steal, Destroy, Sacrifice, Discard, Draw}
    wanted |= {Cure, Repair, Damage, Boost}
    assert wanted <= effects
    assert {CardStatModifier, Immunity} <= modifiers


# --------------------------------------------------------------------------- characters


def test_characters_pros_and_cons_matter(db: CardDatabase) -> None:
    characters = list(db.characters.values())
    assert len(characters) >= 8
    assert sum(has_deck_rules(c) for c in characters) >= 4
    assert sum(has_modifiers(c) for c in characters) >= 4
    for character in characters:
        for trait in (character.pro, character.con):
            assert trait.text.strip(), character.id
            assert trait.deck_rules or trait.modifiers or trait.abilities, character.id


def test_characters_use_every_kind_of_deck_rule_and_modifier(db: CardDatabase) -> None:
    rules = {type(rule) for c in db.characters.values() for _, rule in c.deck_rules}
    assert rules == {MaxCopies, Forbid, AtMost, AtLeast}
    modifiers = {type(m) for c in db.characters.values() for m in c.modifiers}
    assert modifiers == {CardStatModifier, PlayerStatModifier, Immunity}


def test_a_character_has_triggered_abilities_at_both_ends_of_the_turn(db: CardDatabase) -> None:
    triggers = {a.when for c in db.characters.values() for a in c.abilities}
    assert {Trigger.START_OF_TURN, Trigger.END_OF_TURN} <= triggers
    hesk = db.character("hesk-the-mender")
    assert [a.when for a in hesk.pro.abilities] == [Trigger.START_OF_TURN]
    assert [a.when for a in hesk.con.abilities] == [Trigger.END_OF_TURN]
    assert not has_deck_rules(hesk)  # so no bundled deck has to play it


def test_card_files_name_their_schema() -> None:
    files = sorted(bundled_cards().glob("*.yaml"))
    assert files
    for path in files:
        assert path.read_text(encoding="utf-8").splitlines()[0] == CARD_HEADER, path.name


# --------------------------------------------------------------------------- decks


def test_there_are_at_least_six_decks() -> None:
    assert len(deck_files()) >= 6


@pytest.mark.parametrize("path", deck_files(), ids=lambda p: p.stem)
def test_deck_file_names_a_character_and_holds_36_cards(path: Path, db: CardDatabase) -> None:
    assert path.read_text(encoding="utf-8").splitlines()[0] == DECK_HEADER
    data = read_deck_file(path)
    assert data["character"] in db.characters
    assert sum(data["cards"].values()) == 36
    assert all(card_id in db.cards for card_id in data["cards"])


@pytest.mark.parametrize("path", deck_files(), ids=lambda p: p.stem)
def test_bundled_deck_is_legal(path: Path, db: CardDatabase) -> None:
    deck = load_deck(path, db)
    assert [str(problem) for problem in validate_deck(deck, db)] == []
    assert len(deck.cards) == 36


def test_decks_are_distinct_and_exercise_every_deck_rule_character(db: CardDatabase) -> None:
    decks = [read_deck_file(path) for path in deck_files()]
    names = [deck["name"] for deck in decks]
    assert len(set(names)) == len(names)
    used = {deck["character"] for deck in decks}
    with_rules = {c.id for c in db.characters.values() if has_deck_rules(c)}
    assert with_rules <= used


def _bundled_deck(db: CardDatabase, stem: str) -> Deck:
    return load_deck(bundled_decks() / f"{stem}.yaml", db)


def test_character_rules_bite_on_a_bent_bundled_deck(db: CardDatabase) -> None:
    # Rust Raiders with one more armour breaks Rustjaw's CON (at most 6 armour).
    raiders = _bundled_deck(db, "rust-raiders")
    counts = dict(raiders.counts)
    counts[db["scrap-hatchet"]] -= 1
    counts[db["hull-plate-cuirass"]] = 1
    bent = Deck.from_cards(raiders.character, counts)
    assert [p.code for p in validate_deck(bent, db)] == ["too-many-of-kind"]

    # Magpie's Nest with a third rare breaks Magpie's CON (at most 2 of each rare).
    nest = _bundled_deck(db, "magpies-nest")
    counts = dict(nest.counts)
    counts[db["scrap-hatchet"]] -= 1
    counts[db["grasping-gale"]] += 1
    bent = Deck.from_cards(nest.character, counts)
    assert [p.code for p in validate_deck(bent, db)] == ["too-many-copies"]
