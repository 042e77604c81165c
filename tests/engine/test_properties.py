"""Property tests (Hypothesis): invariants after every decision of random games, illegal
actions change nothing, and the defence enumeration agrees with the defence check (6.4)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backlands._loader import load_cards
from backlands.agents import Perspective, RandomAgent
from backlands.deck import Deck, load_deck
from backlands.engine import (
    Action,
    Attack,
    DecisionKind,
    Defend,
    EndPhase,
    Equip,
    Game,
    Pass,
    Seat,
)
from backlands.engine import events as ev
from backlands.engine.combat import defence_problem, defences
from backlands.errors import IllegalActionError
from backlands.model import CardStat
from backlands.ruleset import STANDARD
from backlands.terms import Zone

DECKS_DIR = Path(__file__).resolve().parents[2] / "decks"


@functools.cache
def bundled_decks() -> tuple[Deck, ...]:
    db = load_cards()
    return tuple(load_deck(path, db) for path in sorted(DECKS_DIR.glob("*.yaml")))


def new_game(seed: int, players: int) -> tuple[Game, list[RandomAgent], random.Random]:
    rng = random.Random(seed)
    decks = bundled_decks()
    seats = [Seat(d.character, d.cards) for d in (rng.choice(decks) for _ in range(players))]
    agents = [RandomAgent(rng.getrandbits(64)) for _ in range(players)]
    return Game(seats, seed=seed, keep_log=False), agents, rng


def zone_counts(game: Game) -> Counter[int]:
    seen: Counter[int] = Counter()
    for p in game.players:
        for zone in (p.primal_deck, p.inventory, p.void):
            seen.update(c.uid for c in zone)
        for eq in p.mat.values():
            seen[eq.instance.uid] += 1
            seen.update(a.instance.uid for a in eq.attached)
    seen.update(c.uid for c in game.resolving)  # an instant while its ability resolves (4.6)
    return seen


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything an illegal action must leave alone."""
    return (
        tuple(game.view(i) for i in range(len(game.players))),
        tuple(tuple(c.uid for c in p.primal_deck) for p in game.players),
        tuple(tuple(c.uid for c in p.inventory) for p in game.players),
        game.actions,
        game.decision,
    )


def illegal_actions(game: Game, rng: random.Random) -> list[Action]:
    """Actions that cannot answer the pending decision, whatever it is."""
    decision = game.decision
    assert decision is not None
    me = decision.player
    in_decks = [c for p in game.players for c in p.primal_deck]
    anything = rng.choice(list(game.instances.values()))
    found: list[Action] = [Attack(anything, me)]  # 5.1: never at oneself
    if in_decks:
        stranger = rng.choice(in_decks)  # in a deck, so in no inventory
        found.append(Equip(stranger))
        found.append(Defend(((stranger, 1),)))  # not an equipped defender
    if decision.kind is not DecisionKind.RESPONSE:
        found.append(Pass())
    if decision.kind in (DecisionKind.DEFEND, DecisionKind.RESPONSE):
        found.append(EndPhase())
    if decision.kind is not DecisionKind.DEFEND:
        found.append(Defend())
    return found


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 6))
def test_invariants_after_every_decision(seed: int, players: int) -> None:
    game, agents, rng = new_game(seed, players)
    total = players * STANDARD.deck_size
    decks = [list(p.primal_deck) for p in game.players]
    reshaped: set[int] = set()  # the decks an effect shuffled, ordered or put cards into (12.5)

    def reshapes(event: ev.Event) -> None:
        if isinstance(event, ev.DeckShuffled | ev.DeckOrdered):
            reshaped.add(event.player if isinstance(event, ev.DeckShuffled) else event.whose)
        elif isinstance(event, ev.CardMoved) and Zone.PRIMAL_DECK in (
            event.origin,
            event.destination,
        ):
            reshaped.add(event.card.owner)

    for event_class in (ev.DeckShuffled, ev.DeckOrdered, ev.CardMoved):
        game.bus.subscribe(event_class, reshapes)
    legal = game.legal_actions()  # live: always the pending decision's answers
    decisions = 0
    while True:
        # conservation: every instance in exactly one zone, the count constant
        seen = zone_counts(game)
        assert sum(seen.values()) == total
        assert max(seen.values()) == 1
        assert set(seen) == set(game.instances)
        # durability
        for p in game.players:
            for eq in p.mat.values():
                assert eq.counters >= 0
                assert eq.counters < game.stat(eq.instance, CardStat.DURABILITY, p.index)
        # decks only lose cards from the top; the rest keep their order, unless an effect
        # shuffled the deck, put its top back in order, or moved a card into or out of it
        for p, before in zip(game.players, decks, strict=True):
            if p.index not in reshaped:
                assert p.primal_deck == before[: len(p.primal_deck)]
        decks = [list(p.primal_deck) for p in game.players]
        reshaped.clear()
        # a pending decision exists iff the game is not over
        assert (game.decision is None) == game.over
        if game.over:
            assert not legal and list(legal) == [] and len(legal) == 0
            assert game.winner is None or not game.players[game.winner].out
            break
        assert not game.players[game.decision.player].out  # type: ignore[union-attr]
        # the legal actions: each is `in`, `len` is the count, no duplicates
        actions = list(legal)
        assert actions and len(legal) == len(actions) == len(set(actions))
        assert all(a in legal and game.is_legal(a) for a in actions)
        # an illegal action raises and changes nothing
        before = snapshot(game)
        for action in illegal_actions(game, rng):
            assert action not in legal and not game.is_legal(action)
            with pytest.raises(IllegalActionError):
                game.play(action)
            assert snapshot(game) == before, action
        game.play(agents[game.decision.player].choose(Perspective(game, game.decision.player)))  # type: ignore[union-attr]
        decisions += 1
        assert decisions < 20_000
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.play(EndPhase())


