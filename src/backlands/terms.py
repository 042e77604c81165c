"""The words of the game that everything else is built on: slots, card types, rarities, stats,
the keywords a player may be immune to, selectors of cards, and the range of every number a
card file may hold.

This module is the bottom of the model (``backlands.model`` re-exports all of it): the
registry of keywords (``backlands.keywords``) and the model's classes are built on it, and it
imports nothing of the project but, for type checking, the card it selects.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .model import Card

__all__ = [
    "ITEMS",
    "LIMITS",
    "MAX_ITEMS",
    "MAX_NESTING",
    "CardStat",
    "CardType",
    "DestroyReason",
    "Keyword",
    "PlayerStat",
    "Rarity",
    "Selector",
    "Slot",
    "ValueEnum",
    "Whose",
    "Zone",
]

#: The range of every number in a card file (docs/card-format.md, "Limits"): name ->
#: (lowest, highest). The loader and the generated JSON Schema read the same table: a card's
#: stats by their field names, and the fields of effects and modifiers by the name their
#: definition gives (``backlands.keywords.limit``).
LIMITS: dict[str, tuple[int, int]] = {
    "primal_cost": (0, 99),
    "damage": (0, 99),
    "durability": (1, 99),
    "number": (1, 100),
    "year": (1000, 9999),
    "count": (1, 99),  # draw, sacrifice, discard
    "amount": (1, 99),  # damage, repair
    "signed_amount": (-99, 99),  # boost and modifiers: nonzero
    "deck_rule": (0, 999),  # max_copies, at_most, at_least
    "value": (0, 99),  # a number inside an amount or a condition (12.1, 12.2)
}

#: How many items a list inside an effect, a condition or an amount may hold (``then``,
#: ``of``): from 1 to this (docs/card-format.md, "Limits"), unless its field names a range
#: of :data:`ITEMS`.
MAX_ITEMS = 16

#: How many items the lists of a card file that have a range of their own may hold
#: (docs/card-format.md, "Limits"): name -> (fewest, most). The loader and the generated
#: JSON Schema read this table too: a card's ``extra_costs``, and the list fields of
#: keywords by the name their definition gives (``backlands.keywords.about``).
ITEMS: dict[str, tuple[int, int]] = {
    "modes": (2, 6),  # the modes of a choose_one (12.3)
    "costs": (1, 4),  # the extra costs of a card (12.4)
}

#: How deep effects, conditions and amounts may sit inside one another (an effect ``if``
#: holding a condition holding an amount is 3 deep): the loader refuses deeper nesting, which
#: a JSON Schema cannot say (docs/card-format.md, "Limits").
MAX_NESTING = 8

# --------------------------------------------------------------------------- enums


class ValueEnum(enum.Enum):
    """An enum whose ``str`` is its value: the word card files, JSON and messages use.

    Members hash by identity (each member is a singleton, and enums compare by identity):
    the engine keys hot dicts by slot and stat, and ``Enum.__hash__`` runs in Python.
    """

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return str(self.value)


class Slot(ValueEnum):
    """The four slots of a player's mat (RULINGS 1.5, 4.1)."""

    WEAPON = "weapon"
    ARMOUR = "armour"
    CREATURE = "creature"
    SPELL = "spell"


class CardType(ValueEnum):
    """The six card types (RULINGS 10.1)."""

    WEAPON = "weapon"
    CREATURE = "creature"
    ARMOUR = "armour"
    INSTANT_SPELL = "instant_spell"
    ATTACH_SPELL = "attach_spell"
    ACTIVE_SPELL = "active_spell"

    @property
    def slot(self) -> Slot | None:
        """The slot this type is equipped into (4.1); None for instant and attach spells."""
        return _SLOT_OF_TYPE.get(self)

    @property
    def has_damage(self) -> bool:
        """Weapons and creatures have a damage stat (10.2)."""
        return self in (CardType.WEAPON, CardType.CREATURE)

    @property
    def has_durability(self) -> bool:
        """Every type but instant and attach spells has a durability stat (10.2)."""
        return self not in (CardType.INSTANT_SPELL, CardType.ATTACH_SPELL)

    @property
    def can_defend(self) -> bool:
        """Armour and creatures defend (6.1)."""
        return self in (CardType.ARMOUR, CardType.CREATURE)


