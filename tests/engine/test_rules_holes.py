"""Holes found by mutation testing (issue 12): behaviour no other test pinned down.

Each test starts from an exact position (or a few seats), asserts the exact outcome, and
fails when the engine line named in its docstring is deleted or negated.
"""

from __future__ import annotations

from backlands.database import CardDatabase
from backlands.engine import (
    AttachedCard,
    Attack,
    Choose,
    Decision,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    GameRecord,
    MatCard,
    Position,
    Seat,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.engine.triggers import Reaction, TriggerIndex
from backlands.model import (
    CardStat,
    CardStatModifier,
    CardTarget,
    CardType,
    ContinuousAbility,
    Cure,
    Damage,
    Destroy,
    Draw,
    Immunity,
    Keyword,
    PlayerStat,
    PlayerStatModifier,
    PlayerTarget,
    Selector,
    Slot,
    Steal,
    Trigger,
    TriggeredAbility,
    Whose,
)

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH, ACTIVE = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL, CardType.ACTIVE_SPELL
DAMAGE, DURABILITY = CardStat.DAMAGE, CardStat.DURABILITY
WORN_OUT = ev.DestroyReason.WORN_OUT
ELIMINATED = ev.DestroyReason.ELIMINATED
HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED


def weapons_plus(amount: int, whose: Whose = Whose.OWN) -> CardStatModifier:
    return CardStatModifier(DAMAGE, amount, Selector(type=WEAPON), whose)


# --------------------------------------------------------------------------- 3.3


def test_rule_3_3_a_card_that_attacked_attacks_again_on_its_next_turn(
    make_card, player, position, find, events
):
    """flow.start_turn: ``p.attacked.clear()`` (each turn, one attack per card, 3.3)."""
    weapon = make_card(WEAPON, damage=1, durability=5)
    game = position(player(5, mat={Slot.WEAPON: weapon}), player(5), phase=StartPhase.ATTACK)
    w = find(game, weapon)
    game.play(Attack(w, 1))
    # P2 has no defender: the damage is sacrificed; the weapon has attacked, so P1's attack
    # phase and turn end by themselves; P2 ends their main phase, P1's next turn starts
    assert game.decision == Decision(DecisionKind.MAIN, 1)
    game.play(EndPhase())
    assert game.decision == Decision(DecisionKind.MAIN, 0) and game.turn == 5
    game.play(EndPhase())
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    assert list(game.legal_actions()) == [Attack(w, 1), EndPhase()]
    mark = len(game.log)
    game.play(Attack(w, 1))
    assert events(game, ev.AttackDeclared, ev.CounterAdded, since=mark) == [
        ev.AttackDeclared(0, w, 1, 1),
        ev.CounterAdded(w, 1, 2),
    ]
    assert game.players[0].mat[Slot.WEAPON].counters == 2


# --------------------------------------------------------------------------- 4.8, 7.4


def test_rule_4_8_a_worn_out_active_spells_modifier_stops_applying(
    make_card, player, position, find, events
):
    """table.destroy: ``self.stats.source_changed(eq.instance.modifiers)``: the destroyed
    card's while-equipped modifier leaves the stats (4.8, 7.4, 10.3)."""
    weapon = make_card(WEAPON, damage=1, durability=5)
    whetstone = make_card(
        ACTIVE, durability=1, name="Whetstone", abilities=[ContinuousAbility([weapons_plus(2)])]
    )
    game = position(
        player(5, mat={Slot.WEAPON: weapon, Slot.SPELL: whetstone}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    w, spell = find(game, weapon), find(game, whetstone)
    assert game.stat(w, DAMAGE) == 3
    game.play(EndPhase())
    # 4.8: the end phase puts its counter on the spell, which wears out
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(0, spell, WORN_OUT)]
    assert game.decision == Decision(DecisionKind.MAIN, 1)
    assert game.stat(w, DAMAGE) == 1
    game.play(EndPhase())  # P2's turn ends; P1's next main phase
    game.play(EndPhase())
    mark = len(game.log)
    game.play(Attack(w, 1))
    assert events(game, ev.AttackDeclared, ev.DamageTaken, since=mark) == [
        ev.AttackDeclared(0, w, 1, 1),
        ev.DamageTaken(1, 1, w),
    ]


def test_rule_4_7_an_attach_spells_modifier_goes_with_its_destroyed_host(
    make_card, player, position, find, events
):
    """table.destroy: ``self.stats.source_changed(attached.instance.modifiers)``: an attach
    spell destroyed with its host (4.7, 7.4) stops modifying; the host itself has none."""
    weapon = make_card(WEAPON, damage=1, durability=5)
    jerkin = make_card(ARMOUR, durability=1, name="Jerkin")
    edge = make_card(ATTACH, name="Edge", abilities=[ContinuousAbility([weapons_plus(2)])])
    axe = make_card(WEAPON, damage=3, durability=5, name="Axe")
    game = position(
        player(5, mat={Slot.WEAPON: weapon, Slot.ARMOUR: MatCard(jerkin, attached=[edge])}),
        player(5, mat={Slot.WEAPON: axe}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    w, j, e = find(game, weapon), find(game, jerkin), find(game, edge)
    assert game.stat(w, DAMAGE) == 3
    top = game.players[0].deck_top_first()[:2]
    game.play(Attack(find(game, axe), 0))
    mark = len(game.log)
    game.play(Defend(((j, 1),)))
    assert events(game, ev.CardDestroyed, since=mark) == [
        ev.CardDestroyed(0, j, WORN_OUT),
        ev.CardDestroyed(0, e, HOST_DESTROYED),
    ]
    assert game.players[0].void == [j, e, *top]  # then the bleed of 2 (6.3)
    assert game.stat(w, DAMAGE) == 1


def test_rule_6_2_a_card_kept_alive_by_a_destroyed_cards_modifier_wears_out(
    make_card, player, position, find, events
):
    """table.destroy's ``source_changed``: a durability modifier leaving play calls for the
    worn-out check (4.8, 6.2): the hound lived only by the brace's +2 durability."""
    brace = make_card(
        ACTIVE,
        durability=1,
        name="Brace",
        abilities=[ContinuousAbility([CardStatModifier(DURABILITY, 2, Selector(type=CREATURE))])],
    )
    hound = make_card(CREATURE, durability=2, name="Hound")
    game = position(
        player(
            5,
            inventory=[make_card(ARMOUR)],
            mat={Slot.CREATURE: MatCard(hound, counters=3), Slot.SPELL: brace},
            turns_taken=1,
        ),
        player(5),
    )
    h, b = find(game, hound), find(game, brace)
    assert game.remaining_durability(h) == 1
    game.play(EndPhase())
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(0, b, WORN_OUT),
        ev.CardDestroyed(0, h, WORN_OUT),
    ]
    assert game.players[0].mat == {}
    assert game.players[0].void == [b, h]


def test_rule_9_2_an_out_players_pro_stops_applying(
    make_card, make_character, player, position, find, events
):
    """flow.check_state: ``t.stats.changed()`` after players go out: an out player's PRO
    (every weapon +2 damage) no longer applies (9.2, 10.3)."""
    smith = make_character("Smith", pro=[weapons_plus(2, Whose.ALL)])
    sword = make_card(WEAPON, damage=1, durability=5, name="Sword")
    pike = make_card(WEAPON, damage=1, durability=5, name="Pike")
    game = position(
        player(5, mat={Slot.WEAPON: sword}),
        player(2, character=smith),
        player(5, mat={Slot.WEAPON: pike}),
        phase=StartPhase.ATTACK,
    )
    s, p = find(game, sword), find(game, pike)
    assert game.stat(s, DAMAGE) == 3 and game.stat(p, DAMAGE) == 3
    game.play(Attack(s, 1))  # 3 damage, undefended: P2's last 2 cards
    assert game.players[1].out
    assert events(game, ev.PlayerEliminated) == [ev.PlayerEliminated(1)]
    assert game.stat(s, DAMAGE) == 1 and game.stat(p, DAMAGE) == 1
    assert game.decision == Decision(DecisionKind.MAIN, 2)
    game.play(EndPhase())
    mark = len(game.log)
    game.play(Attack(p, 0))
    assert events(game, ev.AttackDeclared, ev.DamageTaken, since=mark) == [
        ev.AttackDeclared(2, p, 0, 1),
        ev.DamageTaken(0, 1, p),
    ]


def test_rule_5_3_damage_is_read_again_when_a_modifier_left_in_the_window(
    make_card, player, position, find, events
):
    """stats.source_changed: ``self.version += 1``: the attack's damage is read again as it
    is dealt when a modifier source left play in the target's window (5.3, 8.2)."""
    weapon = make_card(WEAPON, damage=1, durability=5)
    whetstone = make_card(
        ACTIVE, name="Whetstone", abilities=[ContinuousAbility([weapons_plus(2)])]
    )
    shatter = make_card(
        INSTANT,
        name="Shatter",
        abilities=[
            TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD, Slot.SPELL),))
        ],
    )
    game = position(
        player(5, mat={Slot.WEAPON: weapon, Slot.SPELL: whetstone}),
        player(5, inventory=[shatter]),
        phase=StartPhase.ATTACK,
    )
    w = find(game, weapon)
    game.play(Attack(w, 1))
    assert events(game, ev.AttackDeclared) == [ev.AttackDeclared(0, w, 1, 3)]
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    game.play(Equip(find(game, shatter)))  # destroys the whetstone; no instant left
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 1, w)]


