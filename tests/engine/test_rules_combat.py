"""RULINGS sections 5 (attacking), 6 (damage, defence, bleed) and the 7.1 poison check."""

from __future__ import annotations

import itertools

import pytest

from backlands.engine import (
    Attack,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    MatCard,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardType,
    ContinuousAbility,
    Slot,
    Whose,
)
from backlands.ruleset import STANDARD, Ruleset

DAMAGE = ev.SacrificeReason.DAMAGE
BLEED = ev.SacrificeReason.BLEED
WORN_OUT = ev.DestroyReason.WORN_OUT

# --------------------------------------------------------------------------- 5.1


def test_rule_5_1_weapon_and_creature_attack_once_each_at_different_targets(
    make_card, player, position, find, events, assert_illegal
):
    weapon = make_card(CardType.WEAPON, damage=2, durability=5)
    creature = make_card(CardType.CREATURE, damage=3, durability=5)
    game = position(
        player(5, mat={Slot.WEAPON: weapon, Slot.CREATURE: creature}),
        player(6),
        player(6),
        phase=StartPhase.ATTACK,
    )
    w, c = find(game, weapon), find(game, creature)
    assert set(game.legal_actions()) == {
        Attack(w, 1),
        Attack(w, 2),
        Attack(c, 1),
        Attack(c, 2),
        EndPhase(),
    }
    game.play(Attack(w, 1))
    assert game.decision.kind is DecisionKind.ATTACK  # P2 had nothing to defend with
    assert set(game.legal_actions()) == {Attack(c, 1), Attack(c, 2), EndPhase()}
    assert_illegal(game, Attack(w, 2), "P1 has already attacked with their weapon this turn (3.3)")
    game.play(Attack(c, 2))
    assert [(e.card, e.target, e.damage) for e in events(game, ev.AttackDeclared)] == [
        (w, 1, 2),
        (c, 2, 3),
    ]
    assert len(game.players[1].void) == 2
    # P3 took 3 and the attack phase ended by itself: P2's turn began and P2 drew
    assert len(game.players[2].void) == 3
    assert game.active == 1


def test_rule_5_1_attack_targets_must_be_opponents_in_the_game(
    make_card, player, position, find, assert_illegal
):
    weapon = make_card(CardType.WEAPON)
    armour = make_card(CardType.ARMOUR)
    loose = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[loose], mat={Slot.WEAPON: weapon, Slot.ARMOUR: armour}),
        player(0),
        player(5),
        phase=StartPhase.ATTACK,
    )
    w = find(game, weapon)
    assert_illegal(game, Attack(w, 0), "the target must be an opponent (5.1), not 0")
    assert_illegal(game, Attack(w, 3), "the target must be an opponent (5.1), not 3")
    assert_illegal(game, Attack(w, -1), "(5.1)")
    assert_illegal(game, Attack(w, 1), "P2 is out of the game (9.2)")
    assert_illegal(game, Attack(find(game, armour), 2), "only a weapon or a creature attacks (3.3)")
    assert_illegal(game, Attack(find(game, loose), 2), "is not equipped on P1's mat")


# --------------------------------------------------------------------------- 5.2


