"""RULINGS 7 (keywords) and 11 (abilities) with live card abilities, plus the 9.2 and 9.3
checks an ability can cause: each test builds its cards with exactly the ability the rule
needs, starts from an exact position and asserts the exact outcome."""

from __future__ import annotations

from typing import Any

import pytest

from backlands.engine import (
    AttachedCard,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Equipped,
    Game,
    GameRecord,
    MatCard,
    Pass,
    StartPhase,
    Zone,
    action_to_json,
)
from backlands.engine import events as ev
from backlands.model import (
    Boost,
    Card,
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    Character,
    ChooseOne,
    ChoosePlayer,
    ContinuousAbility,
    Cure,
    Curse,
    Damage,
    Delayed,
    Destroy,
    Discard,
    Draw,
    EquipFrom,
    Grant,
    If,
    Immunity,
    Keyword,
    LookAtDeck,
    LookAtInventory,
    May,
    PlayerTarget,
    Poison,
    PutOnDeck,
    Recover,
    Repair,
    Return,
    Reveal,
    Sacrifice,
    Search,
    Selector,
    ShuffleIntoDeck,
    Slot,
    Steal,
    Take,
    Trait,
    Trigger,
    TriggeredAbility,
    Wear,
    Whose,
)

from .played import database, mark, resolving, when

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH, ACTIVE = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
SELF, OPPONENT = PlayerTarget.SELF, PlayerTarget.OPPONENT
EACH_OPPONENT, EACH_PLAYER = PlayerTarget.EACH_OPPONENT, PlayerTarget.EACH_PLAYER
COST = ev.SacrificeReason.COST
BY_EFFECT = ev.SacrificeReason.EFFECT
BY_DAMAGE = ev.SacrificeReason.DAMAGE
EFFECT = ev.DestroyReason.EFFECT
SALVAGE = ev.DestroyReason.SALVAGE
WORN_OUT = ev.DestroyReason.WORN_OUT
HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED
ELIMINATED = ev.DestroyReason.ELIMINATED


def character(name: str, *abilities: TriggeredAbility, immune: Keyword | None = None) -> Character:
    """A character whose PRO carries ``abilities`` (and an immunity, 10.3)."""
    modifiers = () if immune is None else (Immunity(immune),)
    return Character(
        f"ch-{name}",
        name,
        Trait("pro", modifiers=modifiers, abilities=abilities),
        Trait("con"),
    )


def log_json(game: Game) -> list[dict[str, Any]]:
    assert game.log is not None
    return [ev.event_to_json(e) for e in game.log]


# --------------------------------------------------------------------------- 11.2 timing


def test_rule_11_2_equipped_resolves_in_place_and_paid_before_the_8_1_window(
    make_card, filler, player, position, find, events
):
    """4.4, 8.1: the ability draws P2 an instant, so P2 (who held none) gets the window."""
    herald = make_card(
        CREATURE, cost=1, name="Herald", abilities=[when(Trigger.EQUIPPED, Draw(1, EACH_OPPONENT))]
    )
    spark = make_card(INSTANT, name="Spark")
    game = position(player(4, inventory=[herald]), player([spark, *filler(3)]))
    h = find(game, herald)
    paid = game.players[0].deck_top_first()[0]
    m = mark(game)
    game.play(Equip(h))
    s = find(game, spark)
    assert events(game, since=m) == [
        ev.CardSacrificed(0, paid, COST),
        ev.CardEquipped(0, h, Slot.CREATURE),
        ev.AbilityResolving(0, h, "equipped"),
        ev.CardDrawn(1, s),
    ]
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    assert list(game.legal_actions()) == [Equip(s), Pass()]


def test_rule_11_2_an_instant_goes_to_its_owners_void_once_its_ability_has_resolved(
    make_card, player, position, find, events
):
    """4.6, 11.2: the instant pays its cost, its ability resolves (the card meanwhile in no
    zone but ``Zone.RESOLVING``), then it goes to its owner's void."""
    insight = make_card(
        INSTANT, cost=1, name="Insight", abilities=[when(Trigger.EQUIPPED, Draw(2))]
    )
    game = position(player(5, inventory=[insight]), player(5))
    i = find(game, insight)
    seen: list[tuple[Zone, int]] = []
    game.bus.subscribe(ev.AbilityResolving, lambda e: seen.append(game.zone_of(e.card)))
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(i))
    assert seen == [(Zone.RESOLVING, 0)]
    assert game.resolving == ()
    assert events(game, since=m)[:5] == [
        ev.CardSacrificed(0, top[0], COST),
        ev.CardEquipped(0, i, None),
        ev.AbilityResolving(0, i, "equipped"),
        ev.CardDrawn(0, top[1]),
        ev.CardDrawn(0, top[2]),
    ]
    assert game.players[0].void == [top[0], i]  # after the draws
    assert game.players[0].inventory == [top[1], top[2]]
    assert game.decision == Decision(DecisionKind.MAIN, 0)


@pytest.mark.parametrize("counters", [0, 2])
def test_rule_11_2_attacks_resolves_after_the_counter_before_the_8_2_window_and_the_damage(
    make_card, filler, player, position, find, events, counters
):
    """5.2, 5.3: after the attack's counter (also when it destroyed the weapon, durability
    3), before the target's window (P2 holds an instant only once the ability has drawn
    it) and before the damage."""
    lance = make_card(
        WEAPON,
        damage=2,
        durability=3,
        name="Lance",
        abilities=[when(Trigger.ATTACKS, Draw(1, PlayerTarget.ATTACK_TARGET))],
    )
    spark = make_card(INSTANT, name="Spark")
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(lance, counters)}),
        player([spark, *filler(5)]),
        phase=StartPhase.ATTACK,
    )
    w, s = find(game, lance), find(game, spark)
    m = mark(game)
    game.play(Attack(w, 1))
    worn = [ev.CardDestroyed(0, w, WORN_OUT)] if counters == 2 else []
    assert events(game, since=m) == [
        ev.AttackDeclared(0, w, 1, 2),
        ev.CounterAdded(w, 1, counters + 1),
        *worn,
        ev.AbilityResolving(0, w, "attacks"),
        ev.CardDrawn(1, s),
    ]
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    assert list(game.legal_actions()) == [Equip(s), Pass()]
    m = mark(game)
    game.play(Pass())
    assert events(game, since=m)[0] == ev.DamageTaken(1, 2, w)


