"""Every card and character of the sample set with an ability, in play (issue 8, RULINGS 11).

Each test starts from an exact position holding the real sample cards of ``load_cards()``
(cards/origins.yaml, cards/dust-storm.yaml, cards/characters.yaml), drives the game with
legal actions only, and checks that the card does what its printed text says: zones,
counters, live stats, poison markers, the decisions asked (who chooses, for which card and
effect, among which options) and the exact events. Every test is named after the card id it
checks (a parametrized test shows the card id in its test id); the last test checks that
every card and character trait with an in-game ability has one.

The deck fillers of the ``player`` fixture are cost-0 armour cards with durability 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from backlands import load_cards
from backlands.database import CardDatabase
from backlands.engine import (
    AttachedCard,
    Attack,
    CardInstance,
    Choose,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Seat,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.model import Card, CardStat, Character, Keyword, PlayerStat, Slot

from .played import mark

DB: CardDatabase = load_cards()

CHOOSE = DecisionKind.CHOOSE
DEFEND = DecisionKind.DEFEND
MAIN = DecisionKind.MAIN
ATTACK = DecisionKind.ATTACK
RESPONSE = DecisionKind.RESPONSE
DAMAGE = CardStat.DAMAGE
DURABILITY = CardStat.DURABILITY
BY_COST = ev.SacrificeReason.COST
BY_DAMAGE = ev.SacrificeReason.DAMAGE
BY_BLEED = ev.SacrificeReason.BLEED
BY_EFFECT = ev.SacrificeReason.EFFECT
WORN_OUT = ev.DestroyReason.WORN_OUT
DESTROYED_BY_EFFECT = ev.DestroyReason.EFFECT
HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED
SALVAGE = ev.DestroyReason.SALVAGE


# a creature with no ability: on the attacking player's mat, it keeps the game in their attack
# phase after the attack a test watches (a phase with nothing left to do ends by itself)
SPARE = "sand-skink"


def card(card_id: str) -> Card:
    """The sample set's card with this id."""
    return DB.by_id(card_id)


def character(character_id: str) -> Character:
    return DB.character(character_id)


def asked(game: Game) -> tuple[Any, ...]:
    """The pending decision: (kind, player, source card, effect) of a CHOOSE, (kind, player,
    amount, source card) of a DEFEND, (kind, player) of any other."""
    d = game.decision
    assert d is not None
    if d.kind is CHOOSE:
        return (d.kind, d.player, d.source, d.effect)
    if d.kind is DEFEND:
        return (d.kind, d.player, d.amount, d.source)
    return (d.kind, d.player)


def options(game: Game) -> list[Any]:
    return list(game.legal_actions())


def recorded(game: Game) -> list[dict[str, Any]]:
    """The decisions the game's record holds (choices the game took itself are not there)."""
    return [dict(a) for a in game.record().actions]


def top(game: Game, player: int, n: int = 1) -> list[CardInstance]:
    return game.players[player].deck_top_first()[:n]


def slot_of(game: Game, player: int, slot: Slot) -> CardInstance:
    return game.players[player].mat[slot].instance


def counters(game: Game, instance: CardInstance) -> int:
    found = game.equipped(instance)
    assert found is not None, f"{instance} is not equipped"
    return found[1].counters


def defend_with(game: Game, *absorbs: tuple[CardInstance, int]) -> Defend:
    """The listed defence naming these (card, amount) pairs (asserting it is legal)."""
    wanted = Defend(absorbs)
    assert wanted in options(game), f"{wanted} is not among {options(game)}"
    return wanted


def end_turn_of(game: Game, player: int) -> None:
    """End ``player``'s main and attack phases (the game is waiting for one of them)."""
    assert game.active == player
    while game.decision is not None and asked(game) in ((MAIN, player), (ATTACK, player)):
        game.play(EndPhase())


# ---------------------------------------------------------------------- Origins: weapons


@pytest.mark.parametrize(
    "card_id", ["rust-tooth-saw", "blightmaw-toad", "needle-rain-launcher"], ids=str
)
def test_attacks_and_poisons_the_player_it_attacks(card_id, player, position, find, events):
    """rust-tooth-saw, blightmaw-toad, needle-rain-launcher (its second ability): "When this
    card attacks, POISON the player it attacks." 11.2: after the attack's counter, before the
    damage; only the target is poisoned."""
    printed = card(card_id)
    assert printed.type.slot is not None
    game = position(
        player(5, mat={printed.type.slot: printed}),
        player(5),
        player(5),
        phase=StartPhase.ATTACK,
    )
    weapon = find(game, printed)
    since = mark(game)
    game.play(Attack(weapon, 2))
    assert [p.poisoned for p in game.players] == [False, False, True]
    kinds = (ev.AttackDeclared, ev.CounterAdded, ev.PlayerPoisoned, ev.DamageTaken)
    assert events(game, *kinds, since=since) == [
        ev.AttackDeclared(0, weapon, 2, printed.damage),
        ev.CounterAdded(weapon, 1, 1),
        ev.PlayerPoisoned(2),
        ev.DamageTaken(2, printed.damage, weapon),
    ]


def test_hookline_harpoon_the_player_it_attacks_chooses_a_card_to_discard(
    player, position, find, events
):
    """hookline-harpoon: "When this card attacks, the player it attacks DISCARDS a card."
    11.4: the player who discards chooses the card; before the damage."""
    harpoon, club, hound = card("hookline-harpoon"), card("rebar-club"), card("ash-hound")
    game = position(
        player(5, mat={Slot.WEAPON: harpoon, Slot.CREATURE: card(SPARE)}),
        player(5, inventory=[club, hound]),
        phase=StartPhase.ATTACK,
    )
    h, c, d = find(game, harpoon), find(game, club), find(game, hound)
    game.play(Attack(h, 1))
    assert asked(game) == (CHOOSE, 1, h, "discard")
    assert options(game) == [Choose(c), Choose(d)]
    since = mark(game)
    game.play(Choose(d))
    assert game.players[1].inventory == [c]
    assert game.players[1].void[0] is d
    assert asked(game) == (ATTACK, 0)  # the damage (2) was sacrificed: no defenders
    assert events(game, ev.CardDiscarded, ev.DamageTaken, since=since) == [
        ev.CardDiscarded(1, d),
        ev.DamageTaken(1, 2, h),
    ]
    assert recorded(game) == [
        {"action": "attack", "card": h.uid, "target": 1},
        {"action": "choose", "card": d.uid},
    ]


def test_hookline_harpoon_discards_the_only_card_without_asking(player, position, find, events):
    """hookline-harpoon: with one card in the inventory the game discards it (11.4), and the
    record holds only the attack."""
    harpoon, club = card("hookline-harpoon"), card("rebar-club")
    game = position(
        player(5, mat={Slot.WEAPON: harpoon, Slot.CREATURE: card(SPARE)}),
        player(5, inventory=[club]),
        phase=StartPhase.ATTACK,
    )
    h, c = find(game, harpoon), find(game, club)
    game.play(Attack(h, 1))
    assert events(game, ev.CardDiscarded) == [ev.CardDiscarded(1, c)]
    assert game.players[1].inventory == []
    assert game.players[1].void[0] is c
    assert recorded(game) == [{"action": "attack", "card": h.uid, "target": 1}]


def test_static_pike_deals_1_damage_to_each_opponent_in_turn_order_when_equipped(
    player, position, find, events
):
    """static-pike: "When this card is equipped, deal 1 damage to each opponent." 11.6: each
    defends in turn order from the controller, with the pike as the damage's source."""
    pike, vest, jerkin = card("static-pike"), card("tin-plate-vest"), card("tyre-rubber-jerkin")
    game = position(
        player(5, inventory=[pike]),
        player(5, mat={Slot.ARMOUR: vest}),
        player(5, mat={Slot.ARMOUR: jerkin}),
    )
    p, v, j = find(game, pike), find(game, vest), find(game, jerkin)
    game.play(Equip(p))
    assert len(game.players[0].primal_deck) == 3  # its cost, 2, paid first
    assert asked(game) == (DEFEND, 1, 1, p)
    game.play(defend_with(game, (v, 1)))
    assert asked(game) == (DEFEND, 2, 1, p)
    third_top = top(game, 2)
    game.play(Defend())
    assert counters(game, v) == 1
    assert game.players[2].void == third_top
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 1, p), ev.DamageTaken(2, 1, p)]
    assert (slot_of(game, 2, Slot.ARMOUR), counters(game, j)) == (j, 0)


def test_thunderhead_lance_adds_1_damage_that_cannot_be_defended(player, position, find, events):
    """thunderhead-lance: "When this card attacks, the player it attacks also takes 1 damage
    that cannot be defended." The 1 is sacrificed at once, with no DEFEND decision (11.6);
    then the attack's 4 damage is defended as usual."""
    lance, cuirass = card("thunderhead-lance"), card("hull-plate-cuirass")
    game = position(
        player(5, mat={Slot.WEAPON: lance, Slot.CREATURE: card(SPARE)}),
        player(5, mat={Slot.ARMOUR: cuirass}),
        phase=StartPhase.ATTACK,
    )
    lance_i, cuirass_i = find(game, lance), find(game, cuirass)
    first = top(game, 1)[0]
    game.play(Attack(lance_i, 1))
    kinds = (ev.DamageTaken, ev.CardSacrificed, ev.Defended)
    assert events(game, *kinds) == [
        ev.DamageTaken(1, 1, lance_i),
        ev.CardSacrificed(1, first, BY_DAMAGE),
        ev.DamageTaken(1, 4, lance_i),
    ]
    assert asked(game) == (DEFEND, 1, 4, lance_i)
    game.play(defend_with(game, (cuirass_i, 4)))
    assert counters(game, cuirass_i) == 4
    assert len(game.players[1].primal_deck) == 4
    assert recorded(game) == [
        {"action": "attack", "card": lance_i.uid, "target": 1},
        {"action": "defend", "absorbs": [[cuirass_i.uid, 4]]},
    ]


def test_thunderhead_lance_worn_out_by_its_attack_still_adds_its_damage(
    player, position, find, events
):
    """thunderhead-lance: "attacks" fires also when the attack's counter destroyed the card
    (11.2), and the attack still deals its damage (5.2)."""
    lance = card("thunderhead-lance")
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(lance, counters=3), Slot.CREATURE: card(SPARE)}),
        player(9),
        phase=StartPhase.ATTACK,
    )
    lance_i = find(game, lance)
    deck = top(game, 1, 5)
    game.play(Attack(lance_i, 1))
    assert game.players[0].void == [lance_i]
    assert events(game, ev.CardDestroyed, ev.DamageTaken, ev.CardSacrificed) == [
        ev.CardDestroyed(0, lance_i, WORN_OUT),
        ev.DamageTaken(1, 1, lance_i),
        ev.CardSacrificed(1, deck[0], BY_DAMAGE),
        ev.DamageTaken(1, 4, lance_i),
        *[ev.CardSacrificed(1, c, BY_DAMAGE) for c in deck[1:]],
    ]
    assert asked(game) == (ATTACK, 0)


def test_cinder_flail_deals_2_damage_to_an_opponent_its_controller_chooses_when_destroyed(
    player, position, find, events
):
    """cinder-flail: "When this card is destroyed, deal 2 damage to an opponent." Worn out by
    its own attack's counter (5.2), it still deals its damage; its ability resolves first
    (11.2, 11.3) and its controller chooses the opponent (11.4)."""
    flail = card("cinder-flail")
    game = position(
        player(5, mat={Slot.WEAPON: MatCard(flail, counters=3), Slot.CREATURE: card(SPARE)}),
        player(10),
        player(10),
        phase=StartPhase.ATTACK,
    )
    f = find(game, flail)
    game.play(Attack(f, 1))
    assert game.players[0].void == [f]
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(0, f, WORN_OUT)]
    assert asked(game) == (CHOOSE, 0, f, "damage")
    assert options(game) == [Choose(1), Choose(2)]
    game.play(Choose(2))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(2, 2, f), ev.DamageTaken(1, 3, f)]
    assert [len(p.primal_deck) for p in game.players[1:]] == [7, 8]
    assert recorded(game)[-1] == {"action": "choose", "player": 2}


# ---------------------------------------------------------------------- Origins: creatures


