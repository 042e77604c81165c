"""Questions: one class per decision kind, each with everything about that kind of decision.

A question knows, for the agenda step that asks it (see ``steps.py``):

- ``decision``: the public :class:`Decision` value;
- ``options``: every legal answer, in a fixed order, the do-nothing answer (end the phase,
  pass, do not defend) among them. They are listed once per decision, when it is asked. A
  question with no more than one answer is answered by the game and not recorded (a phase
  with nothing to do, no defender, 8.3: no playable instant, 11.4: one option or none),
  except that with the ruleset's ``ask_every_window`` (8.3) a main phase or a response window
  is asked even when ending the phase or passing is all there is;
- ``problem``: why an action is not a legal answer, with the rule, or None;
- ``apply``: how a legal answer changes the game (the flow runs on after it).

A new kind of decision is one new class here and one entry in ``QUESTIONS``.
"""

from __future__ import annotations

from ..model import CardStat, CardType
from . import events as ev
from .actions import (
    DEFENDER_SLOTS,
    SLOT_ATTACKERS,
    Action,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Pass,
)
from .combat import defence_problem, defences
from .equipping import equip_problem, equips, open_windows
from .state import CardInstance, PlayerState
from .steps import ATTACK_PHASE, CHOOSE, DEFEND, END_PHASE, MAIN, RESPOND, TAKE_DAMAGE, Step
from .table import Table
from .triggers import emit_card, heard_with

__all__ = ["QUESTIONS", "Question", "take_damage"]

NO_DEFENCE = Defend()
END = EndPhase()
PASS = Pass()
_INSTANT = CardType.INSTANT_SPELL
_ATTACH = CardType.ATTACH_SPELL
_DURABILITY = CardStat.DURABILITY
_PRIMAL_COST = CardStat.PRIMAL_COST
_DAMAGE = CardStat.DAMAGE
_ATTACK = ev.Phase.ATTACK
_DEFEND = DecisionKind.DEFEND


# the Decision of each step whose question asks the same each time (its values depend on
# the step alone: kind, player), made once and shared by every game
ASKED: dict[Step, Decision] = {}


class Question:
    """The behaviour of one decision kind (see the module docstring)."""

    kind: DecisionKind
    same_each_time = True  # equal steps ask the same Decision: made once (``ASKED``)
    hidden = False  # its answers depend on the player's inventory, which others cannot see

    def ask(self, t: Table, step: Step) -> None:
        """Ask this question for ``step``, or answer it at once when there is no choice."""
        listing = self.options(t, step)
        # 8.3, ``ask_every_window``: a question whose answers come from the hidden inventory
        # is asked even with one answer, so that being asked reveals nothing
        if len(listing) > 1 or (self.hidden and t.ruleset.ask_every_window and listing):
            t.listing = listing
            if self.same_each_time:
                decision = ASKED.get(step)
                if decision is None:
                    decision = ASKED[step] = self.decision(t, step)
                t.decision = decision
            else:
                t.decision = self.decision(t, step)
            t.step = step
        elif listing:  # the only answer, taken by the game (not recorded)
            self.apply(t, step, listing[0])

    def decision(self, t: Table, step: Step) -> Decision:
        """The public value of the decision ``step`` asks."""
        return Decision(self.kind, step[1])

    def options(self, t: Table, step: Step) -> tuple[Action, ...]:
        raise NotImplementedError

    def problem(self, t: Table, step: Step, action: Action) -> str | None:
        raise NotImplementedError

    def apply(self, t: Table, step: Step, action: Action) -> None:
        raise NotImplementedError


class _EquipQuestion(Question):
    """What the main phase and a response window share: a choice among the cards that may
    be equipped now, or the do-nothing answer."""

    window: bool  # a response window: instant spells only (4.6, 8.1)
    nothing: Action  # the do-nothing answer
    hidden = True  # what may be equipped comes from the inventory

    def options(self, t: Table, step: Step) -> tuple[Action, ...]:
        found = equips(t, t.players[step[1]], self.window)
        found.append(self.nothing)
        return tuple(found)

    def problem(self, t: Table, step: Step, action: Action) -> str | None:
        p = t.players[step[1]]
        if action == self.nothing:
            return None
        if isinstance(action, Equip):
            return equip_problem(t, p, action, self.window)
        return self.not_an_answer(p)

    def not_an_answer(self, p: PlayerState) -> str:
        raise NotImplementedError


