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
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
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


# =========================================================================== 12.2 amounts


@pytest.mark.parametrize(("void", "boost"), [(2, None), (7, 2), (9, 2)])
def test_rule_12_2_reckoners_maul_counts_the_targets_void_by_threes_capped_by_its_damage(
    sal, player, position, find, events, filler, void, boost
):
    """``min`` of ``divided_by`` (rounded down) and ``stat``: 2 cards give 0 (no boost,
    12.2), 7 give 2, 9 give 3 capped at its damage 2."""
    maul = sal["reckoners-maul"]
    game = position(
        player(6, mat={Slot.WEAPON: maul}),
        player(6, void=filler(void)),
        phase=StartPhase.ATTACK,
    )
    w = find(game, maul)
    m = mark(game)
    game.play(Attack(w, 1))
    boosted = [ev.CardBoosted(w, CardStat.DAMAGE, boost)] if boost else []
    assert events(game, ev.CardBoosted, ev.DamageTaken, since=m) == [
        *boosted,
        ev.DamageTaken(1, 2 + (boost or 0), w),
    ]


def test_rule_12_2_brine_draught_draws_one_plus_one_per_poisoned_opponent(
    sal, player, position, find, events
):
    """``plus`` of 1 and ``players`` with ``where: poisoned``; POISONED, it CURES instead."""
    draught = sal["brine-draught"]
    game = position(
        player(6, inventory=[draught]),
        player(6, poisoned=True),
        player(6),
        player(6, poisoned=True),
    )
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(find(game, draught)))
    assert events(game, ev.CardDrawn, ev.PlayerCured, since=m) == [
        ev.CardDrawn(0, top[0]),
        ev.CardDrawn(0, top[1]),
        ev.CardDrawn(0, top[2]),
    ]
    sick = position(player(6, inventory=[draught], poisoned=True), player(6, poisoned=True))
    m = mark(sick)
    sick.play(Equip(find(sick, draught)))
    drawn_or_cured = events(sick, ev.CardDrawn, ev.PlayerCured, since=m)
    assert [e for e in drawn_or_cured if e.player == 0] == [ev.PlayerCured(0)]


def test_rule_12_2_tidal_reckoning_discards_all_then_draws_that_many_plus_one(
    sal, player, position, find, events, filler
):
    """``count: all`` then ``{value: plus, of: [that_many, 1]}``, in a mode (12.3)."""
    reckoning = sal["tidal-reckoning"]
    held = filler(3)
    game = position(player(9, inventory=[reckoning, *held]), player(6))
    game.play(Equip(find(game, reckoning)))
    assert game.decision is not None and game.decision.kind is DecisionKind.MODE
    assert game.decision.options == (
        "each player shuffles their void into their primal deck",
        "DISCARD your whole INVENTORY, then DRAW cards equal to that many plus 1",
    )
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Pick(1))
    for _ in range(2):  # the discarder chooses each card; the last one goes by itself
        game.play(Choose(game.legal_actions().snapshot()[0].option))
    assert len(events(game, ev.CardDiscarded, since=m)) == 3
    assert events(game, ev.CardDrawn, since=m) == [ev.CardDrawn(0, card) for card in top[:4]]
    assert game.players[0].inventory == top[:4]


def test_rule_12_2_brackish_idol_deals_one_damage_per_counter_on_it(
    sal, player, position, find, events
):
    """``{value: counters}`` of this card, read at the end of the turn, before the active
    spell's own counter (4.8)."""
    idol = sal["brackish-idol"]
    game = position(player(6, mat={Slot.SPELL: MatCard(idol, counters=2)}), player(6))
    i = find(game, idol)
    m = 0  # P1 has nothing to equip or attack with: their turn ran to its end by itself
    assert events(game, ev.AbilityResolving, ev.DamageTaken, ev.CounterAdded, since=m)[:3] == [
        ev.AbilityResolving(0, i, "end_of_turn"),
        ev.DamageTaken(1, 2, i),
        ev.CounterAdded(i, 1, 3),
    ]
    assert ev.CardDestroyed(0, i, WORN_OUT) in events(game, since=m)


def test_rule_12_2_leech_knot_repairs_every_counter(sal, player, position, find, events):
    """``amount: all`` on ``repair``: every durability counter of the card it goes under."""
    knot, plate = sal["leech-knot"], sal["barnacle-plate"]
    game = position(
        player(6, inventory=[knot], mat={Slot.ARMOUR: MatCard(plate, counters=3)}), player(6)
    )
    p = find(game, plate)
    m = mark(game)
    game.play(Equip(find(game, knot), host=p))
    assert events(game, ev.CountersRemoved, since=m) == [ev.CountersRemoved(p, 3, 0)]


# =========================================================================== 12.3 options


@pytest.mark.parametrize("mode", [0, 1])
def test_rule_12_3_gullwing_harpoon_lets_the_player_it_attacks_choose(
    sal, player, position, find, events, filler, mode
):
    """``choose_one`` with ``chooser: attack_target``: P2 picks; they DISCARD 2 cards
    (``target: chooser``), or the Harpoon deals 2 more."""
    harpoon = sal["gullwing-harpoon"]
    held = filler(2)
    game = position(
        player(6, mat={Slot.WEAPON: harpoon}),
        player(6, inventory=held),
        phase=StartPhase.ATTACK,
    )
    h = find(game, harpoon)
    game.play(Attack(h, 1))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.MODE, 1)
    m = mark(game)
    game.play(Pick(mode))
    first, second = (find(game, card) for card in held)
    if mode == 0:  # P2 discards both cards, the first chosen by P2, the last by itself
        game.play(Choose(second))
        assert events(game, ev.CardDiscarded, ev.DamageTaken, since=m) == [
            ev.CardDiscarded(1, second),
            ev.CardDiscarded(1, first),
            ev.DamageTaken(1, 2, h),
        ]
    else:
        assert events(game, ev.CardBoosted, ev.CardDiscarded, ev.DamageTaken, since=m) == [
            ev.CardBoosted(h, CardStat.DAMAGE, 2),
            ev.DamageTaken(1, 4, h),
        ]
    assert events(game, ev.OptionPicked, since=m)[0].player == 1
    assert replays(game)