def test_rule_11_2_defends_resolves_once_the_whole_defence_has_resolved_for_every_card(
    make_card, player, position, find, events
):
    """6.2: both defenders absorbed (the armour was destroyed); their abilities wait for the
    whole defence, then resolve in slot order (creature before armour, 11.3).
    ``Defended.attacker`` is "the attacking player"."""
    axe = make_card(WEAPON, damage=5, durability=9, name="Axe")
    plate = make_card(
        ARMOUR,
        durability=2,
        name="Plate",
        abilities=[when(Trigger.DEFENDS, Poison(PlayerTarget.ATTACKER))],
    )
    hound = make_card(
        CREATURE, durability=4, name="Hound", abilities=[when(Trigger.DEFENDS, Draw(1))]
    )
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(6, mat={Slot.ARMOUR: plate, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    a, p, h = find(game, axe), find(game, plate), find(game, hound)
    game.play(Attack(a, 1))
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 5, a)
    top = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(Defend([(p, 2), (h, 3)]))
    assert events(game, since=m)[:10] == [
        ev.Defended(1, p, 2, 0),
        ev.CounterAdded(p, 2, 2),
        ev.CardDestroyed(1, p, WORN_OUT),
        ev.Defended(1, h, 3, 0),
        ev.CounterAdded(h, 3, 3),
        ev.AbilityResolving(1, h, "defends"),
        ev.CardDrawn(1, top),
        ev.AbilityResolving(1, p, "defends"),
        ev.PlayerPoisoned(0),
        ev.PhaseStarted(0, ev.Phase.END),
    ]
    assert game.players[0].poisoned
    assert game.players[1].void == [p]


def test_rule_11_2_destroyed_resolves_once_the_card_is_in_its_owners_void(
    make_card, player, position, find, events
):
    razer = make_card(
        ARMOUR, name="Razer", abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.OPPONENT_CARD))]
    )
    relic = make_card(ARMOUR, name="Relic", abilities=[when(Trigger.DESTROYED, Draw(1))])
    spare = make_card(WEAPON, name="Spare")
    game = position(player(5, inventory=[razer, spare]), player(5, mat={Slot.ARMOUR: relic}))
    r, rl = find(game, razer), find(game, relic)
    seen: list[tuple[Zone, int]] = []
    game.bus.subscribe(ev.AbilityResolving, lambda e: seen.append(game.zone_of(e.card)))
    top = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(Equip(r))
    assert seen == [(Zone.MAT, 0), (Zone.VOID, 1)]
    assert events(game, since=m) == [
        ev.CardEquipped(0, r, Slot.ARMOUR),
        ev.AbilityResolving(0, r, "equipped"),
        ev.CardDestroyed(1, rl, EFFECT),
        ev.AbilityResolving(1, rl, "destroyed"),
        ev.CardDrawn(1, top),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.players[1].void == [rl]
    assert game.players[1].inventory == [top]


def _start_of_turn_game(make_card, player, position, find):
    sentinel = make_card(
        ARMOUR, name="Sentinel", abilities=[when(Trigger.START_OF_TURN, Discard(1))]
    )
    heavy = make_card(WEAPON, cost=99, name="Heavy")  # never equippable: P2 keeps it
    spare = make_card(WEAPON, name="Spare")  # P1 holds a card: P1's main phase is asked
    game = position(
        player(5, inventory=[spare]), player(5, inventory=[heavy], mat={Slot.ARMOUR: sentinel})
    )
    return game, find(game, sentinel), find(game, heavy)


def test_rule_11_2_start_of_turn_resolves_after_the_draw_before_the_main_phase(
    make_card, player, position, find, events
):
    """3.1: the ability discards, and the card P2 drew this turn is already a choice; P2's
    main phase is not asked until the ability has resolved."""
    game, sentinel, heavy = _start_of_turn_game(make_card, player, position, find)
    drawn = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(EndPhase())  # P1's main phase; nothing to attack with, so the turn ends
    assert events(
        game, ev.TurnEnded, ev.TurnStarted, ev.CardDrawn, ev.AbilityResolving, since=m
    ) == [
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
        ev.CardDrawn(1, drawn),
        ev.AbilityResolving(1, sentinel, "start_of_turn"),
    ]
    assert game.decision == Decision(DecisionKind.CHOOSE, 1, 0, sentinel, "discard")
    assert list(game.legal_actions()) == [Choose(heavy), Choose(drawn)]
    m = mark(game)
    game.play(Choose(heavy))
    assert events(game, ev.CardDiscarded, ev.CardDrawn, ev.PhaseStarted, since=m)[0] == (
        ev.CardDiscarded(1, heavy)
    )
    assert game.decision == Decision(DecisionKind.MAIN, 1)
    assert game.players[1].void == [heavy]


def test_rule_11_2_start_of_turn_resolves_before_the_main_phase_starts(
    make_card, player, position, find, events
):
    game, sentinel, heavy = _start_of_turn_game(make_card, player, position, find)
    drawn = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(EndPhase())
    assert events(game, since=m)[3:] == [
        ev.TurnStarted(1, 4),
        ev.PhaseStarted(1, ev.Phase.START),
        ev.CardDrawn(1, drawn),
        ev.AbilityResolving(1, sentinel, "start_of_turn"),
    ]
    game.play(Choose(heavy))
    assert events(game, since=m)[-2:] == [
        ev.CardDiscarded(1, heavy),
        ev.PhaseStarted(1, ev.Phase.MAIN),
    ]


def test_rule_11_2_end_of_turn_resolves_first_before_the_spells_counter_and_the_poison_check(
    make_card, player, position, find, events
):
    """3.4: the repair comes before the active spell's end-of-turn counter (with it first,
    the spell would have worn out at 3 of 3), the cure before the poison check (none)."""
    hourglass = make_card(
        ACTIVE,
        durability=3,
        name="Hourglass",
        abilities=[when(Trigger.END_OF_TURN, Repair(1, CardTarget.THIS), Cure(SELF))],
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(
        player(
            5, inventory=[spare], mat={Slot.SPELL: MatCard(hourglass, counters=2)}, poisoned=True
        ),
        player(5),
    )
    h = find(game, hourglass)
    m = mark(game)
    game.play(EndPhase())
    assert events(game, since=m)[:8] == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.AbilityResolving(0, h, "end_of_turn"),
        ev.CountersRemoved(h, 1, 1),
        ev.PlayerCured(0),
        ev.CounterAdded(h, 1, 2),
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
    ]
    assert not events(game, ev.PoisonChecked)
    assert game.players[0].mat[Slot.SPELL].counters == 2
    assert not game.players[0].poisoned


def test_rule_11_2_opponent_equips_fires_for_an_opponents_equip_or_instant_before_the_window(
    make_card, filler, player, position, find, events
):
    """Each player's watcher fires for the other's equips and instants, never for its own
    controller's, and before the 8.1 window (P2's watcher draws P2 the instant it answers
    with)."""
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    mirror = make_card(CREATURE, name="Mirror", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))])
    vest = make_card(ARMOUR, name="Vest")
    flash = make_card(INSTANT, name="Flash")
    spark = make_card(INSTANT, name="Spark")
    game = position(
        player(5, inventory=[vest, flash], mat={Slot.CREATURE: mirror}),
        player([spark, *filler(5)], mat={Slot.CREATURE: watcher}),
    )
    w, mi, v, f = find(game, watcher), find(game, mirror), find(game, vest), find(game, flash)
    s = find(game, spark)
    p1_top = game.players[0].deck_top_first()[0]
    p2_next = game.players[1].deck_top_first()[1]
    m = mark(game)
    game.play(Equip(v))
    assert events(game, since=m) == [
        ev.CardEquipped(0, v, Slot.ARMOUR),
        ev.AbilityResolving(1, w, "opponent_equips"),
        ev.CardDrawn(1, s),
    ]
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    m = mark(game)
    game.play(Equip(s))  # an instant in a window (8.3: no further window)
    assert events(game, since=m) == [
        ev.CardEquipped(1, s, None),
        ev.AbilityResolving(0, mi, "opponent_equips"),
        ev.CardDrawn(0, p1_top),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    m = mark(game)
    game.play(Equip(f))  # P1's own instant, in P1's main phase
    assert events(game, since=m) == [
        ev.CardEquipped(0, f, None),
        ev.AbilityResolving(1, w, "opponent_equips"),
        ev.CardDrawn(1, p2_next),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)


# --------------------------------------------------------------------------- 11.4 choices


def _tithe_game(make_card, player, position, find):
    """P1 equips Tithe: "an opponent sacrifices 2, then destroy an opponent's card"; P2
    and P3 are both legal for the first, P2's and P3's armour for the second."""
    tithe = make_card(
        CREATURE,
        name="Tithe",
        abilities=[
            when(Trigger.EQUIPPED, Sacrifice(2, OPPONENT), Destroy(CardTarget.OPPONENT_CARD))
        ],
    )
    spare = make_card(WEAPON, name="Spare")
    vest = make_card(ARMOUR, name="Vest")
    mail = make_card(ARMOUR, name="Mail")
    game = position(
        player(6, inventory=[tithe, spare]),
        player(6, mat={Slot.ARMOUR: vest}),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    return game, find(game, tithe), find(game, vest), find(game, mail)


def test_rule_11_4_two_options_are_a_choose_decision_of_the_controller_recorded_and_replayed(
    make_card, player, position, find, events, snapshot
):
    game, tithe, vest, mail = _tithe_game(make_card, player, position, find)
    game.play(Equip(tithe))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, tithe, "sacrifice")
    assert list(game.legal_actions()) == [Choose(1), Choose(2)]
    top = game.players[2].deck_top_first()
    m = mark(game)
    game.play(Choose(2))
    assert events(game, since=m) == [ev.CardSacrificed(2, c, BY_EFFECT) for c in top[:2]]
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, tithe, "destroy")
    assert list(game.legal_actions()) == [Choose(vest), Choose(mail)]  # turn order from P1
    m = mark(game)
    game.play(Choose(mail))
    assert events(game, since=m) == [ev.CardDestroyed(2, mail, EFFECT)]
    assert game.decision == Decision(DecisionKind.MAIN, 0)

    record = game.record()
    assert list(record.actions) == [
        {"action": "equip", "card": tithe.uid, "host": None},
        {"action": "choose", "player": 2},
        {"action": "choose", "card": mail.uid},
    ]
    replayed = GameRecord.from_json(record.to_json()).replay(database(game))
    assert log_json(replayed) == log_json(game)
    assert snapshot(replayed) == snapshot(game)
    assert replayed.actions == game.actions


