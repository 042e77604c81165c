"""RULINGS section 8: response windows."""

from __future__ import annotations

from backlands.engine import (
    Attack,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Pass,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.model import CardType, Slot
from backlands.ruleset import Ruleset

RESPONSE = DecisionKind.RESPONSE


def _instant(make_card, cost=0):
    return make_card(CardType.INSTANT_SPELL, cost=cost)


# --------------------------------------------------------------------------- 8.1


def test_rule_8_1_each_other_player_in_turn_order_after_an_equip(make_card, player, position, find):
    armour = make_card(CardType.ARMOUR)
    i2, i3, i4 = _instant(make_card), _instant(make_card), _instant(make_card)
    game = position(
        player(5, inventory=[_instant(make_card)]),
        player(5, inventory=[i2]),
        player(5, inventory=[i3, armour]),
        player(5, inventory=[i4]),
        active=2,
    )
    # P3 (index 2) is active and casts an instant in their main phase (it opens windows too)
    game.play(Equip(find(game, i3)))
    asked = []
    while game.decision.kind is RESPONSE:
        asked.append(game.decision.player)
        game.play(Pass())
    assert asked == [3, 0, 1]  # from the player after the equipper, round the table
    assert game.decision == Decision(DecisionKind.MAIN, 2)


def test_rule_8_1_only_instants_offered_one_per_player(make_card, player, position, find, events):
    weapon = make_card(CardType.WEAPON)
    a, b = _instant(make_card, cost=1), _instant(make_card)
    armour = make_card(CardType.ARMOUR)
    c = _instant(make_card)
    game = position(
        player(5, inventory=[weapon, make_card(CardType.ARMOUR)]),
        player(5, inventory=[a, b, armour]),
        player(5, inventory=[c]),
    )
    game.play(Equip(find(game, weapon)))
    assert game.decision == Decision(RESPONSE, 1)
    assert set(game.legal_actions()) == {Equip(find(game, a)), Equip(find(game, b)), Pass()}
    mark = len(game.log)
    game.play(Equip(find(game, a)))
    p2 = game.players[1]
    assert events(game, since=mark) == [
        ev.CardSacrificed(1, p2.void[0], ev.SacrificeReason.COST),
        ev.CardEquipped(1, find(game, a), None, None),
    ]
    assert p2.void[-1] == find(game, a)
    # one instant per player: P2 (still holding b) is not asked again; P3 is next
    assert game.decision == Decision(RESPONSE, 2)
    game.play(Equip(find(game, c)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert find(game, b) in p2.inventory


def test_rule_8_1_players_out_or_without_playable_instant_not_asked(
    make_card, player, position, find
):
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[weapon, make_card(CardType.ARMOUR)]),
        player(0, inventory=[_instant(make_card)]),  # out
        player(2, inventory=[_instant(make_card, cost=3)]),  # cannot pay (4.3, 8.3)
        player(5, inventory=[_instant(make_card, cost=5)]),  # can pay exactly
    )
    assert game.players[1].out
    game.play(Equip(find(game, weapon)))
    assert game.decision == Decision(RESPONSE, 3)
    game.play(Pass())
    assert game.decision == Decision(DecisionKind.MAIN, 0)


def test_rule_8_1_windows_off_in_ruleset(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[weapon, make_card(CardType.ARMOUR)]),
        player(5, inventory=[_instant(make_card)]),
        ruleset=Ruleset(response_windows=False),
    )
    game.play(Equip(find(game, weapon)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)


def test_rule_8_1_wrong_answers_in_a_window_refused(
    make_card, player, position, find, assert_illegal
):
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[weapon, make_card(CardType.ARMOUR)]),
        player(5, inventory=[_instant(make_card)], mat={Slot.WEAPON: make_card(CardType.WEAPON)}),
    )
    game.play(Equip(find(game, weapon)))
    msg = "P2 is in a response window: play an instant spell or pass (8.1, 8.2)"
    assert_illegal(game, EndPhase(), msg)
    assert_illegal(game, Defend(), msg)
    assert_illegal(game, Attack(game.players[1].mat[Slot.WEAPON].instance, 0), msg)
    assert_illegal(game, Equip(find(game, weapon)), "is not in P2's inventory")


# --------------------------------------------------------------------------- 8.2


def test_rule_8_2_target_may_play_several_instants_before_defending(
    make_card, player, position, find, events
):
    weapon = make_card(CardType.WEAPON, damage=2)
    x, y, z = _instant(make_card), _instant(make_card), _instant(make_card)
    game = position(
        player(5, inventory=[_instant(make_card)], mat={Slot.WEAPON: weapon}),
        player(5, inventory=[x, y], mat={Slot.ARMOUR: make_card(CardType.ARMOUR)}),
        player(5, inventory=[z]),  # not the target: not asked
        phase=StartPhase.ATTACK,
    )
    w = find(game, weapon)
    game.play(Attack(w, 1))
    assert game.decision == Decision(RESPONSE, 1)
    attack_at = game.log.index(ev.AttackDeclared(0, w, 1, 2))
    assert ev.DamageTaken(1, 2, w) not in game.log  # the window comes before the damage
    game.play(Equip(find(game, x)))
    assert game.decision == Decision(RESPONSE, 1)
    game.play(Equip(find(game, y)))
    # nothing left to play: the window closes by itself, the damage is taken and defended
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, w)
    played = events(game, ev.CardEquipped, ev.DamageTaken, since=attack_at)
    assert played == [
        ev.CardEquipped(1, find(game, x), None),
        ev.CardEquipped(1, find(game, y), None),
        ev.DamageTaken(1, 2, w),
    ]
    assert find(game, z) in game.players[2].inventory


