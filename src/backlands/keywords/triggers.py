"""The triggers of triggered abilities (RULINGS 11.2): the card format's ``when:``.

Each trigger is one definition (a :class:`TriggerKind` subclass) and one member of
:class:`Trigger` made from it. The definition says everything about the trigger:

- its ``name`` (the word after ``when:``) and its words for ``backlands cards show``, right
  for each card type it may be written on (``words``, ``words_on``);
- the engine event class it listens to (``event``, by its name in
  ``backlands.engine.events``), how it is heard (``heard``: events about this very card,
  about this card or, for an attach spell, its host, or any event of the class) and whether
  an event of the class triggers it (:meth:`TriggerKind.matches`);
- where it may be written (``fires_on``: the card types on which it can fire, with ``never``
  for the loader's message; ``on_character``: a character's PRO or CON may use it) and the
  player targets it supplies (``supplies``: ``attack_target`` for ``attacks``).

The engine (``backlands.engine.abilities``) makes one reaction per ``when:`` ability from the
definition; the loader, ``describe`` and the JSON Schema read the same definitions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..terms import CardType, DestroyReason, ValueEnum
from .registry import Defined
from .targets import PlayerTarget

__all__ = [
    "TRAIT_TRIGGERS",
    "Heard",
    "Trigger",
    "TriggerKind",
]

_WEAPON, _CREATURE, _ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
_INSTANT, _ATTACH, _ACTIVE = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
#: Every card type but the instant spell, which is never in play (4.6).
IN_PLAY = frozenset({_WEAPON, _CREATURE, _ARMOUR, _ATTACH, _ACTIVE})


class Heard(ValueEnum):
    """How a trigger hears the events of its class."""

    THIS_CARD = "this_card"  # only events about this very card (``event.card``)
    # events about this card; on an attach spell, about the card it sits under (its host)
    THIS_CARD_OR_HOST = "this_card_or_host"
    ANY = "any"  # every event of the class; :meth:`TriggerKind.matches` decides


class TriggerKind:
    """The definition of a trigger: subclass it, set the class attributes, and make it a
    member of :class:`Trigger`."""

    name: ClassVar[str]
    #: The name of the event class of ``backlands.engine.events`` it listens to.
    event: ClassVar[str]
    heard: ClassVar[Heard] = Heard.ANY
    #: The card types on which it can fire (the loader refuses it on the others).
    fires_on: ClassVar[frozenset[CardType]] = IN_PLAY
    #: What a card of a type it never fires on never does: "an armour never attacks".
    never: ClassVar[str] = ""
    #: Whether a character's PRO or CON may use it (11.1: its player's abilities).
    on_character: ClassVar[bool] = False
    #: The player targets named by its event (``attack_target``: the player attacked).
    supplies: ClassVar[tuple[PlayerTarget, ...]] = ()
    #: Its words, for ``backlands cards show``: "When this card attacks".
    words: ClassVar[str]
    #: Other words on some card types: an attach spell's "attacks" is its host's.
    words_on: ClassVar[Mapping[CardType, str]] = {}
    #: The reasons its event gives (``CardDestroyed.reason``), which a filter may read
    #: (``{condition: reason, ...}``, 12.1); None: its event has none.
    reason: ClassVar[type[ValueEnum] | None] = None

    def matches(self, event: Any, controller: int) -> bool:
        """Whether ``event`` (of the ``event`` class) triggers the ability of ``controller``.
        A trigger heard from its own card (or host) is triggered by every event of its class
        about that card, so this is asked only of triggers heard from ``Heard.ANY``."""
        return True

    def words_for(self, owner: CardType | None) -> str:
        """Its words on a card of type ``owner`` (None: a character's, or a card unknown)."""
        return self.words if owner is None else self.words_on.get(owner, self.words)

    def __repr__(self) -> str:
        return f"<trigger {self.name}>"


class WhenEquipped(TriggerKind):
    """When this card is equipped (4.4), in place with its cost paid, before the 8.1
    window; for an attach spell, when it is attached; an instant's ability, as it is played
    (4.6)."""

    name = "equipped"
    event = "CardEquipped"
    heard = Heard.THIS_CARD
    fires_on = frozenset(CardType)
    words = "When this card is equipped"
    words_on: ClassVar[Mapping[CardType, str]] = {
        _INSTANT: "When this card is played",
        _ATTACH: "When this card is attached",
    }


class AtStartOfTurn(TriggerKind):
    """At the start of your turn, after its draw, before the main phase starts (3.1)."""

    name = "start_of_turn"
    event = "TurnStarted"
    on_character = True
    words = "At the start of your turn"

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.player == controller)


class AtEndOfTurn(TriggerKind):
    """At the end of your turn: first in its end phase (3.4)."""

    name = "end_of_turn"
    event = "PhaseStarted"
    on_character = True
    words = "At the end of your turn"

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.player == controller and event.phase.value == "end")


class WhenAttacks(TriggerKind):
    """When this card attacks (5.2), after the attack's counter, before the target's window
    and the damage; on an attach spell, when its host attacks."""

    name = "attacks"
    event = "AttackDeclared"
    heard = Heard.THIS_CARD_OR_HOST
    fires_on = frozenset({_WEAPON, _CREATURE, _ATTACH})
    never = "attacks"
    supplies = (PlayerTarget.ATTACK_TARGET,)
    words = "When this card attacks"
    words_on: ClassVar[Mapping[CardType, str]] = {
        _ATTACH: "When the card this is attached to attacks"
    }


class WhenDefends(TriggerKind):
    """When this card absorbs damage, once the whole defence has resolved (6.2); on an
    attach spell, when its host does."""

    name = "defends"
    event = "Defended"
    heard = Heard.THIS_CARD_OR_HOST
    fires_on = frozenset({_ARMOUR, _CREATURE, _ATTACH})
    never = "defends"
    supplies = (PlayerTarget.ATTACKER,)
    words = "When this card absorbs damage"
    words_on: ClassVar[Mapping[CardType, str]] = {
        _ATTACH: "When the card this is attached to absorbs damage"
    }


class WhenDestroyed(TriggerKind):
    """When this card is destroyed, once it is in its owner's void (7.4)."""

    name = "destroyed"
    event = "CardDestroyed"
    heard = Heard.THIS_CARD
    words = "When this card is destroyed"
    reason = DestroyReason


class WhenAnOpponentEquips(TriggerKind):
    """When an opponent equips a card, an instant or an attach spell too, once it is in
    place and its cost paid, before the 8.1 window (11.2)."""

    name = "opponent_equips"
    event = "CardEquipped"
    on_character = True
    words = "When an opponent equips a card"

    def matches(self, event: Any, controller: int) -> bool:
        return bool(event.player != controller)


class Trigger(Defined):
    """When a triggered ability resolves: one member per trigger, made from its definition."""

    definition: TriggerKind

    EQUIPPED = WhenEquipped()
    START_OF_TURN = AtStartOfTurn()
    END_OF_TURN = AtEndOfTurn()
    ATTACKS = WhenAttacks()
    DEFENDS = WhenDefends()
    DESTROYED = WhenDestroyed()
    OPPONENT_EQUIPS = WhenAnOpponentEquips()


#: The triggers a character's PRO or CON may use: a character is never equipped, never
#: attacks, defends or is destroyed; its abilities are its player's (11.1).
TRAIT_TRIGGERS: tuple[Trigger, ...] = tuple(t for t in Trigger if t.definition.on_character)
