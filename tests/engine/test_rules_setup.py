"""RULINGS section 1 (setup) and 2.5, as far as the engine carries them out."""

from __future__ import annotations

import random

import pytest

from backlands.engine import DecisionKind, EndPhase, Equip, Game, Seat, Zone
from backlands.engine import events as ev
from backlands.errors import GameSetupError
from backlands.model import CardType, PlayerStat, PlayerStatModifier, Slot
from backlands.ruleset import Ruleset


def _play_randomly(game: Game, seed: int, steps: int = 400) -> None:
    chooser = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        options = list(game.legal_actions())
        game.play(options[chooser.randrange(len(options))])


@pytest.fixture
def mixed_deck(make_card):
    def make():
        cards = []
        for i in range(36):
            kind = (CardType.WEAPON, CardType.ARMOUR, CardType.CREATURE, CardType.INSTANT_SPELL)[
                i % 4
            ]
            cards.append(make_card(kind, cost=i % 3, damage=2, durability=2))
        return cards

    return make


# --------------------------------------------------------------------------- 1.1


@pytest.mark.parametrize("count", [1, 7])
def test_rule_1_1_player_count_outside_2_to_6_refused(filler, plain_character, count):
    seats = [Seat(plain_character, filler(36)) for _ in range(count)]
    with pytest.raises(GameSetupError, match=rf"2 to 6 players, not {count} \(1\.1\)"):
        Game(seats, seed=1)


@pytest.mark.parametrize("count", [2, 6])
def test_rule_1_1_two_and_six_players_accepted(filler, plain_character, count):
    game = Game([Seat(plain_character, filler(36)) for _ in range(count)], seed=1)
    assert len(game.players) == count
    assert [p.name for p in game.players] == [f"P{i + 1}" for i in range(count)]
    assert game.decision is not None


def test_rule_1_1_player_count_bounds_come_from_ruleset(filler, plain_character):
    ruleset = Ruleset(min_players=3, max_players=3)
    with pytest.raises(GameSetupError, match=r"3 to 3 players, not 2 \(1\.1\)"):
        Game([Seat(plain_character, filler(36)) for _ in range(2)], ruleset=ruleset)
    game = Game([Seat(plain_character, filler(36)) for _ in range(3)], ruleset=ruleset, seed=0)
    assert len(game.players) == 3


def test_rule_1_1_position_with_one_player_refused(player, position):
    with pytest.raises(GameSetupError, match=r"not 1 \(1\.1\)"):
        position(player(3))


# --------------------------------------------------------------------------- 1.2


def test_rule_1_2_same_seed_decks_and_decisions_give_the_same_game(plain_character, mixed_deck):
    deck_a, deck_b = mixed_deck(), mixed_deck()

    def new(seed):
        return Game([Seat(plain_character, deck_a), Seat(plain_character, deck_b)], seed=seed)

    one, two = new(42), new(42)
    assert [p.deck_top_first() for p in one.players] == [p.deck_top_first() for p in two.players]
    _play_randomly(one, 5)
    _play_randomly(two, 5)
    assert one.actions == two.actions
    assert one.log == two.log
    assert one.outcome == two.outcome
    assert [one.view(i) for i in range(2)] == [two.view(i) for i in range(2)]


def test_rule_1_2_a_different_seed_shuffles_differently(plain_character, filler):
    deck = filler(36)
    orders = {
        tuple(
            i.card.id
            for i in Game([Seat(plain_character, deck)] * 2, seed=seed).players[0].deck_top_first()
        )
        for seed in range(5)
    }
    assert len(orders) == 5


def test_rule_1_2_copy_plays_on_identically(plain_character, mixed_deck):
    game = Game([Seat(plain_character, mixed_deck()), Seat(plain_character, mixed_deck())], seed=3)
    _play_randomly(game, 1, steps=10)
    twin = game.copy()
    _play_randomly(game, 2)
    _play_randomly(twin, 2)
    assert game.log == twin.log
    assert game.outcome == twin.outcome


# --------------------------------------------------------------------------- 1.3


def test_rule_1_3_decks_shuffled_then_five_cards_drawn(plain_character, filler, events):
    cards = [filler(36), filler(36)]
    game = Game([Seat(plain_character, c) for c in cards], seed=11, first_player=0)
    p0, p1 = game.players
    # P2 drew 5 (starting inventory); P1 drew 5 then 1 in their first start phase (3.1).
    assert (len(p0.inventory), len(p0.primal_deck)) == (6, 30)
    assert (len(p1.inventory), len(p1.primal_deck)) == (5, 31)
    for p, seat_cards in zip(game.players, cards, strict=True):
        everything = [i.card for i in p.inventory + p.deck_top_first()]
        assert sorted(c.id for c in everything) == sorted(c.id for c in seat_cards)
        assert everything != seat_cards  # shuffled (seed 11)
    drawn = events(game, ev.CardDrawn)
    assert [(e.player, e.card) for e in drawn[:10]] == [(0, i) for i in p0.inventory[:5]] + [
        (1, i) for i in p1.inventory
    ]
    started = events(game, ev.GameStarted)
    assert started == [ev.GameStarted(11, ("P1", "P2"), 0)]
    assert game.log.index(started[0]) < game.log.index(drawn[0])


