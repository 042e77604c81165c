"""Printed abilities in play: each ``when:`` ability as a reaction (RULINGS 11.2).

:func:`card_abilities` is the game's default ``abilities`` source: for a card coming into play
(or an instant being played) it gives one :class:`CardAbility` per ``when:`` ability of the
card. A :class:`CardAbility` reads everything from its trigger's definition
(``backlands.keywords.triggers``): the event class it listens to (``event``), whether it
hears only events about its own card (``own_card``) and, for an attach spell's ``attacks``
and ``defends``, about its host (``hears_host``), and, for the others, whether an event
triggers it (``matches``). There is one subclass of it per trigger, made here from the
definition (named after it, ``WhenAttacks``), so that the table reads ``event`` and
``own_card`` as the class attributes of every ``Reaction``.

A triggered ability never interrupts the step that triggered it (11.3): the flow resolves it
once that step is over, its effects in printed order (``effects.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from ..keywords import Heard, Trigger, TriggerKind
from ..model import Character, TriggeredAbility
from ..terms import CardType
from . import events as ev
from ._compiled import mypyc_attr
from .effects import Source, reading, resolve_effects
from .state import CardInstance
from .table import AbilitySource, Table
from .triggers import Reaction

__all__ = [
    "NO_ABILITIES",
    "REACTIONS",
    "CardAbility",
    "ability_source",
    "card_abilities",
    "character_abilities",
]

_ATTACH: Final = CardType.ATTACH_SPELL


@mypyc_attr(allow_interpreted_subclasses=True)  # one subclass per trigger, made at import
class CardAbility(Reaction):
    """A printed triggered ability in play, controlled by ``player`` (11.1): the ``ability``
    of ``card`` (None: a character's PRO or CON)."""

    trigger: ClassVar[Trigger]
    when: ClassVar[str]  # the trigger's name in the card format (``trigger.value``)
    definition: ClassVar[TriggerKind]
    __slots__ = ("ability", "card", "hears_host")

    def __init__(
        self, player: int, order: int, card: CardInstance | None, ability: TriggeredAbility
    ) -> None:
        super().__init__(player, order)
        self.card = card
        self.ability = ability
        # an attach spell's "attacks" and "defends" hear the card it sits under (11.2)
        self.hears_host = (
            card is not None
            and card.type is _ATTACH
            and self.definition.heard is Heard.THIS_CARD_OR_HOST
        )

    def hears(self, card: CardInstance, host: CardInstance | None) -> CardInstance:
        return host if self.hears_host and host is not None else card

    def matches(self, table: Table, event: ev.Event) -> bool:
        if not isinstance(event, self.event):
            return False
        if self.own_card:
            return self.hears_host or getattr(event, "card", None) is self.card
        return self.definition.matches(event, self.player)

    def resolve(self, table: Table, event: ev.Event) -> None:
        """Its effects in printed order, one agenda step each (11.3): the first runs in this
        step, the others wait above what it pushes (its questions, its damage)."""
        table.publish(ev.AbilityResolving, self.player, self.card, self.when)
        resolve_effects(table, self.ability.effects, Source(self.card, self.player, event))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.card or 'a character'} for P{self.player + 1}>"


@mypyc_attr(allow_interpreted_subclasses=True)  # one subclass per trigger, made at import
class FilteredAbility(CardAbility):
    """A printed triggered ability with a filter (``if:``): triggered only when the filter
    holds as the event is published (12.1). A separate class, so that an ability without
    one pays nothing for filters."""

    __slots__ = ()

    def matches(self, table: Table, event: ev.Event) -> bool:
        if not CardAbility.matches(self, table, event):
            return False
        condition = self.ability.if_
        assert condition is not None
        return condition.holds(reading(table, Source(self.card, self.player, event)))


def _reaction_class(trigger: Trigger, filtered: bool = False) -> type[CardAbility]:
    """The reaction class of ``trigger``, named after its definition (``WhenAttacks``);
    ``filtered``: of its abilities with an ``if:`` filter (``WhenAttacksIf``)."""
    kind = trigger.definition
    event = getattr(ev, kind.event, None)
    if not (isinstance(event, type) and issubclass(event, ev.Event)):
        raise TypeError(
            f"the trigger {trigger.value!r} listens to {kind.event!r}, which is not an event "
            "class of backlands.engine.events"
        )
    namespace = {
        "__slots__": (),
        "__doc__": type(kind).__doc__,
        "__module__": __name__,
        "trigger": trigger,
        "when": trigger.value,
        "definition": kind,
        "event": event,
        "own_card": kind.heard is not Heard.ANY,
    }
    name = type(kind).__name__ + ("If" if filtered else "")
    return type(name, (FilteredAbility if filtered else CardAbility,), namespace)


#: The reaction class of each trigger.
REACTIONS: dict[Trigger, type[CardAbility]] = {t: _reaction_class(t) for t in Trigger}
#: The reaction class of each trigger's abilities with an ``if:`` filter (12.1).
FILTERED: dict[Trigger, type[CardAbility]] = {t: _reaction_class(t, True) for t in Trigger}


def reaction_of(
    ability: TriggeredAbility, controller: int, order: int, card: CardInstance | None
) -> CardAbility:
    """The reaction of one ``when:`` ability in play (with its filter, if it has one)."""
    kinds = REACTIONS if ability.if_ is None else FILTERED
    return kinds[ability.when](controller, order, card, ability)


def card_abilities(instance: CardInstance, controller: int, order: int) -> Iterable[Reaction]:
    """The reactions a card brings into play: one per ``when:`` ability (the default
    ``abilities`` of a ``Game``)."""
    return tuple(reaction_of(a, controller, order, instance) for a in instance.triggers)


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
        reaction_of(a, player, 0, None)
        for trait in (character.pro, character.con)
        for a in trait.abilities
    )
