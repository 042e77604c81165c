"""backlands: card database, deck rules and rules engine for the Backlands trading card game."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from ._loader import load_cards
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
    "load_cards",
    "load_deck",
    "validate_deck",
]
