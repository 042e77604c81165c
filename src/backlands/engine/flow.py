"""The flow: run the agenda to the next decision, the turn (3.x), the queue of triggered
abilities (11.3) and the state checks (worn-out cards, 6.2; players out, 9.1 to 9.3).

:func:`advance` pops steps off the agenda and runs them until a question has a real choice
or the game is over. After every step (and after every answer), the state is checked and
what the step triggered joins the queue; one queued ability at a time then resolves, its
effects pushed as steps that may themselves ask questions.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import CardStat, CardType, Keyword, PlayerStat, Slot
from . import events as ev
from .actions import Action
from .equipping import holds_instant
from .questions import QUESTIONS, take_damage
from .steps import (
    ATTACK_PHASE,
    CHOOSE,
    DEFEND,
    END_PHASE,
    MAIN,
    PHASE,
    RESOLVED,
    RESPOND,
    RUN,
    SETTLED,
    SURVIVE_ACTIVE_OUT,
    TAKE_DAMAGE,
    TURN_START,
    UPKEEP,
    Step,
)
from .table import Table
from .triggers import finish_cast, resolution_order

__all__ = ["advance", "check_state"]

_START = ev.Phase.START
_MAIN = ev.Phase.MAIN
_END = ev.Phase.END
_DRAWS = PlayerStat.DRAWS_PER_TURN
_DURABILITY = CardStat.DURABILITY


ask_main = QUESTIONS[MAIN].ask


def advance(t: Table, answer: Action | None = None) -> None:
    """Apply ``answer`` (a legal answer to the pending decision, recorded) if given, then
    run agenda steps until a decision with a real choice is pending, or the end."""
    if answer is not None:
        step = t.step
        assert step is not None
        t.actions.append(answer)
        t.decision = None
        t.step = None
        t.listing = None
        QUESTIONS[step[0]].apply(t, step, answer)
        if t.deck_emptied or t.stats.stale:
            check_state(t)
    agenda = t.agenda
    players = t.players
    runners = RUNNERS
    while t.decision is None and t.outcome is None:
        if (t.triggered or t.queue) and drain(t):  # an ability resolved, or began to
            if t.deck_emptied or t.stats.stale:
                check_state(t)
            continue
        if not agenda:
            next_turn(t)
            if t.deck_emptied or t.stats.stale:
                check_state(t)
            continue
        step = agenda.pop()
        kind = step[0]
        if kind < RESOLVED and players[step[1]].out:  # 9.2: no more turns or decisions
            continue
        runners[kind](t, step)
        if t.deck_emptied or t.stats.stale:
            check_state(t)


def drain(t: Table) -> bool:
    """What the last step triggered joins the queue in the order of 11.3; unless an
    ability is resolving, the next one in the queue resolves, as a step of its own: its
    first effect now, the rest as the steps it pushed, above a ``RESOLVED`` step that
    marks its end. Whether an ability was taken from the queue."""
    triggered = t.triggered
    if triggered:
        if len(triggered) == 1:
            t.queue.append(triggered[0])
        else:
            t.queue.extend(resolution_order(triggered, t.active, len(t.players)))
        triggered.clear()
    if not t.queue or t.resolving:
        return False
    reaction, event = t.queue.pop(0)
    if t.players[reaction.player].out:  # 9.2: no more decisions, so no more abilities
        if t.casting:
            finish_cast(t, reaction)
        return True
    agenda = t.agenda
    mark = len(agenda)
    t.resolving = True
    reaction.resolve(t, event)
    if len(agenda) == mark:  # it resolved completely
        t.resolving = False
        if t.casting:
            finish_cast(t, reaction)
    elif t.outcome is None:
        agenda.insert(mark, (RESOLVED, -1, reaction))
    return True


# --------------------------------------------------------------------------- the turn


def next_turn(t: Table, step: Step | None = None) -> None:
    """3.4: play passes clockwise, then 3.1: the next player's turn starts. A
    ``TURN_START`` step (the first turn, or a turn whose start waited for what the end of
    the last one triggered, 11.3) starts its player's turn only."""
    if step is not None:
        p = t.players[step[1]]
    else:  # 3.4: the turn ends
        if t.turn != t.ended:  # once a turn, even if what its end triggered delays the next
            t.ended = t.turn
            if t.stats.boosts:  # boosts last until the end of the turn (11.6)
                t.stats.end_boosts()
                if t.stats.stale:  # a card may wear out now, before the next turn starts
                    check_durability(t)
            if t.turn and ev.TurnEnded in t.heard:
                t.emit(ev.TurnEnded(t.active, t.turn))
        limit = t.ruleset.turn_limit
        if t.turn >= limit:
            t.finish(None, f"turn limit of {limit} reached")
            return
        players = t.players
        n = len(players)
        following = (t.active + 1) % n
        while players[following].out:  # skipping players who are out
            following = (following + 1) % n
        if t.triggered:  # what the end of the turn triggered resolves first (11.3)
            t.agenda.append((TURN_START, following))
            return
        p = players[following]
    t.turn += 1
    t.active = p.index
    p.turns_taken += 1
    p.attacked.clear()
    heard = t.heard
    if ev.TurnStarted in heard:
        t.emit(ev.TurnStarted(p.index, t.turn))
    if ev.PhaseStarted in heard:
        t.emit(ev.PhaseStarted(p.index, _START))
    draws = t.stats.player_stats.get((p.index, _DRAWS))
    if draws is None:
        draws = t.stats.player(p.index, _DRAWS)
    t.move(p, p.primal_deck, p.inventory, draws, None)  # t.draw
    if t.deck_emptied:
        check_state(t)  # 9.2: drawing the last card puts the player out at once
        if p.out:
            return
    if t.triggered:  # "at the start of your turn" resolves first, then the main phase
        t.agenda.append((MAIN, p.index))
        t.agenda.append((PHASE, p.index, _MAIN))
        return
    if ev.PhaseStarted in t.heard:
        t.emit(ev.PhaseStarted(p.index, _MAIN))
    if t.triggered or t.queue or t.deck_emptied or t.stats.stale:  # the flow has work first
        t.agenda.append((MAIN, p.index))
    else:  # nothing due: the main phase asks at once (no agenda pass)
        ask_main(t, (MAIN, p.index))


