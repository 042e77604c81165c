"""RULINGS section 4: equipping, salvage, costs, instants, attach and active spells."""

from __future__ import annotations

import pytest

from backlands.engine import (
    Attack,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    MatCard,
    Pass,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardType,
    ContinuousAbility,
    Selector,
    Slot,
)
from backlands.ruleset import Ruleset

COST = ev.SacrificeReason.COST

# --------------------------------------------------------------------------- 4.1


@pytest.mark.parametrize(
    ("kind", "slot"),
    [
        (CardType.WEAPON, Slot.WEAPON),
        (CardType.ARMOUR, Slot.ARMOUR),
        (CardType.CREATURE, Slot.CREATURE),
        (CardType.ACTIVE_SPELL, Slot.SPELL),
    ],
)
def test_rule_4_1_each_type_goes_to_its_slot(make_card, player, position, find, events, kind, slot):
    card = make_card(kind)
    game = position(player(5, inventory=[card, make_card(CardType.ARMOUR)]), player(5))
    instance = find(game, card)
    game.play(Equip(instance))
    assert game.players[0].mat == {slot: game.players[0].mat[slot]}
    assert game.players[0].mat[slot].instance == instance
    assert game.zone_of(instance) == (Zone.MAT, 0)
    assert events(game, ev.CardEquipped) == [ev.CardEquipped(0, instance, slot, None)]


def test_rule_4_1_one_card_per_slot(make_card, player, position, find):
    first, second = make_card(CardType.CREATURE), make_card(CardType.CREATURE)
    game = position(player(5, inventory=[first, second]), player(5))
    game.play(Equip(find(game, first)))
    game.play(Equip(find(game, second)))
    mat = game.players[0].mat
    assert list(mat) == [Slot.CREATURE]
    assert mat[Slot.CREATURE].instance == find(game, second)
    assert game.players[0].void == [find(game, first)]


def test_rule_4_1_only_attach_spells_take_a_host(make_card, player, position, find, assert_illegal):
    weapon, armour = make_card(CardType.WEAPON), make_card(CardType.ARMOUR)
    game = position(player(5, inventory=[armour], mat={Slot.WEAPON: weapon}), player(5))
    assert_illegal(
        game,
        Equip(find(game, armour), host=find(game, weapon)),
        "only attach spells have a host",
        "(4.1)",
    )


# --------------------------------------------------------------------------- 4.2


def test_rule_4_2_salvage_old_card_and_attached_to_void_new_card_in_cost_paid(
    make_card, player, position, find, events
):
    old = make_card(CardType.WEAPON, durability=4)
    attach = make_card(CardType.ATTACH_SPELL)
    new = make_card(CardType.WEAPON, cost=2)
    deck = [make_card(CardType.ARMOUR) for _ in range(4)]
    game = position(
        player(
            deck,
            inventory=[new],
            mat={Slot.WEAPON: MatCard(old, counters=2, turn=1, attached=[attach])},
        ),
        player(5),
    )
    p = game.players[0]
    i_old, i_attach, i_new = find(game, old), find(game, attach), find(game, new)
    top_two = p.deck_top_first()[:2]
    mark = len(game.log)
    game.play(Equip(i_new))
    assert events(game, since=mark) == [
        ev.CardDestroyed(0, i_old, ev.DestroyReason.SALVAGE),
        ev.CardDestroyed(0, i_attach, ev.DestroyReason.HOST_DESTROYED),
        ev.CardSacrificed(0, top_two[0], COST),
        ev.CardSacrificed(0, top_two[1], COST),
        ev.CardEquipped(0, i_new, Slot.WEAPON, None),
        *events(game, since=mark + 5),
    ]
    assert all(not isinstance(e, ev.CardEquipped) for e in events(game, since=mark + 5))
    eq = p.mat[Slot.WEAPON]
    assert (eq.instance, eq.counters, eq.attached, eq.turn) == (i_new, 0, [], 3)
    assert p.void == [i_old, i_attach, *top_two]
    assert len(p.primal_deck) == 2
    assert p.inventory == []


def test_rule_4_2_salvage_refused_for_cost_leaves_old_card_in_place(
    make_card, player, position, find, assert_illegal
):
    old = make_card(CardType.ARMOUR)
    new = make_card(CardType.ARMOUR, cost=3)
    game = position(
        player(
            2,
            inventory=[new, make_card(CardType.WEAPON)],
            mat={Slot.ARMOUR: MatCard(old, counters=1)},
        ),
        player(5),
    )
    assert_illegal(game, Equip(find(game, new)), "(4.3)")
    assert game.players[0].mat[Slot.ARMOUR].instance == find(game, old)
    assert game.players[0].mat[Slot.ARMOUR].counters == 1


