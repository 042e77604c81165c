"""RULINGS 12.7: more moments to trigger on, each heard for ``whose`` event it is, with the
references to who or what was involved (``that_player``, ``that_card``, ``attacking_card``),
all waiting in the queue of 11.3. Exact positions, exact event logs.
"""

from __future__ import annotations

import pytest

from backlands.engine import (
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    StartPhase,
)
from backlands.engine import events as ev
from backlands.model import (
    CardTarget,
    CardType,
    Character,
    Cure,
    Damage,
    Destroy,
    Discard,
    Draw,
    Poison,
    Repair,
    Sacrifice,
    Slot,
    Steal,
    Subject,
    Trait,
    Trigger,
    TriggeredAbility,
)
from backlands.model import PlayerTarget as P
from backlands.ruleset import Ruleset

from .played import mark, resolving, when

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH, ACTIVE = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
OWN, ANOTHER, OPPONENTS, ALL = Subject.OWN, Subject.ANOTHER, Subject.OPPONENTS, Subject.ALL
THAT_PLAYER, THAT_CARD = P.THAT_PLAYER, CardTarget.THAT_CARD
COST, BY_EFFECT = ev.SacrificeReason.COST, ev.SacrificeReason.EFFECT
BY_DAMAGE, BLEED = ev.SacrificeReason.DAMAGE, ev.SacrificeReason.BLEED
EFFECT, SALVAGE, WORN_OUT = (
    ev.DestroyReason.EFFECT,
    ev.DestroyReason.SALVAGE,
    ev.DestroyReason.WORN_OUT,
)


#: A seed whose first two coins are tails (7.1: a poisoned player takes the poison's damage).
SEED_TAILS = 0


def character(*abilities: TriggeredAbility, name: str = "Hero") -> Character:
    """A character whose PRO carries ``abilities`` (its player's, 11.1)."""
    return Character(f"ch-{name.lower()}", name, Trait("pro", abilities=abilities), Trait("con"))


# --------------------------------------------------------------------------- takes damage


def test_rule_12_7_takes_damage_resolves_once_the_whole_defence_has(
    make_card, player, position, find, events
):
    """12.7, 11.3: "when you take damage" waits for the whole defence (its counters, the
    worn-out armour, the bleed), then resolves once; a ``defends`` ability of the same card,
    triggered by the defence, resolves before it (both in the same place of 11.3's order)."""
    axe = make_card(WEAPON, damage=3, durability=5, name="Axe")
    plate = make_card(
        ARMOUR,
        durability=2,
        name="Plate",
        abilities=[
            when(Trigger.TAKES_DAMAGE, Draw(1)),
            when(Trigger.DEFENDS, Draw(1)),
        ],
    )
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(6, mat={Slot.ARMOUR: plate}),
        phase=StartPhase.ATTACK,
    )
    a, p = find(game, axe), find(game, plate)
    game.play(Attack(a, 1))
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 3, a)
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Defend(((p, 2),)))
    assert events(game, since=m)[:9] == [
        ev.Defended(1, p, 2, 0),
        ev.CounterAdded(p, 2, 2),
        ev.CardDestroyed(1, p, WORN_OUT),
        ev.Bled(1, 1),
        ev.CardSacrificed(1, top[0], BLEED),
        ev.AbilityResolving(1, p, "defends"),
        ev.CardDrawn(1, top[1]),
        ev.AbilityResolving(1, p, "takes_damage"),
        ev.CardDrawn(1, top[2]),
    ]


def test_rule_12_7_takes_damage_names_that_player_and_the_card_that_dealt_it(
    make_card, player, position, find, events
):
    """12.7: ``whose: opponents`` hears an opponent's damage; ``that_player`` is who took it
    and ``that_card`` the card it came from (destroyed here, once the defence is over)."""
    axe = make_card(WEAPON, damage=1, durability=5, name="Axe")
    gloat = character(
        when(
            Trigger.TAKES_DAMAGE,
            Discard(1, THAT_PLAYER),
            Destroy(THAT_CARD),
            whose=ALL,
        )
    )
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(5, inventory=[make_card(ARMOUR, name="Held")], character=gloat),
        phase=StartPhase.ATTACK,
    )
    a = find(game, axe)
    held = game.players[1].inventory[0]
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Attack(a, 1))  # nothing to defend with: sacrificed at once (6.1)
    assert events(game, since=m)[2:7] == [
        ev.DamageTaken(1, 1, a),
        ev.CardSacrificed(1, top[0], BY_DAMAGE),
        ev.AbilityResolving(1, None, "takes_damage"),
        ev.CardDiscarded(1, held),
        ev.CardDestroyed(0, a, EFFECT),
    ]