def test_rule_11_4_one_option_is_taken_by_the_game_and_not_recorded(
    make_card, player, position, find, events
):
    """With P3 out of the game, P2 and P2's armour are the only options."""
    tithe = make_card(
        CREATURE,
        name="Tithe",
        abilities=[
            when(Trigger.EQUIPPED, Sacrifice(2, OPPONENT), Destroy(CardTarget.OPPONENT_CARD))
        ],
    )
    spare = make_card(WEAPON, name="Spare")
    vest = make_card(ARMOUR, name="Vest")
    game = position(
        player(6, inventory=[tithe, spare]), player(6, mat={Slot.ARMOUR: vest}), player(0)
    )
    assert game.players[2].out
    t, v = find(game, tithe), find(game, vest)
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Equip(t))
    assert events(game, since=m) == [
        ev.CardEquipped(0, t, Slot.CREATURE),
        ev.AbilityResolving(0, t, "equipped"),
        ev.CardSacrificed(1, top[0], BY_EFFECT),
        ev.CardSacrificed(1, top[1], BY_EFFECT),
        ev.CardDestroyed(1, v, EFFECT),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.actions == (Equip(t),)
    assert list(game.record().actions) == [action_to_json(Equip(t))]


def test_rule_11_4_with_no_option_the_effect_does_nothing_and_the_rest_still_resolves(
    make_card, player, position, find, events
):
    """P2 has no card to destroy, steal or curse and no counters to repair: those effects do
    nothing, and the draw after them still happens."""
    hollow = make_card(
        CREATURE,
        name="Hollow",
        abilities=[
            when(
                Trigger.EQUIPPED,
                Destroy(CardTarget.OPPONENT_CARD),
                Steal(CardTarget.OPPONENT_CARD),
                Curse(CardTarget.OPPONENT_CARD),
                Repair(2, CardTarget.OWN_CARD),
                Draw(1),
            )
        ],
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(player(6, inventory=[hollow, spare]), player(6))
    h = find(game, hollow)
    top = game.players[0].deck_top_first()[0]
    m = mark(game)
    game.play(Equip(h))
    assert events(game, since=m) == [
        ev.CardEquipped(0, h, Slot.CREATURE),
        ev.AbilityResolving(0, h, "equipped"),
        ev.CardDrawn(0, top),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.actions == (Equip(h),)


def test_rule_11_4_an_illegal_choice_is_refused_with_a_reason_and_changes_nothing(
    make_card, player, position, find, assert_illegal
):
    game, tithe, vest, mail = _tithe_game(make_card, player, position, find)
    spare = find(game, next(i.card for i in game.players[0].inventory if i.card.name == "Spare"))
    game.play(Equip(tithe))
    assert_illegal(game, Choose(0), "cannot choose P1: 0 is not one of the choices (11.4)")
    assert_illegal(game, Choose(3), "3 is not one of the choices (11.4)")
    assert_illegal(game, Choose(vest), "is not one of the choices (11.4)")  # a player is asked
    assert_illegal(game, Pass(), "P1 must choose first (11.4)")
    assert_illegal(game, Equip(spare), "P1 must choose first (11.4)")
    assert_illegal(game, EndPhase(), "P1 must choose first (11.4)")
    assert_illegal(game, Choose(True), "a choice is a player index or a card instance")
    game.play(Choose(1))
    assert_illegal(game, Choose(tithe), "is not one of the choices (11.4)")  # P1's own card
    assert_illegal(game, Choose(spare), "is not one of the choices (11.4)")  # not equipped
    assert_illegal(game, Choose(1), "1 is not one of the choices (11.4)")  # a card is asked
    assert list(game.legal_actions()) == [Choose(vest), Choose(mail)]


def test_rule_11_4_a_copy_taken_at_a_choose_decision_plays_on_identically(
    make_card, player, position, find, snapshot
):
    game, tithe, vest, _ = _tithe_game(make_card, player, position, find)
    game.play(Equip(tithe))
    other = game.copy()
    assert (
        other.decision == game.decision == Decision(DecisionKind.CHOOSE, 0, 0, tithe, "sacrifice")
    )
    assert list(other.legal_actions()) == list(game.legal_actions())
    assert snapshot(other) == snapshot(game)
    for g in (game, other):
        g.play(Choose(1))
        g.play(Choose(vest))
        assert g.players[1].void[-1] is vest
        while not g.over and g.turn < 8:  # the rest of the game, the same answers
            g.play(g.legal_actions()[0])
    assert snapshot(other) == snapshot(game)
    assert log_json(other) == log_json(game)
    assert other.actions == game.actions


def test_rule_11_4_a_copy_is_independent_of_the_game_at_a_choose_decision(
    make_card, player, position, find, snapshot
):
    game, tithe, _, mail = _tithe_game(make_card, player, position, find)
    game.play(Equip(tithe))
    other = game.copy()
    before = snapshot(other)
    game.play(Choose(2))
    game.play(Choose(mail))
    assert snapshot(other) == before
    other.play(Choose(1))
    assert other.decision == Decision(DecisionKind.CHOOSE, 0, 0, tithe, "destroy")
    assert len(other.players[1].primal_deck) == 4 and len(game.players[1].primal_deck) == 6
    assert len(other.players[2].primal_deck) == 6 and len(game.players[2].primal_deck) == 4


def test_rule_11_4_the_discarding_player_chooses_each_card_one_at_a_time(
    make_card, player, position, find, events
):
    """P1's ability: an opponent (P1 chooses) discards 2, the discarder (P2) picking each
    card from what is left; then each player discards 1 (one card: taken by the game; an
    empty inventory: nothing)."""
    purge = make_card(
        CREATURE,
        name="Purge",
        abilities=[when(Trigger.EQUIPPED, Discard(2, OPPONENT), Discard(1, EACH_PLAYER))],
    )
    kept = make_card(WEAPON, name="Kept")
    a, b, c = (make_card(ARMOUR, name=n) for n in ("A", "B", "C"))
    game = position(player(6, inventory=[purge, kept]), player(6, inventory=[a, b, c]), player(6))
    p, k = find(game, purge), find(game, kept)
    ia, ib, ic = find(game, a), find(game, b), find(game, c)
    game.play(Equip(p))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, p, "discard")
    assert list(game.legal_actions()) == [Choose(1), Choose(2)]
    game.play(Choose(1))
    assert game.decision == Decision(DecisionKind.CHOOSE, 1, 0, p, "discard")
    assert list(game.legal_actions()) == [Choose(ia), Choose(ib), Choose(ic)]
    m = mark(game)
    game.play(Choose(ib))
    assert events(game, since=m) == [ev.CardDiscarded(1, ib)]
    assert game.decision == Decision(DecisionKind.CHOOSE, 1, 0, p, "discard")
    assert list(game.legal_actions()) == [Choose(ia), Choose(ic)]
    m = mark(game)
    game.play(Choose(ic))
    # each player, in turn order from P1: P1's one card is taken, P2's one card is taken,
    # P3's empty inventory discards nothing
    assert events(game, since=m)[:3] == [
        ev.CardDiscarded(1, ic),
        ev.CardDiscarded(0, k),
        ev.CardDiscarded(1, ia),
    ]
    assert not events(game, ev.CardDiscarded, since=m)[3:]
    assert game.players[1].void == [ib, ic, ia]
    assert game.players[0].void == [k]
    assert game.actions == (Equip(p), Choose(1), Choose(ib), Choose(ic))


# --------------------------------------------------------------------------- 7.1 poison


def test_rule_7_1_poisoning_a_poisoned_player_changes_nothing_one_marker(
    make_card, player, position, find, events, snapshot
):
    """The second POISON publishes nothing; one CURE then clears the one marker."""
    venom = make_card(
        CREATURE,
        name="Venom",
        abilities=[when(Trigger.EQUIPPED, Poison(OPPONENT), Poison(OPPONENT))],
    )
    antidote = make_card(
        ARMOUR, name="Antidote", abilities=[when(Trigger.EQUIPPED, Cure(OPPONENT))]
    )
    game = position(player(6, inventory=[venom, antidote]), player(6))
    v, a = find(game, venom), find(game, antidote)
    m = mark(game)
    game.play(Equip(v))
    assert events(game, since=m) == [
        ev.CardEquipped(0, v, Slot.CREATURE),
        ev.AbilityResolving(0, v, "equipped"),
        ev.PlayerPoisoned(1),
    ]
    assert game.players[1].poisoned
    m = mark(game)
    game.play(Equip(a))
    assert events(game, since=m)[:3] == [
        ev.CardEquipped(0, a, Slot.ARMOUR),
        ev.AbilityResolving(0, a, "equipped"),
        ev.PlayerCured(1),
    ]
    assert not game.players[1].poisoned


def test_rule_7_1_poisoning_an_already_poisoned_player_publishes_nothing_and_changes_nothing(
    make_card, player, position, find, events, snapshot
):
    venom = make_card(
        CREATURE, name="Venom", abilities=[when(Trigger.EQUIPPED, Poison(EACH_OPPONENT))]
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(player(6, inventory=[venom, spare]), player(6, poisoned=True))
    v = find(game, venom)
    before = snapshot(game)[1][1]
    m = mark(game)
    game.play(Equip(v))
    assert events(game, since=m) == [
        ev.CardEquipped(0, v, Slot.CREATURE),
        ev.AbilityResolving(0, v, "equipped"),
    ]
    assert snapshot(game)[1][1] == before  # P2's zones and marker
    assert game.players[1].poisoned


# --------------------------------------------------------------------------- 7.2 curse


def test_rule_7_2_curse_lists_only_cards_equipped_this_turn(
    make_card, player, position, find, events, assert_illegal
):
    """11.6: P2 answers P1's equip with a cursing instant (8.1). P1's sword, equipped this
    turn, and P3's hound (a position: equipped on turn 3, this turn) are the choices; P1's
    shield and P3's mail, equipped on earlier turns, are not."""
    hex_ = make_card(
        INSTANT, name="Hex", abilities=[when(Trigger.EQUIPPED, Curse(CardTarget.OPPONENT_CARD))]
    )
    sword = make_card(WEAPON, name="Sword")
    shield = make_card(ARMOUR, name="Shield")
    hound = make_card(CREATURE, name="Hound")
    mail = make_card(ARMOUR, name="Mail")
    spare = make_card(WEAPON, name="Spare")
    game = position(
        player(6, inventory=[sword, spare], mat={Slot.ARMOUR: MatCard(shield, turn=2)}),
        player(6, inventory=[hex_]),
        player(6, mat={Slot.CREATURE: MatCard(hound, turn=3), Slot.ARMOUR: MatCard(mail, turn=1)}),
        turn=3,
    )
    sw, sh, ho, ma, hx = (find(game, c) for c in (sword, shield, hound, mail, hex_))
    game.play(Equip(sw))
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    game.play(Equip(hx))
    assert game.decision == Decision(DecisionKind.CHOOSE, 1, 0, hx, "curse")
    assert list(game.legal_actions()) == [Choose(ho), Choose(sw)]  # turn order from P2
    assert_illegal(game, Choose(sh), "is not one of the choices (11.4)")
    assert_illegal(game, Choose(ma), "is not one of the choices (11.4)")
    m = mark(game)
    game.play(Choose(sw))
    assert events(game, since=m) == [ev.CardDestroyed(0, sw, EFFECT)]
    assert game.players[0].void == [sw]
    assert game.players[0].mat[Slot.ARMOUR].instance is sh


def test_rule_7_2_curse_refuses_a_card_equipped_on_an_earlier_turn(
    make_card, player, position, find, events
):
    """The only opponent's card was equipped last turn: nothing to curse; the rest of the
    ability (a draw) still resolves (11.4)."""
    hex_ = make_card(
        ARMOUR,
        name="Hexer",
        abilities=[when(Trigger.EQUIPPED, Curse(CardTarget.OPPONENT_CARD), Draw(1))],
    )
    spare = make_card(WEAPON, name="Spare")
    sword = make_card(WEAPON, name="Sword")
    game = position(
        player(6, inventory=[hex_, spare]),
        player(6, mat={Slot.WEAPON: MatCard(sword, turn=2)}),
        turn=3,
    )
    h, s = find(game, hex_), find(game, sword)
    top = game.players[0].deck_top_first()[0]
    m = mark(game)
    game.play(Equip(h))
    assert events(game, since=m) == [
        ev.CardEquipped(0, h, Slot.ARMOUR),
        ev.AbilityResolving(0, h, "equipped"),
        ev.CardDrawn(0, top),
    ]
    assert game.players[1].mat[Slot.WEAPON].instance is s


# --------------------------------------------------------------------------- 7.3 steal


def test_rule_7_3_steal_into_an_occupied_slot_salvages_the_thiefs_card_to_its_owners_void(
    make_card, player, position, find, events
):
    """P1's club (owned by P2: stolen earlier) and P1's charm under it are salvaged, each to
    its owner's void (1.5, 4.2); P2's pike takes the slot."""
    gloves = make_card(
        ARMOUR,
        name="Gloves",
        abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.OPPONENT_CARD, Slot.WEAPON))],
    )
    spare = make_card(CREATURE, name="Spare")
    club = make_card(WEAPON, name="Club")
    charm = make_card(ATTACH, name="Charm")
    pike = make_card(WEAPON, name="Pike")
    vest = make_card(ARMOUR, name="Vest")  # not a weapon: not a choice
    game = position(
        player(
            6,
            inventory=[gloves, spare],
            mat={Slot.WEAPON: MatCard(club, owner=1, attached=[charm])},
        ),
        player(6, mat={Slot.WEAPON: pike, Slot.ARMOUR: vest}),
    )
    g, cl, ch, pk = (find(game, c) for c in (gloves, club, charm, pike))
    m = mark(game)
    game.play(Equip(g))
    assert events(game, since=m) == [
        ev.CardEquipped(0, g, Slot.ARMOUR),
        ev.AbilityResolving(0, g, "equipped"),
        ev.CardDestroyed(0, cl, SALVAGE),
        ev.CardDestroyed(0, ch, HOST_DESTROYED),
        ev.CardStolen(0, pk, 1),
    ]
    assert game.players[1].void == [cl]
    assert game.players[0].void == [ch]
    assert game.players[0].mat[Slot.WEAPON].instance is pk
    assert set(game.players[1].mat) == {Slot.ARMOUR}
    assert pk.owner == 1 and game.zone_of(pk) == (Zone.MAT, 0)


