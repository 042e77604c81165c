"""CardDatabase lookups: a miss names the nearest ids and names (issue 11)."""

from __future__ import annotations

import pytest

from backlands import load_cards
from backlands.database import CardDatabase, UnknownKeyError


@pytest.fixture(scope="module")
def cards() -> CardDatabase:
    return load_cards()


def test_a_misspelt_card_id_suggests_the_nearest(cards: CardDatabase) -> None:
    with pytest.raises(KeyError) as caught:
        cards["ash-hund"]
    error = caught.value
    assert isinstance(error, UnknownKeyError)
    assert error.key == "ash-hund"
    assert error.suggestions[:2] == ["ash-hound", "Ash Hound"]
    assert str(error) == "no card 'ash-hund': did you mean 'ash-hound', 'Ash Hound'?"


def test_a_misspelt_card_name_suggests_too(cards: CardDatabase) -> None:
    with pytest.raises(UnknownKeyError, match="did you mean 'ash-hound'"):
        cards["Ash Hund"]


def test_nothing_near_says_so_plainly(cards: CardDatabase) -> None:
    with pytest.raises(UnknownKeyError) as caught:
        cards["zzzzzz"]
    assert str(caught.value) == "no card 'zzzzzz'"
    assert caught.value.suggestions == []


def test_a_misspelt_character_suggests_the_nearest(cards: CardDatabase) -> None:
    with pytest.raises(KeyError) as caught:
        cards.character("rustjaw")
    assert str(caught.value) == "no character 'rustjaw': did you mean 'rustjaw-marauder'?"


def test_a_hit_is_unchanged(cards: CardDatabase) -> None:
    assert cards["ash-hound"] is cards["ASH HOUND"] is cards.find("Ash Hound")


@pytest.mark.parametrize("key", [None, 3, "x" * 10_000, "\x1b[2J"])
def test_odd_keys_are_a_plain_key_error(cards: CardDatabase, key: object) -> None:
    with pytest.raises(KeyError) as caught:
        cards[key]  # type: ignore[index]
    assert len(str(caught.value)) < 200
