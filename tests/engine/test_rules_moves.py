"""RULINGS 12.5 (cards that move) and 12.6 (looking at hidden cards): the example cards of
docs/effects.md ("Cards that move", "Looking at hidden cards") played from exact positions,
each with its exact outcome (events, zones, counters, what each player sees), and the
rules of the one move primitive: the owner's zone (1.5), what a card leaving a mat loses
(4.7), an equip by an effect (4.2 to 4.4), the shuffle from the game's generator (1.2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from backlands import CardDatabase, load_cards
from backlands.engine import (
    AttachedCard,
    Attack,
    Choose,
    DecisionKind,
    EndPhase,
    Equip,
    Game,
    MatCard,
    Pass,
    Pick,
    StartPhase,
    Zone,
)
from backlands.engine import events as ev
from backlands.engine.views import SeenCard
from backlands.keywords import ALL
from backlands.keywords.amounts import CardsIn, ThatMany
from backlands.model import (
    CardTarget,
    CardType,
    Draw,
    EquipFrom,
    LookAtDeck,
    May,
    Pile,
    PlayerTarget,
    Recover,
    Return,
    Search,
    Selector,
    ShuffleIntoDeck,
    Slot,
    Steal,
    Take,
    Trigger,
    TriggeredAbility,
)
from backlands.report import describe_event
from backlands.ruleset import STANDARD
from docexamples import examples

from .played import refused

#: The example cards of docs/effects.md for 12.5 and 12.6, each played below.
EXAMPLES = (
    "grave-robber",
    "ash-recycler",
    "dust-diviner",
    "gale-of-recall",
    "bone-caller",
    "war-horn",
    "pickpocket-jackal",
    "dust-storm",
    "seer-stone",
    "spyglass-helm",
    "oracle-bones",
)

WEAPON, CREATURE, ARMOUR = CardType.WEAPON, CardType.CREATURE, CardType.ARMOUR
INSTANT, ATTACH = CardType.INSTANT_SPELL, CardType.ATTACH_SPELL
DECK, INVENTORY, VOID, MAT = Zone.PRIMAL_DECK, Zone.INVENTORY, Zone.VOID, Zone.MAT


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    """The sample set and the example cards of docs/effects.md for 12.5 and 12.6."""
    folder: Path = tmp_path_factory.mktemp("moves")
    found = examples()
    for name in EXAMPLES:
        (folder / f"{name}.yaml").write_text(found[name], encoding="utf-8")
    return load_cards([None, str(folder)])


def when(trigger: Trigger, *effects: Any) -> TriggeredAbility:
    return TriggeredAbility(trigger, effects)


def lines(game: Game, since: int = 0) -> list[str]:
    """The log from ``since`` as the omniscient report reads it."""
    assert game.log is not None
    names = [p.name for p in game.players]
    return [line for e in game.log[since:] if (line := describe_event(e, names))]


def uids(cards: Any) -> list[int]:
    return [c.uid for c in cards]


# --------------------------------------------------------------------------- the examples


def test_grave_robber_returns_a_weapon_of_the_void_to_the_inventory_12_5(
    doc, make_card, player, position, find
):
    axe, shield = make_card(WEAPON, name="Axe"), make_card(ARMOUR, name="Shield")
    blade = make_card(WEAPON, name="Blade")
    robber = doc["grave-robber"]
    game = position(player(5, inventory=[robber], void=[axe, shield, blade]), player(5, name="P2"))
    game.play(Equip(find(game, robber)))
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.CHOOSE
    assert (decision.player, decision.effect) == (0, "recover")
    # only the weapons of the void, in the void's order (11.4, 12.5)
    assert [a.option for a in game.legal_actions()] == [find(game, axe), find(game, blade)]
    since = len(game.log)
    game.play(Choose(find(game, blade)))
    moved = [e for e in game.log[since:] if isinstance(e, ev.CardMoved)]
    assert moved == [ev.CardMoved(0, find(game, blade), VOID, INVENTORY)]
    p1 = game.players[0]
    assert uids(p1.void[:2]) == uids([find(game, axe), find(game, shield)])  # then the cost
    assert find(game, blade) not in p1.void and p1.inventory[-1] is find(game, blade)
    # everyone saw it go: P2 knows it is in P1's inventory (12.6)
    assert game.view(1).seen == (SeenCard(find(game, blade), 0, INVENTORY, 0),)


def test_ash_recycler_puts_a_void_card_at_the_bottom_of_the_deck_12_5(
    doc, make_card, player, position, find
):
    old = make_card(WEAPON, name="Old Axe")
    recycler = doc["ash-recycler"]
    game = position(
        player(3, mat={Slot.ARMOUR: recycler}, void=[old], inventory=[make_card(WEAPON)]),
        player(5, inventory=[make_card(WEAPON)]),
    )
    since = len(game.log)
    game.play(EndPhase())  # no attack phase (nothing attacks); the end phase: the recycler
    deck = game.players[0].primal_deck
    assert deck[0] is find(game, old) and len(deck) == 4  # the bottom (top is last)
    assert game.players[0].void == []
    moved = [e for e in game.log[since:] if isinstance(e, ev.CardMoved)]
    assert moved == [ev.CardMoved(0, find(game, old), VOID, DECK, True)]
    # every player knows it is the bottom card (12.6)
    for seat in (0, 1):
        assert game.view(seat).seen == (SeenCard(find(game, old), 0, DECK, 3),)


def test_dust_diviner_searches_reveals_and_shuffles_12_6(doc, make_card, player, position, find):
    beast, hound = make_card(CREATURE, name="Beast"), make_card(CREATURE, name="Hound")
    rest = [make_card(ARMOUR, name=f"Plate {k}") for k in range(4)]
    diviner = doc["dust-diviner"]
    deck = [rest[0], beast, rest[1], hound, rest[2], rest[3]]  # top first
    game = position(player(deck, inventory=[diviner]), player(5), seed=7)
    since = len(game.log)
    game.play(Equip(find(game, diviner)))
    # the searcher sees the whole deck, and chooses among its creatures, top first
    looked = [e for e in game.log[since:] if isinstance(e, ev.CardsLookedAt)]
    assert looked == [
        ev.CardsLookedAt(0, 0, DECK, tuple(find(game, c) for c in deck[1:]))
    ]  # the cost (1) was paid first: the top card went to the void
    assert [a.option for a in game.legal_actions()] == [find(game, beast), find(game, hound)]
    assert game.view(0).seen and not game.view(1).seen  # 12.6: theirs alone
    at = len(game.log)
    game.play(Choose(find(game, hound)))
    after = game.log[at:]
    kinds = [type(e) for e in after if type(e) in (ev.CardsRevealed, ev.CardMoved, ev.DeckShuffled)]
    assert kinds == [ev.CardsRevealed, ev.CardMoved, ev.DeckShuffled]
    revealed = next(e for e in after if isinstance(e, ev.CardsRevealed))
    assert revealed == ev.CardsRevealed(0, 0, DECK, (find(game, hound),))
    moved = next(e for e in after if isinstance(e, ev.CardMoved))
    assert moved == ev.CardMoved(0, find(game, hound), DECK, INVENTORY, False, None)
    p1 = game.players[0]
    assert find(game, hound) in p1.inventory
    assert sorted(uids(p1.primal_deck)) == sorted(
        uids(find(game, c) for c in deck[1:] if c is not hound)
    )
    # revealed: P2 knows where the hound is; the shuffled deck is known to no one
    assert game.view(1).seen == (SeenCard(find(game, hound), 0, INVENTORY, 0),)
    assert game.view(0).seen == ()


def test_a_search_is_shuffled_by_the_game_generator_1_2(doc, make_card, player, position, find):
    """The same seed and decisions shuffle the same way; another seed another way."""
    orders = set()
    for seed in (1, 1, 2, 3):
        cards = [make_card(ARMOUR, name=f"Plate {k}") for k in range(8)]
        diviner = doc["dust-diviner"]
        game = position(
            player([*cards, make_card(CREATURE)], inventory=[diviner]), player(3), seed=seed
        )
        game.play(Equip(find(game, diviner)))
        orders.add((seed, tuple(c.card.name for c in game.players[0].deck_top_first())))
    by_seed = {}
    for seed, order in orders:
        by_seed.setdefault(seed, set()).add(order)
    assert all(len(found) == 1 for found in by_seed.values())  # seed 1 twice: one order
    assert len({next(iter(v)) for v in by_seed.values()}) == 3


def test_gale_of_recall_returns_a_creature_to_its_owner_without_counters_12_5_4_7(
    doc, make_card, player, position, find
):
    spell = make_card(ATTACH, name="Tether", abilities=[when(Trigger.DESTROYED, Draw())])
    # the creature's own "destroyed" ability does not trigger: it is returned, not destroyed
    beast = make_card(CREATURE, damage=3, durability=5, abilities=[when(Trigger.DESTROYED, Draw())])
    gale = doc["gale-of-recall"]
    game = position(
        player(5, inventory=[gale]),
        player(
            5,
            mat={
                Slot.CREATURE: MatCard(
                    beast, counters=2, turn=1, attached=[AttachedCard(spell, controller=0)]
                )
            },
        ),
    )
    since = len(game.log)
    game.play(Equip(find(game, gale)))
    b, s = find(game, beast), find(game, spell)
    p2 = game.players[1]
    assert p2.mat == {} and p2.inventory == [b]
    assert s in game.players[0].void  # the attach spell to its owner's void (4.7)
    log = game.log[since:]
    moved = [e for e in log if isinstance(e, (ev.CardMoved, ev.CardDestroyed))]
    assert moved == [
        ev.CardMoved(1, b, MAT, INVENTORY),
        ev.CardDestroyed(0, s, ev.DestroyReason.HOST_LEFT),
    ]
    # the attach spell's ability (P1's, 11.1) resolved; the creature's did not
    resolving = [e for e in log if isinstance(e, ev.AbilityResolving)]
    assert [(e.player, e.card) for e in resolving] == [(0, find(game, gale)), (0, s)]


def test_a_returned_card_goes_to_its_owner_not_its_controller_1_5(
    make_card, player, position, find
):
    """A stolen card returned goes to its owner's inventory, not the thief's (1.5, 12.5)."""
    axe = make_card(WEAPON, name="Axe")
    grab = make_card(
        INSTANT, abilities=[when(Trigger.EQUIPPED, Steal(), Return(target=CardTarget.OWN_CARD))]
    )
    game = position(
        player(5, inventory=[grab, make_card(ARMOUR)]), player(5, mat={Slot.WEAPON: axe})
    )
    game.play(Equip(find(game, grab)))
    a = find(game, axe)
    assert game.players[1].inventory == [a] and a not in game.players[0].inventory
    assert game.zone_of(a) == (INVENTORY, 1)


def test_bone_caller_equips_a_creature_from_the_void_without_its_cost_12_5(
    doc, make_card, player, position, find, events
):
    drawn = [when(Trigger.EQUIPPED, Draw())]
    risen = make_card(CREATURE, cost=9, name="Risen", abilities=drawn)
    old = make_card(CREATURE, name="Old Hound")
    flick = make_card(INSTANT, name="Flick")
    caller = doc["bone-caller"]
    game = position(
        player(8, inventory=[caller], void=[risen], mat={Slot.CREATURE: old}),
        player(5, inventory=[flick]),  # an instant: no window for an equip by an effect
    )
    game.play(Equip(find(game, caller)))
    r, o = find(game, risen), find(game, old)
    p1 = game.players[0]
    assert p1.mat[Slot.CREATURE].instance is r
    assert (p1.mat[Slot.CREATURE].counters, p1.mat[Slot.CREATURE].turn) == (0, 3)
    assert p1.void[-1] is o  # salvaged (4.2), after the caller's cost
    log = events(game)
    order = [
        (type(e).__name__, e.card.card.name)
        for e in log
        if isinstance(e, (ev.CardMoved, ev.CardDestroyed, ev.CardEquipped, ev.CardSacrificed))
    ]
    # the caller's own cost (3) is paid; the risen creature's (9) is not
    assert order == [
        ("CardSacrificed", "Filler 1"),
        ("CardSacrificed", "Filler 2"),
        ("CardSacrificed", "Filler 3"),
        ("CardEquipped", "Bone Caller"),
        ("CardDestroyed", "Old Hound"),
        ("CardMoved", "Risen"),
        ("CardEquipped", "Risen"),
    ]
    assert len(p1.primal_deck) == 4 and len(p1.inventory) == 1  # its "equipped": DRAW 1
    # the one window is the caller's (8.1); then P1's main phase
    assert game.decision.kind is DecisionKind.RESPONSE
    game.play(Pass())
    assert game.decision.kind is DecisionKind.MAIN


def test_war_horn_equips_a_weapon_from_the_deck_paying_its_cost_12_5_4_3(
    doc, make_card, player, position, find, events
):
    cheap = make_card(WEAPON, cost=2, name="Cheap Axe")
    dear = make_card(WEAPON, cost=9, name="Dear Axe")
    plates = [make_card(ARMOUR, name=f"Plate {k}") for k in range(4)]
    horn = doc["war-horn"]
    game = position(
        player([plates[0], cheap, plates[1], dear, plates[2], plates[3]], inventory=[horn]),
        player(5),
    )
    game.play(Equip(find(game, horn)))  # the horn's cost 1: Plate 0
    # the dear axe costs more than the 5 cards left: not a choice (4.3); the cheap one is
    # taken by the game
    c = find(game, cheap)
    p1 = game.players[0]
    assert p1.mat[Slot.WEAPON].instance is c
    assert len(p1.primal_deck) == 2  # 6 - 1 (horn) - 1 (the axe) - 2 (its cost)
    sacrificed = [e.card.card.name for e in events(game, ev.CardSacrificed)]
    assert sacrificed == ["Plate 0", "Plate 1", "Dear Axe"]  # paid before the shuffle
    assert [type(e) for e in events(game) if isinstance(e, (ev.CardEquipped, ev.DeckShuffled))][
        -2:
    ] == [
        ev.CardEquipped,
        ev.DeckShuffled,
    ]


def test_an_unaffordable_card_is_refused_with_the_reason_4_3(
    make_card, player, position, find, assert_illegal
):
    dear = make_card(WEAPON, cost=9, name="Dear Axe")
    cheap = make_card(CREATURE, cost=1, name="Cheap Cat")
    other = make_card(ARMOUR, cost=1, name="Cheap Plate")
    raise_dead = make_card(
        INSTANT, abilities=[when(Trigger.EQUIPPED, EquipFrom(Pile.VOID, pay_cost=True))]
    )
    game = position(player(3, inventory=[raise_dead], void=[dear, cheap, other]), player(5))
    game.play(Equip(find(game, raise_dead)))
    assert [a.option for a in game.legal_actions()] == [find(game, cheap), find(game, other)]
    assert_illegal(
        game,
        Choose(find(game, dear)),
        "not one of the choices (11.4)",
        "its primal cost 9 is more than the 3 cards left in P1's primal deck (4.3)",
    )


def test_pickpocket_jackal_takes_a_random_card_to_its_owners_void_12_5(
    doc, make_card, player, position, find
):
    held = [make_card(ARMOUR, name=f"Held {k}") for k in range(4)]
    jackal = doc["pickpocket-jackal"]
    taken = set()
    for seed in range(6):
        game = position(
            player(5, mat={Slot.CREATURE: jackal}),
            player(5, inventory=held),
            phase=StartPhase.ATTACK,
            seed=seed,
        )
        j = find(game, jackal)
        game.play(Attack(j, 1))
        p2 = game.players[1]
        card = p2.void[0]  # taken as it attacks (11.2); then its 1 damage is sacrificed
        assert card.owner == 1 and card not in p2.inventory
        assert card.card in held
        moved = [e for e in game.log if isinstance(e, ev.CardMoved)]
        assert moved == [ev.CardMoved(1, card, INVENTORY, VOID)]
        assert not any(isinstance(e, ev.CardsLookedAt) for e in game.log)  # nobody looked
        taken.add(card.card.name)
    assert len(taken) > 1  # the game's generator, not always the first (1.2)


def test_dust_storm_shuffles_every_void_into_its_deck_12_5(doc, make_card, player, position, find):
    a = [make_card(ARMOUR, name=f"A{k}") for k in range(3)]
    b = [make_card(WEAPON, name=f"B{k}") for k in range(2)]
    storm = doc["dust-storm"]
    game = position(
        player(6, inventory=[storm, make_card(ARMOUR)], void=a), player(4, void=b), seed=3
    )
    since = len(game.log)
    game.play(Equip(find(game, storm)))
    p1, p2 = game.players
    assert p1.void == [find(game, storm)]  # the instant, once its ability resolved (4.6)
    assert p2.void == []
    assert len(p2.primal_deck) == 6 and {c.card.name for c in p2.primal_deck} >= {"B0", "B1"}
    log = game.log[since:]
    shuffled = [e.player for e in log if isinstance(e, ev.DeckShuffled)]
    assert shuffled == [0, 1]  # each player in turn order from the controller (11.3)
    moved = [(e.player, e.card.card.name) for e in log if isinstance(e, ev.CardMoved)]
    assert moved[-2:] == [(1, "B0"), (1, "B1")]


def test_seer_stone_orders_the_top_cards_12_6(
    doc, make_card, player, position, find, assert_illegal
):
    top = [make_card(WEAPON, name=f"Top {k}") for k in range(4)]
    stone = doc["seer-stone"]
    game = position(
        player([make_card(ARMOUR, name="Drawn"), *top], mat={Slot.SPELL: stone}),
        player(5, inventory=[make_card(WEAPON)]),
        active=1,
    )
    game.play(EndPhase())
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.ORDER
    assert (decision.player, decision.amount, decision.effect) == (0, 3, "look_at_deck")
    t = [find(game, c) for c in top]
    assert [a.option for a in game.legal_actions()] == t[:3]
    assert_illegal(game, Choose(t[3]), "not one of the 3 cards left to put back", "(12.6)")
    assert_illegal(game, EndPhase(), "must choose the next card to put back", "(12.6)")
    game.play(Choose(t[2]))
    assert game.decision.amount == 2
    assert [a.option for a in game.legal_actions()] == [t[0], t[1]]
    assert game.players[0].deck_top_first()[:4] == t  # as it was, until the last answer
    game.play(Choose(t[0]))
    assert game.players[0].deck_top_first()[:4] == [t[2], t[0], t[1], t[3]]
    assert [e for e in game.log if isinstance(e, ev.DeckOrdered)] == [ev.DeckOrdered(0, 0, 3)]
    assert [(s.card, s.place) for s in game.view(0).seen] == [(t[2], 0), (t[0], 1), (t[1], 2)]
    assert game.view(1).seen == ()
    # the answers are recorded, the forced last one is not; the record replays
    record = game.record()
    assert [a["action"] for a in record.actions] == ["end_phase", "choose", "choose"]


def test_spyglass_helm_looks_at_an_inventory_and_takes_from_it_12_6(
    doc, make_card, player, position, find
):
    held = [make_card(WEAPON, name="Held Axe"), make_card(ARMOUR, name="Held Plate")]
    helm = doc["spyglass-helm"]
    game = position(player(5, inventory=[helm, make_card(ARMOUR)]), player(5, inventory=held))
    since = len(game.log)
    game.play(Equip(find(game, helm)))
    axe, plate = find(game, held[0]), find(game, held[1])
    looked = [e for e in game.log[since:] if isinstance(e, ev.CardsLookedAt)]
    assert looked == [ev.CardsLookedAt(0, 1, INVENTORY, (axe, plate))] * 2
    assert game.decision.effect == "take"
    game.play(Choose(axe))
    assert game.players[1].void == [axe] and game.players[1].inventory == [plate]
    # P1 still sees the plate where it is; P2 sees nothing of theirs in P1's view
    assert game.view(0).seen == (SeenCard(plate, 1, INVENTORY, 0),)
    assert game.view(1).seen == ()


def test_oracle_bones_reveal_to_every_player_until_a_shuffle_12_6(
    doc, make_card, player, position, find
):
    top = [make_card(WEAPON, name="First"), make_card(ARMOUR, name="Second")]
    bones = doc["oracle-bones"]
    shuffle = make_card(
        INSTANT, abilities=[when(Trigger.EQUIPPED, ShuffleIntoDeck(Pile.PRIMAL_DECK))]
    )
    game = position(
        player(5, inventory=[bones]),
        player([*top, *[make_card(ARMOUR) for _ in range(3)]], inventory=[shuffle]),
    )
    game.play(Equip(find(game, bones)))
    first, second = find(game, top[0]), find(game, top[1])
    shown = (SeenCard(first, 1, DECK, 0), SeenCard(second, 1, DECK, 1))
    assert game.view(0).seen == game.view(1).seen == shown
    assert [e for e in game.log if isinstance(e, ev.CardsRevealed)] == [
        ev.CardsRevealed(0, 1, DECK, (first, second))
    ]
    # P2 plays the shuffle in the window: no one knows the order any more
    game.play(Equip(find(game, shuffle)))
    assert game.view(0).seen == game.view(1).seen == ()


# --------------------------------------------------------------------------- the rules


def test_a_draw_keeps_what_was_seen_of_the_top_card_12_6(make_card, player, position, find):
    """P1 saw the top card of P2's deck; P2 draws it: P1 knows it is in P2's inventory."""
    top = make_card(WEAPON, name="Known")
    peek = make_card(
        INSTANT, abilities=[when(Trigger.EQUIPPED, LookAtDeck(target=PlayerTarget.OPPONENT))]
    )
    game = position(
        player(5, inventory=[peek, make_card(ARMOUR)]),
        player([top, *[make_card(ARMOUR) for _ in range(4)]], inventory=[make_card(WEAPON)]),
    )
    game.play(Equip(find(game, peek)))
    k = find(game, top)
    assert game.view(0).seen == (SeenCard(k, 1, DECK, 0),)
    game.play(EndPhase())  # P1's turn ends; P2 draws the known card
    assert game.players[1].inventory[-1] is k
    assert game.view(0).seen == (SeenCard(k, 1, INVENTORY, 1),)
    assert game.view(1).seen == ()


def test_a_search_that_takes_the_last_card_puts_the_player_out_9_2(
    make_card, player, position, find
):
    last = make_card(CREATURE, name="Last")
    dig = make_card(INSTANT, abilities=[when(Trigger.EQUIPPED, Search())])
    game = position(player([last], inventory=[dig]), player(5))
    game.play(Equip(find(game, dig)))
    assert game.players[0].out and game.outcome is not None and game.outcome.winner == 1


def test_a_choice_outside_the_zone_is_refused_with_the_reason_12_5(
    make_card, player, position, find, assert_illegal
):
    axe, blade = make_card(WEAPON), make_card(WEAPON)
    plate = make_card(ARMOUR, name="Plate")
    spell = make_card(
        INSTANT, abilities=[when(Trigger.EQUIPPED, Recover(cards=Selector(type=(WEAPON,))))]
    )
    game = position(
        player(5, inventory=[spell, make_card(ARMOUR)], void=[axe, blade, plate]), player(5)
    )
    game.play(Equip(find(game, spell)))
    assert_illegal(
        game,
        Choose(find(game, plate)),
        "not one of the cards the effect takes (type weapon) (12.5)",
    )
    held = game.players[0].inventory[0]
    assert_illegal(game, Choose(held), "it is not in P1's void, where the card is chosen (12.5)")
    assert_illegal(game, Choose(1), "a card is chosen here, not a player")


def test_a_hidden_choice_is_asked_even_alone_under_ask_every_window_8_3(
    make_card, player, position, find
):
    only = make_card(CREATURE, name="Only")
    dig = make_card(
        INSTANT, abilities=[when(Trigger.EQUIPPED, Search(cards=Selector(type=(CREATURE,))))]
    )
    for every, asked in ((False, False), (True, True)):
        rules = attrs.evolve(STANDARD, ask_every_window=every)
        game = position(
            player([only, *[make_card(ARMOUR) for _ in range(4)]], inventory=[dig]),
            player(5),
            ruleset=rules,
        )
        game.play(Equip(find(game, dig)))
        decision = game.decision
        assert (decision is not None and decision.kind is DecisionKind.CHOOSE) == asked


def test_every_move_replays_from_its_record(doc, player, position):
    """The choices of the moves and the ORDER answers are recorded, and the record replays
    to the same log (11.4, 12.6)."""
    deck = [doc[name] for name in ("dune-rat-swarm", "ash-hound", "scrap-hatchet", "galehide-elk")]
    game = position(
        player(
            [*deck, *[doc["spark-flick"]] * 4],
            inventory=[doc["dust-diviner"]],
            mat={Slot.SPELL: doc["seer-stone"]},
            character=doc.character("rustjaw-marauder"),
        ),
        player(
            [doc["dune-rat-swarm"]] * 5,
            inventory=[doc["skyrender-glaive"]],
            character=doc.character("sister-nettle"),
        ),
        active=1,
    )
    game.play(EndPhase())  # P1's turn: the seer stone's ORDER
    while game.decision is not None and game.decision.kind is DecisionKind.ORDER:
        game.play(game.legal_actions()[-1])
    game.play(Equip(game.players[0].inventory[0]))  # the diviner: P1 searches
    while game.decision is not None and game.decision.kind is DecisionKind.CHOOSE:
        game.play(game.legal_actions()[-1])
    kinds = [a["action"] for a in game.record().actions]
    assert kinds.count("choose") >= 2
    assert game.record().replay(doc).log == game.log


# --------------------------------------------------------------------------- amounts (12.2)


def test_recover_all_returns_every_card_the_selector_takes_12_2_12_5(
    make_card, player, position, find
):
    """``count: all`` is every card the effect could take, one choice at a time: here the
    three weapons of the void, the armour left there."""
    weapons = [make_card(WEAPON, name=f"Axe {k}") for k in range(3)]
    plate = make_card(ARMOUR, name="Plate")
    spell = make_card(
        INSTANT,
        abilities=[when(Trigger.EQUIPPED, Recover(count=ALL, cards=Selector(type=(WEAPON,))))],
    )
    game = position(
        player(5, inventory=[spell, make_card(ARMOUR)], void=[*weapons, plate]), player(5)
    )
    game.play(Equip(find(game, spell)))
    answers = 0
    while game.decision.kind is DecisionKind.CHOOSE:
        assert game.decision.effect == "recover"
        game.play(game.legal_actions()[0])
        answers += 1
    assert answers == 2  # three cards: two choices, then the last taken by the game
    p1 = game.players[0]
    assert [find(game, w) in p1.inventory for w in weapons] == [True] * 3
    assert find(game, plate) in p1.void


def test_look_at_deck_counts_its_amount_as_it_resolves_12_2(make_card, player, position, find):
    """Look at as many cards as there are in your void (2): the amount is counted once."""
    deck = [make_card(WEAPON, name=f"Top {k}") for k in range(5)]
    look = make_card(
        INSTANT,
        abilities=[
            when(
                Trigger.EQUIPPED,
                LookAtDeck(count=CardsIn(Zone.VOID, PlayerTarget.SELF), reorder=False),
            )
        ],
    )
    game = position(
        player(deck, inventory=[look, make_card(ARMOUR)], void=[make_card(ARMOUR)] * 2),
        player(5),
    )
    game.play(Equip(find(game, look)))
    looked = [e for e in game.log if isinstance(e, ev.CardsLookedAt)]
    assert looked == [ev.CardsLookedAt(0, 0, DECK, tuple(find(game, c) for c in deck[:2]))]


# --------------------------------------------------------------------------- what moves did (12.3)


@pytest.mark.parametrize(("void", "drawn"), [(1, 2), (0, 0)])
def test_if_you_do_after_a_move_reads_whether_it_moved_in_full_12_3(
    void, drawn, make_card, player, position, find
):
    """ "You may return a card of your void to your inventory; if you do, DRAW 2 cards": an
    empty void falls short, and the draw does not resolve."""
    cards = [make_card(WEAPON, name="Old Axe")][:void]
    spell = make_card(
        INSTANT,
        abilities=[when(Trigger.EQUIPPED, May((Recover(),), (Draw(count=2),)))],
    )
    game = position(player(5, inventory=[spell, make_card(ARMOUR)], void=cards), player(5))
    p1 = game.players[0]
    game.play(Equip(find(game, spell)))
    assert game.decision.kind is DecisionKind.MAY
    deck = len(p1.primal_deck)
    game.play(Pick(0))
    assert deck - len(p1.primal_deck) == drawn


def test_that_many_reads_the_cards_a_move_moved_12_2(make_card, player, position, find):
    """ "Take every card of an opponent's inventory at random, then DRAW that many."""
    held = [make_card(WEAPON, name=f"Held {k}") for k in range(3)]
    spell = make_card(
        INSTANT,
        abilities=[when(Trigger.EQUIPPED, Take(count=ALL, random=True), Draw(count=ThatMany()))],
    )
    game = position(player(6, inventory=[spell, make_card(ARMOUR)]), player(5, inventory=held))
    p1 = game.players[0]
    deck = len(p1.primal_deck)
    game.play(Equip(find(game, spell)))
    assert game.players[1].inventory == [] and len(game.players[1].void) == 3
    assert deck - len(p1.primal_deck) == 3


