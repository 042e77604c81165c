"""Effects on the table: the engine's side of the effect API (``backlands.keywords.Resolution``).

An ability resolves its effects in printed order (11.3), each as one agenda step
(:class:`EffectStep`), so the out check (9.2) runs after each effect. The step calls the
effect's own :meth:`~backlands.keywords.Effect.apply` with a :class:`TableResolution`: who
resolves it, from which card, on which event, and the primitives it acts with. Every effect,
a third party's too, is written against that API (``backlands.keywords.api``) and never
against the table: this module is the one place where effects touch the table's internals
(``Table.run`` and ``Table.ask``, the order of what each player's part pushes, the keyword
primitives).

Who or what an effect acts on comes from its target's definition (:func:`players_for`,
:func:`cards_for`); when the card says "an opponent" or "one of your cards" and more than one
choice is legal, the ability's controller chooses (11.4: one choice is taken by the game,
none means the effect does nothing).

Effects inside effects (``may``'s, a mode of ``choose_one``'s) resolve through
:func:`resolve_effects`, the one way a list of effects resolves, each as one step exactly as
an ability's own (11.3, counted for 9.4). The options of 12.3 are decisions of their own
(:class:`MayQuestion`, :class:`ModeQuestion`, answered with a ``Pick``). Every primitive
records what it did on the table (``Table.done``, ``Table.shortfalls``): how many ("that
many", 12.2) and whether it fell short, so that "if you do" resolves only if the optional
part was done in full (:class:`IfYouDo`, 12.3). An equip's extra costs (12.4) are paid
through the same primitives (:class:`Payment`, ``equipping.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, TypeVar, cast

from ..keywords import (
    Amount,
    CardRef,
    CardStatic,
    CardTarget,
    CardThen,
    Condition,
    Duration,
    Effect,
    ExtraCost,
    Modifier,
    Moment,
    Placed,
    PlayerTarget,
    PlayerThen,
    Resolution,
    WhyNot,
    ZoneWhyNot,
    number_of,
)
from ..terms import CardStat, Keyword, Selector, Slot, Whose, Zone
from ._compiled import mypyc_attr
from .actions import PICKS, Action, Choose, Decision, DecisionKind, Pick
from .combat import deal_damage
from .events import (
    AbilityResolving,
    CardsLookedAt,
    CardsRevealed,
    DestroyReason,
    Event,
    OptionPicked,
    SacrificeReason,
)
from .reading import (
    NOTHING_SUPPLIED,
    TableReading,
    event_named,
    find_equipped,
    find_host,
    in_turn_order,
    named_players,
    opponents_in_turn_order,
)
from .state import CardInstance, Equipped, PlayerState
from .statics import card_statics
from .steps import Choice, Question, Step, Work
from .table import Table
from .triggers import Reaction, reaction_class

__all__ = [
    "DELAYED",
    "DelayedAbility",
    "EffectStep",
    "IfYouDo",
    "MayQuestion",
    "ModeQuestion",
    "OptionQuestion",
    "Payment",
    "Reorder",
    "Source",
    "TableResolution",
    "cards_for",
    "effect_name",
    "players_for",
    "reading",
    "resolve_effects",
    "stays_for_costs",
]

_EFFECT: Final = DestroyReason.EFFECT
_DECK: Final = Zone.PRIMAL_DECK
_VOID: Final = Zone.VOID
_MAT: Final = Zone.MAT
_OWN: Final = Whose.OWN
_OPPONENTS: Final = Whose.OPPONENTS
_SACRIFICED: Final = SacrificeReason.EFFECT
_COST: Final = SacrificeReason.COST
_SLOT_ORDER: Final = (Slot.WEAPON, Slot.CREATURE, Slot.ARMOUR, Slot.SPELL)
_ONLY: Final = {at: (at,) for at in _SLOT_ORDER}  # the slots looked at for one slot
_NOBODY: Final = -1  # no chooser: the effect sits inside no option (12.3)

T = TypeVar("T", int, CardRef)


def _instance(card: CardRef) -> CardInstance:
    """The engine's card behind a ``CardRef`` (the effect API names cards by the table's own
    instances)."""
    return cast(CardInstance, card)


class Source:
    """Where an effect comes from: the ability's ``card`` (None: a character's), its
    ``controller`` (11.1), the targets its trigger's event names (``supplies``: target -> the
    event's field, from the trigger's definition, 12.7), the ability's place in the order of
    11.3 (``order``), ``chooser``, the player who decided the option it sits inside, and
    ``chosen``, the player the ``choose_player`` it sits inside chose (12.3; -1: none).

    The event that triggered the ability (None: none, an extra cost) goes beside it, from
    the ability to each of its effects' steps, choices and resolutions: a printed ability's
    source is made once, as it comes into play (``CardAbility``), and serves every time it
    triggers. Immutable: a delayed ability keeps the source and the event of the ability
    that made it (12.9)."""

    __slots__ = ("card", "chooser", "chosen", "controller", "order", "supplies")

    def __init__(
        self,
        card: CardInstance | None,
        controller: int,
        supplies: Mapping[Any, str] = NOTHING_SUPPLIED,
        order: int = 0,
        chooser: int = _NOBODY,
        chosen: int = _NOBODY,
    ) -> None:
        self.card = card
        self.controller = controller
        self.supplies = supplies
        self.order = order
        self.chooser = chooser
        self.chosen = chosen

    def chosen_by(self, player: int) -> Source:
        """This source, for the effects inside an option ``player`` decided (12.3)."""
        return Source(self.card, self.controller, self.supplies, self.order, player, self.chosen)

    def choosing(self, player: int) -> Source:
        """This source, for the effects inside a ``choose_player`` that chose ``player``."""
        return Source(self.card, self.controller, self.supplies, self.order, self.chooser, player)

    def __repr__(self) -> str:
        return f"Source({self.card!r}, controller={self.controller})"


class Payment(Source):
    """The extra costs of an equip being paid (12.4): ``card`` is the card ``controller``
    equips (under ``host``, an attach spell)."""

    __slots__ = ("host",)

    def __init__(self, card: CardInstance, controller: int, host: CardInstance | None) -> None:
        Source.__init__(self, card, controller)
        self.host = host


def effect_name(effect: Effect | ExtraCost) -> str:
    """The effect's (or extra cost's) name in the card format, as it is registered:
    ``Damage`` is ``"damage"`` (``@effect("damage")``)."""
    return type(effect).name


def resolve_effects(
    table: Table, effects: Sequence[Effect], source: Source, event: Event | None
) -> None:
    """Resolve ``effects`` from ``source``, triggered by ``event``, in printed order, one
    agenda step each (11.3): the first runs in this step, the others wait above what it
    pushes (its questions, its damage); each counts as an effect resolving (9.4). An
    ability's effects, a delayed ability's (12.9), and the nested effects of ``if`` and the
    like, all resolve through here."""
    if not effects:
        return
    i = len(effects) - 1
    while i > 0:  # the others wait as steps, the last one lowest
        table.run(source.controller, EffectStep(effects[i], source, event))
        i -= 1
    if table.effect_resolves():  # else the turn did not end: a draw (9.4)
        first = effects[0]
        first.apply(TableResolution(table, first, source, event))


def reading(table: Table, source: Source, event: Event | None) -> TableReading:
    """The state as the conditions and amounts of ``source``'s ability, triggered by
    ``event``, read it (12.1, 12.2): with the chooser of the option it sits inside (12.3) and
    what the effect before it did ("that many", 12.2)."""
    return TableReading(
        table.players,
        table.stats,
        table.instants_resolving,
        source.controller,
        source.card,
        event,
        source.supplies,
        chooser=source.chooser,
        that_many=table.done_before,
        chosen=source.chosen,
    )


class EffectStep(Work):
    """One effect of a resolving ability (from ``source``, triggered by ``event``), run as
    an agenda step."""

    __slots__ = ("effect", "event", "source")

    def __init__(self, effect: Effect, source: Source, event: Event | None) -> None:
        self.effect = effect
        self.source = source
        self.event = event

    def run(self, table: Table) -> None:
        if table.effect_resolves():  # else the turn did not end: a draw (9.4)
            self.effect.apply(TableResolution(table, self.effect, self.source, self.event))


class TableResolution:
    """One effect resolving on a table: the engine's implementation of
    ``backlands.keywords.Resolution`` (see there for what each method does), or an extra cost
    being paid (its ``source`` a :class:`Payment`), ``event`` the event that triggered its
    ability (None: none). Each primitive records what it did: how many (``Table.done``) and,
    when it did less than it was asked, a shortfall (``Table.shortfalls``, 12.3)."""

    __slots__ = ("effect", "event", "source", "table")

    def __init__(
        self,
        table: Table,
        effect: Effect | ExtraCost,
        source: Source,
        event: Event | None = None,
    ) -> None:
        self.table = table
        self.effect = effect
        self.source = source
        self.event = event

    @property
    def controller(self) -> int:
        return self.source.controller

    @property
    def card(self) -> CardInstance | None:
        return self.source.card

    @property
    def turn(self) -> int:
        return self.table.turn

    def __repr__(self) -> str:
        return f"<resolution of {self.effect!r} from {self.source!r}>"

    # ------------------------------------------------------------------ conditions, amounts

    @property
    def view(self) -> TableReading:
        return reading(self.table, self.source, self.event)

    def value(self, amount: int | Amount) -> int:  # 12.2: once, as the effect resolves
        if type(amount) is int:  # a plain number costs one check
            return amount
        return number_of(amount, self.view)

    def holds(self, condition: Condition) -> bool:  # 12.1: as the effect resolves
        return condition.holds(self.view)

    def resolve(self, effects: Sequence[Effect]) -> None:
        resolve_effects(self.table, effects, self.source, self.event)

    # ------------------------------------------------------------------ who and what

    def is_immune(self, player: int, keyword: Keyword) -> bool:
        return self.table.stats.is_immune(player, keyword)

    def has_static(self, card: CardRef, kind: type[CardStatic]) -> bool:  # 12.8
        t = self.table
        statics = t.stats.statics
        if not statics:
            return False
        found = find_equipped(t.players, _instance(card))
        return found is not None and bool(
            card_statics(t.stats, kind, found[1].instance, found[0].index)
        )

    def for_players(
        self, target: PlayerTarget, then: PlayerThen, *, keyword: Keyword | None = None
    ) -> None:
        t = self.table
        found, choose = players_for(t, target, self.source, self.event, keyword)
        if choose:
            refusal = _PlayerRefusal(keyword)
            self.choose(self.source.controller, [p.index for p in found], then, refusal)
            return
        if len(found) < 2:
            if not found:
                self._short()  # no one to do it to (9.2, 11.5)
            for p in found:
                then(self, p.index)
            return
        # each player in turn order, all within this one effect (11.3: the out check comes
        # after it); what each pushes (a choice, a defence) runs in the same order
        agenda = t.agenda
        ends = [len(agenda)]
        for p in found:
            then(self, p.index)
            ends.append(len(agenda))
        if ends[-1] != ends[0]:
            blocks = [agenda[ends[i] : ends[i + 1]] for i in range(len(found))]
            agenda[ends[0] :] = [step for block in reversed(blocks) for step in block]

    def for_cards(
        self,
        target: CardTarget,
        slot: Slot | None,
        then: CardThen,
        why_not: WhyNot | None = None,
        where: Condition | None = None,
    ) -> None:
        found, choose = cards_for(self.table, target, slot, self.source, self.event)
        options = []
        for p, eq in found:
            if why_not is None or why_not(self, p.index, eq) is None:
                options.append(eq.instance)
        if where is not None and options:  # 12.1: only the cards it holds for
            view = self.view
            holding = []
            for card in options:
                if where.holds(view.testing(card=card)):
                    holding.append(card)
            options = holding
        if not choose:
            if options:
                then(self, options[0])
            else:
                self._short()  # the card is not there (any more)
            return
        # why a card offered by no one is refused: only for a choice that is asked
        refusal = _CardRefusal(target, slot, why_not, where) if self._asks(options) else None
        self.choose(self.source.controller, options, then, refusal)

    def choose(
        self,
        player: int,
        options: Sequence[T],
        then: Callable[[TableResolution, T], None],
        why_not: Callable[[TableResolution, Any], str | None] | None = None,
        *,
        hidden: bool = False,
    ) -> None:
        """One option is taken at once and none does nothing, as the CHOOSE question would
        (neither is recorded), without a step; ``why_not(resolution, option)`` says why an
        option offered by no one is refused. ``hidden``: the options are hidden cards, asked
        as a ``HiddenChoice`` (12.6): under ``ask_every_window`` even one is asked."""
        if self._asks(options, hidden):
            choice = Then(then, self.effect, self.source, self.event, why_not)
            listed = cast("Sequence[int | CardInstance]", options)
            explain = None if why_not is None else choice.refuse
            name = effect_name(self.effect)
            self.table.ask(player, listed, choice, self.source.card, name, explain, hidden)
        elif options:
            then(self, options[0])
        else:
            self._short()  # nothing to choose: the effect does nothing (11.4)

    def _asks(self, options: Sequence[object], hidden: bool = False) -> bool:
        """Whether the choice among ``options`` is a question (``choose``): among two or
        more, or among hidden cards under ``ask_every_window`` (12.6), even one."""
        return len(options) > 1 or (hidden and bool(options) and self.table.ask_every_window)

    def _short(self) -> None:
        """A part of this effect could not be done (12.3: it was not done in full)."""
        self.table.shortfalls += 1

    def _did(self, done: int, asked: int) -> None:
        """This effect did ``done`` of the ``asked`` it was asked (cards, damage,
        counters...): "that many" (12.2); less is a shortfall (12.3)."""
        t = self.table
        t.done += done
        if done < asked:
            t.shortfalls += 1

    # ------------------------------------------------------------------ players

    def draw(self, player: int, count: int) -> None:  # 7.5, 11.6: an empty deck draws nothing
        t = self.table
        p = t.players[player]
        self._did(min(count, len(p.primal_deck)), count)
        t.draw(p, count)

    def sacrifice(self, player: int, count: int) -> None:  # 7.5: takes what is there
        t = self.table
        p = t.players[player]
        self._did(min(count, len(p.primal_deck)), count)
        t.sacrifice(p, count, _COST if type(self.source) is Payment else _SACRIFICED)

    def discard(self, player: int, count: int) -> None:  # 7.5, 11.4: the discarder chooses
        for _ in range(count):  # one card at a time, each chosen from what is left
            self.table.run(player, _DiscardOne(self.effect, self.source, self.event, player))

    def poison(self, player: int) -> None:  # 7.1: poisoning a poisoned player does nothing
        t = self.table
        p = t.players[player]
        self._did(0 if p.poisoned else 1, 1)
        t.poison(p)

    def cure(self, player: int) -> None:  # 7.1
        t = self.table
        p = t.players[player]
        self._did(1 if p.poisoned else 0, 1)
        t.cure(p)

    def deal_damage(self, target: PlayerTarget, amount: int, *, defendable: bool = True) -> None:
        t = self.table
        found, choose = players_for(t, target, self.source, self.event)
        players = []
        for p in found:
            players.append(p.index)
        if choose:
            self.choose(self.source.controller, players, _Damage(amount, defendable), _AN_OPPONENT)
            return
        if not found:
            self._short()
        self._damage(players, amount, defendable)

    def _damage(self, players: list[int], amount: int, defendable: bool) -> None:
        """Each of ``players`` takes the damage, one defence at a time (11.6)."""
        self.table.done += amount * len(players)
        source = self.source
        deal_damage(self.table, players, amount, source.card, source.controller, defendable)

    # ------------------------------------------------------------------ cards

    def destroy(self, card: CardRef) -> None:  # 7.4
        t = self.table
        found = find_equipped(t.players, _instance(card))
        slot = found[1].instance.slot if found is not None else None
        done = found is not None and slot is not None and t.destroy(found[0], slot, _EFFECT)
        self._did(1 if done else 0, 1)

    def steal(self, card: CardRef) -> None:  # 7.3, 11.6
        t = self.table
        found = find_equipped(t.players, _instance(card))
        self._did(0 if found is None else 1, 1)
        if found is not None:
            t.steal(t.players[self.source.controller], found[0], found[1])

    def repair(self, card: CardRef, amount: int) -> None:  # 11.6
        t = self.table
        found = find_equipped(t.players, _instance(card))
        self._did(0 if found is None else min(amount, found[1].counters), amount)
        if found is not None:
            t.remove_counters(found[0], found[1], amount)

    def boost(self, card: CardRef, stat: CardStat, amount: int) -> None:  # 11.6
        self._did(1, 1)
        self.table.boost(_instance(card), stat, amount)

    def grant(
        self,
        modifier: Modifier,
        duration: Duration,
        *,
        player: int | None = None,
        card: CardRef | None = None,
        uses: int | None = None,
    ) -> None:  # 12.9
        holder = None if card is None else _instance(card)
        self.table.grant(self.controller, modifier, duration, player, holder, uses, self.card)

    def add_counters(self, card: CardRef, amount: int) -> None:  # 6.2
        t = self.table
        found = find_equipped(t.players, _instance(card))
        self._did(0 if found is None else amount, amount)
        if found is not None:
            t.add_counters(found[0], found[1], amount)

    # ------------------------------------------------------------------ cards in zones

    def after(self, then: Callable[[TableResolution], None]) -> None:
        self.table.run(self.controller, _After(then, self.effect, self.source, self.event))

    def cost(self, card: CardRef, player: int) -> int:  # 4.3
        return self.table.stats.cost(_instance(card), player)

    def cards_in(self, player: int, zone: Zone) -> tuple[CardInstance, ...]:
        pile = self.table.players[player].pile(zone)
        return tuple(reversed(pile)) if zone is _DECK else tuple(pile)

    def for_cards_in(
        self,
        player: int,
        zone: Zone,
        then: CardThen,
        *,
        cards: Selector | None = None,
        count: int = 1,
        chooser: int | None = None,
        at_random: bool = False,
        why_not: ZoneWhyNot | None = None,
    ) -> None:
        who = self.controller if chooser is None else chooser
        pick = _PickInZone(
            self.effect, self.source, self.event, player, zone, then, cards, who, at_random, why_not
        )
        # no more picks than cards it could take (``all`` is 99, 12.2); fewer are a
        # shortfall (12.3: "if you do")
        found = self.cards_in(player, zone)
        there = sum(cards is None or cards.matches(c.card) for c in found)
        if there < count:
            self._did(0, count - there)
            count = there
        if count == 1:
            pick.run(self.table)
            return
        for _ in range(count):  # one card at a time, each from what is left (as DISCARD)
            self.table.run(who, pick)

    def move(
        self,
        card: CardRef,
        origin: Zone,
        to: Zone,
        *,
        bottom: bool = False,
        seen_by: int | None = None,
        pay_cost: bool = False,
    ) -> bool:  # 12.5
        t = self.table
        instance = _instance(card)
        if origin is _MAT:
            found = find_equipped(t.players, instance)
            if found is None:
                self._did(0, 1)
                return False
            holder = found[0]
        else:
            holder = t.players[instance.owner]  # a card in a pile is its owner's (1.5)
        owner = t.players[instance.owner]
        # 4.3: a cost beyond what the primal deck holds cannot be paid
        payable = not pay_cost or to is not _MAT
        payable = payable or t.stats.cost(instance, owner.index) <= len(owner.primal_deck)
        moved = payable and t.move(
            instance, origin, holder, to, bottom=bottom, seen_by=seen_by, pay_cost=pay_cost
        )
        self._did(1 if moved else 0, 1)  # "that many" (12.2), "if you do" (12.3)
        return moved

    def shuffle(self, player: int) -> None:  # 1.2, 12.5
        t = self.table
        t.shuffle(t.players[player])

    def look(self, player: int, whose: int, zone: Zone, cards: Sequence[CardRef]) -> None:
        shown = tuple(_instance(card) for card in cards)  # 12.6: to that player only
        t = self.table
        t.learn(player, frozenset(card.uid for card in shown))
        t.publish(CardsLookedAt, player, whose, zone, shown)

    def reveal(self, whose: int, zone: Zone, cards: Sequence[CardRef]) -> None:
        shown = tuple(_instance(card) for card in cards)  # 12.6: to every player
        t = self.table
        uids = frozenset(card.uid for card in shown)
        for p in t.players:
            t.learn(p.index, uids)
        t.publish(CardsRevealed, self.controller, whose, zone, shown)

    def reorder(self, player: int, whose: int, count: int) -> None:  # 12.6
        t = self.table
        count = min(count, len(t.players[whose].primal_deck))
        if count > 1:
            t.agenda.append(
                Reorder(player, whose, count, self.source.card, effect_name(self.effect))
            )

    # ------------------------------------------------------------------ options (12.3)

    def may(
        self, player: int, effects: Sequence[Effect], if_you_do: Sequence[Effect], words: str
    ) -> None:
        source = self.source.chosen_by(player)
        name = effect_name(self.effect)
        question = MayQuestion(
            player, tuple(effects), tuple(if_you_do), words, name, source, self.event
        )
        self.table.agenda.append(question)

    def for_chosen(self, player: int, effects: Sequence[Effect]) -> None:  # 12.3
        source = self.source.choosing(player)
        t = self.table
        for effect in reversed(effects):  # each its own step, after the choice (11.3)
            t.run(source.controller, EffectStep(effect, source, self.event))

    def choose_mode(
        self, player: int, modes: Sequence[Sequence[Effect]], words: Sequence[str]
    ) -> None:
        source = self.source.chosen_by(player)
        name = effect_name(self.effect)
        listed = tuple(tuple(mode) for mode in modes)
        self.table.agenda.append(
            ModeQuestion(player, listed, tuple(words), name, source, self.event)
        )

    # ------------------------------------------------------------------ extra costs (12.4)

    def for_cost_card(self, then: CardThen) -> None:
        source = self.source
        host = source.host if isinstance(source, Payment) else None
        self.for_cards(CardTarget.OWN_CARD, None, then, _PaysNot(host))

    # ------------------------------------------------------------------ later

    def delay(self, at: Moment, effects: Sequence[Effect]) -> None:  # 12.9
        t = self.table
        t.triggers.add(DELAYED[at](self.source, self.event, tuple(effects), t.turn))


def stays_for_costs(eq: Equipped, card: CardInstance, host: CardInstance | None) -> bool:
    """Whether ``eq``, on the mat of a player who equips ``card`` (under ``host``), may pay
    its extra costs (12.4): not the card in ``card``'s slot (the card it salvages, 4.2, or
    ``card`` itself once it is in place), nor the card an attach spell goes under (4.7)."""
    placed = eq.instance
    return placed.slot is not card.slot and placed is not host


class _PaysNot:
    """Why one of the controller's equipped cards may not pay an extra cost (12.4)."""

    __slots__ = ("host",)

    def __init__(self, host: CardInstance | None) -> None:
        self.host = host

    def __call__(self, r: Resolution, controller: int, placed: Placed) -> str | None:
        card = r.card
        if card is None or stays_for_costs(cast(Equipped, placed), _instance(card), self.host):
            return None
        if placed.instance is self.host:
            return "it is the card this attach spell goes under, and it pays no extra cost (12.4)"
        return "it is the card being equipped, and it pays no extra cost of its own (12.4)"