@pytest.mark.parametrize(
    ("card_id", "absorbs"),
    [("scrap-vulture", 3), ("sackcloth-wraps", 2)],
    ids=["scrap-vulture", "sackcloth-wraps"],
)
def test_destroyed_while_defending_its_controller_draws_a_card(
    card_id, absorbs, player, position, find, events
):
    """scrap-vulture, sackcloth-wraps: "When this card is destroyed, DRAW a card." Destroyed by
    the damage it absorbs on the opponent's turn, its controller draws (11.2)."""
    printed, blade = card(card_id), card("dust-eater-blade")
    assert printed.type.slot is not None
    game = position(
        player(5, mat={printed.type.slot: printed}),
        player(5, mat={Slot.WEAPON: blade, Slot.CREATURE: card(SPARE)}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    mine, b = find(game, printed), find(game, blade)
    bleed = 3 - absorbs
    deck = top(game, 0, 5)
    game.play(Attack(b, 0))
    assert asked(game) == (DEFEND, 0, 3, b)
    game.play(defend_with(game, (mine, absorbs)))
    # the whole defence first (its bleed included), then the ability draws the next card
    assert game.players[0].inventory == [deck[bleed]]
    assert game.players[0].void == [mine, *deck[:bleed]]  # 6.2 then 6.3
    assert events(game, ev.CardDestroyed, ev.CardSacrificed, ev.CardDrawn) == [
        ev.CardDestroyed(0, mine, WORN_OUT),
        *[ev.CardSacrificed(0, c, BY_BLEED) for c in deck[:bleed]],
        ev.CardDrawn(0, deck[bleed]),
    ]
    assert asked(game) == (ATTACK, 1)


def test_bristleback_boar_deals_1_damage_to_the_attacking_player_after_defending(
    player, position, find, events
):
    """bristleback-boar: "When this card defends, deal 1 damage to the attacking player."
    Once the defence is over (11.2); that damage is defended like any other (6.5)."""
    boar, hatchet, vest = card("bristleback-boar"), card("scrap-hatchet"), card("tin-plate-vest")
    game = position(
        player(5, mat={Slot.CREATURE: boar}),
        player(5, mat={Slot.WEAPON: hatchet, Slot.ARMOUR: vest, Slot.CREATURE: card(SPARE)}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    b, h, v = find(game, boar), find(game, hatchet), find(game, vest)
    game.play(Attack(h, 0))
    game.play(defend_with(game, (b, 2)))
    assert counters(game, b) == 2
    assert events(game, ev.Defended) == [ev.Defended(0, b, 2, 1)]
    assert asked(game) == (DEFEND, 1, 1, b)
    game.play(defend_with(game, (v, 1)))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(0, 2, h), ev.DamageTaken(1, 1, b)]
    assert counters(game, v) == 1


def test_bristleback_boar_the_attacking_player_of_ability_damage_is_who_dealt_it(
    player, position, find, events
):
    """bristleback-boar, defending the damage of an opponent's Spark Flick: "the attacking
    player" is the player who dealt the damage (``Defended.attacker``, rules.md 11.6)."""
    boar, spark = card("bristleback-boar"), card("spark-flick")
    game = position(
        player(5, mat={Slot.CREATURE: boar}),
        player(5, inventory=[spark, card("rebar-club")]),
        active=1,
    )
    b, s = find(game, boar), find(game, spark)
    hit = top(game, 1)
    game.play(Equip(s))
    assert asked(game) == (DEFEND, 0, 1, s)
    game.play(defend_with(game, (b, 1)))
    assert events(game, ev.Defended, ev.DamageTaken, ev.CardSacrificed)[-4:] == [
        ev.DamageTaken(0, 1, s),
        ev.Defended(0, b, 1, 1),
        ev.DamageTaken(1, 1, b),
        ev.CardSacrificed(1, hit[0], BY_DAMAGE),
    ]
    assert asked(game) == (MAIN, 1)


@pytest.mark.parametrize("card_id", ["tusked-dredger", "old-mother-quake"], ids=str)
def test_repairs_1_on_itself_at_the_start_of_its_controllers_turn(
    card_id, player, position, find, events
):
    """tusked-dredger, old-mother-quake (its second ability): "At the start of your turn,
    repair 1 durability on this card." After the draw (11.2), only on its controller's turn."""
    printed = card(card_id)
    game = position(
        player(
            5, inventory=[card("rebar-club")], mat={Slot.CREATURE: MatCard(printed, counters=2)}
        ),
        player(5),
    )
    mine = find(game, printed)
    end_turn_of(game, 0)
    assert asked(game) == (MAIN, 1)  # the opponent's turn began: no repair
    assert counters(game, mine) == 2
    drawn = top(game, 0)[0]
    since = mark(game)
    game.play(EndPhase())
    assert asked(game) == (MAIN, 0)
    assert counters(game, mine) == 1
    assert events(game, ev.TurnStarted, ev.CardDrawn, ev.CountersRemoved, since=since) == [
        ev.TurnStarted(0, 5),
        ev.CardDrawn(0, drawn),
        ev.CountersRemoved(mine, 1, 1),
    ]


def test_tusked_dredger_without_counters_repairs_nothing(player, position, find, events):
    """tusked-dredger: repair never goes below 0 counters (11.6)."""
    dredger = card("tusked-dredger")
    game = position(
        player(5, mat={Slot.CREATURE: dredger}),
        player(5, inventory=[card("rebar-club")]),
        active=1,
    )
    game.play(EndPhase())
    assert asked(game) == (MAIN, 0)
    assert counters(game, find(game, dredger)) == 0
    assert events(game, ev.CountersRemoved) == []


def test_galehide_elk_cures_its_controller_when_equipped(player, position, find, events):
    """galehide-elk: "When this card is equipped, CURE yourself." """
    elk = card("galehide-elk")
    game = position(player(5, inventory=[elk], poisoned=True), player(5, poisoned=True))
    game.play(Equip(find(game, elk)))
    assert [p.poisoned for p in game.players] == [False, True]
    assert events(game, ev.PlayerCured) == [ev.PlayerCured(0)]


def test_packmother_hyena_gives_its_controllers_weapons_1_more_damage(
    player, position, find, events
):
    """packmother-hyena: "While this card is equipped, your weapons deal 1 more damage." Not
    creatures, not an opponent's weapon; the attack deals the live damage (5.3)."""
    hyena, hatchet, club = card("packmother-hyena"), card("scrap-hatchet"), card("rebar-club")
    game = position(
        player(5, mat={Slot.WEAPON: hatchet, Slot.CREATURE: hyena}),
        player(5, mat={Slot.WEAPON: club}),
        phase=StartPhase.ATTACK,
    )
    h, y, c = find(game, hatchet), find(game, hyena), find(game, club)
    assert (game.stat(h, DAMAGE), game.stat(y, DAMAGE), game.stat(c, DAMAGE)) == (3, 2, 1)
    game.play(Attack(h, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 3, h)]


def test_packmother_hyena_bonus_ends_when_it_leaves_play(player, position, find):
    """packmother-hyena: only "while this card is equipped": salvaged, the bonus is gone."""
    hyena, hatchet, swarm = card("packmother-hyena"), card("scrap-hatchet"), card("dune-rat-swarm")
    game = position(
        player(5, inventory=[swarm], mat={Slot.WEAPON: hatchet, Slot.CREATURE: hyena}),
        player(5),
    )
    h = find(game, hatchet)
    assert game.stat(h, DAMAGE) == 3
    game.play(Equip(find(game, swarm)))
    assert game.stat(h, DAMAGE) == 2


def test_thundermane_behemoth_destroys_an_opponents_creature_its_controller_chooses(
    player, position, find, events
):
    """thundermane-behemoth: "When this card is equipped, DESTROY an opponent's equipped
    creature." Only creatures of opponents are choices (11.4), in turn order."""
    behemoth, hound, swarm = card("thundermane-behemoth"), card("ash-hound"), card("dune-rat-swarm")
    club, vest = card("rebar-club"), card("tin-plate-vest")
    game = position(
        player(6, inventory=[behemoth]),
        player(5, mat={Slot.WEAPON: club, Slot.CREATURE: hound}),
        player(5, mat={Slot.CREATURE: swarm, Slot.ARMOUR: vest}),
    )
    b, d, s = find(game, behemoth), find(game, hound), find(game, swarm)
    game.play(Equip(b))
    assert len(game.players[0].primal_deck) == 1
    assert asked(game) == (CHOOSE, 0, b, "destroy")
    assert options(game) == [Choose(d), Choose(s)]
    game.play(Choose(s))
    assert game.players[2].void == [s]
    assert Slot.CREATURE not in game.players[2].mat
    assert slot_of(game, 1, Slot.CREATURE) is d
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(2, s, DESTROYED_BY_EFFECT)]


def test_old_mother_quake_deals_2_damage_to_each_opponent_when_equipped(
    player, position, find, events
):
    """old-mother-quake: "When this card is equipped, deal 2 damage to each opponent." """
    quake = card("old-mother-quake")
    game = position(player(8, inventory=[quake]), player(5), player(5))
    q = find(game, quake)
    p2, p3 = top(game, 1, 2), top(game, 2, 2)
    game.play(Equip(q))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 2, q), ev.DamageTaken(2, 2, q)]
    assert (game.players[1].void, game.players[2].void) == (p2, p3)
    assert len(game.players[0].primal_deck) == 2


# ---------------------------------------------------------------------- Origins: armour


def test_scavengers_duster_makes_its_controller_immune_to_poison(player, position, find, events):
    """scavengers-duster: "While this card is equipped, you cannot be POISONED." 11.5: never a
    choice for "an opponent", skipped as "the player it attacks"."""
    duster, drizzle, saw = card("scavengers-duster"), card("acid-drizzle"), card("rust-tooth-saw")
    game = position(
        player(5, mat={Slot.ARMOUR: duster}),
        player(5, inventory=[drizzle], mat={Slot.WEAPON: saw, Slot.CREATURE: card(SPARE)}),
        player(5),
        active=1,
    )
    assert [game.is_immune(i, Keyword.POISON) for i in range(3)] == [True, False, False]
    d, s = find(game, drizzle), find(game, saw)
    game.play(Equip(d))  # POISON an opponent: P3 is the only legal one, taken by the game
    assert [p.poisoned for p in game.players] == [False, False, True]
    assert recorded(game) == [{"action": "equip", "card": d.uid, "host": None}]
    assert asked(game) == (ATTACK, 1)  # nothing left to equip: the main phase ended
    game.play(Attack(s, 0))
    assert asked(game) == (DEFEND, 0, 1, s)
    assert not game.players[0].poisoned
    assert events(game, ev.PlayerPoisoned) == [ev.PlayerPoisoned(2)]


def test_thornwire_mantle_poisons_the_attacking_player_after_defending(
    player, position, find, events
):
    """thornwire-mantle: "When this card defends, POISON the attacking player." """
    mantle, hatchet = card("thornwire-mantle"), card("scrap-hatchet")
    game = position(
        player(5, mat={Slot.ARMOUR: mantle}),
        player(5, mat={Slot.WEAPON: hatchet, Slot.CREATURE: card(SPARE)}),
        player(5),
        active=1,
        phase=StartPhase.ATTACK,
    )
    m, h = find(game, mantle), find(game, hatchet)
    game.play(Attack(h, 0))
    assert [p.poisoned for p in game.players] == [False, False, False]  # not before defending
    game.play(defend_with(game, (m, 2)))
    assert [p.poisoned for p in game.players] == [False, True, False]
    assert events(game, ev.Defended, ev.PlayerPoisoned) == [
        ev.Defended(0, m, 2, 1),
        ev.PlayerPoisoned(1),
    ]


def test_old_road_bulwark_gives_its_controllers_creatures_1_more_durability(
    player, position, find, events
):
    """old-road-bulwark: "While this card is equipped, your creatures have 1 more durability."
    Only while equipped: destroyed, a creature holding as many counters as its printed
    durability is worn out at once (4.8, 6.2)."""
    bulwark, hound, strider = card("old-road-bulwark"), card("ash-hound"), card("dune-strider")
    rustburst = card("rustburst")
    game = position(
        player(5, mat={Slot.ARMOUR: bulwark, Slot.CREATURE: MatCard(hound, counters=3)}),
        player(5, inventory=[rustburst], mat={Slot.CREATURE: strider}),
        active=1,
    )
    b, h, s = find(game, bulwark), find(game, hound), find(game, strider)
    assert (game.stat(h, DURABILITY), game.stat(b, DURABILITY), game.stat(s, DURABILITY)) == (
        4,
        6,
        3,
    )
    assert game.remaining_durability(h) == 1
    game.play(Equip(find(game, rustburst)))
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(0, b, DESTROYED_BY_EFFECT),
        ev.CardDestroyed(0, h, WORN_OUT),
    ]
    assert game.players[0].mat == {}
    assert game.players[0].void == [b, h]