def test_rule_5_2_attack_puts_one_counter_on_the_attacker(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=1, durability=3)
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(weapon, counters=1)}, inventory=[]),
        player(5, mat={Slot.ARMOUR: make_card(CardType.ARMOUR)}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    assert game.players[0].mat[Slot.WEAPON].counters == 2


def test_rule_5_2_attack_that_destroys_its_own_weapon_still_deals_damage(
    make_card, player, position, find, events
):
    weapon = make_card(CardType.WEAPON, damage=4, durability=3)
    creature = make_card(CardType.CREATURE, damage=1, durability=3)
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(weapon, counters=2), Slot.CREATURE: creature}),
        player(6),
        phase=StartPhase.ATTACK,
    )
    w = find(game, weapon)
    p2 = game.players[1]
    top = p2.deck_top_first()
    mark = len(game.log)
    game.play(Attack(w, 1))
    assert events(game, since=mark) == [
        ev.AttackDeclared(0, w, 1, 4),
        ev.CounterAdded(w, 1, 3),
        ev.CardDestroyed(0, w, WORN_OUT),
        ev.DamageTaken(1, 4, w),
        *[ev.CardSacrificed(1, i, DAMAGE) for i in top[:4]],
    ]
    assert game.players[0].void == [w]
    assert Slot.WEAPON not in game.players[0].mat
    assert p2.void == top[:4] and len(p2.primal_deck) == 2
    # the creature may still attack
    assert set(game.legal_actions()) == {Attack(find(game, creature), 1), EndPhase()}


# --------------------------------------------------------------------------- 5.3


def test_rule_5_3_damage_is_the_attackers_damage_after_modifiers(
    make_card, make_character, player, position, find, events
):
    brute = make_character(pro=[CardStatModifier(CardStat.DAMAGE, 2)])
    dampener = make_card(
        CardType.ARMOUR,
        durability=9,
        abilities=[
            ContinuousAbility([CardStatModifier(CardStat.DAMAGE, -1, whose=Whose.OPPONENTS)])
        ],
    )
    weapon = make_card(CardType.WEAPON, damage=3)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}, character=brute),
        player(8, mat={Slot.ARMOUR: dampener}),
        phase=StartPhase.ATTACK,
    )
    w = find(game, weapon)
    assert game.stat(w, CardStat.DAMAGE, 0) == 4
    game.play(Attack(w, 1))
    assert events(game, ev.AttackDeclared) == [ev.AttackDeclared(0, w, 1, 4)]
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 4, w)


# --------------------------------------------------------------------------- 6.1


def _defence_game(make_card, player, position, find, *, damage, armour=None, creature=None):
    weapon = make_card(CardType.WEAPON, damage=damage, durability=9)
    mat = {}
    if armour is not None:
        mat[Slot.ARMOUR] = MatCard(make_card(CardType.ARMOUR, durability=armour[0]), armour[1])
    if creature is not None:
        mat[Slot.CREATURE] = MatCard(
            make_card(CardType.CREATURE, durability=creature[0]), creature[1]
        )
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(8, mat=mat),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    p2 = game.players[1]
    a = p2.mat[Slot.ARMOUR].instance if armour is not None else None
    c = p2.mat[Slot.CREATURE].instance if creature is not None else None
    return game, a, c


def test_rule_6_1_not_defending_sacrifices_all_damage(make_card, player, position, find, events):
    game, _, _ = _defence_game(make_card, player, position, find, damage=3, armour=(4, 0))
    p2 = game.players[1]
    top = p2.deck_top_first()
    assert game.decision == Decision(
        DecisionKind.DEFEND, 1, 3, game.players[0].mat[Slot.WEAPON].instance
    )
    mark = len(game.log)
    game.play(Defend())
    assert events(game, since=mark)[:3] == [ev.CardSacrificed(1, i, DAMAGE) for i in top[:3]]
    assert not events(game, ev.Bled, ev.Defended)
    assert p2.void == top[:3]
    assert p2.mat[Slot.ARMOUR].counters == 0


def test_rule_6_1_no_defender_means_damage_is_sacrificed_at_once(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=2)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(5, mat={Slot.WEAPON: make_card(CardType.WEAPON)}),  # a weapon does not defend
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    assert len(game.players[1].void) == 2
    assert all(not isinstance(a, Defend) for a in game.actions)


# --------------------------------------------------------------------------- 6.2