# --------------------------------------------------------------------------- 9.2


def test_rule_9_2_paying_the_last_cards_puts_the_active_player_out_before_any_window(
    make_card, player, position, find, events
):
    """flow.advance: the out check right after an answer is applied (``check_state``): the
    equip that emptied the active player's deck puts them out at once, so the rest of their
    turn, the response windows to it included, is skipped (8.1, 9.2)."""
    bulwark = make_card(ARMOUR, cost=2, name="Bulwark")
    flash = make_card(INSTANT, name="Flash")
    game = position(player(2, inventory=[bulwark]), player(5, inventory=[flash]), player(5))
    b = find(game, bulwark)
    mark = len(game.log)
    game.play(Equip(b))
    assert game.players[0].out
    assert events(game, ev.CardDestroyed, ev.PlayerEliminated, ev.TurnStarted, since=mark) == [
        ev.CardDestroyed(0, b, ELIMINATED),
        ev.PlayerEliminated(0),
        ev.TurnStarted(1, 4),
    ]
    assert game.outcome is None
    assert game.active == 1
    assert game.decision == Decision(DecisionKind.MAIN, 1)  # never a RESPONSE for Flash


def test_rule_9_2_a_player_out_at_the_positions_setup_is_no_target(
    make_card, player, position, find, events
):
    """game._positioned: ``check_state(t)`` before the first step: a player with an empty
    deck in a position is out before anyone decides (9.1, 9.2)."""
    weapon = make_card(WEAPON)
    game = position(
        player(5, mat={Slot.WEAPON: weapon}),
        player(0, mat={Slot.ARMOUR: make_card(ARMOUR)}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    assert game.players[1].out and game.players[1].mat == {}
    assert [type(e) for e in events(game)] == [ev.CardDestroyed, ev.PlayerEliminated]
    w = find(game, weapon)
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    assert list(game.legal_actions()) == [Attack(w, 2), EndPhase()]


def test_rule_9_2_a_seat_out_at_setup_gets_no_turn(make_character, filler, events):
    """Game.__init__: ``check_state(t)`` after the starting draws: a player whose starting
    inventory takes their whole deck is out before the first turn starts (9.1, 9.2)."""
    hoarder = make_character("Hoarder", pro=[PlayerStatModifier(PlayerStat.STARTING_INVENTORY, 31)])
    plain = make_character()
    cards = filler(36)
    game = Game([Seat(hoarder, cards), Seat(plain, cards), Seat(plain, cards)], first_player=0)
    assert game.players[0].out and len(game.players[0].inventory) == 36
    assert events(game, ev.PlayerEliminated, ev.TurnStarted) == [
        ev.PlayerEliminated(0),
        ev.TurnStarted(1, 1),
    ]
    assert game.decision == Decision(DecisionKind.MAIN, 1)


# --------------------------------------------------------------------------- 3.2, 3.3


def test_rule_3_3_the_attack_phase_starts_with_its_event(make_card, player, position, events):
    """questions.MainQuestion.apply: ``PhaseStarted(player, ATTACK)`` as the main phase ends
    on a turn with an attack phase (3.2, 3.3)."""
    weapon = make_card(WEAPON)
    game = position(player(5, [make_card(ARMOUR)], {Slot.WEAPON: weapon}), player(5))
    mark = len(game.log)
    game.play(EndPhase())
    assert events(game, since=mark) == [ev.PhaseStarted(0, ev.Phase.ATTACK)]
    assert game.decision == Decision(DecisionKind.ATTACK, 0)
    game.play(EndPhase())
    assert events(game, ev.PhaseStarted, since=mark) == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.PhaseStarted(1, ev.Phase.START),
        ev.PhaseStarted(1, ev.Phase.MAIN),
    ]


def test_rule_3_3_no_attack_phase_event_on_a_first_turn(make_card, player, position, events):
    weapon = make_card(WEAPON)
    game = position(player(5, [make_card(ARMOUR)], {Slot.WEAPON: weapon}, turns_taken=1), player(5))
    mark = len(game.log)
    game.play(EndPhase())
    assert events(game, ev.PhaseStarted, since=mark) == [
        ev.PhaseStarted(0, ev.Phase.END),
        ev.PhaseStarted(1, ev.Phase.START),
        ev.PhaseStarted(1, ev.Phase.MAIN),
    ]


# --------------------------------------------------------------------------- positions


def test_a_positions_void_holds_its_cards_in_order(make_card, player, position, find):
    """setup.position_table: ``state.void = [...]`` (1.5: each player's own void)."""
    old, older = make_card(ARMOUR, name="Old"), make_card(WEAPON, name="Older")
    game = position(player(2), player(1, void=[old, older]))
    o, oo = find(game, old), find(game, older)
    assert game.players[1].void == [o, oo]
    assert (o.uid, oo.uid) == (3, 4)  # after the decks
    assert o.owner == oo.owner == 1
    assert game.zone_of(o) == (Zone.VOID, 1)
    assert game.view(0).players[1].void == (o, oo)
    assert game.players[0].void == []


def _quiet_start(make_card, player):
    """P1 has nothing to do: their turn passes by itself up to P2's main decision."""
    return Position([player(5), player(5, inventory=[make_card(ARMOUR)])])


def test_position_start_handlers_hear_every_event_from_the_start(make_card, player):
    """Position.start passes ``handlers`` on, and game._positioned subscribes them before
    the first step: they hear what happens before the first decision."""
    heard: list[ev.Event] = []
    game = _quiet_start(make_card, player).start(seed=3, handlers=[(ev.Event, heard.append)])
    assert game.decision == Decision(DecisionKind.MAIN, 1)
    assert heard[:3] == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.TurnEnded(0, 3),
    ]
    assert heard == game.log and len(heard) == 7


