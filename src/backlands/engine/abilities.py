"""Printed abilities in play: each trigger of the card format as a reaction (RULINGS 11.2).

:func:`card_abilities` is the game's default ``abilities`` source: for a card coming into play
(or an instant being played) it gives one :class:`Reaction` per ``when:`` ability of the card,
each listening to the event class of its trigger:

===================  =====================================  =================================
trigger              listens to                             fires (11.2)
===================  =====================================  =================================
``equipped``         ``CardEquipped`` of this card          in place, cost paid, before 8.1
``start_of_turn``    ``TurnStarted`` of its controller      resolves after the draw (3.1)
``end_of_turn``      ``PhaseStarted(END)`` of its           first in the end phase (3.4)
                     controller
``attacks``          ``AttackDeclared`` of this card        after the counter (5.2), before
                     (an attach spell: of its host)         the window and the damage
``defends``          ``Defended`` of this card              once the whole defence resolved
                     (an attach spell: of its host)
``destroyed``        ``CardDestroyed`` of this card         once it is in its owner's void
``opponent_equips``  ``CardEquipped`` of an opponent        as ``equipped``: before 8.1
===================  =====================================  =================================

A triggered ability never interrupts the step that triggered it (11.3): the flow resolves it
once that step is over, its effects in printed order (``effects.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from ..model import CardType, Character, Trigger, TriggeredAbility
from . import events as ev
from .effects import HANDLERS, EffectStep, Source
from .state import CardInstance
from .table import AbilitySource, Table
from .triggers import Reaction

__all__ = [
    "NO_ABILITIES",
    "CardAbility",
    "ability_source",
    "card_abilities",
    "character_abilities",
]

_END = ev.Phase.END
_ATTACH = CardType.ATTACH_SPELL


class CardAbility(Reaction):
    """A printed triggered ability in play, controlled by ``player`` (11.1)."""

    trigger: ClassVar[Trigger]
    __slots__ = ("ability", "card")

    def __init__(
        self, player: int, order: int, card: CardInstance | None, ability: TriggeredAbility
    ) -> None:
        super().__init__(player, order)
        self.card = card
        self.ability = ability

    def resolve(self, table: Table, event: ev.Event) -> None:
        """Its effects in printed order, one agenda step each (11.3): the first runs in this
        step, the others wait above what it pushes (its questions, its damage)."""
        table.publish(ev.AbilityResolving, self.player, self.card, self.trigger.value)
        source = Source(self.card, self.player, event)
        first, *rest = self.ability.effects
        for effect in reversed(rest):
            table.run(self.player, EffectStep(effect, source))
        HANDLERS[type(first)](table, first, source)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.card or 'a character'} for P{self.player + 1}>"


class WhenEquipped(CardAbility):
    trigger = Trigger.EQUIPPED
    event = ev.CardEquipped
    own_card = True

    def matches(self, table: Table, event: ev.Event) -> bool:
        return isinstance(event, ev.CardEquipped) and event.card is self.card


class AtStartOfTurn(CardAbility):
    trigger = Trigger.START_OF_TURN
    event = ev.TurnStarted

    def matches(self, table: Table, event: ev.Event) -> bool:
        return isinstance(event, ev.TurnStarted) and event.player == self.player


class AtEndOfTurn(CardAbility):
    trigger = Trigger.END_OF_TURN
    event = ev.PhaseStarted

    def matches(self, table: Table, event: ev.Event) -> bool:
        return (
            isinstance(event, ev.PhaseStarted)
            and event.phase is _END
            and event.player == self.player
        )


class _ByItsCard(CardAbility):
    """Hears what its card does (``event.card``), or for an attach spell what its host does."""

    own_card = True

    def hears(self, card: CardInstance, host: CardInstance | None) -> CardInstance:
        return card if host is None else host

    def matches(self, table: Table, event: ev.Event) -> bool:
        return isinstance(event, self.event) and (
            getattr(event, "card", None) is self.card
            or (self.card is not None and self.card.type is _ATTACH)
        )


class WhenAttacks(_ByItsCard):
    trigger = Trigger.ATTACKS
    event = ev.AttackDeclared


class WhenDefends(_ByItsCard):
    trigger = Trigger.DEFENDS
    event = ev.Defended


class WhenDestroyed(CardAbility):
    trigger = Trigger.DESTROYED
    event = ev.CardDestroyed
    own_card = True

    def matches(self, table: Table, event: ev.Event) -> bool:
        return isinstance(event, ev.CardDestroyed) and event.card is self.card


class WhenAnOpponentEquips(CardAbility):
    trigger = Trigger.OPPONENT_EQUIPS
    event = ev.CardEquipped

    def matches(self, table: Table, event: ev.Event) -> bool:
        return isinstance(event, ev.CardEquipped) and event.player != self.player


REACTIONS: dict[Trigger, type[CardAbility]] = {
    cls.trigger: cls
    for cls in (
        WhenEquipped,
        AtStartOfTurn,
        AtEndOfTurn,
        WhenAttacks,
        WhenDefends,
        WhenDestroyed,
        WhenAnOpponentEquips,
    )
}


def card_abilities(instance: CardInstance, controller: int, order: int) -> Iterable[Reaction]:
    """The reactions a card brings into play: one per ``when:`` ability (the default
    ``abilities`` of a ``Game``)."""
    return tuple(REACTIONS[a.when](controller, order, instance, a) for a in instance.triggers)


def NO_ABILITIES(instance: CardInstance, controller: int, order: int) -> Iterable[Reaction]:
    """No printed ability triggers, a card's or a character's: ``Game(abilities=NO_ABILITIES)``
    plays the rules alone (continuous modifiers stay live)."""
    return ()


def ability_source(abilities: AbilitySource | None) -> AbilitySource | None:
    """A game's ``abilities`` as its table keeps them: None (``card_abilities``) is the
    printed ones, and ``NO_ABILITIES`` is no source at all, so that a card coming into play
    is not asked for any."""
    if abilities is None:
        return card_abilities
    return None if abilities is NO_ABILITIES else abilities


def seat_characters(table: Table) -> None:
    """The triggered abilities of each player's PRO and CON join the index (setup)."""
    if table.abilities is None:  # NO_ABILITIES
        return
    for p in table.players:
        for reaction in character_abilities(p.character, p.index):
            table.triggers.add(reaction)


def character_abilities(character: Character, player: int) -> tuple[Reaction, ...]:
    """The reactions of a character's PRO and CON (11.1: its player's; first in 11.3's
    order)."""
    return tuple(
        REACTIONS[a.when](player, 0, None, a)
        for trait in (character.pro, character.con)
        for a in trait.abilities
    )