def test_rule_8_2_target_passes_then_defends(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=2)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(5, inventory=[_instant(make_card), _instant(make_card)]),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    assert game.decision == Decision(RESPONSE, 1)
    assert len(game.players[1].void) == 0  # nothing sacrificed before the window
    game.play(Pass())
    assert len(game.players[1].void) == 2  # no defender: the 2 damage is sacrificed


# --------------------------------------------------------------------------- 8.3


def test_rule_8_3_instant_played_in_a_window_opens_no_window(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON)
    answer = _instant(make_card)
    game = position(
        player(5, inventory=[weapon, _instant(make_card), make_card(CardType.ARMOUR)]),
        player(5, inventory=[answer]),
        player(5, inventory=[_instant(make_card)]),
    )
    game.play(Equip(find(game, weapon)))
    assert game.decision == Decision(RESPONSE, 1)
    game.play(Equip(find(game, answer)))
    # P1 holds a playable instant but is not asked about P2's instant; P3's window is the one
    # opened by P1's weapon
    assert game.decision == Decision(RESPONSE, 2)
    game.play(Pass())
    assert game.decision == Decision(DecisionKind.MAIN, 0)


def test_rule_8_3_instant_in_own_main_phase_does_open_windows(make_card, player, position, find):
    mine = _instant(make_card)
    game = position(
        player(5, inventory=[mine, make_card(CardType.ARMOUR)]),
        player(5, inventory=[_instant(make_card)]),
    )
    game.play(Equip(find(game, mine)))
    assert game.decision == Decision(RESPONSE, 1)


def test_rule_8_3_instant_in_attack_window_opens_no_window(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=1)
    game = position(
        player(5, inventory=[_instant(make_card)], mat={Slot.WEAPON: weapon}),
        player(5, inventory=[_instant(make_card)]),
        player(5, inventory=[_instant(make_card)]),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    game.play(Equip(game.players[1].inventory[0]))
    # no window for P1 or P3; P2 has no defender: damage sacrificed; P1's attack phase ends
    assert len(game.players[1].void) == 2
    assert game.decision.player == 1 and game.decision.kind is DecisionKind.MAIN


# --------------------------------------------------------------------------- 8.3, every window

ASK_EVERY = Ruleset(ask_every_window=True)


def test_rule_8_3_ask_every_window_asks_players_with_no_playable_instant(
    make_card, player, position, find
):
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[weapon, make_card(CardType.ARMOUR)]),
        player(0, inventory=[_instant(make_card)]),  # out: never asked (9.2)
        player(2, inventory=[_instant(make_card, cost=3)]),  # cannot pay: asked, may only pass
        player(5, inventory=[make_card(CardType.ARMOUR)]),  # no instant: asked, may only pass
        player(5, inventory=[_instant(make_card, cost=5)]),  # can pay exactly
        ruleset=ASK_EVERY,
    )
    game.play(Equip(find(game, weapon)))
    asked = []
    while game.decision.kind is RESPONSE:
        asked.append((game.decision.player, len(game.legal_actions())))
        game.play(Pass())
    assert asked == [(2, 1), (3, 1), (4, 2)]  # in turn order; 1 is out
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    # the passes are decisions, so the record holds them and replays the same game
    assert game.actions == (Equip(find(game, weapon)), Pass(), Pass(), Pass())


def test_rule_8_3_ask_every_window_asks_the_attack_target(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=2)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(5, inventory=[make_card(CardType.ARMOUR)]),  # no instant
        phase=StartPhase.ATTACK,
        ruleset=ASK_EVERY,
    )
    game.play(Attack(find(game, weapon), 1))
    assert game.decision == Decision(RESPONSE, 1)  # 8.2: asked before the damage
    assert list(game.legal_actions()) == [Pass()]
    assert len(game.players[1].void) == 0
    game.play(Pass())
    assert len(game.players[1].void) == 2  # no defender: the 2 damage is sacrificed


def test_rule_8_3_ask_every_window_asks_a_main_phase_with_nothing_to_equip(
    make_card, player, position
):
    # the main phase's answers come from the inventory too: nothing affordable, still asked
    game = position(
        player(1, inventory=[make_card(CardType.ARMOUR, cost=3)]),
        player(5),
        ruleset=ASK_EVERY,
    )
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert list(game.legal_actions()) == [EndPhase()]
    game.play(EndPhase())
    assert (game.turn, game.decision) == (4, Decision(DecisionKind.MAIN, 1))
    # the same position under the standard rules: P1's phase ends by itself, and P2 (who
    # draws an armour of cost 0) is the first to be asked
    other = position(player(1, inventory=[make_card(CardType.ARMOUR, cost=3)]), player(5))
    assert (other.turn, other.decision) == (4, Decision(DecisionKind.MAIN, 1))
    assert other.actions == ()


def test_rule_8_3_ask_every_window_off_by_default(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[weapon, make_card(CardType.ARMOUR)]),
        player(5, inventory=[make_card(CardType.ARMOUR)]),
    )
    assert Ruleset().ask_every_window is False
    game.play(Equip(find(game, weapon)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)  # P2 holds no instant: not asked