def test_rule_7_3_steal_keeps_counters_equip_turn_and_attach_spells_with_their_controllers(
    make_card, player, position, find, events
):
    """11.1: the pike's own ability is the thief's from the steal on; P2's hex (attached by
    P2) and P1's ward (attached by P1 under P2's pike) move with it and stay their
    attacher's: each one's "destroyed" ability resolves for its attacher (active player's
    first, 11.3) and each card goes to its owner's void (1.5)."""
    gloves = make_card(
        ARMOUR, name="Gloves", abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.OPPONENT_CARD))]
    )
    spare = make_card(CREATURE, name="Spare")
    pike = make_card(
        WEAPON, durability=5, name="Pike", abilities=[when(Trigger.END_OF_TURN, Draw(1))]
    )
    hex_ = make_card(ATTACH, name="Hex", abilities=[when(Trigger.DESTROYED, Draw(1))])
    ward = make_card(ATTACH, name="Ward", abilities=[when(Trigger.DESTROYED, Draw(1))])
    razer = make_card(
        CREATURE, name="Razer", abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.ANY_CARD))]
    )
    game = position(
        player(6, inventory=[gloves, spare]),
        player(
            6,
            inventory=[razer],
            mat={
                Slot.WEAPON: MatCard(
                    pike, counters=2, turn=2, attached=[hex_, AttachedCard(ward, 0, 0)]
                )
            },
        ),
    )
    g, pk, hx, wd, rz = (find(game, c) for c in (gloves, pike, hex_, ward, razer))
    m = mark(game)
    game.play(Equip(g))
    assert events(game, since=m) == [
        ev.CardEquipped(0, g, Slot.ARMOUR),
        ev.AbilityResolving(0, g, "equipped"),
        ev.CardStolen(0, pk, 1),
    ]
    assert game.players[0].mat[Slot.WEAPON] == Equipped(
        pk, 2, 2, [Equipped(hx, 2, controller=1), Equipped(wd, 2, controller=0)]
    )
    assert Slot.WEAPON not in game.players[1].mat

    game.play(EndPhase())  # the main phase; P1 may now attack with the stolen pike
    assert set(game.legal_actions()) == {Attack(pk, 1), EndPhase()}
    p1_top = game.players[0].deck_top_first()[0]
    m = mark(game)
    game.play(EndPhase())
    assert resolving(game, m) == [(0, pk, "end_of_turn")]  # P1's end, for P1
    assert events(game, ev.CardDrawn, since=m)[0] == ev.CardDrawn(0, p1_top)

    assert game.decision == Decision(DecisionKind.MAIN, 1)
    game.play(Equip(rz))
    assert list(game.legal_actions()) == [Choose(rz), Choose(pk), Choose(g)]
    p1_top, p2_top = (p.deck_top_first()[0] for p in game.players)
    m = mark(game)
    game.play(Choose(pk))
    assert events(game, since=m) == [
        ev.CardDestroyed(0, pk, EFFECT),
        ev.CardDestroyed(1, hx, HOST_DESTROYED),
        ev.CardDestroyed(0, wd, HOST_DESTROYED),
        ev.AbilityResolving(1, hx, "destroyed"),
        ev.CardDrawn(1, p2_top),
        ev.AbilityResolving(0, wd, "destroyed"),
        ev.CardDrawn(0, p1_top),
    ]
    assert game.players[1].void[-2:] == [pk, hx]
    assert game.players[0].void[-1] is wd


def test_rule_11_1_an_attach_spell_destroyed_with_a_stolen_host_triggers_for_its_attacher(
    make_card, filler, player, position, find, events
):
    """4.7, 11.2: the stolen pike (P1's now) is destroyed; the pike goes to P2's void (its
    owner), P2's hex with it, and the hex's "destroyed" ability is P2's."""
    pike = make_card(WEAPON, name="Pike", abilities=[when(Trigger.DESTROYED, Draw(1))])
    hex_ = make_card(ATTACH, name="Hex", abilities=[when(Trigger.DESTROYED, Draw(1))])
    razer = make_card(
        ARMOUR,
        name="Razer",
        abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.OWN_CARD, Slot.WEAPON))],
    )
    spare = make_card(CREATURE, name="Spare")
    game = position(
        player(
            6,
            inventory=[razer, spare],
            mat={Slot.WEAPON: MatCard(pike, owner=1, attached=[AttachedCard(hex_, 1, 1)])},
        ),
        player(6),
    )
    r, pk, hx = (find(game, c) for c in (razer, pike, hex_))
    p1_top = game.players[0].deck_top_first()[0]
    p2_top = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(Equip(r))
    assert events(game, since=m) == [
        ev.CardEquipped(0, r, Slot.ARMOUR),
        ev.AbilityResolving(0, r, "equipped"),
        ev.CardDestroyed(0, pk, EFFECT),
        ev.CardDestroyed(1, hx, HOST_DESTROYED),
        ev.AbilityResolving(0, pk, "destroyed"),  # the active player's first (11.3)
        ev.CardDrawn(0, p1_top),
        ev.AbilityResolving(1, hx, "destroyed"),
        ev.CardDrawn(1, p2_top),
    ]
    assert game.players[1].void == [pk, hx]
    assert game.players[0].void == []


def test_rule_7_3_a_stolen_card_destroyed_goes_to_its_owners_void(
    make_card, player, position, find, events
):
    """1.5, 7.3, 11.2: P1 steals P2's worn pike and wears it out attacking; it goes to P2's
    void, its "destroyed" ability resolves for P1 (who controlled it), the damage stands."""
    gloves = make_card(
        ARMOUR, name="Gloves", abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.OPPONENT_CARD))]
    )
    pike = make_card(
        WEAPON, damage=1, durability=3, name="Pike", abilities=[when(Trigger.DESTROYED, Draw(1))]
    )
    game = position(
        player(6, inventory=[gloves]), player(6, mat={Slot.WEAPON: MatCard(pike, counters=2)})
    )
    g, pk = find(game, gloves), find(game, pike)
    game.play(Equip(g))  # the steal; nothing else to equip: the main phase ends by itself
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    p1_top = game.players[0].deck_top_first()[0]
    p2_top = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(Attack(pk, 1))
    assert events(game, since=m)[:7] == [
        ev.AttackDeclared(0, pk, 1, 1),
        ev.CounterAdded(pk, 1, 3),
        ev.CardDestroyed(0, pk, WORN_OUT),
        ev.AbilityResolving(0, pk, "destroyed"),
        ev.CardDrawn(0, p1_top),
        ev.DamageTaken(1, 1, pk),
        ev.CardSacrificed(1, p2_top, BY_DAMAGE),
    ]
    assert game.players[1].void == [pk, p2_top]
    assert game.players[0].void == []
    assert game.zone_of(pk) == (Zone.VOID, 1)


def test_rule_11_6_a_stolen_card_is_not_equipped_anew(make_card, player, position, find, events):
    """No cost, no "equipped" trigger, no 8.1 window (P2 holds an instant): the steal comes
    from P1's end of turn, and P2's turn follows straight away."""
    raid = make_card(
        ACTIVE,
        durability=9,
        name="Raid",
        abilities=[when(Trigger.END_OF_TURN, Steal(CardTarget.OPPONENT_CARD))],
    )
    pike = make_card(
        WEAPON, cost=2, name="Pike", abilities=[when(Trigger.EQUIPPED, Draw(2, EACH_PLAYER))]
    )
    spark = make_card(INSTANT, name="Spark")
    spare = make_card(CREATURE, name="Spare")
    game = position(
        player(6, inventory=[spare], mat={Slot.SPELL: raid}),
        player(6, inventory=[spark], mat={Slot.WEAPON: MatCard(pike, turn=3)}),
        turn=3,
    )
    r, pk = find(game, raid), find(game, pike)
    p1_deck = list(game.players[0].primal_deck)
    m = mark(game)
    game.play(EndPhase())
    assert events(game, since=m)[:7] == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.AbilityResolving(0, r, "end_of_turn"),
        ev.CardStolen(0, pk, 1),
        ev.CounterAdded(r, 1, 1),
        ev.TurnEnded(0, 3),
        ev.TurnStarted(1, 4),
    ]
    assert not events(game, ev.CardEquipped, ev.CardSacrificed, since=m)
    assert game.players[0].primal_deck == p1_deck
    assert game.players[0].mat[Slot.WEAPON] == Equipped(pk, 3)
    assert game.decision == Decision(DecisionKind.MAIN, 1)