def test_rule_6_2_defender_takes_counters_and_is_destroyed_at_durability(
    make_card, player, position, find, events
):
    game, a, _ = _defence_game(make_card, player, position, find, damage=2, armour=(4, 1))
    game.play(Defend(((a, 2),)))
    assert game.players[1].mat[Slot.ARMOUR].counters == 3
    assert not events(game, ev.CardDestroyed)
    game2, a2, _ = _defence_game(make_card, player, position, find, damage=3, armour=(4, 1))
    mark = len(game2.log)
    game2.play(Defend(((a2, 3),)))
    assert events(game2, since=mark)[:3] == [
        ev.Defended(1, a2, 3, 0),
        ev.CounterAdded(a2, 3, 4),
        ev.CardDestroyed(1, a2, WORN_OUT),
    ]
    assert game2.players[1].void == [a2]
    assert len(game2.players[1].primal_deck) == 7  # nothing sacrificed; 1 drawn on P2's turn


# --------------------------------------------------------------------------- 6.3


def test_rule_6_3_excess_carries_over_to_the_other_defender(make_card, player, position, find):
    game, a, c = _defence_game(
        make_card, player, position, find, damage=5, armour=(3, 1), creature=(4, 0)
    )
    game.play(Defend(((a, 2), (c, 3))))
    p2 = game.players[1]
    assert p2.void == [a]
    assert p2.mat[Slot.CREATURE].counters == 3
    assert len(p2.primal_deck) == 7  # nothing sacrificed; 1 drawn on P2's turn


def test_rule_6_3_declining_the_other_defender_bleeds(make_card, player, position, find, events):
    game, a, _ = _defence_game(
        make_card, player, position, find, damage=5, armour=(3, 1), creature=(4, 0)
    )
    top = game.players[1].deck_top_first()
    mark = len(game.log)
    game.play(Defend(((a, 2),)))
    assert events(game, since=mark)[:7] == [
        ev.Defended(1, a, 2, 0),
        ev.CounterAdded(a, 2, 3),
        ev.CardDestroyed(1, a, WORN_OUT),
        ev.Bled(1, 3),
        *[ev.CardSacrificed(1, i, BLEED) for i in top[:3]],
    ]
    assert game.players[1].mat[Slot.CREATURE].counters == 0


# --------------------------------------------------------------------------- 6.4


def test_rule_6_4_defence_across_two_cards_with_carry_over_and_bleed(
    make_card, player, position, find, events
):
    game, a, c = _defence_game(
        make_card, player, position, find, damage=6, armour=(2, 0), creature=(3, 1)
    )
    p2 = game.players[1]
    top = p2.deck_top_first()
    mark = len(game.log)
    game.play(Defend(((a, 2), (c, 2))))
    assert events(game, since=mark)[:10] == [
        ev.Defended(1, a, 2, 0),
        ev.CounterAdded(a, 2, 2),
        ev.CardDestroyed(1, a, WORN_OUT),
        ev.Defended(1, c, 2, 0),
        ev.CounterAdded(c, 2, 3),
        ev.CardDestroyed(1, c, WORN_OUT),
        ev.Bled(1, 2),
        ev.CardSacrificed(1, top[0], BLEED),
        ev.CardSacrificed(1, top[1], BLEED),
        ev.PhaseStarted(0, ev.Phase.END),
    ]
    assert p2.mat == {}
    assert p2.void == [a, c, top[0], top[1]]
    assert game.zone_of(c) == (Zone.VOID, 1)


