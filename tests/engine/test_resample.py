"""``Game.resample(player, rng)``: the games a search agent imagines (engine/hidden.py).

A sample keeps everything ``player`` sees (their view, their own inventory, every public
zone and counter) and deals again what they cannot see: each other player's deck and
inventory pooled and dealt back in their sizes, the player's own deck order, and the coins
to come (a new seed). It depends only on what the player sees and on ``rng``, leaves the
real game untouched, and is a whole game of its own that plays to the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

from backlands.agents import RandomAgent, play_game
from backlands.engine import Equip, Game, Zone
from backlands.model import CardType

from .seeded import advanced, seats

# --------------------------------------------------------------------------- seeded games


# (deck indices, seed, random decisions played before sampling): 2, 3 and 4 seats, from
# the first decision to late in the game
TABLES = [
    ((0, 1), 11, 0),
    ((2, 3), 12, 25),
    ((4, 5), 13, 45),
    ((6, 7, 8), 14, 40),
    ((1, 4, 7, 2), 15, 80),
]


def state(table: int) -> Game:
    indices, seed, decisions = TABLES[table]
    game = advanced(Game(seats(*indices), seed=seed), decisions, seed)
    assert game.decision is not None, "the table should still be playing"
    return game


def states() -> Iterator[Game]:
    for table in range(len(TABLES)):
        yield state(table)


def uids(cards: object) -> list[int]:
    return [c.uid for c in cards]  # type: ignore[attr-defined]


def hidden_of(game: Game, player: int) -> Counter[int]:
    """The uids of a player's deck and inventory together: the cards another player knows
    are there, without knowing where."""
    p = game.players[player]
    return Counter(uids(p.primal_deck) + uids(p.inventory))


def deciding(game: Game) -> int:
    decision = game.decision
    assert decision is not None
    return decision.player


# --------------------------------------------------------------------------- what the player sees


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_the_sample_shows_the_player_exactly_what_the_real_game_does(table):
    game = state(table)
    n = len(game.players)
    for player in range(n):
        for k in range(3):
            sample = game.resample(player, random.Random(k))
            assert sample.view(player) == game.view(player)
            # the view's parts, named, so that a failure says which
            view, real = sample.view(player), game.view(player)
            assert view.inventory == real.inventory
            assert view.decision == real.decision == game.decision
            assert (view.turn, view.active, view.outcome) == (real.turn, real.active, None)
            for mine, theirs in zip(view.players, real.players, strict=True):
                assert mine.deck_size == theirs.deck_size
                assert mine.inventory_size == theirs.inventory_size
                assert mine.void == theirs.void
                assert dict(mine.mat) == dict(theirs.mat)  # cards, counters, attached
                assert (mine.poisoned, mine.out) == (theirs.poisoned, theirs.out)
            # public state that is not in the view
            assert (sample.turn, sample.active) == (game.turn, game.active)
            assert sample.first_player == game.first_player
            for p, q in zip(sample.players, game.players, strict=True):
                assert (p.turns_taken, p.attacked, p.poisoned, p.out) == (
                    q.turns_taken,
                    q.attacked,
                    q.poisoned,
                    q.out,
                )
            # every other player sees the same, but for their own inventory
            for other in range(n):
                assert attrs.evolve(sample.view(other), inventory=()) == attrs.evolve(
                    game.view(other), inventory=()
                )


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_the_deciding_player_may_answer_the_same_in_the_sample(table):
    game = state(table)
    player = deciding(game)
    sample = game.resample(player, random.Random(5))
    assert list(sample.legal_actions()) == list(game.legal_actions())
    for action in game.legal_actions():
        assert sample.is_legal(action)


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_each_hidden_pool_keeps_its_cards_and_sizes(table):
    game = state(table)
    n = len(game.players)
    for player in range(n):
        for k in range(4):
            sample = game.resample(player, random.Random(k))
            for q in range(n):
                real, imagined = game.players[q], sample.players[q]
                assert len(imagined.primal_deck) == len(real.primal_deck)
                assert len(imagined.inventory) == len(real.inventory)
                assert hidden_of(sample, q) == hidden_of(game, q)
                assert all(c.owner == q for c in imagined.primal_deck + imagined.inventory)
                assert uids(imagined.void) == uids(real.void)
            me, real_me = sample.players[player], game.players[player]
            assert uids(me.inventory) == uids(real_me.inventory)  # order too
            assert Counter(uids(me.primal_deck)) == Counter(uids(real_me.primal_deck))
            assert sorted(sample.instances) == sorted(game.instances)


def test_what_the_player_cannot_see_is_really_dealt_again():
    changed_inventory = changed_order = changed_own = changed_seed = False
    for game in states():
        n = len(game.players)
        for player in range(n):
            own_orders = set()
            for k in range(6):
                sample = game.resample(player, random.Random(k))
                changed_seed |= sample.seed != game.seed
                own_orders.add(tuple(uids(sample.players[player].primal_deck)))
                for q in range(n):
                    real, imagined = game.players[q], sample.players[q]
                    if q == player:
                        continue
                    if set(uids(imagined.inventory)) != set(uids(real.inventory)):
                        changed_inventory = True
                    if uids(imagined.primal_deck) != uids(real.primal_deck):
                        changed_order = True
            # the player's own deck order is dealt anew each time (not just sorted)
            changed_own |= len(own_orders) > 1
    assert changed_inventory, "no opponent's inventory was ever dealt again"
    assert changed_order, "no opponent's deck was ever shuffled"
    assert changed_own, "the player's own deck order was never shuffled"
    assert changed_seed


def test_a_sample_of_an_exact_position_deals_the_opponents_inventory_from_the_pool(
    make_card, player, position, find
):
    """One opponent's 2 inventory cards among 6 hidden: over 30 samples each of them is
    seen in the inventory and in the deck, and the player's own 2 cards never move."""
    mine = [make_card(CardType.WEAPON), make_card(CardType.ARMOUR)]
    theirs = [make_card(CardType.CREATURE), make_card(CardType.WEAPON)]
    game = position(player(5, inventory=mine), player(4, inventory=theirs))
    held = {find(game, c).uid for c in theirs}
    hidden = {c.uid for c in game.players[1].primal_deck} | held
    seen_in_inventory: set[int] = set()
    seen_in_deck: set[int] = set()
    for k in range(30):
        sample = game.resample(0, random.Random(k))
        inventory = set(uids(sample.players[1].inventory))
        assert len(inventory) == 2 and inventory <= hidden
        seen_in_inventory |= inventory
        seen_in_deck |= set(uids(sample.players[1].primal_deck))
        assert uids(sample.players[0].inventory) == [find(game, c).uid for c in mine]
    assert seen_in_inventory == hidden
    assert held <= seen_in_deck


