"""RULINGS section 3 (the turn): start, main, attack and end phases; turn order."""

from __future__ import annotations

from backlands.engine import (
    Attack,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Seat,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.model import CardType, PlayerStat, PlayerStatModifier, Slot
from backlands.ruleset import Ruleset

Phase = ev.Phase

# --------------------------------------------------------------------------- 3.1


def test_rule_3_1_start_phase_draws_the_top_card(make_card, player, position, events):
    top, second = make_card(CardType.ARMOUR), make_card(CardType.ARMOUR)
    game = position(
        player(3, inventory=[make_card(CardType.ARMOUR)]),
        player([top, second, make_card(CardType.ARMOUR)]),
    )
    p1 = game.players[1]
    top_instance = p1.deck_top_first()[0]
    assert top_instance.card is top
    mark = len(game.log)
    game.play(EndPhase())  # P1 main -> attack (nothing to attack with) -> end -> P2's turn
    assert events(game, ev.TurnEnded, ev.TurnStarted, ev.PhaseStarted, ev.CardDrawn, since=mark)[
        -5:
    ] == [
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
        ev.PhaseStarted(1, Phase.START),
        ev.CardDrawn(1, top_instance),
        ev.PhaseStarted(1, Phase.MAIN),
    ]
    assert p1.inventory == [top_instance]
    assert [i.card for i in p1.deck_top_first()] == [second, p1.deck_top_first()[1].card]
    assert len(p1.primal_deck) == 2
    assert game.turn == 4 and game.active == 1
    assert p1.turns_taken == 3
    assert game.decision.kind is DecisionKind.MAIN and game.decision.player == 1


def test_rule_3_1_draws_per_turn_from_ruleset_and_player_stat(
    make_card, make_character, player, position
):
    greedy = make_character(pro=[PlayerStatModifier(PlayerStat.DRAWS_PER_TURN, 1)])
    game = position(
        player(5, inventory=[make_card(CardType.ARMOUR)]),
        player(5, character=greedy),
        ruleset=Ruleset(draws_per_turn=2),
    )
    assert game.player_stat(1, PlayerStat.DRAWS_PER_TURN) == 3
    game.play(EndPhase())
    assert len(game.players[1].inventory) == 3
    assert len(game.players[1].primal_deck) == 2


# --------------------------------------------------------------------------- 3.2


def test_rule_3_2_main_phase_equips_several_cards_one_at_a_time(make_card, player, position, find):
    cards = [
        make_card(CardType.WEAPON),
        make_card(CardType.ARMOUR),
        make_card(CardType.CREATURE),
        make_card(CardType.ACTIVE_SPELL),
    ]
    game = position(player(5, inventory=cards), player(5))
    for card in cards:
        assert game.decision.kind is DecisionKind.MAIN and game.decision.player == 0
        game.play(Equip(find(game, card)))
    # inventory empty: main phase has only "end" left and ends by itself (attack phase next)
    assert [eq.instance.card for eq in game.players[0].mat.values()] == cards
    assert game.decision.kind is DecisionKind.ATTACK


def test_rule_3_2_main_phase_lasts_until_the_player_ends_it(make_card, player, position, find):
    game = position(player(5, inventory=[make_card(CardType.ARMOUR)]), player(5))
    assert set(game.legal_actions()) == {
        Equip(game.players[0].inventory[0]),
        EndPhase(),
    }
    game.play(EndPhase())
    # no weapon or creature on the mat: the attack phase ends at once, P2 starts
    assert game.decision.player == 1


def test_rule_3_2_attack_and_pass_refused_in_main_phase(
    make_card, player, position, find, assert_illegal
):
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, inventory=[make_card(CardType.ARMOUR)], mat={Slot.WEAPON: weapon}), player(5)
    )
    msg = "P1 is in the main phase: equip a card or end the phase (3.2)"
    assert_illegal(game, Attack(find(game, weapon), 1), msg)
    assert_illegal(game, Pass(), msg)
    assert_illegal(game, Defend(), msg)


# --------------------------------------------------------------------------- 3.3


def test_rule_3_3_no_attack_phase_on_first_turn(make_card, player, position, events):
    game = position(
        player(
            5,
            inventory=[make_card(CardType.ARMOUR)],
            mat={Slot.WEAPON: make_card(CardType.WEAPON)},
            turns_taken=1,
        ),
        player(5),
    )
    mark = len(game.log)
    game.play(EndPhase())
    assert Phase.ATTACK not in [e.phase for e in events(game, ev.PhaseStarted, since=mark)]
    assert not events(game, ev.AttackDeclared)
    assert game.active == 1 and game.decision.player == 1
    assert len(game.players[1].primal_deck) == 4  # drew, took no damage