# --------------------------------------------------------------------------- options (12.3)


class OptionQuestion(Question):
    """A decision of 12.3, answered with a ``Pick`` of one of its options by index: ``words``
    are each option's (the ``Decision``'s ``options``), ``effect`` the name of the effect that
    asks (``"may"``, ``"choose_one"``), ``source`` its source, with ``player`` as chooser,
    and ``event`` the event that triggered its ability.
    Every option may be picked, also one that would do nothing (12.3); the pick is published
    (``OptionPicked``), then the subclass does what it means (:meth:`picked`)."""

    __slots__ = ("effect", "event", "source", "words")

    def __init__(
        self,
        player: int,
        words: tuple[str, ...],
        effect: str,
        source: Source,
        event: Event | None,
    ) -> None:
        Question.__init__(self, player)
        self.words = words
        self.effect = effect
        self.source = source
        self.event = event

    def decision(self, t: Table) -> Decision:
        found = self._decision
        if found is None:
            card = self.source.card
            found = Decision(self.kind, self.player, 0, card, self.effect, self.words)
            self._decision = found
        return found

    def options(self, t: Table) -> tuple[Action, ...]:
        return PICKS[: len(self.words)]

    def asks(self) -> str:
        """What the player is asked, for a refusal: ``chooses one of 3 modes``."""
        raise NotImplementedError

    def problem(self, t: Table, action: object) -> str | None:
        name = t.players[self.player].name
        last = len(self.words) - 1
        if not isinstance(action, Pick):
            return f"{name} {self.asks()} first: pick 0 to {last} (12.3)"
        if not 0 <= action.index <= last:
            return f"{name} {self.asks()}: pick 0 to {last}, not pick {action.index} (12.3)"
        return None

    def apply(self, t: Table, action: Action) -> None:
        assert isinstance(action, Pick)
        index = action.index
        card = self.source.card
        t.publish(OptionPicked, self.player, card, self.effect, index, self.words[index])
        self.picked(t, index)

    def picked(self, t: Table, index: int) -> None:
        """Option ``index`` was picked: what it means."""
        raise NotImplementedError

    def survives_active_out(self) -> bool:
        return True  # an ability already triggered still resolves (9.2)


