"""RULINGS 12.4 (extra costs), played from exact positions with the very cards
docs/effects.md shows ("Extra costs"), and cards built here where a rule needs one of its own:
paid after the primal cost and before the "equipped" abilities, the choices the equipping
player's, the equip one step of 11.3 meanwhile; a card whose extra cost cannot be paid in
full is not listed and its equip is refused with the reason."""

from __future__ import annotations

from typing import Any

from backlands.engine import (
    AttachedCard,
    Choose,
    Decision,
    DecisionKind,
    EndPhase,
    Equip,
    MatCard,
    Zone,
)
from backlands.engine import events as ev
from backlands.model import (
    Card,
    CardType,
    DiscardCost,
    Draw,
    Slot,
    Trigger,
    TriggeredAbility,
    WearCost,
)

from .played import example, mark, replays

WEAPON, ARMOUR, CREATURE = CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE
INSTANT, ATTACH = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL
COST = ev.SacrificeReason.COST
WORN_OUT = ev.DestroyReason.WORN_OUT
SALVAGE = ev.DestroyReason.SALVAGE
HOST_DESTROYED = ev.DestroyReason.HOST_DESTROYED


def costs(card: Card, *extra: Any) -> Card:
    """``card`` with these extra costs (12.4)."""
    return Card(**{**{f: getattr(card, f) for f in _FIELDS}, "extra_costs": extra})


_FIELDS = ("id", "name", "type", "primal_cost", "rarity", "set", "number", "year", "damage")
_FIELDS += ("durability", "text", "abilities")


# --------------------------------------------------------------------------- discard


def test_rule_12_4_paid_after_the_primal_cost_before_the_equipped_abilities(
    tmp_path, make_card, player, position, find, events
):
    """Gravetooth Ravager: its primal cost is sacrificed, it is in its slot, then P1 chooses
    the card to discard (a CHOOSE of P1's, its source the Ravager); only then is it
    equipped (4.4), and the 8.1 window follows."""
    ravager = example(tmp_path, "gravetooth-ravager")
    a, b = make_card(ARMOUR, name="A"), make_card(WEAPON, name="B")
    instant = make_card(INSTANT, name="Flick")
    game = position(player(6, inventory=[ravager, a, b]), player(6, inventory=[instant]))
    r, ia, ib = find(game, ravager), find(game, a), find(game, b)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(r))
    assert events(game, since=m) == [ev.CardSacrificed(0, top[0], COST)]
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, r, "discard")
    assert list(game.legal_actions()) == [Choose(ia), Choose(ib)]
    assert game.players[0].mat[Slot.CREATURE].instance is r  # in place meanwhile
    m = mark(game)
    game.play(Choose(ib))
    assert events(game, since=m)[:2] == [
        ev.CardDiscarded(0, ib),
        ev.CardEquipped(0, r, Slot.CREATURE),
    ]
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)  # 8.1, after the equip
    assert game.players[0].void == [top[0], ib]
    assert game.actions == (Equip(r), Choose(ib))
    assert replays(game)


def test_rule_12_4_a_card_whose_extra_cost_cannot_be_paid_is_not_listed_and_refused(
    tmp_path, make_card, player, position, find, assert_illegal
):
    """The Ravager asking to DISCARD 2 with one other card in the inventory cannot be paid
    in full: the main phase does not list it, and its equip is refused with the reason."""
    ravager = costs(example(tmp_path, "gravetooth-ravager"), DiscardCost(2))
    vest = make_card(ARMOUR, name="Vest")
    game = position(player(6, inventory=[ravager, vest]), player(6))
    r = find(game, ravager)
    assert list(game.legal_actions()) == [Equip(find(game, vest)), EndPhase()]
    assert_illegal(
        game,
        Equip(r),
        "its extra cost cannot be paid in full: DISCARD 2 cards needs 2 other cards in the "
        "inventory, and there is 1 (12.4)",
    )


def test_rule_12_4_one_card_to_discard_is_taken_by_the_game(
    tmp_path, make_card, player, position, find, events
):
    ravager = example(tmp_path, "gravetooth-ravager")
    a = make_card(ARMOUR, name="A")
    game = position(player(6, inventory=[ravager, a]), player(6))
    r, ia = find(game, ravager), find(game, a)
    m = mark(game)
    game.play(Equip(r))
    found = events(game, ev.CardDiscarded, ev.CardEquipped, since=m)
    assert found == [ev.CardDiscarded(0, ia), ev.CardEquipped(0, r, Slot.CREATURE)]
    assert game.actions == (Equip(r),)  # the forced choice is not recorded
    assert replays(game)


# --------------------------------------------------------------------------- sacrifice


