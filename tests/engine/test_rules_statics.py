"""RULINGS 12.8, statics: rules a card or a character changes while it is in play. Each test
starts from an exact position and asserts the exact outcome; the cards of docs/effects.md's
"Statics" section are played as the reader sees them (tests/docexamples.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backlands.database import CardDatabase
from backlands.describe import describe_card
from backlands.engine import (
    AttachedCard,
    Attack,
    Choose,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Position,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.engine.statics import card_statics, player_statics
from backlands.errors import GameSetupError
from backlands.model import (
    AttacksFirstTurn,
    AttacksTwice,
    CannotAttack,
    CannotBeCursed,
    CannotBeDestroyed,
    CannotBeStolen,
    CannotDefend,
    CannotPlayInstants,
    Card,
    CardType,
    ContinuousAbility,
    Curse,
    Damage,
    Defender,
    Destroy,
    PreventDamage,
    ReduceCardDamage,
    ReduceDamage,
    Selector,
    Slot,
    Steal,
    Trigger,
    TriggeredAbility,
    Undefendable,
    Whose,
    Window,
)
from docexamples import load_example

attrs_evolve = __import__("attrs").evolve

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
INSTANT, ATTACH, ACTIVE = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
DAMAGE = ev.SacrificeReason.DAMAGE
Fixture = Callable[..., Any]


def static(*modifiers: Any) -> ContinuousAbility:
    return ContinuousAbility(modifiers)


def when_equipped(*effects: Any) -> TriggeredAbility:
    return TriggeredAbility(Trigger.EQUIPPED, effects)


def example(name: str, tmp_path: Path) -> CardDatabase:
    """The card file docs/effects.md shows as the example ``name``, with the sample set."""
    return load_example(name, tmp_path, with_sample_set=True)


def asked(
    make_card: Fixture, player: Fixture, position: Fixture, effect: Any, *others: Any
) -> Game:
    """P1 equips a creature whose "equipped" ability is ``effect``, which resolves now;
    ``others`` are the other players."""
    card = make_card(CREATURE, name="Asker", abilities=[when_equipped(effect)])
    game = position(player(6, inventory=[card]), *others)
    game.play(Equip(game.players[0].inventory[0]))
    return game


def damage(game: Game, since: int = 0) -> list[tuple[int, int]]:
    """Each DamageTaken of the log from ``since``: (player, amount)."""
    assert game.log is not None
    return [(e.player, e.amount) for e in game.log[since:] if isinstance(e, ev.DamageTaken)]


# --------------------------------------------------------------------------- the index


def test_rule_12_8_a_game_without_statics_has_an_empty_index(make_card, player, position):
    """The hot loop asks only whether the index is empty: with no static in play, it is."""
    game = position(player(3, mat={Slot.WEAPON: make_card(WEAPON)}), player(3))
    assert game._t.stats.statics == {}


def test_rule_12_8_the_index_follows_the_sources(make_card, make_character, player, position, find):
    """A character's static is in play all game; a card's while the card is (10.3): it leaves
    the index as the card is destroyed."""
    guard = make_card(ARMOUR, name="Guard", abilities=[static(CannotBeStolen())])
    breaker = make_card(INSTANT, name="Breaker", abilities=[when_equipped(Destroy())])
    warden = make_character("Warden", pro=[ReduceDamage(amount=1)])
    game = position(
        player(3, inventory=[breaker]), player(3, mat={Slot.ARMOUR: guard}, character=warden)
    )
    g = find(game, guard)
    assert game._t.stats.statics == {
        ReduceDamage: ((1, ReduceDamage(amount=1), None, None, 1),),
        CannotBeStolen: ((1, CannotBeStolen(), g, g, g),),
    }
    stats = game._t.stats
    assert card_statics(stats, CannotBeStolen, g, 1) == [CannotBeStolen()]
    assert player_statics(stats, ReduceDamage, 1) == [ReduceDamage(amount=1)]
    assert player_statics(stats, ReduceDamage, 0) == []
    game.play(Equip(find(game, breaker)))  # the Guard is the one choice: destroyed
    assert game.players[1].mat == {}
    assert game._t.stats.statics == {ReduceDamage: ((1, ReduceDamage(amount=1), None, None, 1),)}


def test_rule_12_8_a_stolen_static_counts_for_the_thief(make_card, player, position, find):
    """11.1: a static counts for the player who controls its source; after a STEAL, the
    thief: "your opponents cannot play instants" now keeps its victim from answering."""
    gag = make_card(
        ARMOUR, name="Gag Mail", abilities=[static(CannotPlayInstants(whose=Whose.OPPONENTS))]
    )
    thief = make_card(CREATURE, name="Thief", abilities=[when_equipped(Steal())])
    flick = make_card(INSTANT, name="Flick")
    game = position(
        player(6, inventory=[thief]), player(6, mat={Slot.ARMOUR: gag}, inventory=[flick])
    )
    g = find(game, gag)
    gagging = CannotPlayInstants(whose=Whose.OPPONENTS)
    assert game._t.stats.statics == {CannotPlayInstants: ((1, gagging, g, g, g),)}
    game.play(Equip(find(game, thief)))  # steals Gag Mail, the one choice (11.4)
    assert game.players[0].mat[Slot.ARMOUR].instance is g
    assert game._t.stats.statics == {CannotPlayInstants: ((0, gagging, g, g, g),)}
    # P2 may play no instant now: not asked in the 8.1 window (8.3); P1 attacks next
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (
        0,
        DecisionKind.ATTACK,
    )


# --------------------------------------------------------------------------- STEAL, CURSE, DESTROY


def test_rule_12_8_a_card_that_cannot_be_stolen_is_never_a_choice_of_steal(
    make_card, player, position, find, assert_illegal
):
    """12.8, 11.4: ``cannot_be_stolen`` keeps the card out of STEAL's choices, as immunity
    does (11.5); a choice of it is refused with the reason."""
    kept = make_card(ARMOUR, name="Kept", abilities=[static(CannotBeStolen())])
    taken, also = make_card(WEAPON, name="Taken"), make_card(CREATURE, name="Also")
    game = asked(
        make_card,
        player,
        position,
        Steal(),
        player(6, mat={Slot.ARMOUR: kept, Slot.WEAPON: taken, Slot.CREATURE: also}),
    )
    assert game.legal_actions().snapshot() == (Choose(find(game, taken)), Choose(find(game, also)))
    assert_illegal(
        game,
        Choose(find(game, kept)),
        "is not one of the choices (11.4): it cannot be STOLEN (12.8)",
    )


def test_rule_12_8_a_static_with_cards_protects_what_it_selects(
    make_card, make_character, player, position, find
):
    """A character's ``cannot_be_stolen`` with ``cards: {type: weapon}`` protects its
    player's weapons, not their armour: the one legal choice is taken by the game (11.4)."""
    keeper = make_character("Keeper", pro=[CannotBeStolen(cards=Selector(type=(WEAPON,)))])
    sword, plate = make_card(WEAPON, name="Sword"), make_card(ARMOUR, name="Plate")
    game = asked(
        make_card,
        player,
        position,
        Steal(),
        player(6, mat={Slot.WEAPON: sword, Slot.ARMOUR: plate}, character=keeper),
    )
    assert game.players[0].mat[Slot.ARMOUR].instance is find(game, plate)
    assert game.players[1].mat[Slot.WEAPON].instance is find(game, sword)


