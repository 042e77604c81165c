"""Equipping: what a player may equip now (4.1 to 4.7), and the response windows that
follow an equip or an attack (8.1 to 8.3). The main-phase and response questions list and
check their answers with these."""

from __future__ import annotations

from ..model import CardStat, CardType
from .actions import Action, Equip
from .state import CardInstance, PlayerState
from .steps import RESPOND, Step
from .table import Table

__all__ = [
    "equip_action",
    "equip_problem",
    "equips",
    "holds_instant",
    "open_windows",
    "quiet",
]

_INSTANT = CardType.INSTANT_SPELL
_ATTACH = CardType.ATTACH_SPELL
_PRIMAL_COST = CardStat.PRIMAL_COST


def equip_action(instance: CardInstance, host: CardInstance | None = None) -> Equip:
    """The one ``Equip`` value for this card (and host) in this game: listings reuse it."""
    if host is None:
        if instance.equip is None:
            instance.equip = Equip(instance)
        return instance.equip  # type: ignore[no-any-return]
    found = instance.actions.get(host.uid)
    if found is None:
        found = instance.actions[host.uid] = Equip(instance, host)
    return found


def equips(t: Table, p: PlayerState, window: bool) -> list[Action]:
    """Every equip ``p`` may make now, in inventory order (4.x); in a window, instants only.
    (The main phase's question lists the same, written out: ``MainQuestion.options``.)"""
    left = len(p.primal_deck)
    side = p.index
    costs = t.stats.costs[side]
    found: list[Action] = []
    hosts: list[CardInstance] | None = None
    for instance in p.inventory:
        kind = instance.type
        if window and kind is not _INSTANT:
            continue
        cost = costs.get(instance.uid)
        if cost is None:
            cost = costs[instance.uid] = t.stats.card(instance, _PRIMAL_COST, side)
        if cost > left:
            continue
        if kind is _ATTACH:
            if hosts is None:
                hosts = [eq.instance for q in t.players if not q.out for eq in q.mat.values()]
            for host in hosts:
                found.append(equip_action(instance, host))
        else:
            action = instance.equip
            if action is None:
                action = instance.equip = Equip(instance)
            found.append(action)
    return found


def equip_problem(t: Table, p: PlayerState, action: Equip, window: bool) -> str | None:
    instance = action.card
    if instance not in p.inventory:
        return f"{instance} is not in {p.name}'s inventory (4.1, 4.6)"
    kind = instance.type
    if window and kind is not _INSTANT:
        return "only instant spells may be played in a response window (4.6, 8.1)"
    cost = t.cost(instance, p.index)
    if cost > len(p.primal_deck):
        return (
            f"it costs {cost} and only {len(p.primal_deck)} cards are left in "
            f"{p.name}'s primal deck (4.3)"
        )
    if kind is _ATTACH:
        if action.host is None:
            return "an attach spell goes under an equipped card: name its host (4.7)"
        found = t.equipped(action.host)
        if found is None or found[0].out:
            return f"{action.host} is not an equipped card (4.7)"
    elif action.host is not None:
        return f"only attach spells have a host; {instance.card.name} is a {kind} (4.1)"
    return None


def holds_instant(p: PlayerState) -> bool:
    """Whether ``p`` has an instant spell in their inventory (else they are not asked, 8.3)."""
    for instance in p.inventory:  # noqa: SIM110 (a plain loop: no generator on a hot path)
        if instance.type is _INSTANT:
            return True
    return False


def quiet(t: Table) -> bool:
    """Whether nothing can happen before the next step: no state check is due (6.2, 9.2)
    and no triggered ability waits (11.3)."""
    return not (t.triggered or t.queue or t.deck_emptied or t.stats.stale)


def open_windows(t: Table, player: int, then: Step | None = None) -> bool:
    """8.1: each other player still in, in turn order, may answer with one instant.

    A player without an instant is not asked (8.3): while nothing can change before their
    window (no state check is due, no ability waits, and no window before theirs may be
    answered), that is settled here and their window is not pushed at all; from the first
    window that may ask on, each is a step that looks again when it runs. With the ruleset's
    ``ask_every_window`` (8.3), every other player still in is asked.

    Whether everything is settled: no window was pushed and nothing is due (``quiet``), so
    the flow may go on at once with ``then``, the step that comes after the windows; when
    it is not, ``then`` is pushed below them.
    """
    settled = not (t.triggered or t.queue or t.deck_emptied or t.stats.stale)  # quiet(t)
    if not t.ruleset.response_windows:
        if not settled and then is not None:
            t.agenda.append(then)
        return settled
    players = t.players
    n = len(players)
    windows = []
    every = t.ruleset.ask_every_window  # 8.3: then no one is skipped
    for offset in range(1, n):
        p = players[(player + offset) % n]
        if p.out:
            continue
        if settled and not every:
            for instance in p.inventory:  # holds_instant(p), written out
                if instance.type is _INSTANT:
                    break
            else:
                continue  # no instant: not asked (8.3)
        settled = False
        windows.append((RESPOND, p.index, False))
    if not settled:
        if then is not None:
            t.agenda.append(then)
        if windows:
            windows.reverse()  # the next player's window runs first
            t.agenda.extend(windows)
    return settled