class MainQuestion(_EquipQuestion):
    """The main phase (3.2): equip a card from the inventory, or end the phase."""

    kind = DecisionKind.MAIN
    window = False
    nothing = END

    def options(self, t: Table, step: Step) -> tuple[Action, ...]:
        """``equips(t, p, window=False)`` and END, written out: the game's hottest listing."""
        p = t.players[step[1]]
        left = len(p.primal_deck)
        costs = t.stats.costs[p.index]
        found: list[Action] = []
        hosts: list[CardInstance] | None = None
        for instance in p.inventory:
            cost = costs.get(instance.uid)
            if cost is None:
                cost = costs[instance.uid] = t.stats.card(instance, _PRIMAL_COST, p.index)
            if cost > left:
                continue
            if instance.type is _ATTACH:
                if hosts is None:
                    hosts = [eq.instance for q in t.players if not q.out for eq in q.mat.values()]
                actions = instance.actions  # equip_action(instance, host), written out
                for host in hosts:
                    action = actions.get(host.uid)
                    if action is None:
                        action = actions[host.uid] = Equip(instance, host)
                    found.append(action)
            else:
                action = instance.equip
                if action is None:
                    action = instance.equip = Equip(instance)
                found.append(action)
        found.append(END)
        return tuple(found)

    def not_an_answer(self, p: PlayerState) -> str:
        return f"{p.name} is in the main phase: equip a card or end the phase (3.2)"

    def apply(self, t: Table, step: Step, action: Action) -> None:
        player = step[1]
        p = t.players[player]
        if type(action) is Equip:
            t.equip(p, action.card, action.host)
            if open_windows(t, player, step):  # nothing between: the main phase asks again now
                self.ask(t, step)
            return
        agenda = t.agenda
        agenda.append((END_PHASE, player))
        if p.turns_taken > 1 or t.ruleset.attack_on_first_turn:
            if ev.PhaseStarted in t.heard:
                t.emit(ev.PhaseStarted(player, _ATTACK))
            if not (t.triggered or t.queue or t.deck_emptied or t.stats.stale):  # nothing due:
                # the attack phase asks at once (no agenda pass)
                ATTACK_QUESTION.ask(t, (ATTACK_PHASE, player))
            else:
                agenda.append((ATTACK_PHASE, player))


class RespondQuestion(_EquipQuestion):
    """A response window (8.1, 8.2): play an instant spell, or pass."""

    kind = DecisionKind.RESPONSE
    window = True
    nothing = PASS

    def not_an_answer(self, p: PlayerState) -> str:
        return f"{p.name} is in a response window: play an instant spell or pass (8.1, 8.2)"

    def apply(self, t: Table, step: Step, action: Action) -> None:
        if type(action) is Equip:
            if step[2]:  # 8.2: the attack's target may play any number of instants
                t.agenda.append(step)
            t.equip(t.players[step[1]], action.card, action.host)


# --------------------------------------------------------------------------- combat