class MayQuestion(OptionQuestion):
    """ "You may" (12.3): the chooser decides whether to do ``effects`` (``words[0]`` says what
    doing it means): ``Pick(0)`` does them, then ``if_you_do`` if they were done in full
    (:class:`IfYouDo`); ``Pick(1)`` (``"do not"``) does nothing."""

    __slots__ = ("effects", "if_you_do")
    kind = DecisionKind.MAY

    def __init__(
        self,
        player: int,
        effects: tuple[Effect, ...],
        if_you_do: tuple[Effect, ...],
        words: str,
        effect: str,
        source: Source,
        event: Event | None,
    ) -> None:
        OptionQuestion.__init__(self, player, (words, "do not"), effect, source, event)
        self.effects = effects
        self.if_you_do = if_you_do

    def asks(self) -> str:
        return f"may {self.words[0]}: pick 0 to do it or 1 not to,"

    def picked(self, t: Table, index: int) -> None:
        if index != 0:  # not done: nothing happens
            return
        if self.if_you_do:  # 12.3: once the optional part is over, if it was done in full
            t.agenda.append(IfYouDo(self.if_you_do, self.source, self.event, t.shortfalls))
        resolve_effects(t, self.effects, self.source, self.event)


class IfYouDo(Step):
    """ "If you do" (12.3): ``effects`` resolve if no part of the optional effects before it
    fell short, that is, if the table's shortfalls are still ``shortfalls``."""

    __slots__ = ("effects", "event", "shortfalls", "source")

    def __init__(
        self, effects: tuple[Effect, ...], source: Source, event: Event | None, shortfalls: int
    ) -> None:
        Step.__init__(self, source.controller)
        self.effects = effects
        self.source = source
        self.event = event
        self.shortfalls = shortfalls

    def run(self, t: Table) -> None:
        if t.shortfalls == self.shortfalls:  # done in full
            resolve_effects(t, self.effects, self.source, self.event)

    def survives_active_out(self) -> bool:
        return True