def test_rule_4_2_cost_is_fixed_before_the_salvaged_card_leaves(make_card, player, position, find):
    """The old armour makes armour cost 2 less; salvaging it still uses that cost."""
    cheapener = make_card(
        CardType.ARMOUR,
        abilities=[
            ContinuousAbility(
                [CardStatModifier(CardStat.PRIMAL_COST, -2, Selector(type=CardType.ARMOUR))]
            )
        ],
    )
    new = make_card(CardType.ARMOUR, cost=3)
    game = position(player(5, inventory=[new], mat={Slot.ARMOUR: cheapener}), player(5))
    i_new = find(game, new)
    assert game.cost(i_new, 0) == 1
    game.play(Equip(i_new))
    assert len(game.players[0].primal_deck) == 4
    assert game.cost(i_new, 0) == 3  # the cheapener is gone now


# --------------------------------------------------------------------------- 4.3


def test_rule_4_3_cost_sacrifices_top_cards_to_the_void(make_card, player, position, find, events):
    deck = [make_card(CardType.ARMOUR) for _ in range(5)]
    weapon = make_card(CardType.WEAPON, cost=3)
    game = position(player(deck, inventory=[weapon, make_card(CardType.ARMOUR)]), player(5))
    p = game.players[0]
    top = p.deck_top_first()
    game.play(Equip(find(game, weapon)))
    assert p.void == top[:3]
    assert p.deck_top_first() == top[3:]
    assert [(e.card, e.reason) for e in events(game, ev.CardSacrificed)] == [
        (i, COST) for i in top[:3]
    ]


def test_rule_4_3_cost_larger_than_deck_refused(
    make_card, player, position, find, assert_illegal, snapshot
):
    weapon = make_card(CardType.WEAPON, cost=4)
    game = position(player(3, inventory=[weapon, make_card(CardType.ARMOUR)]), player(5))
    assert Equip(find(game, weapon)) not in list(game.legal_actions())
    assert_illegal(
        game,
        Equip(find(game, weapon)),
        "it costs 4 and only 3 cards are left in P1's primal deck (4.3)",
    )
    assert find(game, weapon) in game.players[0].inventory


def test_rule_4_3_cost_equal_to_deck_allowed_and_player_goes_out(
    make_card, player, position, find, events
):
    weapon = make_card(CardType.WEAPON, cost=3)
    game = position(player(3, inventory=[weapon]), player(5))
    instance = find(game, weapon)
    assert Equip(instance) in game.legal_actions()
    game.play(Equip(instance))
    p = game.players[0]
    assert p.primal_deck == [] and p.out
    assert p.mat == {}
    assert game.zone_of(instance) == (Zone.VOID, 0)
    assert [type(e) for e in events(game)][-7:] == [
        ev.CardSacrificed,
        ev.CardSacrificed,
        ev.CardSacrificed,
        ev.CardEquipped,
        ev.CardDestroyed,
        ev.PlayerEliminated,
        ev.GameEnded,
    ]
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(0, instance, ev.DestroyReason.ELIMINATED)
    ]
    assert game.outcome.winner == 1
    assert game.decision is None


def test_rule_4_3_cost_uses_modifiers(make_card, make_character, player, position, find):
    thrifty = make_character(
        pro=[CardStatModifier(CardStat.PRIMAL_COST, -1, Selector(type=CardType.WEAPON))]
    )
    taxer = make_card(
        CardType.ARMOUR,
        abilities=[ContinuousAbility([CardStatModifier(CardStat.PRIMAL_COST, 2, whose=_opp())])],
    )
    weapon = make_card(CardType.WEAPON, cost=2)
    game = position(
        player(2, inventory=[weapon], character=thrifty),
        player(5, mat={Slot.ARMOUR: taxer}),
    )
    instance = find(game, weapon)
    assert game.cost(instance, 0) == 3  # 2 - 1 + 2
    assert Equip(instance) not in game.legal_actions()


def _opp():
    from backlands.model import Whose

    return Whose.OPPONENTS


# --------------------------------------------------------------------------- 4.4