def test_rule_12_3_salt_tithe_lets_each_opponent_choose_for_themselves(
    sal, player, position, find, events, filler
):
    """``chooser: each_opponent``: each opponent in turn order picks a mode of their own,
    and ``chooser`` in that mode is that opponent."""
    tithe = sal["salt-tithe"]
    game = position(
        player(6, inventory=[tithe]),
        player(6, inventory=filler(2)),
        player(6, inventory=filler(2)),
    )
    game.play(Equip(find(game, tithe)))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.MODE, 1)
    m = mark(game)
    game.play(Pick(0))  # P2 sacrifices 2
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.MODE, 2)
    game.play(Pick(1))  # P3 discards 2
    game.play(Choose(game.players[2].inventory[0]))
    picked = events(game, ev.OptionPicked, since=m)
    assert [(e.player, e.index) for e in picked] == [(1, 0), (2, 1)]
    assert [e.player for e in events(game, ev.CardSacrificed, since=m)] == [1, 1]
    assert [e.player for e in events(game, ev.CardDiscarded, since=m)] == [2, 2]
    assert replays(game)


@pytest.mark.parametrize("do", [True, False])
def test_rule_12_3_salvage_otter_may_discard_and_if_it_does_recovers_two(
    sal, player, position, find, events, filler, do
):
    """``may`` with ``if_you_do``: the discard done in full recovers 2 cards of the void
    (12.5); declined, nothing happens."""
    otter = sal["salvage-otter"]
    held, dead = filler(1), filler(3)
    game = position(player(6, inventory=[otter, *held], void=dead), player(6))
    game.play(Equip(find(game, otter)))
    assert game.decision is not None and game.decision.kind is DecisionKind.MAY
    assert game.decision.options == (
        "DISCARD 1 card; if you do, return 2 cards from your void to its owner's inventory",
        "do not",
    )
    m = mark(game)
    game.play(Pick(0 if do else 1))
    h, d = find(game, held[0]), find(game, dead[2])
    if do:  # the one card is discarded by itself; P1 chooses 2 of the 4 in the void
        game.play(Choose(d))
        game.play(Choose(h))
        assert events(game, ev.CardDiscarded, ev.CardMoved, since=m) == [
            ev.CardDiscarded(0, h),
            ev.CardMoved(0, d, Zone.VOID, Zone.INVENTORY),
            ev.CardMoved(0, h, Zone.VOID, Zone.INVENTORY),
        ]
        assert game.players[0].inventory == [d, h]
    else:
        assert not events(game, ev.CardDiscarded, ev.CardMoved, since=m)
        assert game.players[0].inventory == [h]


def test_rule_12_3_kelpweave_coat_may_wear_itself_out_to_cure(sal, player, position, find, events):
    """A ``may`` on a ``poisoned`` trigger (12.7): 2 counters on a Coat with 2 durability
    left wear it out (6.2), and that is done in full: the CURE follows."""
    coat, launcher = sal["kelpweave-coat"], sal["needle-rain-launcher"]
    game = position(
        player(6, inventory=[launcher]),
        player(6, mat={Slot.ARMOUR: MatCard(coat, counters=1)}),
    )
    c = find(game, coat)
    game.play(Equip(find(game, launcher)))  # POISONS P2
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.MAY, 1)
    m = mark(game)
    game.play(Pick(0))
    assert events(game, ev.CounterAdded, ev.CardDestroyed, ev.PlayerCured, since=m) == [
        ev.CounterAdded(c, 2, 3),
        ev.CardDestroyed(1, c, WORN_OUT),
        ev.PlayerCured(1),
    ]
    assert not game.players[1].poisoned


# =========================================================================== 12.4 extra costs


def test_rule_12_4_marrow_pick_needs_another_card_to_discard(
    sal, player, position, find, events, filler, assert_illegal
):
    """``extra_costs: [{cost: discard}]``: alone in the inventory it cannot be equipped;
    with another card, that card is discarded after the primal cost, before CardEquipped."""
    pick = sal["marrow-pick"]
    # alone in the inventory it is not offered: the main phase has nothing to equip, and
    # ends by itself
    alone = position(player(6, inventory=[pick]), player(6))
    assert alone.active == 1
    paid = position(player(6, inventory=[pick, *filler(1)]), player(6))
    p, other = find(paid, pick), paid.players[0].inventory[1]
    top = paid.players[0].deck_top_first()
    m = mark(paid)
    paid.play(Equip(p))
    assert events(paid, since=m)[:3] == [
        ev.CardSacrificed(0, top[0], COST),
        ev.CardDiscarded(0, other),
        ev.CardEquipped(0, p, Slot.WEAPON),
    ]


def test_rule_12_4_tide_warden_puts_a_counter_on_another_card(
    sal, player, position, find, events, assert_illegal
):
    """``{cost: wear, amount: 1}``: one counter on another equipped card, chosen by the
    equipping player; with no other card it cannot be equipped."""
    warden, plate, cleaver = sal["tide-warden"], sal["barnacle-plate"], sal["saltcrust-cleaver"]
    game = position(
        player(6, inventory=[warden], mat={Slot.ARMOUR: plate, Slot.WEAPON: cleaver}), player(6)
    )
    w, p = find(game, warden), find(game, plate)
    game.play(Equip(w))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.effect) == (DecisionKind.CHOOSE, "wear")
    m = mark(game)
    game.play(Choose(p))
    assert events(game, ev.CounterAdded, ev.CardEquipped, since=m) == [
        ev.CounterAdded(p, 1, 1),
        ev.CardEquipped(0, w, Slot.CREATURE),
    ]
    bare = position(player(6, inventory=[warden, sal["brine-draught"]]), player(6))
    assert_illegal(
        bare,
        Equip(find(bare, warden)),
        "its extra cost cannot be paid in full",
        "(12.4)",
    )


def test_rule_12_4_riptide_gambit_returns_a_card_then_equips_a_creature_for_free(
    sal, player, position, find, events
):
    """``{cost: return}`` then ``equip_from: inventory`` (12.5): the returned creature comes
    back at once, without cost and with no counters; at the end of the controller's next
    turn the delayed ability SACRIFICES 2 cards (12.9)."""
    gambit, eel = sal["riptide-gambit"], sal["spinebrine-eel"]
    game = position(
        player(12, inventory=[gambit], mat={Slot.CREATURE: MatCard(eel, counters=2)}),
        player(6, inventory=[sal["tidepool-crab"]]),
    )
    g, e = find(game, gambit), find(game, eel)
    m = mark(game)
    game.play(Equip(g))  # the Eel is the only card to return and the only creature to equip
    assert events(game, since=m)[:5] == [
        ev.CardMoved(0, e, Zone.MAT, Zone.INVENTORY),  # the cost, before the instant (12.4)
        ev.CardEquipped(0, g, None),
        ev.AbilityResolving(0, g, "equipped"),
        ev.CardMoved(0, e, Zone.INVENTORY, Zone.MAT),
        ev.CardEquipped(0, e, Slot.CREATURE),  # then the delayed ability only waits
    ]
    assert counters(game, 0, Slot.CREATURE) == 0
    assert game.players[0].void == [g]
    deck = len(game.players[0].primal_deck)
    pass_turn(game)  # turn 3 ends: nothing yet
    assert len(game.players[0].primal_deck) == deck
    m = mark(game)
    pass_turn(game, 2)  # P2's turn 4, then P1's turn 5: drawn 1, sacrificed 2 at its end
    resolved = events(game, ev.AbilityResolving, ev.CardSacrificed, since=m)
    assert resolved[-3:-2] == [ev.AbilityResolving(0, g, "delayed")]
    assert [(e.player, e.reason) for e in resolved[-2:]] == [(0, EFFECT), (0, EFFECT)]
    assert replays(game)


