"""The turn (RULINGS 3.1 to 3.4): every phase change, as steps and the two questions of
the active player, the main phase (:class:`MainPhase`) and the attack phase
(:class:`AttackPhase`).

A turn runs: :func:`start_turn` (3.1: draw, then "at the start of your turn" abilities),
the main phase (3.2), the attack phase (3.3, none on a player's first turn:
:func:`may_attack`), the end phase (:class:`EndPhase`: "at the end of your turn", then
:class:`Upkeep`: 3.4's counters on an active spell and 7.1's poison check). When the agenda
runs empty, :func:`next_turn` ends the turn and starts the next player's.
"""

from __future__ import annotations

from typing import ClassVar, Final

from ..keywords import AttacksFirstTurn, AttacksTwice, CannotAttack
from ..terms import CardStat, CardType, Keyword, PlayerStat, Slot
from .actions import SLOT_ATTACKERS, Action, Attack, DecisionKind, Equip
from .actions import EndPhase as EndPhaseAction
from .agenda import check_durability, check_state
from .combat import TakeDamage
from .equipping import TARGET_WINDOWS, EquipQuestion, equip
from .events import (
    AttackDeclared,
    Phase,
    PhaseStarted,
    PoisonChecked,
    TurnEnded,
    TurnStarted,
)
from .state import CardInstance, PlayerState
from .statics import card_statics
from .steps import Question, Step, each_player
from .table import Table

__all__ = [
    "AttackPhase",
    "EndPhase",
    "MainPhase",
    "PhaseStarts",
    "TurnStart",
    "Upkeep",
    "attacks_allowed",
    "declare_attack",
    "may_attack",
    "next_turn",
    "start_turn",
]

END: Final = EndPhaseAction()
_START: Final = Phase.START
_MAIN: Final = Phase.MAIN
_ATTACK: Final = Phase.ATTACK
_END: Final = Phase.END
_DRAWS: Final = PlayerStat.DRAWS_PER_TURN
_DAMAGE: Final = CardStat.DAMAGE
_SPELL: Final = Slot.SPELL
_ACTIVE_SPELL: Final = CardType.ACTIVE_SPELL
_POISON: Final = Keyword.POISON


def _first_turn(t: Table, p: PlayerState) -> bool:
    """3.3: this is ``p``'s first turn, which has no attack phase (unless the ruleset's
    ``attack_on_first_turn`` says otherwise)."""
    return p.turns_taken <= 1 and not t.ruleset.attack_on_first_turn


def may_attack(t: Table, p: PlayerState) -> bool:
    """3.3: a player's turn has an attack phase, except their first; on their first, if a
    static lets one of their cards attack then (12.8: ``attacks_first_turn``)."""
    if p.turns_taken > 1 or not _first_turn(t, p):  # (a later turn: no need to ask)
        return True
    if not t.stats.statics:
        return False
    return any(
        attacks_allowed(t, p, eq.instance)[0]
        for slot, eq in p.mat.items()
        if slot in SLOT_ATTACKERS
    )


def attacks_allowed(t: Table, p: PlayerState, card: CardInstance) -> tuple[int, str]:
    """How many times ``card``, on ``p``'s mat, may attack this turn (3.3): once, except on
    ``p``'s first turn; the statics in play may forbid it (``cannot_attack``), let it attack
    on that first turn (``attacks_first_turn``) or twice (``attacks_twice``); a prohibition
    wins over a permission (12.8). With why it may not (0), or the rule of its limit. (The
    attack listing asks it only when a static is in play or on a first turn: otherwise a
    card attacks once, 3.3.)"""
    statics = t.stats.statics
    first = _first_turn(t, p)
    if not statics:
        if first:
            return 0, f"{p.name} does not attack on their first turn (3.3)"
        return 1, "3.3"
    side = p.index
    if card_statics(t.stats, CannotAttack, card, side):
        return 0, f"{card.card.name} cannot attack (12.8)"
    if first and not card_statics(t.stats, AttacksFirstTurn, card, side):
        return 0, f"{p.name} does not attack on their first turn (3.3)"
    if card_statics(t.stats, AttacksTwice, card, side):
        return 2, "12.8"
    return 1, "3.3"


def next_turn(t: Table) -> None:
    """The agenda is empty: the turn ends (3.4), play passes clockwise to the next player
    still in the game, and their turn starts (3.1). What the end of the turn triggered
    resolves first (11.3): the next turn then waits in a :class:`TurnStart` step."""
    if t.turn != t.last_turn_ended:  # once a turn, even if what its end triggered delays
        t.last_turn_ended = t.turn  # the next (11.3)
        stats = t.stats
        if stats.boosts or stats.grants:
            ends_turn(t)
        if t.turn:
            t.publish(TurnEnded, t.active, t.turn)
    limit = t.turn_limit
    if t.turn >= limit:
        t.finish(None, f"turn limit of {limit} reached")
        return
    players = t.players
    n = len(players)
    following = (t.active + 1) % n
    while players[following].out:  # skipping players who are out
        following = (following + 1) % n
    if t.triggered:
        t.agenda.append(TURN_STARTS[following])
        return
    start_turn(t, players[following])


