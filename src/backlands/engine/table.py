"""The table: all mutable state of one game, and the primitives every rule is made of.

The primitives (draw, sacrifice, equip, destroy, counters, publishing an event) move cards
first and publish after, so handlers always see a card in its new zone. ``emit`` sites ask
``event_class in table.heard`` first: an event object is built only when a bus handler or a
triggered ability listens to its class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..model import Card, CardStat, CardType, Slot
from ..ruleset import Ruleset
from . import events as ev
from ._compiled import mypyc_attr
from .actions import Action, Decision
from .state import CardInstance, Equipped, Outcome, PlayerState
from .stats import Stats
from .steps import CHOOSE, RUN, Step
from .triggers import (
    Reaction,
    TriggerIndex,
    cast,
    emit_card,
    enter_play,
    heard_by,
    leave_play,
)

if TYPE_CHECKING:
    from .setup import Seat

__all__ = ["AbilitySource", "Choice", "Table", "Work"]

# what a card brings into play: (the card, its controller, its place in 11.3's order) ->
# the triggered abilities it brings, as reactions (``Game(abilities=...)``)
AbilitySource = Callable[[CardInstance, int, int], Iterable[Reaction]]

_COST = ev.SacrificeReason.COST
_SALVAGE = ev.DestroyReason.SALVAGE
_WORN_OUT = ev.DestroyReason.WORN_OUT
_EFFECT = ev.DestroyReason.EFFECT
_HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED
_DURABILITY = CardStat.DURABILITY
_PRIMAL_COST = CardStat.PRIMAL_COST
_INSTANT = CardType.INSTANT_SPELL
_ATTACH = CardType.ATTACH_SPELL


@mypyc_attr(allow_interpreted_subclasses=True)  # users subclass it
class Work:
    """A piece of an ability's resolution, run as an agenda step: ``table.run(player, w)``."""

    __slots__ = ()

    def run(self, table: Table) -> None:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)  # users subclass it
class Choice:
    """What to do with the answer to an ability's question: ``table.ask(...)``."""

    __slots__ = ()

    def apply(self, table: Table, option: Any) -> None:
        raise NotImplementedError