# =========================================================================== 12.5 cards that move


def test_rule_12_5_reef_matriarch_equips_a_weapon_from_the_void_without_its_costs(
    sal, player, position, find, events
):
    """``equip_from: void`` with ``cards: {type: weapon}``: the Marrow Pick in the void is
    the one weapon; it is equipped without its primal cost and without its extra cost."""
    matriarch, pick, heron = sal["reef-matriarch"], sal["marrow-pick"], sal["salt-marsh-heron"]
    game = position(
        player(8, inventory=[matriarch, sal["brine-draught"]], void=[pick, heron]), player(6)
    )
    r, p = find(game, matriarch), find(game, pick)
    m = mark(game)
    game.play(Equip(r))
    assert events(game, since=m)[4:8] == [
        ev.CardEquipped(0, r, Slot.CREATURE),
        ev.AbilityResolving(0, r, "equipped"),
        ev.CardMoved(0, p, Zone.VOID, Zone.MAT),
        ev.CardEquipped(0, p, Slot.WEAPON),
    ]
    assert len(events(game, ev.CardSacrificed, since=m)) == 4  # the Matriarch's cost only
    assert not events(game, ev.CardDiscarded, since=m)
    assert find(game, heron) in game.players[0].void and p not in game.players[0].void


def test_rule_12_5_beachcombers_luck_searches_out_an_armour_and_shows_it(
    sal, player, position, find, events
):
    """``search`` with ``reveal: true``: the searcher looks at the whole deck, the armour
    is revealed to all, goes to the inventory, and the deck is shuffled."""
    luck, plate, pick = sal["beachcombers-luck"], sal["barnacle-plate"], sal["marrow-pick"]
    game = position(player([pick, plate, pick], inventory=[luck]), player(6))
    deck = game.players[0].deck_top_first()
    p = find(game, plate)
    m = mark(game)
    game.play(Equip(find(game, luck)))
    assert events(game, since=m)[:6] == [
        ev.CardEquipped(0, find(game, luck), None),
        ev.AbilityResolving(0, find(game, luck), "equipped"),
        ev.CardsLookedAt(0, 0, Zone.PRIMAL_DECK, tuple(deck)),
        ev.CardsRevealed(0, 0, Zone.PRIMAL_DECK, (p,)),
        ev.CardMoved(0, p, Zone.PRIMAL_DECK, Zone.INVENTORY, seen_by=None),
        ev.DeckShuffled(0),
    ]
    assert game.players[0].inventory[:1] == [p]


def test_rule_12_5_undertow_pull_returns_only_a_card_that_costs_2_or_less(
    sal, player, position, find, events
):
    """``return`` with ``where:`` (12.1): the Glaive (4) is no choice, the Cleaver (2) goes
    back to its owner's inventory without its counters."""
    pull, cleaver, glaive = (
        sal["undertow-pull"],
        sal["saltcrust-cleaver"],
        sal["tidebreaker-glaive"],
    )
    game = position(
        player(6, inventory=[pull]),
        player(
            6,
            mat={Slot.WEAPON: MatCard(glaive, counters=1)},
        ),
    )
    m = mark(game)
    game.play(Equip(find(game, pull)))
    assert not events(game, ev.CardMoved, since=m)  # no legal card: nothing happens (11.4)
    game = position(
        player(6, inventory=[pull]),
        player(
            6, mat={Slot.WEAPON: glaive, Slot.CREATURE: MatCard(sal["brine-hound"], counters=1)}
        ),
    )
    hound = find(game, sal["brine-hound"])
    m = mark(game)
    game.play(Equip(find(game, pull)))
    assert events(game, ev.CardMoved, since=m) == [ev.CardMoved(1, hound, Zone.MAT, Zone.INVENTORY)]
    assert game.players[1].inventory[:1] == [hound]  # then P2 draws for their turn (3.1)
    assert counters(game, 1, Slot.WEAPON) == 0
    del cleaver


def test_rule_12_5_wrack_gull_takes_a_card_at_random_into_its_owners_void(
    sal, player, position, find, events, filler
):
    """``take`` with ``random: true``: the generator picks; nobody looks (no CardsLookedAt)."""
    gull = sal["wrack-gull"]
    held = filler(3)
    game = position(player(6, inventory=[gull]), player(6, inventory=held), seed=4)
    m = mark(game)
    game.play(Equip(find(game, gull)))
    moved = events(game, ev.CardMoved, since=m)
    assert len(moved) == 1 and not events(game, ev.CardsLookedAt, since=m)
    taken = moved[0]
    assert (taken.player, taken.origin, taken.destination) == (1, Zone.INVENTORY, Zone.VOID)
    assert taken.card.card in held and game.players[1].void == [taken.card]
    assert len(game.players[1].inventory) == 2


def test_rule_12_5_tidal_reckoning_shuffles_each_players_void_into_their_deck(
    sal, player, position, find, events, filler
):
    reckoning = sal["tidal-reckoning"]
    game = position(player(3, inventory=[reckoning], void=filler(2)), player(3, void=filler(1)))
    game.play(Equip(find(game, reckoning)))
    m = mark(game)
    game.play(Pick(0))
    log = events(game, ev.CardMoved, ev.DeckShuffled, since=m)
    assert [(type(e).__name__, e.player) for e in log] == [
        ("CardMoved", 0),  # the 2 cards of P1's void and the 1 that paid the cost (4.3)
        ("CardMoved", 0),
        ("CardMoved", 0),
        ("DeckShuffled", 0),
        ("CardMoved", 1),
        ("DeckShuffled", 1),
    ]
    assert len(game.players[0].primal_deck) == 5
    assert game.players[1].void == []


