"""Illegal actions: each is refused with a message naming its rule, and changes nothing.

Also a few edge cases found while writing the per-rule tests (3.3 positions, 8.2, 4.7).
"""

from __future__ import annotations

import re

import pytest

from backlands.engine import (
    Attack,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    GameView,
    Pass,
    StartPhase,
)
from backlands.errors import GameSetupError
from backlands.model import CardType, Slot

RULE = re.compile(r"\(\d+\.\d+")


@pytest.fixture
def table(make_card, player, position, find):
    """P1 in the attack phase with weapon + creature (and a loose weapon in inventory); P2 with
    armour and an instant; P3 with nothing."""
    cards = {
        "weapon": make_card(CardType.WEAPON, damage=3, durability=5),
        "creature": make_card(CardType.CREATURE, damage=1, durability=5),
        "held": make_card(CardType.ARMOUR),
        "loose": make_card(CardType.WEAPON),
        "armour": make_card(CardType.ARMOUR, durability=2),
        "theirs": make_card(CardType.INSTANT_SPELL),
    }
    game = position(
        player(
            5,
            inventory=[cards["held"], cards["loose"]],
            mat={Slot.WEAPON: cards["weapon"], Slot.CREATURE: cards["creature"]},
        ),
        player(5, inventory=[cards["theirs"]], mat={Slot.ARMOUR: cards["armour"]}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    return game, {k: find(game, v) for k, v in cards.items()}


def test_rule_3_3_wrong_phase_actions_refused(table, assert_illegal):
    game, c = table
    assert_illegal(game, Equip(c["held"]), "attack phase", "(3.3)")
    assert_illegal(game, Pass(), "(3.3)")


def test_rule_5_1_attacking_self_refused(table, assert_illegal):
    game, c = table
    assert_illegal(game, Attack(c["weapon"], 0), "(5.1)")


def test_rule_3_3_attacking_twice_with_the_weapon_refused(table, assert_illegal):
    game, c = table
    game.play(Attack(c["weapon"], 2))  # P3 has no defender: sacrificed at once
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    for target in (1, 2):
        assert_illegal(game, Attack(c["weapon"], target), "already attacked", "(3.3)")


def test_rule_6_4_defence_amount_out_of_range_refused(table, assert_illegal):
    game, c = table
    game.play(Attack(c["weapon"], 1))
    game.play(Pass())  # P2's 8.2 window
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 3, c["weapon"])
    assert_illegal(game, Defend(((c["armour"], 3),)), "not 3 (6.4)")
    assert_illegal(game, Defend(((c["armour"], 0),)), "not 0 (6.4)")
    assert_illegal(game, Defend(((c["armour"], 1),)), "(6.3, 6.4)")  # bleed, no full absorber
    assert_illegal(game, EndPhase(), "P2 must defend 3 damage first (6.1)")
    game.play(Defend(((c["armour"], 2),)))  # full absorber: 1 bleeds
    assert len(game.players[1].void) == 2


def test_rule_4_3_illegal_equip_leaves_views_and_decks_unchanged(
    make_card, player, position, find, snapshot
):
    big = make_card(CardType.ARMOUR, cost=9)
    game = position(player(5, inventory=[big, make_card(CardType.ARMOUR)]), player(5))
    before = snapshot(game)
    views: list[GameView] = [game.view(i) for i in range(2)]
    decks = [p.deck_top_first() for p in game.players]
    with pytest.raises(Exception, match=r"\(4\.3\)"):
        game.play(Equip(find(game, big)))
    assert [game.view(i) for i in range(2)] == views
    assert [p.deck_top_first() for p in game.players] == decks
    assert snapshot(game) == before
    assert game.actions == ()


def test_rule_3_2_card_not_in_inventory_message_names_the_rule(
    make_card, player, position, find, assert_illegal
):
    other = make_card(CardType.ARMOUR)
    game = position(player(5, inventory=[make_card(CardType.ARMOUR)]), player(5, [other]))
    message = assert_illegal(game, Equip(find(game, other)), "is not in P1's inventory")
    assert RULE.search(message), message


def test_rule_3_2_card_not_in_inventory_refused(make_card, player, position, find, assert_illegal):
    on_deck = make_card(CardType.ARMOUR)
    theirs = make_card(CardType.ARMOUR)
    game = position(
        player(
            [on_deck, *[make_card(CardType.ARMOUR) for _ in range(3)]], [make_card(CardType.ARMOUR)]
        ),
        player(5, inventory=[theirs]),
    )
    assert_illegal(game, Equip(find(game, on_deck)), "is not in P1's inventory")
    assert_illegal(game, Equip(find(game, theirs)), "is not in P1's inventory")


def test_rule_3_3_attack_with_card_not_on_own_mat_refused(table, assert_illegal):
    game, c = table
    assert_illegal(game, Attack(c["loose"], 1), "is not equipped on P1's mat")
    assert_illegal(game, Attack(c["armour"], 2), "only a weapon or a creature attacks (3.3)")
    assert_illegal(game, Attack(c["theirs"], 2), "only a weapon or a creature attacks (3.3)")


def test_rule_3_3_attack_with_unequipped_card_message_names_the_rule(table, assert_illegal):
    game, c = table
    message = assert_illegal(game, Attack(c["loose"], 1), "is not equipped on P1's mat")
    assert RULE.search(message), message


def test_rule_3_3_position_in_attack_phase_on_first_turn_has_no_attack(make_card, player, position):
    try:
        game = position(
            player(5, mat={Slot.WEAPON: make_card(CardType.WEAPON)}, turns_taken=1),
            player(5, inventory=[make_card(CardType.ARMOUR)]),
            phase=StartPhase.ATTACK,
        )
    except GameSetupError:
        return
    assert not any(isinstance(a, Attack) for a in game.legal_actions())


def test_rule_8_2_target_paying_its_last_card_in_the_window_goes_out(
    make_card, player, position, find, events
):
    weapon = make_card(CardType.WEAPON)
    instant = make_card(CardType.INSTANT_SPELL, cost=2)
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(3, mat={Slot.WEAPON: weapon}),
        player(2, inventory=[instant], mat={Slot.ARMOUR: armour}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    game.play(Equip(find(game, instant)))
    # the 9.2 check runs after the instant: P2 is out before defending; the game is over
    assert game.players[1].out
    assert game.players[1].void[-1] == find(game, armour)
    assert game.outcome.winner == 0
    assert game.decision is None


def test_rule_8_1_attach_spell_equip_opens_windows(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON)
    attach = make_card(CardType.ATTACH_SPELL)
    game = position(
        player(5, inventory=[attach, make_card(CardType.ARMOUR)], mat={Slot.WEAPON: weapon}),
        player(5, inventory=[make_card(CardType.INSTANT_SPELL)]),
    )
    game.play(Equip(find(game, attach), host=find(game, weapon)))
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
