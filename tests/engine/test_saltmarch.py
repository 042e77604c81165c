"""The third sample set, Saltmarch (SAL, cards/saltmarch.yaml), played from exact positions.

Saltmarch was written from the docs alone (docs/effects.md, docs/card-format.md) to use every
family of the ability language (RULINGS section 12). Each test plays a representative card of
one family, the bundled card as a designer wrote it, and asserts the exact outcome: events,
zones, counters, decisions. The RULINGS numbers are in each test's name.
"""

from __future__ import annotations

from typing import Any

import pytest

from backlands import load_cards
from backlands.database import CardDatabase
from backlands.engine import (
    Attack,
    Choose,
    Defend,
    DecisionKind,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Pick,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.engine.views import SeenCard
from backlands.model import CardStat, Slot
from backlands.terms import Zone

from .played import mark, pass_turn, replays

EFFECT, COST, DAMAGE = (
    ev.SacrificeReason.EFFECT,
    ev.SacrificeReason.COST,
    ev.SacrificeReason.DAMAGE,
)
WORN_OUT, BY_EFFECT = ev.DestroyReason.WORN_OUT, ev.DestroyReason.EFFECT


@pytest.fixture(scope="module")
def sal() -> CardDatabase:
    """The bundled cards: the three sets and every character."""
    return load_cards()


def mine(game: Game, player: int, slot: Slot) -> Any:
    """The card instance in ``player``'s ``slot``."""
    return game.players[player].mat[slot].instance


def counters(game: Game, player: int, slot: Slot) -> int:
    return game.players[player].mat[slot].counters


def to_attack(game: Game) -> None:
    """End the main phase, if it has not ended by itself (nothing left to equip)."""
    assert game.decision is not None
    if game.decision.kind is DecisionKind.MAIN:
        game.play(EndPhase())
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK


# =========================================================================== 12.1 conditions


def test_rule_12_1_brine_shiv_poisons_a_healthy_target_and_hits_a_poisoned_one_harder(
    sal, player, position, find, events
):
    """An ``if`` with ``otherwise`` about the player it attacks, read as it resolves."""
    shiv = sal["brine-shiv"]
    game = position(player(6, mat={Slot.WEAPON: shiv}), player(6), phase=StartPhase.ATTACK)
    s = find(game, shiv)
    m = mark(game)
    game.play(Attack(s, 1))  # P2 is not POISONED: POISON them, 1 damage
    assert events(game, since=m)[:5] == [
        ev.AttackDeclared(0, s, 1, 1),
        ev.CounterAdded(s, 1, 1),
        ev.AbilityResolving(0, s, "attacks"),
        ev.PlayerPoisoned(1),
        ev.DamageTaken(1, 1, s),
    ]
    poisoned = position(
        player(6, mat={Slot.WEAPON: shiv}), player(6, poisoned=True), phase=StartPhase.ATTACK
    )
    s = find(poisoned, shiv)
    m = mark(poisoned)
    poisoned.play(Attack(s, 1))  # P2 is POISONED: +2 damage, dealt as 3 (5.3)
    assert events(poisoned, since=m)[:5] == [
        ev.AttackDeclared(0, s, 1, 1),
        ev.CounterAdded(s, 1, 1),
        ev.AbilityResolving(0, s, "attacks"),
        ev.CardBoosted(s, CardStat.DAMAGE, 2),
        ev.DamageTaken(1, 3, s),
    ]


def test_rule_12_1_saltcrust_cleaver_is_stronger_while_any_of_its_conditions_holds(
    sal, player, position, find
):
    """``while:`` with ``any`` and ``not``: +1 damage with no creature equipped, or with 10
    or fewer cards in the primal deck; not with a creature and 11 cards."""
    cleaver, heron = sal["saltcrust-cleaver"], sal["salt-marsh-heron"]
    alone = position(player(20, mat={Slot.WEAPON: cleaver}), player(6))
    assert alone.stat(find(alone, cleaver), CardStat.DAMAGE) == 3
    paired = position(player(11, mat={Slot.WEAPON: cleaver, Slot.CREATURE: heron}), player(6))
    c = find(paired, cleaver)
    assert paired.stat(c, CardStat.DAMAGE) == 2
    low = position(player(10, mat={Slot.WEAPON: cleaver, Slot.CREATURE: heron}), player(6))
    assert low.stat(find(low, cleaver), CardStat.DAMAGE) == 3


def test_rule_12_1_ghost_crab_swarm_draws_only_when_an_effect_destroys_it(
    sal, player, position, find, events
):
    """A trigger filter ``if: {condition: reason, reason: effect}``: the Leviathan's DESTROY
    draws a card; worn out by its own attack, it draws nothing."""
    crab, leviathan = sal["ghost-crab-swarm"], sal["brinemaw-leviathan"]
    game = position(player(9, inventory=[leviathan]), player(5, mat={Slot.CREATURE: crab}))
    c = find(game, crab)
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Equip(find(game, leviathan)))  # its one legal choice, the Swarm, is taken
    assert events(game, ev.CardDestroyed, ev.AbilityResolving, ev.CardDrawn, since=m)[-3:] == [
        ev.CardDestroyed(1, c, BY_EFFECT),
        ev.AbilityResolving(1, c, "destroyed"),
        ev.CardDrawn(1, top[0]),
    ]
    worn = position(player(5, mat={Slot.CREATURE: crab}), player(5), phase=StartPhase.ATTACK)
    c = find(worn, crab)
    m = mark(worn)
    worn.play(Attack(c, 1))
    assert ev.CardDestroyed(0, c, WORN_OUT) in events(worn, since=m)
    assert not events(worn, ev.AbilityResolving, since=m)  # P2's turn draw is all it drew