def test_rule_12_4_sacrifice_after_the_primal_cost_and_the_deck_must_hold_both(
    tmp_path, make_card, player, position, find, events, assert_illegal
):
    """Bloodprice Pike costs 1 and SACRIFICE 2: a deck of 2 cannot pay both (4.3, 12.4); a
    deck of 3 can, and empties: the player is out at the check once the equip is over
    (9.2), after its CardEquipped."""
    pike = example(tmp_path, "bloodprice-pike")
    vest = make_card(ARMOUR, name="Vest")
    short = position(player(2, inventory=[pike, vest]), player(6))
    assert Equip(find(short, pike)) not in short.legal_actions()
    assert_illegal(
        short,
        Equip(find(short, pike)),
        "SACRIFICE 2 cards needs 2 cards in the primal deck once the primal cost is paid "
        "(4.3), and there is 1 (12.4)",
    )
    game = position(player(3, inventory=[pike]), player(6), player(6))
    p = find(game, pike)
    top = game.players[0].deck_top_first()
    m = mark(game)
    game.play(Equip(p))
    assert events(game, since=m)[:5] == [
        ev.CardSacrificed(0, top[0], COST),
        ev.CardSacrificed(0, top[1], COST),
        ev.CardSacrificed(0, top[2], COST),
        ev.CardEquipped(0, p, Slot.WEAPON),
        ev.CardDestroyed(0, p, ev.DestroyReason.ELIMINATED),
    ]
    assert game.players[0].out
    assert replays(game)


# --------------------------------------------------------------------------- wear


def test_rule_12_4_wear_names_one_of_your_other_cards_that_stay(
    tmp_path, make_card, player, position, find, events
):
    """Grindstone Automaton: 2 counters on one of P1's other equipped cards, chosen by P1;
    the creature it salvages is not one of them (4.2), nor is the Automaton itself."""
    automaton = example(tmp_path, "grindstone-automaton")
    blade, vest, beast = (
        make_card(WEAPON, name="Blade", durability=5),
        make_card(ARMOUR, name="Vest", durability=5),
        make_card(CREATURE, name="Beast"),
    )
    game = position(
        player(
            6,
            inventory=[automaton],
            mat={Slot.WEAPON: blade, Slot.ARMOUR: vest, Slot.CREATURE: beast},
        ),
        player(6),
    )
    a = find(game, automaton)
    game.play(Equip(a))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, a, "wear")
    assert list(game.legal_actions()) == [Choose(find(game, blade)), Choose(find(game, vest))]
    m = mark(game)
    game.play(Choose(find(game, vest)))
    assert events(game, since=m)[:2] == [
        ev.CounterAdded(find(game, vest), 2, 2),
        ev.CardEquipped(0, a, Slot.CREATURE),
    ]
    assert replays(game)


def test_rule_12_4_the_salvaged_card_and_an_attach_spells_host_pay_nothing(
    tmp_path, make_card, player, position, find, assert_illegal
):
    """P1's only other card is the creature the Automaton would salvage: it cannot pay. An
    attach spell with a WEAR cost cannot be paid by the card it goes under."""
    automaton = example(tmp_path, "grindstone-automaton")
    beast, spare = make_card(CREATURE, name="Beast"), make_card(ARMOUR, name="Spare")
    game = position(player(6, inventory=[automaton, spare], mat={Slot.CREATURE: beast}), player(6))
    assert_illegal(
        game,
        Equip(find(game, automaton)),
        "putting 2 durability counters on a card needs one of your other equipped cards, "
        "and there are 0 (12.4)",
    )
    charm = costs(make_card(ATTACH, name="Charm"), WearCost(1))
    blade, vest = make_card(WEAPON, name="Blade"), make_card(ARMOUR, name="Vest")
    game = position(
        player(6, inventory=[charm], mat={Slot.WEAPON: blade}), player(6, mat={Slot.ARMOUR: vest})
    )
    c, b, v = find(game, charm), find(game, blade), find(game, vest)
    # under P1's blade: the blade cannot pay, nothing else can; under P2's vest: the blade
    assert list(game.legal_actions()) == [Equip(c, v), EndPhase()]
    assert_illegal(game, Equip(c, b), "(12.4)")
    game.play(Equip(c, v))
    assert game.players[0].mat[Slot.WEAPON].counters == 1
    assert game.players[1].mat[Slot.ARMOUR].attached[0].instance is c
    assert replays(game)


def test_rule_12_4_what_the_equip_triggers_waits_until_it_is_complete(
    tmp_path, make_card, player, position, find, events
):
    """The Automaton's WEAR wears out P1's vest, whose "destroyed" ability draws a card: it
    resolves after the Automaton is equipped (11.3: the equip with its costs is one step)."""
    automaton = example(tmp_path, "grindstone-automaton")
    vest = make_card(
        ARMOUR,
        name="Vest",
        durability=2,
        abilities=[TriggeredAbility(Trigger.DESTROYED, (Draw(),))],
    )
    game = position(player(6, inventory=[automaton], mat={Slot.ARMOUR: vest}), player(6))
    a, v = find(game, automaton), find(game, vest)
    m = mark(game)
    game.play(Equip(a))
    kinds = [type(e).__name__ for e in events(game, since=m)]
    assert kinds[:5] == [
        "CounterAdded",
        "CardDestroyed",
        "CardEquipped",
        "AbilityResolving",
        "CardDrawn",
    ]
    assert events(game, ev.CardDestroyed, since=m) == [ev.CardDestroyed(0, v, WORN_OUT)]
    assert replays(game)


