"""backlands.card_to_data / character_to_data: a card back to plain data, and back again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import backlands
from backlands import Card, Character, card_to_data, character_to_data, load_cards
from backlands._converter import converter

BUNDLED = load_cards()


@pytest.mark.parametrize("card", list(BUNDLED), ids=lambda card: card.id)
def test_every_bundled_card_survives_card_to_data(card: Card) -> None:
    data = card_to_data(card)
    assert json.loads(json.dumps(data)) == data  # plain data, JSON-ready
    assert converter.structure(data, Card) == card


@pytest.mark.parametrize(
    "character", list(BUNDLED.characters.values()), ids=lambda character: character.id
)
def test_every_bundled_character_survives_character_to_data(character: Character) -> None:
    data = character_to_data(character)
    assert json.loads(json.dumps(data)) == data
    assert converter.structure(data, Character) == character


def test_the_bundled_set_written_back_loads_as_the_same_database(tmp_path: Path) -> None:
    """Every bundled card and character, written as one card file, loads back through
    load_cards (every check of the loader, cross-card ones included) unchanged and in order."""
    data = {
        "cards": [card_to_data(card) for card in BUNDLED],
        "characters": [character_to_data(c) for c in BUNDLED.characters.values()],
    }
    path = tmp_path / "all.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    again = load_cards(path)
    assert list(again) == list(BUNDLED)
    assert list(again.characters.values()) == list(BUNDLED.characters.values())


def test_card_to_data_is_the_card_file_form() -> None:
    card = BUNDLED["Siphon Hook"]
    assert card_to_data(card) == {
        "id": "siphon-hook",
        "name": "Siphon Hook",
        "type": "weapon",
        "primal_cost": 2,
        "damage": 2,
        "durability": 3,
        "rarity": "uncommon",
        "set": "DUS",
        "number": 4,
        "year": 2026,
        "text": card.text,
        "abilities": [
            {
                "when": "attacks",
                "effects": [{"effect": "repair", "amount": 1, "target": "own_card"}],
            }
        ],
    }


def test_the_functions_are_public() -> None:
    assert {"card_to_data", "character_to_data"} <= set(backlands.__all__)
    assert backlands.card_to_data is card_to_data