def test_rule_12_7_takes_damage_whose_opponents_is_deaf_to_your_own_damage(
    make_card, player, position, find, events
):
    """12.7: ``whose: opponents`` on P2's card hears P1's damage, not P2's own; poison
    damage (no source card) triggers it too."""
    ward = make_card(
        ARMOUR, name="Ward", abilities=[when(Trigger.TAKES_DAMAGE, Draw(1), whose=OPPONENTS)]
    )
    game = position(
        player(5, inventory=[make_card(ARMOUR)], poisoned=True),
        player(5, inventory=[make_card(ARMOUR)], mat={Slot.ARMOUR: ward}, poisoned=True),
        ruleset=Ruleset(poison_coins=1),
        seed=SEED_TAILS,
    )
    w = find(game, ward)
    m = mark(game)
    game.play(EndPhase())  # P1's poison check: a coin, tails, so 1 damage (7.1)
    assert events(game, ev.PoisonChecked, since=m) == [ev.PoisonChecked(0, (False,), False)]
    assert resolving(game, m) == [(1, w, "takes_damage")]
    m = mark(game)
    game.play(EndPhase())  # P2's turn: their own poison damage, which Ward does not hear
    assert events(game, ev.PoisonChecked, since=m) == [ev.PoisonChecked(1, (False,), False)]
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 1)
    game.play(Defend(((w, 1),)))
    assert resolving(game, m) == []


# --------------------------------------------------------------------------- poisoned, cured


def test_rule_12_7_poisoned_and_cured_hear_each_change_of_the_marker(
    make_card, player, position, find, events
):
    """12.7, 7.1: "when you are POISONED, CURE yourself": the marker goes on, then off;
    poisoning a poisoned player changes nothing, so triggers nothing; "when an opponent is
    CURED" hears the cure."""
    vial = make_card(ARMOUR, name="Vial", abilities=[when(Trigger.POISONED, Cure())])
    spite = make_card(
        ARMOUR, name="Spite", abilities=[when(Trigger.CURED, Draw(1), whose=OPPONENTS)]
    )
    fang = make_card(
        WEAPON, name="Fang", abilities=[when(Trigger.EQUIPPED, Poison(P.EACH_OPPONENT))]
    )
    game = position(
        player(5, inventory=[fang], mat={Slot.ARMOUR: spite}),
        player(5, mat={Slot.ARMOUR: vial}),
    )
    v, s, f = find(game, vial), find(game, spite), find(game, fang)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(f))
    assert events(game, since=m)[1:7] == [
        ev.AbilityResolving(0, f, "equipped"),
        ev.PlayerPoisoned(1),
        ev.AbilityResolving(1, v, "poisoned"),
        ev.PlayerCured(1),
        ev.AbilityResolving(0, s, "cured"),
        ev.CardDrawn(0, top[0]),
    ]


def test_rule_12_7_a_poison_check_that_cures_is_a_cure(make_card, player, position, find, events):
    """12.7, 7.1: two heads (here no coin at all: the ruleset flips none) cure the player:
    "when you are CURED" hears the poison check too (``PoisonChecked`` with ``cured``)."""
    salve = make_card(ARMOUR, name="Salve", abilities=[when(Trigger.CURED, Draw(1))])
    game = position(
        player(5, inventory=[make_card(ARMOUR)], poisoned=True, mat={Slot.ARMOUR: salve}),
        player(5, inventory=[make_card(ARMOUR)]),
        ruleset=Ruleset(poison_coins=0),
    )
    s = find(game, salve)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(EndPhase())
    assert events(game, ev.PoisonChecked, ev.AbilityResolving, ev.CardDrawn, since=m)[:3] == [
        ev.PoisonChecked(0, (), True),
        ev.AbilityResolving(0, s, "cured"),
        ev.CardDrawn(0, top[0]),
    ]


# --------------------------------------------------------------------------- draws, discards...


