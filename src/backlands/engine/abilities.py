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
from .effects import EffectStep, Source, TableResolution
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
        source = Source(self.card, self.player, event)
        first, *rest = self.ability.effects
        for effect in reversed(rest):
            table.run(self.player, EffectStep(effect, source))
        if table.effect_resolves():  # else the turn did not end: a draw (9.4)
            first.apply(TableResolution(table, first, source))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.card or 'a character'} for P{self.player + 1}>"


def _reaction_class(trigger: Trigger) -> type[CardAbility]:
    """The reaction class of ``trigger``, named after its definition (``WhenAttacks``)."""
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
    return type(type(kind).__name__, (CardAbility,), namespace)


#: The reaction class of each trigger.
REACTIONS: dict[Trigger, type[CardAbility]] = {t: _reaction_class(t) for t in Trigger}


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