def test_rule_6_4_legal_defences_are_exactly_the_ruling(make_card, player, position, find):
    """The docs example: 5 damage, armour with 2 remaining, creature with 4 remaining."""
    game, a, c = _defence_game(
        make_card, player, position, find, damage=5, armour=(3, 1), creature=(4, 0)
    )
    expected = {Defend()}
    for n, m in itertools.product(range(3), range(5)):
        total = n + m
        if 0 < total <= 5 and (total == 5 or n == 2 or m == 4):
            expected.add(Defend(tuple((card, k) for card, k in ((a, n), (c, m)) if k)))
    assert set(game.legal_actions()) == expected
    assert len(game.legal_actions()) == len(expected)
    for legal in [((a, 2), (c, 3)), ((a, 2),), ((c, 4),), ((a, 2), (c, 2)), ()]:
        assert Defend(legal) in game.legal_actions()


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        (
            lambda a, c: ((a, 1),),
            "4 damage would bleed, but no named card absorbs its full remaining durability "
            "(6.3, 6.4)",
        ),
        (
            lambda a, c: ((c, 3),),
            "2 damage would bleed, but no named card absorbs its full remaining durability",
        ),
        (lambda a, c: ((a, 2), (c, 4)), "the amounts add up to 6, more than the 5 damage (6.4)"),
        (
            lambda a, c: ((a, 3),),
            "can absorb from 1 to 2 damage (its remaining durability), not 3 (6.4)",
        ),
        (lambda a, c: ((a, 0), (c, 4)), "can absorb from 1 to 2 damage"),
        (lambda a, c: ((c, -1),), "can absorb from 1 to 4 damage"),
        (lambda a, c: ((a, 1), (a, 1)), "is named twice"),
    ],
)
def test_rule_6_4_illegal_defences_refused_and_change_nothing(
    make_card, player, position, find, assert_illegal, blocks, message
):
    game, a, c = _defence_game(
        make_card, player, position, find, damage=5, armour=(3, 1), creature=(4, 0)
    )
    assert_illegal(game, Defend(blocks(a, c)), message)
    assert game.decision == Decision(
        DecisionKind.DEFEND, 1, 5, game.players[0].mat[Slot.WEAPON].instance
    )


def test_rule_6_4_defending_with_a_non_defender_refused(
    make_card, player, position, find, assert_illegal
):
    game, _, _ = _defence_game(make_card, player, position, find, damage=2, armour=(3, 0))
    attacker_weapon = game.players[0].mat[Slot.WEAPON].instance
    assert_illegal(
        game,
        Defend(((attacker_weapon, 1),)),
        "is not one of your equipped armour or creature cards (6.1)",
    )


def test_rule_6_4_named_twice_message_names_the_rule(
    make_card, player, position, find, assert_illegal
):
    game, a, _ = _defence_game(make_card, player, position, find, damage=2, armour=(3, 0))
    assert_illegal(game, Defend(((a, 1), (a, 1))), "(6.4)")