def test_rule_12_7_draws_resolves_once_per_card_drawn_the_turns_draw_included(
    make_card, player, position, find, events
):
    """12.7, 3.1: "when an opponent DRAWS a card, that player SACRIFICES a card": the start
    phase's draw is a draw; it resolves after the draw, before the main phase starts."""
    tax = make_card(
        ARMOUR,
        name="Tax",
        abilities=[when(Trigger.DRAWS, Sacrifice(1, THAT_PLAYER), whose=OPPONENTS)],
    )
    game = position(
        player(5, inventory=[make_card(ARMOUR)], mat={Slot.ARMOUR: tax}),
        player(5, inventory=[make_card(ARMOUR)]),
    )
    t = find(game, tax)
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(EndPhase())
    assert events(game, since=m)[-6:] == [
        ev.TurnStarted(1, 4),
        ev.PhaseStarted(1, ev.Phase.START),
        ev.CardDrawn(1, top[0]),
        ev.AbilityResolving(0, t, "draws"),
        ev.CardSacrificed(1, top[1], BY_EFFECT),
        ev.PhaseStarted(1, ev.Phase.MAIN),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 1)


def test_rule_12_7_discards_and_sacrifices_hear_each_card_with_its_reason(
    make_card, player, position, find, events
):
    """12.7: "when you DISCARD a card, DRAW a card"; "when you SACRIFICE a card" hears the
    cost's sacrifice too (4.3), once per card."""
    habit = make_card(
        ARMOUR,
        name="Habit",
        abilities=[when(Trigger.DISCARDS, Draw(1)), when(Trigger.SACRIFICES, Draw(1))],
    )
    purge = make_card(INSTANT, cost=2, name="Purge", abilities=[when(Trigger.EQUIPPED, Discard(1))])
    keep = make_card(WEAPON, name="Keep")
    game = position(player(8, inventory=[purge, keep], mat={Slot.ARMOUR: habit}), player(5))
    h, pu, k = find(game, habit), find(game, purge), find(game, keep)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(pu))  # one card left to discard: taken by the game (11.4)
    assert events(game, since=m) == [
        ev.CardSacrificed(0, top[0], COST),
        ev.CardSacrificed(0, top[1], COST),
        ev.CardEquipped(0, pu, None),
        ev.AbilityResolving(0, pu, "equipped"),
        ev.CardDiscarded(0, k),
        ev.AbilityResolving(0, h, "sacrifices"),
        ev.CardDrawn(0, top[2]),
        ev.AbilityResolving(0, h, "sacrifices"),
        ev.CardDrawn(0, top[3]),
        ev.AbilityResolving(0, h, "discards"),
        ev.CardDrawn(0, top[4]),
    ]


# --------------------------------------------------------------------------- cards


def test_rule_12_7_a_stolen_cards_own_ability_is_the_thiefs(
    make_card, player, position, find, events
):
    """12.7, 11.1: "when this card is stolen" resolves for its new controller, the thief;
    ``that_player`` is the player it was stolen from. "When one of your cards is stolen"
    hears the victim's loss (the stolen card itself is no longer theirs)."""
    idol = make_card(
        ARMOUR,
        name="Idol",
        abilities=[when(Trigger.STOLEN, Draw(1, THAT_PLAYER), Sacrifice(1))],
    )
    grief = character(when(Trigger.STOLEN, Draw(1), whose=OWN), name="Grief")
    hook = make_card(WEAPON, name="Hook", abilities=[when(Trigger.EQUIPPED, Steal())])
    game = position(
        player(5, inventory=[hook]),
        player(5, mat={Slot.ARMOUR: idol}, character=grief),
    )
    i, h = find(game, idol), find(game, hook)
    mine, theirs = game.players[0].deck_top_first(), game.players[1].deck_top_first()
    m = mark(game)
    game.play(Equip(h))
    assert events(game, since=m)[1:8] == [
        ev.AbilityResolving(0, h, "equipped"),
        ev.CardStolen(0, i, 1),
        ev.AbilityResolving(0, i, "stolen"),  # the active player's first (11.3)
        ev.CardDrawn(1, theirs[0]),
        ev.CardSacrificed(0, mine[0], BY_EFFECT),
        ev.AbilityResolving(1, None, "stolen"),
        ev.CardDrawn(1, theirs[1]),
    ]