def test_game_from_position_handlers_hear_every_event_from_the_start(make_card, player):
    heard: list[ev.Event] = []
    position = _quiet_start(make_card, player)
    game = Game.from_position(position, handlers=[(ev.PhaseStarted, heard.append)])
    assert heard == [e for e in game.log if isinstance(e, ev.PhaseStarted)]
    assert heard[0] == ev.PhaseStarted(0, ev.Phase.ATTACK) and len(heard) == 4


def test_a_copy_of_a_positioned_game_records_and_replays(
    make_card, player, plain_character, filler
):
    """Game.copy: ``other._start = self._start``: a copy records its position."""
    weapon = make_card(WEAPON, durability=5)
    armour = make_card(ARMOUR)
    deck = filler(5)
    position = Position(
        [player(deck, mat={Slot.WEAPON: weapon}), player(deck, inventory=[armour])],
        phase=StartPhase.ATTACK,
    )
    game = position.start(seed=9)
    game.play(EndPhase())
    copy = game.copy()
    assert copy.record() == game.record()
    copy.play(EndPhase())
    record = copy.record()
    assert record.position == game.record().position
    assert len(record.actions) == 2
    db = CardDatabase([weapon, armour, *deck], [plain_character])
    heard: list[ev.Event] = []
    again = GameRecord.from_json(record.to_json()).replay(db, handlers=[(ev.Event, heard.append)])
    assert again.log == copy.log == heard  # replay's handlers hear it from the start
    assert again.record() == record