class ModeQuestion(OptionQuestion):
    """ "Choose one" (12.3): the chooser picks one of ``modes`` (``Pick(i)``), any of them, also
    one that would do nothing; its effects resolve. ``words`` are each mode's."""

    __slots__ = ("modes",)
    kind = DecisionKind.MODE

    def __init__(
        self,
        player: int,
        modes: tuple[tuple[Effect, ...], ...],
        words: tuple[str, ...],
        effect: str,
        source: Source,
        event: Event | None,
    ) -> None:
        OptionQuestion.__init__(self, player, words, effect, source, event)
        self.modes = modes

    def asks(self) -> str:
        return f"chooses one of {len(self.modes)} modes"

    def picked(self, t: Table, index: int) -> None:
        resolve_effects(t, self.modes[index], self.source, self.event)


class Then(Choice):
    """Apply ``then`` to the chosen player or card, as part of ``effect`` (from ``source``,
    triggered by ``event``); ``why_not`` (None: nothing to say) says why an option no one
    offered is refused (:meth:`refuse`)."""

    __slots__ = ("effect", "event", "source", "then", "why_not")

    def __init__(
        self,
        then: Callable[..., None],
        effect: Effect | ExtraCost,
        source: Source,
        event: Event | None,
        why_not: Callable[[TableResolution, Any], str | None] | None = None,
    ) -> None:
        self.then = then
        self.effect = effect
        self.source = source
        self.event = event
        self.why_not = why_not

    def apply(self, table: Table, option: Any) -> None:
        self.then(TableResolution(table, self.effect, self.source, self.event), option)

    def refuse(self, table: Table, option: Any) -> str | None:
        """``why_not(resolution, option)``, with a resolution of the effect on the asking
        table (the question's ``explain``: the question is asked with its table)."""
        assert self.why_not is not None
        return self.why_not(TableResolution(table, self.effect, self.source, self.event), option)