# =========================================================================== 12.6 looking


def test_rule_12_6_salt_marsh_heron_orders_the_top_three(
    sal, player, position, find, events, filler
):
    heron = sal["salt-marsh-heron"]
    deck = filler(6)
    game = position(player(deck, inventory=[heron]), player(6))
    game.play(Equip(find(game, heron)))  # costs the top 2; the next 3 are looked at
    t = [find(game, card) for card in deck[2:5]]
    assert game.decision is not None
    assert (game.decision.kind, game.decision.amount) == (DecisionKind.ORDER, 3)
    game.play(Choose(t[2]))
    game.play(Choose(t[1]))
    assert game.players[0].deck_top_first()[:3] == [t[2], t[1], t[0]]
    assert [s.card for s in game.view(0).seen] == [t[2], t[1], t[0]]
    assert game.view(1).seen == ()
    assert replays(game)


def test_rule_12_6_mirage_lantern_sees_an_inventory_and_draws_next_turn(
    sal, player, position, find, events, filler
):
    """``look_at_inventory``: theirs alone to see (12.6); then a ``delayed`` draw at the start
    of the controller's next turn (12.9), after that turn's draw."""
    lantern = sal["mirage-lantern"]
    held = filler(2)
    game = position(player(6, inventory=[lantern]), player(6, inventory=held))
    lamp = find(game, lantern)
    game.play(Equip(lamp))
    shown = tuple(find(game, card) for card in held)
    assert ev.CardsLookedAt(0, 1, Zone.INVENTORY, shown) in events(game)
    assert [s.card for s in game.view(0).seen][:2] == list(shown)
    assert game.view(1).seen == ()
    top = game.players[0].deck_top_first()
    while game.active != 0 or game.turn == 3:  # P1's turn ends, P2's goes by
        game.play(EndPhase())
    log = events(game)
    at = log.index(ev.AbilityResolving(0, lamp, "delayed"))
    assert log[at - 3 : at + 2] == [
        ev.TurnStarted(0, 5),
        ev.PhaseStarted(0, ev.Phase.START),
        ev.CardDrawn(0, top[0]),
        ev.AbilityResolving(0, lamp, "delayed"),
        ev.CardDrawn(0, top[1]),
    ]


def test_rule_12_6_ebb_shrine_makes_each_opponent_reveal_a_card_of_their_choice(
    sal, player, position, find, events, filler
):
    shrine = sal["ebb-shrine"]
    held = filler(2)
    game = position(
        player(6, mat={Slot.SPELL: shrine}, inventory=[sal["brine-draught"]]),
        player(6, inventory=held),
        active=1,
    )
    game.play(EndPhase())  # P2 ends their main phase; their turn ends; P1's starts
    assert game.decision is not None and game.decision.kind is DecisionKind.MODE
    game.play(Pick(1))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == (DecisionKind.CHOOSE, 1)
    second = find(game, held[1])
    game.play(Choose(second))
    assert events(game, ev.CardsRevealed)[-1] == ev.CardsRevealed(0, 1, Zone.INVENTORY, (second,))
    assert [s.card for s in game.view(0).seen] == [second]


# =========================================================================== 12.7 triggers


def test_rule_12_7_saltcrust_buckler_draws_when_salvaged(sal, player, position, find, events):
    """``when: salvaged``: a new armour takes its slot (4.2)."""
    buckler, plate = sal["saltcrust-buckler"], sal["barnacle-plate"]
    game = position(player(6, inventory=[plate], mat={Slot.ARMOUR: buckler}), player(6))
    b, p = find(game, buckler), find(game, plate)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(p))
    assert events(game, since=m)[:6] == [
        ev.CardDestroyed(0, b, ev.DestroyReason.SALVAGE),  # room first (4.2), then the cost
        ev.CardSacrificed(0, top[0], COST),
        ev.CardSacrificed(0, top[1], COST),
        ev.CardEquipped(0, p, Slot.ARMOUR),
        ev.AbilityResolving(0, b, "salvaged"),
        ev.CardDrawn(0, top[2]),
    ]


def test_rule_12_7_pearl_shell_cuirass_stolen_makes_its_old_player_draw_two(
    sal, player, position, find, events
):
    """``when: stolen``: the ability is the thief's now (11.1), and ``that_player`` is the
    player it was stolen from."""
    cuirass, thief = sal["pearl-shell-cuirass"], sal["thief-in-the-dust"]
    game = position(player(6, inventory=[thief]), player(6, mat={Slot.ARMOUR: cuirass}))
    c = find(game, cuirass)
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Equip(find(game, thief)))
    log = events(game, since=m)
    at = log.index(ev.CardStolen(0, c, 1))
    assert log[at + 1 : at + 4] == [
        ev.AbilityResolving(0, c, "stolen"),
        ev.CardDrawn(1, top[0]),
        ev.CardDrawn(1, top[1]),
    ]


def test_rule_12_7_stormwrack_mail_wears_the_card_that_dealt_the_damage(
    sal, player, position, find, events
):
    """``when: takes_damage``: after the whole defence, ``that_card`` is the attacking card."""
    mail, hatchet = sal["stormwrack-mail"], sal["scrap-hatchet"]
    game = position(
        player(6, mat={Slot.WEAPON: hatchet}),
        player(6, mat={Slot.ARMOUR: mail}),
        phase=StartPhase.ATTACK,
    )
    h, w = find(game, hatchet), find(game, mail)
    game.play(Attack(h, 1))
    m = mark(game)
    game.play(Defend(((w, 2),)))
    assert events(game, since=m)[:4] == [
        ev.Defended(1, w, 2, 0),
        ev.CounterAdded(w, 2, 2),
        ev.AbilityResolving(1, w, "takes_damage"),
        ev.CounterAdded(h, 1, 2),  # one from its attack (5.2), one from the Mail
    ]


def test_rule_12_7_tide_clock_makes_a_full_handed_opponent_discard_as_they_draw(
    sal, player, position, find, events, filler
):
    """``when: draws, whose: opponents`` with an ``if:`` on ``that_player``'s inventory,
    read as the card is drawn: 6 cards then, one is discarded."""
    clock = sal["tide-clock"]
    held = filler(5)
    game = position(player(6, mat={Slot.SPELL: clock}), player(6, inventory=held))
    k = find(game, clock)
    assert game.active == 1  # P1 had nothing to do: it is P2's turn 4, after their draw
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE
    assert game.decision.player == 1 and game.decision.effect == "discard"
    drawn = events(game, ev.CardDrawn)[-1]
    assert events(game)[-2:] == [drawn, ev.AbilityResolving(0, k, "draws")]
    small = position(player(6, mat={Slot.SPELL: clock}), player(6, inventory=held[:3]))
    assert not [e for e in events(small, ev.AbilityResolving) if e.trigger == "draws"]