def test_rule_12_7_salvaged_hears_only_a_salvage(make_card, player, position, find, events):
    """12.7, 4.2: "when this card is salvaged" fires as a card is equipped over it, and
    ``whose: another`` hears the salvage of another of your cards, not a destruction by an
    effect."""
    old = make_card(WEAPON, name="Old", abilities=[when(Trigger.SALVAGED, Draw(1))])
    keeper = make_card(
        ARMOUR, name="Keeper", abilities=[when(Trigger.SALVAGED, Draw(1), whose=ANOTHER)]
    )
    new = make_card(WEAPON, name="New")
    game = position(
        player(5, inventory=[new], mat={Slot.WEAPON: old, Slot.ARMOUR: keeper}), player(5)
    )
    o, k, n = find(game, old), find(game, keeper), find(game, new)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(n))
    assert events(game, since=m) == [
        ev.CardDestroyed(0, o, SALVAGE),
        ev.CardEquipped(0, n, Slot.WEAPON),
        ev.AbilityResolving(0, o, "salvaged"),
        ev.CardDrawn(0, top[0]),
        ev.AbilityResolving(0, k, "salvaged"),
        ev.CardDrawn(0, top[1]),
    ]


def test_rule_12_7_worn_out_hears_a_destruction_by_counters_only(
    make_card, player, position, find, events
):
    """12.7, 5.2: the attack's counter wears the weapon out: "when this card is worn out"
    fires (before the target's window and damage, with "attacks", 11.2); a DESTROY by an
    effect is not wear."""
    stub = make_card(
        WEAPON, damage=1, durability=1, name="Stub", abilities=[when(Trigger.WORN_OUT, Draw(1))]
    )
    game = position(player(5, mat={Slot.WEAPON: stub}), player(5), phase=StartPhase.ATTACK)
    s = find(game, stub)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Attack(s, 1))
    assert events(game, since=m)[:5] == [
        ev.AttackDeclared(0, s, 1, 1),
        ev.CounterAdded(s, 1, 1),
        ev.CardDestroyed(0, s, WORN_OUT),
        ev.AbilityResolving(0, s, "worn_out"),
        ev.CardDrawn(0, top[0]),
    ]


def test_rule_12_7_destroyed_by_an_effect_is_not_worn_out(
    make_card, player, position, find, events
):
    stub = make_card(WEAPON, name="Stub", abilities=[when(Trigger.WORN_OUT, Draw(1))])
    axe = make_card(
        WEAPON, name="Axe", abilities=[when(Trigger.EQUIPPED, Destroy(slot=Slot.WEAPON))]
    )
    game = position(player(5, inventory=[axe]), player(5, mat={Slot.WEAPON: stub}))
    m = mark(game)
    game.play(Equip(find(game, axe)))
    assert ev.CardDestroyed(1, find(game, stub), EFFECT) in events(game, since=m)
    assert resolving(game, m) == [(0, find(game, axe), "equipped")]


def test_rule_12_7_takes_counters_of_an_opponents_card_finds_its_controller(
    make_card, player, position, find, events
):
    """12.7: "when an opponent's card takes durability counters": the counter event names
    only the card, so whose card it is comes from its mat; ``that_card`` is that card."""
    file = make_card(
        ARMOUR,
        name="File",
        abilities=[when(Trigger.TAKES_COUNTERS, Repair(1, THAT_CARD), whose=OPPONENTS)],
    )
    axe = make_card(WEAPON, damage=1, durability=5, name="Axe")
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(5, mat={Slot.ARMOUR: file}),
        phase=StartPhase.ATTACK,
    )
    a, f = find(game, axe), find(game, file)
    m = mark(game)
    game.play(Attack(a, 1))  # the axe's counter is an opponent's card's: File repairs it
    assert events(game, since=m)[:5] == [
        ev.AttackDeclared(0, a, 1, 1),
        ev.CounterAdded(a, 1, 1),
        ev.AbilityResolving(1, f, "takes_counters"),
        ev.CountersRemoved(a, 1, 0),
        ev.DamageTaken(1, 1, a),
    ]
    m = mark(game)
    game.play(Defend(((f, 1),)))  # File's own counter: its own card, not an opponent's
    assert resolving(game, m) == []