# --------------------------------------------------------------------------- defences


def spec_allows(blocks: list[tuple[str, int]], amount: int, remaining: dict[str, int]) -> bool:
    """RULINGS 6.4 written out independently of the engine."""
    names = [card for card, _ in blocks]
    if len(set(names)) != len(names) or any(card not in remaining for card in names):
        return False
    if any(not 1 <= n <= remaining[card] for card, n in blocks):
        return False
    total = sum(n for _, n in blocks)
    if total > amount:
        return False
    bleeds = total < amount
    return not (blocks and bleeds and not any(n == remaining[c] for c, n in blocks))


defenders_strategy = st.lists(st.integers(1, 7), max_size=3).map(
    lambda lefts: [(f"card{i}", left) for i, left in enumerate(lefts)]
)


@settings(max_examples=300, deadline=None)
@given(amount=st.integers(0, 12), defenders=defenders_strategy)
def test_every_enumerated_defence_is_legal(amount: int, defenders: list[tuple[str, int]]) -> None:
    remaining = dict(defenders)
    found = list(defences(amount, defenders))
    assert found[0] == ()  # not defending comes first
    assert len(set(found)) == len(found)
    order = [card for card, _ in defenders]
    for blocks in found:
        assert defence_problem(blocks, amount, remaining) is None, blocks
        assert spec_allows(list(blocks), amount, remaining)
        assert [c for c, _ in blocks] == sorted((c for c, _ in blocks), key=order.index)
    # and nothing is missing: count every allocation the spec allows, by brute force
    expected = 0
    for size in range(len(defenders) + 1):
        for chosen in combinations(defenders, size):  # one order per set of cards
            for amounts in product(*(range(1, left + 1) for _, left in chosen)):
                blocks = [(card, n) for (card, _), n in zip(chosen, amounts, strict=True)]
                expected += spec_allows(blocks, amount, remaining)
    assert len(found) == expected


@st.composite
def allocations(draw: st.DrawFn, amount: int, defenders: list[tuple[str, int]]) -> list[Any]:
    """A random allocation: often a shuffled legal defence, else anything at all."""
    names = [c for c, _ in defenders] + ["stranger"]
    if draw(st.booleans()):
        legal = list(defences(amount, defenders))
        blocks = list(draw(st.sampled_from(legal)))
        return draw(st.permutations(blocks)) if blocks else blocks
    return draw(
        st.lists(st.tuples(st.sampled_from(names), st.integers(-1, amount + 2)), max_size=4)
    )


@settings(max_examples=500, deadline=None)
@given(amount=st.integers(0, 12), defenders=defenders_strategy, data=st.data())
def test_defence_problem_is_none_iff_enumerated(
    amount: int, defenders: list[tuple[str, int]], data: st.DataObject
) -> None:
    remaining = dict(defenders)
    blocks = data.draw(allocations(amount, defenders))
    enumerated = {frozenset(d) for d in defences(amount, defenders)}
    names = [c for c, _ in blocks]
    in_enumeration = len(set(names)) == len(names) and frozenset(blocks) in enumerated
    problem = defence_problem(blocks, amount, remaining)
    assert (problem is None) == in_enumeration, (blocks, problem)
    assert (problem is None) == spec_allows(blocks, amount, remaining)


# --------------------------------------------------------------------------- equips


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4))
def test_the_equip_listing_and_the_equip_check_agree(seed: int, players: int) -> None:
    """At every main phase and response window of random games, an equip is listed if and
    only if the check finds nothing wrong with it (4.1 to 4.7, 8.1): every card of the
    player's inventory, without a host and under every card in any slot or attached."""
    game, agents, _ = new_game(seed, players)
    asked = 0
    while not game.over and asked < 400:
        decision = game.decision
        assert decision is not None
        if decision.kind in (DecisionKind.MAIN, DecisionKind.RESPONSE):
            me = game.players[decision.player]
            hosts = [None] + [
                card
                for p in game.players
                for eq in p.mat.values()
                for card in (eq.instance, *(a.instance for a in eq.attached))
            ]
            listed = set(game.legal_actions().snapshot())
            for card in me.inventory:
                for host in hosts:
                    action = Equip(card, host)
                    assert (action in listed) == game.is_legal(action), action
            asked += 1
        game.play(agents[decision.player].choose(Perspective(game, decision.player)))