def test_rule_6_4_bleed_larger_than_deck_puts_the_player_out(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=6, durability=9)
    armour = make_card(CardType.ARMOUR, durability=1)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(3, mat={Slot.ARMOUR: armour}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    game.play(Defend(((find(game, armour), 1),)))
    assert game.players[1].out
    assert len(game.players[1].void) == 4
    assert game.outcome.winner == 0


# --------------------------------------------------------------------------- 6.5 / 7.1


def _poison_game(make_card, player, position, *, seed, armour=None, ruleset=STANDARD):
    mat = {Slot.WEAPON: make_card(CardType.WEAPON)}
    if armour is not None:
        mat[Slot.ARMOUR] = armour
    return position(
        player(5, mat=mat, poisoned=True),
        player(5, inventory=[make_card(CardType.ARMOUR)]),
        phase=StartPhase.ATTACK,
        seed=seed,
        ruleset=ruleset,
    )


def _find_seed(make_card, player, position, *, cured, ruleset=STANDARD):
    for seed in range(200):
        game = _poison_game(make_card, player, position, seed=seed, ruleset=ruleset)
        game.play(EndPhase())
        (check,) = [e for e in game.log if isinstance(e, ev.PoisonChecked)]
        if check.cured is cured:
            return seed, check.coins
    raise AssertionError("no seed found")


def test_rule_7_1_poison_two_heads_cures(make_card, player, position, events):
    seed, coins = _find_seed(make_card, player, position, cured=True)
    assert coins == (True, True)
    game = _poison_game(make_card, player, position, seed=seed)
    game.play(EndPhase())
    assert events(game, ev.PoisonChecked) == [ev.PoisonChecked(0, (True, True), True)]
    assert not game.players[0].poisoned
    assert not events(game, ev.DamageTaken)
    assert len(game.players[0].primal_deck) == 5


def test_rule_7_1_poison_otherwise_one_damage_and_stays_poisoned(
    make_card, player, position, events
):
    seed, coins = _find_seed(make_card, player, position, cured=False)
    assert len(coins) == 2 and not all(coins)
    game = _poison_game(make_card, player, position, seed=seed)
    p1 = game.players[0]
    top = p1.deck_top_first()[0]
    game.play(EndPhase())
    assert events(game, ev.PoisonChecked, ev.DamageTaken, ev.CardSacrificed) == [
        ev.PoisonChecked(0, coins, False),
        ev.DamageTaken(0, 1, None),
        ev.CardSacrificed(0, top, DAMAGE),
    ]
    assert p1.poisoned
    assert p1.void == [top]
    # the same seed gives the same coins (1.2)
    again = _poison_game(make_card, player, position, seed=seed)
    again.play(EndPhase())
    assert events(again, ev.PoisonChecked) == events(game, ev.PoisonChecked)


def test_rule_7_1_poison_coins_and_damage_from_ruleset(make_card, player, position, events):
    ruleset = Ruleset(poison_coins=3, poison_damage=2)
    seed, coins = _find_seed(make_card, player, position, cured=False, ruleset=ruleset)
    assert len(coins) == 3
    game = _poison_game(make_card, player, position, seed=seed, ruleset=ruleset)
    game.play(EndPhase())
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(0, 2, None)]
    assert len(game.players[0].void) == 2


def test_rule_6_5_poison_damage_is_defended_like_any_damage(
    make_card, player, position, find, events
):
    seed, _ = _find_seed(make_card, player, position, cured=False)
    armour = make_card(CardType.ARMOUR, durability=2)
    game = _poison_game(make_card, player, position, seed=seed, armour=armour)
    game.play(EndPhase())
    a = find(game, armour)
    # no 8.2 window for poison: straight to the defence, before the turn ends
    assert game.decision == Decision(DecisionKind.DEFEND, 0, 1, None)
    assert set(game.legal_actions()) == {Defend(), Defend(((a, 1),))}
    assert not events(game, ev.TurnEnded)
    game.play(Defend(((a, 1),)))
    assert game.players[0].mat[Slot.ARMOUR].counters == 1
    assert len(game.players[0].primal_deck) == 5
    assert events(game, ev.TurnEnded) == [ev.TurnEnded(0, 3)]
    assert game.active == 1


def test_rule_6_5_poison_can_put_the_player_out(make_card, player, position, events):
    seed, _ = _find_seed(make_card, player, position, cured=False)
    game = position(
        player(1, mat={Slot.WEAPON: make_card(CardType.WEAPON)}, poisoned=True),
        player(5),
        player(5, inventory=[make_card(CardType.ARMOUR)]),
        phase=StartPhase.ATTACK,
        seed=seed,
    )
    p1 = game.players[0]
    top, weapon = p1.deck_top_first()[0], p1.mat[Slot.WEAPON].instance
    game.play(EndPhase())
    assert p1.out and not p1.poisoned
    assert p1.void == [top, weapon]
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(0, weapon, ev.DestroyReason.ELIMINATED)
    ]
    assert game.outcome is None
    assert game.active == 1


def test_rule_7_1_equip_while_poisoned_does_not_check_before_end(make_card, player, position, find):
    """The poison check is in the end phase only; equipping in main does not trigger it."""
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(5, inventory=[armour, make_card(CardType.ARMOUR)], poisoned=True), player(5)
    )
    game.play(Equip(find(game, armour)))
    assert not any(isinstance(e, ev.PoisonChecked) for e in game.log)
    assert game.players[0].poisoned
