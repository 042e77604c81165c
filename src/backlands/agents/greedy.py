"""A greedy agent: a readable heuristic that looks one decision ahead.

How it plays (docs/simulation.md, "Agents"):

- **Attack** with every card that can, the hardest hitter first, at the opponent closest to
  elimination: the fewest primal deck cards plus defence left on their mat (5.1, 9.1).
- **Everything else** (equip, salvage, instants in a response window, defence, an ability's
  choice) by one-step lookahead: on a sample of the game (what the player cannot see dealt
  again, ``Perspective.sample``) it tries each legal action, lets the answers it causes
  settle (the defender defends, windows pass), and keeps the action whose position
  :func:`evaluate` scores best. Ending the main phase or passing is the baseline, so it
  equips only what pays for its primal cost (4.3) and plays an instant only when it helps.

:func:`evaluate` counts material in primal deck cards, the unit of life (9.1): each
player's deck, what their equipped cards will still do (damage over the next few attacks,
defence left), their inventory, and poison; then the player's score against the mean of
their opponents'.
"""

from __future__ import annotations

import random

from ..engine import Action, Attack, DecisionKind, Defend, EndPhase, Game, Pass
from ..model import CardStat, CardType
from .base import Perspective

__all__ = ["GreedyAgent", "evaluate", "greedy_action", "quick_action", "settle"]

#: How many attacks ahead an equipped card's damage counts (a card may last longer, but
#: the game may not).
HORIZON = 3
#: Primal deck cards per point of damage a card will still deal.
OFFENCE = 0.8
#: Primal deck cards per point of defence left on armour (6.4).
DEFENCE = 0.6
#: A creature both attacks and defends with the same durability: this much of it counts
#: as defence on top of its offence.
CREATURE_DEFENCE = 0.2
#: An active spell or an attach spell in play (its effect, whatever it is).
SPELL = 1.0
#: A card in the inventory: a choice to come.
INVENTORY = 0.4
#: A poisoned player expects to lose this much before they are cured (7.1).
POISON = 1.5
#: A won or lost game, beyond any material.
DECIDED = 1000.0
#: The most decisions :func:`settle` answers before it scores anyway.
SETTLE_LIMIT = 24

DAMAGE = CardStat.DAMAGE
DURABILITY = CardStat.DURABILITY


def evaluate(game: Game, player: int) -> float:
    """How good ``game`` looks for ``player``, in primal deck cards: their material minus
    the mean of their opponents' still in the game; ±:data:`DECIDED` once it is over."""
    outcome = game.outcome
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return DECIDED if outcome.winner == player else -DECIDED
    players = game.players
    mine = material(game, player)
    others = [material(game, p.index) for p in players if p.index != player and not p.out]
    if not others:
        return mine
    return mine - sum(others) / len(others)


def material(game: Game, player: int) -> float:
    """A player's material in primal deck cards (see the module docstring)."""
    p = game.players[player]
    if p.out:
        return -DECIDED
    score = len(p.primal_deck) + INVENTORY * len(p.inventory)
    if p.poisoned:
        score -= POISON
    stat = game.stat
    for eq in p.mat.values():
        card = eq.instance
        kind = card.type
        if eq.attached:
            score += SPELL * len(eq.attached)
        left = stat(card, DURABILITY, player) - eq.counters
        if left <= 0:
            continue
        if kind is CardType.WEAPON:
            score += OFFENCE * stat(card, DAMAGE, player) * min(left, HORIZON)
        elif kind is CardType.CREATURE:
            score += OFFENCE * stat(card, DAMAGE, player) * min(left, HORIZON)
            score += CREATURE_DEFENCE * left
        elif kind is CardType.ARMOUR:
            score += DEFENCE * left
        else:  # an active spell: its effect for the turns it has left (4.8)
            score += SPELL * min(left, HORIZON)
    return score