class Table:
    """All mutable state of one game (see the module docstring). ``Game`` is its facade."""

    __slots__ = (
        "abilities",
        "actions",
        "active",
        "agenda",
        "bus",
        "casting",
        "decision",
        "deck_emptied",
        "ended",
        "first_player",
        "first_player_named",
        "heard",
        "held",
        "in_play",
        "instances",
        "listing",
        "log",
        "outcome",
        "own",
        "players",
        "printed",
        "queue",
        "resolving",
        "rng",
        "ruleset",
        "seats",
        "seed",
        "stats",
        "step",
        "triggered",
        "triggers",
        "turn",
    )

    def __init__(
        self,
        seed: int,
        ruleset: Ruleset,
        keep_log: bool,
        *,
        log: list[ev.Event] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """A new table; ``log`` and ``rng`` (a log so far, a generator in its state) are
        for ``copy``."""
        self.seed = seed
        self.ruleset = ruleset
        self.seats: tuple[Seat, ...] = ()
        # 1.2: the one random generator of the game
        self.rng = random.Random(seed) if rng is None else rng
        self.instances: dict[int, CardInstance] = {}
        self.players: list[PlayerState] = []
        self.turn = 0
        self.ended = 0  # the last turn whose end was published (TurnEnded)
        self.active = 0
        self.first_player = 0
        self.first_player_named = True
        self.outcome: Outcome | None = None
        self.log: list[ev.Event] | None = log if log is not None else [] if keep_log else None
        self.agenda: list[Step] = []
        self.decision: Decision | None = None  # the pending decision
        self.step: Step | None = None  # the agenda step that asked it
        self.listing: tuple[Action, ...] | None = None  # its legal answers, once listed
        self.actions: list[Action] = []  # every decision answered, in order
        self.stats = Stats(self.players, ruleset)
        self.triggers = TriggerIndex()
        self.triggered: list[tuple[Reaction, ev.Event]] = []  # by the running step (11.3)
        self.queue: list[tuple[Reaction, ev.Event]] = []  # waiting to resolve (11.3)
        self.resolving = False  # an ability from the queue is resolving
        self.deck_emptied = True  # a primal deck ran out since the out check (9.1, 9.2)
        self.held = 0  # effects in parts still resolving: the out check waits (11.6)
        # the event classes something listens to: how many of the bus and the trigger index
        # listen to each (see ``_hook``); an event is built only when its class is here
        self.heard: dict[type, int] = {}
        # the triggered abilities each card brings into play (see ``enter_play``); None for
        # none (``NO_ABILITIES``)
        self.abilities: AbilitySource | None = None
        # ``abilities`` are the printed ones (``card_abilities``): a card without a
        # ``when:`` ability (``CardInstance.triggers``) brings none, so it is not asked
        self.printed = False
        self.in_play: dict[int, tuple[Reaction, ...]] = {}  # by card uid, while in play
        # own-card reactions by (card uid, event class): see ``triggers.heard_by``
        self.own: dict[tuple[int, type], tuple[Reaction, ...]] = {}
        self.casting: list[CardInstance] = []  # instants whose ability resolves (4.6)
        self.bus = ev.EventBus()
        self.wire()

    def wire(self) -> None:
        """Hook the log, the bus and the trigger index to this table (also after a copy)."""
        self._hook()
        if self.log is not None:
            self.bus.subscribe(ev.Event, self.log.append, priority=-1000)

    def _hook(self) -> None:
        """Count in ``heard`` the event classes the bus and the trigger index listen to; they
        keep the count as listeners come and go. They hold the count, not this table: no
        reference cycle, so a finished game is freed at once (by reference counting, not by
        the garbage collector)."""
        heard: dict[type, int] = {}
        for cls in self.bus.wanted:
            ev.hear(heard, cls)
        for cls in self.triggers.event_classes():
            ev.hear(heard, cls)
        self.heard = self.bus.heard = self.triggers.heard = heard

    def new_instance(self, card: Card, owner: int) -> CardInstance:
        instance = CardInstance(len(self.instances), card, owner)
        self.instances[instance.uid] = instance
        return instance

    def copy(self) -> Table:
        """An independent table in the same state. Handlers subscribed from outside are not
        copied; the copy's log starts as a copy of this one's."""
        rng = random.Random.__new__(random.Random)  # unseeded: it takes our state
        rng.setstate(self.rng.getstate())
        log = None if self.log is None else list(self.log)
        other = Table(self.seed, self.ruleset, log is not None, log=log, rng=rng)
        other.seats = self.seats
        other.instances = self.instances  # never changed after setup
        other.players = players = [p.copy() for p in self.players]
        other.turn = self.turn
        other.ended = self.ended
        other.active = self.active
        other.first_player = self.first_player
        other.first_player_named = self.first_player_named
        other.outcome = self.outcome
        other.agenda = self.agenda[:]
        other.decision = self.decision
        other.step = self.step
        other.listing = self.listing
        other.actions = self.actions[:]
        other.stats = self.stats.copy(players)
        other.triggers = self.triggers.copy()
        other.triggered = self.triggered[:]
        other.queue = self.queue[:]
        other.resolving = self.resolving
        other.deck_emptied = self.deck_emptied
        other.held = self.held
        other.abilities = self.abilities
        other.printed = self.printed
        other.in_play = dict(self.in_play)
        other.own = dict(self.own)
        other.casting = self.casting[:]
        other._hook()
        return other

    # ------------------------------------------------------------------ events

    def emit(self, event: ev.Event) -> None:
        """Publish ``event`` to the bus and note the abilities it triggers (11.2)."""
        cls = type(event)
        handlers = self.bus.wanted.get(cls)
        if handlers is not None:
            for handler in handlers:
                handler(event)
        reactions = self.triggers.listening(cls)
        if reactions:
            for reaction in reactions:
                if reaction.matches(self, event):
                    self.triggered.append((reaction, event))

    def run(self, player: int, work: Work) -> None:
        """Push ``work`` to run next (an ability's effect; 11.3)."""
        self.agenda.append((RUN, player, work))

    def ask(
        self,
        player: int,
        options: Iterable[int | CardInstance],
        then: Choice,
        source: CardInstance | None = None,
        effect: str | None = None,
    ) -> None:
        """Push a question: ``player`` chooses one of ``options``, then ``then.apply`` runs
        with it. One option is taken by the game; none means the effect does nothing (11.4).
        ``source`` and ``effect`` (what the choice is for) are shown in the ``Decision``."""
        self.agenda.append((CHOOSE, player, tuple(options), then, source, effect))

    # ------------------------------------------------------------------ primitives

    def draw(self, p: PlayerState, count: int) -> None:  # 7.5: top cards to the inventory
        self.move(p, p.primal_deck, p.inventory, count, None)

    def sacrifice(self, p: PlayerState, count: int, reason: ev.SacrificeReason) -> None:  # 7.5
        self.move(p, p.primal_deck, p.void, count, reason)

    def move(
        self,
        p: PlayerState,
        deck: list[CardInstance],
        to: list[CardInstance],
        count: int,
        reason: ev.SacrificeReason | None,
    ) -> None:
        """The top ``count`` cards of ``deck`` (top first; as many as there are) to ``to``:
        ``draw`` and ``sacrifice`` (``reason``), for hot paths that skip their call."""
        if count <= 0 or not deck:
            return
        event = ev.CardDrawn if reason is None else ev.CardSacrificed
        if event not in self.heard:  # nobody listens: move them all at once
            taken = deck[-count:]
            del deck[-count:]
            taken.reverse()
            to.extend(taken)
        else:
            for _ in range(min(count, len(deck))):
                instance = deck.pop()
                to.append(instance)
                if reason is None:
                    self.emit(ev.CardDrawn(p.index, instance))
                else:
                    self.emit(ev.CardSacrificed(p.index, instance, reason))
        if not deck:
            self.deck_emptied = True  # the out check (9.1, 9.2) has work to do

    def cost(self, instance: CardInstance, player: int) -> int:
        """The primal cost ``player`` pays to equip ``instance`` (4.3)."""
        return self.stats.cost(instance, player)

    def equip(self, p: PlayerState, instance: CardInstance, host: CardInstance | None) -> None:
        """Equip ``instance`` from ``p``'s inventory (4.1 to 4.7); legality is the caller's."""
        costs = self.stats.costs[p.index]  # the cost is fixed before anything moves
        cost = costs.get(instance.uid)
        if cost is None:
            cost = self.stats.cost(instance, p.index)
        inventory = p.inventory
        for i, held in enumerate(inventory):  # by identity: no value comparisons
            if held is instance:
                del inventory[i]
                break
        kind = instance.type
        if kind is _INSTANT:  # 4.6
            self.move(p, p.primal_deck, p.void, cost, _COST)  # sacrificed
            cast(self, p.index, instance)  # its ability, then the void
            return
        slot = instance.slot
        if kind is _ATTACH:  # 4.7
            assert host is not None
            found = self.equipped(host)
            assert found is not None
            found[1].attached.append(Equipped(instance, self.turn, controller=p.index))
        else:
            assert slot is not None
            if slot in p.mat:  # 4.2: salvage
                self.destroy(p, slot, _SALVAGE)
            p.mat[slot] = Equipped(instance, self.turn)  # 4.1, 4.5
        if instance.modifiers:  # a modifier source came into play
            self.stats.source_changed(instance.modifiers)
        self.move(p, p.primal_deck, p.void, cost, _COST)  # 4.3: sacrificed
        if self.abilities is not None and (instance.triggers or not self.printed):
            enter_play(self, instance, p.index, None if host is None else host.slot)
        own = heard_by(self, instance, ev.CardEquipped) if self.own else None
        if own or ev.CardEquipped in self.heard:  # 4.4 hangs on this
            emit_card(self, ev.CardEquipped(p.index, instance, slot, host), own)

    def destroy(self, controller: PlayerState, slot: Slot, reason: ev.DestroyReason) -> bool:
        """Destroy the card in ``slot`` of ``controller``'s mat and what is attached to it
        (7.4, 4.7): every card goes to its owner's void (1.5) before any event is published.

        Worn-out and effect destructions are first offered as a DestroyProposal; salvage,
        host and elimination destructions are not (they are costs and rules, not effects).
        """
        eq = controller.mat[slot]
        if (reason is _WORN_OUT or reason is _EFFECT) and ev.DestroyProposal in self.heard:
            proposal = self.bus.propose(ev.DestroyProposal(eq.instance, reason))
            if proposal.cancelled:
                return False
        del controller.mat[slot]
        instance = eq.instance
        if instance.modifiers:  # a modifier source left play
            self.stats.source_changed(instance.modifiers)
        players = self.players
        players[instance.owner].void.append(instance)
        if eq.attached:
            for attached in eq.attached:
                if attached.instance.modifiers:
                    self.stats.source_changed(attached.instance.modifiers)
            for attached in eq.attached:
                players[attached.instance.owner].void.append(attached.instance)
        in_play = self.in_play
        heard = ev.CardDestroyed in self.heard
        if heard or in_play:  # else nothing hears it, and no card has abilities in play
            own = heard_by(self, instance, ev.CardDestroyed)
            if heard or own:
                emit_card(self, ev.CardDestroyed(controller.index, instance, reason), own)
            for attached in eq.attached:  # for the player who attached it (11.1)
                own = heard_by(self, attached.instance, ev.CardDestroyed)
                if heard or own:
                    by = controller.index if attached.controller is None else attached.controller
                    emit_card(self, ev.CardDestroyed(by, attached.instance, _HOST_DESTROYED), own)
            if instance.uid in in_play:  # after its destruction, which it still hears (11.2)
                leave_play(self, instance)
            for attached in eq.attached:
                if attached.instance.uid in in_play:
                    leave_play(self, attached.instance)
        if self.stats.boosts:  # a boost ends as its card leaves play (11.6)
            self.stats.end_boosts(instance.uid)
        return True

    def add_counters(self, controller: PlayerState, eq: Equipped, amount: int) -> None:
        """Durability counters; the card is destroyed when they reach its durability."""
        eq.counters += amount
        if ev.CounterAdded in self.heard:
            self.emit(ev.CounterAdded(eq.instance, amount, eq.counters))
        if eq.counters >= self.stats.card(eq.instance, _DURABILITY, controller.index):
            slot = eq.instance.slot
            assert slot is not None
            self.destroy(controller, slot, _WORN_OUT)

    def equipped(self, instance: CardInstance) -> tuple[PlayerState, Equipped] | None:
        """The mat and equipped record of a card in a slot, or None."""
        slot = instance.slot
        if slot is None:
            return None
        for p in self.players:
            eq = p.mat.get(slot)
            if eq is not None and eq.instance is instance:
                return p, eq
        return None

    def finish(self, winner: int | None, reason: str) -> None:
        self.outcome = Outcome(winner, reason)
        self.agenda.clear()
        for instant in self.casting:  # an instant whose ability ended the game (4.6)
            self.players[instant.owner].void.append(instant)
        self.casting.clear()
        self.decision = None
        self.step = None
        self.listing = None
        if ev.GameEnded in self.heard:
            self.emit(ev.GameEnded(winner, reason))