def phase(t: Table, step: Step) -> None:  # a phase starts, after what delayed it
    if ev.PhaseStarted in t.heard:
        t.emit(ev.PhaseStarted(step[1], step[2]))


def end_phase(t: Table, step: Step) -> None:
    """3.4: the end phase (``END_PHASE``): "at the end of your turn" first, then its rest,
    3.4 and 7.1 (``UPKEEP``, a step of its own only when abilities resolve in between).
    When nothing is left to do or due, the next turn starts at once (no agenda pass)."""
    if step[0] == END_PHASE:
        if ev.PhaseStarted in t.heard:
            t.emit(ev.PhaseStarted(step[1], _END))
        if t.triggered:  # they resolve before the rest of the end phase (11.2, 11.3)
            t.agenda.append((UPKEEP, step[1]))
            return
    p = t.players[step[1]]
    spell = p.mat.get(Slot.SPELL)
    if spell is not None and spell.instance.type is CardType.ACTIVE_SPELL:
        t.add_counters(p, spell, t.ruleset.active_spell_counters_per_turn)  # 4.8
    if p.poisoned and not t.stats.is_immune(p.index, Keyword.POISON):  # 7.1, 11.5
        rng = t.rng
        coins = tuple(rng.random() < 0.5 for _ in range(t.ruleset.poison_coins))
        cured = all(coins)
        if cured:
            p.poisoned = False
        if ev.PoisonChecked in t.heard:
            t.emit(ev.PoisonChecked(p.index, coins, cured))
        if not cured:
            damage = t.ruleset.poison_damage
            t.agenda.append((TAKE_DAMAGE, p.index, damage, None, None, True, None))
    if not (t.agenda or t.triggered or t.queue or t.deck_emptied or t.stats.stale):
        next_turn(t)


def respond(t: Table, step: Step) -> None:  # 8.1 to 8.3
    rules = t.ruleset
    if rules.response_windows and (rules.ask_every_window or holds_instant(t.players[step[1]])):
        QUESTIONS[RESPOND].ask(t, step)


def run_work(t: Table, step: Step) -> None:
    step[2].run(t)


def settled(t: Table, step: Step) -> None:  # an effect in parts has ended (11.6)
    t.held -= 1


def resolved(t: Table, step: Step) -> None:
    t.resolving = False
    if t.casting:
        finish_cast(t, step[2])


RUNNERS: dict[int, Callable[[Table, Step], None]] = {
    TURN_START: next_turn,
    MAIN: QUESTIONS[MAIN].ask,
    ATTACK_PHASE: QUESTIONS[ATTACK_PHASE].ask,
    END_PHASE: end_phase,
    UPKEEP: end_phase,
    RESPOND: respond,
    TAKE_DAMAGE: take_damage,
    DEFEND: QUESTIONS[DEFEND].ask,
    CHOOSE: QUESTIONS[CHOOSE].ask,
    RUN: run_work,
    RESOLVED: resolved,
    PHASE: phase,
    SETTLED: settled,
}


# --------------------------------------------------------------------------- state checks


def check_state(t: Table) -> None:
    """State checks after each step and answer: worn-out cards (4.8, 6.2), then 9.1 to 9.3:
    players with an empty primal deck are out; maybe the game is over. Each check runs only
    if what it looks at changed since it last ran (callers may skip the call when neither
    ``t.deck_emptied`` nor ``t.stats.stale`` is set)."""
    if t.stats.stale:
        check_durability(t)
    if not t.deck_emptied or t.held:  # 11.6: it waits for an effect in parts to end
        return
    t.deck_emptied = False
    players = t.players
    newly = [p for p in players if not p.out and not p.primal_deck]
    if not newly:
        return
    for p in newly:
        p.out = True
    for p in newly:
        for slot in list(p.mat):  # 9.2: their equipped cards are destroyed
            t.destroy(p, slot, ev.DestroyReason.ELIMINATED)
        p.poisoned = False
        if ev.PlayerEliminated in t.heard:
            t.emit(ev.PlayerEliminated(p.index))
    t.stats.changed()
    if t.stats.durability_modified:  # their modifiers are gone: what they kept alive wears out
        check_durability(t)
    else:  # no durability modifier was in play: losing some cannot wear a card out
        t.stats.stale = False
    if players[t.active].out:
        # 9.2: the rest of the active player's turn is skipped, response windows to what
        # they did included; a defence against damage already dealt still resolves, and so
        # do abilities already triggered.
        t.agenda[:] = [
            step
            for step in t.agenda
            if step[0] in SURVIVE_ACTIVE_OUT or (step[0] == RESPOND and step[2])
        ]
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
                if p.mat.get(slot) is not eq or not eq.instance.type.has_durability:
                    continue
                if eq.counters >= stats.card(eq.instance, _DURABILITY, p.index):
                    t.destroy(p, slot, ev.DestroyReason.WORN_OUT)