def test_rule_12_8_whose_opponents_protects_nobody_of_its_own(
    make_card, make_character, player, position, find
):
    """``whose: opponents`` is seen from the static's controller (11.1): P2's static about
    opponents' cards protects P1's, not P2's own."""
    odd = make_character("Odd", pro=[CannotBeStolen(cards=Selector(), whose=Whose.OPPONENTS)])
    plate = make_card(ARMOUR, name="Plate")
    game = asked(
        make_card, player, position, Steal(), player(6, mat={Slot.ARMOUR: plate}, character=odd)
    )
    assert game.players[0].mat[Slot.ARMOUR].instance is find(game, plate)  # stolen all the same


def test_rule_12_8_a_card_that_cannot_be_cursed_is_never_a_choice_of_curse(
    make_card, player, position, find, assert_illegal
):
    """12.8, 7.2: ``cannot_be_cursed`` keeps a card equipped this turn out of CURSE's
    choices; ``cannot_be_destroyed`` does too, since a CURSE destroys."""
    kept = make_card(ARMOUR, name="Kept", abilities=[static(CannotBeCursed())])
    tough = make_card(CREATURE, name="Tough", abilities=[static(CannotBeDestroyed())])
    fresh, newer = make_card(WEAPON, name="Fresh"), make_card(ARMOUR, name="Newer")
    game = asked(
        make_card,
        player,
        position,
        Curse(),
        player(
            6,
            mat={
                Slot.ARMOUR: MatCard(kept, turn=3),
                Slot.WEAPON: MatCard(fresh, turn=3),
                Slot.CREATURE: MatCard(tough, turn=3),
            },
        ),
        player(6, mat={Slot.ARMOUR: MatCard(newer, turn=3)}),
    )
    assert game.legal_actions().snapshot() == (Choose(find(game, fresh)), Choose(find(game, newer)))
    assert_illegal(
        game,
        Choose(find(game, kept)),
        "is not one of the choices (11.4): it cannot be CURSED (12.8)",
    )
    assert_illegal(
        game,
        Choose(find(game, tough)),
        "it cannot be DESTROYED by effects, and a CURSE destroys it (12.8)",
    )


