"""The keyword primitives (RULINGS 7): POISON, CURE, DISCARD, REPAIR and STEAL, as the effects
of ``effects.py`` apply them once they know whom or what they act on. Each publishes its event
only when someone listens.
"""

from __future__ import annotations

from ..model import Slot
from . import events as ev
from .state import CardInstance, Equipped, PlayerState
from .table import Table

__all__ = ["cure", "discard", "poison", "repair", "steal"]

_SALVAGE = ev.DestroyReason.SALVAGE


def poison(t: Table, p: PlayerState) -> None:
    """POISON (7.1): one marker; poisoning a poisoned player changes nothing."""
    if p.poisoned or p.out:
        return
    p.poisoned = True
    t.publish(ev.PlayerPoisoned, p.index)


def cure(t: Table, p: PlayerState) -> None:
    """CURE (7.1): the player is no longer poisoned."""
    if not p.poisoned:
        return
    p.poisoned = False
    t.publish(ev.PlayerCured, p.index)


def discard(t: Table, p: PlayerState, instance: CardInstance) -> None:
    """DISCARD (7.5): from the inventory to its owner's void."""
    for i, held in enumerate(p.inventory):
        if held is instance:
            del p.inventory[i]
            break
    else:
        return
    t.players[instance.owner].void.append(instance)
    t.publish(ev.CardDiscarded, p.index, instance)


def repair(t: Table, eq: Equipped, amount: int) -> None:
    """REPAIR N (11.6): up to N durability counters come off, never below 0."""
    removed = min(amount, eq.counters)
    if removed <= 0:
        return
    eq.counters -= removed
    t.publish(ev.CountersRemoved, eq.instance, removed, eq.counters)


def steal(t: Table, thief: PlayerState, victim: PlayerState, slot: Slot) -> None:
    """STEAL (7.3, 11.6): the card in ``slot`` of ``victim``'s mat, with its counters,
    equip turn and attach spells, goes to the same slot of ``thief``'s mat, salvaging what
    is there. Its owner is unchanged; it is not equipped anew (no cost, no trigger, no
    window). Attach spells stay controlled by whoever attached them (11.1)."""
    eq = victim.mat.pop(slot)
    if slot in thief.mat:
        t.destroy(thief, slot, _SALVAGE)
    thief.mat[slot] = eq
    t.stats.changed()  # its modifiers now count for the thief
    if t.reactions_in_play.get(eq.instance.uid):  # its abilities are now the thief's (11.1)
        t.leave_play(eq.instance)
        t.enter_play(eq.instance, thief.index, None)
    t.publish(ev.CardStolen, thief.index, eq.instance, victim.index)
