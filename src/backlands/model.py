"""The card model: frozen attrs classes for cards, characters, abilities and deck rules.

This module knows nothing of YAML, files or the engine. Values are built by the YAML edge
(:mod:`backlands._loader`) or directly in code; validation of what a card *file* may say
(required and forbidden fields per type, unique ids) lives at that edge, not here.

Abilities are data: triggers (``when:``) with effects, and continuous modifiers, each a
keyword of the registry (:mod:`backlands.keywords`), which the engine's effect resolver
interprets. Card files can never run code.

The layers: :mod:`backlands.terms` (enums, selectors, limits) at the bottom, the registry of
keywords above it, and this module on top, re-exporting both, so that
``from backlands.model import Damage, Trigger, PlayerTarget`` names everything a card holds.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from .keywords import (
    Amount,
    CardStatModifier,
    CardTarget,
    Condition,
    Duration,
    ExtraCost,
    Immunity,
    Modifier,
    Moment,
    OneCard,
    PlayerStatModifier,
    PlayerTarget,
    Subject,
    Trigger,
)
from .keywords import Effect as EffectBase
from .keywords import costs as _costs
from .keywords import effects as _effects
from .keywords import moves as _moves
from .keywords import statics as _statics
from .keywords.costs import *  # noqa: F403  # every extra cost of keywords/costs.py
from .keywords.effects import *  # noqa: F403  # every effect of keywords/effects.py
from .keywords.moves import *  # noqa: F403  # the effects that move cards, keywords/moves.py
from .keywords.statics import *  # noqa: F403  # every static of keywords/statics.py
from .terms import (
    CardStat,
    CardType,
    DeckEnd,
    Defender,
    HiddenZone,
    Keyword,
    Pile,
    PlayerStat,
    Rarity,
    Selector,
    Slot,
    ValueEnum,
    Whose,
    Window,
)

__all__ = [
    "Ability",
    "Amount",
    "AtLeast",
    "AtMost",
    "Card",
    "CardStat",
    "CardStatModifier",
    "CardTarget",
    "CardType",
    "Character",
    "Condition",
    "ContinuousAbility",
    "DeckEnd",
    "DeckRule",
    "Defender",
    "Duration",
    "Effect",
    "ExtraCost",
    "Forbid",
    "HiddenZone",
    "Immunity",
    "Keyword",
    "MaxCopies",
    "Modifier",
    "Moment",
    "OneCard",
    "Pile",
    "PlayerStat",
    "PlayerStatModifier",
    "PlayerTarget",
    "Rarity",
    "Selector",
    "Slot",
    "Subject",
    "Trait",
    "Trigger",
    "TriggeredAbility",
    "ValueEnum",
    "Whose",
    "Window",
]
__all__ += _effects.__all__  # the effects, each defined once in backlands/keywords/effects.py
__all__ += _statics.__all__  # the statics, each defined once in backlands/keywords/statics.py
__all__ += _costs.__all__  # the extra costs, each defined once in backlands/keywords/costs.py
__all__ += _moves.__all__  # and those that move cards (12.5, 12.6), in keywords/moves.py


#: Any effect: an instance of a subclass of ``backlands.keywords.Effect``, the built-in ones
#: and a third party's alike (the registry, ``backlands.keywords.EFFECTS``, names them all).
Effect: TypeAlias = EffectBase


# --------------------------------------------------------------------------- deck rules


@attrs.frozen
class MaxCopies:
    """Each selected card may appear at most ``max_copies`` times (2.3)."""

    cards: Selector
    max_copies: int


@attrs.frozen
class Forbid:
    """Selected cards may not be in the deck (2.3)."""

    cards: Selector
    forbid: bool = True


@attrs.frozen
class AtMost:
    """The deck holds at most ``at_most`` selected cards in total (2.3)."""

    cards: Selector
    at_most: int


@attrs.frozen
class AtLeast:
    """The deck holds at least ``at_least`` selected cards in total (2.3)."""

    cards: Selector
    at_least: int


DeckRule: TypeAlias = MaxCopies | Forbid | AtMost | AtLeast


# --------------------------------------------------------------------------- abilities


@attrs.frozen
class TriggeredAbility:
    """``when`` it happens (to ``whose``: None is the trigger's default, 12.7), resolve
    ``effects`` in order; with ``if_`` (``if:`` in card files), only when that condition
    holds as the event is published (12.1)."""

    when: Trigger
    whose: Subject | None = attrs.field(default=None, kw_only=True)
    effects: tuple[Effect, ...] = attrs.field(converter=tuple)
    if_: Condition | None = None


@attrs.frozen
class ContinuousAbility:
    """Modifiers that hold while the card is equipped."""

    while_equipped: tuple[Modifier, ...] = attrs.field(converter=tuple)


Ability: TypeAlias = TriggeredAbility | ContinuousAbility


# --------------------------------------------------------------------------- cards


@attrs.frozen(cache_hash=True)  # cards key dicts everywhere (decks, counts): hash once
class Card:
    """A card as printed (RULINGS 10.2). Stats here are base values; the engine computes
    live values from modifiers without ever writing over the card. ``extra_costs`` are paid
    as part of equipping it, after the primal cost (12.4)."""

    id: str
    name: str
    type: CardType
    primal_cost: int
    rarity: Rarity
    set: str
    number: int
    year: int
    damage: int | None = None
    durability: int | None = None
    text: str | None = None
    abilities: tuple[Ability, ...] = attrs.field(default=(), converter=tuple)
    extra_costs: tuple[ExtraCost, ...] = attrs.field(default=(), converter=tuple)

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class Trait:
    """A character's PRO or CON (10.3): its text, deck rules (2.3), in-game modifiers and
    triggered abilities. Its abilities belong to the character's player (11.1)."""

    text: str
    deck_rules: tuple[DeckRule, ...] = attrs.field(default=(), converter=tuple)
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=tuple)
    abilities: tuple[TriggeredAbility, ...] = attrs.field(default=(), converter=tuple)


@attrs.frozen
class Character:
    """A character with one PRO and one CON (10.3). Not one of the deck's cards (2.5)."""

    id: str
    name: str
    pro: Trait
    con: Trait

    @property
    def deck_rules(self) -> tuple[tuple[str, DeckRule], ...]:
        """Every deck rule with where it comes from: ``("pro", rule)`` or ``("con", rule)``."""
        return tuple(("pro", r) for r in self.pro.deck_rules) + tuple(
            ("con", r) for r in self.con.deck_rules
        )

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return self.pro.modifiers + self.con.modifiers

    @property
    def abilities(self) -> tuple[TriggeredAbility, ...]:
        """The triggered abilities of the PRO, then of the CON."""
        return self.pro.abilities + self.con.abilities

    def __str__(self) -> str:
        return self.name