def test_rule_12_8_a_card_that_cannot_be_destroyed_is_never_a_choice_of_destroy(
    make_card, player, position, find, assert_illegal
):
    """12.8, 7.4: ``cannot_be_destroyed`` keeps the card out of DESTROY's choices; with one
    other card left, the game takes it (11.4)."""
    tough = make_card(ARMOUR, name="Tough", abilities=[static(CannotBeDestroyed())])
    frail = make_card(WEAPON, name="Frail")
    game = asked(
        make_card,
        player,
        position,
        Destroy(),
        player(6, mat={Slot.ARMOUR: tough, Slot.WEAPON: frail}),
    )
    assert game.log is not None
    destroyed = [e for e in game.log if isinstance(e, ev.CardDestroyed)]
    assert [(e.card.card.name, e.reason) for e in destroyed] == [("Frail", ev.DestroyReason.EFFECT)]
    assert game.players[1].mat[Slot.ARMOUR].instance is find(game, tough)


def test_rule_12_8_wear_still_destroys_a_card_that_effects_cannot(
    make_card, player, position, find
):
    """12.8: "cannot be destroyed by effects": counters reaching its durability still
    destroy it (6.2)."""
    tough = make_card(ARMOUR, durability=1, name="Tough", abilities=[static(CannotBeDestroyed())])
    game = asked(make_card, player, position, Damage(1), player(6, mat={Slot.ARMOUR: tough}))
    t = find(game, tough)
    assert game.decision is not None and game.decision.kind is DecisionKind.DEFEND
    game.play(Defend(((t, 1),)))
    assert game.log is not None
    assert [e for e in game.log if isinstance(e, ev.CardDestroyed)] == [
        ev.CardDestroyed(1, t, ev.DestroyReason.WORN_OUT)
    ]


# --------------------------------------------------------------------------- attacking


def test_rule_12_8_a_card_that_cannot_attack_is_not_listed(
    make_card, player, position, find, assert_illegal
):
    """12.8, 3.3: ``cannot_attack`` keeps the card out of the attack phase; an attack with it
    is refused with the reason."""
    axe = make_card(WEAPON, name="Chained Axe", abilities=[static(CannotAttack())])
    hound = make_card(CREATURE, name="Hound")
    game = position(
        player(6, mat={Slot.WEAPON: axe, Slot.CREATURE: hound}), player(6), phase=StartPhase.ATTACK
    )
    h = find(game, hound)
    assert game.legal_actions().snapshot() == (Attack(h, 1), EndPhase())
    assert_illegal(game, Attack(find(game, axe), 1), "Chained Axe cannot attack (12.8)")


def test_rule_12_8_a_prohibition_wins_over_a_permission(
    make_card, player, position, find, assert_illegal
):
    """12.8: ``cannot_attack`` beats ``attacks_twice`` and ``attacks_first_turn`` on the same
    card: no attack, and no first-turn attack phase for it."""
    torn = make_card(
        WEAPON, name="Torn", abilities=[static(AttacksTwice(), AttacksFirstTurn(), CannotAttack())]
    )
    hound = make_card(CREATURE, name="Hound")
    game = position(
        player(6, mat={Slot.WEAPON: torn, Slot.CREATURE: hound}), player(6), phase=StartPhase.ATTACK
    )
    assert game.legal_actions().snapshot() == (Attack(find(game, hound), 1), EndPhase())
    assert_illegal(game, Attack(find(game, torn), 1), "Torn cannot attack (12.8)")
    first = Position([player(3, mat={Slot.WEAPON: torn}, turns_taken=1), player(3)])
    with pytest.raises(GameSetupError, match=r"first turn, which has no attack phase \(3\.3\)"):
        attrs_evolve(first, phase=StartPhase.ATTACK).start()