_SLOT_OF_TYPE = {
    CardType.WEAPON: Slot.WEAPON,
    CardType.CREATURE: Slot.CREATURE,
    CardType.ARMOUR: Slot.ARMOUR,
    CardType.ACTIVE_SPELL: Slot.SPELL,
}


@functools.total_ordering
class Rarity(ValueEnum):
    """Rarity, ordered COMMON < UNCOMMON < RARE < LEGENDARY < MYTHICAL (RULINGS 10.2)."""

    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    LEGENDARY = "legendary"
    MYTHICAL = "mythical"

    @property
    def rank(self) -> int:
        return _RARITY_RANK[self]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rarity):
            return NotImplemented
        return self.rank < other.rank


_RARITY_RANK = {rarity: rank for rank, rarity in enumerate(Rarity)}


class CardStat(ValueEnum):
    """Card stats that modifiers may change; always computed from their sources."""

    DAMAGE = "damage"
    DURABILITY = "durability"
    PRIMAL_COST = "primal_cost"


class PlayerStat(ValueEnum):
    """Player-level numbers that a character's PRO or CON may change (10.3)."""

    STARTING_INVENTORY = "starting_inventory"  # cards drawn at setup (1.3)
    DRAWS_PER_TURN = "draws_per_turn"  # cards drawn in the start phase (3.1)


class Keyword(ValueEnum):
    """Keywords a player may be immune to (10.3: 'what keywords affect them')."""

    POISON = "poison"
    CURSE = "curse"
    STEAL = "steal"


class Whose(ValueEnum):
    """Whose cards a card-stat modifier applies to, seen from the modifier's controller."""

    OWN = "own"
    OPPONENTS = "opponents"
    ALL = "all"


class Zone(ValueEnum):
    """Where a card is (RULINGS 1.5): a player's primal deck, inventory, void or mat; an
    instant spell is resolving, in no other zone, while its ability resolves (4.6)."""

    PRIMAL_DECK = "primal_deck"
    INVENTORY = "inventory"
    VOID = "void"
    MAT = "mat"
    RESOLVING = "resolving"


class DestroyReason(ValueEnum):
    """Why a card was destroyed (``CardDestroyed.reason``; a trigger's filter reads it, 12.1)."""

    SALVAGE = "salvage"  # making room in a slot (4.2)
    WORN_OUT = "worn_out"  # counters reached durability (5.2, 6.2, 4.8)
    HOST_DESTROYED = "host_destroyed"  # an attach spell goes with its host (4.7)
    ELIMINATED = "eliminated"  # its controller went out (9.2)
    EFFECT = "effect"  # DESTROY or CURSE (7.2, 7.4)


# --------------------------------------------------------------------------- selectors


def _tuple(value: Iterable[object] | object) -> tuple[object, ...]:
    if isinstance(value, tuple):
        return value
    if isinstance(value, list | frozenset | set):
        return tuple(value)
    return (value,)


@attrs.frozen
class Selector:
    """Selects cards by id, type, rarity and set (RULINGS 2.3).

    A card matches when it matches every key given; a key matches when the card's value is
    any of the key's values. An empty selector selects every card.
    """

    id: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    type: tuple[CardType, ...] = attrs.field(default=(), converter=_tuple)
    rarity: tuple[Rarity, ...] = attrs.field(default=(), converter=_tuple)
    set: tuple[str, ...] = attrs.field(default=(), converter=_tuple)

    def matches(self, card: Card) -> bool:
        return (
            (not self.id or card.id in self.id)
            and (not self.type or card.type in self.type)
            and (not self.rarity or card.rarity in self.rarity)
            and (not self.set or card.set in self.set)
        )

    def __str__(self) -> str:
        parts = [
            f"{key} {'/'.join(str(v) for v in values)}"
            for key, values in (
                ("id", self.id),
                ("type", self.type),
                ("rarity", self.rarity),
                ("set", self.set),
            )
            if values
        ]
        return ", ".join(parts) if parts else "every card"