def test_game_instance_finds_every_card_by_uid(make_card, player, position):
    """Game.instance(uid): the game's own instance, uids in position order."""
    inv, mat, void = make_card(INSTANT), make_card(WEAPON), make_card(ARMOUR)
    game = position(player(2, inventory=[inv], mat={Slot.WEAPON: mat}, void=[void]), player(1))
    p1 = game.players[0]
    assert [game.instance(uid) for uid in range(6)] == [
        *p1.deck_top_first(),
        p1.inventory[0],
        p1.mat[Slot.WEAPON].instance,
        p1.void[0],
        *game.players[1].deck_top_first(),
    ]
    for uid, instance in game.instances.items():
        assert game.instance(uid) is instance


def test_a_stat_a_card_lacks_is_0_whatever_modifies_it(
    make_card, make_character, player, position, find
):
    """stats.Stats.card: ``if printed is None: return 0`` (10.2: no damage on armour, no
    durability on instant or attach spells), even under a modifier of that stat."""
    everything = make_character(
        "Everything",
        pro=[
            CardStatModifier(DAMAGE, 2, Selector(), Whose.ALL),
            CardStatModifier(DURABILITY, 2, Selector(), Whose.ALL),
        ],
    )
    armour, instant, attach = make_card(ARMOUR), make_card(INSTANT), make_card(ATTACH)
    weapon = make_card(WEAPON, damage=1, durability=3)
    game = position(
        player(3, inventory=[instant, attach], mat={Slot.ARMOUR: armour}, character=everything),
        player(3, mat={Slot.WEAPON: weapon}),
    )
    a, i, t = find(game, armour), find(game, instant), find(game, attach)
    assert game.stat(a, DAMAGE) == 0
    assert game.stat(i, DAMAGE) == game.stat(i, DURABILITY) == 0
    assert game.stat(t, DURABILITY) == 0
    assert game.stat(a, DURABILITY) == 5
    assert game.stat(find(game, weapon), DAMAGE) == 3