# --------------------------------------------------------------------------- refusals
# Why an option no one offered is not one of an ability's choices (11.4), with the rule
# number: asked through the choice's ``Then.refuse`` with the table it is asked on.


def _seat(r: TableResolution, option: Any) -> str | None:
    """Why ``option`` names no player of this table, or None."""
    if isinstance(option, CardInstance):
        return "a player is chosen here, not a card"
    if not 0 <= option < len(r.table.players):
        return f"there is no player {option + 1} at this table"
    return None


class _PlayerRefusal:
    """Why a player is not a choice of an effect's "an opponent" (11.4): not a player of the
    table, the controller, out of the game (9.2), immune to the effect's keyword (11.5)."""

    __slots__ = ("keyword",)

    def __init__(self, keyword: Keyword | None) -> None:
        self.keyword = keyword

    def __call__(self, r: TableResolution, option: Any) -> str | None:
        seat = _seat(r, option)
        if seat is not None:
            return seat
        name = f"P{option + 1}"
        if option == r.controller:
            return f"{name} is you, and {effect_name(r.effect).upper()} names an opponent"
        if r.table.players[option].out:
            return f"{name} is out of the game (9.2)"
        keyword = self.keyword
        if keyword is not None and r.is_immune(option, keyword):
            return f"{name} is immune to {str(keyword).upper()} (11.5)"
        return None


