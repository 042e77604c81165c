"""Printed abilities in play: each ``when:`` ability as a reaction (RULINGS 11.2, 12.7).

:func:`card_abilities` is the game's default ``abilities`` source: for a card coming into play
(or an instant being played) it gives the :class:`CardAbility` reactions of each ``when:``
ability of the card. A :class:`CardAbility` reads everything from its trigger's definition
(``backlands.keywords.triggers``): the event class it listens to (``event``; a trigger of
two event classes, as ``cured``, is two reactions), whether it hears only events about its
own card (``own_card``: ``whose: this``) and, for an attach spell's ``attacks`` and
``defends``, about its host (``hears_host``); for the others, whose event it is (``whose``
and the definition's ``subject``), and whether an event triggers it (``matches``). There is
one subclass of it per trigger, event class and way of hearing, made here from the
definition (named after it, ``WhenAttacks``), so that the table reads ``event`` and
``own_card`` as the class attributes of every ``Reaction``.

A triggered ability never interrupts the step that triggered it (11.3): the flow resolves it
once that step is over, its effects in printed order (``effects.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Final

from ..keywords import Heard, Subject, Trigger, TriggerKind
from ..model import Character, TriggeredAbility
from ..terms import CardType
from ._compiled import mypyc_attr
from .effects import Source, reading, resolve_effects
from .events import AbilityResolving, Event
from .reading import find_equipped
from .state import CardInstance
from .table import AbilitySource, Table
from .triggers import Reaction, reaction_class

__all__ = [
    "NO_ABILITIES",
    "REACTIONS",
    "CardAbility",
    "FilteredAbility",
    "ability_source",
    "card_abilities",
    "character_abilities",
    "controller_of",
    "reactions_of",
]

_ATTACH: Final = CardType.ATTACH_SPELL
_ALL: Final = Subject.ALL
_OPPONENTS: Final = Subject.OPPONENTS
_ANOTHER: Final = Subject.ANOTHER
_THIS: Final = Subject.THIS


@mypyc_attr(allow_interpreted_subclasses=True)  # one subclass per trigger, made at import
class CardAbility(Reaction):
    """A printed triggered ability in play, controlled by ``player`` (11.1): the ``ability``
    of ``card`` (None: a character's PRO or CON), about ``subject`` (its ``whose``, 12.7).
    Its effects come from its ``source``, made with it and the same each time it triggers;
    the triggering event goes beside it (``resolve_effects``)."""

    trigger: ClassVar[Trigger]
    when: ClassVar[str]  # the trigger's name in the card format (``trigger.value``)
    definition: ClassVar[TriggerKind]
    #: Whether its definition narrows the events beyond whose they are (``matches``).
    narrowed: ClassVar[bool]
    #: Whose event it hears when its ability says nothing (the definition's default).
    default: ClassVar[Subject]
    #: Whether, heard from its card, an attach spell's hears its host's events (11.2).
    host_heard: ClassVar[bool]
    __slots__ = ("ability", "card", "hears_host", "source", "subject")

    def __init__(
        self, player: int, order: int, card: CardInstance | None, ability: TriggeredAbility
    ) -> None:
        Reaction.__init__(self, player, order)
        self.card = card
        self.ability = ability
        whose = ability.whose
        self.subject = self.default if whose is None else whose
        # an attach spell's "attacks" and "defends" hear the card it sits under (11.2)
        self.hears_host = self.host_heard and card is not None and card.type is _ATTACH
        self.source = Source(card, player, self.definition.supplies, order)

    def hears(self, card: CardInstance, host: CardInstance | None) -> CardInstance:
        return host if self.hears_host and host is not None else card

    def matches(self, table: Table, event: Event) -> bool:
        if not isinstance(event, self.event):
            return False
        if self.own_card:  # found through its card: an event about it (or its host)
            about: Any = event  # an event class with a card (``events.ABOUT_CARD``)
            if not self.hears_host and about.card is not self.card:
                return False
        elif self.subject is not _ALL:  # whose event it is (12.7)
            field = self.definition.subject
            if field is not None:
                player = getattr(event, field)
            else:  # the event names a card only: its controller's
                player = controller_of(table, getattr(event, "card", None))
            if self.subject is _OPPONENTS:
                if player is None or player == self.player:
                    return False
            elif player != self.player or (
                self.subject is _ANOTHER and getattr(event, "card", None) is self.card
            ):
                return False
        return not self.narrowed or self.definition.matches(event, self.player)

    def resolve(self, table: Table, event: Event) -> None:
        """Its effects in printed order, one agenda step each (11.3): the first runs in this
        step, the others wait above what it pushes (its questions, its damage)."""
        table.publish(AbilityResolving, self.player, self.card, self.when)
        resolve_effects(table, self.ability.effects, self.source, event)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.card or 'a character'} for P{self.player + 1}>"


def controller_of(table: Table, card: object) -> int | None:
    """Who controls ``card`` now: whose mat it is on (None: it is in no slot)."""
    if not isinstance(card, CardInstance):
        return None
    found = find_equipped(table.players, card)
    return None if found is None else found[0].index


@mypyc_attr(allow_interpreted_subclasses=True)  # one subclass per trigger, made at import
class FilteredAbility(CardAbility):
    """A printed triggered ability with a filter (``if:``): triggered only when the filter
    holds as the event is published (12.1). A separate class, so that an ability without
    one pays nothing for filters."""

    __slots__ = ()

    def matches(self, table: Table, event: Event) -> bool:
        if not CardAbility.matches(self, table, event):
            return False
        condition = self.ability.if_
        assert condition is not None
        return condition.holds(reading(table, self.source, event))


def _reaction_class(
    trigger: Trigger, event_name: str, own_card: bool, filtered: bool
) -> type[CardAbility]:
    """The reaction class of ``trigger`` listening to ``event_name``, heard from its own card
    (``whose: this``) or from the index (any other ``whose``), named after its definition
    (``WhenAttacks``); ``filtered``: of its abilities with an ``if:`` filter (12.1)."""
    kind = trigger.definition
    return reaction_class(
        FilteredAbility if filtered else CardAbility,
        kind,
        event_name,
        own_card,
        trigger=trigger,
        when=trigger.value,
        definition=kind,
        narrowed=type(kind).matches is not TriggerKind.matches,
        default=kind.default,
        host_heard=own_card and kind.heard is Heard.THIS_CARD_OR_HOST,
    )


#: The reaction classes of each trigger: (trigger, whether about its own card, ``whose:
#: this``; whether with an ``if:`` filter) -> one class per event class it listens to.
REACTIONS: dict[tuple[Trigger, bool, bool], tuple[type[CardAbility], ...]] = {
    (t, own, filtered): tuple(
        _reaction_class(t, name, own, filtered) for name in t.definition.events
    )
    for t in Trigger
    for own in (True, False)
    if any((whose is Subject.THIS) is own for whose in t.definition.whose)
    for filtered in (False, True)
}


def reactions_of(
    ability: TriggeredAbility, player: int, order: int, card: CardInstance | None
) -> tuple[Reaction, ...]:
    """The reactions of one ``when:`` ability in play (one per event class it listens to,
    with its filter if it has one)."""
    when, whose = ability.when, ability.whose
    this = _THIS_BY_DEFAULT[when] if whose is None else whose is _THIS
    classes = REACTIONS[(when, this, ability.if_ is not None)]
    if len(classes) == 1:
        return (classes[0](player, order, card, ability),)
    return tuple(cls(player, order, card, ability) for cls in classes)


#: Whether a trigger is about its own card when its ability says nothing (``whose: this``).
_THIS_BY_DEFAULT: Final = {t: t.definition.default is Subject.THIS for t in Trigger}


def card_abilities(instance: CardInstance, controller: int, order: int) -> Iterable[Reaction]:
    """The reactions a card brings into play: those of each ``when:`` ability (the default
    ``abilities`` of a ``Game``)."""
    triggers = instance.triggers
    if len(triggers) == 1:
        return reactions_of(triggers[0], controller, order, instance)
    found: tuple[Reaction, ...] = ()
    for a in triggers:
        found += reactions_of(a, controller, order, instance)
    return found


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
    found: tuple[Reaction, ...] = ()
    for trait in (character.pro, character.con):
        for a in trait.abilities:
            found += reactions_of(a, player, 0, None)
    return found
