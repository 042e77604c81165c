"""Effects: one handler per effect class of the card format, each with its rule.

An ability resolves its effects in printed order (11.3), each as one agenda step
(:class:`EffectStep`), so the out check (9.2) runs after each effect. A handler finds who or
what its effect acts on (:func:`players_for`, :func:`cards_for`), asks the ability's
controller when the card says "an opponent" or "one of your cards" and more than one choice is
legal (11.4: one choice is taken by the game, none means the effect does nothing), and applies
the effect with the table's primitives and the keyword primitives below.

Adding an effect is one frozen class in ``model.py`` (with its YAML name) and one handler
here, registered in ``HANDLERS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import (
    Boost,
    CardStat,
    CardTarget,
    Cure,
    Curse,
    Damage,
    Destroy,
    Discard,
    Draw,
    Effect,
    Keyword,
    PlayerTarget,
    Poison,
    Repair,
    Sacrifice,
    Slot,
    Steal,
)
from . import events as ev
from .combat import deal_damage
from .keywords import cure, discard, poison, repair, steal
from .state import CardInstance, Equipped, PlayerState
from .steps import Choice, Work
from .table import Table

__all__ = [
    "HANDLERS",
    "EffectStep",
    "Source",
    "cards_for",
    "effect_name",
    "players_for",
]

_EFFECT = ev.DestroyReason.EFFECT
_SALVAGE = ev.DestroyReason.SALVAGE


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
    """The effect's name in the card format: ``Damage`` is ``"damage"``."""
    cls = type(effect)
    name = _NAMES.get(cls)
    if name is None:
        name = _NAMES[cls] = cls.__name__.lower()
    return name


_NAMES: dict[type, str] = {}


class EffectStep(Work):
    """One effect of a resolving ability, run as an agenda step."""

    __slots__ = ("effect", "source")

    def __init__(self, effect: Effect, source: Source) -> None:
        self.effect = effect
        self.source = source

    def run(self, table: Table) -> None:
        HANDLERS[type(self.effect)](table, self.effect, self.source)


class Then(Choice):
    """Apply ``effect`` to the chosen player or card."""

    __slots__ = ("apply_to", "effect", "source")

    def __init__(self, apply_to: Callable[..., None], effect: Effect, source: Source) -> None:
        self.apply_to = apply_to
        self.effect = effect
        self.source = source

    def apply(self, table: Table, option: Any) -> None:
        self.apply_to(table, self.effect, self.source, option)


# --------------------------------------------------------------------------- who and what


def in_turn_order(t: Table, first: int) -> list[PlayerState]:
    """The players still in the game, in turn order from ``first``."""
    n = len(t.players)
    return [t.players[(first + k) % n] for k in range(n) if not t.players[(first + k) % n].out]


def players_for(
    t: Table, target: PlayerTarget, src: Source, keyword: Keyword | None = None
) -> tuple[list[PlayerState], bool]:
    """The players ``target`` names for an effect from ``src``, and whether the controller
    chooses one of them (11.4). Players out of the game are never named (9.2), nor a player
    immune to the effect's ``keyword`` (11.5)."""
    me = src.controller
    if target is PlayerTarget.SELF:
        found = [t.players[me]]
    elif target is PlayerTarget.ATTACK_TARGET:
        named = getattr(src.event, "target", None)
        found = [t.players[named]] if isinstance(named, int) else []
    elif target is PlayerTarget.ATTACKER:
        named = getattr(src.event, "attacker", None)
        found = [t.players[named]] if isinstance(named, int) else []
    elif target is PlayerTarget.EACH_PLAYER:
        found = in_turn_order(t, me)
    else:  # OPPONENT, EACH_OPPONENT
        found = [p for p in in_turn_order(t, me) if p.index != me]
    found = [p for p in found if not p.out]
    if keyword is not None:
        found = [p for p in found if not t.stats.is_immune(p.index, keyword)]
    return found, target is PlayerTarget.OPPONENT