#: Why a player is not a choice of an "an opponent" with no keyword (made once: immutable).
_AN_OPPONENT: Final = _PlayerRefusal(None)


class _CardRefusal:
    """Why a card is not a choice of an effect's card target (11.4): not a card in a slot
    (it left play, or it is an attach spell, which goes with its host, 4.7), not on the
    target's side, not in the effect's slot, or the effect's own reason (``why_not``)."""

    __slots__ = ("slot", "target", "where", "why_not")

    def __init__(
        self,
        target: CardTarget,
        slot: Slot | None,
        why_not: WhyNot | None,
        where: Condition | None = None,
    ) -> None:
        self.target = target
        self.slot = slot
        self.why_not = why_not
        self.where = where

    def __call__(self, r: TableResolution, option: Any) -> str | None:
        if not isinstance(option, CardInstance):
            return "a card is chosen here, not a player"
        t = r.table
        found = find_equipped(t.players, option)
        if found is None:
            if find_host(t.players, option) is not None:
                return "an attach spell goes with the card it sits under: choose that card (4.7)"
            return "it is not equipped: it is not in play (or it left play)"
        p, eq = found
        kind = self.target.definition
        whose = kind.whose
        if kind.of is not None:
            named, _ = players_for(t, kind.of, r.source, r.event)
            if all(q is not p for q in named):
                return f"it is P{p.index + 1}'s card, and the choice is one of {kind.words}"
        if whose is _OWN and p.index != r.controller:
            return f"it is P{p.index + 1}'s card, and the choice is one of your own cards"
        if whose is _OPPONENTS and p.index == r.controller:
            return "it is your own card, and the choice is an opponent's card"
        if self.slot is not None and option.slot is not self.slot:
            return f"it is not in the {self.slot} slot"
        why = None if self.why_not is None else self.why_not(r, p.index, eq)
        where = self.where
        if why is None and where is not None and not where.holds(r.view.testing(card=option)):
            return f"the effect names only a card such that {where.words('it')} (12.1)"
        return why


