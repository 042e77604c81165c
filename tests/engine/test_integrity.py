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
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.model import CardType, Slot


def test_a_forged_instance_with_a_real_uid_is_refused(
    make_card, player, position, find, assert_illegal
):
    cheap = make_card(CardType.WEAPON, cost=0)
    dear = make_card(CardType.WEAPON, cost=5)
    game = position(player(6, inventory=[cheap]), player(6))
    real = find(game, cheap)
    forged = CardInstance(real.uid, dear, real.owner)  # equal to ``real``: same uid
    assert forged == real
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