def test_is_immune_follows_the_pro_cards_and_attach_spells(
    make_card, make_character, player, position, find
):
    """stats.Stats.is_immune, through Game.is_immune (10.3, 11.1, 11.5)."""
    immune = make_character("Clean", pro=[Immunity(Keyword.POISON)])
    amulet = make_card(
        ARMOUR, durability=1, abilities=[ContinuousAbility([Immunity(Keyword.STEAL)])]
    )
    ward = make_card(ATTACH, abilities=[ContinuousAbility([Immunity(Keyword.CURSE)])])
    axe = make_card(WEAPON, damage=1)
    game = position(
        player(5, character=immune, mat={Slot.ARMOUR: amulet}),
        player(5, mat={Slot.WEAPON: MatCard(axe, attached=[AttachedCard(ward, controller=0)])}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    assert [game.is_immune(0, k) for k in Keyword] == [True, True, True]
    assert [game.is_immune(1, k) for k in Keyword] == [False, False, False]
    game.play(Attack(find(game, axe), 0))
    game.play(Defend(((find(game, amulet), 1),)))  # the amulet wears out
    assert game.players[0].mat == {}
    assert [game.is_immune(0, k) for k in Keyword] == [True, True, False]


def test_rule_4_7_an_equip_with_a_bad_host_is_refused(
    make_card, player, position, find, assert_illegal
):
    """equipping.equip_problem: an attach spell's host must be an equipped card, and only
    an attach spell has a host (4.1, 4.7)."""
    spell = make_card(ATTACH, name="Hex")
    armour = make_card(ARMOUR, name="Vest")
    gone = make_card(WEAPON, name="Gone")
    axe = make_card(WEAPON, name="Axe")
    game = position(
        player(5, inventory=[spell, armour], void=[gone]),
        player(5, mat={Slot.WEAPON: axe}),
    )
    s, a, g, x = find(game, spell), find(game, armour), find(game, gone), find(game, axe)
    assert set(game.legal_actions()) == {Equip(s, x), Equip(a), EndPhase()}
    assert_illegal(game, Equip(s), "name its host (4.7)")
    assert_illegal(game, Equip(s, a), "Vest #", "is not an equipped card (4.7)")
    assert_illegal(game, Equip(s, g), "Gone #", "is not an equipped card (4.7)")
    assert_illegal(game, Equip(a, x), "only attach spells have a host; Vest is a armour (4.1)")


# --------------------------------------------------------------------------- 7.1


def _first_seed_that_cures(make_card, player) -> int:
    for seed in range(200):
        game = Position([player(5, [make_card(ARMOUR)], poisoned=True), player(5)]).start(seed=seed)
        game.play(EndPhase())
        (check,) = [e for e in game.log if isinstance(e, ev.PoisonChecked)]
        if check.cured:
            return seed
    raise AssertionError("no seed cures")


def test_rule_7_1_a_cured_player_is_shown_unpoisoned(make_card, player, events):
    """flow.upkeep: ``p.poisoned = False`` on two heads: the event, the state and every
    view say the player is cured (7.1)."""
    seed = _first_seed_that_cures(make_card, player)
    game = Position([player(5, [make_card(ARMOUR)], poisoned=True), player(5)]).start(seed=seed)
    assert game.view(1).players[0].poisoned
    game.play(EndPhase())
    assert events(game, ev.PoisonChecked) == [ev.PoisonChecked(0, (True, True), True)]
    assert not game.players[0].poisoned
    assert [game.view(i).players[0].poisoned for i in (0, 1)] == [False, False]
    assert "poison" not in str(game.view(1).players[0])


def test_rule_7_1_cure_reports_the_player_unpoisoned(make_card, player, position, find, events):
    """keywords.cure: ``p.poisoned = False`` and ``PlayerCured`` (7.1)."""
    tonic = make_card(
        INSTANT,
        name="Tonic",
        abilities=[TriggeredAbility(Trigger.EQUIPPED, (Cure(PlayerTarget.SELF),))],
    )
    game = position(player(5, inventory=[tonic], poisoned=True), player(5))
    game.play(Equip(find(game, tonic)))
    assert events(game, ev.PlayerCured) == [ev.PlayerCured(0)]
    assert not game.players[0].poisoned
    assert not game.view(1).players[0].poisoned
    game.play(EndPhase())
    assert events(game, ev.PoisonChecked) == []


# --------------------------------------------------------------------------- 11.2: what is heard


class _OnAttack(Reaction):
    event = ev.AttackDeclared


class _OnCounter(Reaction):
    event = ev.CounterAdded


def test_rule_11_2_the_trigger_index_tells_when_a_class_starts_or_stops_being_heard():
    """triggers.TriggerIndex.add / remove: the index counts a class in the game's ``heard``
    when the first reaction to it comes into play and stops counting it when the last one
    leaves, never otherwise: the table then knows which events to build and publish (11.2)."""
    index = TriggerIndex()
    heard: dict[type, int] = {ev.AttackDeclared: 1}  # the bus listens to attacks too
    index.heard = heard
    told: list[dict[str, int]] = []

    def tell() -> None:
        told.append({c.__name__: n for c, n in heard.items()})

    first, second, counter = _OnAttack(0), _OnAttack(1), _OnCounter(0)
    index.add(first)
    tell()
    index.add(second)  # the class is heard already
    tell()
    index.add(counter)
    tell()
    assert told == [
        {"AttackDeclared": 2},
        {"AttackDeclared": 2},
        {"AttackDeclared": 2, "CounterAdded": 1},
    ]
    index.remove(first)  # the second still listens
    tell()
    assert told[3] == {"AttackDeclared": 2, "CounterAdded": 1}
    assert index.listening(ev.AttackDeclared) == [second]
    index.remove(counter)
    tell()
    index.remove(second)
    tell()
    assert told[4:] == [{"AttackDeclared": 2}, {"AttackDeclared": 1}]  # the bus's alone
    assert len(index) == 0


# --------------------------------------------------------------------------- 4.6, 11.2: instants


def _unlogged(*players):
    """A game with no log and no handler: only the abilities in play hear events."""
    return Position(list(players)).start(keep_log=False)


def test_rule_4_6_an_instant_without_ability_goes_to_the_void_when_nothing_listens(
    make_card, player, find
):
    """triggers.cast, the shortcut: ``void.append(instance)`` when nothing hears the
    instant being played (4.6)."""
    flash = make_card(INSTANT, name="Flash")
    game = _unlogged(player(5, inventory=[flash, make_card(ARMOUR)]), player(5))
    f = find(game, flash)
    game.play(Equip(f))
    assert game.players[0].void == [f]
    assert f not in game.players[0].inventory and len(game.players[0].inventory) == 1
    assert game.view(1).players[0].void == (f,)
    assert game.decision == Decision(DecisionKind.MAIN, 0)


def test_rule_4_6_an_instants_ability_resolves_when_nothing_else_listens(make_card, player, find):
    """triggers.cast: the shortcut is for an instant without a ``when:`` ability only
    (``not instance.triggers``): this one draws 2, then goes to the void (4.6, 11.2)."""
    study = make_card(
        INSTANT, name="Study", abilities=[TriggeredAbility(Trigger.EQUIPPED, (Draw(2),))]
    )
    spare = make_card(ARMOUR)
    game = _unlogged(player(5, inventory=[study, spare]), player(5))
    s = find(game, study)
    top = game.players[0].deck_top_first()[:2]
    game.play(Equip(s))
    assert game.players[0].inventory == [find(game, spare), *top]
    assert game.players[0].void == [s]
    assert len(game.players[0].deck_top_first()) == 3


def test_rule_11_2_playing_an_instant_without_ability_triggers_opponent_equips(
    make_card, player, find
):
    """triggers.cast: ``not heard`` in the shortcut and ``if heard: t.emit(event)``: an
    instant is "equipped" for an opponent's "when an opponent equips" ability even when
    it has no ability of its own and no log listens (11.2)."""
    flash = make_card(INSTANT, name="Flash")
    watcher = make_card(
        ARMOUR,
        name="Watcher",
        abilities=[TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Draw(1),))],
    )
    game = _unlogged(
        player(5, inventory=[flash, make_card(ARMOUR)]), player(5, mat={Slot.ARMOUR: watcher})
    )
    f = find(game, flash)
    top = game.players[1].deck_top_first()[0]
    game.play(Equip(f))
    assert game.players[1].inventory == [top]
    assert game.players[0].void == [f]


