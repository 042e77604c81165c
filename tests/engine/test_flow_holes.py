"""Issue 12, second pass: pins the mutation survivors of ``engine.flow`` (the turn, the
queue of abilities, the state checks), ``engine.chance`` (the shuffle) and ``engine.events``
(the bus) that were real holes in the tests. Each test states the exact behaviour."""

from __future__ import annotations

import random

import pytest

from backlands.engine import (
    Attack,
    Decision,
    DecisionKind,
    EndPhase,
    Equip,
    MatCard,
    Pass,
    StartPhase,
    Zone,
    chance,
)
from backlands.engine import events as ev
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardType,
    ContinuousAbility,
    Draw,
    Immunity,
    Keyword,
    PlayerTarget,
    Sacrifice,
    Selector,
    Slot,
    Trigger,
    TriggeredAbility,
)

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ACTIVE = CardType.INSTANT_SPELL, CardType.ACTIVE_SPELL
WORN_OUT = ev.DestroyReason.WORN_OUT
END = ev.Phase.END


def when(trigger: Trigger, *effects: object) -> TriggeredAbility:
    return TriggeredAbility(trigger, effects)


# --------------------------------------------------------------------------- chance


def test_a_shuffle_plan_lists_each_swap_from_the_last_position_down() -> None:
    """(position, how many positions it draws from, the bits a draw takes)."""
    assert chance._plan(5) == ((4, 5, 3), (3, 4, 3), (2, 3, 2), (1, 2, 2))
    assert chance._plan(2) == ((1, 2, 2),)
    assert chance._plan(1) == ()
    assert chance._plan(0) == ()


@pytest.mark.parametrize("size", [0, 1, 2, 5, 36])
def test_a_shuffle_with_no_plan_cached_is_cpythons_shuffle(monkeypatch, size: int) -> None:
    """RULINGS 1.2: a seed gives the same shuffle as ``random.Random.shuffle``; the plan is
    made on first use and kept (the cache is emptied first: the process has filled it)."""
    monkeypatch.setattr(chance, "_PLANS", {})
    items = list(range(size))
    chance.shuffle(random.Random(12).getrandbits, items)
    expected = list(range(size))
    random.Random(12).shuffle(expected)
    assert items == expected
    assert {size: chance._plan(size)} == chance._PLANS


def test_a_seeded_shuffle_of_five_is_exact(monkeypatch) -> None:
    monkeypatch.setattr(chance, "_PLANS", {})
    items = ["a", "b", "c", "d", "e"]
    chance.shuffle(random.Random(3).getrandbits, items)
    assert items == ["a", "c", "d", "e", "b"]


# --------------------------------------------------------------------------- events


def test_subclasses_lists_a_class_then_its_subclasses_depth_first() -> None:
    class Base:
        pass

    class Left(Base):
        pass

    class LeftChild(Left):
        pass

    class Right(Base):
        pass

    assert ev._subclasses(Base) == [Base, Left, LeftChild, Right]
    assert ev._subclasses(Right) == [Right]


def test_a_bus_whose_last_event_handler_left_wants_nothing() -> None:
    """``wanted`` maps only classes that have a handler: once the log-like handler of
    ``Event`` is unsubscribed, the engine builds no event at all."""
    bus = ev.EventBus()
    seen: list[ev.Event] = []
    bus.subscribe(ev.Event, seen.append)
    assert bus.wanted[ev.TurnStarted] == (seen.append,)
    bus.unsubscribe(ev.Event, seen.append)
    assert bus.wanted == {}


# --------------------------------------------------------------------------- flow


def test_a_handler_reading_the_legal_actions_mid_play_sees_none(make_card, player, position, find):
    """Between an answer and the next decision no decision is pending: the live view of the
    legal actions is empty (and its snapshot the empty tuple), as after the game."""
    armour, weapon = make_card(ARMOUR), make_card(WEAPON)
    game = position(player(5, inventory=[armour, weapon]), player(5))
    seen = []

    def look(event: ev.CardEquipped) -> None:
        legal = game.legal_actions()
        seen.append((list(legal), len(legal), legal.snapshot(), bool(legal)))

    game.bus.subscribe(ev.CardEquipped, look)
    game.play(Equip(find(game, armour)))
    assert seen == [([], 0, (), False)]
    assert game.decision == Decision(DecisionKind.MAIN, 0)


def test_rule_4_6_an_instant_whose_caster_its_cost_put_out_goes_to_their_void(
    make_card, player, position, find, events
):
    """9.2: paying the last 3 cards puts P1 out before the instant's ability leaves the
    queue; it never resolves, and the instant still ends in its owner's void (4.6)."""
    flare = make_card(
        INSTANT,
        cost=3,
        name="Flare",
        abilities=[when(Trigger.EQUIPPED, Draw(1, PlayerTarget.EACH_OPPONENT))],
    )
    game = position(player(3, inventory=[flare, make_card(ARMOUR)]), player(5), player(5))
    f = find(game, flare)
    game.play(Equip(f))
    assert game.players[0].out
    assert not events(game, ev.AbilityResolving)
    assert game.players[0].void[-1] is f
    assert game.zone_of(f) == (Zone.VOID, 0)
    assert game.resolving == ()
    assert [len(p.inventory) for p in game.players] == [1, 1, 0]  # P2's turn draw only
    assert game.decision == Decision(DecisionKind.MAIN, 1)


