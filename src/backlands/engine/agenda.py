"""What runs between steps: the queue of triggered abilities (11.3) and the state checks
(worn-out cards, 4.8 and 6.2; players out, 9.1 to 9.3).

After every step of the agenda (and after every answer) the flow (``flow.py``) runs the
state checks that are due, then lets what the step triggered join the queue, where one
ability at a time resolves, each completely before the next (:func:`start_next_ability`).
"""

from __future__ import annotations

from typing import Final

from ..terms import CardStat
from .events import DestroyReason
from .steps import AbilityDone
from .table import Table
from .triggers import resolution_order

__all__ = ["check_durability", "check_state", "start_next_ability"]

_DURABILITY: Final = CardStat.DURABILITY


def start_next_ability(t: Table) -> bool:
    """What the last step triggered joins the end of the queue, in the order of 11.3; then,
    unless an ability is resolving (11.3: each completely before the next), the next one in
    the queue resolves, as a step of its own: its first effect now, the rest as the steps it
    pushed, above an ``AbilityDone`` step that marks its end. Whether an ability was taken
    from the queue. While an equip's extra costs are being paid (12.4), nothing joins the
    queue and nothing starts: the equip is one step of 11.3."""
    if t.paying:
        return False
    queue = t.queue
    triggered = t.triggered
    if triggered:
        if len(triggered) == 1:
            queue.append(triggered[0])
        else:
            queue.extend(resolution_order(triggered, t.active, len(t.players)))
        triggered.clear()
    if not queue or t.ability_resolving:
        return False
    t.ability_resolving = True
    t.done = 0  # its first effect has no effect before it (12.2)
    reaction, event = queue.pop(0)
    if t.players[reaction.player].out:  # 9.2: no more decisions, so no more abilities
        t.ability_done(reaction)
        return True
    agenda = t.agenda
    mark = len(agenda)
    reaction.resolve(t, event)
    if len(agenda) == mark:  # it resolved completely
        t.ability_done(reaction)
    elif t.outcome is None:
        agenda.insert(mark, AbilityDone(reaction))
    return True


def check_state(t: Table) -> None:
    """State checks after each step and answer: worn-out cards (4.8, 6.2), then 9.1 to 9.3:
    players with an empty primal deck are out; maybe the game is over. Each check runs only
    if what it looks at changed since it last ran (callers may skip the call when neither
    ``t.out_check_due`` nor ``t.stats.stale`` is set)."""
    if t.stats.stale:
        check_durability(t)
    if not t.out_check_runs():  # not due, or it waits for an effect in parts (11.6)
        return
    players = t.players
    newly = [p for p in players if not p.out and not p.primal_deck]
    if not newly:
        return
    t.eliminate(newly)  # 9.2
    if t.stats.durability_modified:  # their modifiers are gone: what they kept alive wears out
        check_durability(t)
    else:  # no durability modifier was in play: losing some cannot wear a card out
        t.stats.stale = False
    if players[t.active].out:
        # 9.2: the rest of the active player's turn is skipped, response windows to what
        # they did included; a defence against damage already dealt still resolves, and so
        # do abilities already triggered.
        t.skip_rest_of_turn()
    remaining = [p for p in players if not p.out]
    if len(remaining) == 1:
        t.finish(remaining[0].index, "last player with cards in their primal deck (9.1)")
    elif not remaining:
        t.finish(None, "every remaining player went out at the same check (9.3)")


def check_durability(t: Table) -> None:
    """At any time, a card whose counters equal or exceed its live durability is destroyed
    (4.8, 6.2): a durability modifier coming or going can cause that."""
    stats = t.stats
    while stats.stale:
        stats.stale = False
        changes = stats.durability_in_play()
        if not changes and not stats.durability_modified:
            return  # no durability modifier in play, now or before: nothing moved
        stats.durability_modified = changes
        for p in t.players:
            for slot, eq in list(p.mat.items()):
                if p.mat.get(slot) is not eq or not eq.instance.has_durability:
                    continue
                if eq.counters >= stats.card(eq.instance, _DURABILITY, p.index):
                    t.destroy(p, slot, DestroyReason.WORN_OUT)
        if stats.live_durability and not stats.stale:
            # a durability modifier with ``while:`` (12.1): its condition may change at any
            # step, so the check is due again after the next one
            stats.stale = True
            return
