"""Random games of the PettingZoo environment, stopped at their decisions, for the tests of
backlands.env (tests/test_env.py, tests/test_env_moves.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any


def env_positions(envs: Iterable[Any], count: int) -> Iterator[Any]:
    """Each environment of ``envs`` (its game reset already) at up to ``count`` decisions
    of a random game, the n-th played with a generator seeded by n: yielded before each
    step, each agent picking uniformly among its legal actions."""
    for n, e in enumerate(envs):
        rng = random.Random(n)
        seen = 0
        while e.agents and seen < count:
            agent = e.agent_selection
            if e.terminations[agent]:
                e.step(None)
                continue
            yield e
            seen += 1
            e.step(rng.choice(sorted(e.legal_actions())))
