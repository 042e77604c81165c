"""The table: all mutable state of one game, and the primitives every rule is made of.

The primitives (draw, sacrifice, equip, destroy, counters, a card entering and leaving
play) move cards first and publish after, so handlers always see a card in its new zone.
Everything the game does is published through one call, :meth:`Table.publish`, which finds
every listener of the event in one place (the bus's handlers, the triggered abilities in the
index, and the abilities that hear only one card's events) and builds the event only when
someone listens. The flow's own bookkeeping (the agenda, the pending decision, the queue
of triggered abilities) is here too: the agenda, a stack of steps whose top is the end of
the list (a step is pushed by ``table.agenda.append(step)``: it runs next), :meth:`then`
("run this now, or queue it"), :meth:`pend` and :meth:`take_answer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

from ..model import Card, CardStatModifier, Duration, Modifier
from ..ruleset import Ruleset
from ..terms import CardStat, CardType, Slot, ValueEnum, Zone
from .actions import Action, Decision, Values
from .chance import below, shuffle
from .events import (
    ABOUT_CARD,
    FIELD_COUNT,
    CardBoosted,
    CardDestroyed,
    CardDiscarded,
    CardDrawn,
    CardEquipped,
    CardMoved,
    CardSacrificed,
    CardStolen,
    CounterAdded,
    CountersRemoved,
    DeckOrdered,
    DeckShuffled,
    DestroyProposal,
    DestroyReason,
    Event,
    EventBus,
    GameEnded,
    Granted,
    GrantEnded,
    P,
    PlayerCured,
    PlayerEliminated,
    PlayerPoisoned,
    SacrificeReason,
)
from .grants import Grant, grant_for
from .history import History
from .listening import hear, unhear
from .reading import find_equipped
from .state import CardInstance, Equipped, Outcome, PlayerState
from .stats import Stats
from .steps import (
    AbilityChoice,
    Choice,
    Explain,
    HiddenChoice,
    Question,
    ReleaseOutCheck,
    RunWork,
    Step,
    Work,
)
from .triggers import SLOT_ORDER, Reaction, TriggerIndex

if TYPE_CHECKING:
    from .seats import Seat

__all__ = ["AbilitySource", "Choice", "EquipPart", "Table", "Work"]

# what a card brings into play: (the card, its controller, its place in 11.3's order) ->
# the triggered abilities it brings, as reactions (``Game(abilities=...)``)
AbilitySource = Callable[[CardInstance, int, int], Iterable[Reaction]]

_COST: Final = SacrificeReason.COST
_SALVAGE: Final = DestroyReason.SALVAGE
_WORN_OUT: Final = DestroyReason.WORN_OUT
_EFFECT: Final = DestroyReason.EFFECT
_HOST_DESTROYED: Final = DestroyReason.HOST_DESTROYED
_HOST_LEFT: Final = DestroyReason.HOST_LEFT
_DECK: Final = Zone.PRIMAL_DECK
_INVENTORY: Final = Zone.INVENTORY
_MAT: Final = Zone.MAT
_DURABILITY: Final = CardStat.DURABILITY
_INSTANT: Final = CardType.INSTANT_SPELL
_ATTACH: Final = CardType.ATTACH_SPELL
_ABOUT_CARD: Final = ABOUT_CARD
_FIELD_COUNT: Final = FIELD_COUNT


class _Unset:
    """The value of an event's field that ``Table.publish`` was not given."""

    __slots__ = ()


_UNSET: Final = _Unset()


class EquipPart(ValueEnum):
    """Which part of an equip ``Table.equip`` does: all of it, or, for a card with extra
    costs (12.4), the part before them or the part after them."""

    WHOLE = "whole"
    PLACE = "place"  # in place, its primal cost paid (4.1 to 4.3, 4.6, 4.7)
    REST = "rest"  # its abilities into play, "equipped" (4.4)


_WHOLE: Final = EquipPart.WHOLE
_PLACE: Final = EquipPart.PLACE
_REST: Final = EquipPart.REST


