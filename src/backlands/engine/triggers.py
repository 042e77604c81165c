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

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from ..terms import Slot
from . import events as ev
from ._compiled import mypyc_attr
from .events import Event
from .listening import hear, unhear
from .state import CardInstance

if TYPE_CHECKING:
    from .table import Table

__all__ = ["SLOT_ORDER", "Reaction", "TriggerIndex", "reaction_class", "resolution_order"]

# 11.3: one player's abilities resolve in slot order WEAPON, CREATURE, ARMOUR, SPELL, an
# attach spell right after its host; a character's (no slot) come first
SLOT_ORDER: Final = {Slot.WEAPON: 1, Slot.CREATURE: 2, Slot.ARMOUR: 3, Slot.SPELL: 4}


@mypyc_attr(allow_interpreted_subclasses=True)  # users subclass it
class Reaction:
    """A triggered ability in play. Subclasses set ``event`` (the event class it listens
    to) and override :meth:`matches` and :meth:`resolve`.

    ``player`` is the ability's controller (11.1); ``order`` its place among that player's
    abilities (11.3: ``2 * SLOT_ORDER[slot]``, plus 1 for an attach spell; 0 for a
    character's). Reactions are immutable values: a copied game shares them.
    """

    event: ClassVar[type[Event]] = Event
    # it hears only events about one card (``event.card``, see ``events.ABOUT_CARD``): its
    # own (:meth:`hears`). The table finds it through that card
    # (``Table.card_listeners``), not the index, so an event about any other card is never
    # built or matched for it (an "equipped", "attacks", "defends" or "destroyed" ability)
    own_card: ClassVar[bool] = False
    # a delayed ability waiting for its moment (12.9): it leaves the index once triggered,
    # or as its player goes out (``Table.eliminate``, 9.2)
    pending: ClassVar[bool] = False
    __slots__ = ("order", "player")

    def __init__(self, player: int, order: int = 0) -> None:
        self.player = player
        self.order = order

    def matches(self, table: Table, event: Event) -> bool:
        """Whether ``event`` triggers this ability (checked as the event is published)."""
        return True

    def hears(self, card: CardInstance, host: CardInstance | None) -> CardInstance:
        """For an ``own_card`` reaction brought into play by ``card`` (attached under
        ``host``, for an attach spell): the card whose events it hears. Its own, unless a
        subclass says otherwise (an attach spell's "attacks" hears its host attack)."""
        return card

    def resolve(self, table: Table, event: Event) -> None:
        """Resolve the ability: do its work, or push steps (``table.run``, ``table.ask``)
        that do it, in order; it may ask its controller a question on the way (11.4)."""


class TriggerIndex:
    """Every reaction in play, by the event class it listens to."""

    __slots__ = ("by_event", "heard", "pending")

    def __init__(self) -> None:
        # the reactions listening to each event class (read by ``Table.publish``; changed
        # only by ``add`` and ``remove``)
        self.by_event: dict[type[Event], list[Reaction]] = {}
        self.pending = 0  # how many delayed abilities wait for their moment (12.9)
        # the game's count of listeners by event class (``Table.heard``): one per class here
        self.heard: dict[type, int] | None = None

    def copy(self) -> TriggerIndex:
        other = TriggerIndex()
        other.by_event = {cls: list(found) for cls, found in self.by_event.items()}
        other.pending = self.pending
        return other

    def add(self, reaction: Reaction) -> None:
        """``reaction`` is in play (its card was equipped, say)."""
        if reaction.pending:
            self.pending += 1
        found = self.by_event.get(reaction.event)
        if found is not None:
            found.append(reaction)
            return
        self.by_event[reaction.event] = [reaction]
        if self.heard is not None:  # a class is listened to now: what is heard changed
            hear(self.heard, reaction.event)

    def remove(self, reaction: Reaction) -> None:
        """``reaction`` left play."""
        found = self.by_event.get(reaction.event)
        try:
            if found is None:
                raise ValueError
            found.remove(reaction)
        except ValueError:
            raise LookupError(f"{reaction!r} is not in play") from None
        if reaction.pending:
            self.pending -= 1
        if not found:
            del self.by_event[reaction.event]
            if self.heard is not None:  # nothing listens to the class any more
                unhear(self.heard, reaction.event)

    def listening(self, event_class: type[Event]) -> list[Reaction] | None:
        """The reactions listening to ``event_class`` (one dict lookup), or None."""
        return self.by_event.get(event_class)

    def event_classes(self) -> Iterator[type[Event]]:
        return iter(self.by_event)

    def __iter__(self) -> Iterator[Reaction]:
        for found in self.by_event.values():
            yield from found

    def __len__(self) -> int:
        return sum(len(found) for found in self.by_event.values())


def resolution_order(
    triggered: list[tuple[Reaction, Event]], active: int, players: int
) -> list[tuple[Reaction, Event]]:
    """What one step triggered, in the order of 11.3 (stable for equal places)."""
    return sorted(triggered, key=lambda pair: ((pair[0].player - active) % players, pair[0].order))


R = TypeVar("R", bound=Reaction)


def reaction_class(
    base: type[R], keyword: Any, event_name: str, own_card: bool = False, **attributes: Any
) -> type[R]:
    """A subclass of ``base`` made at import for a ``keyword``'s definition (a trigger's, a
    delayed ability's moment), named after it and listening to the event class of
    ``backlands.engine.events`` named ``event_name``; ``attributes`` are its class
    attributes (the table reads ``event`` and ``own_card`` of every reaction as those)."""
    event = getattr(ev, event_name, None)
    if not (isinstance(event, type) and issubclass(event, Event)):
        raise TypeError(
            f"{keyword!r} listens to {event_name!r}, which is not an event class of "
            "backlands.engine.events"
        )
    namespace = {
        "__slots__": (),
        "__doc__": type(keyword).__doc__,
        "__module__": base.__module__,
        "event": event,
        "own_card": own_card,
        **attributes,
    }
    return type(type(keyword).__name__, (base,), namespace)