# --------------------------------------------------------------------------- return


def test_rule_12_4_and_12_5_return_sends_the_card_to_its_owners_inventory_without_counters(
    tmp_path, make_card, player, position, find, events
):
    """Drifter's Recall returns P1's blade (2 counters, an attach spell under it) to P1's
    inventory: the counters are gone, the attach spell destroyed (4.7); then the instant's
    ability DRAWS 2. The Recall meanwhile is resolving, in no pile (4.6)."""
    recall = example(tmp_path, "drifters-recall")
    blade = make_card(WEAPON, name="Blade", durability=5)
    charm = make_card(ATTACH, name="Charm")
    vest = make_card(ARMOUR, name="Vest")
    game = position(
        player(
            6,
            inventory=[recall],
            mat={
                Slot.WEAPON: MatCard(blade, counters=2, attached=[AttachedCard(charm)]),
                Slot.ARMOUR: vest,
            },
        ),
        player(6),
    )
    r, b, c, v = find(game, recall), find(game, blade), find(game, charm), find(game, vest)
    top = game.players[0].deck_top_first()
    game.play(Equip(r))
    assert game.decision == Decision(DecisionKind.CHOOSE, 0, 0, r, "return")
    assert game.zone_of(r) == (Zone.RESOLVING, 0)
    m = mark(game)
    game.play(Choose(b))
    assert events(game, since=m)[:6] == [
        ev.CardDestroyed(0, c, HOST_DESTROYED),
        ev.CardReturned(0, b),
        ev.CardEquipped(0, r, None),
        ev.AbilityResolving(0, r, "equipped"),
        ev.CardDrawn(0, top[0]),
        ev.CardDrawn(0, top[1]),
    ]
    p1 = game.players[0]
    assert p1.inventory == [b, top[0], top[1]]
    assert p1.void == [c, r]
    assert list(p1.mat) == [Slot.ARMOUR] and p1.mat[Slot.ARMOUR].instance is v
    assert replays(game)


def test_rule_12_5_a_stolen_card_returns_to_its_owner(tmp_path, make_card, player, position, find):
    recall = example(tmp_path, "drifters-recall")
    blade = make_card(WEAPON, name="Blade")
    game = position(
        player(6, inventory=[recall], mat={Slot.WEAPON: MatCard(blade, owner=1)}), player(6)
    )
    b = find(game, blade)
    game.play(Equip(find(game, recall)))  # one card to return: the game takes it
    assert game.players[1].inventory[-1] is b
    assert Slot.WEAPON not in game.players[0].mat
    assert replays(game)


def test_rule_12_4_an_instant_with_an_extra_cost_in_a_response_window(
    tmp_path, make_card, player, position, find
):
    """P2 answers P1's equip (8.1) with Drifter's Recall: P2 pays, P2 draws, and P1's main
    phase goes on (8.3: no further window)."""
    recall = example(tmp_path, "drifters-recall")
    blade, vest = make_card(WEAPON, name="Blade"), make_card(ARMOUR, name="Vest")
    spare = make_card(ARMOUR, name="Spare")
    game = position(
        player(6, inventory=[blade, spare]),
        player(6, inventory=[recall], mat={Slot.ARMOUR: vest}),
    )
    game.play(Equip(find(game, blade)))
    assert game.decision == Decision(DecisionKind.RESPONSE, 1)
    game.play(Equip(find(game, recall)))
    assert game.decision == Decision(DecisionKind.MAIN, 0)
    p2 = game.players[1]
    assert find(game, vest) in p2.inventory and len(p2.inventory) == 3
    assert replays(game)


def test_rule_12_4_a_copy_at_a_payment_decision_plays_on_identically(
    tmp_path, make_card, player, position, find
):
    """A copy taken while the Ravager's cost is being paid (the equip in parts) plays on as
    the original does; its equip completes apart from the original's."""
    ravager = example(tmp_path, "gravetooth-ravager")
    a, b = make_card(ARMOUR, name="A"), make_card(WEAPON, name="B")
    game = position(player(6, inventory=[ravager, a, b]), player(6))
    game.play(Equip(find(game, ravager)))
    copy = game.copy()
    copy.play(Choose(find(copy, a)))
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE
    game.play(Choose(find(game, a)))
    assert copy.log == game.log and copy.decision == game.decision
    assert replays(copy)