# --------------------------------------------------------------------------- the real game


def test_the_real_game_is_untouched_and_plays_on_identically(snapshot):
    for game in states():
        twin = game.copy()
        before = snapshot(game)
        for player in range(len(game.players)):
            sample = game.resample(player, random.Random(player))
            assert snapshot(game) == before
            play_game(sample, [RandomAgent(3 + i) for i in range(len(sample.players))])
            assert sample.over
            assert snapshot(game) == before
        assert snapshot(game) == snapshot(twin)
        seed = game.seed
        outcome = play_game(game, [RandomAgent(50 + i) for i in range(len(game.players))])
        assert outcome == play_game(twin, [RandomAgent(50 + i) for i in range(len(twin.players))])
        assert game.actions == twin.actions
        assert snapshot(game) == snapshot(twin)
        assert game.seed == seed


def test_the_sample_is_independent_of_the_real_game():
    """Playing the sample moves nothing in the real game, and playing the real game on
    moves nothing in the sample (no list is shared)."""
    game = next(states())
    player = deciding(game)
    sample = game.resample(player, random.Random(1))
    kept = [(uids(p.primal_deck), uids(p.inventory), uids(p.void)) for p in sample.players]
    advanced(game, 30, seed=4)
    assert [(uids(p.primal_deck), uids(p.inventory), uids(p.void)) for p in sample.players] == (
        kept
    )
    for p, q in zip(sample.players, game.players, strict=True):
        assert p.primal_deck is not q.primal_deck
        assert p.inventory is not q.inventory
        assert p.mat is not q.mat


# --------------------------------------------------------------------------- only the view counts


