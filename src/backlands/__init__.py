"""backlands: card database, deck rules and rules engine for the Backlands trading card game."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from .database import CardDatabase
from .deck import Deck, DeckEntry, DeckProblem, load_deck, validate_deck
from .errors import (
    BacklandsError,
    CardDatabaseError,
    GameSetupError,
    IllegalActionError,
    LoadProblem,
    UsageError,
)
from .model import Card, CardType, Character, Rarity, Selector, Slot, Trait
from .ruleset import STANDARD, Ruleset

if TYPE_CHECKING:
    from ._converter import card_to_data, character_to_data
    from ._loader import bundled_card_database as bundled_cards
    from ._loader import load_cards


def __getattr__(name: str) -> Any:
    # The YAML edge is imported on first use, so that ``import backlands.engine`` (which
    # never reads YAML) does not load PyYAML at all.
    if name == "load_cards":
        from ._loader import load_cards

        return load_cards
    if name == "bundled_cards":  # the bundled sample set, loaded once: CardDatabase is immutable
        from ._loader import bundled_card_database

        return bundled_card_database
    if name == "card_to_data":
        from ._converter import card_to_data

        return card_to_data
    if name == "character_to_data":
        from ._converter import character_to_data

        return character_to_data
    raise AttributeError(f"module 'backlands' has no attribute {name!r}")


try:
    __version__ = version("backlands")
except PackageNotFoundError:  # pragma: no cover - running from a bare source tree
    __version__ = "0.0.0"

__all__ = [
    "STANDARD",
    "BacklandsError",
    "Card",
    "CardDatabase",
    "CardDatabaseError",
    "CardType",
    "Character",
    "Deck",
    "DeckEntry",
    "DeckProblem",
    "GameSetupError",
    "IllegalActionError",
    "LoadProblem",
    "Rarity",
    "Ruleset",
    "Selector",
    "Slot",
    "Trait",
    "UsageError",
    "__version__",
    "bundled_cards",
    "card_to_data",
    "character_to_data",
    "load_cards",
    "load_deck",
    "validate_deck",
]