def for_players(
    t: Table,
    target: PlayerTarget,
    src: Source,
    effect: Effect,
    apply_to: Callable[[Table, Any, Source, int], None],
    keyword: Keyword | None = None,
    pushes: bool = False,
) -> None:
    """Apply ``effect`` to each player ``target`` names, or to the one the controller
    chooses; the first in turn order first, all within this one effect (11.3: the out
    check comes after it). ``pushes``: ``apply_to`` pushes steps (a defence, a choice) that
    must run in that order, so it is called last player first."""
    found, choose = players_for(t, target, src, keyword)
    if choose:
        ask(t, src.controller, [p.index for p in found], apply_to, effect, src)
        return
    for p in reversed(found) if pushes else found:
        apply_to(t, effect, src, p.index)


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
    if target is CardTarget.THIS or target is CardTarget.ATTACHED_TO:
        if src.card is None:
            return [], False
        found = t.equipped(src.card) if target is CardTarget.THIS else host_of(t, src.card)
        return ([found] if found is not None else []), False
    cards = []
    for p in in_turn_order(t, me):
        if target is CardTarget.OWN_CARD and p.index != me:
            continue
        if target is CardTarget.OPPONENT_CARD and p.index == me:
            continue
        for at in (Slot.WEAPON, Slot.CREATURE, Slot.ARMOUR, Slot.SPELL):
            eq = p.mat.get(at)
            if eq is not None and (slot is None or at is slot):
                cards.append((p, eq))
    return cards, True


def for_cards(
    t: Table,
    effect: Any,
    src: Source,
    apply_to: Callable[[Table, Any, Source, CardInstance], None],
    allowed: Callable[[PlayerState, Equipped], bool],
) -> None:
    """Apply ``effect`` to the card its target names, or to one the controller chooses
    among the ``allowed`` ones (11.4)."""
    found, choose = cards_for(t, effect.target, getattr(effect, "slot", None), src)
    options = [eq.instance for p, eq in found if allowed(p, eq)]
    if not choose:
        if options:
            apply_to(t, effect, src, options[0])
        return
    ask(t, src.controller, options, apply_to, effect, src)


def ask(
    t: Table,
    player: int,
    options: list[Any],
    apply_to: Callable[..., None],
    effect: Effect,
    src: Source,
) -> None:
    """``player`` chooses one of ``options`` (11.4), then ``apply_to`` applies ``effect`` to
    it. One option is taken at once and none does nothing, as the CHOOSE question would
    (neither is recorded), without a step."""
    if len(options) > 1:
        t.ask(player, options, Then(apply_to, effect, src), src.card, effect_name(effect))
    elif options:
        apply_to(t, effect, src, options[0])


def _anything(p: PlayerState, eq: Equipped) -> bool:
    return True


# --------------------------------------------------------------------------- handlers


def _draw(t: Table, e: Draw, src: Source) -> None:  # 7.5, 11.6: an empty deck draws nothing
    for_players(t, e.target, src, e, lambda t, e, s, i: t.draw(t.players[i], e.count))


def _sacrifice(t: Table, e: Sacrifice, src: Source) -> None:  # 7.5: takes what is there
    def apply_to(t: Table, e: Sacrifice, s: Source, i: int) -> None:
        t.sacrifice(t.players[i], e.count, ev.SacrificeReason.EFFECT)

    for_players(t, e.target, src, e, apply_to)


def _discard(t: Table, e: Discard, src: Source) -> None:  # 7.5, 11.4: the discarder chooses
    for_players(t, e.target, src, e, _discard_from, pushes=True)


def _discard_from(t: Table, e: Discard, src: Source, player: int) -> None:
    for _ in range(e.count):  # one card at a time, each chosen from what is left
        t.run(player, _DiscardOne(e, src, player))


class _DiscardOne(Work):
    __slots__ = ("effect", "player", "source")

    def __init__(self, effect: Discard, source: Source, player: int) -> None:
        self.effect = effect
        self.source = source
        self.player = player

    def run(self, table: Table) -> None:
        p = table.players[self.player]
        ask(table, self.player, list(p.inventory), _discard_card, self.effect, self.source)


