"""The environments with cards that move and look (RULINGS 12.5, 12.6): PettingZoo's API test,
an index both ways for every legal answer (a choice in a primal deck, a void or another's
inventory: ``choose_zone``; an ORDER), and the observation of what a player has seen: theirs
alone, the same in every game that differs only in what they cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="backlands.env needs the extra 'env' (pettingzoo)")

import numpy as np  # after the skip: numpy comes with the extra
from pettingzoo.test import api_test

from backlands import CardDatabase, load_cards
from backlands.deck import bundled_deck_files, load_deck
from backlands.engine import CardInstance, Choose, DecisionKind, Seat
from backlands.env import raw_env
from backlands.simulation import seat
from envgames import env_positions
from strategies import moving_character

CARDS = load_cards()
DECKS = [seat(load_deck(path, CARDS), CARDS) for path in sorted(bundled_deck_files())]
SEER = moving_character(DECKS[0].character)
DB = CardDatabase(list(CARDS), [*CARDS.characters.values(), SEER])


def seats(opponent: int) -> list[Seat]:
    """The first bundled deck played by the moving seer (looks, searches, takes, puts
    back, returns: every turn, 12.5, 12.6), against bundled deck ``opponent``."""
    one = DECKS[0]
    return [Seat(SEER, one.cards, one.name), DECKS[opponent]]


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_pettingzoo_api_test_with_cards_that_move() -> None:
    api_test(raw_env(seats(1), cards=DB, seed=4), num_cycles=300, verbose_progress=False)


def _positions(count: int) -> Iterator[Any]:
    """Environments at many decisions of random games with the moving seer."""

    def envs() -> Iterator[Any]:
        for n, opponent in enumerate((1, 3, 5, 7)):
            e = raw_env(seats(opponent), cards=DB)
            e.reset(seed=200 + n)
            yield e

    return env_positions(envs(), count)


def test_every_legal_answer_has_an_index_both_ways_12_5_12_6() -> None:
    kinds = set()
    zones = 0
    for e in _positions(150):
        game = e.game
        decision = game.decision
        me = decision.player
        kinds.add(decision.kind)
        legal = list(game.legal_actions())
        mapped = e.codec.legal(game, me)
        by_index: dict[int, list[Any]] = {}
        for action in legal:
            i = e.codec.encode(action, game, me)
            assert i is not None, action
            by_index.setdefault(i, []).append(action)
            if e.codec.locate(i)[0] == "choose_zone":
                zones += 1
        assert mapped.keys() == by_index.keys()
        for i, actions in by_index.items():
            # one index for several actions only for copies of one card
            if isinstance(actions[0], Choose) and isinstance(actions[0].option, CardInstance):
                assert len({a.option.card.id for a in actions}) == 1
            assert e.codec.decode(i, game, me) == actions[0]
            assert e.codec.describe(i)
    assert DecisionKind.ORDER in kinds and DecisionKind.CHOOSE in kinds
    assert zones


def test_the_observation_shows_what_was_seen_to_that_player_only_12_6() -> None:
    """At every decision: a player's vector names the top cards they have seen and the
    cards they know other players hold; the other player's seen entries are all 0 unless
    they have seen something too; and a resample of what a player cannot see (which keeps
    what they have seen) leaves their vector and mask as they are."""
    shown = checked = 0
    for e in _positions(120):
        game = e.game
        labels = e.encoder.labels
        seen_at = [i for i, label in enumerate(labels) if label.startswith("seen")]
        for player in range(len(game.players)):
            if game.players[player].out:
                continue
            vector = e.encoder.encode(game, player)
            knows = bool(game.view(player).seen)
            assert bool(vector[seen_at].any()) <= knows
            shown += bool(vector[seen_at].any())
            for k in range(2):
                sample = game.resample(player, random.Random(k))
                assert np.array_equal(vector, e.encoder.encode(sample, player))
                if game.decision is not None and game.decision.player == player:
                    assert (
                        e.codec.legal(game, player).keys() == e.codec.legal(sample, player).keys()
                    )
                checked += 1
    assert shown and checked > 100


def test_the_seen_entries_name_the_cards_seen() -> None:
    """After the seer's start of turn, its vector names its top 2 cards (it looked at them);
    the opponent's does not."""
    e = raw_env(seats(1), cards=DB)
    e.reset(seed=11)
    rng = random.Random(1)
    while e.agents:
        game = e.game
        decision = game.decision
        if decision is not None and decision.kind is DecisionKind.ORDER:
            break
        e.step(rng.choice(sorted(e.legal_actions())))
    else:
        pytest.fail("the seer never ordered its top cards")
    seer = decision.player
    top = game.players[seer].deck_top_first()[:2]
    vector = e.encoder.encode(game, seer)
    for k, card in enumerate(top):
        at = e.encoder.offset(f"seen[0].top[{k}]")
        assert vector[at] == e.index.card(card.card.id)
    other = e.encoder.encode(game, 1 - seer)
    assert other[e.encoder.offset("seen[1].top[0]")] == 0