def test_aegis_of_the_drowned_city_makes_its_controller_immune_to_curse_and_steal(
    player, position, find, events
):
    """aegis-of-the-drowned-city: "While this card is equipped, you are immune to CURSE and
    STEAL." 11.5: its controller's cards are never choices for a CURSE or a STEAL."""
    aegis, club, hatchet, vest = (
        card("aegis-of-the-drowned-city"),
        card("rebar-club"),
        card("scrap-hatchet"),
        card("tin-plate-vest"),
    )
    thief, whisper = card("thief-in-the-dust"), card("blight-whisper")
    game = position(
        player(5, mat={Slot.ARMOUR: MatCard(aegis, turn=3), Slot.WEAPON: MatCard(club, turn=3)}),
        player(8, inventory=[thief, whisper]),
        player(5, mat={Slot.WEAPON: MatCard(hatchet, turn=3), Slot.ARMOUR: MatCard(vest, turn=3)}),
        active=1,
    )
    assert game.is_immune(0, Keyword.CURSE) and game.is_immune(0, Keyword.STEAL)
    assert not game.is_immune(2, Keyword.CURSE) and not game.is_immune(2, Keyword.STEAL)
    t, h, v = find(game, thief), find(game, hatchet), find(game, vest)
    game.play(Equip(t))
    assert asked(game) == (CHOOSE, 1, t, "steal")
    assert options(game) == [Choose(h), Choose(v)]  # none of P1's cards
    game.play(Choose(v))
    assert slot_of(game, 1, Slot.ARMOUR) is v
    game.play(Equip(find(game, whisper)))  # P3's hatchet is the one legal curse: taken
    assert game.players[2].void == [h]
    assert slot_of(game, 0, Slot.WEAPON) is find(game, club)
    assert slot_of(game, 0, Slot.ARMOUR) is find(game, aegis)
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(2, h, DESTROYED_BY_EFFECT)]


# ---------------------------------------------------------------------- Origins: instants


def test_spark_flick_deals_1_damage_to_an_opponent_its_player_chooses(
    player, position, find, events
):
    """spark-flick: "Deal 1 damage to an opponent." Two opponents: the player who played it
    chooses (11.4), a recorded decision; the instant is in its owner's void (4.6)."""
    spark = card("spark-flick")
    game = position(player(5, inventory=[spark, card("rebar-club")]), player(5), player(5))
    s = find(game, spark)
    game.play(Equip(s))
    assert asked(game) == (CHOOSE, 0, s, "damage")
    assert options(game) == [Choose(1), Choose(2)]
    hit = top(game, 1)
    game.play(Choose(1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 1, s)]
    assert game.players[1].void == hit
    assert game.players[0].void == [s]
    assert recorded(game) == [
        {"action": "equip", "card": s.uid, "host": None},
        {"action": "choose", "player": 1},
    ]


def test_spark_flick_goes_to_the_void_once_its_ability_has_resolved(player, position, find):
    """spark-flick: 4.6 "resolve their ability at once and go to THE VOID"; 11.2 "an
    instant's ability resolves ... and the instant then goes to its owner's VOID"."""
    spark = card("spark-flick")
    game = position(player(5, inventory=[spark, card("rebar-club")]), player(5), player(5))
    s = find(game, spark)
    game.play(Equip(s))
    assert asked(game) == (CHOOSE, 0, s, "damage")  # its ability is resolving
    assert s not in game.players[0].void
    game.play(Choose(1))
    assert game.players[0].void == [s]


def test_spark_flick_that_ends_the_game_is_in_its_owners_void(player, position, find):
    """spark-flick: an instant whose ability ends the game still goes to its owner's void
    (4.6): P2 sacrifices their last card and is out (9.1)."""
    spark = card("spark-flick")
    game = position(player(5, inventory=[spark, card("rebar-club")]), player(1))
    s = find(game, spark)
    game.play(Equip(s))
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.resolving == ()
    assert game.zone_of(s) == (Zone.VOID, 0)
    assert game.players[0].void[-1] is s


def test_spark_flick_in_a_response_window_hits_the_one_opponent_without_asking(
    player, position, find, events
):
    """spark-flick, played in the 8.1 window of the opponent's equip: with one opponent the
    game takes the choice (11.4), so the record holds no Choose."""
    spark, club = card("spark-flick"), card("rebar-club")
    game = position(player(5, inventory=[club]), player(5, inventory=[spark]))
    c, s = find(game, club), find(game, spark)
    game.play(Equip(c))
    assert asked(game) == (RESPONSE, 1)
    hit = top(game, 0)
    game.play(Equip(s))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(0, 1, s)]
    assert game.players[0].void == hit  # P1 has no armour or creature: sacrificed
    assert game.players[1].void == [s]
    assert recorded(game) == [
        {"action": "equip", "card": c.uid, "host": None},
        {"action": "equip", "card": s.uid, "host": None},
    ]


def test_salvage_rush_draws_2_cards(player, position, find, events):
    """salvage-rush: "DRAW 2 cards." """
    rush = card("salvage-rush")
    game = position(player(5, inventory=[rush]), player(5))
    r = find(game, rush)
    drawn = top(game, 0, 2)
    game.play(Equip(r))
    assert game.players[0].inventory == drawn
    assert events(game, ev.CardDrawn) == [ev.CardDrawn(0, c) for c in drawn]
    assert game.players[0].void == [r]
    assert len(game.players[0].primal_deck) == 3


def test_field_poultice_cures_then_repairs_2_on_a_card_its_player_chooses(
    player, position, find, events
):
    """field-poultice: "CURE yourself, then repair 2 durability on one of your equipped cards."
    In printed order (11.3); only cards with counters are worth a choice (11.4)."""
    poultice, hatchet, hound, vest = (
        card("field-poultice"),
        card("scrap-hatchet"),
        card("ash-hound"),
        card("tyre-rubber-jerkin"),
    )
    game = position(
        player(
            5,
            inventory=[poultice],
            mat={
                Slot.WEAPON: MatCard(hatchet, counters=2),
                Slot.CREATURE: hound,
                Slot.ARMOUR: MatCard(vest, counters=3),
            },
            poisoned=True,
        ),
        player(5, mat={Slot.WEAPON: MatCard(card("rebar-club"), counters=1)}),
    )
    p, h, v = find(game, poultice), find(game, hatchet), find(game, vest)
    game.play(Equip(p))
    assert not game.players[0].poisoned  # cured before the repair is asked
    assert asked(game) == (CHOOSE, 0, p, "repair")
    assert options(game) == [Choose(h), Choose(v)]
    game.play(Choose(v))
    assert (counters(game, h), counters(game, v)) == (2, 1)
    assert events(game, ev.PlayerCured, ev.CountersRemoved) == [
        ev.PlayerCured(0),
        ev.CountersRemoved(v, 2, 1),
    ]


def test_field_poultice_repairs_the_one_damaged_card_without_asking(player, position, find, events):
    """field-poultice: "repair 2" removes up to 2 counters, never below 0 (11.6); one legal
    card is taken by the game (11.4)."""
    poultice, hatchet, hound = card("field-poultice"), card("scrap-hatchet"), card("ash-hound")
    game = position(
        player(
            5,
            inventory=[poultice],
            mat={Slot.WEAPON: MatCard(hatchet, counters=1), Slot.CREATURE: hound},
        ),
        player(5),
    )
    p, h = find(game, poultice), find(game, hatchet)
    game.play(Equip(p))
    assert counters(game, h) == 0
    assert events(game, ev.CountersRemoved, ev.PlayerCured) == [ev.CountersRemoved(h, 1, 0)]
    assert recorded(game) == [{"action": "equip", "card": p.uid, "host": None}]


def test_blight_whisper_curses_a_card_an_opponent_equipped_this_turn(
    player, position, find, events
):
    """blight-whisper: "CURSE one of an opponent's cards that was equipped this turn." Played
    in the 8.1 window after the opponent's equip: only that card is a legal choice (7.2)."""
    whisper, hatchet, vest = card("blight-whisper"), card("scrap-hatchet"), card("tin-plate-vest")
    game = position(
        player(5, inventory=[whisper]),
        player(5, inventory=[hatchet], mat={Slot.ARMOUR: MatCard(vest, turn=2)}),
        active=1,
    )
    w, h, v = find(game, whisper), find(game, hatchet), find(game, vest)
    paid = top(game, 1)  # the hatchet's cost
    game.play(Equip(h))
    assert asked(game) == (RESPONSE, 0)
    game.play(Equip(w))
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(1, h, DESTROYED_BY_EFFECT)]
    assert game.players[1].void == [*paid, h]
    assert slot_of(game, 1, Slot.ARMOUR) is v
    assert game.players[0].void[-1] is w


def test_blight_whisper_does_nothing_without_a_card_equipped_this_turn(
    player, position, find, events
):
    """blight-whisper: cards equipped on earlier turns are never choices (7.2, 11.4)."""
    whisper, hatchet = card("blight-whisper"), card("scrap-hatchet")
    game = position(
        player(5, inventory=[whisper, card("rebar-club")]),
        player(5, mat={Slot.WEAPON: MatCard(hatchet, turn=2)}),
    )
    game.play(Equip(find(game, whisper)))
    assert events(game, ev.CardDestroyed) == []
    assert slot_of(game, 1, Slot.WEAPON) is find(game, hatchet)
    assert asked(game) == (MAIN, 0)


def test_grasping_gale_steals_an_opponents_weapon_with_counters_and_attach_spells(
    player, position, find, events
):
    """grasping-gale: "STEAL an opponent's equipped weapon." Only weapons are choices; the card
    keeps its counters, attach spells and owner, and salvages the thief's weapon (7.3)."""
    gale, club, hatchet, charm, vest, blade = (
        card("grasping-gale"),
        card("rebar-club"),
        card("scrap-hatchet"),
        card("whetstone-charm"),
        card("tin-plate-vest"),
        card("dust-eater-blade"),
    )
    game = position(
        player(5, inventory=[gale], mat={Slot.WEAPON: club}),
        player(
            5,
            mat={
                Slot.WEAPON: MatCard(hatchet, counters=1, attached=[charm]),
                Slot.ARMOUR: vest,
            },
        ),
        player(5, mat={Slot.WEAPON: blade}),
    )
    g, c, h, w, b = (find(game, x) for x in (gale, club, hatchet, charm, blade))
    paid = top(game, 0, 2)
    game.play(Equip(g))
    assert asked(game) == (CHOOSE, 0, g, "steal")
    assert options(game) == [Choose(h), Choose(b)]
    game.play(Choose(h))
    eq = game.players[0].mat[Slot.WEAPON]
    assert (eq.instance, eq.counters, [a.instance for a in eq.attached]) == (h, 1, [w])
    assert h.owner == 1 and game.zone_of(h) == (Zone.MAT, 0)
    assert Slot.WEAPON not in game.players[1].mat
    assert game.players[0].void == [*paid, c, g]  # its cost, the salvage, then the gale (4.6)
    assert events(game, ev.CardDestroyed, ev.CardStolen) == [
        ev.CardDestroyed(0, c, SALVAGE),
        ev.CardStolen(0, h, 1),
    ]


def test_rustburst_destroys_an_opponents_armour_its_player_chooses(player, position, find, events):
    """rustburst: "DESTROY an opponent's equipped armour." Only armour is a choice."""
    rustburst, vest, club, jerkin = (
        card("rustburst"),
        card("tin-plate-vest"),
        card("rebar-club"),
        card("tyre-rubber-jerkin"),
    )
    game = position(
        player(5, inventory=[rustburst]),
        player(5, mat={Slot.ARMOUR: vest, Slot.WEAPON: club}),
        player(5, mat={Slot.ARMOUR: jerkin}),
    )
    r, v, j = find(game, rustburst), find(game, vest), find(game, jerkin)
    game.play(Equip(r))
    assert asked(game) == (CHOOSE, 0, r, "destroy")
    assert options(game) == [Choose(v), Choose(j)]
    game.play(Choose(j))
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(2, j, DESTROYED_BY_EFFECT)]
    assert game.players[2].void == [j]
    assert slot_of(game, 1, Slot.ARMOUR) is v


