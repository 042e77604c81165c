"""Holes found by mutation testing (issue 12), second pass: the surviving mutants of
``backlands.engine.stats``, ``effects``, ``state``, ``triggers`` and ``abilities`` in the
whole run over commit 6068313. Each test pins one behaviour a survivor changed, through the
public API where there is one (``Game.stat``, positions, seats, the log)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import (
    NO_ABILITIES,
    AttachedCard,
    Attack,
    CardInstance,
    Choose,
    DecisionKind,
    EndPhase,
    Equip,
    Equipped,
    Game,
    MatCard,
    PlayerState,
    Position,
    Seat,
    StartPhase,
    card_abilities,
    effects,
)
from backlands.engine import events as ev
from backlands.engine.abilities import character_abilities
from backlands.engine.table import Table
from backlands.model import (
    Boost,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    ContinuousAbility,
    Destroy,
    Draw,
    PlayerStat,
    PlayerStatModifier,
    Selector,
    Slot,
    Steal,
    Trait,
    Trigger,
    TriggeredAbility,
    Whose,
)
from backlands.ruleset import STANDARD

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL
DAMAGE, DURABILITY, COST = CardStat.DAMAGE, CardStat.DURABILITY, CardStat.PRIMAL_COST

Fixture = Callable[..., Any]


def mod(stat: CardStat, amount: int, *types: CardType, whose: Whose = Whose.OWN) -> Any:
    return CardStatModifier(stat, amount, Selector(type=types), whose)


def while_equipped(*modifiers: Any) -> ContinuousAbility:
    return ContinuousAbility(modifiers)


# --------------------------------------------------------------------------- card stats


def test_each_modifier_counts_whatever_comes_before_it(
    make_card: Fixture, make_character: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Stats.card: a modifier of another stat, one of another player's "own", or one of the
    card's own side's "opponents", does not stop the modifiers after it from counting (10.3,
    11.1: "own" and "opponents" seen from its controller)."""
    first = make_character(
        pro=[
            mod(DURABILITY, 1, ARMOUR),
            mod(DAMAGE, -1, WEAPON, whose=Whose.OPPONENTS),
            mod(DAMAGE, 1, WEAPON),
        ]
    )
    second = make_character(pro=[mod(DAMAGE, 2, WEAPON)])
    axe, club = make_card(WEAPON, 0, 1, 5, name="Axe"), make_card(WEAPON, 0, 1, 5, name="Club")
    game = position(
        player(5, mat={Slot.WEAPON: axe}, character=first),
        player(5, mat={Slot.WEAPON: club}, character=second),
    )
    assert game.stat(find(game, axe), DAMAGE) == 2  # 1, first's "opponents" -1 skipped, +1
    assert game.stat(find(game, club), DAMAGE) == 2  # 1, first's -1, first's "own" skipped, +2


