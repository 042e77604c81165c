"""RULINGS section 9: running out, elimination and draws."""

from __future__ import annotations

from backlands.engine import (
    Attack,
    Decision,
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

ELIMINATED = ev.DestroyReason.ELIMINATED

# --------------------------------------------------------------------------- 9.1


def test_rule_9_1_drawing_the_last_card_puts_the_player_out_and_opponent_wins(
    make_card, player, position, events
):
    game = position(player(5, inventory=[make_card(CardType.ARMOUR)]), player(1))
    game.play(EndPhase())
    p2 = game.players[1]
    assert p2.out and len(p2.inventory) == 1 and p2.primal_deck == []
    assert game.outcome.winner == 0
    assert "(9.1)" in game.outcome.reason
    assert events(game)[-4:] == [
        ev.PhaseStarted(1, ev.Phase.START),
        ev.CardDrawn(1, p2.inventory[0]),
        ev.PlayerEliminated(1),  # 9.2: at once, before any main phase
        ev.GameEnded(0, game.outcome.reason),
    ]
    assert game.over and game.winner == 0
    assert game.decision is None
    assert list(game.legal_actions()) == []


def test_rule_9_1_no_action_once_the_game_is_over(make_card, player, position, assert_illegal):
    game = position(player(5, inventory=[make_card(CardType.ARMOUR)]), player(1))
    game.play(EndPhase())
    assert_illegal(game, EndPhase(), "the game is over")
    assert_illegal(game, Pass(), "the game is over")


# --------------------------------------------------------------------------- 9.2


def test_rule_9_2_elimination_mid_attack_game_goes_on(make_card, player, position, find, events):
    """Docs example: A's weapon attacks B for 4, B has no defender and 3 cards left."""
    weapon = make_card(CardType.WEAPON, damage=4, durability=5)
    creature = make_card(CardType.CREATURE, damage=1, durability=5)
    b_weapon = make_card(CardType.WEAPON)
    b_spell = make_card(CardType.ACTIVE_SPELL)
    b_attach = make_card(CardType.ATTACH_SPELL)
    b_instant = make_card(CardType.INSTANT_SPELL)
    game = position(
        player(5, mat={Slot.WEAPON: weapon, Slot.CREATURE: creature}),
        player(
            3,
            inventory=[b_instant],
            mat={Slot.WEAPON: b_weapon, Slot.SPELL: MatCard(b_spell, attached=[b_attach])},
        ),
        player(6, inventory=[make_card(CardType.ARMOUR)]),
        phase=StartPhase.ATTACK,
    )
    w, c = find(game, weapon), find(game, creature)
    b = game.players[1]
    top = b.deck_top_first()
    game.play(Attack(w, 1))
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)  # 8.2: B may still answer
    mark = len(game.log)
    game.play(Pass())
    assert events(game, since=mark) == [
        ev.DamageTaken(1, 4, w),  # 5.3 after the 8.2 window
        *[ev.CardSacrificed(1, i, ev.SacrificeReason.DAMAGE) for i in top],
        ev.CardDestroyed(1, find(game, b_weapon), ELIMINATED),
        ev.CardDestroyed(1, find(game, b_spell), ELIMINATED),
        ev.CardDestroyed(1, find(game, b_attach), ev.DestroyReason.HOST_DESTROYED),
        ev.PlayerEliminated(1),
    ]
    assert b.out and b.mat == {} and not b.poisoned
    assert b.void == [*top, find(game, b_weapon), find(game, b_spell), find(game, b_attach)]
    assert game.outcome is None
    # A's turn goes on: the creature may still attack C, never B
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    assert set(game.legal_actions()) == {Attack(c, 2), EndPhase()}
    game.play(EndPhase())
    assert game.active == 2  # B takes no more turns
    # C equips: B holds an instant but makes no more decisions (8.1 skips B)
    game.play(Equip(game.players[2].inventory[0]))
    assert game.decision.player == 2
    game.play(EndPhase())
    assert game.active == 0
    assert [e.player for e in events(game, ev.TurnStarted)] == [2, 0]