def test_acid_drizzle_poisons_an_opponent_its_player_chooses(player, position, find, events):
    """acid-drizzle: "POISON an opponent." """
    drizzle = card("acid-drizzle")
    game = position(player(5, inventory=[drizzle]), player(5), player(5))
    d = find(game, drizzle)
    game.play(Equip(d))
    assert asked(game) == (CHOOSE, 0, d, "poison")
    assert options(game) == [Choose(1), Choose(2)]
    game.play(Choose(2))
    assert [p.poisoned for p in game.players] == [False, False, True]
    assert events(game, ev.PlayerPoisoned) == [ev.PlayerPoisoned(2)]


@pytest.mark.parametrize("card_id", ["dust-tithe", "dust-leviathan"], ids=str)
def test_each_opponent_sacrifices_2_cards(card_id, player, position, find, events):
    """dust-tithe: "Each opponent SACRIFICES 2 cards."; dust-leviathan: "When this card is
    equipped, each opponent SACRIFICES 2 cards." In turn order from its player (11.6)."""
    printed = card(card_id)
    game = position(player(8, inventory=[printed]), player(5), player(5))
    mine = find(game, printed)
    p2, p3 = top(game, 1, 2), top(game, 2, 2)
    since = mark(game)
    game.play(Equip(mine))
    assert events(game, ev.CardSacrificed, since=since)[printed.primal_cost :] == [
        *[ev.CardSacrificed(1, c, BY_EFFECT) for c in p2],
        *[ev.CardSacrificed(2, c, BY_EFFECT) for c in p3],
    ]
    assert (game.players[1].void, game.players[2].void) == (p2, p3)
    assert len(game.players[0].primal_deck) == 8 - printed.primal_cost


# ---------------------------------------------------------------------- Origins: attach spells


def test_whetstone_charm_repairs_2_on_the_card_it_is_attached_to(player, position, find, events):
    """whetstone-charm: "When this card is attached, repair 2 durability on the card it is
    attached to." Under an opponent's card too (4.7): it repairs its host, whoever's."""
    charm, hatchet, club = card("whetstone-charm"), card("scrap-hatchet"), card("rebar-club")
    game = position(
        player(5, inventory=[charm], mat={Slot.WEAPON: MatCard(hatchet, counters=1)}),
        player(5, mat={Slot.WEAPON: MatCard(club, counters=2)}),
    )
    w, h, c = find(game, charm), find(game, hatchet), find(game, club)
    game.play(Equip(w, host=c))
    assert (counters(game, h), counters(game, c)) == (1, 0)
    assert events(game, ev.CountersRemoved) == [ev.CountersRemoved(c, 2, 0)]
    assert [a.instance for a in game.players[1].mat[Slot.WEAPON].attached] == [w]


@pytest.mark.parametrize(
    ("card_id", "more"),
    [("storm-sigil", 2), ("barbed-wrapping", 1)],
    ids=["storm-sigil", "barbed-wrapping"],
)
def test_the_card_it_is_attached_to_deals_more_damage_this_turn(
    card_id, more, player, position, find, events
):
    """storm-sigil: "...the card it is attached to deals 2 more damage this turn.";
    barbed-wrapping: "... 1 more damage this turn." A BOOST until the end of the turn (11.6)."""
    printed, hatchet = card(card_id), card("scrap-hatchet")
    game = position(
        player(5, inventory=[printed], mat={Slot.WEAPON: hatchet, Slot.CREATURE: card(SPARE)}),
        player(10),
    )
    a, h = find(game, printed), find(game, hatchet)
    game.play(Equip(a, host=h))
    assert events(game, ev.CardBoosted) == [ev.CardBoosted(h, DAMAGE, more)]
    assert game.stat(h, DAMAGE) == 2 + more
    assert asked(game) == (ATTACK, 0)
    game.play(Attack(h, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 2 + more, h)]
    game.play(EndPhase())  # the turn ends: so does the boost
    assert asked(game) == (MAIN, 1)
    assert game.stat(h, DAMAGE) == 2
    assert [x.instance for x in game.players[0].mat[Slot.WEAPON].attached] == [a]


def test_storm_sigil_on_armour_boosts_nothing(player, position, find, events):
    """storm-sigil: armour has no damage to raise (11.4: a damage BOOST on armour does
    nothing)."""
    sigil, vest = card("storm-sigil"), card("tin-plate-vest")
    game = position(
        player(5, inventory=[sigil, card("rebar-club")], mat={Slot.ARMOUR: vest}), player(5)
    )
    game.play(Equip(find(game, sigil), host=find(game, vest)))
    assert events(game, ev.CardBoosted) == []
    assert game.stat(find(game, vest), DAMAGE) == 0


def test_ironbark_wrap_repairs_its_host_and_its_player_draws_when_it_is_destroyed(
    player, position, find, events
):
    """ironbark-wrap: "When this card is attached, repair 1 durability on the card it is
    attached to. When this card is destroyed, DRAW a card." Attached under an opponent's
    armour, it goes with its host (4.7) and the player who attached it draws (11.1)."""
    wrap, vest, hatchet = card("ironbark-wrap"), card("tin-plate-vest"), card("scrap-hatchet")
    game = position(
        player(5, inventory=[wrap], mat={Slot.WEAPON: hatchet, Slot.CREATURE: card(SPARE)}),
        player(5, mat={Slot.ARMOUR: MatCard(vest, counters=1)}),
    )
    w, v, h = find(game, wrap), find(game, vest), find(game, hatchet)
    game.play(Equip(w, host=v))
    assert counters(game, v) == 0
    assert events(game, ev.CountersRemoved) == [ev.CountersRemoved(v, 1, 0)]
    drawn = top(game, 0)
    game.play(Attack(h, 1))
    game.play(defend_with(game, (v, 2)))
    assert events(game, ev.CardDestroyed, ev.CardDrawn) == [
        ev.CardDestroyed(1, v, WORN_OUT),
        ev.CardDestroyed(0, w, HOST_DESTROYED),
        ev.CardDrawn(0, drawn[0]),
    ]
    assert game.players[0].inventory == drawn
    assert game.players[1].inventory == []
    assert game.players[0].void[-1] is w  # its owner's void (1.5)


def test_rot_tether_poisons_an_opponent_of_the_player_who_attached_it_when_destroyed(
    player, position, find, events
):
    """rot-tether: "Attach this to any equipped card. When this card is destroyed, POISON an
    opponent." Attached by P1 under P2's weapon, which wears out attacking P1: P1 chooses
    which of their opponents to poison (11.1, 11.4), before the attack's damage."""
    tether, hatchet = card("rot-tether"), card("scrap-hatchet")
    game = position(
        player(5),
        player(
            5,
            mat={
                Slot.WEAPON: MatCard(hatchet, counters=2, attached=[AttachedCard(tether, 0)]),
                Slot.CREATURE: card(SPARE),
            },
        ),
        player(5),
        active=1,
        phase=StartPhase.ATTACK,
    )
    t, h = find(game, tether), find(game, hatchet)
    game.play(Attack(h, 0))
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(1, h, WORN_OUT),
        ev.CardDestroyed(0, t, HOST_DESTROYED),
    ]
    assert game.players[0].void == [t]
    assert asked(game) == (CHOOSE, 0, t, "poison")
    assert options(game) == [Choose(1), Choose(2)]
    game.play(Choose(1))
    assert [p.poisoned for p in game.players] == [False, True, False]
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(0, 2, h)]  # after the ability


# ---------------------------------------------------------------------- Origins: active spells


def test_campfire_ward_cures_its_controller_at_the_start_of_their_turn(
    player, position, find, events
):
    """campfire-ward: "At the start of your turn, CURE yourself." """
    ward = card("campfire-ward")
    game = position(
        player(5, mat={Slot.SPELL: ward}, poisoned=True),
        player(5, inventory=[card("rebar-club")], poisoned=True),
        active=1,
    )
    since = mark(game)
    game.play(EndPhase())
    assert asked(game) == (MAIN, 0)
    assert [p.poisoned for p in game.players] == [False, True]
    assert events(game, ev.TurnStarted, ev.CardDrawn, ev.PlayerCured, since=since) == [
        ev.TurnStarted(0, 4),
        ev.CardDrawn(0, game.players[0].inventory[0]),
        ev.PlayerCured(0),  # after the draw (11.2); P2's marker stays (seed 0: no two heads)
    ]


def test_thunder_on_the_ridge_deals_1_damage_to_an_opponent_first_in_the_end_phase(
    player, position, find, events
):
    """thunder-on-the-ridge: "At the end of your turn, deal 1 damage to an opponent." First in
    the end phase (3.4, 11.2): then the spell takes its counter (4.8), here its last."""
    thunder = card("thunder-on-the-ridge")
    game = position(
        player(5, inventory=[card("rebar-club")], mat={Slot.SPELL: MatCard(thunder, counters=2)}),
        player(5),
        player(5),
    )
    t = find(game, thunder)
    since = mark(game)
    game.play(EndPhase())
    assert asked(game) == (CHOOSE, 0, t, "damage")
    assert options(game) == [Choose(1), Choose(2)]
    hit = top(game, 2)
    game.play(Choose(2))
    kinds = (ev.PhaseStarted, ev.DamageTaken, ev.CardSacrificed, ev.CounterAdded, ev.CardDestroyed)
    assert events(game, *kinds, since=since)[:7] == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.DamageTaken(2, 1, t),
        ev.CardSacrificed(2, hit[0], BY_DAMAGE),
        ev.CounterAdded(t, 1, 3),
        ev.CardDestroyed(0, t, WORN_OUT),
        ev.PhaseStarted(1, ev.Phase.START),
    ]


def test_scavengers_fortune_makes_its_controllers_armour_cost_1_less(
    player, position, find, events
):
    """scavengers-fortune: "While this card is equipped, your armour costs 1 less." Not other
    types, not an opponent's armour; the equip pays the lower cost (4.3)."""
    fortune, cuirass, hatchet, jerkin = (
        card("scavengers-fortune"),
        card("hull-plate-cuirass"),
        card("scrap-hatchet"),
        card("tyre-rubber-jerkin"),
    )
    game = position(
        player(5, inventory=[cuirass, hatchet], mat={Slot.SPELL: fortune}),
        player(5, inventory=[jerkin]),
    )
    c, h, j = find(game, cuirass), find(game, hatchet), find(game, jerkin)
    assert (game.cost(c, 0), game.cost(h, 0), game.cost(j, 1), game.cost(j, 0)) == (1, 1, 1, 0)
    paid = top(game, 0, 2)
    game.play(Equip(c))
    assert events(game, ev.CardSacrificed) == [ev.CardSacrificed(0, paid[0], BY_COST)]
    assert len(game.players[0].primal_deck) == 4


def test_eye_of_the_squall_gives_its_controllers_weapons_and_creatures_1_more_damage(
    player, position, find, events
):
    """eye-of-the-squall: "While this card is equipped, your weapons and creatures deal 1 more
    damage." Not an opponent's."""
    eye, hatchet, hound, club, swarm = (
        card("eye-of-the-squall"),
        card("scrap-hatchet"),
        card("ash-hound"),
        card("rebar-club"),
        card("dune-rat-swarm"),
    )
    game = position(
        player(5, mat={Slot.SPELL: eye, Slot.WEAPON: hatchet, Slot.CREATURE: hound}),
        player(5, mat={Slot.WEAPON: club, Slot.CREATURE: swarm}),
        phase=StartPhase.ATTACK,
    )
    h, d, c, s = (find(game, x) for x in (hatchet, hound, club, swarm))
    assert [game.stat(x, DAMAGE) for x in (h, d, c, s)] == [3, 3, 1, 1]
    game.play(Attack(d, 1))
    assert events(game, ev.AttackDeclared) == [ev.AttackDeclared(0, d, 1, 3)]


# ---------------------------------------------------------------------- Dust Storm: weapons


def test_siphon_hook_repairs_1_on_one_of_its_controllers_cards_when_it_attacks(
    player, position, find, events
):
    """siphon-hook: "When this card attacks, repair 1 durability on one of your equipped
    cards." After its own counter (11.2), so the hook itself is a choice too (11.4)."""
    hook, vest = card("siphon-hook"), card("tin-plate-vest")
    game = position(
        player(
            5,
            mat={
                Slot.WEAPON: hook,
                Slot.ARMOUR: MatCard(vest, counters=1),
                Slot.CREATURE: card(SPARE),
            },
        ),
        player(5),
        phase=StartPhase.ATTACK,
    )
    h, v = find(game, hook), find(game, vest)
    game.play(Attack(h, 1))
    assert counters(game, h) == 1
    assert asked(game) == (CHOOSE, 0, h, "repair")
    assert options(game) == [Choose(h), Choose(v)]
    game.play(Choose(v))
    assert (counters(game, h), counters(game, v)) == (1, 0)
    assert events(game, ev.CountersRemoved, ev.DamageTaken) == [
        ev.CountersRemoved(v, 1, 0),
        ev.DamageTaken(1, 2, h),
    ]