def _discard_card(t: Table, e: Discard, src: Source, card: CardInstance) -> None:
    for p in t.players:
        if any(held is card for held in p.inventory):
            discard(t, p, card)
            return


def _damage(t: Table, e: Damage, src: Source) -> None:  # 6.5, 11.6
    found, choose = players_for(t, e.target, src)
    if choose:
        ask(t, src.controller, [p.index for p in found], _damage_to, e, src)
        return
    deal_damage(t, [p.index for p in found], e.amount, src.card, src.controller, e.defendable)


def _damage_to(t: Table, e: Damage, src: Source, player: int) -> None:
    deal_damage(t, [player], e.amount, src.card, src.controller, e.defendable)


def _poison(t: Table, e: Poison, src: Source) -> None:  # 7.1, 11.5
    for_players(t, e.target, src, e, lambda t, e, s, i: poison(t, t.players[i]), Keyword.POISON)


def _cure(t: Table, e: Cure, src: Source) -> None:  # 7.1
    for_players(t, e.target, src, e, lambda t, e, s, i: cure(t, t.players[i]))


def _destroy_card(t: Table, e: Any, src: Source, card: CardInstance) -> None:
    found = t.equipped(card)
    if found is not None and card.slot is not None:
        t.destroy(found[0], card.slot, _EFFECT)


def _destroy(t: Table, e: Destroy, src: Source) -> None:  # 7.4
    for_cards(t, e, src, _destroy_card, _anything)


def _curse(t: Table, e: Curse, src: Source) -> None:  # 7.2, 11.5, 11.6
    def allowed(p: PlayerState, eq: Equipped) -> bool:  # an opponent's card (7.2)
        return (
            p.index != src.controller
            and eq.turn == t.turn
            and not t.stats.is_immune(p.index, Keyword.CURSE)
        )

    for_cards(t, e, src, _destroy_card, allowed)


def _steal(t: Table, e: Steal, src: Source) -> None:  # 7.3, 11.5, 11.6
    def allowed(p: PlayerState, eq: Equipped) -> bool:
        return p.index != src.controller and not t.stats.is_immune(p.index, Keyword.STEAL)

    def apply_to(t: Table, e: Steal, s: Source, card: CardInstance) -> None:
        found = t.equipped(card)
        if found is not None and card.slot is not None:
            steal(t, t.players[s.controller], found[0], card.slot)

    for_cards(t, e, src, apply_to, allowed)


def _repair(t: Table, e: Repair, src: Source) -> None:  # 11.6
    def apply_to(t: Table, e: Repair, s: Source, card: CardInstance) -> None:
        found = t.equipped(card)
        if found is not None:
            repair(t, found[1], e.amount)

    # only a card with counters is worth choosing: on any other, the repair does nothing
    for_cards(t, e, src, apply_to, lambda p, eq: eq.counters > 0)


def _boost(t: Table, e: Boost, src: Source) -> None:  # 11.6: until the end of the turn
    def apply_to(t: Table, e: Boost, s: Source, card: CardInstance) -> None:
        t.stats.boost(card.uid, e.stat, e.amount)
        t.publish(ev.CardBoosted, card, e.stat, e.amount)

    # a card is boosted only in a stat it has (a damage boost on armour does nothing)
    def allowed(p: PlayerState, eq: Equipped) -> bool:
        return _has(eq.instance, e.stat)

    for_cards(t, e, src, apply_to, allowed)


def _has(instance: CardInstance, stat: CardStat) -> bool:
    return getattr(instance.card, stat.value) is not None


HANDLERS: dict[type, Callable[[Table, Any, Source], None]] = {
    Draw: _draw,
    Sacrifice: _sacrifice,
    Discard: _discard,
    Damage: _damage,
    Poison: _poison,
    Cure: _cure,
    Destroy: _destroy,
    Curse: _curse,
    Steal: _steal,
    Repair: _repair,
    Boost: _boost,
}