def test_rule_12_8_attacks_first_turn_opens_the_first_turns_attack_phase_for_that_card(
    make_card, player, position, find, assert_illegal, events
):
    """12.8, 3.3: on its controller's first turn only a card with ``attacks_first_turn`` may
    attack; the attack phase starts for it."""
    eager = make_card(CREATURE, damage=2, name="Eager", abilities=[static(AttacksFirstTurn())])
    club = make_card(WEAPON, name="Club")
    game = position(
        player(6, mat={Slot.WEAPON: club, Slot.CREATURE: eager}, turns_taken=1), player(6)
    )
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK  # forced end
    assert events(game, ev.PhaseStarted) == [ev.PhaseStarted(0, ev.Phase.ATTACK)]
    e = find(game, eager)
    assert game.legal_actions().snapshot() == (Attack(e, 1), EndPhase())
    assert_illegal(
        game, Attack(find(game, club), 1), "P1 does not attack on their first turn (3.3)"
    )
    game.play(Attack(e, 1))
    assert damage(game) == [(1, 2)]


def test_rule_3_3_without_the_static_the_first_turn_has_no_attack_phase(
    make_card, player, position, events
):
    """3.3 stands for every other card: the same position without the static goes from the
    main phase straight to the end phase, and the next turn."""
    game = position(player(6, mat={Slot.CREATURE: make_card(CREATURE)}, turns_taken=1), player(6))
    assert ev.PhaseStarted(0, ev.Phase.ATTACK) not in events(game)
    assert game.decision is not None and game.decision.player == 1


def test_rule_12_8_attacks_twice_lets_a_card_attack_a_second_time_not_a_third(
    make_card, player, position, find, assert_illegal
):
    """12.8, 3.3: ``attacks_twice``: two attacks a turn, at the same or another player,
    each with its counter (5.2); a third is refused."""
    twin = make_card(CREATURE, durability=5, name="Twin", abilities=[static(AttacksTwice())])
    club = make_card(WEAPON, name="Club")
    game = position(
        player(6, mat={Slot.CREATURE: twin, Slot.WEAPON: club}),
        player(6),
        player(6),
        phase=StartPhase.ATTACK,
    )
    t, c = find(game, twin), find(game, club)
    game.play(Attack(t, 1))  # P2 has nothing to defend with: the damage is sacrificed
    assert game.legal_actions().snapshot() == (
        Attack(c, 1), Attack(c, 2), Attack(t, 1), Attack(t, 2), EndPhase()
    )  # fmt: skip
    game.play(Attack(t, 2))
    assert game.legal_actions().snapshot() == (Attack(c, 1), Attack(c, 2), EndPhase())
    assert_illegal(
        game, Attack(t, 1), "P1 has already attacked with their creature twice this turn (12.8)"
    )
    assert game.players[0].mat[Slot.CREATURE].counters == 2
    assert damage(game) == [(1, 1), (2, 1)]


# --------------------------------------------------------------------------- defending


def test_rule_12_8_a_card_that_cannot_defend_is_not_among_the_defenders(
    make_card, player, position, find, assert_illegal
):
    """12.8, 6.1: ``cannot_defend`` keeps the card out of every defence."""
    sword = make_card(WEAPON, damage=2, name="Sword")
    plate = make_card(ARMOUR, name="Plate", abilities=[static(CannotDefend())])
    hound = make_card(CREATURE, name="Hound")
    game = position(
        player(6, mat={Slot.WEAPON: sword}),
        player(6, mat={Slot.ARMOUR: plate, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, sword), 1))
    h, p = find(game, hound), find(game, plate)
    assert game.legal_actions().snapshot() == (Defend(), Defend(((h, 2),)))
    assert_illegal(game, Defend(((p, 2),)), "is not one of your equipped armour or creature cards")


@pytest.mark.parametrize(
    ("by", "defenders"),
    [(Defender.ARMOUR, ["Hound"]), (Defender.CREATURE, ["Plate"]), (None, [])],
)
def test_rule_12_8_undefendable_damage_keeps_those_defenders_out(
    make_card, player, position, find, by, defenders
):
    """12.8, 6.1: ``undefendable`` with ``by``: armour, or creatures, cannot defend the
    card's damage; without ``by`` no card can, and every point is sacrificed (6.1)."""
    sword = make_card(WEAPON, damage=2, name="Sword", abilities=[static(Undefendable(by))])
    plate, hound = make_card(ARMOUR, name="Plate"), make_card(CREATURE, name="Hound")
    game = position(
        player(6, mat={Slot.WEAPON: sword}),
        player(6, mat={Slot.ARMOUR: plate, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, sword), 1))
    if defenders:
        named = [a.absorbs[0][0].card.name for a in game.legal_actions() if a.absorbs]
        assert named == defenders
    else:  # the one answer, not defending, is taken by the game: 2 cards sacrificed
        assert game.decision is not None and game.decision.player == 1  # P2's turn now
        assert game.log is not None
        sacrificed = [e for e in game.log if isinstance(e, ev.CardSacrificed)]
        assert [(e.player, e.reason) for e in sacrificed] == [(1, DAMAGE), (1, DAMAGE)]