class AttackQuestion(Question):
    """The attack phase (3.3, 5.1): attack once with each of weapon and creature, or end."""

    kind = DecisionKind.ATTACK

    def options(self, t: Table, step: Step) -> tuple[Action, ...]:
        p = t.players[step[1]]
        found: list[Action] = []
        for slot in SLOT_ATTACKERS:
            eq = p.mat.get(slot)
            if eq is None or slot in p.attacked:
                continue
            instance = eq.instance
            actions = instance.actions
            for target in t.players:
                if target is not p and not target.out:
                    key = -1 - target.index  # attacks by -1 - target; equips by host uid
                    action = actions.get(key)
                    if action is None:
                        action = actions[key] = Attack(instance, target.index)
                    found.append(action)
        found.append(END)
        return tuple(found)

    def problem(self, t: Table, step: Step, action: Action) -> str | None:
        p = t.players[step[1]]
        if isinstance(action, EndPhase):
            return None
        if not isinstance(action, Attack):
            return f"{p.name} is in the attack phase: attack or end the phase (3.3)"
        slot = action.card.slot
        if slot not in SLOT_ATTACKERS:
            return "only a weapon or a creature attacks (3.3)"
        eq = p.mat.get(slot)
        if eq is None or eq.instance is not action.card:
            return f"{action.card} is not equipped on {p.name}'s mat (3.3)"
        if slot in p.attacked:
            return f"{p.name} has already attacked with their {slot} this turn (3.3)"
        if not 0 <= action.target < len(t.players) or action.target == p.index:
            return f"the target must be an opponent (5.1), not {action.target}"
        if t.players[action.target].out:
            return f"{t.players[action.target].name} is out of the game (9.2)"
        return None

    def apply(self, t: Table, step: Step, action: Action) -> None:
        if type(action) is not Attack:
            return
        t.agenda.append(step)
        p = t.players[step[1]]
        instance = action.card
        slot = instance.slot
        assert slot is not None
        p.attacked.add(slot)
        damage = t.stats.card(instance, CardStat.DAMAGE, p.index)  # before the counter (5.2)
        eq = p.mat[slot]
        own = heard_with(t, eq, ev.AttackDeclared) if t.own else None
        if own or ev.AttackDeclared in t.heard:
            emit_card(t, ev.AttackDeclared(p.index, instance, action.target, damage), own)
        t.add_counters(p, eq, 1)  # 5.2: may destroy it; the damage stands
        dealt = (TAKE_DAMAGE, action.target, damage, instance, p.index, True, t.stats.version)
        windows = t.ruleset.response_windows
        if not (t.triggered or t.queue or t.deck_emptied or t.stats.stale):  # quiet(t)
            if windows and not t.ruleset.ask_every_window:  # holds_instant(target), written out
                for held in t.players[action.target].inventory:
                    if held.type is _INSTANT:
                        break
                else:
                    windows = False  # not asked (8.3)
            if not windows:
                take_damage(t, dealt)  # 5.3, at once: no window, nothing due
                return
        t.agenda.append(dealt)  # 5.3
        if windows:
            t.agenda.append((RESPOND, action.target, True))  # 8.2: the target answers first


ATTACK_QUESTION = AttackQuestion()


def defenders(t: Table, p: PlayerState) -> list[tuple[CardInstance, int]]:
    """``p``'s armour and creature, in that order, with the damage each can still absorb."""
    found = []
    card_stat = t.stats.card
    for slot in DEFENDER_SLOTS:
        eq = p.mat.get(slot)
        if eq is not None:
            left = card_stat(eq.instance, _DURABILITY, p.index) - eq.counters
            if left > 0:
                found.append((eq.instance, left))
    return found


def defend_action(absorbs: tuple[tuple[CardInstance, int], ...]) -> Action:
    """The one ``Defend`` value for these (card, amount) pairs in this game, kept with the
    first card (by the amounts and the other card's uid): listings reuse it."""
    if len(absorbs) > 2:
        return Defend(absorbs)
    first, amount = absorbs[0]
    key = (amount,) if len(absorbs) == 1 else (absorbs[1][0].uid, amount, absorbs[1][1])
    actions = first.actions
    found: Action | None = actions.get(key)
    if found is None:
        found = actions[key] = Defend(absorbs)
    return found


