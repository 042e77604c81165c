"""The single-agent Gymnasium environment (docs/env.md, "Single-agent training"): Gymnasium's
own checker, seeds, seats, opponents of every kind, masks, rewards, vector environments."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="backlands.env needs the extra 'env'")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from backlands.agents import GreedyAgent, RandomAgent
from backlands.env import GYMNASIUM_ID, SingleAgentEnv, single_agent
from backlands.errors import IllegalActionError
from backlands.ruleset import Ruleset


def play(e: SingleAgentEnv, seed: int, pick: int = 0) -> tuple[float, int, list[int]]:
    """One game with the learner picking uniformly among its mask: (reward, steps, digest
    of each observation)."""
    observation, info = e.reset(seed=seed)
    rng = random.Random(pick)
    digests = [hash(observation.tobytes())]
    steps = 0
    while True:
        mask = e.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
        legal = np.flatnonzero(mask)
        observation, reward, terminated, truncated, info = e.step(rng.choice(list(legal)))
        assert not truncated
        digests.append(hash(observation.tobytes()))
        steps += 1
        if terminated:
            return reward, steps, digests


def test_gymnasium_check_env() -> None:
    check_env(single_agent(seed=1))
    check_env(single_agent(seed=2, seat=None, opponents="greedy", layout="padded"))


def test_gymnasium_make() -> None:
    e = gymnasium.make(GYMNASIUM_ID, opponents="greedy")
    observation, _ = e.reset(seed=4)
    assert observation.shape == e.observation_space.shape
    assert e.unwrapped.action_masks().any()


def test_seeded_games_repeat() -> None:
    e = single_agent(opponents="greedy")
    first = play(e, 5)
    assert play(e, 5) == first
    assert play(single_agent(opponents="greedy"), 5) == first
    assert play(e, 6) != first


def test_reward_is_the_outcome() -> None:
    e = single_agent()
    seen = set()
    for seed in range(12):
        reward, _, _ = play(e, seed, pick=seed)
        game = e.game
        assert game.over
        if game.winner is None:
            assert reward == 0
        else:
            assert reward == (1.0 if game.winner == e.seat else -1.0)
        seen.add(reward)
    assert seen >= {1.0, -1.0}


def test_seats_fixed_drawn_or_named() -> None:
    e = single_agent(seat=1)
    e.reset(seed=0)
    assert e.seat == 1
    assert e.game.decision is not None and e.game.decision.player == 1
    drawn = single_agent(seat=None)
    seats = set()
    for seed in range(20):
        drawn.reset(seed=seed)
        seats.add(drawn.seat)
        assert drawn.game.decision.player == drawn.seat
    assert seats == {0, 1}
    drawn.reset(seed=3, options={"seat": 0, "first_player": 1})
    assert drawn.seat == 0 and drawn.game.first_player == 1
    with pytest.raises(ValueError):
        single_agent(seat=2)
    with pytest.raises(ValueError):
        drawn.reset(seed=1, options={"seat": 5})


def test_forced_decisions_are_played_by_the_environment() -> None:
    e = single_agent(seed=3)
    e.reset()
    rng = random.Random(0)
    while True:
        assert int(e.action_masks().sum()) >= 2  # never asked when there is no choice
        _, _, terminated, _, _ = e.step(rng.choice(sorted(e.legal_actions())))
        if terminated:
            break
    every = single_agent(seed=3, skip_forced=False)
    every.reset()
    forced = 0
    while True:
        forced += int(every.action_masks().sum()) == 1
        _, _, terminated, _, _ = every.step(rng.choice(sorted(every.legal_actions())))
        if terminated:
            break
    assert forced


def test_illegal_actions_lose_or_raise() -> None:
    e = single_agent(seed=1)
    e.reset()
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    strict = single_agent(seed=1, illegal="raise")
    strict.reset()
    before = strict.game.actions
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.game.actions == before
    with pytest.raises(ValueError):
        single_agent(illegal="ignore")


class Counting:
    """An agent that plays like the random one and counts its decisions."""

    def __init__(self) -> None:
        self.inner = RandomAgent(0)
        self.asked = 0

    def choose(self, perspective: Any) -> Any:
        self.asked += 1
        return self.inner.choose(perspective)


def test_opponents_of_every_kind() -> None:
    counting = Counting()
    played = []

    def policy(observation: Any, mask: Any) -> int:  # a trained policy's interface
        played.append(int(mask.sum()))
        return int(np.flatnonzero(mask)[-1])

    for opponents in ("greedy", "search:4", GreedyAgent(1), counting, policy):
        reward, steps, _ = play(single_agent(opponents=opponents), 2)
        assert steps and reward in (-1.0, 0.0, 1.0)
    assert counting.asked and played
    three = single_agent(players=3, opponents=["random", policy])
    reward, _, _ = play(three, 1)
    assert reward in (-1.0, 0.0, 1.0)
    with pytest.raises(ValueError):
        single_agent(players=3, opponents=["random"])
    with pytest.raises(ValueError):
        single_agent(opponents="nobody")


def test_learner_out_at_a_table_of_three_ends_its_game() -> None:
    e = single_agent(players=3, opponents="greedy")
    ended_early = 0
    for seed in range(10):
        reward, _, _ = play(e, seed)
        if not e.game.over:
            ended_early += 1
            assert reward == -1 and e.game.players[e.seat].out
    assert ended_early


def test_vector_environments() -> None:
    def make(i: int) -> Any:
        return lambda: single_agent(seed=i, ruleset=Ruleset(turn_limit=40, ask_every_window=True))

    for cls in (gymnasium.vector.SyncVectorEnv, gymnasium.vector.AsyncVectorEnv):
        vec = cls([make(i) for i in range(2)])
        try:
            observations, _ = vec.reset(seed=0)
            assert observations.shape == (2, *vec.single_observation_space.shape)
            rng = np.random.default_rng(0)
            ended = 0
            for _ in range(300):
                masks = np.stack(vec.call("action_masks"))
                actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
                observations, _rewards, terminated, _truncated, _ = vec.step(actions)
                ended += int(terminated.sum())
            assert ended  # games end and the vector resets them by itself
        finally:
            vec.close()