def ends_turn(t: Table) -> None:
    """What lasts until the end of the turn ends: boosts (11.6) and grants "this turn" or
    "until the end of your next turn" (12.9); a card may wear out now (6.2), before the
    next turn starts."""
    stats = t.stats
    if stats.boosts:
        stats.end_boosts()
    if stats.grants:
        active = t.players[t.active]
        t.end_grants_at(active.index, active.turns_taken, False)
    if stats.stale:
        check_durability(t)


class TurnStart(Step):
    """The turn of ``player`` starts (the first turn, or one whose start waited, 11.3)."""

    __slots__ = ()

    def run(self, t: Table) -> None:
        start_turn(t, t.players[self.player])


def start_turn(t: Table, p: PlayerState) -> None:
    """3.1: ``p``'s turn starts: the turn count goes on, ``p`` is active and has attacked
    with nothing yet this turn (3.3), no decision has been asked and no effect resolved in
    it yet (9.4); they draw; "at the start of your turn" abilities resolve before the main
    phase starts (3.2)."""
    t.turn += 1
    t.decisions_this_turn = 0
    t.effects_this_turn = 0
    t.active = p.index
    stats = t.stats  # what ``while:`` conditions read (12.1)
    stats.turn = t.turn
    stats.active = p.index
    p.turns_taken += 1
    p.attacked.clear()
    t.publish(TurnStarted, p.index, t.turn)
    if stats.grants:  # 12.9: "until your next turn" ends as it begins, before its draw
        t.end_grants_at(p.index, p.turns_taken, True)
        if stats.stale:
            check_durability(t)
    t.publish(PhaseStarted, p.index, _START)
    t.draw(p, stats.player(p.index, _DRAWS))
    if t.out_check_due:
        check_state(t)  # 9.2: drawing the last card puts the player out at once
        if p.out:
            return
    main = MAIN_PHASES[p.index]
    if t.triggered:  # "at the start of your turn" resolves first, then the main phase
        t.agenda.append(main)
        t.agenda.append(PhaseStarts(p.index, _MAIN))
        return
    t.publish(PhaseStarted, p.index, _MAIN)
    t.then(main)


class PhaseStarts(Step):
    """A phase of ``player``'s turn starts, after what delayed it resolved (11.3)."""

    __slots__ = ("phase",)

    def __init__(self, player: int, phase: Phase) -> None:
        Step.__init__(self, player)
        self.phase = phase

    def run(self, t: Table) -> None:
        t.publish(PhaseStarted, self.player, self.phase)


class MainPhase(EquipQuestion):
    """The main phase (3.2): equip a card from the inventory, or end the phase. Made once
    per player (``MAIN_PHASES``), with the phases that follow it in that player's turns (3.3, 3.4),
    so that ending it finds them without a call."""

    __slots__ = ("_attack", "_end")
    kind = DecisionKind.MAIN
    window = False
    nothing: Action = END  # annotated: mypyc wants the base class's type

    def __init__(self, player: int) -> None:
        EquipQuestion.__init__(self, player)
        self._attack = ATTACK_PHASES[player]
        self._end = END_PHASES[player]

    def not_an_answer(self, p: PlayerState) -> str:
        return f"{p.name} is in the main phase: equip a card or end the phase (3.2)"

    def apply(self, t: Table, action: Action) -> None:
        p = t.players[self.player]
        if type(action) is Equip:
            # the main phase goes on after the windows (3.2, 8.1)
            equip(t, p, action, self)
            return
        # the main phase ends: the attack phase (3.3), if ``p`` may attack, then the end phase
        t.agenda.append(self._end)
        if may_attack(t, p):
            t.publish(PhaseStarted, p.index, _ATTACK)
            t.then(self._attack)