def test_durability_never_goes_below_1_and_the_card_stays(
    make_card: Fixture, make_character: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Stats.card: an opponent's -5 to armour leaves a 3-durability armour at 1, not 0
    (10.3; the modifier's rule), so it is not worn out (4.8, 6.2) until a counter lands."""
    blight = make_character(con=[mod(DURABILITY, -5, ARMOUR, whose=Whose.OPPONENTS)])
    vest = make_card(ARMOUR, 0, None, 3, name="Vest")
    game = position(player(5, mat={Slot.ARMOUR: vest}), player(5, character=blight))
    assert game.stat(find(game, vest), DURABILITY) == 1
    game.play(EndPhase())
    assert game.players[0].mat[Slot.ARMOUR].instance is find(game, vest)


def test_after_a_player_goes_out_the_later_players_modifiers_still_count(
    make_card: Fixture, make_character: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Stats.changed, Stats._collect: P2 draws their last card and is out (9.1, 9.2); P3's
    PRO (+1 damage to their weapons, 10.3) still counts, both while the stats are computed
    again after the out check and for a player seated after the one who is out."""
    smith = make_character(pro=[mod(DAMAGE, 1, WEAPON)])
    club = make_card(WEAPON, 0, 1, 5, name="Club")
    game = position(
        player(5, [make_card(ARMOUR)]),
        player(1),
        player(5, mat={Slot.WEAPON: club}, character=smith),
    )
    assert game.stat(find(game, club), DAMAGE) == 2
    assert game.active == 0 and not game.players[1].out
    game.play(EndPhase())  # P1's turn ends; P2 draws their last card: out
    assert [p.out for p in game.players] == [False, True, False]
    assert game.active == 2
    assert game.stat(find(game, club), DAMAGE) == 2


def test_an_attach_spell_of_a_player_who_is_out_changes_no_stat(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Stats._collect: P2's Whetstone (+1 damage to every weapon while equipped) sits under
    P3's Club (4.7, 11.1: P2 controls it). Once P2 is out (9.2) it stays under the Club
    but its modifier no longer counts."""
    stone = make_card(
        ATTACH,
        name="Whetstone",
        abilities=[while_equipped(mod(DAMAGE, 1, WEAPON, whose=Whose.ALL))],
    )
    club = make_card(WEAPON, 0, 1, 5, name="Club")
    game = position(
        player(5, [make_card(ARMOUR)]),
        player(1),
        player(5, mat={Slot.WEAPON: MatCard(club, attached=[AttachedCard(stone, controller=1)])}),
    )
    assert game.stat(find(game, club), DAMAGE) == 2
    game.play(EndPhase())  # P2 draws their last card: out
    assert game.players[1].out
    held = game.players[2].mat[Slot.WEAPON]
    assert [a.instance for a in held.attached] == [find(game, stone)]
    assert game.stat(find(game, club), DAMAGE) == 1


def test_a_copy_pays_the_cost_its_players_own_modifiers_make(
    make_card: Fixture, make_character: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """Stats.cost: a copied game computes its costs again (its own tables); P1's PRO makes
    their weapons cost 1 less (10.3), so equipping the cost-2 Axe in the copy sacrifices
    1 card (4.3), as in the game itself."""
    thrifty = make_character(pro=[mod(COST, -1, WEAPON)])
    axe = make_card(WEAPON, 2, name="Axe")
    game = position(player(5, [axe, make_card(ARMOUR)], character=thrifty), player(5))
    copy = game.copy()
    copy.play(Equip(find(copy, axe)))
    game.play(Equip(find(game, axe)))
    assert [len(g.players[0].primal_deck) for g in (game, copy)] == [4, 4]
    assert copy.players[0].mat[Slot.WEAPON].instance is find(copy, axe)


# --------------------------------------------------------------------------- shared stats


def test_a_game_whose_player_stats_change_leaves_the_next_games_draws_alone(
    make_card: Fixture, plain_character: Any
) -> None:
    """Stats.share: games between the same seats share the player stats computed from the
    characters alone; once a player-stat source comes into play in one game, that game
    computes its own. Here every card draws 1 more per turn while equipped (10.3): the
    first player equips one and draws 2 at their next turn; a new game between the same
    seats still draws 1 at its first turn (3.1)."""
    extra = while_equipped(PlayerStatModifier(PlayerStat.DRAWS_PER_TURN, 1))
    cards = [make_card(ARMOUR, name=f"Satchel {n}", abilities=[extra]) for n in range(36)]
    seats = (Seat(plain_character, cards, "Ann"), Seat(plain_character, cards, "Bo"))
    first = Game(seats, seed=7)
    me = first.first_player
    assert len(first.players[me].inventory) == 6  # 5, and the first turn's draw
    first.play(Equip(first.players[me].inventory[0]))
    first.play(EndPhase())  # the other player's turn
    first.play(EndPhase())  # ours again: 2 draws
    assert first.active == me and len(first.players[me].inventory) == 5 + 1 - 1 + 2
    second = Game(seats, seed=7)
    assert len(second.players[me].inventory) == 6


# --------------------------------------------------------------------------- the stats' version


def when(trigger: Trigger, *effects: Any) -> TriggeredAbility:
    return TriggeredAbility(trigger, effects)


def dealt(game: Game) -> list[int]:
    """The amount of each ``DamageTaken`` in the log."""
    assert game.log is not None
    return [e.amount for e in game.log if isinstance(e, ev.DamageTaken)]


@pytest.fixture
def attack_window(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> Callable[..., Game]:
    """P1 attacks P2 with an Axe of damage 2, boosted +1 this turn (so the stats changed
    once before the attack); P2 answers in the window before the damage (8.2) with an
    instant whose ``effects`` resolve; what P2 holds is on their mat. The game at P2's
    next decision, or P1's."""

    def attack(effects: list[Any], p1_mat: dict[Slot, Any], p2_mat: dict[Slot, Any]) -> Game:
        axe = make_card(WEAPON, 0, 2, 5, name="Axe")
        rune = make_card(INSTANT, name="Rune", abilities=[when(Trigger.EQUIPPED, *effects)])
        game = position(
            player(5, mat={Slot.WEAPON: MatCard(axe, boosts={DAMAGE: 1}), **p1_mat}),
            player(5, [rune], mat=p2_mat),
            phase=StartPhase.ATTACK,
        )
        game.play(Attack(find(game, axe), 1))  # declared at 3 damage (5.2)
        game.play(Equip(find(game, rune)))
        return game

    return attack


def test_an_attack_deals_the_damage_a_boost_in_its_window_left(attack_window: Fixture) -> None:
    """Stats._forget_card: the attack's damage is read again as it is dealt (5.3): -2 in
    the window (11.6) takes the boosted Axe from 3 to 1."""
    game = attack_window([Boost(DAMAGE, -2, CardTarget.OPPONENT_CARD)], {}, {})
    assert dealt(game) == [1]


def test_an_attack_deals_the_damage_left_by_a_boost_and_a_modifier_gone(
    make_card: Fixture, attack_window: Fixture
) -> None:
    """Stats._forget_card, Stats.source_changed: a boost then a destruction of a modifier
    source (7.4) in the window: each is a change, and the Axe deals 1 (5.3)."""
    banner = make_card(
        ARMOUR, name="Banner", abilities=[while_equipped(mod(DURABILITY, 1, ARMOUR))]
    )
    effects = [Boost(DAMAGE, -2, CardTarget.OPPONENT_CARD), Destroy(CardTarget.OWN_CARD)]
    game = attack_window(effects, {}, {Slot.ARMOUR: banner})
    assert Slot.ARMOUR not in game.players[1].mat
    assert dealt(game) == [1]


def test_an_attack_deals_the_damage_left_by_a_boost_and_a_steal(
    make_card: Fixture, attack_window: Fixture, find: Fixture
) -> None:
    """Stats._forget_card_stats: a boost then a steal (7.3: every stat is computed again)
    in the window: the Axe deals 1 (5.3)."""
    vest = make_card(ARMOUR, name="Vest")
    effects = [Boost(DAMAGE, -2, CardTarget.OPPONENT_CARD), Steal(CardTarget.OPPONENT_CARD)]
    game = attack_window(effects, {Slot.ARMOUR: vest}, {})
    game.play(Choose(find(game, vest)))  # the Axe or the Vest (11.4)
    assert game.players[1].mat[Slot.ARMOUR].instance is find(game, vest)
    assert dealt(game) == [1]


# --------------------------------------------------------------------------- effects


def test_an_effect_is_named_by_the_name_it_is_registered_under(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """effects.effect_name: an effect's name is the one its definition declares
    (``@effect("steal")``), never a rule about its class name; a CHOOSE decision shows it
    (11.4; effects.md, "Adding an effect")."""
    assert [
        effects.effect_name(e) for e in (Draw(1), Draw(2), Steal(CardTarget.OPPONENT_CARD))
    ] == [
        "draw",
        "draw",
        "steal",
    ]
    grab = make_card(
        INSTANT, name="Grab", abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.OPPONENT_CARD))]
    )
    game = position(
        player(5, [grab, make_card(ARMOUR)]),
        player(5, mat={Slot.WEAPON: make_card(WEAPON), Slot.ARMOUR: make_card(ARMOUR)}),
    )
    game.play(Equip(find(game, grab)))
    assert game.decision is not None
    assert (game.decision.kind, game.decision.effect) == (DecisionKind.CHOOSE, "steal")


# --------------------------------------------------------------------------- state


def test_a_card_instance_hashes_by_its_uid(make_card: Fixture) -> None:
    """state.CardInstance: instances hash by uid (its docstring), so the same uid of two
    games (a game and its replay) lands in the same bucket, and different uids apart."""
    axe = make_card(WEAPON, name="Axe")
    assert [hash(CardInstance(uid, axe, 0)) for uid in (0, 7)] == [hash(0), hash(7)]


def test_an_equipped_card_shows_its_controller_only_when_it_has_one(make_card: Fixture) -> None:
    """state.Equipped.__repr__: a card in a slot (controller None) and an attach spell
    under it, attached by P2 (controller 1, 11.1)."""
    axe = CardInstance(0, make_card(WEAPON, name="Axe"), 0)
    hook = CardInstance(1, make_card(ATTACH, name="Hook"), 1)
    held = Equipped(axe, 2, 1, [Equipped(hook, 3, controller=1)])
    assert repr(held) == (
        "Equipped(<Axe #0>, turn=2, counters=1, attached=[Equipped(<Hook #1>, turn=3, "
        "counters=0, attached=[], controller=1)])"
    )


def test_a_player_state_starts_not_poisoned_and_in_the_game(plain_character: Any) -> None:
    """state.PlayerState: a player built without markers is neither poisoned (7.1) nor out."""
    p = PlayerState(0, "Ann", plain_character, [])
    assert (p.poisoned, p.out, p.turns_taken, p.mat, p.attacked) == (False, False, 0, {}, [])


# --------------------------------------------------------------------------- abilities


def test_a_card_ability_shows_its_class_card_and_player(make_card: Fixture) -> None:
    """abilities.CardAbility.__repr__: a card's ability names its card, a character's says
    "a character"; players are counted from 1."""
    ping = when(Trigger.EQUIPPED, Draw(1))
    axe = CardInstance(4, make_card(WEAPON, name="Axe", abilities=[ping]), 0)
    seer = Character(
        "seer", "Seer", Trait("pro", abilities=[when(Trigger.START_OF_TURN, Draw(1))]), Trait("con")
    )
    assert [repr(r) for r in card_abilities(axe, 1, 2)] == ["<WhenEquipped of Axe #4 for P2>"]
    assert [repr(r) for r in character_abilities(seer, 0)] == [
        "<AtStartOfTurn of a character for P1>"
    ]


def test_a_characters_abilities_come_first_among_its_players() -> None:
    """abilities.character_abilities: a PRO or CON ability has order 0 (11.3: before any
    slot's, the Reaction docstring)."""
    seer = Character(
        "seer",
        "Seer",
        Trait("pro", abilities=[when(Trigger.START_OF_TURN, Draw(1))]),
        Trait("con", abilities=[when(Trigger.END_OF_TURN, Draw(1))]),
    )
    assert [(r.player, r.order) for r in character_abilities(seer, 1)] == [(1, 0), (1, 0)]


NO_TABLE = Table(0, STANDARD, keep_log=False)  # what these ``matches`` read of it: nothing


def test_each_own_card_trigger_matches_its_event_about_its_card(make_card: Fixture) -> None:
    """abilities: ``matches`` of the own-card triggers (11.2): "equipped", "attacks" and
    "destroyed" of a weapon hear their event about that weapon only; an attach spell's
    "attacks" hears its host's attack (any card's: the table asks it only about its host)."""
    triggers = [Trigger.EQUIPPED, Trigger.ATTACKS, Trigger.DESTROYED]
    axe = CardInstance(
        0, make_card(WEAPON, name="Axe", abilities=[when(t, Draw(1)) for t in triggers]), 0
    )
    club = CardInstance(1, make_card(WEAPON, name="Club"), 0)
    spur = CardInstance(
        2, make_card(ATTACH, name="Spur", abilities=[when(Trigger.ATTACKS, Draw(1))]), 0
    )
    equipped, attacks, destroyed = card_abilities(axe, 0, 2)
    (spurred,) = card_abilities(spur, 0, 3)
    about_axe = [
        ev.CardEquipped(0, axe, Slot.WEAPON),
        ev.AttackDeclared(0, axe, 1, 1),
        ev.CardDestroyed(0, axe, ev.DestroyReason.EFFECT),
    ]
    about_club = [
        ev.CardEquipped(0, club, Slot.WEAPON),
        ev.AttackDeclared(0, club, 1, 1),
        ev.CardDestroyed(0, club, ev.DestroyReason.EFFECT),
    ]
    for reaction in (equipped, attacks, destroyed, spurred):
        heard = [reaction.matches(NO_TABLE, e) for e in about_axe + about_club]
        expected = {
            equipped: [True, False, False, False, False, False],
            attacks: [False, True, False, False, False, False],
            destroyed: [False, False, True, False, False, False],
            spurred: [False, True, False, False, True, False],
        }[reaction]
        assert heard == expected, reaction


def test_no_abilities_leaves_the_characters_abilities_out_too(
    make_card: Fixture, player: Fixture
) -> None:
    """abilities.ability_source: ``abilities=NO_ABILITIES`` plays the rules alone: a PRO's
    "at the start of your turn, draw 1" does not trigger (engine.md); P2 draws 1 (3.1)."""
    seer = Character(
        "seer", "Seer", Trait("pro", abilities=[when(Trigger.START_OF_TURN, Draw(1))]), Trait("con")
    )
    game = Position(
        [player(5, [make_card(ARMOUR)], character=seer), player(5, character=seer)]
    ).start(abilities=NO_ABILITIES)
    game.play(EndPhase())
    assert game.active == 1
    assert len(game.players[1].inventory) == 1
    assert not [e for e in game.log or () if isinstance(e, ev.AbilityResolving)]


def test_the_ability_source_is_given_each_cards_place_in_the_order(
    make_card: Fixture, player: Fixture, find: Fixture
) -> None:
    """triggers.cast, enter_play: the ``order`` an ability source is given (11.3; the
    Reaction docstring): 0 for an instant, which is in no slot, 2 for a weapon, 3 for an
    attach spell under it."""
    given: list[tuple[str, int, int]] = []

    def abilities(instance: CardInstance, controller: int, order: int) -> tuple[()]:
        given.append((instance.card.name, controller, order))
        return ()

    spark, axe = make_card(INSTANT, name="Spark"), make_card(WEAPON, name="Axe")
    hook = make_card(ATTACH, name="Hook")
    game = Position([player(5, [spark, axe, hook, make_card(ARMOUR)]), player(5)]).start(
        abilities=abilities
    )
    game.play(Equip(find(game, spark)))
    game.play(Equip(find(game, axe)))
    game.play(Equip(find(game, hook), find(game, axe)))
    assert given == [("Spark", 0, 0), ("Axe", 0, 2), ("Hook", 0, 3)]