def test_rule_12_1_spinebrine_eel_answers_only_an_attack_of_3_or_more(
    sal, player, position, find, events
):
    """A filter on the attacking card's live damage (``card: attacking_card``)."""
    eel, cleaver, shiv = sal["spinebrine-eel"], sal["saltcrust-cleaver"], sal["brine-shiv"]
    game = position(
        player(6, mat={Slot.WEAPON: cleaver}),  # 3 damage: no creature equipped
        player(6, mat={Slot.CREATURE: eel}),
        phase=StartPhase.ATTACK,
    )
    c, e = find(game, cleaver), find(game, eel)
    m = mark(game)
    game.play(Attack(c, 1))
    assert events(game, since=m)[:4] == [
        ev.AttackDeclared(0, c, 1, 3),
        ev.CounterAdded(c, 1, 1),
        ev.AbilityResolving(1, e, "opponent_attacks"),
        ev.CounterAdded(c, 1, 2),
    ]
    weak = position(
        player(6, mat={Slot.WEAPON: shiv}),
        player(6, mat={Slot.CREATURE: eel}, poisoned=True),
        phase=StartPhase.ATTACK,
    )
    m = mark(weak)
    weak.play(Attack(find(weak, shiv), 1))  # 1 damage as declared: the Eel stays silent
    assert "opponent_attacks" not in [e.trigger for e in events(weak, ev.AbilityResolving)]


def test_rule_12_1_tide_charm_boosts_only_a_creature_equipped_this_turn(
    sal, player, position, find, events
):
    """``all`` of ``type`` and ``equipped_this_turn``, both about ``attached_to``."""
    charm, hound, shiv = sal["tide-charm"], sal["brine-hound"], sal["brine-shiv"]
    fresh = position(player(6, inventory=[hound, charm]), player(6))
    h = find(fresh, hound)
    fresh.play(Equip(h))
    fresh.play(Equip(find(fresh, charm), host=h))
    to_attack(fresh)
    m = mark(fresh)
    fresh.play(Attack(h, 1))
    assert events(fresh, ev.CardBoosted, ev.DamageTaken, since=m) == [
        ev.CardBoosted(h, CardStat.DAMAGE, 2),
        ev.DamageTaken(1, 4, h),
    ]
    old = position(
        player(6, mat={Slot.CREATURE: MatCard(hound, attached=[charm])}),
        player(6),
        phase=StartPhase.ATTACK,
    )
    h = find(old, hound)
    m = mark(old)
    old.play(Attack(h, 1))
    assert events(old, ev.CardBoosted, ev.DamageTaken, since=m) == [ev.DamageTaken(1, 2, h)]
    weapon = position(player(6, inventory=[shiv, charm]), player(6, poisoned=True))
    s = find(weapon, shiv)
    weapon.play(Equip(s))
    weapon.play(Equip(find(weapon, charm), host=s))
    to_attack(weapon)
    m = mark(weapon)
    weapon.play(Attack(s, 1))  # the Shiv's own +2 (P2 is POISONED), not the Charm's
    assert events(weapon, ev.CardBoosted, since=m) == [ev.CardBoosted(s, CardStat.DAMAGE, 2)]


def test_rule_12_1_brinemaw_leviathan_destroys_only_a_card_that_costs_3_or_less(
    sal, player, position, find, events, assert_illegal
):
    """``where: {condition: cost, at_most: 3}``: a 4-cost card is no choice (11.4)."""
    leviathan, heron, cleaver = (
        sal["brinemaw-leviathan"],
        sal["salt-marsh-heron"],
        sal["saltcrust-cleaver"],
    )
    aegis = sal["tideglass-aegis"]
    game = position(
        player(9, inventory=[leviathan]),
        player(5, mat={Slot.WEAPON: cleaver, Slot.CREATURE: heron, Slot.ARMOUR: aegis}),
    )
    m = mark(game)
    game.play(Equip(find(game, leviathan)))
    # 5 + 2 cards sacrificed: the primal cost, then the extra cost (4.3, 12.4)
    assert [e.reason for e in events(game, ev.CardSacrificed, since=m)] == [COST] * 7
    c, h, a = find(game, cleaver), find(game, heron), find(game, aegis)
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE
    assert game.legal_actions().snapshot() == (Choose(c), Choose(h))
    assert_illegal(game, Choose(a), "primal cost of 3 or less (12.1)")
    m = mark(game)
    game.play(Choose(h))
    assert events(game, ev.CardDestroyed, since=m) == [ev.CardDestroyed(1, h, BY_EFFECT)]
