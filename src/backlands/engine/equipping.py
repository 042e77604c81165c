"""Equipping: what a player may equip now (4.1 to 4.7, 12.4), the equip itself with its
extra costs (12.4), and the response windows that follow an equip or open before an attack's
damage (8.1 to 8.3).

:func:`equip_problem` is the one rule of what may be equipped: the main phase's listing,
a response window's listing and the check of an equip from anywhere else all ask it (the
listing reads its parts directly, :func:`equips`), and :func:`extra_cost_problem` is its
rule of extra costs. :func:`equip` equips; a card with extra costs is equipped in parts
(:func:`pay_and_equip`), its costs paid through the effect API between its primal cost and
its "equipped" abilities.
"""

from __future__ import annotations

from typing import ClassVar, Final

from ..keywords import CannotPlayInstants, ExtraCost, Means
from ..terms import CardType, Window
from .actions import Action, DecisionKind, Equip, Pass
from .effects import Payment, TableResolution, stays_for_costs
from .state import CardInstance, PlayerState
from .statics import player_statics
from .steps import Question, Step, Work, each_player
from .table import EquipPart, Table

__all__ = [
    "EquipDone",
    "EquipQuestion",
    "PayCost",
    "ResponseWindow",
    "TargetWindow",
    "check_equip",
    "equip",
    "equip_problem",
    "equips",
    "extra_cost_problem",
    "instants_forbidden",
    "open_windows",
    "pay_and_equip",
    "paying_for",
]

PASS: Final = Pass()
_ATTACH: Final = CardType.ATTACH_SPELL
_INSTANT: Final = CardType.INSTANT_SPELL

#: What may be played in a response window: instant spells only (4.6, 8.1).
WINDOW_TYPES: Final = frozenset({CardType.INSTANT_SPELL})


def instants_forbidden(t: Table, p: PlayerState, window: bool, attacked: bool) -> str | None:
    """Why ``p`` may not play instant spells now, in their main phase or (``window``) a
    response window (``attacked``: as an attack's target, 8.2): a ``cannot_play_instants``
    static about them (12.8); None if they may."""
    moment = Window.ATTACKED if attacked else Window.RESPONSE if window else Window.MAIN
    for static in player_statics(t.stats, CannotPlayInstants, p.index):
        if static.window is None or static.window is moment:
            return f"{p.name} cannot play instant spells {_NOW[moment]} (12.8)"
    return None


_NOW = {
    Window.MAIN: "in their main phase",
    Window.RESPONSE: "in a response window",
    Window.ATTACKED: "when they are attacked",
}


def equip_problem(
    t: Table,
    p: PlayerState,
    instance: CardInstance,
    host: CardInstance | None,
    window: bool,
    attacked: bool = False,
) -> str | None:
    """Why ``p`` may not equip ``instance`` from their inventory now (under ``host``, for
    an attach spell; ``window``: in a response window, ``attacked``: that of an attack's
    target), or None if they may."""
    kind = instance.type
    if window and kind not in WINDOW_TYPES:
        return "only instant spells may be played in a response window (4.6, 8.1)"
    if kind is _INSTANT and t.stats.statics:
        forbidden = instants_forbidden(t, p, window, attacked)
        if forbidden is not None:
            return forbidden
    cost = t.stats.costs[p.index].get(instance.uid)  # the side's cost table, read directly
    if cost is None:
        cost = t.stats.cost(instance, p.index)
    if cost > len(p.primal_deck):
        return (
            f"it costs {cost} and only {len(p.primal_deck)} cards are left in "
            f"{p.name}'s primal deck (4.3)"
        )
    if kind is _ATTACH:
        if host is None:
            return "an attach spell goes under an equipped card: name its host (4.7)"
        found = t.equipped(host)
        if found is None or found[0].out:
            return f"{host} is not an equipped card (4.7)"
    elif host is not None:
        return f"only attach spells have a host; {instance.card.name} is a {kind} (4.1)"
    if instance.extra_costs:
        return extra_cost_problem(p, instance, host, cost)
    return None


def extra_cost_problem(
    p: PlayerState, instance: CardInstance, host: CardInstance | None, cost: int
) -> str | None:
    """Why ``p`` cannot pay the extra costs of ``instance`` in full (equipped under ``host``,
    its primal cost ``cost`` paid first), or None (12.4): each cost in turn takes its part of
    what ``p`` has (``Means``): their inventory but the card, their primal deck once the
    primal cost is paid, their equipped cards that stay on their mat."""
    cards = sum(1 for eq in p.mat.values() if stays_for_costs(eq, instance, host))
    means: Means | str = Means(len(p.inventory) - 1, len(p.primal_deck) - cost, cards)
    for extra in instance.extra_costs:
        assert isinstance(means, Means)
        means = extra.left_after(means)
        if isinstance(means, str):
            return f"its extra cost cannot be paid in full: {means} (12.4)"
    return None