class _NotInInventory:
    """Why a card is not a choice of DISCARD: the discarder chooses from their inventory."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player

    def __call__(self, r: TableResolution, option: Any) -> str | None:
        if not isinstance(option, CardInstance):
            return "a card is chosen here, not a player"
        return f"it is not in P{self.player + 1}'s inventory (7.5)"


class _Damage:
    """Deal ``amount`` damage to the chosen player (``deal_damage`` with ``opponent``)."""

    __slots__ = ("amount", "defendable")

    def __init__(self, amount: int, defendable: bool) -> None:
        self.amount = amount
        self.defendable = defendable

    def __call__(self, r: TableResolution, player: int) -> None:
        r._damage([player], self.amount, self.defendable)


class _DiscardOne(Work):
    """``player`` chooses one card of their inventory, which is discarded (7.5)."""

    __slots__ = ("effect", "event", "player", "source")

    def __init__(
        self, effect: Effect | ExtraCost, source: Source, event: Event | None, player: int
    ) -> None:
        self.effect = effect
        self.source = source
        self.event = event
        self.player = player

    def run(self, table: Table) -> None:
        r = TableResolution(table, self.effect, self.source, self.event)
        inventory = list(table.players[self.player].inventory)
        r.choose(self.player, inventory, _discard_card, _NotInInventory(self.player))


def _discard_card(r: TableResolution, card: CardRef) -> None:
    """DISCARD (7.5): from the inventory to its owner's void."""
    r.table.done += 1
    r.table.discard(_instance(card))


class _After(Work):
    """``then(resolution)``, once what its effect pushed above it has resolved."""

    __slots__ = ("effect", "event", "source", "then")

    def __init__(
        self,
        then: Callable[..., None],
        effect: Effect | ExtraCost,
        source: Source,
        event: Event | None,
    ) -> None:
        self.then = then
        self.effect = effect
        self.source = source
        self.event = event

    def run(self, table: Table) -> None:
        self.then(TableResolution(table, self.effect, self.source, self.event))


class _PickInZone(Work):
    """``chooser`` chooses one card of ``player``'s pile ``zone`` (or one is taken at
    random), among those ``cards`` selects and ``why_not`` allows; then ``then`` (12.5)."""

    __slots__ = (
        "at_random",
        "cards",
        "chooser",
        "effect",
        "event",
        "player",
        "source",
        "then",
        "why_not",
        "zone",
    )

    def __init__(
        self,
        effect: Effect | ExtraCost,
        source: Source,
        event: Event | None,
        player: int,
        zone: Zone,
        then: CardThen,
        cards: Selector | None,
        chooser: int,
        at_random: bool,
        why_not: ZoneWhyNot | None,
    ) -> None:
        self.effect = effect
        self.source = source
        self.event = event
        self.player = player
        self.zone = zone
        self.then = then
        self.cards = cards
        self.chooser = chooser
        self.at_random = at_random
        self.why_not = why_not

    def run(self, table: Table) -> None:
        r = TableResolution(table, self.effect, self.source, self.event)
        cards = self.cards
        why_not = self.why_not
        options = [
            card
            for card in r.cards_in(self.player, self.zone)
            if (cards is None or cards.matches(card.card))
            and (why_not is None or why_not(r, card) is None)
        ]
        if not options:
            return
        if self.at_random:
            self.then(r, table.random_card(options))
            return
        refusal = _ZoneRefusal(self.player, self.zone, cards, why_not)
        r.choose(self.chooser, options, self.then, refusal, hidden=self.zone is not _VOID)


class _ZoneRefusal:
    """Why a card is not a choice among the cards of a zone (12.5): not a card, not in that
    zone, not one of the cards the effect takes, or the effect's own reason."""

    __slots__ = ("cards", "player", "why_not", "zone")

    def __init__(
        self, player: int, zone: Zone, cards: Selector | None, why_not: ZoneWhyNot | None
    ) -> None:
        self.player = player
        self.zone = zone
        self.cards = cards
        self.why_not = why_not

    def __call__(self, r: TableResolution, option: Any) -> str | None:
        if not isinstance(option, CardInstance):
            return "a card is chosen here, not a player"
        where = f"P{self.player + 1}'s {self.zone.words}"
        if all(card is not option for card in r.cards_in(self.player, self.zone)):
            return f"it is not in {where}, where the card is chosen (12.5)"
        if self.cards is not None and not self.cards.matches(option.card):
            return f"it is not one of the cards the effect takes ({self.cards}) (12.5)"
        return None if self.why_not is None else self.why_not(r, option)


class Reorder(Question):
    """ORDER (12.6): ``player``, who looked at them, puts the top ``count`` cards of
    ``whose``'s primal deck back in the order they choose, the top card first. Each question
    asks for the next card among those not ``chosen`` yet; the deck is rearranged once one
    card is left, which the game puts last (until then it lies as it was)."""

    __slots__ = ("chosen", "count", "effect", "source", "whose")
    kind = DecisionKind.ORDER

    def __init__(
        self,
        player: int,
        whose: int,
        count: int,
        source: CardInstance | None,
        effect: str | None,
        chosen: tuple[CardInstance, ...] = (),
    ) -> None:
        Question.__init__(self, player)
        self.whose = whose
        self.count = count
        self.source = source
        self.effect = effect
        self.chosen = chosen

    def decision(self, t: Table) -> Decision:
        left = self.count - len(self.chosen)
        return Decision(DecisionKind.ORDER, self.player, left, self.source, self.effect)

    def _left(self, t: Table) -> list[CardInstance]:
        """The cards still to put back, the top first as they lie."""
        deck = t.players[self.whose].primal_deck
        top = deck[len(deck) - self.count :][::-1]
        return [card for card in top if all(card is not c for c in self.chosen)]

    def options(self, t: Table) -> tuple[Action, ...]:
        values = t.values
        return tuple(values.choose(card) for card in self._left(t))

    def problem(self, t: Table, action: object) -> str | None:
        name = t.players[self.player].name
        where = f"P{self.whose + 1}'s primal deck"
        if not isinstance(action, Choose):
            return f"{name} must choose the next card to put back on {where} (12.6)"
        if any(card is action.option for card in self._left(t)):
            return None
        left = self.count - len(self.chosen)
        return (
            f"{action.option!r} is not one of the {left} cards left to put back on {where} (12.6)"
        )

    def apply(self, t: Table, action: Action) -> None:
        assert isinstance(action, Choose)
        option = action.option
        assert isinstance(option, CardInstance)
        chosen = (*self.chosen, option)
        left = [card for card in self._left(t) if card is not option]
        if len(left) > 1:
            t.agenda.append(
                Reorder(self.player, self.whose, self.count, self.source, self.effect, chosen)
            )
            return
        t.put_back(self.player, t.players[self.whose], [*chosen, *left])  # the top first

    def survives_active_out(self) -> bool:
        return True


