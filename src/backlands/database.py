"""The card database: every card and character of one card set, looked up by id or name,
and :func:`close_matches`, the bounded did-you-mean search every message uses."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import NamedTuple

from .model import Card, Character

__all__ = [
    "MAX_SUGGEST_CHARS",
    "CardDatabase",
    "Overridden",
    "UnknownKeyError",
    "close_matches",
    "with_overrides",
]

#: A word longer than this gets no did-you-mean suggestion: ids, names and keys are short,
#: and comparing long text costs in proportion to the product of the lengths.
MAX_SUGGEST_CHARS = 64


def close_matches(word: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """:func:`difflib.get_close_matches`, with its work bounded: nothing for a word longer
    than :data:`MAX_SUGGEST_CHARS`, and only choices of a length that could reach
    ``cutoff`` are compared (a ratio is at most ``2 * min(a, b) / (a + b)`` for lengths a,
    b), so the result is the same as difflib's for every word that gets one."""
    size = len(word)
    if size > MAX_SUGGEST_CHARS:
        return []
    low = size * cutoff / (2 - cutoff) - 1e-9
    high = size * (2 - cutoff) / cutoff + 1e-9
    near = [choice for choice in choices if low <= len(choice) <= high]
    return difflib.get_close_matches(word, near, n=n, cutoff=cutoff)


class UnknownKeyError(KeyError):
    """No card (or character) has this id or name. A ``KeyError`` whose message names the
    nearest ids and names; ``key`` and ``suggestions`` hold them."""

    def __init__(self, key: object, what: str, suggestions: list[str]) -> None:
        super().__init__(key)
        self.key = key
        self.what = what
        self.suggestions = suggestions

    def __str__(self) -> str:
        shown = repr(self.key)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        if not self.suggestions:
            return f"no {self.what} {shown}"
        near = ", ".join(repr(s) for s in self.suggestions)
        return f"no {self.what} {shown}: did you mean {near}?"


class CardDatabase:
    """An immutable collection of cards and characters.

    Cards are found by id (exact) or by name (ignoring case); iteration yields the cards in
    the order they were loaded. The loader guarantees ids and names are unique; building a
    database by hand with duplicates raises ``ValueError``.
    """

    __slots__ = ("_by_name", "_cards", "_character_by_name", "_characters")

    def __init__(self, cards: Iterable[Card] = (), characters: Iterable[Character] = ()) -> None:
        self._cards: dict[str, Card] = {}
        self._by_name: dict[str, Card] = {}
        for card in cards:
            if card.id in self._cards or card.name.casefold() in self._by_name:
                raise ValueError(f"duplicate card {card.id!r} / {card.name!r}")
            self._cards[card.id] = card
            self._by_name[card.name.casefold()] = card
        self._characters: dict[str, Character] = {}
        self._character_by_name: dict[str, Character] = {}
        for character in characters:
            folded = character.name.casefold()
            if character.id in self._characters or folded in self._character_by_name:
                raise ValueError(f"duplicate character {character.id!r} / {character.name!r}")
            self._characters[character.id] = character
            self._character_by_name[folded] = character

    # cards
    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.find(key) is not None

    def __getitem__(self, key: str) -> Card:
        """The card with this id or name (ignoring case); ``KeyError`` if none, whose
        message names the nearest ids and names (``cards["ash-hund"]``: did you mean
        'ash-hound'?)."""
        card = self.find(key) if isinstance(key, str) else None
        if card is None:
            raise UnknownKeyError(key, "card", self._near(key, self._cards, self._by_name))
        return card

    def find(self, key: str) -> Card | None:
        """The card with this id, else with this name ignoring case, else None."""
        return self._cards.get(key) or self._by_name.get(key.casefold())

    def by_id(self, card_id: str) -> Card:
        return self._cards[card_id]

    def by_name(self, name: str) -> Card:
        return self._by_name[name.casefold()]

    @property
    def cards(self) -> Mapping[str, Card]:
        """Cards by id (read-only view)."""
        return MappingProxyType(self._cards)

    # characters
    @property
    def characters(self) -> Mapping[str, Character]:
        """Characters by id (read-only view)."""
        return MappingProxyType(self._characters)

    def find_character(self, key: str) -> Character | None:
        """The character with this id, else with this name ignoring case, else None."""
        return self._characters.get(key) or self._character_by_name.get(key.casefold())

    def character(self, key: str) -> Character:
        """The character with this id or name (ignoring case); ``KeyError`` if none, with
        the nearest ids and names in its message."""
        found = self.find_character(key) if isinstance(key, str) else None
        if found is None:
            near = self._near(key, self._characters, self._character_by_name)
            raise UnknownKeyError(key, "character", near)
        return found

    @staticmethod
    def _near(
        key: object, by_id: Mapping[str, Card | Character], by_name: Mapping[str, Card | Character]
    ) -> list[str]:
        if not isinstance(key, str):
            return []
        ids = close_matches(key.casefold(), by_id)
        names = [by_name[n].name for n in close_matches(key.casefold(), by_name)]
        return list(dict.fromkeys(ids + names))[:3]

    def __repr__(self) -> str:
        return f"<CardDatabase {len(self._cards)} cards, {len(self._characters)} characters>"


class Overridden(NamedTuple):
    """What :func:`with_overrides` did: the new database, and the ids of the cards and
    characters it replaced and added."""

    database: CardDatabase
    replaced: tuple[str, ...]
    added: tuple[str, ...]


def with_overrides(base: CardDatabase, overrides: CardDatabase) -> Overridden:
    """``base`` with every card and character of ``overrides`` in place of the one of
    ``base`` that has its id, where that one was (a new id is added at the end): a card
    redefined on purpose, to try a change to one card without copying a whole set. Raises
    ``ValueError`` when the result has two cards (or characters) of one name."""
    replaced: list[str] = []
    added: list[str] = []
    cards = dict(base.cards)
    for card in overrides:
        (replaced if card.id in cards else added).append(card.id)
        cards[card.id] = card
    characters = dict(base.characters)
    for character in overrides.characters.values():
        (replaced if character.id in characters else added).append(character.id)
        characters[character.id] = character
    try:
        merged = CardDatabase(cards.values(), characters.values())
    except ValueError as error:
        raise ValueError(f"{error}: an override may not take another card's name") from None
    return Overridden(merged, tuple(replaced), tuple(added))