class AttackPhase(Question):
    """The attack phase (3.3, 5.1): attack once with each of weapon and creature, or end."""

    __slots__ = ()
    kind = DecisionKind.ATTACK

    def options(self, t: Table) -> tuple[Action, ...]:
        p = t.players[self.player]
        values = t.values
        found: list[Action] = []
        ruled = t.stats.statics or p.turns_taken <= 1  # a static, or maybe the first turn
        for slot in SLOT_ATTACKERS:
            eq = p.mat.get(slot)
            if eq is None:
                continue
            if ruled:  # 3.3, 12.8: as many attacks as the rule allows
                if p.attacked.count(slot) >= attacks_allowed(t, p, eq.instance)[0]:
                    continue
            elif slot in p.attacked:  # 3.3: once a turn
                continue
            made = eq.instance.attack_actions  # its attacks by target, read directly
            for target in t.players:
                if target is not p and not target.out:
                    action = None if made is None else made.get(target.index)
                    if action is None:
                        action = values.attack(eq.instance, target.index)
                    found.append(action)
        found.append(END)
        return tuple(found)

    def problem(self, t: Table, action: object) -> str | None:
        p = t.players[self.player]
        if isinstance(action, EndPhaseAction):
            return None
        if not isinstance(action, Attack):
            return f"{p.name} is in the attack phase: attack or end the phase (3.3)"
        slot = action.card.slot
        if slot not in SLOT_ATTACKERS:
            return "only a weapon or a creature attacks (3.3)"
        eq = p.mat.get(slot)
        if eq is None or eq.instance is not action.card:
            return f"{action.card} is not equipped on {p.name}'s mat (3.3)"
        allowed, why = attacks_allowed(t, p, eq.instance)
        if not allowed:
            return why
        if p.attacked.count(slot) >= allowed:
            times = " twice" if allowed == 2 else ""
            return f"{p.name} has already attacked with their {slot}{times} this turn ({why})"
        if not 0 <= action.target < len(t.players) or action.target == p.index:
            return f"the target must be an opponent (5.1), not {action.target}"
        if t.players[action.target].out:
            return f"{t.players[action.target].name} is out of the game (9.2)"
        return None

    def apply(self, t: Table, action: Action) -> None:
        if type(action) is not Attack:
            return  # the end phase waits below (3.4)
        t.agenda.append(self)  # the attack phase goes on after this attack (3.3)
        declare_attack(t, t.players[self.player], action)


def declare_attack(t: Table, p: PlayerState, action: Attack) -> None:
    """``p`` attacks (5.1 to 5.3): the attacking card takes its counter (and may be
    destroyed by it, 5.2: the damage stands), then the target's window (8.2) and the damage,
    as it is dealt."""
    instance = action.card
    slot = instance.slot
    assert slot is not None
    p.attacked.append(slot)
    damage = t.stats.card(instance, _DAMAGE, p.index)  # before the counter (5.2)
    t.publish(AttackDeclared, p.index, instance, action.target, damage)
    t.add_counters(p, p.mat[slot], 1)  # 5.2
    dealt = TakeDamage(action.target, damage, instance, p.index, True, t.stats.version)  # 5.3
    if t.response_windows:
        t.agenda.append(dealt)
        t.then(TARGET_WINDOWS[action.target])  # 8.2: the target answers first
    else:
        t.then(dealt)


class EndPhase(Step):
    """3.4: the end phase: "at the end of your turn" abilities first, then the rest of it,
    in the same step (an :class:`Upkeep` step of its own only when abilities resolve in
    between): 1 durability counter on the equipped active spell (4.8); then 7.1: a poisoned
    player flips the ruleset's coins: all heads cures them, else they take the poison's
    damage (11.5: not a player immune to POISON)."""

    __slots__ = ()
    starts: ClassVar[bool] = True  # the step starts the phase (``Upkeep``: after its abilities)

    def run(self, t: Table) -> None:
        player = self.player
        if self.starts:
            t.publish(PhaseStarted, player, _END)
            if t.triggered:  # they resolve before the rest of the end phase (11.2, 11.3)
                t.agenda.append(UPKEEPS[player])
                return
        p = t.players[player]
        spell = p.mat.get(_SPELL)
        if spell is not None and spell.instance.type is _ACTIVE_SPELL:
            t.add_counters(p, spell, t.ruleset.active_spell_counters_per_turn)  # 4.8
        if p.poisoned and not t.stats.is_immune(player, _POISON):  # 7.1, 11.5
            rng = t.rng
            coins = tuple(rng.random() < 0.5 for _ in range(t.ruleset.poison_coins))
            cured = all(coins)
            if cured:
                p.poisoned = False
                p.version += 1
            t.publish(PoisonChecked, player, coins, cured)
            if not cured:
                t.agenda.append(TakeDamage(player, t.ruleset.poison_damage, None, None, True, None))


class Upkeep(EndPhase):
    """The rest of the end phase, after its abilities (3.4, 7.1)."""

    __slots__ = ()
    starts = False


# each player's phase steps, shared by every game (``steps.each_player``); the main phases
# last: each holds its player's attack and end phases
TURN_STARTS: Final = each_player(TurnStart)
ATTACK_PHASES: Final = each_player(AttackPhase)
END_PHASES: Final = each_player(EndPhase)
UPKEEPS: Final = each_player(Upkeep)
MAIN_PHASES: Final = each_player(MainPhase)