def equips(
    t: Table, p: PlayerState, window: bool, end: Action | None = None, attacked: bool = False
) -> tuple[Action, ...]:
    """Every equip ``p`` may make now, in inventory order: each card whose cost the primal
    deck can pay (4.3), in a window instants only (4.6, 8.1), no instant if a static
    forbids them now (12.8), an attach spell under each card in a slot of a player still
    in, in seat and mat order (4.7); then ``end``, the do-nothing answer, if given. The
    listing of the main phase and of a response window (``attacked``: that of an attack's
    target); ``equip_problem`` says why any other is refused."""
    if window and p.index not in t.instant_owners:  # no instant can be in their inventory
        return () if end is None else (end,)
    found: list[Action] = []
    hosts: list[CardInstance] | None = None
    costs = t.stats.costs[p.index]  # the side's cost table, read directly (``Stats.cost``)
    left = len(p.primal_deck)
    asks = t.costs_asked  # a card of the game asks extra costs (12.4)
    for instance in p.inventory if not t.stats.statics else _playable(t, p, window, attacked):
        kind = instance.type
        if window and kind not in WINDOW_TYPES:
            continue
        cost = costs.get(instance.uid)
        if cost is None:
            cost = t.stats.cost(instance, p.index)
        if cost > left:
            continue
        if kind is _ATTACH:
            if hosts is None:
                hosts = [eq.instance for q in t.players if not q.out for eq in q.mat.values()]
            made = instance.hosted_equips  # read directly (``Values.equip``)
            for host in hosts:  # 12.4: only what can be paid in full
                if asks and instance.extra_costs and extra_cost_problem(p, instance, host, cost):
                    continue
                action = None if made is None else made.get(host.uid)
                found.append(t.values.equip(instance, host) if action is None else action)
        elif asks and instance.extra_costs and extra_cost_problem(p, instance, None, cost):
            continue  # 12.4: only what can be paid in full
        else:
            action = instance.equip_action  # read directly (``Values.equip``)
            found.append(t.values.equip(instance) if action is None else action)
    if end is not None:
        found.append(end)
    return tuple(found)


def _playable(t: Table, p: PlayerState, window: bool, attacked: bool) -> list[CardInstance]:
    """``p``'s inventory, but the instants a static forbids them now (12.8)."""
    if instants_forbidden(t, p, window, attacked) is None:
        return p.inventory
    return [c for c in p.inventory if c.type is not _INSTANT]


def check_equip(
    t: Table, p: PlayerState, action: Equip, window: bool, attacked: bool = False
) -> str | None:
    """Why ``action`` is not an equip ``p`` may make now, or None."""
    if all(held is not action.card for held in p.inventory):
        return f"{action.card} is not in {p.name}'s inventory (4.1, 4.6)"
    return equip_problem(t, p, action.card, action.host, window, attacked)


class EquipQuestion(Question):
    """What the main phase and a response window share: a choice among the equips that
    may be made now (``equips``), or the do-nothing answer."""

    __slots__ = ()
    window: bool  # a response window: instant spells only (4.6, 8.1)
    nothing: Action  # the do-nothing answer
    hidden = True  # what may be equipped comes from the inventory (8.3, ``ask_every_window``)
    attack: ClassVar[bool] = False  # the window of an attack's target (8.2)

    def options(self, t: Table) -> tuple[Action, ...]:
        return equips(t, t.players[self.player], self.window, self.nothing, self.attack)

    def problem(self, t: Table, action: object) -> str | None:
        p = t.players[self.player]
        if action == self.nothing:
            return None
        if isinstance(action, Equip):
            return check_equip(t, p, action, self.window, self.attack)
        return self.not_an_answer(p)

    def not_an_answer(self, p: PlayerState) -> str:
        raise NotImplementedError


class ResponseWindow(EquipQuestion):
    """A response window after an equip (8.1): play one instant spell, or pass (8.3: it
    opens no further window)."""

    __slots__ = ()
    kind = DecisionKind.RESPONSE
    window = True
    nothing: Action = PASS  # annotated: mypyc wants the base class's type

    def not_an_answer(self, p: PlayerState) -> str:
        return f"{p.name} is in a response window: play an instant spell or pass (8.1, 8.2)"

    def apply(self, t: Table, action: Action) -> None:
        if type(action) is Equip:
            if self.attack:  # 8.2: the attack's target may play any number of instants
                t.agenda.append(self)
            equip(t, t.players[self.player], action, None)  # 8.3: no further window

    def survives_active_out(self) -> bool:
        return self.attack  # 9.2: damage already dealt is defended, its window first


class TargetWindow(ResponseWindow):
    """The window of an attack's target before the damage (8.2): any number of instants."""

    __slots__ = ()
    attack = True


# each player's windows, shared by every game (``steps.each_player``)
RESPONSE_WINDOWS: Final = each_player(ResponseWindow)
TARGET_WINDOWS: Final = each_player(TargetWindow)


