"""Effects on the table: the engine's side of the effect API (``backlands.keywords.Resolution``).

An ability resolves its effects in printed order (11.3), each as one agenda step
(:class:`EffectStep`), so the out check (9.2) runs after each effect. The step calls the
effect's own :meth:`~backlands.keywords.Effect.apply` with a :class:`TableResolution`: who
resolves it, from which card, on which event, and the primitives it acts with. Every effect,
a third party's too, is written against that API (``backlands.keywords.api``) and never
against the table: this module is the one place where effects touch the table's internals
(its agenda, ``Table.held``, ``Table.run`` and ``Table.ask``, the keyword events).

Who or what an effect acts on comes from its target's definition (:func:`players_for`,
:func:`cards_for`); when the card says "an opponent" or "one of your cards" and more than one
choice is legal, the ability's controller chooses (11.4: one choice is taken by the game,
none means the effect does nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from ..keywords import (
    Allowed,
    CardRef,
    CardTarget,
    CardThen,
    Effect,
    PlayerTarget,
    PlayerThen,
    Who,
)
from ..model import CardStat, Keyword, Slot, Whose
from . import events as ev
from .state import CardInstance, Equipped, PlayerState
from .steps import SETTLED, TAKE_DAMAGE
from .table import Choice, Table, Work
from .triggers import enter_play, leave_play

__all__ = [
    "EffectStep",
    "Source",
    "TableResolution",
    "cards_for",
    "effect_name",
    "players_for",
]

_EFFECT = ev.DestroyReason.EFFECT
_SALVAGE = ev.DestroyReason.SALVAGE
_SLOT_ORDER = (Slot.WEAPON, Slot.CREATURE, Slot.ARMOUR, Slot.SPELL)

T = TypeVar("T", int, CardRef)


def _instance(card: CardRef) -> CardInstance:
    """The engine's card behind a ``CardRef`` (the effect API names cards by the table's own
    instances)."""
    return cast(CardInstance, card)


class Source:
    """Where an effect comes from: the ability's ``card`` (None: a character's), its
    ``controller`` (11.1) and the ``event`` that triggered it."""

    __slots__ = ("card", "controller", "event")

    def __init__(self, card: CardInstance | None, controller: int, event: ev.Event) -> None:
        self.card = card
        self.controller = controller
        self.event = event

    def __repr__(self) -> str:
        return f"Source({self.card!r}, controller={self.controller})"


def effect_name(effect: Effect) -> str:
    """The effect's name in the card format, as it is registered: ``Damage`` is
    ``"damage"`` (``@effect("damage")``)."""
    return type(effect).name


class EffectStep(Work):
    """One effect of a resolving ability, run as an agenda step."""

    __slots__ = ("effect", "source")

    def __init__(self, effect: Effect, source: Source) -> None:
        self.effect = effect
        self.source = source

    def run(self, table: Table) -> None:
        self.effect.apply(TableResolution(table, self.effect, self.source))


class TableResolution:
    """One effect resolving on a table: the engine's implementation of
    ``backlands.keywords.Resolution`` (see there for what each method does)."""

    __slots__ = ("effect", "source", "table")

    def __init__(self, table: Table, effect: Effect, source: Source) -> None:
        self.table = table
        self.effect = effect
        self.source = source

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

    # ------------------------------------------------------------------ who and what

    def is_immune(self, player: int, keyword: Keyword) -> bool:
        return self.table.stats.is_immune(player, keyword)

    def for_players(
        self, target: PlayerTarget, then: PlayerThen, *, keyword: Keyword | None = None
    ) -> None:
        t = self.table
        found, choose = players_for(t, target, self.source, keyword)
        if choose:
            self.choose(self.controller, [p.index for p in found], then)
            return
        if len(found) < 2:
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
        allowed: Allowed | None = None,
    ) -> None:
        found, choose = cards_for(self.table, target, slot, self.source)
        options = [eq.instance for p, eq in found if allowed is None or allowed(self, p.index, eq)]
        if not choose:
            if options:
                then(self, options[0])
            return
        self.choose(self.controller, options, then)

    def choose(
        self, player: int, options: Sequence[T], then: Callable[[TableResolution, T], None]
    ) -> None:
        """One option is taken at once and none does nothing, as the CHOOSE question would
        (neither is recorded), without a step."""
        if len(options) > 1:
            choice = Then(then, self.effect, self.source)
            listed = cast("Sequence[int | CardInstance]", options)
            self.table.ask(player, listed, choice, self.source.card, effect_name(self.effect))
        elif options:
            then(self, options[0])

    # ------------------------------------------------------------------ players

    def draw(self, player: int, count: int) -> None:  # 7.5, 11.6: an empty deck draws nothing
        t = self.table
        t.draw(t.players[player], count)

    def sacrifice(self, player: int, count: int) -> None:  # 7.5: takes what is there
        t = self.table
        t.sacrifice(t.players[player], count, ev.SacrificeReason.EFFECT)

    def discard(self, player: int, count: int) -> None:  # 7.5, 11.4: the discarder chooses
        for _ in range(count):  # one card at a time, each chosen from what is left
            self.table.run(player, _DiscardOne(self.effect, self.source, player))

    def poison(self, player: int) -> None:
        """POISON (7.1): one marker; poisoning a poisoned player changes nothing."""
        t = self.table
        p = t.players[player]
        if p.poisoned or p.out:
            return
        p.poisoned = True
        if ev.PlayerPoisoned in t.heard:
            t.emit(ev.PlayerPoisoned(p.index))

    def cure(self, player: int) -> None:
        """CURE (7.1): the player is no longer poisoned."""
        t = self.table
        p = t.players[player]
        if not p.poisoned:
            return
        p.poisoned = False
        if ev.PlayerCured in t.heard:
            t.emit(ev.PlayerCured(p.index))

    def deal_damage(self, target: PlayerTarget, amount: int, *, defendable: bool = True) -> None:
        t = self.table
        found, choose = players_for(t, target, self.source)
        if choose:
            self.choose(self.controller, [p.index for p in found], _Damage(amount, defendable))
            return
        if len(found) > 1:  # one defence at a time, and the out check after the last (11.6)
            t.held += 1
            t.agenda.append((SETTLED, -1))
        for p in reversed(found):
            self._damage(p.index, amount, defendable)

    def _damage(self, player: int, amount: int, defendable: bool) -> None:
        source = self.source
        step = (TAKE_DAMAGE, player, amount, source.card, source.controller, defendable, None)
        self.table.agenda.append(step)

    # ------------------------------------------------------------------ cards

    def destroy(self, card: CardRef) -> None:  # 7.4
        t = self.table
        found = t.equipped(_instance(card))
        slot = found[1].instance.slot if found is not None else None
        if found is not None and slot is not None:
            t.destroy(found[0], slot, _EFFECT)

    def steal(self, card: CardRef) -> None:
        """STEAL (7.3, 11.6): the card, with its counters, equip turn and attach spells,
        goes to the same slot of the controller's mat, salvaging what is there. Its owner
        is unchanged; it is not equipped anew (no cost, no trigger, no window). Attach
        spells stay controlled by whoever attached them (11.1)."""
        t = self.table
        found = t.equipped(_instance(card))
        if found is None:
            return
        victim, eq = found
        slot = eq.instance.slot
        assert slot is not None
        thief = t.players[self.controller]
        del victim.mat[slot]
        if slot in thief.mat:
            t.destroy(thief, slot, _SALVAGE)
        thief.mat[slot] = eq
        t.stats.changed()  # its modifiers now count for the thief
        if t.in_play.get(eq.instance.uid):  # its abilities are now the thief's (11.1)
            leave_play(t, eq.instance)
            enter_play(t, eq.instance, thief.index, None)
        if ev.CardStolen in t.heard:
            t.emit(ev.CardStolen(thief.index, eq.instance, victim.index))

    def repair(self, card: CardRef, amount: int) -> None:
        """REPAIR N (11.6): up to N durability counters come off, never below 0."""
        t = self.table
        found = t.equipped(_instance(card))
        if found is None:
            return
        eq = found[1]
        removed = min(amount, eq.counters)
        if removed <= 0:
            return
        eq.counters -= removed
        if ev.CountersRemoved in t.heard:
            t.emit(ev.CountersRemoved(eq.instance, removed, eq.counters))

    def boost(self, card: CardRef, stat: CardStat, amount: int) -> None:  # 11.6
        t = self.table
        t.stats.boost(card.uid, stat, amount)
        if ev.CardBoosted in t.heard:
            t.emit(ev.CardBoosted(_instance(card), stat, amount))

    def add_counters(self, card: CardRef, amount: int) -> None:  # 6.2
        t = self.table
        found = t.equipped(_instance(card))
        if found is not None:
            t.add_counters(found[0], found[1], amount)


class Then(Choice):
    """Apply ``then`` to the chosen player or card, as part of ``effect``."""

    __slots__ = ("effect", "source", "then")

    def __init__(self, then: Callable[..., None], effect: Effect, source: Source) -> None:
        self.then = then
        self.effect = effect
        self.source = source

    def apply(self, table: Table, option: Any) -> None:
        self.then(TableResolution(table, self.effect, self.source), option)


class _Damage:
    """Deal ``amount`` damage to the chosen player (``deal_damage`` with ``opponent``)."""

    __slots__ = ("amount", "defendable")

    def __init__(self, amount: int, defendable: bool) -> None:
        self.amount = amount
        self.defendable = defendable

    def __call__(self, r: TableResolution, player: int) -> None:
        r._damage(player, self.amount, self.defendable)


class _DiscardOne(Work):
    """``player`` chooses one card of their inventory, which is discarded (7.5)."""

    __slots__ = ("effect", "player", "source")

    def __init__(self, effect: Effect, source: Source, player: int) -> None:
        self.effect = effect
        self.source = source
        self.player = player

    def run(self, table: Table) -> None:
        r = TableResolution(table, self.effect, self.source)
        r.choose(self.player, list(table.players[self.player].inventory), _discard_card)


def _discard_card(r: TableResolution, card: CardRef) -> None:
    """DISCARD (7.5): from the inventory to its owner's void."""
    t = r.table
    for p in t.players:
        for i, held in enumerate(p.inventory):
            if held is card:
                del p.inventory[i]
                t.players[held.owner].void.append(held)
                if ev.CardDiscarded in t.heard:
                    t.emit(ev.CardDiscarded(p.index, held))
                return