def test_rule_12_7_destroyed_whose_another_and_opponents(make_card, player, position, find, events):
    """12.7: "when another of your cards is destroyed" does not hear this card's own
    destruction; "when an opponent's card is destroyed" hears it, on P2's side; its
    ``that_card`` is in the void, in no slot: the STEAL of it does nothing ("card no longer
    there", 11.6), and ``that_player`` is the player who controlled it."""
    mourner = make_card(
        ARMOUR, name="Mourner", abilities=[when(Trigger.DESTROYED, Draw(1), whose=ANOTHER)]
    )
    vulture = make_card(
        CREATURE,
        name="Vulture",
        abilities=[
            when(Trigger.DESTROYED, Steal(THAT_CARD), Draw(1, THAT_PLAYER), whose=OPPONENTS)
        ],
    )
    blast = make_card(
        INSTANT,
        name="Blast",
        abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.ANY_CARD, Slot.ARMOUR))],
    )
    game = position(
        player(5, inventory=[blast], mat={Slot.ARMOUR: mourner}),
        player(5, mat={Slot.CREATURE: vulture, Slot.ARMOUR: make_card(ARMOUR, name="Shield")}),
    )
    mo, v, b = find(game, mourner), find(game, vulture), find(game, blast)
    top = game.players[0].deck_top_first()
    game.play(Equip(b))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, b, "destroy")
    m = mark(game)
    game.play(Choose(mo))
    assert events(game, since=m) == [
        ev.CardDestroyed(0, mo, EFFECT),
        ev.AbilityResolving(1, v, "destroyed"),  # Mourner is deaf to its own destruction
        ev.CardDrawn(0, top[0]),  # the steal found nothing in a slot
    ]


def test_rule_12_7_destroyed_whose_another_hears_your_other_cards(
    make_card, player, position, find, events
):
    mourner = make_card(
        ARMOUR, name="Mourner", abilities=[when(Trigger.DESTROYED, Draw(1), whose=ANOTHER)]
    )
    blade = make_card(WEAPON, name="Blade")
    curse = make_card(WEAPON, name="Curse", abilities=[when(Trigger.EQUIPPED, Destroy())])
    game = position(
        player(5, inventory=[curse]),
        player(5, mat={Slot.ARMOUR: mourner, Slot.WEAPON: MatCard(blade)}),
    )
    mo, bl = find(game, mourner), find(game, blade)
    game.play(Equip(find(game, curse)))
    m = mark(game)
    game.play(Choose(bl))
    assert resolving(game, m) == [(1, mo, "destroyed")]


# --------------------------------------------------------------------------- opponents


def test_rule_12_7_opponent_attacks_names_the_attacker_and_the_attacking_card(
    make_card, player, position, find, events
):
    """12.7, 11.2: "when an opponent attacks you": after the attack's counter, before your
    window and the damage; ``attacker`` is who attacks, ``attacking_card`` the card, which
    this ability destroys before its damage is dealt (so it is dealt as declared, 5.2)."""
    wary = character(
        when(
            Trigger.OPPONENT_ATTACKS,
            Damage(1, P.ATTACKER, defendable=False),
            Destroy(CardTarget.ATTACKING_CARD),
        ),
        name="Wary",
    )
    axe = make_card(WEAPON, damage=2, durability=5, name="Axe")
    game = position(
        player(5, mat={Slot.WEAPON: axe}), player(5, character=wary), phase=StartPhase.ATTACK
    )
    a = find(game, axe)
    mine, theirs = game.players[0].deck_top_first(), game.players[1].deck_top_first()
    m = mark(game)
    game.play(Attack(a, 1))
    assert events(game, since=m)[:9] == [
        ev.AttackDeclared(0, a, 1, 2),
        ev.CounterAdded(a, 1, 1),
        ev.AbilityResolving(1, None, "opponent_attacks"),
        ev.DamageTaken(0, 1, None),
        ev.CardSacrificed(0, mine[0], BY_DAMAGE),
        ev.CardDestroyed(0, a, EFFECT),
        ev.DamageTaken(1, 2, a),
        ev.CardSacrificed(1, theirs[0], BY_DAMAGE),
        ev.CardSacrificed(1, theirs[1], BY_DAMAGE),
    ]


