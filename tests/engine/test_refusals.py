"""Refusals say why (issue 20, point 6): every kind of illegal choice an ability asks for is
refused with the reason and its rule number, and changes nothing. One test per reason, each
from an exact position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from backlands.engine import Attack, Choose, Defend, Equip, Game, MatCard, StartPhase
from backlands.errors import IllegalActionError
from backlands.model import (
    Boost,
    Card,
    CardStat,
    CardTarget,
    CardType,
    Curse,
    Destroy,
    Discard,
    Immunity,
    Keyword,
    PlayerTarget,
    Poison,
    Repair,
    Slot,
    Steal,
    Trigger,
    TriggeredAbility,
)

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
ATTACH = CardType.ATTACH_SPELL
Fixture = Callable[..., Any]


def when_equipped(*effects: Any) -> TriggeredAbility:
    return TriggeredAbility(Trigger.EQUIPPED, effects)


def asked(
    make_card: Fixture, player: Fixture, position: Fixture, effect: Any, *others: Any
) -> tuple[Game, Card]:
    """P1 has equipped a creature whose "equipped" ability is ``effect``, which asks now;
    ``others`` are the other players (P2, P3...), each a ``player(...)``."""
    card = make_card(CREATURE, name="Asker", abilities=[when_equipped(effect)])
    game = position(player(6, inventory=[card]), *others)
    (asker,) = game.players[0].inventory
    game.play(Equip(asker))
    return game, card


def test_a_card_equipped_on_an_earlier_turn_cannot_be_cursed(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """7.2: CURSE names only a card equipped this turn."""
    hound, vest = make_card(CREATURE, name="Ash Hound"), make_card(ARMOUR, name="Vest")
    fresh = make_card(ARMOUR, name="Fresh")
    game, _ = asked(
        make_card,
        player,
        position,
        Curse(),
        player(6, mat={Slot.CREATURE: MatCard(hound, turn=1), Slot.ARMOUR: MatCard(vest, turn=3)}),
        player(6, mat={Slot.ARMOUR: MatCard(fresh, turn=3)}),
    )
    assert list(game.legal_actions()) == [Choose(find(game, vest)), Choose(find(game, fresh))]
    assert_illegal(
        game,
        Choose(find(game, hound)),
        "cannot choose Ash Hound",
        "is not one of the choices (11.4): it was equipped on turn 1, and CURSE names only a "
        "card equipped this turn (7.2)",
    )


def test_a_player_immune_to_poison_is_not_a_choice(
    make_card: Fixture,
    player: Fixture,
    position: Fixture,
    find: Fixture,
    assert_illegal: Fixture,
    make_character: Fixture,
) -> None:
    """11.5: a player immune to POISON is never a legal choice for POISON."""
    immune = make_character("Warded", pro=[Immunity(Keyword.POISON)])
    game, _ = asked(
        make_card,
        player,
        position,
        Poison(PlayerTarget.OPPONENT),
        player(6, character=immune),
        player(6),
        player(6),
    )
    assert list(game.legal_actions()) == [Choose(2), Choose(3)]
    assert_illegal(
        game, Choose(1), "1 is not one of the choices (11.4): P2 is immune to POISON (11.5)"
    )


def test_a_player_immune_to_steal_keeps_their_cards(
    make_card: Fixture,
    player: Fixture,
    position: Fixture,
    find: Fixture,
    assert_illegal: Fixture,
    make_character: Fixture,
) -> None:
    """11.5: a card of a player immune to STEAL cannot be stolen."""
    immune = make_character("Warded", pro=[Immunity(Keyword.STEAL)])
    kept, taken = make_card(ARMOUR, name="Kept"), make_card(ARMOUR, name="Taken")
    other = make_card(WEAPON, name="Other")
    game, _ = asked(
        make_card,
        player,
        position,
        Steal(),
        player(6, mat={Slot.ARMOUR: kept}, character=immune),
        player(6, mat={Slot.ARMOUR: taken, Slot.WEAPON: other}),
    )
    assert_illegal(
        game,
        Choose(find(game, kept)),
        "is not one of the choices (11.4): P2 is immune to STEAL (11.5)",
    )


def test_the_controller_is_not_an_opponent(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """11.4: "an opponent" is one of the other players."""
    game, _ = asked(
        make_card, player, position, Poison(PlayerTarget.OPPONENT), player(6), player(6)
    )
    assert_illegal(
        game,
        Choose(0),
        "0 is not one of the choices (11.4): P1 is you, and POISON names an opponent",
    )


def test_a_player_out_of_the_game_is_not_a_choice(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """9.2: a player who is out takes no more decisions and is no one's choice."""
    game, _ = asked(
        make_card, player, position, Poison(PlayerTarget.OPPONENT), player(0), player(6), player(6)
    )
    assert game.players[1].out
    assert list(game.legal_actions()) == [Choose(2), Choose(3)]
    assert_illegal(
        game, Choose(1), "1 is not one of the choices (11.4): P2 is out of the game (9.2)"
    )