def test_rule_12_8_undefendable_counts_for_the_cards_abilities_too(
    make_card, player, position, find
):
    """6.5: the damage of the card's own ability is its damage too: no card defends it."""
    zap = make_card(
        CREATURE,
        name="Zapper",
        abilities=[when_equipped(Damage(2)), static(Undefendable())],
    )
    game = position(player(6, inventory=[zap]), player(6, mat={Slot.ARMOUR: make_card(ARMOUR)}))
    game.play(Equip(find(game, zap)))
    assert game.log is not None
    sacrificed = [e for e in game.log if isinstance(e, ev.CardSacrificed) and e.player == 1]
    assert [e.reason for e in sacrificed] == [DAMAGE, DAMAGE]
    assert game.players[1].mat[Slot.ARMOUR].counters == 0


@pytest.mark.parametrize(("dealt", "counters", "destroyed"), [(3, 2, False), (4, 3, True)])
def test_rule_12_8_reduce_card_damage_takes_fewer_counters(
    make_card, player, position, find, dealt, counters, destroyed
):
    """12.8, 6.2: ``reduce_card_damage`` 1: the card takes 1 counter fewer each time it
    absorbs damage, so with 3 durability left it absorbs up to 4 (3: 2 counters; 4: worn out)."""
    sword = make_card(WEAPON, damage=dealt, name="Sword")
    shell = make_card(
        ARMOUR, durability=3, name="Shell", abilities=[static(ReduceCardDamage(amount=1))]
    )
    game = position(
        player(6, mat={Slot.WEAPON: sword}),
        player(6, mat={Slot.ARMOUR: shell}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, sword), 1))
    s = find(game, shell)
    assert game.legal_actions().snapshot() == (Defend(), Defend(((s, dealt),)))
    game.play(Defend(((s, dealt),)))
    assert game.log is not None
    added = [e for e in game.log if isinstance(e, ev.CounterAdded) and e.card is s]
    assert added == [ev.CounterAdded(s, counters, counters)]
    assert (Slot.ARMOUR not in game.players[1].mat) is destroyed


# --------------------------------------------------------------------------- damage to players


def test_rule_12_8_prevent_damage_prevents_the_first_damage_each_turn(
    make_card, player, position, find, events
):
    """12.8, 6.1: ``prevent_damage`` 2: of 3 damage, 2 are prevented (``DamagePrevented``)
    and 1 taken; the next damage that turn is taken in full; the count starts again as the
    turn ends."""
    sword = make_card(WEAPON, damage=3, name="Sword")
    hound = make_card(CREATURE, damage=2, name="Hound")
    totem = make_card(ACTIVE, name="Totem", abilities=[static(PreventDamage(amount=2))])
    game = position(
        player(6, mat={Slot.WEAPON: sword, Slot.CREATURE: hound}),
        player(6, mat={Slot.SPELL: totem}),
        phase=StartPhase.ATTACK,
    )
    s, h = find(game, sword), find(game, hound)
    game.play(Attack(s, 1))
    assert events(game, ev.DamagePrevented, ev.DamageTaken) == [
        ev.DamagePrevented(1, 2, s),
        ev.DamageTaken(1, 1, s),
    ]
    assert game._t.stats.prevented == {1: 2}
    game.play(Attack(h, 1))
    assert damage(game) == [(1, 1), (1, 2)]
    game.play(EndPhase())  # P1's turn ends; P2's passes by itself; turn 5 is P1's
    assert game.decision is not None and (game.turn, game.decision.kind) == (5, DecisionKind.MAIN)
    game.play(EndPhase())
    assert game.log is not None
    mark = len(game.log)
    game.play(Attack(s, 1))  # a new turn: the first 2 damage are prevented again
    assert events(game, ev.DamagePrevented, since=mark) == [ev.DamagePrevented(1, 2, s)]


def test_rule_12_8_reduce_damage_reduces_each_damage_and_zero_is_not_taken(
    make_card, make_character, player, position, find, events
):
    """12.8, 12.2: ``reduce_damage`` 1 takes 1 off each damage; 1 damage becomes none, so no
    damage is taken and no defence asked."""
    sword = make_card(WEAPON, damage=1, name="Sword")
    hound = make_card(CREATURE, damage=3, name="Hound")
    warden = make_character("Warden", pro=[ReduceDamage(amount=1)])
    game = position(
        player(6, mat={Slot.WEAPON: sword, Slot.CREATURE: hound}),
        player(6, mat={Slot.ARMOUR: make_card(ARMOUR)}, character=warden),
        phase=StartPhase.ATTACK,
    )
    s, h = find(game, sword), find(game, hound)
    game.play(Attack(s, 1))
    assert events(game, ev.DamagePrevented, ev.DamageTaken) == [ev.DamagePrevented(1, 1, s)]
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK
    game.play(Attack(h, 1))
    assert damage(game) == [(1, 2)]
    assert game.decision is not None and game.decision.kind is DecisionKind.DEFEND
    assert game.decision.amount == 2