def test_rule_11_1_a_stolen_cards_abilities_are_the_thiefs(
    make_card, player, position, find, events
):
    """The hound's "end of turn" fires at the end of its controller's turn: P1's now."""
    gloves = make_card(
        ARMOUR, name="Gloves", abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.OPPONENT_CARD))]
    )
    hound = make_card(
        CREATURE, name="Hound", abilities=[when(Trigger.END_OF_TURN, Sacrifice(1, EACH_OPPONENT))]
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(player(6, inventory=[gloves, spare]), player(6, mat={Slot.CREATURE: hound}))
    g, h = find(game, gloves), find(game, hound)
    game.play(Equip(g))
    p2_top = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(EndPhase())  # main
    game.play(EndPhase())  # attack (the hound could attack)
    assert events(game, since=m)[:5] == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.AbilityResolving(0, h, "end_of_turn"),
        ev.CardSacrificed(1, p2_top, BY_EFFECT),
        ev.TurnEnded(0, 3),
    ]


# --------------------------------------------------------------------------- 11.5 immunity


def test_rule_11_5_a_player_immune_to_poison_is_never_offered(
    make_card, player, position, find, assert_illegal
):
    venom = make_card(CREATURE, name="Venom", abilities=[when(Trigger.EQUIPPED, Poison(OPPONENT))])
    spare = make_card(WEAPON, name="Spare")
    game = position(
        player(6, inventory=[venom, spare]),
        player(6, character=character("Clean", immune=Keyword.POISON)),
        player(6),
        player(6),
    )
    v = find(game, venom)
    game.play(Equip(v))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, v, "poison")
    assert list(game.legal_actions()) == [Choose(2), Choose(3)]
    assert_illegal(game, Choose(1), "1 is not one of the choices (11.4)")
    game.play(Choose(3))
    assert [p.poisoned for p in game.players] == [False, False, False, True]


def test_rule_11_5_each_opponent_skips_an_immune_player(make_card, player, position, find, events):
    """Immune through a card's ``while_equipped`` modifier this time."""
    venom = make_card(
        CREATURE, name="Venom", abilities=[when(Trigger.EQUIPPED, Poison(EACH_OPPONENT))]
    )
    amulet = make_card(
        ARMOUR, name="Amulet", abilities=[ContinuousAbility([Immunity(Keyword.POISON)])]
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(
        player(6, inventory=[venom, spare]),
        player(6),
        player(6, mat={Slot.ARMOUR: amulet}),
        player(6),
    )
    v = find(game, venom)
    m = mark(game)
    game.play(Equip(v))
    assert events(game, since=m) == [
        ev.CardEquipped(0, v, Slot.CREATURE),
        ev.AbilityResolving(0, v, "equipped"),
        ev.PlayerPoisoned(1),
        ev.PlayerPoisoned(3),
    ]
    assert [p.poisoned for p in game.players] == [False, True, False, True]


@pytest.mark.parametrize("keyword", [Keyword.CURSE, Keyword.STEAL])
def test_rule_11_5_a_card_an_immune_player_controls_cannot_be_cursed_or_stolen(
    make_card, player, position, find, assert_illegal, keyword
):
    """P2 is immune: P2's own card and the card P2 stole from P3 are not listed; P3's cards,
    one of them owned by P2, are. Every card was equipped this turn (for CURSE)."""
    effect = Curse() if keyword is Keyword.CURSE else Steal()
    thief = make_card(ARMOUR, name="Thief", abilities=[when(Trigger.EQUIPPED, effect)])
    spare = make_card(WEAPON, name="Spare")
    own2, stolen2, own3, lent3 = (
        make_card(WEAPON, name="Own2"),
        make_card(CREATURE, name="Stolen2"),
        make_card(WEAPON, name="Own3"),
        make_card(CREATURE, name="Lent3"),
    )
    game = position(
        player(6, inventory=[thief, spare]),
        player(
            6,
            mat={
                Slot.WEAPON: MatCard(own2, turn=3),
                Slot.CREATURE: MatCard(stolen2, turn=3, owner=2),
            },
            character=character("Warded", immune=keyword),
        ),
        player(
            6,
            mat={
                Slot.WEAPON: MatCard(own3, turn=3),
                Slot.CREATURE: MatCard(lent3, turn=3, owner=1),
            },
        ),
        turn=3,
    )
    t = find(game, thief)
    o2, s2, o3, l3 = (find(game, c) for c in (own2, stolen2, own3, lent3))
    game.play(Equip(t))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, t, keyword.value)
    assert list(game.legal_actions()) == [Choose(o3), Choose(l3)]
    assert_illegal(game, Choose(o2), "is not one of the choices (11.4)")
    assert_illegal(game, Choose(s2), "is not one of the choices (11.4)")


# --------------------------------------------------------------------------- 11.3 order


def test_rule_11_3_what_one_event_triggers_resolves_active_player_first_then_turn_order_slot_order(
    make_card, player, position, find, events
):
    """P1 equips the bell: its "equipped" ability first (P1 is active), then P2's "an
    opponent equips" abilities (character first; weapon, creature, the attach spell under
    it, armour, spell: not the order the mat was filled in), then P3's (character, weapon,
    then the attach spell P3 put under P2's armour, which is P3's, 11.1). Each resolves
    completely (its draw) before the next begins."""

    def watcher(kind: CardType, name: str) -> Card:
        return make_card(kind, name=name, abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))])

    bell = make_card(WEAPON, name="Bell", abilities=[when(Trigger.EQUIPPED, Draw(1))])
    spare = make_card(CREATURE, name="Spare")
    w2, c2, a2 = watcher(WEAPON, "W2"), watcher(CREATURE, "C2"), watcher(ARMOUR, "A2")
    s2, h2 = watcher(ACTIVE, "S2"), watcher(ATTACH, "H2")
    w3, h3 = watcher(WEAPON, "W3"), watcher(ATTACH, "H3")
    seer = character("Seer", when(Trigger.OPPONENT_EQUIPS, Draw(1)))
    oracle = character("Oracle", when(Trigger.OPPONENT_EQUIPS, Draw(1)))
    game = position(
        player(6, inventory=[bell, spare]),
        player(
            9,
            character=seer,
            mat={
                Slot.SPELL: s2,
                Slot.ARMOUR: MatCard(a2, attached=[AttachedCard(h3, 2, 2)]),
                Slot.CREATURE: MatCard(c2, attached=[h2]),
                Slot.WEAPON: w2,
            },
        ),
        player(9, character=oracle, mat={Slot.WEAPON: w3}),
    )
    b = find(game, bell)
    cards = {c.name: find(game, c) for c in (w2, c2, a2, s2, h2, w3, h3)}
    p1, p2, p3 = (p.deck_top_first() for p in game.players)
    m = mark(game)
    game.play(Equip(b))
    expected: list[ev.Event] = [ev.CardEquipped(0, b, Slot.WEAPON)]
    order = [
        (0, b, p1[0]),
        (1, None, p2[0]),
        (1, cards["W2"], p2[1]),
        (1, cards["C2"], p2[2]),
        (1, cards["H2"], p2[3]),
        (1, cards["A2"], p2[4]),
        (1, cards["S2"], p2[5]),
        (2, None, p3[0]),
        (2, cards["W3"], p3[1]),
        (2, cards["H3"], p3[2]),
    ]
    for who, card, drawn in order:
        trigger = "equipped" if who == 0 else "opponent_equips"
        expected += [ev.AbilityResolving(who, card, trigger), ev.CardDrawn(who, drawn)]
    assert events(game, since=m) == expected
    assert game.decision == Decision(DecisionKind.MAIN, 0)


def test_rule_11_3_an_ability_triggered_while_another_resolves_joins_the_end_of_the_queue(
    make_card, player, position, find
):
    """The razer's destroy triggers the relic's "destroyed" ability; the watcher, triggered
    by the equip, was already waiting and resolves first."""
    razer = make_card(
        WEAPON,
        name="Razer",
        abilities=[when(Trigger.EQUIPPED, Destroy(CardTarget.OPPONENT_CARD, Slot.ARMOUR))],
    )
    spare = make_card(CREATURE, name="Spare")
    relic = make_card(ARMOUR, name="Relic", abilities=[when(Trigger.DESTROYED, Draw(1))])
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    game = position(
        player(6, inventory=[razer, spare]),
        player(6, mat={Slot.ARMOUR: relic, Slot.CREATURE: watcher}),
    )
    r, rl, w = find(game, razer), find(game, relic), find(game, watcher)
    m = mark(game)
    game.play(Equip(r))
    assert resolving(game, m) == [
        (0, r, "equipped"),
        (1, w, "opponent_equips"),
        (1, rl, "destroyed"),
    ]


def test_rule_11_3_an_ability_resolves_completely_its_damage_defended_before_the_next_begins(
    make_card, player, position, find, events
):
    """The quake's damage is defended and its draw done before the watcher (waiting since
    the equip) starts; the vest's "defends" ability, triggered meanwhile, comes last."""
    quake = make_card(
        WEAPON, name="Quake", abilities=[when(Trigger.EQUIPPED, Damage(2, OPPONENT), Draw(1))]
    )
    spare = make_card(CREATURE, name="Spare")
    vest = make_card(ARMOUR, durability=3, name="Vest", abilities=[when(Trigger.DEFENDS, Draw(1))])
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    game = position(
        player(6, inventory=[quake, spare]),
        player(6, mat={Slot.ARMOUR: vest, Slot.CREATURE: watcher}),
    )
    q, v, w = find(game, quake), find(game, vest), find(game, watcher)
    m = mark(game)
    game.play(Equip(q))
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, q)
    assert resolving(game, m) == [(0, q, "equipped")]
    p1_top = game.players[0].deck_top_first()[0]
    p2_top = game.players[1].deck_top_first()
    game.play(Defend([(v, 2)]))
    assert events(game, since=m)[2:] == [
        ev.DamageTaken(1, 2, q),
        ev.Defended(1, v, 2, 0),
        ev.CounterAdded(v, 2, 2),
        ev.CardDrawn(0, p1_top),
        ev.AbilityResolving(1, w, "opponent_equips"),
        ev.CardDrawn(1, p2_top[0]),
        ev.AbilityResolving(1, v, "defends"),
        ev.CardDrawn(1, p2_top[1]),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)


# --------------------------------------------------------------------------- 11.6 effects