def test_rule_11_2_an_instants_opponent_equips_ability_never_triggers_on_its_own_cast(
    make_card, player, position, find, events
):
    """triggers.cast: ``reaction.event is ev.CardEquipped and reaction.matches(...)``: only
    the instant's abilities its own "equipped" event triggers resolve; its "when an
    opponent equips" ability is not one of them (the instant is never in play, 11.2)."""
    odd = make_card(
        INSTANT,
        name="Odd",
        abilities=[TriggeredAbility(Trigger.OPPONENT_EQUIPS, (Draw(1),))],
    )
    spare = make_card(ARMOUR)
    game = position(player(5, inventory=[odd, spare]), player(5))
    o = find(game, odd)
    game.play(Equip(o))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert events(game, ev.CardDrawn) == []
    assert game.players[0].inventory == [find(game, spare)]
    assert len(game.players[0].deck_top_first()) == 5
    assert game.players[0].void == [o]


def test_rule_11_3_an_instant_waits_out_of_the_void_until_its_last_ability_resolved(
    make_card, player, position, find
):
    """triggers.finish_cast: ``if any(... for r, _ in t.queue): return``: an instant with
    two "equipped" abilities goes to the void only once the second has resolved, not
    after the first (4.6, 11.3)."""
    twice = make_card(
        INSTANT,
        name="Twice",
        abilities=[
            TriggeredAbility(Trigger.EQUIPPED, (Draw(1),)),
            TriggeredAbility(Trigger.EQUIPPED, (Destroy(CardTarget.OPPONENT_CARD),)),
        ],
    )
    axe, vest = make_card(WEAPON, name="Axe"), make_card(ARMOUR, name="Vest")
    game = position(
        player(5, inventory=[twice]), player(5, mat={Slot.WEAPON: axe, Slot.ARMOUR: vest})
    )
    t, a, v = find(game, twice), find(game, axe), find(game, vest)
    game.play(Equip(t))
    assert len(game.players[0].inventory) == 1  # the first ability drew
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.CHOOSE  # the second asks
    assert decision.player == 0 and decision.source == t
    assert list(game.legal_actions()) == [Choose(a), Choose(v)]
    assert game.players[0].void == []
    assert game.view(0).resolving == (t,)
    game.play(Choose(v))
    assert game.players[1].void == [v]
    assert game.players[0].void == [t]
    assert game.view(0).resolving == ()


# --------------------------------------------------------------------------- 11.6, 9.3: damage


def _blast(make_card, target: PlayerTarget, defendable: bool = True):
    return make_card(
        ACTIVE,
        name="Blast",
        abilities=[TriggeredAbility(Trigger.EQUIPPED, (Damage(2, target, defendable),))],
    )


def test_rule_9_3_damage_to_each_player_puts_both_out_at_the_same_check(
    make_card, player, position, find, events
):
    """effects._damage: ``t.held += 1`` and the ``SETTLED`` step: the out check waits until
    the damage to every player is dealt, so both players out at once is a draw (11.6, 9.3),
    not a win for whoever took their damage last."""
    blast = _blast(make_card, PlayerTarget.EACH_PLAYER, defendable=False)
    game = position(player(2, inventory=[blast]), player(2))
    game.play(Equip(find(game, blast)))
    assert events(game, ev.PlayerEliminated) == [ev.PlayerEliminated(0), ev.PlayerEliminated(1)]
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason == "every remaining player went out at the same check (9.3)"


def test_rule_11_6_damage_to_each_opponent_is_defended_one_at_a_time_then_the_out_check(
    make_card, player, position, find, events
):
    """effects._damage to several players: one defence at a time in turn order, and the out
    check after the last (``held``, ``SETTLED``): P2, whose deck the damage emptied, is
    still in while P3 defends (11.6, 9.2)."""
    blast = _blast(make_card, PlayerTarget.EACH_OPPONENT)
    vest, coat = make_card(ARMOUR, name="Vest"), make_card(ARMOUR, name="Coat")
    game = position(
        player(5, inventory=[blast, make_card(ARMOUR)]),
        player(2, mat={Slot.ARMOUR: vest}),
        player(5, mat={Slot.ARMOUR: coat}),
    )
    b, v, c = find(game, blast), find(game, vest), find(game, coat)
    game.play(Equip(b))
    assert game.decision == Decision(DecisionKind.DEFEND, 1, 2, game.decision.source)
    game.play(Defend())  # P2 sacrifices their last 2 cards
    assert game.players[1].primal_deck == [] and not game.players[1].out
    assert game.decision == Decision(DecisionKind.DEFEND, 2, 2, game.decision.source)
    assert game.players[1].mat[Slot.ARMOUR].instance == v
    game.play(Defend(((c, 2),)))
    assert game.players[1].out and game.players[1].mat == {}
    assert events(game, ev.PlayerEliminated) == [ev.PlayerEliminated(1)]
    assert game.outcome is None
    assert game.decision == Decision(DecisionKind.MAIN, 0)