def test_rule_12_7_an_attack_on_someone_else_is_not_an_attack_on_you(
    make_card, player, position, find, events
):
    wary = character(when(Trigger.OPPONENT_ATTACKS, Draw(1)), name="Wary")
    axe = make_card(WEAPON, damage=1, durability=5, name="Axe")
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(5, character=wary),
        player(5),
        phase=StartPhase.ATTACK,
    )
    m = mark(game)
    game.play(Attack(find(game, axe), 2))
    assert resolving(game, m) == []


def test_rule_12_7_opponent_plays_instant_resolves_in_11_3s_order(
    make_card, player, position, find, events
):
    """12.7, 11.3: P2 plays an instant in the 8.1 window: P1's (the active player's) "when
    an opponent plays an instant spell" resolves before the instant's own ability;
    ``that_player`` is who played it. An equip that is not an instant does not trigger it."""
    snoop = make_card(
        ARMOUR,
        name="Snoop",
        abilities=[when(Trigger.OPPONENT_PLAYS_INSTANT, Draw(1), Discard(1, THAT_PLAYER))],
    )
    flick = make_card(INSTANT, name="Flick", abilities=[when(Trigger.EQUIPPED, Draw(1))])
    blade = make_card(WEAPON, name="Blade")
    keep = make_card(WEAPON, name="Keep")
    game = position(
        player(5, inventory=[blade], mat={Slot.ARMOUR: snoop}),
        player(5, inventory=[flick, keep]),
    )
    s, f, k = find(game, snoop), find(game, flick), find(game, keep)
    mine, theirs = game.players[0].deck_top_first(), game.players[1].deck_top_first()
    m = mark(game)
    game.play(Equip(find(game, blade)))
    assert resolving(game, m) == []
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    m = mark(game)
    game.play(Equip(f))
    assert events(game, since=m) == [
        ev.CardEquipped(1, f, None),
        ev.AbilityResolving(0, s, "opponent_plays_instant"),
        ev.CardDrawn(0, mine[0]),
        ev.CardDiscarded(1, k),
        ev.AbilityResolving(1, f, "equipped"),
        ev.CardDrawn(1, theirs[0]),
    ]


def test_rule_12_7_eliminated_names_the_player_who_went_out(
    make_card, player, position, find, events
):
    """12.7, 9.2: "when a player is out of the game" resolves once their cards are
    destroyed; ``that_player`` names a player who is out: an effect on them does nothing
    (9.2)."""
    vigil = character(when(Trigger.ELIMINATED, Draw(1), Draw(1, THAT_PLAYER)), name="Vigil")
    doom = make_card(
        WEAPON, name="Doom", abilities=[when(Trigger.EQUIPPED, Sacrifice(5, P.EACH_OPPONENT))]
    )
    game = position(
        player(5, inventory=[doom], character=vigil),
        player(5),
        player(9),
    )
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(find(game, doom)))
    assert events(game, ev.PlayerEliminated, ev.AbilityResolving, ev.CardDrawn, since=m)[1:] == [
        ev.PlayerEliminated(1),
        ev.AbilityResolving(0, None, "eliminated"),
        ev.CardDrawn(0, top[0]),
    ]
    assert game.outcome is None and game.players[1].out


# --------------------------------------------------------------------------- turns


@pytest.mark.parametrize(("whose", "heard"), [(OWN, [0]), (OPPONENTS, [1]), (ALL, [1, 0])])
def test_rule_12_7_start_of_turn_hears_the_turns_whose_says(
    make_card, player, position, find, events, whose, heard
):
    """12.7: at the start of your turn, of each opponent's, of each turn; ``that_player`` is
    whose turn it is, who draws a card."""
    clock = character(when(Trigger.START_OF_TURN, Draw(1, THAT_PLAYER), whose=whose), name="Clock")
    idle = [make_card(ARMOUR), make_card(ARMOUR)]
    game = position(player(9, inventory=idle, character=clock), player(9, inventory=idle))
    m = mark(game)
    game.play(EndPhase())  # P2's turn
    game.play(EndPhase())  # P2's attack phase: nothing attacks, so on to P1's turn
    started = [
        (e.player, "ability") if isinstance(e, ev.AbilityResolving) else (e.player, "draw")
        for e in events(game, ev.AbilityResolving, ev.CardDrawn, since=m)
    ]
    expected = []
    for p in (1, 0):
        expected.append((p, "draw"))  # the start phase's draw (3.1)
        if p in heard:
            expected += [(0, "ability"), (p, "draw")]  # the Clock's, that player draws
    assert started == expected