def test_rule_3_3_attack_on_first_turn_ruleset_variant(make_card, player, position, find):
    weapon = make_card(CardType.WEAPON, damage=2)
    game = position(
        player(5, inventory=[make_card(CardType.ARMOUR)], mat={Slot.WEAPON: weapon}, turns_taken=1),
        player(5),
        ruleset=Ruleset(attack_on_first_turn=True),
    )
    game.play(EndPhase())
    assert game.decision.kind is DecisionKind.ATTACK and game.decision.player == 0
    game.play(Attack(find(game, weapon), 1))
    assert len(game.players[1].void) == 2  # 2 damage sacrificed; then P2 drew for turn 4
    assert game.active == 1 and len(game.players[1].primal_deck) == 2


def test_rule_3_3_first_turn_of_a_full_game_has_no_attack(make_card, plain_character, filler):
    weapons = [make_card(CardType.WEAPON) for _ in range(36)]
    game = Game(
        [Seat(plain_character, weapons), Seat(plain_character, filler(36))],
        seed=0,
        first_player=0,
    )
    game.play(Equip(game.players[0].inventory[0]))
    game.play(EndPhase())
    assert game.players[0].turns_taken == 1
    assert game.decision.player == 1  # no attack decision for P1 on their first turn
    assert not any(isinstance(e, ev.AttackDeclared) for e in game.log)


def test_rule_3_3_attack_phase_refuses_equip_and_ends_on_request(
    make_card, player, position, find, assert_illegal
):
    weapon = make_card(CardType.WEAPON)
    armour = make_card(CardType.ARMOUR)
    game = position(
        player(5, inventory=[armour], mat={Slot.WEAPON: weapon}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    assert set(game.legal_actions()) == {Attack(find(game, weapon), 1), EndPhase()}
    msg = "P1 is in the attack phase: attack or end the phase (3.3)"
    assert_illegal(game, Equip(find(game, armour)), msg)
    assert_illegal(game, Pass(), msg)
    assert_illegal(game, Defend(), msg)
    game.play(EndPhase())
    assert game.active == 1


# --------------------------------------------------------------------------- 3.4


def test_rule_3_4_end_phase_counters_then_poison_check_then_next_player(
    make_card, player, position, events
):
    spell = make_card(CardType.ACTIVE_SPELL, durability=5)
    weapon = make_card(CardType.WEAPON)
    game = position(
        player(5, mat={Slot.SPELL: spell, Slot.WEAPON: weapon}, poisoned=True),
        player(5),
        phase=StartPhase.ATTACK,
    )
    mark = len(game.log)
    game.play(EndPhase())
    kinds = [
        type(e).__name__
        for e in events(game, since=mark)
        if not isinstance(e, ev.CardSacrificed | ev.DamageTaken)
    ]
    assert kinds[:4] == ["PhaseStarted", "CounterAdded", "PoisonChecked", "TurnEnded"]
    assert events(game, ev.PhaseStarted, since=mark)[0] == ev.PhaseStarted(0, Phase.END)
    assert game.players[0].mat[Slot.SPELL].counters == 1
    assert game.active == 1


def test_rule_3_4_turn_order_is_seating_order_and_wraps(make_card, player, position, events):
    def busy():  # an armour in inventory and one drawn each turn: every main phase asks
        return player([make_card(CardType.ARMOUR) for _ in range(5)], [make_card(CardType.ARMOUR)])

    game = position(busy(), busy(), busy(), active=1)
    assert game.active == 1
    game.play(EndPhase())
    assert game.active == 2
    game.play(EndPhase())
    assert game.active == 0
    game.play(EndPhase())
    assert game.active == 1
    assert [e.player for e in events(game, ev.TurnStarted)] == [2, 0, 1]


def test_rule_3_4_turn_order_skips_players_who_are_out(make_card, player, position, events):
    def busy():
        return player([make_card(CardType.ARMOUR) for _ in range(5)], [make_card(CardType.ARMOUR)])

    game = position(busy(), player(0), busy(), busy(), active=3)
    assert game.players[1].out
    game.play(EndPhase())  # P4 -> P1
    assert game.active == 0
    game.play(EndPhase())  # P1 -> P3, skipping P2
    assert game.active == 2
    assert [e.player for e in events(game, ev.TurnStarted)] == [0, 2]
    assert game.players[1].turns_taken == 2  # P2 took no turn


def test_rule_3_4_position_started_in_main_runs_the_end_phase_once(
    make_card, player, position, events
):
    spell = make_card(CardType.ACTIVE_SPELL, durability=5)
    game = position(player(5, mat={Slot.SPELL: MatCard(spell)}), player(5))
    game.play(EndPhase())
    assert events(game, ev.PhaseStarted).count(ev.PhaseStarted(0, Phase.END)) == 1
    assert game.players[0].mat[Slot.SPELL].counters == 1