# --------------------------------------------------------------------------- 11.4: choices


def _wrecker(make_card, effect):
    return make_card(
        ARMOUR, name="Wrecker", abilities=[TriggeredAbility(Trigger.EQUIPPED, (effect,))]
    )


def test_rule_11_4_one_legal_card_is_taken_without_a_decision(
    make_card, player, position, find, events
):
    """effects.ask: ``len(options) > 1``: with exactly one legal choice the game takes it,
    and no CHOOSE decision is asked (11.4)."""
    wrecker = _wrecker(make_card, Destroy(CardTarget.OPPONENT_CARD))
    axe = make_card(WEAPON, name="Axe")
    game = position(
        player(5, inventory=[wrecker, make_card(ARMOUR)]), player(5, mat={Slot.WEAPON: axe})
    )
    x = find(game, axe)
    game.play(Equip(find(game, wrecker)))
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(1, x, ev.DestroyReason.EFFECT)]
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert all(not isinstance(a, Choose) for a in game.actions)


def test_rule_11_4_two_legal_cards_ask_the_controller(make_card, player, position, find, events):
    """effects.ask and cards_for's ``True`` (the controller chooses): with two legal
    choices a CHOOSE decision is asked, in slot order, and the chosen card is destroyed."""
    wrecker = _wrecker(make_card, Destroy(CardTarget.OPPONENT_CARD))
    axe, vest = make_card(WEAPON, name="Axe"), make_card(ARMOUR, name="Vest")
    game = position(
        player(5, inventory=[wrecker, make_card(ARMOUR)]),
        player(5, mat={Slot.ARMOUR: vest, Slot.WEAPON: axe}),
    )
    w, x, v = find(game, wrecker), find(game, axe), find(game, vest)
    game.play(Equip(w))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, source=w, effect="destroy")
    assert list(game.legal_actions()) == [Choose(x), Choose(v)]
    game.play(Choose(v))
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(1, v, ev.DestroyReason.EFFECT)]
    assert game.players[1].mat[Slot.WEAPON].instance == x


