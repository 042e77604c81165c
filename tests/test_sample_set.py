"""The bundled sample set (cards/, decks/) keeps the promises the project makes about it.

The cards, characters and decks are the project's own ORIGINAL set, not official Backlands
cards. These tests read the real bundled data through the real loader and deck validator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from backlands import card_to_data, character_to_data
from backlands._loader import load_cards
from backlands._resources import bundled_cards, bundled_decks
from backlands.database import CardDatabase
from backlands.deck import Deck, load_deck, validate_deck
from backlands.engine import GameRecord
from backlands.keywords.statics import CannotPlayInstants, PreventDamage
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
from backlands.simulation import seat, simulate

CARD_HEADER = "# yaml-language-server: $schema=../src/backlands/schemas/card-file.schema.json"
DECK_HEADER = "# yaml-language-server: $schema=../src/backlands/schemas/deck-file.schema.json"
SET_YEARS = {"ORI": 2025, "DUS": 2026, "SAL": 2026}


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
    # and two statics (12.8): Orla's PRO prevents damage, her CON forbids instants
    assert modifiers == {
        CardStatModifier,
        PlayerStatModifier,
        Immunity,
        PreventDamage,
        CannotPlayInstants,
    }


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


# --------------------------------------------------------------------------- Saltmarch (SAL)
# The third set was written from the docs alone to use every family of the ability language
# (RULINGS section 12, issue 21). These tests read what its card files say, as data.

SALTMARCH = "SAL"
SALTMARCH_CHARACTERS = ("orla-of-the-brine", "nerith-the-tide-reader")
SALTMARCH_DECKS = ("tideline-raiders", "brine-oracles")


def _walk(value: object) -> Iterator[tuple[str, object, dict[str, Any]]]:
    """Every (key, value, mapping) pair at any depth of plain card data."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item, value
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def _saltmarch_data(db: CardDatabase) -> list[dict[str, Any]]:
    data = [card_to_data(card) for card in db if card.set == SALTMARCH]
    data += [character_to_data(db.character(c)) for c in SALTMARCH_CHARACTERS]
    return data


def _used(db: CardDatabase, tag: str) -> set[str]:
    """The words written under ``tag`` anywhere in the set: its tags' names."""
    return {
        value
        for key, value, _ in _walk(_saltmarch_data(db))
        if key == tag and isinstance(value, str)
    }


def _written(db: CardDatabase, key: str, *, under: str | None = None) -> int:
    """How many mappings of the set hold ``key`` (those tagged ``under`` only, if given)."""
    return sum(
        1
        for k, _, mapping in _walk(_saltmarch_data(db))
        if k == key and (under is None or under in mapping)
    )


def test_saltmarch_is_a_third_set_of_at_least_30_cards_of_every_type(db: CardDatabase) -> None:
    cards = [card for card in db if card.set == SALTMARCH]
    assert len(cards) >= 30
    assert {card.type for card in cards} == set(CardType)
    assert {card.rarity for card in cards} == set(Rarity)
    assert sorted(card.number for card in cards) == list(range(1, len(cards) + 1))
    path = bundled_cards() / "saltmarch.yaml"
    assert {c["id"] for c in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]} == {
        card.id for card in cards
    }


