"""Typed events, proposals and the one event bus of a game.

Every state change is published as an event *after* it happened: a small slotted value,
built only when someone listens, that handlers and the log treat as read-only (it is not
frozen, which would make it dearer to build). A change that effects
may alter (damage about to be dealt, a card about to be destroyed) is first offered as a
mutable *proposal*: handlers, in priority order, may change its amount or cancel it before
the game carries it out and publishes the matching event.

Handlers subscribe by event class. Subscribing to a base class (such as :class:`Event`)
receives every subclass, which is how the game log records everything. An event with a
``card`` field is *about* that card (``ABOUT_CARD``): the triggered abilities that hear only
their own card's events (an "equipped", "attacks", "defends" or "destroyed" ability) are
found through it (``Table.publish``).

A proposal handler may change only what its proposal says may change (a damage amount,
``cancelled``); a handler that leaves anything else, or an amount no game can carry out, is
named in a :class:`ProposalError`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import attrs

from ..errors import BacklandsError
from ..keywords import Duration, Modifier
from ..terms import CardStat, DestroyReason, Slot, ValueEnum, Zone
from .listening import hear, unhear
from .shown import shown
from .state import CardInstance

__all__ = [
    "ABOUT_CARD",
    "FIELD_COUNT",
    "MAX_PROPOSED_DAMAGE",
    "AbilityResolving",
    "AttackDeclared",
    "Bled",
    "CardBoosted",
    "CardDestroyed",
    "CardDiscarded",
    "CardDrawn",
    "CardEquipped",
    "CardMoved",
    "CardSacrificed",
    "CardStolen",
    "CardsLookedAt",
    "CardsRevealed",
    "CounterAdded",
    "CountersRemoved",
    "DamagePrevented",
    "DamageProposal",
    "DamageTaken",
    "DeckOrdered",
    "DeckShuffled",
    "Defended",
    "DestroyProposal",
    "DestroyReason",
    "Event",
    "EventBus",
    "GameEnded",
    "GameStarted",
    "GrantEnded",
    "Granted",
    "Handler",
    "OptionPicked",
    "Phase",
    "PhaseStarted",
    "PlayerCured",
    "PlayerEliminated",
    "PlayerPoisoned",
    "PoisonChecked",
    "Proposal",
    "ProposalError",
    "SacrificeReason",
    "TurnEnded",
    "TurnStarted",
    "event_to_json",
]


class Phase(ValueEnum):
    START = "start"
    MAIN = "main"
    ATTACK = "attack"
    END = "end"


class SacrificeReason(ValueEnum):
    COST = "cost"  # paying a primal cost (4.3)
    DAMAGE = "damage"  # undefended damage (6.1)
    BLEED = "bleed"  # bleed damage (6.3)
    EFFECT = "effect"  # a card's SACRIFICE effect (7.5)


@attrs.define(eq=True, hash=False)
class Event:
    """Base class of every event."""


@attrs.define(eq=True, hash=False)
class GameStarted(Event):
    seed: int | None
    players: tuple[str, ...]
    first_player: int


@attrs.define(eq=True, hash=False)
class TurnStarted(Event):
    player: int
    turn: int


@attrs.define(eq=True, hash=False)
class PhaseStarted(Event):
    player: int
    phase: Phase


@attrs.define(eq=True, hash=False)
class TurnEnded(Event):
    player: int
    turn: int


@attrs.define(eq=True, hash=False)
class CardDrawn(Event):
    player: int
    card: CardInstance


@attrs.define(eq=True, hash=False)
class CardEquipped(Event):
    """A card was equipped and its cost paid (4.1 to 4.4); ``host`` for an attach spell."""

    player: int
    card: CardInstance
    slot: Slot | None
    host: CardInstance | None = None


@attrs.define(eq=True, hash=False)
class CardSacrificed(Event):
    player: int
    card: CardInstance
    reason: SacrificeReason


@attrs.define(eq=True, hash=False)
class CardDestroyed(Event):
    """An equipped card went to its owner's void; ``controller`` controlled it: whose mat it
    left, or for an attach spell the player who attached it (11.1)."""

    controller: int
    card: CardInstance
    reason: DestroyReason


@attrs.define(eq=True, hash=False)
class CounterAdded(Event):
    card: CardInstance
    amount: int
    counters: int  # the card's counters after the change


@attrs.define(eq=True, hash=False)
class AttackDeclared(Event):
    player: int
    card: CardInstance
    target: int
    damage: int


@attrs.define(eq=True, hash=False)
class DamageTaken(Event):
    """``player`` takes ``amount`` damage (after proposals) and must defend it (6.1)."""

    player: int
    amount: int
    source: CardInstance | None


@attrs.define(eq=True, hash=False)
class DamagePrevented(Event):
    """``amount`` of the damage ``player`` was about to take from ``source`` is prevented
    or reduced by statics (12.8), before the defence (6.1)."""

    player: int
    amount: int
    source: CardInstance | None


@attrs.define(eq=True, hash=False)
class Defended(Event):
    """``player``'s ``card`` absorbs ``amount`` damage dealt by ``attacker`` (None: no
    player, such as poison) (6.2)."""

    player: int
    card: CardInstance
    amount: int
    attacker: int | None = None


@attrs.define(eq=True, hash=False)
class Bled(Event):
    """Bleed damage (6.3): ``amount`` cards are about to be sacrificed."""

    player: int
    amount: int


@attrs.define(eq=True, hash=False)
class PoisonChecked(Event):
    player: int
    coins: tuple[bool, ...]  # True is heads
    cured: bool


@attrs.define(eq=True, hash=False)
class AbilityResolving(Event):
    """A triggered ability of ``card`` (None: a character's) starts to resolve for its
    controller ``player`` (11.3); ``trigger`` is its ``when``."""

    player: int
    card: CardInstance | None
    trigger: str


@attrs.define(eq=True, hash=False)
class CardDiscarded(Event):
    """DISCARD: ``card`` went from ``player``'s inventory to the void (7.5)."""

    player: int
    card: CardInstance


@attrs.define(eq=True, hash=False)
class CountersRemoved(Event):
    """REPAIR: ``amount`` durability counters came off ``card`` (11.6)."""

    card: CardInstance
    amount: int
    counters: int  # the card's counters after the change


@attrs.define(eq=True, hash=False)
class CardBoosted(Event):
    """BOOST: ``card``'s ``stat`` changes by ``amount`` until the end of the turn (11.6)."""

    card: CardInstance
    stat: CardStat
    amount: int


@attrs.define(eq=True, hash=False)
class CardStolen(Event):
    """STEAL: ``card`` (with its counters and attach spells) went from ``victim``'s mat to
    the same slot of ``player``'s (7.3); its owner is unchanged."""

    player: int
    card: CardInstance
    victim: int


@attrs.define(eq=True, hash=False)
class Granted(Event):
    """An effect of ``player`` gave ``modifier`` to player ``target`` (who controls it), or
    to ``card`` (it changes that card alone), for ``duration`` (12.9)."""

    player: int
    modifier: Modifier
    target: int | None
    card: CardInstance | None
    duration: Duration


@attrs.define(eq=True, hash=False)
class GrantEnded(Event):
    """What an effect of ``player`` gave player ``target`` or ``card`` has ended (12.9)."""

    player: int
    modifier: Modifier
    target: int | None
    card: CardInstance | None


@attrs.define(eq=True, hash=False)
class CardMoved(Event):
    """An effect moved ``card`` from ``origin`` to ``destination`` (12.5): from ``player``'s
    zone (for a mat, the player whose mat it left) to its owner's (1.5). A card that left a
    mat lost its counters, boosts and equipped turn, and its attach spells were destroyed
    first (4.7); a card put onto a mat is then equipped (``CardEquipped`` follows). Onto a
    primal deck it goes on top, or at the ``bottom``.

    ``seen_by``: None when every player sees which card moved; else the one player who does
    (a card searched out of a deck, 12.6): the others see only that a card moved."""

    player: int
    card: CardInstance
    origin: Zone
    destination: Zone
    bottom: bool = False
    seen_by: int | None = None


@attrs.define(eq=True, hash=False)
class DeckShuffled(Event):
    """``player``'s primal deck was shuffled by an effect (12.5), with the game's generator
    (1.2): nobody knows the place of any card in it any more (12.6)."""

    player: int


@attrs.define(eq=True, hash=False)
class CardsLookedAt(Event):
    """``player`` looks at ``cards`` of ``whose``'s ``zone`` (12.6): they see them, no one
    else does (a primal deck's top first; a search sees the whole deck)."""

    player: int
    whose: int
    zone: Zone
    cards: tuple[CardInstance, ...]


@attrs.define(eq=True, hash=False)
class CardsRevealed(Event):
    """``player`` reveals ``cards`` of ``whose``'s ``zone`` to every player (12.6)."""

    player: int
    whose: int
    zone: Zone
    cards: tuple[CardInstance, ...]


@attrs.define(eq=True, hash=False)
class DeckOrdered(Event):
    """``player`` put the top ``count`` cards of ``whose``'s primal deck back in the order
    they chose, having looked at them (12.6): only they know it."""

    player: int
    whose: int
    count: int


@attrs.define(eq=True, hash=False)
class OptionPicked(Event):
    """``player`` answered a MAY or MODE decision (12.3) of ``card``'s ability (None: a
    character's), ``effect`` (``"may"``, ``"choose_one"``): the option ``index``, whose words
    are ``words`` (the decision's ``options[index]``)."""

    player: int
    card: CardInstance | None
    effect: str
    index: int
    words: str


@attrs.define(eq=True, hash=False)
class PlayerPoisoned(Event):
    """POISON: ``player`` is now poisoned (7.1); poisoning a poisoned player publishes
    nothing (one marker)."""

    player: int


@attrs.define(eq=True, hash=False)
class PlayerCured(Event):
    """CURE: ``player`` is no longer poisoned (7.1), by an effect (a poison check that
    cures publishes ``PoisonChecked``)."""

    player: int


@attrs.define(eq=True, hash=False)
class PlayerEliminated(Event):
    player: int


@attrs.define(eq=True, hash=False)
class GameEnded(Event):
    winner: int | None  # None: a draw
    reason: str


def _plain(value: object) -> Any:
    if isinstance(value, CardInstance):
        return value.uid
    if isinstance(value, ValueEnum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Modifier):  # as a card file writes it: its tag, then its fields
        return {"modifier": value.name, **_fields(value)}
    if attrs.has(type(value)):  # a selector
        return _fields(value)
    return value


def _fields(value: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(type(value))}


def event_to_json(event: Event) -> dict[str, Any]:
    """A JSON-ready form of an event: its class name and fields, cards by uid, enums by value.

    It is what a record or a terminal UI needs of an event, and it compares two games'
    logs without the card objects: ``[event_to_json(e) for e in log]``.
    """
    data: dict[str, Any] = {"event": type(event).__name__}
    for field in attrs.fields(type(event)):
        data[field.name] = _plain(getattr(event, field.name))
    return data


# --------------------------------------------------------------------------- proposals


MAX_PROPOSED_DAMAGE = 1_000_000  # the most damage a handler may set (decks hold far fewer)


class ProposalError(BacklandsError, ValueError):
    """A proposal handler changed a proposal in a way the game cannot carry out: a damage
    amount that is not a whole number from 0 to ``MAX_PROPOSED_DAMAGE`` (a bool is not
    one), ``cancelled`` set to something other than ``True`` or ``False``, or a field no
    handler may change (the target, the source, the card, the reason). The message names
    the handler. It is raised from the ``Game.play`` (or the ``Game``) that made the
    proposal, right after the handler returned: like any exception a handler raises, it
    leaves the game part way through that step, not to be played on."""

    exit_code = 1


@attrs.define
class Proposal:
    """A change offered to handlers before it happens. Setting ``cancelled`` stops it."""

    cancelled: bool = attrs.field(default=False, kw_only=True)

    fixed: ClassVar[tuple[str, ...]] = ()  # the fields no handler may change

    def _before(self) -> tuple[object, ...]:
        """What ``_problem`` compares with once a handler has run."""
        return tuple(getattr(self, name) for name in self.fixed)

    def _problem(self, before: tuple[object, ...]) -> str | None:
        """What a handler did wrong, given ``_before()`` from before it ran; or None."""
        if type(self.cancelled) is not bool:
            return f"set cancelled to {shown(self.cancelled)}: it is True or False"
        for name, was in zip(self.fixed, before, strict=True):
            now = getattr(self, name)
            if now is not was:
                return (
                    f"changed {name} from {shown(was)} to {shown(now)}: a handler may "
                    f"change only {self._may_change()}"
                )
        return None

    def _may_change(self) -> str:
        return "cancelled"


@attrs.define
class DamageProposal(Proposal):
    """``target`` is about to take ``amount`` damage from ``source`` (None: not a card).

    A handler may set ``amount`` to a whole number from 0 (no damage) to
    ``MAX_PROPOSED_DAMAGE``, or cancel; anything else raises :class:`ProposalError`.
    """

    target: int
    amount: int
    source: CardInstance | None

    fixed: ClassVar[tuple[str, ...]] = ("target", "source")

    def _before(self) -> tuple[object, ...]:
        return (self.target, self.source, self.amount)

    def _problem(self, before: tuple[object, ...]) -> str | None:
        amount, was = self.amount, before[2]
        changed = type(amount) is not type(was) or amount != was
        if changed and (type(amount) is not int or not 0 <= amount <= MAX_PROPOSED_DAMAGE):
            return (
                f"set amount to {shown(amount)}: an amount of damage is a whole number "
                f"from 0 to {MAX_PROPOSED_DAMAGE}"
            )
        return super()._problem(before[:2])

    def _may_change(self) -> str:
        return "amount and cancelled"


@attrs.define
class DestroyProposal(Proposal):
    """``card`` is about to be destroyed. A handler may cancel it, and change nothing else."""

    card: CardInstance
    reason: DestroyReason

    fixed: ClassVar[tuple[str, ...]] = ("card", "reason")


def _handler_name(handler: object) -> str:
    name = getattr(handler, "__qualname__", None)
    module = getattr(handler, "__module__", None)
    if isinstance(name, str):
        return f"{module}.{name}" if isinstance(module, str) else name
    return shown(handler)


# --------------------------------------------------------------------------- the bus

E = TypeVar("E")
P = TypeVar("P", bound="Proposal")
Handler = Callable[[Any], None]


class EventBus:
    """Handlers by event class, called in priority order (highest first, then oldest).

    ``wanted`` maps each of the engine's event classes that has a handler to its handlers,
    in order: the engine builds an event only when its class is there (or a trigger listens
    to it), so a game nobody watches makes no event objects at all.
    """

    __slots__ = ("_by_class", "_resolved", "_serial", "heard", "wanted")

    def __init__(self) -> None:
        self._by_class: dict[type, list[tuple[int, int, Handler]]] = {}
        self._resolved: dict[type, tuple[Handler, ...]] = {}
        self._serial = 0
        self.wanted: dict[type, tuple[Handler, ...]] = {}
        # the game's count of listeners by event class (``Table.heard``): one per class in
        # ``wanted``
        self.heard: dict[type, int] | None = None

    def subscribe(
        self, event_class: type[E], handler: Callable[[E], None], priority: int = 0
    ) -> None:
        """Call ``handler(event)`` for every published ``event_class`` (or subclass)."""
        self._serial += 1
        self._by_class.setdefault(event_class, []).append((-priority, self._serial, handler))
        self._changed()

    def unsubscribe(self, event_class: type[E], handler: Callable[[E], None]) -> None:
        entries = self._by_class.get(event_class, [])
        self._by_class[event_class] = [e for e in entries if e[2] != handler]
        self._changed()

    def _changed(self) -> None:
        self._resolved.clear()
        by_class = self._by_class
        before = self.wanted
        wanted: dict[type, tuple[Handler, ...]]
        if len(by_class) == 1 and Event in by_class:  # the log (and the like) alone
            handlers = self._handlers(Event)
            wanted = dict.fromkeys(_ENGINE_EVENTS, handlers) if handlers else {}
        else:
            wanted = {}
            for cls in _ENGINE_CLASSES:
                found = self._handlers(cls)
                if found:
                    wanted[cls] = found
        self.wanted = wanted
        heard = self.heard
        if heard is not None:
            for cls in before.keys() - wanted.keys():
                unhear(heard, cls)
            for cls in wanted.keys() - before.keys():
                hear(heard, cls)

    def _handlers(self, cls: type) -> tuple[Handler, ...]:
        found = self._resolved.get(cls)
        if found is None:
            entries = [e for base in cls.__mro__ for e in self._by_class.get(base, ())]
            found = self._resolved[cls] = tuple(h for _, _, h in sorted(entries, key=_order))
        return found

    def publish(self, event: object) -> None:
        """Deliver an event (or a proposal) to its handlers, in priority order."""
        for handler in self._handlers(type(event)):
            handler(event)

    def propose(self, proposal: P) -> P:
        """Offer ``proposal`` to its handlers; a handler that cancels it stops the chain.

        After each handler the proposal is checked: a handler that changed it in a way the
        game cannot carry out raises :class:`ProposalError` naming the handler.
        """
        for handler in self._handlers(type(proposal)):
            before = proposal._before()
            handler(proposal)
            problem = proposal._problem(before)
            if problem is not None:
                raise ProposalError(
                    f"the {type(proposal).__name__} handler {_handler_name(handler)} {problem}"
                )
            if proposal.cancelled:
                break
        return proposal


def _order(entry: tuple[int, int, Handler]) -> tuple[int, int]:
    return entry[0], entry[1]


def _subclasses(cls: type) -> list[type]:
    """``cls`` and every class below it; not the classes ``attrs.define`` replaced with their
    slotted copies, which ``__subclasses__`` lists until they are collected (never published:
    nothing names them)."""
    found = [cls]
    sub: type
    for sub in cls.__subclasses__():
        module = sys.modules.get(sub.__module__)
        if getattr(module, sub.__qualname__, sub) is sub:  # not a replaced original
            found.extend(_subclasses(sub))
    return found


# every event and proposal class the engine publishes (a base class is never published)
_ENGINE_EVENTS = tuple(c for c in _subclasses(Event) if c is not Event)
_ENGINE_CLASSES = _ENGINE_EVENTS + tuple(c for c in _subclasses(Proposal) if c is not Proposal)

# event class -> how many fields it has (``Table.publish`` is given them one by one)
FIELD_COUNT: dict[type, int] = {cls: len(attrs.fields(cls)) for cls in _ENGINE_EVENTS}

# the events about a card (those with a ``card`` field): event class -> the position of
# ``card`` among its fields, so that ``Table.publish`` finds the card before the event is built
ABOUT_CARD: dict[type, int] = {
    cls: [f.name for f in attrs.fields(cls)].index("card")
    for cls in _ENGINE_EVENTS
    if "card" in attrs.fields_dict(cls)
}