class Table:
    """All mutable state of one game (see the module docstring). ``Game`` is its facade."""

    __slots__ = (
        "_rng",
        "_rng_shared",
        "abilities",
        "ability_resolving",
        "actions",
        "active",
        "agenda",
        "answers",
        "ask_every_window",
        "asking",
        "bus",
        "card_listeners",
        "costs_asked",
        "decision",
        "decisions_this_turn",
        "done",
        "done_before",
        "effects_this_turn",
        "first_player",
        "first_player_named",
        "heard",
        "instances",
        "instant_owners",
        "instants_resolving",
        "last_turn_ended",
        "legal",
        "listeners_shared",
        "log",
        "max_decisions",
        "max_effects",
        "out_check_due",
        "out_check_held",
        "outcome",
        "paying",
        "players",
        "preventing",
        "printed_abilities",
        "queue",
        "reactions_in_play",
        "response_windows",
        "ruleset",
        "seats",
        "seed",
        "shortfalls",
        "stats",
        "triggered",
        "triggers",
        "turn",
        "turn_limit",
        "values",
    )

    def __init__(
        self,
        seed: int,
        ruleset: Ruleset,
        keep_log: bool,
        abilities: AbilitySource | None = None,
        printed_abilities: bool = False,
        *,
        original: Table | None = None,
        fresh_log: bool = False,
    ) -> None:
        """A new, empty table; ``abilities`` is what each card brings into play (None:
        nothing), ``printed_abilities`` that it is the card format's printed abilities.
        With ``original``, a copy of that table instead (``copy``)."""
        if original is not None:
            self._copy(original, fresh_log)
            return
        self.seed = seed
        self.ruleset = ruleset
        # the two limits of a turn (9.4), checked at every decision and every effect: read
        # from the ruleset once (it never changes; compiled code reads a field of a ruleset,
        # a Python class, through a generic attribute lookup)
        self.max_decisions = ruleset.max_decisions_per_turn
        self.max_effects = ruleset.max_effects_per_turn
        # so too the switches the flow asks at every equip, question and turn: the windows
        # of 8.1 and 8.2, 8.3's ``ask_every_window``, 9.3's ``turn_limit``
        self.response_windows = ruleset.response_windows
        self.ask_every_window = ruleset.ask_every_window
        self.turn_limit = ruleset.turn_limit
        self.seats: tuple[Seat, ...] = ()
        # 1.2: the one random generator of the game (``rng``), shared with copies until
        # one of them draws from it
        self._rng = random.Random(seed)
        self._rng_shared = False
        self.instances: dict[int, CardInstance] = {}
        # whether a card of the game asks extra costs (12.4): else the equip listings never
        # look for them
        self.costs_asked = False
        # the players who own an instant spell: only theirs can ever hold one in their
        # inventory (a card only ever goes to its owner's zones, 1.5, 12.5); set with the
        # card instances, never changed after setup
        self.instant_owners: frozenset[int] = frozenset()
        self.values = Values()  # the game's action and decision values (shared by seats)
        self.players: list[PlayerState] = []
        self.turn = 0
        self.last_turn_ended = 0  # the last turn whose end was published (TurnEnded)
        self.active = 0
        self.first_player = 0
        self.first_player_named = True
        self.outcome: Outcome | None = None
        # every event so far; a copy shares the events before it (``History.branch``)
        self.log: History[Event] | None = History() if keep_log else None
        # the flow (``flow.py``): the agenda of steps (a stack: ``agenda.append(step)`` pushes
        # a step to run next; no method wraps it, a call in Python 3.11 is some 450
        # instructions), the pending decision with the question that asked it and its legal
        # answers (listed once), every answer so far
        self.agenda: list[Step] = []
        self.decision: Decision | None = None
        self.asking: Question | None = None
        self.legal: tuple[Action, ...] | None = None
        self.actions: History[Action] = History()
        self.answers = self.actions.items  # its own list, appended to directly
        # 9.4: the decisions asked and the effects resolved in the current turn
        self.decisions_this_turn = 0
        self.effects_this_turn = 0
        # what effects did (12.2, 12.3): how many (cards drawn, discarded, sacrificed or
        # destroyed, damage dealt, counters...) the resolving effect did so far and the one
        # before it in the same ability did ("that many"), and how many parts of effects fell
        # short so far ("if you do": the optional part was done in full if none did)
        self.done = 0
        self.done_before = 0
        self.shortfalls = 0
        # the extra costs of an equip being paid (12.4): the equip is one step of 11.3, so
        # what it triggers waits until it is over, and so does the out check (9.2)
        self.paying = 0
        self.stats = Stats(self.players, ruleset)
        # triggered abilities (11.2, 11.3): triggered by the running step, waiting in the
        # queue, whether one from the queue is resolving; the instants whose ability is
        # resolving, out of every zone until it has (4.6)
        self.triggered: list[tuple[Reaction, Event]] = []
        self.queue: list[tuple[Reaction, Event]] = []
        self.ability_resolving = False
        self.instants_resolving: list[CardInstance] = []
        self.stats.resolving = self.instants_resolving
        # while a ``DamagePrevented`` is published: whose statics prevented how much of it
        # (``combat.damage_left``, 12.8), for an observer (``Game.preventing``)
        self.preventing: tuple[tuple[CardInstance | int, int], ...] = ()
        # the out check (9.1, 9.2) is due (a primal deck ran out since it last ran), or
        # waits for an effect in parts to end (11.6)
        self.out_check_due = True
        self.out_check_held = 0
        # what each card brings into play (``enter_play``); None for none (``NO_ABILITIES``)
        self.abilities = abilities
        # ``abilities`` are the printed ones: a card without a ``when:`` ability
        # (``CardInstance.triggers``) brings none, so it is not asked
        self.printed_abilities = printed_abilities
        self.triggers = TriggerIndex()  # reactions in play that hear any event of a class
        # the reactions each card in play brought, by card uid, each with the uid of the
        # card whose events it hears in ``card_listeners`` (None: it is in the index), so
        # that it leaves as it came; of those that hear one card's events only, by event
        # class, then by the uid of that card (as many cards hear a class as it has uids)
        self.reactions_in_play: dict[int, tuple[tuple[Reaction, int | None], ...]] = {}
        self.card_listeners: dict[type, dict[int, tuple[Reaction, ...]]] = {}
        # ``card_listeners`` is shared with a copy (or its original) until one side changes
        # it (``_own_listeners``), as the generator is (``rng``)
        self.listeners_shared = False
        self.bus = EventBus()
        # the event classes something listens to: how many listeners of each, the bus's,
        # the trigger index's and the cards' own (one per card that hears the class, see
        # ``_hook``); an event is built only when its class is here
        self.heard: dict[type, int] = {}
        self.wire()

    def wire(self) -> None:
        """Hook the log, the bus and the trigger index to this table (also after a copy)."""
        self._hook()
        if self.log is not None:
            self.bus.subscribe(Event, self.log.items.append, priority=-1000)

    def _hook(self) -> None:
        """Count in ``heard`` the event classes the bus, the trigger index and the cards' own
        reactions listen to; they keep the count as listeners come and go. The bus and the
        index hold the count, not this table: no reference cycle, so a finished game is
        freed at once (by reference counting, not by the garbage collector)."""
        heard: dict[type, int] = {}
        for cls, by_card in self.card_listeners.items():
            heard[cls] = len(by_card)
        for cls in self.bus.wanted:
            hear(heard, cls)
        for cls in self.triggers.event_classes():
            hear(heard, cls)
        self.heard = self.bus.heard = self.triggers.heard = heard

    def new_instance(self, card: Card, owner: int) -> CardInstance:
        instance = CardInstance(len(self.instances), card, owner)
        self.instances[instance.uid] = instance
        if instance.extra_costs:
            self.costs_asked = True
        if instance.type is _INSTANT:
            self.instant_owners = self.instant_owners | {owner}
        return instance

    @property
    def rng(self) -> random.Random:
        """The game's one random generator (1.2); a copy's is its own from its first draw."""
        if self._rng_shared:
            rng = random.Random.__new__(random.Random)  # unseeded: it takes the state
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._rng_shared = False
        return self._rng

    def reseed(self, seed: int) -> None:
        """A new generator from ``seed`` (a resampled game, ``hidden.py``)."""
        self.seed = seed
        self._rng = random.Random(seed)
        self._rng_shared = False

    def copy(self, fresh_log: bool = False) -> Table:
        """An independent table in the same state. Handlers subscribed from outside are not
        copied. The copy's log reads as this one's up to the copy, then goes on with its own
        events: the events before the copy are shared, never copied (``History.branch``),
        so a copy costs the same however long the game has been; so are the answers so
        far. With ``fresh_log``, the copy's log starts empty instead (a sample, ``hidden.py``)."""
        return Table(
            self.seed, self.ruleset, self.log is not None, original=self, fresh_log=fresh_log
        )

    def _copy(self, original: Table, fresh_log: bool) -> None:
        """This (new) table in ``original``'s state: its data copied, nothing else made."""
        self.seed = original.seed
        self.ruleset = original.ruleset
        self.max_decisions = original.max_decisions
        self.max_effects = original.max_effects
        self.response_windows = original.response_windows
        self.ask_every_window = original.ask_every_window
        self.turn_limit = original.turn_limit
        self.seats = original.seats
        self._rng = original._rng  # shared until one side draws (``rng``)
        self._rng_shared = original._rng_shared = True
        self.instances = original.instances  # never changed after setup
        self.costs_asked = original.costs_asked
        self.instant_owners = original.instant_owners
        self.values = original.values
        self.players = players = []  # a plain loop: a comprehension is a call
        for p in original.players:
            players.append(p.copy())
        self.turn = original.turn
        self.last_turn_ended = original.last_turn_ended
        self.active = original.active
        self.first_player = original.first_player
        self.first_player_named = original.first_player_named
        self.outcome = original.outcome
        log = original.log
        self.log = None if log is None else History() if fresh_log else log.branch()
        self.agenda = original.agenda[:]
        self.decision = original.decision
        self.asking = original.asking
        self.legal = original.legal
        self.actions = original.actions.branch()
        self.answers = self.actions.items
        self.decisions_this_turn = original.decisions_this_turn
        self.effects_this_turn = original.effects_this_turn
        self.done = original.done
        self.done_before = original.done_before
        self.shortfalls = original.shortfalls
        self.paying = original.paying
        self.stats = original.stats.copy(players)
        self.triggered = original.triggered[:]
        self.queue = original.queue[:]
        self.ability_resolving = original.ability_resolving
        self.preventing = ()
        self.instants_resolving = original.instants_resolving[:]
        self.stats.resolving = self.instants_resolving
        self.out_check_due = original.out_check_due
        self.out_check_held = original.out_check_held
        self.abilities = original.abilities
        self.printed_abilities = original.printed_abilities
        self.triggers = original.triggers.copy()
        self.reactions_in_play = dict(original.reactions_in_play)
        self.card_listeners = original.card_listeners  # shared until one side changes them
        self.listeners_shared = original.listeners_shared = True
        self.bus = EventBus()
        self.wire()

    # ------------------------------------------------------------------ events

    def publish(
        self,
        cls: type[Event],
        a: Any = _UNSET,
        b: Any = _UNSET,
        c: Any = _UNSET,
        d: Any = _UNSET,
        e: Any = _UNSET,
        f: Any = _UNSET,
    ) -> None:
        """Publish the event ``cls(a, b, ...)`` (its fields in order, as many as the caller
        gives): to the bus's handlers, then to every triggered ability that hears it (11.2):
        those in the index that ``match`` it, and those that hear only the card it is about
        (``events.ABOUT_CARD``). The event is built only when someone listens.

        The fields are parameters with a default, not ``*fields``: Python 3.11 specialises
        a call to such a function, but packs ``*fields`` into a tuple at each call (169 a
        game, most for events nobody hears)."""
        if cls not in self.heard:  # nobody listens: the event is never built
            return
        fields = (a, b, c, d, e, f)
        own = None
        by_card = self.card_listeners.get(cls)
        if by_card is not None:  # some card's own reactions hear this class: its card's?
            card = fields[_ABOUT_CARD[cls]]  # None: no card (a character's ability)
            if card is not None:
                own = by_card.get(card.uid)
            if own is None and self.heard[cls] == len(by_card):
                return  # only other cards' own reactions hear it
        n = _FIELD_COUNT[cls]  # its fields, less those left to their default
        while fields[n - 1] is _UNSET:
            n -= 1
        self._deliver(cls(*fields[:n]), own)

    def _deliver(self, event: Event, own: tuple[Reaction, ...] | None) -> None:
        """``event`` to the bus's handlers, then the abilities it triggers (11.2): those of
        the index, then ``own``, the abilities of the card it is about; they wait in
        ``triggered`` until the running step is over (11.3)."""
        cls = type(event)
        handlers = self.bus.wanted.get(cls)
        if handlers is not None:
            for handler in handlers:
                handler(event)
        reactions = self.triggers.by_event.get(cls)
        if reactions:
            for reaction in reactions:
                if reaction.matches(self, event):
                    self.triggered.append((reaction, event))
        if own:
            for reaction in own:
                if reaction.matches(self, event):
                    self.triggered.append((reaction, event))

    def propose(self, cls: type[P], a: Any, b: Any, c: Any = _UNSET) -> P | None:
        """Offer the proposal ``cls(a, b, ...)`` to its handlers (``EventBus.propose``);
        None when nobody listens (then it stands as it is). Its fields are parameters, as
        ``publish``'s are."""
        if cls not in self.heard:
            return None
        fields = (a, b) if c is _UNSET else (a, b, c)
        return self.bus.propose(cls(*fields))

    # ------------------------------------------------------------------ the flow

    def nothing_due(self) -> bool:
        """Whether nothing can happen before the next step: no triggered ability waits
        (11.3) and no state check is due (6.2, 9.2)."""
        return not (self.triggered or self.queue or self.out_check_due or self.stats.stale)

    def then(self, step: Step) -> None:
        """Run ``step`` now, or queue it: when nothing is due it runs at once, as the flow
        would run it next (a step of a player who is out is dropped, 9.2); else it is
        pushed, to run once what is due is done. Call it last: what a step pushes after it
        would run before it."""
        if not self.nothing_due():
            self.agenda.append(step)
        elif step.player < 0 or not self.players[step.player].out:
            step.run(self)

    def run(self, player: int, work: Work) -> None:
        """Push ``work`` to run next (an ability's effect; 11.3)."""
        self.agenda.append(RunWork(player, work))

    def ask(
        self,
        player: int,
        options: Iterable[int | CardInstance],
        then: Choice,
        source: CardInstance | None = None,
        effect: str | None = None,
        explain: Explain | None = None,
        hidden: bool = False,
    ) -> None:
        """Push a question: ``player`` chooses one of ``options``, then ``then.apply`` runs
        with it. One option is taken by the game; none means the effect does nothing (11.4).
        ``source`` and ``effect`` (what the choice is for) are shown in the ``Decision``;
        ``explain(table, option)`` says why any other option is refused. ``hidden``: the
        options are hidden cards (12.6, ``HiddenChoice``)."""
        kind = HiddenChoice if hidden else AbilityChoice
        self.agenda.append(kind(player, tuple(options), then, source, effect, explain))

    def listed(self) -> tuple[Action, ...]:
        """The legal answers to the pending decision, listed once per decision (the state
        changes only in play); empty once the game is over."""
        found = self.legal
        if found is None:
            question = self.asking
            if question is None:
                return ()
            found = self.legal = question.options(self)
        return found

    def forget_legal(self) -> None:
        """List the legal answers again when next asked (a resampled game's inventories)."""
        self.legal = None

    def pend(self, question: Question, decision: Decision, legal: tuple[Action, ...]) -> None:
        """``question`` waits for an answer: the pending ``decision``, with its legal answers;
        unless the turn has seen the ruleset's ``max_decisions_per_turn`` decisions already:
        then the game is over, a draw (9.4)."""
        self.decisions_this_turn += 1
        if self.decisions_this_turn > self.max_decisions:
            self.loop_ends(f"{self.max_decisions} decisions")
            return
        self.asking = question
        self.decision = decision
        self.legal = legal

    def take_answer(self, answer: Action) -> Question:
        """``answer`` (legal) answers the pending decision: recorded, and no decision is
        pending any more. The question it answers, to apply it."""
        question = self.asking
        assert question is not None
        self.answers.append(answer)  # the list of ``actions`` (``History``): no call in Python
        self.decision = None  # the one place a pending decision ends (see ``finish``)
        self.asking = None
        self.legal = None
        return question

    def effect_resolves(self) -> bool:
        """An effect of an ability resolves now: whether it may, that is, the turn has not
        seen the ruleset's ``max_effects_per_turn`` effects already; if it has, the game is
        over, a draw (9.4)."""
        self.effects_this_turn += 1
        self.done_before = self.done  # what the effect before it did ("that many", 12.2)
        self.done = 0
        if self.effects_this_turn <= self.max_effects:
            return True
        self.loop_ends(f"{self.max_effects} resolved effects")
        return False

    def loop_ends(self, what: str) -> None:
        """9.4: the turn has seen more than ``what`` (its limit): a turn that does not end is
        a draw."""
        self.finish(None, f"turn {self.turn} did not end: more than {what} in one turn (9.4)")

    def ability_done(self, reaction: Reaction) -> None:
        """``reaction`` has resolved (11.3): the next ability may start; an instant whose
        ability it was goes to its owner's void (4.6), unless another of its abilities
        still waits."""
        self.ability_resolving = False
        if not self.instants_resolving:
            return
        card = getattr(reaction, "card", None)
        if card is None:
            return
        for waiting in self.instants_resolving:
            if waiting is card:
                break
        else:  # not an instant's ability
            return
        for queued, _ in self.queue:
            if getattr(queued, "card", None) is card:
                return  # another of its abilities still waits
        self.instants_resolving[:] = [c for c in self.instants_resolving if c is not card]
        owner = self.players[card.owner]
        owner.void.append(card)
        owner.version += 1

    def hold_out_check(self) -> None:
        """The out check (9.2) waits until the steps pushed after this have run (an effect
        in parts, 11.6): a ``ReleaseOutCheck`` step below them ends the wait."""
        self.out_check_held += 1
        self.agenda.append(ReleaseOutCheck())

    def release_out_check(self) -> None:
        self.out_check_held -= 1

    def out_check_runs(self) -> bool:
        """The out check (9.1, 9.2) is due and may run now: whether it is, then not due."""
        if not self.out_check_due or self.out_check_held:
            return False
        self.out_check_due = False
        return True

    def eliminate(self, players: list[PlayerState]) -> None:
        """9.2: ``players`` are out, all at once; then, player by player, their equipped
        cards are destroyed and their poison marker goes."""
        for p in players:
            p.out = True
            p.version += 1
        if self.triggers.pending:  # 12.9: their delayed abilities end unresolved
            out = {p.index for p in players}
            for reaction in [r for r in self.triggers if r.pending and r.player in out]:
                self.triggers.remove(reaction)
        for p in players:
            for slot in list(p.mat):
                self.destroy(p, slot, DestroyReason.ELIMINATED)
            p.poisoned = False
            self.publish(PlayerEliminated, p.index)
        if self.stats.grants:  # 12.9: what they granted, or were granted, ends with them
            seats = self.players
            self.end_grants(
                [
                    g
                    for g in self.stats.grants
                    if seats[g.controller].out or (g.player is not None and seats[g.player].out)
                ]
            )
        self.stats.changed()

    def skip_rest_of_turn(self) -> None:
        """9.2: the active player went out: the rest of their turn is skipped, but for the
        steps that survive it (damage already dealt, abilities already triggered)."""
        self.agenda[:] = [step for step in self.agenda if step.survives_active_out()]

    def finish(self, winner: int | None, reason: str) -> None:
        """The game is over (9.1 to 9.4)."""
        self.outcome = Outcome(winner, reason)
        self.agenda.clear()
        for instant in self.instants_resolving:  # an instant whose ability ended the game
            owner = self.players[instant.owner]
            owner.void.append(instant)
            owner.version += 1
        self.instants_resolving.clear()
        # the game ends between steps, never while a decision is pending: the answer to the
        # last one was taken (``take_answer``) before the flow ran on
        assert self.decision is None
        self.publish(GameEnded, winner, reason)

    # ------------------------------------------------------------------ moving cards

    def draw(self, p: PlayerState, count: int) -> None:  # 7.5: top cards to the inventory
        self._move(p, p.inventory, count, None)

    def sacrifice(self, p: PlayerState, count: int, reason: SacrificeReason) -> None:  # 7.5
        self._move(p, p.void, count, reason)

    def _move(
        self,
        p: PlayerState,
        to: list[CardInstance],
        count: int,
        reason: SacrificeReason | None,
    ) -> None:
        """The top ``count`` cards of ``p``'s primal deck (as many as there are) to ``to``:
        drawn (``reason`` None), or sacrificed for ``reason``."""
        p.version += 1  # even when nothing moves: ``equip`` relies on it (its cost may be 0)
        deck = p.primal_deck
        if count <= 0 or not deck:
            return
        event = CardDrawn if reason is None else CardSacrificed
        if event not in self.heard:  # nobody listens (a card in a deck is in no one's play)
            while count and deck:  # one by one: no slices made
                to.append(deck.pop())
                count -= 1
        else:
            for _ in range(min(count, len(deck))):
                instance = deck.pop()
                to.append(instance)
                if reason is None:
                    self.publish(CardDrawn, p.index, instance)
                else:
                    self.publish(CardSacrificed, p.index, instance, reason)
        if not deck:
            self.out_check_due = True  # the out check (9.1, 9.2) has work to do

    def equip(
        self,
        p: PlayerState,
        instance: CardInstance,
        host: CardInstance | None,
        part: EquipPart = _WHOLE,
    ) -> None:
        """Equip ``instance`` from ``p``'s inventory (4.1 to 4.7); legality is the caller's.
        The first part (``PLACE``): the card leaves the inventory for its slot (salvaging what
        is there, 4.2), for its host (4.7) or, an instant, for no zone (4.6), and its primal
        cost is paid (4.3). The rest (``REST``), its costs paid: its abilities come into play
        and its "equipped" abilities trigger (4.4); an instant's ability, then the void (4.6).
        A card with extra costs (12.4) is equipped in these two parts, its costs paid between
        them (``equipping.pay_and_equip``); any other, ``WHOLE``, in one call."""
        kind = instance.type
        if part is not _REST:
            cost = self.stats.costs[p.index].get(instance.uid)  # fixed before anything moves
            if cost is None:
                cost = self.stats.cost(instance, p.index)
            if self.stats.grants:  # a cost change may be used up by this equip (12.9)
                self._use_cost_grants(p.index, instance)
            # ``p``'s inventory and mat change: the cost's ``_move`` below bumps ``p.version``
            # (a cost of 0 too)
            inventory = p.inventory
            i = 0  # by identity, no value comparisons; counted by hand (no ``enumerate``)
            for held in inventory:
                if held is instance:
                    del inventory[i]
                    break
                i += 1  # noqa: SIM113 (no enumerate object: see above)
            if kind is not _INSTANT:
                slot = instance.slot
                if kind is _ATTACH:  # 4.7
                    assert host is not None
                    found = self.equipped(host)
                    assert found is not None
                    found[1].attached.append(Equipped(instance, self.turn, controller=p.index))
                    found[0].version += 1  # the host's mat
                else:
                    assert slot is not None
                    if slot in p.mat:  # 4.2: salvage
                        self.destroy(p, slot, _SALVAGE)
                    p.mat[slot] = Equipped(instance, self.turn)  # 4.1, 4.5
                if instance.modifiers:  # a modifier source came into play
                    self.stats.source_changed(instance.modifiers)
            self._move(p, p.void, cost, _COST)  # 4.3, 4.6: sacrificed
            if part is _PLACE:
                return
        if kind is _INSTANT:  # 4.6
            self._cast(p.index, instance)  # its ability, then the void
            return
        if self.abilities is not None:
            self.enter_play(instance, p.index, host)
        self.publish(CardEquipped, p.index, instance, instance.slot, host)  # 4.4 hangs on this

    def destroy(self, controller: PlayerState, slot: Slot, reason: DestroyReason) -> bool:
        """Destroy the card in ``slot`` of ``controller``'s mat and what is attached to it
        (7.4, 4.7): every card goes to its owner's void (1.5) before any event is published.
        Whether it was destroyed.

        Worn-out and effect destructions are first offered as a DestroyProposal; salvage,
        host and elimination destructions are not (they are costs and rules, not effects).
        """
        eq = controller.mat[slot]
        if reason is _WORN_OUT or reason is _EFFECT:
            proposal = self.propose(DestroyProposal, eq.instance, reason)
            if proposal is not None and proposal.cancelled:
                return False
        instance = eq.instance
        self._leave_mat(controller, slot, self.players[instance.owner].void)
        attached = eq.attached
        if CardDestroyed in self.heard or self.reactions_in_play:  # else nobody hears it
            self.publish(CardDestroyed, controller.index, instance, reason)
            if attached:
                self._attached_destroyed(controller, eq)
            self.leave_play(instance)  # after its destruction, which it still hears (11.2)
            for spell in attached:
                self.leave_play(spell.instance)
        if self.stats.boosts or self.stats.grants:
            self._effects_end(instance)
        return True

    def _effects_end(self, instance: CardInstance) -> None:
        """``instance`` left play: its boosts end (11.6), and what was granted to it (12.9)."""
        stats = self.stats
        if stats.boosts:
            stats.end_boosts(instance.uid)
        if stats.grants:
            self.end_grants([g for g in stats.grants if g.card is instance])

    def _leave_mat(self, controller: PlayerState, slot: Slot, to: list[CardInstance]) -> None:
        """The card in ``slot`` of ``controller``'s mat goes to ``to`` (its owner's void or
        inventory), and its attach spells to their owners' voids (4.7, 12.5): every card
        moves before any event is published; their modifiers leave play."""
        eq = controller.mat.pop(slot)
        controller.version += 1
        instance = eq.instance
        if instance.modifiers:  # a modifier source left play
            self.stats.source_changed(instance.modifiers)
        to.append(instance)
        players = self.players
        owner = players[instance.owner]
        if owner is not controller:  # a stolen card (7.3): its owner's pile changed
            owner.version += 1
        attached = eq.attached
        if attached:
            for spell in attached:
                if spell.instance.modifiers:
                    self.stats.source_changed(spell.instance.modifiers)
            for spell in attached:
                owner = players[spell.instance.owner]
                owner.void.append(spell.instance)
                owner.version += 1

    def _attached_destroyed(
        self, controller: PlayerState, eq: Equipped, reason: DestroyReason = _HOST_DESTROYED
    ) -> None:
        """The attach spells of ``eq`` went with it (4.7): destroyed, each for the player who
        attached it (11.1); ``reason``: its host was destroyed, or left the mat (12.5)."""
        for spell in eq.attached:
            by = controller.index if spell.controller is None else spell.controller
            self.publish(CardDestroyed, by, spell.instance, reason)

    def add_counters(self, controller: PlayerState, eq: Equipped, amount: int) -> None:
        """Durability counters; the card is destroyed when they reach its durability."""
        eq.counters += amount
        controller.version += 1
        self.publish(CounterAdded, eq.instance, amount, eq.counters)
        if eq.counters >= self.stats.card(eq.instance, _DURABILITY, controller.index):
            slot = eq.instance.slot
            assert slot is not None
            self.destroy(controller, slot, _WORN_OUT)

    def discard(self, instance: CardInstance) -> None:
        """DISCARD (7.5): ``instance`` from the inventory it is in to its owner's void."""
        for p in self.players:
            for i, held in enumerate(p.inventory):
                if held is instance:
                    del p.inventory[i]
                    p.version += 1
                    owner = self.players[instance.owner]
                    owner.void.append(instance)
                    if owner is not p:
                        owner.version += 1
                    self.publish(CardDiscarded, p.index, instance)
                    return

    def poison(self, p: PlayerState) -> None:
        """POISON (7.1): one marker; poisoning a poisoned player changes nothing."""
        if p.poisoned or p.out:
            return
        p.poisoned = True
        p.version += 1
        self.publish(PlayerPoisoned, p.index)

    def cure(self, p: PlayerState) -> None:
        """CURE (7.1): the player is no longer poisoned (by an effect; a poison check that
        cures publishes ``PoisonChecked``)."""
        if not p.poisoned:
            return
        p.poisoned = False
        p.version += 1
        self.publish(PlayerCured, p.index)

    def remove_counters(self, controller: PlayerState, eq: Equipped, amount: int) -> None:
        """REPAIR N (11.6): up to ``amount`` durability counters come off the card of ``eq``
        on ``controller``'s mat, never below 0."""
        removed = min(amount, eq.counters)
        if removed <= 0:
            return
        eq.counters -= removed
        controller.version += 1
        self.publish(CountersRemoved, eq.instance, removed, eq.counters)

    def boost(self, instance: CardInstance, stat: CardStat, amount: int) -> None:
        """BOOST (11.6): ``instance``'s ``stat`` changes by ``amount`` until the end of the
        turn."""
        self.stats.boost(instance.uid, stat, amount)
        self.publish(CardBoosted, instance, stat, amount)

    def grant(
        self,
        controller: int,
        modifier: Modifier,
        duration: Duration,
        player: int | None,
        card: CardInstance | None,
        uses: int | None = None,
        source: CardInstance | None = None,
    ) -> None:
        """``player`` (who then controls it, 11.1), or ``card`` if it is in a slot (it
        then changes that card alone), gets ``modifier`` for ``duration``, counted from an
        effect of ``controller`` resolving now (12.9, ``grants.py``), an ability of the card
        ``source`` (None: of a character)."""
        if card is not None and self.equipped(card) is None:
            return  # it left play: nothing to give it to
        grant = grant_for(
            self.players, self.active, modifier, duration, controller, player, card, uses, source
        )
        self.stats.add_grant(grant)
        self.publish(Granted, controller, modifier, player, card, duration)

    def end_grants(self, ended: list[Grant]) -> None:
        """The grants ``ended`` end (12.9): ``GrantEnded`` for each, in the order they were
        made. A durability they gave may wear a card out at the next check (6.2)."""
        if not ended:
            return
        self.stats.remove_grants(ended)
        for g in ended:
            self.publish(GrantEnded, g.controller, g.modifier, g.player, g.card)

    def end_grants_at(self, player: int, turns_taken: int, start: bool) -> None:
        """The grants that end at the start (``start``) or the end of the turn in which
        ``player`` has taken ``turns_taken`` turns end (12.9)."""
        self.end_grants([g for g in self.stats.grants if g.ends_at(player, turns_taken, start)])

    def _use_cost_grants(self, side: int, instance: CardInstance) -> None:
        """``side`` equips ``instance``: each cost change granted with uses that changed its
        cost (12.9) has one use fewer, and ends with its last."""
        stats = self.stats
        for grant in stats.grants:
            mod = grant.modifier
            if grant.uses is None or grant.player is None:
                continue
            if not isinstance(mod, CardStatModifier) or mod.stat is not CardStat.PRIMAL_COST:
                continue  # uses count equips whose cost it changed: it changes none
            if not (mod.cards.matches(instance.card) and mod.whose.includes(grant.player, side)):
                continue
            if grant.uses > 1:
                stats.replace_grant(grant, grant.used())
            else:
                self.end_grants([grant])

    def steal(self, thief: PlayerState, victim: PlayerState, eq: Equipped) -> None:
        """STEAL (7.3, 11.6): the card of ``eq`` on ``victim``'s mat, with its counters,
        equip turn and attach spells, goes to the same slot of ``thief``'s mat, salvaging
        what is there. Its owner is unchanged; it is not equipped anew (no cost, no trigger,
        no window). Attach spells stay controlled by whoever attached them (11.1)."""
        slot = eq.instance.slot
        assert slot is not None
        del victim.mat[slot]
        victim.version += 1
        if slot in thief.mat:
            self.destroy(thief, slot, _SALVAGE)
        thief.mat[slot] = eq
        thief.version += 1
        self.stats.changed()  # its modifiers now count for the thief
        if self.reactions_in_play.get(eq.instance.uid):  # its abilities are the thief's (11.1)
            self.leave_play(eq.instance)
            self.enter_play(eq.instance, thief.index, None)
        self.publish(CardStolen, thief.index, eq.instance, victim.index)

    # ------------------------------------------------------------------ cards that move

    def move(
        self,
        instance: CardInstance,
        origin: Zone,
        holder: PlayerState,
        destination: Zone,
        *,
        bottom: bool = False,
        seen_by: int | None = None,
        pay_cost: bool = False,
    ) -> bool:
        """Move ``instance`` from ``holder``'s ``origin`` (a pile, or their mat) to its
        OWNER's ``destination`` (1.5, 12.5); whether it moved (it was not there: nothing).

        A card leaving a mat loses its counters, boosts and equipped turn, its attach
        spells are destroyed (4.7) and its abilities and modifiers leave play. A card put
        onto a mat is equipped into its slot, salvaging what is there (4.2), with its cost
        paid only if ``pay_cost`` (12.5), and its "equipped" abilities trigger; no window
        opens. A primal deck takes it on top (or at the ``bottom``). ``seen_by``: None, every
        player sees which card moved; else only that player (12.6). One ``CardMoved``."""
        slot = instance.slot  # None: an instant or attach spell, never in a slot (4.6, 4.7)
        if slot is None and (destination is _MAT or origin is _MAT):
            return False
        owner = self.players[instance.owner]
        if origin is _MAT:
            eq = holder.mat.get(slot) if slot is not None else None
            if eq is None or eq.instance is not instance or destination is _MAT:
                return False
            assert slot is not None
            landing: list[CardInstance] = []
            self._leave_mat(holder, slot, landing)  # counters, boosts, equipped turn: gone
            self._land(owner, instance, destination, bottom, seen_by)
            self.publish(CardMoved, holder.index, instance, origin, destination, bottom, seen_by)
            if eq.attached:
                self._attached_destroyed(holder, eq, _HOST_LEFT)  # 4.7
            if self.reactions_in_play:  # after its move, which it still hears
                self.leave_play(instance)
                for spell in eq.attached:
                    self.leave_play(spell.instance)
            if self.stats.boosts or self.stats.grants:  # they end as it leaves play
                self._effects_end(instance)  # (11.6, 12.9)
            return True
        pile = holder.pile(origin)
        for i, held in enumerate(pile):  # by identity: no value comparisons
            if held is instance:
                del pile[i]
                holder.version += 1
                break
        else:
            return False
        if origin is _DECK and not pile:
            self.out_check_due = True  # the out check (9.1, 9.2) has work to do
        if destination is not _MAT:
            self._land(owner, instance, destination, bottom, seen_by)
            self.publish(CardMoved, holder.index, instance, origin, destination, bottom, seen_by)
            return True
        assert slot is not None
        cost = self.stats.cost(instance, owner.index) if pay_cost else 0  # fixed first (4.3)
        if slot in owner.mat:  # 4.2: salvage
            self.destroy(owner, slot, _SALVAGE)
        owner.mat[slot] = Equipped(instance, self.turn)  # 4.1, 4.5
        owner.version += 1
        if instance.modifiers:
            self.stats.source_changed(instance.modifiers)
        self.publish(CardMoved, holder.index, instance, origin, destination, bottom, seen_by)
        if cost:
            self._move(owner, owner.void, cost, _COST)  # 4.3: sacrificed
        if self.abilities is not None:
            self.enter_play(instance, owner.index, None)
        self.publish(CardEquipped, owner.index, instance, slot, None)  # 4.4
        return True

    def _land(
        self,
        owner: PlayerState,
        instance: CardInstance,
        destination: Zone,
        bottom: bool,
        seen_by: int | None,
    ) -> None:
        """``instance`` into its ``owner``'s pile ``destination`` (a primal deck: on top, or
        at the ``bottom``); who knows where it is now (12.6)."""
        if destination is _DECK and bottom:
            owner.primal_deck.insert(0, instance)
        else:
            owner.pile(destination).append(instance)
        owner.version += 1
        if destination is _DECK or destination is _INVENTORY:
            self._follow(instance.uid, seen_by)

    def shuffle(self, p: PlayerState) -> None:
        """``p``'s primal deck is shuffled with the game's generator (1.2, 12.5): no one
        knows the place of any card in it any more (12.6)."""
        deck = p.primal_deck
        shuffle(self.rng.getrandbits, deck)
        p.version += 1
        if any(q.known for q in self.players):
            self.forget(frozenset(c.uid for c in deck))
        self.publish(DeckShuffled, p.index)

    def random_card(self, cards: list[CardInstance]) -> CardInstance:
        """One of ``cards`` (not empty) at random, from the game's generator (1.2)."""
        return cards[below(self.rng.getrandbits, len(cards))]

    def put_back(self, player: int, whose: PlayerState, order: list[CardInstance]) -> None:
        """``player`` puts the top cards of ``whose``'s primal deck back in ``order`` (the top
        first): the others cannot follow the new order (12.6)."""
        deck = whose.primal_deck
        deck[len(deck) - len(order) :] = order[::-1]
        whose.version += 1
        self.forget(frozenset(card.uid for card in order), keep=player)
        self.publish(DeckOrdered, player, whose.index, len(order))

    # ------------------------------------------------------------------ what players know

    def learn(self, player: int, uids: frozenset[int]) -> None:
        """``player`` now knows where the cards ``uids`` are (they looked, 12.6)."""
        p = self.players[player]
        if not uids <= p.known:
            p.known = p.known | uids

    def forget(self, uids: frozenset[int], keep: int | None = None) -> None:
        """Every player but ``keep`` no longer knows where the cards ``uids`` are (they
        moved where those players cannot follow, 12.6)."""
        for p in self.players:
            if p.index != keep and p.known and not p.known.isdisjoint(uids):
                p.known = p.known - uids

    def _follow(self, uid: int, seen_by: int | None) -> None:
        """A card moved into a hidden zone (a primal deck, an inventory): every player saw
        which card it is (``seen_by`` None), or only ``seen_by`` did (12.6)."""
        known = frozenset((uid,))
        if seen_by is None:
            for p in self.players:
                self.learn(p.index, known)
        else:
            self.forget(known, keep=seen_by)
            self.learn(seen_by, known)

    def equipped(self, instance: CardInstance) -> tuple[PlayerState, Equipped] | None:
        """The mat and equipped record of a card in a slot, or None (``find_equipped``)."""
        return find_equipped(self.players, instance)

    # ------------------------------------------------------------------ cards in play

    def enter_play(
        self, instance: CardInstance, controller: int, host: CardInstance | None
    ) -> None:
        """``instance`` is now on ``controller``'s side of the table, in a slot or attached
        under ``host``: the triggered abilities it brings join the table (11.1, 11.3),
        those that hear one card's events by that card, the others in the index."""
        source = self.abilities
        if source is None or (self.printed_abilities and not instance.triggers):
            return
        slot = instance.slot if host is None else host.slot
        order = 2 * SLOT_ORDER[slot] + (host is not None) if slot is not None else 0
        if self.printed_abilities:  # the printed ones: made once (see ``Values``)
            reactions = self.values.reactions(instance, controller, order, source)
        else:
            reactions = tuple(source(instance, controller, order))
        if not reactions:
            return
        listeners = self._own_listeners() if self.listeners_shared else self.card_listeners
        placed: tuple[tuple[Reaction, int | None], ...] = ()  # most cards bring one
        for reaction in reactions:
            if reaction.own_card:
                cls = reaction.event
                uid = reaction.hears(instance, host).uid
                by_card = listeners.get(cls)
                if by_card is None:
                    by_card = listeners[cls] = {}
                found = by_card.get(uid)
                if found is None:  # one more card hears the class
                    by_card[uid] = (reaction,)
                    hear(self.heard, cls)
                else:
                    by_card[uid] = (*found, reaction)
                placed += ((reaction, uid),)
            else:
                self.triggers.add(reaction)
                placed += ((reaction, None),)
        self.reactions_in_play[instance.uid] = placed

    def _own_listeners(self) -> dict[type, dict[int, tuple[Reaction, ...]]]:
        """``card_listeners`` made this table's own, to be changed: a copy shares them with
        its original (``listeners_shared``) until one side changes them."""
        listeners = self.card_listeners = {
            cls: dict(by_card) for cls, by_card in self.card_listeners.items()
        }
        self.listeners_shared = False
        return listeners

    def leave_play(self, instance: CardInstance) -> None:
        """``instance`` left play: the abilities it brought leave the table, each from
        where it came in (the index, or ``card_listeners`` under the card it hears)."""
        placed = self.reactions_in_play.pop(instance.uid, None)
        if not placed:
            return
        listeners = self._own_listeners() if self.listeners_shared else self.card_listeners
        for reaction, uid in placed:
            if uid is None:
                self.triggers.remove(reaction)
                continue
            cls = reaction.event
            by_card = listeners[cls]
            found = by_card[uid]
            if len(found) > 1:  # another reaction hears that card's events of the class
                by_card[uid] = tuple(r for r in found if r is not reaction)
                continue
            del by_card[uid]  # one card fewer hears the class
            unhear(self.heard, cls)
            if not by_card:
                del listeners[cls]

    def _cast(self, player: int, instance: CardInstance) -> None:
        """An instant was played, its cost paid: its abilities trigger as its card is
        "equipped", though the card never enters play (so they are asked here, not found
        among the listeners in play); the card waits out of every zone
        (``instants_resolving``) until they have resolved, then goes to its owner's void
        (4.6, 11.2). An instant without an ability goes there at once."""
        source = self.abilities
        if source is None or (self.printed_abilities and not instance.triggers):
            owner = self.players[instance.owner]
            owner.void.append(instance)
            owner.version += 1
            self.publish(CardEquipped, player, instance, None)
            return
        event = CardEquipped(player, instance, None)
        if self.printed_abilities:  # the printed ones: made once (see ``Values``)
            reactions: Iterable[Reaction] = self.values.reactions(instance, player, 0, source)
        else:
            reactions = source(instance, player, 0)
        mine = []
        for reaction in reactions:
            if reaction.event is CardEquipped and reaction.matches(self, event):
                mine.append((reaction, event))
        if mine:
            self.instants_resolving.append(instance)
        else:
            owner = self.players[instance.owner]
            owner.void.append(instance)
            owner.version += 1
        if CardEquipped in self.heard:
            self._deliver(event, None)  # to the bus, and what hears it in play
        self.triggered.extend(mine)