def test_rule_12_7_sunken_tollkeeper_grows_as_an_opponent_sacrifices_in_your_turn(
    sal, player, position, find, events
):
    """``when: sacrifices, whose: opponents, if: your_turn``: each card P2 sacrifices to
    the Hatchet's damage is +1 for the Tollkeeper's attack; P2's cost in their own turn is
    not heard."""
    keeper, hatchet, hound = sal["sunken-tollkeeper"], sal["scrap-hatchet"], sal["brine-hound"]
    game = position(
        player(12, mat={Slot.WEAPON: hatchet, Slot.CREATURE: keeper}),
        player(12, inventory=[hound]),
        phase=StartPhase.ATTACK,
    )
    h, k = find(game, hatchet), find(game, keeper)
    game.play(Attack(h, 1))  # 2 damage, no defender: 2 cards sacrificed (6.1)
    assert events(game, ev.CardBoosted) == [ev.CardBoosted(k, CardStat.DAMAGE, 1)] * 2
    m = mark(game)
    game.play(Attack(k, 1))  # 1 + 2: P2 sacrifices 3 more, and the Tollkeeper grows again
    assert events(game, ev.DamageTaken, since=m) == [ev.DamageTaken(1, 3, k)]
    assert game.active == 1  # P1's turn ended by itself; in P2's turn their cost is theirs
    m = mark(game)
    game.play(Equip(find(game, hound)))  # P2 sacrifices 1 as its cost, in their own turn
    assert [e.reason for e in events(game, ev.CardSacrificed, since=m)] == [COST]
    assert not events(game, ev.CardBoosted, since=m)


def test_rule_12_7_gull_roost_draws_when_an_opponent_plays_an_instant(
    sal, player, position, find, events
):
    """``when: opponent_plays_instant``; its ``card_stat`` makes the controller's instants
    cost 1 less (12.8)."""
    roost, flick, tithe = sal["gull-roost"], sal["spark-flick"], sal["salt-tithe"]
    game = position(
        player(6, mat={Slot.SPELL: roost}, inventory=[tithe]),
        player(6, inventory=[flick]),
    )
    r, t = find(game, roost), find(game, tithe)
    assert game.stat(t, CardStat.PRIMAL_COST) == 0
    assert game.stat(find(game, flick), CardStat.PRIMAL_COST) == 0
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(EndPhase())  # P1's turn passes by; P2 plays Spark Flick in their main phase
    game.play(Equip(find(game, flick)))
    f = find(game, flick)
    log = events(game, since=m)
    at = log.index(ev.CardEquipped(1, f, None))
    # the active player's ability first (11.3): the Flick's damage, then the Roost's draw
    assert log[at + 1 : at + 6] == [
        ev.AbilityResolving(1, f, "equipped"),
        ev.DamageTaken(0, 1, f),
        ev.CardSacrificed(0, top[0], DAMAGE),
        ev.AbilityResolving(0, r, "opponent_plays_instant"),
        ev.CardDrawn(0, top[1]),
    ]


def test_rule_12_7_drowned_bell_repairs_a_creature_on_a_worn_out_card_and_draws_on_an_exit(
    sal, player, position, find, events
):
    """``worn_out, whose: opponents`` repairs one of your creatures (``where: type``);
    ``eliminated`` draws 2 (9.2)."""
    bell, hound, hatchet = sal["drowned-bell"], sal["brine-hound"], sal["scrap-hatchet"]
    game = position(
        player(
            6,
            mat={
                Slot.SPELL: bell,
                Slot.CREATURE: MatCard(hound, counters=1),
                Slot.WEAPON: MatCard(hatchet, counters=1),
            },
        ),
        player(6, mat={Slot.ARMOUR: MatCard(sal["tin-plate-vest"], counters=1)}),
        player(1),
        phase=StartPhase.ATTACK,
    )
    h, hd = find(game, hatchet), find(game, hound)
    vest = find(game, sal["tin-plate-vest"])
    game.play(Attack(h, 1))
    m = mark(game)
    game.play(Defend(((vest, 1),)))  # the Vest's last durability: worn out
    log = events(game, since=m)
    worn, heard = (
        log.index(ev.CardDestroyed(1, vest, WORN_OUT)),
        log.index(ev.AbilityResolving(0, find(game, bell), "worn_out")),
    )
    assert worn < heard  # once the defence (and its bleed, 6.3) is over (11.3)
    assert log[heard + 1] == ev.CountersRemoved(hd, 1, 0)  # the one creature: no choice
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Attack(hd, 2))  # P3 has 1 card: 2 damage put them out (9.1)
    log = events(game, since=m)
    at = log.index(ev.PlayerEliminated(2))
    assert log[at + 1 : at + 4] == [
        ev.AbilityResolving(0, find(game, bell), "eliminated"),
        ev.CardDrawn(0, top[0]),
        ev.CardDrawn(0, top[1]),
    ]


def test_rule_12_7_reef_matriarch_grows_when_another_of_its_cards_is_destroyed(
    sal, player, position, find, events, filler
):
    """``destroyed, whose: another``: a ``grant`` to ``this`` until the end of its
    controller's next turn (12.9); its own destruction is not heard."""
    matriarch, vest, verdict = sal["reef-matriarch"], sal["tin-plate-vest"], sal["rustburst"]
    game = position(
        player(6, mat={Slot.CREATURE: matriarch, Slot.ARMOUR: vest}, inventory=filler(1)),
        player(6, inventory=[verdict]),
        active=1,
    )
    r = find(game, matriarch)
    game.play(Equip(find(game, verdict)))  # P2 DESTROYS P1's armour
    assert game.stat(r, CardStat.DAMAGE) == 4
    granted = events(game, ev.Granted)
    assert [(e.player, e.card, e.duration.value) for e in granted] == [
        (0, r, "until_end_of_your_next_turn")
    ]
    assert (game.active, game.turn) == (0, 4)  # P2's turn ended by itself: P1's turn 4
    assert game.stat(r, CardStat.DAMAGE) == 4
    pass_turn(game)  # P1's turn 4 ends, and the grant with it
    assert game.stat(r, CardStat.DAMAGE) == 3