# --------------------------------------------------------------------------- who and what


def in_turn_order(t: Table, first: int) -> list[PlayerState]:
    """The players still in the game, in turn order from ``first``."""
    n = len(t.players)
    return [t.players[(first + k) % n] for k in range(n) if not t.players[(first + k) % n].out]


def players_for(
    t: Table, target: PlayerTarget, src: Source, keyword: Keyword | None = None
) -> tuple[list[PlayerState], bool]:
    """The players ``target`` names for an effect from ``src`` (its definition's ``names``),
    and whether the controller chooses one of them (11.4). Players out of the game are never
    named (9.2), nor a player immune to the effect's ``keyword`` (11.5)."""
    me = src.controller
    kind = target.definition
    who = kind.names
    if who is Who.CONTROLLER:
        found = [t.players[me]]
    elif who is Who.EVENT:
        named = getattr(src.event, kind.event_field or "", None)
        found = [t.players[named]] if isinstance(named, int) else []
    elif who is Who.EVERYONE:
        found = in_turn_order(t, me)
    else:  # OPPONENTS
        found = [p for p in in_turn_order(t, me) if p.index != me]
    found = [p for p in found if not p.out]
    if keyword is not None:
        found = [p for p in found if not t.stats.is_immune(p.index, keyword)]
    return found, kind.chooses


def host_of(t: Table, instance: CardInstance) -> tuple[PlayerState, Equipped] | None:
    """The mat and equipped record of the card ``instance`` (an attach spell) sits under."""
    for p in t.players:
        for eq in p.mat.values():
            if any(a.instance is instance for a in eq.attached):
                return p, eq
    return None


def cards_for(
    t: Table, target: CardTarget, slot: Slot | None, src: Source
) -> tuple[list[tuple[PlayerState, Equipped]], bool]:
    """The equipped cards (in slots: attach spells go with their host) ``target`` names for
    an effect from ``src``, with their mats, and whether the controller chooses (11.4)."""
    me = src.controller
    kind = target.definition
    whose = kind.whose
    if whose is None:  # this card, or the card its attach spell sits under
        if src.card is None:
            return [], False
        found = host_of(t, src.card) if kind.host else t.equipped(src.card)
        return ([found] if found is not None else []), False
    cards = []
    for p in in_turn_order(t, me):
        if whose is Whose.OWN and p.index != me:
            continue
        if whose is Whose.OPPONENTS and p.index == me:
            continue
        for at in _SLOT_ORDER:
            eq = p.mat.get(at)
            if eq is not None and (slot is None or at is slot):
                cards.append((p, eq))
    return cards, True