def test_rule_12_8_poison_damage_is_reduced_too(make_character, player, position):
    """6.5, 12.8: the poison check's 1 damage (7.1) is damage like any other: reduced to 0,
    it is not taken."""
    warden = make_character("Warden", pro=[ReduceDamage(amount=1)])
    for seed in range(20):  # the first seed whose coins do not cure (3 in 4 do not)
        game = position(player(6, poisoned=True, character=warden), player(6), seed=seed)
        assert game.log is not None
        checks = [e for e in game.log if isinstance(e, ev.PoisonChecked)]
        if not checks[0].cured:
            break
    assert [e for e in game.log if isinstance(e, ev.DamageTaken)] == []
    assert [e for e in game.log if isinstance(e, ev.DamagePrevented)] == [
        ev.DamagePrevented(0, 1, None)
    ]
    assert game.players[0].poisoned


# --------------------------------------------------------------------------- instants


def test_rule_12_8_cannot_play_instants_in_the_main_phase(
    make_card, make_character, player, position, find, assert_illegal
):
    """12.8, 4.6: ``cannot_play_instants`` in the ``main`` window: the main phase lists no
    instant, and one played is refused with the reason."""
    mute = make_character("Mute", con=[CannotPlayInstants(window=Window.MAIN)])
    spark, club = make_card(INSTANT, name="Spark"), make_card(WEAPON, name="Club")
    game = position(player(6, inventory=[spark, club], character=mute), player(6))
    assert game.legal_actions().snapshot() == (Equip(find(game, club)), EndPhase())
    assert_illegal(
        game, Equip(find(game, spark)), "P1 cannot play instant spells in their main phase (12.8)"
    )


def test_rule_12_8_cannot_play_instants_in_one_window_leaves_the_others(
    make_card, make_character, player, position, find
):
    """12.8, 8.1, 8.2: forbidden in response windows, a player is not asked after an equip
    (8.3: no instant they may play), but is asked as an attack's target."""
    mute = make_character("Mute", con=[CannotPlayInstants(window=Window.RESPONSE)])
    spark = make_card(INSTANT, name="Spark")
    club = make_card(WEAPON, name="Club")
    game = position(
        player(6, inventory=[club], mat={Slot.CREATURE: make_card(CREATURE)}),
        player(6, inventory=[spark], character=mute),
    )
    game.play(Equip(find(game, club)))  # no window for P2: straight on to P1's attack phase
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (
        0,
        DecisionKind.ATTACK,
    )
    game.play(Attack(game.players[0].mat[Slot.CREATURE].instance, 1))  # 8.2: P2 may answer
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (
        1,
        DecisionKind.RESPONSE,
    )
    assert game.legal_actions().snapshot() == (Equip(find(game, spark)), Pass())


# --------------------------------------------------------------------------- the docs' cards


def test_doc_bastion_shell(tmp_path, player, position, find, assert_illegal):
    """docs/effects.md, Bastion Shell: not a choice of STEAL (nor of DESTROY), and 1 counter
    fewer each time it absorbs damage."""
    cards = example("bastion-shell", tmp_path)
    shell = cards["bastion-shell"]
    thief = Card(
        id="thief",
        name="Thief",
        type=INSTANT,
        primal_cost=0,
        rarity=shell.rarity,
        set="T",
        number=1,
        year=2026,
        abilities=(when_equipped(Steal(), Destroy()),),
    )
    game = position(
        player(6, inventory=[thief], mat={Slot.WEAPON: cards["scrap-hatchet"]}),
        player(6, mat={Slot.ARMOUR: shell}),
    )
    game.play(Equip(find(game, thief)))  # no card may be stolen or destroyed: nothing happens
    assert game.players[1].mat[Slot.ARMOUR].instance is find(game, shell)
    assert game.log is not None
    assert not [e for e in game.log if isinstance(e, ev.CardStolen | ev.CardDestroyed)]
    hatchet = game.players[0].mat[Slot.WEAPON].instance  # 2 damage (no Rustjaw's PRO here)
    game.play(Attack(hatchet, 1))
    s = find(game, shell)
    assert game.legal_actions().snapshot() == (Defend(), Defend(((s, 2),)))
    game.play(Defend(((s, 2),)))
    assert game.players[1].mat[Slot.ARMOUR].counters == 1
    assert "this card cannot be STOLEN; this card cannot be DESTROYED by effects" in describe_card(
        shell
    )