def test_siphon_hook_repairs_its_own_attack_counter_when_nothing_else_is_worn(
    player, position, find, events
):
    """siphon-hook: the one card with counters is itself: taken by the game (11.4)."""
    hook = card("siphon-hook")
    game = position(
        player(5, mat={Slot.WEAPON: hook, Slot.CREATURE: card(SPARE)}),
        player(5),
        phase=StartPhase.ATTACK,
    )
    h = find(game, hook)
    game.play(Attack(h, 1))
    assert counters(game, h) == 0
    assert events(game, ev.CounterAdded, ev.CountersRemoved) == [
        ev.CounterAdded(h, 1, 1),
        ev.CountersRemoved(h, 1, 0),
    ]
    assert asked(game) == (ATTACK, 0)


def test_needle_rain_launcher_poisons_an_opponent_its_controller_chooses_when_equipped(
    player, position, find, events
):
    """needle-rain-launcher: "When this card is equipped, POISON an opponent." (its attack
    ability: test_attacks_and_poisons_the_player_it_attacks[needle-rain-launcher])"""
    launcher = card("needle-rain-launcher")
    game = position(player(5, inventory=[launcher]), player(5), player(5))
    n = find(game, launcher)
    game.play(Equip(n))
    assert asked(game) == (CHOOSE, 0, n, "poison")
    assert options(game) == [Choose(1), Choose(2)]
    game.play(Choose(1))
    assert [p.poisoned for p in game.players] == [False, True, False]
    assert recorded(game) == [
        {"action": "equip", "card": n.uid, "host": None},
        {"action": "choose", "player": 1},
    ]


def test_skyrender_glaive_destroys_an_opponents_card_when_equipped(player, position, find, events):
    """skyrender-glaive: "When this card is equipped, DESTROY one of an opponent's equipped
    cards." Any slot of any opponent; an attach spell goes with its host (4.7, 11.4)."""
    glaive, club, vest, charm, swarm = (
        card("skyrender-glaive"),
        card("rebar-club"),
        card("tin-plate-vest"),
        card("whetstone-charm"),
        card("dune-rat-swarm"),
    )
    game = position(
        player(8, inventory=[glaive]),
        player(5, mat={Slot.WEAPON: club, Slot.ARMOUR: MatCard(vest, attached=[charm])}),
        player(5, mat={Slot.CREATURE: swarm}),
    )
    g, c, v, w, s = (find(game, x) for x in (glaive, club, vest, charm, swarm))
    game.play(Equip(g))
    assert len(game.players[0].primal_deck) == 3
    assert asked(game) == (CHOOSE, 0, g, "destroy")
    assert options(game) == [Choose(c), Choose(v), Choose(s)]
    game.play(Choose(v))
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(1, v, DESTROYED_BY_EFFECT),
        ev.CardDestroyed(1, w, HOST_DESTROYED),
    ]
    assert game.players[1].void == [v, w]
    assert list(game.players[1].mat) == [Slot.WEAPON]


def test_skyrender_glaive_makes_the_player_it_attacks_sacrifice_a_card(
    player, position, find, events
):
    """skyrender-glaive: "When this card attacks, the player it attacks also SACRIFICES a
    card." Before the attack's damage (11.2)."""
    glaive = card("skyrender-glaive")
    game = position(
        player(5, mat={Slot.WEAPON: glaive, Slot.CREATURE: card(SPARE)}),
        player(8),
        phase=StartPhase.ATTACK,
    )
    g = find(game, glaive)
    deck = top(game, 1, 5)
    game.play(Attack(g, 1))
    assert events(game, ev.CardSacrificed, ev.DamageTaken) == [
        ev.CardSacrificed(1, deck[0], BY_EFFECT),
        ev.DamageTaken(1, 4, g),
        *[ev.CardSacrificed(1, c, BY_DAMAGE) for c in deck[1:]],
    ]
    assert len(game.players[1].primal_deck) == 3


# ---------------------------------------------------------------------- Dust Storm: creatures


def test_rust_mite_colony_gives_opponents_weapons_1_less_durability(player, position, find, events):
    """rust-mite-colony: "While this card is equipped, your opponents' weapons have 1 less
    durability." Not its controller's; a weapon now at its counters is worn out (6.2)."""
    colony, hatchet, blade, sling = (
        card("rust-mite-colony"),
        card("scrap-hatchet"),
        card("dust-eater-blade"),
        card("gritstorm-sling"),
    )
    game = position(
        player(5, inventory=[colony], mat={Slot.WEAPON: hatchet}),
        player(5, mat={Slot.WEAPON: MatCard(blade, counters=1)}),
        player(5, mat={Slot.WEAPON: sling}),
    )
    m, h, b, s = (find(game, x) for x in (colony, hatchet, blade, sling))
    assert (game.stat(b, DURABILITY), game.stat(s, DURABILITY)) == (2, 5)
    game.play(Equip(m))
    assert (game.stat(h, DURABILITY), game.stat(s, DURABILITY)) == (3, 4)
    assert events(game, ev.CardDestroyed) == [ev.CardDestroyed(1, b, WORN_OUT)]
    assert game.players[1].void == [b]


def test_glasswing_moth_draws_a_card_when_equipped(player, position, find, events):
    """glasswing-moth: "When this card is equipped, DRAW a card." After its cost (11.2)."""
    moth = card("glasswing-moth")
    game = position(player(5, inventory=[moth]), player(5))
    m = find(game, moth)
    deck = top(game, 0, 2)
    game.play(Equip(m))
    assert game.players[0].void == deck[:1]
    assert game.players[0].inventory == deck[1:]
    assert events(game, ev.CardSacrificed, ev.CardEquipped, ev.CardDrawn) == [
        ev.CardSacrificed(0, deck[0], BY_COST),
        ev.CardEquipped(0, m, Slot.CREATURE, None),
        ev.CardDrawn(0, deck[1]),
    ]


def test_stormgullet_wyrm_deals_2_damage_to_an_opponent_its_controller_chooses(
    player, position, find, events
):
    """stormgullet-wyrm: "When this card is equipped, deal 2 damage to an opponent." """
    wyrm, jerkin = card("stormgullet-wyrm"), card("tyre-rubber-jerkin")
    game = position(
        player(6, inventory=[wyrm]),
        player(5, mat={Slot.ARMOUR: jerkin}),
        player(5),
    )
    w, j = find(game, wyrm), find(game, jerkin)
    game.play(Equip(w))
    assert asked(game) == (CHOOSE, 0, w, "damage")
    assert options(game) == [Choose(1), Choose(2)]
    game.play(Choose(1))
    assert asked(game) == (DEFEND, 1, 2, w)
    game.play(defend_with(game, (j, 2)))
    assert counters(game, j) == 2
    assert len(game.players[2].primal_deck) == 5


def test_magpie_raptor_steals_an_opponents_armour_when_equipped(player, position, find, events):
    """magpie-raptor: "When this card is equipped, STEAL an opponent's equipped armour." One
    legal armour: taken by the game (11.4); the thief's armour is salvaged (7.3)."""
    raptor, vest, cuirass, club = (
        card("magpie-raptor"),
        card("tin-plate-vest"),
        card("hull-plate-cuirass"),
        card("rebar-club"),
    )
    game = position(
        player(5, inventory=[raptor], mat={Slot.ARMOUR: vest}),
        player(5, mat={Slot.ARMOUR: MatCard(cuirass, counters=2), Slot.WEAPON: club}),
    )
    r, v, c = find(game, raptor), find(game, vest), find(game, cuirass)
    game.play(Equip(r))
    eq = game.players[0].mat[Slot.ARMOUR]
    assert (eq.instance, eq.counters, c.owner) == (c, 2, 1)
    assert list(game.players[1].mat) == [Slot.WEAPON]
    assert events(game, ev.CardDestroyed, ev.CardStolen) == [
        ev.CardDestroyed(0, v, SALVAGE),
        ev.CardStolen(0, c, 1),
    ]
    assert recorded(game) == [{"action": "equip", "card": r.uid, "host": None}]
    assert game.remaining_durability(c) == 3


# ---------------------------------------------------------------------- Dust Storm: armour


def test_sandblasted_greaves_repairs_1_on_one_of_its_controllers_cards_when_equipped(
    player, position, find, events
):
    """sandblasted-greaves: "When this card is equipped, repair 1 durability on one of your
    equipped cards." The greaves have no counters: the hatchet is the one choice (11.4)."""
    greaves, hatchet = card("sandblasted-greaves"), card("scrap-hatchet")
    game = position(
        player(5, inventory=[greaves], mat={Slot.WEAPON: MatCard(hatchet, counters=2)}),
        player(5, mat={Slot.WEAPON: MatCard(card("rebar-club"), counters=1)}),
    )
    g, h = find(game, greaves), find(game, hatchet)
    game.play(Equip(g))
    assert counters(game, h) == 1
    assert events(game, ev.CountersRemoved) == [ev.CountersRemoved(h, 1, 1)]
    assert recorded(game) == [{"action": "equip", "card": g.uid, "host": None}]