def test_rule_1_3_starting_inventory_from_ruleset_and_player_stat_modifier(
    plain_character, make_character, filler
):
    bigger = make_character(pro=[PlayerStatModifier(PlayerStat.STARTING_INVENTORY, 2)])
    smaller = make_character(con=[PlayerStatModifier(PlayerStat.STARTING_INVENTORY, -1)])
    game = Game(
        [Seat(plain_character, filler(36)), Seat(bigger, filler(36)), Seat(smaller, filler(36))],
        seed=0,
        first_player=0,
        ruleset=Ruleset(starting_inventory=4),
    )
    assert game.player_stat(1, PlayerStat.STARTING_INVENTORY) == 6
    assert game.player_stat(2, PlayerStat.STARTING_INVENTORY) == 3
    # P1 also drew for their first turn (3.1)
    assert [len(p.inventory) for p in game.players] == [5, 6, 3]
    assert [len(p.primal_deck) for p in game.players] == [31, 30, 33]


# --------------------------------------------------------------------------- 1.4


def test_rule_1_4_named_first_player_takes_the_first_turn(plain_character, filler, events):
    for first in (0, 1, 2):
        game = Game(
            [Seat(plain_character, filler(36)) for _ in range(3)], seed=0, first_player=first
        )
        assert game.first_player == first
        assert game.active == first
        assert game.turn == 1
        assert events(game, ev.TurnStarted) == [ev.TurnStarted(first, 1)]
        assert events(game, ev.GameStarted)[0].first_player == first
        assert game.decision.player == first


def test_rule_1_4_seeded_first_player_is_deterministic_and_varies(plain_character, filler):
    deck = filler(36)
    firsts = []
    for seed in range(40):
        one = Game([Seat(plain_character, deck)] * 3, seed=seed)
        two = Game([Seat(plain_character, deck)] * 3, seed=seed)
        assert one.first_player == two.first_player
        assert one.active == one.first_player
        firsts.append(one.first_player)
    assert set(firsts) == {0, 1, 2}


def test_rule_1_4_first_player_not_a_seat_refused(plain_character, filler):
    with pytest.raises(GameSetupError, match=r"first player 2 is not a seat index \(1\.4\)"):
        Game([Seat(plain_character, filler(36))] * 2, first_player=2)


def test_rule_1_4_seating_order_is_the_order_given(plain_character, filler):
    seats = [Seat(plain_character, filler(36), name=n) for n in ("Ann", "Bob", "Cy")]
    game = Game(seats, seed=0, first_player=2)
    assert [p.name for p in game.players] == ["Ann", "Bob", "Cy"]
    game.play(EndPhase())  # Cy: first turn, no attack (3.3) -> next in seat order wraps to Ann
    while game.decision.player == 2:
        game.play(next(iter(game.legal_actions())))
    assert game.active == 0


# --------------------------------------------------------------------------- 1.5


def test_rule_1_5_every_card_is_in_exactly_one_zone(plain_character, filler):
    game = Game([Seat(plain_character, filler(36))] * 2, seed=4, first_player=0)
    zones = {uid: game.zone_of(i) for uid, i in game.instances.items()}
    assert len(zones) == 72
    for p in game.players:
        assert {(Zone.PRIMAL_DECK, p.index)} == {zones[i.uid] for i in p.primal_deck}
        assert {(Zone.INVENTORY, p.index)} == {zones[i.uid] for i in p.inventory}
        assert all(i.owner == p.index for i in p.primal_deck + p.inventory)


def test_rule_1_5_attached_card_destroyed_on_another_mat_goes_to_owner_void(
    make_card, player, position, find, events
):
    """P2 attaches a spell under P1's weapon; P1 salvages the weapon: the weapon goes to P1's
    void, the attach spell to P2's void (its owner), though it sat on P1's mat."""
    old = make_card(CardType.WEAPON)
    new = make_card(CardType.WEAPON)
    attach = make_card(CardType.ATTACH_SPELL, cost=1)
    game = position(
        player(5, inventory=[new], mat={Slot.WEAPON: old}),
        player(5, inventory=[attach]),
        active=1,
    )
    i_old, i_new, i_attach = find(game, old), find(game, new), find(game, attach)
    game.play(Equip(i_attach, host=i_old))
    assert game.zone_of(i_attach) == (Zone.MAT, 0)
    assert i_attach.owner == 1
    # P2 has nothing left to do: their phases end by themselves and P1's turn starts
    assert game.decision.kind is DecisionKind.MAIN and game.decision.player == 0
    mark = len(game.log)
    game.play(Equip(i_new))
    assert game.players[0].void == [i_old]
    assert game.players[1].void[-1] == i_attach
    assert game.zone_of(i_attach) == (Zone.VOID, 1)
    assert events(game, ev.CardDestroyed, since=mark) == [
        ev.CardDestroyed(0, i_old, ev.DestroyReason.SALVAGE),
        # 11.1: controlled by P2, who attached it, though it sat on P1's mat
        ev.CardDestroyed(1, i_attach, ev.DestroyReason.HOST_DESTROYED),
    ]


# --------------------------------------------------------------------------- 2.5


def test_rule_2_5_character_is_not_one_of_the_36_cards(plain_character, filler):
    with pytest.raises(
        GameSetupError,
        match=r"deck-size: the deck has 35 cards, .*\(the character is not one of them\) \(2\.1\)",
    ):
        Game([Seat(plain_character, filler(35)), Seat(plain_character, filler(36))])
    game = Game([Seat(plain_character, filler(36))] * 2, seed=0)
    assert len(game.instances) == 72  # 36 cards each; the characters are not cards
    assert [len(p.primal_deck) + len(p.inventory) for p in game.players] == [36, 36]
    assert [p.character for p in game.players] == [plain_character] * 2