def test_12_5_an_equip_from_of_slotless_cards_only_is_refused_at_any_depth(
    tmp_path: Path,
) -> None:
    """An instant or attach spell is never put onto a mat by an effect (4.6, 4.7, 12.5): an
    ``equip_from`` that selects only those types could never work, as an ability's effect or
    inside a ``may`` (``Effect.written_problems``); a type that is no type is the converter's
    to report."""
    said = refused(
        tmp_path,
        "cards:\n"
        "  - {id: recall, name: Recall, type: instant_spell, primal_cost: 0, rarity: common,\n"
        "     set: T, number: 1, year: 2026, abilities: [{when: equipped, effects: [\n"
        "       {effect: equip_from, zone: void, cards: {type: [instant_spell, attach_spell]}},\n"
        "       {effect: may, effects: [{effect: equip_from, zone: void,"
        " cards: {type: attach_spell}}]},\n"
        "       {effect: equip_from, zone: void, cards: {type: [instant_spell, blob]}}]}]}\n",
    )
    never = "an instant or attach spell is never put onto a mat by an effect (4.6, 4.7, 12.5)"
    assert f"effects[0].cards: {never}" in said
    assert f"effects[1].effects[0].cards: {never}" in said
    assert "effects[2].cards.type[1]: must be one of" in said
    assert "effects[2].cards: an instant" not in said