def test_doc_twinfang_lancer(tmp_path, player, position, find, assert_illegal):
    """docs/effects.md, Twinfang Lancer: attacks on its controller's first turn, twice, and
    armour cannot defend it."""
    cards = example("twinfang-lancer", tmp_path)
    lancer, hatchet = cards["twinfang-lancer"], cards["scrap-hatchet"]
    plate, hound = cards["glassfused-breastplate"], cards["ash-hound"]
    game = position(
        player(6, mat={Slot.CREATURE: lancer, Slot.WEAPON: hatchet}, turns_taken=1),
        player(6, mat={Slot.ARMOUR: plate, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    lc, h = find(game, lancer), find(game, hound)
    assert game.legal_actions().snapshot() == (Attack(lc, 1), EndPhase())
    assert_illegal(
        game, Attack(find(game, hatchet), 1), "does not attack on their first turn (3.3)"
    )
    game.play(Attack(lc, 1))
    assert game.legal_actions().snapshot() == (Defend(), Defend(((h, 2),)))
    game.play(Defend())
    assert game.legal_actions().snapshot() == (Attack(lc, 1), EndPhase())
    game.play(Attack(lc, 1))
    game.play(Defend())  # the Lancer has attacked twice, the Hatchet may not: P2's turn
    assert game.decision is not None and game.decision.player == 1
    assert damage(game) == [(1, 2), (1, 2)]
    assert game.players[0].mat[Slot.CREATURE].counters == 2


def test_doc_hush_totem(tmp_path, player, position, find):
    """docs/effects.md, Hush Totem: opponents are not asked in the 8.1 window, still in 8.2;
    the first 2 damage its controller would take each turn are prevented."""
    cards = example("hush-totem", tmp_path)
    totem, flick = cards["hush-totem"], cards["spark-flick"]
    game = position(
        player(6, inventory=[cards["scrap-hatchet"]], mat={Slot.SPELL: totem}),
        player(6, inventory=[flick], mat={Slot.CREATURE: cards["ash-hound"]}),
    )
    game.play(Equip(game.players[0].inventory[0]))  # P2 is not asked (8.1, 8.3)
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (
        0,
        DecisionKind.ATTACK,
    )
    game.play(Attack(game.players[0].mat[Slot.WEAPON].instance, 1))
    assert game.decision is not None and game.decision.kind is DecisionKind.RESPONSE  # 8.2
    game.play(Equip(find(game, flick)))  # Spark Flick: 1 damage to P1, prevented
    assert game.log is not None
    assert ev.DamagePrevented(0, 1, find(game, flick)) in game.log
    assert damage(game) == [(1, 2)]  # the Flick's 1 prevented; the Hatchet's 2 taken


def test_doc_iron_abbess(tmp_path, player, position, find):
    """docs/effects.md, The Iron Abbess: her weapons are no choice of CURSE, her damage is 1
    less, and her creatures do not defend."""
    cards = example("iron-abbess", tmp_path)
    abbess = cards.character("iron-abbess")
    hatchet, hound = cards["scrap-hatchet"], cards["ash-hound"]
    game = position(
        player(6, mat={Slot.WEAPON: cards["scrap-hatchet"], Slot.CREATURE: cards["ash-hound"]}),
        player(
            6, mat={Slot.WEAPON: MatCard(hatchet, turn=3), Slot.CREATURE: hound}, character=abbess
        ),
        phase=StartPhase.ATTACK,
    )
    mine = game.players[0].mat[Slot.WEAPON].instance
    game.play(Attack(mine, 1))  # 2 damage, 1 less: and her hound may not defend it
    assert damage(game) == [(1, 1)]
    assert game.decision is not None and game.decision.kind is DecisionKind.ATTACK
    stats = game._t.stats
    theirs = game.players[1].mat[Slot.WEAPON].instance
    assert card_statics(stats, CannotBeCursed, theirs, 1) == [
        CannotBeCursed(cards=Selector(type=(WEAPON,)))
    ]
    theirs_hound = game.players[1].mat[Slot.CREATURE].instance
    assert card_statics(stats, CannotDefend, theirs_hound, 1) == [
        CannotDefend(cards=Selector(type=(CREATURE,)))
    ]


def test_doc_shackle_brand(tmp_path, player, position, find, assert_illegal):
    """docs/effects.md, Shackle Brand: the card it is attached to cannot attack, whatever
    permission it has (12.8)."""
    cards = example("shackle-brand", tmp_path)
    brand = cards["shackle-brand"]
    assert "the card this is attached to cannot attack" in describe_card(brand)
    twin = Card(
        id="twin",
        name="Twin Blade",
        type=WEAPON,
        primal_cost=0,
        damage=1,
        durability=3,
        rarity=brand.rarity,
        set="T",
        number=2,
        year=2026,
        abilities=(static(AttacksTwice()),),
    )
    game = position(
        player(
            6,
            mat={
                Slot.WEAPON: MatCard(twin, attached=[AttachedCard(brand, controller=1)]),
                Slot.CREATURE: cards["ash-hound"],
            },
        ),
        player(6),
        phase=StartPhase.ATTACK,
    )
    assert_illegal(game, Attack(find(game, twin), 1), "Twin Blade cannot attack (12.8)")
    assert [a.card.card.name for a in game.legal_actions() if isinstance(a, Attack)] == [
        "Ash Hound"
    ]


def test_rule_12_8_what_a_static_forbids_is_out_of_the_action_mask(
    tmp_path, player, position, find
):
    """The RL environment's mask is the legal actions: an attack a static forbids has no
    index in it, and the card's ``static`` family is set in the observation."""
    from backlands.env import Encoding
    from backlands.ruleset import STANDARD

    cards = example("shackle-brand", tmp_path)
    hatchet, hound = cards["scrap-hatchet"], cards["ash-hound"]
    game = position(
        player(
            6,
            mat={
                Slot.WEAPON: MatCard(hatchet, attached=[cards["shackle-brand"]]),
                Slot.CREATURE: hound,
            },
        ),
        player(6),
        phase=StartPhase.ATTACK,
    )
    encoding = Encoding(cards, STANDARD, 2)
    vector, mask, legal = encoding.observe(game, 0)
    attacks = [a for a in legal.values() if isinstance(a, Attack)]
    assert [a.card.card.name for a in attacks] == ["Ash Hound"]
    assert int(mask.sum()) == 2  # the hound's attack and ending the phase
    codec = encoding.codec
    assert codec.encode(Attack(find(game, hatchet), 1), game, 0) not in legal
    brand = encoding.index.features[encoding.index.card("shackle-brand")]
    from backlands.env import CARD_FEATURES

    assert dict(zip(CARD_FEATURES, brand.tolist(), strict=True))["family.static"] == 1.0
    del vector


def test_rule_12_8_a_static_with_while_holds_only_while_its_condition_does(
    make_card, player, position, find, assert_illegal
):
    """12.1, 12.8: "while you are POISONED, this card cannot be stolen": a static with
    ``while:`` is about its card only while the condition holds, read each time."""
    from backlands.keywords import Poisoned

    kept = make_card(ARMOUR, name="Kept", abilities=[static(CannotBeStolen(while_=Poisoned()))])
    other = make_card(WEAPON, name="Other")
    for poisoned, choices in ((True, ["Other"]), (False, ["Other", "Kept"])):
        game = asked(
            make_card,
            player,
            position,
            Steal(),
            player(6, mat={Slot.ARMOUR: kept, Slot.WEAPON: other}, poisoned=poisoned),
        )
        stolen = [e.card.card.name for e in game.log or [] if isinstance(e, ev.CardStolen)]
        if poisoned:  # the one legal card: taken by the game (11.4)
            assert stolen == choices
        else:
            assert [a.option.card.name for a in game.legal_actions()] == choices
    assert "this card cannot be STOLEN while you are POISONED" in describe_card(kept)


def test_rule_12_9_a_grant_refuses_a_while(tmp_path):
    """12.9: a granted modifier lasts its duration: the loader refuses a ``while`` on it."""
    from backlands import CardDatabaseError, load_cards

    path = tmp_path / "cards.yaml"
    path.write_text(
        "cards:\n"
        "  - {id: wisp, name: Wisp, type: instant_spell, primal_cost: 0, rarity: common,\n"
        "     set: T, number: 1, year: 2026, abilities: [{when: equipped, effects: [\n"
        "       {effect: grant, modifier: {modifier: immune, keyword: poison,\n"
        "        while: {condition: your_turn}}}]}]}\n"
    )
    with pytest.raises(CardDatabaseError) as info:
        load_cards(str(path))
    assert "effects[0].modifier.while: a granted modifier lasts its duration" in str(info.value)