def test_rule_4_4_equipped_event_comes_after_the_cost_is_paid(
    make_card, player, position, find, events
):
    creature = make_card(CardType.CREATURE, cost=1)
    game = position(player(3, inventory=[creature, make_card(CardType.ARMOUR)]), player(5))
    game.play(Equip(find(game, creature)))
    log = events(game, ev.CardSacrificed, ev.CardEquipped)
    assert [type(e) for e in log] == [ev.CardSacrificed, ev.CardEquipped]


# --------------------------------------------------------------------------- 4.5


def test_rule_4_5_equipped_turn_is_recorded_per_card(make_card, player, position, find):
    held = make_card(CardType.ARMOUR)
    mine, theirs = make_card(CardType.WEAPON), make_card(CardType.WEAPON)
    game = position(
        player(
            5,
            inventory=[mine, make_card(CardType.CREATURE)],
            mat={Slot.ARMOUR: MatCard(held, turn=1)},
        ),
        player(5, inventory=[theirs]),
        turn=7,
    )
    game.play(Equip(find(game, mine)))
    game.play(EndPhase())
    game.play(EndPhase())  # attack phase: do not attack
    assert game.turn == 8 and game.active == 1
    game.play(Equip(find(game, theirs)))
    assert game.players[0].mat[Slot.ARMOUR].turn == 1
    assert game.players[0].mat[Slot.WEAPON].turn == 7
    assert game.players[1].mat[Slot.WEAPON].turn == 8
    assert game.view(1).players[0].mat[Slot.WEAPON].turn == 7


# --------------------------------------------------------------------------- 4.6


def test_rule_4_6_instant_in_own_main_phase_pays_and_goes_to_void(
    make_card, player, position, find, events
):
    instant = make_card(CardType.INSTANT_SPELL, cost=2)
    game = position(player(4, inventory=[instant, make_card(CardType.ARMOUR)]), player(5))
    p = game.players[0]
    top = p.deck_top_first()
    i = find(game, instant)
    mark = len(game.log)
    game.play(Equip(i))
    assert events(game, since=mark) == [
        ev.CardSacrificed(0, top[0], COST),
        ev.CardSacrificed(0, top[1], COST),
        ev.CardEquipped(0, i, None, None),
    ]
    assert p.void == [top[0], top[1], i]
    assert p.mat == {}
    assert game.decision.kind is DecisionKind.MAIN and game.decision.player == 0


def test_rule_4_6_no_instant_in_attack_or_defence(
    make_card, player, position, find, assert_illegal
):
    weapon = make_card(CardType.WEAPON, damage=2)
    instant = make_card(CardType.INSTANT_SPELL)
    game = position(
        player(5, inventory=[instant], mat={Slot.WEAPON: weapon}),
        player(5, mat={Slot.ARMOUR: make_card(CardType.ARMOUR)}),
        phase=StartPhase.ATTACK,
    )
    assert_illegal(game, Equip(find(game, instant)), "attack phase", "(3.3)")
    game.play(Attack(find(game, weapon), 1))
    assert game.decision.kind is DecisionKind.DEFEND
    assert_illegal(game, Pass(), "P2 must defend 2 damage first (6.1)")


def test_rule_4_6_non_instant_refused_in_response_window(
    make_card, player, position, find, assert_illegal
):
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(5, inventory=[make_card(CardType.WEAPON)]),
        player(5, inventory=[make_card(CardType.INSTANT_SPELL), armour]),
    )
    game.play(Equip(game.players[0].inventory[0]))
    assert game.decision.kind is DecisionKind.RESPONSE and game.decision.player == 1
    assert_illegal(
        game, Equip(find(game, armour)), "only instant spells may be played in a response window"
    )


# --------------------------------------------------------------------------- 4.7


