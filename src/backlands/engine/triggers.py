"""Triggered abilities in play: the index from event class to what listens, and the order in
which what triggered resolves (RULINGS 11.2, 11.3).

A :class:`Reaction` is one triggered ability in play: whose it is, where it sits (for the
order of 11.3), the event class it listens to, whether a given event triggers it, and how it
resolves. The :class:`TriggerIndex` holds every reaction in play by event class, kept as
cards enter and leave play, so finding what listens to an event is one dict lookup and never
a scan of the mats.

When an event is published, each reaction listening to its class that ``matches`` it is
*triggered*: it waits, and never interrupts the step that triggered it. Once that step has
finished, what it triggered joins the end of the queue in the order of 11.3 (the active
player's first, then each other player's in turn order; one player's in slot order), and the
queue resolves one ability at a time, each completely before the next (``flow.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, ClassVar

from ..model import Slot
from . import events as ev
from ._compiled import mypyc_attr
from .events import Event
from .state import CardInstance, Equipped

if TYPE_CHECKING:
    from .table import Table

__all__ = [
    "SLOT_ORDER",
    "Reaction",
    "TriggerIndex",
    "cast",
    "emit_card",
    "enter_play",
    "finish_cast",
    "heard_by",
    "heard_with",
    "leave_play",
    "resolution_order",
]

# 11.3: one player's abilities resolve in slot order WEAPON, CREATURE, ARMOUR, SPELL, an
# attach spell right after its host; a character's (no slot) come first
SLOT_ORDER = {Slot.WEAPON: 1, Slot.CREATURE: 2, Slot.ARMOUR: 3, Slot.SPELL: 4}


@mypyc_attr(allow_interpreted_subclasses=True)  # users subclass it
class Reaction:
    """A triggered ability in play. Subclasses set ``event`` (the event class it listens
    to) and override :meth:`matches` and :meth:`resolve`.

    ``player`` is the ability's controller (11.1); ``order`` its place among that player's
    abilities (11.3: ``2 * SLOT_ORDER[slot]``, plus 1 for an attach spell; 0 for a
    character's). Reactions are immutable values: a copied game shares them.
    """

    event: ClassVar[type[Event]] = Event
    # it hears only events about its own card (``event.card``; an attach spell's "attacks"
    # and "defends" also its host's): the table finds it through the card
    # (``Table.in_play``), not the index, and triggers it on every event of its ``event``
    # class about that card without asking ``matches``; so an event about any other card is
    # never built or matched for it (an "equipped", "attacks", "defends" or "destroyed")
    own_card: ClassVar[bool] = False
    # an own-card reaction that hears the events of the card its attach spell sits under
    # (its host's "attacks" and "defends"), not of its own card (abilities.CardAbility)
    hears_host: bool = False
    __slots__ = ("order", "player")

    def __init__(self, player: int, order: int = 0) -> None:
        self.player = player
        self.order = order

    def matches(self, table: Table, event: Event) -> bool:
        """Whether ``event`` triggers this ability (checked as the event is published)."""
        return True

    def resolve(self, table: Table, event: Event) -> None:
        """Resolve the ability: do its work, or push steps (``table.run``, ``table.ask``)
        that do it, in order; it may ask its controller a question on the way (11.4)."""


class TriggerIndex:
    """Every reaction in play, by the event class it listens to."""

    __slots__ = ("_by_event", "on_change")

    def __init__(self) -> None:
        self._by_event: dict[type[Event], list[Reaction]] = {}
        self.on_change: Callable[[], None] | None = None

    def copy(self) -> TriggerIndex:
        other = TriggerIndex()
        other._by_event = {cls: list(found) for cls, found in self._by_event.items()}
        return other

    def add(self, reaction: Reaction) -> None:
        """``reaction`` is in play (its card was equipped, say)."""
        found = self._by_event.get(reaction.event)
        if found is not None:
            found.append(reaction)
            return
        self._by_event[reaction.event] = [reaction]
        if self.on_change is not None:  # a class is listened to now: what is heard changed
            self.on_change()

    def remove(self, reaction: Reaction) -> None:
        """``reaction`` left play."""
        found = self._by_event.get(reaction.event)
        if found is None or reaction not in found:
            raise LookupError(f"{reaction!r} is not in play")
        found.remove(reaction)
        if not found:
            del self._by_event[reaction.event]
            if self.on_change is not None:  # nothing listens to the class any more
                self.on_change()

    def listening(self, event_class: type[Event]) -> list[Reaction] | None:
        """The reactions listening to ``event_class`` (one dict lookup), or None."""
        return self._by_event.get(event_class)

    def event_classes(self) -> Iterator[type[Event]]:
        return iter(self._by_event)

    def __iter__(self) -> Iterator[Reaction]:
        for found in self._by_event.values():
            yield from found

    def __len__(self) -> int:
        return sum(len(found) for found in self._by_event.values())


def resolution_order(
    triggered: list[tuple[Reaction, Event]], active: int, players: int
) -> list[tuple[Reaction, Event]]:
    """What one step triggered, in the order of 11.3 (stable for equal places)."""
    return sorted(triggered, key=lambda pair: ((pair[0].player - active) % players, pair[0].order))


# --------------------------------------------------------------------------- in play
# A card's reactions join the table as it comes into play and leave as it goes
# (``Table.in_play``, by card uid); those that hear only events about their own card
# ("equipped", "attacks", "defends", "destroyed") are found by card and event class
# (``Table.own``), the others through the index.


def emit_card(t: Table, event: ev.Event, own: tuple[Reaction, ...] | None) -> None:
    """Publish an event about a card: to the bus and the index if its class is heard, and
    to ``own``, the card's own reactions to it (``heard_by``), which it triggers without
    asking ``matches`` (11.2). Call it when ``type(event) in t.heard or own``."""
    if type(event) in t.heard:
        t.emit(event)
    if own:
        t.triggered.extend([(reaction, event) for reaction in own])


def heard_by(t: Table, card: CardInstance, cls: type[Event]) -> tuple[Reaction, ...] | None:
    """The own-card reactions of ``card`` listening to ``cls`` (one dict lookup)."""
    own = t.own
    return own.get((card.uid, cls)) if own else None


def heard_with(t: Table, eq: Equipped, cls: type[Event]) -> tuple[Reaction, ...] | None:
    """The own-card reactions listening to ``cls`` of the card of ``eq`` and of the attach
    spells under it, which hear what their host does ("attacks", "defends")."""
    own = t.own
    if not own:
        return None
    found = own.get((eq.instance.uid, cls))
    for attached in eq.attached:
        more = own.get((attached.instance.uid, cls))
        if more:
            found = more if found is None else found + more
    return found


def enter_play(t: Table, instance: CardInstance, controller: int, host: Slot | None) -> None:
    """``instance`` is now on ``controller``'s side of the table, in a slot or (with the
    ``host`` slot) attached: what it triggers joins the index (11.1, 11.3)."""
    source = t.abilities
    if source is None:
        return
    slot = instance.slot if host is None else host
    order = 2 * SLOT_ORDER[slot] + (host is not None) if slot is not None else 0
    reactions = tuple(source(instance, controller, order))
    if reactions:
        uid = instance.uid
        t.in_play[uid] = reactions
        own = t.own
        for reaction in reactions:
            if reaction.own_card:
                key = (uid, reaction.event)
                own[key] = (*own.get(key, ()), reaction)
            else:
                t.triggers.add(reaction)


def leave_play(t: Table, instance: CardInstance) -> None:
    """``instance`` left play: what it triggers leaves the index."""
    reactions = t.in_play.pop(instance.uid, None)
    if reactions:
        for reaction in reactions:
            if reaction.own_card:
                t.own.pop((instance.uid, reaction.event), None)
            else:
                t.triggers.remove(reaction)


def cast(t: Table, player: int, instance: CardInstance) -> None:
    """An instant was played, its cost paid: its ability triggers as its card is
    "equipped", though the card never enters play; the card waits out of every zone
    (``Table.casting``) until that ability has resolved, then goes to its owner's void (4.6,
    11.2). An instant without an ability goes there at once."""
    heard = ev.CardEquipped in t.heard
    if t.printed and not instance.triggers and not heard:  # nothing to hear, nothing to do
        t.players[instance.owner].void.append(instance)
        return
    event = ev.CardEquipped(player, instance, None)
    own = []
    if t.abilities is not None:
        for reaction in t.abilities(instance, player, 0):
            if reaction.event is ev.CardEquipped and reaction.matches(t, event):
                own.append((reaction, event))
    if own:
        t.casting.append(instance)
    else:
        t.players[instance.owner].void.append(instance)
    if heard:
        t.emit(event)  # to the bus, and what listens in play ("opponent_equips")
    t.triggered.extend(own)


def finish_cast(t: Table, reaction: Reaction) -> None:
    """``reaction`` has resolved: an instant whose ability it was goes to its owner's void
    (4.6), unless another of its abilities still waits."""
    card = getattr(reaction, "card", None)
    if card is None or not t.casting or all(c is not card for c in t.casting):
        return
    if any(getattr(r, "card", None) is card for r, _ in t.queue):
        return
    t.casting[:] = [c for c in t.casting if c is not card]
    t.players[card.owner].void.append(card)