def test_rule_11_6_ability_damage_is_defended_one_opponent_at_a_time_in_turn_order(
    make_card, player, position, find, events
):
    """P3 (active) deals 2 to each opponent: P4, then P1, then P2, each defending in turn,
    with no response window before defending (P4 holds an instant); the 8.1 window of the
    equip comes after the whole ability."""
    quake = make_card(
        CREATURE, name="Quake", abilities=[when(Trigger.EQUIPPED, Damage(2, EACH_OPPONENT))]
    )
    spark = make_card(INSTANT, name="Spark")
    spare = make_card(WEAPON, name="Spare")
    plates = [make_card(ARMOUR, durability=3, name=f"Plate{i + 1}") for i in range(4)]
    game = position(
        player(6, mat={Slot.ARMOUR: plates[0]}),
        player(6, mat={Slot.ARMOUR: plates[1]}),
        player(6, inventory=[quake, spare]),
        player(6, inventory=[spark], mat={Slot.ARMOUR: plates[3]}),
        active=2,
    )
    q, a1, a2, a4 = find(game, quake), *(find(game, plates[i]) for i in (0, 1, 3))
    p1_top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(q))
    assert game.decision == Decision(DecisionKind.DEFEND, 3, 2, q)
    assert list(game.legal_actions()) == [Defend(), Defend([(a4, 2)])]
    game.play(Defend([(a4, 2)]))
    assert game.decision == Decision(DecisionKind.DEFEND, 0, 2, q)
    game.play(Defend())
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, q)
    game.play(Defend([(a2, 2)]))
    assert events(game, since=m) == [
        ev.CardEquipped(2, q, Slot.CREATURE),
        ev.AbilityResolving(2, q, "equipped"),
        ev.DamageTaken(3, 2, q),
        ev.Defended(3, a4, 2, 2),
        ev.CounterAdded(a4, 2, 2),
        ev.DamageTaken(0, 2, q),
        ev.CardSacrificed(0, p1_top[0], BY_DAMAGE),
        ev.CardSacrificed(0, p1_top[1], BY_DAMAGE),
        ev.DamageTaken(1, 2, q),
        ev.Defended(1, a2, 2, 2),
        ev.CounterAdded(a2, 2, 2),
    ]
    assert game.decision == Decision(DecisionKind.RESPONSE, 3)
    assert game.players[0].mat[Slot.ARMOUR].instance is a1
    assert game.players[0].mat[Slot.ARMOUR].counters == 0


def test_rule_11_6_damage_that_cannot_be_defended_is_sacrificed_with_no_defend_decision(
    make_card, player, position, find, events
):
    """Each opponent in turn order; still offered as a DamageProposal first."""
    blast = make_card(
        CREATURE,
        name="Blast",
        abilities=[when(Trigger.EQUIPPED, Damage(2, EACH_OPPONENT, defendable=False))],
    )
    spare = make_card(WEAPON, name="Spare")
    vest, mail = make_card(ARMOUR, name="Vest"), make_card(ARMOUR, name="Mail")
    game = position(
        player(6, inventory=[blast, spare]),
        player(6, mat={Slot.ARMOUR: vest}),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    b = find(game, blast)
    proposed: list[tuple[int, int, Any]] = []
    game.bus.subscribe(ev.DamageProposal, lambda p: proposed.append((p.target, p.amount, p.source)))
    p2, p3 = game.players[1].deck_top_first(), game.players[2].deck_top_first()
    m = mark(game)
    game.play(Equip(b))
    assert events(game, since=m) == [
        ev.CardEquipped(0, b, Slot.CREATURE),
        ev.AbilityResolving(0, b, "equipped"),
        ev.DamageTaken(1, 2, b),
        ev.CardSacrificed(1, p2[0], BY_DAMAGE),
        ev.CardSacrificed(1, p2[1], BY_DAMAGE),
        ev.DamageTaken(2, 2, b),
        ev.CardSacrificed(2, p3[0], BY_DAMAGE),
        ev.CardSacrificed(2, p3[1], BY_DAMAGE),
    ]
    assert proposed == [(1, 2, b), (2, 2, b)]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.actions == (Equip(b),)
    assert [p.mat[Slot.ARMOUR].counters for p in game.players[1:]] == [0, 0]


def test_rule_11_6_repair_removes_up_to_n_counters_never_below_zero(
    make_card, player, position, find, events
):
    """Only cards with counters are choices; repairing 3 from 1 counter leaves 0; the
    mender's own repair (no counters) does nothing."""
    mender = make_card(
        ARMOUR,
        name="Mender",
        abilities=[
            when(Trigger.EQUIPPED, Repair(3, CardTarget.OWN_CARD), Repair(3, CardTarget.THIS))
        ],
    )
    spare = make_card(ACTIVE, name="Spare")
    sword = make_card(WEAPON, durability=3, name="Sword")
    hound = make_card(CREATURE, durability=3, name="Hound")
    game = position(
        player(
            6,
            inventory=[mender, spare],
            mat={Slot.WEAPON: MatCard(sword, counters=1), Slot.CREATURE: MatCard(hound, 2)},
        ),
        player(6),
    )
    mn, sw, ho = find(game, mender), find(game, sword), find(game, hound)
    game.play(Equip(mn))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, mn, "repair")
    assert list(game.legal_actions()) == [Choose(sw), Choose(ho)]
    m = mark(game)
    game.play(Choose(sw))
    assert events(game, since=m) == [ev.CountersRemoved(sw, 1, 0)]
    mat = game.players[0].mat
    assert (mat[Slot.WEAPON].counters, mat[Slot.CREATURE].counters) == (0, 2)
    assert mat[Slot.ARMOUR].counters == 0


def test_rule_11_6_a_boost_lasts_until_the_end_of_the_turn(
    make_card, player, position, find, events
):
    """Only cards with a damage stat are choices (the whetstone, armour, is not; its own
    damage boost does nothing); the boosted sword attacks for 4; next turn it is 2 again."""
    whetstone = make_card(
        ARMOUR,
        name="Whetstone",
        abilities=[
            when(
                Trigger.EQUIPPED,
                Boost(CardStat.DAMAGE, 2, CardTarget.OWN_CARD),
                Boost(CardStat.DAMAGE, 1, CardTarget.THIS),
            )
        ],
    )
    sword = make_card(WEAPON, damage=2, durability=9, name="Sword")
    hound = make_card(CREATURE, damage=1, durability=9, name="Hound")
    game = position(
        player(6, inventory=[whetstone], mat={Slot.WEAPON: sword, Slot.CREATURE: hound}),
        player(9),
    )
    ws, sw, ho = find(game, whetstone), find(game, sword), find(game, hound)
    game.play(Equip(ws))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, ws, "boost")
    assert list(game.legal_actions()) == [Choose(sw), Choose(ho)]
    m = mark(game)
    game.play(Choose(sw))
    assert events(game, since=m)[0] == ev.CardBoosted(sw, CardStat.DAMAGE, 2)
    assert not events(game, ev.CardBoosted, since=m)[1:]
    assert game.stat(sw, CardStat.DAMAGE) == 4
    assert game.stat(ws, CardStat.DAMAGE) == 0
    game.play(Attack(sw, 1))
    assert events(game, ev.AttackDeclared)[-1] == ev.AttackDeclared(0, sw, 1, 4)
    game.play(EndPhase())
    assert game.active == 1
    assert game.stat(sw, CardStat.DAMAGE) == 2


def test_rule_11_6_a_boost_ends_when_its_card_leaves_play(
    make_card, player, position, find, events
):
    """The boosted sword wears out attacking (still this turn): it is 2 again in the void."""
    whetstone = make_card(
        ARMOUR,
        name="Whetstone",
        abilities=[when(Trigger.EQUIPPED, Boost(CardStat.DAMAGE, 2, CardTarget.OWN_CARD))],
    )
    sword = make_card(WEAPON, damage=2, durability=3, name="Sword")
    hound = make_card(CREATURE, damage=1, durability=9, name="Hound")
    game = position(
        player(
            6,
            inventory=[whetstone],
            mat={Slot.WEAPON: MatCard(sword, counters=2), Slot.CREATURE: hound},
        ),
        player(9),
    )
    ws, sw = find(game, whetstone), find(game, sword)
    game.play(Equip(ws))
    game.play(Choose(sw))
    assert game.stat(sw, CardStat.DAMAGE) == 4
    game.play(Attack(sw, 1))
    assert events(game, ev.AttackDeclared)[-1] == ev.AttackDeclared(0, sw, 1, 4)
    assert game.zone_of(sw) == (Zone.VOID, 0)
    assert game.decision == Decision(DecisionKind.ATTACK, 0)  # the same turn: the hound
    assert game.stat(sw, CardStat.DAMAGE) == 2


