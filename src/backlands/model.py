"""The card model: frozen attrs classes for cards, characters, abilities and deck rules.

This module knows nothing of YAML, files or the engine. Values are built by the YAML edge
(:mod:`backlands._loader`) or directly in code; validation of what a card *file* may say
(required and forbidden fields per type, unique ids) lives at that edge, not here.

Abilities are data: a tagged union of small frozen classes that the engine's effect
resolver interprets. Card files can never run code.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import TypeAlias

import attrs

__all__ = [
    "Ability",
    "AtLeast",
    "AtMost",
    "Boost",
    "Card",
    "CardStat",
    "CardStatModifier",
    "CardTarget",
    "CardType",
    "Character",
    "ContinuousAbility",
    "Cure",
    "Curse",
    "Damage",
    "DeckRule",
    "Destroy",
    "Discard",
    "Draw",
    "Effect",
    "Forbid",
    "Immunity",
    "Keyword",
    "MaxCopies",
    "Modifier",
    "PlayerStat",
    "PlayerStatModifier",
    "PlayerTarget",
    "Poison",
    "Rarity",
    "Repair",
    "Sacrifice",
    "Selector",
    "Slot",
    "Steal",
    "Trait",
    "Trigger",
    "TriggeredAbility",
    "ValueEnum",
    "Whose",
]


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


class Trigger(ValueEnum):
    """When a triggered ability resolves."""

    EQUIPPED = "equipped"  # when this card is equipped (4.4); an instant's ability (4.6)
    START_OF_TURN = "start_of_turn"  # at the start of your turn (3.1)
    END_OF_TURN = "end_of_turn"  # at the end of your turn (3.4)
    ATTACKS = "attacks"  # when this card attacks (5.2)
    DEFENDS = "defends"  # when this card absorbs damage (6.2)
    DESTROYED = "destroyed"  # when this card is destroyed (7.4)
    OPPONENT_EQUIPS = "opponent_equips"  # when an opponent equips a card, an instant too (11.2)


class PlayerTarget(ValueEnum):
    """Which player(s) an effect acts on."""

    SELF = "self"  # the controller of the card
    OPPONENT = "opponent"  # one opponent, chosen by the controller
    EACH_OPPONENT = "each_opponent"
    EACH_PLAYER = "each_player"
    ATTACK_TARGET = "attack_target"  # the player this card is attacking (trigger: attacks)
    ATTACKER = "attacker"  # the player whose attack this card defends (trigger: defends)


class CardTarget(ValueEnum):
    """Which equipped card an effect acts on."""

    THIS = "this"  # the card carrying the ability
    ATTACHED_TO = "attached_to"  # for an attach spell: the card it sits under
    OPPONENT_CARD = "opponent_card"  # an opponent's equipped card, chosen
    OWN_CARD = "own_card"  # one of your own equipped cards, chosen
    ANY_CARD = "any_card"  # any equipped card, chosen


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


# --------------------------------------------------------------------------- effects
# Each effect is one small frozen class; the YAML tag is ``effect: <name>``.


@attrs.frozen
class Draw:
    """DRAW: top cards of the primal deck into the inventory (7.5)."""

    count: int = 1
    target: PlayerTarget = PlayerTarget.SELF


@attrs.frozen
class Sacrifice:
    """SACRIFICE N: top N cards of the primal deck to the void (7.5)."""

    count: int = 1
    target: PlayerTarget = PlayerTarget.SELF


@attrs.frozen
class Discard:
    """DISCARD: cards from the inventory to the void, chosen by their owner (7.5)."""

    count: int = 1
    target: PlayerTarget = PlayerTarget.SELF


@attrs.frozen
class Damage:
    """The target takes damage and defends it as an attack's damage (6.5)."""

    amount: int
    target: PlayerTarget = PlayerTarget.OPPONENT
    defendable: bool = True


@attrs.frozen
class Poison:
    """POISON the target player (7.1)."""

    target: PlayerTarget = PlayerTarget.OPPONENT


@attrs.frozen
class Cure:
    """Remove POISON from the target player (7.1)."""

    target: PlayerTarget = PlayerTarget.SELF


@attrs.frozen
class Destroy:
    """DESTROY an equipped card and what is attached to it (7.4)."""

    target: CardTarget = CardTarget.OPPONENT_CARD
    slot: Slot | None = None


@attrs.frozen
class Curse:
    """CURSE: destroy an opponent's card equipped this turn (7.2)."""

    target: CardTarget = CardTarget.OPPONENT_CARD
    slot: Slot | None = None


@attrs.frozen
class Steal:
    """STEAL an opponent's equipped card into the same slot of your mat (7.3)."""

    target: CardTarget = CardTarget.OPPONENT_CARD
    slot: Slot | None = None


@attrs.frozen
class Repair:
    """Remove up to ``amount`` durability counters from a card."""

    amount: int
    target: CardTarget = CardTarget.THIS


@attrs.frozen
class Boost:
    """Change a card's stat by ``amount`` until the end of the current turn."""

    stat: CardStat
    amount: int
    target: CardTarget = CardTarget.THIS


Effect: TypeAlias = (
    Draw | Sacrifice | Discard | Damage | Poison | Cure | Destroy | Curse | Steal | Repair | Boost
)


# --------------------------------------------------------------------------- modifiers
# Continuous changes, live while their source is in play: an equipped card's
# ``while_equipped`` ability, or a character's PRO or CON. YAML tag: ``modifier: <name>``.


@attrs.frozen
class CardStatModifier:
    """Selected cards' ``stat`` changes by ``amount`` (never below 0; durability never below 1)."""

    stat: CardStat
    amount: int
    cards: Selector = Selector()
    whose: Whose = Whose.OWN


@attrs.frozen
class PlayerStatModifier:
    """The controller's ``stat`` (starting inventory, draws per turn) changes by ``amount``."""

    stat: PlayerStat
    amount: int


@attrs.frozen
class Immunity:
    """The controller is not affected by ``keyword``."""

    keyword: Keyword


Modifier: TypeAlias = CardStatModifier | PlayerStatModifier | Immunity


# --------------------------------------------------------------------------- abilities


@attrs.frozen
class TriggeredAbility:
    """``when`` it happens, resolve ``effects`` in order."""

    when: Trigger
    effects: tuple[Effect, ...] = attrs.field(converter=tuple)


@attrs.frozen
class ContinuousAbility:
    """Modifiers that hold while the card is equipped."""

    while_equipped: tuple[Modifier, ...] = attrs.field(converter=tuple)


Ability: TypeAlias = TriggeredAbility | ContinuousAbility


# --------------------------------------------------------------------------- cards


@attrs.frozen(cache_hash=True)  # cards key dicts everywhere (decks, counts): hash once
class Card:
    """A card as printed (RULINGS 10.2). Stats here are base values; the engine computes
    live values from modifiers without ever writing over the card."""

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