def equip(t: Table, p: PlayerState, action: Equip, then: Step | None) -> None:
    """``p`` equips ``action``'s card (4.1 to 4.7), paying its extra costs (12.4); then, with
    ``then`` (the main phase's question), the windows of 8.1 open before it
    (:func:`open_windows`)."""
    card = action.card
    if card.extra_costs:
        pay_and_equip(t, p, card, action.host, then)
        return
    t.equip(p, card, action.host)
    if then is not None:
        open_windows(t, p.index, then)


def pay_and_equip(
    t: Table, p: PlayerState, card: CardInstance, host: CardInstance | None, then: Step | None
) -> None:
    """An equip in parts (12.4): the card goes in place and its primal cost is paid (4.3);
    its extra costs are paid one after the other, each a step whose choices are ``p``'s
    (:class:`PayCost`); then the equip is complete (:class:`EquipDone`). Meanwhile the equip
    is one step of 11.3: what it triggers waits, and so does the out check (9.2). An
    instant waits out of every zone, as its ability would (4.6)."""
    t.equip(p, card, host, EquipPart.PLACE)
    if card.type is _INSTANT:
        t.instants_resolving.append(card)
    t.paying += 1
    t.out_check_held += 1
    t.agenda.append(EquipDone(p.index, card, host, then))
    payment = Payment(card, p.index, host)
    for extra in reversed(card.extra_costs):
        t.run(p.index, PayCost(extra, payment))


def paying_for(t: Table) -> CardInstance | None:
    """The card whose extra costs are being paid now (12.4), between the two parts of its
    equip (:func:`pay_and_equip`): the latest :class:`EquipDone` waiting on the agenda;
    None when no extra cost is being paid. For observers (the balance report), never the
    engine's loop."""
    if not t.paying:
        return None
    for step in reversed(t.agenda):
        if type(step) is EquipDone:
            return step.card
    return None


class PayCost(Work):
    """One extra cost of an equip being paid (12.4), through the effect API."""

    __slots__ = ("cost", "payment")

    def __init__(self, cost: ExtraCost, payment: Payment) -> None:
        self.cost = cost
        self.payment = payment

    def run(self, table: Table) -> None:
        self.cost.pay(TableResolution(table, self.cost, self.payment))


class EquipDone(Step):
    """The extra costs of an equip are paid (12.4): the equip is complete (4.4, 4.6), what
    it triggered may join the queue and the out check may run; then, with ``then``, the
    windows of 8.1."""

    __slots__ = ("card", "host", "then")

    def __init__(
        self, player: int, card: CardInstance, host: CardInstance | None, then: Step | None
    ) -> None:
        Step.__init__(self, player)
        self.card = card
        self.host = host
        self.then = then

    def run(self, t: Table) -> None:
        t.paying -= 1
        t.out_check_held -= 1
        card = self.card
        if card.type is _INSTANT:
            t.instants_resolving[:] = [c for c in t.instants_resolving if c is not card]
        t.equip(t.players[self.player], card, self.host, EquipPart.REST)
        if self.then is not None:
            open_windows(t, self.player, self.then)

    def survives_active_out(self) -> bool:
        return True  # the equip is one step: it completes (the out check waits for it, 9.2)


def open_windows(t: Table, player: int, then: Step) -> None:
    """8.1: after ``player`` equipped a card, each other player still in, in turn order,
    may answer with one instant: their windows are pushed, the next player's on top, and
    ``then``, the step that comes after them, below them; with no window, ``then`` runs now
    or is queued (``Table.then``).

    A player with no playable instant is not asked (8.3). A player who owns no instant spell
    never has one (``Table.instant_owners``): their window is not pushed at all. Nor is it
    while nothing can change before their window (nothing is due, and no window before
    theirs may be answered) and they have none now: that is settled here; from the first
    window that may ask on, each is pushed and looks again when it runs. With the ruleset's
    ``ask_every_window`` (8.3) every other player still in is asked."""
    windows: list[Step] = []
    if t.response_windows:
        every = t.ask_every_window
        settled: bool | None = None  # asked once a window needs it
        players = t.players
        n = len(players)
        offset = 1  # counted by hand: a ``range()`` is two objects made at each equip
        while offset < n:
            q = players[(player + offset) % n]
            offset += 1
            if q.out:
                continue
            if not every:
                if q.index not in t.instant_owners:
                    continue  # no instant can reach their inventory: never asked (8.3)
                if settled is None:
                    settled = t.nothing_due()
                if settled and not equips(t, q, window=True):
                    continue  # no playable instant: not asked (8.3)
            settled = False
            windows.append(RESPONSE_WINDOWS[q.index])
    if not windows:
        t.then(then)
        return
    t.agenda.append(then)
    for window in reversed(windows):  # the next player's window runs first
        t.agenda.append(window)