def defence_left(game: Game, player: int) -> int:
    """Damage ``player`` can still absorb with their armour and creatures (6.1)."""
    p = game.players[player]
    total = 0
    for eq in p.mat.values():
        card = eq.instance
        if card.type is CardType.ARMOUR or card.type is CardType.CREATURE:
            total += max(0, game.stat(card, DURABILITY, player) - eq.counters)
    return total


def quick_action(game: Game, rng: random.Random) -> Action:
    """A fast rule of thumb for any decision (the playouts of the search agent, and the
    answers :func:`settle` gives): equip an affordable card into an empty slot, attack
    the weakest opponent, defend with as much as possible, pass response windows, choose
    at random. No lookahead."""
    decision = game.decision
    assert decision is not None
    actions = game.legal_actions()
    kind = decision.kind
    if len(actions) == 1:
        return actions[0]
    if kind is DecisionKind.ATTACK:
        return _strongest_attack(game, actions, decision.player) or actions[0]
    if kind is DecisionKind.DEFEND:
        return max(actions, key=_absorbed)
    if kind is DecisionKind.RESPONSE:
        return Pass()
    if kind is DecisionKind.MAIN:
        p = game.players[decision.player]
        budget = len(p.primal_deck) // 4
        for action in actions:
            if isinstance(action, EndPhase):
                continue
            card = action.card  # type: ignore[union-attr]
            slot = card.slot
            if (
                slot is not None
                and slot not in p.mat
                and game.cost(card, decision.player) <= budget
                and card.type is not CardType.ATTACH_SPELL
            ):
                return action
        return EndPhase()
    return actions[rng.randrange(len(actions))]


def _absorbed(action: Action) -> int:
    return sum(n for _, n in action.absorbs) if isinstance(action, Defend) else 0


def _strongest_attack(game: Game, actions: object, player: int) -> Attack | None:
    """The attack with the hardest-hitting card at the opponent closest to elimination."""
    best: Attack | None = None
    best_key: tuple[int, int, int, int] | None = None
    for action in actions:  # type: ignore[attr-defined]
        if not isinstance(action, Attack):
            continue
        target = action.target
        damage = game.stat(action.card, DAMAGE, player)
        closeness = len(game.players[target].primal_deck) + defence_left(game, target)
        key = (-damage, closeness, target, action.card.uid)
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best


def settle(game: Game, player: int, rng: random.Random) -> None:
    """Answer, with :func:`quick_action`, the decisions that follow until ``player`` is
    asked for a main-phase or attack-phase action again, someone else's turn asks for
    one, or the game is over (at most :data:`SETTLE_LIMIT` decisions)."""
    for _ in range(SETTLE_LIMIT):
        decision = game.decision
        if decision is None or decision.kind is DecisionKind.MAIN:
            return
        if decision.kind is DecisionKind.ATTACK:
            return
        game.play(quick_action(game, rng))


def greedy_action(game: Game, rng: random.Random) -> Action:
    """The greedy choice for ``game``'s pending decision, reading ``game`` as it is: call it
    on a sample (``Perspective.sample``), never on the real game, or it would see cards its
    player cannot (see :class:`GreedyAgent`)."""
    decision = game.decision
    assert decision is not None
    actions = game.legal_actions()
    if len(actions) == 1:
        return actions[0]
    player = decision.player
    if decision.kind is DecisionKind.ATTACK:
        return _strongest_attack(game, actions, player) or actions[0]
    best: Action = actions[0]
    best_score = float("-inf")
    for action in tuple(actions):
        trial = game.copy()
        trial.play(action)
        settle(trial, player, rng)
        score = evaluate(trial, player)
        if score > best_score:
            best, best_score = action, score
    return best


class GreedyAgent:
    """Attacks the opponent closest to elimination; decides everything else by one-step
    lookahead on a sample of the game, scored by :func:`evaluate` (see the module)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, perspective: Perspective) -> Action:
        actions = perspective.legal_actions()
        if len(actions) == 1:
            return actions[0]
        # the sample differs from the real game only in what the player cannot see; the
        # listing is the same (it is the player's own decision)
        return greedy_action(perspective.sample(self._rng), self._rng)