def test_rule_11_6_draw_takes_what_is_left_and_an_empty_deck_draws_nothing(
    make_card, player, position, find, events
):
    """Each opponent draws 3: P2 has 1 card (draws it, and is out), P3 has 5."""
    study = make_card(
        CREATURE, name="Study", abilities=[when(Trigger.EQUIPPED, Draw(3, EACH_OPPONENT))]
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(player(6, inventory=[study, spare]), player(1), player(5))
    p2, p3 = game.players[1].deck_top_first(), game.players[2].deck_top_first()
    m = mark(game)
    game.play(Equip(find(game, study)))
    assert events(game, ev.CardDrawn, since=m) == [
        ev.CardDrawn(1, p2[0]),
        *(ev.CardDrawn(2, c) for c in p3[:3]),
    ]
    assert game.players[1].inventory == p2 and game.players[1].primal_deck == []
    assert game.players[1].out and not game.players[2].out
    assert game.players[2].inventory == p3[:3]


def test_rule_11_6_sacrifice_takes_what_is_there(make_card, player, position, find, events):
    pyre = make_card(
        CREATURE, name="Pyre", abilities=[when(Trigger.EQUIPPED, Sacrifice(5, OPPONENT))]
    )
    game = position(player(6, inventory=[pyre]), player(3))
    p = find(game, pyre)
    top = game.players[1].deck_top_first()
    m = mark(game)
    game.play(Equip(p))
    assert events(game, since=m) == [
        ev.CardEquipped(0, p, Slot.CREATURE),
        ev.AbilityResolving(0, p, "equipped"),
        *(ev.CardSacrificed(1, c, BY_EFFECT) for c in top),
        ev.PlayerEliminated(1),
        ev.GameEnded(0, "last player with cards in their primal deck (9.1)"),
    ]
    assert game.players[1].void == top
    assert game.winner == 0


# --------------------------------------------------------------------------- 9.2, 9.3


def test_rule_9_2_the_out_check_runs_after_each_effect_and_the_rest_of_the_ability_resolves(
    make_card, player, position, find, events
):
    """11.3: P2 sacrifices their last 2 cards and is out before the next effect, so the
    poison's "an opponent" has one legal choice left (P3, taken by the game)."""
    tithe = make_card(
        CREATURE,
        name="Tithe",
        abilities=[when(Trigger.EQUIPPED, Sacrifice(2, OPPONENT), Poison(OPPONENT))],
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(player(6, inventory=[tithe, spare]), player(2), player(6))
    t = find(game, tithe)
    top = game.players[1].deck_top_first()
    game.play(Equip(t))
    assert list(game.legal_actions()) == [Choose(1), Choose(2)]
    m = mark(game)
    game.play(Choose(1))
    assert events(game, since=m) == [
        ev.CardSacrificed(1, top[0], BY_EFFECT),
        ev.CardSacrificed(1, top[1], BY_EFFECT),
        ev.PlayerEliminated(1),
        ev.PlayerPoisoned(2),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.actions == (Equip(t), Choose(1))


def test_rule_9_2_a_controller_who_goes_out_mid_ability_resolves_no_more_of_it(
    make_card, player, position, find, events
):
    """Docs 11.2: a player who is out takes no decisions and their waiting abilities do not
    resolve; the engine also drops the rest of the ability that put them out: the other
    players draw nothing, and P2's turn begins."""
    folly = make_card(
        ARMOUR,
        name="Folly",
        abilities=[when(Trigger.EQUIPPED, Sacrifice(3), Draw(1, EACH_OPPONENT))],
    )
    game = position(player(3, inventory=[folly]), player(5), player(5))
    f = find(game, folly)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(f))
    assert events(game, since=m)[:8] == [
        ev.CardEquipped(0, f, Slot.ARMOUR),
        ev.AbilityResolving(0, f, "equipped"),
        *(ev.CardSacrificed(0, c, BY_EFFECT) for c in top),
        ev.CardDestroyed(0, f, ELIMINATED),
        ev.PlayerEliminated(0),
        ev.TurnEnded(0, 3),
    ]
    assert [len(p.inventory) for p in game.players] == [0, 1, 0]  # P2's turn draw only
    assert game.active == 1


def test_rule_11_2_equipping_with_the_last_cards_puts_the_player_out_before_the_ability(
    make_card, player, position, find, events
):
    """Docs 11.2: the out check (9.2) follows the equip step, and the "equipped" ability of
    a player who is out does not resolve (docs 4.4's older engine detail says it would)."""
    gift = make_card(
        ARMOUR, cost=3, name="Gift", abilities=[when(Trigger.EQUIPPED, Draw(1, EACH_OPPONENT))]
    )
    game = position(player(3, inventory=[gift]), player(5), player(5))
    g = find(game, gift)
    m = mark(game)
    game.play(Equip(g))
    assert not events(game, ev.AbilityResolving, since=m)
    assert events(game, ev.PlayerEliminated, since=m) == [ev.PlayerEliminated(0)]
    assert [len(p.inventory) for p in game.players] == [0, 1, 0]  # P2's turn draw only


def test_rule_9_3_an_ability_that_empties_both_decks_is_a_draw(
    make_card, player, position, find, events
):
    doom = make_card(
        ARMOUR, name="Doom", abilities=[when(Trigger.EQUIPPED, Sacrifice(2, EACH_PLAYER))]
    )
    game = position(player(2, inventory=[doom]), player(2))
    game.play(Equip(find(game, doom)))
    assert game.over
    assert events(game, ev.PlayerEliminated) == [ev.PlayerEliminated(0), ev.PlayerEliminated(1)]
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason == "every remaining player went out at the same check (9.3)"


@pytest.mark.parametrize("defendable", [True, False])
def test_rule_9_3_damage_to_each_player_that_empties_both_decks_is_a_draw(
    make_card, player, position, find, events, defendable
):
    """11.6: damage to each player is taken one player at a time (P1, the controller, first),
    but the 9.2 check waits for the end of the effect: both are out at the same check."""
    quake = make_card(
        ARMOUR,
        name="Quake",
        abilities=[when(Trigger.EQUIPPED, Damage(2, PlayerTarget.EACH_PLAYER, defendable))],
    )
    game = position(player(2, inventory=[quake]), player(2))
    game.play(Equip(find(game, quake)))
    if defendable:  # P1 defends 2 with Quake (durability 3), so P1 keeps their deck
        assert game.decision == Decision(DecisionKind.DEFEND, 0, 2, find(game, quake))
        game.play(Defend())  # P1 declines and sacrifices both cards, but is not out before
        # P2, who has nothing to defend with, sacrifices both too: then the check comes
    assert events(game, ev.PlayerEliminated) == [ev.PlayerEliminated(0), ev.PlayerEliminated(1)]
    assert game.outcome is not None and game.outcome.winner is None


def test_rule_9_2_when_a_player_goes_out_the_others_abilities_still_resolve_theirs_do_not(
    make_card, player, position, find, events
):
    """P1 (active) sacrifices their last cards. P2's watcher, already waiting, and the
    "destroyed" ability of P3's ward (under P1's pike, destroyed as P1 goes out) resolve;
    the pike's own "destroyed" ability is P1's and does not."""
    folly = make_card(ARMOUR, name="Folly", abilities=[when(Trigger.EQUIPPED, Sacrifice(3))])
    pike = make_card(WEAPON, name="Pike", abilities=[when(Trigger.DESTROYED, Draw(1))])
    ward = make_card(ATTACH, name="Ward", abilities=[when(Trigger.DESTROYED, Draw(1))])
    watcher = make_card(
        CREATURE, name="Watcher", abilities=[when(Trigger.OPPONENT_EQUIPS, Draw(1))]
    )
    game = position(
        player(
            3,
            inventory=[folly],
            mat={Slot.WEAPON: MatCard(pike, attached=[AttachedCard(ward, 2, 2)])},
        ),
        player(5, mat={Slot.CREATURE: watcher}),
        player(5),
    )
    f, pk, wd, w = (find(game, c) for c in (folly, pike, ward, watcher))
    p1 = game.players[0].deck_top_first()
    p2, p3 = game.players[1].deck_top_first(), game.players[2].deck_top_first()
    m = mark(game)
    game.play(Equip(f))
    assert events(game, since=m)[:14] == [
        ev.CardEquipped(0, f, Slot.ARMOUR),
        ev.AbilityResolving(0, f, "equipped"),
        *(ev.CardSacrificed(0, c, BY_EFFECT) for c in p1),
        ev.CardDestroyed(0, pk, ELIMINATED),
        ev.CardDestroyed(2, wd, HOST_DESTROYED),
        ev.CardDestroyed(0, f, ELIMINATED),
        ev.PlayerEliminated(0),
        ev.AbilityResolving(1, w, "opponent_equips"),
        ev.CardDrawn(1, p2[0]),
        ev.AbilityResolving(2, wd, "destroyed"),
        ev.CardDrawn(2, p3[0]),
        ev.TurnEnded(0, 3),
    ]
    assert game.players[0].void == [*p1, pk, f]
    assert game.players[2].void == [wd]
    assert game.active == 1


def test_rule_11_6_a_card_worn_out_as_its_durability_boost_ends_is_gone_by_the_next_turn(
    make_card, player, position, find, events
):
    """P2 braces the bulwark (durability 3 + 2) in the 8.2 window and absorbs 4; at the end
    of P1's turn the boost ends and the bulwark, 4 counters on 3 durability, wears out
    before P2's turn starts (so its "start of turn" ability never fires)."""
    axe = make_card(WEAPON, damage=4, durability=9, name="Axe")
    bulwark = make_card(
        ARMOUR, durability=3, name="Bulwark", abilities=[when(Trigger.START_OF_TURN, Draw(1))]
    )
    brace = make_card(
        INSTANT,
        name="Brace",
        abilities=[when(Trigger.EQUIPPED, Boost(CardStat.DURABILITY, 2, CardTarget.OWN_CARD))],
    )
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(5, inventory=[brace], mat={Slot.ARMOUR: bulwark}),
        phase=StartPhase.ATTACK,
    )
    a, b, br = find(game, axe), find(game, bulwark), find(game, brace)
    game.play(Attack(a, 1))
    game.play(Equip(br))
    assert game.remaining_durability(b) == 5
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 4, a)
    m = mark(game)
    game.play(Defend([(b, 4)]))  # P1's attack phase then ends by itself: nothing left
    assert (
        events(game, ev.CardDestroyed, ev.TurnEnded, ev.TurnStarted, since=m)
        == [
            ev.CardDestroyed(1, b, WORN_OUT),
            ev.TurnEnded(0, 3),
            ev.TurnStarted(1, 4),
        ][: len(events(game, ev.CardDestroyed, ev.TurnEnded, ev.TurnStarted, since=m))]
    )
    assert not resolving(game, m)


# --------------------------------------------------------------------------- 11.1, more


def test_rule_11_1_a_characters_ability_belongs_to_its_player_and_asks_with_no_source(
    make_card, player, position, find, events
):
    spare = make_card(WEAPON, name="Spare")
    viper = character("Viper", when(Trigger.END_OF_TURN, Poison(OPPONENT)))
    game = position(player(6, inventory=[spare], character=viper), player(6), player(6))
    m = mark(game)
    game.play(EndPhase())
    assert resolving(game, m) == [(0, None, "end_of_turn")]
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, None, "poison")
    assert list(game.legal_actions()) == [Choose(1), Choose(2)]
    game.play(Choose(2))
    assert [p.poisoned for p in game.players] == [False, False, True]
    assert game.active == 1