def test_rule_12_7_barnacle_plate_draws_when_its_counters_leave_it_one_durability(
    sal, player, position, find, events
):
    plate, hatchet = sal["barnacle-plate"], sal["scrap-hatchet"]
    game = position(
        player(6, mat={Slot.WEAPON: hatchet}),
        player(6, mat={Slot.ARMOUR: MatCard(plate, counters=2)}),
        phase=StartPhase.ATTACK,
    )
    p = find(game, plate)
    game.play(Attack(find(game, hatchet), 1))
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Defend(((p, 2),)))  # 4 counters of 5: 1 left
    assert events(game, since=m)[:4] == [
        ev.Defended(1, p, 2, 0),
        ev.CounterAdded(p, 2, 4),
        ev.AbilityResolving(1, p, "takes_counters"),
        ev.CardDrawn(1, top[0]),
    ]


def test_rule_12_7_nerith_the_tide_reader_con_sacrifices_for_each_card_she_discards(
    sal, player, position, find, events, filler
):
    """A character's ``discards`` trigger (its player's, 11.1): one SACRIFICE per card."""
    nerith = sal.character("nerith-the-tide-reader")
    reckoning = sal["tidal-reckoning"]
    held = filler(2)
    game = position(player(9, inventory=[reckoning, *held], character=nerith), player(6))
    game.play(Equip(find(game, reckoning)))
    game.play(Pick(1))  # DISCARD the whole inventory, DRAW that many plus 1
    game.play(Choose(find(game, held[0])))
    log = events(game, ev.CardDiscarded, ev.AbilityResolving, ev.CardSacrificed)
    tail = [(type(e).__name__, getattr(e, "trigger", None)) for e in log][-6:]
    assert tail == [
        ("CardDiscarded", None),
        ("CardDiscarded", None),
        ("AbilityResolving", "discards"),
        ("CardSacrificed", None),
        ("AbilityResolving", "discards"),
        ("CardSacrificed", None),
    ]
    assert [e.card for e in log if isinstance(e, ev.AbilityResolving)][-2:] == [None, None]


# =========================================================================== 12.8 statics


def test_rule_12_8_tidebreaker_glaive_attacks_twice_and_cannot_be_stolen(
    sal, player, position, find, events, assert_illegal
):
    glaive, thief = sal["tidebreaker-glaive"], sal["thief-in-the-dust"]
    game = position(player(9, mat={Slot.WEAPON: glaive}), player(9), phase=StartPhase.ATTACK)
    g = find(game, glaive)
    game.play(Attack(g, 1))
    game.play(Attack(g, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 3, g)] * 2
    assert counters(game, 0, Slot.WEAPON) == 2
    robbed = position(
        player(9, inventory=[thief]),
        player(9, mat={Slot.WEAPON: glaive, Slot.ARMOUR: sal["tin-plate-vest"]}),
    )
    vest = find(robbed, sal["tin-plate-vest"])
    m = mark(robbed)
    robbed.play(Equip(find(robbed, thief)))  # the Vest is the one card it may steal
    assert events(robbed, ev.CardStolen, since=m) == [ev.CardStolen(0, vest, 1)]


def test_rule_12_8_brine_hound_attacks_on_its_first_turn(sal, player, position, find, events):
    hound = sal["brine-hound"]
    game = position(player(6, inventory=[hound], turns_taken=0), player(6), phase=StartPhase.MAIN)
    h = find(game, hound)
    game.play(Equip(h))  # the main phase ends by itself: the attack phase opens for it
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK
    game.play(Attack(h, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 2, h)]


def test_rule_12_8_mudflat_stalker_cannot_defend_and_tidepool_crab_takes_less(
    sal, player, position, find, events, assert_illegal
):
    """``cannot_defend`` keeps the Stalker out of the defence; ``reduce_card_damage`` 1:
    the Crab absorbs 3 damage for 2 counters (6.2)."""
    stalker, crab, maul = sal["mudflat-stalker"], sal["tidepool-crab"], sal["reckoners-maul"]
    game = position(
        player(6, mat={Slot.WEAPON: maul}),
        player(6, mat={Slot.CREATURE: stalker}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, maul), 1))  # no defender may absorb: 2 cards sacrificed
    assert [e.reason for e in events(game, ev.CardSacrificed)] == [DAMAGE, DAMAGE]
    assert counters(game, 1, Slot.CREATURE) == 0
    crabbed = position(
        player(6, mat={Slot.WEAPON: maul}),
        player(6, mat={Slot.CREATURE: crab}),
        phase=StartPhase.ATTACK,
    )
    c = find(crabbed, crab)
    crabbed.play(Attack(find(crabbed, maul), 1))
    m = mark(crabbed)
    crabbed.play(Defend(((c, 2),)))
    assert events(crabbed, since=m)[:2] == [ev.Defended(1, c, 2, 0), ev.CounterAdded(c, 1, 1)]