def test_rule_9_2_bleed_empties_deck_ends_two_player_game(
    make_card, player, position, find, events
):
    weapon = make_card(CardType.WEAPON, damage=5, durability=5)
    armour = make_card(CardType.ARMOUR, durability=2)
    creature = make_card(CardType.CREATURE, durability=4)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(2, mat={Slot.ARMOUR: MatCard(armour, counters=1), Slot.CREATURE: creature}),
        phase=StartPhase.ATTACK,
    )
    a, c = find(game, armour), find(game, creature)
    top = game.players[1].deck_top_first()
    game.play(Attack(find(game, weapon), 1))
    mark = len(game.log)
    game.play(Defend(((a, 1), (c, 1))))
    reason = "last player with cards in their primal deck (9.1)"
    assert events(game, since=mark) == [
        ev.Defended(1, a, 1, 0),
        ev.CounterAdded(a, 1, 2),
        ev.CardDestroyed(1, a, ev.DestroyReason.WORN_OUT),
        ev.Defended(1, c, 1, 0),
        ev.CounterAdded(c, 1, 1),
        ev.Bled(1, 3),
        ev.CardSacrificed(1, top[0], ev.SacrificeReason.BLEED),
        ev.CardSacrificed(1, top[1], ev.SacrificeReason.BLEED),
        ev.CardDestroyed(1, c, ELIMINATED),
        ev.PlayerEliminated(1),
        ev.GameEnded(0, reason),
    ]
    assert game.players[1].void == [a, *top, c]
    assert game.outcome.winner == 0 and game.outcome.reason == reason
    assert game.decision is None


def test_rule_9_2_active_player_out_turn_ends_at_once(make_card, player, position, find, events):
    costly = make_card(CardType.WEAPON, cost=3)
    game = position(
        player(3, inventory=[costly, make_card(CardType.ARMOUR)]),
        player(5, inventory=[make_card(CardType.ARMOUR)]),
        player(5),
    )
    game.play(Equip(find(game, costly)))
    p1 = game.players[0]
    assert p1.out and p1.mat == {} and p1.void[-1] == find(game, costly)
    assert len(p1.inventory) == 1  # the inventory stays; the player makes no more decisions
    assert game.outcome is None
    assert game.active == 1 and game.decision == Decision(DecisionKind.MAIN, 1)
    assert events(game, ev.TurnEnded) == [ev.TurnEnded(0, 3)]
    assert not [e for e in events(game, ev.PhaseStarted) if e.player == 0]


# --------------------------------------------------------------------------- 9.3


def test_rule_9_3_everyone_out_at_the_same_check_is_a_draw(plain_character, filler, events):
    """Unreachable by a single action in the current engine (only one deck empties per action);
    reached at setup: every starting inventory empties every deck at the same check."""
    ruleset = Ruleset(deck_size=5, starting_inventory=5)
    game = Game([Seat(plain_character, filler(5)) for _ in range(3)], seed=0, ruleset=ruleset)
    assert all(p.out for p in game.players)
    assert game.outcome.winner is None
    assert game.outcome.reason == "every remaining player went out at the same check (9.3)"
    assert events(game, ev.PlayerEliminated) == [ev.PlayerEliminated(i) for i in range(3)]
    assert events(game)[-1] == ev.GameEnded(None, game.outcome.reason)
    assert game.decision is None


def test_rule_9_3_two_out_at_the_same_check_leaves_a_winner(
    plain_character, make_character, filler
):
    keeper = make_character(con=[PlayerStatModifier(PlayerStat.STARTING_INVENTORY, -1)])
    ruleset = Ruleset(deck_size=5, starting_inventory=5)
    game = Game(
        [
            Seat(plain_character, filler(5)),
            Seat(keeper, filler(5)),
            Seat(plain_character, filler(5)),
        ],
        seed=0,
        ruleset=ruleset,
    )
    assert [p.out for p in game.players] == [True, False, True]
    assert game.outcome.winner == 1


def test_rule_9_3_position_with_every_deck_empty_is_a_draw(player, position):
    game = position(player(0), player(0))
    assert game.outcome.winner is None
    assert "(9.3)" in game.outcome.reason


def test_rule_9_3_turn_limit_draw(make_card, player, position, events):
    game = position(
        player(5, inventory=[make_card(CardType.ARMOUR)]),
        player(5),
        turn=3,
        ruleset=Ruleset(turn_limit=3),
    )
    game.play(EndPhase())
    assert game.outcome.winner is None
    assert game.outcome.reason == "turn limit of 3 reached"
    assert events(game)[-2:] == [ev.TurnEnded(0, 3), ev.GameEnded(None, "turn limit of 3 reached")]
    assert not any(p.out for p in game.players)