def test_rule_11_5_a_poisoned_player_immune_to_poison_flips_no_coin(
    make_card, make_character, player, position, events
):
    """7.1's end-of-turn check is a POISON effect: a player immune to it (10.3, 11.5)
    flips nothing, takes no damage and keeps the marker."""
    immune = make_character("Immune", pro=[Immunity(Keyword.POISON)])
    game = position(
        player(5, inventory=[make_card(ARMOUR)], poisoned=True, character=immune),
        player(5, inventory=[make_card(ARMOUR)]),
    )
    mark = len(game.log)
    game.play(EndPhase())
    assert not events(game, ev.PoisonChecked, ev.DamageTaken, ev.CardSacrificed, since=mark)
    assert game.players[0].poisoned is True
    assert len(game.players[0].primal_deck) == 5
    assert events(game, ev.TurnEnded, ev.TurnStarted, since=mark) == [
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
    ]


def test_rule_6_2_a_card_kept_alive_by_a_spell_worn_out_at_the_end_phase_goes_in_that_turn(
    make_card, player, position, find, events
):
    """4.8, 6.2: the brace wears out from its end-phase counter; the hound, alive only by
    its +2 durability, is destroyed at once: before the turn ends, not in the next one."""
    brace = make_card(
        ACTIVE,
        durability=1,
        name="Brace",
        abilities=[
            ContinuousAbility([CardStatModifier(CardStat.DURABILITY, 2, Selector(type=CREATURE))])
        ],
    )
    hound = make_card(CREATURE, durability=2, name="Hound")
    game = position(
        player(
            5,
            inventory=[make_card(ARMOUR)],
            mat={Slot.CREATURE: MatCard(hound, counters=3), Slot.SPELL: brace},
            turns_taken=1,  # no attack phase (3.3): the end phase follows the main phase
        ),
        player(5, inventory=[make_card(ARMOUR)]),
    )
    b, h = find(game, brace), find(game, hound)
    game.play(EndPhase())
    assert events(game, ev.CardDestroyed, ev.TurnEnded, ev.TurnStarted) == [
        ev.CardDestroyed(0, b, WORN_OUT),
        ev.CardDestroyed(0, h, WORN_OUT),
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
    ]


def test_rule_11_3_what_the_end_phase_counter_triggers_resolves_before_the_turn_ends(
    make_card, player, position, find, events
):
    """3.4, 11.2: the spell's end-phase counter wears it out; its "destroyed" ability
    resolves in that end phase, before the turn ends and the next player draws."""
    relic = make_card(
        ACTIVE, durability=1, name="Relic", abilities=[when(Trigger.DESTROYED, Draw(1))]
    )
    game = position(
        player(5, inventory=[make_card(ARMOUR)], mat={Slot.SPELL: relic}, turns_taken=1),
        player(5, inventory=[make_card(ARMOUR)]),
    )
    r = find(game, relic)
    top = game.players[0].deck_top_first()[0]
    mark = len(game.log)
    game.play(EndPhase())
    assert events(game, since=mark)[:7] == [
        ev.PhaseStarted(0, END),
        ev.CounterAdded(r, 1, 1),
        ev.CardDestroyed(0, r, WORN_OUT),
        ev.AbilityResolving(0, r, "destroyed"),
        ev.CardDrawn(0, top),
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
    ]


def test_rule_9_2_a_poisoned_player_who_goes_out_loses_the_marker(make_card, player, position):
    game = position(player(5, inventory=[make_card(ARMOUR)]), player(1, poisoned=True))
    game.play(EndPhase())  # P2 draws their last card: out (9.1)
    assert game.players[1].out
    assert game.players[1].poisoned is False
    assert game.view(0).players[1].poisoned is False


def test_rule_9_2_the_attack_target_still_answers_and_takes_the_damage_when_the_attacker_is_out(
    make_card, player, position, find, events
):
    """The attacker's "attacks" ability sacrifices their last cards: they go out before the
    damage, and the rest of their turn is skipped, but the target's 8.2 window still opens
    and the damage already dealt is still taken (6.1); then P2's turn starts."""
    reckless = make_card(
        WEAPON,
        damage=2,
        durability=5,
        name="Reckless",
        abilities=[when(Trigger.ATTACKS, Sacrifice(3))],
    )
    dodge = make_card(INSTANT, name="Dodge")
    game = position(
        player(3, mat={Slot.WEAPON: reckless}),
        player(6, inventory=[dodge]),
        player(6),
        phase=StartPhase.ATTACK,
    )
    w = find(game, reckless)
    top = game.players[1].deck_top_first()
    game.play(Attack(w, 1))
    assert game.players[0].out
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    mark = len(game.log)
    game.play(Pass())
    assert events(game, ev.DamageTaken, ev.CardSacrificed, ev.TurnStarted, since=mark) == [
        ev.DamageTaken(1, 2, w),
        ev.CardSacrificed(1, top[0], ev.SacrificeReason.DAMAGE),
        ev.CardSacrificed(1, top[1], ev.SacrificeReason.DAMAGE),
        ev.TurnStarted(1, 4),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 1)