def test_saltmarch_uses_every_family_of_the_ability_language(db: CardDatabase) -> None:
    # conditions (12.1): on an effect, on modifiers and statics, on triggers, on choices
    assert _written(db, "condition", under="then") and _written(db, "otherwise")
    assert _written(db, "while", under="modifier") >= 3  # a card_stat, a static, a character
    assert _written(db, "if", under="when") >= 5
    assert _written(db, "where", under="effect") >= 3 and _written(db, "where", under="value")
    assert {"all", "any", "not", "count", "poisoned", "your_turn", "equipped", "type"} <= _used(
        db, "condition"
    )
    assert {"equipped_this_turn", "durability_left", "cost", "damage", "reason"} <= _used(
        db, "condition"
    )
    # amounts (12.2), with "all" and "that many"
    assert {"cards", "players", "stat", "counters", "plus", "min", "divided_by"} <= _used(
        db, "value"
    )
    assert "that_many" in _used(db, "value") and "all" in _used(db, "count")
    assert "all" in _used(db, "amount")
    # options (12.3), a choice made by an opponent too; extra costs (12.4)
    assert {"may", "choose_one"} <= _used(db, "effect")
    assert {"attack_target", "each_opponent"} <= _used(db, "chooser")
    assert _used(db, "cost") == {"discard", "sacrifice", "wear", "return"}
    # cards that move (12.5) and looking at hidden cards (12.6)
    moves = {"recover", "put_on_deck", "search", "return", "equip_from", "take"}
    moves |= {"shuffle_into_deck", "look_at_deck", "look_at_inventory", "reveal", "wear"}
    assert moves <= _used(db, "effect")
    # the triggers of 12.7, with whose and references to the event
    triggers = {"takes_damage", "poisoned", "cured", "draws", "discards", "sacrifices"}
    triggers |= {"stolen", "salvaged", "worn_out", "takes_counters", "destroyed"}
    triggers |= {"opponent_attacks", "opponent_plays_instant", "eliminated", "start_of_turn"}
    assert triggers <= _used(db, "when")
    assert {"another", "opponents"} <= _used(db, "whose")  # "own" is the default: not written
    assert {"that_player", "that_card", "attacking_card", "attack_target", "chooser"} <= _used(
        db, "target"
    )
    # statics (12.8) and durations and delayed abilities (12.9)
    statics = {"cannot_be_stolen", "cannot_be_cursed", "cannot_be_destroyed", "cannot_attack"}
    statics |= {"attacks_first_turn", "attacks_twice", "cannot_defend", "undefendable"}
    statics |= {"reduce_card_damage", "prevent_damage", "reduce_damage", "cannot_play_instants"}
    assert statics | {"card_stat", "immune"} <= _used(db, "modifier")
    assert "grant" in _used(db, "effect") and _written(db, "uses")
    assert {"until_your_next_turn", "until_end_of_your_next_turn"} <= _used(db, "duration")
    assert _used(db, "at") == {"start_of_your_next_turn", "end_of_turn", "end_of_your_next_turn"}


def test_saltmarch_characters_and_decks(db: CardDatabase) -> None:
    for character_id in SALTMARCH_CHARACTERS:
        character = db.character(character_id)
        for trait in (character.pro, character.con):
            assert trait.text.strip() and (trait.modifiers or trait.abilities), character_id
    for stem in SALTMARCH_DECKS:
        deck = _bundled_deck(db, stem)
        assert deck.character.id in SALTMARCH_CHARACTERS
        assert [str(problem) for problem in validate_deck(deck, db)] == []
        saltmarch = sum(n for card, n in deck.counts.items() if card.set == SALTMARCH)
        assert saltmarch >= 30, (stem, saltmarch)  # mostly the new set
    used = {card.id for stem in SALTMARCH_DECKS for card in _bundled_deck(db, stem).counts}
    assert len({card.id for card in db if card.set == SALTMARCH} - used) <= 8


def test_saltmarch_decks_play_seeded_games_that_all_end(db: CardDatabase) -> None:
    """A seeded round robin of the two new decks and Rust Raiders, random and greedy bots:
    every game ends with a winner (no draw by the loop limits of 9.4), replays, and the two
    new decks each win some."""
    seats = [seat(_bundled_deck(db, stem), db) for stem in (*SALTMARCH_DECKS, "rust-raiders")]
    for agents, games in (("random", 60), ("greedy", 12)):
        result = simulate(seats, games, seed=21, agents=agents, keep_records=True)
        assert not result.interrupted and len(result.results) == games
        assert all(r.winner is not None for r in result.results), agents
        assert all(4 <= r.turns <= 60 for r in result.results), agents
        won = Counter(r.decks[r.winner] for r in result.results if r.winner is not None)
        assert won[0] and won[1], (agents, won)
    record = result.results[-1].record
    assert record is not None
    replayed = GameRecord.from_json(record).replay(db)
    assert replayed.outcome is not None and replayed.turn == result.results[-1].turns