def test_rule_11_1_an_attach_spells_modifiers_are_seen_from_the_player_who_attached_it(
    make_card, player, position, find
):
    """P1's rust under P2's sword lowers the damage of P1's opponents' weapons: P2's sword
    and P3's axe, not P1's club."""
    rust = make_card(
        ATTACH,
        name="Rust",
        abilities=[
            ContinuousAbility(
                [CardStatModifier(CardStat.DAMAGE, -1, Selector(type=WEAPON), Whose.OPPONENTS)]
            )
        ],
    )
    club, sword, axe = (make_card(WEAPON, damage=3, name=n) for n in ("Club", "Sword", "Axe"))
    game = position(
        player(6, mat={Slot.WEAPON: club}),
        player(6, mat={Slot.WEAPON: MatCard(sword, attached=[AttachedCard(rust, 0, 0)])}),
        player(6, mat={Slot.WEAPON: axe}),
    )
    damage = [game.stat(find(game, c), CardStat.DAMAGE) for c in (club, sword, axe)]
    assert damage == [3, 2, 2]


def test_rule_11_5_the_attacking_player_immune_to_poison_is_skipped(
    make_card, player, position, find, events
):
    axe = make_card(WEAPON, damage=2, durability=9, name="Axe")
    thorns = make_card(
        ARMOUR,
        durability=5,
        name="Thorns",
        abilities=[when(Trigger.DEFENDS, Poison(PlayerTarget.ATTACKER), Draw(1))],
    )
    game = position(
        player(6, mat={Slot.WEAPON: axe}, character=character("Clean", immune=Keyword.POISON)),
        player(6, mat={Slot.ARMOUR: thorns}),
        phase=StartPhase.ATTACK,
    )
    a, t = find(game, axe), find(game, thorns)
    game.play(Attack(a, 1))
    top = game.players[1].deck_top_first()[0]
    m = mark(game)
    game.play(Defend([(t, 2)]))
    assert events(game, since=m)[:4] == [
        ev.Defended(1, t, 2, 0),
        ev.CounterAdded(t, 2, 2),
        ev.AbilityResolving(1, t, "defends"),
        ev.CardDrawn(1, top),
    ]
    assert not events(game, ev.PlayerPoisoned)
    assert not game.players[0].poisoned


def test_rule_11_2_an_instant_played_in_the_8_2_window_resolves_before_the_damage(
    make_card, player, position, find, events
):
    """The brace boosts the bulwark's durability to 5, so absorbing all 4 is a legal
    defence (6.4)."""
    axe = make_card(WEAPON, damage=4, durability=9, name="Axe")
    bulwark = make_card(ARMOUR, durability=3, name="Bulwark")
    brace = make_card(
        INSTANT,
        name="Brace",
        abilities=[when(Trigger.EQUIPPED, Boost(CardStat.DURABILITY, 2, CardTarget.OWN_CARD))],
    )
    game = position(
        player(5, mat={Slot.WEAPON: axe}),
        player(5, inventory=[brace], mat={Slot.ARMOUR: bulwark}),
        phase=StartPhase.ATTACK,
    )
    a, b, br = find(game, axe), find(game, bulwark), find(game, brace)
    game.play(Attack(a, 1))
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    m = mark(game)
    game.play(Equip(br))
    assert events(game, since=m) == [
        ev.CardEquipped(1, br, None),
        ev.AbilityResolving(1, br, "equipped"),
        ev.CardBoosted(b, CardStat.DURABILITY, 2),
        ev.DamageTaken(1, 4, a),
    ]
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 4, a)
    assert Defend([(b, 4)]) in game.legal_actions()
    m = mark(game)
    game.play(Defend([(b, 4)]))
    assert events(game, since=m)[:3] == [
        ev.Defended(1, b, 4, 0),
        ev.CounterAdded(b, 4, 4),
        ev.PhaseStarted(0, ev.Phase.END),  # not worn out: 4 counters on 5 durability
    ]


def test_rule_11_3_a_salvaged_cards_destroyed_ability_waits_for_the_whole_equip(
    make_card, player, position, find, events
):
    """4.2: the old weapon is destroyed first in the equip, but its "destroyed" ability
    waits until the new weapon is in place and its cost paid."""
    relic = make_card(WEAPON, name="Relic", abilities=[when(Trigger.DESTROYED, Draw(1))])
    blade = make_card(WEAPON, cost=1, name="Blade")
    spare = make_card(CREATURE, name="Spare")
    game = position(player(6, inventory=[blade, spare], mat={Slot.WEAPON: relic}), player(6))
    r, b = find(game, relic), find(game, blade)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(b))
    assert events(game, since=m) == [
        ev.CardDestroyed(0, r, SALVAGE),
        ev.CardSacrificed(0, top[0], COST),
        ev.CardEquipped(0, b, Slot.WEAPON),
        ev.AbilityResolving(0, r, "destroyed"),
        ev.CardDrawn(0, top[1]),
    ]


def test_rule_11_5_immunity_follows_a_stolen_card_to_its_thief(
    make_card, player, position, find, events
):
    """11.1: P2's amulet (immune to POISON while equipped) is P1's once stolen, so the
    poison in the same ability takes P2, who is no longer immune."""
    heist = make_card(
        CREATURE,
        name="Heist",
        abilities=[when(Trigger.EQUIPPED, Steal(CardTarget.OPPONENT_CARD), Poison(EACH_PLAYER))],
    )
    amulet = make_card(
        ARMOUR, name="Amulet", abilities=[ContinuousAbility([Immunity(Keyword.POISON)])]
    )
    spare = make_card(WEAPON, name="Spare")
    game = position(player(6, inventory=[heist, spare]), player(6, mat={Slot.ARMOUR: amulet}))
    h, a = find(game, heist), find(game, amulet)
    assert game.is_immune(1, Keyword.POISON) and not game.is_immune(0, Keyword.POISON)
    m = mark(game)
    game.play(Equip(h))
    assert events(game, since=m) == [
        ev.CardEquipped(0, h, Slot.CREATURE),
        ev.AbilityResolving(0, h, "equipped"),
        ev.CardStolen(0, a, 1),
        ev.PlayerPoisoned(1),
    ]
    assert game.is_immune(0, Keyword.POISON) and not game.is_immune(1, Keyword.POISON)


def test_rule_11_1_a_view_shows_who_attached_each_spell_boosts_and_a_resolving_instant(
    make_card, player, position, find
):
    """What abilities leave on the table is public (views): who attached an attach spell
    (11.1), the boosts in effect this turn (11.6), an instant while its ability resolves
    (4.6)."""
    vest = make_card(ARMOUR, name="Vest")
    hex_ = make_card(ATTACH, name="Hex")
    club = make_card(WEAPON, damage=2, name="Club")
    bolt = make_card(
        INSTANT, name="Bolt", abilities=[when(Trigger.EQUIPPED, Damage(1, PlayerTarget.OPPONENT))]
    )
    game = position(
        player(5, inventory=[bolt], mat={Slot.WEAPON: MatCard(club, boosts={CardStat.DAMAGE: 1})}),
        player(5, mat={Slot.ARMOUR: MatCard(vest, attached=[AttachedCard(hex_, 2, 2)])}),
        player(5),
    )
    view = game.view(0)
    p2_armour = view.players[1].mat[Slot.ARMOUR]
    assert p2_armour.attached == (find(game, hex_),) and p2_armour.attached_by == (2,)
    assert view.players[0].mat[Slot.WEAPON].boosts == ((CardStat.DAMAGE, 1),)
    assert view.resolving == ()
    b = find(game, bolt)
    game.play(Equip(b))  # two opponents: P1 chooses, the bolt resolving meanwhile
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE
    assert game.view(1).resolving == (b,)
    game.play(Choose(2))
    assert game.view(1).resolving == ()


def test_every_effect_of_the_card_format_has_its_rule() -> None:
    """Adding an effect is one class of the registry with its own ``apply`` (its rule): a
    registered class without one (which would fall back on the base's, and fail in a game)
    is caught here, and every trigger has its reaction."""
    from backlands.engine.abilities import REACTIONS
    from backlands.keywords import EFFECTS
    from backlands.keywords import Effect as EffectBase

    assert set(EFFECTS.values()) == {
        Boost, Cure, Curse, Damage, Delayed, Destroy, Discard, Draw, Grant, If, Poison, Repair,
        Sacrifice, Steal, Wear, May, ChooseOne, ChoosePlayer, Recover, PutOnDeck, Search, Return,
        EquipFrom, Take, ShuffleIntoDeck, LookAtDeck, LookAtInventory, Reveal,
    }  # fmt: skip
    assert all(cls.apply is not EffectBase.apply for cls in EFFECTS.values())
    assert {key[0] for key in REACTIONS} == set(Trigger)  # and every trigger has its reaction


def test_a_game_without_abilities_replays_with_the_same_abilities() -> None:
    """A record does not say which abilities its game played with: a game played with
    NO_ABILITIES replays with ``abilities=NO_ABILITIES``; without it the replay says why it
    cannot go on."""
    from backlands import load_cards
    from backlands.agents import RandomAgent, play_game
    from backlands.deck import bundled_deck_files, load_deck
    from backlands.engine import NO_ABILITIES, GameRecord
    from backlands.errors import GameSetupError
    from backlands.simulation import seat

    cards = load_cards()
    files = {f.stem: f for f in bundled_deck_files()}
    table = [
        seat(load_deck(files[name], cards), cards) for name in ("magpies-nest", "dust-runners")
    ]
    for game_seed in range(20):
        game = Game(table, seed=game_seed, abilities=NO_ABILITIES)
        play_game(game, [RandomAgent(game_seed), RandomAgent(game_seed + 1)])
        record = GameRecord.from_json(game.record().to_json())
        again = record.replay(cards, abilities=NO_ABILITIES)
        assert [ev.event_to_json(e) for e in again.log or ()] == [
            ev.event_to_json(e) for e in game.log or ()
        ]
        try:
            record.replay(cards)
        except GameSetupError as error:
            assert "same abilities=" in str(error)
            return
    raise AssertionError("every game replayed the same with abilities: none to show")
