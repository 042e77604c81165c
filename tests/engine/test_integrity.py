"""The game's integrity against forged values, zones seen from inside handlers, canonical
defences, bounds of views, and the engine's independence from YAML."""

from __future__ import annotations

import subprocess
import sys

import pytest

from backlands.engine import (
    Attack,
    CardInstance,
    Defend,
    Equip,
    Game,
    Outcome,
    Seat,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.engine.combat import defences
from backlands.errors import GameSetupError
from backlands.model import CardStat, CardType, Slot
from backlands.ruleset import Ruleset


def test_a_forged_instance_with_a_real_uid_is_refused(
    make_card, player, position, find, assert_illegal
):
    cheap = make_card(CardType.WEAPON, cost=0)
    dear = make_card(CardType.WEAPON, cost=5)
    game = position(player(6, inventory=[cheap]), player(6))
    real = find(game, cheap)
    forged = CardInstance(real.uid, dear, real.owner)  # same uid, another card
    assert forged != real and forged.uid == real.uid
    assert Equip(forged) not in game.legal_actions()
    assert_illegal(game, Equip(forged), "is not a card of this game")
    assert Equip(real) in game.legal_actions()


def test_a_forged_attacker_is_refused(make_card, player, position, find, assert_illegal):
    weapon = make_card(CardType.WEAPON, damage=1)
    big = make_card(CardType.WEAPON, damage=9)
    game = position(player(6, mat={Slot.WEAPON: weapon}), player(6), phase=StartPhase.ATTACK)
    real = find(game, weapon)
    assert_illegal(game, Attack(CardInstance(real.uid, big, 0), 1), "not a card of this game")


def test_a_defence_is_the_same_whatever_order_its_cards_are_named_in(
    make_card, player, position, find
):
    weapon = make_card(CardType.WEAPON, damage=5)
    armour = make_card(CardType.ARMOUR, durability=2)
    creature = make_card(CardType.CREATURE, damage=1, durability=4)
    game = position(
        player(6, mat={Slot.WEAPON: weapon}),
        player(6, mat={Slot.ARMOUR: armour, Slot.CREATURE: creature}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    a, c = find(game, armour), find(game, creature)
    forwards, backwards = Defend(((a, 2), (c, 3))), Defend(((c, 3), (a, 2)))
    assert forwards == backwards and hash(forwards) == hash(backwards)
    listed = list(game.legal_actions())
    assert backwards in game.legal_actions() and backwards in listed
    assert all(d in game.legal_actions() for d in listed)


def test_cards_are_in_their_new_zone_when_handlers_hear_of_them(make_card, player, position, find):
    instant = make_card(CardType.INSTANT_SPELL)
    old = make_card(CardType.WEAPON)
    attach = make_card(CardType.ATTACH_SPELL)
    new = make_card(CardType.WEAPON)
    game = position(player(6, inventory=[instant, attach, new], mat={Slot.WEAPON: old}), player(6))
    seen: list[tuple[str, Zone]] = []

    def where(event: ev.CardEquipped | ev.CardDestroyed) -> None:
        seen.append((event.card.card.id, game.zone_of(event.card)[0]))

    game.bus.subscribe(ev.CardEquipped, where)
    game.bus.subscribe(ev.CardDestroyed, where)
    game.play(Equip(find(game, instant)))
    game.play(Equip(find(game, attach), find(game, old)))
    game.play(Equip(find(game, new)))  # salvages the old weapon and its attach spell
    assert seen == [
        (instant.id, Zone.VOID),  # an instant is played straight into the void (4.6)
        (attach.id, Zone.MAT),
        (old.id, Zone.VOID),  # salvaged (4.2)
        (attach.id, Zone.VOID),  # with its host (4.7)
        (new.id, Zone.MAT),
    ]


@pytest.mark.parametrize("index", [-1, 2, 99])
def test_a_view_of_no_player_is_refused(player, position, index):
    game = position(player(6), player(6))
    with pytest.raises(ValueError, match="no player"):
        game.view(index)


def test_importing_the_engine_loads_no_yaml():
    code = (
        "import sys, backlands.engine, backlands.agents, backlands.deck\n"
        "loaded = [m for m in sys.modules if 'yaml' in m]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --------------------------------------------------------------------------- hostile inputs


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("turn_limit", None),
        ("turn_limit", 0),
        ("deck_size", 0),
        ("draws_per_turn", -1),
        ("starting_inventory", True),
        ("min_players", 0),
        ("poison_coins", 1.5),
        ("response_windows", 1),
        ("ask_every_window", "yes"),
    ],
)
def test_a_ruleset_no_game_could_use_is_refused(field, value):
    with pytest.raises(ValueError, match=rf"Ruleset\.{field} must be"):
        Ruleset(**{field: value})


def test_a_ruleset_with_fewer_max_than_min_players_is_refused():
    with pytest.raises(ValueError, match="max_players"):
        Ruleset(min_players=4, max_players=3)


def test_a_game_where_nobody_loses_cards_still_ends_in_a_draw(plain_character, filler):
    still = Ruleset(starting_inventory=0, draws_per_turn=0, turn_limit=50)
    game = Game([Seat(plain_character, filler(36))] * 2, seed=1, ruleset=still)
    assert game.outcome == Outcome(None, "turn limit of 50 reached")
    assert game.turn == 50


def test_listing_defences_takes_time_in_proportion_to_their_number():
    # armour and creature of durability 3000 against 3000 damage: 3,001 exact splits, plus
    # not defending; a search over every pair of amounts would take 9 million steps
    found = list(defences(3000, [("armour", 3000), ("creature", 3000)]))
    assert len(found) == 3002
    assert found[0] == () and found[1] == (("creature", 3000),)
    assert found[-1] == (("armour", 3000),)


@pytest.mark.parametrize(
    ("make_action", "reason"),
    [
        (lambda w, a: Attack(w, 1.0), "the target must be a player index, not 1.0"),
        (lambda w, a: Attack(w, "1"), "the target must be a player index, not '1'"),
        (lambda w, a: Attack(None, 1), "None is not a card instance"),
    ],
)
def test_malformed_attacks_are_refused_with_a_reason(
    make_card, player, position, find, assert_illegal, make_action, reason
):
    weapon = make_card(CardType.WEAPON, damage=1)
    game = position(player(6, mat={Slot.WEAPON: weapon}), player(6), phase=StartPhase.ATTACK)
    action = make_action(find(game, weapon), None)
    assert action not in game.legal_actions()
    assert_illegal(game, action, reason)


@pytest.mark.parametrize(
    ("absorbs", "reason"),
    [
        (lambda a: ((a,),), "each defending card is a (card, amount) pair"),
        (lambda a: ((a, 2.0),), "an amount of damage is a whole number, not 2.0"),
        (lambda a: ((a, True),), "an amount of damage is a whole number, not True"),
        (lambda a: (("armour", 2),), "'armour' is not a card instance"),
    ],
)
def test_malformed_defences_are_refused_with_a_reason(
    make_card, player, position, find, assert_illegal, absorbs, reason
):
    weapon = make_card(CardType.WEAPON, damage=3)
    armour = make_card(CardType.ARMOUR, durability=4)
    game = position(
        player(6, mat={Slot.WEAPON: weapon}),
        player(6, mat={Slot.ARMOUR: armour}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, weapon), 1))
    action = Defend(absorbs(find(game, armour)))
    assert action not in game.legal_actions()
    assert_illegal(game, action, reason)


def test_an_equip_of_no_card_is_refused(player, position, assert_illegal):
    game = position(player(6), player(6))
    assert_illegal(game, Equip(None), "None is not a card instance")


def test_a_first_player_that_is_not_an_index_is_refused(plain_character, filler):
    with pytest.raises(GameSetupError, match=r"\(1\.4\)"):
        Game([Seat(plain_character, filler(36))] * 2, first_player=True)


def test_a_card_of_another_game_has_no_stats_here(make_card, player, position, find):
    """Stats are computed (and kept) per game: another game's card is refused, so it can
    never leave a value behind for this game or the games that share its setup."""
    blade = make_card(CardType.WEAPON, damage=2)
    game = position(player(6, inventory=[blade]), player(6))
    other = position(player(6, inventory=[make_card(CardType.WEAPON, damage=9)]), player(6))
    mine = find(game, blade)
    assert game.stat(mine, CardStat.DAMAGE) == 2
    foreign = other.instance(mine.uid)
    with pytest.raises(LookupError, match="is not a card of this game"):
        game.stat(foreign, CardStat.DAMAGE)
    with pytest.raises(LookupError, match="is not a card of this game"):
        game.cost(foreign)


def test_a_subclass_of_an_action_is_refused(make_card, player, position, find, assert_illegal):
    """An action is one of the game's own action classes: a subclass could be checked as
    one thing and carried out as another."""

    class MyEquip(Equip):
        pass

    blade = make_card(CardType.WEAPON)
    game = position(player(6, inventory=[blade]), player(6))
    assert_illegal(game, MyEquip(find(game, blade)), "is a subclass of an action")