def test_rule_12_7_end_of_each_opponents_turn(make_card, player, position, find, events):
    clock = character(when(Trigger.END_OF_TURN, Draw(1), whose=OPPONENTS), name="Clock")
    idle = [make_card(ARMOUR), make_card(ARMOUR)]
    game = position(player(9, inventory=idle, character=clock), player(9, inventory=idle))
    m = mark(game)
    game.play(EndPhase())  # P1's end: not an opponent's
    assert resolving(game, m) == []
    assert game.decision == Decision(DecisionKind.MAIN, 1)
    m = mark(game)
    game.play(EndPhase())  # P2's end (nothing attacks)
    assert resolving(game, m) == [(0, None, "end_of_turn")]


# --------------------------------------------------------------------------- the setup


def test_rule_12_7_the_starting_inventory_is_drawn_before_abilities_hear(make_card, filler):
    """1.3, 12.7: a character's "when you DRAW a card" hears nothing of the setup's draws; it
    hears the first turn's."""
    from backlands.engine import Seat

    greedy = character(when(Trigger.DRAWS, Sacrifice(1)), name="Greedy")
    deck = tuple(filler(36))
    game = Game([Seat(greedy, deck), Seat(greedy, tuple(filler(36)))], seed=1, first_player=0)
    assert game.log is not None
    draws = [e for e in game.log if isinstance(e, ev.CardDrawn)]
    assert len(draws) == 11  # 5 + 5, then the first turn's
    assert [e for e in game.log if isinstance(e, ev.AbilityResolving)] == [
        ev.AbilityResolving(0, None, "draws")  # the first turn's draw, P1's
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)


# --------------------------------------------------------------------------- with 12.1, 12.2


def test_rule_12_7_a_filter_and_an_amount_read_the_events_references(
    make_card, player, position, find, events
):
    """12.1, 12.2, 12.7: "when an opponent attacks you, if that attacking card has 2 damage
    or more, deal damage equal to its damage to the attacking player": a filter reads
    ``attacking_card`` as the event is published, an amount as the effect resolves."""
    from backlands.keywords.amounts import CardStatValue
    from backlands.keywords.conditions import CardDamage
    from backlands.model import CardStat

    grudge = TriggeredAbility(
        Trigger.OPPONENT_ATTACKS,
        (
            Damage(
                CardStatValue(CardStat.DAMAGE, CardTarget.ATTACKING_CARD),
                P.ATTACKER,
                defendable=False,
            ),
        ),
        CardDamage(card=CardTarget.ATTACKING_CARD, at_least=2),
    )
    light = make_card(WEAPON, damage=1, durability=5, name="Light")
    heavy = make_card(CREATURE, damage=3, durability=5, name="Heavy")
    game = position(
        player(9, mat={Slot.WEAPON: light, Slot.CREATURE: heavy}),
        player(9, character=character(grudge, name="Grudge")),
        phase=StartPhase.ATTACK,
    )
    m = mark(game)
    game.play(Attack(find(game, light), 1))  # 1 damage: the filter does not hold
    assert resolving(game, m) == []
    m = mark(game)
    game.play(Attack(find(game, heavy), 1))
    assert resolving(game, m) == [(1, None, "opponent_attacks")]
    assert ev.DamageTaken(0, 3, None) in events(game, since=m)


def test_rule_12_7_a_condition_reads_that_player(make_card, player, position, find, events):
    """12.1, 12.7: "when an opponent's card is destroyed, if that player is POISONED, DRAW
    a card" (``that_player`` in a filter)."""
    from backlands.keywords.conditions import Poisoned

    gloat = character(
        TriggeredAbility(Trigger.DESTROYED, (Draw(1),), Poisoned(THAT_PLAYER), whose=OPPONENTS),
        name="Gloat",
    )
    wreck = make_card(INSTANT, name="Wreck", abilities=[when(Trigger.EQUIPPED, Destroy())])
    for poisoned, heard in ((False, []), (True, [(0, None, "destroyed")])):
        game = position(
            player(9, inventory=[wreck], character=gloat),
            player(9, poisoned=poisoned, mat={Slot.ARMOUR: make_card(ARMOUR)}),
        )
        m = mark(game)
        game.play(Equip(game.players[0].inventory[0]))
        assert resolving(game, m)[1:] == heard