# --------------------------------------------------------------------------- who and what


def players_for(
    t: Table,
    target: PlayerTarget,
    src: Source,
    event: Event | None,
    keyword: Keyword | None = None,
) -> tuple[list[PlayerState], bool]:
    """The players ``target`` names for an effect from ``src``, triggered by ``event`` (its
    definition's ``names``), and whether the controller chooses one of them (11.4). Players
    out of the game are never named (9.2), nor a player immune to the effect's ``keyword``
    (11.5)."""
    found = named_players(
        t.players, target, src.controller, event, src.supplies, src.chooser, src.chosen
    )
    if keyword is not None:
        found = [p for p in found if not t.stats.is_immune(p.index, keyword)]
    return found, target.definition.chooses


def cards_for(
    t: Table, target: CardTarget, slot: Slot | None, src: Source, event: Event | None
) -> tuple[list[tuple[PlayerState, Equipped]], bool]:
    """The equipped cards (in slots: attach spells go with their host) ``target`` names for
    an effect from ``src``, triggered by ``event``, with their mats, and whether the
    controller chooses (11.4)."""
    me = src.controller
    kind = target.definition
    whose = kind.whose
    if kind.of is not None:  # one of the cards of the player it names (the chooser's, 12.3)
        choosers, _ = players_for(t, kind.of, src, event)
        return _cards_of(choosers, slot), True
    if whose is None:  # this card, the card its attach spell sits under, the event's card
        card = src.card
        if kind.from_event:
            named = event_named(event, src.supplies, target)
            card = named if isinstance(named, CardInstance) else None
        if card is None:
            return [], False
        # in a slot
        found = find_host(t.players, card) if kind.host else find_equipped(t.players, card)
        return ([found] if found is not None else []), False
    if whose is _OWN:
        mine = t.players[me]
        players = [] if mine.out else [mine]
    elif whose is _OPPONENTS:
        players = opponents_in_turn_order(t.players, me)
    else:
        players = in_turn_order(t.players, me)
    return _cards_of(players, slot), True


def _cards_of(players: list[PlayerState], slot: Slot | None) -> list[tuple[PlayerState, Equipped]]:
    """The cards in the slots of ``players`` (in ``slot`` only, if given), in their order and
    slot order, with their mats."""
    slots = _SLOT_ORDER if slot is None else _ONLY[slot]
    cards = []
    for p in players:
        for at in slots:
            eq = p.mat.get(at)
            if eq is not None:
                cards.append((p, eq))
    return cards


# --------------------------------------------------------------------------- 12.9


@mypyc_attr(allow_interpreted_subclasses=True)  # one subclass per moment, made at import
class DelayedAbility(Reaction):
    """A delayed ability waiting in the index for its moment (12.9): the ``effects`` of a
    ``delayed`` effect, made on turn ``made`` by the ability whose ``source`` it keeps (its
    controller, card and place in 11.3's order) with the event that triggered that ability
    (``cause``, so that ``that_player`` names what it named then; the event class this one
    listens to is its ``event``). The first event of its moment's class that ``matches``
    triggers it; it leaves the index as it starts resolving (once), or as its controller
    goes out (9.2). Immutable, like every reaction: a copied game shares it."""

    moment: ClassVar[Moment]
    pending = True
    __slots__ = ("cause", "effects", "made", "source")

    def __init__(
        self, source: Source, cause: Event | None, effects: tuple[Effect, ...], made: int
    ) -> None:
        Reaction.__init__(self, source.controller, source.order)
        self.source = source
        self.cause = cause
        self.effects = effects
        self.made = made

    def matches(self, table: Table, event: Event) -> bool:
        return isinstance(event, self.event) and self.moment.definition.matches(
            event, self.player, self.made, table.turn
        )

    def resolve(self, table: Table, event: Event) -> None:
        table.triggers.remove(self)  # it triggers once
        source = self.source
        table.publish(AbilityResolving, self.player, source.card, _DELAYED)
        resolve_effects(table, self.effects, source, self.cause)

    def __repr__(self) -> str:
        card = self.source.card
        return f"<{type(self).__name__} of {card or 'a character'} for P{self.player + 1}>"


_DELAYED: Final = "delayed"  # its ``AbilityResolving.trigger``: the effect's name


def _delayed_class(moment: Moment) -> type[DelayedAbility]:
    """The delayed-ability class of ``moment``, listening to its event class."""
    kind = moment.definition
    return reaction_class(DelayedAbility, kind, kind.event, moment=moment)


#: The delayed-ability class of each moment.
DELAYED: dict[Moment, type[DelayedAbility]] = {m: _delayed_class(m) for m in Moment}