def permuted(game: Game, player: int, seed: int) -> Game:
    """A copy of ``game`` that differs only in what ``player`` cannot see: every other
    player's deck and inventory pooled, shuffled and dealt back in their sizes, the player's
    own deck reordered, and the game's generator moved on."""
    other = game.copy()
    rng = random.Random(seed)
    for p in other.players:
        if p.index == player:
            rng.shuffle(p.primal_deck)
            continue
        pool = p.primal_deck + p.inventory
        rng.shuffle(pool)
        split = len(p.primal_deck)
        p.primal_deck[:] = pool[:split]
        p.inventory[:] = pool[split:]
    other._t.rng.seed(seed)  # the coins to come are hidden too
    return other


def dealt(game: Game) -> list[tuple[list[int], list[int]]]:
    return [(uids(p.primal_deck), uids(p.inventory)) for p in game.players]


def test_the_sample_depends_only_on_what_the_player_sees_and_the_rng(snapshot):
    differed = False
    for game in states():
        player = deciding(game)
        for k in range(3):
            twin = permuted(game, player, seed=100 + k)
            differed |= dealt(twin) != dealt(game)
            assert twin.view(player) == game.view(player)
            a = game.resample(player, random.Random(k))
            b = twin.resample(player, random.Random(k))
            assert dealt(a) == dealt(b)
            assert a.seed == b.seed
            assert snapshot(a) == snapshot(b)
            # and they play on identically
            play_game(a, [RandomAgent(9 + i) for i in range(len(a.players))])
            play_game(b, [RandomAgent(9 + i) for i in range(len(b.players))])
            assert a.actions == b.actions
            assert a.outcome == b.outcome
    assert differed, "the permutation changed nothing: the test would prove nothing"


def test_a_different_rng_gives_a_different_sample():
    game = next(states())
    player = deciding(game)
    samples = {str(dealt(game.resample(player, random.Random(k)))) for k in range(5)}
    assert len(samples) == 5
    seeds = {game.resample(player, random.Random(k)).seed for k in range(5)}
    assert len(seeds) == 5


# --------------------------------------------------------------------------- a game of its own


def test_the_sample_starts_a_new_log_and_seed_and_plays_to_the_end():
    for game in states():
        assert game.log  # the real game keeps its log
        n = len(game.players)
        for player in range(n):
            sample = game.resample(player, random.Random(player + 20))
            assert sample.log == []
            assert sample.seed != game.seed
            assert sample.actions == game.actions  # what was answered is public
            outcome = play_game(sample, [RandomAgent(i) for i in range(n)])
            assert sample.over and sample.outcome == outcome
            assert sample.log  # it logs its own events
            assert game.log and not game.over


def test_a_sample_of_a_game_without_a_log_has_none():
    game = advanced(Game(seats(3, 5), seed=21, keep_log=False), 15, seed=21)
    sample = game.resample(deciding(game), random.Random(0))
    assert game.log is None and sample.log is None
    play_game(sample, [RandomAgent(1), RandomAgent(2)])
    assert sample.over


def test_a_sample_of_a_finished_game_is_finished():
    game = Game(seats(0, 2), seed=8)
    play_game(game, [RandomAgent(1), RandomAgent(2)])
    sample = game.resample(0, random.Random(0))
    assert sample.view(0) == game.view(0)
    assert sample.outcome == game.outcome and sample.decision is None


@pytest.mark.parametrize("bad", [-1, 2, 3, 99])
def test_a_bad_player_index_is_refused(bad):
    game = Game(seats(0, 1), seed=3)
    with pytest.raises(ValueError, match="no player"):
        game.resample(bad, random.Random(0))


# ------------------------------------------------------------ a sample at another player's decision


def test_a_sample_at_another_players_decision_lists_only_its_own_legal_actions(
    make_card, player, position, find
):
    weapon, armour = make_card(CardType.WEAPON, cost=1), make_card(CardType.ARMOUR, cost=1)
    game = position(player(6, inventory=[weapon, armour]), player(6))
    assert deciding(game) == 0
    for k in range(20):
        sample = game.resample(1, random.Random(k))  # P2 imagines P1's inventory
        for action in sample.legal_actions():
            assert sample.is_legal(action), f"sample {k} lists {action}, illegal there"
            if isinstance(action, Equip):
                assert sample.zone_of(action.card) == (Zone.INVENTORY, 0)