class DefendQuestion(Question):
    """Damage to defend (6.1 to 6.4): name defending cards and amounts, or do not defend."""

    kind = DecisionKind.DEFEND
    same_each_time = False

    def decision(self, t: Table, step: Step) -> Decision:
        """The one ``Decision`` for this damage from this card, kept with the card (by the
        player and the amount), as its actions are; damage from no card makes its own."""
        source: CardInstance | None = step[3]
        if source is None:
            return Decision(_DEFEND, step[1], step[2])
        key = (_DEFEND, step[1], step[2])
        found: Decision | None = source.actions.get(key)
        if found is None:
            found = source.actions[key] = Decision(_DEFEND, step[1], step[2], source)
        return found

    def options(self, t: Table, step: Step) -> tuple[Action, ...]:
        p = t.players[step[1]]
        found = []  # defenders(t, p), written out
        card_stat = t.stats.card
        for slot in DEFENDER_SLOTS:
            eq = p.mat.get(slot)
            if eq is not None:
                left = card_stat(eq.instance, _DURABILITY, p.index) - eq.counters
                if left > 0:
                    found.append((eq.instance, left))
        if not found:  # nothing to defend with: every point is sacrificed (6.1)
            return (NO_DEFENCE,)
        if len(found) == 1:  # defences() of one defender: none, or all it can absorb
            card, left = found[0]
            most = min(step[2], left)
            return (NO_DEFENCE, defend_action(((card, most),))) if most > 0 else (NO_DEFENCE,)
        listing: list[Action] = []
        for absorbs in defences(step[2], found):
            listing.append(defend_action(absorbs) if absorbs else NO_DEFENCE)
        return tuple(listing)

    def problem(self, t: Table, step: Step, action: Action) -> str | None:
        p = t.players[step[1]]
        if not isinstance(action, Defend):
            return f"{p.name} must defend {step[2]} damage first (6.1)"
        return defence_problem(action.absorbs, step[2], dict(defenders(t, p)))

    def apply(self, t: Table, step: Step, action: Action) -> None:  # 6.1 to 6.4
        assert isinstance(action, Defend)
        p = t.players[step[1]]
        absorbed = 0
        heard = ev.Defended in t.heard
        for instance, n in action.absorbs:
            slot = instance.slot
            assert slot is not None
            eq = p.mat[slot]
            own = heard_with(t, eq, ev.Defended) if t.own else None
            if own or heard:
                emit_card(t, ev.Defended(p.index, instance, n, step[4]), own)
            absorbed += n
            t.add_counters(p, eq, n)  # 6.2
        rest = step[2] - absorbed
        if rest <= 0:
            return
        if absorbed:
            if ev.Bled in t.heard:
                t.emit(ev.Bled(p.index, rest))  # 6.3
            t.sacrifice(p, rest, ev.SacrificeReason.BLEED)
        else:
            t.sacrifice(p, rest, ev.SacrificeReason.DAMAGE)  # 6.1


DEFEND_QUESTION = DefendQuestion()


def take_damage(t: Table, step: Step) -> None:
    """The player takes damage: offered as a proposal, then defended (6.1, 6.5), or all
    sacrificed when it cannot be defended (11.6)."""
    _, target, amount, source, by, defendable, declared = step
    # 5.3: an attack deals its card's damage as it is dealt, after the 8.2 window: read again
    # if a card stat may have changed since it was declared (``declared``: the stats' version)
    if declared is not None and declared != t.stats.version:
        found = t.equipped(source)
        if found is not None and found[0].index == by:  # else as declared (5.2)
            amount = t.stats.card(source, _DAMAGE, by)
    if ev.DamageProposal in t.heard:
        proposal = t.bus.propose(ev.DamageProposal(target, amount, source))
        if proposal.cancelled:
            return
        amount = proposal.amount
    if amount <= 0:
        return
    if ev.DamageTaken in t.heard:
        t.emit(ev.DamageTaken(target, amount, source))
    if defendable:
        defend = (DEFEND, target, amount, source, by)
        if t.triggered or t.queue or t.deck_emptied or t.stats.stale:  # the flow has work first
            t.agenda.append(defend)
        else:  # nothing due: the defence is asked at once (no agenda pass)
            DEFEND_QUESTION.ask(t, defend)
    else:
        t.sacrifice(t.players[target], amount, ev.SacrificeReason.DAMAGE)


# --------------------------------------------------------------------------- abilities


class ChooseQuestion(Question):
    """An ability's choice (11.4): one of the options its effect allows."""

    kind = DecisionKind.CHOOSE
    same_each_time = False

    def decision(self, t: Table, step: Step) -> Decision:
        return Decision(DecisionKind.CHOOSE, step[1], 0, step[4], step[5])

    def options(self, t: Table, step: Step) -> tuple[Action, ...]:
        return tuple(Choose(option) for option in step[2])

    def problem(self, t: Table, step: Step, action: Action) -> str | None:
        if not isinstance(action, Choose):
            return f"{t.players[step[1]].name} must choose first (11.4)"
        if not any(action.option is o or _same_player(action.option, o) for o in step[2]):
            return f"{action.option!r} is not one of the choices (11.4)"
        return None

    def apply(self, t: Table, step: Step, action: Action) -> None:
        assert isinstance(action, Choose)
        step[3].apply(t, action.option)


def _same_player(a: object, b: object) -> bool:
    return type(a) is int and type(b) is int and a == b


QUESTIONS: dict[int, Question] = {
    MAIN: MainQuestion(),
    ATTACK_PHASE: ATTACK_QUESTION,
    DEFEND: DEFEND_QUESTION,
    RESPOND: RespondQuestion(),
    CHOOSE: ChooseQuestion(),
}
