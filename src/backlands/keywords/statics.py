"""The statics of the card format (RULINGS 12.8): rules a card or a character changes while
it is in play, one class per static, each with its YAML name, its fields and their limits,
and its words.

A static is a **modifier** (``modifier: cannot_be_stolen``): it is written where modifiers
are (a card's ``while_equipped`` list, a character's PRO or CON ``modifiers``, the modifier a
``grant`` effect gives for a while, 12.9), it holds while its source is in play like every
modifier (10.3), and it counts for the player who controls that source (11.1). What makes it
a static is what it changes: not a number but a rule, each in the one place of the engine
where that rule lives (``backlands.engine.statics`` lists them).

Two kinds:

- A :class:`CardStatic` is about cards: those its ``cards`` selector picks among ``whose``
  cards (seen from its controller), or, with no ``cards``, the one card it is on: this card,
  the card an attach spell sits under, or the card it was granted to.
- A :class:`PlayerStatic` is about players: its controller (``whose: own``, the default),
  their opponents, or every player.

When a permission (``attacks_first_turn``, ``attacks_twice``) and a prohibition
(``cannot_attack``) meet, the prohibition wins (12.8). Like a modifier, a static may hold
only ``while:`` a condition holds (12.1).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..terms import CardType, Defender, Selector, Whose, Window
from .modifiers import _WHILE, _while  # the modifiers of 10.3 are registered first
from .registry import Condition, Modifier, about, modifier
from .words import cards_words

__all__ = [
    "AttacksFirstTurn",
    "AttacksTwice",
    "CannotAttack",
    "CannotBeCursed",
    "CannotBeDestroyed",
    "CannotBeStolen",
    "CannotDefend",
    "CannotPlayInstants",
    "CardStatic",
    "PlayerStatic",
    "PreventDamage",
    "ReduceCardDamage",
    "ReduceDamage",
    "Static",
    "Undefendable",
]

_ATTACKERS = frozenset({CardType.WEAPON, CardType.CREATURE})
_DEFENDERS = frozenset({CardType.ARMOUR, CardType.CREATURE})
#: "the card it is on", in words, on each card type it may be written on (12.10)
_ON = {CardType.ATTACH_SPELL: "the card this is attached to"}


class Static(Modifier):
    """The base of every static: a rule its source changes while in play (12.8)."""

    __slots__ = ()

    #: A permission ("may attack on its controller's first turn"): a prohibition of the
    #: same thing wins over it (12.8).
    permission: ClassVar[bool] = False


@attrs.frozen
class CardStatic(Static):
    """A static about cards: those ``cards`` selects among ``whose`` cards, or (no
    ``cards``) the one card it is on."""

    changes: ClassVar[str] = "cards"
    #: The card types on which it can change anything (None: every type); on the others,
    #: ``never`` says what such a card never does ("attacks"), for the loader's message.
    on_types: ClassVar[frozenset[CardType] | None] = None
    never: ClassVar[str] = ""

    cards: Selector | None = attrs.field(
        default=None,
        kw_only=True,
        metadata=about(
            "The cards it is about.",
            unset="the card it is on: this card, the card an attach spell sits under, or "
            "the card it was granted to",
        ),
    )
    whose: Whose = attrs.field(
        default=Whose.OWN,
        kw_only=True,
        metadata=about("Whose cards 'cards' selects, seen from its controller."),
    )
    while_: Condition | None = attrs.field(default=None, kw_only=True, metadata=_WHILE)

    def rule(self, one: bool) -> str:
        """What the cards may or may not do (``cannot be stolen``); ``one``: said of one card."""
        raise NotImplementedError

    def words(self) -> str:
        if self.cards is None:
            return self.said_of("this card", True)
        return self.said_of(cards_words(self.cards, self.whose), False)

    def words_on(self, owner: CardType | None) -> str:
        if self.cards is None and owner in _ON:
            return self.said_of(_ON[owner], True)
        return self.words()

    def said_of(self, subject: str, one: bool) -> str:
        return _while(f"{subject} {self.rule(one)}", self.while_)

    def changes_type(self, kind: CardType) -> bool:
        return self.on_types is None or kind in self.on_types


@attrs.frozen
class PlayerStatic(Static):
    """A static about players: its controller, their opponents, or every player."""

    whose: Whose = attrs.field(
        default=Whose.OWN,
        kw_only=True,
        metadata=about("Which players, seen from its controller: own is the controller."),
    )
    while_: Condition | None = attrs.field(default=None, kw_only=True, metadata=_WHILE)

    @property
    def subject(self) -> str:
        """The players in words: ``you``, ``each opponent``, ``each player``."""
        return _PLAYERS[self.whose]

    def rule(self) -> str:
        """What it changes for the players, in words (without its ``while:``)."""
        raise NotImplementedError

    def words(self) -> str:
        return _while(self.rule(), self.while_)


_PLAYERS = {Whose.OWN: "you", Whose.OPPONENTS: "each opponent", Whose.ALL: "each player"}


# --------------------------------------------------------------------------- card statics


@modifier("cannot_be_stolen")
@attrs.frozen
class CannotBeStolen(CardStatic):
    """The cards cannot be stolen: never a legal choice of STEAL (7.3, 11.4)."""

    def rule(self, one: bool) -> str:
        return "cannot be STOLEN"


@modifier("cannot_be_cursed")
@attrs.frozen
class CannotBeCursed(CardStatic):
    """The cards cannot be cursed: never a legal choice of CURSE (7.2, 11.4)."""

    def rule(self, one: bool) -> str:
        return "cannot be CURSED"


@modifier("cannot_be_destroyed")
@attrs.frozen
class CannotBeDestroyed(CardStatic):
    """The cards cannot be destroyed by effects: never a legal choice of DESTROY or CURSE
    (7.2, 7.4, 11.4). Wear, salvage and a controller going out still destroy them."""

    def rule(self, one: bool) -> str:
        return "cannot be DESTROYED by effects"


@modifier("cannot_attack")
@attrs.frozen
class CannotAttack(CardStatic):
    """The cards cannot attack (3.3); a prohibition, it wins over any permission (12.8)."""

    on_types = _ATTACKERS
    never = "attacks"

    def rule(self, one: bool) -> str:
        return "cannot attack"


@modifier("cannot_defend")
@attrs.frozen
class CannotDefend(CardStatic):
    """The cards cannot defend: they absorb no damage (6.1)."""

    on_types = _DEFENDERS
    never = "defends"

    def rule(self, one: bool) -> str:
        return "cannot defend"


@modifier("attacks_first_turn")
@attrs.frozen
class AttacksFirstTurn(CardStatic):
    """The cards may attack on their controller's first turn, which has no attack phase
    otherwise (3.3); a permission: ``cannot_attack`` wins over it (12.8)."""

    on_types = _ATTACKERS
    never = "attacks"
    permission = True

    def rule(self, one: bool) -> str:
        return "may attack on its controller's first turn"


@modifier("attacks_twice")
@attrs.frozen
class AttacksTwice(CardStatic):
    """The cards may attack twice each turn (3.3: once otherwise); a permission:
    ``cannot_attack`` wins over it (12.8)."""

    on_types = _ATTACKERS
    never = "attacks"
    permission = True

    def rule(self, one: bool) -> str:
        return "may attack twice each turn"


@modifier("undefendable")
@attrs.frozen
class Undefendable(CardStatic):
    """Damage from the cards (their attacks' and their abilities') cannot be defended by
    ``by`` (armour or creatures), or by any card (6.1, 6.5)."""

    by: Defender | None = attrs.field(
        default=None,
        metadata=about("The cards that cannot defend it.", unset="neither armour nor creatures"),
    )

    def rule(self, one: bool) -> str:
        deals = f"deal{'s' * one} damage that"
        if self.by is None:
            return f"{deals} cannot be defended"
        return f"{deals} {'armour' if self.by is Defender.ARMOUR else 'creatures'} cannot defend"


@modifier("reduce_card_damage")
@attrs.frozen
class ReduceCardDamage(CardStatic):
    """Each time one of the cards absorbs damage it takes ``amount`` fewer durability
    counters (6.2): it can absorb that much more before it is destroyed."""

    on_types = _DEFENDERS
    never = "defends"

    amount: int = attrs.field(
        metadata=about("How many fewer counters each time it absorbs damage.", limit="amount")
    )

    def rule(self, one: bool) -> str:
        counters = f"{self.amount} fewer durability counter{'s' * (self.amount != 1)}"
        return (
            f"take{'s' * one} {counters} each time {'it absorbs' if one else 'they absorb'} damage"
        )


# --------------------------------------------------------------------------- player statics


@modifier("prevent_damage")
@attrs.frozen
class PreventDamage(PlayerStatic):
    """The first ``amount`` damage each of the players would take each turn is prevented,
    before the defence (6.1)."""

    amount: int = attrs.field(
        metadata=about("How much damage is prevented each turn.", limit="amount")
    )

    def rule(self) -> str:
        return f"prevent the first {self.amount} damage {self.subject} would take each turn"


@modifier("reduce_damage")
@attrs.frozen
class ReduceDamage(PlayerStatic):
    """Each damage the players take is reduced by ``amount``, before the defence (6.1)."""

    amount: int = attrs.field(metadata=about("How much less each damage is.", limit="amount"))

    def rule(self) -> str:
        target = "you take" if self.whose is Whose.OWN else f"{self.subject} takes"
        return f"damage {target} is reduced by {self.amount}"


_WINDOWS = {
    None: "",
    Window.MAIN: " in their main phase",
    Window.RESPONSE: " in a response window after an equip",
    Window.ATTACKED: " when they are attacked",
}


@modifier("cannot_play_instants")
@attrs.frozen
class CannotPlayInstants(PlayerStatic):
    """The players cannot play instant spells in ``window`` (their main phase, 4.6; a
    response window after an equip, 8.1; as an attack's target, 8.2), or at all."""

    window: Window | None = attrs.field(
        default=None, metadata=about("The window it forbids.", unset="every window")
    )

    def rule(self) -> str:
        return f"{self.subject} cannot play instant spells{_WINDOWS[self.window]}"