def test_glassfused_breastplate_deals_2_damage_to_an_opponent_when_destroyed(
    player, position, find, events
):
    """glassfused-breastplate: "When this card is destroyed, deal 2 damage to an opponent."
    Destroyed defending on the opponent's turn: its controller's ability (11.2)."""
    plate, blade, vest = (
        card("glassfused-breastplate"),
        card("dust-eater-blade"),
        card("tin-plate-vest"),
    )
    game = position(
        player(5, mat={Slot.ARMOUR: MatCard(plate, counters=4)}),
        player(5, mat={Slot.WEAPON: blade, Slot.ARMOUR: vest, Slot.CREATURE: card(SPARE)}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    p, b, v = find(game, plate), find(game, blade), find(game, vest)
    game.play(Attack(b, 0))
    game.play(defend_with(game, (p, 2)))  # its last 2 durability; 1 bleeds
    assert game.players[0].void[0] is p
    assert asked(game) == (DEFEND, 1, 2, p)
    game.play(defend_with(game, (v, 2)))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(0, 3, b), ev.DamageTaken(1, 2, p)]
    assert game.players[1].void == [v]


@pytest.mark.parametrize(
    "worn", [0, 2], ids=["stormglass-mirror", "stormglass-mirror-destroyed-defending"]
)
def test_stormglass_mirror_the_attacking_player_takes_1_damage_that_cannot_be_defended(
    worn, player, position, find, events
):
    """stormglass-mirror: "When this card defends, the attacking player takes 1 damage that
    cannot be defended." The defender's armour defends; then the attacker sacrifices 1 with
    no DEFEND decision, though they have armour (11.6); also when the mirror was destroyed
    defending (11.2)."""
    mirror, hatchet, vest = card("stormglass-mirror"), card("scrap-hatchet"), card("tin-plate-vest")
    game = position(
        player(5, mat={Slot.ARMOUR: MatCard(mirror, counters=worn)}),
        player(5, mat={Slot.WEAPON: hatchet, Slot.ARMOUR: vest, Slot.CREATURE: card(SPARE)}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    m, h, v = find(game, mirror), find(game, hatchet), find(game, vest)
    hit = top(game, 1)
    game.play(Attack(h, 0))
    assert asked(game) == (DEFEND, 0, 2, h)
    game.play(defend_with(game, (m, 2)))
    assert events(game, ev.Defended, ev.DamageTaken, ev.CardSacrificed) == [
        ev.DamageTaken(0, 2, h),
        ev.Defended(0, m, 2, 1),
        ev.DamageTaken(1, 1, m),
        ev.CardSacrificed(1, hit[0], BY_DAMAGE),
    ]
    assert (m in game.players[0].void) == (worn == 2)
    assert counters(game, v) == 0
    assert asked(game) == (ATTACK, 1)
    assert recorded(game) == [
        {"action": "attack", "card": h.uid, "target": 0},
        {"action": "defend", "absorbs": [[m.uid, 2]]},
    ]


def test_stormglass_mirror_defending_poison_damage_hits_no_one(player, position, find, events):
    """stormglass-mirror: poison damage (7.1) has no attacking player (``Defended.attacker``
    is None, 11.6): the mirror's ability finds no one."""
    mirror = card("stormglass-mirror")
    game = position(
        player(5, inventory=[card("rebar-club")], mat={Slot.ARMOUR: mirror}, poisoned=True),
        player(5),
        seed=0,  # the poison check's coins: not two heads
    )
    m = find(game, mirror)
    game.play(EndPhase())
    assert asked(game) == (DEFEND, 0, 1, None)
    game.play(defend_with(game, (m, 1)))
    assert events(game, ev.Defended, ev.DamageTaken) == [
        ev.DamageTaken(0, 1, None),
        ev.Defended(0, m, 1, None),
    ]
    assert [len(p.primal_deck) for p in game.players] == [5, 4]  # P2 only drew
    assert asked(game) == (MAIN, 1)


def test_titan_scrap_carapace_gives_opponents_weapons_and_creatures_1_less_damage(
    player, position, find, events
):
    """titan-scrap-carapace: "While this card is equipped, your opponents' weapons and
    creatures deal 1 less damage." Not its controller's; the attack deals the live damage."""
    carapace, club, hatchet, hound = (
        card("titan-scrap-carapace"),
        card("rebar-club"),
        card("scrap-hatchet"),
        card("ash-hound"),
    )
    game = position(
        player(5, mat={Slot.ARMOUR: carapace, Slot.WEAPON: club}),
        player(5, mat={Slot.WEAPON: hatchet, Slot.CREATURE: hound}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    k, c, h, d = (find(game, x) for x in (carapace, club, hatchet, hound))
    assert [game.stat(x, DAMAGE) for x in (c, h, d)] == [1, 1, 1]
    game.play(Attack(h, 0))
    assert events(game, ev.AttackDeclared, ev.DamageTaken) == [
        ev.AttackDeclared(1, h, 0, 1),
        ev.DamageTaken(0, 1, h),
    ]
    assert asked(game) == (DEFEND, 0, 1, h)
    assert k is slot_of(game, 0, Slot.ARMOUR)


# ---------------------------------------------------------------------- Dust Storm: instants


def test_sand_in_the_gears_an_opponents_card_deals_2_less_damage_this_turn(
    player, position, find, events
):
    """sand-in-the-gears: "Choose one of an opponent's equipped weapons or creatures: it deals
    2 less damage this turn." Its player chooses among the cards that have damage (11.4: not
    the armour); the BOOST ends with the turn (11.6)."""
    sand, hatchet, hound, vest = (
        card("sand-in-the-gears"),
        card("scrap-hatchet"),
        card("ash-hound"),
        card("tin-plate-vest"),
    )
    game = position(
        player(5, inventory=[sand, card("rebar-club")]),
        player(5, mat={Slot.WEAPON: hatchet, Slot.CREATURE: hound, Slot.ARMOUR: vest}),
    )
    s, h, d = find(game, sand), find(game, hatchet), find(game, hound)
    game.play(Equip(s))
    assert asked(game) == (CHOOSE, 0, s, "boost")
    assert options(game) == [Choose(h), Choose(d)]
    game.play(Choose(h))
    assert events(game, ev.CardBoosted) == [ev.CardBoosted(h, DAMAGE, -2)]
    assert (game.stat(h, DAMAGE), game.stat(d, DAMAGE)) == (0, 2)
    assert asked(game) == (MAIN, 0)
    game.play(EndPhase())
    assert asked(game) == (MAIN, 1)
    assert game.stat(h, DAMAGE) == 2


def test_sand_in_the_gears_in_the_targets_window_lowers_the_attacks_damage(
    player, position, find, events
):
    """sand-in-the-gears, played in the 8.2 window on the attacking card: 5.3 says the target
    takes damage equal to the attacking card's damage after modifiers, and 11.2 puts the
    window before the damage: 3 - 2 = 1 damage."""
    sand, strider, club = card("sand-in-the-gears"), card("dune-strider"), card("rebar-club")
    game = position(
        player(10, inventory=[sand]),
        player(5, mat={Slot.CREATURE: strider, Slot.WEAPON: club}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    s, d = find(game, sand), find(game, strider)
    game.play(Attack(d, 0))
    assert asked(game) == (RESPONSE, 0)
    game.play(Equip(s))
    assert asked(game) == (CHOOSE, 0, s, "boost")
    game.play(Choose(d))
    assert game.stat(d, DAMAGE) == 1
    assert asked(game) == (ATTACK, 1)
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(0, 1, d)]


def test_scavenged_rations_draws_then_repairs_1(player, position, find, events):
    """scavenged-rations: "DRAW a card, then repair 1 durability on one of your equipped
    cards." In printed order (11.3)."""
    rations, hatchet = card("scavenged-rations"), card("scrap-hatchet")
    game = position(
        player(5, inventory=[rations], mat={Slot.WEAPON: MatCard(hatchet, counters=2)}),
        player(5),
    )
    r, h = find(game, rations), find(game, hatchet)
    drawn = top(game, 0)
    game.play(Equip(r))
    assert game.players[0].inventory == drawn
    assert counters(game, h) == 1
    assert events(game, ev.CardDrawn, ev.CountersRemoved) == [
        ev.CardDrawn(0, drawn[0]),
        ev.CountersRemoved(h, 1, 1),
    ]


def test_thief_in_the_dust_steals_any_one_of_an_opponents_cards(player, position, find, events):
    """thief-in-the-dust: "STEAL one of an opponent's equipped cards." Any slot; it moves with
    its counters into the same slot, salvaging the thief's card there (7.3)."""
    thief, club, hound, swarm = (
        card("thief-in-the-dust"),
        card("rebar-club"),
        card("ash-hound"),
        card("dune-rat-swarm"),
    )
    game = position(
        player(5, inventory=[thief], mat={Slot.CREATURE: swarm}),
        player(5, mat={Slot.WEAPON: club, Slot.CREATURE: MatCard(hound, counters=1)}),
    )
    t, c, d, s = (find(game, x) for x in (thief, club, hound, swarm))
    game.play(Equip(t))
    assert asked(game) == (CHOOSE, 0, t, "steal")
    assert options(game) == [Choose(c), Choose(d)]
    game.play(Choose(d))
    assert game.players[0].mat[Slot.CREATURE].instance is d
    assert counters(game, d) == 1
    assert list(game.players[1].mat) == [Slot.WEAPON]
    assert events(game, ev.CardDestroyed, ev.CardStolen) == [
        ev.CardDestroyed(0, s, SALVAGE),
        ev.CardStolen(0, d, 1),
    ]


def test_storm_verdict_destroys_a_card_then_deals_1_damage_to_each_opponent(
    player, position, find, events
):
    """storm-verdict: "DESTROY one of an opponent's equipped cards, then deal 1 damage to each
    opponent." In printed order: the destroyed armour no longer defends (11.3)."""
    verdict, vest, hound = card("storm-verdict"), card("tin-plate-vest"), card("ash-hound")
    game = position(
        player(5, inventory=[verdict]),
        player(5, mat={Slot.ARMOUR: vest, Slot.CREATURE: hound}),
        player(5),
    )
    s, v, d = find(game, verdict), find(game, vest), find(game, hound)
    game.play(Equip(s))
    assert asked(game) == (CHOOSE, 0, s, "destroy")
    assert options(game) == [Choose(d), Choose(v)]
    game.play(Choose(v))
    assert asked(game) == (DEFEND, 1, 1, s)
    assert options(game) == [Defend(), Defend([(d, 1)])]
    hit = top(game, 2)
    game.play(Defend([(d, 1)]))
    assert events(game, ev.CardDestroyed, ev.DamageTaken, ev.CardSacrificed)[-4:] == [
        ev.CardDestroyed(1, v, DESTROYED_BY_EFFECT),
        ev.DamageTaken(1, 1, s),
        ev.DamageTaken(2, 1, s),
        ev.CardSacrificed(2, hit[0], BY_DAMAGE),
    ]
    assert counters(game, d) == 1


def test_hex_of_dry_wells_curses_then_an_opponent_discards_a_card_they_choose(
    player, position, find, events
):
    """hex-of-dry-wells: "CURSE one of an opponent's cards that was equipped this turn, then
    an opponent you choose (the same one or another) DISCARDS a card." Played in the 8.1
    window: the card just equipped is cursed; the discarder chooses which card (11.4)."""
    hex_, hatchet, club, hound = (
        card("hex-of-dry-wells"),
        card("scrap-hatchet"),
        card("rebar-club"),
        card("ash-hound"),
    )
    game = position(
        player(5, inventory=[hex_]),
        player(5, inventory=[hatchet, club, hound]),
        active=1,
    )
    x, h, c, d = (find(game, y) for y in (hex_, hatchet, club, hound))
    game.play(Equip(h))
    game.play(Equip(x))
    assert game.players[1].void[-1] is h
    assert asked(game) == (CHOOSE, 1, x, "discard")
    assert options(game) == [Choose(c), Choose(d)]
    game.play(Choose(d))
    assert game.players[1].inventory == [c]
    assert events(game, ev.CardDestroyed, ev.CardDiscarded) == [
        ev.CardDestroyed(1, h, DESTROYED_BY_EFFECT),
        ev.CardDiscarded(1, d),
    ]
    assert asked(game) == (MAIN, 1)


def test_hex_of_dry_wells_the_two_opponents_are_chosen_apart(player, position, find, events):
    """hex-of-dry-wells: the cursed card's controller and the opponent who discards are two
    choices of its player (11.4): here P3's card is cursed and P2 discards."""
    hex_, hatchet, club = card("hex-of-dry-wells"), card("scrap-hatchet"), card("rebar-club")
    game = position(
        player(5, inventory=[hex_, card("ash-hound")]),
        player(5, inventory=[club]),
        player(5, mat={Slot.WEAPON: MatCard(hatchet, turn=3)}),
    )
    x, h, c = find(game, hex_), find(game, hatchet), find(game, club)
    game.play(Equip(x))  # the curse has one legal card: taken by the game
    assert game.players[2].void == [h]
    assert asked(game) == (CHOOSE, 0, x, "discard")
    assert options(game) == [Choose(1), Choose(2)]
    game.play(Choose(1))  # P2's only card: discarded without asking P2
    assert game.players[1].void == [c]
    assert recorded(game)[1:] == [{"action": "choose", "player": 1}]


def test_hasty_exodus_an_opponent_its_player_chooses_draws_2_cards(player, position, find, events):
    """hasty-exodus: "An opponent DRAWS 2 cards." """
    exodus = card("hasty-exodus")
    game = position(player(5, inventory=[exodus, card("rebar-club")]), player(5), player(5))
    x = find(game, exodus)
    game.play(Equip(x))
    assert asked(game) == (CHOOSE, 0, x, "draw")
    assert options(game) == [Choose(1), Choose(2)]
    drawn = top(game, 2, 2)
    game.play(Choose(2))
    assert game.players[2].inventory == drawn
    assert game.players[1].inventory == []
    assert events(game, ev.CardDrawn) == [ev.CardDrawn(2, c) for c in drawn]


# ---------------------------------------------------------------------- Dust Storm: attach spells


def test_doomsand_brand_destroys_an_opponents_card_when_it_is_destroyed(
    player, position, find, events
):
    """doomsand-brand: "When this card is destroyed, DESTROY one of an opponent's equipped
    cards." It goes with its host, worn out attacking (4.7, 5.2)."""
    brand, hatchet, vest, hound = (
        card("doomsand-brand"),
        card("scrap-hatchet"),
        card("tin-plate-vest"),
        card("ash-hound"),
    )
    game = position(
        player(
            5,
            mat={
                Slot.WEAPON: MatCard(hatchet, counters=2, attached=[brand]),
                Slot.CREATURE: card(SPARE),
            },
        ),
        player(5, mat={Slot.ARMOUR: vest, Slot.CREATURE: hound}),
        phase=StartPhase.ATTACK,
    )
    b, h, v, d = (find(game, x) for x in (brand, hatchet, vest, hound))
    game.play(Attack(h, 1))
    assert game.players[0].void == [h, b]
    assert asked(game) == (CHOOSE, 0, b, "destroy")
    assert options(game) == [Choose(d), Choose(v)]
    game.play(Choose(d))
    assert events(game, ev.CardDestroyed) == [
        ev.CardDestroyed(0, h, WORN_OUT),
        ev.CardDestroyed(0, b, HOST_DESTROYED),
        ev.CardDestroyed(1, d, DESTROYED_BY_EFFECT),
    ]
    assert asked(game) == (DEFEND, 1, 2, h)  # then the attack's damage (5.2)


def test_stormlash_binding_repairs_1_and_boosts_its_host_1_this_turn(
    player, position, find, events
):
    """stormlash-binding: "When this card is attached, repair 1 durability on the card it is
    attached to, and that card deals 1 more damage this turn." """
    binding, hatchet = card("stormlash-binding"), card("scrap-hatchet")
    game = position(
        player(5, inventory=[binding], mat={Slot.WEAPON: MatCard(hatchet, counters=2)}),
        player(5),
    )
    b, h = find(game, binding), find(game, hatchet)
    game.play(Equip(b, host=h))
    assert (counters(game, h), game.stat(h, DAMAGE)) == (1, 3)
    assert events(game, ev.CountersRemoved, ev.CardBoosted) == [
        ev.CountersRemoved(h, 1, 1),
        ev.CardBoosted(h, DAMAGE, 1),
    ]
    end_turn_of(game, 0)
    assert asked(game) == (MAIN, 1)
    assert (counters(game, h), game.stat(h, DAMAGE)) == (1, 2)


# ---------------------------------------------------------------------- Dust Storm: active spells


def test_cloudburst_altar_repairs_1_on_a_card_its_controller_chooses_at_the_start_of_turn(
    player, position, find, events
):
    """cloudburst-altar: "At the start of your turn, repair 1 durability on one of your
    equipped cards." The altar itself is one of them (11.4: cards with counters)."""
    altar, hatchet, vest, hound = (
        card("cloudburst-altar"),
        card("scrap-hatchet"),
        card("tyre-rubber-jerkin"),
        card("ash-hound"),
    )
    game = position(
        player(
            5,
            mat={
                Slot.SPELL: MatCard(altar, counters=1),
                Slot.WEAPON: MatCard(hatchet, counters=1),
                Slot.ARMOUR: MatCard(vest, counters=2),
                Slot.CREATURE: hound,
            },
        ),
        player(5, inventory=[card("rebar-club")]),
        active=1,
    )
    a, h, v = find(game, altar), find(game, hatchet), find(game, vest)
    game.play(EndPhase())
    assert game.active == 0 and len(game.players[0].inventory) == 1  # after the draw
    assert asked(game) == (CHOOSE, 0, a, "repair")
    assert options(game) == [Choose(h), Choose(v), Choose(a)]
    game.play(Choose(v))
    assert [counters(game, x) for x in (a, h, v)] == [1, 1, 1]
    assert asked(game) == (MAIN, 0)


def test_the_endless_squall_makes_its_controllers_cards_cost_1_less(player, position, find, events):
    """the-endless-squall: "While this card is equipped, your cards cost 1 less." Every type,
    never below 0 (10.3); not an opponent's cards."""
    squall, cuirass, hatchet, club, wrap, jerkin = (
        card("the-endless-squall"),
        card("hull-plate-cuirass"),
        card("scrap-hatchet"),
        card("rebar-club"),
        card("ironbark-wrap"),
        card("tyre-rubber-jerkin"),
    )
    game = position(
        player(5, inventory=[cuirass, hatchet, club, wrap], mat={Slot.SPELL: squall}),
        player(5, inventory=[jerkin]),
    )
    c, h, k, w, j = (find(game, x) for x in (cuirass, hatchet, club, wrap, jerkin))
    assert [game.cost(x, 0) for x in (c, h, k, w)] == [1, 0, 0, 0]
    assert game.cost(j, 1) == 1
    game.play(Equip(h))
    assert events(game, ev.CardSacrificed) == []
    assert len(game.players[0].primal_deck) == 5


def test_the_endless_squall_deals_1_damage_to_each_opponent_at_the_end_of_turn(
    player, position, find, events
):
    """the-endless-squall: "At the end of your turn, deal 1 damage to each opponent." First in
    the end phase, each opponent in turn order (11.6), then its own counter (4.8)."""
    squall, vest = card("the-endless-squall"), card("tin-plate-vest")
    game = position(
        player(5, inventory=[card("rebar-club")], mat={Slot.SPELL: squall}),
        player(5, mat={Slot.ARMOUR: vest}),
        player(5),
    )
    s, v = find(game, squall), find(game, vest)
    game.play(EndPhase())
    assert asked(game) == (DEFEND, 1, 1, s)
    assert counters(game, s) == 0  # not yet: the ability comes first
    hit = top(game, 2)
    game.play(defend_with(game, (v, 1)))
    assert events(game, ev.DamageTaken, ev.CardSacrificed, ev.CounterAdded) == [
        ev.DamageTaken(1, 1, s),
        ev.CounterAdded(v, 1, 1),
        ev.DamageTaken(2, 1, s),
        ev.CardSacrificed(2, hit[0], BY_DAMAGE),
        ev.CounterAdded(s, 1, 1),
    ]
    assert asked(game) == (MAIN, 1)


def test_stormcrown_diadem_makes_its_controllers_spells_cost_1_less(player, position, find, events):
    """stormcrown-diadem: "While this card is equipped, your spells cost 1 less." Instant,
    attach and active spells; not weapons; not an opponent's spells."""
    diadem, whisper, wrap, thunder, hatchet, drizzle = (
        card("stormcrown-diadem"),
        card("blight-whisper"),
        card("ironbark-wrap"),
        card("thunder-on-the-ridge"),
        card("scrap-hatchet"),
        card("acid-drizzle"),
    )
    game = position(
        player(5, inventory=[whisper, wrap, thunder, hatchet], mat={Slot.ARMOUR: diadem}),
        player(5, inventory=[drizzle]),
    )
    found = [find(game, x) for x in (whisper, wrap, thunder, hatchet)]
    assert [game.cost(x, 0) for x in found] == [0, 0, 1, 1]
    assert game.cost(find(game, drizzle), 1) == 1
    game.play(Equip(found[2]))
    assert len(game.players[0].primal_deck) == 4


def test_stormcrown_diadem_deals_1_damage_to_an_opponent_at_the_end_of_turn(
    player, position, find, events
):
    """stormcrown-diadem: "At the end of your turn, deal 1 damage to an opponent." Armour:
    no active spell counter follows (3.4)."""
    diadem = card("stormcrown-diadem")
    game = position(
        player(5, inventory=[card("rebar-club")], mat={Slot.ARMOUR: diadem}),
        player(5),
        player(5),
    )
    d = find(game, diadem)
    game.play(EndPhase())
    assert asked(game) == (CHOOSE, 0, d, "damage")
    assert options(game) == [Choose(1), Choose(2)]
    hit = top(game, 1)
    game.play(Choose(1))
    assert events(game, ev.DamageTaken, ev.CardSacrificed) == [
        ev.DamageTaken(1, 1, d),
        ev.CardSacrificed(1, hit[0], BY_DAMAGE),
    ]
    assert counters(game, d) == 0
    assert asked(game) == (MAIN, 1)


def test_drought_clock_each_player_sacrifices_a_card_at_the_end_of_turn(
    player, position, find, events
):
    """drought-clock: "At the end of your turn, each player SACRIFICES a card." Its controller
    too, in turn order from them (11.6)."""
    clock = card("drought-clock")
    game = position(
        player(5, inventory=[card("rebar-club")], mat={Slot.SPELL: clock}),
        player(5),
        player(5),
    )
    c = find(game, clock)
    tops = [top(game, i)[0] for i in range(3)]
    game.play(EndPhase())
    assert events(game, ev.CardSacrificed, ev.CounterAdded) == [
        ev.CardSacrificed(0, tops[0], BY_EFFECT),
        ev.CardSacrificed(1, tops[1], BY_EFFECT),
        ev.CardSacrificed(2, tops[2], BY_EFFECT),
        ev.CounterAdded(c, 1, 1),
    ]
    assert asked(game) == (MAIN, 1)


def test_drought_clock_emptying_every_deck_at_once_is_a_draw(player, position, find, events):
    """drought-clock with one card in each deck: the effect makes every player sacrifice
    their last card; the out check comes once it has finished resolving (9.2), so both are
    out at the same check: a draw (9.3)."""
    clock = card("drought-clock")
    game = position(
        player(1, inventory=[card("rebar-club")], mat={Slot.SPELL: clock}),
        player(1),
    )
    game.play(EndPhase())
    assert [len(p.primal_deck) for p in game.players] == [0, 0]
    assert game.over and game.winner is None


def test_vultures_patience_draws_a_card_at_the_start_of_its_controllers_turn(
    player, position, find, events
):
    """vultures-patience: "At the start of your turn, DRAW a card." After the turn's own
    draw (3.1, 11.2)."""
    patience = card("vultures-patience")
    game = position(
        player(5, mat={Slot.SPELL: patience}),
        player(5, inventory=[card("rebar-club")]),
        active=1,
    )
    deck = top(game, 0, 2)
    since = mark(game)
    game.play(EndPhase())
    assert game.players[0].inventory == deck
    seen = events(game, ev.TurnStarted, ev.CardDrawn, ev.AbilityResolving, since=since)
    assert seen == [
        ev.TurnStarted(0, 4),
        ev.CardDrawn(0, deck[0]),
        ev.AbilityResolving(0, find(game, patience), "start_of_turn"),
        ev.CardDrawn(0, deck[1]),
    ]


# ---------------------------------------------------------------------- characters


def test_rustjaw_marauder_pro_gives_his_weapons_1_more_damage(player, position, find, events):
    """rustjaw-marauder PRO: "My weapons deal 1 more damage." Not his creatures, not an
    opponent's weapons."""
    hatchet, hound, club = card("scrap-hatchet"), card("ash-hound"), card("rebar-club")
    game = position(
        player(
            5,
            mat={Slot.WEAPON: hatchet, Slot.CREATURE: hound},
            character=character("rustjaw-marauder"),
        ),
        player(5, mat={Slot.WEAPON: club}),
        phase=StartPhase.ATTACK,
    )
    h, d, c = find(game, hatchet), find(game, hound), find(game, club)
    assert [game.stat(x, DAMAGE) for x in (h, d, c)] == [3, 2, 1]
    game.play(Attack(h, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 3, h)]


def test_wren_of_the_herds_pro_makes_her_creatures_cost_1_less(player, position, find, events):
    """wren-of-the-herds PRO: "my creatures cost 1 less" (its deck rule: test_deck.py). Not
    other types, not an opponent's creatures; the equip pays the lower cost."""
    hound, strider, hatchet, moth = (
        card("ash-hound"),
        card("dune-strider"),
        card("scrap-hatchet"),
        card("glasswing-moth"),
    )
    game = position(
        player(5, inventory=[hound, strider, hatchet], character=character("wren-of-the-herds")),
        player(5, inventory=[moth]),
    )
    d, s, h, m = (find(game, x) for x in (hound, strider, hatchet, moth))
    assert [game.cost(x, 0) for x in (d, s, h)] == [0, 1, 1]
    assert game.cost(m, 1) == 1
    game.play(Equip(s))
    assert len(game.players[0].primal_deck) == 4


def test_mara_of_the_last_bastion_pro_gives_her_armour_1_more_durability(
    player, position, find, events
):
    """mara-of-the-last-bastion PRO: "My armour has 1 more durability." Her vest absorbs 3."""
    vest, hatchet, jerkin = (
        card("tin-plate-vest"),
        card("dust-eater-blade"),
        card("tyre-rubber-jerkin"),
    )
    game = position(
        player(5, mat={Slot.ARMOUR: vest}, character=character("mara-of-the-last-bastion")),
        player(5, mat={Slot.WEAPON: hatchet, Slot.ARMOUR: jerkin, Slot.CREATURE: card(SPARE)}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    v, h, j = find(game, vest), find(game, hatchet), find(game, jerkin)
    assert (game.stat(v, DURABILITY), game.stat(j, DURABILITY)) == (3, 4)
    game.play(Attack(h, 0))
    assert options(game) == [Defend(), Defend([(v, 3)])]
    game.play(Defend([(v, 3)]))
    assert game.players[0].void == [v]
    assert len(game.players[0].primal_deck) == 5


def test_mara_of_the_last_bastion_con_gives_her_weapons_1_less_damage(
    player, position, find, events
):
    """mara-of-the-last-bastion CON: "My weapons deal 1 less damage." Not her creatures."""
    hatchet, hound, club = card("scrap-hatchet"), card("ash-hound"), card("rebar-club")
    game = position(
        player(
            5,
            mat={Slot.WEAPON: hatchet, Slot.CREATURE: hound},
            character=character("mara-of-the-last-bastion"),
        ),
        player(5, mat={Slot.WEAPON: club}),
        phase=StartPhase.ATTACK,
    )
    h, d, c = find(game, hatchet), find(game, hound), find(game, club)
    assert [game.stat(x, DAMAGE) for x in (h, d, c)] == [1, 2, 1]
    game.play(Attack(h, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 1, h)]


def test_sister_nettle_pro_cannot_be_poisoned(player, position, find, events):
    """sister-nettle PRO: "I can't be POISONED." Never a choice for "an opponent" (11.5), and
    a Thornwire Mantle she attacks does not poison her."""
    drizzle, mantle, hatchet = card("acid-drizzle"), card("thornwire-mantle"), card("scrap-hatchet")
    nettle = character("sister-nettle")
    game = position(
        player(5, inventory=[drizzle], mat={Slot.ARMOUR: mantle}),
        player(5, mat={Slot.WEAPON: hatchet, Slot.CREATURE: card(SPARE)}, character=nettle),
        player(5),
    )
    assert game.is_immune(1, Keyword.POISON) and not game.is_immune(2, Keyword.POISON)
    game.play(Equip(find(game, drizzle)))  # P3 is the one legal choice
    assert [p.poisoned for p in game.players] == [False, False, True]
    assert asked(game) == (MAIN, 1)  # nothing left to do: P1's turn ended
    game.play(EndPhase())
    h, m = find(game, hatchet), find(game, mantle)
    game.play(Attack(h, 0))
    game.play(defend_with(game, (m, 2)))
    assert events(game, ev.Defended) == [ev.Defended(0, m, 2, 1)]
    assert [p.poisoned for p in game.players] == [False, False, True]
    assert events(game, ev.PlayerPoisoned) == [ev.PlayerPoisoned(2)]


def test_ysolde_of_the_squall_pro_makes_her_spells_cost_1_less(player, position, find, events):
    """ysolde-of-the-squall PRO: "My spells cost 1 less." Instant, attach and active spells."""
    gale, wrap, thunder, hatchet, drizzle = (
        card("grasping-gale"),
        card("ironbark-wrap"),
        card("thunder-on-the-ridge"),
        card("scrap-hatchet"),
        card("acid-drizzle"),
    )
    game = position(
        player(
            5,
            inventory=[gale, wrap, thunder, hatchet],
            character=character("ysolde-of-the-squall"),
        ),
        player(5, inventory=[drizzle]),
    )
    found = [find(game, x) for x in (gale, wrap, thunder, hatchet)]
    assert [game.cost(x, 0) for x in found] == [1, 0, 1, 1]
    assert game.cost(find(game, drizzle), 1) == 1
    game.play(Equip(found[2]))
    assert len(game.players[0].primal_deck) == 4


def test_magpie_sable_pro_is_immune_to_steal(player, position, find, events):
    """magpie-sable PRO: "I am immune to STEAL." Her cards are never choices (11.5): the gale
    takes the other opponent's weapon, the raptor finds no armour to steal."""
    gale, raptor = card("grasping-gale"), card("magpie-raptor")
    club, hatchet, vest = card("rebar-club"), card("scrap-hatchet"), card("tin-plate-vest")
    game = position(
        player(8, inventory=[gale, raptor]),
        player(5, mat={Slot.WEAPON: club, Slot.ARMOUR: vest}, character=character("magpie-sable")),
        player(5, mat={Slot.WEAPON: hatchet}),
    )
    c, h, v = find(game, club), find(game, hatchet), find(game, vest)
    game.play(Equip(find(game, gale)))
    assert slot_of(game, 0, Slot.WEAPON) is h
    assert slot_of(game, 1, Slot.WEAPON) is c
    game.play(Equip(find(game, raptor)))
    assert slot_of(game, 1, Slot.ARMOUR) is v
    assert Slot.ARMOUR not in game.players[0].mat
    assert events(game, ev.CardStolen) == [ev.CardStolen(0, h, 2)]
    assert len(game.actions) == 2  # no choice was asked


def test_kade_the_dustwalker_pro_is_immune_to_curse(player, position, find, events):
    """kade-the-dustwalker PRO: "I am immune to CURSE." His card is no choice (11.5): the
    hex's curse does nothing and the rest of the ability still resolves (11.4)."""
    hex_, hatchet, club = card("hex-of-dry-wells"), card("scrap-hatchet"), card("rebar-club")
    game = position(
        player(5, inventory=[hex_]),
        player(5, inventory=[hatchet, club], character=character("kade-the-dustwalker")),
        active=1,
    )
    x, h, c = find(game, hex_), find(game, hatchet), find(game, club)
    game.play(Equip(h))
    game.play(Equip(x))
    assert slot_of(game, 1, Slot.WEAPON) is h
    assert events(game, ev.CardDestroyed) == []
    assert events(game, ev.CardDiscarded) == [ev.CardDiscarded(1, c)]
    assert game.players[1].inventory == []


def test_kade_the_dustwalker_con_gives_his_creatures_1_less_damage(player, position, find, events):
    """kade-the-dustwalker CON: "My creatures deal 1 less damage." Not his weapons."""
    hound, hatchet, strider = card("ash-hound"), card("scrap-hatchet"), card("dune-strider")
    game = position(
        player(
            5,
            mat={Slot.CREATURE: hound, Slot.WEAPON: hatchet},
            character=character("kade-the-dustwalker"),
        ),
        player(5, mat={Slot.CREATURE: strider}),
        phase=StartPhase.ATTACK,
    )
    d, h, s = find(game, hound), find(game, hatchet), find(game, strider)
    assert [game.stat(x, DAMAGE) for x in (d, h, s)] == [1, 2, 3]
    game.play(Attack(d, 1))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(1, 1, d)]


def test_ferro_the_scrapwright_pro_gives_his_opponents_weapons_1_less_damage(
    player, position, find, events
):
    """ferro-the-scrapwright PRO: "My opponents' weapons deal 1 less damage." Every
    opponent's, whoever they attack; not his own, not creatures."""
    mine, hatchet, blade, hound = (
        card("rebar-club"),
        card("scrap-hatchet"),
        card("dust-eater-blade"),
        card("ash-hound"),
    )
    game = position(
        player(5, mat={Slot.WEAPON: mine}, character=character("ferro-the-scrapwright")),
        player(5, mat={Slot.WEAPON: hatchet, Slot.CREATURE: hound}),
        player(5, mat={Slot.WEAPON: blade}),
        active=1,
        phase=StartPhase.ATTACK,
    )
    m, h, b, d = (find(game, x) for x in (mine, hatchet, blade, hound))
    assert [game.stat(x, DAMAGE) for x in (m, h, b, d)] == [1, 1, 2, 2]
    game.play(Attack(h, 2))
    assert events(game, ev.DamageTaken) == [ev.DamageTaken(2, 1, h)]


def test_quill_the_ash_prophet_pro_starts_with_1_more_card(events):
    """quill-the-ash-prophet PRO: "I start with 1 more card in my inventory." (1.3; her deck
    rule: test_deck.py). A game from seats with the bundled Dust Runners deck."""
    from backlands._resources import bundled_decks
    from backlands.deck import load_deck

    runners = load_deck(bundled_decks() / "dust-runners.yaml", DB)
    assert runners.character is character("quill-the-ash-prophet")
    seats = [
        Seat(runners.character, runners.cards),
        Seat(character("mara-of-the-last-bastion"), runners.cards),
    ]
    game = Game(seats, seed=3, first_player=1)
    assert [game.player_stat(i, PlayerStat.STARTING_INVENTORY) for i in (0, 1)] == [6, 5]
    drawn = events(game, ev.CardDrawn, ev.TurnStarted)
    first_turn = drawn.index(ev.TurnStarted(1, 1))
    assert [e.player for e in drawn[:first_turn]] == [0] * 6 + [1] * 5
    assert [len(p.inventory) for p in game.players] == [6, 6]  # P2 drew for their turn
    assert [len(p.primal_deck) for p in game.players] == [30, 30]


def test_hesk_the_mender_pro_repairs_1_on_a_card_he_chooses_at_the_start_of_his_turn(
    player, position, find, events
):
    """hesk-the-mender PRO: "At the start of my turn, I REPAIR 1 durability on one of my
    equipped cards." His own choice, from no card (``source`` None), before the abilities of
    his cards (11.3: a character's first)."""
    hatchet, dredger, jerkin = (
        card("scrap-hatchet"),
        card("tusked-dredger"),
        card("tyre-rubber-jerkin"),
    )
    game = position(
        player(
            5,
            mat={
                Slot.WEAPON: MatCard(hatchet, counters=1),
                Slot.CREATURE: MatCard(dredger, counters=2),
                Slot.ARMOUR: MatCard(jerkin, counters=2),
            },
            character=character("hesk-the-mender"),
        ),
        player(5, inventory=[card("rebar-club")]),
        active=1,
    )
    h, d, j = find(game, hatchet), find(game, dredger), find(game, jerkin)
    game.play(EndPhase())
    assert asked(game) == (CHOOSE, 0, None, "repair")
    assert options(game) == [Choose(h), Choose(d), Choose(j)]
    assert counters(game, d) == 2  # the dredger's own repair waits
    game.play(Choose(j))
    assert [counters(game, x) for x in (h, d, j)] == [1, 1, 1]
    assert events(game, ev.CountersRemoved) == [
        ev.CountersRemoved(j, 1, 1),
        ev.CountersRemoved(d, 1, 1),
    ]
    assert asked(game) == (MAIN, 0)
    assert recorded(game)[-1] == {"action": "choose", "card": j.uid}


def test_hesk_the_mender_con_sacrifices_a_card_at_the_end_of_his_turn(
    player, position, find, events
):
    """hesk-the-mender CON: "At the end of my turn, I SACRIFICE a card." Only at the end of
    his own turn, first in the end phase (3.4)."""
    game = position(
        player(5, inventory=[card("rebar-club")], character=character("hesk-the-mender")),
        player(5),
    )
    first = top(game, 0)[0]
    since = mark(game)
    game.play(EndPhase())
    assert asked(game) == (MAIN, 1)
    assert events(game, ev.PhaseStarted, ev.CardSacrificed, ev.TurnEnded, since=since) == [
        ev.PhaseStarted(0, ev.Phase.ATTACK),
        ev.PhaseStarted(0, ev.Phase.END),
        ev.CardSacrificed(0, first, BY_EFFECT),
        ev.TurnEnded(0, 3),
        ev.PhaseStarted(1, ev.Phase.START),
        ev.PhaseStarted(1, ev.Phase.MAIN),
    ]
    assert game.players[0].void == [first]
    game.play(EndPhase())  # the opponent's turn ends: Hesk sacrifices nothing
    assert game.players[0].void == [first]


# ---------------------------------------------------------------------- coverage


def _test_names() -> list[str]:
    """This module's test function names and parametrized test ids, and those of
    test_saltmarch.py, where the third set (SAL) and its characters are played."""
    from . import test_saltmarch

    found: list[str] = []
    for name, value in [*globals().items(), *vars(test_saltmarch).items()]:
        if not name.startswith("test_") or not callable(value):
            continue
        found.append(name)
        for marker in getattr(value, "pytestmark", ()):
            if marker.name != "parametrize":
                continue
            ids = marker.kwargs.get("ids")
            if isinstance(ids, list | tuple):
                found.extend(ids)
            else:
                found.extend(
                    str(v[0] if isinstance(v, tuple | list) else v) for v in marker.args[1]
                )
    return found


def test_every_sample_card_and_character_trait_with_an_ability_has_a_test_here() -> None:
    """The issue's promise: each card with an ability (triggered or ``while_equipped``) and
    each PRO or CON with an in-game modifier or ability is named by a test above."""
    names = _test_names()

    def named(key: str) -> bool:
        return any(key in n or key.replace("-", "_") in n for n in names)

    cards = [c.id for c in DB if c.abilities]
    traits = [
        f"{c.id}_{which}"
        for c in DB.characters.values()
        for which, trait in (("pro", c.pro), ("con", c.con))
        if trait.modifiers or trait.abilities
    ]
    assert len(cards) >= 100 and len(traits) >= 17
    assert [key for key in cards + traits if not named(key)] == []