def test_rule_4_7_attach_spell_under_opponent_card_destroyed_with_its_host(
    make_card, player, position, find, events
):
    """P1 attaches under P2's armour; P1's weapon attack wears the armour out: the attach spell
    goes with it, to P1's void (its owner's)."""
    weapon = make_card(CardType.WEAPON, damage=3)
    attach = make_card(CardType.ATTACH_SPELL, cost=1)
    armour = make_card(CardType.ARMOUR, durability=2)
    game = position(
        player(5, inventory=[attach], mat={Slot.WEAPON: weapon}),
        player(5, mat={Slot.ARMOUR: armour}),
    )
    i_attach, i_armour = find(game, attach), find(game, armour)
    assert Equip(i_attach, host=i_armour) in game.legal_actions()
    assert Equip(i_attach, host=find(game, weapon)) in game.legal_actions()
    game.play(Equip(i_attach, host=i_armour))
    host = game.players[1].mat[Slot.ARMOUR]
    assert [a.instance for a in host.attached] == [i_attach]
    assert host.attached[0].turn == 3 and host.attached[0].counters == 0
    assert events(game, ev.CardEquipped)[-1] == ev.CardEquipped(0, i_attach, None, i_armour)
    assert len(game.players[0].primal_deck) == 4
    assert game.zone_of(i_attach) == (Zone.MAT, 1)
    # now attack (main phase has nothing left: the game moved to the attack phase)
    assert game.decision.kind is DecisionKind.ATTACK
    game.play(Attack(find(game, weapon), 1))
    mark = len(game.log)
    game.play(Defend(((i_armour, 2),)))
    assert events(game, ev.CardDestroyed, since=mark) == [
        ev.CardDestroyed(1, i_armour, ev.DestroyReason.WORN_OUT),
        # 11.1: the attach spell was P1's (who attached it), whoever's card it sat under
        ev.CardDestroyed(0, i_attach, ev.DestroyReason.HOST_DESTROYED),
    ]
    assert game.players[1].void[0] == i_armour
    assert game.players[0].void[-1] == i_attach
    assert game.players[1].mat == {}


def test_rule_4_7_attach_spell_needs_an_equipped_host(
    make_card, player, position, find, assert_illegal
):
    attach = make_card(CardType.ATTACH_SPELL)
    loose = make_card(CardType.WEAPON)
    game = position(player(5, inventory=[attach, loose]), player(5))
    assert_illegal(
        game,
        Equip(find(game, attach)),
        "an attach spell goes under an equipped card: name its host (4.7)",
    )
    assert_illegal(
        game, Equip(find(game, attach), host=find(game, loose)), "is not an equipped card (4.7)"
    )
    # with no equipped card anywhere, the attach spell is not offered
    assert [a for a in game.legal_actions() if getattr(a, "card", None) == find(game, attach)] == []


# --------------------------------------------------------------------------- 4.8


def test_rule_4_8_active_spell_counter_each_own_turn_destroyed_at_durability(
    make_card, player, position, find, events
):
    spell = make_card(CardType.ACTIVE_SPELL, durability=2)
    attach = make_card(CardType.ATTACH_SPELL)
    weapon = make_card(CardType.WEAPON)

    def hand():
        return [make_card(CardType.ARMOUR)]

    game = position(
        player(
            [make_card(CardType.ARMOUR) for _ in range(6)],
            mat={Slot.SPELL: MatCard(spell, attached=[attach]), Slot.WEAPON: weapon},
        ),
        player([make_card(CardType.ARMOUR) for _ in range(6)], inventory=hand()),
        phase=StartPhase.ATTACK,
    )
    i_spell = find(game, spell)
    game.play(EndPhase())  # P1's end phase: counter 1
    assert game.players[0].mat[Slot.SPELL].counters == 1
    assert game.active == 1 and game.decision.kind is DecisionKind.MAIN
    game.play(EndPhase())  # P2's turn ends (no attackers)
    assert game.players[0].mat[Slot.SPELL].counters == 1  # not on the opponent's turn
    # P1's turn: drawn armour in inventory, weapon on mat
    assert game.active == 0
    game.play(EndPhase())
    game.play(EndPhase())
    assert Slot.SPELL not in game.players[0].mat
    assert game.players[0].void[:2] == [i_spell, find(game, attach)]
    assert [(e.card, e.reason) for e in events(game, ev.CardDestroyed)] == [
        (i_spell, ev.DestroyReason.WORN_OUT),
        (find(game, attach), ev.DestroyReason.HOST_DESTROYED),
    ]
    assert [e.counters for e in events(game, ev.CounterAdded) if e.card == i_spell] == [1, 2]


def test_rule_4_8_counters_per_turn_from_ruleset(make_card, player, position):
    spell = make_card(CardType.ACTIVE_SPELL, durability=3)
    game = position(
        player(5, mat={Slot.SPELL: spell, Slot.WEAPON: make_card(CardType.WEAPON)}),
        player(5),
        phase=StartPhase.ATTACK,
        ruleset=Ruleset(active_spell_counters_per_turn=2),
    )
    game.play(EndPhase())
    assert game.players[0].mat[Slot.SPELL].counters == 2