def test_a_seat_that_does_not_exist_is_not_a_choice(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    game, _ = asked(
        make_card, player, position, Poison(PlayerTarget.OPPONENT), player(6), player(6)
    )
    assert_illegal(game, Choose(7), "7 is not one of the choices (11.4): there is no player 8")


def test_a_card_is_not_a_player(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    game, asker = asked(
        make_card, player, position, Poison(PlayerTarget.OPPONENT), player(6), player(6)
    )
    assert_illegal(game, Choose(find(game, asker)), "a player is chosen here, not a card")


def test_a_player_is_not_a_card(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    vest, mail = make_card(ARMOUR, name="Vest"), make_card(ARMOUR, name="Mail")
    game, _ = asked(
        make_card,
        player,
        position,
        Destroy(),
        player(6, mat={Slot.ARMOUR: vest}),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    assert_illegal(
        game, Choose(1), "1 is not one of the choices (11.4): a card is chosen here, not a player"
    )


def test_your_own_card_is_not_an_opponents(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """11.4: "an opponent's card" is a card on another player's mat."""
    mine, vest, mail = (make_card(ARMOUR, name=n) for n in ("Mine", "Vest", "Mail"))
    card = make_card(CREATURE, name="Asker", abilities=[when_equipped(Destroy())])
    game = position(
        player(6, inventory=[card], mat={Slot.ARMOUR: mine}),
        player(6, mat={Slot.ARMOUR: vest}),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    game.play(Equip(find(game, card)))
    assert_illegal(
        game,
        Choose(find(game, mine)),
        "is not one of the choices (11.4): it is your own card, and the choice is an "
        "opponent's card",
    )


def test_an_opponents_card_is_not_one_of_yours(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """11.4: "one of your cards" is a card on the controller's own mat."""
    vest, blade, theirs = (
        make_card(t, name=n) for t, n in ((ARMOUR, "Vest"), (WEAPON, "Blade"), (ARMOUR, "Theirs"))
    )
    card = make_card(
        CREATURE, name="Asker", abilities=[when_equipped(Destroy(CardTarget.OWN_CARD))]
    )
    game = position(
        player(6, inventory=[card], mat={Slot.ARMOUR: vest, Slot.WEAPON: blade}),
        player(6, mat={Slot.ARMOUR: theirs}),
    )
    game.play(Equip(find(game, card)))
    assert_illegal(
        game,
        Choose(find(game, theirs)),
        "it is P2's card, and the choice is one of your own cards",
    )


def test_a_card_that_left_play_is_not_a_choice(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """A card in a void (it left play), a deck or an inventory is no card in play (7.4)."""
    vest, mail, gone = (make_card(ARMOUR, name=n) for n in ("Vest", "Mail", "Gone"))
    game, _ = asked(
        make_card,
        player,
        position,
        Destroy(),
        player(6, mat={Slot.ARMOUR: vest}, void=[gone]),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    assert_illegal(
        game,
        Choose(find(game, gone)),
        "cannot choose Gone",
        "it is not equipped: it is not in play (or it left play)",
    )


def test_an_attach_spell_is_chosen_through_its_host(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """4.7: an attach spell shares its host's slot and goes with it."""
    hex_, vest, mail = (
        make_card(ATTACH, name="Hex"),
        make_card(ARMOUR, name="Vest"),
        make_card(ARMOUR, name="Mail"),
    )
    game, _ = asked(
        make_card,
        player,
        position,
        Destroy(),
        player(6, mat={Slot.ARMOUR: MatCard(vest, attached=(hex_,))}),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    assert_illegal(
        game,
        Choose(find(game, hex_)),
        "an attach spell goes with the card it sits under: choose that card (4.7)",
    )


def test_a_card_outside_the_effects_slot_is_not_a_choice(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    vest, mail, blade = (
        make_card(ARMOUR, name="Vest"),
        make_card(ARMOUR, name="Mail"),
        make_card(WEAPON, name="Blade"),
    )
    game, _ = asked(
        make_card,
        player,
        position,
        Destroy(slot=Slot.ARMOUR),
        player(6, mat={Slot.ARMOUR: vest, Slot.WEAPON: blade}),
        player(6, mat={Slot.ARMOUR: mail}),
    )
    assert_illegal(game, Choose(find(game, blade)), "it is not in the armour slot")


def test_your_own_card_cannot_be_cursed(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """7.2: CURSE destroys an opponent's card, even with a target that names yours."""
    mine, theirs, other = (make_card(ARMOUR, name=n) for n in ("Mine", "Theirs", "Other"))
    card = make_card(CREATURE, name="Asker", abilities=[when_equipped(Curse(CardTarget.ANY_CARD))])
    game = position(
        player(6, inventory=[card], mat={Slot.ARMOUR: MatCard(mine, turn=3)}),
        player(6, mat={Slot.ARMOUR: MatCard(theirs, turn=3)}),
        player(6, mat={Slot.ARMOUR: MatCard(other, turn=3)}),
    )
    game.play(Equip(find(game, card)))
    assert_illegal(
        game,
        Choose(find(game, mine)),
        "it is your own card, and CURSE names an opponent's card (7.2)",
    )


def test_your_own_card_cannot_be_stolen(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """7.3: STEAL takes an opponent's card."""
    mine, theirs, other = (make_card(ARMOUR, name=n) for n in ("Mine", "Theirs", "Other"))
    card = make_card(CREATURE, name="Asker", abilities=[when_equipped(Steal(CardTarget.ANY_CARD))])
    game = position(
        player(6, inventory=[card], mat={Slot.ARMOUR: mine}),
        player(6, mat={Slot.ARMOUR: theirs}),
        player(6, mat={Slot.ARMOUR: other}),
    )
    game.play(Equip(find(game, card)))
    assert_illegal(
        game,
        Choose(find(game, mine)),
        "it is your own card, and STEAL takes an opponent's card (7.3)",
    )


def test_a_card_without_counters_is_not_a_repair_choice(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """11.6: REPAIR takes counters off; a card without any is no choice."""
    worn, torn = (make_card(ARMOUR, durability=4, name=n) for n in ("Worn", "Torn"))
    fresh = make_card(WEAPON, name="Fresh")
    card = make_card(
        CREATURE, name="Asker", abilities=[when_equipped(Repair(1, CardTarget.ANY_CARD))]
    )
    game = position(
        player(6, inventory=[card], mat={Slot.ARMOUR: MatCard(worn, counters=2)}),
        player(6, mat={Slot.ARMOUR: MatCard(torn, counters=1), Slot.WEAPON: fresh}),
    )
    game.play(Equip(find(game, card)))
    assert_illegal(
        game, Choose(find(game, fresh)), "it has no durability counters to remove (11.6)"
    )


def test_a_card_without_the_stat_is_not_a_boost_choice(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """11.6: a BOOST of damage names a card that has damage; armour has none (10.2)."""
    blade, hound, vest = (
        make_card(WEAPON, name="Blade"),
        make_card(CREATURE, name="Hound"),
        make_card(ARMOUR, name="Vest"),
    )
    card = make_card(
        WEAPON,
        name="Asker",
        abilities=[when_equipped(Boost(CardStat.DAMAGE, 1, CardTarget.ANY_CARD))],
    )
    game = position(
        player(6, inventory=[card], mat={Slot.CREATURE: hound, Slot.ARMOUR: vest}),
        player(6, mat={Slot.WEAPON: blade}),
    )
    game.play(Equip(find(game, card)))
    assert_illegal(game, Choose(find(game, vest)), "it has no damage to change (11.6)")


def test_a_discard_is_chosen_from_the_discarders_inventory(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """7.5, 11.4: the player who discards chooses among the cards of their inventory."""
    keep, drop, theirs = (make_card(ARMOUR, name=n) for n in ("Keep", "Drop", "Theirs"))
    card = make_card(
        CREATURE,
        name="Asker",
        abilities=[when_equipped(Discard(1, PlayerTarget.EACH_OPPONENT))],
    )
    game = position(player(6, inventory=[card, theirs]), player(6, inventory=[keep, drop]))
    game.play(Equip(find(game, card)))
    assert game.decision is not None and game.decision.player == 1
    assert list(game.legal_actions()) == [Choose(find(game, keep)), Choose(find(game, drop))]
    assert_illegal(game, Choose(find(game, theirs)), "it is not in P2's inventory (7.5)")


def test_a_defence_over_a_cards_remaining_durability_is_refused(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture, assert_illegal: Fixture
) -> None:
    """6.4: a card absorbs from 1 to its remaining durability (durability minus counters)."""
    blade = make_card(WEAPON, damage=4, name="Blade")
    vest = make_card(ARMOUR, durability=3, name="Vest")
    game = position(
        player(6, mat={Slot.WEAPON: blade}),
        player(6, mat={Slot.ARMOUR: MatCard(vest, counters=1)}),
        phase=StartPhase.ATTACK,
    )
    game.play(Attack(find(game, blade), 1))
    assert_illegal(
        game,
        Defend(((find(game, vest), 3),)),
        "can absorb from 1 to 2 damage (its remaining durability), not 3 (6.4)",
    )


def test_every_reason_changes_nothing_and_the_legal_choice_still_plays(
    make_card: Fixture, player: Fixture, position: Fixture, find: Fixture
) -> None:
    """After any refusal the choice is still pending and its legal answers still play."""
    hound, vest = make_card(CREATURE, name="Ash Hound"), make_card(ARMOUR, name="Vest")
    fresh = make_card(ARMOUR, name="Fresh")
    game, _ = asked(
        make_card,
        player,
        position,
        Curse(),
        player(6, mat={Slot.CREATURE: MatCard(hound, turn=1), Slot.ARMOUR: MatCard(vest, turn=3)}),
        player(6, mat={Slot.ARMOUR: MatCard(fresh, turn=3)}),
    )
    for option in (find(game, hound), 0, 5):
        with pytest.raises(IllegalActionError, match="is not one of the choices"):
            game.play(Choose(option))
    game.play(Choose(find(game, fresh)))
    assert find(game, fresh) in game.players[2].void