def test_rule_12_8_undertow_flail_cannot_be_defended_by_armour(sal, player, position, find, events):
    """``undefendable, by: armour``: only the creature may defend; its ``attacks`` ability
    has put a counter on that creature first."""
    flail, vest, hound = sal["undertow-flail"], sal["tin-plate-vest"], sal["brine-hound"]
    game = position(
        player(6, mat={Slot.WEAPON: flail}),
        player(6, mat={Slot.ARMOUR: vest, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    f, h = find(game, flail), find(game, hound)
    game.play(Attack(f, 1))
    assert events(game, ev.CounterAdded)[-1] == ev.CounterAdded(h, 1, 1)
    assert game.legal_actions().snapshot() == (Defend(), Defend(((h, 1),)))


def test_rule_12_8_pearl_shell_cuirass_prevents_the_first_damage_each_turn(
    sal, player, position, find, events
):
    cuirass, hatchet, hound = sal["pearl-shell-cuirass"], sal["scrap-hatchet"], sal["brine-hound"]
    game = position(
        player(6, mat={Slot.WEAPON: hatchet, Slot.CREATURE: hound}),
        player(6, mat={Slot.ARMOUR: cuirass}),
        phase=StartPhase.ATTACK,
    )
    h, d = find(game, hatchet), find(game, hound)
    game.play(Attack(h, 1))
    game.play(Defend())
    game.play(Attack(d, 1))
    game.play(Defend())
    assert events(game, ev.DamagePrevented, ev.DamageTaken) == [
        ev.DamagePrevented(1, 1, h),
        ev.DamageTaken(1, 1, h),
        ev.DamageTaken(1, 2, d),  # the first 1 of the turn is spent
    ]


def test_rule_12_8_tideglass_aegis_reduces_damage_only_in_the_opponents_turns(
    sal, player, position, find, events
):
    """``reduce_damage`` with ``while: {not: your_turn}``: in P2's turn 2 damage is 1; in
    P2's own turn, the damage of P1's instant is taken in full. When CURED, DRAW (12.7)."""
    aegis, hatchet, flick = sal["tideglass-aegis"], sal["scrap-hatchet"], sal["spark-flick"]
    game = position(
        player(6, mat={Slot.WEAPON: hatchet}),
        player(6, mat={Slot.ARMOUR: aegis}),
        phase=StartPhase.ATTACK,
    )
    h, a = find(game, hatchet), find(game, aegis)
    game.play(Attack(h, 1))
    assert events(game, ev.DamagePrevented, ev.DamageTaken) == [
        ev.DamagePrevented(1, 1, h),
        ev.DamageTaken(1, 1, h),
    ]
    own = position(
        player(6, inventory=[flick]),
        player(6, mat={Slot.ARMOUR: aegis}, inventory=[sal["brine-draught"]], poisoned=True),
        active=1,
    )
    a = find(own, aegis)
    top = own.players[1].deck_top_first()
    m = mark(own)
    own.play(Equip(find(own, sal["brine-draught"])))  # P2 CURES themselves: the Aegis draws
    log = events(own, since=m)
    at = log.index(ev.PlayerCured(1))
    assert log[at + 1 : at + 3] == [ev.AbilityResolving(1, a, "cured"), ev.CardDrawn(1, top[0])]


def test_rule_12_8_tide_warden_keeps_its_sides_armour_from_steal_and_curse(
    sal, player, position, find, events
):
    warden, vest, thief = sal["tide-warden"], sal["tin-plate-vest"], sal["thief-in-the-dust"]
    game = position(
        player(9, inventory=[thief]),
        player(9, mat={Slot.CREATURE: warden, Slot.ARMOUR: vest}),
    )
    w = find(game, warden)
    m = mark(game)
    game.play(Equip(find(game, thief)))  # only the Warden itself may be stolen
    assert events(game, ev.CardStolen, since=m) == [ev.CardStolen(0, w, 1)]


def test_rule_12_8_orla_of_the_brine_con_forbids_instants_once_her_deck_runs_low(
    sal, player, position, find, filler
):
    """A character's static with ``while:`` (a count of her primal deck): with 13 cards
    Brine Draught is offered, with 12 it is not."""
    orla, draught = sal.character("orla-of-the-brine"), sal["brine-draught"]
    game = position(player(13, inventory=[draught, *filler(1)], character=orla), player(6))
    assert Equip(find(game, draught)) in game.legal_actions()
    low = position(player(12, inventory=[draught, *filler(1)], character=orla), player(6))
    assert Equip(find(low, draught)) not in low.legal_actions()


def test_rule_12_8_orla_of_the_brine_pro_prevents_damage_while_she_wears_no_armour(
    sal, player, position, find, events
):
    """``prevent_damage`` with ``while: {not: equipped armour}``: 1 of the Hatchet's 2
    damage is prevented; with an armour equipped the 2 damage come whole."""
    orla, hatchet = sal.character("orla-of-the-brine"), sal["scrap-hatchet"]
    hit = position(
        player(6, mat={Slot.WEAPON: hatchet}),
        player(13, character=orla),
        phase=StartPhase.ATTACK,
    )
    h = find(hit, hatchet)
    hit.play(Attack(h, 1))
    assert events(hit, ev.DamagePrevented, ev.DamageTaken) == [
        ev.DamagePrevented(1, 1, h),
        ev.DamageTaken(1, 1, h),
    ]
    armoured = position(
        player(6, mat={Slot.WEAPON: hatchet}),
        player(13, character=orla, mat={Slot.ARMOUR: sal["tin-plate-vest"]}),
        phase=StartPhase.ATTACK,
    )
    h = find(armoured, hatchet)
    armoured.play(Attack(h, 1))
    assert events(armoured, ev.DamagePrevented, ev.DamageTaken) == [ev.DamageTaken(1, 2, h)]


def test_rule_12_8_brinemaw_leviathan_is_never_destroyed_warden_and_seal_never_cursed(
    sal, player, position, find, events
):
    """``cannot_be_destroyed`` (no ``cards``: this card) keeps the Leviathan out of a
    DESTROY's choices; Tide Warden's ``cannot_be_cursed`` with ``cards: {type: armour}`` and
    Salt Seal's (the card it is attached to) keep those cards out of a CURSE's."""
    leviathan, verdict, hound = sal["brinemaw-leviathan"], sal["storm-verdict"], sal["brine-hound"]
    game = position(
        player(9, inventory=[verdict]),
        player(9, mat={Slot.CREATURE: leviathan, Slot.WEAPON: sal["scrap-hatchet"]}),
    )
    m = mark(game)
    game.play(Equip(find(game, verdict)))  # the Hatchet is the one card it may destroy
    destroyed = events(game, ev.CardDestroyed, since=m)
    assert destroyed == [ev.CardDestroyed(1, find(game, sal["scrap-hatchet"]), BY_EFFECT)]
    warden, vest, seal, whisper = (
        sal["tide-warden"],
        sal["tin-plate-vest"],
        sal["salt-seal"],
        sal["blight-whisper"],
    )
    cursed = position(
        player(9, inventory=[whisper]),
        player(
            9,
            mat={
                Slot.CREATURE: MatCard(warden, turn=3),
                Slot.ARMOUR: MatCard(vest, turn=3),
                Slot.WEAPON: MatCard(sal["scrap-hatchet"], turn=3, attached=[seal]),
            },
        ),
        turn=3,
    )
    m = mark(cursed)
    cursed.play(Equip(find(cursed, whisper)))  # only the Warden itself may be cursed
    assert events(cursed, ev.CardDestroyed, since=m) == [
        ev.CardDestroyed(1, find(cursed, warden), BY_EFFECT)
    ]
    del hound


# =========================================================================== 12.9 durations


def test_rule_12_9_squall_silence_mutes_opponents_until_the_end_of_your_next_turn(
    sal, player, position, find, events, filler
):
    silence, flick = sal["squall-silence"], sal["spark-flick"]
    game = position(
        player(9, inventory=[silence, *filler(2)]), player(9, inventory=[flick, *filler(2)])
    )
    s = find(game, silence)
    game.play(Equip(s))
    granted = events(game, ev.Granted)
    assert [(e.player, e.target, e.duration.value) for e in granted] == [
        (0, 0, "until_end_of_your_next_turn")
    ]
    pass_turn(game)  # P2's turn 4: Spark Flick is not offered
    f = find(game, flick)
    assert game.active == 1 and Equip(f) not in game.legal_actions()
    pass_turn(game, 2)  # P1's turn 5 ends: the grant with it; P2's turn 6
    assert events(game, ev.GrantEnded)
    assert game.active == 1 and Equip(f) in game.legal_actions()


def test_rule_12_9_tidewrights_bargain_discounts_the_next_two_equips(
    sal, player, position, find, events
):
    bargain, heron, cleaver, crab = (
        sal["tidewrights-bargain"],
        sal["salt-marsh-heron"],
        sal["saltcrust-cleaver"],
        sal["tidepool-crab"],
    )
    game = position(player(12, inventory=[bargain, heron, cleaver, crab]), player(9))
    game.play(Equip(find(game, bargain)))
    costs = []
    for card in (heron, cleaver):
        m = mark(game)
        game.play(Equip(find(game, card)))
        if game.decision is not None and game.decision.kind is DecisionKind.ORDER:
            while game.decision.kind is DecisionKind.ORDER:
                game.play(game.legal_actions().snapshot()[0])
        costs.append(len(events(game, ev.CardSacrificed, since=m)))
    m = mark(game)
    game.play(Equip(find(game, crab)))  # the grant is used up: the full 2
    costs.append(len(events(game, ev.CardSacrificed, since=m)))
    assert costs == [1, 1, 2]


def test_rule_12_9_slack_tide_benches_a_card_and_draws_at_the_end_of_the_turn(
    sal, player, position, find, events, filler
):
    """A ``grant`` to a chosen opponent's card (``cannot_attack``) until the end of the
    controller's next turn, and a ``delayed`` draw ``at: end_of_turn``."""
    tide, hatchet = sal["slack-tide"], sal["scrap-hatchet"]
    game = position(
        player(9, inventory=[tide, *filler(1)]),
        player(9, mat={Slot.WEAPON: hatchet}, inventory=filler(1)),
    )
    t, h = find(game, tide), find(game, hatchet)
    game.play(Equip(t))
    assert [(e.card, e.duration.value) for e in events(game, ev.Granted)] == [
        (h, "until_end_of_your_next_turn")
    ]
    top = game.players[0].deck_top_first()
    m = mark(game)
    pass_turn(game)  # P1's end phase: the delayed draw
    log = events(game, since=m)
    at = log.index(ev.AbilityResolving(0, t, "delayed"))
    assert log[at - 1] == ev.PhaseStarted(0, ev.Phase.END) and log[at + 1] == ev.CardDrawn(
        0, top[0]
    )
    game.play(EndPhase())  # P2's main: their attack phase has no Hatchet to attack with
    assert not any(isinstance(a, Attack) for a in game.legal_actions())


def test_rule_12_9_salt_seal_keeps_its_player_from_poison_until_their_next_turn(
    sal, player, position, find, events
):
    seal, hound, launcher = sal["salt-seal"], sal["brine-hound"], sal["needle-rain-launcher"]
    game = position(
        player(9, inventory=[seal, sal["tin-plate-vest"]], mat={Slot.CREATURE: hound}),
        player(9, inventory=[launcher]),
    )
    game.play(Equip(find(game, seal), host=find(game, hound)))
    assert [(e.target, e.duration.value) for e in events(game, ev.Granted)] == [
        (0, "until_your_next_turn")
    ]
    pass_turn(game)
    assert game.active == 1
    m = mark(game)
    game.play(Equip(find(game, launcher)))  # POISON an opponent: P1 is immune (11.5)
    assert not game.players[0].poisoned and not events(game, ev.PlayerPoisoned, since=m)
    pass_turn(game)  # P1's turn 5 begins: the grant ends right after TurnStarted (12.9)
    log = events(game, since=m)
    at = log.index(ev.TurnStarted(0, 5))
    assert isinstance(log[at + 1], ev.GrantEnded)


# =========================================================================== characters


def test_rule_12_6_nerith_the_tide_reader_pro_orders_her_top_two_and_hits_harder_on_her_turn(
    sal, player, position, find, events, filler
):
    """Her PRO: a ``start_of_turn`` look at her top 2 cards (an ORDER decision, after the
    turn's draw, 3.1), and a ``card_stat`` on her creatures ``while: your_turn``."""
    nerith, heron = sal.character("nerith-the-tide-reader"), sal["salt-marsh-heron"]
    deck = filler(6)
    game = position(
        player(deck, character=nerith, mat={Slot.CREATURE: heron}),
        player(6, inventory=filler(1)),
        active=1,
    )
    h = find(game, heron)
    assert game.stat(h, CardStat.DAMAGE) == 2  # P2's turn: her creatures as printed
    game.play(EndPhase())  # P2's turn ends; Nerith's begins: she draws, then looks
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player, game.decision.effect) == (
        DecisionKind.ORDER,
        0,
        "look_at_deck",
    )
    second, third = (find(game, card) for card in deck[1:3])
    assert events(game)[-2] == ev.AbilityResolving(0, None, "start_of_turn")
    assert events(game)[-1] == ev.CardsLookedAt(0, 0, Zone.PRIMAL_DECK, (second, third))
    game.play(Choose(third))
    assert game.players[0].deck_top_first()[:2] == [third, second]
    assert game.stat(h, CardStat.DAMAGE) == 3  # her turn: +1


def test_rule_12_5_ebb_shrine_can_put_a_card_of_the_void_back_on_top(
    sal, player, position, find, events, filler
):
    """The other mode of Ebb Shrine: ``put_on_deck`` (top), the card chosen by its
    controller among their void's, seen by everyone on top (12.6)."""
    shrine = sal["ebb-shrine"]
    dead = filler(2)
    game = position(
        player(6, mat={Slot.SPELL: shrine}, void=dead, inventory=filler(1)),
        player(6, inventory=filler(1)),
        active=1,
    )
    game.play(EndPhase())
    game.play(Pick(0))
    back = find(game, dead[1])
    game.play(Choose(back))
    assert events(game, ev.CardMoved)[-1] == ev.CardMoved(0, back, Zone.VOID, Zone.PRIMAL_DECK)
    assert game.players[0].deck_top_first()[0] == back
    assert SeenCard(back, 0, Zone.PRIMAL_DECK, 0) in game.view(1).seen