def test_rule_11_4_an_effects_slot_leaves_one_legal_card(make_card, player, position, find):
    """effects.cards_for's ``slot`` (``getattr(effect, "slot", None)``): "destroy an
    opponent's active spell" names only the spell, so nothing is asked (11.4)."""
    wrecker = _wrecker(make_card, Destroy(CardTarget.OPPONENT_CARD, Slot.SPELL))
    axe, altar = make_card(WEAPON, name="Axe"), make_card(ACTIVE, name="Altar")
    game = position(
        player(5, inventory=[wrecker, make_card(ARMOUR)]),
        player(5, mat={Slot.WEAPON: axe, Slot.SPELL: altar}),
    )
    game.play(Equip(find(game, wrecker)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.players[1].void == [find(game, altar)]
    assert list(game.players[1].mat) == [Slot.WEAPON]


def test_rule_7_3_steal_any_card_never_names_the_thiefs_own(make_card, player, position, find):
    """effects._steal's ``allowed``: ``p.index != src.controller and ...``: "steal any card"
    names only opponents' cards, so the one opponent card is taken at once (7.3, 11.4)."""
    thief = _wrecker(make_card, Steal(CardTarget.ANY_CARD))
    sword, axe = make_card(WEAPON, name="Sword"), make_card(WEAPON, name="Axe")
    game = position(
        player(5, inventory=[thief, make_card(ARMOUR)], mat={Slot.WEAPON: sword}),
        player(5, mat={Slot.WEAPON: axe}),
    )
    s, x = find(game, sword), find(game, axe)
    game.play(Equip(find(game, thief)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.players[0].mat[Slot.WEAPON].instance == x  # the sword salvaged (7.3)
    assert game.players[0].void == [s]
    assert game.players[1].mat == {}


def test_rule_11_5_steal_names_no_card_of_an_immune_player(
    make_card, make_character, player, position, find
):
    """effects._steal's ``allowed``: ``... and not is_immune(STEAL)``: an immune opponent's
    card is never a choice, and the thief's own never is: the steal does nothing (11.5)."""
    thief = _wrecker(make_card, Steal(CardTarget.ANY_CARD))
    sword, axe = make_card(WEAPON, name="Sword"), make_card(WEAPON, name="Axe")
    game = position(
        player(5, inventory=[thief, make_card(ARMOUR)], mat={Slot.WEAPON: sword}),
        player(5, mat={Slot.WEAPON: axe}, character=make_character(pro=[Immunity(Keyword.STEAL)])),
    )
    game.play(Equip(find(game, thief)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    assert game.players[0].mat[Slot.WEAPON].instance == find(game, sword)
    assert game.players[1].mat[Slot.WEAPON].instance == find(game, axe)


# --------------------------------------------------------------------------- 11.6: boosts


def test_rule_11_6_a_card_leaving_play_ends_its_own_boosts_only(make_card, player, position, find):
    """stats.Stats.end_boosts(uid): the destroyed hound had no boost; the sword's +2 lasts
    until the end of the turn (11.6)."""
    sword = make_card(WEAPON, damage=1, durability=5, name="Sword")
    hound = make_card(CREATURE, damage=1, name="Hound")
    culler = _wrecker(make_card, Destroy(CardTarget.OWN_CARD, Slot.CREATURE))
    game = position(
        player(
            5,
            inventory=[culler, make_card(ARMOUR)],
            mat={Slot.WEAPON: MatCard(sword, boosts={DAMAGE: 2}), Slot.CREATURE: hound},
        ),
        player(5),
    )
    s = find(game, sword)
    assert game.stat(s, DAMAGE) == 3
    game.play(Equip(find(game, culler)))
    assert game.players[0].void == [find(game, hound)]
    assert game.stat(s, DAMAGE) == 3
    assert game.view(0).players[0].mat[Slot.WEAPON].boosts == ((DAMAGE, 2),)


# --------------------------------------------------------------------------- copies


def test_rule_6_2_a_copy_wears_out_what_a_lost_durability_modifier_kept_alive(
    make_card, player, position, find, events
):
    """stats.Stats.copy: ``other.durability_modified``: a copy taken while a durability
    modifier is in play wears out the card it kept alive when it leaves play, as the
    original does (4.8, 6.2)."""
    brace = make_card(
        ACTIVE,
        durability=1,
        name="Brace",
        abilities=[ContinuousAbility([CardStatModifier(DURABILITY, 2, Selector(type=CREATURE))])],
    )
    hound = make_card(CREATURE, durability=2, name="Hound")
    game = position(
        player(
            5,
            inventory=[make_card(ARMOUR)],
            mat={Slot.CREATURE: MatCard(hound, counters=3), Slot.SPELL: brace},
            turns_taken=1,
        ),
        player(5),
    )
    copy = game.copy()
    h, b = find(copy, hound), find(copy, brace)
    for each in (copy, game):
        each.play(EndPhase())
        assert each.players[0].mat == {}
        assert each.players[0].void == [b, h]
        assert events(each, ev.CardDestroyed)[-2:] == [
            ev.CardDestroyed(0, b, WORN_OUT),
            ev.CardDestroyed(0, h, WORN_OUT),
        ]


def test_a_copy_runs_no_worn_out_check_its_original_does_not(make_card, player, find, events):
    """stats.Stats.copy: ``other.stale = self.stale``: a copy taken after the worn-out check
    does not check again by itself. Here a handler of the original kept the hound as its
    defence wore it out (a cancelled DestroyProposal); the copy, without that handler, keeps
    it too, though a durability modifier is in play (4.8, 6.2)."""
    brace = make_card(
        ACTIVE,
        durability=5,
        name="Brace",
        abilities=[ContinuousAbility([CardStatModifier(DURABILITY, 1, Selector(type=CREATURE))])],
    )
    hound = make_card(CREATURE, durability=2, name="Hound")
    axe = make_card(WEAPON, damage=1, durability=5, name="Axe")
    kept: list[ev.DestroyProposal] = []

    def keep(proposal: ev.DestroyProposal) -> None:
        proposal.cancelled = True
        kept.append(proposal)

    position = Position(
        [
            player(
                5,
                inventory=[make_card(ARMOUR)],
                mat={Slot.CREATURE: MatCard(hound, counters=2), Slot.SPELL: brace},
            ),
            player(5, mat={Slot.WEAPON: axe}),
        ],
        active=1,
        phase=StartPhase.ATTACK,
    )
    game = position.start(handlers=[(ev.DestroyProposal, keep)])
    h = find(game, hound)
    game.play(Attack(find(game, axe), 0))
    game.play(Defend(((h, 1),)))
    assert [(p.card, p.reason) for p in kept] == [(h, WORN_OUT)]
    assert game.players[0].mat[Slot.CREATURE].counters == 3 == game.stat(h, DURABILITY)
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    copy = game.copy()
    for each in (game, copy):
        mark = len(each.log)
        each.play(EndPhase())
        assert each.players[0].mat[Slot.CREATURE].instance == h
        assert events(each, ev.CardDestroyed, since=mark) == []
    assert len(kept) == 1


def test_rule_11_3_an_ability_that_asked_ends_though_the_last_seat_is_out(
    make_card, player, position, find
):
    """flow.drain's ``(RESOLVED, -1, reaction)`` step belongs to no player (``kind <
    RESOLVED`` in flow.advance): with the last seat out (9.2), the ability that asked still
    ends, so the next ability triggered resolves (11.3)."""
    wrecker = _wrecker(make_card, Destroy(CardTarget.OPPONENT_CARD))
    study = make_card(
        ARMOUR, name="Study", abilities=[TriggeredAbility(Trigger.EQUIPPED, (Draw(1),))]
    )
    axe, vest = make_card(WEAPON, name="Axe"), make_card(ARMOUR, name="Vest")
    game = position(
        player(5, inventory=[wrecker, study, make_card(WEAPON)]),
        player(5, mat={Slot.WEAPON: axe, Slot.ARMOUR: vest}),
        player(0),
    )
    assert game.players[2].out
    w, s = find(game, wrecker), find(game, study)
    game.play(Equip(w))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, source=w, effect="destroy")
    game.play(Choose(find(game, axe)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    top = game.players[0].deck_top_first()[0]
    game.play(Equip(s))  # salvages the wrecker (4.2), then draws 1
    assert top in game.players[0].inventory
    assert game.players[0].mat[Slot.ARMOUR].instance == s
